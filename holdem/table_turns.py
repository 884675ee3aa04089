"""The turn clock at the table: timed actions, deadlines, timeouts (issue 12, item 5).

The part of :class:`holdem.table.Table` that times decisions with its
:class:`~holdem.clock.TurnClock` (see :mod:`holdem.clock` for the rules of
the clock). :class:`TableTurns` is a base of ``Table`` and works on the
table's state, declared below.
"""

from __future__ import annotations

from collections.abc import Callable

from holdem.betting import Action
from holdem.clock import TurnClock, default_action
from holdem.hand import Hand
from holdem.table_events import SatOut, TableEvent, TimedOut
from holdem.table_seats import Player, TableError, TableReason


class TableTurns:
    """Timed actions for :class:`holdem.table.Table` (its base class)."""

    # The table's state that the clock reads and writes (set by Table).
    turn_clock: TurnClock | None
    _clock: Callable[[], float]
    _hand: Hand | None
    _hand_seats: tuple[int, ...]
    _hands: int
    _players: list[Player | None]
    _record: Callable[[TableEvent], None]
    # The decision in progress: when it started on the clock, and (hand
    # number, decision number) to notice actions made directly on the hand.
    _turn_started: float | None
    _turn_key: tuple[int, int] | None

    def act(self, seat: int, action: Action | str, *, decision: int | None = None) -> None:
        """Apply ``action`` for the player at **table** seat ``seat`` in the
        hand in progress, timing it with the turn clock (:mod:`holdem.clock`).

        ``decision``, when given, is the :attr:`Hand.decision
        <holdem.hand.Hand.decision>` number the action answers: a stale or
        duplicate action is refused (``Reason.STALE``) and changes nothing.

        Decisions that are already out of time are settled first
        (:meth:`poll_clock`). A decision made in time resets the player's
        timeouts in a row; time over ``decision_seconds`` comes out of their
        bank. Without a turn clock this is ``hand.act`` by table seat.

        Raises:
            TableError: no hand in progress, a seat not dealt in, or the
                seat's decision had just timed out (``timed_out``: the
                default action stands).
            IllegalActionError: the action is not legal now (R3.7), or the
                decision number is stale; the table and the hand are
                unchanged.
            NotationError: the text is not an action.
        """
        timed_out = self.poll_clock()
        hand = self._hand
        if hand is None:
            raise TableError(None, TableReason.NO_HAND, "no hand in progress")
        if any(event.seat == seat for event in timed_out):
            raise TableError(seat, TableReason.TIMED_OUT, "too late: the decision timed out")
        if seat not in self._hand_seats:
            raise TableError(seat, TableReason.NOT_DEALT_IN, "no player dealt in at that seat")
        rules = self.turn_clock
        now = self._clock()
        if rules is not None:
            self._sync_turn(now)
        hand.act(self._hand_seats.index(seat), action, decision=decision)
        if rules is None:
            return
        player = self._players[seat]
        assert player is not None and self._turn_started is not None
        player.time_bank = rules.bank_after(self._turn_started, now, player.time_bank)
        player.timeouts = 0
        self._start_turn(now)

    @property
    def deadline(self) -> float | None:
        """The clock time the decision in progress times out, or ``None``
        (no turn clock, no hand, or nobody to act). A player sitting out
        (R14.1) has no time: their decision is due when it starts."""
        rules, hand = self.turn_clock, self._hand
        if rules is None or hand is None or (legal := hand.legal_actions()) is None:
            return None
        self._sync_turn(self._clock())
        player = self._players[self._hand_seats[legal.seat]]
        assert player is not None and self._turn_started is not None
        if player.sitting_out:
            return self._turn_started
        return rules.deadline(self._turn_started, player.time_bank)

    def poll_clock(self) -> tuple[TimedOut, ...]:
        """Apply the default action to a decision that is out of time: check
        when nothing is owed, else fold (:func:`holdem.clock.default_action`).

        The player's bank is then empty and their timeouts in a row go up
        by one; a :class:`TimedOut` event records it, and after
        ``sit_out_after`` timeouts in a row the player sits out from the
        next hand (a :class:`~holdem.table_events.SatOut`, R14.1); a player
        sitting out has no time, so their later decisions in this hand are
        due at once. The next
        decision starts now. Returns the timeouts applied (none or one).
        Does nothing without a turn clock or a hand in progress.
        """
        deadline = self.deadline
        if deadline is None or self._clock() < deadline:
            return ()
        return (self._time_out(),)

    def _time_out(self) -> TimedOut:
        """Apply the default action for the seat to act (out of time, or
        sitting out) and record it."""
        hand = self._hand
        legal = None if hand is None else hand.legal_actions()
        assert hand is not None and legal is not None
        seat = self._hand_seats[legal.seat]
        player = self._players[seat]
        assert player is not None
        action = default_action(legal)
        hand.act(legal.seat, action)
        player.timeouts += 1
        event = TimedOut(self._hands + 1, seat, player.name, action.kind.value, player.timeouts)
        self._record(event)
        rules = self.turn_clock
        if rules is not None and not player.sitting_out:
            player.time_bank = 0.0
            if rules.sit_out_after is not None and player.timeouts >= rules.sit_out_after:
                player.sitting_out = True
                player.entry = None
                self._record(SatOut(seat, player.name, "timeouts"))
        if rules is not None:
            self._start_turn(self._clock())
        return event

    def _start_turn(self, now: float) -> None:
        hand = self._hand
        assert hand is not None
        self._turn_started = now
        self._turn_key = (self._hands + 1, hand.decision)

    def _sync_turn(self, now: float) -> None:
        """An action made directly on the hand starts the next decision now."""
        hand = self._hand
        assert hand is not None
        if self._turn_key != (self._hands + 1, hand.decision):
            self._start_turn(now)
