"""Actions and the legal-options value that bots, servers and errors all read (R3, R4).

Amounts are always "to" amounts for bets and raises (R3.1): ``raise to 300``
means the seat's bet on this street becomes 300 chips.
"""

from __future__ import annotations

import enum
import re

import attrs

from holdem.engine._frozen import fast_constructor
from holdem.errors import NotationError


class Kind(str, enum.Enum):
    """The kinds of betting action (R3.1)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"

    def __str__(self) -> str:
        return self.value


def _kind(value: object) -> Kind:
    """The :class:`Kind` of ``value`` (a Kind or its text, ``"call"``)."""
    if type(value) is Kind:
        return value
    try:
        return Kind(value)
    except ValueError:
        kinds = ", ".join(k.value for k in Kind)
        raise NotationError(f"not an action kind: {value!r} (one of {kinds})") from None


@attrs.frozen
class Action:
    """One betting action by a seat.

    Attributes:
        kind: a :class:`Kind`; its text (``"call"``) is converted when the
            action is built, anything else raises
            :class:`~holdem.errors.NotationError`.
        amount: for ``bet`` and ``raise``, the seat's bet on the street after
            the action, in chips ("raise to"); for ``call``, optionally the
            same (the bet the call makes, checked when applied); ``None``
            otherwise.

    The text form parses back: ``parse_action(str(a)) == a``.

    >>> str(Action(Kind.RAISE, 300))
    'raise to 300'
    >>> parse_action("bets 100") == Action(Kind.BET, 100)
    True
    """

    kind: Kind = attrs.field(converter=_kind)
    amount: int | None = None

    def __str__(self) -> str:
        if self.kind is Kind.BET:
            return f"bet {self.amount}"
        if self.kind is Kind.RAISE:
            return f"raise to {self.amount}"
        if self.kind is Kind.CALL and self.amount is not None:
            return f"call {self.amount}"
        return str(self.kind.value)


_ACTION = re.compile(
    r"^\s*(?:(?P<simple>folds?|checks?|all-?in|goes\s+all-?in|shove|shoves)"
    r"|(?P<call>calls?)(?:\s+(?P<call_amount>\S+))?"
    r"|(?P<bet>bets?)\s+(?P<bet_amount>\S+)"
    r"|(?P<raise>raises?)\s+(?:to\s+)?(?P<raise_amount>\S+))\s*$",
    re.IGNORECASE,
)


_CHIPS = re.compile(r"[0-9]+")

MAX_CHIPS = 2**63 - 1
"""The largest number of chips a text amount may hold (the bound of the PHH
records too); longer numbers are refused before they are converted."""


def parse_chips(text: str) -> int:
    """Read a whole number of chips written with ASCII digits (``2,400`` too).

    Raises:
        NotationError: anything else (signs, decimals, other scripts' digits,
            Python's ``2_400``, which PHH files refuse too), or more than
            :data:`MAX_CHIPS`.

    >>> parse_chips("2,400")
    2400
    """
    digits = text.replace(",", "")
    if not _CHIPS.fullmatch(digits):
        raise NotationError(f"not a whole number of chips: {_short(text)}")
    digits = digits.lstrip("0") or "0"
    if len(digits) > 19 or int(digits) > MAX_CHIPS:
        raise NotationError(f"too many chips: {_short(text)} (at most 2**63 - 1)")
    return int(digits)


def _short(text: str) -> str:
    """``text`` quoted, cut to 40 characters so that an error stays one short line."""
    return repr(text) if len(text) <= 40 else f"{text[:20]!r}... ({len(text):,} characters)"


def parse_action(text: str) -> Action:
    """Parse ``fold``, ``check``, ``call``, ``bet 100``, ``raise to 300`` or ``all-in``.

    Verbs may take an ``s`` (``raises to 300``); ``raise 300`` means raise to
    300; ``calls 4,000`` is a call that makes the seat's bet 4,000 (checked
    when applied); ``goes all-in`` and ``allin`` are all-in; amounts may use thousands
    separators (``2,400``).

    Raises:
        NotationError: the text is not an action.
    """
    match = _ACTION.match(text)
    if match is None:
        raise NotationError(
            f"not an action: {_short(text)} "
            "(expected fold, check, call, bet N, raise to N or all-in)"
        )
    if match["simple"]:
        word = match["simple"].lower()
        if word.startswith(("all", "goes", "shove")):
            return Action(Kind.ALL_IN)
        return Action(Kind(word.rstrip("s")))
    if match["call"]:
        amount = match["call_amount"]
        return Action(Kind.CALL, None if amount is None else parse_chips(amount))
    if match["bet"]:
        return Action(Kind.BET, parse_chips(match["bet_amount"]))
    return Action(Kind.RAISE, parse_chips(match["raise_amount"]))


@attrs.frozen
class LegalActions:
    """What the seat to act may do now (R3, R4). All amounts in chips.

    Attributes:
        seat: the seat to act.
        can_fold: folding is allowed (only when facing a bet: a fold when a
            check is free is refused).
        can_check: nothing is owed.
        call: chips the seat adds to call (0 when it can check); less than
            owed when the call is all-in for less (R1.2).
        min_raise_to: the smallest legal bet or raise-to, or ``None`` when
            the seat may not bet or raise (R3.3, R3.6, R4.2). Equal to
            ``max_raise_to`` when only an all-in for less is possible.
        max_raise_to: the largest legal bet or raise-to (R3.4, R3.5), or
            ``None``.
        raise_word: ``"bet"`` when nobody has bet on this street, else
            ``"raise"``.
        can_all_in: putting in the whole stack is legal now (as a call, or
            as a bet or raise within the limits above).

    >>> legal = LegalActions(2, True, False, 100, 200, 4000, "raise")
    >>> str(legal)
    'fold, call 100, raise to 200..4000'
    >>> Action(Kind.RAISE, 150) in legal
    False
    """

    seat: int
    can_fold: bool
    can_check: bool
    call: int
    min_raise_to: int | None
    max_raise_to: int | None
    raise_word: str
    can_all_in: bool = True

    @property
    def can_call(self) -> bool:
        """A call is possible (something is owed)."""
        return not self.can_check

    @property
    def can_raise(self) -> bool:
        """A bet or raise is possible."""
        return self.min_raise_to is not None

    def __str__(self) -> str:
        parts = []
        if self.can_fold:
            parts.append("fold")
        parts.append("check" if self.can_check else f"call {self.call}")
        if self.min_raise_to is not None:
            word = "bet" if self.raise_word == "bet" else "raise to"
            span = (
                str(self.min_raise_to)
                if self.min_raise_to == self.max_raise_to
                else f"{self.min_raise_to}..{self.max_raise_to}"
            )
            parts.append(f"{word} {span}")
        return ", ".join(parts)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        kind = action.kind
        if kind is Kind.FOLD:
            return self.can_fold
        if kind is Kind.CHECK:
            return self.can_check
        if kind is Kind.CALL:
            return not self.can_check
        if kind is Kind.ALL_IN:
            return self.can_all_in
        if self.min_raise_to is None or self.max_raise_to is None:
            return False
        if (kind is Kind.BET) != (self.raise_word == "bet"):
            return False
        return action.amount is not None and self.min_raise_to <= action.amount <= self.max_raise_to


fast_legal_actions = fast_constructor(LegalActions)
"""``LegalActions(...)`` with every field given, built in about half the time
(the same frozen object): the engine builds one per decision."""


_new = object.__new__
_set_kind = Action.__dict__["kind"].__set__
_set_amount = Action.__dict__["amount"].__set__


def sized_action(kind: Kind, to: int) -> Action:
    """``Action(kind, to)`` for a ``kind`` that is a :class:`Kind` already: the
    same value (equal, same hash and repr) stored through the slots, without
    attrs' conversion of the kind: the hot path of policies and abstractions.
    ``to`` is the bet or raise-to amount in chips (R3.3); nothing is checked."""
    action: Action = _new(Action)
    _set_kind(action, kind)
    _set_amount(action, to)
    return action
