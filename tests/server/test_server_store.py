"""The SQLite store of `holdem serve --state-store sqlite` (issue 22, item 4):
written by a thread, with the JSON files' crash guarantee: an action a client
saw acted on survives `kill -9` (R1: no chip created or lost)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from conftest import require

for _module in ("starlette", "uvicorn", "websockets", "httpx"):
    require(_module, "the server extra: pip install -e '.[server]'")

from server_process import ServerProcess, WsClient  # noqa: E402

from holdem.errors import ConfigError  # noqa: E402
from holdem.server import RoomSettings, Server  # noqa: E402
from holdem.server.store import Store  # noqa: E402

ARGS = ("--bots", "2", "--bot-delay", "0", "--decision-seconds", "60", "--state-store", "sqlite")
SETTINGS = RoomSettings(bots=2, agent="call", bot_delay=0, between_hands=0)
KEY = b"0123456789abcdef0123456789abcdef"


def _saved(folder: Path, index: int = 0) -> dict[str, Any]:
    """The table's saved state as recovery reads it: the last whole state
    with the log records replayed (holdem.server.journal)."""
    text = Store(folder / "tables.sqlite3").load(index)
    assert text is not None
    if text.startswith("hmac-sha256:"):
        text = text.split("\n", 1)[1]
    data: dict[str, Any] = json.loads(text)
    return data


def test_a_room_used_directly_saves_at_once_and_restores(tmp_path: Path) -> None:
    server = Server(1, SETTINGS, tmp_path, state_key=KEY, state_store="sqlite")
    assert server.rooms[0].sit("Ann")[0] == 2
    assert not (tmp_path / "table-0.json").exists()
    assert [p["name"] for p in _saved(tmp_path)["players"]] == ["Bot 1", "Bot 2", "Ann"]
    again = Server(1, SETTINGS, tmp_path, state_key=KEY, state_store="sqlite")
    assert [s and s["name"] for s in again.rooms[0].seats()[:3]] == ["Bot 1", "Bot 2", "Ann"]
    with pytest.raises(Exception, match="signature|key"):
        Server(
            1, SETTINGS, tmp_path, state_key=b"another key, 16 bytes or more", state_store="sqlite"
        )


def test_a_bad_store_name_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        Server(1, SETTINGS, tmp_path, state_store="files")
    assert info.value.field == "state_store"
    (tmp_path / "tables.sqlite3").write_bytes(b"not a database" * 100)
    with pytest.raises(ConfigError) as bad:
        Server(1, SETTINGS, tmp_path, state_store="sqlite")
    assert bad.value.field == "state_dir" and "\n" not in str(bad.value)


def _passive(turn: dict[str, Any]) -> dict[str, Any]:
    legal = turn["legal"]
    return {"type": "act", "action": "check" if legal["check"] else "call", "decision": turn["d"]}


def test_kill_9_loses_no_action_a_client_saw(tmp_path: Path) -> None:
    """Every action Ann saw come back in her stream is in the store when the
    server is killed with kill -9; the restarted server goes on with the same
    hand and the chips add up."""
    state = tmp_path / "state"
    with ServerProcess(*ARGS, "--state-dir", str(state)) as server:
        client = WsClient(server.port)
        client.send({"type": "join", "table": 0})
        client.send({"type": "sit", "name": "Ann"})
        seated = client.until(lambda m: m.get("type") == "seated")
        seat, token = seated["seat"], seated["token"]
        assert _saved(state)["players"][-1]["name"] == "Ann"  # saved before the token came
        while True:
            turn = client.until(lambda e: e.get("t") == "turn" and e["s"] == seat and "legal" in e)
            if any(e["t"] == "board" for e in client.events):
                break
            client.send(_passive(turn))
        mine = [e for e in client.events if e["t"] == "act" and e["s"] == seat]
        last = client.last
        server.kill()
        client.close()
    with sqlite3.connect(state / "tables.sqlite3") as db:
        records = db.execute("SELECT COUNT(*) FROM log WHERE idx = 0").fetchone()[0]
        (whole,) = db.execute("SELECT state FROM tables WHERE idx = 0").fetchone()
    # The whole state is the hand's start; Ann's actions are in the log records.
    assert records > 0
    assert not [r for r in json.loads(whole)["table"]["hand"]["log"] if r["event"] == "Acted"]
    saved = _saved(state)["table"]
    assert saved["hand"] is not None and saved["hand"]["result"] is None
    ann = saved["hand_seats"].index(seat)
    acted = [r for r in saved["hand"]["log"] if r["event"] == "Acted" and r["seat"] == ann]
    assert [r["action"] for r in acted] == [e["a"] for e in mine] and mine
    with ServerProcess(*ARGS, "--state-dir", str(state), port=server.port) as again:
        client = WsClient(again.port)
        client.send({"type": "join", "table": 0, "token": token, "after": last})
        assert client.until(lambda m: m.get("type") == "welcome")["seat"] == seat
        hand = client.until(lambda e: e.get("t") == "hand")
        assert hand["n"] == last + 1 and hand["commit"]
        replayed = [e for e in client.pending if e["t"] == "act" and e["s"] == seat]
        assert len(replayed) >= len(mine)
        while True:
            event = client.until(
                lambda e: (
                    (e.get("t") == "turn" and e["s"] == seat and "legal" in e)
                    or e.get("t") == "end"
                )
            )
            if event["t"] == "end":
                break
            client.send(_passive(event))
        assert sum(event["stacks"]) == 600
        client.close()


def test_a_player_seated_while_the_store_writes_gets_their_cards_in_the_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R6: with the store, the ``seated`` answer waits for the write, and a
    hand may be dealt meanwhile: the player's own ``deal`` must still carry
    their cards (it once went out as a spectator's, the cards then showing
    up only in the ``opening`` after the hand)."""
    import asyncio
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from test_server_protocol import Client

    from holdem.server import create_app
    from holdem.server.store import Store

    real_put = Store.put

    def slow_put(self: Store, index: int, text: str) -> Any:
        future = real_put(self, index, text)
        if future is None:
            return None
        delayed = asyncio.get_running_loop().create_future()

        def later(done: Any) -> None:
            asyncio.get_running_loop().call_later(0.05, delayed.set_result, done.result())

        future.add_done_callback(later)
        return delayed

    monkeypatch.setattr(Store, "put", slow_put)
    server = Server(1, SETTINGS, tmp_path, state_store="sqlite")
    with TestClient(create_app(server)) as client:
        with client.websocket_connect("/ws") as ws:
            me = Client(ws)
            me.send({"type": "join", "table": 0})
            me.send({"type": "sit", "name": "Ann"})
            seat = me.until(lambda m: m.get("type") == "seated")["seat"]
            for _ in range(2):
                deal = me.until(lambda e: e.get("t") == "deal" and e["s"] == seat)
                assert "c" in deal
                while True:
                    event = me.until(
                        lambda e: (
                            (e.get("t") == "turn" and e["s"] == seat and "legal" in e)
                            or e.get("t") == "end"
                        )
                    )
                    if event["t"] == "end":
                        break
                    legal = event["legal"]
                    action = "check" if legal["check"] else "fold"
                    me.send({"type": "act", "action": action, "decision": event["d"]})
