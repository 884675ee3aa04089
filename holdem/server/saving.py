"""The saved state of a table of the reference server: what a
:class:`~holdem.server.room.Room` writes after every action (a JSON file per
table, or the SQLite store of :mod:`holdem.server.store`, written off the
event loop) and how it is read back and checked when the server restarts.

:class:`SavedRoom` is the room's base class: it holds the saving and the
restoring, the room the play. A saved state holds secret cards (the table
snapshot, :mod:`holdem.table.snapshot`): it is never sent to a client.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from holdem.engine import signing
from holdem.engine.hand import Hand
from holdem.errors import ConfigError, HoldemError, value_text
from holdem.selfplay.agents import make_agent
from holdem.server.deal import commit_fields, restore_deck
from holdem.server.journal import Journal
from holdem.server.room_model import Player, RoomError, RoomSettings
from holdem.server.store import Store
from holdem.table import snapshot as table_snapshot
from holdem.table.table import Table
from holdem.views.fairness import CommittedDeck
from holdem.views.streams import TableStream

__all__ = ["STATE_SCHEMA", "STATE_VERSION", "SavedRoom", "usable_folder", "write_whole"]

STATE_SCHEMA = "holdem.server.table"
STATE_VERSION = 1
LOG = logging.getLogger("holdem.server")


class SavedRoom:
    """The saving and restoring half of a :class:`~holdem.server.room.Room`
    (its base class): the state as JSON-ready data, its writing (a file
    written and fsynced, or the store's thread) and its checked restoring.
    The attributes are the room's own; the room sets them."""

    index: int
    settings: RoomSettings
    players: dict[int, Player]
    table: Table
    stream: TableStream
    _key: bytes | None
    _clock: Callable[[], float]
    _store: Store | None
    _path: Path | None
    _pending: asyncio.Future[str | None] | None
    _durable: int
    _save_failed: bool
    _out_since: dict[int, float]
    _deck: CommittedDeck | None
    _journal: Journal

    @property
    def hand_number(self) -> int:
        """The number of the hand in play, else of the last hand (the room's)."""
        raise NotImplementedError

    def sitting_out(self, seat: int) -> bool:
        """Whether the player at ``seat`` sits out (the room's)."""
        raise NotImplementedError

    def _clock_for(self, hand: Hand) -> dict[str, Any]:
        raise NotImplementedError

    # ------------------------------------------------------------ saving
    def state(self) -> dict[str, Any]:
        """The room as JSON-ready data (schema ``holdem.server.table`` v1): the
        players (bot or person, with the hash of the person's seat token and
        whether they asked to sit in again or to leave), the
        stream's last number and the table's snapshot
        (:mod:`holdem.table.snapshot`; it holds secret cards: never send it)."""
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
                    "back": p.back,
                    "leaving": p.leaving,
                }
                for seat, p in sorted(self.players.items())
            ],
            "table": table_snapshot.snapshot(self.table),
            "deal": None if self._deck is None else self._deck.to_dict(),
        }

    def _save(self) -> None:
        """Write the state file (or hand the state to the store's thread). A
        save that fails (disk full, folder gone) does not stop the table: the
        failure is logged once (logger ``holdem.server``) and the next action
        tries again."""
        if self._store is not None:
            self._save_to_store(self._store)
            return
        if self._path is None:
            return
        text = json.dumps(self.state(), separators=(",", ":"), ensure_ascii=False)
        if self._key is not None:
            text = signing.sign(text, self._key)
        path = self._path
        try:
            write_whole(path, text)
        except OSError as error:
            if not self._save_failed:
                reason = error.strerror or type(error).__name__
                LOG.warning("%s: cannot save the table (%s); play goes on unsaved", path, reason)
            self._save_failed = True
            return
        if self._save_failed:
            LOG.warning("%s: saved again", path)
            self._save_failed = False

    def _save_to_store(self, store: Store) -> None:
        last = self.stream.last
        try:
            seq, text, mac = self._journal.entry(self)
            if seq == 0:  # the whole state
                future = store.put(self.index, text)
            else:  # a log record (holdem.server.journal)
                future = store.append(self.index, seq, text, mac)
        except sqlite3.Error as error:
            self._saved(str(error) or type(error).__name__, last, store)
            return
        if future is None:  # written at once (no event loop)
            self._saved(None, last, store)
            return
        self._pending = future
        future.add_done_callback(lambda done: self._saved(done.result(), last, store))

    def _saved(self, error: str | None, last: int, store: Store) -> None:
        """The store committed (or failed to commit) the state up to stream
        message ``last``; a failure is logged once and play goes on."""
        self._durable = max(self._durable, last)
        if error is not None:
            self._journal.reset()  # the next save is a whole state
            if not self._save_failed:
                LOG.warning(
                    "%s: cannot save table %d (%s); play goes on unsaved",
                    store.path,
                    self.index,
                    error,
                )
            self._save_failed = True
        elif self._save_failed:
            LOG.warning("%s: table %d saved again", store.path, self.index)
            self._save_failed = False

    def _load(self, path: Path) -> None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            reason = error.strerror or type(error).__name__
            raise HoldemError(f"{path}: cannot restore the table: {reason}") from None
        self._load_text(text, str(path))

    def _load_text(self, text: str, where: str) -> None:
        path = where
        try:
            if self._key is not None:
                text = signing.verify(text, self._key)
            elif signing.is_signed(text):
                raise RoomError("bad_state", "the saved table is signed: give its key")
            data = json.loads(text)
            if not isinstance(data, dict):
                raise RoomError("bad_state", "not a saved table")
            if data.get("schema") != STATE_SCHEMA or data.get("version") != STATE_VERSION:
                raise RoomError("bad_state", "not a saved table of this version")
            self._restore(data)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise HoldemError(f"{path}: cannot restore the table: {error}") from None

    def _restore(self, data: dict[str, Any]) -> None:
        """The table as saved (checked whole by :func:`holdem.table.snapshot.restore`),
        its players, and the hand in play streamed again from its start."""
        self.table = table_snapshot.restore(data["table"], clock=self._clock)
        s, level = self.settings, self.table.level
        if self.table.size != s.size:
            raise _bad_state(f"saved with {self.table.size} seats, the server has {s.size} seats")
        if (level.small_blind, level.big_blind) != (s.small_blind, s.big_blind):
            raise _bad_state(
                f"saved with blinds {level.small_blind}/{level.big_blind}, "
                f"the server has blinds {s.small_blind}/{s.big_blind}"
            )
        last = data["stream_last"]
        if isinstance(last, bool) or not isinstance(last, int) or last < 0:
            raise _bad_state("stream_last: must be a whole number >= 0")
        self.stream = TableStream(keep_hands=1, start=last, extras=True)
        self.players = self._restore_players(data["players"])
        now = self._clock()  # people sitting out are away from now on
        self._out_since = {
            seat: now
            for seat, p in self.players.items()
            if p.agent is None and self.sitting_out(seat)
        }
        hand = self.table.hand
        if hand is not None:
            try:
                self._deck = restore_deck(data.get("deal"), hand, self.table.hand_seats)
            except ValueError as error:
                raise _bad_state(f"deal: {error}") from None
            self.stream.begin_hand(
                hand,
                self.table.hand_seats,
                self.hand_number,
                extra=self._clock_for(hand),
                fields=commit_fields(self._deck),
            )

    def _restore_players(self, items: object) -> dict[int, Player]:
        """The saved players, checked against the restored table: one per
        seat, the table's name at each occupied seat, a token hash for a
        person only, and a player for every occupied seat.

        Raises:
            RoomError: (``bad_state``) the first field that does not fit.
        """
        if not isinstance(items, list):
            raise _bad_state("players: must be a list")
        players: dict[int, Player] = {}
        seats = self.table.seats
        for i, item in enumerate(items):
            where = f"players[{i}]"
            if not isinstance(item, dict):
                raise _bad_state(f"{where}: must be an object")
            seat, name, bot, token = item["seat"], item["name"], item["bot"], item["token_hash"]
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
                raise _bad_state(f"{where}.seat: no seat {value_text(seat, True)}")
            if seat in players:
                raise _bad_state(f"{where}.seat: two players at seat {seat}")
            state = seats[seat]
            if not isinstance(name, str) or (state is not None and state.name != name):
                raise _bad_state(f"{where}.name: not the name at seat {seat}")
            if not isinstance(bot, bool):
                raise _bad_state(f"{where}.bot: must be true or false")
            sha256 = isinstance(token, str) and len(token) == 64 and set(token) <= _HEX
            if not (token is None if bot else sha256):
                raise _bad_state(f"{where}.token_hash: a person's SHA-256 in hex, a bot's null")
            player = Player(name, make_agent(self.settings.agent) if bot else None, token)
            for key in ("back", "leaving"):  # absent in older saves
                flag = item.get(key, False)
                if not isinstance(flag, bool):
                    raise _bad_state(f"{where}.{key}: must be true or false")
                setattr(player, key, flag)
            players[seat] = player
        for state in seats:
            if state is not None and state.seat not in players:
                raise _bad_state(f"players: seat {state.seat} ({state.name}) has no player")
        return players


def usable_folder(folder: Path) -> None:
    """Make ``folder`` if need be and check that files can be written in it.

    Raises:
        ConfigError: (field ``state_dir``) it cannot be made or written.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".holdem-write-check"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise ConfigError("state_dir", f"cannot write in {folder}: {reason}") from None


_HEX = set("0123456789abcdef")


def _bad_state(message: str) -> RoomError:
    return RoomError("bad_state", message)


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a temporary file beside
    it, flushed to the disk, then renamed over ``path``.

    Raises:
        OSError: the file could not be written (``path`` is then unchanged).
    """
    temp = path.with_name(path.name + ".tmp")
    with open(temp, "w", encoding="utf-8") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temp, path)
