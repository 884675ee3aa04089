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
  With ``late_until``, people register after the start and, with
  ``reentries``, re-enter when out (R15.8): the director seats them, and a
  table it opens for them gets its stream and task.
- **Moves**: the director breaks and balances the tables (R15.2, R15.3) as
  a table is about to deal, after its pause between hands, so that the
  entries made meanwhile are seated first. When it moves a player, every
  connection of that player is sent
  ``{"type": "moved", "table": T, "seat": S, ...}``; the page then joins
  table ``T`` with its token and shows it. The start of the tournament is sent
  the same way (``reason`` ``"start"``).
- **Results**: every elimination (``eliminated``: name, place, prize, shared)
  and the win (``won``) are sent to every connection.
- **Saving**: with a state folder the tournament is saved and a restarted
  server continues it (:mod:`holdem.server.mtt_saving`, the base class
  :class:`~holdem.server.mtt_saving.MttSaving`).

Tables are numbered from 0 in the protocol (the director's table ``t`` is
protocol table ``t - 1``); seats are table seats. What clients see and send
(the views, the HTTP endpoints, the WebSocket messages) is the base class
:class:`~holdem.server.mtt_protocol.MttProtocol`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from holdem.engine import signing
from holdem.engine.betting import Action, Kind
from holdem.errors import value_text
from holdem.mtt.director import Director
from holdem.mtt.events import (
    Busted,
    Eliminated,
    Entered,
    EntriesClosed,
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
from holdem.server.mtt_protocol import STATIC, MttConnection, MttProtocol, spawn
from holdem.server.mtt_saving import FILE_NAME, MttSaving
from holdem.server.mtt_settings import MAX_ENTRANTS, MAX_NAME, Entrant, MttError, MttSettings
from holdem.server.room import token_hash
from holdem.server.saving import usable_folder
from holdem.table.clock import default_action
from holdem.views.seat import seat_view
from holdem.views.streams import TableStream

__all__ = ["MttConnection", "MttServer", "MttSettings", "create_mtt_app", "serve_mtt"]

LOG = logging.getLogger("holdem.server")
_BOT_NAME = re.compile(r"bot\s*\d+")  # casefolded: the names of the bots (Bot 1, Bot 2...)


class MttServer(MttProtocol, MttSaving):
    """A tournament served to browsers and WebSocket clients.

    Args:
        settings: the tournament (:class:`MttSettings`).
        clock: seconds as a float (``time.monotonic``).
        state_dir: a folder where the tournament is saved
            (``tournament.json``, :mod:`holdem.server.mtt_saving`) and, when
            a save is there, restored from: a restarted server continues
            the tournament. ``None``: nothing is saved.
        state_key: a secret key (16 bytes or more) signing the saved
            tournament (HMAC-SHA256), or ``None``.

    Raises:
        ConfigError: a bad setting (the field is named), or a state folder
            that cannot be made or written (field ``state_dir``).
        SignatureError: a key shorter than 16 bytes.
        HoldemError: a saved tournament that cannot be restored (one line
            naming the file and the first problem).
    """

    def __init__(
        self,
        settings: MttSettings,
        clock: Callable[[], float] | None = None,
        *,
        state_dir: Path | None = None,
        state_key: bytes | None = None,
    ) -> None:
        settings.check()
        self.settings = settings
        self.clock = time.monotonic if clock is None else clock
        if state_key is not None:
            signing.sign("", state_key)  # a usable key, or SignatureError
        if state_dir is not None:
            usable_folder(state_dir)
        self._key = state_key
        self._path = None if state_dir is None else Path(state_dir) / FILE_NAME
        self._save_seconds = settings.save_seconds
        self._saved_at: float | None = None
        self._save_due: asyncio.TimerHandle | None = None
        self._save_failed = False
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
        self._tasks: dict[int, asyncio.Task[None]] = {}  # table -> its task (while running)
        self._running = False
        if self._path is not None and self._path.exists():
            self._load(self._path)
        elif settings.layout is not None:
            for name in settings.bot_names:
                self.entrants[name] = Entrant(name, make_agent(settings.agent))
        else:
            for i in range(settings.bots):
                self.entrants[f"Bot {i + 1}"] = Entrant(f"Bot {i + 1}", make_agent(settings.agent))

    # ------------------------------------------------------------ registration
    def register(self, name: object) -> Entrant:
        """Register a person by ``name``: before the start, or after it while
        late registration is open (R15.8, ``late_until``), when the director
        seats them at once (:meth:`_register_late`).

        Raises:
            MttError: started (and late registration closed), full, a bad or
                taken name.
        """
        if self.director is not None:
            return self._register_late(name)
        name = self._person_name(name)
        layout = self.settings.layout
        if layout is not None:
            allowed = {n for t in layout.values() for n, _ in t.values()}
            if name not in allowed:
                raise MttError("bad_name", f"{name!r} is not in this tournament's layout")
        if len(self.entrants) >= self.settings.players:
            raise MttError("full", f"the field of {self.settings.players} is full")
        token = secrets.token_urlsafe(16)
        entrant = Entrant(name, None, token, token_hash=token_hash(token))
        self.entrants[name] = entrant
        self.tokens[entrant.token_hash] = entrant
        if len(self.entrants) == self.settings.players:
            self._start()
        self.save_soon()
        return entrant

    def _person_name(self, name: object) -> str:
        """``name`` stripped, checked as the cash server checks a name: 1 to
        :data:`MAX_NAME` characters, none a control or invisible one
        (``str.isprintable``: no NUL, zero-width space or direction
        override), not a bot's (``Bot 2``, any case: the bots' names), and
        not registered in any case (``carl`` when ``Carl`` is).

        Raises:
            MttError: ``bad_name`` or ``name_taken``.
        """
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise MttError("bad_name", f"a name is 1 to {MAX_NAME} characters")
        if not name.isprintable():
            raise MttError("bad_name", "a name has no control or invisible characters")
        name = name.strip()
        folded = name.casefold()
        if self.settings.layout is None and _BOT_NAME.fullmatch(folded):
            raise MttError("bad_name", f"{name!r} is a bot's name")
        for taken in self.entrants:
            if taken.casefold() == folded:
                raise MttError("name_taken", f"{taken!r} is registered")
        return name

    def _register_late(self, name: object) -> Entrant:
        """Late registration (R15.8): the director draws the seat (a table
        with the fewest players; a new table when every table is full)."""
        director = self.director
        assert director is not None
        if not director.can_register():
            raise MttError("started", "the tournament has started; late registration is closed")
        name = self._person_name(name)
        if len(self.entrants) >= MAX_ENTRANTS:
            raise MttError("full", f"at most {MAX_ENTRANTS:,} players")
        token = secrets.token_urlsafe(16)
        entrant = Entrant(name, None, token, token_hash=token_hash(token))
        self.entrants[name] = entrant
        self.tokens[entrant.token_hash] = entrant
        director.register(name)
        self._events(director.drain_events())
        self.save_soon()
        return entrant

    def reenter(self, name: str) -> None:
        """Re-entry (R15.8): ``name``, out while entries are open, buys in
        again and is seated by the director's draw; they are sent ``moved``
        (reason ``re-entry``).

        Raises:
            MttError: (``not_started``) before the start.
            EntryError: re-entry is closed, ``name`` is not out, or has no
                re-entries left; nothing changed.
        """
        director = self.director
        if director is None:
            raise MttError("not_started", "the tournament has not started")
        director.reenter(name)
        self._events(director.drain_events())
        self.save_soon()

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
            entries=s.entries(),
        )
        for number in self.director.tables:
            self._open_table(number)
        self._events(self.director.drain_events())
        self.started.set()
        self.save_soon()

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
            elif isinstance(event, Entered):
                self._arrive(event.name, event.table, event.seat, event.chips)
                self._tell(
                    event.name,
                    {
                        "type": "moved",
                        "table": event.table - 1,
                        "seat": event.seat,
                        "reason": event.kind,
                        "after": self.after_for(event.name),
                        "waits": event.waits,
                        "chips": event.chips,
                    },
                )
            elif isinstance(event, Busted):
                where = self.where.pop(event.name, None)
                if where is not None and where[0] in self.streams:
                    self.streams[where[0]].note("busted", s=where[1], name=event.name)
                    self._changed(where[0])
                assert self.director is not None
                person = event.name in self.entrants and self.entrants[event.name].agent is None
                can = person and self.director.can_reenter(event.name)  # a bot never re-enters
                self._broadcast({"type": "busted", "name": event.name, "can_reenter": can})
            elif isinstance(event, EntriesClosed):
                self._broadcast(
                    {
                        "type": "entries_closed",
                        "entries": event.entries,
                        "players": event.players,
                        "prize_pool": event.prize_pool,
                    }
                )
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

    def _open_table(self, number: int) -> None:
        """A stream and a wake for director table ``number`` (a table opened
        for entrants, R15.8, goes on with the stream of a broken table of
        the same number, if any), and its task once the tables run."""
        if number not in self.streams:
            self.streams[number] = TableStream(keep_hands=1, extras=True)
        self._wakes.setdefault(number, asyncio.Event())
        if self._running:
            task = self._tasks.get(number)
            if task is None or task.done():
                task = asyncio.create_task(self.run_table(number), name=f"mtt table {number}")
                task.add_done_callback(_log_failure)
                self._tasks[number] = task

    def _arrive(self, name: str, number: int, seat: int, chips: int) -> None:
        self._open_table(number)
        stream = self.streams[number]
        self.where[name] = (number, seat)
        self.owned_from[name] = stream.last
        self.arrived_with[name] = chips
        entrant = self.entrants[name]
        stream.note("seat", s=seat, name=name, stack=chips, bot=int(entrant.agent is not None))
        self._changed(number)

    def _tell(self, name: str, message: dict[str, Any]) -> None:
        entrant = self.entrants.get(name)
        if entrant is None:
            return
        if entrant.token and message.get("reason") is not None:
            message = {**message, "token": entrant.token}
        for conn in list(entrant.connections):
            spawn(conn.send(message))

    def _broadcast(self, message: dict[str, Any]) -> None:
        for conn in list(self.connections):
            spawn(conn.send(message))

    def _changed(self, number: int) -> None:
        wake = self._wakes.get(number)
        if wake is not None:
            wake.set()
        for conn in self.connections:
            if conn.table == number - 1:
                conn.wake.set()

    # ------------------------------------------------------------ tables
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
        self.save_soon()

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

    def _begin(self, number: int) -> None:
        """Stream table ``number``'s hand in play from its start (its log so
        far: all of it for a hand restored in play)."""
        assert self.director is not None
        table = self.director.tables[number]
        hand = table.hand
        assert hand is not None
        self._hand_from[number] = self.streams[number].last
        self.streams[number].begin_hand(
            hand,
            table.hand_seats,
            table.hands_played + 1,
            extra=self._clock_field(number, hand.to_act),
        )

    async def run_table(self, number: int) -> None:
        """Drive director table ``number`` until it breaks or the tournament ends."""
        s = self.settings
        wake = self._wakes[number]
        while self._running and self.director is not None and not self.director.is_over:
            # (the flag too: Python 3.11's wait_for may swallow a cancellation)
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
                # the gap ends (R15.3): the tables break and balance as due, the
                # entries made meanwhile seated; every table hears of the moves
                director.rebalance()
                if events := director.drain_events():
                    self._events(events)
                    for other in list(self._wakes):
                        self._changed(other)
                if number not in director.tables or not director.can_deal(number):
                    continue
                director.start_hand(number)
                self._begin(number)
                self._events(director.drain_events())
                self._settle(number)  # a hand may be over once dealt (all-in blinds)
                self.save_soon()
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
            self.save()  # the state as it stops (nothing when not saving)

    async def _main(self) -> None:
        await self.wait_start()
        assert self.director is not None
        self._running = True
        for number in sorted(self.director.tables):
            self._open_table(number)
        try:
            while running := [t for t in self._tasks.values() if not t.done()]:
                await asyncio.wait(running)  # tables opened meanwhile: the next round
        finally:
            self._running = False
            tasks = list(self._tasks.values())
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    # ------------------------------------------------------------ HTTP


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
    quiet.run(config)
