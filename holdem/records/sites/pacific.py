"""888poker (Pacific Poker) hand histories: ``#Game No : N`` blocks.

Amounts in brackets are what the player adds (``raises [$910]`` puts 910 more
in); the file writes neither uncalled bets nor the pot or rake, so the site's
figures are its ``collected`` lines, which hold the chips a player takes
back uncalled in some hands and not in others: the chips put in and not
collected are the top bettor's uncalled excess (in a tournament, all of them;
in a cash hand, the excess when they reach it) and the rest the rake.
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
    split_cards,
    split_hands,
)
from holdem.records.sites.pokerstars import CHAT

SITE = "888"

_GAME = re.compile(r"^#Game No\s*:\s*(\d+)")
# ``$0.05/$0.10``, ``25 $/50 $``, ``0,01 €/0,02 €`` (a space before the sign)
_STAKES = re.compile(r"^([^/]+?)\s*/\s*([^/]+?) Blinds (.*?) - \*\*\*")
_SEAT = re.compile(r"^Seat (\d+): (.*?) ?\(\s*([^()]*?)\s*\)\s*(.*)$")
_BUTTON = re.compile(r"^Seat (\d+) is the button")
_MAX = re.compile(r"(\d+) Max")
_LINE = re.compile(
    r"^(.+?) (posts (?:small blind|big blind|ante|dead big blind|dead small blind|dead blind|"
    r"straddle|small and big blinds?)|folds|checks|calls|bets|raises|shows|mucks|"
    r"collected|did not show|is all-in)(.*)$"
)
_STREETS = {"flop": FLOP, "turn": TURN, "river": RIVER}


def _hands(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    def starts(k: int) -> bool:
        line = lines[k]
        return _GAME.match(line) is not None or (
            line.startswith("***** 888") and (k == 0 or not _GAME.match(lines[k - 1]))
        )

    return split_hands(lines, starts)


def parse(text: str, file: str = "") -> list[SiteHand]:
    """Every hand of an 888poker text, in order."""
    lines = [line.rstrip() for line in text.splitlines()]
    return [_hand(chunk, file, number) for number, chunk in _hands(lines)]


def _hand(lines: list[str], file: str, line: int) -> SiteHand:
    game = _GAME.match(lines[0]) or re.search(r"for Game (\d+)", lines[0])
    hand = SiteHand(SITE, game.group(1) if game else f"line-{line}", file, line)
    if game is None:
        return hand.skipped("partial", f"line {line}: text that is not a hand: {lines[0][:60]!r}")
    try:
        _read(hand, lines)
    except ValueError as error:
        hand.skipped("bad_amount", str(error))
    return hand


def _chips(text: str, tournament: bool) -> Decimal:
    """An amount; a tournament's chips are whole, so a dot or comma before
    each group of three digits (``1.600``, ``18.429``: the Spanish and Italian
    clients' thousands mark) is a thousands separator there."""
    if tournament and re.fullmatch(r"\D*\d{1,3}(?:[.,]\d{3})+\D*", text.strip()):
        text = re.sub(r"[.,]", "", text)
    return parse_amount(text)


def _read(hand: SiteHand, lines: list[str]) -> None:
    # The tournament line comes after the stakes line: look for it first, so
    # that the stakes are read as chips.
    hand.tournament = any(line.strip().startswith("Tournament #") for line in lines)
    chips = hand.tournament
    street = PREFLOP
    summary = False
    names: set[str] = set()
    bets: dict[str, Decimal] = {}
    put: dict[str, Decimal] = {}
    dead: dict[str, Decimal] = {}  # dead blinds: in the pot, never returned uncalled
    seen_stakes = False
    for raw in lines[1:]:
        text = raw.strip()
        if not text or text.startswith("*****"):
            continue
        stakes = _STAKES.match(text)
        if stakes and not seen_stakes:
            seen_stakes = True
            hand.small_blind = _chips(stakes.group(1), chips)
            hand.big_blind = _chips(stakes.group(2), chips)
            game = re.sub(r"\s*(?:jackpot|snap|blast)\s+table$", "", stakes.group(3), flags=re.I)
            if game.replace(" ", "").lower() not in ("nolimitholdem", "nlholdem"):
                hand.skipped("not_nlhe", f"game {stakes.group(3)!r}")
            continue
        if text.startswith("Tournament #"):
            hand.tournament = True
            continue
        button = _BUTTON.match(text)
        if button:
            hand.button = int(button.group(1))
            continue
        seat = _SEAT.match(text)
        if seat and not hand.actions and not hand.posts:
            if not seat.group(2).strip():
                hand.skipped("no_names", "the file names no players")
            stack = _chips(seat.group(3), chips)
            hand.seats.append((int(seat.group(1)), seat.group(2), stack))
            names.add(seat.group(2))
            continue
        if text.startswith("** Dealing"):
            cards = split_cards(text.split("**")[-1])
            kind = text[len("** Dealing ") :].split(" ")[0]
            if kind == "down" and street == PREFLOP:
                # A fold written among the posts, before the cards are dealt
                # (between the small and the big blind, say): that player sat
                # out and was not dealt in, not a player who folded.
                hand.out |= {a.player for a in hand.actions if a.kind == "f"}
                hand.actions = [a for a in hand.actions if a.kind != "f"]
            if kind in _STREETS:
                street = _STREETS[kind]
                bets = {}
                if not hand.boards:
                    hand.boards.append([])
                hand.boards[0].extend(cards)
            continue
        if text.startswith("** Summary"):
            summary = True
            continue
        if text.startswith("Dealt to "):
            rest = text[len("Dealt to ") :]
            name = rest.rsplit(" [", 1)[0]
            cards = split_cards(rest[len(name) :])
            if len(cards) == 2:
                hand.hole[name] = cards
            continue
        if CHAT.match(text) or any(text.startswith(n + ": ") for n in names):
            continue  # a player's chat is never play, whatever it quotes
        match = _LINE.match(text)
        if match is None:
            if any(text.startswith(n + " ") for n in names):
                hand.skipped("unknown_action", text[:80])
            continue
        name, verb, rest = match.groups()
        amounts = re.findall(r"\[\s*([^\]]*?)\s*\]", rest)
        parts = amounts[0].split("+") if amounts and verb == "posts dead blind" else []
        if len(parts) == 2:  # "posts dead blind [$1 + $2]": a dead small and a live big
            amounts = [str(_chips(parts[0], chips) + _chips(parts[1], chips))]
            verb = "posts small and big blinds"
        amount = _chips(amounts[0], chips) if amounts and verb not in ("shows", "mucks") else None
        if verb.startswith("posts"):
            kind = (
                "ante"
                if "ante" in verb
                else "sb_bb"
                if "and big" in verb
                else "dead"
                if "dead small" in verb
                else "sb"
                if "small" in verb
                else "straddle"
                if "straddle" in verb
                else "bb"
            )
            if amount is None:
                hand.skipped("unknown_action", text[:80])
                continue
            hand.posts.append(Post(name, kind, amount))
            put[name] = put.get(name, Decimal(0)) + amount
            if kind in ("sb", "bb", "straddle"):
                bets[name] = bets.get(name, Decimal(0)) + amount
            elif kind == "sb_bb" and parts:
                bets[name] = bets.get(name, Decimal(0)) + _chips(parts[1], chips)
                dead[name] = dead.get(name, Decimal(0)) + _chips(parts[0], chips)
            elif kind == "dead":
                dead[name] = dead.get(name, Decimal(0)) + amount
        elif verb in ("folds", "checks"):
            hand.actions.append(SiteAction(street, name, "f" if verb == "folds" else "x"))
        elif verb in ("calls", "bets", "raises"):
            if amount is None:
                hand.skipped("unknown_action", text[:80])
                continue
            now = bets.get(name, Decimal(0))
            bets[name] = now + amount
            put[name] = put.get(name, Decimal(0)) + amount
            if verb == "calls":
                hand.actions.append(SiteAction(street, name, "c", amount))
            else:
                hand.actions.append(SiteAction(street, name, verb[0], now + amount))
        elif verb == "shows":
            cards = split_cards(rest)
            if cards:
                hand.shows[name] = cards
        elif verb == "mucks":
            cards = split_cards(rest)
            if cards:
                hand.hole[name] = cards
            hand.mucks.append(name)
        elif verb == "collected":
            if amount is None:  # "collected [ $2.7": cut short, never a lost cent as rake
                hand.skipped("partial", f"a collected line cut short: {text[:80]!r}")
                continue
            hand.add(hand.collected, name, amount)
    # A seat written with nothing whose only line is a fold was not dealt in
    # (as a seat with no line at all): it has no chips to play with.
    for _, name, stack in hand.seats:
        own = [a for a in hand.actions if a.player == name]
        if not stack and name not in put and own and all(a.kind == "f" for a in own):
            hand.actions = [a for a in hand.actions if a.player != name]
    if not hand.seats or not summary:
        hand.skipped(
            "partial", "no seats" if not hand.seats else "no summary: the hand is cut short"
        )
    antes = [p.amount for p in hand.posts if p.kind == "ante"]
    if antes:
        hand.ante = max(antes)
    # The file writes no pot, rake or uncalled bet, and a "collected" line
    # sometimes holds the chips its player took back uncalled, sometimes not.
    # The chips put in and not collected are the uncalled excess of the top
    # bettor over the next largest (when they are at least that), the rest a
    # cash hand's rake; a tournament takes no rake.
    # A dead blind is the pot's, never returned: the excess is of live chips.
    totals = sorted(
        ((k, v - dead.get(k, Decimal(0))) for k, v in put.items()),
        key=lambda item: item[1],
        reverse=True,
    )
    excess = Decimal(0)
    if len(totals) >= 2 and totals[0][1] > totals[1][1]:
        excess = totals[0][1] - totals[1][1]
    left = sum(put.values(), Decimal(0)) - sum(hand.collected.values(), Decimal(0))
    back = excess if left >= excess else Decimal(0)
    if hand.tournament:
        back = max(Decimal(0), min(left, excess))
    if back and totals:
        hand.uncalled[totals[0][0]] = back
    hand.rake = left - back
    hand.rake_inferred = True
