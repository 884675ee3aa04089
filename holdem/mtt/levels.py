"""Level changes, breaks and the colour-up (R15.5, R15.7, R15.9, R15.10) for the director.

:class:`LevelDesk` is a base class of :class:`holdem.mtt.director.Director`.

- **Levels** (R15.5) go up between hands, when the director *ticks*: before
  every hand and every round.
- **Breaks** (R15.9): ``breaks_after`` lists levels (from 1) followed by a
  break of ``break_seconds``. A break starts when the level after it would
  start (by time: at the moment the level ended; by hands: when the level
  change is seen) and no table deals until it ends; in a schedule by time
  the level clock stops for the break, so the next level lasts its full
  time. A break of 0 seconds (a schedule by hands, or a simulation) starts
  and ends at once; both are events either way.
- **Colour-up** (R15.7, R15.10): ``colour_ups`` maps a level (from 1) to the
  new smallest chip from that level on. Each table colours up once, before
  its first hand at that level (its waiting players' chips included in its
  race, :func:`~holdem.mtt.payouts.colour_up`); a player moved later from a
  table not yet coloured up is raced alone on the way. The table's chip unit
  (R8.3) is the new unit from then on: pots split in it. (Bets are not
  restricted to the chip unit by the engine, so stacks may later hold
  amounts that are not whole chips; they are not raced again.) The race
  changes the chips in play (half a chip up or down per table, plus one chip
  for a player it would leave without one):
  :attr:`Director.chips_in` follows it, and :class:`ColouredUp` records it.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping, Sequence

from holdem.errors import ConfigError
from holdem.mtt.events import BreakEnded, BreakStarted, ColouredUp, LevelChanged, MttEvent
from holdem.mtt.payouts import colour_up
from holdem.mtt.results import Waiting
from holdem.table.schedule import Schedule
from holdem.table.seats import SeatState
from holdem.table.table import Table

__all__ = ["LevelDesk", "check_levels"]


def check_levels(
    schedule: Schedule,
    breaks_after: Sequence[int],
    break_seconds: float,
    colour_ups: Mapping[int, int],
    chips: Mapping[str, int],
) -> tuple[tuple[int, ...], float, dict[int, int]]:
    """The break and colour-up options, checked.

    ``chips`` names amounts (the starting stack, rebuy and add-on chips) that
    must be whole numbers of every unit.

    Raises:
        ConfigError: a level out of the schedule, a negative break, units not
            rising, or blinds, antes or ``chips`` not whole numbers of a unit.
    """
    count = len(schedule.levels)
    breaks = tuple(sorted(set(breaks_after)))
    for level in breaks:
        if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level < count:
            raise ConfigError("breaks_after", f"levels 1 to {count - 1}, got {level!r}")
    if isinstance(break_seconds, bool) or not isinstance(break_seconds, (int, float)):
        raise ConfigError("break_seconds", f"must be a number >= 0, got {break_seconds!r}")
    if not break_seconds >= 0:
        raise ConfigError("break_seconds", f"must be a number >= 0, got {break_seconds!r}")
    units: dict[int, int] = {}
    last = 1
    for level, unit in sorted(dict(colour_ups).items()):
        if isinstance(level, bool) or not isinstance(level, int) or not 2 <= level <= count:
            raise ConfigError("colour_ups", f"levels 2 to {count}, got {level!r}")
        if isinstance(unit, bool) or not isinstance(unit, int) or unit <= last:
            raise ConfigError("colour_ups", f"units must rise from 1, got {unit!r} at {level}")
        if unit % last:
            raise ConfigError("colour_ups", f"unit {unit} is not a multiple of {last}")
        for i, lv in enumerate(schedule.levels[level - 1 :], start=level):
            if lv.small_blind % unit or lv.big_blind % unit or lv.ante % unit:
                raise ConfigError("colour_ups", f"level {i} ({lv}) is not in chips of {unit}")
        for field, amount in chips.items():
            if amount % unit:
                raise ConfigError(field, f"{amount} is not a whole number of chips of {unit}")
        units[level] = unit
        last = unit
    return breaks, float(break_seconds), units


class LevelDesk:
    """Levels, breaks and colour-ups for :class:`~holdem.mtt.director.Director` (its base)."""

    schedule: Schedule
    tables: dict[int, Table]
    breaks_after: tuple[int, ...]
    break_seconds: float
    colour_ups: dict[int, int]
    chips_bought: int
    chips_raced: int
    _clock: Callable[[], float]
    _rng: random.Random
    _events: deque[MttEvent]
    _level: int
    _hands: int
    _max_table_hands: int
    _started_at: float | None
    _paused: float
    _break_until: float | None
    _on_break: int | None
    _units: dict[int, int]
    _waiting: dict[int, list[Waiting]]
    _open: bool

    def _record(self, event: MttEvent) -> None:
        raise NotImplementedError  # pragma: no cover - the director's

    def _close_entries(self) -> None:
        raise NotImplementedError  # pragma: no cover - the director's

    def _last_entry_level(self) -> int:
        raise NotImplementedError  # pragma: no cover - the director's

    def _colour_up_mover(self, name: str, chips: int, source: int, target: int) -> int:
        """R15.10: a player moved from a table with a smaller chip to one
        coloured up already is raced alone on the way; their chips after."""
        unit = self._units.get(target, 1)
        if self._units.get(source, 1) >= unit or chips % unit == 0:
            return chips
        (after,) = colour_up([chips], unit)
        self.chips_raced += after - chips
        self._record(
            ColouredUp(
                target, self._level + 1, unit, chips, after, ((name, chips, after),), self._hands
            )
        )
        return after

    @property
    def on_break(self) -> int | None:
        """The level a break in progress follows (R15.9), or ``None``."""
        return self._on_break

    @property
    def break_until(self) -> float | None:
        """When the break in progress ends, on the director's clock."""
        return self._break_until

    @property
    def chip_unit(self) -> int:
        """The smallest chip of the level in force (R15.10)."""
        unit = 1
        for level, u in self.colour_ups.items():
            if level <= self._level + 1:
                unit = max(unit, u)
        return unit

    def tick(self) -> None:
        """Bring the level up to date and start or end a break (R15.5, R15.9);
        done before every hand, so only a caller waiting out a break needs it."""
        now = self._clock()
        if self._break_until is not None:
            if now < self._break_until:
                return
            self._end_break()
        if self._started_at is None:
            return
        elapsed = now - self._started_at - self._paused
        index = max(self._level, self.schedule.level_index(self._max_table_hands, elapsed))
        if index == self._level:
            return
        old, self._level = self._level, index
        lv = self.schedule.levels[index]
        self._record(
            LevelChanged(index + 1, lv.small_blind, lv.big_blind, lv.ante, str(lv.ante_type))
        )
        due = [level for level in self.breaks_after if old + 1 <= level < index + 1]
        if due:
            after = due[-1]
            self._on_break = after
            self._record(BreakStarted(after, self.break_seconds, self._hands))
            if self.break_seconds > 0:
                spl = self.schedule.seconds_per_level
                begin = now if spl is None else self._started_at + self._paused + after * spl
                self._break_until = max(begin + self.break_seconds, now)
                self._paused += self.break_seconds
                if self._break_until > now:
                    return
            self._end_break()
        if self._open and index + 1 > self._last_entry_level():
            self._close_entries()

    def _end_break(self) -> None:
        assert self._on_break is not None
        self._record(BreakEnded(self._on_break))
        self._on_break = None
        self._break_until = None
        if self._open and self._level + 1 > self._last_entry_level():
            self._close_entries()

    def _colour_up(self, number: int) -> None:
        """R15.7/R15.10 at table ``number`` before its hand, when due."""
        unit = self.chip_unit
        if unit == 1:
            return
        table = self.tables[number]
        rows: list[tuple[int, SeatState | Waiting]] = [
            (s.seat, s) for s in table.seats if s is not None and s.stack > 0
        ]
        rows += [(w.seat, w) for w in self._waiting[number]]
        rows.sort(key=lambda row: row[0])
        before = [item.chips if isinstance(item, Waiting) else item.stack for _, item in rows]
        if self._units.get(number, 1) == unit:
            return
        after = colour_up(before, unit)
        changed = []
        for (seat, item), old, new in zip(rows, before, after):
            if old == new:
                continue
            changed.append((item.name, old, new))
            if isinstance(item, Waiting):
                item.chips = new
            else:
                table.set_tournament_stack(seat, new, "colour-up")
        table.set_chip_unit(unit)
        table.drain_events()
        self._units[number] = unit
        self.chips_raced += sum(after) - sum(before)
        self._record(
            ColouredUp(
                number,
                self._level + 1,
                unit,
                sum(before),
                sum(after),
                tuple(changed),
                self._hands,
            )
        )
