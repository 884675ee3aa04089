"""The vector env against agent opponents (issue 19): ``potodds``, the agents
by name, agent objects, classes, factories and specs, as the single env takes
them (``engine="hands"``: one single env per lane).

Lane ``j`` must equal ``NoLimitHoldemEnv`` reset with seed ``s + j`` and the
same opponents, step for step (checked against ``SyncVectorEnv``), and a
custom agent must drive the learner's results to exact values.
"""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from gymnasium.vector import SyncVectorEnv  # noqa: E402

from holdem import Action, Kind  # noqa: E402
from holdem.batch import random_policy  # noqa: E402
from holdem.envs import NoLimitHoldemEnv, ResetNeeded  # noqa: E402
from holdem.envs.vector import HoldemVectorEnv  # noqa: E402
from holdem.errors import ConfigError  # noqa: E402
from holdem.selfplay.agent_specs import AgentFailure  # noqa: E402
from holdem.selfplay.agents import CallAgent, PotOddsAgent, RandomAgent  # noqa: E402
from holdem.views.abstraction import ButtonError  # noqa: E402
from tests.envs.test_envs_vector import play_side_by_side  # noqa: E402


class FoldAgent:
    """Folds whenever it may, else checks."""

    def act(self, view: Any) -> Action:
        return Action(Kind.FOLD) if view.legal.can_fold else Action(Kind.CHECK)


class Broken:
    """Raises when asked to act."""

    def act(self, view: Any) -> Action:
        raise RuntimeError("no idea")


def sync_of(lanes: int, opponents: list[Any], **options: Any) -> SyncVectorEnv:
    return SyncVectorEnv([lambda: NoLimitHoldemEnv(opponents, **options) for _ in range(lanes)])


@pytest.mark.parametrize(
    ("opponents", "options"),
    [
        (["potodds"], {"stacks": 200}),
        (["potodds", "random"], {"stacks": [300, 80, 150], "ante": 1}),
        ([PotOddsAgent, "holdem.selfplay.agents:RandomAgent", CallAgent()], {"stacks": 100}),
        ([lambda seed: RandomAgent(seed)] * 5, {"stacks": 60, "blinds": (5, 10)}),
    ],
)
def test_agent_lanes_equal_the_single_env_step_for_step(
    opponents: list[Any], options: dict[str, Any]
) -> None:
    """R2-R8 through ``Hand`` in every lane: the same observations, masks, rewards,
    skipped hands and info as ``SyncVectorEnv`` over ``NoLimitHoldemEnv`` with the
    same opponents and seeds (names, specs, classes, objects and factories)."""
    vector = HoldemVectorEnv(6, opponents, **options)
    assert vector.engine == "hands"
    sync = sync_of(6, opponents, **options)
    counts = play_side_by_side(vector, sync, [], steps=120, seed=len(opponents))
    assert counts["hands"] >= 60
    assert counts["showdowns"] > 0


def test_penalty_in_agent_lanes_equals_the_single_env() -> None:
    """A masked button ends the lane's hand with -penalty big blinds (the default
    penalty: the learner's starting stack), as in the single env."""
    vector = HoldemVectorEnv(5, ["potodds", "call"], stacks=100)
    sync = sync_of(5, ["potodds", "call"], stacks=100)
    counts = play_side_by_side(vector, sync, [], steps=100, seed=4, illegal_rate=0.1)
    assert counts["illegal"] > 0


def test_random_by_name_is_the_agent_with_engine_hands() -> None:
    """``"random"`` alone is the batch engine's array policy; with
    ``engine="hands"`` it is the ``random`` agent, so lane ``j`` equals the
    single env seeded ``s + j``."""
    assert HoldemVectorEnv(2, ["random"]).engine == "batch"
    vector = HoldemVectorEnv(4, ["random", "random"], engine="hands")
    counts = play_side_by_side(vector, sync_of(4, ["random", "random"]), [], steps=80, seed=9)
    assert counts["hands"] >= 40


@pytest.mark.parametrize("players", [2, 3, 6])
def test_a_folding_opponent_gives_the_learner_exactly_the_blinds(players: int) -> None:
    """R2, R3.1: against agents that fold whenever they may, a learner that always
    raises wins the blinds and nothing else. Blinds 1/2: a hand the learner acts
    in pays +1 big blind, plus 0.5 when it is not the small blind (R2.1, the
    small blind folds too; heads-up the button posts it); a hand where everybody
    folds to the learner's big blind is skipped and pays +0.5 (the small blind)."""
    vector = HoldemVectorEnv(8, [FoldAgent()] * (players - 1), stacks=200)
    obs, info = vector.reset(seed=1)
    skipped, skipped_result = 0, 0.0
    episodes, total = 0, 0.0
    for _ in range(60):
        if "skipped_hands" in info:
            skipped += int(info["skipped_hands"].sum())
            skipped_result += float(info["skipped_result"].sum())
        mask = info["action_mask"]
        raise_button = np.where(mask[:, 2] == 1, 2, 1)  # the min raise when legal
        obs, reward, terminated, _, info = vector.step(raise_button)
        for lane in np.flatnonzero(terminated):
            # the learner is the small blind when its position (obs 108..) is the
            # button heads-up, else position 1 (the seat after the button)
            position = int(np.argmax(obs[lane, 108 : 108 + players]))
            small_blind = position == (0 if players == 2 else 1)
            assert reward[lane] == (1.0 if small_blind else 1.5)
            episodes += 1
            total += float(reward[lane])
    assert episodes >= 200 and total > 0
    assert skipped > 0 and skipped_result == 0.5 * skipped


def test_agent_failure_names_the_agent_then_reset_is_needed() -> None:
    """An agent that raises stops the step with AgentFailure (agent, seat,
    hand); the vector env then needs ``reset()``."""
    vector = HoldemVectorEnv(3, [Broken()])
    with pytest.raises(AgentFailure) as failure:
        vector.reset(seed=0)
        for _ in range(5):
            vector.step(np.ones(3, dtype=np.int64))
    assert failure.value.agent == "Broken" and failure.value.seat == 1
    with pytest.raises(ResetNeeded):
        vector.step(np.ones(3, dtype=np.int64))


def test_strict_agent_lanes_refuse_before_any_lane_moves() -> None:
    """R3.7: with ``illegal="raise"`` a masked button in one lane raises
    ButtonError and no lane changes."""
    vector = HoldemVectorEnv(4, ["potodds"], illegal="raise")
    obs, info = vector.reset(seed=2)
    buttons = info["action_mask"].argmax(axis=1)
    masked = np.flatnonzero(info["action_mask"][3] == 0)
    assert len(masked)
    buttons[3] = masked[0]
    with pytest.raises(ButtonError):
        vector.step(buttons)
    assert np.array_equal(vector.action_masks(), info["action_mask"])
    again, *_ = vector.step(info["action_mask"].argmax(axis=1))
    sync = sync_of(4, ["potodds"], illegal="raise")
    sync.reset(seed=2)
    theirs, *_ = sync.step(info["action_mask"].argmax(axis=1))
    assert np.array_equal(again, theirs)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"opponents": ["potodds"], "engine": "batch"}, "opponents"),
        ({"opponents": ["potodds"], "cards": "numpy"}, "cards"),
        ({"opponents": ["potodds", random_policy]}, "opponents"),
        ({"opponents": [random_policy], "engine": "hands"}, "opponents"),
        ({"opponents": ["nobody"], "engine": "hands"}, "agent"),
        ({"opponents": ["call"], "engine": "fast"}, "engine"),
        ({"opponents": [42]}, "opponents"),
    ],
)
def test_bad_opponent_settings_fail_at_construction(options: dict[str, Any], field: str) -> None:
    """An agent where only array policies run, or the reverse, fails at construction."""
    with pytest.raises(ConfigError) as error:
        HoldemVectorEnv(2, **options)
    assert error.value.field == field


def test_callables_are_told_apart_by_their_positional_parameters() -> None:
    """A callable of one positional parameter is an agent factory (seed); of two,
    an array policy (decisions, rng), even with a default rng; an object with
    ``act`` and a class are agents."""
    from holdem.envs._agent_lanes import is_agent

    def policy_with_default(decisions: Any, rng: Any = None) -> Any:
        return random_policy(decisions, rng)

    assert is_agent(lambda seed: FoldAgent())
    assert is_agent(FoldAgent) and is_agent(FoldAgent())
    assert not is_agent(random_policy)
    assert not is_agent(policy_with_default)
    assert HoldemVectorEnv(2, [policy_with_default]).engine == "batch"
    assert HoldemVectorEnv(2, [lambda seed: FoldAgent()]).engine == "hands"
