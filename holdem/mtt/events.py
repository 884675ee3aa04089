"""What a tournament director records (R15): seating, moves, breaks, levels,
hand-for-hand, eliminations and the win.

Tables are numbered from 1, seats from 0 (table seats, as in
:mod:`holdem.table.table`). ``hand`` is the tournament's hand number: hands are
numbered 1, 2, ... across all tables in the order they start.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Seated:
    """A player drawn to a seat at the start (R15.1)."""

    name: str
    table: int
    seat: int
    chips: int


@attrs.frozen
class Moved:
    """A player moved to balance the tables (``reason`` ``balance``, R15.2) or
    from a broken table (``break``, R15.3).

    Attributes:
        position: for a balancing move, ``worst`` when the seat is the one the
            big blind reaches first, ``late`` when only seats from the button
            to the small blind were free; ``drawn`` for a break, or for a move
            to a table left with one player (its blinds start afresh).
        waits: the player is not dealt in at the new table's next hand (the
            seat is between the button and the small blind, R15.3).
    """

    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    chips: int
    reason: str
    position: str
    waits: bool
    hand: int = 0
    """The tournament hands started before the move (the move follows hand ``hand``)."""


@attrs.frozen
class TableBroken:
    """A table broken (R15.3): its players are moved (one :class:`Moved` each)."""

    table: int
    players: int
    hand: int = 0
    """The tournament hands started before the break."""


@attrs.frozen
class LevelChanged:
    """The blind level in force from the next hand at every table."""

    level: int
    small_blind: int
    big_blind: int
    ante: int
    ante_type: str


@attrs.frozen
class HandForHand:
    """Hand-for-hand play starts (``on``) or stops (R15.4)."""

    on: bool
    players_left: int


@attrs.frozen
class Eliminated:
    """A player out of the tournament, with their place and prize (R15.4, R15.6).

    Attributes:
        place: the finishing place (the best of the places shared).
        shared: the place is shared with others out in the same hand (or
            hand-for-hand round) with the same starting stack.
        prize: whole currency units.
        hand: the tournament hand number they went out in.
        starting_stack: their chips at the start of that hand.
    """

    name: str
    place: int
    shared: bool
    prize: int
    hand: int
    table: int
    starting_stack: int


@attrs.frozen
class Won:
    """The tournament is over: the winner holds every chip."""

    name: str
    prize: int
    chips: int


@attrs.frozen
class Entered:
    """A player entered after the start (R15.8): ``kind`` ``late`` (late
    registration), ``re-entry`` or ``rebuy`` (a busted player's rebuy), seated
    at ``table``/``seat`` by the draw of R15.8 (``waits`` as for :class:`Moved`).
    ``price`` is what the entry added to the prize pool, ``hand`` the hands
    started before it."""

    name: str
    kind: str
    table: int
    seat: int
    chips: int
    price: int
    waits: bool
    hand: int


@attrs.frozen
class Bought:
    """Chips bought by a player at a table (R15.8): ``kind`` ``rebuy`` or
    ``add-on``; ``stack`` is the stack afterwards, ``price`` what it added
    to the prize pool."""

    name: str
    kind: str
    table: int
    seat: int
    chips: int
    stack: int
    price: int
    hand: int


@attrs.frozen
class Busted:
    """A player out while entries are open (R15.8): placed when they close
    (an :class:`Eliminated` then), unless they re-enter or rebuy first."""

    name: str
    hand: int
    table: int
    starting_stack: int


@attrs.frozen
class EntriesClosed:
    """Late registration, re-entries, rebuys and add-ons are over (R15.8): the
    prize pool and the payouts are final."""

    level: int
    entries: int
    players: int
    prize_pool: int


@attrs.frozen
class BreakStarted:
    """A break after level ``after_level`` (R15.9), ``seconds`` long (0 in a
    schedule by hands); no table deals until it ends."""

    after_level: int
    seconds: float
    hand: int


@attrs.frozen
class BreakEnded:
    """The break after level ``after_level`` is over (R15.9)."""

    after_level: int


@attrs.frozen
class ColouredUp:
    """The chips smaller than ``unit`` raced off at ``table`` (R15.7, R15.10):
    ``chips_before`` and ``chips_after`` are the table's chips (its waiting
    players' included); ``stacks`` the changed players, ``(name, before, after)``."""

    table: int
    level: int
    unit: int
    chips_before: int
    chips_after: int
    stacks: tuple[tuple[str, int, int], ...]
    hand: int


MttEvent = (
    Seated
    | Moved
    | TableBroken
    | LevelChanged
    | HandForHand
    | Eliminated
    | Won
    | Entered
    | Bought
    | Busted
    | EntriesClosed
    | BreakStarted
    | BreakEnded
    | ColouredUp
)
"""Any tournament event."""
