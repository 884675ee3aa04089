"""The Starlette application of the reference server: the page, its files and
the WebSocket protocol (documented in ``docs/server.md``).

Routes: ``GET /`` the browser table, ``GET /static/...`` its script and
style, ``GET /tables`` the tables as JSON, ``WS /ws`` the protocol. Each
table is a :class:`~holdem.server.room.Room` driven by its own asyncio task,
started and stopped with the application.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
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

from holdem.errors import ConfigError, HoldemError, IllegalActionError, Reason, value_text
from holdem.server import limits
from holdem.server import store as store_module
from holdem.server.limits import Addresses, ByteBudget
from holdem.server.lobby import (
    buy_in_fields,
    choose_away,
    choose_buy,
    reveal,
    table_summary,
)
from holdem.server.room import MAX_TOKEN, Player, Room, RoomError, RoomSettings, token_hash
from holdem.server.saving import usable_folder
from holdem.server.store import Store
from holdem.views.streams import encode

STATIC = Path(__file__).parent / "static"
LOG = logging.getLogger("holdem.server")
RATE, BURST = 20.0, 40.0
"""Messages a connection may send: ``RATE`` a second on average, ``BURST`` at
once; more get a ``too_fast`` error and are not read."""
MAX_MESSAGE = 4096
"""The longest client message accepted, in characters; longer ones get a
``too_large`` error (the server closes connections sending over 64 KiB)."""


class Connection:
    """One WebSocket client: the table it joined, its seat and the player who
    holds it, the last stream message number it was sent, the seats it took
    and its byte budget (:mod:`holdem.server.limits`)."""

    def __init__(
        self, socket: WebSocket, clock: Callable[[], float], budget: ByteBudget | None = None
    ) -> None:
        self.socket = socket
        self.room: Room | None = None
        self.seat: int | None = None
        self.player: Player | None = None
        self.last = 0
        self.wake = asyncio.Event()
        self.taken: list[tuple[Room, int, Player]] = []  # seats this connection took
        self.taken_over = False  # its seat moved to another connection: tell it once
        self.paused = False  # a sit is being answered: the stream waits for it
        self.budget = budget or ByteBudget(limits.SEND_RATE, limits.SEND_BURST, clock)
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

    def take(self, room: Room, seat: int | None) -> None:
        """This connection now speaks for the player at ``seat`` (``None``: no
        seat); a connection that spoke for them before loses the seat."""
        self.room, self.seat = room, seat
        self.player = None if seat is None else room.players[seat]
        player = self.player
        if player is None:
            return
        before = player.holder
        player.holder = self
        if before is not self and isinstance(before, Connection):
            before.taken_over = True
            before.wake.set()
        if all(p is not player for _, _, p in self.taken):
            self.taken.append((room, seat, player))  # type: ignore[arg-type]

    def seats_held(self) -> int:
        """The seats this connection took that it still holds."""
        self.taken = [
            (room, seat, player)
            for room, seat, player in self.taken
            if room.holds(seat, player) and player.holder is self
        ]
        return len(self.taken)

    def held_seat(self) -> int | None:
        """The seat, while its player holds it through this connection: a
        player who left (maybe from another connection) or took the seat on
        another connection loses it here, before anyone else sits there."""
        room, seat, player = self.room, self.seat, self.player
        if seat is not None and (
            room is None
            or player is None
            or not room.holds(seat, player)
            or player.holder is not self
        ):
            self.seat, self.player = None, None
        return self.seat

    async def send_text(self, text: str) -> None:
        """Send one frame, counted in the byte budget.

        Raises:
            WebSocketDisconnect: the client is gone (whatever the layer below
                raised: a closed socket, a send after a failed one).
        """
        if self.socket.application_state != WebSocketState.CONNECTED:
            raise WebSocketDisconnect(1006)
        self.budget.spend(len(text.encode("utf-8", "replace")))
        try:
            await self.socket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            raise WebSocketDisconnect(1006) from None

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(encode(message))

    async def error(self, code: str, message: str, **fields: Any) -> None:
        await self.send({"type": "error", "code": code, "message": message, **fields})

    async def pump(self) -> None:
        """Send the stream messages this seat may see, as they come, within the
        byte budget (messages that wait for it are sent together)."""
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                while not self.budget.ready():
                    await asyncio.sleep(min(1.0, self.budget.wait()))
                if self.taken_over and self.held_seat() is None:
                    self.taken_over = False
                    await self.error(
                        "seat_taken_over", "your seat is now held by another connection"
                    )
                room = self.room
                if room is None or self.paused:
                    continue  # (a paused sit sets the wake again when answered)
                reset, texts = room.since_frames(self.held_seat(), self.last)
                self.last = room.visible_last
                if texts or reset:
                    head = '{"type":"events","reset":%s,"events":[' % ("true" if reset else "false")
                    await self.send_text(head + ",".join(texts) + "]}")
        except WebSocketDisconnect:
            return  # the client is gone; the receiving side ends the connection


def _log_failure(task: asyncio.Task[None]) -> None:
    if task.cancelled() or task.exception() is None:
        return
    error = task.exception()
    LOG.error("%s stopped: %r", task.get_name(), error, exc_info=error)


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RoomError(
            "bad_message", f"{key} must be a whole number, got {value_text(value, True)}"
        )
    return value


class Server:
    """The tables of one server and the protocol handler.

    The tables are built (saved ones restored) here; their tasks run while
    the application runs (:meth:`lifespan`). Build a new ``Server`` for each
    run of an application.

    Args:
        tables: how many tables (1 to 100).
        settings: every table's :class:`~holdem.server.room.RoomSettings`.
        state_dir: where tables are saved after every action, or ``None``.
        state_key: a secret key (16 bytes or more) signing the saved tables
            (HMAC-SHA256, :mod:`holdem.engine.signing`), or ``None``.
        state_store: ``"json"`` (a file per table, written and fsynced in
            the event loop) or ``"sqlite"`` (``tables.sqlite3`` in
            ``state_dir``, written by a thread: :mod:`holdem.server.store`).
        clock: seconds as a float, for the tables' turn clocks and the
            connections' rate limits (:data:`RATE`, bytes a second).
        max_connections_per_address: WebSockets open at once per client
            address (:data:`holdem.server.limits.MAX_CONNECTIONS_PER_ADDRESS`).
        seats_per_connection: seats one connection may hold at once
            (:data:`holdem.server.limits.SEATS_PER_CONNECTION`).
        send_rate, send_burst: bytes a second one connection may be sent on
            average, and at once (:mod:`holdem.server.limits`).

    Raises:
        ConfigError: a bad table count, setting or limit, or a state folder
            that cannot be made or written (the field is named).
        HoldemError: a saved table that cannot be restored (the file is named).
    """

    def __init__(
        self,
        tables: int = 1,
        settings: RoomSettings | None = None,
        state_dir: Path | None = None,
        clock: Callable[[], float] | None = None,
        state_key: bytes | None = None,
        *,
        max_connections_per_address: int = limits.MAX_CONNECTIONS_PER_ADDRESS,
        seats_per_connection: int = limits.SEATS_PER_CONNECTION,
        send_rate: int = limits.SEND_RATE,
        send_burst: int = limits.SEND_BURST,
        state_store: str = "json",
    ) -> None:
        if isinstance(tables, bool) or not isinstance(tables, int) or not 1 <= tables <= 100:
            raise ConfigError("tables", f"1 to 100 tables, got {tables!r}")
        self.addresses = Addresses(
            limits.check_limit("max_connections_per_address", max_connections_per_address)
        )
        self.seats_per_connection = limits.check_limit("seats_per_connection", seats_per_connection)
        self.send_rate = limits.check_limit("send_rate", send_rate, 1024)
        self.send_burst = limits.check_limit("send_burst", send_burst, 1024)
        self.settings = settings or RoomSettings()
        self.settings.check()
        if state_store not in ("json", "sqlite"):
            raise ConfigError("state_store", f"json or sqlite, got {state_store!r}")
        self.store: Store | None = None
        if state_dir is not None:
            usable_folder(state_dir)
            if state_store == "sqlite":
                try:
                    self.store = Store(state_dir / store_module.FILE_NAME)
                except sqlite3.Error as error:
                    name = state_dir / store_module.FILE_NAME
                    raise ConfigError("state_dir", f"{name}: {error}") from None
        self.clock = time.monotonic if clock is None else clock
        kwargs: dict[str, Any] = {"state_dir": state_dir, "state_key": state_key}
        kwargs["store"] = self.store
        kwargs["clock"] = self.clock
        self.rooms = [Room(i, self.settings, **kwargs) for i in range(tables)]

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Run every table's task while the application runs; a task that
        ends with an error (a bug: the table stops) is logged at once on the
        ``holdem.server`` logger with its traceback."""
        tasks = []
        for room in self.rooms:
            task = asyncio.create_task(room.run(), name=f"table {room.index}")
            task.add_done_callback(_log_failure)
            tasks.append(task)
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            if self.store is not None:
                await asyncio.to_thread(self.store.close)  # what is queued is written

    async def tables(self, request: Request) -> Response:
        """``GET /tables``: the lobby, one :func:`~holdem.server.lobby.table_summary` a table."""
        return JSONResponse([table_summary(r) for r in self.rooms])

    async def index(self, request: Request) -> Response:
        """``GET /``: the browser table."""
        return FileResponse(STATIC / "index.html")

    async def websocket(self, socket: WebSocket) -> None:
        """``WS /ws``: one client, until it goes away."""
        address = socket.client.host if socket.client is not None else ""
        try:
            await socket.accept()
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # gone before the handshake ended
        budget = ByteBudget(self.send_rate, self.send_burst, self.clock)
        conn = Connection(socket, self.clock, budget)
        if not self.addresses.open(address):
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                await conn.error(
                    "too_many_connections",
                    f"at most {self.addresses.limit} connections from one address",
                )
                await socket.close(1008)
            return
        pump = asyncio.create_task(conn.pump())
        try:
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not conn.allow():
                    await conn.error("too_fast", f"at most {RATE:g} messages a second")
                    continue
                text = message.get("text")
                if text is None:
                    await conn.error("bad_message", "messages are JSON text")
                    continue
                await self._handle(conn, text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the client is gone (a receive or send after it went raises)
        finally:
            self.addresses.close(address)
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pump
            if conn.room is not None:
                conn.room.listeners.discard(conn.wake)

    async def _handle(self, conn: Connection, text: str) -> None:
        if len(text) > MAX_MESSAGE:
            await conn.error("too_large", f"a message is at most {MAX_MESSAGE} characters")
            return
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # RecursionError: nested too deep
            await conn.error("bad_json", "not JSON")
            return
        if not isinstance(data, dict):
            await conn.error("bad_message", "a message is a JSON object with a type")
            return
        kind = data.get("type")
        handler = {
            "join": self._join,
            "sit": self._sit,
            "act": self._act,
            "runs": self._runs,
            "since": self._since,
            "back": self._back,
            "leave": self._leave,
            "away": self._away,
            "buy": self._buy,
            "reveal": self._reveal,
            "history": self._history,
        }.get(kind if isinstance(kind, str) else "")
        if handler is None:
            await conn.error(
                "unknown_type",
                f"unknown type {value_text(kind, True)}"
                " (join, sit, act, runs, since, back, leave, away, buy, reveal, history)",
            )
            return
        try:
            await handler(conn, data)
        except IllegalActionError as error:
            text = str(error)
            if error.reason is Reason.NOT_YOUR_TURN:  # the options are the other seat's
                text = text.rsplit(" (legal: ", 1)[0]
            await conn.error(
                "illegal", text, reason=str(error.reason), decision=self._decision(conn)
            )
        except RoomError as error:
            await conn.error(error.code, str(error))
        except HoldemError as error:
            await conn.error("refused", str(error))

    def _decision(self, conn: Connection) -> int | None:
        return None if conn.room is None else conn.room.decision

    async def _join(self, conn: Connection, data: dict[str, Any]) -> None:
        index = _int(data, "table", 0)
        if not 0 <= index < len(self.rooms):
            raise RoomError(
                "no_table", f"no table {value_text(index)} (0 to {len(self.rooms) - 1})"
            )
        after = _int(data, "after", 0)
        room = self.rooms[index]
        token = data.get("token")
        seat = room.claim(token) if isinstance(token, str) else None
        if conn.room is not None:
            conn.room.listeners.discard(conn.wake)
        conn.take(room, seat)
        conn.last = after
        room.listeners.add(conn.wake)
        await conn.send(self._welcome(room, seat))
        conn.wake.set()

    def _welcome(self, room: Room, seat: int | None) -> dict[str, Any]:
        s = room.settings
        return {
            "type": "welcome",
            "table": room.index,
            "tables": len(self.rooms),
            "seat": seat,
            "seats": room.seats(),
            "last": room.visible_last,
            "settings": {
                "size": s.size,
                "small_blind": s.small_blind,
                "big_blind": s.big_blind,
                "buy_in": s.buy_in,
                **buy_in_fields(s),
                "decision_seconds": s.decision_seconds,
                "max_runs": s.max_runs,
                "rake": None if s.rake is None else s.rake.to_dict(),
            },
            "decision": room.decision,
            "clock_left": room.clock_left(),
        }

    async def _sit(self, conn: Connection, data: dict[str, Any]) -> None:
        room = conn.room
        if room is None:
            raise RoomError("not_joined", "join a table first")
        if conn.held_seat() is not None:
            raise RoomError("already_seated", f"you hold seat {conn.seat}")
        if conn.seats_held() >= self.seats_per_connection:
            where = ", ".join(f"seat {s} at table {r.index}" for r, s, _ in conn.taken)
            raise RoomError(
                "too_many_seats",
                f"a connection holds at most {self.seats_per_connection} seat(s); "
                f"you hold {where}: join it with its token and leave first",
            )
        wanted = data.get("seat")
        conn.paused = True  # the stream waits for the seat: its cards are this player's
        try:
            seat, token = room.sit(data.get("name"), wanted, data.get("buy_in"))  # type: ignore[arg-type]
            await room.saved()  # the seat is on disk before its token is given
            conn.take(room, seat)
            await conn.send({"type": "seated", "seat": seat, "token": token})
        finally:
            # From now on this connection sees its seat's secrets (from the
            # stream number at which the seat was taken).
            conn.paused = False
            conn.wake.set()

    async def _act(self, conn: Connection, data: dict[str, Any]) -> None:
        room, seat = self._seated(conn)
        claimed = data.get("seat", seat)
        if claimed != seat:
            raise RoomError(
                "not_your_seat", f"you hold seat {seat}, not {value_text(claimed, True)}"
            )
        action = data.get("action")
        if not isinstance(action, str):
            raise RoomError("bad_message", "act needs an action")
        room.act(seat, action, data.get("amount"), data.get("decision"))

    async def _runs(self, conn: Connection, data: dict[str, Any]) -> None:
        room, seat = self._seated(conn)
        claimed = data.get("seat", seat)
        if claimed != seat:
            raise RoomError(
                "not_your_seat", f"you hold seat {seat}, not {value_text(claimed, True)}"
            )
        room.runs(seat, data.get("count"), data.get("decision"))

    def _seated(self, conn: Connection) -> tuple[Room, int]:
        if conn.room is None:
            raise RoomError("not_joined", "join a table first")
        seat = conn.held_seat()
        if seat is None:
            raise RoomError("not_seated", "sit down first")
        return conn.room, seat

    async def _back(self, conn: Connection, data: dict[str, Any]) -> None:
        room, seat = self._seated(conn)
        if not room.sitting_out(seat):
            raise RoomError("not_sitting_out", "you are not sitting out")
        room.back(seat)

    async def _leave(self, conn: Connection, data: dict[str, Any]) -> None:
        room, seat = self._seated(conn)
        room.leave(seat)
        conn.take(room, None)

    async def _away(self, conn: Connection, data: dict[str, Any]) -> None:
        room, seat = self._seated(conn)
        choose_away(room, seat, data.get("sit_out"), data.get("wait_bb"))

    async def _buy(self, conn: Connection, data: dict[str, Any]) -> None:
        room, seat = self._seated(conn)
        choose_buy(room, seat, data.get("chips"))

    async def _reveal(self, conn: Connection, data: dict[str, Any]) -> None:
        room, seat = self._seated(conn)
        reveal(room, seat)

    async def _history(self, conn: Connection, data: dict[str, Any]) -> None:
        """The hands a player played at the connection's table, in their own
        view, as PokerStars text (:mod:`holdem.server.histories`); the player
        is the one whose seat token is given (also after leaving the table),
        else the connection's seat holder."""
        room = conn.room
        if room is None:
            raise RoomError("not_joined", "join a table first")
        token = data.get("token")
        if token is not None:
            if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN or not token.isascii():
                raise RoomError("bad_message", "token must be a seat token")
            digest: str | None = token_hash(token)
        else:
            seat = conn.held_seat()
            player = None if seat is None else room.players.get(seat)
            digest = None if player is None else player.token_hash
        if digest is None:
            raise RoomError("not_seated", "only a player's own hands are given: sit down first")
        if not conn.budget.ready():
            raise RoomError(
                "slow_down", f"at most {self.send_rate:,} bytes a second: ask again later"
            )
        count, text = room.histories.text(digest)
        await conn.send({"type": "history", "table": room.index, "hands": count, "text": text})

    async def _since(self, conn: Connection, data: dict[str, Any]) -> None:
        if conn.room is None:
            raise RoomError("not_joined", "join a table first")
        after = _int(data, "after")
        if not conn.budget.ready():
            raise RoomError(
                "slow_down", f"at most {self.send_rate:,} bytes a second: ask again later"
            )
        conn.last = after
        conn.wake.set()


def create_app(server: Server) -> Starlette:
    """The Starlette application serving ``server``'s tables."""
    return Starlette(
        routes=[
            Route("/", server.index),
            Route("/tables", server.tables),
            WebSocketRoute("/ws", server.websocket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=server.lifespan,
    )
