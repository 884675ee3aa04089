"""CPython's seeded deal reproduced for many seeds at once
(:mod:`holdem.batch.seeded`): ``random.Random(text).sample(range(52), count)``
index for index, which is how ``Hand(config, seed=text)`` deals (R5.4).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy", reason="the seeded draws need numpy (extra 'batch')")
pytest.importorskip("numba", reason="the seeded draws are compiled with numba (extra 'batch')")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from holdem import Hand, TableConfig  # noqa: E402
from holdem.batch.seeded import check_samples, seeded_samples  # noqa: E402
from holdem.engine.cards import DECK  # noqa: E402


@pytest.mark.parametrize("count", [12, 20, 28, 52])
def test_r5_4_seeded_samples_equal_random_on_thousands_of_env_seeds(count: int) -> None:
    """R5.4: 24,000 texts of the envs' form ``f"{seed}:{index}"`` (seeds
    small, negative, 63-bit, texts), each sample equal to CPython's."""
    texts = [
        f"{seed}:{index}"
        for seed in (0, 7, -3, 2**63 - 1, 12345678901234567890, "abc")
        for index in range(4000)
    ]
    assert check_samples(texts, count) == 0


def test_r5_4_seeded_samples_odd_texts() -> None:
    """Texts whose integer has leading zero bytes or is long, non-ASCII
    texts, the empty text, and keys too long for the compiled loop (left to
    random itself): all equal to CPython's."""
    texts = ["", "\x00", "\x00\x00abc", "ünï:3", "x" * 2300, "y" * 2600, "z" * 5000, ":0"]
    for count in (6, 12, 52):
        assert check_samples(texts, count) == 0
    assert seeded_samples([], 6).shape == (0, 6)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(max_size=40), min_size=1, max_size=30), st.integers(6, 52))
def test_r5_4_seeded_samples_any_text(texts: list[str], count: int) -> None:
    """Any texts, any count of 6 or more: rows equal ``Random(text).sample(range(52), count)``."""
    rows = seeded_samples(texts, count).tolist()
    assert rows == [random.Random(text).sample(range(52), count) for text in texts]


def test_r5_4_seeded_samples_deal_the_hands_of_hand() -> None:
    """The samples are the cards ``Hand(config, seed=text)`` deals: hole
    cards round by round from the seat left of the button, burn, flop, burn,
    turn, burn, river."""
    for seats in (2, 6, 9):
        config = TableConfig([200] * seats, 1, 2)
        texts = [f"41:{i}" for i in range(300)]
        rows = seeded_samples(texts, 2 * seats + 8)
        for text, row in zip(texts, rows.tolist()):
            hand = Hand(config, seed=text)
            places = [(s - config.button - 1) % seats for s in range(seats)]
            for seat, place in enumerate(places):
                assert hand.hole_cards(seat) == (DECK[row[place]], DECK[row[seats + place]])


def test_seeded_samples_refuses_a_bad_count() -> None:
    """A count outside 6 to 52 is a ValueError naming it (below 6, CPython
    samples from a set, not a pool)."""
    for count in (5, 53):
        with pytest.raises(ValueError, match=f"count must be 6 to 52, got {count}"):
            seeded_samples(["a"], count)
