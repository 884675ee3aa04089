"""Copy on write in the search state: clone() shares the engine's hand, and
whichever of the two acts first copies it, so neither ever sees the other's
actions (R1-R14 chips as a plain Hand's, R3.7 refusals change nothing)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem import TableConfig
from holdem.search import SearchError, SearchGame, SearchState
from tests.search.test_search_state import as_hand, draw_action
from tests.strategies import full_table_configs, table_configs

configs = table_configs() | full_table_configs()
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fingerprint(state: SearchState) -> tuple[object, ...]:
    """Everything a search reads from a node, the engine's chips included."""
    hand = state.hand
    chips = None
    if hand is not None:
        chips = (
            tuple(hand.stacks),
            tuple(hand.contributions),
            tuple(hand.folded),
            tuple(hand.board),
            hand.to_act,
            hand.is_over,
        )
    n = state.game.num_players
    return (
        state.history,
        state.current_player(),
        state.legal_actions(),
        state.returns(),
        state.shown_seats(),
        state.public_actions(),
        chips,
        tuple(state.observation_string(p) for p in range(n)),
        tuple(state.information_state_string(p) for p in range(n)),
    )


def finish(state: SearchState, rng: random.Random) -> SearchState:
    while not state.is_terminal():
        state.apply_action(draw_action(state, rng))
    return state


@SETTINGS
@given(config=configs, seed=st.integers(0, 2**32 - 1))
def test_a_clone_and_its_original_never_see_each_others_actions_r1_r14(
    config: TableConfig, seed: int
) -> None:
    """At every node of a random hand: a clone played to the end leaves the
    original as it was; the original played on after cloning leaves the clone
    as it was; both end with a plain Hand's chips (R1-R14) and as a state
    replayed from the root (the same shows, R6)."""
    game = SearchGame(config)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        before = fingerprint(state)
        child = finish(state.clone(), rng)
        assert fingerprint(state) == before  # the child's actions did not reach it
        twin = state.clone()
        kept = fingerprint(twin)
        state.apply_action(draw_action(state, rng))
        assert fingerprint(twin) == kept  # nor the original's the clone
        twin = finish(twin, rng)
        for end in (child, twin):
            hand = as_hand(end)
            assert hand.result is not None and end.returns() == hand.result.net
            # the same as a state that never shared anything (shows included, R6)
            assert fingerprint(game.replay(end.history)) == fingerprint(end)
    hand = as_hand(state)
    assert hand.result is not None and state.returns() == hand.result.net


@SETTINGS
@given(config=configs, seed=st.integers(0, 2**32 - 1))
def test_a_refused_id_on_a_clone_changes_neither_state_r3_7(config: TableConfig, seed: int) -> None:
    """R3.7: an illegal id on a clone that shares its hand raises and changes
    neither the clone nor the original."""
    game = SearchGame(config)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        twin = state.clone()
        before = fingerprint(state)
        bad = state.cards[0] if state.is_chance_node() and state.cards else -7
        with pytest.raises(SearchError):
            twin.apply_action(bad)
        assert fingerprint(twin) == before and fingerprint(state) == before
        state.apply_action(draw_action(state, rng))


def test_pickle_and_deepcopy_of_a_shared_state_play_on_alike() -> None:
    """A state whose hand is shared pickles (its game too) and deep-copies into
    a state that plays on to the same chips as the original."""
    game = SearchGame(TableConfig([60, 80, 100], 1, 2, ante=1))
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(draw_action(state, rng))
    state.clone()  # now shared
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        seed = random.Random(9)
        a = finish(other, seed)
        b = finish(state.clone(), random.Random(9))
        assert a.history == b.history and a.returns() == b.returns()
    assert pickle.loads(pickle.dumps(game)).config == game.config


def test_the_constant_parts_of_a_games_hand_cannot_be_assigned() -> None:
    """The values every hand of a game shares are read-only on its hands: an
    engine change that assigned one would fail loudly, not change every hand."""
    game = SearchGame(TableConfig([20, 20], 1, 2))
    state = game.new_initial_state()
    for card in range(4):
        state.apply_action(card)
    hand = state.hand
    assert hand is not None and hand.config is game.config
    with pytest.raises(AttributeError):
        hand._dead = 5


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_without_a_log_the_showdown_shows_the_same_hands_r6_4(seed: int) -> None:
    """R6.4: when betting ended early every live hand is shown; a search hand
    that keeps no log shows exactly what one with a log shows, and the
    terminal information states agree."""
    config = TableConfig([10, 10, 50], 1, 2)
    ends = []
    for keep_log in (False, True):
        state = SearchGame(config, keep_log=keep_log).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                legal = state.legal_actions()
                state.apply_action(
                    legal[-1] if rng.random() < 0.5 else legal[-1 if len(legal) < 2 else 1]
                )
        ends.append(state)
    bare, logged = ends
    assert bare.shown_seats() == logged.shown_seats()
    assert bare.returns() == logged.returns()
    for p in range(3):
        assert bare.information_state_string(p) == logged.information_state_string(p)
    assert logged.hand is not None
    if any(getattr(e, "run_out", False) for e in logged.hand.log):
        live = [s for s in range(3) if not logged.hand.folded[s]]
        assert sorted(bare.shown_seats()) == live


def test_child_is_a_clone_with_the_action_applied() -> None:
    """child(a) (OpenSpiel's State.child) leaves the state as it was and equals
    clone() then apply_action(a); an illegal id raises (R3.7)."""
    game = SearchGame(TableConfig([40, 40, 40], 1, 2))
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        action = draw_action(state, rng)
        before = fingerprint(state)
        child = state.child(action)
        assert fingerprint(state) == before
        twin = state.clone()
        twin.apply_action(action)
        assert fingerprint(child) == fingerprint(twin)
        state = child
    with pytest.raises(SearchError):
        state.child(1)
