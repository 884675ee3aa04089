"""The table's event buffer: bounded, drainable, counted (issue 12, item 6).

A table that runs for ever must use flat memory: ``Table.events`` keeps the
last ``max_events`` events, ``drain_events`` hands them over and forgets
them, and ``events_recorded`` counts every event ever recorded.
"""

from __future__ import annotations

import pytest

from holdem import Action, ConfigError, Hand, Kind
from holdem.table.table import (
    ButtonMoved,
    HandStarted,
    Level,
    Rebought,
    SeatTaken,
    Table,
    TableEvent,
)


def check_or_call(hand: Hand, seat: int) -> Action:
    legal = hand.legal_actions()
    assert legal is not None
    return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)


def session(
    max_events: int, hands: int, drain_every: int | None = None
) -> tuple[Table, list[TableEvent]]:
    """A seeded cash session of ``hands`` hands at 4 seats (stacks reset each
    hand, R10.1); the events drained along the way, then those left."""
    table = Table(4, schedule=Level(1, 2), seed="buffer", max_events=max_events)
    drained: list[TableEvent] = []
    for seat in range(4):
        table.sit(seat, f"P{seat}", 200)
    for k in range(hands):
        table.reset_stacks(200)
        table.play_hand(check_or_call)
        if drain_every is not None and (k + 1) % drain_every == 0:
            drained.extend(table.drain_events())
    return table, drained


def test_events_keep_only_the_last_max_events() -> None:
    """The buffer drops the oldest events; the count goes on."""
    full, _ = session(10_000, 30)
    small, _ = session(7, 30)
    resets = sum(isinstance(e, Rebought) for e in full.events)
    assert resets > 0
    # 4 seats taken, the first level, a button and a deal per hand, the resets.
    assert len(full.events) == full.events_recorded == 4 + 1 + 30 * 2 + resets
    assert small.events == full.events[-7:]
    assert small.events_recorded == full.events_recorded
    assert small.max_events == 7
    assert isinstance(small.events[-1], HandStarted) and small.events[-1].hand == 30


def test_draining_hands_over_every_event_once() -> None:
    """Drained in turn, the events are exactly the unbounded record."""
    full, _ = session(10_000, 25)
    table, drained = session(20, 25, drain_every=2)  # at most 5 + 2 * 6 between drains
    drained.extend(table.drain_events())
    assert drained == list(full.events)
    assert table.events == ()
    assert table.events_recorded == len(drained) == full.events_recorded


def test_drain_before_any_hand_and_numbering() -> None:
    """Event k (0-based) is ``events[k - (events_recorded - len(events))]``."""
    table = Table(3, schedule=Level(5, 10), seed=1, max_events=3)
    assert table.drain_events() == ()
    for seat, name in enumerate("ABC"):
        table.sit(seat, name, 100)
    assert table.drain_events() == (
        SeatTaken(0, "A", 100),
        SeatTaken(1, "B", 100),
        SeatTaken(2, "C", 100),
    )
    table.play_hand(check_or_call)
    first = table.events_recorded - len(table.events)
    assert first == 3
    assert table.events[4 - first] == ButtonMoved(1, 0, False, 1, 2)  # event 3: LevelUp


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "10", None])
def test_max_events_must_be_a_whole_number(bad: object) -> None:
    with pytest.raises(ConfigError) as info:
        Table(3, schedule=Level(5, 10), max_events=bad)  # type: ignore[arg-type]
    assert info.value.field == "max_events"
