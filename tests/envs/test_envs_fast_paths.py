"""The environments' fast paths give exactly what the plain ones give (issue 21).

The observation is packed as float32 with ``struct`` instead of ``np.asarray``;
the buttons' bet and raise actions are built through ``Action``'s slots. Both
must be the very same values, whatever the hand.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from holdem.engine.betting import Action  # noqa: E402
from holdem.envs._core import Game  # noqa: E402
from holdem.selfplay.agents import random_action  # noqa: E402
from holdem.views.abstraction import Abstraction  # noqa: E402


def _plain_actions(buttons: Abstraction, legal, pot: int, current: int) -> list[Action | None]:
    """The buttons' actions built through ``Action(kind, to)`` (attrs' __init__)."""
    return [
        None if a is None else Action(a.kind, a.amount)
        for a in buttons.actions(legal, pot, current)
    ]


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(2, 6),
    stacks=st.lists(st.integers(3, 5000), min_size=6, max_size=6),
    seed=st.integers(0, 2**32),
)
def test_observation_equals_numpy_cast_and_actions_equal_attrs(seats, stacks, seed) -> None:
    """R3: at every decision of a random hand, the packed observation equals
    ``np.asarray(encode_hand(...), float32)`` for every seat (same values, dtype
    and shape, writable), and each button's action equals and hashes like
    ``Action(kind, to)``."""
    game = Game(seats, stacks[:seats], (1, 2), 0, Abstraction((0.5, 1)), 8, "raise", None)
    hand = game.deal()
    rng = random.Random(seed)
    while (legal := hand.legal_actions()) is not None:
        for seat in range(seats):
            packed = game.observation(hand, seat)
            plain = np.asarray(game.encoder.encode_hand(hand, seat), dtype=np.float32)
            assert packed.dtype == plain.dtype and packed.shape == plain.shape
            assert packed.flags.writeable
            assert np.array_equal(packed, plain)
        fast = game.abstraction.actions(legal, hand.pot_total, hand.current_bet)
        plain_actions = _plain_actions(game.abstraction, legal, hand.pot_total, hand.current_bet)
        assert fast == plain_actions
        assert [hash(a) for a in fast] == [hash(a) for a in plain_actions]
        assert [repr(a) for a in fast] == [repr(a) for a in plain_actions]
        hand.act(legal.seat, random_action(legal, rng))
