"""The table's log: one record per change between hands (R9, R10).

Same style as :mod:`holdem.engine.events`: immutable values, seats are table seats,
amounts in chips.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class SeatTaken:
    """A player sat down at ``seat`` with ``chips`` (a buy-in)."""

    seat: int
    name: str
    chips: int


@attrs.frozen
class SeatLeft:
    """The player at ``seat`` left with ``chips``. ``reason``: ``left`` (by
    choice), ``hold expired`` (no rebuy in time, R10.2) or ``eliminated``
    (a tournament bust, R9.1)."""

    seat: int
    name: str
    chips: int
    reason: str


@attrs.frozen
class Busted:
    """The player at ``seat`` lost their stack in hand number ``hand``, which
    they started with ``starting_stack`` chips. Tournaments: ``place`` is
    the finish (R9.1), ``shared`` whether others share it. Cash games:
    ``place`` is ``None`` and the seat is held until ``held_until`` on the
    table clock (R10.2)."""

    seat: int
    name: str
    hand: int
    starting_stack: int
    place: int | None
    shared: bool
    held_until: float | None


@attrs.frozen
class Rebought:
    """Chips bought between hands (R10.2): ``kind`` is ``rebuy`` (the stack was
    empty) or ``top-up``; ``stack`` is the stack afterwards. Kind ``reset``
    is :meth:`Table.reset_stacks`: ``chips`` is the change, negative when the
    stack went down."""

    seat: int
    name: str
    chips: int
    stack: int
    kind: str


@attrs.frozen
class LevelUp:
    """The blind level in force from hand number ``hand``; ``level`` is 1-based
    as on a tournament clock. Also recorded for the first hand."""

    hand: int
    level: int
    small_blind: int
    big_blind: int
    ante: int
    ante_type: str


@attrs.frozen
class ButtonMoved:
    """Where the button and blinds are for hand number ``hand`` (table seats,
    R10.1). ``dead`` is true when the button seat has no player with chips;
    ``small_blind_seat`` is ``None`` for a dead small blind."""

    hand: int
    seat: int
    dead: bool
    small_blind_seat: int | None
    big_blind_seat: int


@attrs.frozen
class HandStarted:
    """Hand number ``hand`` is dealt; ``seats[i]`` is the table seat of hand seat ``i``."""

    hand: int
    seats: tuple[int, ...]


@attrs.frozen
class TimedOut:
    """The player at ``seat`` ran out of time (:mod:`holdem.table.clock`) in hand
    number ``hand``; the table applied ``action`` for them (``check`` when
    nothing was owed, else ``fold``). ``in_a_row`` counts their timeouts
    without an action in time between them."""

    hand: int
    seat: int
    name: str
    action: str
    in_a_row: int


@attrs.frozen
class ActedForAbsent:
    """The table applied ``action`` (``check`` when nothing was owed, else
    ``fold``) for the player at ``seat`` in hand number ``hand`` because they
    sit out (R14.1): a tournament player sitting out is dealt in and checks
    or folds at once, and so does a player whom the turn clock sat out
    during the hand for the rest of it. Not a timeout: their timeouts in a
    row do not change."""

    hand: int
    seat: int
    name: str
    action: str


@attrs.frozen
class SatOut:
    """The player at ``seat`` sits out from the next hand (R14.1); ``reason``
    is ``by choice`` or ``timeouts`` (the turn clock's ``sit_out_after``)."""

    seat: int
    name: str
    reason: str


@attrs.frozen
class SatIn:
    """The player at ``seat`` comes back (R14.2) or, ``new``, has just sat
    down in a cash game in play (R14.3). ``entry``: ``dealt in`` (nothing
    owed: dealt in at the next hand), ``wait`` (for the big blind to reach
    them) or ``post`` (posts at the next hand)."""

    seat: int
    name: str
    entry: str
    new: bool


@attrs.frozen
class MissedBlind:
    """The ``blind`` (``small blind`` or ``big blind``) passed the player at
    ``seat``, who was not dealt in, in hand number ``hand`` (R14.2)."""

    hand: int
    seat: int
    name: str
    blind: str


@attrs.frozen
class DealtIn:
    """A player coming in (back) is dealt in at hand number ``hand``
    (R14.2, R14.3): ``live_post`` and ``dead_post`` are the chips owed as
    posts (0 when they come in on the big blind, in a blind, or free; the
    hand posts what their stack covers, R2.4)."""

    hand: int
    seat: int
    name: str
    live_post: int
    dead_post: int


TableEvent = (
    SeatTaken
    | SeatLeft
    | Busted
    | Rebought
    | LevelUp
    | ButtonMoved
    | HandStarted
    | TimedOut
    | ActedForAbsent
    | SatOut
    | SatIn
    | MissedBlind
    | DealtIn
)
