"""The environments under hostile use: odd action values, steps out of order,
failing opponents and odd settings. Each gives a clear error of the project's
hierarchy (or Gymnasium's documented one) and leaves the hand as it was."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

from holdem import Action, ConfigError, HoldemError, Kind  # noqa: E402
from holdem.envs import ENV_ID, NoLimitHoldemEnv, ResetNeeded, aec_env  # noqa: E402
from holdem.selfplay.agent_specs import AgentFailure  # noqa: E402
from holdem.views.abstraction import Abstraction  # noqa: E402


def test_zero_dim_integer_arrays_are_buttons() -> None:
    """``Discrete.contains`` accepts a 0-d integer array (what ``np.argmax`` over
    a batch row or ``np.asarray(action)`` gives): it is the same button as the
    int, not an illegal action ending the hand with a penalty."""
    for button in (np.array(1), np.array(1, dtype=np.int8), np.int32(1)):
        env = NoLimitHoldemEnv(opponents=["call"], stacks=100)
        env.reset(seed=1)
        assert env.action_space.contains(button)
        _, reward, terminated, _, info = env.step(button)
        assert (reward, terminated, "illegal_action" in info) == (0.0, False, False)
        aec = aec_env(players=3)
        aec.reset(seed=1)
        aec.step(button)
        assert aec.agent_selection == "player_1" and not any(aec.terminations.values())


@pytest.mark.parametrize("button", [1.0, None, "1", True, np.array([1]), np.array(1.0), 10**100])
def test_non_buttons_are_illegal(button: object) -> None:
    """What ``Discrete(8)`` does not contain is an illegal button: the penalty
    (default) or ``ButtonError`` (strict) with nothing changed."""
    env = NoLimitHoldemEnv(opponents=["call"], stacks=100)
    env.reset(seed=1)
    _, reward, terminated, _, _ = env.step(button)
    assert (reward, terminated) == (-50.0, True)
    strict = NoLimitHoldemEnv(opponents=["call"], stacks=100, illegal="raise")
    strict.reset(seed=1)
    assert strict.hand is not None
    before = strict.hand.log
    with pytest.raises(HoldemError, match="not a button index|no such button"):
        strict.step(button)
    assert strict.hand.log == before


def test_gym_step_after_the_episode_needs_reset() -> None:
    """Stepping a finished episode used to fail an ``assert`` (hand over) or, after
    an illegal button, to go on playing the hand that had already been scored."""
    env = NoLimitHoldemEnv(opponents=["call"], stacks=100)
    with pytest.raises(ResetNeeded):
        env.step(1)
    with pytest.raises(ResetNeeded):
        env.action_masks()
    env.reset(seed=1)
    _, _, terminated, _, _ = env.step(0)  # fold the small blind
    assert terminated
    with pytest.raises(ResetNeeded, match="reset"):
        env.step(1)
    env.reset(seed=2)
    _, reward, terminated, _, _ = env.step(99)  # illegal: scored, episode over
    assert terminated and reward == -50.0
    assert env.hand is not None
    before = env.hand.log
    with pytest.raises(ResetNeeded):
        env.step(1)
    assert env.hand.log == before
    assert isinstance(ResetNeeded("x"), gymnasium.error.ResetNeeded)
    env.reset()
    env.step(1)  # a new episode plays


def test_aec_out_of_order_calls_need_reset() -> None:
    env = aec_env(players=3)
    for call in (lambda: env.step(1), lambda: env.observe("player_0"), lambda: env.last()):
        with pytest.raises(ResetNeeded):
            call()
    env.reset(seed=1)
    for _agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else 1)
    assert env.agents == []
    with pytest.raises(ResetNeeded):
        env.step(1)
    with pytest.raises(ResetNeeded):
        env.last()
    env.reset(seed=2)
    assert env.agents == ["player_0", "player_1", "player_2"]


class Crasher:
    def act(self, view: object) -> Action:
        raise ZeroDivisionError("division by zero")


class Overbet:
    def act(self, view: object) -> Action:
        return Action(Kind.RAISE, 10**9)


class Silent:
    def act(self, view: object) -> Any:
        return None


@pytest.mark.parametrize(
    ("opponent", "name", "detail"),
    [
        (Crasher(), "Crasher", "it raised ZeroDivisionError: division by zero"),
        (Overbet(), "Overbet", "it chose raise to 1000000000, which is not legal"),
        (Silent(), "Silent", "it returned None, not an Action"),
        (lambda seed: Silent(), "<lambda>", "it returned None, not an Action"),
    ],
)
def test_a_failing_opponent_is_named_with_its_seat_and_hand(
    opponent: object, name: str, detail: str
) -> None:
    """Issue 13: a bad agent gets a clear error naming it and the hand
    (``AgentFailure``), not the engine's error about a seat; then the env
    needs a reset."""
    env = NoLimitHoldemEnv(opponents=["call", opponent], stacks=100)
    with pytest.raises(AgentFailure) as error:
        env.reset(seed=1)
        for _ in range(10):
            _, _, terminated, _, _ = env.step(1)
            if terminated:
                env.reset()
    failure = error.value
    assert (failure.agent, failure.seat) == (name, 2) and failure.hand >= 0
    assert failure.detail.startswith(detail)
    with pytest.raises(ResetNeeded):
        env.step(1)


def test_a_factory_that_does_not_build_an_agent_is_named() -> None:
    def broken(seed: str) -> Any:
        return 5

    env = NoLimitHoldemEnv(opponents=[broken], stacks=100)
    with pytest.raises(AgentFailure, match=r"agent broken \(seat 1\) failed in hand 1: .*5"):
        env.reset(seed=0)

    def raising(seed: str) -> Any:
        raise RuntimeError("no")

    env = NoLimitHoldemEnv(opponents=[raising], stacks=100)
    with pytest.raises(AgentFailure, match="building it raised RuntimeError: no"):
        env.reset(seed=0)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"stacks": 2.5}, "stacks[0]"),  # used to be a TypeError
        ({"stacks": "200"}, "stacks"),
        ({"blinds": (0, 0)}, "big_blind"),  # used to blame stacks[0]
        ({"penalty": math.inf}, "penalty"),  # -inf and +inf rewards do not sum to zero
    ],
)
def test_odd_settings_are_config_errors(options: dict[str, Any], field: str) -> None:
    with pytest.raises(ConfigError) as error:
        NoLimitHoldemEnv(opponents=["call"], **options)
    assert error.value.field == field


def test_numpy_integers_are_accepted_as_settings() -> None:
    env = NoLimitHoldemEnv(
        opponents=["call"], stacks=np.int64(100), blinds=(np.int64(1), np.int64(2))
    )
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    assert env.hand is not None and env.hand.config.stacks == (100, 100)
    aec = aec_env(players=2, stacks=np.array([50, 60]))
    aec.reset(seed=1)
    assert aec.hand is not None and aec.hand.config.stacks == (50, 60)
    assert Abstraction([np.int64(1), np.float64(0.5)]).fractions == (Fraction(1), Fraction(1, 2))


def test_the_aec_loop_of_docs_rl_runs_and_its_results_sum_to_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The first Python block of docs/rl.md, run as written (a new user's first loop)."""
    import ast
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "rl.md").read_text()
    block = re.findall(r"```python\n(.*?)```", text, re.S)[0]
    assert "aec_env(players=6" in block
    exec(compile(block, "docs/rl.md", "exec"), {})
    result = ast.literal_eval(capsys.readouterr().out)
    assert sorted(result) == [f"player_{s}" for s in range(6)]
    assert sum(result.values()) == 0


def test_action_masks_through_gymnasium_make_as_documented() -> None:
    """docs/rl.md: Gymnasium 1.x wrappers do not forward ``action_masks``; the two
    documented ways reach it."""
    env = gymnasium.make(ENV_ID, opponents=["call"], stacks=100)
    _, info = env.reset(seed=3)
    assert env.unwrapped.action_masks().tolist() == info["action_mask"].tolist()
    assert env.get_wrapper_attr("action_masks")().tolist() == [1, 1, 1, 0, 1, 1, 1, 1]


class NoSeed:
    def act(self, view: Any) -> Action:
        legal = view.legal
        return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)


def test_agent_classes_are_opponents() -> None:
    """An agent class (what ``simulate(factories=...)`` takes) is built for every
    hand, with the seed when it takes one; it used to be taken for an agent
    object and fail with ``act() missing 1 required positional argument``."""
    from holdem.selfplay.agents import CallAgent

    def play(opponent: object) -> list[float]:
        env = NoLimitHoldemEnv(opponents=[opponent], stacks=100)
        rewards = []
        env.reset(seed=4)
        for _ in range(30):
            _, reward, terminated, _, _ = env.step(1)
            rewards.append(reward)
            if terminated:
                env.reset()
        return rewards

    assert play(CallAgent) == play("call") == play(NoSeed)
    env = NoLimitHoldemEnv(opponents=[Crasher], stacks=100)
    env.reset(seed=0)  # hand 0: the learner has the button and acts first
    with pytest.raises(AgentFailure, match=r"^agent Crasher \(seat 1\) failed in hand 1"):
        env.step(1)
