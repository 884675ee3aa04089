"""The turn clock at the table: timed actions, deadlines, timeouts (issue 12, item 5).

The part of :class:`holdem.table.table.Table` that times decisions with its
:class:`~holdem.table.clock.TurnClock` (see :mod:`holdem.table.clock` for the rules of
the clock). A decision is a betting action or, at a table allowing several
runs, the answer to the run question (R12.1, :meth:`TableTurns.choose_runs`);
a run question out of time is answered with one run, as any player may
keep it to one run. :class:`TableTurns` is a base of ``Table`` and works on the
table's state, declared below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from holdem.engine.betting import Action
from holdem.engine.hand import Hand
from holdem.errors import IllegalActionError, Reason, value_text
from holdem.table.clock import TurnClock, default_action
from holdem.table.events import ActedForAbsent, SatOut, TableEvent, TimedOut
from holdem.table.seats import Player, TableError, TableReason

Decide = Callable[[Hand, int], Action | str]
"""A decision callback: ``decide(hand, seat)`` returns the action of hand seat
``seat`` (the seat in :attr:`Hand.to_act`), as an Action or its text."""

Runs = Callable[[Hand, int], int]
"""A run-question callback: ``runs(hand, seat)`` returns how many runs hand
seat ``seat`` (:attr:`Hand.run_seat`) accepts (R12.1)."""

RUN_TIMEOUT = "runs 1"
"""The action recorded when the table answers the run question for a seat:
one run (R12.1)."""


class TimedHand(Hand):
    """A hand dealt by a table with a turn clock.

    It is an ordinary :class:`~holdem.engine.hand.Hand` that tells the table each
    time it accepts a decision, so the next decision's time starts at that
    moment whether the action came through :meth:`TableTurns.act` or was
    made directly on the hand (``hand.act``, ``hand.call``...). Copies
    (:meth:`~holdem.engine.hand.Hand.copy`) are plain hands and tell nobody.
    """

    __slots__ = ("_on_decision",)

    def __init__(self, *args: Any, on_decision: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._on_decision = on_decision

    @classmethod
    def adopt(cls, hand: Hand, on_decision: Callable[[], None]) -> TimedHand:
        """``hand`` (a restored one) as a timed hand; ``hand`` itself must
        not be used afterwards (the two share their state)."""
        timed = cls.__new__(cls)
        for name in Hand._ALL_SLOTS:
            setattr(timed, name, getattr(hand, name))
        timed._on_decision = on_decision
        return timed

    def _run(self, apply: Callable[..., None], *args: Any) -> None:
        super()._run(apply, *args)
        self._on_decision()


class TableTurns:
    """Timed actions for :class:`holdem.table.table.Table` (its base class)."""

    # The table's state that the clock reads and writes (set by Table).
    turn_clock: TurnClock | None
    _clock: Callable[[], float]
    _hand: Hand | None
    _hand_seats: tuple[int, ...]
    _hands: int
    _players: list[Player | None]
    _record: Callable[[TableEvent], None]
    # When the decision in progress started on the clock.
    _turn_started: float | None

    def act(self, seat: int, action: Action | str, *, decision: int | None = None) -> None:
        """Apply ``action`` for the player at **table** seat ``seat`` in the
        hand in progress, timing it with the turn clock (:mod:`holdem.table.clock`).

        ``decision``, when given, is the :attr:`Hand.decision
        <holdem.engine.hand.Hand.decision>` number the action answers: a stale or
        duplicate action is refused (``Reason.STALE``) and changes nothing.

        Decisions that are already out of time are settled first
        (:meth:`poll_clock`). A decision made in time resets the player's
        timeouts in a row; time over ``decision_seconds`` comes out of their
        bank. Without a turn clock this is ``hand.act`` by table seat.

        Raises:
            TableError: ``seat`` is not a table seat (a whole number, never a
                bool), no hand in progress, a seat not dealt in, the seat's
                decision had just timed out (``timed_out``: the default
                action stands), or the player sits out and the table acted
                for them (``sitting_out``, R14.1).
            IllegalActionError: the action is not legal now (R3.7), or the
                decision number is stale; the table and the hand are
                unchanged. Its ``seat`` and message are in table seats (its
                ``legal`` is the hand's, in hand seats).
            NotationError: the text is not an action.
        """
        hand = self._decision_hand(seat)
        self._timed(seat, lambda i: hand.act(i, action, decision=decision))

    def choose_runs(self, seat: int, count: int, *, decision: int | None = None) -> None:
        """Answer the run question (R12.1) for the player at **table** seat
        ``seat``: they accept at most ``count`` runs of the board.

        As :meth:`act` for a betting decision: timed by the turn clock, a
        stale ``decision`` number refused, and decisions already out of
        time settled first (a run question out of time is answered with one
        run). Without a turn clock this is
        :meth:`Hand.choose_runs <holdem.engine.hand.Hand.choose_runs>` by table seat.

        Raises:
            TableError: as for :meth:`act`.
            IllegalActionError: no run question is open, the seat is not the
                one asked, ``count`` is not from 1 to the table's
                ``max_runs``, or the decision number is stale; the table and
                the hand are unchanged. Its ``seat`` and message are in
                table seats.
        """
        hand = self._decision_hand(seat)
        self._timed(seat, lambda i: hand.choose_runs(i, count, decision=decision))

    def _decision_hand(self, seat: int) -> Hand:
        """The hand in progress, for a decision of table seat ``seat``, after
        settling the decisions out of time (:meth:`poll_clock`)."""
        size = len(self._players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < size:
            raise TableError(
                None,
                TableReason.NO_SUCH_SEAT,
                f"no table seat {value_text(seat, True)} (0 to {size - 1})",
            )
        timed_out = self.poll_clock()
        hand = self._hand
        if hand is None:
            raise TableError(None, TableReason.NO_HAND, "no hand in progress")
        for event in timed_out:
            if event.seat == seat and isinstance(event, ActedForAbsent):
                raise TableError(
                    seat, TableReason.SITTING_OUT, "sits out: the table acted for them (R14.1)"
                )
            if event.seat == seat:
                raise TableError(seat, TableReason.TIMED_OUT, "too late: the decision timed out")
        if seat not in self._hand_seats:
            raise TableError(seat, TableReason.NOT_DEALT_IN, "no player dealt in at that seat")
        return hand

    def _timed(self, seat: int, decide: Callable[[int], None]) -> None:
        """Make the decision ``decide(hand_seat)`` of table seat ``seat`` and
        count its time on the turn clock."""
        rules = self.turn_clock
        now = self._clock()
        started = self._turn_started
        try:
            decide(self._hand_seats.index(seat))
        except IllegalActionError as error:
            raise self._by_table_seat(error, seat) from None
        if rules is None:
            return
        player = self._players[seat]
        assert player is not None and started is not None
        player.time_bank = rules.bank_after(started, now, player.time_bank)
        player.timeouts = 0

    def _deciding(self) -> int | None:
        """The hand seat of the decision in progress: the seat to act, or
        the seat asked the run question (R12.1); ``None`` when there is none."""
        hand = self._hand
        if hand is None:
            return None
        seat = hand.to_act
        return hand.run_seat if seat is None else seat

    @property
    def deadline(self) -> float | None:
        """The clock time the decision in progress (an action or the run
        question) times out, or ``None`` (no turn clock, no hand, or nobody
        to decide). A player sitting out
        (R14.1) has no time: their decision is due when it starts."""
        rules, deciding = self.turn_clock, self._deciding()
        if rules is None or deciding is None:
            return None
        player = self._players[self._hand_seats[deciding]]
        assert player is not None and self._turn_started is not None
        if player.sitting_out:
            return self._turn_started
        return rules.deadline(self._turn_started, player.time_bank)

    def poll_clock(self) -> tuple[TimedOut | ActedForAbsent, ...]:
        """Apply the default action to a decision that is out of time: check
        when nothing is owed, else fold (:func:`holdem.table.clock.default_action`);
        on the run question, one run (R12.1; recorded with the action
        ``"runs 1"``).

        The player's bank is then empty and their timeouts in a row go up
        by one; a :class:`TimedOut` event records it, and after
        ``sit_out_after`` timeouts in a row the player sits out from the
        next hand (a :class:`~holdem.table.events.SatOut`, R14.1). A player
        sitting out has no time: their later decisions in this hand are due
        at once, and the action applied for them is an
        :class:`~holdem.table.events.ActedForAbsent` (not a timeout). The
        next decision starts now. Returns the event of the action applied
        (none or one). Without a turn clock only a player sitting out is
        acted for (a tournament player sitting out, R14.1); without a hand
        in progress nothing happens.
        """
        deciding = self._deciding()
        if deciding is None:
            return ()
        player = self._players[self._hand_seats[deciding]]
        if player is not None and player.sitting_out:  # due at once, clock or not
            return (self._time_out(),)
        deadline = self.deadline
        if deadline is None or not self._clock() >= deadline:  # a NaN clock times out nobody
            return ()
        return (self._time_out(),)

    def _time_out(self) -> TimedOut | ActedForAbsent:
        """Apply the default action for the seat to act (out of time, or
        sitting out) and record it."""
        hand, deciding = self._hand, self._deciding()
        assert hand is not None and deciding is not None
        seat = self._hand_seats[deciding]
        player = self._players[seat]
        assert player is not None
        legal = hand.legal_actions()
        if legal is None:  # the run question: one run (R12.1)
            hand.choose_runs(deciding, 1)
            action = RUN_TIMEOUT
        else:
            default = default_action(legal)
            hand.act(deciding, default)
            action = default.kind.value
        rules = self.turn_clock
        event: TimedOut | ActedForAbsent
        if player.sitting_out:
            event = ActedForAbsent(self._hands + 1, seat, player.name, action)
            self._record(event)
        else:
            player.timeouts += 1
            event = TimedOut(self._hands + 1, seat, player.name, action, player.timeouts)
            self._record(event)
            if rules is not None:
                player.time_bank = 0.0
                if rules.sit_out_after is not None and player.timeouts >= rules.sit_out_after:
                    player.sitting_out = True
                    player.entry = None
                    self._record(SatOut(seat, player.name, "timeouts"))
        return event

    def _by_table_seat(self, error: IllegalActionError, seat: int) -> IllegalActionError:
        """``error`` from the hand, told in table seats: its ``seat`` and the
        seats its message names (``error.legal`` stays the hand's)."""
        hand = self._hand
        assert hand is not None
        names, seats = hand.config.names, self._hand_seats
        i = seats.index(seat)
        who = f"seat {i} ({names[i]}) cannot "
        message = str(error)
        options = f" (legal: {error.legal if error.legal is not None else 'none'})"
        _, _, detail = message[len(who) :].partition(": ")
        detail = detail[: len(detail) - len(options)] if detail.endswith(options) else detail
        other = self._deciding()
        if error.reason is Reason.NOT_YOUR_TURN and other is not None:
            detail = f"it is seat {seats[other]}'s turn ({names[other]})"
        return IllegalActionError(
            seat, error.action, error.reason, detail, error.legal, error.amount, names[i]
        )

    def _decided(self) -> None:
        """A decision was accepted (:class:`TimedHand`): the next one starts now."""
        self._turn_started = self._clock()
