"""Pots on arrays: the layering and awarding of :mod:`holdem.engine.pots`, hand by
hand the same chips, for many hands at once (R7, R8).

Every function takes per-hand rows (shape ``(hands, seats)``) and works on
all rows together; the loops run over the seats, never over the hands.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

NO_RANK = 1 << 30
"""The rank of a seat that cannot win (folded): worse than any treys rank."""


def uncalled(contrib: IntArray) -> tuple[IntArray, IntArray]:
    """The uncalled bet of each row (R7.4), as :func:`holdem.engine.pots.uncalled_bet`.

    Returns:
        ``(seat, chips)``, shape ``(hands,)`` each: the seat with the largest
        contribution and the chips nobody matched (0 when matched).
    """
    ordered = np.sort(contrib, axis=1)
    chips = ordered[:, -1] - ordered[:, -2]
    return np.argmax(contrib, axis=1), chips


def _award(
    payout: IntArray,
    amount: IntArray,
    eligible: BoolArray,
    ranks: IntArray,
    order: IntArray,
    unit: int,
) -> None:
    """Add one pot per row to ``payout`` (R8): the best rank among the
    eligible seats wins; ties split in whole ``unit`` chips, odd units one at
    a time from the first winner left of the button (``order`` is each seat's
    place from there), a remainder under one unit to the first winner."""
    masked = np.where(eligible, ranks, NO_RANK)
    best = masked.min(axis=1)
    winners = eligible & (masked == best[:, None])
    count = winners.sum(axis=1)
    # Each winner's place among the winners, in odd-chip order.
    key = np.where(winners, order, order.shape[1])
    place = (winners[:, None, :] & (key[:, None, :] < key[:, :, None])).sum(axis=2)
    units, rest = np.divmod(amount, unit)
    share, odd = np.divmod(units, np.maximum(count, 1))
    chips = share[:, None] * unit + np.where(place < odd[:, None], unit, 0)
    chips += np.where(place == 0, rest[:, None], 0)
    payout += np.where(winners, chips, 0)


def settle(
    contrib: IntArray,
    folded: BoolArray,
    dead: IntArray,
    ranks: IntArray,
    button: IntArray,
    unit: int,
) -> IntArray:
    """Chips each seat gets back from the middle: returned layers (R7.4,
    R7.5) and pots won (R7, R8), as :func:`holdem.engine.pots.layer_pots` then
    :func:`holdem.engine.pots.award_pots` give them.

    Args:
        contrib: chips each seat put in over the hand, ``(hands, seats)``.
        folded: whether each seat folded, ``(hands, seats)``.
        dead: the big-blind ante per hand, ``(hands,)`` (R2.3, R7.6).
        ranks: treys rank per seat, ``(hands, seats)`` (folded seats ignored).
        button: the button seat per hand, ``(hands,)``.
        unit: the chip unit (R8.3).

    Returns:
        ``(hands, seats)``: chips per seat, summing to the pot of the row.
    """
    hands, seats = contrib.shape
    rows = np.arange(hands)
    seat_ids = np.arange(seats)
    order = (seat_ids[None, :] - button[:, None] - 1) % seats
    live = ~folded
    ranks = np.where(live, ranks, NO_RANK)
    levels = np.sort(contrib, axis=1)
    payout = np.zeros_like(contrib)
    group_mask = np.full(hands, -1, dtype=np.int64)  # eligible seats of the pot being built
    group_amount = np.zeros(hands, dtype=np.int64)
    group_eligible = np.zeros_like(folded)
    started = np.zeros(hands, dtype=bool)
    previous = np.zeros(hands, dtype=np.int64)
    bits = np.left_shift(1, seat_ids)
    for k in range(seats):
        level = levels[:, k]
        step = level - previous
        previous = level
        payers = contrib >= level[:, None]
        count = payers.sum(axis=1)
        eligible = payers & live
        mask = np.where(eligible, bits, 0).sum(axis=1)
        layer = step > 0
        back = layer & ((count == 1) | (mask == 0))
        payout += np.where(back[:, None] & payers, step[:, None], 0)
        pot = layer & ~back
        # A pot with other eligible seats than the one being built closes it.
        close = pot & started & (mask != group_mask)
        if close.any():
            c = rows[close]
            sub = payout[c]  # fancy indexing copies: the rows are written back
            _award(sub, group_amount[c], group_eligible[c], ranks[c], order[c], unit)
            payout[c] = sub
        amount = step * count
        fresh = pot & (~started | close)
        group_amount = np.where(fresh, amount + np.where(started, 0, dead), group_amount)
        group_amount = np.where(pot & ~fresh, group_amount + amount, group_amount)
        group_mask = np.where(fresh, mask, group_mask)
        group_eligible = np.where(fresh[:, None], eligible, group_eligible)
        started |= pot
    # Dead money with no pot to join: a pot of its own for the seats still in.
    alone = ~started & (dead > 0)
    group_amount = np.where(alone, dead, group_amount)
    group_eligible = np.where(alone[:, None], live, group_eligible)
    last = started | alone
    if last.any():
        c = rows[last]
        sub = payout[c]
        _award(sub, group_amount[c], group_eligible[c], ranks[c], order[c], unit)
        payout[c] = sub
    return payout
