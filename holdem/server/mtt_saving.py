"""The saved state of a served tournament (``holdem serve --mtt N --state-dir
DIR``): what :class:`~holdem.server.mtt.MttServer` writes to
``DIR/tournament.json`` and how it is read back and checked when the server
restarts, as the cash tables' rooms do (:mod:`holdem.server.saving`).

The state holds the entrants (bot or person, with the SHA-256 of the
person's token, never the token), the director's snapshot
(:mod:`holdem.mtt.snapshot`: every table with its hand in play, the players
waiting to sit down, the results, the level, the random generator) and each
table's last stream number. A restored tournament continues where it was
saved: the same players at the same seats with the same stacks, the same
level, the hand in play streamed again from its start, and the same draws
and deals to come. It holds secret cards: it is never sent to a client.

**When it is written** **(ours)**: after registration, after the draw, at
the start of every hand and after every action, at most once every
``save_seconds`` (a write due sooner waits for that moment; ``0``: every
time), and when the server stops. The file is written whole, flushed to the
disk and renamed over the last one, so it is always a complete state; a
crash loses at most the last ``save_seconds`` of play, never a chip. With
a key the file is signed (HMAC-SHA256, :mod:`holdem.engine.signing`) and a
file altered without it is refused.

:class:`MttSaving` is the server's base class: it holds the saving and the
restoring, the server the play.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from holdem.engine import signing
from holdem.engine.snapshot import read_json
from holdem.errors import HoldemError, value_text
from holdem.mtt import snapshot as mtt_snapshot
from holdem.mtt.director import Director
from holdem.mtt.results import Result
from holdem.selfplay.agents import make_agent
from holdem.server.mtt_settings import MAX_ENTRANTS, Entrant, MttError, MttSettings
from holdem.server.saving import write_whole
from holdem.views.streams import TableStream

__all__ = ["FILE_NAME", "STATE_SCHEMA", "STATE_VERSION", "MttSaving"]

FILE_NAME = "tournament.json"
STATE_SCHEMA = "holdem.server.mtt"
STATE_VERSION = 1
LOG = logging.getLogger("holdem.server")
_HEX = set("0123456789abcdef")


class MttSaving:
    """The saving and restoring half of :class:`~holdem.server.mtt.MttServer`
    (its base class). The attributes are the server's own; the server sets
    them (``_path`` is ``None`` when nothing is saved)."""

    settings: MttSettings
    clock: Callable[[], float]
    entrants: dict[str, Entrant]
    tokens: dict[str, Entrant]
    director: Director | None
    streams: dict[int, TableStream]
    where: dict[str, tuple[int, int]]
    owned_from: dict[str, int]
    arrived_with: dict[str, int]
    results: list[dict[str, Any]]
    _wakes: dict[int, asyncio.Event]
    _hand_from: dict[int, int]
    _path: Path | None
    _key: bytes | None
    _save_seconds: float
    _saved_at: float | None
    _save_due: asyncio.TimerHandle | None
    _save_failed: bool

    def _begin(self, number: int) -> None:
        """Stream table ``number``'s hand in play from its start (the server's)."""
        raise NotImplementedError

    # ------------------------------------------------------------ saving
    def state(self) -> dict[str, Any]:
        """The tournament as JSON-ready data (schema ``holdem.server.mtt`` v1):
        the entrants in registration order (name, bot, the SHA-256 of a
        person's token), the director's snapshot (``null`` before the draw)
        and each table's last stream number. It holds secret cards: never
        send it."""
        d = self.director
        return {
            "schema": STATE_SCHEMA,
            "version": STATE_VERSION,
            "entrants": [
                {"name": e.name, "bot": e.agent is not None, "token_hash": e.token_hash or None}
                for e in self.entrants.values()
            ],
            "director": None if d is None else mtt_snapshot.snapshot(d),
            "stream_last": {str(n): s.last for n, s in sorted(self.streams.items())},
        }

    def save_soon(self) -> None:
        """Save now, or at the latest ``save_seconds`` after the last save."""
        if self._path is None or self._save_due is not None:
            return
        wait = 0.0
        if self._saved_at is not None:
            wait = self._saved_at + self._save_seconds - self.clock()
        if wait <= 0:
            self.save()
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a test building a server): now
            self.save()
            return
        self._save_due = loop.call_later(wait, self.save)

    def save(self) -> None:
        """Write the state file now (a temporary file, flushed, renamed over
        the last). A save that fails (disk full, folder gone) does not stop
        the tournament: it is logged once (logger ``holdem.server``) and the
        next save tries again."""
        if self._save_due is not None:
            self._save_due.cancel()
            self._save_due = None
        path = self._path
        if path is None:
            return
        self._saved_at = self.clock()
        text = json.dumps(self.state(), separators=(",", ":"), ensure_ascii=False)
        if self._key is not None:
            text = signing.sign(text, self._key)
        try:
            write_whole(path, text)
        except OSError as error:
            if not self._save_failed:
                reason = error.strerror or type(error).__name__
                LOG.warning("%s: cannot save the tournament (%s); play goes on", path, reason)
            self._save_failed = True
            return
        if self._save_failed:
            LOG.warning("%s: the tournament is saved again", path)
            self._save_failed = False

    # ------------------------------------------------------------ restoring
    def _load(self, path: Path) -> None:
        """Restore the tournament saved at ``path``.

        Raises:
            HoldemError: one line naming the file and the first problem (not
                readable, signed without a key or altered, another schema, a
                field that does not fit the server's settings).
        """
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            reason = error.strerror or type(error).__name__
            raise HoldemError(f"{path}: cannot restore the tournament: {reason}") from None
        try:
            if self._key is not None:
                text = signing.verify(text, self._key)
            elif signing.is_signed(text):
                raise _bad_state("the saved tournament is signed: give its key")
            data = read_json(text)
            if not isinstance(data, dict):
                raise _bad_state("not a saved tournament")
            if data.get("schema") != STATE_SCHEMA or data.get("version") != STATE_VERSION:
                raise _bad_state("not a saved tournament of this version")
            self._restore(data)
        except (
            HoldemError,
            KeyError,
            TypeError,
            ValueError,
            AttributeError,
            OverflowError,
        ) as error:
            raise HoldemError(f"{path}: cannot restore the tournament: {_plain(error)}") from None
        except RecursionError:
            raise HoldemError(f"{path}: cannot restore the tournament: nested too deeply") from None

    def _restore(self, data: dict[str, Any]) -> None:
        """The entrants, then the director (checked whole by
        :func:`holdem.mtt.snapshot.restore`) and its tables' streams."""
        saved = data["director"]
        # before the start the field is at most ``players``; after it, late
        # registration (R15.8) may have grown it up to MAX_ENTRANTS
        most = self.settings.players if saved is None else MAX_ENTRANTS
        self._restore_entrants(data["entrants"], most)
        if saved is None:
            return
        director = mtt_snapshot.restore(saved, clock=self.clock)
        s = self.settings
        if director.seats != s.seats or director.stack != s.stack:
            raise _bad_state(
                f"saved with {director.seats} seats and {director.stack} chips, "
                f"the server has {s.seats} seats and {s.stack} chips"
            )
        if sorted(director.names) != sorted(self.entrants):
            raise _bad_state("director: its players are not the entrants")
        lasts = data["stream_last"]
        if not isinstance(lasts, dict):
            raise _bad_state("stream_last: must be an object")
        self.director = director
        finished = [r for r in director.standings() if r.place is not None]
        out = {r.name for r in finished} | set(director.busted)
        for number, table in sorted(director.tables.items()):
            last = lasts.get(str(number))
            if isinstance(last, bool) or not isinstance(last, int) or last < 0:
                raise _bad_state(f"stream_last.{number}: must be a whole number >= 0")
            stream = TableStream(keep_hands=1, start=last, extras=True)
            self.streams[number] = stream
            self._wakes[number] = asyncio.Event()
            seated = [(s.seat, s.name, s.stack) for s in table.seats if s is not None]
            waiting = [(w.seat, w.name, w.chips) for w in director.waiting(number)]
            for seat, name, chips in seated + waiting:
                if name in out:
                    continue
                self.where[name] = (number, seat)
                self.owned_from[name] = last
                self.arrived_with[name] = chips
        finished.sort(key=lambda r: -(r.place or 0))  # as they went out
        self.results = [_result_message(r) for r in finished]
        for number in sorted(director.tables):
            if director.tables[number].hand is not None:
                self._begin(number)

    def _restore_entrants(self, items: object, most: int) -> None:
        """The saved entrants: at most ``most`` (the field before the start,
        :data:`MAX_ENTRANTS` after it: late registrants, R15.8), unique names,
        a bot or a person with a token hash.

        Raises:
            MttError: (``bad_state``) the first entrant that does not fit.
        """
        if not isinstance(items, list) or len(items) > most:
            raise _bad_state(f"entrants: a list of at most {most:,}")
        self.entrants.clear()
        self.tokens.clear()
        for i, item in enumerate(items):
            where = f"entrants[{i}]"
            if not isinstance(item, dict):
                raise _bad_state(f"{where}: must be an object")
            name, bot, token = item["name"], item["bot"], item["token_hash"]
            if not isinstance(name, str) or not name or name in self.entrants:
                raise _bad_state(f"{where}.name: {value_text(name, True)} is empty or taken")
            if not isinstance(bot, bool):
                raise _bad_state(f"{where}.bot: must be true or false")
            sha256 = isinstance(token, str) and len(token) == 64 and set(token) <= _HEX
            if not (token is None if bot else sha256):
                raise _bad_state(f"{where}.token_hash: a person's SHA-256 in hex, a bot's null")
            agent = make_agent(self.settings.agent) if bot else None
            entrant = Entrant(name, agent, token_hash=token or "")
            self.entrants[name] = entrant
            if entrant.token_hash:
                self.tokens[entrant.token_hash] = entrant


def _result_message(result: Result) -> dict[str, Any]:
    """The ``eliminated`` or ``won`` message of a finished player."""
    if result.hand is None:
        return {"type": "won", "name": result.name, "place": 1, "prize": result.prize}
    return {
        "type": "eliminated",
        "name": result.name,
        "place": result.place,
        "prize": result.prize,
        "shared": result.shared,
    }


def _plain(error: Exception) -> str:
    """``error`` as plain text for a one-line message (no Python repr)."""
    if isinstance(error, HoldemError):
        return str(error)
    if isinstance(error, KeyError):
        return f"missing field {value_text(error.args[0] if error.args else '', True)}"
    return f"{type(error).__name__}: {value_text(str(error))}"


def _bad_state(message: str) -> MttError:
    return MttError("bad_state", message)
