"""The checks of :class:`holdem.table.table.Table`'s arguments.

Bad configuration fails at construction: each argument out of range raises
:class:`~holdem.errors.ConfigError` naming the field, with the value shown
by :func:`~holdem.errors.value_text` (a huge number by its size).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from holdem.engine.config import MAX_STACK, Structure, TableConfig
from holdem.engine.pots import Rake
from holdem.errors import ConfigError, value_text
from holdem.table.clock import TurnClock
from holdem.table.schedule import Level, Schedule
from holdem.table.seats import TableMode, check_seed


def _whole(field: str, value: object, low: int, high: int, words: str) -> None:
    """``value`` must be an int (never a bool) from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(field, f"{words}, got {value_text(value, True)}")


def check_arguments(
    *,
    size: object,
    schedule: object,
    mode: object,
    min_buy_in: object,
    max_buy_in: object,
    hold_seconds: object,
    clock: Callable[[], float],
    button: object,
    seed: object,
    structure: Structure | str,
    chip_unit: int,
    turn_clock: object,
    newcomers_wait: object,
    straddles: object,
    button_straddles: object,
    max_events: object,
    max_runs: int = 1,
    rake: Rake | Mapping[str, object] | None = None,
) -> tuple[Schedule, TableMode, Rake | None]:
    """Check the arguments of :class:`holdem.table.table.Table` (see there).

    Returns:
        The schedule (one :class:`Level` becomes a :class:`Schedule`), the
        mode and the rake (a mapping becomes a :class:`~holdem.engine.pots.Rake`).

    Raises:
        ConfigError: an argument is out of range (the field is named).
    """
    _whole("size", size, 2, 10, "a table has 2 to 10 seats")
    assert isinstance(size, int)
    if isinstance(schedule, Level):
        schedule = Schedule([schedule])
    if not isinstance(schedule, Schedule):
        raise ConfigError(
            "schedule", f"must be a Schedule or a Level, got {value_text(schedule, True)}"
        )
    try:
        table_mode = TableMode(mode)
    except ValueError:
        raise ConfigError(
            "mode", f"must be cash or tournament, got {value_text(mode, True)}"
        ) from None
    _whole("min_buy_in", min_buy_in, 1, MAX_STACK, "must be a whole number from 1 to 2**62")
    assert isinstance(min_buy_in, int)
    if max_buy_in is not None and (
        isinstance(max_buy_in, bool) or not isinstance(max_buy_in, int) or max_buy_in < min_buy_in
    ):
        raise ConfigError(
            "max_buy_in",
            f"must be a whole number >= min_buy_in, got {value_text(max_buy_in, True)}",
        )
    if (
        isinstance(hold_seconds, bool)
        or not isinstance(hold_seconds, (int, float))
        or not hold_seconds >= 0
        or (isinstance(hold_seconds, int) and hold_seconds > MAX_STACK)
    ):
        raise ConfigError(
            "hold_seconds",
            f"must be a number of seconds >= 0, got {value_text(hold_seconds, True)}",
        )
    check_seed(seed)
    if button is not None:
        _whole("button", button, 0, size - 1, f"must be a seat from 0 to {size - 1}")
    _whole("max_events", max_events, 1, MAX_STACK, "must be a whole number from 1 to 2**62")
    if not callable(clock):
        raise ConfigError(
            "clock", f"must be a function returning seconds, got {value_text(clock, True)}"
        )
    for field, flag in (
        ("straddles", straddles),
        ("button_straddles", button_straddles),
        ("newcomers_wait", newcomers_wait),
    ):
        if not isinstance(flag, bool):
            raise ConfigError(field, f"must be true or false, got {value_text(flag, True)}")
    if turn_clock is not None and not isinstance(turn_clock, TurnClock):
        raise ConfigError(
            "turn_clock", f"must be a TurnClock or None, got {value_text(turn_clock, True)}"
        )
    # Checks structure, chip_unit, max_runs (R12.1) and rake (R13) as every hand will.
    probe = TableConfig(
        [1, 1], 0, 1, structure=structure, chip_unit=chip_unit, max_runs=max_runs, rake=rake
    )
    return schedule, table_mode, probe.rake
