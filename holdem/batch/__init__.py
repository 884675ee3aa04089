"""The batched engine (extra ``batch``: numpy): many hands at once on arrays.

:func:`play` plays one hand per button given, all together, by the rules of
:class:`holdem.Hand` for the configurations it supports (no-limit, blinds,
uniform and big-blind antes, short all-ins and reopening, side pots, odd
chips, the run-out; :func:`check_config` refuses the rest by field name).
Decisions come from array policies (:data:`random_policy`,
:data:`call_policy`, :class:`TablePolicy`, or any callable of the
:class:`Policy` form). :func:`simulate_batch` is ``holdem simulate --batch``.

>>> import numpy as np
>>> from holdem import TableConfig
>>> config = TableConfig([400] * 6, 1, 2)
>>> result = play(config, np.arange(1000) % 6, random_policy, np.random.default_rng(1))
>>> result.net.shape, int(result.net.sum())
((1000, 6), 0)

numpy is imported only here: ``import holdem`` never needs it.

What it may import: numpy, :mod:`holdem.engine`, :mod:`holdem.equity`,
:mod:`holdem.views`, :mod:`holdem.selfplay` (the agents it plays against) and
:mod:`holdem.errors`; not its sibling :mod:`holdem.search`, nor anything above.
"""

from holdem.batch.check import MismatchError, replay
from holdem.batch.engine import (
    CALL,
    FOLD,
    RAISE,
    BatchResult,
    BatchState,
    Decisions,
    Policy,
    PolicyError,
    check_config,
    deal,
    play,
)
from holdem.batch.policies import TablePolicy, call_policy, hand_class, random_policy
from holdem.batch.simulate import POLICIES, simulate_batch

__all__ = [
    "CALL",
    "FOLD",
    "POLICIES",
    "RAISE",
    "BatchResult",
    "BatchState",
    "Decisions",
    "MismatchError",
    "Policy",
    "PolicyError",
    "TablePolicy",
    "call_policy",
    "check_config",
    "deal",
    "hand_class",
    "play",
    "random_policy",
    "replay",
    "simulate_batch",
]
