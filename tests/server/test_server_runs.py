"""The reference server with several runs (R12) and rake (R13): the run
question in the stream (its choices only to the asked seat), the ``runs``
client message, its refusals, bots answering, every run's board and the
rake in the stream; the ``serve`` options. In-process (Starlette's
TestClient); every wait is bounded."""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

from conftest import require

require("starlette", "the server extra: pip install -e '.[server]'")
require("httpx", "the server extra (TestClient): pip install -e '.[server]'")

with warnings.catch_warnings():  # starlette suggests httpx2 for its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from test_server_protocol import Client  # noqa: E402

from holdem.cli.command import _serve_rake, main  # noqa: E402
from holdem.engine.pots import Rake  # noqa: E402
from holdem.errors import ConfigError  # noqa: E402
from holdem.server import RoomSettings, Server, create_app  # noqa: E402
from holdem.server.room import Room  # noqa: E402

CARD = re.compile(r"[2-9TJQKA][cdhs]")

# Heads-up: the bot (seat 0) has the first button, so the person (seat 1) is
# the big blind, acts last preflop and is asked first after the all-in.
SETTINGS = RoomSettings(
    size=2,
    bots=1,
    agent="call",
    bot_delay=0.3,
    between_hands=0,
    decision_seconds=60,
    max_runs=2,
    rake=Rake("5%", cap=30),
)


def is_run_question(event: dict[str, Any], seat: int) -> bool:
    return event.get("t") == "turn" and event.get("q") == "runs" and event["s"] == seat


def test_r12_run_question_runs_message_refusals_and_no_card_leak() -> None:
    """R12.1 through the protocol: after an all-in call the person is asked
    first; only their stream carries the choices [1, 2]; a stale decision,
    a count of 3, an action and another seat's answer are refused; the bot
    answers 2 (answer_runs); two boards are dealt, the 400 pot is raked 20
    (R13.1) and each run's half awarded on its board (R12.3)."""
    server = Server(1, SETTINGS)
    with TestClient(create_app(server)) as client:
        with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as ws2:
            me, spectator = Client(ws), Client(ws2)
            spectator.send({"type": "join", "table": 0})
            me.send({"type": "join", "table": 0})
            welcome = me.until(lambda m: m.get("type") == "welcome")
            assert welcome["settings"]["max_runs"] == 2
            assert welcome["settings"]["rake"] == {
                "rate": "5%",
                "cap": 30,
                "no_flop_no_drop": False,
            }
            me.send({"type": "sit", "name": "Ann", "seat": 1})
            me.until(lambda m: m.get("type") == "seated")
            start = me.until(lambda e: e.get("t") == "hand")
            assert start["runs"] == 2 and start["rake"]["rate"] == "5%"
            turn = me.my_turn(1)
            me.send({"type": "act", "action": "all-in", "decision": turn["d"]})
            question = me.until(lambda e: is_run_question(e, 1))
            assert question["runs"] == [1, 2]
            room = server.rooms[0]
            hand = room.hand
            assert hand is not None and hand.run_seat == 1
            log = hand.log

            me.send({"type": "runs", "count": 2, "decision": question["d"] - 1})
            assert me.error()["code"] == "stale_decision"
            me.send({"type": "runs", "count": 3, "decision": question["d"]})
            error = me.error()
            assert (error["code"], error["reason"]) == ("illegal", "bad_run_count")
            me.send({"type": "runs", "count": "2", "decision": question["d"]})
            assert me.error()["code"] == "bad_amount"
            me.send({"type": "runs", "seat": 0, "count": 2, "decision": question["d"]})
            assert me.error()["code"] == "not_your_seat"
            me.send({"type": "act", "action": "check", "decision": question["d"]})
            assert me.error()["code"] == "no_decision"
            assert hand.log == log and hand.run_seat == 1

            # The spectator saw the question, never the choices nor hole cards.
            seen = spectator.until(lambda e: is_run_question(e, 1))
            assert "runs" not in seen and "legal" not in seen
            assert [e for e in spectator.events if e["t"] == "deal" and "c" in e] == []
            secret = {c for s in range(2) for c in hand.hole_cards(s)}
            assert not set(CARD.findall(json.dumps(spectator.events))) & secret

            me.send({"type": "runs", "count": 2, "decision": question["d"]})
            mine = me.until(lambda e: e.get("t") == "runs" and e["s"] == 1)
            assert mine["k"] == 2
            bot_question = me.until(lambda e: is_run_question(e, 0))
            assert "runs" not in bot_question  # not my choices to see
            me.send({"type": "runs", "count": 1, "decision": bot_question["d"]})
            error = me.error()
            assert (error["code"], error["reason"]) == ("illegal", "not_your_turn")
            assert me.until(lambda e: e.get("t") == "runs" and e["s"] == 0)["k"] == 2
            assert me.until(lambda e: e.get("t") == "runs_agreed")["k"] == 2
            end = me.until(lambda e: e.get("t") == "end")
    events = [e for e in me.events if start["n"] <= e["n"] <= end["n"]]
    boards = [e for e in events if e["t"] == "board"]
    assert sorted({e.get("r", 1) for e in boards}) == [1, 2]
    assert sum(len(e["c"]) // 2 for e in boards if e.get("r", 1) == 1) == 5
    assert sum(len(e["c"]) // 2 for e in boards if e.get("r") == 2) == 5
    rake = [e for e in events if e["t"] == "rake"]
    assert [e["a"] for e in rake] == [20] and rake[0]["name"] == "main pot"
    pots = [e for e in events if e["t"] == "pot"]
    assert sorted(e.get("r", 1) for e in pots) == [1, 2]
    assert sum(sum(e["sh"]) for e in pots) == 380
    assert sum(end["stacks"]) == 380


def test_r12_1_leaving_person_keeps_it_to_one_run() -> None:
    """R12.1: a person who asked to leave during the hand answers one run at once."""
    server = Server(1, SETTINGS)
    with TestClient(create_app(server)) as client:
        with client.websocket_connect("/ws") as ws:
            me = Client(ws)
            me.send({"type": "join", "table": 0})
            me.send({"type": "sit", "name": "Ann", "seat": 1})
            turn = me.my_turn(1)
            hand = server.rooms[0].hand
            me.send({"type": "act", "action": "all-in", "decision": turn["d"]})
            me.until(lambda e: is_run_question(e, 1))
            me.send({"type": "leave"})
            assert me.until(lambda e: e.get("t") == "runs" and e["s"] == 1)["k"] == 1
            me.until(lambda e: e.get("t") == "end")
    assert hand is not None and hand.run_count == 1


def test_r12_r13_room_settings_are_checked() -> None:
    """R12.1, R13.1: the server's max_runs and rake are checked up front."""
    with pytest.raises(ConfigError) as info:
        RoomSettings(max_runs=4).check()
    assert info.value.field == "max_runs"
    with pytest.raises(ConfigError) as info:
        RoomSettings(rake="5%").check()  # type: ignore[arg-type]
    assert info.value.field == "rake"


def test_r13_serve_rake_option() -> None:
    """``holdem serve --rake RATE[:CAP]`` (R13.1): parsed exactly; bad ones
    fail with the field named, and the command exits 2 without serving."""
    assert _serve_rake(None, False) is None
    assert _serve_rake("5%:30", False) == Rake("5%", cap=30)
    assert _serve_rake("1/20", True) == Rake("5%", no_flop_no_drop=True)
    for text, field in (("5%:x", "rake.cap"), ("0.05.1", "rake.rate"), ("5%:-3", "rake.cap")):
        with pytest.raises(ConfigError) as info:
            _serve_rake(text, False)
        assert info.value.field == field
    with pytest.raises(ConfigError):
        _serve_rake(None, True)
    assert main(["serve", "--max-runs", "4", "--port", "1"]) == 2
    assert main(["serve", "--rake", "5%:abc", "--port", "1"]) == 2


def _room_at_the_run_question(state: Path, now: list[float]) -> tuple[Room, int]:
    """A heads-up room (a bot at seat 0, Ann at seat 1) whose hand is all-in
    preflop: the run question is open. Returns the room and the seat asked."""
    room = Room(0, SETTINGS, state_dir=state, clock=lambda: now[0])
    seat, _ = room.sit("Ann")
    assert seat == 1 and room._start_hand()
    hand = room.hand
    assert hand is not None
    while hand.to_act is not None:
        legal = hand.legal_actions()
        assert legal is not None
        action = "all-in" if legal.min_raise_to is not None else "call"
        room.act(room.table.hand_seats[hand.to_act], action, None, room.decision)
    assert hand.run_seat is not None
    return room, room.table.hand_seats[hand.run_seat]


def test_r12_saved_room_at_the_run_question_restores_and_goes_on(tmp_path: Path) -> None:
    """R12.1: a room saved while the run question is open restores with the
    question open, streamed again (the ``turn`` with ``q: "runs"``), and the
    answer through Room.runs finishes the hand exactly as before."""
    now = [0.0]
    room, asked = _room_at_the_run_question(tmp_path, now)
    again = Room(0, SETTINGS, state_dir=tmp_path, clock=lambda: now[0])
    assert again.hand is not None and again.table.max_runs == 2
    assert again.table.rake == Rake("5%", cap=30)
    turn = again.stream.since(asked, 0)[1][-1]
    assert (turn["t"], turn["q"], turn["s"], turn["runs"]) == ("turn", "runs", asked, [1, 2])
    assert again.decision == turn["d"]
    for r in (room, again):
        r.runs(asked, 1, r.decision)
    assert room.table.last_hand is not None and again.table.last_hand is not None
    assert again.table.last_hand.result == room.table.last_hand.result
    assert again.table.last_hand.run_count == 1


def test_r12_1_room_clock_answers_one_run(tmp_path: Path) -> None:
    """R12.1: out of time on the run question, the room's turn clock keeps it
    to one run and the stream says ``timeout`` with ``runs 1``."""
    now = [0.0]
    room, asked = _room_at_the_run_question(tmp_path, now)
    assert room.clock_left() == (None if room.players[asked].agent else 60.0)
    now[0] = 61.0
    (event,) = room.table.poll_clock()
    assert event.action == "runs 1" and event.seat == asked
    room._after_action()
    timeouts = [m for m in room.stream.since(None, 0)[1] if m["t"] == "timeout"]
    assert [(m["s"], m["a"]) for m in timeouts] == [(asked, "runs 1")]
    assert room.table.last_hand is not None and room.table.last_hand.run_count == 1
