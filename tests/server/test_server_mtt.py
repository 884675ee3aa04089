"""``holdem serve --mtt``: a tournament (R15) over the WebSocket protocol, with
an in-process client (Starlette's TestClient). Every wait is bounded.

The layout puts the person at table 2 (protocol table 1), which breaks first
(R15.3): whoever busts first, the person is moved to table 1 (protocol 0)
with their chips, is sent ``moved``, joins the new table and plays on there.
"""

from __future__ import annotations

import contextlib
import json
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

from holdem.errors import ConfigError  # noqa: E402
from holdem.server.mtt import MttServer, MttSettings, create_mtt_app  # noqa: E402
from holdem.server.mtt_settings import MttError  # noqa: E402

WAIT = 10.0


def receive(ws: WebSocketTestSession, seconds: float = WAIT) -> dict[str, Any]:
    async def get() -> Any:
        with anyio.fail_after(seconds):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    assert message["type"] == "websocket.send", message
    data: dict[str, Any] = json.loads(message["text"])
    return data


class Player:
    """A person's client: answers every turn of its own seat by shoving (or
    checking/calling when it cannot raise), and checks what it is sent (R6)."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.table: int | None = None
        self.seat: int | None = None
        self.messages: list[dict[str, Any]] = []
        self.leaks: list[dict[str, Any]] = []
        self.turns: dict[int, int] = {}  # table -> turns answered there
        self.shove = True

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps(message))

    def step(self) -> dict[str, Any]:
        message = receive(self.ws)
        self.messages.append(message)
        if message["type"] == "welcome":
            self.table, self.seat = message["table"], message["seat"]
        elif message["type"] == "events":
            for e in message["events"]:
                self._event(e)
        return message

    def _event(self, e: dict[str, Any]) -> None:
        if e["t"] == "deal" and "c" in e and e["s"] != self.seat:
            self.leaks.append(e)  # R6: another seat's hole cards
        if e["t"] == "turn" and "legal" in e:
            if e["s"] != self.seat:
                self.leaks.append(e)  # another seat's options
                return
            legal = e["legal"]
            assert self.table is not None
            self.turns[self.table] = self.turns.get(self.table, 0) + 1
            if self.shove and "max" in legal:
                self.send(
                    {
                        "type": "act",
                        "action": legal["w"],
                        "amount": legal["max"],
                        "decision": e["d"],
                    }
                )
            else:
                action = "check" if legal["check"] else "call"
                self.send({"type": "act", "action": action, "decision": e["d"]})

    def until(self, found: Callable[[dict[str, Any]], bool], limit: int = 5000) -> dict[str, Any]:
        for _ in range(limit):
            message = self.step()
            if found(message):
                return message
        raise AssertionError("no such message")


LAYOUT = {
    1: {0: ("Ann", 100), 1: ("Bob", 100)},
    2: {0: ("Me", 1000), 2: ("Cy", 100)},
}


def settings(**changes: Any) -> MttSettings:
    base: dict[str, Any] = dict(
        players=4,
        seats=3,
        stack=100,
        small_blind=5,
        big_blind=10,
        hands_per_level=3,
        start_seconds=None,
        bot_delay=0,
        between_hands=0,
        decision_seconds=30,
        agent="call",
        seed=7,
        layout=LAYOUT,
        bot_names=("Ann", "Bob", "Cy"),
    )
    base.update(changes)
    return MttSettings(**base)


@pytest.fixture
def app() -> Iterator[tuple[MttServer, TestClient]]:
    server = MttServer(settings())
    with TestClient(create_mtt_app(server)) as client:
        yield server, client


def test_r15_moved_person_follows_and_plays_on(app: tuple[MttServer, TestClient]) -> None:
    """R15.3: the person's table breaks; they are sent ``moved``, join the new
    table with their token, are dealt in and act there; chips are conserved
    and they never see another seat's cards (R6)."""
    server, client = app
    with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as ws2:
        watcher = Player(ws2)
        watcher.send({"type": "join", "table": 0})
        assert watcher.until(lambda m: m["type"] == "welcome")["seat"] is None
        me = Player(ws)
        me.send({"type": "join", "table": 0})
        me.until(lambda m: m["type"] == "welcome")
        me.send({"type": "register", "name": "Me"})
        registered = me.until(lambda m: m["type"] == "registered")
        token = registered["token"]
        assert registered["registered"] == 4  # the three bots and me: it starts
        start = me.until(lambda m: m["type"] == "moved")
        assert (start["table"], start["seat"], start["reason"]) == (1, 0, "start")
        me.send({"type": "join", "table": 1, "token": token})
        welcome = me.until(lambda m: m["type"] == "welcome")
        assert (welcome["table"], welcome["seat"]) == (1, 0)
        moved = me.until(lambda m: m["type"] == "moved")
        assert moved["table"] == 0 and moved["from_table"] == 1 and moved["reason"] == "break"
        assert me.turns.get(1, 0) >= 1
        me.shove = False  # keep playing, passively, at the new table
        me.send({"type": "join", "table": 0, "token": token})
        welcome = me.until(lambda m: m["type"] == "welcome")
        assert (welcome["table"], welcome["seat"]) == (0, moved["seat"])
        assert welcome["seats"][moved["seat"]]["name"] == "Me"
        first = me.until(
            lambda m: (
                m["type"] == "events"
                and any(e["t"] == "hand" and "Me" in e["names"] for e in m["events"])
            )
        )
        dealt = next(e for e in first["events"] if e["t"] == "hand" and "Me" in e["names"])
        i = dealt["names"].index("Me")
        assert dealt["seats"][i] == moved["seat"]
        assert dealt["stacks"][i] == moved["chips"]  # the chips moved with the player
        me.until(lambda m: me.turns.get(0, 0) >= 1)  # and they act at the new table
        lobby = client.get("/tables").json()
        assert [t["table"] for t in lobby] == [0]
        names = [s["name"] for s in lobby[0]["seats"] if s is not None]
        assert "Me" in names and 2 <= len(names) <= 3

        async def chips() -> tuple[int, int]:  # read in the server's loop: between steps
            director = server.director
            assert director is not None
            return director.chips(), director.chips_in

        assert ws.portal.call(chips) == (1300, 1300)  # R15: no chip made or lost
        out = watcher.until(lambda m: m["type"] == "eliminated")
        assert out["place"] == 4 and out["prize"] >= 0
        assert me.leaks == [] and watcher.leaks == []
        seen = [e for m in watcher.messages if m["type"] == "events" for e in m["events"]]
        assert not any("c" in e for e in seen if e["t"] == "deal")  # a spectator: no cards


def test_r6_moved_seat_never_shows_an_earlier_holder_cards(
    app: tuple[MttServer, TestClient],
) -> None:
    """R6: after the move, the person's stream at the new table carries hole
    cards only for their own seat, and only from when they sat there."""
    server, client = app
    with client.websocket_connect("/ws") as ws:
        me = Player(ws)
        me.send({"type": "register", "name": "Me"})
        token = me.until(lambda m: m["type"] == "registered")["token"]
        me.send({"type": "join", "table": 1, "token": token})
        moved = me.until(lambda m: m["type"] == "moved" and m["reason"] == "break")
        me.shove = False
        me.send({"type": "join", "table": 1, "token": token})  # the old table: follow the move
        rejoin = me.until(lambda m: m["type"] == "moved")
        assert (rejoin["table"], rejoin["seat"], rejoin["reason"]) == (0, moved["seat"], "rejoin")
        me.send({"type": "join", "table": 0, "token": token, "after": 0})  # the whole kept stream
        me.until(lambda m: m["type"] == "welcome")
        me.until(lambda m: me.turns.get(0, 0) >= 1)
        owned = server.owned_from["Me"]
        events = [
            e
            for m in me.messages[me.messages.index(moved) :]
            if m["type"] == "events"
            for e in m["events"]
        ]
        cards = [e for e in events if e["t"] == "deal" and "c" in e]
        assert cards and all(e["s"] == moved["seat"] and e["n"] > owned for e in cards)
        assert me.leaks == []


def test_registration_errors_and_settings() -> None:
    server = MttServer(settings(layout=None, bot_names=(), bots=3))
    with TestClient(create_mtt_app(server)) as client, client.websocket_connect("/ws") as ws:
        p = Player(ws)
        p.send({"type": "register", "name": ""})
        assert p.until(lambda m: m["type"] == "error")["code"] == "bad_name"
        p.send({"type": "register", "name": "Bot 1"})
        assert p.until(lambda m: m["type"] == "error")["code"] == "bad_name"  # the bots'
        p.send({"type": "act", "action": "fold", "decision": 1})
        assert p.until(lambda m: m["type"] == "error")["code"] == "not_seated"
        assert client.get("/tables").json() == []
        assert client.get("/tournament").json()["registered"] == 3
    with pytest.raises(ConfigError, match="bots"):
        MttSettings(players=4, bots=5).check()
    with pytest.raises(ConfigError, match="seats"):
        MttSettings(seats=11).check()


def test_bots_fill_the_field_at_the_start_time() -> None:
    """``start_seconds`` after start-up the empty entries are bots and the
    person is sent their seat (``moved``, reason ``start``, R15.1)."""
    server = MttServer(settings(layout=None, bot_names=(), bots=1, players=5, start_seconds=0.3))
    with TestClient(create_mtt_app(server)) as client, client.websocket_connect("/ws") as ws:
        p = Player(ws)
        p.send({"type": "register", "name": "Ann"})
        assert p.until(lambda m: m["type"] == "registered")["registered"] == 2
        p.send({"type": "register", "name": "Ann2"})
        assert p.until(lambda m: m["type"] == "error")["code"] == "registered"
        start = p.until(lambda m: m["type"] == "moved")
        assert start["reason"] == "start" and start["token"]
        info = client.get("/tournament").json()
        assert info["started"] and info["registered"] == 5
        assert sorted(info["tables"]) == [0, 1]  # 5 players, 3 seats: two tables (R15.1)
        assert all(t["mtt"] for t in client.get("/tables").json())

        async def seated_and_out() -> int:  # read in the server's loop: between steps
            assert server.director is not None
            seated = sum(server.summary(n)["taken"] for n in server.director.tables)
            return seated + len(server.results)

        assert ws.portal.call(seated_and_out) == 5  # everyone seated once, or out
        level = p.until(lambda m: m["type"] == "level")  # R15.5: sent to everyone
        assert (level["small_blind"], level["big_blind"]) == (10, 20)
        with client.websocket_connect("/ws") as ws2:
            late = Player(ws2)
            late.send({"type": "register", "name": "Late"})
            assert late.until(lambda m: m["type"] == "error")["code"] == "started"


def test_cli_serve_mtt_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    from holdem.cli.command import main

    assert main(["serve", "--mtt", "1", "--port", "1"]) == 2
    assert "players: must be a whole number >= 2" in capsys.readouterr().err
    assert main(["serve", "--mtt", "5", "--blinds", "10", "--port", "1"]) == 2
    assert "blinds: SB/BB" in capsys.readouterr().err


def poll(player: Player, seconds: float = 0.05) -> list[dict[str, Any]]:
    """Every message ``player`` has been sent until none comes for ``seconds``."""
    got = []
    while True:
        try:
            message = receive(player.ws, seconds)
        except TimeoutError:
            return got
        player.messages.append(message)
        if message["type"] == "welcome":
            player.table, player.seat = message["table"], message["seat"]
        elif message["type"] == "events":
            for e in message["events"]:
                player._event(e)
        got.append(message)


def test_r15_2_balancing_moves_a_person_who_plays_on() -> None:
    """R15.2: four people at table 1, two bots at table 2: after the first hand
    the player due the big blind at table 1 moves to table 2; that person is
    sent ``moved`` (reason ``balance``), follows and is dealt in there."""
    layout = {
        1: {0: ("A", 1000), 1: ("B", 1000), 2: ("C", 1000), 3: ("D", 1000)},
        2: {0: ("Cy", 1000), 2: ("Eve", 1000)},
    }
    server = MttServer(
        settings(players=6, seats=4, layout=layout, bot_names=("Cy", "Eve"), hands_per_level=50)
    )
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(create_mtt_app(server)))
        people = {}
        for name in "ABCD":
            p = Player(stack.enter_context(client.websocket_connect("/ws")))
            p.shove = False
            p.send({"type": "register", "name": name})
            people[name] = p
        for p in people.values():
            token = p.until(lambda m: m["type"] == "registered")["token"]
            start = p.until(lambda m: m["type"] == "moved")
            assert start["table"] == 0
            p.send({"type": "join", "table": 0, "token": token})
        moved = None
        for _ in range(400):
            for name, p in people.items():
                for m in poll(p):
                    if m["type"] == "moved" and m["reason"] == "balance":
                        moved = (name, p, m)
            if moved is not None:
                break
        assert moved is not None, "nobody was moved"
        name, mover, message = moved
        assert (message["table"], message["from_table"]) == (1, 0)
        mover.send({"type": "join", "table": 1, "token": message["token"]})
        for _ in range(400):
            for p in people.values():
                poll(p)
            if mover.turns.get(1, 0) >= 1:
                break
        assert mover.turns.get(1, 0) >= 1  # dealt in and asked to act at the new table
        assert all(p.leaks == [] for p in people.values())

        async def chips() -> int:
            assert server.director is not None
            return server.director.chips()

        assert mover.ws.portal.call(chips) == 6000  # R15: no chip made or lost


def test_join_a_table_that_does_not_exist_is_no_table() -> None:
    """As at the cash server, ``join`` for a table that is not open is
    refused with ``no_table`` (one line), table 0 being the lobby before the
    start; the started tournament's tables 0 and 1 welcome."""
    server = MttServer(settings(layout=None, bot_names=(), bots=4, start_seconds=0))
    with TestClient(create_mtt_app(server)) as client, client.websocket_connect("/ws") as ws:
        p = Player(ws)
        for table, shown in ((99, "99"), (10**30, "<a 100-bit number>"), (2, "2")):
            p.send({"type": "join", "table": table})
            error = p.until(lambda m: m["type"] == "error")
            assert error["code"] == "no_table"
            assert error["message"] == f"no table {shown} (the tables: 0, 1)"
        for table in (0, 1):
            p.send({"type": "join", "table": table})
            assert p.until(lambda m: m["type"] == "welcome")["table"] == table


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Ann\x00", "bad_name"),
        ("\u200b\u200b", "bad_name"),
        ("\u202eAnn", "bad_name"),
        ("A\tnn", "bad_name"),
        ("x" * 25, "bad_name"),
        ("Bot 2", "bad_name"),
        ("bot 7", "bad_name"),
        ("carl", "name_taken"),
        ("CARL ", "name_taken"),
    ],
)
def test_names_follow_the_cash_server_rules(name: str, code: str) -> None:
    """A person's name: 1 to 24 printable characters (no NUL, zero-width or
    direction-override character), unique whatever the case, not a bot's."""
    server = MttServer(settings(layout=None, bot_names=(), bots=0, players=4))
    assert server.register("Carl").name == "Carl"
    with pytest.raises(MttError) as error:
        server.register(name)
    assert error.value.code == code
    assert server.register(" Ünal ").name == "Ünal" and server.register("x" * 24)
