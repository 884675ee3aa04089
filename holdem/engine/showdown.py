"""Hand strength at showdown, with treys (R6.1).

treys is the evaluator of record: seven-card hands are read from tables built
once from treys' own lookup tables (:mod:`holdem.engine._fasteval`, tested equal to
treys over every rank multiset and flush pattern), other sizes go to treys.

A hand's *rank* is treys' number: 1 (royal flush) to 7462 (seven-high),
lower is better, equal numbers tie.

>>> category(rank("AhKh", "QhJhTh2c3d"))
'royal flush'
>>> best_five("9c9d", "9s5h2dKc7s")
('9c', '9d', '9s', 'Kc', '7s')
>>> describe("9c9d", "9s5h2dKc7s")
'three of a kind, nines'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from treys import Card, Evaluator

from holdem.engine import _fasteval
from holdem.engine.cards import DECK, RANKS, parse_cards

_EVALUATOR = Evaluator()
_INT = {card: Card.new(card) for card in DECK}
_PLURAL = {
    "2": "twos",
    "3": "threes",
    "4": "fours",
    "5": "fives",
    "6": "sixes",
    "7": "sevens",
    "8": "eights",
    "9": "nines",
    "T": "tens",
    "J": "jacks",
    "Q": "queens",
    "K": "kings",
    "A": "aces",
}
_SINGLE = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}


def _cards(cards: str | Iterable[str]) -> Sequence[str]:
    return parse_cards(cards) if isinstance(cards, str) else tuple(cards)


def rank(hole: str | Iterable[str], board: str | Iterable[str]) -> int:
    """treys rank of the best five of the hole cards and board (R6.1); lower is better.

    Args:
        hole: two hole cards.
        board: three to five board cards.

    Raises:
        CardError: a card is malformed.
    """
    hole, board = _cards(hole), _cards(board)
    if len(hole) + len(board) == 7:
        # One look-up in tables built from treys' own (tested equal to treys).
        index = _fasteval.INDEX
        return _fasteval.evaluate7([index[c] for c in (*hole, *board)])
    table = _INT
    return int(_EVALUATOR.evaluate([table[c] for c in board], [table[c] for c in hole]))


def rank_on_board(holes: Iterable[Sequence[str]], board: Sequence[str]) -> list[int]:
    """treys ranks of several hands on one five-card board (R6.1): for each
    hand, what :func:`rank` gives, with the board read once.

    Args:
        holes: each hand's two hole cards, as parsed cards (``("As", "Kd")``).
        board: the five board cards, parsed.

    Returns:
        One rank per hand, in order; lower is better.

    Raises:
        KeyError: a card is not a parsed card.
    """
    flush = _fasteval.tables()[1]
    # The non-flush ranks keyed by the sum of the cards' rank keys: one read
    # of a flat array (the same ranks as the prime-product dict, built from it).
    by_sum = _fasteval._by_sum()
    index, key = _fasteval.INDEX, _fasteval.CARD_KEY
    total = 0
    masks = [0, 0, 0, 0]
    for card in board:
        c = index[card]
        total += key[c]
        masks[c & 3] |= 1 << (c >> 2)
    # Five of seven cards in one suit need three of them on the board, and
    # only one suit of a five-card board can hold three.
    suit = -1
    for s, mask in enumerate(masks):
        if mask.bit_count() >= 3:
            suit = s
    ranks = []
    if suit < 0:
        for first, second in holes:
            ranks.append(by_sum[total + key[index[first]] + key[index[second]]])
        return ranks
    held = masks[suit]
    for first, second in holes:
        a, b = index[first], index[second]
        mask = held
        if a & 3 == suit:
            mask |= 1 << (a >> 2)
        if b & 3 == suit:
            mask |= 1 << (b >> 2)
        value = flush[mask] if mask.bit_count() >= 5 else 0
        ranks.append(value or by_sum[total + key[a] + key[b]])
    return ranks


def category(hand_rank: int) -> str:
    """The category of a treys rank in treys' words, lower case: ``"flush"``, ``"two pair"``..."""
    return str(_EVALUATOR.class_to_string(_EVALUATOR.get_rank_class(hand_rank))).lower()


def best_five(hole: str | Iterable[str], board: str | Iterable[str]) -> tuple[str, ...]:
    """The best five cards of hole and board, ordered by importance (R6.1).

    Cards that make the category come first (the pair, the trips...), then
    kickers, each group from high to low.
    """
    cards = [*_cards(hole), *_cards(board)]
    table = _INT
    five = min(
        itertools.combinations(cards, 5),
        key=lambda combo: _EVALUATOR._five([table[c] for c in combo]),
    )
    counts: dict[str, int] = {}
    for c in five:
        counts[c[0]] = counts.get(c[0], 0) + 1
    ordered = sorted(five, key=lambda c: (-counts[c[0]], -RANKS.index(c[0])))
    values = [RANKS.index(c[0]) for c in ordered]
    if values == [12, 3, 2, 1, 0]:  # the wheel: the ace plays low
        ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)


def describe(hole: str | Iterable[str], board: str | Iterable[str]) -> str:
    """A hand in words: ``"three of a kind, nines"``, ``"two pair, kings and fives"``."""
    five = best_five(hole, board)
    name = category(rank(hole, board))
    top = five[0][0]
    if name in ("four of a kind", "three of a kind", "pair"):
        return f"{name}, {_PLURAL[top]}"
    if name == "two pair":
        return f"{name}, {_PLURAL[top]} and {_PLURAL[five[2][0]]}"
    if name == "full house":
        return f"{name}, {_PLURAL[top]} full of {_PLURAL[five[3][0]]}"
    if name == "royal flush":
        return name
    return f"{name}, {_SINGLE[top]}-high"
