"""The one exception hierarchy of :mod:`holdem`.

Every error the package raises on bad input derives from :class:`HoldemError`
and from :class:`ValueError`, so callers can catch either and never need to
parse message text: the errors carry their data as attributes.
"""

from __future__ import annotations

import enum
from typing import Protocol


class LegalOptions(Protocol):
    """What an error says the seat to act could do: the shape of
    :class:`holdem.engine.betting.LegalActions` (R3, R4), all amounts in chips.

    Declared here so that this module, the bottom of every layer, imports
    nothing of the engine (``docs/architecture.md``).
    """

    @property
    def seat(self) -> int: ...
    @property
    def can_fold(self) -> bool: ...
    @property
    def can_check(self) -> bool: ...
    @property
    def call(self) -> int: ...
    @property
    def min_raise_to(self) -> int | None: ...
    @property
    def max_raise_to(self) -> int | None: ...
    @property
    def raise_word(self) -> str: ...
    @property
    def can_all_in(self) -> bool: ...


class HoldemError(ValueError):
    """Root of every error raised by :mod:`holdem` for bad input.

    Every error pickles with its message and attributes (so that it crosses a
    process or Ray worker), whatever its constructor's arguments.
    """

    def __reduce__(self) -> tuple[object, ...]:
        # BaseException's own reduce calls the class with ``args`` (the message alone),
        # which fails for errors built from several arguments (IllegalActionError...)
        return (_rebuild, (type(self), self.args, self.__dict__))


def _rebuild(
    cls: type[HoldemError], args: tuple[object, ...], state: dict[str, object]
) -> HoldemError:
    """An unpickled error: its message and attributes, without calling ``__init__``."""
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class ConfigError(HoldemError):
    """A table or hand configuration is invalid; raised at construction.

    Attributes:
        field: the name of the offending configuration field.
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}")


class CardError(HoldemError):
    """A card string cannot be parsed, or a card is dealt twice (R5.4)."""


class EquityError(HoldemError):
    """Bad input to the equity calculator: a card twice, too many cards,
    an unknown card, a bad range, a range left empty by card removal, a bad
    player count or board size."""


class NotationError(HoldemError):
    """An action written in text notation cannot be parsed."""


class Reason(str, enum.Enum):
    """Why an action was refused (the ``reason`` code of :class:`IllegalActionError`)."""

    HAND_OVER = "hand_over"
    NO_BETTING = "no_betting"
    UNKNOWN_SEAT = "unknown_seat"
    NOT_YOUR_TURN = "not_your_turn"
    CANNOT_CHECK = "cannot_check"
    CANNOT_FOLD = "cannot_fold"
    NOTHING_TO_CALL = "nothing_to_call"
    CANNOT_BET = "cannot_bet"
    CANNOT_RAISE = "cannot_raise"
    BELOW_MINIMUM = "below_minimum"
    ABOVE_MAXIMUM = "above_maximum"
    BAD_AMOUNT = "bad_amount"
    NOT_SHOWDOWN = "not_showdown"
    MUST_SHOW = "must_show"
    NO_RUN_QUESTION = "no_run_question"
    BAD_RUN_COUNT = "bad_run_count"
    STALE = "stale"

    def __str__(self) -> str:
        return self.value


_LONGEST_TEXT = 60
"""Longest text of a value echoed whole in a message."""


def value_text(value: object, quote: bool = False) -> str:
    """``value`` for a message (its ``repr`` with ``quote``): a huge integer by
    its size, never its digits (Python refuses to print more than 4,300); a
    text longer than 60 characters by its start and its length, so that an
    error stays one short line whatever the input."""
    if isinstance(value, int) and not -(10**30) < value < 10**30:
        return f"<a {value.bit_length()}-bit number>"
    if isinstance(value, str) and len(value) > _LONGEST_TEXT:
        start = repr(value[:24]) if quote else value[:24]
        return f"{start}... ({len(value):,} characters)"
    text = repr(value) if quote else str(value)
    if len(text) > _LONGEST_TEXT:
        return f"{text[:24]}... ({len(text):,} characters)"
    return text


class IllegalActionError(HoldemError):
    """An action or amount that is not legal now (R3.7).

    The hand is left exactly as it was before the call.

    Attributes:
        seat: the seat that tried to act (0-based).
        action: the action tried (``"fold"``, ``"check"``, ``"call"``,
            ``"bet"``, ``"raise"``, ``"all-in"``, ``"show"``, ``"muck"``,
            ``"choose runs"``).
        amount: the "to" amount tried, in chips, or ``None``.
        reason: a :class:`Reason` code.
        legal: the :class:`~holdem.engine.betting.LegalActions` of the seat to act,
            or ``None`` when nobody may bet.
    """

    def __init__(
        self,
        seat: int,
        action: str,
        reason: Reason,
        detail: str,
        legal: LegalOptions | None,
        amount: int | None = None,
        name: str | None = None,
    ) -> None:
        self.seat = seat
        self.action = action
        self.amount = amount
        self.reason = reason
        self.legal = legal
        who = f"seat {value_text(seat)}" + (f" ({name})" if name else "")
        if amount is None:
            tried = action
        elif action in ("bet", "raise"):
            tried = f"{action} to {value_text(amount)}"
        else:
            tried = f"{action} {value_text(amount)}"
        options = str(legal) if legal is not None else "none"
        super().__init__(f"{who} cannot {tried}: {detail} (legal: {options})")


class ConcurrentUseError(HoldemError, RuntimeError):
    """A :class:`~holdem.hand.Hand` was asked to act while another thread was
    inside one of its actions. The refused call changed nothing; the other
    call completes whole. A ``Hand`` is not meant to be shared by threads
    without a lock of the caller's (see ``docs/security.md``, "Threads")."""
