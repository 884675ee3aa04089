"""An action abstraction: a few named buttons, each an exact legal action (R3).

Bots and learning agents choose among a fixed list of buttons instead of
every chip amount. The buttons, in order (index in brackets, with the
default pot fractions ½, ¾, 1 and 2):

- ``fold`` [0]: legal only when facing a bet (a fold when a check is free is
  refused, R3.1).
- ``check/call`` [1]: check when nothing is owed, else call (all-in for less
  when short, R1.2). Always legal for the seat to act, so the mask is never
  all zeros.
- ``min raise`` [2]: bet or raise to ``legal.min_raise_to`` (R3.3).
- ``raise 1/2 pot`` [3], ``raise 3/4 pot`` [4], ``raise 1 pot`` [5],
  ``raise 2 pot`` [6]: **call first, then raise by that fraction of the pot
  after the call**: raise to ``current_bet + floor(f * (pot + call))``, where
  ``pot`` is every chip in the middle now (this street's bets included) and
  ``call`` what the seat must add to call; clamped into
  ``[min_raise_to, max_raise_to]``. With nothing to call this is a bet (or,
  for the big blind preflop, a raise) of ``f`` times the pot.
- ``all-in`` [7]: bet or raise to ``legal.max_raise_to``: the whole stack in
  no-limit (the pot-limit maximum in pot-limit, R3.5).

A raise button is legal only when the seat may bet or raise. When two buttons
land on the same amount (the chips the seat's bet on the street would come
to), only the first of them stays legal: a call that puts the seat all-in
masks ``all-in``; when ``2 pot`` is clamped to the stack it masks ``all-in``;
when only an all-in for less is possible, ``min raise`` is the one raise
button left.

Worked example: blinds 1/2, stacks 200, heads-up preflop, the button (small
blind) to act: pot 3, to call 1, current bet 2, raises 4..200. ``raise 1/2
pot`` goes to ``2 + floor(1/2 * (3 + 1)) = 4``, the minimum raise, so it is
masked behind ``min raise``; ``raise 3/4 pot`` to ``2 + 3 = 5``; ``raise 1
pot`` to 6; ``raise 2 pot`` to 10; ``all-in`` to 200.

>>> from holdem import Hand, TableConfig
>>> hand = Hand(TableConfig(stacks=[200, 200], small_blind=1, big_blind=2), seed=1)
>>> buttons = Abstraction()
>>> buttons.mask_of(hand)
(True, True, True, False, True, True, True, True)
>>> [str(a) for a in buttons.actions_of(hand) if a is not None]
['fold', 'call', 'raise to 4', 'raise to 5', 'raise to 6', 'raise to 10', 'raise to 200']
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from fractions import Fraction
from typing import Protocol

import attrs

from holdem.engine.betting import Action, Kind, LegalActions, sized_action
from holdem.engine.config import plain_int
from holdem.errors import ConfigError, HoldemError

_FOLD, _CHECK, _CALL = Action(Kind.FOLD), Action(Kind.CHECK), Action(Kind.CALL)

FOLD, CHECK_CALL, MIN_RAISE = 0, 1, 2
"""Indexes of the first three buttons; the pot fractions follow, then all-in (last)."""

DEFAULT_FRACTIONS: tuple[Fraction, ...] = (
    Fraction(1, 2),
    Fraction(3, 4),
    Fraction(1),
    Fraction(2),
)
"""The default pot fractions: ½, ¾, 1 and 2 pots."""


class Situation(Protocol):
    """What the buttons read: a :class:`~holdem.engine.hand.Hand` or a
    :class:`~holdem.views.seat.SeatView` (of the seat to act) both qualify."""

    @property
    def pot_total(self) -> int: ...

    @property
    def current_bet(self) -> int: ...


class ButtonError(HoldemError):
    """A button that is not legal now (its mask entry is ``False``) or not a button.

    Attributes:
        seat: the seat to act.
        button: the index tried.
        legal: the legal options of the seat.
    """

    def __init__(self, seat: int, button: object, name: str, legal: LegalActions, allowed: str):
        self.seat = seat
        self.button = button
        self.legal = legal
        super().__init__(
            f"seat {seat} cannot press button {button!r} ({name}): legal buttons {allowed} "
            f"(legal: {legal})"
        )


def _fraction(value: object) -> Fraction:
    # numbers.Real covers NumPy's numbers too; whole and rational numbers are exact,
    # the others (floats) are read by their decimal text.
    if isinstance(value, bool) or not isinstance(value, numbers.Real | str):
        raise ConfigError("fractions", f"a pot fraction is a number, got {value!r}")
    try:
        if isinstance(value, numbers.Rational):
            fraction = Fraction(int(value.numerator), int(value.denominator))
        else:
            fraction = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise ConfigError("fractions", f"not a pot fraction: {value!r}") from None
    if fraction <= 0:
        raise ConfigError("fractions", f"a pot fraction is positive, got {value!r}")
    return fraction


def _name(fraction: Fraction) -> str:
    text = str(fraction)  # "1/2", "1", "3/2"
    return f"raise {text} pot"


@attrs.frozen(init=False)
class Abstraction:
    """The buttons: fold, check/call, min raise, one per pot fraction, all-in.

    Args:
        fractions: the pot fractions, each positive: numbers or text such as
            ``"3/4"`` (floats are read by their decimal text, ``0.75`` is
            ¾). Default :data:`DEFAULT_FRACTIONS`.

    Raises:
        ConfigError: a fraction is not a positive number, or is given twice
            (field ``fractions``).

    Attributes:
        fractions: the pot fractions, exact.
        names: one name per button, in index order.
    """

    fractions: tuple[Fraction, ...]
    names: tuple[str, ...]
    _ratios: tuple[tuple[int, int], ...] = attrs.field(repr=False, eq=False)

    def __init__(self, fractions: Iterable[object] = DEFAULT_FRACTIONS) -> None:
        if isinstance(fractions, str | bytes) or not isinstance(fractions, Iterable):
            raise ConfigError("fractions", f"a list of pot fractions, got {fractions!r}")
        exact = tuple(_fraction(f) for f in fractions)
        if len(set(exact)) != len(exact):
            raise ConfigError("fractions", f"a pot fraction is given twice: {fractions!r}")
        names = ("fold", "check/call", "min raise", *(_name(f) for f in exact), "all-in")
        self.__attrs_init__(exact, names, tuple((f.numerator, f.denominator) for f in exact))

    @property
    def size(self) -> int:
        """The number of buttons: ``len(fractions) + 4``."""
        return len(self.names)

    def amounts(self, legal: LegalActions, pot: int, current_bet: int) -> list[int] | None:
        """The raise-to amount of each raise button (min raise, the fractions,
        all-in), in chips, before masking; ``None`` when the seat may not bet
        or raise.

        Args:
            legal: the options of the seat to act.
            pot: every chip in the middle now, this street's bets included.
            current_bet: the bet to match on this street.
        """
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            return None
        after_call = pot + legal.call
        targets = [low]
        for num, den in self._ratios:
            to = current_bet + after_call * num // den
            targets.append(low if to < low else high if to > high else to)
        targets.append(high)
        return targets

    def mask(self, legal: LegalActions, pot: int, current_bet: int) -> tuple[bool, ...]:
        """Which buttons are legal now (see the module for the rules); never all
        ``False``: check/call is always legal.

        Args:
            legal: the options of the seat to act.
            pot: every chip in the middle now, this street's bets included.
            current_bet: the bet to match on this street.
        """
        return tuple(a is not None for a in self._actions(legal, pot, current_bet))

    def actions(self, legal: LegalActions, pot: int, current_bet: int) -> list[Action | None]:
        """The action of each button, ``None`` where the button is masked.

        Args:
            legal: the options of the seat to act.
            pot: every chip in the middle now, this street's bets included.
            current_bet: the bet to match on this street.
        """
        return self._actions(legal, pot, current_bet)

    def action(self, legal: LegalActions, pot: int, current_bet: int, button: int) -> Action:
        """The exact legal action of ``button``.

        Args:
            legal: the options of the seat to act.
            pot: every chip in the middle now, this street's bets included.
            current_bet: the bet to match on this street.
            button: the button's index: an ``int`` or an integer-like value
                (``__index__``: a NumPy integer, a 0-d integer array).

        Raises:
            ButtonError: ``button`` is masked now or not a button index.
        """
        actions = self._actions(legal, pot, current_bet)
        index = plain_int(button)
        if index is None:
            raise self._refusal(legal, actions, button, "not a button index")
        if not 0 <= index < len(actions):
            raise self._refusal(legal, actions, button, "no such button")
        found = actions[index]
        if found is None:
            raise self._refusal(legal, actions, button, self.names[index])
        return found

    # Conveniences over a Hand or a SeatView of the seat to act.
    def mask_of(self, situation: Situation) -> tuple[bool, ...]:
        """:meth:`mask` for the seat to act in a hand or its seat view.

        Raises:
            HoldemError: nobody is to act.
        """
        return self.mask(_legal_of(situation), situation.pot_total, situation.current_bet)

    def actions_of(self, situation: Situation) -> list[Action | None]:
        """:meth:`actions` for the seat to act in a hand or its seat view.

        Raises:
            HoldemError: nobody is to act.
        """
        return self._actions(_legal_of(situation), situation.pot_total, situation.current_bet)

    def action_of(self, situation: Situation, button: int) -> Action:
        """:meth:`action` for the seat to act in a hand or its seat view.

        Raises:
            HoldemError: nobody is to act.
            ButtonError: ``button`` is masked now or not a button index.
        """
        legal = _legal_of(situation)
        return self.action(legal, situation.pot_total, situation.current_bet, button)

    def raise_targets(
        self, legal: LegalActions, pot: int, current_bet: int
    ) -> list[int | None] | None:
        """The raise-to amount of each raise button (min raise, the fractions,
        all-in) in chips, ``None`` where the button is masked (its amount
        repeats an earlier button's); ``None`` when the seat may not bet or
        raise. What :meth:`actions` builds its bets and raises from.

        Args:
            legal: the options of the seat to act.
            pot: every chip in the middle now, this street's bets included.
            current_bet: the bet to match on this street.
        """
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            return None
        # Every raise-to exceeds the current bet, so no raise repeats check/call.
        out: list[int | None] = [low]
        seen = {low}
        after_call = pot + legal.call
        for num, den in self._ratios:
            to = current_bet + after_call * num // den
            if to < low:
                to = low
            elif to > high:
                to = high
            if to in seen:
                out.append(None)
            else:
                seen.add(to)
                out.append(to)
        out.append(None if high in seen else high)
        return out

    def _actions(self, legal: LegalActions, pot: int, current_bet: int) -> list[Action | None]:
        out: list[Action | None] = [
            _FOLD if legal.can_fold else None,
            _CHECK if legal.can_check else _CALL,
        ]
        targets = self.raise_targets(legal, pot, current_bet)
        if targets is None:
            out.extend([None] * (len(self._ratios) + 2))
            return out
        kind = Kind.BET if legal.raise_word == "bet" else Kind.RAISE
        out.extend(None if to is None else sized_action(kind, to) for to in targets)
        return out

    def _refusal(
        self, legal: LegalActions, actions: list[Action | None], button: object, name: str
    ) -> ButtonError:
        allowed = ", ".join(
            f"{i} ({self.names[i]})" for i, a in enumerate(actions) if a is not None
        )
        return ButtonError(legal.seat, button, name, legal, allowed)


def _legal_of(situation: Situation) -> LegalActions:
    legal: LegalActions | None
    if hasattr(situation, "legal_actions"):
        legal = situation.legal_actions()
    else:
        legal = getattr(situation, "legal", None)
    if legal is None:
        raise HoldemError("nobody is to act: the buttons need the seat to act")
    return legal
