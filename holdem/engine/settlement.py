"""Showdown order, who must show, running the board more than once, rake, and
settling the pots of one hand (R6, R7, R8, R12, R13).

The functions work on plain per-seat lists (indexed by seat); pots are
layered, raked, shared between runs and awarded by :mod:`holdem.engine.pots`.
:class:`ShowdownPhase` is the part of the hand state machine
(:class:`holdem.engine.hand.Hand`) that uses them once betting is over: the show
order, the show-or-muck decisions and the payout.
"""

from __future__ import annotations

from bisect import bisect_left as _bisect_left
from collections.abc import Callable, Sequence
from operator import sub as _sub
from typing import TYPE_CHECKING, Any

import attrs

from holdem.engine import pots as _pots
from holdem.engine._frozen import fast_constructor
from holdem.engine._guard import guarded
from holdem.engine.cards import UNKNOWN
from holdem.engine.config import TableConfig, plain_int
from holdem.engine.events import (
    Event,
    HandEnded,
    Mucked,
    PotAwarded,
    RakeTaken,
    Shown,
    StreetDealt,
    UncalledReturned,
)
from holdem.engine.showdown import rank as _rank
from holdem.engine.showdown import rank_on_board
from holdem.errors import HoldemError, IllegalActionError, Reason, value_text

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
        awards: one :class:`~holdem.engine.pots.PotAward` per pot, main pot first,
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


_new_result = fast_constructor(HandResult)
"""``HandResult(...)`` with every field given, built faster (the same object)."""


def plain_result(
    final: tuple[int, ...],
    start: tuple[int, ...],
    amount: int,
    eligible: tuple[int, ...],
    winners: tuple[int, ...],
    shares: tuple[int, ...],
    payouts: tuple[int, ...],
    returned: tuple[int, ...],
    shown: tuple[int, ...],
    ranks: tuple[int | None, ...],
    board: tuple[str, ...],
) -> HandResult:
    """The :class:`HandResult` of a hand settled by :meth:`ShowdownPhase._pay_one_pot`
    (one pot, one run, no rake): what :func:`settle` builds for it, built when
    :attr:`holdem.engine.hand.Hand.result` is first read (the hand keeps these
    values until then)."""
    award = _pots._new_award(_pots._new_pot(amount, eligible, "main pot"), winners, shares, 1)
    return _new_result(
        final,
        tuple(map(_sub, final, start)),
        (award,),
        payouts,
        returned,
        shown,
        ranks,
        (0,),
        0,
        (board,),
        (ranks,),
    )


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
    ordered = sorted(set(live))  # the seats from ``start`` on, then the ones before
    return [s for s in ordered if s >= start] + [s for s in ordered if s < start]


def must_show(
    ranks: Sequence[int | None],
    folded: Sequence[bool],
    ran_out: bool,
    layering: _pots.Layering,
) -> set[int]:
    """The seats whose hands must be shown at showdown (R6.3, R6.4).

    Args:
        ranks: treys rank per seat, ``None`` for unknown or mucked hands.
        folded: whether each seat has folded.
        ran_out: betting ended early because fewer than two players could
            still bet (R5.3): some street was dealt without betting.
        layering: the pots as they stand (:func:`holdem.engine.pots.layer_pots`).

    Returns:
        Every known hand still in when betting ended early (R6.4), else each
        known hand that wins a share of a pot (R6.3), a side pot only it can
        win included: where two or more players with chips bet or checked to the
        showdown beside an all-in player, a losing hand may be mucked.
    """
    if ran_out:
        return {s for s in range(len(ranks)) if not folded[s] and ranks[s] is not None}
    required: set[int] = set()
    for pot in layering.pots:
        # the best known hand of every pot, a pot only one seat can win included
        best = None
        for s in pot.eligible:
            rank = ranks[s]
            if rank is not None and (best is None or rank < best):
                best = rank
        if best is not None:
            required.update([s for s in pot.eligible if ranks[s] == best])
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
        seat: the seat answering (a whole number; a bool is not a seat).
        count: the runs it accepts (a whole number; a bool is not one).

    Returns:
        ``(reason, detail)`` for :class:`~holdem.errors.IllegalActionError`,
        or ``None`` when the answer is legal (R12.1).
    """
    if phase == OVER:
        return Reason.HAND_OVER, "the hand is over"
    if phase != RUNS:
        return Reason.NO_RUN_QUESTION, "nobody is asked how many runs they accept now (R12.1)"
    index = plain_int(seat)
    if index is None or not 0 <= index < seats:
        return Reason.UNKNOWN_SEAT, f"no such seat (0 to {seats - 1})"
    if index != queue[0]:
        return Reason.NOT_YOUR_TURN, f"seat {queue[0]} answers first (R12.1)"
    runs = plain_int(count)
    if runs is None or not 1 <= runs <= max_runs:
        got = value_text(count, True)
        return Reason.BAD_RUN_COUNT, f"the table allows 1 to {max_runs} runs, got {got}"
    return None


def later_runs(
    board: tuple[str, ...], new_cards: Sequence[tuple[str, ...]], log: list[Event]
) -> tuple[tuple[str, ...], ...]:
    """Deal runs 2, 3... after run 1 (R12.2), street by street, into the log.

    Args:
        board: run 1's full board (five cards).
        new_cards: per later run, its own cards (the streets not common to
            every run), as :func:`holdem.engine.cards.run_boards` gives them.
        log: the hand's event log; one :class:`~holdem.engine.events.StreetDealt`
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
    log: list[Any],
    *,
    boards: Sequence[tuple[str, ...]] = ((),),
    hole: Sequence[tuple[str, ...]] = (),
    layering: _pots.Layering | None = None,
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
            appended as ``(event class, *fields)`` records (built into events
            when :attr:`holdem.engine.hand.Hand.log` is read).
        boards: every run's board, run 1 first (R12.2).
        hole: hole cards per seat; needed with more than one board, to rank
            the hands on the later runs' boards.
        layering: the pots of ``contributions``, ``folded`` and ``dead`` as
            :func:`holdem.engine.pots.layer_pots` gives them, when the caller has
            them already; built here when ``None``.

    Returns:
        The :class:`HandResult`.

    Raises:
        ShowdownError: a pot has no eligible seat with known cards; nothing
            was changed.
    """
    n = len(stacks)
    if layering is None:
        layering = _pots.layer_pots(contributions, folded, dead)
    if ranks is None:
        ranks = [None] * n
        run_ranks: list[Sequence[int | None]] = [ranks]
        contenders: list[Sequence[int | None]] = [[None if out else 0 for out in folded]]
    else:
        run_ranks = [ranks]
        for board in boards[1:]:
            run_ranks.append(
                [None if r is None else _rank(hole[s], board) for s, r in enumerate(ranks)]
            )
        contenders = run_ranks
    rake = config.rake
    pots = layering.pots
    left = pots
    if rake is None or (rake.no_flop_no_drop and len(boards[0]) < 3):
        raked: tuple[int, ...] = (0,) * len(pots)
    else:
        raked = _pots.rake_pots(pots, rake, config.chip_unit)
        left = tuple(_pots.Pot(p.amount - r, p.eligible, p.name) for p, r in zip(pots, raked))
    unit = config.chip_unit
    try:
        if len(contenders) == 1:
            awards, payouts = _pots._award(left, contenders[0], config.button, unit, 1)
        else:
            awards, payouts = (), (0,) * n
            shares = _pots.share_pots(left, len(contenders), unit)
            for run, (run_pots, winners) in enumerate(zip(shares, contenders), start=1):
                won = _pots.award_pots(run_pots, winners, config.button, unit, run)
                awards += won.awards
                payouts = tuple(a + b for a, b in zip(payouts, won.payouts))
    except HoldemError as error:
        raise ShowdownError(str(error)) from None
    returns = layering.returns
    if any(returns):
        for seat, chips in enumerate(returns):
            if chips:
                stacks[seat] += chips
                returned[seat] += chips
                log.append((UncalledReturned, seat, chips))
    if rake is not None and any(raked):
        for pot, chips in zip(pots, raked):
            if chips:
                log.append((RakeTaken, pot.name, chips))
    for award in awards:
        pot = award.pot
        log.append(
            (PotAwarded, pot.name, pot.amount, pot.eligible, award.winners, award.shares, award.run)
        )
    for seat, chips in enumerate(payouts):
        if chips:
            stacks[seat] += chips
    final = tuple(stacks)
    log.append((HandEnded, final))
    final_ranks = tuple(ranks)
    return _new_result(
        final,
        tuple(map(_sub, final, config.stacks)),
        awards,
        payouts,
        tuple(returned),
        tuple(shown),
        final_ranks,
        raked,
        sum(raked),
        tuple(boards),
        (final_ranks,) if len(run_ranks) == 1 else tuple(tuple(r) for r in run_ranks),
    )


class ShowdownPhase:
    """The showdown and settlement of a hand (R6, R7, R8): the part of
    :class:`~holdem.engine.hand.Hand` that runs once betting is over.

    A mixin: :class:`~holdem.engine.hand.Hand` holds the state (declared below for
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
    _result: HandResult | tuple[Any, ...] | None  # values of a result not built yet: _close
    _run_boards: tuple[tuple[str, ...], ...]

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
        known = [s for s in live if hole[s][0] != UNKNOWN] if self._unknown else live
        if len(board) == 5:
            for s, value in zip(known, rank_on_board(map(hole.__getitem__, known), board)):
                ranks[s] = value
        else:
            for s in known:
                ranks[s] = _rank(hole[s], board)
        if not (self._unknown or self._manual or self._run_boards) and self.config.rake is None:
            # One pot when every seat still in put in the most any seat did
            # (as _pots._layer finds it): shown and paid in one pass.
            contrib = self._contrib
            top = max(contrib)
            for s in live:
                if contrib[s] != top:
                    break
            else:
                if top:
                    self._pay_one_pot(live, ranks)
                    return
        # The hand's own checked lists: layered without layer_pots' input checks.
        layering = _pots._layer(tuple(self._contrib), self._folded, self._dead)
        if self._unknown:
            # Refuse a showdown that no decision could settle: a pot only
            # unknown hands can win (as the automatic showdown would).
            for pot in layering.pots:
                if all(ranks[s] is None for s in pot.eligible):
                    raise ShowdownError(
                        f"no seat eligible for the {pot.name} has a hand that can win it"
                    )
        # show_order(live, ...) on ``live``, which is in seat order already
        start = self._aggressor
        if start is None:
            start = (self.config.button + 1) % self._n
        cut = _bisect_left(live, start)
        self._show_queue = live[cut:] + live[:cut]
        self._phase = SHOWDOWN
        if self._manual:
            self._skip_unknown()
        else:
            required = must_show(ranks, self._folded, self._ran_out(), layering)
            log, shown, hole = self._log, self._shown, self._hole
            for seat in self._show_queue:  # as _reveal and _conceal, in order
                if seat in required:
                    log.append((Shown, seat, hole[seat], ranks[seat], board))
                    shown.append(seat)
                else:
                    ranks[seat] = None
                    log.append((Mucked, seat))
            self._show_queue = []
            self._settle(list(ranks), layering)

    def _pay_one_pot(self, live: list[int], ranks: list[int | None]) -> None:
        """The automatic showdown (R6.2-R6.4) and payout (R8) of a hand with one
        pot that every seat still in (``live``, two or more, in seat order, all
        with known cards, ranked in ``ranks``) paid in full, one run, no rake:
        what :meth:`_showdown` then :func:`settle` do for it, without the
        layering and award objects; the :class:`HandResult` is built when first
        read (:func:`plain_result`)."""
        n = self._n
        button = self.config.button
        start = self._aggressor
        if start is None:
            start = (button + 1) % n
        cut = _bisect_left(live, start)
        best = min([ranks[s] for s in live])  # type: ignore[type-var]
        winners = [s for s in live if ranks[s] == best]
        log, shown, hole, board = self._log, self._shown, self._hole, self._board
        if self._ran_out():
            for seat in live[cut:] + live[:cut]:  # R6.4: every hand is shown
                log.append((Shown, seat, hole[seat], ranks[seat], board))
                shown.append(seat)
        else:
            for seat in live[cut:] + live[:cut]:  # R6.3: the winners show, the rest muck
                if ranks[seat] == best:
                    log.append((Shown, seat, hole[seat], ranks[seat], board))
                    shown.append(seat)
                else:
                    ranks[seat] = None
                    log.append((Mucked, seat))
        self._show_queue = []
        amount = sum(self._contrib) + self._dead
        payout = [0] * n
        shares = _pots._split_pot(amount, winners, button, n, self.config.chip_unit)
        for s, chips in zip(winners, shares):
            payout[s] = chips
        self._close(tuple(live), tuple(winners), tuple(shares), tuple(payout), tuple(ranks), board)

    def _win_by_folds(self) -> bool:
        """Pay the one seat left (R5.2) when it put in the most any seat did
        (one pot, nothing returned, as :func:`settle` pays it), with no rake
        and one run; ``False`` (nothing done) otherwise."""
        contrib = self._contrib
        top = max(contrib)
        seat = self._folded.index(False)
        if not top or contrib[seat] != top or contrib.count(top) < 2:
            return False
        amount = sum(contrib) + self._dead
        payout = [0] * self._n
        payout[seat] = amount
        # The pot's eligible seats and its winners: equal, distinct tuples (as settle's).
        self._close((seat,), (seat,), (amount,), tuple(payout), (None,) * self._n, self._board)
        return True

    def _close(
        self,
        eligible: tuple[int, ...],
        winners: tuple[int, ...],
        shares: tuple[int, ...],
        payouts: tuple[int, ...],
        ranks: tuple[int | None, ...],
        board: tuple[str, ...],
    ) -> None:
        """Award the one pot (R8), end the hand and keep its result's values."""
        stacks = self._stacks
        amount = sum(shares)
        self._log.append((PotAwarded, "main pot", amount, eligible, winners, shares, 1))
        for seat, chips in zip(winners, shares):
            stacks[seat] += chips
        final = tuple(stacks)
        self._log.append((HandEnded, final))
        self._phase = OVER
        self._show_queue = []
        self._result = (  # the HandResult's values: built on first read (Hand.result)
            final,
            self.config.stacks,
            amount,
            eligible,
            winners,
            shares,
            payouts,
            tuple(self._returned),
            tuple(self._shown),
            ranks,
            board,
        )

    def _must_show(self) -> set[int]:
        return must_show(self._ranks, self._folded, self._ran_out(), self.pots())

    def _ran_out(self) -> bool:
        """Whether betting ended early (R5.3): a street was dealt without betting.

        Once a street is dealt without betting, so is every street after it
        (nobody bets again): the last street dealt tells, so the log is read
        from its end."""
        for entry in reversed(self._log):
            if type(entry) is tuple:
                if entry[0] is StreetDealt:
                    return bool(entry[4])
            elif isinstance(entry, StreetDealt):
                return entry.run_out
        return False

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

    @guarded
    def show(self, seat: int, *, decision: int | None = None) -> None:
        """Show ``seat``'s hole cards at showdown (``show_policy="manual"``, R6.2).

        Raises:
            IllegalActionError: not the showdown, not this seat's turn to show,
                not a seat, or a stale ``decision`` (see :meth:`act`).
        """
        seat = self._check_show(seat, "show", decision)
        self._run(self._decide, seat, True)

    @guarded
    def muck(self, seat: int, *, decision: int | None = None) -> None:
        """Muck ``seat``'s hole cards at showdown, giving up every pot (R6.3).

        Raises:
            IllegalActionError: not this seat's turn, not a seat, a stale
                ``decision`` (see :meth:`act`), or the hand must be shown (it
                wins a pot, or betting ended early, R6.3, R6.4).
        """
        seat = self._check_show(seat, "muck", decision)
        if seat in self._must_show():
            raise IllegalActionError(
                seat,
                "muck",
                Reason.MUST_SHOW,
                "a winning hand, or any hand once betting ended early, must be shown (R6.3, R6.4)",
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

    def _settle(
        self, ranks: list[int | None] | None, layering: _pots.Layering | None = None
    ) -> None:
        """Pay every pot (R7, R8); ``ranks`` is ``None`` when one seat is left;
        ``layering`` is :meth:`pots` when the caller has it."""
        if (
            ranks is None
            and layering is None
            and self.config.rake is None
            and not self._run_boards
            and self._win_by_folds()
        ):
            return
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
            boards=(self._board, *self._run_boards),
            hole=self._hole,
            layering=layering,
        )
        self._phase = OVER
        self._show_queue = []
        self._result = result
