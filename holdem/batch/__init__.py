"""The batched engine (extra ``batch``: numpy and numba): many hands at once.

:func:`play` plays one hand per button given, all together, by the rules of
:class:`holdem.Hand` for the configurations it supports (no-limit, blinds,
uniform and big-blind antes, straddles, short all-ins and reopening, side
pots, odd chips, the run-out, several runs of the board, rake;
:func:`check_config` refuses the rest by field name). Decisions come from
array policies: the built-in :data:`random_policy`, :data:`call_policy` and
:class:`TablePolicy` (and :class:`SeatPolicies` of them) are played whole
hand by whole hand by a numba-compiled kernel (:mod:`holdem.batch.kernel`);
any other callable of the :class:`Policy` form step by step on numpy arrays
(:class:`BatchState`, without straddles, runs or rake).
:func:`simulate_batch` is ``holdem simulate --batch``.

>>> import numpy as np
>>> from holdem import TableConfig
>>> config = TableConfig([400] * 6, 1, 2)
>>> result = play(config, np.arange(1000) % 6, random_policy, np.random.default_rng(1))
>>> result.net.shape, int(result.net.sum())
((1000, 6), 0)

numpy and numba (the ``batch`` extra) are imported only here: ``import
holdem`` never needs them, and numba is imported only when :func:`play`
plays a built-in policy (:mod:`holdem.batch.kernel`), when a
:class:`BatchState` looks for the next seat to act (:mod:`holdem.batch.turns`,
a numpy search without numba) and for the vector env's seeded deal
(:mod:`holdem.batch.seeded`, ``random`` without numba).

What it may import: numpy, numba (in :mod:`holdem.batch.kernel`,
:mod:`holdem.batch.turns` and :mod:`holdem.batch.seeded` only),
:mod:`holdem.engine`, :mod:`holdem.equity`, :mod:`holdem.views`,
:mod:`holdem.selfplay` (the agents it plays against) and :mod:`holdem.errors`;
not its sibling :mod:`holdem.search`, nor anything above.
"""

from holdem.batch.check import MismatchError, replay
from holdem.batch.engine import (
    CALL,
    FOLD,
    RAISE,
    RUNS,
    BatchResult,
    BatchState,
    Decisions,
    Policy,
    PolicyError,
    check_config,
    deal,
    hand_config,
)
from holdem.batch.policies import (
    SeatPolicies,
    TablePolicy,
    call_policy,
    hand_class,
    random_policy,
)
from holdem.batch.run import play
from holdem.batch.simulate import POLICIES, simulate_batch

__all__ = [
    "CALL",
    "FOLD",
    "POLICIES",
    "RAISE",
    "RUNS",
    "BatchResult",
    "BatchState",
    "Decisions",
    "MismatchError",
    "Policy",
    "PolicyError",
    "SeatPolicies",
    "TablePolicy",
    "call_policy",
    "check_config",
    "deal",
    "hand_class",
    "hand_config",
    "play",
    "random_policy",
    "replay",
    "simulate_batch",
]
