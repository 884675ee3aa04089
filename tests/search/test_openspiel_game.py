"""The python_holdem OpenSpiel game (holdem.openspiel): OpenSpiel's own random
simulation test with serialization, tensors, parameters."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="needs the openspiel extra (open_spiel)")
np = pytest.importorskip("numpy", reason="needs numpy (openspiel extra)")

from holdem.errors import ConfigError  # noqa: E402
from holdem.openspiel import HoldemGame, table_config  # noqa: E402
from holdem.search import RAISE_BASE  # noqa: E402


def load(**params: object) -> object:
    return pyspiel.load_game("python_holdem", params)


@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_random_sim_test_passes_with_serialization(players: int) -> None:
    """OpenSpiel's random_sim_test (legal actions, chance outcomes, clone,
    serialization, tensors) at 2, 3, 6 and 10 players, blinds 1/2, ante 1."""
    stacks = " ".join(str(40 + 20 * k) for k in range(players))
    game = load(num_players=players, blinds="1 2", stack_sizes=stacks, ante=1)
    pyspiel.random_sim_test(game, num_sims=8, serialize=True, verbose=False)


@pytest.mark.parametrize("abstraction", ["push_fold", "buttons"])
def test_random_sim_test_passes_with_abstractions_and_pot_limit(abstraction: str) -> None:
    """R3.5 pot-limit and the abstractions also pass OpenSpiel's checks."""
    game = load(
        num_players=3,
        blinds="5 10",
        stack_sizes="300 500 1000",
        pot_limit=True,
        abstraction=abstraction,
    )
    pyspiel.random_sim_test(game, num_sims=8, serialize=True, verbose=False)


def test_parameters_sizes_and_positions() -> None:
    """Defaults: heads-up, blinds 50/100, 200 big blinds; player 0 posts the
    small blind as in python_pokerkit_wrapper; tensor sizes as documented."""
    game = load()
    assert game.num_players() == 2
    assert game.num_distinct_actions() == RAISE_BASE + 20000 + 1
    assert game.max_chance_outcomes() == 52
    search = game.search
    n, m = 2, search.max_betting_actions
    assert game.information_state_tensor_size() == 53 * n + 208 + 5 * m
    assert game.observation_tensor_size() == 58 * n + 108
    config, _ = table_config({"num_players": 3, "blinds": "1 2", "stack_sizes": "10 20 30"})
    assert (config.small_blind_seat, config.big_blind_seat, config.button) == (0, 1, 2)
    state = game.new_initial_state()
    for card in range(4):
        state.apply_action(card)
    hand = state.state.hand
    assert hand.contributions == (50, 100)
    assert state.current_player() == 0


@pytest.mark.parametrize(
    "params",
    [
        {"num_players": 11},
        {"blinds": "100"},
        {"blinds": "a b"},
        {"num_players": 3, "stack_sizes": "100 100"},
        {"abstraction": "fcpa"},
    ],
)
def test_bad_parameters_fail_at_construction(params: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        HoldemGame(params)


@pytest.mark.parametrize(
    "params",
    [
        {"blinds": "٥٠ 1_00"},  # was 50/100: int() reads any script's digits and "_"
        {"blinds": "1 2", "stack_sizes": "200 2_00"},
        {"blinds": "1 2", "stack_sizes": "200 +200"},
        {"blinds": "1 2", "stack_sizes": "200 " + "9" * 5000},  # over int()'s limit
    ],
)
def test_numeric_parameters_take_ascii_digits_only(params: dict[str, object]) -> None:
    """R2's blinds and stacks come from ASCII digits; anything else is a
    ConfigError naming the parameter and the part refused."""
    with pytest.raises(ConfigError, match="whole numbers in ASCII digits"):
        HoldemGame(params)


def test_tensors_hide_the_other_seats_cards() -> None:
    """R6: the information-state and observation tensors of seat 0 do not change
    when the opponent's hidden cards are swapped for others."""
    game = load(blinds="1 2", stack_sizes="200 200")
    rng = random.Random(5)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                legal = state.legal_actions()
                state.apply_action(rng.choice(legal[:3]))
            if state.is_terminal():
                break
            inner = state.state
            twin = inner.resample_from_infostate(0, random.Random(rng.random()))
            swapped = game.new_initial_state()
            for action in twin.history:
                swapped.apply_action(action)
            assert swapped.information_state_tensor(0) == state.information_state_tensor(0)
            assert swapped.observation_tensor(0) == state.observation_tensor(0)
            assert swapped.information_state_string(0) == state.information_state_string(0)


def test_public_observer_leaves_out_the_hole_cards() -> None:
    """A public observer (private_info NONE) writes no hole card."""
    game = load(blinds="1 2", stack_sizes="200 200")
    state = game.new_initial_state()
    for card in (0, 1, 2, 3):
        state.apply_action(card)
    public = pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = game.make_py_observer(public)
    observer.set_from(state, 0)
    assert not observer.tensor[:54].any()  # nor the observing player's one-hot
    assert observer.string_from(state, 0).startswith("P- D4 H B||")


def test_resample_from_infostate_through_pyspiel_keeps_the_information_r6() -> None:
    """OpenSpiel's resample_from_infostate(player, sampler): the same information
    state for the player, the same public history, a pyspiel state."""
    game = load(blinds="1 2", stack_sizes="200 200", abstraction="push_fold")
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(10):
        twin = state.resample_from_infostate(player, sampler)
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert len(twin.history()) == len(state.history())


def test_openspiel_python_ismcts_bot_plays_python_holdem() -> None:
    """OpenSpiel's Python IS-MCTS bot (which resamples worlds) chooses legal actions."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(blinds="1 2", stack_sizes="20 20", abstraction="push_fold")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=30, random_state=np.random.RandomState(2)
    )
    rng = random.Random(4)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert sum(state.returns()) == 0


@pytest.mark.parametrize(
    ("player", "action", "message"),
    [
        (-1, 99, "no such card id: 99 \\(0 to 51\\)"),  # was IndexError
        (0, -5, "no such action id: -5"),  # was "Raise to -7"
        (0, RAISE_BASE, "no such action id: 2"),  # a raise to 0 chips
        (0, 20003, "no such action id: 20003"),
        (5, 1, "no such player: 5 \\(0 to 1\\)"),
    ],
)
def test_action_to_string_refuses_ids_that_are_not_actions(
    player: int, action: int, message: str
) -> None:
    from holdem.search import SearchError

    state = load().new_initial_state()
    with pytest.raises(SearchError, match=message):
        state.action_to_string(player, action)
    assert state.action_to_string(-1, 51) == "Deal As"
    assert state.action_to_string(0, RAISE_BASE + 300) == "Raise to 300"
    assert state.action_to_string(1, 0) == "Fold"


def test_resample_through_pyspiel_checks_its_arguments() -> None:
    """resample_from_infostate(0, None) was an AttributeError; a bool player was taken as 1."""
    from holdem.search import SearchError

    state = load().new_initial_state()
    with pytest.raises(SearchError, match="probability_sampler must be a callable"):
        state.resample_from_infostate(0, None)
    with pytest.raises(SearchError, match="returned 1.5, not a float in"):
        state.resample_from_infostate(0, lambda: 1.5)
    with pytest.raises(SearchError, match="no such player: True"):
        state.resample_from_infostate(True, lambda: 0.5)


def test_deserialize_state_replays_and_checks_the_history_line() -> None:
    """A serialized state whose history= line was changed (cards 5-8 while the
    pickled state holds 0-3) was accepted, history() and the cards disagreeing.
    The line is replayed and must match; a faithful text round-trips."""
    from holdem.search import SearchError

    game = load(blinds="1 2", stack_sizes="20 20")
    state = game.new_initial_state()
    for action in (0, 1, 2, 3, 1):
        state.apply_action(action)
    text = state.serialize()
    back = game.deserialize_state(text)
    assert back.history() == [0, 1, 2, 3, 1]
    assert back.state.history == (0, 1, 2, 3, 1)
    assert back.information_state_string(0) == state.information_state_string(0)
    tampered = text.replace("history=-1:0,-1:1,-1:2,-1:3", "history=-1:5,-1:6,-1:7,-1:8")
    assert tampered != text
    with pytest.raises(SearchError, match="does not match its history= line"):
        game.deserialize_state(tampered)


@pytest.mark.parametrize("perfect_recall", [False, True])
def test_the_public_observation_is_the_same_for_every_player_r6(perfect_recall: bool) -> None:
    """private_info NONE: no observer id (it was `P0 ...` against `P1 ...` and a
    one-hot in the tensor) and no hole cards, as kuhn_poker's public observer;
    cards shown at a showdown are public (R6) and stay."""
    from open_spiel.python.observation import make_observation

    game = load(num_players=3, blinds="1 2", stack_sizes="200 200 200")
    kind = pyspiel.IIGObservationType(
        perfect_recall=perfect_recall, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = make_observation(game, kind)
    rng = random.Random(5)
    compared = 0
    for _ in range(20):
        state = game.new_initial_state()
        while True:
            seen = set()
            for player in range(3):
                observer.set_from(state, player)
                seen.add((tuple(observer.tensor), observer.string_from(state, player)))
            assert len(seen) == 1
            tensor, text = seen.pop()
            assert text.startswith("P- ") and sum(tensor[: 3 + 52]) == 0
            compared += 1
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice([a for a in state.legal_actions() if a < 3]))
    assert compared > 200
