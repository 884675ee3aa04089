"""``equity()`` and ``holdem equity`` with hostile input: EquityError (a
HoldemError, one line and exit 2 on the CLI), never another exception; and
the late-hand counting (turn and river) against a brute force over treys."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from treys import Card, Evaluator

from holdem.cli.command import main
from holdem.engine.cards import DECK
from holdem.equity.allin import EquityError, equity


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"hands": None}, "hands must be a list"),
        ({"hands": 12}, "hands must be a list"),
        ({"hands": b"AsAhKsKh"}, "hands must be a list"),
        ({"hands": ["AsAh", "KsKh"], "exact": "yes"}, "exact must be True, False or None"),
        ({"hands": ["AsAh", "KsKh"], "exact": 1}, "exact must be True, False or None"),
        ({"hands": ["AsAh", "KsKh"], "board": ["2c", 3, "4d"]}, "board must be cards"),
        ({"hands": ["AsAh", "KsKh"], "board": "\u0662c3c4c"}, "not a card"),
        ({"hands": ["AA", "AA", "AA"]}, "no deal without a card twice"),
    ],
)
def test_hostile_equity_input(kwargs: dict[str, object], words: str) -> None:
    """``hands=None`` raised TypeError and ``exact="yes"`` counted as exact."""
    with pytest.raises(EquityError, match=words):
        equity(**kwargs)  # type: ignore[arg-type]


def test_hostile_equity_cli(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["AsAh", "KsKh", "--board", "2c7d9hTsJsQs"], ["AsAh", "%%%"], ["AsAh"]):
        assert main(["equity", *argv]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("holdem equity: error:")


def test_turn_and_river_counts_equal_a_brute_force() -> None:
    """Fixed hands, 2 to 10 players, 4 or 5 board cards, dead cards: win, tie
    and equity exactly as enumerating every river with treys."""
    evaluator = Evaluator()
    r = random.Random(5)
    for _ in range(40):
        n = r.randint(2, 10)
        board_size, dead_size = r.choice([4, 5]), r.choice([0, 1, 3])
        cards = r.sample(DECK, 2 * n + board_size + dead_size)
        holes = [cards[2 * i] + cards[2 * i + 1] for i in range(n)]
        board = cards[2 * n : 2 * n + board_size]
        dead = cards[2 * n + board_size :]
        result = equity(holes, "".join(board), "".join(dead))
        rest = [c for c in DECK if c not in set(cards)]
        win, tie, share, total = [0] * n, [0] * n, [Fraction(0)] * n, 0
        for extra in itertools.combinations(rest, 5 - board_size):
            five = [Card.new(c) for c in [*board, *extra]]
            ranks = [evaluator.evaluate([Card.new(h[:2]), Card.new(h[2:])], five) for h in holes]
            winners = [i for i, v in enumerate(ranks) if v == min(ranks)]
            total += 1
            for i in winners:
                share[i] += Fraction(1, len(winners))
                if len(winners) == 1:
                    win[i] += 1
                else:
                    tie[i] += 1
        assert result.boards == total
        for i, player in enumerate(result.players):
            assert (player.win, player.tie) == (Fraction(win[i], total), Fraction(tie[i], total))
            assert player.equity == share[i] / total
