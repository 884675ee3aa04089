"""ACPC match logs: ``STATE:<hand>:<betting>:<cards>:<results>:<players>`` lines.

The Annual Computer Poker Competition's two-player no-limit game
(``holdem.nolimit.2p.reverse_blinds``): every hand starts from stacks of
20,000 chips, the first player listed posts the big blind (100) and the
second the small blind (50) and acts first preflop. ``r<N>`` raises to ``N``
chips put in over the whole hand (not the street), ``c`` checks or calls,
``f`` folds, ``/`` ends a street. Cards are ``hole|hole/flop/turn/river``;
the results are each player's net. A limit log (``r`` without an amount) is
``not_nlhe``; a log of another number of players is ``unsupported``.
"""

from __future__ import annotations

import re
from decimal import Decimal

from holdem.records.sites.model import Post, SiteAction, SiteHand, split_cards

SITE = "acpc"
STACK, BIG, SMALL = Decimal(20000), Decimal(100), Decimal(50)

_STATE = re.compile(r"^STATE:(\d+):([^:]*):([^:]*):([^:]*):([^:]*)$")


def parse(text: str, file: str = "") -> list[SiteHand]:
    """Every ``STATE`` line of an ACPC log, in order (``#`` comments and
    ``SCORE`` lines are read past; any other line is one ``partial`` hand)."""
    hands = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split(" # ", 1)[0].strip()  # some logs add " # <timestamp>"
        if not line or line.startswith(("#", "SCORE")):
            continue
        match = _STATE.match(line)
        if match is None:
            hand = SiteHand(SITE, f"line-{number}", file, number)
            hands.append(hand.skipped("partial", f"line {number}: not a STATE line"))
            continue
        hand = SiteHand(SITE, match.group(1), file, number)
        try:
            _read(hand, *match.groups()[1:])
        except (ValueError, IndexError, ArithmeticError) as error:
            hand.skipped("partial", f"line {number}: {error}")
        hands.append(hand)
    return hands


def _read(hand: SiteHand, betting: str, cards: str, results: str, players: str) -> None:
    names = players.split("|")
    if len(names) != 2:
        hand.skipped("unsupported", f"{len(names)} players: only the 2-player game is read")
        return
    if re.search(r"r(?![0-9])", betting):
        hand.skipped("not_nlhe", "a limit log (raises without amounts)")
        return
    big, small = names
    hand.seats = [(1, big, STACK), (2, small, STACK)]
    hand.button = 2
    hand.small_blind, hand.big_blind = SMALL, BIG
    hand.posts = [Post(small, "sb", SMALL), Post(big, "bb", BIG)]
    boards = cards.split("/")
    holes = boards[0].split("|")
    for name, hole in zip(names, holes, strict=False):
        found = split_cards(hole)
        if len(found) == 2:
            hand.hole[name] = found
    board = [c for part in boards[1:] for c in split_cards(part)]
    if board:
        hand.boards = [board]
    total = {big: BIG, small: SMALL}
    for street, part in enumerate(betting.split("/")):
        order = [small, big] if street == 0 else [big, small]
        turn = 0
        base = max(total.values()) if street else Decimal(0)
        street_bet = {name: (total[name] if street == 0 else Decimal(0)) for name in names}
        for token in re.findall(r"r[0-9]+|c|f", part):
            name = order[turn % 2]
            turn += 1
            if token == "f":
                hand.actions.append(SiteAction(street, name, "f"))
            elif token == "c":
                owed = max(street_bet.values()) - street_bet[name]
                added = min(owed, STACK - total[name])
                hand.actions.append(SiteAction(street, name, "c" if owed else "x", added))
                street_bet[name] += added
                total[name] += added
            else:
                to = Decimal(token[1:]) - (base if street else Decimal(0))
                kind = "r" if max(street_bet.values()) else "b"
                hand.actions.append(SiteAction(street, name, kind, to, to + base >= STACK))
                total[name] += to - street_bet[name]
                street_bet[name] = to
    # A hand that reaches the showdown shows both hands.
    if not any(a.kind == "f" for a in hand.actions):
        for name in names:
            if name in hand.hole:
                hand.shows[name] = hand.hole[name]
    nets = [Decimal(x) for x in results.split("|")]
    # The site's net is the result: what a player put in comes back with it.
    for name, net in zip(names, nets, strict=True):
        hand.collected[name] = total[name] + net if total[name] + net > 0 else Decimal(0)
    hand.rake = Decimal(0)
    hand.tournament = True
