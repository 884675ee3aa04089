"""The Independent Chip Model (ICM): chip stacks to prize equity (Malmuth-Harville).

In the Malmuth-Harville model a player wins first place with probability
``stack / total``; given the players already placed, each remaining player
takes the next place with probability ``stack / (stacks still in)``. A
player's *equity* is their expected prize: the sum over places of the
chance to finish there times the prize.

:func:`icm` computes it exactly by a memoized recursion over the sets of
players already placed (``sum over k < paid of C(n, k) * (n - k)`` steps), as
floats, or as :class:`fractions.Fraction` with ``fractions=True``; when
that work exceeds a budget (16 players with every place paid, far more
when few places are paid) it samples finishing orders instead and reports
each equity's standard error. Sampling uses the fact that sorting
``Exp(1) / stack`` keys (an exponential race with rates equal to the
stacks) gives a Harville finishing order exactly.

:func:`icm_deal` settles a final table by ICM (a "chop"), in whole prize
units, optionally leaving part of the first prize to be played for.

Units: stacks in chips (any positive whole numbers); payouts and equity in
the payouts' units (currency units, or percentages of the pool).

>>> result = icm([5000, 3000, 2000], [50, 30, 20])
>>> [round(e, 4) for e in result.equity], result.exact
([38.3929, 32.75, 28.8571], True)
>>> icm_deal([5000, 3000, 2000], [50, 30, 20]).amounts
(38, 33, 29)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from holdem.errors import ConfigError, value_text

__all__ = ["MAX_EXACT_STEPS", "Deal", "IcmResult", "icm", "icm_deal"]

MAX_EXACT_STEPS = 2**20
"""The exact recursion's budget in steps: every place paid among 16 players
(about a second), or 3 places paid among 120."""

DEFAULT_SAMPLES = 200_000
"""Finishing orders sampled when the exact recursion is over budget."""


@attrs.frozen
class IcmResult:
    """Each player's ICM equity, in stack order.

    Attributes:
        equity: the expected prize of each player, in payout units (floats,
            or Fractions when computed with ``fractions=True``).
        exact: ``True`` when computed exactly, ``False`` when sampled.
        stderr: the standard error of each sampled equity (payout units);
            zeros when exact.
        samples: finishing orders sampled (0 when exact).
    """

    equity: tuple[float | Fraction, ...]
    exact: bool
    stderr: tuple[float, ...]
    samples: int


@attrs.frozen
class Deal:
    """An ICM deal at a final table.

    Attributes:
        amounts: what each player takes now, in whole payout units, in stack
            order; they sum to the payouts less ``left_to_play``.
        left_to_play: the units left in the pot for the winner of the rest of
            the tournament.
        equity: each player's exact ICM equity of the dealt prizes (Fractions).
    """

    amounts: tuple[int, ...]
    left_to_play: int
    equity: tuple[Fraction, ...]


def _check(stacks: Sequence[int], payouts: Sequence[int | float | Fraction]) -> None:
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence) or not stacks:
        raise ConfigError("stacks", f"must be a non-empty list of whole numbers, got {stacks!r}")
    for i, stack in enumerate(stacks):
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
            raise ConfigError(
                "stacks", f"stack {i} must be a whole number >= 1, got {value_text(stack)}"
            )
    if isinstance(payouts, (str, bytes)) or not isinstance(payouts, Sequence) or not payouts:
        raise ConfigError("payouts", f"must be a non-empty list of numbers, got {payouts!r}")
    for i, prize in enumerate(payouts):
        if (
            isinstance(prize, bool)
            or not isinstance(prize, (int, float, Fraction))
            or not math.isfinite(prize)
            or prize < 0
        ):
            raise ConfigError(
                "payouts", f"prize {i} must be a number >= 0, got {value_text(prize)}"
            )


def exact_steps(players: int, paid: int) -> int:
    """Steps of the exact recursion for ``players`` players and ``paid`` places."""
    paid = min(paid, players)
    return sum(math.comb(players, k) * (players - k) for k in range(paid))


def icm(
    stacks: Sequence[int],
    payouts: Sequence[int | float | Fraction],
    *,
    fractions: bool = False,
    samples: int | None = None,
    seed: int = 0,
) -> IcmResult:
    """ICM equity of each stack (Malmuth-Harville).

    Args:
        stacks: each player's chips (whole numbers >= 1).
        payouts: the prize of 1st, 2nd, ... place (numbers >= 0); places
            beyond the list pay nothing, prizes beyond the players are unused.
        fractions: compute exactly in Fractions (stacks and prizes taken as
            exact values) instead of floats.
        samples: sample this many finishing orders instead of computing
            exactly; by default the computation is exact unless it exceeds
            :data:`MAX_EXACT_STEPS`, then :data:`DEFAULT_SAMPLES` are drawn.
        seed: the sampling seed (the same input and seed give the same answer).

    Returns:
        An :class:`IcmResult` in stack order.

    Raises:
        ConfigError: a stack that is not a whole number >= 1, a negative or
            non-finite prize, an empty list, or ``samples`` below 1.

    >>> icm([1, 1], [Fraction(3), Fraction(1)], fractions=True).equity
    (Fraction(2, 1), Fraction(2, 1))
    """
    _check(stacks, payouts)
    n = len(stacks)
    prizes = list(payouts[:n])
    if samples is not None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ConfigError("samples", f"must be a whole number >= 1, got {value_text(samples)}")
        return _sampled(stacks, prizes, samples, seed)
    if exact_steps(n, len(prizes)) > MAX_EXACT_STEPS:
        return _sampled(stacks, prizes, DEFAULT_SAMPLES, seed)
    if fractions:
        exact = _exact([Fraction(s) for s in stacks], [Fraction(p) for p in prizes], Fraction(0))
        return IcmResult(tuple(exact), True, (0.0,) * n, 0)
    equity = _exact([float(s) for s in stacks], [float(p) for p in prizes], 0.0)
    return IcmResult(tuple(equity), True, (0.0,) * n, 0)


def _exact(stacks: list[Any], prizes: list[Any], zero: Any) -> list[Any]:
    """The recursion over sets of placed players, one layer per place paid.

    ``layer`` maps a bitmask of the players placed so far to the chance of
    that set taking the top places; each layer places one more player.
    """
    n = len(stacks)
    total = sum(stacks, zero)
    equity = [zero] * n
    layer: dict[int, tuple[Any, Any]] = {0: (zero + 1, total)}  # mask -> (chance, chips left)
    for prize in prizes:
        nxt: dict[int, tuple[Any, Any]] = {}
        for mask, (chance, left) in layer.items():
            for j in range(n):
                bit = 1 << j
                if mask & bit:
                    continue
                p = chance * stacks[j] / left
                equity[j] += p * prize
                key = mask | bit
                old = nxt.get(key)
                nxt[key] = (p, left - stacks[j]) if old is None else (old[0] + p, old[1])
        layer = nxt
    return equity


def _sampled(
    stacks: Sequence[int], prizes: list[float | int | Fraction], count: int, seed: int
) -> IcmResult:
    """Monte Carlo over Harville finishing orders (an exponential race)."""
    rng = random.Random(seed)
    n = len(stacks)
    values = [float(p) for p in prizes]
    paid = len(values)
    sums = [0.0] * n
    squares = [0.0] * n
    expo = rng.expovariate
    players = range(n)
    for _ in range(count):
        keys = [expo(1.0) / stacks[i] for i in players]
        order = sorted(players, key=keys.__getitem__)
        for place in range(paid):
            i = order[place]
            v = values[place]
            sums[i] += v
            squares[i] += v * v
    equity = tuple(s / count for s in sums)
    stderr = tuple(
        math.sqrt(max(squares[i] / count - equity[i] ** 2, 0.0) / max(count - 1, 1))
        for i in players
    )
    return IcmResult(equity, False, stderr, count)


def icm_deal(stacks: Sequence[int], payouts: Sequence[int], *, left_to_play: int = 0) -> Deal:
    """An ICM deal: each player takes their ICM equity now, in whole units.

    ``left_to_play`` units are taken from the first prize and left for the
    players to play on for; the other prizes are divided by exact ICM
    equity, rounded to whole units by largest remainder (the units left
    after rounding down go one each to the largest remainders; equal
    remainders to the larger stack, then to the earlier player), so the
    amounts sum exactly to the prizes dealt.

    Args:
        stacks: the final table's chips (whole numbers >= 1).
        payouts: the prizes still to be won, 1st place first, in whole units.
        left_to_play: units of the first prize left to play for (0 to the
            first prize).

    Raises:
        ConfigError: bad stacks or payouts, prizes that are not whole
            numbers, more players than the exact computation allows, or
            ``left_to_play`` outside 0 to the first prize.
    """
    _check(stacks, payouts)
    for i, prize in enumerate(payouts):
        if not isinstance(prize, int):
            raise ConfigError("payouts", f"a deal pays whole units; prize {i} is {prize!r}")
    if exact_steps(len(stacks), len(payouts)) > MAX_EXACT_STEPS:
        raise ConfigError("stacks", f"a deal is computed exactly: too many players ({len(stacks)})")
    if isinstance(left_to_play, bool) or not isinstance(left_to_play, int):
        raise ConfigError("left_to_play", f"must be a whole number, got {left_to_play!r}")
    if not 0 <= left_to_play <= payouts[0]:
        raise ConfigError(
            "left_to_play", f"must be 0 to the first prize ({payouts[0]}), got {left_to_play}"
        )
    prizes = [payouts[0] - left_to_play, *payouts[1:]][: len(stacks)]
    result = icm(stacks, prizes, fractions=True)
    equity = tuple(Fraction(e) for e in result.equity)
    total = sum(prizes)
    amounts = [math.floor(e) for e in equity]
    short = total - sum(amounts)
    order = sorted(range(len(stacks)), key=lambda i: (-(equity[i] - amounts[i]), -stacks[i], i))
    for i in order[:short]:
        amounts[i] += 1
    return Deal(tuple(amounts), left_to_play, equity)
