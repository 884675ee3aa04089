"""``holdem serve --mtt N``: a multi-table tournament (R15) played by people and
bots in the browser, with the WebSocket protocol of the cash tables
(``docs/server.md``, section "Tournaments").

One :class:`MttServer` owns a :class:`~holdem.mtt.director.Director` and one
:class:`~holdem.views.streams.TableStream` per tournament table; each table is
driven by its own asyncio task, all in one event loop (the director is never
called from two places at once). Every connection is sent its own seat's
stream only (R6), and only the messages from the moment its player sat in
that seat: a player moved to a seat never sees what its earlier holder was
dealt.

- **Registration**: ``bots`` of the ``players`` entries are bots from the
  start; people register by name (``register``, or the page's ``sit``) until
  the field is full, or until ``start_seconds`` after the server started,
  when bots fill the empty entries. Then the director draws the seats (R15.1).
- **Moves**: when the director moves a player (balancing, R15.2, or a table
  break, R15.3), every connection of that player is sent
  ``{"type": "moved", "table": T, "seat": S, ...}``; the page then joins
  table ``T`` with its token and shows it. The start of the tournament is sent
  the same way (``reason`` ``"start"``).
- **Results**: every elimination (``eliminated``: name, place, prize, shared)
  and the win (``won``) are sent to every connection.

Tables are numbered from 0 in the protocol (the director's table ``t`` is
protocol table ``t - 1``); seats are table seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from holdem.engine.betting import Action, Kind
from holdem.errors import HoldemError, IllegalActionError, value_text
from holdem.mtt.director import Director
from holdem.mtt.events import (
    Eliminated,
    HandForHand,
    LevelChanged,
    Moved,
    MttEvent,
    Seated,
    TableBroken,
    Won,
)
from holdem.selfplay.agents import make_agent
from holdem.server import limits
from holdem.server.limits import Addresses
from holdem.server.mtt_settings import Entrant, MttError, MttSettings
from holdem.table.clock import default_action
from holdem.views.seat import seat_view
from holdem.views.streams import TableStream, encode

__all__ = ["MttServer", "MttSettings", "create_mtt_app", "serve_mtt"]

STATIC = Path(__file__).parent / "static"
LOG = logging.getLogger("holdem.server")
MAX_MESSAGE = 4096
"""The longest client message accepted, in characters."""
RATE, BURST = 20.0, 40.0
"""Messages a connection may send: ``RATE`` a second on average, ``BURST`` at
once (as the cash tables); more get a ``too_fast`` error and are not read."""


class MttConnection:
    """One WebSocket client: the table it joined (protocol number), the
    entrant it speaks for and the last stream number it was sent."""

    def __init__(self, socket: WebSocket, clock: Callable[[], float]) -> None:
        self.socket = socket
        self.table: int | None = None
        self.entrant: Entrant | None = None
        self.last = 0
        self.wake = asyncio.Event()
        self._clock = clock
        self._tokens = BURST
        self._filled = clock()

    def allow(self) -> bool:
        """Whether one more message is within the rate limit (a token bucket)."""
        now = self._clock()
        self._tokens = min(BURST, self._tokens + (now - self._filled) * RATE)
        self._filled = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    async def send(self, message: dict[str, Any]) -> None:
        """Send one JSON message.

        Raises:
            WebSocketDisconnect: the client is gone.
        """
        if self.socket.application_state != WebSocketState.CONNECTED:
            raise WebSocketDisconnect(1006)
        try:
            await self.socket.send_text(encode(message))
        except (WebSocketDisconnect, RuntimeError, OSError):
            raise WebSocketDisconnect(1006) from None


class MttServer:
    """A tournament served to browsers and WebSocket clients.

    Args:
        settings: the tournament (:class:`MttSettings`).
        clock: seconds as a float (``time.monotonic``).

    Raises:
        ConfigError: a bad setting (the field is named).
    """

    def __init__(self, settings: MttSettings, clock: Callable[[], float] | None = None) -> None:
        settings.check()
        self.settings = settings
        self.clock = time.monotonic if clock is None else clock
        self.entrants: dict[str, Entrant] = {}
        self.tokens: dict[str, Entrant] = {}
        self.director: Director | None = None
        self.streams: dict[int, TableStream] = {}
        self.where: dict[str, tuple[int, int]] = {}  # name -> (director table, seat)
        self.owned_from: dict[str, int] = {}  # name -> stream number the seat is theirs after
        self.arrived_with: dict[str, int] = {}  # name -> chips brought to the seat
        self.results: list[dict[str, Any]] = []
        self.connections: set[MttConnection] = set()
        self.addresses = Addresses(limits.MAX_CONNECTIONS_PER_ADDRESS)
        self.started = asyncio.Event()
        self._wakes: dict[int, asyncio.Event] = {}
        self._deadline: dict[int, float] = {}
        self._hand_from: dict[int, int] = {}  # table -> stream number before its hand's start
        if settings.layout is not None:
            for name in settings.bot_names:
                self.entrants[name] = Entrant(name, make_agent(settings.agent))
        else:
            for i in range(settings.bots):
                self.entrants[f"Bot {i + 1}"] = Entrant(f"Bot {i + 1}", make_agent(settings.agent))

    # ------------------------------------------------------------ registration
    def register(self, name: object) -> Entrant:
        """Register a person by ``name`` before the start.

        Raises:
            MttError: started, full, a bad or taken name.
        """
        if self.director is not None:
            raise MttError("started", "the tournament has started")
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise MttError("bad_name", "a name is 1 to 40 characters")
        name = name.strip()
        layout = self.settings.layout
        if layout is not None:
            allowed = {n for t in layout.values() for n, _ in t.values()}
            if name not in allowed:
                raise MttError("bad_name", f"{name!r} is not in this tournament's layout")
        if name in self.entrants:
            raise MttError("name_taken", f"{name!r} is registered")
        if len(self.entrants) >= self.settings.players:
            raise MttError("full", f"the field of {self.settings.players} is full")
        entrant = Entrant(name, None, secrets.token_urlsafe(16))
        self.entrants[name] = entrant
        self.tokens[entrant.token] = entrant
        if len(self.entrants) == self.settings.players:
            self._start()
        return entrant

    def _start(self) -> None:
        """Fill the field with bots and draw the seats (R15.1)."""
        s = self.settings
        i = 0
        while len(self.entrants) < s.players:
            i += 1
            name = f"Bot {i}"
            if name not in self.entrants:
                self.entrants[name] = Entrant(name, make_agent(s.agent))
        names = list(self.entrants)
        if s.layout is not None:
            names = [n for t in sorted(s.layout) for _, (n, _c) in sorted(s.layout[t].items())]
        self.director = Director(
            names,
            seats=s.seats,
            stack=s.stack,
            schedule=s.schedule(),
            seed=s.seed,
            layout=s.layout,
            clock=self.clock,
        )
        for number in self.director.tables:
            self.streams[number] = TableStream(keep_hands=1, extras=True)
            self._wakes[number] = asyncio.Event()
        self._events(self.director.drain_events())
        self.started.set()

    # ------------------------------------------------------------ events
    def _events(self, events: tuple[MttEvent, ...]) -> None:
        """Apply the director's events: seats, stream notes and messages."""
        for event in events:
            if isinstance(event, Seated):
                self._arrive(event.name, event.table, event.seat, event.chips)
                self._tell(
                    event.name,
                    {
                        "type": "moved",
                        "table": event.table - 1,
                        "seat": event.seat,
                        "reason": "start",
                        "chips": event.chips,
                        "after": 0,
                    },
                )
            elif isinstance(event, Moved):
                old = self.streams.get(event.from_table)
                if old is not None:
                    old.note("moved", s=event.from_seat, name=event.name, to=event.to_table - 1)
                self._arrive(event.name, event.to_table, event.to_seat, event.chips)
                self._tell(
                    event.name,
                    {
                        "type": "moved",
                        "table": event.to_table - 1,
                        "seat": event.to_seat,
                        "from_table": event.from_table - 1,
                        "from_seat": event.from_seat,
                        "reason": event.reason,
                        "after": self.after_for(event.name),
                        "waits": event.waits,
                        "chips": event.chips,
                    },
                )
            elif isinstance(event, TableBroken):
                self._broadcast({"type": "table_broken", "table": event.table - 1})
                self._changed(event.table)
            elif isinstance(event, Eliminated):
                where = self.where.pop(event.name, None)
                if where is not None and where[0] in self.streams:
                    self.streams[where[0]].note(
                        "out", s=where[1], name=event.name, place=event.place, prize=event.prize
                    )
                    self._changed(where[0])
                result = {
                    "type": "eliminated",
                    "name": event.name,
                    "place": event.place,
                    "prize": event.prize,
                    "shared": event.shared,
                }
                self.results.append(result)
                self._broadcast(result)
            elif isinstance(event, HandForHand):
                self._broadcast(
                    {"type": "hand_for_hand", "on": event.on, "players_left": event.players_left}
                )
            elif isinstance(event, LevelChanged):
                self._broadcast(
                    {
                        "type": "level",
                        "level": event.level,
                        "small_blind": event.small_blind,
                        "big_blind": event.big_blind,
                        "ante": event.ante,
                    }
                )
            elif isinstance(event, Won):
                result = {"type": "won", "name": event.name, "place": 1, "prize": event.prize}
                self.results.append(result)
                self._broadcast(result)

    def _arrive(self, name: str, number: int, seat: int, chips: int) -> None:
        stream = self.streams[number]
        self.where[name] = (number, seat)
        self.owned_from[name] = stream.last
        self.arrived_with[name] = chips
        entrant = self.entrants[name]
        stream.note("seat", s=seat, name=name, stack=chips, bot=int(entrant.agent is not None))
        self._changed(number)

    def after_for(self, name: str) -> int:
        """The stream number a moved player's page joins after (the ``moved``
        message's ``after``): the start of the hand in play at their new table
        (they see it as a spectator), else their arrival; the page then shows
        nothing of the hands before, played by others in that seat."""
        number, _ = self.where[name]
        table = None if self.director is None else self.director.tables.get(number)
        if table is not None and table.hand is not None and number in self._hand_from:
            return min(self._hand_from[number], self.owned_from[name])
        return self.owned_from[name]

    def _tell(self, name: str, message: dict[str, Any]) -> None:
        entrant = self.entrants.get(name)
        if entrant is None:
            return
        if entrant.token and message.get("reason") is not None:
            message = {**message, "token": entrant.token}
        for conn in list(entrant.connections):
            _spawn(conn.send(message))

    def _broadcast(self, message: dict[str, Any]) -> None:
        for conn in list(self.connections):
            _spawn(conn.send(message))

    def _changed(self, number: int) -> None:
        wake = self._wakes.get(number)
        if wake is not None:
            wake.set()
        for conn in self.connections:
            if conn.table == number - 1:
                conn.wake.set()

    # ------------------------------------------------------------ tables
    def seats(self, number: int) -> list[dict[str, Any] | None]:
        """Table ``number``'s seats as in the cash tables' ``welcome`` (the
        stacks of the hand in play, players waiting to sit included)."""
        out: list[dict[str, Any] | None] = [None] * self.settings.seats
        director = self.director
        if director is None or number not in director.tables:
            return out
        table = director.tables[number]
        hand = table.hand
        stacks = {s.seat: s.stack for s in table.seats if s is not None}
        if hand is not None:
            for i, seat in enumerate(table.hand_seats):
                stacks[seat] = hand.stacks[i]
        for name, (t, seat) in self.where.items():
            if t == number:
                entrant = self.entrants[name]
                chips = stacks.get(seat, self.arrived_with.get(name, 0))
                out[seat] = {
                    "name": name,
                    "stack": chips,
                    "bot": entrant.agent is not None,
                    "out": False,
                }
        return out

    def _seat_of(self, conn: MttConnection) -> int | None:
        """The seat whose secrets ``conn`` may see at its table, or ``None``."""
        entrant = conn.entrant
        if entrant is None or conn.table is None:
            return None
        where = self.where.get(entrant.name)
        if where is None or where[0] != conn.table + 1:
            return None
        return where[1]

    def act(self, conn: MttConnection, data: dict[str, Any]) -> None:
        """A person's action on their current decision at their table.

        Raises:
            MttError: not seated, not their turn, a stale decision, a bad action.
            IllegalActionError: the hand refuses it; nothing changed.
        """
        seat = self._seat_of(conn)
        if seat is None or self.director is None or conn.entrant is None:
            raise MttError("not_seated", "you have no seat at this table")
        number = self.where[conn.entrant.name][0]
        table = self.director.tables[number]
        hand, stream = table.hand, self.streams[number]
        if hand is None or hand.to_act is None or table.hand_seats[hand.to_act] != seat:
            raise MttError("no_decision", "no decision of yours is waiting")
        decision = data.get("decision")
        if decision != stream.decision:
            raise MttError(
                "stale_decision",
                f"decision {value_text(decision, True)} is not the current one ({stream.decision})",
            )
        try:
            kind = Kind(data.get("action"))
        except ValueError:
            raise MttError("bad_action", f"unknown action {data.get('action')!r}") from None
        amount = data.get("amount")
        if kind in (Kind.BET, Kind.RAISE):
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise MttError("bad_amount", f"{kind} needs a whole number of chips")
            action = Action(kind, amount)
        else:
            action = Action(kind)
        hand.act(hand.to_act, action)
        self._after_action(number)

    def _after_action(self, number: int) -> None:
        assert self.director is not None
        table = self.director.tables[number]
        hand = table.hand
        assert hand is not None
        stream = self.streams[number]
        stream.sync(hand, extra=self._clock_field(number, hand.to_act))
        self._settle(number)

    def _settle(self, number: int) -> None:
        """Finish table ``number``'s hand if it is over (places, moves, breaks:
        every table is woken), and tell its clients."""
        assert self.director is not None
        hand = self.director.tables[number].hand
        if hand is not None and hand.is_over:
            self.director.finish_hand(number)
            self._events(self.director.drain_events())
            for other in list(self._wakes):
                self._changed(other)
        self._changed(number)

    def _clock_field(self, number: int, to_act: int | None) -> dict[str, Any]:
        assert self.director is not None
        table = self.director.tables[number]
        if to_act is None or table.hand is None:
            return {}
        name = table.hand.config.names[to_act] if table.hand.config.names else ""
        if self.entrants[name].agent is not None:
            return {}
        self._deadline[number] = self.clock() + self.settings.decision_seconds
        return {"clock": self.settings.decision_seconds}

    async def run_table(self, number: int) -> None:
        """Drive director table ``number`` until it breaks or the tournament ends."""
        s = self.settings
        wake = self._wakes[number]
        while self.director is not None and not self.director.is_over:
            director = self.director
            table = director.tables.get(number)
            if table is None:
                return  # broken (R15.3)
            hand = table.hand
            if hand is None:
                if not director.can_deal(number):
                    await _wait(wake, 1.0)
                    continue
                await asyncio.sleep(s.between_hands)
                if number not in director.tables or not director.can_deal(number):
                    continue
                hand = director.start_hand(number)
                self._hand_from[number] = self.streams[number].last
                self.streams[number].begin_hand(
                    hand, table.hand_seats, extra=self._clock_field(number, hand.to_act)
                )
                self._events(director.drain_events())
                self._settle(number)  # a hand may be over once dealt (all-in blinds)
                continue
            to_act = hand.to_act
            assert to_act is not None and hand.config.names is not None
            entrant = self.entrants[hand.config.names[to_act]]
            decision = self.streams[number].decision
            if entrant.agent is not None:
                await asyncio.sleep(s.bot_delay)
                if table.hand is hand and self.streams[number].decision == decision:
                    hand.act(to_act, entrant.agent.act(seat_view(hand, to_act)))
                    self._after_action(number)
                continue
            left = self._deadline.get(number, 0.0) - self.clock()
            if left > 0:
                await _wait(wake, left)
                continue
            legal = hand.legal_actions()
            if legal is not None and table.hand is hand:
                action = default_action(legal)
                hand.act(to_act, action)
                self.streams[number].note(
                    "timeout", s=table.hand_seats[to_act], a=str(action.kind), k=1
                )
                self._after_action(number)

    async def wait_start(self) -> None:
        """Start when the field is full, or at ``start_seconds`` with bots."""
        seconds = self.settings.start_seconds
        if self.director is None and len(self.entrants) == self.settings.players:
            self._start()  # bots only
        if seconds is not None and self.director is None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.started.wait(), seconds)
            if self.director is None:
                self._start()
        await self.started.wait()

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Run the tournament while the application runs."""
        self.started = asyncio.Event()
        if self.director is not None:
            self.started.set()
        task = asyncio.create_task(self._main(), name="tournament")
        try:
            yield
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _main(self) -> None:
        await self.wait_start()
        assert self.director is not None
        tasks = [
            asyncio.create_task(self.run_table(n), name=f"mtt table {n}")
            for n in sorted(self.director.tables)
        ]
        for task in tasks:
            task.add_done_callback(_log_failure)
        try:
            await asyncio.gather(*tasks)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    # ------------------------------------------------------------ HTTP
    def summary(self, number: int) -> dict[str, Any]:
        """One table for the lobby (the fields of the cash tables' lobby)."""
        seats = self.seats(number)
        table = None if self.director is None else self.director.tables.get(number)
        taken = [s for s in seats if s is not None]
        s = self.settings
        return {
            "table": number - 1,
            "hand": 0 if table is None else table.hands_played + (table.hand is not None),
            "size": s.seats,
            "small_blind": 0 if self.director is None else self.director.level.small_blind,
            "big_blind": 0 if self.director is None else self.director.level.big_blind,
            "min_buy_in": s.stack,
            "max_buy_in": s.stack,
            "taken": len(taken),
            "people": sum(1 for x in taken if not x["bot"]),
            "waiting": 0,
            "seats": seats,
            "mtt": True,
        }

    async def tables(self, request: Request) -> Response:
        """``GET /tables``: the tournament's open tables."""
        numbers = [] if self.director is None else sorted(self.director.tables)
        return JSONResponse([self.summary(n) for n in numbers])

    async def tournament(self, request: Request) -> Response:
        """``GET /tournament``: registration, players left, prizes and results."""
        d = self.director
        return JSONResponse(
            {
                "players": self.settings.players,
                "registered": len(self.entrants),
                "started": d is not None,
                "players_left": None if d is None else d.players_left,
                "tables": [] if d is None else [n - 1 for n in sorted(d.tables)],
                "prizes": None if d is None else list(d.prizes),
                "results": self.results,
            }
        )

    async def index(self, request: Request) -> Response:
        """``GET /``: the browser table."""
        return FileResponse(STATIC / "index.html")

    # ------------------------------------------------------------ WebSocket
    async def websocket(self, socket: WebSocket) -> None:
        """``WS /ws``: one client, until it goes away."""
        try:
            await socket.accept()
        except (WebSocketDisconnect, RuntimeError, OSError):
            return
        conn = MttConnection(socket, self.clock)
        address = socket.client.host if socket.client is not None else ""
        if not self.addresses.open(address):
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                limit = self.addresses.limit
                await _error(conn, "too_many_connections", f"at most {limit} from one address")
                await socket.close(1008)
            return
        self.connections.add(conn)
        pump = asyncio.create_task(self._pump(conn))
        try:
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not conn.allow():
                    await _error(conn, "too_fast", f"at most {RATE:g} messages a second")
                    continue
                await self._handle(conn, message.get("text"))
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            self.addresses.close(address)
            self.connections.discard(conn)
            if conn.entrant is not None:
                conn.entrant.connections.discard(conn)
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pump

    async def _pump(self, conn: MttConnection) -> None:
        """Send the stream messages of the joined table as ``conn``'s seat may
        see them: its secrets only after its player took the seat (R6)."""
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                await conn.wake.wait()
                conn.wake.clear()
                if conn.table is None or conn.table + 1 not in self.streams:
                    continue
                stream = self.streams[conn.table + 1]
                seat = self._seat_of(conn)
                owned = -1 if conn.entrant is None else self.owned_from.get(conn.entrant.name, -1)
                reset, events = stream.events_since(conn.last)
                conn.last = stream.last
                messages = [e.for_seat(seat if e.number > owned else None) for e in events]
                if messages or reset:
                    await conn.send({"type": "events", "reset": reset, "events": messages})

    async def _handle(self, conn: MttConnection, text: object) -> None:
        try:
            if not isinstance(text, str) or len(text) > MAX_MESSAGE:
                raise MttError(
                    "bad_message", f"messages are JSON text of {MAX_MESSAGE} characters at most"
                )
            try:
                data = json.loads(text)
            except ValueError:
                raise MttError("bad_message", "not JSON") from None
            if not isinstance(data, dict):
                raise MttError("bad_message", "a message is a JSON object")
            kind = data.get("type")
            if kind == "join":
                await self._join(conn, data)
            elif kind in ("register", "sit"):
                if conn.entrant is not None:
                    raise MttError("registered", f"you are registered as {conn.entrant.name}")
                entrant = self.register(data.get("name"))
                entrant.connections.add(conn)
                conn.entrant = entrant
                await conn.send(
                    {
                        "type": "registered",
                        "name": entrant.name,
                        "token": entrant.token,
                        "registered": len(self.entrants),
                        "players": self.settings.players,
                    }
                )
                if self.director is not None:  # this registration filled the field
                    self._tell_start(entrant)
            elif kind == "act":
                self.act(conn, data)
            elif kind == "since":
                after = data.get("after")
                if isinstance(after, bool) or not isinstance(after, int):
                    raise MttError("bad_message", "after must be a whole number")
                conn.last = after
                conn.wake.set()
            else:
                raise MttError(
                    "unknown_type",
                    f"unknown type {value_text(kind, True)} (join, register, sit, act, since)",
                )
        except MttError as error:
            await _error(conn, error.code, str(error))
        except IllegalActionError as error:
            await _error(conn, "illegal", str(error))
        except HoldemError as error:
            await _error(conn, "refused", str(error))

    def _tell_start(self, entrant: Entrant) -> None:
        where = self.where.get(entrant.name)
        if where is not None:
            for conn in entrant.connections:
                _spawn(
                    conn.send(
                        {
                            "type": "moved",
                            "table": where[0] - 1,
                            "seat": where[1],
                            "reason": "start",
                            "after": 0,
                            "token": entrant.token,
                        }
                    )
                )

    async def _join(self, conn: MttConnection, data: dict[str, Any]) -> None:
        table = data.get("table", 0)
        after = data.get("after", 0)
        for key, value in (("table", table), ("after", after)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MttError("bad_message", f"{key} must be a whole number")
        token = data.get("token")
        if isinstance(token, str) and token in self.tokens:
            if conn.entrant is not None:
                conn.entrant.connections.discard(conn)
            conn.entrant = self.tokens[token]
            conn.entrant.connections.add(conn)
        entrant = conn.entrant
        where = None if entrant is None else self.where.get(entrant.name)
        if entrant is not None and where is not None and where[0] - 1 != table:
            # moved while away (or joined another table): follow
            await conn.send(
                {
                    "type": "moved",
                    "table": where[0] - 1,
                    "seat": where[1],
                    "reason": "rejoin",
                    "after": self.after_for(entrant.name),
                    "token": entrant.token,
                }
            )
        conn.table, conn.last = table, after
        seat = self._seat_of(conn)
        number = table + 1
        stream = self.streams.get(number)
        hand = None
        if self.director is not None and number in self.director.tables:
            hand = self.director.tables[number].hand
        level = None if self.director is None else self.director.level
        s = self.settings
        await conn.send(
            {
                "type": "welcome",
                "table": table,
                "tables": max(1, len(self.streams)),
                "seat": seat,
                "seats": self.seats(number),
                "last": 0 if stream is None else stream.last,
                "settings": {
                    "size": s.seats,
                    "small_blind": 0 if level is None else level.small_blind,
                    "big_blind": 0 if level is None else level.big_blind,
                    "buy_in": s.stack,
                    "min_buy_in": s.stack,
                    "max_buy_in": s.stack,
                    "decision_seconds": s.decision_seconds,
                    "max_runs": 1,
                    "rake": None,
                    "mtt": {
                        "players": s.players,
                        "registered": len(self.entrants),
                        "started": self.director is not None,
                    },
                },
                "decision": None if stream is None or hand is None else stream.decision,
                "clock_left": None,
            }
        )
        conn.wake.set()


def _log_failure(task: asyncio.Task[None]) -> None:
    """Log a table task that stopped with an error (a bug: that table stops)."""
    if task.cancelled() or task.exception() is None:
        return
    error = task.exception()
    LOG.error("%s stopped: %r", task.get_name(), error, exc_info=error)


async def _wait(event: asyncio.Event, timeout: float) -> None:
    event.clear()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), timeout)


async def _error(conn: MttConnection, code: str, message: str) -> None:
    await conn.send({"type": "error", "code": code, "message": message})


_SENDS: set[asyncio.Task[None]] = set()


def _spawn(coroutine: Any) -> None:
    """Send a message without waiting (a gone client is ignored)."""

    async def guarded() -> None:
        with contextlib.suppress(WebSocketDisconnect):
            await coroutine

    task = asyncio.get_running_loop().create_task(guarded())
    _SENDS.add(task)
    task.add_done_callback(_SENDS.discard)


def create_mtt_app(server: MttServer) -> Starlette:
    """The Starlette application serving ``server``'s tournament."""
    return Starlette(
        routes=[
            Route("/", server.index),
            Route("/tables", server.tables),
            Route("/tournament", server.tournament),
            WebSocketRoute("/ws", server.websocket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=server.lifespan,
    )


def serve_mtt(server: MttServer, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run ``server``'s tournament with uvicorn until interrupted (as
    :func:`holdem.server.serve` runs cash tables)."""
    import uvicorn

    from holdem.server import quiet

    config = uvicorn.Config(
        create_mtt_app(server),
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=65536,
        ws_per_message_deflate=False,
        lifespan="on",
    )
    quiet.install()
    uvicorn.Server(config).run()
