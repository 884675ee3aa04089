"""Holes found in the reference server under attack (issue 22, items 1 to 9):
each test failed on the server before its fix. In-process clients (Starlette's
TestClient) and, for the log of a bad frame, one ``holdem serve`` process on
127.0.0.1; every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import require

require("starlette", "the server extra: pip install -e '.[server]'")
require("httpx", "the server extra (TestClient): pip install -e '.[server]'")

with warnings.catch_warnings():  # starlette suggests httpx2 for its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocket, WebSocketDisconnect

from test_server_protocol import Client, joined  # noqa: E402

from holdem.engine.betting import Action, Kind  # noqa: E402
from holdem.errors import HoldemError  # noqa: E402
from holdem.server import RoomError, RoomSettings, Server, create_app  # noqa: E402
from holdem.server.room import Room  # noqa: E402

SETTINGS = RoomSettings(bots=2, agent="call", bot_delay=0, between_hands=0, decision_seconds=60)
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def server() -> Iterator[tuple[Server, TestClient]]:
    server = Server(2, SETTINGS)
    with TestClient(create_app(server)) as client:
        yield server, client


def _sit(c: Client, name: str) -> dict[str, Any]:
    c.send({"type": "sit", "name": name})
    return c.until(lambda m: m.get("type") in ("seated", "error"))


# ------------------------------------------------------------ item 1
@pytest.mark.parametrize(
    "message",
    [
        '{"type": "join", "table": 0, "token": "\\ud800"}',
        '{"type": "join", "table": 0, "token": "abc\\udfffdef"}',
        '{"type": "join", "table": 0, "token": "' + "é" * 3000 + '"}',
    ],
    ids=["lone surrogate", "surrogate inside", "long non-ASCII"],
)
def test_a_token_that_is_not_utf8_text_holds_no_seat(
    server: tuple[Server, TestClient], message: str
) -> None:
    """A ``join`` token with a lone surrogate (not encodable as UTF-8) is a
    token that holds no seat: a welcome as a spectator, the connection goes on."""
    _, client = server
    with client.websocket_connect("/ws") as ws:
        c = Client(ws)
        ws.send_text(message)
        welcome = c.until(lambda m: m.get("type") in ("welcome", "error"))
        assert welcome["type"] == "welcome" and welcome["seat"] is None
        c.send({"type": "sit", "name": "Ann", "seat": 3})
        assert c.until(lambda m: m.get("type") == "seated")["seat"] == 3


@pytest.mark.parametrize(
    "message",
    [
        '{"type": "act", "action": "\\ud800", "decision": 1}',
        '{"type": "sit", "name": "\\ud800"}',
        '{"type": "\\ud800"}',
        '{"type": "runs", "count": "\\ud800", "decision": 1}',
    ],
)
def test_lone_surrogates_anywhere_get_an_error_not_a_dropped_socket(
    server: tuple[Server, TestClient], message: str
) -> None:
    _, client = server
    with joined(client) as c:
        c.until(lambda m: m.get("type") == "welcome")
        c.ws.send_text(message)
        error = c.error()
        assert error["code"] in ("bad_name", "unknown_type", "not_seated", "bad_message")
        json.dumps(error, ensure_ascii=False).encode()  # the answer is valid UTF-8
        c.send({"type": "since", "after": 0})
        assert c.until(lambda m: m.get("type") == "events" or "t" in m)


# ------------------------------------------------------------ item 2
def test_one_connection_cannot_take_seat_after_seat(server: tuple[Server, TestClient]) -> None:
    """``join`` then ``sit`` again and again from one connection takes one
    seat, not the table: the next ``sit`` is refused with ``too_many_seats``."""
    srv, client = server
    with joined(client) as c:
        assert _sit(c, "Ann")["type"] == "seated"
        for name in ("Bob", "Cy", "Di"):
            c.send({"type": "join", "table": 0})
            c.until(lambda m: m.get("type") == "welcome")
            answer = _sit(c, name)
            assert answer["type"] == "error" and answer["code"] == "too_many_seats"
        c.send({"type": "join", "table": 1})
        c.until(lambda m: m.get("type") == "welcome")
        assert _sit(c, "Eve")["code"] == "too_many_seats"  # other tables count too
    people = [p for p in srv.rooms[0].players.values() if p.agent is None]
    assert [p.name for p in people] == ["Ann"]


def test_a_seat_left_frees_the_connection_for_another(server: tuple[Server, TestClient]) -> None:
    _, client = server
    with joined(client) as c:
        assert _sit(c, "Ann")["type"] == "seated"
        c.send({"type": "leave"})
        c.until(lambda e: e.get("t") == "leave")
        assert _sit(c, "Ann")["type"] == "seated"


def test_a_token_holds_its_seat_on_one_connection_only(server: tuple[Server, TestClient]) -> None:
    """The same token on a second connection moves the seat there: the first
    connection is told (``seat_taken_over``) and can no longer act for it."""
    srv, client = server
    with joined(client) as first:
        seated = _sit(first, "Ann")
        seat, token = seated["seat"], seated["token"]
        turn = first.my_turn(seat)
        with joined(client, token=token) as second:
            assert second.until(lambda m: m.get("type") == "welcome")["seat"] == seat
            notice = first.error()
            assert notice["code"] == "seat_taken_over"
            first.send({"type": "act", "action": "fold", "decision": turn["d"]})
            assert first.error()["code"] == "not_seated"
            second.send({"type": "since", "after": turn["n"] - 1})
            again = second.my_turn(seat)
            action = "check" if again["legal"]["check"] else "call"
            second.send({"type": "act", "action": action, "decision": again["d"]})
            acted = second.until(lambda e: e.get("t") == "act" and e["s"] == seat)
            assert acted["a"] == action


# ------------------------------------------------------------ item 3
def test_connections_per_address_are_capped() -> None:
    server = Server(1, SETTINGS, max_connections_per_address=2)
    with TestClient(create_app(server)) as client:
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            with client.websocket_connect("/ws") as c:
                refused = json.loads(c.receive_text())
                assert refused["type"] == "error" and refused["code"] == "too_many_connections"
                with pytest.raises(WebSocketDisconnect) as info:
                    c.receive_text()
                assert info.value.code == 1008
            del a, b
        with client.websocket_connect("/ws") as again:  # the others closed: room again
            again.send_text(json.dumps({"type": "join", "table": 0}))
            assert json.loads(again.receive_text())["type"] == "welcome"


def _replay(c: Client) -> dict[str, Any]:
    """The next ``events`` message that starts at the hand's first message
    (``since 0`` after the messages before it were dropped: ``reset``)."""
    for _ in range(200):
        message = c.next()
        if message["type"] == "events" and message["reset"]:
            assert message["events"][0]["t"] == "hand"
            return message
    raise AssertionError("no replay")


def test_since_replays_are_sent_from_frames_already_encoded(
    server: tuple[Server, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``since`` replay costs no new JSON encoding: each stream message is
    encoded once (per view) and replays reuse the text."""
    import holdem.server.room as room_module

    _, client = server
    with joined(client) as me:
        seated = _sit(me, "Ann")
        me.my_turn(seated["seat"])
        me.send({"type": "since", "after": 0})
        first = _replay(me)
        calls = []
        real = room_module.encode

        def counting(message: dict[str, Any]) -> str:
            calls.append(message)
            return real(message)

        monkeypatch.setattr(room_module, "encode", counting)
        me.send({"type": "since", "after": 0})
        second = _replay(me)
        assert second["events"][: len(first["events"])] == first["events"]
        assert calls == []


def test_bytes_sent_to_a_connection_are_bounded() -> None:
    """A connection that asks for replays faster than its byte budget refills
    (here a frozen clock: it never does) is refused with ``slow_down`` once
    the budget is spent; what it was sent stays within the budget plus one
    frame."""
    server = Server(1, SETTINGS, clock=lambda: 0.0, send_rate=1024, send_burst=4096)
    with TestClient(create_app(server)) as client:
        with joined(client) as me:
            seated = _sit(me, "Ann")
            me.my_turn(seated["seat"])
            received = 0
            for _ in range(30):
                me.send({"type": "since", "after": 0})
                answer = me.ws.receive_text()
                message = json.loads(answer)
                if message["type"] == "error":
                    assert message["code"] == "slow_down"
                    break
                received += len(answer.encode())
            else:
                raise AssertionError("never refused")
            assert received < 4096 + 2048


# ------------------------------------------------------------ item 5
def test_a_saved_table_with_a_400_digit_time_is_one_line(tmp_path: Path) -> None:
    """``holdem serve --state-dir`` with a saved table whose time bank is a
    400-digit number stops with one line naming the file and the field."""
    Server(1, SETTINGS, state_dir=tmp_path).rooms[0].sit("Ann")
    path = tmp_path / "table-0.json"
    data = json.loads(path.read_text())
    data["table"]["seats"][0]["time_bank"] = 10**400
    path.write_text(json.dumps(data))
    with pytest.raises(HoldemError) as info:
        Server(1, SETTINGS, state_dir=tmp_path)
    message = str(info.value)
    assert "table-0.json" in message and "time_bank" in message and len(message) < 300
    from holdem.cli.command import main

    status = main(["serve", "--state-dir", str(tmp_path), "--port", "1", "--bots", "2"])
    assert status == 2


def test_room_settings_refuse_huge_seconds() -> None:
    for field in ("bot_delay", "between_hands", "away_seconds"):
        with pytest.raises(HoldemError) as info:
            RoomSettings(**{field: 10**400}).check()  # type: ignore[arg-type]
        assert field in str(info.value)


# ------------------------------------------------------------ item 6
def _frame(opcode: int, payload: bytes) -> bytes:
    mask = b"\x01\x02\x03\x04"
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked


def test_a_text_frame_that_is_not_utf8_is_closed_with_one_log_line(tmp_path: Path) -> None:
    """A text frame that is not UTF-8 is closed with 1007 and logged in one
    line, without a traceback (uvicorn logs a traceback at ERROR by itself)."""
    from server_process import free_port

    port = free_port()
    log = tmp_path / "server.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "holdem", "serve", "--host", "127.0.0.1"]
            + ["--port", str(port), "--bots", "1"],
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 15
            while True:
                try:
                    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                    break
                except OSError:
                    assert time.monotonic() < deadline and process.poll() is None
                    time.sleep(0.05)
            with sock:
                sock.sendall(
                    b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                    b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    b"Sec-WebSocket-Version: 13\r\n\r\n"
                )
                head = b""
                while b"\r\n\r\n" not in head:
                    head += sock.recv(4096)
                assert head.startswith(b"HTTP/1.1 101")
                sock.sendall(_frame(1, b"\xff\xfe\x00"))
                rest = head.split(b"\r\n\r\n", 1)[1]
                while len(rest) < 4:
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    rest += chunk
                assert rest[0] == 0x88 and int.from_bytes(rest[2:4], "big") == 1007
            time.sleep(0.5)  # let the server write its log line
        finally:
            process.terminate()
            process.wait(15)
    text = log.read_text(errors="replace")
    assert "Traceback" not in text
    lines = [line for line in text.splitlines() if "UTF-8" in line or "utf-8" in line]
    assert len(lines) == 1, text


# ------------------------------------------------------------ item 7
def test_an_out_of_turn_act_gets_the_error_alone() -> None:
    """R3.7: a seat acting out of turn is told so, without the legal options
    of the seat to act (they are that seat's own)."""
    settings = RoomSettings(bots=0, bot_delay=0, between_hands=0, decision_seconds=60)
    server = Server(1, settings)
    with TestClient(create_app(server)) as client:
        with joined(client) as ann, joined(client) as bob:
            seats = {_sit(ann, "Ann")["seat"]: ann, _sit(bob, "Bob")["seat"]: bob}
            turn = ann.until(lambda e: e.get("t") == "turn")
            waiting = next(s for s in seats if s != turn["s"])
            other = seats[waiting]
            other.send({"type": "act", "action": "call", "decision": turn["d"]})
            error = other.error()
            assert error["code"] == "illegal" and error["reason"] == "not_your_turn"
            assert "legal" not in error["message"] and "raise to" not in error["message"]
            assert set(error) == {"type", "code", "message", "reason", "decision"}


# ------------------------------------------------------------ item 8
def test_a_float_decision_number_is_refused_for_runs_as_for_act_R12_1() -> None:
    """R12.1: the run question's decision number must be the whole number of
    the ``turn`` message, as for ``act``: ``12.0`` is refused."""
    settings = RoomSettings(bots=1, agent="call", bot_delay=0, between_hands=0, max_runs=2)
    room = Room(0, settings)
    seat, _ = room.sit("Ann")
    room._rebuy()
    assert room._start_hand()
    hand = room.hand
    assert hand is not None
    while hand.to_act is not None:
        table_seat = room.table.hand_seats[hand.to_act]
        legal = hand.legal_actions()
        assert legal is not None
        action = Action(Kind.CALL) if hand.current_bet and legal.call else Action(Kind.ALL_IN)
        room.table.act(table_seat, action)
        room._after_action()
    assert hand.run_seat is not None
    asked = room.table.hand_seats[hand.run_seat]
    decision = room.decision
    assert decision is not None
    log = hand.log
    for bad in (float(decision), True if decision == 1 else str(decision)):
        with pytest.raises(RoomError) as info:
            room.runs(asked, 1, bad)
        assert info.value.code in ("stale_decision", "bad_message")
        assert hand.log == log
    room.runs(asked, 1, decision)
    assert len(hand.log) > len(log)


# ------------------------------------------------------------ item 9
def test_a_client_gone_while_the_server_answers_sit_is_no_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The client closes while the server is answering: the stream's send
    finds it gone first, then the ``seated`` answer must end the connection
    quietly (Starlette raises RuntimeError for a send after a failed one)."""
    server = Server(1, SETTINGS)

    async def scenario() -> None:
        incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        for text in ('{"type":"join","table":0}', '{"type":"sit","name":"Ann"}'):
            incoming.put_nowait({"type": "websocket.receive", "text": text})
        gone = asyncio.Event()
        sent: list[str] = []

        async def receive() -> dict[str, Any]:
            if not sent:
                return {"type": "websocket.connect"}
            message = await incoming.get()
            if "sit" in message.get("text", ""):
                await asyncio.sleep(0.05)  # the stream pump runs and finds the client gone
            return message

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "websocket.accept":
                sent.append("accept")
                return
            if gone.is_set():
                raise OSError("the client is gone")  # uvicorn's ClientDisconnected
            sent.append(message.get("text", ""))
            if '"welcome"' in message.get("text", ""):
                gone.set()

        scope = {"type": "websocket", "path": "/ws", "headers": [], "client": ("1.2.3.4", 5)}
        socket_ = WebSocket(scope, receive, send)  # type: ignore[arg-type]
        await asyncio.wait_for(server.websocket(socket_), 10)

    with caplog.at_level(logging.DEBUG):
        asyncio.run(scenario())
    assert not [r for r in caplog.records if r.exc_info]
