"""Payout tables and prizes in whole currency units (R15.6), and the colour-up (R15.7).

A payout table gives each paid place a weight (percentages, or any
non-negative numbers); :func:`prizes` turns a prize pool of whole units into
whole-unit prizes that sum to the pool exactly:

- each place gets ``floor(pool * weight / total weight)``;
- the units left over (fewer than the places paid) go one each to 1st,
  2nd, 3rd ... place (R15.6: odd units go to the higher places).

Players who share places (R15.4) share the sum of those places' prizes:
each gets ``floor(sum / sharers)`` and the units left over go one each to
the sharers in registration order (:func:`shared_prizes`).

>>> prizes(1000, [50, 30, 20])
(500, 300, 200)
>>> prizes(101, [50, 30, 20])
(51, 30, 20)
>>> prizes(7, [1, 1, 1])
(3, 2, 2)
>>> standard_payouts(9)
(50, 30, 20)
>>> shared_prizes([300, 200], 2)
(250, 250)
>>> colour_up([130, 60, 45, 25, 240], 100)
(100, 100, 100, 100, 200)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from holdem.errors import ConfigError, value_text

__all__ = ["colour_up", "prizes", "shared_prizes", "standard_payouts"]


def standard_payouts(players: int) -> tuple[int, ...]:
    """The standard payout table for a field of ``players`` (R15.6), as weights.

    2 to 3 players: one prize; 4 to 6: 65/35; 7 to 10: 50/30/20; 11 to 20:
    four places (40/30/20/10); beyond, 15% of the field (rounded down) is
    paid with weights ``1/k`` for place ``k``, scaled to whole numbers (the
    weight of place ``k`` is ``round(10**6 / k)``).

    Raises:
        ConfigError: fewer than 2 players.
    """
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise ConfigError(
            "players", f"a tournament has at least 2 players, got {value_text(players)}"
        )
    if players <= 3:
        return (100,)
    if players <= 6:
        return (65, 35)
    if players <= 10:
        return (50, 30, 20)
    if players <= 20:
        return (40, 30, 20, 10)
    paid = players * 15 // 100
    return tuple(round(10**6 / k) for k in range(1, paid + 1))


def check_weights(weights: Sequence[int | float | Fraction], players: int) -> None:
    """A payout table: 1 to ``players`` non-negative finite weights, not all 0,
    not rising from one place to the next."""
    if isinstance(weights, (str, bytes)) or not isinstance(weights, Sequence) or not weights:
        raise ConfigError("payouts", f"must be a non-empty list of numbers, got {weights!r}")
    if len(weights) > players:
        raise ConfigError("payouts", f"{len(weights)} places paid but only {players} players")
    for i, w in enumerate(weights):
        if (
            isinstance(w, bool)
            or not isinstance(w, (int, float, Fraction))
            or not math.isfinite(w)
            or w < 0
        ):
            raise ConfigError(
                "payouts", f"place {i + 1} must be a number >= 0, got {value_text(w)}"
            )
    if not sum(weights) > 0:
        raise ConfigError("payouts", "the weights must not all be 0")
    for i in range(1, len(weights)):
        if weights[i] > weights[i - 1]:
            raise ConfigError(
                "payouts",
                f"place {i + 1} pays more than place {i} ({weights[i]} > {weights[i - 1]})",
            )


def prizes(pool: int, weights: Sequence[int | float | Fraction]) -> tuple[int, ...]:
    """Whole-unit prizes for 1st, 2nd, ... place that sum to ``pool`` (R15.6).

    Args:
        pool: the prize pool in whole currency units (>= 0).
        weights: the payout table (see the module doc).

    Raises:
        ConfigError: a bad pool or payout table.
    """
    if isinstance(pool, bool) or not isinstance(pool, int) or pool < 0:
        raise ConfigError(
            "prize_pool", f"must be a whole number of units >= 0, got {value_text(pool)}"
        )
    check_weights(weights, len(weights))
    exact = [Fraction(w) for w in weights]
    total = sum(exact)
    amounts = [math.floor(pool * w / total) for w in exact]
    for i in range(pool - sum(amounts)):
        amounts[i] += 1
    return tuple(amounts)


def shared_prizes(place_prizes: Sequence[int], sharers: int) -> tuple[int, ...]:
    """What each of ``sharers`` players sharing places gets (R15.4): the sum
    of ``place_prizes`` split equally, the odd units one each to the first
    sharers (in registration order)."""
    total = sum(place_prizes)
    base, odd = divmod(total, sharers)
    return tuple(base + (1 if i < odd else 0) for i in range(sharers))


def colour_up(stacks: Sequence[int], unit: int) -> tuple[int, ...]:
    """Stacks at one table after the chips smaller than ``unit`` are removed (R15.7).

    Each player keeps their whole chips of the new ``unit``; the odd chips
    (each stack's remainder) are pooled and exchanged for ``round half up
    (pool / unit)`` new chips, which go one each to the players with the
    largest remainders (equal remainders: the lower seat first, seat 1 of the
    chip race). A player left with no chips gets one new chip (nobody is
    raced out). The total may change by less than one unit, plus those
    rescue chips. Stacks are in seat order; 0 is an empty seat.

    Raises:
        ConfigError: ``unit`` not a whole number >= 1 or a negative stack.
    """
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise ConfigError("unit", f"must be a whole number >= 1, got {value_text(unit)}")
    if any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in stacks):
        raise ConfigError("stacks", "stacks must be whole numbers >= 0")
    whole = [s - s % unit for s in stacks]
    odd = [s % unit for s in stacks]
    pool = sum(odd)
    chips = (2 * pool + unit) // (2 * unit)  # round half up
    order = sorted((i for i in range(len(stacks)) if odd[i]), key=lambda i: (-odd[i], i))
    for i in order[:chips]:
        whole[i] += unit
    for i, s in enumerate(stacks):
        if s > 0 and whole[i] == 0:
            whole[i] = unit  # cannot be raced out
    return tuple(whole)
