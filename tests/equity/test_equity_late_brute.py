"""Equity late in the hand against brute force (R6.1, R7, R8): on the turn
and river with known hole cards, :func:`holdem.equity.allin.equity` and
:func:`holdem.equity.allin.pot_equity` must give exactly what dealing every
river card left and settling it through the engine's showdown gives:
each hand ranked by :func:`holdem.engine.showdown.rank_on_board` (and by treys
itself), ties splitting the pot equally, side pots and odd chips settled by
:func:`holdem.engine.pots.award_pots`. The 6-card to 7-card table the turn
reads (:func:`holdem.equity._late.rows`) is checked entry by entry."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from treys import Card, Evaluator

from holdem.engine import _fasteval
from holdem.engine.cards import DECK
from holdem.engine.pots import award_pots, layer_pots
from holdem.engine.showdown import rank_on_board
from holdem.equity import _late
from holdem.equity.allin import equity, pot_equity

FLUSHY = [c for c in DECK if c[1] in "hs" or c[0] in "AK"]
"""A deck of mostly two suits: flush draws, made flushes and two drawing suits."""
EVALUATOR = Evaluator()


def _spot(
    rng: random.Random, deck: list[str], players: int, size: int, dead: int
) -> tuple[list[str], str, str]:
    cards = rng.sample(deck, 2 * players + size + dead)
    hands = [cards[2 * i] + cards[2 * i + 1] for i in range(players)]
    board = "".join(cards[2 * players : 2 * players + size])
    return hands, board, "".join(cards[2 * players + size :])


def _split(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def _boards(hands: list[str], board: str, dead: str) -> list[list[str]]:
    """Every 5-card board completing ``board``, river card by river card."""
    known = set(_split(board) + _split(dead) + [c for h in hands for c in _split(h)])
    if len(board) == 10:
        return [_split(board)]
    return [_split(board) + [c] for c in DECK if c not in known]


def _brute_equity(
    hands: list[str], board: str, dead: str
) -> tuple[list[Fraction], list[Fraction], list[Fraction], int]:
    """Win, tie and pot share per player, from the showdown of every board (R6.1, R8.1)."""
    holes = [_split(h) for h in hands]
    boards = _boards(hands, board, dead)
    n = len(hands)
    win = [0] * n
    tie = [0] * n
    share = [Fraction(0)] * n
    for cards in boards:
        ranks = rank_on_board(holes, cards)
        best = min(ranks)
        winners = [i for i, r in enumerate(ranks) if r == best]
        for i in winners:
            if len(winners) == 1:
                win[i] += 1
            else:
                tie[i] += 1
            share[i] += Fraction(1, len(winners))
    total = len(boards)
    return (
        [Fraction(w, total) for w in win],
        [Fraction(t, total) for t in tie],
        [s / total for s in share],
        total,
    )


def _check_equity(hands: list[str], board: str, dead: str) -> None:
    result = equity(hands, board, dead)
    win, tie, share, total = _brute_equity(hands, board, dead)
    assert result.exact and result.boards == total, (hands, board, dead)
    assert [p.win for p in result.players] == win, (hands, board, dead)
    assert [p.tie for p in result.players] == tie, (hands, board, dead)
    assert [p.equity for p in result.players] == share, (hands, board, dead)
    assert sum(share) == 1


@pytest.mark.parametrize("deck", [DECK, FLUSHY], ids=["any", "flush-heavy"])
@pytest.mark.parametrize("size", [4, 5], ids=["turn", "river"])
def test_r6_1_equity_equals_the_showdown_of_every_river_card(deck: list[str], size: int) -> None:
    """R6.1, R8.1: 2 to 6 players, 0 to 3 dead cards: win, tie and equity
    are the exact fractions of the boards the showdown gives."""
    rng = random.Random(21 + size + len(deck))
    for _ in range(150):
        _check_equity(*_spot(rng, deck, rng.randint(2, 6), size, rng.choice([0, 0, 1, 3])))


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AsKd", "AhKc"], "QsJsTh2c"),  # the same straight: every river splits but spades
        (["AsKd", "AhKc", "AdKh"], "QsJsTh2c"),  # a three-way split; spades give As-Kd a flush
        (["2c3d", "2h3s", "4c5d"], "AsAhAdAc"),  # four aces on the board: kickers decide
        (
            ["2c3d", "2h3s", "2d3c", "2s3h", "4c4d", "5c5d"],
            "AsKsQsJsTs",
        ),  # everyone plays the board
        (["7h2c", "7d2d", "8c9c"], "7s7c2h2s"),  # full houses, quads on the river
        (["AhKh", "QhJh", "2h3h", "9c9d"], "ThTc4h5d"),  # three flush draws, a straight flush
        (["As9s", "7h2h", "KdQd"], "7s7c2s5d"),  # one flush draw against a full house
        (["AsQs", "8h8d", "KdKc"], "Ks8s3s2d"),  # a flush made on the turn, sets drawing to more
        (["AsQs", "Tc9c"], "Ks8s3sJd"),  # heads-up: a made flush against a straight draw
    ],
)
def test_r8_1_splits_are_exact_fractions(hands: list[str], board: str) -> None:
    """R8.1: ties split the pot equally, as exact fractions (thirds, sixths)."""
    _check_equity(hands, board, "")


@settings(max_examples=120, deadline=None)
@given(
    deck=st.permutations(FLUSHY),
    players=st.integers(2, 6),
    size=st.sampled_from([4, 5]),
    dead=st.integers(0, 3),
)
def test_r6_1_equity_equals_the_showdown_hypothesis(
    deck: list[str], players: int, size: int, dead: int
) -> None:
    """R6.1: any 2 to 6 players on a flush-heavy turn or river."""
    hands = [deck[2 * i] + deck[2 * i + 1] for i in range(players)]
    board = "".join(deck[2 * players : 2 * players + size])
    _check_equity(hands, board, "".join(deck[2 * players + size : 2 * players + size + dead]))


def test_r6_1_showdown_ranks_equal_treys() -> None:
    """The brute force's ranks are treys' own on these spots (the showdown's
    7-card look-up and treys' evaluator agree)."""
    rng = random.Random(5)
    to_treys = {c: Card.new(c) for c in DECK}
    for _ in range(40):
        hands, board, dead = _spot(rng, FLUSHY, rng.randint(2, 6), 4, 0)
        holes = [_split(h) for h in hands]
        for cards in _boards(hands, board, dead):
            expected = [
                EVALUATOR.evaluate([to_treys[c] for c in cards], [to_treys[c] for c in hole])
                for hole in holes
            ]
            assert rank_on_board(holes, cards) == expected


@pytest.mark.parametrize("size", [4, 5], ids=["turn", "river"])
def test_r7_r8_pot_equity_equals_settling_every_river_card(size: int) -> None:
    """R7, R8: side pots, folded seats' chips, splits and odd chips (R8.2):
    each seat's expected chips are the mean of what
    :func:`holdem.engine.pots.award_pots` pays on every board."""
    rng = random.Random(8 + size)
    for _ in range(60):
        seats = rng.randint(2, 6)
        hands, board, dead = _spot(rng, FLUSHY, seats, size, rng.choice([0, 2]))
        folded = [False] * seats
        if seats > 2:
            folded[rng.randrange(seats)] = True
        contributions = [rng.choice([5, 7, 10, 10, 23]) for _ in range(seats)]
        button = rng.randrange(seats)
        seat_hands: list[str | None] = [None if f else h for h, f in zip(hands, folded)]
        result = pot_equity(seat_hands, contributions, board, dead, button=button)
        layering = layer_pots(contributions, folded)
        live = [h for h in seat_hands if h is not None]
        boards = _boards(live, board, dead)  # a folded seat's cards are unknown: in the deck
        paid = Counter[int]()
        for cards in boards:
            ranks = iter(rank_on_board([_split(h) for h in live], cards))
            awards = award_pots(layering.pots, [None if f else next(ranks) for f in folded], button)
            for seat, chips in enumerate(awards.payouts):
                paid[seat] += chips
        expected = tuple(
            Fraction(paid[seat], len(boards)) + layering.returns[seat] for seat in range(seats)
        )
        assert result.exact and result.boards == len(boards)
        assert result.expected == expected, (hands, board, dead, contributions, folded)
        assert sum(expected) == sum(contributions)


def test_next_state_table_equals_the_7_card_table() -> None:
    """Every entry of the 6-card to 7-card table is the non-flush treys rank
    of the 6 ranks and the river rank, as the product-keyed 7-card table has it."""
    rank7, _ = _fasteval.tables()
    table = _late.rows()
    seen = 0
    for combo in itertools.combinations_with_replacement(range(13), 6):
        counts = Counter(combo)
        if max(counts.values()) > 4:
            continue
        key = sum(_fasteval.RANK_KEYS[r] for r in combo)
        product = 1
        for r in combo:
            product *= _fasteval.PRIMES[r]
        row = table[key]
        assert len(row) == 13
        for river in range(13):
            if counts[river] < 4:
                assert row[river] == rank7[product * _fasteval.PRIMES[river]], (combo, river)
        seen += 1
    assert seen == len(table) == 18395
    assert _late.rows() is table  # built once


def test_late_outcomes_count_every_river_card() -> None:
    """R6.1: the value tuples :func:`holdem.equity._late.outcomes` counts are
    the showdown's ranks of each board, board by board (what ``pot_equity`` orders)."""
    rng = random.Random(3)
    index = _fasteval.INDEX
    for _ in range(100):
        hands, board, dead = _spot(rng, FLUSHY, rng.randint(2, 6), rng.choice([4, 5]), 1)
        holes = [(index[h[:2]], index[h[2:]]) for h in hands]
        counts, total = _late.outcomes(
            holes, tuple(index[c] for c in _split(board)), tuple(index[c] for c in _split(dead))
        )
        expected = Counter(
            tuple(rank_on_board([_split(h) for h in hands], cards))
            for cards in _boards(hands, board, dead)
        )
        assert counts == dict(expected) and total == sum(expected.values())
