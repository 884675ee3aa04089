"""Snapshots of a running tournament (schema ``holdem.mtt`` version 2).

A snapshot holds the director's settings, every open table as a table
snapshot (:mod:`holdem.table.snapshot`, hands in progress included), the
players waiting to sit down, the results so far, the hand-for-hand round,
the level and the state of the draw's random generator, so that a restored
tournament plays on exactly as the original would (the same draws, the same
deals); version 2 adds the entries (R15.8: the options, what each player
bought, the busted players not yet placed, the pool), the breaks (R15.9)
and the colour-ups (R15.10). Times are stored relative to the snapshot, as for tables. Signed
with a key (:mod:`holdem.engine.signing`), any altered byte is refused.

>>> from holdem.table.schedule import Level
>>> director = Director([f"p{i}" for i in range(12)], seats=6, schedule=Level(5, 10), seed=4)
>>> twin = loads(dumps(director, key=b"k" * 16), key=b"k" * 16)
>>> twin.counts() == director.counts(), dumps(twin) == dumps(director)
(True, True)
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from holdem.engine.snapshot import SnapshotError, read_json, write_json
from holdem.errors import HoldemError
from holdem.mtt.director import Director, Result, Waiting, check_numbers
from holdem.mtt.entries import Entries
from holdem.mtt.levels import check_levels
from holdem.table import TableMode
from holdem.table import snapshot as table_snapshot
from holdem.table.schedule import Level, Schedule

__all__ = ["dumps", "loads", "restore", "snapshot"]

SCHEMA = "holdem.mtt"
VERSION = 2


def _schedule(schedule: Schedule) -> dict[str, Any]:
    return {
        "levels": [
            [lv.small_blind, lv.big_blind, lv.ante, str(lv.ante_type)] for lv in schedule.levels
        ],
        "hands_per_level": schedule.hands_per_level,
        "seconds_per_level": schedule.seconds_per_level,
    }


def snapshot(director: Director) -> dict[str, Any]:
    """The whole state of ``director`` as JSON-ready data."""
    d = director
    now = d._clock()
    rng = d._rng
    state = None if isinstance(rng, random.SystemRandom) else rng.getstate()
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "names": list(d.names),
        "seats": d.seats,
        "stack": d.stack,
        "schedule": _schedule(d.schedule),
        "seed": d.seed,
        "prize_pool": d.prize_pool,
        "prizes": list(d.prizes),
        "balance_within": d.balance_within,
        "halt_short": d.halt_short,
        "hand_for_hand_at": d.hand_for_hand_at,
        "break_order": list(d.break_order),
        "max_events": d._events.maxlen,
        "tables": {str(n): table_snapshot.snapshot(t) for n, t in d.tables.items()},
        "first_buttons": {str(n): b for n, b in d._first_button.items()},
        "waiting": {
            str(n): [[w.name, w.chips, w.seat, w.after] for w in ws] for n, ws in d._waiting.items()
        },
        "results": [
            [r.place, r.name, r.shared, r.prize, r.hand, r.starting_stack]
            for r in d._results.values()
        ],
        "left": d._left,
        "hands": d._hands,
        "max_table_hands": d._max_table_hands,
        "level": d._level,
        "seconds_since_start": None if d._started_at is None else now - d._started_at,
        "hand_for_hand": d._h4h,
        "h4h_done": list(d._h4h_done),
        "h4h_out": [list(o) for o in d._h4h_out],
        "hand_numbers": {str(n): h for n, h in d._hand_numbers.items()},
        "moves": d.moves,
        "breaks": d.breaks,
        "chips_start": d.chips_start,
        "rng": None if state is None else [state[0], list(state[1]), state[2]],
        "events_recorded": d._recorded,
        "entries": d.entries.as_dict(),
        "weights": None if d._weights is None else [str(w) for w in d._weights],
        "h4h_given": d._h4h_given,
        "open": d._open,
        "pending": [list(o) for o in d._pending],
        "bought": {name: list(b) for name, b in d._bought.items()},
        "chips_bought": d.chips_bought,
        "chips_raced": d.chips_raced,
        "breaks_after": list(d.breaks_after),
        "break_seconds": d.break_seconds,
        "colour_ups": {str(k): v for k, v in d.colour_ups.items()},
        "paused": d._paused,
        "seconds_to_break_end": None if d._break_until is None else d._break_until - now,
        "on_break": d._on_break,
        "units": {str(n): u for n, u in d._units.items()},
    }


def dumps(director: Director, *, key: bytes | str | None = None) -> str:
    """The snapshot as JSON text, signed with ``key`` when given."""
    return write_json(snapshot(director), key=key)


def loads(
    text: str | bytes,
    *,
    key: bytes | str | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Director:
    """A director restored from :func:`dumps` text (its signature checked
    first when a ``key`` is given).

    Raises:
        SnapshotError: a bad signature, bad JSON, or anything :func:`restore` refuses.
    """
    return restore(read_json(text, key=key), clock=clock)


def _number(text: str) -> int | float | Fraction:
    value = Fraction(text)
    if value.denominator == 1 and "." not in text and "e" not in text.lower():
        return int(value)
    return float(text) if "/" not in text else value


def _fail(field: str, message: str) -> SnapshotError:
    return SnapshotError(f"{field}: {message}")


def _get(data: dict[str, Any], field: str, kind: type | tuple[type, ...]) -> Any:
    if field not in data:
        raise _fail(field, "missing")
    value = data[field]
    if isinstance(value, bool) and kind is int:
        raise _fail(field, f"must be a whole number, got {value!r}")
    if not isinstance(value, kind):
        raise _fail(field, f"has the wrong type ({type(value).__name__})")
    return value


def restore(data: Any, *, clock: Callable[[], float] = time.monotonic) -> Director:
    """A director from :func:`snapshot` data.

    Raises:
        SnapshotError: a field missing or of the wrong type, a table snapshot
            refused, or a state that does not add up (players not accounted
            for exactly once, chips that do not sum to the chips at the
            start, prizes that do not sum to the pool).
    """
    if not isinstance(data, dict):
        raise SnapshotError("a tournament snapshot is a JSON object")
    if data.get("schema") != SCHEMA or data.get("version") != VERSION:
        raise _fail("schema", f"expected {SCHEMA} version {VERSION}")
    try:
        return _restore(data, clock)
    except SnapshotError:
        raise
    except HoldemError as error:
        raise SnapshotError(f"invalid tournament: {error}") from None
    except (TypeError, ValueError, KeyError, IndexError, OverflowError) as error:
        raise SnapshotError(f"invalid tournament: {type(error).__name__}: {error}") from None
    except RecursionError:
        raise SnapshotError("invalid tournament: nested too deeply") from None


def _restore(data: dict[str, Any], clock: Callable[[], float]) -> Director:
    names = [str(n) for n in _get(data, "names", list)]
    sched = _get(data, "schedule", dict)
    schedule = Schedule(
        [Level(*lv) for lv in sched["levels"]],
        hands_per_level=sched["hands_per_level"],
        seconds_per_level=sched["seconds_per_level"],
    )
    d = Director.__new__(Director)
    d.names = tuple(names)
    d.seats = _get(data, "seats", int)
    d.stack = _get(data, "stack", int)
    d.schedule = schedule
    d.seed = data.get("seed")
    d.prize_pool = _get(data, "prize_pool", int)
    d.prizes = tuple(int(p) for p in _get(data, "prizes", list))
    if sum(d.prizes) != d.prize_pool:
        raise _fail("prizes", "do not sum to the prize pool")
    d.balance_within = _get(data, "balance_within", int)
    d.halt_short = _get(data, "halt_short", int)
    d.hand_for_hand_at = _get(data, "hand_for_hand_at", int)
    d.break_order = tuple(_get(data, "break_order", list))
    # the constructor's rules (ConfigError, refused below as an invalid tournament)
    check_numbers(
        seats=d.seats,
        stack=d.stack,
        balance_within=d.balance_within,
        halt_short=d.halt_short,
        max_events=data.get("max_events"),
        hand_for_hand_at=d.hand_for_hand_at,
    )
    d._clock = clock
    d._sleep = time.sleep
    state = data.get("rng")
    if (state is None) != (d.seed is None):
        raise _fail("rng", "the random generator's state is saved exactly when there is a seed")
    if state is None:
        d._rng = random.SystemRandom()
    else:
        d._rng = random.Random()
        d._rng.setstate((state[0], tuple(state[1]), state[2]))
    d._events = deque(maxlen=_get(data, "max_events", int))
    d._recorded = _get(data, "events_recorded", int)
    d._index = {name: i for i, name in enumerate(names)}
    d.tables = {
        int(n): table_snapshot.restore(t, clock=clock)
        for n, t in _get(data, "tables", dict).items()
    }
    d._first_button = {int(n): int(b) for n, b in _get(data, "first_buttons", dict).items()}
    d._waiting = {
        int(n): [Waiting(str(a), int(b), int(c), int(e)) for a, b, c, e in ws]
        for n, ws in _get(data, "waiting", dict).items()
    }
    d._results = {
        str(r[1]): Result(r[0], str(r[1]), bool(r[2]), int(r[3]), r[4], r[5])
        for r in _get(data, "results", list)
    }
    d._left = _get(data, "left", int)
    d._hands = _get(data, "hands", int)
    d._max_table_hands = _get(data, "max_table_hands", int)
    d._level = _get(data, "level", int)
    elapsed = data.get("seconds_since_start")
    d._started_at = None if elapsed is None else clock() - float(elapsed)
    d._h4h = bool(_get(data, "hand_for_hand", bool))
    d._h4h_done = [int(n) for n in _get(data, "h4h_done", list)]
    d._h4h_out = [(str(a), int(b), int(c), int(e)) for a, b, c, e in _get(data, "h4h_out", list)]
    d._hand_numbers = {int(n): int(h) for n, h in _get(data, "hand_numbers", dict).items()}
    d.moves = _get(data, "moves", int)
    d.breaks = _get(data, "breaks", int)
    d.chips_start = _get(data, "chips_start", int)
    d.entries = Entries(**_get(data, "entries", dict))
    weights = data.get("weights")
    d._weights = None if weights is None else tuple(_number(w) for w in weights)
    d._h4h_given = bool(_get(data, "h4h_given", bool))
    d._open = bool(_get(data, "open", bool))
    d._pending = [(str(a), int(b), int(c), int(e)) for a, b, c, e in _get(data, "pending", list)]
    d._bought = {str(n): [int(x) for x in b] for n, b in _get(data, "bought", dict).items()}
    d.chips_bought = _get(data, "chips_bought", int)
    d.chips_raced = _get(data, "chips_raced", int)
    d.breaks_after = tuple(int(x) for x in _get(data, "breaks_after", list))
    d.break_seconds = float(_get(data, "break_seconds", (int, float)))
    d.colour_ups = {int(k): int(v) for k, v in _get(data, "colour_ups", dict).items()}
    d._paused = float(_get(data, "paused", (int, float)))
    to_end = data.get("seconds_to_break_end")
    d._break_until = None if to_end is None else clock() + float(to_end)
    on_break = data.get("on_break")
    d._on_break = None if on_break is None else int(on_break)
    d._units = {int(n): int(u) for n, u in _get(data, "units", dict).items()}
    e = d.entries
    amounts = {"stack": d.stack, "rebuy_chips": e.rebuy_chips, "add_on_chips": e.add_on_chips}
    if e.last_level > len(schedule.levels):
        raise _fail("entries", f"levels 1 to {len(schedule.levels)} only")
    check_levels(
        schedule,
        d.breaks_after,
        d.break_seconds,
        d.colour_ups,
        {k: v for k, v in amounts.items() if v is not None},
    )
    _check_counts(data, d)
    _check(d)
    return d


_COUNTERS = (
    "events_recorded",
    "left",
    "hands",
    "max_table_hands",
    "moves",
    "breaks",
    "chips_start",
    "chips_bought",
)


def _check_counts(data: dict[str, Any], d: Director) -> None:
    """Counters at least 0, tables of the tournament's size, each table in the
    break order, colour-up units of the schedule."""
    for field in _COUNTERS:
        if _get(data, field, int) < 0:
            raise _fail(field, f"must be a whole number >= 0, got {data[field]}")
    if not d._paused >= 0:
        raise _fail("paused", "must be a number >= 0")
    for n, table in d.tables.items():
        if n < 1 or table.size != d.seats:
            raise _fail("tables", f"table {n}: tables 1 up, each of {d.seats} seats")
    order = d.break_order
    if any(isinstance(t, bool) or not isinstance(t, int) for t in order):
        raise _fail("break_order", "must list table numbers")
    if not set(d.tables) <= set(order):
        raise _fail("break_order", "must list every table")
    for n, table in d.tables.items():
        if table.max_runs != 1 or table.mode is not TableMode.TOURNAMENT:
            raise _fail("tables", f"table {n}: a tournament table runs the board once (R15)")
    for n, waiting in _get(data, "waiting", dict).items():
        taken = {s.seat for s in d.tables[int(n)].seats if s is not None}
        for w in waiting:
            seat = w[2]
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < d.seats:
                raise _fail("waiting", f"table {n}: {w[0]} waits for no seat ({seat!r})")
            if seat in taken:
                raise _fail("waiting", f"table {n}: {w[0]} waits for seat {seat}, taken")
            taken.add(seat)
    for name, bought in d._bought.items():
        if len(bought) != 3 or min(bought) < 0:
            raise _fail("bought", f"{name}: three counts >= 0 (entries, rebuys, add-ons)")
    for result in d._results.values():
        place = result.place
        whole = isinstance(place, int) and not isinstance(place, bool)
        if place is not None and not (whole and place >= 1):
            raise _fail("results", f"{result.name}: a place is a whole number >= 1, got {place!r}")
    units = {1, *d.colour_ups.values()}
    for n, unit in d._units.items():
        if unit not in units:
            raise _fail("units", f"table {n}: a table's unit is 1 or a colour-up unit, got {unit}")


def _check(d: Director) -> None:
    if set(d.tables) != set(d._waiting) or set(d.tables) != set(d._first_button):
        raise _fail("tables", "tables, waiting players and first buttons do not match")
    if not 0 <= d._level < len(d.schedule.levels):
        raise _fail("level", f"no level {d._level}")
    seen: list[str] = []
    for n, table in d.tables.items():
        seen += [s.name for s in table.seats if s is not None and s.stack > 0]
        seen += [w.name for w in d._waiting[n]]
    seen += list(d._results)
    seen += [o[0] for o in d._h4h_out]
    seen += [o[0] for o in d._pending]
    if d.is_over:
        seen = list(d._results)
    if sorted(seen) != sorted(d.names):
        raise _fail("names", "every player must be at a table, waiting or placed, exactly once")
    if d.chips() != d.chips_in:
        raise _fail(
            "tables", f"the chips ({d.chips():,}) differ from the chips in ({d.chips_in:,})"
        )
    if sorted(d._bought) != sorted(d.names):
        raise _fail("bought", "must list every player once")
    placed = len(d._results) - (1 if d.is_over else 0) + len(d._pending)
    if d._left != len(d.names) - placed:
        raise _fail("left", "does not match the results")
