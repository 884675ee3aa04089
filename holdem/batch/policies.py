"""Array policies for the batched engine: one action per row of
:class:`~holdem.batch.engine.Decisions`.

- :func:`random_policy`: the ``random`` agent's policy
  (:func:`holdem.selfplay.agents.random_action`): uniform over the legal kinds (fold
  only when facing a bet; check or call; bet or raise when legal), then a
  raise-to amount uniform from the minimum to the maximum.
- :func:`call_policy`: the calling station: check or call, always.
- :class:`TablePolicy`: weights of fold, check/call and bet/raise looked up
  by street and by the 169 starting-hand classes, then a raise-to amount
  uniform in the legal range.
- :class:`SeatPolicies`: one policy per seat.

Each of these is also a table of weights (:func:`kernel_tables`): the random
policy weighs the three kinds alike and the calling station only the call,
so :func:`holdem.batch.play` plays them on the compiled kernel
(:mod:`holdem.batch.kernel`), with the same choices' distribution.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from holdem.batch.engine import CALL, FOLD, RAISE, Decisions, Policy

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


def random_policy(decisions: Decisions, rng: np.random.Generator) -> tuple[IntArray, IntArray]:
    """Uniform over the legal kinds, then over the raise-to amounts."""
    can_fold = decisions.can_fold
    can_raise = decisions.min_to >= 0
    kinds = 1 + can_fold + can_raise
    pick = (rng.random(len(kinds)) * kinds).astype(np.int64)
    # Without a fold to offer, pick 0 is the check or call and 1 the raise.
    pick += ~can_fold
    code = np.where(pick == 0, FOLD, np.where(pick == 1, CALL, RAISE))
    low = np.where(can_raise, decisions.min_to, 0)
    high = np.where(can_raise, decisions.max_to, 0)
    amount = low + (rng.random(len(kinds)) * (high - low + 1)).astype(np.int64)
    return code, np.minimum(amount, high)


def call_policy(decisions: Decisions, rng: np.random.Generator) -> tuple[IntArray, IntArray]:
    """Check when possible, else call (all-in for less when short)."""
    rows = len(decisions.seat)
    return np.full(rows, CALL, dtype=np.int64), np.zeros(rows, dtype=np.int64)


def hand_class(hole: IntArray) -> IntArray:
    """The starting-hand class (0 to 168) of two hole cards given as card
    indices (rows of 2): a pair ``r`` is ``13 * r + r``; suited high ``h``,
    low ``l`` is ``13 * h + l``; offsuit is ``13 * l + h`` (rank 0 = deuce ..
    12 = ace), the usual 13 x 13 grid.

    >>> import numpy as np
    >>> int(hand_class(np.array([[51, 50]]))[0]), int(hand_class(np.array([[51, 47]]))[0])
    (168, 167)
    """
    ranks = hole >> 2
    high = ranks.max(axis=1)
    low = ranks.min(axis=1)
    suited = (hole[:, 0] & 3) == (hole[:, 1] & 3)
    classes: IntArray = np.where(suited, 13 * high + low, 13 * low + high)
    return classes


class TablePolicy:
    """Action weights looked up in a table, per street and starting hand.

    Args:
        table: weights of (fold, check or call, bet or raise), shape
            ``(169, 3)`` (every street alike) or ``(4, 169, 3)`` (per street:
            preflop, flop, turn, river), indexed by :func:`hand_class`.
            Weights are non-negative; the illegal kinds of a decision are
            dropped and the rest normalised; a row whose legal weights are
            all zero checks or calls.

    Raises:
        ValueError: the table has another shape, entries that are not real
            numbers (text, booleans, complex), or a negative or non-finite
            weight.

    The raise-to amount is uniform in the legal range.
    """

    def __init__(self, table: npt.ArrayLike) -> None:
        given = np.asarray(table)
        if given.dtype.kind not in "iuf":
            raise ValueError(f"policy weights must be real numbers, got {given.dtype}")
        weights = given.astype(np.float64)
        if weights.shape == (169, 3):
            weights = np.broadcast_to(weights, (4, 169, 3)).copy()
        if weights.shape != (4, 169, 3):
            raise ValueError(
                f"a policy table has shape (169, 3) or (4, 169, 3), got {weights.shape}"
            )
        if not np.isfinite(weights).all() or (weights < 0).any():
            raise ValueError("policy weights must be finite and non-negative")
        # Each row scaled to a largest weight of 1: the same choice, and sums
        # that neither overflow (1e308) nor lose precision (subnormals).
        largest = weights.max(axis=2, keepdims=True)
        self.table = np.divide(weights, largest, out=np.zeros_like(weights), where=largest > 0)

    @classmethod
    def tight(cls) -> TablePolicy:
        """A simple fixed table: raise the top hands, call the middle ones,
        fold the rest when facing a bet (by the pair/high-card order of
        :func:`hand_class`), alike on every street."""
        grid = np.zeros((169, 3))
        for a in range(13):
            for b in range(13):
                high, low = max(a, b), min(a, b)
                strength = 2 * high + low + (12 if a == b else 0) + (2 if a > b else 0)
                index = 13 * a + b
                if strength >= 30:
                    grid[index] = (0.0, 0.4, 0.6)
                elif strength >= 20:
                    grid[index] = (0.1, 0.8, 0.1)
                else:
                    grid[index] = (0.8, 0.2, 0.0)
        return cls(grid)

    def __call__(self, decisions: Decisions, rng: np.random.Generator) -> tuple[IntArray, IntArray]:
        """Weighted choice among the legal kinds, then a uniform raise-to amount."""
        weights = self.table[np.minimum(decisions.street, 3), hand_class(decisions.hole)]
        can_raise = decisions.min_to >= 0
        weights = weights * np.stack(
            [decisions.can_fold, np.ones_like(can_raise), can_raise], axis=1
        )
        total = weights.sum(axis=1)
        cumulative = weights.cumsum(axis=1)
        draw = rng.random(len(total)) * total
        code = (cumulative <= draw[:, None]).sum(axis=1)
        code = np.where(total > 0, np.minimum(code, 2), CALL)
        # Never a kind of zero weight (draw can land on a boundary).
        code = np.where(weights[np.arange(len(code)), code] > 0, code, CALL)
        low = np.where(can_raise, decisions.min_to, 0)
        high = np.where(can_raise, decisions.max_to, 0)
        amount = low + (rng.random(len(total)) * (high - low + 1)).astype(np.int64)
        return code.astype(np.int64), np.minimum(amount, high)


class SeatPolicies:
    """One policy per seat: each policy decides the rows of its seats.

    Args:
        policies: the policy of each seat, indexed by seat.
    """

    def __init__(self, policies: Sequence[Policy]) -> None:
        self.policies = list(policies)
        distinct: list[Policy] = []
        for policy in self.policies:
            if all(policy is not other for other in distinct):
                distinct.append(policy)
        self.distinct = distinct
        self.owner = np.array(
            [next(i for i, d in enumerate(distinct) if d is policy) for policy in self.policies]
        )

    def __call__(self, decisions: Decisions, rng: np.random.Generator) -> tuple[IntArray, IntArray]:
        """Each row decided by its seat's policy."""
        if len(self.distinct) == 1:
            return self.distinct[0](decisions, rng)
        code = np.zeros(len(decisions.seat), dtype=np.int64)
        amount = np.zeros(len(decisions.seat), dtype=np.int64)
        owner = self.owner[decisions.seat]
        for i, policy in enumerate(self.distinct):
            rows = np.flatnonzero(owner == i)
            if len(rows):
                part = Decisions._make(field[rows] for field in decisions)
                c, a = policy(part, rng)
                code[rows] = c
                amount[rows] = a
        return code, amount


def kernel_tables(policy: object, seats: int) -> tuple[FloatArray, IntArray] | None:
    """What the compiled kernel plays ``policy`` with, or ``None`` when it is
    not a built-in policy (:func:`random_policy`, :func:`call_policy`, a
    :class:`TablePolicy`, or :class:`SeatPolicies` of these, one per seat).

    Returns:
        ``(tables, owner)``: weights of shape ``(k, 4, 169, 3)`` (table,
        street, :func:`hand_class`, fold/call/raise) and, per seat, the index
        of its table, or -1 for the random policy (every legal kind alike,
        no table read).
    """
    members = policy.policies if isinstance(policy, SeatPolicies) else [policy] * seats
    if len(members) != seats:
        return None
    found: list[FloatArray] = []
    owner = np.full(seats, -1, dtype=np.int64)
    known: dict[int, int] = {}
    for seat, member in enumerate(members):
        if member is random_policy:
            continue
        if member is call_policy:
            table = _CALL_TABLE
        elif isinstance(member, TablePolicy):
            table = member.table
        else:
            return None
        if id(member) not in known:
            known[id(member)] = len(found)
            found.append(table)
        owner[seat] = known[id(member)]
    stacked = np.stack(found) if found else np.zeros((0, 4, 169, 3))
    return np.ascontiguousarray(stacked, dtype=np.float64), owner


_CALL_TABLE = np.zeros((4, 169, 3))
_CALL_TABLE[:, :, CALL] = 1.0
