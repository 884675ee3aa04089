"""Who acts next in many hands at once, compiled (numba): the turn order of
:meth:`holdem.batch.engine.BatchState` (R5.1, R5.1a) in one loop.

:class:`~holdem.batch.engine.BatchState` asks it after every action and at
every new street; on numpy arrays that search takes about twenty array
operations, each with its own overhead, for a few dozen hands at a time.
numba is imported only here, and this module only by
:func:`holdem.batch.engine.compiled_first_to_act` (when numba is installed);
the numpy search stays the rule, the tests compare the two.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


@njit(cache=True)
def first_to_act(
    folded: BoolArray,
    stack: IntArray,
    bet: IntArray,
    current: IntArray,
    acted: BoolArray,
    h: IntArray,
    begin: IntArray,
    out: IntArray,
) -> None:  # pragma: no cover - compiled
    """Fill ``out[i]`` with the seat that must act next in lane ``h[i]``,
    searching clockwise from seat ``begin[i]``, or -1: with two seats or more
    able to bet (not folded, chips behind), the first that has not acted or
    owes chips; with one, that seat only when it owes chips (R5.1a)."""
    seats = folded.shape[1]
    for i in range(len(h)):
        lane = h[i]
        to_match = current[lane]
        able = 0
        lone = -1  # the able seat of the lowest number
        first = -1
        for j in range(seats):
            s = (begin[i] + j) % seats
            if folded[lane, s] or stack[lane, s] <= 0:
                continue
            able += 1
            if lone < 0 or s < lone:
                lone = s
            if first < 0 and (not acted[lane, s] or bet[lane, s] < to_match):
                first = s
        if able >= 2:
            out[i] = first
        elif able == 1 and bet[lane, lone] < to_match:
            out[i] = lone
        else:
            out[i] = -1
