"""``holdem serve --mtt --state-dir``: a served tournament (R15) survives a
restart (:mod:`holdem.server.mtt_saving`). A server is run, stopped and a
new one built from the same folder: the same players at the same tables and
seats with the same stacks, the same level, the hand in play continued, and
every chip accounted for. Every wait is bounded."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import require

require("starlette", "the server extra: pip install -e '.[server]'")
require("httpx", "the server extra (TestClient): pip install -e '.[server]'")

from holdem.errors import ConfigError, HoldemError  # noqa: E402
from holdem.mtt import snapshot as mtt_snapshot  # noqa: E402
from holdem.server.mtt import MttServer, create_mtt_app  # noqa: E402
from holdem.server.mtt_saving import FILE_NAME  # noqa: E402
from tests.server.test_server_mtt import Player, TestClient, poll, settings  # noqa: E402

KEY = b"a tournament key of 32 bytes...."


def until(client: TestClient, found: Callable[[], bool], seconds: float = 20.0) -> None:
    """Wait, in the server's event loop, until ``found()`` (read between steps)."""

    async def wait() -> None:
        for _ in range(int(seconds / 0.01)):
            if found():
                return
            await asyncio.sleep(0.01)
        raise AssertionError("timed out")

    client.portal.call(wait)


def bots_only(**changes: Any) -> Any:
    base: dict[str, Any] = dict(
        layout=None, bot_names=(), bots=9, players=9, seats=4, stack=1000, hands_per_level=4
    )
    base.update(changes)
    return settings(**base)


def test_r15_a_restarted_server_continues_the_tournament(tmp_path: Path) -> None:
    """R15: stopped after some hands and restarted from its folder, the
    tournament is the one that stopped (the director's whole snapshot: tables,
    seats, stacks, level, results, the random generator's state), then plays
    on with every chip accounted for. (A still clock: the snapshots hold
    times relative to it.)"""
    s = bots_only(save_seconds=0)
    clock = lambda: 50.0  # noqa: E731
    first = MttServer(s, clock, state_dir=tmp_path)
    with TestClient(create_mtt_app(first)) as client:
        until(client, lambda: first.director is not None and first.director.hands >= 12)
    d1 = first.director
    assert d1 is not None and not d1.is_over
    saved = json.loads((tmp_path / FILE_NAME).read_text())
    assert saved["schema"] == "holdem.server.mtt" and len(saved["entrants"]) == 9
    second = MttServer(s, clock, state_dir=tmp_path)
    d2 = second.director
    assert d2 is not None
    assert mtt_snapshot.dumps(d2) == mtt_snapshot.dumps(d1)  # the same tournament
    assert d2.counts() == d1.counts() and d2.level == d1.level and d2.hands == d1.hands
    assert d2.chips() == d2.chips_in == 9000  # R15: no chip made or lost
    assert second.where == first.where and second.results == first.results
    lasts = {str(n): first.streams[n].last for n in d1.tables}
    assert saved["stream_last"] == lasts  # the streams go on from there (the hands in
    for n, stream in second.streams.items():  # play are streamed again from their start)
        assert stream.last >= lasts[str(n)] and (stream.last > lasts[str(n)]) == (
            d2.tables[n].hand is not None
        )
    hands = d1.hands
    with TestClient(create_mtt_app(second)) as client:
        until(client, lambda: d2.is_over or d2.hands >= hands + 8)
        assert client.get("/tournament").json()["players_left"] == d2.players_left
    assert d2.hands >= hands + 8 or d2.is_over
    assert d2.chips() == 9000  # R15: conserved across the restart
    third = MttServer(s, state_dir=tmp_path)  # saved as it stopped again
    assert third.director is not None and third.director.hands == d2.hands


def test_r15_a_person_restored_mid_hand_acts_on(tmp_path: Path) -> None:
    """R15, R6: the person's turn is pending when the server stops; after the
    restart their token (saved as its SHA-256 only) still names them, their
    hand is streamed again from its start with their own cards only, and
    they act on; the bots' chips and theirs add up."""
    s = settings(decision_seconds=600, save_seconds=0)
    first = MttServer(s, state_dir=tmp_path)
    with TestClient(create_mtt_app(first)) as client, client.websocket_connect("/ws") as ws:
        me = Player(ws)
        me.shove = False
        me.send({"type": "register", "name": "Me"})
        token = me.until(lambda m: m["type"] == "registered")["token"]

        def my_turn() -> bool:
            d = first.director
            if d is None or 2 not in d.tables:
                return False
            hand = d.tables[2].hand
            names = None if hand is None else hand.config.names
            return hand is not None and hand.to_act is not None and names[hand.to_act] == "Me"

        until(client, my_turn)
    assert token not in (tmp_path / FILE_NAME).read_text()  # only its hash is saved
    d1 = first.director
    assert d1 is not None
    hand1 = d1.tables[2].hand
    assert hand1 is not None
    second = MttServer(s, state_dir=tmp_path)
    d2 = second.director
    assert d2 is not None and d2.chips() == d1.chips() == 1300
    with TestClient(create_mtt_app(second)) as client, client.websocket_connect("/ws") as ws:
        me = Player(ws)
        me.shove = False
        me.send({"type": "join", "table": 1, "token": token})
        welcome = me.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 0 and welcome["decision"] is not None
        assert welcome["seats"][0]["name"] == "Me"
        for _ in range(100):
            poll(me)
            if me.turns.get(1, 0) >= 1:
                break
        assert me.turns.get(1, 0) >= 1  # asked again, and answered
        assert me.leaks == []  # R6: nobody else's cards
        deals = [
            e for m in me.messages if m["type"] == "events" for e in m["events"] if e["t"] == "deal"
        ]
        assert any(e["s"] == 0 and "c" in e for e in deals)  # their own cards, streamed again

        async def moved_on() -> bool:
            return d2.tables.get(2) is None or d2.tables[2].hand is not hand1

        until(client, lambda: d2.hands > d1.hands)
        assert client.portal.call(moved_on)
        assert client.portal.call(d2.chips) == 1300


def test_a_saved_tournament_is_checked(tmp_path: Path) -> None:
    """A signed save needs its key and refuses any altered byte; a save for
    other settings or with a bad field is refused in one line naming the file."""
    s = bots_only(save_seconds=0)
    first = MttServer(s, state_dir=tmp_path, state_key=KEY)
    with TestClient(create_mtt_app(first)) as client:
        until(client, lambda: first.director is not None and first.director.hands >= 2)
    path = tmp_path / FILE_NAME
    text = path.read_text()
    assert MttServer(s, state_dir=tmp_path, state_key=KEY).director is not None
    with pytest.raises(HoldemError, match="signed: give its key") as error:
        MttServer(s, state_dir=tmp_path)
    assert str(error.value).startswith(f"{path}: cannot restore the tournament")
    path.write_text(text.replace('"stack":1000', '"stack":1001', 1))
    with pytest.raises(HoldemError, match="signature"):
        MttServer(s, state_dir=tmp_path, state_key=KEY)
    with pytest.raises(ConfigError, match="state_dir"):
        MttServer(s, state_dir=tmp_path / FILE_NAME / "x")
    body = json.loads(text.split("\n", 1)[1])
    cases = [
        ({**body, "version": 9}, "this version"),
        ({**body, "entrants": body["entrants"][:-1]}, "not the entrants"),
        ({**body, "entrants": [{**body["entrants"][0], "bot": False}]}, "token_hash"),
        ({**body, "stream_last": {}}, "stream_last"),
    ]
    for data, message in cases:
        path.write_text(json.dumps(data))
        with pytest.raises(HoldemError, match=message) as error:
            MttServer(s, state_dir=tmp_path)
        assert str(error.value).count("\n") == 0
    path.write_text(json.dumps(body))
    with pytest.raises(HoldemError, match="5 seats"):
        MttServer(bots_only(seats=5), state_dir=tmp_path)
    path.write_text(json.dumps(body))
    assert MttServer(s, state_dir=tmp_path).director is not None  # unsigned, no key: read


def test_registration_survives_a_restart_before_the_start(tmp_path: Path) -> None:
    """A person registered before the field is full is still registered after
    a restart (their token still names them) and the tournament starts when
    the field is full."""
    s = settings(layout=None, bot_names=(), bots=1, players=3, save_seconds=0)
    first = MttServer(s, state_dir=tmp_path)
    ann = first.register("Ann")
    assert first.director is None
    second = MttServer(s, state_dir=tmp_path)
    assert list(second.entrants) == ["Bot 1", "Ann"] and second.director is None
    assert second.tokens[ann.token_hash].name == "Ann"
    with pytest.raises(Exception, match="taken|registered"):
        second.register("Ann")
    second.register("Bo")
    assert second.director is not None and sorted(second.director.names) == ["Ann", "Bo", "Bot 1"]
    third = MttServer(s, state_dir=tmp_path)
    assert third.director is not None
    assert mtt_snapshot.dumps(third.director) == mtt_snapshot.dumps(second.director)


def test_cli_serve_mtt_state_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from holdem.cli.command import main

    args = ["serve", "--mtt", "5", "--port", "1", "--state-dir", str(tmp_path)]
    assert main([*args, "--state-store", "sqlite"]) == 2
    assert "tournament.json" in capsys.readouterr().err
    (tmp_path / "short").write_bytes(b"short")
    assert main([*args, "--state-key-file", str(tmp_path / "short")]) == 2
    assert "at least 16 bytes" in capsys.readouterr().err
    assert main([*args, "--save-seconds", "-1"]) == 2
    assert "save_seconds" in capsys.readouterr().err


def test_a_tampered_state_file_is_one_plain_line(tmp_path: Path) -> None:
    """A state file altered by hand (no key): 10**30 events, JSON nested
    200,000 deep, text that is not JSON, a missing field: each is one line
    naming the file and the problem in words, never a traceback or a Python
    object."""
    s = bots_only(save_seconds=0)
    first = MttServer(s, state_dir=tmp_path)
    with TestClient(create_mtt_app(first)) as client:
        until(client, lambda: first.director is not None and first.director.hands >= 2)
    path = tmp_path / FILE_NAME
    body = json.loads(path.read_text())
    prefix = f"{path}: cannot restore the tournament: "
    cases = [
        (
            json.dumps({**body, "director": {**body["director"], "max_events": 10**30}}),
            "invalid tournament: max_events: at most 1,000,000,000, got <a 100-bit number>",
        ),
        ("[" * 200_000 + "]" * 200_000, "not JSON: nested too deeply"),
        ("{oops", "not JSON: Expecting property name enclosed in double quotes"),
        (
            json.dumps({k: v for k, v in body.items() if k != "entrants"}),
            "missing field 'entrants'",
        ),
    ]
    for text, message in cases:
        path.write_text(text)
        with pytest.raises(HoldemError) as error:
            MttServer(s, state_dir=tmp_path)
        assert str(error.value).startswith(prefix + message), str(error.value)
        assert "\n" not in str(error.value) and "Error(" not in str(error.value)
