"""Equity late in the hand: on the turn and river, fixed hole cards are
evaluated directly, river card by river card (R6.1, :mod:`holdem.equity._late`),
and must count exactly what the general enumerator counts (finishing orders
and boards)."""

from __future__ import annotations

import importlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.engine.cards import DECK
from holdem.equity import _late
from holdem.equity.allin import equity

E = importlib.import_module("holdem.equity.allin")
FLUSHY = [c for c in DECK if c[1] in "hs" or c[0] in "AK"]


def spots(seed: int, count: int, deck: list[str]) -> list[tuple[list[str], str, str]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        players = rng.randint(2, 10 if deck is DECK else 6)
        size = rng.choice([4, 5])
        extra = rng.choice([0, 0, 2])
        cards = rng.sample(deck, 2 * players + size + extra)
        hands = [cards[2 * i] + cards[2 * i + 1] for i in range(players)]
        board = "".join(cards[2 * players : 2 * players + size])
        out.append((hands, board, "".join(cards[2 * players + size :])))
    return out


@pytest.mark.parametrize("deck", [DECK, FLUSHY], ids=["any", "flush-heavy"])
def test_late_counts_equal_the_general_enumerator(deck: list[str]) -> None:
    """Same finishing orders (full and winners-only) and board count, with
    dead cards, flushes made on the river or already on the turn, quads."""
    for hands, board, dead in spots(11, 700, deck):
        combos, _, board_ix, dead_ix = E._hands(hands, board, dead)
        raw, boards = _late.outcomes([c[0] for c in combos], board_ix, dead_ix)
        for full in (False, True):
            expected = E._exact(combos, board_ix, dead_ix, None, None, full)
            assert (E.orders(raw, len(hands), full), boards) == expected, (hands, board, dead)


def test_river_and_turn_figures() -> None:
    river = equity(["AsAh", "KsKh"], board="2c7d9hTs3s")
    assert river.exact and river.boards == 1
    assert [p.equity for p in river.players] == [1, 0]
    # The turn: 44 river cards; the kings need one of the two left.
    turn = equity(["AsAh", "KsKh"], board="2c7d9hTs")
    assert turn.exact and turn.boards == 44
    assert turn.players[1].win * 44 == 2
    split = equity(["AsKd", "AhKc", "2c3d"], board="QsJsTh9h")
    assert split.players[2].equity == 0 and split.players[0].equity == split.players[1].equity


def test_hole_cards_in_normal_form_parse_like_the_general_path() -> None:
    """The shortcut for hole cards in normal form gives what the general
    parser gives (the same combos and names) and leaves every problem to it."""
    combos, names, board_ix, dead_ix = E._hands(["AsAh", "KsKh"], "2c7d9hTs", "3c")
    assert combos == [
        [(DECK.index("As"), DECK.index("Ah"))],
        [(DECK.index("Ks"), DECK.index("Kh"))],
    ]
    assert names == ["AsAh", "KsKh"]
    assert board_ix == tuple(DECK.index(c) for c in ("2c", "7d", "9h", "Ts"))
    assert dead_ix == (DECK.index("3c"),)
    mixed = E._hands(["AsAh", "K s K h"], "2c7d9hTs", "3c")
    assert mixed == (combos, names, board_ix, dead_ix)
    with pytest.raises(E.EquityError, match="card As given twice"):
        E._hands(["AsAh", "AsKh"], "2c7d9hTs", None)
    with pytest.raises(E.EquityError, match=r"card 2c given twice \(board and player 2\)"):
        E._hands(["AsAh", "2cKh"], "2c7d9hTs", None)


def _same_as_general(hands: list[str], board: str, dead: str) -> None:
    combos, _, board_ix, dead_ix = E._hands(hands, board, dead)
    raw, boards = _late.outcomes([c[0] for c in combos], board_ix, dead_ix)
    for full in (False, True):
        expected = E._exact(combos, board_ix, dead_ix, None, None, full)
        assert (E.orders(raw, len(hands), full), boards) == expected, (hands, board, dead)


@settings(max_examples=150, deadline=None)
@given(
    deck=st.permutations(DECK),
    players=st.integers(2, 10),
    size=st.sampled_from([4, 5]),
    dead=st.integers(0, 4),
)
def test_late_counts_equal_the_general_enumerator_hypothesis(
    deck: list[str], players: int, size: int, dead: int
) -> None:
    """R6.1: any 2 to 10 players on the turn or river, with 0 to 4 dead
    cards, count exactly what the general enumerator counts."""
    hands = [deck[2 * i] + deck[2 * i + 1] for i in range(players)]
    board = "".join(deck[2 * players : 2 * players + size])
    _same_as_general(hands, board, "".join(deck[2 * players + size : 2 * players + size + dead]))


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["KsKh", "2c3d"], "AsAhAdAc", ""),  # four aces on the turn board
        (["AsAh", "KsKh", "2c2d"], "AdAcKd7h", "Kc"),  # quads held, ranks used up
        (["AsKs", "QsJs", "2h2d"], "Ts9s8s3s", "4s"),  # flushes made whatever the river
        (["AsKd", "QhJh", "2h2d", "9c9s"], "Th8h3c3d", "4h"),  # a 4-card draw
        (["AsKd", "QhJh", "2h2d", "9c8c"], "Th8h3c4c", ""),  # two drawing suits
    ],
)
def test_late_counts_edge_spots(hands: list[str], board: str, dead: str) -> None:
    """R6.1: quads on the board (the additive key past the array's end),
    flushes already made, one or two suits drawing to a flush."""
    _same_as_general(hands, board, dead)
