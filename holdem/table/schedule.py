"""Blind levels for a table: blinds and antes by hands played or by time (R10).

A :class:`Schedule` is a list of levels (:class:`Level`) and how a level
ends: after a number of hands, or after a number of seconds on the table's
clock.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from holdem.engine.config import AnteType, TableConfig
from holdem.errors import ConfigError, value_text
from holdem.table.clock import seconds

MIN_SECONDS_PER_LEVEL = 0.001
"""The shortest level by time, in seconds."""


@attrs.frozen(init=False)
class Level:
    """Blinds and antes for a stretch of hands; checked like a ``TableConfig``.

    ``ante_type`` is ``none``, ``uniform`` or ``big_blind`` (R2.3); left
    ``None`` it is ``uniform`` when ``ante`` is positive.

    Raises:
        ConfigError: the amounts are inconsistent (``small_blind > big_blind``...).

    >>> str(Level(50, 100, ante=100, ante_type="big_blind"))
    '50/100 ante 100 (big_blind)'
    """

    small_blind: int
    big_blind: int
    ante: int
    ante_type: AnteType

    def __init__(
        self,
        small_blind: int,
        big_blind: int,
        ante: int = 0,
        ante_type: AnteType | str | None = None,
    ) -> None:
        probe = TableConfig([1, 1], small_blind, big_blind, ante=ante, ante_type=ante_type)
        object.__setattr__(self, "small_blind", probe.small_blind)
        object.__setattr__(self, "big_blind", probe.big_blind)
        object.__setattr__(self, "ante", probe.ante)
        object.__setattr__(self, "ante_type", probe.ante_type)

    def __str__(self) -> str:
        text = f"{self.small_blind}/{self.big_blind}"
        if self.ante_type is not AnteType.NONE:
            text += f" ante {self.ante} ({self.ante_type})"
        return text


@attrs.frozen(init=False)
class Schedule:
    """Blind levels that go up by hand count or by time (at most one of them).

    Attributes:
        levels: the :class:`Level` values in order; the last one stays.
        hands_per_level: hands played at each level, or ``None``.
        seconds_per_level: seconds of the table clock per level, counted from
            the start of the first hand (from :data:`MIN_SECONDS_PER_LEVEL`
            to :data:`holdem.clock.MAX_SECONDS`), or ``None``.

    A new level applies from the next hand that starts after it is due.

    >>> schedule = Schedule([Level(10, 20), Level(15, 30)], hands_per_level=10)
    >>> schedule.level_index(hands_played=9, elapsed=0.0), schedule.level_index(10, 0.0)
    (0, 1)
    """

    levels: tuple[Level, ...]
    hands_per_level: int | None
    seconds_per_level: float | None

    def __init__(
        self,
        levels: Iterable[Level],
        *,
        hands_per_level: int | None = None,
        seconds_per_level: float | None = None,
    ) -> None:
        if isinstance(levels, (str, bytes)) or not isinstance(levels, Iterable):
            raise ConfigError(
                "levels", f"must be a list of Level values, got {value_text(levels, True)}"
            )
        levels = tuple(levels)
        if not levels:
            raise ConfigError("levels", "needs at least one Level")
        for i, level in enumerate(levels):
            if not isinstance(level, Level):
                raise ConfigError(
                    "levels",
                    "must be Level values, like Level(10, 20); "
                    f"item {i} is {value_text(level, True)}",
                )
        if hands_per_level is not None and seconds_per_level is not None:
            raise ConfigError(
                "hands_per_level", "give hands_per_level or seconds_per_level, not both"
            )
        if hands_per_level is not None and (
            isinstance(hands_per_level, bool)
            or not isinstance(hands_per_level, int)
            or hands_per_level < 1
        ):
            raise ConfigError(
                "hands_per_level",
                f"must be a whole number >= 1, got {value_text(hands_per_level, True)}",
            )
        if seconds_per_level is not None:
            # At least a millisecond and at most MAX_SECONDS (10**400 or 1e-320
            # would overflow when the level is worked out).
            seconds_per_level = seconds(
                "seconds_per_level", seconds_per_level, least=MIN_SECONDS_PER_LEVEL
            )
        if len(levels) > 1 and hands_per_level is None and seconds_per_level is None:
            raise ConfigError("levels", "several levels need hands_per_level or seconds_per_level")
        object.__setattr__(self, "levels", levels)
        object.__setattr__(self, "hands_per_level", hands_per_level)
        object.__setattr__(self, "seconds_per_level", seconds_per_level)

    @classmethod
    def fixed(
        cls,
        small_blind: int,
        big_blind: int,
        ante: int = 0,
        ante_type: AnteType | str | None = None,
    ) -> Schedule:
        """One level for ever (a cash game)."""
        return cls([Level(small_blind, big_blind, ante, ante_type)])

    def level_index(self, hands_played: int, elapsed: float) -> int:
        """The 0-based level due after ``hands_played`` hands and ``elapsed`` seconds."""
        if self.hands_per_level is not None:
            index = hands_played // self.hands_per_level
        elif self.seconds_per_level is not None:
            index = int(elapsed // self.seconds_per_level)
        else:
            index = 0
        return min(index, len(self.levels) - 1)
