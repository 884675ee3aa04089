"""The search state (holdem.search): chance nodes, action ids, the engine's rules
(R1-R14 through Hand), clone/undo, information states that never read hidden cards."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem import Hand, TableConfig
from holdem.engine.cards import DECK
from holdem.errors import ConfigError
from holdem.search import (
    CHANCE,
    CHECK_CALL,
    FOLD,
    RAISE_BASE,
    TERMINAL,
    SearchError,
    SearchGame,
    SearchState,
)
from holdem.views.abstraction import Abstraction
from tests.strategies import full_table_configs, table_configs

configs = table_configs() | full_table_configs()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def draw_action(state: SearchState, rng: random.Random) -> int:
    """A random legal id, cheaply (no list of every raise-to amount)."""
    if state.is_chance_node():
        return rng.choice(state.chance_outcomes())[0]
    if state.game.abstraction != "full":
        return rng.choice(state.legal_actions())
    hand = state.hand
    assert hand is not None
    legal = hand.legal_actions()
    assert legal is not None
    choices = [CHECK_CALL, CHECK_CALL]
    if legal.can_fold:
        choices.append(FOLD)
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        low, high = legal.min_raise_to, legal.max_raise_to
        choices += [RAISE_BASE + low, RAISE_BASE + high, RAISE_BASE + rng.randint(low, high)]
    return rng.choice(choices)


def play(game: SearchGame, seed: int) -> list[SearchState]:
    """Every state of one random trajectory, root first."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        state.apply_action(draw_action(state, rng))
        states.append(state.clone())
    return states


def as_hand(state: SearchState) -> Hand:
    """The same cards and actions through a plain Hand (R1-R14)."""
    game = state.game
    n = game.num_players
    hole = [tuple(DECK[c] for c in state.hole_ids(s)) for s in range(n)]
    board = [DECK[c] for c in state.board_ids()]
    hand = Hand(game.config, hole_cards=hole, board=board or None, seed=0)
    replay = game.new_initial_state()
    for action in state.history:
        if not replay.is_chance_node():
            seat = replay.current_player()
            legal = hand.legal_actions()
            assert legal is not None and legal.seat == seat
            if action == FOLD:
                hand.fold(seat)
            elif action == CHECK_CALL:
                hand.check_or_call(seat)
            else:
                hand.bet_or_raise(seat, action - RAISE_BASE)
        replay.apply_action(action)
    return hand


@SETTINGS
@given(config=configs, seed=st.integers(0, 2**32 - 1))
def test_chance_outcomes_are_exactly_the_unseen_cards_r5_4(config: TableConfig, seed: int) -> None:
    """R5.4: every chance node lists each card not dealt yet, once, all equally likely;
    the number of chance steps is 2 per seat plus the board dealt."""
    game = SearchGame(config)
    for state in play(game, seed):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            dealt = set(state.cards)
            assert [c for c, _ in outcomes] == sorted(set(range(52)) - dealt)
            assert len({p for _, p in outcomes}) == 1
            assert outcomes[0][1] == 1.0 / (52 - len(dealt))
            assert state.current_player() == CHANCE
        else:
            with pytest.raises(SearchError):
                state.chance_outcomes()
    assert state.current_player() == TERMINAL
    assert len(state.cards) == 2 * config.seats + len(state.board_ids())
    assert len(state.board_ids()) in (0, 3, 4, 5)


@SETTINGS
@given(config=configs, seed=st.integers(0, 2**32 - 1))
def test_the_search_state_plays_the_engine_rules_r1_r14(config: TableConfig, seed: int) -> None:
    """R1-R14: the same cards and actions through a plain Hand give the same
    chips; chips are conserved; the betting fits the game's bound."""
    game = SearchGame(config)
    final = play(game, seed)[-1]
    hand = as_hand(final)
    assert hand.is_over and hand.result is not None
    assert final.returns() == hand.result.net
    assert sum(final.returns()) == 0
    assert final.returns_bb() == tuple(c / config.big_blind for c in hand.result.net)
    betting = sum(1 for a in final.public_actions() if a in "fkcbr")
    assert betting <= game.max_betting_actions
    assert len(final.history) <= game.max_game_length


@SETTINGS
@given(config=configs, seed=st.integers(0, 2**32 - 1))
def test_clone_is_independent_and_undo_goes_back(config: TableConfig, seed: int) -> None:
    """clone() shares nothing mutable; undo() returns to the previous node."""
    game = SearchGame(config)
    states = play(game, seed)
    rng = random.Random(seed)
    for before, after in zip(states, states[1:]):
        twin = after.clone()
        twin.undo()
        assert twin.history == before.history
        for p in range(config.seats):
            assert twin.information_state_string(p) == before.information_state_string(p)
            assert twin.observation_tensor(p) == before.observation_tensor(p)
        if not before.is_terminal():
            branch = before.clone()
            branch.apply_action(draw_action(branch, rng))
            assert before.history == after.history[:-1]  # the original did not move
    root = game.new_initial_state()
    with pytest.raises(SearchError, match="root"):
        root.undo()


def _hidden_swap(state: SearchState, player: int, rng: random.Random) -> list[int]:
    """The history with every hole card ``player`` cannot see replaced by other
    unseen cards (computed here, independently of the module)."""
    n = state.game.num_players
    cards = list(state.cards)
    known = set(state.hole_ids(player)) | set(state.board_ids())
    hidden = [k for k in range(min(len(cards), 2 * n)) if cards[k] not in known]
    pool = sorted(set(range(52)) - known)
    rng.shuffle(pool)
    for k, card in zip(hidden, pool):
        cards[k] = card
    out, k = [], 0
    replay = state.game.new_initial_state()
    for action in state.history:
        if replay.is_chance_node():
            action = cards[k]
            k += 1
        out.append(action)
        replay.apply_action(action)
    return out


@SETTINGS
@given(config=configs, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_information_states_never_depend_on_hidden_cards(
    config: TableConfig, seed: int, data: Any
) -> None:
    """R6, R5.4: a player's information state and observation (strings and
    tensors) are the same whatever the cards it cannot see, at every node
    before a showdown shows them."""
    game = SearchGame(config)
    states = play(game, seed)
    player = data.draw(st.integers(0, config.seats - 1))
    rng = random.Random(seed)
    for state in states:
        if state.shown_seats():
            continue
        twin = game.replay(_hidden_swap(state, player, rng))
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.information_state_tensor(player) == state.information_state_tensor(player)
        assert twin.observation_string(player) == state.observation_string(player)
        assert twin.observation_tensor(player) == state.observation_tensor(player)
        text = state.information_state_string(player).split(" A")[0]  # the card fields
        for seat in range(config.seats):
            if seat != player:
                for card in state.hole_ids(seat):
                    if card not in state.board_ids() and card not in state.hole_ids(player):
                        assert DECK[card] not in text


@SETTINGS
@given(config=configs, seed=st.integers(0, 2**32 - 1))
def test_information_states_tell_apart_what_the_player_saw(config: TableConfig, seed: int) -> None:
    """Perfect recall: along one trajectory no two nodes share an information
    state string or tensor for the seat that acts at the later one."""
    game = SearchGame(config)
    seen: dict[int, set[str]] = {}
    tensors: dict[int, set[tuple[float, ...]]] = {}
    for state in play(game, seed):
        p = state.current_player()
        if p < 0:
            continue
        text = state.information_state_string(p)
        assert text not in seen.setdefault(p, set())
        seen[p].add(text)
        tensor = tuple(state.information_state_tensor(p))
        assert tensor not in tensors.setdefault(p, set())
        tensors[p].add(tensor)


@SETTINGS
@given(config=configs, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_illegal_ids_raise_and_change_nothing_r3_7(
    config: TableConfig, seed: int, data: Any
) -> None:
    """R3.7: an illegal id raises SearchError (a ValueError) and leaves the state as it was."""
    game = SearchGame(config)
    states = play(game, seed)
    state = data.draw(st.sampled_from(states[:-1]))
    before = (state.history, state.information_state_string(0), state.observation_tensor(0))
    if state.is_chance_node():
        bad = [*(state.cards[:1] or [0]), 52, -1, True]
        if not state.cards:
            bad = [52, -1, "As"]
    else:
        hand = state.hand
        assert hand is not None
        legal = hand.legal_actions()
        assert legal is not None
        bad = [-3, 2.5, "1"]
        if not legal.can_fold:
            bad.append(FOLD)
        if legal.min_raise_to is None:
            bad.append(RAISE_BASE + hand.current_bet + 1)
        else:
            bad += [RAISE_BASE + legal.min_raise_to - 1, RAISE_BASE + legal.max_raise_to + 1]  # type: ignore[operator]
    for action in bad:
        with pytest.raises(SearchError) as caught:
            state.apply_action(action)  # type: ignore[arg-type]
        assert isinstance(caught.value, ValueError)
        after = (state.history, state.information_state_string(0), state.observation_tensor(0))
        assert after == before


def test_full_game_ids_are_fold_call_and_every_raise_to_r3_3() -> None:
    """R3.3, R3.4: heads-up 1/2, 20 chips each: the button may fold, call or
    raise to 4..20 chips, each an id 2 + amount."""
    game = SearchGame(TableConfig(stacks=[20, 20], small_blind=1, big_blind=2))
    state = game.new_initial_state()
    for card in range(4):
        state.apply_action(card)
    assert state.current_player() == 0
    assert state.legal_actions() == [FOLD, CHECK_CALL, *range(RAISE_BASE + 4, RAISE_BASE + 21)]
    assert game.num_distinct_actions == 23
    state.apply_action(RAISE_BASE + 6)
    assert state.legal_actions() == [FOLD, CHECK_CALL, *range(RAISE_BASE + 10, RAISE_BASE + 21)]
    state.apply_action(CHECK_CALL)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 48
    for card in (10, 11, 12):
        state.apply_action(card)
    assert state.public_actions() == "r6c"
    assert state.legal_actions()[:2] == [CHECK_CALL, RAISE_BASE + 2]  # big blind first, bets 2+
    state.apply_action(CHECK_CALL)
    assert state.public_actions() == "r6c/k"


def test_push_fold_abstraction_offers_fold_or_shove() -> None:
    """Push/fold: the small blind folds or goes all-in; facing the all-in, fold or call."""
    game = SearchGame(TableConfig(stacks=[20, 20], small_blind=1, big_blind=2), "push_fold")
    state = game.new_initial_state()
    for card in range(4):
        state.apply_action(card)
    assert state.legal_actions() == [FOLD, RAISE_BASE + 20]
    with pytest.raises(SearchError):
        state.apply_action(CHECK_CALL)
    state.apply_action(RAISE_BASE + 20)
    assert state.legal_actions() == [FOLD, CHECK_CALL]
    state.apply_action(CHECK_CALL)
    assert state.is_chance_node()


def test_button_abstraction_ids_are_the_buttons_amounts() -> None:
    """holdem.views.abstraction buttons map to raise-to ids (1/2 pot masked behind min raise)."""
    config = TableConfig(stacks=[200, 200], small_blind=1, big_blind=2)
    game = SearchGame(config, Abstraction())
    state = game.new_initial_state()
    for card in range(4):
        state.apply_action(card)
    assert state.legal_actions() == [
        FOLD,
        CHECK_CALL,
        *(RAISE_BASE + t for t in (4, 5, 6, 10, 200)),
    ]


def test_bad_configurations_fail_at_construction() -> None:
    """R12.1 runs are a player's choice the tree does not model: refused."""
    with pytest.raises(ConfigError, match="max_runs"):
        SearchGame(TableConfig(stacks=[20, 20], small_blind=1, big_blind=2, max_runs=2))
    with pytest.raises(ConfigError, match="abstraction"):
        SearchGame(TableConfig(stacks=[20, 20], small_blind=1, big_blind=2), "fcpa")  # type: ignore[arg-type]


def test_blinds_all_in_deal_straight_to_the_showdown_r5_3() -> None:
    """R5.3: stacks that only cover the blinds: nobody acts, chance deals all five cards."""
    game = SearchGame(TableConfig(stacks=[1, 2], small_blind=1, big_blind=2))
    state = game.new_initial_state()
    rng = random.Random(3)
    steps = 0
    while not state.is_terminal():
        assert state.is_chance_node()
        state.apply_action(rng.choice(state.chance_outcomes())[0])
        steps += 1
    assert steps == 9
    assert sum(state.returns()) == 0
