"""Winamax hand histories (``Winamax Poker - CashGame - HandId: #...``).

Winamax writes PokerStars' layout without the colon after a player's name
(``Bob raises 0.10€ to 0.15€``), amounts with the currency after them
(``0.05€``, in some exports ``0,05 €``, stakes too: ``(0,05 €/0,10 €)``),
tournament stakes with the ante first (``(12/50/100)``: ante, small blind,
big blind), big tournament totals in thousands (``6.02k``), old files'
button as ``Seat 0000005``, ``*** ANTE/BLINDS ***`` and
``*** PRE-FLOP ***`` sections, ``No rake`` and no uncalled-bet lines: a
``collected`` line holds the chips its player took back uncalled, and the
``Total pot`` is what was collected (so it is not compared); chips put in and
neither collected nor raked went back to the top bettor.
"""

from __future__ import annotations

import re
from decimal import Decimal

from holdem.records.sites import pokerstars
from holdem.records.sites.model import SiteHand, decimal_text, parse_amount

SITE = "winamax"

_HEADER = re.compile(r"^Winamax Poker - (.*?)HandId: #([0-9-]+) - (.*)$")
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(([^()]*)\)(.*)$")
_VERBS = (
    "posts",
    "folds",
    "checks",
    "calls",
    "bets",
    "raises",
    "shows",
    "mucks",
    "collected",
    "doesn't",
    "is sitting",
    "sits out",
    "is all-in",
    "has ",
)
# Lines a player's name starts that are not play (a bounty won, a
# tournament finished) stay as written: the PokerStars reader reads them past.


def parse(text: str, file: str = "") -> list[SiteHand]:
    """Every hand of a Winamax text, in order."""
    lines = [line.rstrip() for line in text.splitlines()]
    starts = [k for k, line in enumerate(lines) if line.startswith("Winamax Poker - ")]
    if not starts or any(line.strip() for line in lines[: starts[0]]):
        starts = [0, *starts]
    hands = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        chunk = lines[start:end]
        while chunk and not chunk[-1].strip():
            chunk = chunk[:-1]
        hands.append(_hand(chunk, file, start + 1))
    return hands


def _hand(lines: list[str], file: str, line: int) -> SiteHand:
    head = _HEADER.match(lines[0]) if lines else None
    if head is None:
        hand = SiteHand(SITE, f"line-{line}", file, line)
        first = lines[0][:60] if lines else ""
        if first.startswith("Winamax Poker - Tournament summary"):
            words = "a tournament summary (results and prizes), not a hand"
            return hand.skipped("tournament_summary", words)
        return hand.skipped("partial", f"line {line}: text that is not a hand: {first!r}")
    kind, ident, rest = head.groups()
    tournament = kind.startswith("Tournament")
    comma = bool(re.search(r"[0-9],[0-9]{2}\s*€", "\n".join(lines)))
    decimals = lines[1:]
    names = [m.group(2) for m in map(_SEAT.match, decimals) if m]
    names.sort(key=len, reverse=True)
    try:
        converted = [_stars_title(ident, rest, tournament, comma)]
        converted += [_stars_line(text, names, comma) for text in decimals]
    except ValueError as error:
        return SiteHand(SITE, ident, file, line).skipped("bad_amount", str(error))
    hand = pokerstars.parse_hand(converted, file, line, SITE)
    hand.hand_id = ident
    if hand.skip is None:
        _preflop_bets(hand)
        _uncalled(hand)
    return hand


def _preflop_bets(hand: SiteHand) -> None:
    """Old files (2010) write a pre-flop raise as ``bets X``, X the chips it
    adds (``Bob bets 292.50`` over his big blind of 120 is a raise to 412.50,
    which ``calls 292.50`` then matches): pre-flop, where the blinds are the
    bet, a ``bets`` is that raise."""
    bets: dict[str, Decimal] = {}
    for post in hand.posts:
        if post.kind in ("sb", "bb", "straddle"):
            bets[post.player] = bets.get(post.player, Decimal(0)) + post.amount
    for act in hand.actions:
        if act.street != 0:
            break
        now = bets.get(act.player, Decimal(0))
        if act.kind == "b" and bets:
            act.kind, act.amount = "r", now + act.amount
        if act.kind == "c":
            bets[act.player] = now + act.amount
        elif act.kind == "r":
            bets[act.player] = act.amount


def _amount(text: str, comma: bool) -> str:
    """An amount as the PokerStars reader takes it (``1234.50``)."""
    return str(parse_amount(text, decimal_comma=comma))


def _total(text: str, comma: bool) -> str:
    """The summary's total pot, which tournaments abbreviate past a thousand
    chips (``6.02k`` is 6020, ``1.25M`` is 1,250,000): exact, never rounded."""
    scale = {"k": 3, "K": 3, "M": 6}.get(text[-1:])
    if scale is None:
        return _amount(text, comma)
    # "1.32k" keeps its point in exports of decimal commas too: a mark before
    # at most two digits is the decimal one ("1,32k" reads the same).
    return decimal_text(parse_amount(text[:-1]).scaleb(scale))


def _stars_title(ident: str, rest: str, tournament: bool, comma: bool) -> str:
    game = "Hold'em No Limit" if rest.lower().startswith("holdem no limit") else rest.split(" (")[0]
    stakes = re.search(r"\(([^()]*)\)", rest)
    # "(0,05 €/0,10 €)" writes decimal commas: only ", " sets off a level before the stakes.
    parts = [p.strip() for p in (stakes.group(1).split(", ")[-1] if stakes else "").split("/")]
    money = [_amount(p, comma) for p in parts if p]
    title = f"PokerStars Hand #{ident}: {'Tournament #0, ' if tournament else ''}{game}"
    if len(money) == 3:  # ante, small blind, big blind
        return f"{title} ({money[1]}/{money[2]}({money[0]}))"
    if len(money) == 2:
        return f"{title} ({money[0]}/{money[1]})"
    return title


def _stars_line(text: str, names: list[str], comma: bool) -> str:
    stripped = text.strip()
    if stripped.startswith("Table: "):
        # Old files number the button with zeros and no sign: "Seat 0000005 is the button".
        table = re.sub(r"Seat #?0*(\d+) is the button", r"Seat #\1 is the button", stripped)
        return "Table " + table[len("Table: ") :]
    if stripped.startswith("*** ANTE/BLINDS"):
        return ""
    if stripped.startswith("*** PRE-FLOP"):
        return "*** HOLE CARDS ***"
    seat = _SEAT.match(stripped)
    if seat and not stripped.startswith("Seat 1: " + "*"):
        if "in chips" not in stripped and re.fullmatch(r"[^()]*[0-9][^()]*", seat.group(3)):
            # A knockout table writes the bounty after the stack: "(20000, 2€ bounty)".
            money = _amount(re.split(r", (?=[^,]*bounty)", seat.group(3))[0], comma)
            return f"Seat {seat.group(1)}: {seat.group(2)} ({money} in chips){seat.group(4)}"
    if stripped.startswith("Total pot"):
        total = re.match(r"Total pot (\S+(?: €)?)", stripped)
        rake = re.search(r"Rake (\S+(?: €)?)", stripped)
        pot = _total(total.group(1), comma) if total else "0"
        return f"Total pot {pot} | Rake {_amount(rake.group(1), comma) if rake else '0'}"
    for name in names:
        if stripped.startswith(name + " ") and stripped[len(name) + 1 :].startswith(_VERBS):
            rest = stripped[len(name) + 1 :]
            rest = re.sub(
                r"[0-9][0-9.,]*\s*€|[0-9]+(?:[.,][0-9]+)?(?=\s|$)",
                lambda m: _amount(m.group(0), comma),
                rest,
            )
            return f"{name}: {rest}" if not rest.startswith("collected") else f"{name} {rest}"
    return stripped


def _uncalled(hand: SiteHand) -> None:
    """Winamax writes no uncalled bets: what was put in and neither collected
    nor raked went back to the top bettor."""
    if hand.uncalled:
        return
    put: dict[str, Decimal] = {}
    for post in hand.posts:
        put[post.player] = put.get(post.player, Decimal(0)) + post.amount
    street, bets = 0, dict[str, Decimal]()
    for post in hand.posts:
        if post.kind in ("sb", "bb", "straddle"):
            bets[post.player] = bets.get(post.player, Decimal(0)) + post.amount
    for act in hand.actions:
        if act.street != street:
            street, bets = act.street, {}
        now = bets.get(act.player, Decimal(0))
        added = act.amount if act.kind == "c" else act.amount - now if act.kind in "br" else 0
        bets[act.player] = now + added
        put[act.player] = put.get(act.player, Decimal(0)) + added
    back = sum(put.values(), Decimal(0)) - sum(hand.collected.values(), Decimal(0))
    back -= hand.rake or Decimal(0)
    ranked = sorted(put.values(), reverse=True)
    # Only the top bettor's excess over the next can have come back uncalled:
    # chips beyond it are a figure the site's lines do not account for, and
    # are left for the check to find (never handed to the winner unchecked).
    excess = ranked[0] - ranked[1] if len(ranked) > 1 else Decimal(0)
    back = min(back, excess)
    if back > 0 and put:
        top = max(put, key=lambda name: put[name])
        hand.uncalled[top] = back
    # Winamax's "Total pot" is what was collected, uncalled chips included:
    # not the pot, so it is not compared (the rake is taken from the engine's pot).
    hand.total_pot = None
