"""iPoker hand histories in text: ``GAME #N`` blocks (the client's and trackers' export).

A hand starts ``GAME #4402349920 Version:18.9.3.4 Uncalled:Y Texas Hold'em NL
€0.05/€0.10 2019-01-03 11:56:34/GMT`` (older files: ``GAME #N: Texas Hold'em
NL $0.50/$1 2011/01/23 20:02:35``; a tournament writes ``NL Tournament`` and
no stakes). Seats end ``DEALER`` at the button; actions are ``name: Fold``,
``Check``, ``Call X`` (chips added), ``Bet X``, ``Raise X`` or ``Raise (NF) X``
(the player's total on the street after it), ``Allin X`` (chips added) and
``Post SB|BB|Ante [Allin] X``. Cards are written suit first (``HA``, ``D10``,
old files ``dJ``).

The summary's ``Total pot X Rake Y`` is the pot after the rake. With
``Uncalled:Y`` the pot and the ``wins`` lines hold no uncalled chips; in
files without it (older versions) they do: the top bettor's excess over the
next is taken out of both. Files written by some clients list a street's
lines out of order (a call before the bet it calls) or a street's checks
before its card line: a call of nothing waits for the next bet of the
street, and an action after a street's betting closed starts the next one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from holdem.records.sites.model import (
    FLOP,
    PREFLOP,
    RIVER,
    TURN,
    Post,
    SiteAction,
    SiteHand,
    parse_amount,
    split_hands,
)

SITE = "ipoker"

_GAME = re.compile(r"^GAME #(\d+):?\s*(.*)$")
_HEADER = re.compile(
    r"^(?:Version:\S+\s+)?(?:Uncalled:(\w)\s+)?(.*?)\s*(\d{4}[-/]\d\d[-/]\d\d\b.*)?$"
)
_SEAT = re.compile(r"^Seat (\d+): (.*) \(\s*([^()]*?)\s+in chips\)\s*(DEALER)?\s*$")
_LINE = re.compile(r"^(.*): (Fold|Check|Call|Bet|Raise|Allin|Post|Shows|Mucks|wins)\b\s*(.*)$")
_STREETS = {"FLOP": FLOP, "TURN": TURN, "RIVER": RIVER}
_CARD = re.compile(r"^([CDHS])(10|[2-9TJQKA])$", re.I)


def is_text(text: str) -> bool:
    """Whether ``text`` is iPoker's text format (its first line a ``GAME #`` line)."""
    return text.lstrip().startswith("GAME #")


def _cards(text: str) -> tuple[str, ...]:
    found = []
    for part in text.split():
        card = _CARD.match(part.strip("[],"))
        if card is None:
            return ()
        rank = "T" if card.group(2) == "10" else card.group(2).upper()
        found.append(rank + card.group(1).lower())
    return tuple(found)


def _hands(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    return split_hands(lines, lambda k: _GAME.match(lines[k]) is not None)


def parse(text: str, file: str = "") -> list[SiteHand]:
    """Every hand of an iPoker text, in order."""
    lines = [line.strip() for line in text.splitlines()]
    return [_hand(chunk, file, number) for number, chunk in _hands(lines)]


def _hand(lines: list[str], file: str, line: int) -> SiteHand:
    game = _GAME.match(lines[0])
    hand = SiteHand(SITE, game.group(1) if game else f"line-{line}", file, line)
    if game is None:
        return hand.skipped("partial", f"line {line}: text that is not a hand: {lines[0][:60]!r}")
    try:
        _read(hand, game.group(2), lines[1:])
    except ValueError as error:
        hand.skipped("bad_amount", str(error))
    return hand


class _Street:
    """The betting of one street as the lines are read, to place misordered lines.

    ``order`` is the dealt-in players from the first seat left of the button;
    a line written before its player's turn waits until that turn comes.
    """

    def __init__(
        self, number: int, order: list[str], folded: set[str], allin: set[str], first: int
    ) -> None:
        self.number = number
        self.order = order
        self.folded = folded
        self.allin = allin
        self.first = first
        self.bets: dict[str, Decimal] = {}
        self.acted: set[str] = set()
        self.last: int | None = None
        self.waiting: list[tuple[str, str, Decimal]] = []

    def next_to_act(self) -> str | None:
        """Whose turn it is, or ``None`` when the street's betting is over."""
        live = [n for n in self.order if n not in self.folded]
        if len(live) < 2 or not self.order:
            return None
        top = max(self.bets.values(), default=Decimal(0))
        start = self.first if self.last is None else self.last + 1
        for step in range(len(self.order)):
            name = self.order[(start + step) % len(self.order)]
            if name in self.folded or name in self.allin:
                continue
            if name not in self.acted or self.bets.get(name, Decimal(0)) < top:
                others = [n for n in live if n != name and n not in self.allin]
                if not others and self.bets.get(name, Decimal(0)) >= top:
                    return None
                return name
        return None


def _read(hand: SiteHand, header: str, lines: list[str]) -> None:  # noqa: C901 - one pass
    head = _HEADER.match(header)
    uncalled_apart = bool(head and head.group(1) and head.group(1).upper() == "Y")
    game = head.group(2) if head else header
    words = " ".join(game.split())
    if not re.match(r"Texas Hold'?em NL\b", words, re.I):
        hand.skipped("not_nlhe", f"game {words!r}")
    hand.tournament = "tournament" in words.lower()
    stakes = re.search(r"NL\s+([^/\s]+)/(\S+)", words)
    if stakes and not hand.tournament:
        hand.small_blind = parse_amount(stakes.group(1))
        hand.big_blind = parse_amount(stakes.group(2))
    names: list[str] = []
    put: dict[str, Decimal] = {}
    written_pot: Decimal | None = None
    written_rake: Decimal | None = None
    summary = False
    folded: set[str] = set()
    allin: set[str] = set()
    acting = {m.group(1) for m in map(_LINE.match, lines) if m and m.group(2) != "wins"}
    order: list[str] = []
    street = _Street(PREFLOP, order, folded, allin, 0)
    for text in lines:
        if not text:
            continue
        seat = _SEAT.match(text)
        if seat and not hand.posts and not hand.actions:
            name = seat.group(2)
            stack = parse_amount(seat.group(3))
            hand.seats.append((int(seat.group(1)), name, stack))
            names.append(name)
            if seat.group(4):
                hand.button = int(seat.group(1))
            continue
        if text.startswith("Table ") or text.startswith("*** HOLE CARDS"):
            continue
        if text.startswith("*** SUMMARY"):
            summary = True
            continue
        if text.startswith("***"):
            kind = text.strip("* ").split(" ")[0].upper()
            if kind in _STREETS:
                if not hand.boards:
                    hand.boards.append([])
                hand.boards[0].extend(_cards(text.rsplit("***", 1)[-1]))
                if _STREETS[kind] > street.number:
                    _flush(hand, street, put)
                    street = _Street(_STREETS[kind], order, folded, allin, 0)
            continue
        if text.startswith("Dealt to "):
            rest = text[len("Dealt to ") :]
            name = rest.rsplit(" [", 1)[0]
            cards = _cards(rest[len(name) :])
            if len(cards) == 2:
                hand.hole[name] = cards
            continue
        total = re.match(r"^Total pot (.+?) Rake (.+)$", text)
        if total:
            written_pot, written_rake = parse_amount(total.group(1)), parse_amount(total.group(2))
            continue
        match = _LINE.match(text)
        if match is None or match.group(1) not in names:
            hand.skipped("unknown_action", text[:80])
            continue
        name, verb, rest = match.groups()
        if verb in ("Shows", "Mucks"):
            cards = _cards(rest.split("]", 1)[0])
            if len(cards) == 2 and name not in folded:
                if verb == "Shows":
                    hand.shows[name] = cards
                else:
                    hand.hole[name] = cards
                    hand.mucks.append(name)
            continue
        if verb == "wins":
            hand.add(hand.collected, name, parse_amount(rest))
            continue
        if verb == "Post":
            _post(hand, name, rest, put, street, allin)
            continue
        if summary:
            hand.skipped("unknown_action", text[:80])
            continue
        if not order:
            order.extend(_order(hand, acting))
        if street.number == PREFLOP and street.last is None and not street.waiting:
            street.first = _first(hand, order)
        done = street.acted and not street.waiting and street.next_to_act() is None
        if done and street.number < RIVER:
            _flush(hand, street, put)
            street = _Street(street.number + 1, order, folded, allin, 0)
        amount = Decimal(0)
        if verb not in ("Fold", "Check"):
            amount = parse_amount(rest.replace("(NF)", ""))
        street.waiting.append((name, verb, amount))
        _drain(hand, street, put)
    _flush(hand, street, put)
    hand.seats.sort()
    if not hand.seats or not summary:
        hand.skipped(
            "partial", "no seats" if not hand.seats else "no summary: the hand is cut short"
        )
        return
    blinds_from_posts(hand)
    if written_pot is not None and written_rake is not None:
        pot = written_pot + written_rake
        totals = sorted(put.items(), key=lambda item: item[1], reverse=True)
        if not uncalled_apart and len(totals) >= 2 and totals[0][1] > totals[1][1]:
            top, excess = totals[0][0], totals[0][1] - totals[1][1]
            back = min(excess, hand.collected.get(top, Decimal(0)))
            if back:
                hand.collected[top] -= back
                if not hand.collected[top]:
                    del hand.collected[top]
                hand.uncalled[top] = back
                pot -= back
        hand.total_pot = pot
        hand.rake = written_rake


def _post(
    hand: SiteHand,
    name: str,
    rest: str,
    put: dict[str, Decimal],
    street: _Street,
    allin: set[str],
) -> None:
    words = rest.split()
    amount = parse_amount(words[-1]) if words else Decimal(0)
    upper = [w.upper() for w in words[:-1]]
    if "ANTE" in upper:
        kind = "ante"
    elif "DEAD" in upper:
        kind = "dead"
    elif "SB" in upper:
        kind = "sb"
    elif "BB" in upper:
        kind = "bb"
        if hand.big_blind and amount > hand.big_blind and not hand.tournament:
            kind = "sb_bb"  # both blinds posted together: a live big and a dead small
    else:
        hand.skipped("unknown_action", f"{name}: Post {rest}"[:80])
        return
    hand.posts.append(Post(name, kind, amount))
    put[name] = put.get(name, Decimal(0)) + amount
    if kind in ("sb", "bb"):
        street.bets[name] = street.bets.get(name, Decimal(0)) + amount
    elif kind == "sb_bb":
        street.bets[name] = street.bets.get(name, Decimal(0)) + hand.big_blind
    if "ALLIN" in upper:
        allin.add(name)


def _act(
    hand: SiteHand, street: _Street, name: str, verb: str, amount: Decimal, put: dict[str, Decimal]
) -> None:
    now = street.bets.get(name, Decimal(0))
    top = max(street.bets.values(), default=Decimal(0))
    number = street.number
    street.acted.add(name)
    if name in street.order:
        street.last = street.order.index(name)
    if verb in ("Fold", "Check"):
        hand.actions.append(SiteAction(number, name, "f" if verb == "Fold" else "x"))
        if verb == "Fold":
            street.folded.add(name)
        return
    added = amount if verb in ("Call", "Allin", "Bet") or amount <= now else amount - now
    after = now + added
    street.bets[name] = after
    put[name] = put.get(name, Decimal(0)) + added
    if verb == "Allin":
        street.allin.add(name)
    if after <= top:
        hand.actions.append(SiteAction(number, name, "c", added, verb == "Allin"))
        return
    street.acted = {name}
    kind = "b" if top == 0 else "r"
    hand.actions.append(SiteAction(number, name, kind, after, verb == "Allin"))


def _drain(hand: SiteHand, street: _Street, put: dict[str, Decimal]) -> None:
    """Apply the waiting lines whose player's turn it is, in turn."""
    while street.waiting:
        turn = street.next_to_act()
        found = next((i for i, w in enumerate(street.waiting) if w[0] == turn), None)
        if found is None:
            return
        name, verb, amount = street.waiting.pop(found)
        _act(hand, street, name, verb, amount, put)


def _order(hand: SiteHand, acting: set[str]) -> list[str]:
    """The players dealt in, from the first seat left of the button."""
    seats = sorted(s for s in hand.seats if s[1] in acting)
    button = hand.button if hand.button is not None else 0
    after = [s[1] for s in seats if s[0] > button]
    return after + [s[1] for s in seats if s[0] <= button]


def _first(hand: SiteHand, order: list[str]) -> int:
    """Where the preflop betting starts: left of the last blind posted."""
    blinds = [p.player for p in hand.posts if p.kind in ("sb", "bb", "sb_bb")]
    last = max((order.index(n) for n in blinds if n in order), default=-1)
    big = [p.player for p in hand.posts if p.kind in ("bb",)]
    if big and big[0] in order:
        last = order.index(big[0])
    return (last + 1) % len(order) if order else 0


def _flush(hand: SiteHand, street: _Street, put: dict[str, Decimal]) -> None:
    """Lines still waiting when a street ends, applied in the order written."""
    waiting, street.waiting = street.waiting, []
    for name, verb, amount in waiting:
        _act(hand, street, name, verb, amount, put)


def blinds_from_posts(hand: SiteHand) -> None:
    """Stakes the header does not write (a tournament's): the largest blinds
    posted, a small blind short of half the big one read as half (a short stack)."""
    small = [p.amount for p in hand.posts if p.kind == "sb"]
    big = [p.amount for p in hand.posts if p.kind == "bb"]
    antes = [p.amount for p in hand.posts if p.kind == "ante"]
    if antes:
        hand.ante = max(antes)
    if not hand.big_blind:
        hand.big_blind = max(big + [s * 2 for s in small], default=Decimal(0))
    if not hand.small_blind:
        hand.small_blind = max(small, default=Decimal(0))
        if hand.small_blind * 2 < hand.big_blind:
            hand.small_blind = hand.big_blind / 2
