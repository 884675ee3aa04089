"""The turn clock: a time limit per decision and a time bank (issue 12, item 5).

A :class:`TurnClock` is the table's setting; the table keeps the state (when
the decision in progress started, each player's bank left and their timeouts
in a row) and reads time from its own clock, a function returning seconds
that tests replace with a fake one.

How a decision is timed:

- Each decision may take ``decision_seconds``. Time beyond that comes out of
  the player's bank (``time_bank`` seconds when they sit down; a bank is not
  refilled).
- The decision times out when both are used up, at
  ``started + decision_seconds + bank``. The table then applies the default
  action: **check** when nothing is owed, else **fold** (R3.1: a fold is
  never made where a check is free) and records a
  :class:`~holdem.table.events.TimedOut` event. The bank is then empty.
- A player who times out ``sit_out_after`` times in a row sits out from the
  next hand (R14.1), and for the rest of this hand the table checks or
  folds for them as soon as it is their turn; acting in time resets the
  count. They come back with :meth:`holdem.table.table.Table.sit_in`.

Nothing here runs by itself: a server calls :meth:`holdem.table.table.Table.poll_clock`
when :attr:`holdem.table.table.Table.deadline` comes (or on any timer), and
actions go through :meth:`holdem.table.table.Table.act` so that their time is
counted.

>>> clock = TurnClock(15, time_bank=30)
>>> clock.deadline(started=100.0, bank=30.0)
145.0
>>> clock.bank_after(started=100.0, now=120.0, bank=30.0)  # 5 s over the limit
25.0
"""

from __future__ import annotations

import attrs

from holdem.engine.betting import Action, Kind, LegalActions
from holdem.errors import ConfigError, value_text

__all__ = ["MAX_SECONDS", "TurnClock", "default_action"]

MAX_SECONDS = 1e9
"""The longest time any setting or saved time of a table may hold, in seconds
(about 31 years): larger numbers (a 400-digit integer, ``1e300``) are refused
as configuration errors rather than overflowing later."""


def _seconds(field: str, value: object, positive: bool, least: float = 0.0) -> float:
    bound = f"> {least:g}" if positive and not least else f">= {least:g}"
    problem = ConfigError(
        field,
        f"must be a number of seconds {bound} and at most {MAX_SECONDS:g}, "
        f"got {value_text(value, True)}",
    )
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise problem
    if not (value > least if positive else value >= least) or not value <= MAX_SECONDS:
        raise problem  # compared before float(): an int beyond any float is caught here
    return float(value)


def seconds(field: str, value: object, *, positive: bool = False, least: float = 0.0) -> float:
    """``value`` as a number of seconds from ``least`` (excluded when
    ``positive``) to :data:`MAX_SECONDS`, for a setting named ``field``.

    Raises:
        ConfigError: not an ``int`` or ``float`` (a bool is refused), NaN,
            or out of range; the message is one short line.

    >>> seconds("bot_delay", 2)
    2.0
    """
    return _seconds(field, value, positive, least)


@attrs.frozen(init=False)
class TurnClock:
    """Time limits for the decisions at a table.

    Attributes:
        decision_seconds: the time each decision may take, in seconds (> 0).
        time_bank: the extra seconds each player has for all their
            decisions together, used once a decision runs over (>= 0).
        sit_out_after: the timeouts in a row after which a player sits out
            from the next hand (R14.1), or ``None`` (never).

    Raises:
        ConfigError: a field is out of range (the field is named).
    """

    decision_seconds: float
    time_bank: float
    sit_out_after: int | None

    def __init__(
        self,
        decision_seconds: float,
        *,
        time_bank: float = 0.0,
        sit_out_after: int | None = None,
    ) -> None:
        if sit_out_after is not None and (
            isinstance(sit_out_after, bool)
            or not isinstance(sit_out_after, int)
            or sit_out_after < 1
        ):
            raise ConfigError(
                "sit_out_after",
                f"must be a whole number >= 1 or None, got {value_text(sit_out_after, True)}",
            )
        object.__setattr__(
            self, "decision_seconds", _seconds("decision_seconds", decision_seconds, True)
        )
        object.__setattr__(self, "time_bank", _seconds("time_bank", time_bank, False))
        object.__setattr__(self, "sit_out_after", sit_out_after)

    def deadline(self, started: float, bank: float) -> float:
        """The clock time a decision that started at ``started`` times out,
        for a player with ``bank`` seconds in the bank."""
        return started + self.decision_seconds + bank

    def bank_after(self, started: float, now: float, bank: float) -> float:
        """The bank left after a decision made at ``now`` that started at
        ``started``: the time over ``decision_seconds`` comes out of it (never
        below 0)."""
        over = max(0.0, now - started - self.decision_seconds)
        return max(0.0, bank - over)


def default_action(legal: LegalActions) -> Action:
    """The action applied on a timeout: check when nothing is owed, else fold (R3.1)."""
    return Action(Kind.CHECK) if legal.can_check else Action(Kind.FOLD)
