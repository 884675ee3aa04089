"""The reference server's WebSocket protocol (docs/server.md), with an in-process
client (Starlette's TestClient). Every wait is bounded."""

from __future__ import annotations

import contextlib
import json
import re
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from conftest import require

require("starlette", "the server extra: pip install -e '.[server]'")
require("httpx", "the server extra (TestClient): pip install -e '.[server]'")

import anyio  # noqa: E402

with warnings.catch_warnings():  # starlette suggests httpx2 for its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient, WebSocketTestSession

from holdem.server import RoomSettings, Server, create_app  # noqa: E402
from holdem.server.app import MAX_MESSAGE  # noqa: E402

CARD = re.compile(r"[2-9TJQKA][cdhs]")
WAIT = 10.0  # seconds: the longest any message may take to come


def receive(ws: WebSocketTestSession, seconds: float = WAIT) -> dict[str, Any]:
    """The next message from the server, or a failure after ``seconds``."""

    async def get() -> Any:
        with anyio.fail_after(seconds):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    assert message["type"] == "websocket.send", message
    data: dict[str, Any] = json.loads(message["text"])
    return data


class Client:
    """A test client that keeps every stream message it was sent."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.events: list[dict[str, Any]] = []
        self.others: list[dict[str, Any]] = []
        self.pending: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps(message))

    def next(self) -> dict[str, Any]:
        message = receive(self.ws)
        if message["type"] == "events":
            self.events.extend(message["events"])
        else:
            self.others.append(message)
        return message

    def until(self, found: Callable[[dict[str, Any]], bool], limit: int = 2000) -> dict[str, Any]:
        """Read until ``found`` holds for a message other than ``events``, or for
        one event of an ``events`` message; return it. Events after it in the
        same message are looked at by the next call."""
        for _ in range(limit):
            if not self.pending:
                message = self.next()
                if message["type"] != "events":
                    if found(message):
                        return message
                    continue
                self.pending.extend(message["events"])
                continue
            event = self.pending.pop(0)
            if found(event):
                return event
        raise AssertionError("no such message")

    def error(self) -> dict[str, Any]:
        """The next error message; stream events read meanwhile stay pending."""
        for _ in range(2000):
            message = self.next()
            if message["type"] == "error":
                return message
            if message["type"] == "events":
                self.pending.extend(message["events"])
        raise AssertionError("no error message")

    def my_turn(self, seat: int) -> dict[str, Any]:
        return self.until(lambda e: e.get("t") == "turn" and e["s"] == seat and "legal" in e)


SETTINGS = RoomSettings(bots=2, agent="call", bot_delay=0, between_hands=0, decision_seconds=60)


@pytest.fixture
def server() -> Iterator[tuple[Server, TestClient]]:
    server = Server(2, SETTINGS)
    with TestClient(create_app(server)) as client:
        yield server, client


@contextlib.contextmanager
def joined(client: TestClient, **fields: Any) -> Iterator[Client]:
    """A connection that has sent ``join`` for table 0 with ``fields``."""
    with client.websocket_connect("/ws") as ws:
        c = Client(ws)
        c.send({"type": "join", "table": 0, **fields})
        yield c


def test_pages_and_table_list(server: tuple[Server, TestClient]) -> None:
    _, client = server
    page = client.get("/")
    assert page.status_code == 200 and '<script src="/static/table.js">' in page.text
    assert client.get("/static/table.js").status_code == 200
    assert client.get("/static/table.css").status_code == 200
    tables = client.get("/tables").json()
    assert [t["table"] for t in tables] == [0, 1]
    assert tables[0]["seats"][:3] == [
        {"name": "Bot 1", "stack": 200, "bot": True, "out": False},
        {"name": "Bot 2", "stack": 200, "bot": True, "out": False},
        None,
    ]


def test_spectator_sees_no_hole_cards(server: tuple[Server, TestClient]) -> None:
    srv, client = server
    with joined(client) as spectator:
        welcome = spectator.until(lambda m: m.get("type") == "welcome")
        assert welcome["seat"] is None and welcome["tables"] == 2
        assert welcome["settings"]["big_blind"] == 2
        with client.websocket_connect("/ws") as ws:
            player = Client(ws)
            player.send({"type": "join", "table": 0})
            player.send({"type": "sit", "name": "Ann"})
            seat = player.until(lambda m: m.get("type") == "seated")["seat"]
            player.my_turn(seat)
            spectator.until(lambda e: e.get("t") == "turn" and e["s"] == seat)
            assert [e for e in spectator.events if e["t"] == "deal" and "c" in e] == []
            assert all("legal" not in e for e in spectator.events)
            hand = srv.rooms[0].hand
            assert hand is not None
            secret = {c for s in range(hand.config.seats) for c in hand.hole_cards(s)}
            text = json.dumps(spectator.events)
            assert not set(CARD.findall(text)) & secret


def test_sit_act_with_decision_numbers(server: tuple[Server, TestClient]) -> None:
    """A stale or duplicate decision number is refused and changes nothing."""
    srv, client = server
    with joined(client) as me:
        me.send({"type": "sit", "name": "Ann", "seat": 4})
        seated = me.until(lambda m: m.get("type") == "seated")
        assert seated["seat"] == 4 and len(seated["token"]) >= 20
        turn = me.my_turn(4)
        room = srv.rooms[0]
        hand = room.hand
        assert hand is not None
        mine = room.table.hand_seats.index(4)
        deal = [e for e in me.events if e["t"] == "deal" and e["s"] == 4]
        assert [e["c"] for e in deal] == ["".join(hand.hole_cards(mine))]
        assert [e for e in me.events if e["t"] == "deal" and e["s"] != 4 and "c" in e] == []
        log = hand.log
        me.send({"type": "act", "action": "call", "decision": turn["d"] - 1})
        error = me.error()
        assert error["code"] == "stale_decision"
        assert hand.log == log
        legal = turn["legal"]
        action = "check" if legal["check"] else "call"
        me.send({"type": "act", "action": action, "decision": turn["d"]})
        acted = me.until(lambda e: e.get("t") == "act" and e["s"] == 4)
        assert acted["a"] == action
        me.send({"type": "act", "action": action, "decision": turn["d"]})  # a duplicate
        assert me.error()["code"] in ("stale_decision", "no_decision")


def test_illegal_action_gets_the_reason(server: tuple[Server, TestClient]) -> None:
    """R3.7: an illegal action is refused with its reason code, nothing changes."""
    srv, client = server
    with joined(client) as me:
        me.send({"type": "sit", "name": "Ann"})
        seat = me.until(lambda m: m.get("type") == "seated")["seat"]
        turn = me.my_turn(seat)
        hand = srv.rooms[0].hand
        assert hand is not None
        log = hand.log
        wrong, reason = (
            ("fold", "cannot_fold") if turn["legal"]["check"] else ("check", "cannot_check")
        )
        me.send({"type": "act", "action": wrong, "decision": turn["d"]})
        error = me.error()
        assert (error["code"], error["reason"], error["decision"]) == ("illegal", reason, turn["d"])
        me.send({"type": "act", "action": "raise", "amount": 1, "decision": turn["d"]})
        assert me.error()["reason"] == "below_minimum"
        assert hand.log == log


def test_acting_for_another_seat_is_refused(server: tuple[Server, TestClient]) -> None:
    _, client = server
    with joined(client) as me:
        me.send({"type": "act", "action": "fold", "decision": 1})
        assert me.error()["code"] == "not_seated"
        me.send({"type": "sit", "name": "Ann"})
        seat = me.until(lambda m: m.get("type") == "seated")["seat"]
        turn = me.my_turn(seat)
        me.send({"type": "act", "seat": 0, "action": "fold", "decision": turn["d"]})
        assert me.error()["code"] == "not_your_seat"
        me.send({"type": "sit", "name": "Bob"})
        assert me.error()["code"] == "already_seated"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"type": 7}', "unknown_type"),
        ('{"type": "join", "table": 9}', "no_table"),
        ('{"type": "join", "table": "0"}', "bad_message"),
        ('{"type": "join", "table": true}', "bad_message"),
        ('{"type": "since", "after": 3}', "not_joined"),
        ('{"type": "sit", "name": "x"}', "not_joined"),
        ('{"type": "act", "action": "fold"}', "not_joined"),
        ("x" * (MAX_MESSAGE + 1), "too_large"),
        ("[" * 2000 + "]" * 2000, "bad_json"),
        ('{"type": "join", "table": ' + "9" * 4000 + "}", "no_table"),
        ('{"type": ' + "9" * 4000 + "}", "unknown_type"),
        ('{"type": "sit", "name": "A\\nB"}', "not_joined"),
    ],
)
def test_malformed_messages_get_an_error(
    server: tuple[Server, TestClient], text: str, code: str
) -> None:
    """Bad input gets one error message; the connection and the tables go on."""
    _, client = server
    with client.websocket_connect("/ws") as ws:
        c = Client(ws)
        ws.send_text(text)
        error = c.error()
        assert error["code"] == code and len(error["message"]) < 200  # one short line
        ws.send_bytes(b"\x00\xff")
        assert c.error()["code"] == "bad_message"
        c.send({"type": "join", "table": 1})
        assert c.until(lambda m: m.get("type") == "welcome")["table"] == 1
        c.send({"type": "sit", "name": ""})
        assert c.error()["code"] == "bad_name"
        c.send({"type": "sit", "name": "Bot 1"})
        assert c.error()["code"] == "bad_name"
        c.send({"type": "sit", "name": "Ann\nBot"})
        assert c.error()["code"] == "bad_name"
        c.send({"type": "sit", "name": "Ann", "seat": 0})
        assert c.error()["code"] == "seat_taken"
        c.send({"type": "sit", "name": "Ann", "seat": 17})
        assert c.error()["code"] == "no_such_seat"
        c.send({"type": "sit", "name": "Ann"})
        seat = c.until(lambda m: m.get("type") == "seated")["seat"]
        turn = c.my_turn(seat)
        for bad in ({"action": 5}, {"action": "dance"}, {"action": "raise", "amount": "lots"}):
            c.send({"type": "act", "decision": turn["d"], **bad})
            assert c.error()["code"] in ("bad_message", "bad_action", "bad_amount")


def test_reconnect_resumes_after_the_last_number(server: tuple[Server, TestClient]) -> None:
    srv, client = server
    with joined(client) as me:
        me.send({"type": "sit", "name": "Ann"})
        seated = me.until(lambda m: m.get("type") == "seated")
        seat, token = seated["seat"], seated["token"]
        turn = me.my_turn(seat)
        last = me.events[-1]["n"]
    # The first connection is gone; a new one brings the token and the number.
    with joined(client, token=token, after=last) as again:
        welcome = again.until(lambda m: m.get("type") == "welcome")
        assert welcome["seat"] == seat and 0 < welcome["clock_left"] <= 60
        assert srv.rooms[0].decision == turn["d"]
        again.send({"type": "since", "after": last - 3})
        resent = again.next()
        assert resent["type"] == "events" and resent["reset"] is False
        assert [e["n"] for e in resent["events"]] == [last - 2, last - 1, last]
        assert resent["events"][-1] == turn  # its legal options again: the seat is its own
        again.send(
            {
                "type": "act",
                "action": "fold" if turn["legal"]["fold"] else "check",
                "decision": turn["d"],
            }
        )
        again.until(lambda e: e.get("t") == "act" and e["s"] == seat)
    with joined(client, token="not-the-token") as thief:
        assert thief.until(lambda m: m.get("type") == "welcome")["seat"] is None


def test_clock_applies_the_default_action_then_sits_out() -> None:
    """A person whose time runs out checks when free, else folds (R3.1); after
    two timeouts in a row they sit out (R14.1): no hand starts for a table of
    bots alone, until they come back (R14.2)."""
    settings = RoomSettings(
        bots=2, agent="call", bot_delay=0, between_hands=0, decision_seconds=0.2
    )
    server = Server(1, settings)
    with TestClient(create_app(server)) as client:
        with joined(client) as me:
            me.send({"type": "sit", "name": "Ann"})
            seat = me.until(lambda m: m.get("type") == "seated")["seat"]
            turn = me.my_turn(seat)
            assert 0 < turn["clock"] <= 0.2
            timeout = me.until(lambda e: e.get("t") == "timeout")
            default = "check" if turn["legal"]["check"] else "fold"
            assert (timeout["s"], timeout["a"], timeout["k"]) == (seat, default, 1)
            acted = me.until(lambda e: e.get("t") == "act" and e["s"] == seat)
            assert acted["a"] == default
            sat_out = me.until(lambda e: e.get("t") == "sitout")
            assert (sat_out["s"], sat_out["why"]) == (seat, "timeouts")
            me.until(lambda e: e.get("t") == "end")
            room = server.rooms[0]
            assert room.sitting_out(seat)
            hands = room.hand_number
            me.send({"type": "back"})
            back = me.until(lambda e: e.get("t") == "sitin")
            assert back["s"] == seat and back["entry"] in ("dealt in", "wait")
            me.until(lambda e: e.get("t") == "hand")
            assert room.hand_number == hands + 1 and not room.sitting_out(seat)
            me.send({"type": "back"})
            assert me.error()["code"] == "not_sitting_out"


def test_leave_after_the_hand(server: tuple[Server, TestClient]) -> None:
    srv, client = server
    with joined(client) as me:
        me.send({"type": "sit", "name": "Ann"})
        seat = me.until(lambda m: m.get("type") == "seated")["seat"]
        turn = me.my_turn(seat)
        me.send({"type": "leave"})
        me.send({"type": "act", "action": "call", "decision": turn["d"]})
        assert me.error()["code"] == "not_seated"
        left = me.until(lambda e: e.get("t") == "leave")
        assert (left["s"], left["name"]) == (seat, "Ann")
        end = [e for e in me.events if e["t"] == "end"][-1]
        hand = [e for e in me.events if e["t"] == "hand"][-1]
        assert left["stack"] == end["stacks"][hand["seats"].index(seat)]
        assert srv.rooms[0].seats()[seat] is None


def test_only_own_cards_over_many_hands(server: tuple[Server, TestClient]) -> None:
    """A seated player's stream holds only its own hole cards, the board and
    cards shown at showdown (R6), hand after hand; chips are conserved."""
    srv, client = server
    with joined(client) as me:
        me.send({"type": "sit", "name": "Ann"})
        seat = me.until(lambda m: m.get("type") == "seated")["seat"]
        hands = 0
        while hands < 4:
            event = me.until(
                lambda e: (
                    (e.get("t") == "turn" and e["s"] == seat and "legal" in e)
                    or e.get("t") == "end"
                )
            )
            if event["t"] == "end":
                hands += 1
                assert sum(event["stacks"]) == 600
                continue
            me.send(
                {
                    "type": "act",
                    "action": "check" if event["legal"]["check"] else "call",
                    "decision": event["d"],
                }
            )
        allowed: set[str] = set()
        for event in me.events:
            if event["t"] == "deal":
                assert ("c" in event) == (event["s"] == seat)
            if event["t"] in ("deal", "board", "show") and "c" in event:
                allowed |= set(CARD.findall(event["c"]))
        for event in me.events:
            assert set(CARD.findall(json.dumps(event))) <= allowed
        assert srv.rooms[0].chips() == 600


def test_a_flood_of_messages_is_cut_off() -> None:
    """Past the burst a connection's messages get ``too_fast`` and are not read;
    the limit refills with time (a fake clock here)."""
    now = [0.0]
    server = Server(1, SETTINGS, clock=lambda: now[0])
    with TestClient(create_app(server)) as client:
        with client.websocket_connect("/ws") as ws:
            c = Client(ws)
            for _ in range(45):
                c.send({"type": "dance"})
            codes = [c.error()["code"] for _ in range(45)]
            assert codes == ["unknown_type"] * 40 + ["too_fast"] * 5
            now[0] += 1.0  # 20 more messages allowed
            c.send({"type": "join", "table": 0})
            assert c.until(lambda m: m.get("type") == "welcome")["table"] == 0


def test_a_held_up_loop_lets_the_clock_act_for_bots_too() -> None:
    """When the clock has run out before a bot acts (a starved event loop: here
    every reading of the clock is 100 s later), the default action stands
    (R3.1), bots sat out come back, and the table goes on: chips conserved."""
    now = [0.0]

    def clock() -> float:
        now[0] += 100.0
        return now[0]

    # (away_seconds: Ann, sat out, must still be seated when she comes back.)
    settings = RoomSettings(bots=2, agent="call", bot_delay=0, between_hands=0, away_seconds=1e9)
    server = Server(1, settings, clock=clock)
    with TestClient(create_app(server)) as client:
        with joined(client) as me:
            me.send({"type": "sit", "name": "Ann"})
            seat = me.until(lambda m: m.get("type") == "seated")["seat"]
            me.until(lambda e: e.get("t") == "sitout" and e["s"] == seat)
            me.until(lambda e: e.get("t") == "end")
            timed_out = {e["s"] for e in me.events if e["t"] == "timeout"}
            assert {0, 1} & timed_out and seat in timed_out
            me.send({"type": "back"})
            me.until(lambda e: e.get("t") == "hand")
            assert not any(server.rooms[0].sitting_out(s) for s in (0, 1))
            assert server.rooms[0].chips() == 600
