"""Showdown order, who must show, and settling the pots of one hand (R6, R7, R8).

The functions work on plain per-seat lists (indexed by seat) and never on
streets; pots are layered and awarded by :mod:`holdem.pots`.
:class:`ShowdownPhase` is the part of the hand state machine
(:class:`holdem.hand.Hand`) that uses them once betting is over: the show
order, the show-or-muck decisions and the payout.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from holdem import pots as _pots
from holdem.cards import UNKNOWN
from holdem.config import TableConfig
from holdem.errors import HoldemError, IllegalActionError, Reason
from holdem.events import (
    Event,
    HandEnded,
    Mucked,
    PotAwarded,
    Shown,
    UncalledReturned,
)
from holdem.showdown import rank as _rank
from holdem.showdown import rank_on_board


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
    live = []
    all_in = False
    for s in range(len(ranks)):
        if not folded[s]:
            if stacks[s] == 0:
                all_in = True
            if ranks[s] is not None:
                live.append(s)
    if all_in:
        return set(live)
    required: set[int] = set()
    for pot in layering.pots:
        eligible = pot.eligible
        if len(eligible) > 1:
            best = None
            for s in eligible:
                rank = ranks[s]
                if rank is not None and (best is None or rank < best):
                    best = rank
            if best is not None:
                required.update([s for s in eligible if ranks[s] == best])
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


BETTING = "betting"
SHOWDOWN = "showdown"
OVER = "over"


class ShowdownPhase:
    """The showdown and settlement of a hand (R6, R7, R8): the part of
    :class:`~holdem.hand.Hand` that runs once betting is over.

    A mixin: :class:`~holdem.hand.Hand` holds the state (declared below for
    type checkers) and the betting; this class shows, mucks and pays.
    """

    __slots__ = ("_phase", "_show_queue", "_shown", "_ranks", "_result")

    config: TableConfig
    _n: int
    _manual: bool
    _unknown: bool
    _hole: Sequence[tuple[str, ...]]
    _board: tuple[str, ...]
    _stacks: list[int]
    _contrib: list[int]
    _folded: list[bool]
    _returned: list[int]
    _dead: int
    _log: list[Any]  # events, or (event class, *fields) records (see Hand.log)
    _aggressor: int | None
    _phase: str
    _show_queue: list[int]
    _shown: list[int]
    _ranks: list[int | None]
    _result: HandResult | None

    if TYPE_CHECKING:  # defined by Hand, with the betting checks

        def _run(self, apply: Callable[..., None], *args: Any) -> None: ...

        def _seat(self, seat: object, what: str, amount: int | None) -> int: ...

        def _check_stale(
            self, seat: object, what: str, amount: int | None, decision: object
        ) -> None: ...

    def pots(self) -> _pots.Layering:
        """The pots as they stand now, from the contributions (R7)."""
        return _pots.layer_pots(self._contrib, self._folded, self._dead)

    def _name(self, seat: object) -> str | None:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self._n:
            return self.config.names[seat]
        return None

    def _showdown(self, live: list[int]) -> None:
        board = self._board
        ranks = self._ranks
        hole = self._hole
        known = [s for s in live if hole[s][0] != UNKNOWN]
        if len(board) == 5:
            for s, value in zip(known, rank_on_board([hole[s] for s in known], board)):
                ranks[s] = value
        else:
            for s in known:
                ranks[s] = _rank(hole[s], board)
        if self._unknown:
            # Refuse a showdown that no decision could settle: a pot only
            # unknown hands can win (as the automatic showdown would).
            for pot in self.pots().pots:
                if all(ranks[s] is None for s in pot.eligible):
                    raise ShowdownError(
                        f"no seat eligible for the {pot.name} has a hand that can win it"
                    )
        self._show_queue = show_order(live, self._aggressor, self.config.button, self._n)
        self._phase = SHOWDOWN
        if self._manual:
            self._skip_unknown()
        else:
            required = self._must_show()
            for seat in list(self._show_queue):
                if seat in required:
                    self._reveal(seat)
                else:
                    self._conceal(seat)
            self._finish_showdown()

    def _must_show(self) -> set[int]:
        return must_show(self._ranks, self._folded, self._stacks, self.pots())

    def _reveal(self, seat: int) -> None:
        cards = self._hole[seat]
        rank = self._ranks[seat]
        assert rank is not None
        self._log.append((Shown, seat, cards, rank, self._board))
        self._shown.append(seat)
        self._show_queue.remove(seat)

    def _conceal(self, seat: int) -> None:
        self._ranks[seat] = None
        self._log.append((Mucked, seat))
        self._show_queue.remove(seat)

    def _skip_unknown(self) -> None:
        while self._show_queue and self._ranks[self._show_queue[0]] is None:
            self._conceal(self._show_queue[0])
        if not self._show_queue:
            self._finish_showdown()

    def show(self, seat: int, *, decision: int | None = None) -> None:
        """Show ``seat``'s hole cards at showdown (``show_policy="manual"``, R6.2).

        Raises:
            IllegalActionError: not the showdown, not this seat's turn to show,
                not a seat, or a stale ``decision`` (see :meth:`act`).
        """
        seat = self._check_show(seat, "show", decision)
        self._run(self._decide, seat, True)

    def muck(self, seat: int, *, decision: int | None = None) -> None:
        """Muck ``seat``'s hole cards at showdown, giving up every pot (R6.3).

        Raises:
            IllegalActionError: not this seat's turn, not a seat, a stale
                ``decision`` (see :meth:`act`), or the hand must be shown (it
                wins a pot, or a player is all-in, R6.3, R6.4).
        """
        seat = self._check_show(seat, "muck", decision)
        if seat in self._must_show():
            raise IllegalActionError(
                seat,
                "muck",
                Reason.MUST_SHOW,
                "a winning hand, or any hand after an all-in, must be shown (R6.3, R6.4)",
                None,
                None,
                self._name(seat),
            )
        self._run(self._decide, seat, False)

    def _decide(self, seat: int, show: bool) -> None:
        if show:
            self._reveal(seat)
        else:
            self._conceal(seat)
        self._skip_unknown()

    def _check_show(self, seat: object, what: str, decision: int | None) -> int:
        """``seat`` as a plain int when it may show or muck now; else refuse."""
        if decision is not None:
            self._check_stale(seat, what, None, decision)
        if self._phase != SHOWDOWN:
            raise IllegalActionError(
                seat,  # type: ignore[arg-type]
                what,
                Reason.NOT_SHOWDOWN,
                "it is not the showdown",
                None,
                None,
                self._name(seat),
            )
        index = self._seat(seat, what, None)
        first = self._show_queue[0]
        if index != first:
            raise IllegalActionError(
                index,
                what,
                Reason.NOT_YOUR_TURN,
                f"seat {first} ({self.config.names[first]}) shows first (R6.2)",
                None,
                None,
                self._name(index),
            )
        return index

    def _finish_showdown(self) -> None:
        self._settle(list(self._ranks))

    def _settle(self, ranks: list[int | None] | None) -> None:
        """Pay every pot (R7, R8); ``ranks`` is ``None`` when one seat is left."""
        result = settle(
            self.config,
            self._stacks,
            self._contrib,
            self._folded,
            self._dead,
            ranks,
            self._returned,
            self._shown,
            self._log,
        )
        self._phase = OVER
        self._show_queue = []
        self._result = result
