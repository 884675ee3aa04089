"""PokerNow logs: the CSV a PokerNow game exports (``entry,at,order``, newest
first) or its log lines, from ``-- starting hand #N ...`` to ``-- ending hand #N --``.

Players are ``"Name @ id"`` (kept whole: display names may repeat); ``Player
stacks: #1 "A @ x" (500) | ...`` gives seats and stacks, ``(dealer: "...")``
the button. ``calls N`` and ``raises to N`` give the player's bet on the
street after the action; ``bets N`` likewise; ``and go all in`` marks an
all-in. Cards use suit signs (``K♣``, ``10♥``). PokerNow takes no rake;
``Uncalled bet of N returned to`` and ``collected N from pot`` are its
figures. Run it twice is read from the ``(second run)`` streets.
"""

from __future__ import annotations

import csv
import io
import re
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
    split_cards,
)

SITE = "pokernow"

_START = re.compile(
    r"^-- starting hand #(\d+)(?:\s*\(id: ([^)]*)\))?\s*\(?(.*?)\)?\s*"
    r"(?:\(dealer: \"(.+)\"\)|\(dead button\))?\s*--$"
)
_PLAYER = r"\"(.+?)\""
_STACK = re.compile(r"#(\d+) \"(.+?)\" \(([0-9.,]+)\)")
_LINE = re.compile(
    _PLAYER + r" (posts an? [a-z ]+? of|folds|checks|calls|bets|raises to|shows a|collected|"
    r"stand up|sit back|joined|quits)(.*)$"
)
_UNCALLED = re.compile(r"^Uncalled bet of ([0-9.,]+) returned to \"(.+?)\"")
_STREET = re.compile(r"^(flop|turn|river)( \(second run\))?:\s*(.*)$", re.I)
_SUITS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})
_STREETS = {"flop": FLOP, "turn": TURN, "river": RIVER}


def _first(pair: tuple[int, object]) -> int:
    return pair[0]


def _entries(text: str) -> list[str]:
    """The log's lines, oldest first (the CSV export lists the newest first)."""
    if text.lstrip().startswith("entry,at,order"):
        rows = list(csv.DictReader(io.StringIO(text)))
        orders = [row.get("order") or "" for row in rows]
        if all(order.isdigit() for order in orders):
            rows = [row for _, row in sorted(zip((int(o) for o in orders), rows), key=_first)]
        else:  # no usable order column: the export lists the newest entry first
            rows.reverse()
        return [row.get("entry") or "" for row in rows]
    return text.splitlines()


def parse(text: str, file: str = "") -> list[SiteHand]:
    """Every hand of a PokerNow log, in order."""
    hands: list[SiteHand] = []
    current: list[str] | None = None
    start_line = 0
    for number, entry in enumerate(_entries(text), 1):
        line = entry.strip()
        if line.startswith("-- starting hand"):
            if current is not None:
                hands.append(_hand(current, file, start_line, ended=False))
            current, start_line = [line], number
        elif current is not None:
            current.append(line)
            if line.startswith("-- ending hand"):
                hands.append(_hand(current, file, start_line, ended=True))
                current = None
    if current is not None:
        hands.append(_hand(current, file, start_line, ended=False))
    return hands


def _hand(lines: list[str], file: str, number: int, ended: bool) -> SiteHand:
    head = _START.match(lines[0])
    ident = (head.group(2) or head.group(1)) if head else f"line-{number}"
    hand = SiteHand(SITE, ident, file, number)
    if head is None:
        return hand.skipped("partial", f"a hand start not understood: {lines[0][:60]!r}")
    if "No Limit Texas Hold" not in lines[0]:
        hand.skipped("not_nlhe", f"game {head.group(3).strip()!r}")
    try:
        _read(hand, lines, head.group(4))
    except ValueError as error:
        hand.skipped("bad_amount", str(error))
    if not ended:
        hand.skipped("partial", "no ending line: the hand is cut short")
    return hand


def _cards(text: str) -> tuple[str, ...]:
    return split_cards(text.translate(_SUITS))


def _read(hand: SiteHand, lines: list[str], dealer: str | None) -> None:
    street = PREFLOP
    bets: dict[str, Decimal] = {}
    for line in lines[1:]:
        if line.startswith("Player stacks:"):
            for seat, name, stack in _STACK.findall(line):
                hand.seats.append((int(seat), name, parse_amount(stack)))
                if name == dealer:
                    hand.button = int(seat)
            continue
        street_line = _STREET.match(line)
        if street_line:
            kind, second, rest = street_line.groups()
            run = 1 if second else 0
            while len(hand.boards) <= run:
                hand.boards.append([])
            hand.boards[run] = list(_cards(rest))
            if not second:
                street, bets = _STREETS[kind.lower()], {}
            continue
        uncalled = _UNCALLED.match(line)
        if uncalled:
            hand.add(hand.uncalled, uncalled.group(2), parse_amount(uncalled.group(1)))
            continue
        match = _LINE.match(line)
        if match is None:
            continue
        name, verb, rest = match.groups()
        allin = "go all in" in rest
        amounts = re.findall(r"[0-9][0-9.,]*", rest)
        amount = parse_amount(amounts[0]) if amounts else Decimal(0)
        if verb.startswith("posts"):
            kind = (
                "ante"
                if "ante" in verb
                else "straddle"
                if "straddle" in verb
                else "dead"
                if "small" in verb and "miss" in verb
                else "sb"
                if "small" in verb
                else "bb"
            )
            hand.posts.append(Post(name, kind, amount))
            if kind in ("sb", "bb", "straddle"):
                bets[name] = bets.get(name, Decimal(0)) + amount
        elif verb in ("folds", "checks"):
            hand.actions.append(SiteAction(street, name, "f" if verb == "folds" else "x"))
        elif verb == "calls":  # "calls N": the bet called, N in all on the street
            added = amount - bets.get(name, Decimal(0))
            bets[name] = amount
            hand.actions.append(SiteAction(street, name, "c", added, allin))
        elif verb in ("bets", "raises to"):
            kind = "r" if any(bets.values()) else "b"
            bets[name] = amount
            hand.actions.append(SiteAction(street, name, kind, amount, allin))
        elif verb == "shows a":
            cards = _cards(rest)
            if len(cards) == 2:
                hand.shows[name] = cards
        elif verb == "collected":
            hand.add(hand.collected, name, amount)
    if len(hand.boards) > 1:
        hand.runs = len(hand.boards)
        first = hand.boards[0]
        for k in range(1, len(hand.boards)):
            later = hand.boards[k]
            if len(later) < 5:
                hand.boards[k] = first[: 5 - len(later)] + later
    if hand.button is None and hand.seats:
        _dead_button(hand)
    hand.rake = Decimal(0)
    blinds = {p.kind: p.amount for p in hand.posts if p.kind in ("sb", "bb")}
    hand.small_blind, hand.big_blind = blinds.get("sb", Decimal(0)), blinds.get("bb", Decimal(0))
    antes = [p.amount for p in hand.posts if p.kind == "ante"]
    if antes:
        hand.ante = max(antes)
    if not hand.seats:
        hand.skipped("partial", "no Player stacks line")


def _dead_button(hand: SiteHand) -> None:
    """No dealer named: the button is the seat before the first blind."""
    first = next((p.player for p in hand.posts if p.kind in ("sb", "bb")), None)
    seats = [s[0] for s in sorted(hand.seats)]
    for seat, name, _ in hand.seats:
        if name == first:
            k = seats.index(seat)
            hand.button = seats[k - 1]
