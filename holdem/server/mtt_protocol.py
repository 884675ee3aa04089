"""The client half of ``holdem serve --mtt N`` (:mod:`holdem.server.mtt`):
what a browser or WebSocket client of a served tournament sees and sends.

:class:`MttProtocol` is the base class of :class:`~holdem.server.mtt.MttServer`
(as :class:`~holdem.server.saving.SavedRoom` is the cash room's): the lobby and
tournament endpoints (``GET /tables``, ``GET /tournament``), the WebSocket
messages (``join``, ``register``/``sit``, ``reenter``, ``act``, ``since``), and each
connection's stream of its table, its own seat's secrets only from the moment
its player sat in that seat (R6). The server half (registration, the
director's events, the tables' tasks) is :mod:`holdem.server.mtt`.

Tables are numbered from 0 in the protocol (the director's table ``t`` is
protocol table ``t - 1``); seats are table seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from holdem.errors import HoldemError, IllegalActionError, value_text
from holdem.mtt.director import Director
from holdem.server.limits import Addresses
from holdem.server.mtt_settings import Entrant, MttError, MttSettings
from holdem.server.room import MAX_TOKEN, token_hash
from holdem.views.streams import TableStream, encode

__all__ = ["BURST", "MAX_MESSAGE", "RATE", "STATIC", "MttConnection", "MttProtocol", "spawn"]

STATIC = Path(__file__).parent / "static"
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


class MttProtocol:
    """The client half of :class:`~holdem.server.mtt.MttServer` (its base
    class): the views of the tables, the HTTP endpoints and the WebSocket
    protocol. The attributes are the server's own; the server sets them."""

    settings: MttSettings
    clock: Callable[[], float]
    entrants: dict[str, Entrant]
    tokens: dict[str, Entrant]  # the SHA-256 of a person's token -> the person
    director: Director | None
    streams: dict[int, TableStream]
    where: dict[str, tuple[int, int]]
    owned_from: dict[str, int]
    arrived_with: dict[str, int]
    results: list[dict[str, Any]]
    connections: set[MttConnection]
    addresses: Addresses
    _hand_from: dict[int, int]

    def register(self, name: object) -> Entrant:
        """Register a person by ``name`` before the start (the server's)."""
        raise NotImplementedError

    def act(self, conn: MttConnection, data: dict[str, Any]) -> None:
        """A person's action at their table (the server's)."""
        raise NotImplementedError

    def reenter(self, name: str) -> None:
        """Re-enter ``name`` (the server's)."""
        raise NotImplementedError

    # ------------------------------------------------------------ views
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
                "prize_pool": None if d is None else d.prize_pool,
                "entries": None if d is None else d.entry_count,
                "can_register": d is None or d.can_register(),
                "busted": [] if d is None else list(d.busted),
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
                late = self.director is not None
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
                if self.director is not None:  # late, or this registration filled the field
                    self._tell_start(entrant, "late" if late else "start")
            elif kind == "reenter":
                if conn.entrant is None:
                    raise MttError("not_registered", "join with your token to re-enter")
                self.reenter(conn.entrant.name)
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
                    f"unknown type {value_text(kind, True)} "
                    "(join, register, sit, reenter, act, since)",
                )
        except MttError as error:
            await _error(conn, error.code, str(error))
        except IllegalActionError as error:
            await _error(conn, "illegal", str(error))
        except HoldemError as error:
            await _error(conn, "refused", str(error))

    def _tell_start(self, entrant: Entrant, reason: str) -> None:
        where = self.where.get(entrant.name)
        if where is not None:
            for conn in entrant.connections:
                spawn(
                    conn.send(
                        {
                            "type": "moved",
                            "table": where[0] - 1,
                            "seat": where[1],
                            "reason": reason,
                            "chips": self.arrived_with.get(entrant.name, 0),
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
        known = set(self.streams) | (set() if self.director is None else set(self.director.tables))
        if table != 0 and table + 1 not in known:  # table 0 before the start: the lobby
            tables = ", ".join(str(n - 1) for n in sorted(known | {1}))
            raise MttError("no_table", f"no table {value_text(table)} (the tables: {tables})")
        token = data.get("token")
        hashed = token_hash(token) if isinstance(token, str) and len(token) <= MAX_TOKEN else None
        if hashed is not None and hashed in self.tokens:
            if conn.entrant is not None:
                conn.entrant.connections.discard(conn)
            conn.entrant = self.tokens[hashed]
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
                        "can_register": self.director is None or self.director.can_register(),
                    },
                },
                "decision": None if stream is None or hand is None else stream.decision,
                "clock_left": None,
            }
        )
        conn.wake.set()


async def _error(conn: MttConnection, code: str, message: str) -> None:
    await conn.send({"type": "error", "code": code, "message": message})


_SENDS: set[asyncio.Task[None]] = set()


def spawn(coroutine: Any) -> None:
    """Send a message without waiting (a gone client is ignored)."""

    async def guarded() -> None:
        with contextlib.suppress(WebSocketDisconnect):
            await coroutine

    task = asyncio.get_running_loop().create_task(guarded())
    _SENDS.add(task)
    task.add_done_callback(_SENDS.discard)
