"""What one seat, or a spectator, may know about a hand: the views given to bots
and sent to game clients.

A view is an immutable copy: it holds no reference to the :class:`~holdem.engine.hand.Hand`,
so nothing hidden can be reached through it. Hidden means every other seat's
hole cards until they are shown at showdown (R6), mucked cards always, and the
board cards not dealt yet. The public history is the hand's log with every
hole-card deal a seat may not see turned into ``("??", "??")``
(:data:`~holdem.engine.cards.UNKNOWN`); a :class:`~holdem.engine.events.Shown` record is
public, a :class:`~holdem.engine.events.Mucked` one carries no cards.

>>> from holdem import Hand, TableConfig
>>> hand = Hand(TableConfig(stacks=[500, 500, 500], small_blind=5, big_blind=10),
...             hole_cards=["AhAs", "KdKc", "7c2d"])
>>> view = seat_view(hand, 0)
>>> view.hole_cards, str(view.legal), view.pot_total
(('Ah', 'As'), 'fold, call 10, raise to 20..500', 15)
>>> [e.cards for e in view.history if type(e).__name__ == "HoleCardsDealt"]
[('??', '??'), ('??', '??'), ('Ah', 'As')]
>>> seat_view(hand, 1).legal is None
True
>>> "Kd" in spectator_view(hand).to_json()
False

The JSON form (:meth:`SpectatorView.to_dict`, :meth:`SpectatorView.to_json`)
parses back with :func:`view_from_dict`. Events are written as
``{"event": "<class name>", ...fields}``, the configuration as its fields.

A seat view copies the whole public history, which grows with every action.
For deciding, :func:`decision_view` gives the light form: the seat's options
and the current state, with only the public events from event number
``since`` on (none by default). A client that keeps the history itself asks
each time from the ``event_count`` of its previous view:

>>> light = decision_view(hand)
>>> light.seat, str(light.legal), light.pot_total, light.events, light.event_count
(0, 'fold, call 10, raise to 20..500', 15, (), 5)
>>> hand.act(0, "call")
>>> decision_view(hand, since=light.event_count).events
(Acted(seat=0, action='call', to=10, added=10, all_in=False),)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

import attrs

from holdem.engine import events as _events
from holdem.engine import pots as _pots
from holdem.engine.betting import LegalActions
from holdem.engine.cards import UNKNOWN
from holdem.engine.config import TableConfig, plain_int
from holdem.engine.hand import Hand
from holdem.engine.pots import Pot
from holdem.errors import HoldemError, value_text

_HIDDEN = (UNKNOWN, UNKNOWN)
_LEGAL_FIELDS = (
    "seat",
    "can_fold",
    "can_check",
    "call",
    "min_raise_to",
    "max_raise_to",
    "raise_word",
    "can_all_in",
)


@attrs.frozen
class SpectatorView:
    """What anyone watching the table may know: no card that is not public.

    Per-seat tuples are indexed by seat; amounts are in chips.

    Attributes:
        config: the table (names, starting stacks, button, blinds, antes,
            structure); all of it is public.
        street: ``preflop``, ``flop``, ``turn`` or ``river``.
        board: the board cards dealt so far.
        stacks: chips behind per seat, bets not counted.
        bets: chips each seat has put in on the current street.
        contributions: chips each seat has put in over the whole hand (blinds,
            uniform antes and bets, less uncalled chips returned).
        folded: whether each seat has folded.
        dead_money: the big-blind ante and dead posts in the middle (R2.3,
            R14.3).
        current_bet: the bet to match on this street.
        min_raise_size: the minimum raise increment on this street (R3.3).
        to_act: the seat to make a betting decision, or ``None``.
        showdown_seat: with ``show_policy="manual"``, the seat to show or muck
            next, else ``None``.
        is_over: the hand is settled.
        history: the public log: the hand's events, hole cards hidden.
        run_seat: the seat to answer how many runs of the board it accepts
            (R12.1), or ``None`` when no one is asked.
        boards: every run's board dealt so far, run 1 first (R12.2); one
            board (``(board,)``) unless the board is run more than once.
        decision: the number of the decision now awaited
            (:attr:`holdem.engine.hand.Hand.decision`); send it back with an action
            to have a stale one refused.
    """

    config: TableConfig
    street: str
    board: tuple[str, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributions: tuple[int, ...]
    folded: tuple[bool, ...]
    dead_money: int
    current_bet: int
    min_raise_size: int
    to_act: int | None
    showdown_seat: int | None
    is_over: bool
    history: tuple[_events.Event, ...]
    run_seat: int | None
    boards: tuple[tuple[str, ...], ...]
    decision: int = attrs.field(default=0, kw_only=True)

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots as they stand now, main pot first (R7), as ``hand.pots()``
        gives them: the layering of ``contributions``, ``folded`` and
        ``dead_money``. Chips nobody has matched yet are in no pot. Worked out
        on each access."""
        return _pots.layer_pots(self.contributions, self.folded, self.dead_money).pots

    @property
    def pot_total(self) -> int:
        """Every chip in the middle, bets on this street included; 0 once the
        hand is over (every pot awarded, R8), as :attr:`Hand.pot_total`."""
        return 0 if self.is_over else sum(self.contributions) + self.dead_money

    @property
    def in_hand(self) -> tuple[int, ...]:
        """The seats that have not folded, in seat order."""
        return tuple(s for s, out in enumerate(self.folded) if not out)

    @property
    def shown(self) -> dict[int, tuple[str, ...]]:
        """Hole cards shown at showdown so far, by seat (R6)."""
        return {e.seat: e.cards for e in self.history if isinstance(e, _events.Shown)}

    @property
    def net(self) -> tuple[int, ...] | None:
        """Final stack minus starting stack per seat once the hand is over, else ``None``."""
        if not self.is_over:
            return None
        return tuple(f - s for f, s in zip(self.stacks, self.config.stacks))

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (lists, numbers, strings, ``None``)."""
        return {
            "seat": None,
            "hole_cards": None,
            "legal": None,
            "run_choices": None,
            **_public_dict(self),
        }

    def to_json(self) -> str:
        """The view as one line of JSON (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), ensure_ascii=False)


@attrs.frozen
class SeatView(SpectatorView):
    """What one seat may know: the spectator's view plus its own cards and options.

    Attributes:
        seat: the seat this view belongs to.
        hole_cards: its two hole cards (``("??", "??")`` when unknown).
        legal: its legal options (:class:`~holdem.engine.betting.LegalActions`)
            when it is to act, else ``None``.
        run_choices: when it is the seat's turn to say how many runs of the
            board it accepts (R12.1), the counts it may answer with
            (``(1, 2)`` or ``(1, 2, 3)``) through
            :meth:`~holdem.engine.hand.Hand.choose_runs`; else ``None``.
    """

    seat: int
    hole_cards: tuple[str, ...]
    legal: LegalActions | None
    run_choices: tuple[int, ...] | None

    @property
    def opponents(self) -> tuple[int, ...]:
        """The other seats that have not folded."""
        return tuple(s for s in self.in_hand if s != self.seat)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (lists, numbers, strings, ``None``)."""
        legal = self.legal
        return {
            "seat": self.seat,
            "hole_cards": list(self.hole_cards),
            "legal": None if legal is None else _legal_dict(legal),
            "run_choices": None if self.run_choices is None else list(self.run_choices),
            **_public_dict(self),
        }


def _hide(log: Sequence[_events.Event], seat: int | None) -> tuple[_events.Event, ...]:
    """The events as ``seat`` (``None``: a spectator) may see them."""
    hole_cards_dealt = _events.HoleCardsDealt
    return tuple(
        [
            hole_cards_dealt(e.seat, _HIDDEN)
            if type(e) is hole_cards_dealt and e.seat != seat
            else e
            for e in log
        ]
    )


def _public_history(hand: Hand, seat: int | None) -> tuple[_events.Event, ...]:
    return _hide(hand.log, seat)


def _public_fields(hand: Hand, seat: int | None) -> dict[str, Any]:
    return {
        "config": hand.config,
        "street": hand.street,
        "board": hand.board,
        "stacks": hand.stacks,
        "bets": hand.bets,
        "contributions": hand.contributions,
        "folded": hand.folded,
        "dead_money": hand.dead_money,
        "current_bet": hand.current_bet,
        "min_raise_size": hand.min_raise_size,
        "to_act": hand.to_act,
        "showdown_seat": hand.showdown_seat,
        "is_over": hand.is_over,
        "history": _public_history(hand, seat),
        "run_seat": hand.run_seat,
        "boards": hand.boards,
        "decision": hand.decision,
    }


def seat_view(hand: Hand, seat: int) -> SeatView:
    """Everything ``seat`` may know about ``hand`` now.

    Args:
        hand: the hand.
        seat: the seat (0-based).

    Raises:
        HoldemError: ``seat`` is not a seat of the hand.
    """
    index = plain_int(seat)
    if index is None or not 0 <= index < hand.config.seats:
        raise HoldemError(f"no such seat: {value_text(seat, True)} (0 to {hand.config.seats - 1})")
    seat = index
    return SeatView(
        seat=seat,
        hole_cards=hand.hole_cards(seat),
        legal=hand.legal_actions() if hand.to_act == seat else None,
        run_choices=(tuple(range(1, hand.config.max_runs + 1)) if hand.run_seat == seat else None),
        **_public_fields(hand, seat),
    )


class DecisionView(NamedTuple):
    """What the seat to act needs to decide, without the history: the light
    seat view for bots, agents and servers.

    Like :class:`SeatView` it is an immutable copy holding no reference to the
    hand, and holds nothing the seat may not know; unlike it, it carries only
    the public events from event number :attr:`since` on (see
    :func:`decision_view`), so building one costs the same at the first
    action and the fiftieth. It is a named tuple (the cheapest immutable
    record to build, as it is built for every decision). Per-seat tuples are
    indexed by seat; amounts are in chips.

    Attributes:
        seat: the seat this view belongs to.
        hole_cards: its two hole cards (``("??", "??")`` when unknown).
        legal: its legal options when it is to act, else ``None``.
        config: the table (immutable and public; shared, not copied).
        street: ``preflop``, ``flop``, ``turn`` or ``river``.
        board: the board cards dealt so far.
        stacks: chips behind per seat, bets not counted.
        bets: chips each seat has put in on the current street.
        contributions: chips each seat has put in over the whole hand.
        folded: whether each seat has folded.
        dead_money: the big-blind ante in the middle (R2.3).
        current_bet: the bet to match on this street.
        min_raise_size: the minimum raise increment on this street (R3.3).
        to_act: the seat to make a betting decision, or ``None``.
        is_over: the hand is settled.
        since: the event number (index in ``hand.log``) of the first of
            :attr:`events`.
        events: the public events numbered ``since`` to ``event_count - 1``,
            other seats' hole cards hidden as in :attr:`SeatView.history`.
        event_count: the events in the hand's log when the view was taken:
            the ``since`` that gives the next view only what is new.
    """

    seat: int
    hole_cards: tuple[str, ...]
    legal: LegalActions | None
    config: TableConfig
    street: str
    board: tuple[str, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributions: tuple[int, ...]
    folded: tuple[bool, ...]
    dead_money: int
    current_bet: int
    min_raise_size: int
    to_act: int | None
    is_over: bool
    since: int
    events: tuple[_events.Event, ...]
    event_count: int

    @property
    def pot_total(self) -> int:
        """Every chip in the middle, bets on this street included; 0 once the
        hand is over (every pot awarded, R8), as :attr:`Hand.pot_total`."""
        return 0 if self.is_over else sum(self.contributions) + self.dead_money

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots as they stand now, main pot first (R7), as in :attr:`SeatView.pots`."""
        return _pots.layer_pots(self.contributions, self.folded, self.dead_money).pots

    @property
    def in_hand(self) -> tuple[int, ...]:
        """The seats that have not folded, in seat order."""
        return tuple(s for s, out in enumerate(self.folded) if not out)

    @property
    def opponents(self) -> tuple[int, ...]:
        """The other seats that have not folded."""
        return tuple(s for s in self.in_hand if s != self.seat)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (lists, numbers, strings, ``None``); the
        keys are the attributes' names plus ``pot_total``, events written as
        in :meth:`SeatView.to_dict`."""
        legal = self.legal
        return {
            "seat": self.seat,
            "hole_cards": list(self.hole_cards),
            "legal": None if legal is None else _legal_dict(legal),
            "config": self.config.to_dict(),
            "street": self.street,
            "board": list(self.board),
            "stacks": list(self.stacks),
            "bets": list(self.bets),
            "contributions": list(self.contributions),
            "folded": list(self.folded),
            "dead_money": self.dead_money,
            "pot_total": self.pot_total,
            "current_bet": self.current_bet,
            "min_raise_size": self.min_raise_size,
            "to_act": self.to_act,
            "is_over": self.is_over,
            "since": self.since,
            "events": [_events.to_dict(e) for e in self.events],
            "event_count": self.event_count,
        }

    def to_json(self) -> str:
        """The view as one line of JSON (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), ensure_ascii=False)


def decision_view(hand: Hand, seat: int | None = None, *, since: int | None = None) -> DecisionView:
    """The light view of ``seat`` (by default the seat to act): its options
    and the hand's current state, with the public events from number
    ``since`` on.

    Args:
        hand: the hand.
        seat: the seat (0-based); ``None`` for the seat to act.
        since: the number of the first event to include (an index into
            ``hand.log``, 0 for the whole public history); ``None`` (the
            default) for no event. Pass the previous view's ``event_count``
            to get only what happened since.

    Raises:
        HoldemError: ``seat`` is not a seat of the hand, ``seat`` is ``None``
            while nobody is to act, or ``since`` is not an event number
            (0 to ``len(hand.log)``).
    """
    if seat is None:
        seat = hand.to_act
        if seat is None:
            raise HoldemError("nobody is to act: name the seat whose view you want")
    elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hand.config.seats:
        raise HoldemError(f"no such seat: {seat!r} (0 to {hand.config.seats - 1})")
    log = hand.log
    count = len(log)
    if since is None:
        since = count
        events: tuple[_events.Event, ...] = ()
    elif isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= count:
        raise HoldemError(f"no such event number: since={since!r} (0 to {count})")
    else:
        events = _hide(log[since:], seat)
    to_act = hand.to_act
    return DecisionView(
        seat,
        hand.hole_cards(seat),
        hand.legal_actions() if to_act == seat else None,
        hand.config,
        hand.street,
        hand.board,
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.folded,
        hand.dead_money,
        hand.current_bet,
        hand.min_raise_size,
        to_act,
        hand.is_over,
        since,
        events,
        count,
    )


def spectator_view(hand: Hand) -> SpectatorView:
    """Everything a spectator may know about ``hand`` now: no hole cards but
    those shown at showdown."""
    return SpectatorView(**_public_fields(hand, None))


# ------------------------------------------------------------------- JSON
def _legal_dict(legal: LegalActions) -> dict[str, Any]:
    data = {name: getattr(legal, name) for name in _LEGAL_FIELDS}
    data["text"] = str(legal)
    return data


def _public_dict(view: SpectatorView) -> dict[str, Any]:
    config = view.config
    return {
        "config": config.to_dict(),
        "street": view.street,
        "board": list(view.board),
        "stacks": list(view.stacks),
        "bets": list(view.bets),
        "contributions": list(view.contributions),
        "folded": list(view.folded),
        "dead_money": view.dead_money,
        "pots": [
            {"name": p.name, "amount": p.amount, "eligible": list(p.eligible)} for p in view.pots
        ],
        "pot_total": view.pot_total,
        "current_bet": view.current_bet,
        "min_raise_size": view.min_raise_size,
        "to_act": view.to_act,
        "showdown_seat": view.showdown_seat,
        "is_over": view.is_over,
        "history": [_events.to_dict(e) for e in view.history],
        "run_seat": view.run_seat,
        "boards": [list(board) for board in view.boards],
        "decision": view.decision,
    }


def view_from_dict(data: dict[str, Any]) -> SpectatorView:
    """A view back from :meth:`SpectatorView.to_dict` data (e.g. parsed JSON).

    Returns a :class:`SeatView` when ``data["seat"]`` is a seat, else a
    :class:`SpectatorView`; ``view_from_dict(view.to_dict()) == view``.

    Raises:
        HoldemError: the data is not a view.
        ConfigError: its configuration is invalid.
    """
    try:
        config = TableConfig(**data["config"])
        history = [_events.from_dict(item) for item in data["history"]]
        fields: dict[str, Any] = {
            "config": config,
            "street": data["street"],
            "board": tuple(data["board"]),
            "stacks": tuple(data["stacks"]),
            "bets": tuple(data["bets"]),
            "contributions": tuple(data["contributions"]),
            "folded": tuple(data["folded"]),
            "dead_money": data["dead_money"],
            "current_bet": data["current_bet"],
            "min_raise_size": data["min_raise_size"],
            "to_act": data["to_act"],
            "showdown_seat": data["showdown_seat"],
            "is_over": data["is_over"],
            "history": tuple(history),
            "run_seat": data.get("run_seat"),
            "boards": tuple(tuple(b) for b in data.get("boards", [data["board"]])),
            "decision": data.get("decision", 0),
        }
        if data.get("seat") is None:
            return SpectatorView(**fields)
        legal = data["legal"]
        choices = data.get("run_choices")
        return SeatView(
            seat=data["seat"],
            hole_cards=tuple(data["hole_cards"]),
            legal=None if legal is None else LegalActions(**{k: legal[k] for k in _LEGAL_FIELDS}),
            run_choices=None if choices is None else tuple(choices),
            **fields,
        )
    except (KeyError, TypeError, AttributeError) as error:
        raise HoldemError(f"not a view: {error!r}") from None
