"""The incremental part of the SQLite store (issue 22, item 4): a table's
state is written whole only when the hand in play is not the same one (a hand
starts or ends) or the room's players changed; each other action appends one
small record to a log instead (the hand's new log events and the table's
per-seat clock fields), and recovery replays the records on the last whole
state through the engine's own replay (:mod:`holdem.engine.snapshot`).

Rebuilding and encoding the whole table on every action (both hands' full
logs, the table's configuration) was what held the store to 0.58x-0.76x of
the throughput without it; a record is a few hundred bytes.

Signing (``--state-key-file``): the whole state is signed as before
(:mod:`holdem.engine.signing`); each record carries an HMAC-SHA256 chained to
the state it follows and to the record before it, so a record altered,
reordered, dropped from the middle or moved to another table is refused.
Dropping records from the end cannot be told from a crash before they were
written (a tail is what a ``kill -9`` loses anyway: clients were never shown
what it held).

Bounded storage: a whole state deletes the table's records (one hand's
actions at most are kept per table).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any, Protocol

from holdem.engine import events as engine_events
from holdem.engine import signing
from holdem.engine import snapshot as hand_snapshot
from holdem.engine.hand import Hand
from holdem.errors import HoldemError
from holdem.table.table import Table
from holdem.views.streams import TableStream

__all__ = ["Journal", "RoomLike", "replay", "record_mac", "state_mac"]


class RoomLike(Protocol):
    """What the journal reads of a :class:`holdem.server.room.Room`."""

    index: int
    table: Table

    @property
    def players(self) -> dict[int, Any]: ...

    @property
    def stream(self) -> TableStream: ...

    def state(self) -> dict[str, Any]: ...


def state_mac(key: bytes, index: int, text: str) -> str:
    """The chain's start: an HMAC-SHA256 (hex) of table ``index``'s whole
    state ``text`` as stored."""
    message = f"state\0{index}\0{text}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def record_mac(key: bytes, index: int, seq: int, previous: str, text: str) -> str:
    """The HMAC-SHA256 (hex) of record number ``seq`` (from 1) of table
    ``index``, chained to ``previous`` (the state's or the last record's MAC)."""
    message = f"record\0{index}\0{seq}\0{previous}\0{text}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def _fingerprint(room: RoomLike) -> tuple[Any, ...]:
    """What must not change for a record to stand for the state: the hand in
    play (the same object), the table's hand count and level, and the players
    as :meth:`holdem.server.room.Room.state` saves them."""
    table = room.table
    players = tuple(
        (seat, p.name, p.agent is None, p.token_hash, p.back, p.leaving)
        for seat, p in sorted(room.players.items())
    )
    return (id(table.hand), table.hands_played, table.level_number, players)


def _seats(table: Table) -> list[dict[str, Any] | None]:
    """The ``seats`` of :func:`holdem.table.snapshot.snapshot` (the same keys;
    a test checks they agree), without the rest of the table."""
    now = table._clock()
    return [
        None
        if p is None
        else {
            "name": p.name,
            "stack": p.stack,
            "busted_seconds_ago": None if p.busted_at is None else now - p.busted_at,
            "time_bank": p.time_bank,
            "timeouts": p.timeouts,
            "sitting_out": p.sitting_out,
            "entry": p.entry,
            "missed_small_blind": p.missed_small,
            "missed_big_blind": p.missed_big,
            "straddle": p.straddle,
        }
        for p in table._players
    ]


class Journal:
    """Chooses, for each save of one room, a whole state or a log record,
    and signs it.

    Args:
        index: the table's number.
        key: the HMAC key (``--state-key-file``), or ``None``.
    """

    def __init__(self, index: int, key: bytes | None) -> None:
        self.index = index
        self._key = key
        self._base: tuple[Any, ...] | None = None  # the fingerprint of the last whole state
        self._hand: Hand | None = None
        self._logged = 0  # the hand's log events already stored
        self._seq = 0
        self._mac = ""

    def reset(self) -> None:
        """Write a whole state next (a write failed: the records would follow a gap)."""
        self._base = None

    def entry(self, room: RoomLike) -> tuple[int, str, str]:
        """The next thing to store for ``room``: ``(0, state text, "")`` for a
        whole state (signed with :func:`holdem.engine.signing.sign` when keyed),
        else ``(seq, record text, mac)`` for log record ``seq`` (``mac`` is
        empty without a key)."""
        hand = room.table.hand
        if hand is not None and self._base is not None and _fingerprint(room) == self._base:
            events = hand.log
            if len(events) >= self._logged:
                return self._record(room, hand, events)
        return self._state(room)

    def _state(self, room: RoomLike) -> tuple[int, str, str]:
        text = json.dumps(room.state(), separators=(",", ":"), ensure_ascii=False)
        if self._key is not None:
            text = signing.sign(text, self._key)
            self._mac = state_mac(self._key, self.index, text)
        hand = room.table.hand
        self._hand = hand
        self._logged = 0 if hand is None else len(hand.log)
        self._base = _fingerprint(room)
        self._seq = 0
        return 0, text, ""

    def _record(
        self, room: RoomLike, hand: Hand, events: tuple[engine_events.Event, ...]
    ) -> tuple[int, str, str]:
        table = room.table
        now = table._clock()
        started, turn = table._started_at, table._turn_started
        record = {
            "n": room.stream.last,
            "log": [engine_events.to_dict(e) for e in events[self._logged :]],
            "seats": _seats(table),
            "seconds_since_start": None if started is None else now - started,
            "turn_seconds_ago": None if turn is None else now - turn,
            "events_recorded": table.events_recorded,
        }
        self._logged = len(events)
        self._seq += 1
        text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
        mac = ""
        if self._key is not None:
            mac = self._mac = record_mac(self._key, self.index, self._seq, self._mac, text)
        return self._seq, text, mac


def replay(index: int, state: str, records: list[tuple[int, str, str]], key: bytes | None) -> str:
    """Table ``index``'s whole state after its log ``records`` (``(seq, text,
    mac)`` in order): the state's hand goes on through the recorded events
    (:func:`holdem.engine.snapshot.restore` then the engine's replay, the
    same legality checks as live play) and takes the last record's table
    fields. Returns the state text, signed again when ``key`` is given, for
    the room's usual checks; with no records, ``state`` as it is.

    Raises:
        HoldemError: a record whose MAC does not match (altered, reordered,
            from another table, or signed with another key), a gap in the
            numbers, a signed log without a key, or a record the rules refuse.
    """
    if not records:
        return state
    where = f"table {index}"
    try:
        text = signing.verify(state, key) if key is not None else state
    except signing.SignatureError:
        return state  # the room refuses it with its own message
    if key is None and signing.is_signed(state):
        return state
    previous = "" if key is None else state_mac(key, index, state)
    for number, (seq, record, mac) in enumerate(records, 1):
        if seq != number:
            raise HoldemError(f"{where}: log record {number} is missing")
        if key is not None:
            expected = record_mac(key, index, seq, previous, record)
            if not hmac.compare_digest(expected, mac):
                raise HoldemError(
                    f"{where}: log record {seq} does not match its signature "
                    "(altered, out of order, or signed with another key)"
                )
            previous = mac
        elif mac:
            raise HoldemError(f"{where}: the log is signed: give its key")
    seq = 0
    try:
        data = json.loads(text)
        table = data["table"]
        hand = hand_snapshot.restore(table["hand"])
        last: dict[str, Any] = {}
        for seq, record, _ in records:  # noqa: B007 (seq names the record in errors)
            last = json.loads(record)
            if not isinstance(last, dict) or not isinstance(last["log"], list):
                raise ValueError("not a log record")
            for item in last["log"]:
                hand_snapshot._replay(hand, engine_events.from_dict(item))
        table["hand"] = hand_snapshot.snapshot(hand)
        for field in ("seats", "seconds_since_start", "turn_seconds_ago", "events_recorded"):
            table[field] = last[field]
        data["stream_last"] = last["n"]
    except (HoldemError, KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise HoldemError(f"{where}: log record {seq}: {error}") from None
    out = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return out if key is None else signing.sign(out, key)
