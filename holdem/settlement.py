"""Showdown order, who must show, running the board more than once, rake, and
settling the pots of one hand (R6, R7, R8, R12, R13).

The hand state machine (:mod:`holdem.hand`) calls these functions when betting
is over; they work on plain per-seat lists (indexed by seat). Pots are layered,
raked, shared between runs and awarded by :mod:`holdem.pots`.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from holdem import pots as _pots
from holdem import showdown as _showdown
from holdem.config import TableConfig
from holdem.errors import HoldemError, Reason
from holdem.events import Event, HandEnded, PotAwarded, RakeTaken, StreetDealt, UncalledReturned

_STREET_AT = {3: "flop", 4: "turn", 5: "river"}

# The phases of a hand (``Hand._phase``).
BETTING = "betting"
SHOWDOWN = "showdown"
RUNS = "runs"  # the run question is open (R12.1)
OVER = "over"


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
        net: final stack minus starting stack, per seat; sums to minus
            ``rake_total`` (zero without rake).
        awards: one :class:`~holdem.pots.PotAward` per pot, main pot first,
            each pot less its rake (R13.2); with several runs of the board,
            one per pot per run, run 1's first, each holding that run's
            share (``award.run``, R12.3).
        payouts: chips each seat received from the pots.
        returned: uncalled chips returned per seat over the whole hand (R7.4, R7.5).
        shown: the seats whose cards were shown, in showing order.
        ranks: treys rank per seat at showdown on run 1's board (``None`` if
            folded, mucked or unknown, or when nobody showed down).
        rake: chips raked from each pot, main pot first (R13.2); zeros when
            the table takes no rake or the hand is not raked.
        rake_total: chips raked from the hand (R13.1).
        boards: every run's board, run 1 first (R12.2); one board unless the
            board was run more than once.
        run_ranks: ``ranks`` per run, run 1 first, parallel to ``boards``.
    """

    stacks: tuple[int, ...]
    net: tuple[int, ...]
    awards: tuple[_pots.PotAward, ...]
    payouts: tuple[int, ...]
    returned: tuple[int, ...]
    shown: tuple[int, ...]
    ranks: tuple[int | None, ...]
    rake: tuple[int, ...] = ()
    rake_total: int = 0
    boards: tuple[tuple[str, ...], ...] = ()
    run_ranks: tuple[tuple[int | None, ...], ...] = ()


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


def run_order(folded: Sequence[bool], button: int) -> list[int]:
    """The seats asked how many runs they accept, in order (R12.1): every seat
    still in, from the first seat left of the button, clockwise."""
    n = len(folded)
    return [s for s in ((button + 1 + i) % n for i in range(n)) if not folded[s]]


def run_answer_problem(
    phase: str, queue: Sequence[int], seats: int, max_runs: int, seat: object, count: object
) -> tuple[Reason, str] | None:
    """Why ``seat`` may not answer ``count`` to the run question now, or ``None``.

    Args:
        phase: the hand's phase (``"runs"`` while the question is open,
            ``"over"`` once the hand is settled).
        queue: the seats still to answer, the next first.
        seats: the number of seats at the table.
        max_runs: the table's ``max_runs``.
        seat: the seat answering.
        count: the runs it accepts.

    Returns:
        ``(reason, detail)`` for :class:`~holdem.errors.IllegalActionError`,
        or ``None`` when the answer is legal (R12.1).
    """
    if phase == OVER:
        return Reason.HAND_OVER, "the hand is over"
    if phase != RUNS:
        return Reason.NO_RUN_QUESTION, "nobody is asked how many runs they accept now (R12.1)"
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        return Reason.UNKNOWN_SEAT, f"no such seat (0 to {seats - 1})"
    if seat != queue[0]:
        return Reason.NOT_YOUR_TURN, f"seat {queue[0]} answers first (R12.1)"
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= max_runs:
        return Reason.BAD_RUN_COUNT, f"the table allows 1 to {max_runs} runs, got {count!r}"
    return None


def later_runs(
    board: tuple[str, ...], new_cards: Sequence[tuple[str, ...]], log: list[Event]
) -> tuple[tuple[str, ...], ...]:
    """Deal runs 2, 3... after run 1 (R12.2), street by street, into the log.

    Args:
        board: run 1's full board (five cards).
        new_cards: per later run, its own cards (the streets not common to
            every run), as :func:`holdem.cards.run_boards` gives them.
        log: the hand's event log; one :class:`~holdem.events.StreetDealt`
            per street of each later run is appended, with its ``run``.

    Returns:
        Every later run's full board (the common cards, then its own).
    """
    boards = []
    for run, cards in enumerate(new_cards, start=2):
        common = 5 - len(cards)
        full = board[:common]
        for size in (3, 4, 5):
            if size > common:
                new = cards[len(full) - common : size - common]
                full += new
                log.append(StreetDealt(_STREET_AT[size], new, full, True, run))
        boards.append(full)
    return tuple(boards)


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
    *,
    boards: Sequence[tuple[str, ...]] = ((),),
    hole: Sequence[tuple[str, ...]] = (),
) -> HandResult:
    """Pay every pot through the layering module (R7, R8, R12.3, R13).

    The layers nobody can win go back first (R7.5); then the table's rake is
    taken from the pots (R13; not at all with "no flop, no drop" when run 1's
    board has no flop); then, with several runs, each pot is divided into one
    share per run (R12.3) and each share is awarded on its run's board (R8).

    Args:
        config: the table configuration (button and chip unit for odd chips,
            rake, starting stacks for the net result).
        stacks: chips behind per seat; updated in place with returns and payouts.
        contributions: chips each seat put in during the hand (R7.1).
        folded: whether each seat has folded.
        dead: dead money outside the layers (R7.6).
        ranks: treys rank per seat at showdown on run 1's board, ``None`` for
            a seat that cannot win (folded, mucked or unknown); ``None``
            instead of a list when one seat is left and wins every pot
            unshown (R5.2).
        returned: uncalled chips returned per seat so far; updated in place.
        shown: the seats that showed, in showing order.
        log: the hand's event log; the returns, rake, awards and the end are
            appended.
        boards: every run's board, run 1 first (R12.2).
        hole: hole cards per seat; needed with more than one board, to rank
            the hands on the later runs' boards.

    Returns:
        The :class:`HandResult`.

    Raises:
        ShowdownError: a pot has no eligible seat with known cards; nothing
            was changed.
    """
    n = len(stacks)
    layering = _pots.layer_pots(contributions, folded, dead)
    if ranks is None:
        ranks = [None] * n
        run_ranks: list[Sequence[int | None]] = [ranks]
        contenders: list[Sequence[int | None]] = [[None if out else 0 for out in folded]]
    else:
        run_ranks = [ranks]
        for board in boards[1:]:
            run_ranks.append(
                [None if r is None else _showdown.rank(hole[s], board) for s, r in enumerate(ranks)]
            )
        contenders = run_ranks
    rake = config.rake
    pots = layering.pots
    if rake is None or (rake.no_flop_no_drop and len(boards[0]) < 3):
        raked = tuple(0 for _ in pots)
    else:
        raked = _pots.rake_pots(pots, rake, config.chip_unit)
    left = [_pots.Pot(p.amount - r, p.eligible, p.name) for p, r in zip(pots, raked)]
    shares = _pots.share_pots(left, len(run_ranks), config.chip_unit)
    awards: list[_pots.PotAward] = []
    payouts = [0] * n
    try:
        for run, (run_pots, winners) in enumerate(zip(shares, contenders), start=1):
            won = _pots.award_pots(run_pots, winners, config.button, config.chip_unit, run)
            awards.extend(won.awards)
            payouts = [a + b for a, b in zip(payouts, won.payouts)]
    except HoldemError as error:
        raise ShowdownError(str(error)) from None
    for seat, chips in enumerate(layering.returns):
        if chips:
            stacks[seat] += chips
            returned[seat] += chips
            log.append(UncalledReturned(seat, chips))
    for pot, chips in zip(pots, raked):
        if chips:
            log.append(RakeTaken(pot.name, chips))
    for award in awards:
        pot = award.pot
        log.append(
            PotAwarded(pot.name, pot.amount, pot.eligible, award.winners, award.shares, award.run)
        )
    for seat, chips in enumerate(payouts):
        stacks[seat] += chips
    final = tuple(stacks)
    log.append(HandEnded(final))
    return HandResult(
        final,
        tuple(f - s for f, s in zip(final, config.stacks)),
        tuple(awards),
        tuple(payouts),
        tuple(returned),
        tuple(shown),
        tuple(ranks),
        raked,
        sum(raked),
        tuple(boards),
        tuple(tuple(r) for r in run_ranks),
    )
