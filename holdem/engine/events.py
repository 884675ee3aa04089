"""The ordered log of a hand: one record per thing that happened.

Histories, seat views and replays are built from this log. Every record is
an immutable value; amounts are in chips and seats are 0-based.
"""

from __future__ import annotations

from typing import Any

import attrs

from holdem.engine import showdown as _showdown
from holdem.errors import HoldemError

# A field marked so is left out of :func:`to_dict` while it holds its default:
# the records of a hand with one run of the board read as they always have.
_QUIET = {"quiet": True}


@attrs.frozen
class Posted:
    """A forced bet (R2, R11, R14.3): ``kind`` is ``ante``, ``small blind``,
    ``big blind``, ``big blind ante``, ``live post``, ``dead post`` or
    ``straddle``; ``amount`` is what was actually posted (less than the
    full amount when the seat went all-in posting it, R2.4)."""

    seat: int
    kind: str
    amount: int
    all_in: bool


@attrs.frozen
class HoleCardsDealt:
    """Two hole cards dealt to ``seat`` (``("??", "??")`` when unknown)."""

    seat: int
    cards: tuple[str, ...]


@attrs.frozen
class StreetDealt:
    """A new street begins: ``street`` is ``flop``, ``turn`` or ``river``;
    ``cards`` are the new board cards, ``board`` the whole board so far.
    ``run_out`` is true when no betting will follow (R5.3). ``run`` is the
    run of the board the cards belong to (R12.2): 1 unless the board is run
    more than once; a later run's ``board`` is the common cards and its own."""

    street: str
    cards: tuple[str, ...]
    board: tuple[str, ...]
    run_out: bool
    run: int = attrs.field(default=1, metadata=_QUIET)


@attrs.frozen
class Acted:
    """A betting action. ``action`` is ``fold``, ``check``, ``call``, ``bet`` or
    ``raise``; ``to`` is the seat's bet on the street afterwards; ``added`` the
    chips put in by this action; ``all_in`` whether the stack is now empty."""

    seat: int
    action: str
    to: int
    added: int
    all_in: bool


@attrs.frozen
class RunsChosen:
    """A seat's answer to the run question (R12.1): it accepts at most ``count`` runs."""

    seat: int
    count: int


@attrs.frozen
class RunsAgreed:
    """The number of runs of the board (R12.1): the smallest count asked for."""

    count: int


@attrs.frozen
class UncalledReturned:
    """Chips given back: the uncalled bet (R7.4) or a layer nobody can win (R7.5)."""

    seat: int
    amount: int


@attrs.frozen
class Shown:
    """Hole cards shown at showdown (R6), with their treys ``rank`` (lower is
    better) on the final ``board``. ``category``, ``best_five`` and
    ``description`` are worked out when asked for."""

    seat: int
    cards: tuple[str, ...]
    rank: int
    board: tuple[str, ...]

    @property
    def category(self) -> str:
        """``"flush"``, ``"two pair"``... (treys' category names, lower case)."""
        return _showdown.category(self.rank)

    @property
    def best_five(self) -> tuple[str, ...]:
        """The best five cards of hole cards and board, most important first (R6.1)."""
        return _showdown.best_five(self.cards, self.board)

    @property
    def description(self) -> str:
        """The hand in words: ``"three of a kind, nines"``."""
        return _showdown.describe(self.cards, self.board)


@attrs.frozen
class Mucked:
    """Hole cards not shown at showdown (R6.3); the seat gives up its claim."""

    seat: int


@attrs.frozen
class RakeTaken:
    """The rake taken from one pot before it is awarded (R13): ``pot`` is its
    name (``main pot``, ``side pot 1``...), ``amount`` the chips taken."""

    pot: str
    amount: int


@attrs.frozen
class PotAwarded:
    """A pot awarded: ``name`` (``main pot``, ``side pot 1``...), its ``amount``
    (less its rake, R13.2), ``eligible`` seats, ``winners`` (odd-chip order)
    and their ``shares``. With several runs of the board, each run's share of
    the pot is awarded on its own (R12.3): ``run`` says which, and ``amount``
    is that share."""

    name: str
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    run: int = attrs.field(default=1, metadata=_QUIET)


@attrs.frozen
class HandEnded:
    """The hand is over: final ``stacks`` per seat."""

    stacks: tuple[int, ...]


Event = (
    Posted
    | HoleCardsDealt
    | StreetDealt
    | Acted
    | RunsChosen
    | RunsAgreed
    | UncalledReturned
    | Shown
    | Mucked
    | RakeTaken
    | PotAwarded
    | HandEnded
)


_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
        Posted,
        HoleCardsDealt,
        StreetDealt,
        Acted,
        RunsChosen,
        RunsAgreed,
        UncalledReturned,
        Shown,
        Mucked,
        RakeTaken,
        PotAwarded,
        HandEnded,
    )
}


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def to_dict(event: Event) -> dict[str, Any]:
    """An event as JSON-ready data: ``{"event": "<class name>", ...fields}``."""
    data: dict[str, Any] = {"event": type(event).__name__}
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        if field.metadata.get("quiet") and value == field.default:
            continue
        data[field.name] = _plain(value)
    return data


def from_dict(data: Any) -> Event:
    """The event back from :func:`to_dict` data (``from_dict(to_dict(e)) == e``).

    Raises:
        HoldemError: not an event of this module, or fields that do not fit it.
    """
    if not isinstance(data, dict) or data.get("event") not in _TYPES:
        raise HoldemError(f"not an event: {data!r}")
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "event"}
    try:
        return _TYPES[data["event"]](**values)  # type: ignore[no-any-return]
    except TypeError as error:
        raise HoldemError(f"bad {data['event']} event: {error}") from None
