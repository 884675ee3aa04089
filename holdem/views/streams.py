"""Per-seat event streams: every event of a table as one seat may see it, numbered.

A game server sends each player the events of the hand as they happen instead
of a whole seat view at every decision. :class:`TableStream` turns a hand's log
(and the table's own changes) into numbered messages in a compact JSON form;
:meth:`TableStream.since` gives what one seat may see after event ``k``, so a
client that reconnects asks for everything after the last number it has.

What a seat may see (R6): its own hole cards; every public event; the cards
shown at showdown once shown. Never another seat's hole cards, never mucked
cards, never a board card before it is dealt, never another seat's legal
options. A spectator (``seat=None``) sees only public fields.

Seats in messages are **table seats**: the stream maps the hand's seats
through the ``seats`` given to :meth:`TableStream.begin_hand` (a bare hand
maps seat ``i`` to ``i``). Amounts are in chips. Each message is a JSON object
with ``"n"`` (its number, from 1, increasing by one) and ``"t"`` (its type):

- ``hand``: a hand starts: ``h`` its number, ``seats`` the table seats dealt
  in (in hand-seat order), ``names`` and ``stacks`` aligned with ``seats``,
  ``button`` (table seat), ``sb``, ``bb``, ``ante`` (amounts); ``runs``
  the most runs of the board (R12) when above 1; ``rake`` the table's rake
  (R13, ``{rate, cap, no_flop_no_drop}``) when it has one.
- ``post``: a forced bet (R2): ``s``, ``k`` (``ante``, ``small blind``,
  ``big blind``, ``big blind ante``), ``a`` the amount; ``ai`` 1 when it put the
  seat all-in.
- ``deal``: two hole cards dealt to ``s``; ``c`` (``"AhKd"``) only in the stream
  of seat ``s``.
- ``board``: ``st`` the street (``flop``, ``turn``, ``river``), ``c`` the new
  cards; ``ro`` 1 when no betting follows (R5.3); ``r`` the run (R12.2) for a
  later run's cards (absent on run 1).
- ``act``: ``s``, ``a`` (``fold``, ``check``, ``call``, ``bet``, ``raise``),
  ``to`` the seat's bet on the street afterwards, ``add`` the chips put in;
  ``ai`` 1 when all-in.
- ``return``: uncalled chips ``a`` given back to ``s`` (R7.4, R7.5).
- ``show``: ``s`` shows ``c`` at showdown (R6), ``h`` the hand in words.
- ``muck``: ``s`` mucks (R6.3); no cards, in any stream.
- ``runs``: ``s`` accepts at most ``k`` runs of the board (R12.1).
- ``runs_agreed``: the board is run ``k`` times (R12.1).
- ``rake``: ``a`` chips raked from the pot ``name`` (R13.2).
- ``pot``: ``name``, ``a`` the amount (after rake), ``el`` the eligible
  seats, ``w`` the winners (odd-chip order, R8.2) and ``sh`` their shares;
  ``r`` the run it is awarded on, with more than one run (R12.3).
- ``end``: the hand is over; ``stacks`` aligned with the ``hand`` message's
  ``seats``.
- ``turn``: ``s`` is to act on decision ``d``; only the stream of ``s``
  carries ``legal``: ``fold`` and ``check`` (0/1), ``call`` (chips to add),
  ``min`` and ``max`` (the raise-to range, or absent), ``w`` (``bet`` or
  ``raise``). On the run question (R12.1) the ``turn`` has ``q`` ``"runs"``
  and only the stream of ``s`` carries ``runs``, the counts it may answer
  (``[1, 2]``...). A server may add public fields (a clock) through ``extra``.
- ``table``: a table change between hands, ``e`` its kind (``SeatTaken``,
  ``SeatLeft``, ``Busted``, ``Rebought``, ``LevelUp``, ``ButtonMoved``,
  ``HandStarted``, or a server's own) and its fields.

With ``TableStream(extras=True)`` (the reference server's), the stream also
carries the public ``pots``, ``allin`` and ``equity`` messages of
:mod:`holdem.views.stream_extras` (the pots by name, the hands turned up
before an all-in run-out, R6.4, and their equity as the board comes) and a
``show``'s best five cards ``b``.

Memory is bounded: the stream keeps the messages of the current hand and of
the ``keep_hands`` hands before it. A reconnecting client whose last number is
older than what is kept gets the current hand from its ``hand`` message
(``reset`` true), which is enough to rebuild everything about that hand.

>>> from holdem import Hand, TableConfig
>>> hand = Hand(TableConfig(stacks=[500, 500], small_blind=5, big_blind=10),
...             hole_cards=["AhAs", "KdKc"])
>>> stream = TableStream()
>>> stream.begin_hand(hand)
>>> reset, messages = stream.since(1, 0)
>>> [m["t"] for m in messages]
['hand', 'post', 'post', 'deal', 'deal', 'turn']
>>> [m.get("c") for m in messages if m["t"] == "deal"]
['KdKc', None]
>>> hand.fold(0)
>>> stream.sync(hand)
>>> [m["t"] for m in stream.since(1, 6)[1]]
['act', 'return', 'pot', 'end']
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from holdem.engine import events as _events
from holdem.engine.betting import LegalActions
from holdem.engine.hand import Hand
from holdem.errors import HoldemError
from holdem.views.stream_extras import HandExtras

Message = dict[str, Any]

__all__ = ["Message", "StreamEvent", "TableStream", "compact_legal", "encode"]


@attrs.frozen(eq=False)
class StreamEvent:
    """One numbered message of a stream.

    Attributes:
        number: its number in the stream (1, 2, ...).
        public: the fields every seat and spectators may see (``n`` and ``t``
            included).
        owner: the table seat that may also see ``secret``, or ``None``.
        secret: fields only ``owner`` may see (its hole cards, its legal
            options), or ``None``.
    """

    number: int
    public: Message
    owner: int | None = None
    secret: Message | None = None

    def for_seat(self, seat: int | None) -> Message:
        """The message as table seat ``seat`` (``None``: a spectator) may see it."""
        if self.secret is not None and seat is not None and seat == self.owner:
            return {**self.public, **self.secret}
        return self.public


def encode(message: Message) -> str:
    """One message as compact JSON (no spaces), as a server sends it."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def compact_legal(legal: LegalActions) -> Message:
    """The legal options in the stream's compact form (see the module doc).

    ``fold``/``check`` are 0 or 1, ``call`` the chips to add, ``min``/``max``
    the raise-to range (R3.3-R3.5) when a bet or raise is allowed, ``w`` the
    word (``bet`` or ``raise``).
    """
    data: Message = {
        "fold": int(legal.can_fold),
        "check": int(legal.can_check),
        "call": legal.call,
    }
    if legal.min_raise_to is not None:
        data["min"] = legal.min_raise_to
        data["max"] = legal.max_raise_to
        data["w"] = legal.raise_word
    return data


class TableStream:
    """The numbered messages of one table, hand after hand (see the module doc).

    Args:
        keep_hands: how many finished hands are kept besides the current one
            (0 or more); older messages are dropped.
        start: the number of the last message already sent (0 for a new
            stream). A server restarted from a saved table passes the last
            number it had saved: its clients then see the hand begun again
            continue their numbering, and start the hand afresh on its
            ``hand`` message.

        extras: also stream the public ``pots``, ``allin`` and ``equity``
            messages of :mod:`holdem.views.stream_extras` (for a player's
            screen), and the best five cards ``b`` of a ``show``.

    Raises:
        HoldemError: ``keep_hands`` or ``start`` is not a whole number >= 0.
    """

    def __init__(self, keep_hands: int = 1, start: int = 0, *, extras: bool = False) -> None:
        for name, value in (("keep_hands", keep_hands), ("start", start)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise HoldemError(f"{name} must be a whole number >= 0, got {value!r}")
        self._keep = keep_hands
        self._events: deque[StreamEvent] = deque()
        self._hand_starts: deque[int] = deque()  # numbers of the kept ``hand`` messages
        self._hands = 0  # number of the last hand begun
        self._last = start
        self._seen = 0  # log records of the current hand already streamed
        self._seats: tuple[int, ...] = ()
        self._turn_key: tuple[int, int] | None = None
        self._decision: int | None = None
        self._extras_on = extras
        self._extras: HandExtras | None = None

    @property
    def last(self) -> int:
        """The number of the last message (0 before the first)."""
        return self._last

    @property
    def decision(self) -> int | None:
        """The ``d`` of the last ``turn`` message while that seat is still to
        act, else ``None`` (the hand is over, or no hand was begun)."""
        return self._decision

    @property
    def first(self) -> int:
        """The number of the oldest message kept (``last + 1`` when none is)."""
        return self._events[0].number if self._events else self._last + 1

    def _add(
        self, public: Message, owner: int | None = None, secret: Message | None = None
    ) -> None:
        self._last += 1
        public = {"n": self._last, **public}
        self._events.append(StreamEvent(self._last, public, owner, secret))

    def begin_hand(
        self,
        hand: Hand,
        seats: Sequence[int] | None = None,
        number: int | None = None,
        *,
        extra: Mapping[str, Any] | None = None,
        fields: Mapping[str, Any] | None = None,
    ) -> None:
        """Start streaming ``hand``: its ``hand`` message, then its log so far.

        Args:
            hand: a hand just dealt (a table's :meth:`~holdem.table.table.Table.start_hand`).
            seats: the table seat of each hand seat (``Table.hand_seats``);
                hand seat ``i`` is table seat ``i`` unless given.
            number: the hand's number at its table; one more than the last
                hand's unless given.
            extra: public fields for the first ``turn`` message (see :meth:`sync`).
            fields: a server's own public fields for the ``hand`` message
                (JSON-ready; a deck commitment, say).

        Raises:
            HoldemError: ``seats`` does not give one table seat per hand seat.
        """
        config = hand.config
        mapped = tuple(range(config.seats)) if seats is None else tuple(seats)
        if len(mapped) != config.seats:
            raise HoldemError(f"seats must give {config.seats} table seats, got {len(mapped)}")
        self._hands = self._hands + 1 if number is None else number
        self._seats = mapped
        self._seen = 0
        self._extras = HandExtras(mapped) if self._extras_on else None
        self._turn_key = None
        self._decision = None
        self._hand_starts.append(self._last + 1)
        while len(self._hand_starts) > self._keep + 1:
            self._hand_starts.popleft()
        oldest = self._hand_starts[0]
        while self._events and self._events[0].number < oldest:
            self._events.popleft()
        start: Message = {
            "t": "hand",
            "h": self._hands,
            "seats": list(mapped),
            "names": list(config.names),
            "stacks": list(config.stacks),
            "button": mapped[config.button],
            "sb": config.small_blind,
            "bb": config.big_blind,
            "ante": config.ante,
        }
        if config.max_runs > 1:
            start["runs"] = config.max_runs
        if config.rake is not None:
            start["rake"] = config.rake.to_dict()
        if fields:
            start.update(fields)
        self._add(start)
        self.sync(hand, extra=extra)

    def sync(
        self,
        hand: Hand,
        *,
        decision: int | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        """Add the hand's new log records, then a ``turn`` message when a seat
        is to act on a decision not announced yet.

        Args:
            hand: the hand given to :meth:`begin_hand`, after actions on it.
            decision: the number of the decision now (for example the hand's
                decision number); by default the number of the ``turn``
                message itself.
            extra: public fields added to a new ``turn`` message (a clock).

        Raises:
            HoldemError: no hand was begun, or ``hand`` has fewer records than
                were streamed (not the hand begun).
        """
        if not self._seats:
            raise HoldemError("no hand begun: call begin_hand first")
        log = hand.log
        if len(log) < self._seen:
            raise HoldemError("this is not the hand being streamed")
        to_table = self._seats
        extras = self._extras
        for event in log[self._seen :]:
            if extras is None:
                self._record(event, to_table)
                continue
            for message in extras.before(event):
                self._add(message)
            self._record(event, to_table)
            for message in extras.after(event):
                self._add(message)
        self._seen = len(log)
        acting = hand.to_act
        seat = hand.run_seat if acting is None else acting  # or the run question (R12.1)
        if seat is None:
            self._decision = None
            return
        key = (seat, len(log))
        if key == self._turn_key:
            return
        self._turn_key = key
        public: Message = {"t": "turn", "s": to_table[seat]}
        self._decision = public["d"] = self._last + 1 if decision is None else decision
        secret: Message
        if acting is None:
            public["q"] = "runs"
            secret = {"runs": list(range(1, hand.config.max_runs + 1))}
        else:
            legal = hand.legal_actions()
            assert legal is not None
            secret = {"legal": compact_legal(legal)}
        if extra:
            public.update(extra)
        self._add(public, to_table[seat], secret)

    def table_event(self, event: Any) -> None:
        """Add a table change (an attrs record such as
        :class:`~holdem.table.events.SeatTaken`) as a public ``table`` message.
        Its seats are already table seats; it must hold no secret."""
        data: Message = {"t": "table", "e": type(event).__name__}
        for name, value in attrs.asdict(event, recurse=False).items():
            data[name] = list(value) if isinstance(value, tuple) else value
        self._add(data)

    def note(self, kind: str, **fields: Any) -> None:
        """Add a server's own public message of type ``kind`` (JSON-ready fields)."""
        self._add({"t": kind, **fields})

    def note_secret(self, kind: str, owner: int, secret: Message, **fields: Any) -> None:
        """Add a server's own message of type ``kind`` whose ``secret`` fields
        only table seat ``owner`` may see (every seat sees ``fields``)."""
        self._add({"t": kind, **fields}, owner, secret)

    def since(self, seat: int | None, after: int) -> tuple[bool, list[Message]]:
        """The messages after number ``after`` as table seat ``seat`` may see them.

        Returns ``(reset, messages)``. ``reset`` is false when the messages
        follow on from ``after``; it is true when messages after ``after``
        were dropped (or ``after`` is ahead of the stream): the messages then
        start at the current hand's ``hand`` message, or are every kept one.
        """
        reset, events = self.events_since(after)
        return reset, [e.for_seat(seat) for e in events]

    def events_since(self, after: int) -> tuple[bool, list[StreamEvent]]:
        """The kept :class:`StreamEvent` records after number ``after`` (whole,
        with their secrets), and ``reset``, as :meth:`since` chooses them. A
        server that sends the same messages to many seats encodes each once.

        Raises:
            HoldemError: ``after`` is not a whole number.
        """
        events = self._events
        if isinstance(after, bool) or not isinstance(after, int):
            raise HoldemError(f"after must be a message number, got {after!r}")
        if self.first - 1 <= after <= self._last:
            start = after - self.first + 1
            return False, [events[i] for i in range(start, len(events))]
        begin = self._hand_starts[-1] if self._hand_starts else self.first
        return True, [e for e in events if e.number >= begin]

    def _record(self, event: _events.Event, to_table: tuple[int, ...]) -> None:
        add = self._add
        kind = type(event)
        if kind is _events.Acted:
            assert isinstance(event, _events.Acted)
            data: Message = {
                "t": "act",
                "s": to_table[event.seat],
                "a": event.action,
                "to": event.to,
                "add": event.added,
            }
            if event.all_in:
                data["ai"] = 1
            add(data)
        elif kind is _events.HoleCardsDealt:
            assert isinstance(event, _events.HoleCardsDealt)
            seat = to_table[event.seat]
            add({"t": "deal", "s": seat}, seat, {"c": "".join(event.cards)})
        elif kind is _events.Posted:
            assert isinstance(event, _events.Posted)
            data = {"t": "post", "s": to_table[event.seat], "k": event.kind, "a": event.amount}
            if event.all_in:
                data["ai"] = 1
            add(data)
        elif kind is _events.StreetDealt:
            assert isinstance(event, _events.StreetDealt)
            data = {"t": "board", "st": event.street, "c": "".join(event.cards)}
            if event.run_out:
                data["ro"] = 1
            if event.run > 1:
                data["r"] = event.run
            add(data)
        elif kind is _events.RunsChosen:
            assert isinstance(event, _events.RunsChosen)
            add({"t": "runs", "s": to_table[event.seat], "k": event.count})
        elif kind is _events.RunsAgreed:
            assert isinstance(event, _events.RunsAgreed)
            add({"t": "runs_agreed", "k": event.count})
        elif kind is _events.RakeTaken:
            assert isinstance(event, _events.RakeTaken)
            add({"t": "rake", "name": event.pot, "a": event.amount})
        elif kind is _events.UncalledReturned:
            assert isinstance(event, _events.UncalledReturned)
            add({"t": "return", "s": to_table[event.seat], "a": event.amount})
        elif kind is _events.Shown:
            assert isinstance(event, _events.Shown)
            add(
                {
                    "t": "show",
                    "s": to_table[event.seat],
                    "c": "".join(event.cards),
                    "h": event.description,
                    **({"b": "".join(event.best_five)} if self._extras is not None else {}),
                }
            )
        elif kind is _events.Mucked:
            assert isinstance(event, _events.Mucked)
            add({"t": "muck", "s": to_table[event.seat]})
        elif kind is _events.PotAwarded:
            assert isinstance(event, _events.PotAwarded)
            add(
                {
                    "t": "pot",
                    "name": event.name,
                    "a": event.amount,
                    "el": [to_table[s] for s in event.eligible],
                    "w": [to_table[s] for s in event.winners],
                    "sh": list(event.shares),
                    **({"r": event.run} if event.run > 1 else {}),
                }
            )
        elif kind is _events.HandEnded:
            assert isinstance(event, _events.HandEnded)
            add({"t": "end", "stacks": list(event.stacks)})
        else:  # pragma: no cover - every record of holdem.engine.events is listed above
            raise HoldemError(f"unknown event {event!r}")
