"""Reinforcement-learning environments over :mod:`holdem` (extra ``rl``:
gymnasium, pettingzoo, numpy).

- :func:`aec_env`: a PettingZoo ``AECEnv`` for 2 to 10 agents
  (:mod:`holdem.envs.aec`).
- ``gymnasium.make("holdem/NoLimitHoldem-v0", opponents=[...])``: a
  single-agent Gymnasium environment against fixed opponents
  (:class:`~holdem.envs.gym.NoLimitHoldemEnv`), registered on import of this
  package; ``gymnasium.make_vec(..., num_envs=N)`` gives its vector form
  (:class:`~holdem.envs.vector.HoldemVectorEnv`, over the batched engine with
  array-policy opponents, or one single env per lane with agent opponents).

Both deal hand ``i`` after ``reset(seed=s)`` with the engine's own RNG,
``Hand(config, seed=f"{s}:{i}")``, the button on seat ``i % players``: the
same seed reproduces the same hands and, with the same actions, the same
episodes. Without any seed the hands continue from a random one. Rewards are
in big blinds. ``illegal="penalty"`` (default, the PettingZoo and Gymnasium
convention: tools such as ``check_env`` press any button) makes a masked
button end the hand, the offender losing ``penalty`` big blinds (default its
starting stack, the most a hand can cost), shared equally by the other
agents; ``illegal="raise"`` (strict) makes it raise
:class:`~holdem.views.abstraction.ButtonError` and change nothing. Details: docs/rl.md.

What it may import: gymnasium, pettingzoo and numpy, and every package below
it (:mod:`holdem.engine`, :mod:`holdem.views`, :mod:`holdem.selfplay`,
:mod:`holdem.batch`, ...); not its siblings :mod:`holdem.server` and
:mod:`holdem.openspiel`, nor :mod:`holdem.cli`.
"""

from __future__ import annotations

import gymnasium

from holdem.envs._core import ILLEGAL_MODES, ResetNeeded
from holdem.envs.aec import HoldemAECEnv, aec_env
from holdem.envs.gym import NoLimitHoldemEnv

ENV_ID = "holdem/NoLimitHoldem-v0"
"""The Gymnasium id of :class:`~holdem.envs.gym.NoLimitHoldemEnv`."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        ENV_ID,
        entry_point="holdem.envs.gym:NoLimitHoldemEnv",
        vector_entry_point="holdem.envs.vector:HoldemVectorEnv",
    )

__all__ = ["ENV_ID", "ILLEGAL_MODES", "HoldemAECEnv", "NoLimitHoldemEnv", "ResetNeeded", "aec_env"]
