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
import logging
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from holdem.engine import signing
from holdem.engine.betting import Action, Kind
from holdem.engine.hand import Hand
from holdem.errors import value_text
from holdem.selfplay.agents import answer_runs, make_agent
from holdem.server.deal import commit_fields, deal_committed, reveal
from holdem.server.histories import Histories
from holdem.server.journal import Journal
from holdem.server.lobby import apply_choices, bank_field, check_buy_in, rebuy_now
from holdem.server.room_model import Player as Player
from holdem.server.room_model import RoomError as RoomError
from holdem.server.room_model import RoomSettings as RoomSettings
from holdem.server.saving import STATE_SCHEMA as STATE_SCHEMA
from holdem.server.saving import STATE_VERSION as STATE_VERSION
from holdem.server.saving import SavedRoom
from holdem.server.store import Store
from holdem.table.clock import TurnClock, default_action
from holdem.table.events import SatIn, SatOut, TimedOut
from holdem.table.table import Level, Table, TableError, TableReason
from holdem.views.fairness import CommittedDeck
from holdem.views.seat import seat_view
from holdem.views.streams import TableStream, encode

SIT_OUT_AFTER = 2  # timeouts in a row after which a person sits out (R14.1)
MAX_EVENTS = 200  # table events kept (the stream carries what clients need)
MAX_TOKEN = 128  # the longest seat token looked at (they are 24 characters)
LOG = logging.getLogger("holdem.server")


def token_hash(token: str) -> str:
    """The hash the room keeps of a seat token (SHA-256, hexadecimal): an
    ASCII token, as :meth:`Room.claim` takes."""
    return hashlib.sha256(token.encode()).hexdigest()


def _deciding(hand: Hand) -> int | None:
    """The hand seat to decide: the seat to act, or the seat asked the run
    question (R12.1); ``None`` when nobody is."""
    return hand.run_seat if hand.to_act is None else hand.to_act


class Room(SavedRoom):
    """One table: see the module doc.

    Args:
        index: the table's number on the server (0-based).
        settings: a :class:`RoomSettings`.
        state_dir: a folder for the saved state (``table-<index>.json``,
            written after every action), or ``None``.
        state_key: a secret key (at least 16 bytes) that signs the saved state
            with HMAC-SHA256 (:mod:`holdem.engine.signing`); a saved state whose
            signature does not match is refused. ``None``: not signed.
        clock: seconds as a float (``time.monotonic``); tests pass their own.

    Raises:
        HoldemError: bad settings, or a saved state that cannot be restored
            (altered, signed with another key, or not signed when a key is
            given).
    """

    def __init__(
        self,
        index: int,
        settings: RoomSettings,
        *,
        state_dir: Path | None = None,
        state_key: bytes | None = None,
        clock: Callable[[], float] = time.monotonic,
        store: Store | None = None,
    ) -> None:
        settings.check()
        if state_key is not None:
            signing.sign("", state_key)  # a usable key, or SignatureError
        self._key = state_key
        self.index = index
        self.settings = settings
        self._clock = clock
        self._store = store  # SQLite, written off the loop (holdem.server.store)
        self._path = None if state_dir is None else Path(state_dir) / f"table-{index}.json"
        if store is not None:
            self._path = None
        self._pending: asyncio.Future[str | None] | None = None  # the store's write
        self._durable = 0  # the stream's last number in the last committed write
        self._listening: asyncio.Future[str | None] | None = None  # wakes clients when done
        self._save_failed = False
        self._out_since: dict[int, float] = {}  # a person's seat -> when they sat out
        self.players: dict[int, Player] = {}
        self.table = self._new_table()
        self.stream = TableStream(keep_hands=1, extras=True)
        self._deck: CommittedDeck | None = None  # the hand in play's (holdem.views.fairness)
        self._public_texts: dict[int, str] = {}  # stream number -> its public JSON
        self._owned_texts: dict[int, str] = {}  # stream number -> its owner's JSON
        self._wake = asyncio.Event()
        self.listeners: set[asyncio.Event] = set()
        self._journal = Journal(index, state_key)  # whole states or log records (the store)
        saved = None if store is None else store.load(index, state_key)
        if saved is not None:
            assert store is not None
            self._load_text(saved, f"{store.path} table {index}")
        elif self._path is not None and self._path.exists():
            self._load(self._path)
        else:
            for seat in range(settings.bots):
                self._seat(seat, Player(f"Bot {seat + 1}", make_agent(settings.agent)))
        self._durable = self.stream.last  # restored or built: nothing to wait for
        self.histories = Histories(index, settings.size)  # for the players' downloads
        hand = self.table.hand
        if hand is not None:  # restored in play
            self.histories.begin(hand, self.hand_number, self.table.hand_seats, self.players)

    # ------------------------------------------------------------ queries
    @property
    def hand(self) -> Hand | None:
        """The hand in play, or ``None`` between hands."""
        return self.table.hand

    @property
    def decision(self) -> int | None:
        """The current decision's number (the ``d`` of the last ``turn``
        message: an action or the run question), or ``None`` when nobody is
        to decide."""
        return self.stream.decision if self.table.hand is not None else None

    @property
    def hand_number(self) -> int:
        """The number of the hand in play, else of the last hand (0 before any)."""
        return self.table.hands_played + (self.table.hand is not None)

    def clock_left(self) -> float | None:
        """Seconds left for the person to act (the table's turn clock), or
        ``None`` (a bot, or no decision)."""
        hand, deadline = self.table.hand, self.table.deadline
        seat = None if hand is None else _deciding(hand)
        if deadline is None or seat is None:
            return None
        if self.players[self.table.hand_seats[seat]].agent is not None:
            return None
        return max(0.0, deadline - self._clock())

    def seats(self) -> list[dict[str, Any] | None]:
        """Every seat as JSON-ready data: ``name``, ``stack`` (chips behind,
        bets of the hand in play not counted), ``bot`` and ``out`` (sitting
        out, R14.1); ``None`` when empty."""
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
                "out": self.sitting_out(seat),
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
        """The seat a person's token holds, or ``None``. A person who was
        sitting out comes back (R14.2) from the next hand."""
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN or not token.isascii():
            return None  # tokens are short ASCII (a lone surrogate cannot even be hashed)
        digest = token_hash(token)
        for seat, player in self.players.items():
            if player.leaving:
                continue  # asked to leave: the token no longer holds the seat
            if player.token_hash is not None and secrets.compare_digest(player.token_hash, digest):
                if self.sitting_out(seat):
                    self.back(seat)
                return seat
        return None

    def since(self, seat: int | None, after: int) -> tuple[bool, list[dict[str, Any]]]:
        """The stream messages after number ``after`` as the player now at
        table seat ``seat`` may see them (``None``: a spectator).

        Messages from before the player took the seat (the stream keeps the
        previous hand) are shown as a spectator sees them: the hole cards and
        options of the seat's previous holder are never theirs to see.

        Returns:
            ``(reset, messages)`` as :meth:`holdem.views.streams.TableStream.since`.

        Raises:
            HoldemError: ``after`` is not a whole number.
        """
        player = None if seat is None else self.players.get(seat)
        reset, events = self.stream.since(None if player is None else seat, after)
        if player is None or not events or events[0]["n"] > player.since:
            return reset, events
        public = {e["n"]: e for e in self.stream.since(None, after)[1]}
        return reset, [public[e["n"]] if e["n"] <= player.since else e for e in events]

    def since_frames(self, seat: int | None, after: int) -> tuple[bool, list[str]]:
        """:meth:`since` as JSON texts (:func:`holdem.views.streams.encode`), each
        stream message encoded once per view and kept while the stream keeps
        it: a replay costs a join of texts, not an encoding.

        Raises:
            HoldemError: ``after`` is not a whole number.
        """
        player = None if seat is None else self.players.get(seat)
        mine = None if player is None else seat  # a seat without its player: a spectator
        floor = 0 if player is None else player.since
        reset, events = self.stream.events_since(after)
        visible = self.visible_last
        if events and events[-1].number > visible:  # not committed by the store yet
            events = [e for e in events if e.number <= visible]
            if not events:
                return False, []  # nothing to show yet (not even a reset)
        public, owned = self._public_texts, self._owned_texts
        out = []
        for event in events:
            number = event.number
            if mine is not None and event.owner == mine and event.secret and number > floor:
                # the seat's own secret, since its player took the seat
                text = owned.get(number)
                if text is None:
                    text = owned[number] = encode({**event.public, **event.secret})
            else:
                text = public.get(number)
                if text is None:
                    text = public[number] = encode(event.public)
            out.append(text)
        if len(public) + len(owned) > 4 * len(events) + 512:
            first = self.stream.first
            for texts in (public, owned):
                for old in [n for n in texts if n < first]:
                    del texts[old]
        return reset, out

    def holds(self, seat: int, player: Player) -> bool:
        """Whether ``player`` still holds table seat ``seat`` (and has not
        asked to leave)."""
        return self.players.get(seat) is player and not player.leaving

    def sitting_out(self, seat: int) -> bool:
        """Whether the player at ``seat`` sits out (R14.1)."""
        state = self.table.seats[seat]
        return state is not None and state.sitting_out

    # ------------------------------------------------------------ changes
    def sit(self, name: str, seat: int | None = None, buy_in: object = None) -> tuple[int, str]:
        """Seat a person called ``name`` (at ``seat``, or the first free seat)
        with ``buy_in`` chips (``None``: the settings' ``buy_in``; else within
        the table's range, :func:`holdem.server.lobby.buy_in_range`); returns
        ``(seat, token)``. The token reclaims the seat after a reconnect; the
        room keeps only its hash.

        A person who sits during a hand is dealt in from the next hand.

        Raises:
            RoomError: a bad name, no such seat, the seat taken, or a full table.
        """
        if not isinstance(name, str) or not name.strip() or len(name) > 24:
            raise RoomError("bad_name", "a name is 1 to 24 characters")
        if not name.isprintable():
            raise RoomError("bad_name", "a name has no control characters")
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
            raise RoomError("no_such_seat", f"no seat {value_text(seat, True)} (0 to {size - 1})")
        elif seat not in free:
            raise RoomError("seat_taken", f"seat {seat} is taken")
        chips = None if buy_in is None else check_buy_in(self, buy_in)
        token = secrets.token_urlsafe(18)
        later = chips if self.table.hand is not None else None  # seated at the next hand
        self._seat(seat, Player(name, token_hash=token_hash(token), buy_in=later), chips)
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
        if isinstance(decision, bool) or not isinstance(decision, int) or decision != self.decision:
            raise RoomError(
                "stale_decision",
                f"decision {value_text(decision, True)} is not the current one ({self.decision})",
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
            self._after_action()  # the turn clock may have acted first
            raise RoomError(str(error.reason), str(error)) from None
        self._after_action()

    def runs(self, seat: int, count: object, decision: object) -> None:
        """The person at table seat ``seat`` answers the run question (R12.1)
        on decision ``decision``: they accept at most ``count`` runs.

        Raises:
            RoomError: no run question, a stale or duplicate decision number,
                or a count that is not a whole number.
            IllegalActionError: the hand refuses the answer (not the seat
                asked, a count beyond ``max_runs``); nothing changed.
        """
        hand = self.table.hand
        if hand is None or hand.run_seat is None:
            raise RoomError("no_decision", "no run question is waiting")
        if isinstance(decision, bool) or not isinstance(decision, int) or decision != self.decision:
            raise RoomError(
                "stale_decision",
                f"decision {value_text(decision, True)} is not the current one ({self.decision})",
            )
        if isinstance(count, bool) or not isinstance(count, int):
            raise RoomError("bad_amount", "runs needs a whole number of runs")
        try:
            self.table.choose_runs(seat, count)
        except TableError as error:
            self._after_action()  # the turn clock may have answered first
            raise RoomError(str(error.reason), str(error)) from None
        self._after_action()

    def back(self, seat: int) -> None:
        """The person at ``seat`` sits in again (R14.2) at the next hand (one
        who missed a blind waits for the big blind)."""
        self.players[seat].back = True
        self._save()
        self._changed()

    def leave(self, seat: int) -> None:
        """The person at ``seat`` leaves with their chips once the hand in play
        (if any) is over; until then their decisions are made at once (check
        when free, else fold)."""
        self.players[seat].leaving = True
        self._save()
        self._changed()

    # ------------------------------------------------------------ driver
    async def run(self) -> None:
        """Play hands for ever (cancel the task to stop)."""
        while True:
            hand = self.table.hand
            if hand is None:
                self._rebuy()
                if not self._can_start():
                    await self._wait(self._away_in())
                    continue
                await asyncio.sleep(self.settings.between_hands)
                self._rebuy()
                if self._can_start() and not self._start_hand():
                    await self._wait(self._away_in())  # nobody to deal in yet (R14.2)
                continue
            to_act = _deciding(hand)
            assert to_act is not None
            asked = hand.to_act is None  # the run question (R12.1)
            seat = self.table.hand_seats[to_act]
            player = self.players[seat]
            if player.agent is not None:
                decision = self.decision
                await asyncio.sleep(self.settings.bot_delay)
                if self.table.hand is hand and self.decision == decision:
                    view = seat_view(hand, to_act)
                    if asked:
                        self._act_now(seat, answer_runs(player.agent, view))
                    else:
                        self._act_now(seat, player.agent.act(view))
                continue
            if player.leaving:  # check when free, else fold, at once; one run
                legal = hand.legal_actions()
                self._act_now(seat, 1 if legal is None else default_action(legal))
                continue
            # A person: wait for their action or the turn clock (a person
            # sitting out has no time: their decision is due at once).
            decision = self.decision
            deadline = self.table.deadline
            left = 0.0 if deadline is None else deadline - self._clock()
            if left > 0:
                await self._wait(left)
            if self.table.hand is hand and self.decision == decision:
                if self.table.poll_clock():
                    self._after_action()

    def _act_now(self, seat: int, action: Action | int) -> None:
        """A bot's action or run answer (an int, R12.1), or a leaving
        person's; if the loop was held up past the turn clock, the clock's
        default action stands instead."""
        try:
            if isinstance(action, int):
                self.table.choose_runs(seat, action)
            else:
                self.table.act(seat, action)
        except TableError as error:
            if error.reason is not TableReason.TIMED_OUT:
                raise
        self._after_action()

    async def _wait(self, timeout: float | None) -> None:
        self._wake.clear()
        try:
            await asyncio.wait_for(self._wake.wait(), timeout)
        except TimeoutError:
            pass

    def _forward_table_events(self) -> None:
        """Timeouts and sitting out or in (the table's events) as stream messages."""
        for event in self.table.drain_events():
            if isinstance(event, TimedOut):
                self.stream.note("timeout", s=event.seat, a=event.action, k=event.in_a_row)
            elif isinstance(event, SatOut):
                self._out_since[event.seat] = self._clock()
                self.stream.note("sitout", s=event.seat, why=event.reason)
            elif isinstance(event, SatIn):
                self._out_since.pop(event.seat, None)
                self.stream.note("sitin", s=event.seat, entry=event.entry)

    # ------------------------------------------------------------ helpers
    def _new_table(self) -> Table:
        s = self.settings
        return Table(
            s.size,
            schedule=Level(s.small_blind, s.big_blind),
            clock=self._clock,
            turn_clock=TurnClock(
                s.decision_seconds, sit_out_after=SIT_OUT_AFTER, time_bank=s.time_bank
            ),
            max_events=MAX_EVENTS,
            max_runs=s.max_runs,
            rake=s.rake,
        )

    def _seat(self, seat: int, player: Player, chips: int | None = None) -> None:
        chips = self.settings.buy_in if chips is None else chips
        player.since = self.stream.last
        self.players[seat] = player
        if chips > 0:
            if self.table.hand is None:
                self.table.sit(seat, player.name, chips)
            # else: seated at the start of the next hand (see _rebuy)
        self.stream.note(
            "seat", s=seat, name=player.name, stack=chips, bot=int(player.agent is not None)
        )

    def _rebuy(self) -> None:
        """Between hands: people who asked to leave leave (with their chips),
        those who asked to come back sit in (R14.2), newcomers sit down, and
        empty stacks are rebought: a bot's to ``buy_in``, a person's once they
        chose a buy-in (:func:`holdem.server.lobby.rebuy_now`)."""
        table = self.table
        before = self.stream.last
        apply_choices(self)
        for seat, since in list(self._out_since.items()):
            player = self.players.get(seat)
            if player is None or player.agent is not None or not self.sitting_out(seat):
                del self._out_since[seat]
            elif not player.back and self._clock() - since >= self.settings.away_seconds:
                player.leaving = True  # away too long: the seat is freed
        for seat, player in sorted(self.players.items()):
            if player.leaving:
                chips = table.leave(seat) if table.seats[seat] is not None else 0
                self._out_since.pop(seat, None)
                del self.players[seat]
                self.stream.note("leave", s=seat, name=player.name, stack=chips)
            elif (player.back or player.agent is not None) and self.sitting_out(seat):
                table.sit_in(seat)  # a bot sat out by a held-up loop comes back too
            player.back = False
        self._forward_table_events()
        states = table.seats
        for seat, player in sorted(self.players.items()):
            state = states[seat]
            if state is None:
                bought = rebuy_now(self, seat, player)
                if bought is None:
                    continue  # busted, and the table's hold on the seat ran out
                table.sit(seat, player.name, bought)
            elif state.stack == 0:
                bought = rebuy_now(self, seat, player)
                if bought is None:
                    continue  # a person is asked first (holdem.server.lobby)
                table.rebuy(seat, bought)
            else:
                continue
            player.buy_in = None
            self.stream.note(
                "seat",
                s=seat,
                name=player.name,
                stack=bought,
                bot=int(player.agent is not None),
            )
        if self.stream.last != before:
            self._save()
            self._changed()

    def _away_in(self) -> float | None:
        """Seconds until the first person sitting out has been away
        ``away_seconds`` (then :meth:`_rebuy` frees the seat), or ``None``."""
        if not self._out_since:
            return None
        first = min(self._out_since.values())
        return max(0.0, first + self.settings.away_seconds - self._clock())

    def _can_start(self) -> bool:
        """At least two players who are not sitting out, one of them a person."""
        playing = [s for s in self.players if not self.sitting_out(s)]
        return len(playing) >= 2 and any(self.players[s].agent is None for s in playing)

    def _start_hand(self) -> bool:
        """Deal the next hand from a committed deck (:mod:`holdem.views.fairness`);
        false when the table cannot deal one yet (fewer than two players may
        be dealt in, R14.2)."""
        dealt = deal_committed(self.table, self.index, self.settings.max_runs)
        if dealt is None:
            return False
        hand, deck = dealt
        self._deck = deck
        self.histories.begin(hand, self.hand_number, self.table.hand_seats, self.players)
        self._forward_table_events()
        self.stream.begin_hand(
            hand,
            self.table.hand_seats,
            self.hand_number,
            extra=self._clock_for(hand),
            fields=commit_fields(self._deck),
        )
        self._save()
        self._changed()
        return True

    def _clock_for(self, hand: Hand) -> dict[str, Any]:
        """The public fields of a ``turn`` message for a person: ``clock``, the
        seconds left on the table's turn clock, and ``bank`` (with a time bank,
        :func:`holdem.server.lobby.bank_field`), the part of them from the bank."""
        left = self.clock_left()
        return {} if left is None else {"clock": round(left, 3), **bank_field(self)}

    def _after_action(self) -> None:
        hand = self.table.hand
        assert hand is not None
        self._forward_table_events()
        self.stream.sync(hand, extra=self._clock_for(hand))
        if hand.is_over:
            self.histories.finish(hand)
            deck, self._deck = self._deck, None
            if deck is not None:  # None: restored from a state saved without its deck
                reveal(self.stream, deck, hand, self.table.hand_seats, self.hand_number)
            self.table.finish_hand()
        self._save()
        self._changed()

    def _changed(self) -> None:
        self._wake.set()
        pending = self._pending
        if pending is not None and not pending.done():
            # Clients see the change once the store has committed it.
            if self._listening is not pending:
                self._listening = pending
                pending.add_done_callback(lambda _: self._tell_listeners())
            return
        self._tell_listeners()

    def _tell_listeners(self) -> None:
        for listener in self.listeners:
            listener.set()

    @property
    def visible_last(self) -> int:
        """The last stream number clients may be sent: with the SQLite store,
        the last one committed (an action is shown once it is saved)."""
        return self.stream.last if self._store is None else self._durable

    async def saved(self) -> None:
        """Wait until the last change is committed by the store (at once
        without one)."""
        pending = self._pending
        if pending is not None and not pending.done():
            await asyncio.shield(pending)
