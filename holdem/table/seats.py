"""The table's seats: errors, seat values and buy-in checks (R9.1, R10.2).

The pieces of :class:`holdem.table.table.Table` that concern one seat: who sits
there with what stack, whether a purchase is within the table's limits, and
the results table. Everything here is re-exported by :mod:`holdem.table.table`.
"""

from __future__ import annotations

import enum

import attrs

from holdem.engine.config import MAX_STACK
from holdem.errors import ConfigError, HoldemError, value_text


def check_seed(seed: object) -> None:
    """A seed is a whole number, text, bytes or ``None``, else :class:`ConfigError`."""
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, (int, str, bytes, bytearray))
    ):
        raise ConfigError(
            "seed", f"must be a whole number, text, bytes or None, got {value_text(seed, True)}"
        )


class TableReason(str, enum.Enum):
    """Why a table operation was refused (the ``reason`` of :class:`TableError`)."""

    NO_SUCH_SEAT = "no_such_seat"
    SEAT_TAKEN = "seat_taken"
    EMPTY_SEAT = "empty_seat"
    BAD_NAME = "bad_name"
    HAND_IN_PROGRESS = "hand_in_progress"
    NO_HAND = "no_hand"
    HAND_NOT_OVER = "hand_not_over"
    NOT_ENOUGH_PLAYERS = "not_enough_players"
    TOURNAMENT_STARTED = "tournament_started"
    NO_REBUYS = "no_rebuys"
    BELOW_MINIMUM = "below_minimum"
    ABOVE_MAXIMUM = "above_maximum"
    BAD_AMOUNT = "bad_amount"
    NOT_DEALT_IN = "not_dealt_in"
    TIMED_OUT = "timed_out"
    SITTING_OUT = "sitting_out"
    NO_STRADDLES = "no_straddles"
    NOT_SITTING_OUT = "not_sitting_out"

    def __str__(self) -> str:
        return self.value


class TableError(HoldemError):
    """A table operation that is not allowed now; the table is unchanged.

    Attributes:
        seat: the table seat concerned, or ``None``.
        reason: a :class:`TableReason` code.
    """

    def __init__(self, seat: int | None, reason: TableReason, message: str) -> None:
        self.seat = seat
        self.reason = reason
        super().__init__(message if seat is None else f"seat {value_text(seat)}: {message}")


class BuyInError(TableError):
    """A buy-in, rebuy or top-up outside the table's limits (R10.2).

    Attributes:
        chips: the chips offered.
        stack: the stack the purchase would make.
        minimum: the table's minimum buy-in.
        maximum: the table's maximum buy-in, or ``None`` (no maximum).
    """

    def __init__(
        self,
        seat: int,
        reason: TableReason,
        message: str,
        chips: object,
        stack: int,
        minimum: int,
        maximum: int | None,
    ) -> None:
        self.chips = chips
        self.stack = stack
        self.minimum = minimum
        self.maximum = maximum
        super().__init__(seat, reason, message)


class TableMode(str, enum.Enum):
    """A cash game (rebuys, button to the next player) or a tournament
    (eliminations and places, the dead-button rule)."""

    CASH = "cash"
    TOURNAMENT = "tournament"

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class SeatState:
    """A player at the table.

    Attributes:
        seat: the table seat.
        name: the player.
        stack: chips, before the hand in progress.
        held_until: the clock time the seat of a player without chips is
            freed (R10.2), else ``None``.
        time_bank: seconds left in the player's time bank (with a turn
            clock, :mod:`holdem.table.clock`), else ``None``.
        timeouts: the player's timeouts in a row.
        sitting_out: the player sits out (R14.1): in a cash game they are
            dealt no cards; in a tournament they are dealt in and the table
            checks or folds for them.
        waiting: a cash player coming in (back) who waits for the big blind
            to reach them (R14.2, R14.3); not dealt in until then.
        posting: a cash player coming in (back) who posts at the next hand:
            one big blind live, and a missed small blind dead (R14.2, R14.3).
        missed_small_blind, missed_big_blind: the blinds the player missed
            while out (R14.2).
        straddle: the player straddles whenever they may (R11,
            :mod:`holdem.table.straddles`).
    """

    seat: int
    name: str
    stack: int
    held_until: float | None
    time_bank: float | None = None
    timeouts: int = 0
    sitting_out: bool = False
    waiting: bool = False
    posting: bool = False
    missed_small_blind: bool = False
    missed_big_blind: bool = False
    straddle: bool = False


@attrs.frozen
class Standing:
    """One line of the results (R9.1).

    Attributes:
        place: 1 for the winner; shared places repeat (``3, 3, 5``); ``None``
            for a player still playing an unfinished tournament.
        name: the player.
        shared: whether another player has the same place.
        chips: chips at the end (0 when eliminated).
        hand: the hand number in which the player was eliminated, or ``None``.
        starting_stack: the stack the player started that hand with, or ``None``.
    """

    place: int | None
    name: str
    shared: bool
    chips: int
    hand: int | None
    starting_stack: int | None


@attrs.define
class Player:
    """A seated player (mutable, private to the table). ``busted_at`` is the
    clock time the stack was lost (cash games, R10.2), else ``None``;
    ``time_bank`` the seconds left in the bank and ``timeouts`` the timeouts
    in a row (:mod:`holdem.table.clock`); ``entry`` how a cash player not dealt in
    comes in: ``None``, ``"wait"`` (for the big blind) or ``"post"``
    (:mod:`holdem.table.sitout`); ``straddle`` whether they straddle
    whenever they may (:mod:`holdem.table.straddles`)."""

    name: str
    stack: int
    busted_at: float | None = None
    time_bank: float = 0.0
    timeouts: int = 0
    sitting_out: bool = False
    entry: str | None = None
    missed_small: bool = False
    missed_big: bool = False
    straddle: bool = False


def check_chips(
    seat: int, chips: object, stack: int, low: int, high: int | None, others: int = 0
) -> None:
    """Check a purchase of ``chips`` onto ``stack`` against the limits ``low``
    and ``high`` (``None``: no maximum), R10.2.

    ``others`` is the chips of the other players at the table: all the chips
    at a table stay within :data:`holdem.engine.config.MAX_STACK` (2**62), so that
    no stack a hand can make is beyond what a hand accepts.

    Raises:
        BuyInError: ``chips`` is not a whole number >= 1, or the stack it
            makes is below ``low`` or above ``high``, or the table's chips
            would go beyond 2**62.
    """
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
        raise BuyInError(
            seat,
            TableReason.BAD_AMOUNT,
            f"chips must be a whole number >= 1, got {value_text(chips, True)}",
            chips,
            stack,
            low,
            high,
        )
    total = stack + chips
    shown, made = value_text(chips), value_text(total)
    if total < low:
        raise BuyInError(
            seat,
            TableReason.BELOW_MINIMUM,
            f"{shown} chips make a stack of {made}: the minimum buy-in is {low} (R10.2)",
            chips,
            total,
            low,
            high,
        )
    if high is not None and total > high:
        raise BuyInError(
            seat,
            TableReason.ABOVE_MAXIMUM,
            f"{shown} chips make a stack of {made}: the maximum buy-in is {high}",
            chips,
            total,
            low,
            high,
        )
    if total + others > MAX_STACK:
        raise BuyInError(
            seat,
            TableReason.ABOVE_MAXIMUM,
            f"{shown} chips would bring the table's chips beyond 2**62, the most a hand takes",
            chips,
            total,
            low,
            high,
        )
