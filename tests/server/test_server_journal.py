"""The incremental SQLite store (issue 22, item 4; holdem.server.journal): a
whole state when a hand starts or ends, one small log record per other
action, recovery by replaying the records through the engine. A record
altered, dropped or reordered is refused when the store is signed (R1: the
recovered table is the one played, no chip created or lost)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import require

for _module in ("starlette", "uvicorn"):
    require(_module, "the server extra: pip install -e '.[server]'")

from holdem.engine import events as engine_events  # noqa: E402
from holdem.engine.betting import Action, Kind  # noqa: E402
from holdem.errors import HoldemError  # noqa: E402
from holdem.server import RoomSettings, Server  # noqa: E402
from holdem.server.journal import _seats  # noqa: E402
from holdem.server.room import Room  # noqa: E402
from holdem.server.store import Store  # noqa: E402
from holdem.table import snapshot as table_snapshot  # noqa: E402

SETTINGS = RoomSettings(bots=2, agent="call", bot_delay=0, between_hands=0)
KEY = b"0123456789abcdef0123456789abcdef"


def _server(folder: Path, key: bytes | None = KEY) -> Server:
    return Server(1, SETTINGS, folder, state_key=key, state_store="sqlite")


def _act(room: Room, count: int) -> None:
    """``count`` decisions of the hand in play, each a check when free, else
    a call (R3), applied as the room's driver applies a bot's."""
    for _ in range(count):
        hand = room.table.hand
        assert hand is not None and hand.to_act is not None
        legal = hand.legal_actions()
        assert legal is not None
        action = Action(Kind.CHECK if legal.can_check else Kind.CALL)
        room._act_now(room.table.hand_seats[hand.to_act], action)


def _in_hand(folder: Path, key: bytes | None = KEY) -> Room:
    """A room in the middle of its first hand: a whole state at its start,
    then two log records."""
    room = _server(folder, key).rooms[0]
    room.sit("Ann")
    room._rebuy()
    assert room._start_hand()
    _act(room, 2)
    assert room.table.hand is not None and not room.table.hand.is_over
    return room


def _rows(folder: Path) -> list[tuple[int, str, str]]:
    with sqlite3.connect(folder / "tables.sqlite3") as db:
        return db.execute("SELECT seq, record, mac FROM log WHERE idx = 0 ORDER BY seq").fetchall()


def _log(room: Room) -> list[dict[str, object]]:
    hand = room.table.hand
    assert hand is not None
    return [engine_events.to_dict(e) for e in hand.log]


@pytest.mark.parametrize("key", [KEY, None])
def test_recovery_replays_the_log_records_on_the_whole_state(
    tmp_path: Path, key: bytes | None
) -> None:
    """R1, R3: the restored hand is the one played (its whole log, the same
    stacks and stream number), from the hand's start plus two records."""
    room = _in_hand(tmp_path, key)
    assert [seq for seq, _, mac in _rows(tmp_path)] == [1, 2]
    assert all(bool(mac) is (key is not None) for _, _, mac in _rows(tmp_path))
    again = _server(tmp_path, key).rooms[0]
    assert _log(again) == _log(room)
    assert again.chips() == room.chips() == 600
    text = Store(tmp_path / "tables.sqlite3").load(0, key)
    assert text is not None
    saved = json.loads(text.split("\n", 1)[1] if key is not None else text)
    assert saved["stream_last"] == room.stream.last  # the stream goes on after it
    assert again.table.hand is not None
    assert again.table.hand.to_act == room.table.hand.to_act  # type: ignore[union-attr]


def test_a_finished_hand_prunes_the_log(tmp_path: Path) -> None:
    """Bounded storage: the whole state written when a hand ends deletes
    the table's records."""
    room = _in_hand(tmp_path)
    assert _rows(tmp_path)
    while room.table.hand is not None:
        _act(room, 1)
    assert _rows(tmp_path) == []
    assert _server(tmp_path).rooms[0].chips() == 600


def test_a_tampered_log_record_is_refused_when_signed(tmp_path: Path) -> None:
    _in_hand(tmp_path)
    path = tmp_path / "tables.sqlite3"
    with sqlite3.connect(path) as db:
        (record,) = db.execute("SELECT record FROM log WHERE idx = 0 AND seq = 1").fetchone()
        altered = record.replace('"stack":200', '"stack":2000', 1)
        assert altered != record
        db.execute("UPDATE log SET record = ? WHERE idx = 0 AND seq = 1", (altered,))
    with pytest.raises(HoldemError, match="table 0: log record 1 does not match its signature"):
        _server(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE log SET record = ? WHERE idx = 0 AND seq = 1", (record,))
    _server(tmp_path)  # put back: accepted


def test_a_dropped_or_reordered_record_is_refused(tmp_path: Path) -> None:
    _in_hand(tmp_path)
    path = tmp_path / "tables.sqlite3"
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT seq, record, mac FROM log WHERE idx = 0").fetchall()
        db.execute("DELETE FROM log WHERE idx = 0")
        (_, first, first_mac), (_, second, second_mac) = rows
        db.execute("INSERT INTO log VALUES (0, 1, ?, ?)", (second, second_mac))
        db.execute("INSERT INTO log VALUES (0, 2, ?, ?)", (first, first_mac))
    with pytest.raises(HoldemError, match="log record 1 does not match its signature"):
        _server(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM log WHERE idx = 0 AND seq = 1")
    with pytest.raises(HoldemError, match="log record 1 is missing"):
        _server(tmp_path)


def test_a_signed_log_is_refused_without_its_key(tmp_path: Path) -> None:
    _in_hand(tmp_path)
    with pytest.raises(HoldemError, match="signed"):
        _server(tmp_path, None)


def test_the_records_seats_are_the_table_snapshots_seats(tmp_path: Path) -> None:
    """The journal writes the ``seats`` of holdem.table.snapshot itself
    (without the rest of the table): the two must agree."""
    room = _in_hand(tmp_path, None)
    assert _seats(room.table) == table_snapshot.snapshot(room.table)["seats"]


def test_a_failed_commit_leaves_no_gap_in_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a commit fails, a table's records are refused until its next
    whole state (which prunes the log): recovery never meets a gap."""
    import asyncio

    from holdem.server import store as store_module

    real = store_module._commit
    failures = [sqlite3.OperationalError("disk I/O error")]

    def failing(connection: sqlite3.Connection, rows: list[tuple[int, int, str, str]]) -> None:
        if failures:
            raise failures.pop()
        real(connection, rows)

    async def play() -> list[str | None]:
        store = Store(tmp_path / "tables.sqlite3")
        results: list[str | None] = []
        puts: list[Callable[[], asyncio.Future[str | None] | None]] = [
            lambda: store.put(0, "{}"),
            lambda: store.append(0, 1, "one", ""),  # fails
            lambda: store.append(0, 2, "two", ""),  # after a gap: not written
            lambda: store.put(0, "{}"),
            lambda: store.append(0, 1, "one again", ""),
        ]
        for put in puts:
            future = put()
            assert future is not None
            results.append(await future)
            if len(results) == 1:
                monkeypatch.setattr(store_module, "_commit", failing)
        store.close()
        return results

    results = asyncio.run(play())
    assert results[0] is None and results[1] == "disk I/O error"
    assert results[2] == "a log record before this one was not written"
    assert results[3:] == [None, None]
    assert _rows(tmp_path) == [(1, "one again", "")]
