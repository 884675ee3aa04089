"""The environments' fast paths give exactly what the plain ones give (issue 21).

The observation of the hand being played is written into a float32 template
from the actions the env applied (``Game.act``), the others packed as float32
with ``struct``, instead of ``np.asarray`` over ``Encoder.encode_hand``; the
buttons' bet and raise actions are built through ``Action``'s slots, one
button at a time. All must be the very same values, whatever the hand and
whatever the actions (an ``all-in`` action is a call, a bet or a raise as it
amounts to, R3.1).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from holdem import Hand  # noqa: E402
from holdem.engine.betting import Action, Kind  # noqa: E402
from holdem.envs._core import Game  # noqa: E402
from holdem.selfplay.agents import random_action  # noqa: E402
from holdem.views.abstraction import Abstraction  # noqa: E402


def _plain_actions(buttons: Abstraction, legal, pot: int, current: int) -> list[Action | None]:
    """The buttons' actions built through ``Action(kind, to)`` (attrs' __init__)."""
    return [
        None if a is None else Action(a.kind, a.amount)
        for a in buttons.actions(legal, pot, current)
    ]


def _some_action(legal: Any, rng: random.Random) -> Action:
    """The ``random`` policy, or now and then the all-in, check or call kinds."""
    if legal.can_all_in and rng.random() < 0.15:
        return Action(Kind.ALL_IN)
    if rng.random() < 0.1:
        return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)
    return random_action(legal, rng)


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(2, 6),
    stacks=st.lists(st.integers(3, 5000), min_size=6, max_size=6),
    seed=st.integers(0, 2**32),
    history=st.sampled_from([0, 1, 8]),
    ante=st.integers(0, 1),
)
def test_observation_equals_numpy_cast_and_actions_equal_attrs(
    seats: int, stacks: list[int], seed: int, history: int, ante: int
) -> None:
    """R3: at every decision of a random hand (buttons pressed and agents'
    actions applied) and once it is over, the fast observation equals ``np.asarray(encode_hand(...), float32)`` for every seat
    (same values, dtype and shape, writable, a new array each call), and each
    button's action equals and hashes like ``Action(kind, to)``."""
    stacks = [max(chips, 4) for chips in stacks[:seats]]
    game = Game(seats, stacks, (1, 2), ante, Abstraction((0.5, 1)), history, "raise", None)
    hand = game.deal()
    rng = random.Random(seed)
    while True:
        for seat in range(seats):
            packed = game.observation(hand, seat)
            plain = np.asarray(game.encoder.encode_hand(hand, seat), dtype=np.float32)
            assert packed.dtype == plain.dtype and packed.shape == plain.shape
            assert packed.flags.writeable and packed.flags.c_contiguous
            assert np.array_equal(packed, plain)
            assert game.observation(hand, seat) is not packed
        legal = hand.legal_actions()
        if legal is None:
            break
        fast = game.buttons(hand)
        plain_actions = _plain_actions(game.abstraction, legal, hand.pot_total, hand.current_bet)
        assert fast == plain_actions
        assert [hash(a) for a in fast] == [hash(a) for a in plain_actions]
        assert [repr(a) for a in fast] == [repr(a) for a in plain_actions]
        mask = game.mask(hand, legal.seat)
        assert mask.dtype == np.int8 and mask.flags.writeable
        assert mask.tolist() == [int(a is not None) for a in plain_actions]
        if rng.random() < 0.5:  # a button, as the envs' step() presses it
            assert game.press(hand, legal.seat, rng.choice(np.flatnonzero(mask).tolist()))
        else:  # an agent's action (the Gymnasium env's opponents)
            game.act(hand, legal.seat, _some_action(legal, rng))
    assert hand.is_over


def test_a_hand_acted_on_directly_is_observed_the_plain_way() -> None:
    """An action applied to the hand without ``Game.act`` (a user calling
    ``env.hand.act``) is not in the remembered history: the observation falls
    back to ``encode_hand`` and stays exact."""
    game = Game(3, 200, (1, 2), 0, None, 8, "raise", None)
    hand = game.deal()
    game.act(hand, hand.to_act, Action(Kind.CALL))
    hand.act(hand.to_act, Action(Kind.RAISE, 10))
    for seat in range(3):
        plain = np.asarray(game.encoder.encode_hand(hand, seat), dtype=np.float32)
        assert np.array_equal(game.observation(hand, seat), plain)
    assert game.observation(hand, 0)[-1] == 0.0  # 2 actions in history 8: the last slot empty


@pytest.mark.parametrize("players", [2, 3, 6])
def test_dead_steps_change_what_pettingzoos_own_change(players: int) -> None:
    """The AEC env's ``_was_dead_step`` (every agent is terminated at once, when
    the hand is over, R8) leaves the same agents, selection, rewards and
    cumulative rewards as PettingZoo's ``AECEnv._was_dead_step``, step by step."""
    import copy

    from pettingzoo import AECEnv

    from holdem.envs import aec_env

    env = aec_env(players=players, stacks=100)
    env.reset(seed=players)
    while not env.terminations[env.agent_selection]:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[-1]))  # all-in or the largest raise
    while env.agents:
        theirs = copy.deepcopy(env)
        AECEnv._was_dead_step(theirs, None)
        env.step(None)
        for name in ("agents", "agent_selection", "rewards", "_cumulative_rewards"):
            assert getattr(env, name) == getattr(theirs, name), name
        for name in ("terminations", "truncations", "infos"):
            assert getattr(env, name) == getattr(theirs, name), name
        assert env._skip_agent_selection == theirs._skip_agent_selection


def test_r3_a_fold_that_ends_the_street_is_remembered_with_its_bet() -> None:
    """R3, R5: the small blind folds to a raise after calling, which closes
    the street (bets start over on the flop): the history remembers its bet
    on the street before the fold (2 chips, 1 big blind), as the Acted event
    does, and every seat's fast observation equals ``encode_hand``."""
    game = Game(3, 100, (1, 2), 0, Abstraction((0.5, 1)), 8, "raise", None)
    hand = game.deal()  # button on seat 0: seat 0 acts first, then the blinds
    for button in (1, 1, 2, 1, 0):  # call, call, min raise to 4, call, fold
        legal = hand.legal_actions()
        assert legal is not None
        assert game.press(hand, legal.seat, button)
    assert hand.street == "flop" and hand.bets == (0, 0, 0)
    assert game._history[-1] == (1, 0, False, 1.0)
    for seat in range(3):
        plain = np.asarray(game.encoder.encode_hand(hand, seat), dtype=np.float32)
        assert np.array_equal(game.observation(hand, seat), plain)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.integers(), st.text(max_size=30)), st.integers(0, 10**6))
def test_r5_4_hands_are_seeded_as_random_seeds_their_text(seed: Any, index: int) -> None:
    """R5.4: hand ``index`` of ``seed`` is dealt from a generator in the
    state of ``random.Random(f"{seed}:{index}")`` (made without its Python
    layer), so the envs deal ``Hand(config, seed=f"{seed}:{index}")``."""
    from holdem.envs._core import _SAME_SEEDING, _seeded

    assert _SAME_SEEDING
    text = f"{seed}:{index}"
    assert _seeded(text).getstate() == random.Random(text).getstate()
    game = Game(3, 200, (1, 2), 0, None, 8, "raise", None)
    game.reseed(seed)
    game.index = index
    hand = game.deal()
    theirs = Hand(game.configs[index % 3], seed=text)
    assert [hand.hole_cards(s) for s in range(3)] == [theirs.hole_cards(s) for s in range(3)]
