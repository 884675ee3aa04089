"""One table of the reference server: seats for people and bots, the hand in
play, its per-seat stream, the decision clock and the saved state.

Nothing here knows about WebSockets: :mod:`holdem.server.app` turns protocol
messages into calls on a :class:`Room` and sends each connection the stream
messages its seat may see. A room is driven by :meth:`Room.run`, one asyncio
task per table: it starts hands, lets the bots act after a short delay and
applies the default action (check when free, else fold) when a person's clock
runs out.

Seats are table seats; amounts are chips. Chips enter a table only by a
buy-in (``buy_in`` chips when a player sits, or a rebuy to ``buy_in`` between
hands when the stack is empty: a play-money table) and are recorded as
``seat`` messages in the stream.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from holdem import table_snapshot
from holdem.agents import Agent, make_agent
from holdem.betting import Action, Kind
from holdem.clock import TurnClock, default_action
from holdem.errors import HoldemError
from holdem.hand import Hand
from holdem.streams import TableStream
from holdem.table import Level, Table, TableError
from holdem.table_events import TimedOut
from holdem.views import seat_view

STATE_SCHEMA = "holdem.server.table"
STATE_VERSION = 1
AWAY_AFTER = 2  # consecutive timeouts before a person's turns are played at once
MAX_EVENTS = 200  # table events kept (the stream carries what clients need)


class RoomError(HoldemError):
    """A request the room refuses; nothing changed.

    Attributes:
        code: a short reason code sent to the client (``seat_taken``,
            ``not_seated``, ``stale_decision``...).
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@attrs.frozen
class RoomSettings:
    """How every table of a server is set up.

    Attributes:
        size: seats per table (2 to 10).
        bots: seats taken by built-in bots (seats ``0 .. bots - 1``).
        agent: the bots' agent (a name known to :func:`holdem.agents.make_agent`).
        small_blind, big_blind: the blinds, in chips.
        buy_in: the chips a player sits down with (and rebuys to when broke).
        bot_delay: seconds a bot waits before acting, so people can follow.
        decision_seconds: the time for one decision (the table's
            :class:`~holdem.clock.TurnClock`); then the default action (check
            when free, else fold) is applied as a timeout.
        between_hands: seconds between two hands.
    """

    size: int = 6
    bots: int = 3
    agent: str = "potodds"
    small_blind: int = 1
    big_blind: int = 2
    buy_in: int = 200
    bot_delay: float = 0.8
    decision_seconds: float = 30.0
    between_hands: float = 2.0

    def check(self) -> None:
        """Raise :class:`~holdem.errors.HoldemError` naming a bad field."""
        if not 2 <= self.size <= 10:
            raise HoldemError(f"size: a table has 2 to 10 seats, got {self.size}")
        if not 0 <= self.bots < self.size:
            raise HoldemError(f"bots: 0 to {self.size - 1} bots per table, got {self.bots}")
        make_agent(self.agent)
        if self.buy_in < self.big_blind or self.small_blind < 0 or self.big_blind < 1:
            raise HoldemError("buy_in, small_blind, big_blind: need 0 <= sb, 1 <= bb <= buy_in")
        for name in ("bot_delay", "between_hands"):
            if not getattr(self, name) >= 0:
                raise HoldemError(f"{name}: must be a number of seconds >= 0")
        TurnClock(self.decision_seconds)  # > 0, finite
        if self.bot_delay >= self.decision_seconds:
            raise HoldemError("bot_delay: must be shorter than decision_seconds")


@attrs.define
class Player:
    """Who holds a seat: a name, a bot's agent or a person's seat token (hashed)."""

    name: str
    agent: Agent | None = None
    token_hash: str | None = None
    timeouts: int = 0


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Room:
    """One table: see the module doc.

    Args:
        index: the table's number on the server (0-based).
        settings: a :class:`RoomSettings`.
        state_dir: a folder for the saved state (``table-<index>.json``,
            written after every action), or ``None``.
        clock: seconds as a float (``time.monotonic``); tests pass their own.

    Raises:
        HoldemError: bad settings, or a saved state that cannot be restored.
    """

    def __init__(
        self,
        index: int,
        settings: RoomSettings,
        *,
        state_dir: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        settings.check()
        self.index = index
        self.settings = settings
        self._clock = clock
        self._path = None if state_dir is None else Path(state_dir) / f"table-{index}.json"
        self.players: dict[int, Player] = {}
        self.table = self._new_table()
        self.stream = TableStream(keep_hands=1)
        self._wake = asyncio.Event()
        self.listeners: set[asyncio.Event] = set()
        if self._path is not None and self._path.exists():
            self._load(self._path)
        else:
            for seat in range(settings.bots):
                self._seat(seat, Player(f"Bot {seat + 1}", make_agent(settings.agent)))

    # ------------------------------------------------------------ queries
    @property
    def hand(self) -> Hand | None:
        """The hand in play, or ``None`` between hands."""
        return self.table.hand

    @property
    def decision(self) -> int | None:
        """The current decision's number (the ``d`` of the last ``turn``
        message), or ``None`` when nobody is to act."""
        return self.stream.decision if self.table.hand is not None else None

    @property
    def hand_number(self) -> int:
        """The number of the hand in play, else of the last hand (0 before any)."""
        return self.table.hands_played + (self.table.hand is not None)

    def clock_left(self) -> float | None:
        """Seconds left for the person to act (the table's turn clock), or
        ``None`` (a bot, or no decision)."""
        hand, deadline = self.table.hand, self.table.deadline
        if hand is None or deadline is None or hand.to_act is None:
            return None
        if self.players[self.table.hand_seats[hand.to_act]].agent is not None:
            return None
        return max(0.0, deadline - self._clock())

    def seats(self) -> list[dict[str, Any] | None]:
        """Every seat as JSON-ready data: ``name``, ``stack`` (chips behind,
        bets of the hand in play not counted) and ``bot``; ``None`` when empty."""
        hand = self.table.hand
        stacks = {s.seat: s.stack for s in self.table.seats if s is not None}
        if hand is not None:
            for i, seat in enumerate(self.table.hand_seats):
                stacks[seat] = hand.stacks[i]
        out: list[dict[str, Any] | None] = [None] * self.settings.size
        for seat, player in self.players.items():
            out[seat] = {
                "name": player.name,
                "stack": stacks.get(seat, self.settings.buy_in),
                "bot": player.agent is not None,
            }
        return out

    def chips(self) -> int:
        """Every chip at the table: stacks, and the bets and pots of the hand in play."""
        hand = self.table.hand
        if hand is None:
            return sum(s.stack for s in self.table.seats if s is not None)
        seated = set(self.table.hand_seats)
        out = sum(s.stack for s in self.table.seats if s is not None and s.seat not in seated)
        return out + sum(hand.stacks) + hand.pot_total

    def claim(self, token: str) -> int | None:
        """The seat a person's token holds, or ``None``."""
        if not isinstance(token, str) or not token:
            return None
        digest = _hash(token)
        for seat, player in self.players.items():
            if player.token_hash is not None and secrets.compare_digest(player.token_hash, digest):
                player.timeouts = 0
                return seat
        return None

    # ------------------------------------------------------------ changes
    def sit(self, name: str, seat: int | None = None) -> tuple[int, str]:
        """Seat a person called ``name`` (at ``seat``, or the first free seat)
        with ``buy_in`` chips; returns ``(seat, token)``. The token reclaims
        the seat after a reconnect; the room keeps only its hash.

        A person who sits during a hand is dealt in from the next hand.

        Raises:
            RoomError: a bad name, no such seat, the seat taken, or a full table.
        """
        if not isinstance(name, str) or not name.strip() or len(name) > 24:
            raise RoomError("bad_name", "a name is 1 to 24 characters")
        name = name.strip()
        if any(p.name == name for p in self.players.values()):
            raise RoomError("bad_name", f"{name} is already seated")
        size = self.settings.size
        free = [s for s in range(size) if s not in self.players]
        if seat is None:
            if not free:
                raise RoomError("table_full", "every seat is taken")
            seat = free[0]
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < size:
            raise RoomError("no_such_seat", f"no seat {seat!r} (0 to {size - 1})")
        elif seat not in free:
            raise RoomError("seat_taken", f"seat {seat} is taken")
        token = secrets.token_urlsafe(18)
        self._seat(seat, Player(name, token_hash=_hash(token)))
        self._save()
        self._changed()
        return seat, token

    def act(self, seat: int, kind: str, amount: object, decision: object) -> None:
        """The person at table seat ``seat`` acts on decision ``decision``.

        Args:
            seat: the connection's own seat.
            kind: ``fold``, ``check``, ``call``, ``bet``, ``raise`` or ``all-in``.
            amount: the "raise to" amount for ``bet`` and ``raise`` (R3.1).
            decision: the ``d`` of the ``turn`` message this answers.

        Raises:
            RoomError: no hand, a stale or duplicate decision number, or a
                malformed action.
            IllegalActionError: the hand refuses the action (R3.7); nothing changed.
        """
        hand = self.table.hand
        if hand is None or hand.to_act is None:
            raise RoomError("no_decision", "no decision is waiting")
        if decision != self.decision:
            raise RoomError(
                "stale_decision",
                f"decision {decision!r} is not the current one ({self.decision})",
            )
        try:
            action_kind = Kind(kind)
        except ValueError:
            raise RoomError("bad_action", f"unknown action {kind!r}") from None
        if action_kind in (Kind.BET, Kind.RAISE):
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise RoomError("bad_amount", f"{kind} needs a whole number of chips")
            action = Action(action_kind, amount)
        else:
            action = Action(action_kind)
        try:
            self.table.act(seat, action)
        except TableError as error:
            raise RoomError(str(error.reason), str(error)) from None
        self.players[seat].timeouts = 0
        self._after_action()

    # ------------------------------------------------------------ driver
    async def run(self) -> None:
        """Play hands for ever (cancel the task to stop)."""
        while True:
            hand = self.table.hand
            if hand is None:
                self._rebuy()
                if not self._can_start():
                    await self._wait(None)
                    continue
                await asyncio.sleep(self.settings.between_hands)
                self._rebuy()
                if self._can_start():
                    self._start_hand()
                continue
            to_act = hand.to_act
            assert to_act is not None
            seat = self.table.hand_seats[to_act]
            player = self.players[seat]
            if player.agent is not None:
                await asyncio.sleep(self.settings.bot_delay)
                if self.table.hand is hand and hand.to_act == to_act:
                    self.table.act(seat, player.agent.act(seat_view(hand, to_act)))
                    self._after_action()
                continue
            decision = self.decision
            if player.timeouts >= AWAY_AFTER:
                self._play_away(seat)
                continue
            deadline = self.table.deadline
            left = 0.0 if deadline is None else deadline - self._clock()
            if left > 0:
                await self._wait(left)
            if self.table.hand is hand and self.decision == decision:
                for event in self.table.poll_clock():
                    self._timed_out(event)

    async def _wait(self, timeout: float | None) -> None:
        self._wake.clear()
        try:
            await asyncio.wait_for(self._wake.wait(), timeout)
        except TimeoutError:
            pass

    def _timed_out(self, event: TimedOut) -> None:
        """The table's turn clock applied the default action (R3.1)."""
        player = self.players[event.seat]
        player.timeouts += 1
        self.stream.note("timeout", s=event.seat, away=int(player.timeouts >= AWAY_AFTER))
        self._after_action()

    def _play_away(self, seat: int) -> None:
        """A person who is away: the default action at once (check when free, else fold)."""
        hand = self.table.hand
        legal = None if hand is None else hand.legal_actions()
        assert legal is not None
        self.players[seat].timeouts += 1
        self.stream.note("timeout", s=seat, away=1)
        self.table.act(seat, default_action(legal))
        self._after_action()

    # ------------------------------------------------------------ helpers
    def _new_table(self) -> Table:
        s = self.settings
        return Table(
            s.size,
            schedule=Level(s.small_blind, s.big_blind),
            clock=self._clock,
            turn_clock=TurnClock(s.decision_seconds),
            max_events=MAX_EVENTS,
        )

    def _seat(self, seat: int, player: Player, chips: int | None = None) -> None:
        chips = self.settings.buy_in if chips is None else chips
        self.players[seat] = player
        if chips > 0:
            if self.table.hand is None:
                self.table.sit(seat, player.name, chips)
            # else: seated at the start of the next hand (see _rebuy)
        self.stream.note(
            "seat", s=seat, name=player.name, stack=chips, bot=int(player.agent is not None)
        )

    def _rebuy(self) -> None:
        """Between hands: people who are away leave (with their chips), newcomers
        sit down, and empty stacks are rebought to ``buy_in``."""
        table = self.table
        before = self.stream.last
        for seat, player in sorted(self.players.items()):
            if player.agent is None and player.timeouts >= AWAY_AFTER:
                chips = table.leave(seat) if table.seats[seat] is not None else 0
                del self.players[seat]
                self.stream.note("leave", s=seat, name=player.name, stack=chips)
        states = table.seats
        for seat, player in sorted(self.players.items()):
            state = states[seat]
            if state is None:
                table.sit(seat, player.name, self.settings.buy_in)
            elif state.stack == 0:
                table.rebuy(seat, self.settings.buy_in)
            else:
                continue
            self.stream.note(
                "seat",
                s=seat,
                name=player.name,
                stack=self.settings.buy_in,
                bot=int(player.agent is not None),
            )
        if self.stream.last != before:
            self._save()
            self._changed()

    def _can_start(self) -> bool:
        people = [p for p in self.players.values() if p.agent is None and p.timeouts < AWAY_AFTER]
        return bool(people) and len(self.players) >= 2

    def _start_hand(self) -> None:
        hand = self.table.start_hand()
        self.stream.begin_hand(
            hand, self.table.hand_seats, self.hand_number, extra=self._clock_for(hand)
        )
        self._save()
        self._changed()

    def _clock_for(self, hand: Hand) -> dict[str, Any]:
        """The public fields of a ``turn`` message for a person: ``clock``, the
        seconds left on the table's turn clock."""
        left = self.clock_left()
        return {} if left is None else {"clock": round(left, 3)}

    def _after_action(self) -> None:
        hand = self.table.hand
        assert hand is not None
        self.stream.sync(hand, extra=self._clock_for(hand))
        if hand.is_over:
            self.table.finish_hand()
        self._save()
        self._changed()

    def _changed(self) -> None:
        self._wake.set()
        for listener in self.listeners:
            listener.set()

    # ------------------------------------------------------------ saving
    def state(self) -> dict[str, Any]:
        """The room as JSON-ready data (schema ``holdem.server.table`` v1): the
        players (bot or person, with the hash of the person's seat token), the
        stream's last number and the table's snapshot
        (:mod:`holdem.table_snapshot`; it holds secret cards: never send it)."""
        return {
            "schema": STATE_SCHEMA,
            "version": STATE_VERSION,
            "stream_last": self.stream.last,
            "players": [
                {
                    "seat": seat,
                    "name": p.name,
                    "bot": p.agent is not None,
                    "token_hash": p.token_hash,
                }
                for seat, p in sorted(self.players.items())
            ],
            "table": table_snapshot.snapshot(self.table),
        }

    def _save(self) -> None:
        if self._path is None:
            return
        path = self._path
        temp = path.with_name(path.name + ".tmp")
        with open(temp, "w", encoding="utf-8") as file:
            json.dump(self.state(), file, separators=(",", ":"))
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)

    def _load(self, path: Path) -> None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("schema") != STATE_SCHEMA or data.get("version") != STATE_VERSION:
                raise RoomError("bad_state", "not a saved table of this version")
            self._restore(data)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise HoldemError(f"{path}: cannot restore the table: {error}") from None

    def _restore(self, data: dict[str, Any]) -> None:
        """The table as saved (checked whole by :func:`holdem.table_snapshot.restore`),
        its players, and the hand in play streamed again from its start."""
        self.table = table_snapshot.restore(data["table"], clock=self._clock)
        self.stream = TableStream(keep_hands=1, start=int(data["stream_last"]))
        for item in data["players"]:
            agent = make_agent(self.settings.agent) if item["bot"] else None
            self.players[int(item["seat"])] = Player(str(item["name"]), agent, item["token_hash"])
        hand = self.table.hand
        if hand is not None:
            self.stream.begin_hand(
                hand, self.table.hand_seats, self.hand_number, extra=self._clock_for(hand)
            )
