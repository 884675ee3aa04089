"""Snapshot and restore a whole table as JSON-ready data (issue 12, item 3).

A table snapshot is the server's full, secret state: the seed that deals
every future hand and the hand in progress with every hole card. Give
players seat views, never this. A restored table goes on exactly as the
original would: the same button, blinds, levels, holds and, with a seeded
table, the same future deals.

Schema ``holdem.table.table`` version 1, a JSON object:

- ``schema``: ``"holdem.table"``; ``version``: ``1``.
- ``config``: the :class:`~holdem.table.table.Table` arguments: ``size``,
  ``schedule`` (``levels``: a list of ``{small_blind, big_blind, ante,
  ante_type}``; ``hands_per_level``; ``seconds_per_level``), ``mode``,
  ``min_buy_in``, ``max_buy_in``, ``hold_seconds``, ``dead_button``,
  ``button`` (the first button asked for), ``seed`` (``null``, a whole
  number, text, or ``{"hex": ...}`` for bytes), ``structure``,
  ``chip_unit``, ``max_events``, ``turn_clock`` (``null`` or
  ``{decision_seconds, time_bank, sit_out_after}``, :mod:`holdem.table.clock`),
  ``newcomers_wait``, ``straddles``, ``button_straddles``, ``max_runs``
  (R12) and ``rake`` (R13: ``null`` or ``{rate, cap, no_flop_no_drop}``,
  :meth:`holdem.engine.pots.Rake.to_dict`). The last two came later: a snapshot
  without them restores with one run and no rake.
- ``seats``: per table seat ``null`` (empty) or ``{name, stack,
  busted_seconds_ago, time_bank, timeouts, sitting_out, entry,
  missed_small_blind, missed_big_blind, straddle}``: the seconds since a cash
  player lost their stack (R10.2), ``null`` when they have chips; the
  seconds left in their time bank and their timeouts in a row; whether
  they sit out, how a cash player not dealt in comes in (``null``,
  ``"wait"`` or ``"post"``), the blinds they missed (R14,
  :mod:`holdem.table.sitout`) and whether they straddle when they may
  (R11, :mod:`holdem.table.straddles`). Stacks are those before the hand in
  progress.
- ``hands_played``; ``level`` (0-based, ``null`` before the first hand);
  ``seconds_since_start`` (the table clock since the first hand started,
  ``null`` before it); ``positions``: ``null`` or ``{button, hand_button,
  small_blind, big_blind}`` (table seats, see :mod:`holdem.table.button`);
  ``hand_seats``; ``turn_seconds_ago``: with a turn clock and a hand in
  progress, the seconds since the decision in progress started, else
  ``null``.
- ``hand``, ``last_hand``: ``null`` or a ``holdem.engine.hand`` snapshot
  (:mod:`holdem.engine.snapshot`).
- ``eliminated``: the tournament results so far (``place, name, shared,
  chips, hand, starting_stack``, best place first); ``winner``: one such
  line or ``null``.
- ``events_recorded``: the events recorded so far. The events themselves
  are not kept: a restored table's :attr:`~holdem.table.table.Table.events` starts
  empty and its numbering goes on from there.

**Tampering.** ``restore`` checks that every part of a snapshot fits the
rest, which catches corruption but not a careful edit (an undealt card of
the hand in progress, say). With a key, ``dumps(table, key=...)`` signs the
text with HMAC-SHA256 and ``loads(text, key=...)`` refuses any altered byte
(:mod:`holdem.engine.signing`); keep the key on the server.

Times are stored as seconds before the snapshot, so a table restored in
another process, with another clock, sees the same time left on every hold
and level; the time the table spent stored does not count.

>>> from holdem.table.table import Level, Table
>>> table = Table(3, schedule=Level(5, 10), seed=7)
>>> for seat, name in enumerate(["Anna", "Bjarni", "Eva"]):
...     table.sit(seat, name, 100)
>>> hand = table.start_hand()
>>> twin = loads(dumps(table))
>>> hand.call(hand.to_act); twin.hand.call(twin.hand.to_act)
>>> twin.hand.log == hand.log and twin.seats == table.seats
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import attrs

from holdem.engine import snapshot as hand_snapshot
from holdem.engine.hand import Hand
from holdem.engine.snapshot import SnapshotError, read_json, write_json
from holdem.errors import ConfigError, HoldemError, value_text
from holdem.table.button import Positions
from holdem.table.clock import MAX_SECONDS, TurnClock
from holdem.table.schedule import Level, Schedule
from holdem.table.seats import Player, Standing, TableMode
from holdem.table.table import Table
from holdem.table.turns import TimedHand

__all__ = ["SCHEMA", "VERSION", "SnapshotError", "dumps", "loads", "restore", "snapshot"]

SCHEMA = "holdem.table"
VERSION = 1


def _seed_dict(seed: object) -> object:
    if isinstance(seed, (bytes, bytearray)):
        return {"hex": bytes(seed).hex()}
    return seed


def _standing(standing: Standing) -> dict[str, Any]:
    return attrs.asdict(standing)


def snapshot(table: Table) -> dict[str, Any]:
    """The whole state of ``table`` as JSON-ready data (schema ``holdem.table.table`` v1)."""
    now = table._clock()
    schedule = table.schedule
    positions = table._positions
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "config": {
            "size": table.size,
            "schedule": {
                "levels": [
                    {
                        "small_blind": level.small_blind,
                        "big_blind": level.big_blind,
                        "ante": level.ante,
                        "ante_type": str(level.ante_type),
                    }
                    for level in schedule.levels
                ],
                "hands_per_level": schedule.hands_per_level,
                "seconds_per_level": schedule.seconds_per_level,
            },
            "mode": str(table.mode),
            "min_buy_in": table.min_buy_in,
            "max_buy_in": table.max_buy_in,
            "hold_seconds": table.hold_seconds,
            "dead_button": table.dead_button,
            "button": table._first_button,
            "seed": _seed_dict(table._seed),
            "structure": str(table._structure),
            "chip_unit": table._chip_unit,
            "max_events": table.max_events,
            "turn_clock": None if table.turn_clock is None else attrs.asdict(table.turn_clock),
            "newcomers_wait": table.newcomers_wait,
            "straddles": table.straddles,
            "button_straddles": table.button_straddles,
            "max_runs": table.max_runs,
            "rake": None if table.rake is None else table.rake.to_dict(),
        },
        "seats": [
            None
            if p is None
            else {
                "name": p.name,
                "stack": p.stack,
                "busted_seconds_ago": None if p.busted_at is None else now - p.busted_at,
                "time_bank": p.time_bank,
                "timeouts": p.timeouts,
                "sitting_out": p.sitting_out,
                "entry": p.entry,
                "missed_small_blind": p.missed_small,
                "missed_big_blind": p.missed_big,
                "straddle": p.straddle,
            }
            for p in table._players
        ],
        "hands_played": table._hands,
        "level": table._level,
        "seconds_since_start": None if table._started_at is None else now - table._started_at,
        "positions": None if positions is None else attrs.asdict(positions),
        "hand_seats": list(table._hand_seats),
        "turn_seconds_ago": None if table._turn_started is None else now - table._turn_started,
        "hand": None if table._hand is None else hand_snapshot.snapshot(table._hand),
        "last_hand": None if table._last is None else hand_snapshot.snapshot(table._last),
        "eliminated": [_standing(s) for s in table._out],
        "winner": None if table._winner is None else _standing(table._winner),
        "events_recorded": table._recorded,
    }


def dumps(table: Table, *, key: bytes | str | None = None) -> str:
    """The snapshot of ``table`` as a JSON string, signed when a ``key`` is given.

    Args:
        table: the table.
        key: an HMAC-SHA256 key (at least 16 bytes; text is used as UTF-8).
            With it the JSON gets a signature line in front
            (:func:`holdem.engine.signing.sign`), and only ``loads(text, key=key)``
            reads it back: any byte altered is refused.

    Raises:
        SnapshotError: the key is unusable (not bytes or text, too short).
    """
    return write_json(snapshot(table), key=key)


def loads(
    text: str | bytes,
    *,
    key: bytes | str | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Table:
    """A table from a JSON snapshot string (see :func:`restore`).

    Args:
        text: the snapshot, as text or UTF-8 bytes.
        key: the key it was signed with (see :func:`dumps`); a signed text
            needs it and, with it, an unsigned or altered text is refused.
        clock: the restored table's clock.

    Raises:
        SnapshotError: a signature missing or not matching, text that is not
            JSON, or a snapshot :func:`restore` refuses.
    """
    return restore(read_json(text, key=key), clock=clock)


def restore(data: Any, *, clock: Callable[[], float] = time.monotonic) -> Table:
    """A table from :func:`snapshot` data; it goes on exactly as the original would.

    The table is rebuilt through its constructor (every argument checked as
    usual), then each part of the state is checked against the rest: seats
    and names, stacks, levels, positions, the hand seats against the hand in
    progress (names, stacks, blinds, button), and each hand through
    :func:`holdem.engine.snapshot.restore`. Anything that does not fit is refused
    whole.

    Args:
        data: the snapshot (a dict, as :func:`snapshot` returns).
        clock: the restored table's clock (seconds); stored times are taken
            relative to it.

    Raises:
        SnapshotError: wrong schema or version, a missing or malformed field,
            or a state that contradicts itself, with the field named.
    """
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise SnapshotError(f"not a {SCHEMA} snapshot")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise SnapshotError(f"table snapshot version {version!r}; this engine reads {VERSION}")
    try:
        return _restore(data, clock)
    except SnapshotError:
        raise
    except ConfigError as error:
        raise SnapshotError(f"table snapshot config: {error}") from None
    except HoldemError as error:
        raise SnapshotError(f"table snapshot: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise SnapshotError(f"malformed table snapshot: {error!r}") from None


# ------------------------------------------------------------- checking
def _fail(field: str, message: str) -> SnapshotError:
    return SnapshotError(f"table snapshot {field}: {message}")


def _obj(
    data: Any, field: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, Any]:
    """``data`` as an object with exactly ``keys``, and any of ``optional``."""
    if not isinstance(data, dict):
        raise _fail(field, f"must be an object, got {data!r}")
    if not set(keys) <= set(data) <= set(keys) | set(optional):
        missing = sorted(set(keys) - set(data))
        extra = sorted(set(data) - set(keys) - set(optional))
        raise _fail(field, f"fields missing {missing}, unknown {extra}")
    return data


def _int(value: Any, field: str, low: int, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        bound = f">= {low}" if high is None else f"from {low} to {high}"
        raise _fail(field, f"must be a whole number {bound}, got {value!r}")
    return value


def _opt_int(value: Any, field: str, low: int, high: int | None = None) -> int | None:
    return None if value is None else _int(value, field, low, high)


def _seconds(value: Any, field: str) -> float | None:
    if value is None:
        return None
    if type(value) not in (int, float) or not 0 <= value <= MAX_SECONDS:
        shown = value_text(value, True)
        raise _fail(field, f"must be a number of seconds from 0 to {MAX_SECONDS:g}, got {shown}")
    return float(value)


def _seed(value: Any) -> Any:
    if isinstance(value, dict):
        hex_text = _obj(value, "config.seed", ("hex",))["hex"]
        try:
            return bytes.fromhex(hex_text)
        except (TypeError, ValueError):
            raise _fail("config.seed", f"hex must be hexadecimal text, got {hex_text!r}") from None
    return value


def _standing_from(value: Any, field: str, size: int) -> Standing:
    keys = ("place", "name", "shared", "chips", "hand", "starting_stack")
    item = _obj(value, field, keys)
    if not isinstance(item["name"], str) or not isinstance(item["shared"], bool):
        raise _fail(field, "name must be text and shared true or false")
    return Standing(
        _opt_int(item["place"], f"{field}.place", 1, size),
        item["name"],
        item["shared"],
        _int(item["chips"], f"{field}.chips", 0),
        _opt_int(item["hand"], f"{field}.hand", 1),
        _opt_int(item["starting_stack"], f"{field}.starting_stack", 1),
    )


def _hand(value: Any, field: str) -> Hand | None:
    if value is None:
        return None
    try:
        return hand_snapshot.restore(value)
    except (SnapshotError, ConfigError) as error:
        raise _fail(field, str(error)) from None


def _restore(data: dict[str, Any], clock: Callable[[], float]) -> Table:
    keys = (
        "schema",
        "version",
        "config",
        "seats",
        "hands_played",
        "level",
        "seconds_since_start",
        "positions",
        "hand_seats",
        "turn_seconds_ago",
        "hand",
        "last_hand",
        "eliminated",
        "winner",
        "events_recorded",
    )
    _obj(data, "", keys)
    config = _obj(
        data["config"],
        "config",
        (
            "size",
            "schedule",
            "mode",
            "min_buy_in",
            "max_buy_in",
            "hold_seconds",
            "dead_button",
            "button",
            "seed",
            "structure",
            "chip_unit",
            "max_events",
            "turn_clock",
            "newcomers_wait",
            "straddles",
            "button_straddles",
        ),
        optional=("max_runs", "rake"),
    )
    sched = _obj(
        config["schedule"], "config.schedule", ("levels", "hands_per_level", "seconds_per_level")
    )
    if not isinstance(sched["levels"], list):
        raise _fail("config.schedule.levels", "must be a list")
    levels = [
        Level(**_obj(level, f"config.schedule.levels[{i}]", _LEVEL_KEYS))
        for i, level in enumerate(sched["levels"])
    ]
    schedule = Schedule(
        levels,
        hands_per_level=sched["hands_per_level"],
        seconds_per_level=sched["seconds_per_level"],
    )
    rules = config["turn_clock"]
    if rules is not None:
        rules = TurnClock(**_obj(rules, "config.turn_clock", _CLOCK_KEYS))
    if not isinstance(config["dead_button"], bool):
        raise _fail("config.dead_button", f"must be true or false, got {config['dead_button']!r}")
    table = Table(
        config["size"],
        schedule=schedule,
        mode=config["mode"],
        min_buy_in=config["min_buy_in"],
        max_buy_in=config["max_buy_in"],
        hold_seconds=config["hold_seconds"],
        clock=clock,
        dead_button=config["dead_button"],
        button=config["button"],
        seed=_seed(config["seed"]),
        structure=config["structure"],
        chip_unit=config["chip_unit"],
        max_events=config["max_events"],
        turn_clock=rules,
        newcomers_wait=config["newcomers_wait"],
        straddles=config["straddles"],
        button_straddles=config["button_straddles"],
        max_runs=config.get("max_runs", 1),
        rake=config.get("rake"),
    )
    size = table.size
    now = clock()
    tournament = table.mode is TableMode.TOURNAMENT

    # Seats.
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != size:
        raise _fail("seats", f"must list the {size} table seats")
    names: set[str] = set()
    for seat, item in enumerate(seats):
        if item is None:
            continue
        field = f"seats[{seat}]"
        item = _obj(item, field, _SEAT_KEYS)
        name = item["name"]
        if not isinstance(name, str) or not name.strip() or name in names:
            raise _fail(f"{field}.name", f"must be a non-empty name seated once, got {name!r}")
        names.add(name)
        stack = _int(item["stack"], f"{field}.stack", 0)
        ago = _seconds(item["busted_seconds_ago"], f"{field}.busted_seconds_ago")
        if (stack == 0) != (ago is not None) or (tournament and stack == 0):
            raise _fail(field, "a player without chips is a cash player whose seat is held")
        bank = _seconds(item["time_bank"], f"{field}.time_bank")
        if bank is None or bank > (0.0 if rules is None else rules.time_bank):
            raise _fail(f"{field}.time_bank", f"{bank!r} is more than the table's time bank")
        timeouts = _int(item["timeouts"], f"{field}.timeouts", 0)
        flags = [item[key] for key in _SEAT_FLAGS]
        if not all(isinstance(flag, bool) for flag in flags):
            raise _fail(field, f"{', '.join(_SEAT_FLAGS)} must be true or false")
        out, missed_small, missed_big, straddle = flags
        if straddle and not (table.straddles or table.button_straddles):
            raise _fail(f"{field}.straddle", "the table allows no straddles")
        entry = item["entry"]
        if entry not in (None, "wait", "post") or (entry is not None and (out or tournament)):
            raise _fail(
                f"{field}.entry", f"must be null, wait or post in a cash game, got {entry!r}"
            )
        if tournament and (missed_small or missed_big):
            raise _fail(field, "nobody misses a blind in a tournament (R14.1)")
        busted_at = None if ago is None else now - ago
        table._players[seat] = Player(
            name, stack, busted_at, bank, timeouts, out, entry, missed_small, missed_big, straddle
        )

    # Hands, levels, time.
    hands = table._hands = _int(data["hands_played"], "hands_played", 0)
    table._level = _opt_int(data["level"], "level", 0, len(levels) - 1)
    since = _seconds(data["seconds_since_start"], "seconds_since_start")
    table._started_at = None if since is None else now - since
    table._recorded = _int(data["events_recorded"], "events_recorded", 0)
    positions = data["positions"]
    if positions is not None:
        item = _obj(positions, "positions", _POSITION_KEYS)
        table._positions = Positions(
            **{key: _int(item[key], f"positions.{key}", 0, size - 1) for key in _POSITION_KEYS}
        )
    started = table._level is not None
    if started != (since is not None) or started != (positions is not None):
        raise _fail("level", "level, seconds_since_start and positions are set from the first hand")
    if hands and not started:
        raise _fail("hands_played", f"{hands} hands played but none started")

    # The hand in progress and the last hand.
    hand_seats = data["hand_seats"]
    if not isinstance(hand_seats, list):
        raise _fail("hand_seats", "must be a list of table seats")
    table._hand_seats = tuple(
        _int(s, f"hand_seats[{i}]", 0, size - 1) for i, s in enumerate(hand_seats)
    )
    table._hand = _hand(data["hand"], "hand")
    table._last = _hand(data["last_hand"], "last_hand")
    if table._last is not None and not table._last.is_over:
        raise _fail("last_hand", "the last hand is not over")
    turn = _seconds(data["turn_seconds_ago"], "turn_seconds_ago")
    if table._hand is not None:
        _check_hand(table, table._hand)
        if (turn is None) != (rules is None):
            raise _fail("turn_seconds_ago", "is set when a turn clock times a hand in progress")
        if turn is not None:
            table._hand = TimedHand.adopt(table._hand, table._decided)
            table._turn_started = now - turn
    elif turn is not None:
        raise _fail("turn_seconds_ago", "no decision is timed between hands")
    elif hands == 0 and started:
        raise _fail("hand", "a hand was started and is neither in progress nor finished")

    # Tournament results.
    out = data["eliminated"]
    if not isinstance(out, list):
        raise _fail("eliminated", "must be a list")
    table._out = [_standing_from(s, f"eliminated[{i}]", size) for i, s in enumerate(out)]
    if out and not tournament:
        raise _fail("eliminated", "only a tournament has eliminations")
    winner = data["winner"]
    if winner is not None:
        table._winner = _standing_from(winner, "winner", size)
        if not tournament or len(table.players_with_chips) != 1 or table._hand is not None:
            raise _fail("winner", "only a finished tournament has a winner")
    return table


_SEAT_KEYS = (
    "name",
    "stack",
    "busted_seconds_ago",
    "time_bank",
    "timeouts",
    "sitting_out",
    "entry",
    "missed_small_blind",
    "missed_big_blind",
    "straddle",
)
_SEAT_FLAGS = ("sitting_out", "missed_small_blind", "missed_big_blind", "straddle")
_CLOCK_KEYS = ("decision_seconds", "time_bank", "sit_out_after")
_LEVEL_KEYS = ("small_blind", "big_blind", "ante", "ante_type")
_POSITION_KEYS = ("button", "hand_button", "small_blind", "big_blind")


def _check_hand(table: Table, hand: Hand) -> None:
    """The hand in progress must be the one the table dealt: its players,
    their stacks before it, the level's blinds and the positions."""
    seats = table._hand_seats
    players = [table._players[s] for s in seats]
    if len(seats) < 2 or list(seats) != sorted(set(seats)) or None in players:
        raise _fail("hand_seats", f"{list(seats)} are not the seated players of the hand")
    config = hand.config
    if config.names != tuple(p.name for p in players if p is not None):
        raise _fail("hand", "the hand's players are not the players at the hand seats")
    if config.stacks != tuple(p.stack for p in players if p is not None):
        raise _fail("hand", "the hand's starting stacks are not the players' stacks")
    for seat, p in zip(seats, players, strict=True):
        if p is not None and (p.entry is not None or p.missed_small or p.missed_big):
            raise _fail(
                f"seats[{seat}]",
                "a player dealt in neither waits, posts nor owes a missed blind (R14.2)",
            )
    if (config.max_runs, config.rake) != (table.max_runs, table.rake):
        raise _fail("hand", "the hand's runs and rake are not the table's (R12, R13)")
    level = table.level
    if (config.small_blind, config.big_blind, config.ante, config.ante_type) != (
        level.small_blind,
        level.big_blind,
        level.ante,
        level.ante_type,
    ):
        raise _fail("hand", f"the hand's blinds are not those of level {table.level_number}")
    positions = table._positions
    assert positions is not None  # checked with the level
    if not table.dead_button and positions.button != positions.hand_button:
        raise _fail("positions", "without the dead-button rule the button is a player dealt in")
    sb = positions.small_blind if positions.small_blind in seats else None
    expected = (
        seats.index(positions.hand_button) if positions.hand_button in seats else -1,
        None if sb is None else seats.index(sb),
        seats.index(positions.big_blind) if positions.big_blind in seats else -1,
    )
    if (config.button, config.small_blind_seat, config.big_blind_seat) != expected:
        raise _fail("positions", "the button and blinds are not where the hand has them")
