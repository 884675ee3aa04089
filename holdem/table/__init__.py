"""The table: hand after hand at one table (R9, R10, R14).

What lives here: the :class:`~holdem.table.table.Table` and the parts it is
made of: seats and buy-ins (:mod:`~holdem.table.seats`), taking and leaving
seats (:mod:`~holdem.table.seating`), the button (:mod:`~holdem.table.button`),
the blind schedule (:mod:`~holdem.table.schedule`), the turn clock
(:mod:`~holdem.table.clock`), sitting out and missed blinds
(:mod:`~holdem.table.sitout`), straddles at the table
(:mod:`~holdem.table.straddles`), turns (:mod:`~holdem.table.turns`), table
events (:mod:`~holdem.table.events`), argument checks
(:mod:`~holdem.table.args`) and table snapshots (:mod:`~holdem.table.snapshot`).

What it may import: :mod:`holdem.engine` and :mod:`holdem.errors`; nothing
above it. ``from holdem.table import Table`` keeps working as before.
"""

from __future__ import annotations

from holdem.table.table import (
    ActedForAbsent,
    Busted,
    ButtonMoved,
    BuyInError,
    Clock,
    DealtIn,
    Decide,
    HandStarted,
    Level,
    LevelUp,
    MissedBlind,
    Rebought,
    Runs,
    SatIn,
    SatOut,
    Schedule,
    SeatLeft,
    SeatState,
    SeatTaken,
    Standing,
    Table,
    TableError,
    TableEvent,
    TableMode,
    TableReason,
    TimedHand,
    TimedOut,
    TurnClock,
)

__all__ = [
    "ActedForAbsent",
    "BuyInError",
    "Busted",
    "ButtonMoved",
    "Clock",
    "DealtIn",
    "Decide",
    "HandStarted",
    "Level",
    "LevelUp",
    "MissedBlind",
    "Rebought",
    "Runs",
    "SatIn",
    "SatOut",
    "Schedule",
    "SeatLeft",
    "SeatState",
    "SeatTaken",
    "Standing",
    "Table",
    "TableError",
    "TableEvent",
    "TableMode",
    "TableReason",
    "TimedHand",
    "TimedOut",
    "TurnClock",
]
