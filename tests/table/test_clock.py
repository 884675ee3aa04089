"""The turn clock: time per decision, a time bank, check-or-fold on a timeout
(issue 12, item 5; the default action follows R3.1: no fold where a check is
free). Every test runs on a fake clock.
"""

from __future__ import annotations

import pytest

from holdem import Action, ConfigError, IllegalActionError, Kind
from holdem.table.clock import TurnClock, default_action
from holdem.table.table import Level, Table, TableError, TableReason, TimedOut


class FakeClock:
    """An injectable clock: seconds, moved by hand."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def timed_table(seats: int = 3, **clock_options: object) -> tuple[Table, FakeClock]:
    """Blinds 5/10, button on seat 0; 10 seconds a decision, 5 in the bank."""
    clock = FakeClock(100.0)
    rules = TurnClock(10, time_bank=5, **clock_options)  # type: ignore[arg-type]
    table = Table(seats, schedule=Level(5, 10), seed=3, clock=clock, turn_clock=rules, button=0)
    for seat in range(seats):
        table.sit(seat, "ABCDEF"[seat], 500)
    return table, clock


def test_turn_clock_settings_are_checked() -> None:
    for kwargs, field in [
        ({"decision_seconds": 0}, "decision_seconds"),
        ({"decision_seconds": -1}, "decision_seconds"),
        ({"decision_seconds": float("inf")}, "decision_seconds"),
        ({"decision_seconds": True}, "decision_seconds"),
        ({"decision_seconds": "10"}, "decision_seconds"),
        ({"decision_seconds": 10, "time_bank": -1}, "time_bank"),
        ({"decision_seconds": 10, "time_bank": float("nan")}, "time_bank"),
        ({"decision_seconds": 10, "sit_out_after": 0}, "sit_out_after"),
        ({"decision_seconds": 10, "sit_out_after": 1.5}, "sit_out_after"),
    ]:
        with pytest.raises(ConfigError) as info:
            TurnClock(**kwargs)  # type: ignore[arg-type]
        assert info.value.field == field
    with pytest.raises(ConfigError) as info:
        Table(3, schedule=Level(5, 10), turn_clock=10)  # type: ignore[arg-type]
    assert info.value.field == "turn_clock"


def test_deadline_is_decision_time_plus_bank() -> None:
    table, clock = timed_table()
    assert table.deadline is None  # no hand yet
    table.start_hand()
    assert table.deadline == 115.0  # 100 + 10 + 5
    assert [s.time_bank for s in table.seats if s] == [5.0, 5.0, 5.0]


def test_an_action_in_time_keeps_the_bank_and_a_late_one_draws_on_it() -> None:
    table, clock = timed_table()
    hand = table.start_hand()
    clock.now = 109.0  # 9 seconds: in time
    table.act(0, "call")
    assert table.seats[0].time_bank == 5.0  # type: ignore[union-attr]
    assert table.deadline == 124.0  # seat 1's decision started at 109
    clock.now = 122.5  # 13.5 seconds: 3.5 over the limit
    table.act(1, "call")
    assert table.seats[1].time_bank == 1.5  # type: ignore[union-attr]
    assert table.deadline == 137.5  # seat 2: 122.5 + 10 + 5
    assert hand.to_act == 2 and table.poll_clock() == ()


def test_timeout_folds_when_a_bet_is_owed() -> None:
    """Seat 0 (first to act, owes 10) times out: fold."""
    table, clock = timed_table()
    hand = table.start_hand()
    clock.now = 114.9
    assert table.poll_clock() == ()
    clock.now = 115.0
    assert table.poll_clock() == (TimedOut(1, 0, "A", "fold", 1),)
    assert table.events[-1] == TimedOut(1, 0, "A", "fold", 1)
    assert hand.folded[0] and hand.to_act == 1
    seat = table.seats[0]
    assert seat is not None and seat.time_bank == 0.0 and seat.timeouts == 1
    assert table.deadline == 130.0  # seat 1 starts at the poll, with a full bank


def test_timeout_checks_when_nothing_is_owed() -> None:
    """The big blind's option (R4.5) times out: check, never fold (R3.1)."""
    table, clock = timed_table()
    hand = table.start_hand()
    table.act(0, "call")
    table.act(1, "call")
    assert hand.legal_actions().can_check  # type: ignore[union-attr]
    clock.now = 200.0  # long after seat 2's deadline
    assert table.poll_clock() == (TimedOut(1, 2, "C", "check", 1),)
    assert not hand.folded[2] and hand.street == "flop"
    assert default_action(hand.legal_actions()) == Action(Kind.CHECK)  # type: ignore[arg-type]


def test_a_late_action_is_refused_after_the_timeout() -> None:
    table, clock = timed_table()
    hand = table.start_hand()
    clock.now = 130.0
    with pytest.raises(TableError) as info:
        table.act(0, "raise to 40")
    assert info.value.reason is TableReason.TIMED_OUT and info.value.seat == 0
    assert hand.folded[0] and hand.current_bet == 10  # the fold stands, no raise


def test_timeouts_in_a_row_count_and_an_action_in_time_resets_them() -> None:
    table, clock = timed_table(seats=2)
    for expected in (1, 2):
        hand = table.start_hand()
        clock.now += 20
        (event,) = table.poll_clock()
        assert (event.seat, event.action, event.in_a_row) == (hand.config.button, "fold", expected)
        table.finish_hand()
        clock.now += 1
        # The other player: the button moves; let the player time out again.
        if expected == 1:
            table.start_hand()
            table.act(table.hand_seats[table.hand.to_act], "fold")  # type: ignore[union-attr,index]
            table.finish_hand()
    assert table.seats[0].timeouts == 2  # type: ignore[union-attr]
    hand = table.start_hand()
    assert table.hand_seats[hand.to_act] == 1  # type: ignore[index]
    table.act(1, "call")
    table.act(0, "check")
    assert [s.timeouts for s in table.seats if s] == [0, 0]


def test_an_illegal_action_changes_nothing() -> None:
    table, clock = timed_table()
    hand = table.start_hand()
    clock.now = 113.0
    before = (table.seats, hand.log, table.deadline, table.events)
    with pytest.raises(IllegalActionError):
        table.act(0, "raise to 12")
    with pytest.raises(TableError) as info:
        table.act(5, "call")
    assert info.value.reason is TableReason.NO_SUCH_SEAT  # a 3-seat table has no seat 5
    assert (table.seats, hand.log, table.deadline, table.events) == before


def test_act_without_a_hand_or_a_clock() -> None:
    table = Table(2, schedule=Level(1, 2), seed=1)
    table.sit(0, "A", 100)
    table.sit(1, "B", 100)
    with pytest.raises(TableError) as info:
        table.act(0, "call")
    assert info.value.reason is TableReason.NO_HAND
    hand = table.start_hand()
    table.act(table.hand_seats[hand.to_act], "call")  # type: ignore[index]
    assert table.deadline is None and table.poll_clock() == ()
    assert table.seats[0].time_bank is None  # type: ignore[union-attr]


def test_a_restored_table_keeps_the_time_left() -> None:
    """A snapshot taken mid-decision: the restored table, on another clock,
    times out the same decision after the same time."""
    from holdem.table.snapshot import dumps, loads

    table, clock = timed_table()
    table.start_hand()
    clock.now = 112.0  # seat 0: 2 seconds over, out of its bank
    table.act(0, "call")
    clock.now = 118.0  # seat 1 has used 6 of its 10 seconds
    other = FakeClock(7.0)
    twin = loads(dumps(table), clock=other)
    assert twin.deadline == 16.0  # 4 + 5 seconds left
    assert [s.time_bank for s in twin.seats if s] == [3.0, 5.0, 5.0]
    other.now = 16.0
    assert twin.poll_clock() == (TimedOut(1, 1, "B", "fold", 1),)


def test_a_stale_decision_number_is_refused_and_changes_nothing() -> None:
    """Issue 12 item 1 through the table: the action carries the decision
    number it answers; a duplicate is refused (Reason.STALE)."""
    from holdem import Reason

    table, clock = timed_table()
    hand = table.start_hand()
    number = hand.decision
    table.act(0, "call", decision=number)
    before = (table.seats, hand.log, table.deadline)
    with pytest.raises(IllegalActionError) as info:
        table.act(1, "call", decision=number)  # answers the decision already made
    assert info.value.reason is Reason.STALE
    assert (table.seats, hand.log, table.deadline) == before
    table.act(1, "call", decision=number + 1)
    assert hand.to_act == 2


@pytest.mark.parametrize("seat", [True, False, 1.0, "1", None, 2**100, -1])
def test_act_refuses_a_seat_that_is_not_a_table_seat(seat: object) -> None:
    """A bool, float or text is not a table seat: refused as no_such_seat
    before anything else (a bool used to reach hand seat 1, a float seat was
    played), and nothing changes, not even a timeout due by now."""
    from holdem.table import snapshot as table_snapshot

    table, clock = timed_table()
    hand = table.start_hand()
    table.act(0, "call")
    clock.now += 100  # seat 1's decision is out of time
    before = table_snapshot.snapshot(table)
    with pytest.raises(TableError) as info:
        table.act(seat, "call")  # type: ignore[arg-type]
    assert info.value.reason is TableReason.NO_SUCH_SEAT
    assert table_snapshot.snapshot(table) == before
    assert hand.to_act == 1 and table.events_recorded == before["events_recorded"]


def test_a_refused_action_leaves_the_decision_timer_alone() -> None:
    """An illegal action after a decision made directly on the hand: the
    table, its snapshot (the timer of the decision in progress) included,
    stays as it was."""
    from holdem.table import snapshot as table_snapshot

    table, clock = timed_table()
    hand = table.start_hand()
    hand.act(0, "call")  # directly on the hand: the table has not seen it yet
    clock.now += 3
    before = table_snapshot.snapshot(table)
    with pytest.raises(IllegalActionError):
        table.act(1, "raise to 11")
    assert table_snapshot.snapshot(table) == before
    hand.act(1, "fold")
    hand.act(2, "raise to 20")
    hand.act(0, "fold")
    assert hand.is_over
    before = table_snapshot.snapshot(table)
    with pytest.raises(IllegalActionError):
        table.act(2, "check")  # the hand is over
    assert table_snapshot.snapshot(table) == before


def test_a_decision_made_directly_on_the_hand_starts_the_next_one_at_once() -> None:
    """A server that acts on the hand itself (``hand.act``) at 104: the next
    decision's time starts at 104, not when the table next looks (at 112);
    so a snapshot taken later restores the same deadline."""
    from holdem.table import snapshot as table_snapshot

    table, clock = timed_table()
    hand = table.start_hand()
    clock.now = 104.0
    hand.act(0, "call")  # button, first to act three-handed
    clock.now = 112.0
    assert table.deadline == 119.0  # 104 + 10 + 5
    twin = table_snapshot.loads(table_snapshot.dumps(table), clock=FakeClock(12.0))
    assert twin.deadline == 19.0
    twin.hand.act(1, "call")  # type: ignore[union-attr]
    assert twin.deadline == 12.0 + 15.0
    clock.now = 119.0
    assert table.poll_clock() == (TimedOut(1, 1, "B", "fold", 1),)


def test_a_clock_returning_nan_times_out_nobody() -> None:
    """A broken clock (NaN) never forces a fold: poll_clock does nothing."""
    table, clock = timed_table()
    hand = table.start_hand()
    clock.now = float("nan")
    assert table.poll_clock() == () and hand.to_act == 0
    with pytest.raises(ConfigError) as info:
        Table(3, schedule=Level(5, 10), clock=5)  # type: ignore[arg-type]
    assert info.value.field == "clock"


@pytest.mark.parametrize("field", ["decision_seconds", "time_bank"])
def test_turn_clock_refuses_a_number_beyond_any_float(field: str) -> None:
    kwargs: dict[str, object] = {"decision_seconds": 10, field: 10**5000}
    with pytest.raises(ConfigError) as info:
        TurnClock(**kwargs)  # type: ignore[arg-type]
    assert info.value.field == field and "16610-bit number" in str(info.value)
