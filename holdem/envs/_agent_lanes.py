"""The vector env's lanes when its opponents are agents: one
:class:`~holdem.envs.gym.NoLimitHoldemEnv` per lane, stepped in turn.

Agents (``potodds``, ``module:Class`` specs, agent objects with
``act(view)``, agent classes, factories from a seed) decide from a
:class:`~holdem.views.seat.SeatView` of a :class:`~holdem.engine.hand.Hand`,
so these lanes hold hands, not the batch engine's arrays. Lane ``j`` *is*
the single env reset with the lane's seed: the same hands, the same agents
built with the same seeds, hence the same observations, masks, rewards and
info, by construction. The info is gathered with Gymnasium's own
``VectorEnv._add_info``, as ``SyncVectorEnv`` gathers it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from holdem.envs.gym import NoLimitHoldemEnv, Opponent

AddInfo = Callable[[dict[str, Any], dict[str, Any], int], dict[str, Any]]


def is_agent(opponent: object) -> bool:
    """Whether a non-text opponent of the vector env is an agent (what the single
    env takes) rather than an array policy of :mod:`holdem.batch`.

    An object with an ``act`` method and a class are agents; any other
    callable is an agent factory when it has exactly one positional parameter
    (a seed), else an array policy ``policy(decisions, rng)`` (two, the second
    possibly with a default).
    """
    if isinstance(opponent, type):
        return True
    if callable(getattr(opponent, "act", None)):
        return True
    if not callable(opponent):
        return False
    try:
        parameters = list(inspect.signature(opponent).parameters.values())
    except (TypeError, ValueError):
        return False  # not inspectable: taken as an array policy, as before
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) == 1


class AgentLanes:
    """``num_envs`` single envs against agent opponents (see the module).

    Args:
        num_envs: lanes.
        opponents: the single env's opponents (see :data:`holdem.envs.gym.Opponent`).
        options: the single env's table settings (``stacks``, ``blinds``,
            ``ante``, ``abstraction``, ``history``, ``illegal``, ``penalty``).
        add_info: the vector env's ``_add_info`` (Gymnasium's info convention).

    Raises:
        ConfigError: an opponent is not an agent spec, an agent, an agent
            class or a factory (field ``opponents``).
    """

    def __init__(
        self,
        num_envs: int,
        opponents: Sequence[Opponent],
        options: dict[str, Any],
        add_info: AddInfo,
    ) -> None:
        self.envs = [NoLimitHoldemEnv(opponents, **options) for _ in range(num_envs)]
        self._add_info = add_info
        self.over = np.zeros(num_envs, dtype=bool)

    def reset(self, seeds: Sequence[int | None]) -> tuple[Any, dict[str, Any]]:
        """Reset every lane, lane ``j`` with ``seeds[j]`` (``None``: go on).

        Raises:
            AgentFailure: an opponent failed.
        """
        infos: dict[str, Any] = {}
        observations = []
        for j, (env, seed) in enumerate(zip(self.envs, seeds)):
            obs, info = env.reset(seed=seed)
            observations.append(obs)
            infos = self._add_info(infos, info, j)
        self.over[:] = False
        return np.stack(observations), infos

    def check(self, buttons: Any) -> None:
        """With ``illegal="raise"``, refuse a masked button in any lane before
        any lane moves.

        Raises:
            ButtonError: a masked button (nothing changes).
        """
        for j, env in enumerate(self.envs):
            if not self.over[j] and env.game.illegal == "raise":
                assert env.hand is not None
                env.game.action(env.hand, buttons[j])

    def step(self, buttons: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """One button per lane (ignored in a lane whose hand ended at the last
        step: that lane is reset instead, reward 0); :meth:`check` them first.

        Raises:
            ButtonError: a masked button with ``illegal="raise"`` when they were
                not checked (the lanes before it have moved).
            AgentFailure: an opponent failed (the lanes before it have moved).
        """
        n = len(self.envs)
        rewards = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=bool)
        infos: dict[str, Any] = {}
        observations = []
        for j, env in enumerate(self.envs):
            if self.over[j]:
                obs, info = env.reset()
            else:
                obs, reward, ended, _, info = env.step(buttons[j])
                rewards[j] = reward
                terminated[j] = ended
            observations.append(obs)
            infos = self._add_info(infos, info, j)
        self.over[:] = terminated
        truncated = np.zeros(n, dtype=bool)
        return np.stack(observations), rewards, terminated, truncated, infos

    def masks(self) -> Any:
        """The learner's legal buttons per lane, int8 ``(num_envs, buttons)``."""
        return np.stack([env.action_masks() for env in self.envs])
