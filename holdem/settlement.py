"""Showdown order, who must show, and settling the pots of one hand (R6, R7, R8).

The hand state machine (:mod:`holdem.hand`) calls these functions when betting
is over; they work on plain per-seat lists (indexed by seat) and never on
streets. Pots are layered and awarded by :mod:`holdem.pots`.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from holdem import pots as _pots
from holdem.config import TableConfig
from holdem.errors import HoldemError
from holdem.events import Event, HandEnded, PotAwarded, UncalledReturned


class ShowdownError(HoldemError):
    """A pot cannot be awarded: no seat eligible for it has known cards.

    Only hands built with unknown hole cards (``"????"``, as in replayed
    histories) can meet this; the action that led to the showdown is undone.
    """


@attrs.frozen
class HandResult:
    """How a finished hand was settled. Per-seat tuples are indexed by seat.

    Attributes:
        stacks: final stacks, in chips.
        net: final stack minus starting stack, per seat; sums to zero.
        awards: one :class:`~holdem.pots.PotAward` per pot, main pot first.
        payouts: chips each seat received from the pots.
        returned: uncalled chips returned per seat over the whole hand (R7.4, R7.5).
        shown: the seats whose cards were shown, in showing order.
        ranks: treys rank per seat at showdown (``None`` if folded, mucked
            or unknown, or when nobody showed down).
    """

    stacks: tuple[int, ...]
    net: tuple[int, ...]
    awards: tuple[_pots.PotAward, ...]
    payouts: tuple[int, ...]
    returned: tuple[int, ...]
    shown: tuple[int, ...]
    ranks: tuple[int | None, ...]


def show_order(live: Sequence[int], aggressor: int | None, button: int, seats: int) -> list[int]:
    """The seats still in, in the order they show down (R6.2).

    Args:
        live: the seats that have not folded.
        aggressor: the last seat to bet or raise on the final street, or
            ``None`` when nobody did.
        button: the button seat.
        seats: the number of seats at the table.

    Returns:
        ``live`` ordered clockwise from the aggressor, or from the first seat
        left of the button when the final street was checked through.
    """
    start = aggressor if aggressor is not None else (button + 1) % seats
    return [s for s in ((start + i) % seats for i in range(seats)) if s in live]


def must_show(
    ranks: Sequence[int | None],
    folded: Sequence[bool],
    stacks: Sequence[int],
    layering: _pots.Layering,
) -> set[int]:
    """The seats whose hands must be shown at showdown (R6.3, R6.4).

    Args:
        ranks: treys rank per seat, ``None`` for unknown or mucked hands.
        folded: whether each seat has folded.
        stacks: chips behind per seat; a seat still in with 0 is all-in.
        layering: the pots as they stand (:func:`holdem.pots.layer_pots`).

    Returns:
        Every known hand still in when a seat still in is all-in (R6.4), else
        each known hand that wins a share of a pot two or more seats can win
        (R6.3).
    """
    seats = range(len(ranks))
    live = [s for s in seats if not folded[s] and ranks[s] is not None]
    if any(stacks[s] == 0 for s in seats if not folded[s]):
        return set(live)
    required: set[int] = set()
    for pot in layering.pots:
        known = [(rank, s) for s in pot.eligible if (rank := ranks[s]) is not None]
        if len(pot.eligible) > 1 and known:
            best = min(rank for rank, _ in known)
            required.update(s for rank, s in known if rank == best)
    return required


def settle(
    config: TableConfig,
    stacks: list[int],
    contributions: Sequence[int],
    folded: Sequence[bool],
    dead: int,
    ranks: Sequence[int | None] | None,
    returned: list[int],
    shown: Sequence[int],
    log: list[Event],
) -> HandResult:
    """Pay every pot through the layering module (R7, R8).

    Args:
        config: the table configuration (button and chip unit for odd chips,
            starting stacks for the net result).
        stacks: chips behind per seat; updated in place with returns and payouts.
        contributions: chips each seat put in during the hand (R7.1).
        folded: whether each seat has folded.
        dead: dead money outside the layers (R7.6).
        ranks: treys rank per seat at showdown, ``None`` for a seat that
            cannot win (folded, mucked or unknown); ``None`` instead of a list
            when one seat is left and wins every pot unshown (R5.2).
        returned: uncalled chips returned per seat so far; updated in place.
        shown: the seats that showed, in showing order.
        log: the hand's event log; the returns, awards and the end are appended.

    Returns:
        The :class:`HandResult`.

    Raises:
        ShowdownError: a pot has no eligible seat with known cards; nothing
            was changed.
    """
    layering = _pots.layer_pots(contributions, folded, dead)
    if ranks is None:
        ranks = [None] * len(stacks)
        winners: Sequence[int | None] = [None if out else 0 for out in folded]
    else:
        winners = ranks
    try:
        awards = _pots.award_pots(layering.pots, winners, config.button, config.chip_unit)
    except HoldemError as error:
        raise ShowdownError(str(error)) from None
    for seat, chips in enumerate(layering.returns):
        if chips:
            stacks[seat] += chips
            returned[seat] += chips
            log.append(UncalledReturned(seat, chips))
    for award in awards.awards:
        pot = award.pot
        log.append(PotAwarded(pot.name, pot.amount, pot.eligible, award.winners, award.shares))
    for seat, chips in enumerate(awards.payouts):
        stacks[seat] += chips
    final = tuple(stacks)
    log.append(HandEnded(final))
    return HandResult(
        final,
        tuple(f - s for f, s in zip(final, config.stacks)),
        awards.awards,
        awards.payouts,
        tuple(returned),
        tuple(shown),
        tuple(ranks),
    )
