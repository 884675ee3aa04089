"""``holdem serve --mtt --late-until L --reentries N``: late registration and
re-entry (R15.8) over the WebSocket protocol, with an in-process client.
Every wait is bounded."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest

from conftest import require

require("starlette", "the server extra: pip install -e '.[server]'")
require("httpx", "the server extra (TestClient): pip install -e '.[server]'")

from holdem.engine.betting import Action, Kind  # noqa: E402
from holdem.errors import ConfigError  # noqa: E402
from holdem.server.mtt import MttServer, create_mtt_app  # noqa: E402
from tests.server.test_server_mtt import Player, TestClient, poll, settings  # noqa: E402
from tests.server.test_server_mtt_saving import until  # noqa: E402


def test_r15_8_late_registrant_opens_a_table_and_plays() -> None:
    """R15.8: six bots fill two tables of three; a person registering late is
    seated at a new table 3 (every table full), balancing moves a bot there
    (R15.2), the new table deals, and the person acts there; the pool and
    the chips grow by one entry."""
    s = settings(
        layout=None,
        bot_names=(),
        bots=6,
        players=6,
        seats=3,
        stack=2000,  # deep: nobody busts (and table 3 breaks) before the person acts
        late_until=1,
        hands_per_level=100,
        bot_delay=0.005,
        between_hands=0.01,
    )
    server = MttServer(s)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(create_mtt_app(server)))
        until(client, lambda: server.director is not None and server.director.hands >= 1)
        assert client.get("/tournament").json()["can_register"] is True
        me = Player(stack.enter_context(client.websocket_connect("/ws")))
        me.shove = False
        me.send({"type": "register", "name": "Late"})
        registered = me.until(lambda m: m["type"] == "registered")
        assert registered["registered"] == 7
        seat = me.until(lambda m: m["type"] == "moved")
        assert (seat["reason"], seat["table"]) == ("late", 2)  # director table 3
        me.send({"type": "join", "table": 2, "token": registered["token"]})
        for _ in range(400):
            poll(me)
            if me.turns.get(2, 0) >= 1:
                break
        assert me.turns.get(2, 0) >= 1  # dealt in and asked to act at the new table
        assert me.leaks == []
        info = client.get("/tournament").json()
        assert (info["entries"], info["prize_pool"]) == (7, 700)
        d = server.director
        assert d is not None
        assert client.portal.call(d.chips) == 7 * 2000  # R15.8: the late stack is in play


def shover(**changes: Any) -> Any:
    layout = {1: {0: ("Me", 20), 1: ("Ann", 1000), 2: ("Bob", 1000)}}
    base: dict[str, Any] = dict(
        players=3,
        layout=layout,
        bot_names=("Ann", "Bob"),
        late_until=1,
        reentries=1,
        hands_per_level=100,
        save_seconds=0,
    )
    base.update(changes)
    return settings(**base)


def test_r15_8_busted_person_reenters_after_a_restart(tmp_path: Path) -> None:
    """R15.8: the person shoves until they are out while entries are open:
    everyone is sent ``busted`` (``can_reenter``), they are not placed. The
    server restarts from its folder (the busted player and the entries are
    saved); the person rejoins with their token, sends ``reenter``, is seated
    (``moved``, reason ``re-entry``) with a new stack and plays on; a second
    ``reenter`` is refused (they are not out)."""
    s = shover()
    first = MttServer(s, state_dir=tmp_path)
    with TestClient(create_mtt_app(first)) as client, client.websocket_connect("/ws") as ws:
        me = Player(ws)
        me.send({"type": "register", "name": "Me"})
        token = me.until(lambda m: m["type"] == "registered")["token"]
        me.send({"type": "join", "table": 0, "token": token})
        busted = me.until(lambda m: m["type"] == "busted" and m["name"] == "Me")
        assert busted["can_reenter"] is True
        assert client.get("/tournament").json()["busted"] == ["Me"]
        assert first.results == []  # out, not placed (R15.8)
    second = MttServer(s, state_dir=tmp_path)
    d = second.director
    assert d is not None and d.busted == ("Me",) and d.can_reenter("Me")
    assert "Me" not in second.where
    with TestClient(create_mtt_app(second)) as client, client.websocket_connect("/ws") as ws:
        me = Player(ws)
        me.shove = False
        me.send({"type": "join", "table": 0, "token": token})
        assert me.until(lambda m: m["type"] == "welcome")["seat"] is None
        me.send({"type": "reenter"})
        moved = me.until(lambda m: m["type"] == "moved")
        assert (moved["reason"], moved["table"], moved["chips"]) == ("re-entry", 0, 100)
        me.send({"type": "join", "table": 0, "token": token})
        for _ in range(400):
            poll(me)
            if me.turns.get(0, 0) >= 1:
                break
        assert me.turns.get(0, 0) >= 1
        me.send({"type": "reenter"})
        error = me.until(lambda m: m["type"] == "error")
        assert error["code"] == "refused" and "not out" in error["message"]
        info = client.get("/tournament").json()
        assert (info["entries"], info["prize_pool"], info["busted"]) == (4, 400, [])
        assert client.portal.call(d.chips) == d.chips_in == 2020 + 100
        assert d.bought("Me") == (1, 0, 0)


def test_r15_8_entries_close_at_the_level_after_late_until() -> None:
    """R15.8: late registration ends with level 1: when level 2 starts,
    ``entries_closed`` is sent to everyone (the entries and the final pool)
    and registering is refused from then on. (The person's registration
    fills the field, so their connection hears everything.)"""
    s = settings(
        layout=None, bot_names=(), bots=3, players=4, seats=4, late_until=1, hands_per_level=2
    )
    server = MttServer(s)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(create_mtt_app(server)))
        me = Player(stack.enter_context(client.websocket_connect("/ws")))
        me.shove = False
        me.send({"type": "register", "name": "Me"})
        token = me.until(lambda m: m["type"] == "registered")["token"]
        start = me.until(lambda m: m["type"] == "moved")
        me.send({"type": "join", "table": start["table"], "token": token})
        closed = me.until(lambda m: m["type"] == "entries_closed")
        assert (closed["entries"], closed["players"], closed["prize_pool"]) == (4, 4, 400)
        late = Player(stack.enter_context(client.websocket_connect("/ws")))
        late.send({"type": "register", "name": "Late"})
        error = late.until(lambda m: m["type"] == "error")
        assert error["code"] == "started" and "late registration is closed" in error["message"]
        assert client.get("/tournament").json()["can_register"] is False


def test_entry_settings_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ConfigError, match="reentries"):
        check_settings(reentries=1)
    with pytest.raises(ConfigError, match="late_until"):
        check_settings(late_until=-1)
    from holdem.cli.command import main

    assert main(["serve", "--mtt", "5", "--reentries", "2", "--port", "1"]) == 2
    assert "reentries" in capsys.readouterr().err


def check_settings(**changes: Any) -> None:  # noqa: N802
    settings(**changes).check()


def test_r15_8_a_tournament_grown_by_late_registration_restarts(tmp_path: Path) -> None:
    """R15.8: late registration grew the field of 2 to 3 entrants; the
    server restarted with the same settings continues the tournament (the
    saved entrants may outnumber ``players`` by the late ones) with the
    late player at their seat and every chip accounted for."""
    s = settings(
        layout=None, bot_names=(), bots=2, players=2, seats=3, stack=2000, late_until=3,
        hands_per_level=100, save_seconds=0,
    )  # fmt: skip
    first = MttServer(s, state_dir=tmp_path)
    with TestClient(create_mtt_app(first)) as client:
        until(client, lambda: first.director is not None)
        client.portal.call(first.register, "Late")
        assert list(first.entrants) == ["Bot 1", "Bot 2", "Late"]
    d1 = first.director
    assert d1 is not None
    second = MttServer(s, state_dir=tmp_path)
    d2 = second.director
    assert d2 is not None and list(second.entrants) == ["Bot 1", "Bot 2", "Late"]
    assert sorted(d2.names) == ["Bot 1", "Bot 2", "Late"]
    assert second.where["Late"] == first.where["Late"]
    assert d2.chips() == d2.chips_in == 3 * 2000  # R15.8: three stacks in play
    assert second.tokens[first.entrants["Late"].token_hash].name == "Late"


def test_r15_8_the_filler_is_sent_chips_and_a_busted_bot_cannot_reenter() -> None:
    """R15.8: the person whose registration fills the field is sent ``moved``
    (reason ``start``) with the ``chips`` they sit with; a bot busted while
    re-entries are open is announced with ``can_reenter: false`` (a bot never
    re-enters), though the director would let that entry buy in again."""
    s = shover(layout={1: {0: ("Me", 1000), 1: ("Ann", 20), 2: ("Bob", 1000)}})
    server = MttServer(s)
    with TestClient(create_mtt_app(server)) as client, client.websocket_connect("/ws") as ws:
        me = Player(ws)
        me.shove = False
        me.send({"type": "register", "name": "Me"})
        moved = me.until(lambda m: m["type"] == "moved")
        assert (moved["reason"], moved["chips"], moved["table"]) == ("start", 1000, 0)
    server = MttServer(s)  # not served: the test plays the hand itself
    server.register("Me")
    d = server.director
    assert d is not None
    sent: list[dict[str, Any]] = []
    server._broadcast = sent.append  # type: ignore[method-assign]

    def decide(hand: Any, seat: int) -> Action:
        legal = hand.legal_actions()
        if legal.can_check or seat == 2:  # Bob folds: Me and Ann all in
            return Action(Kind.CHECK if legal.can_check else Kind.FOLD)
        return Action(Kind.ALL_IN if legal.can_all_in else Kind.CALL)

    d.play_hand(1, decide, hole_cards={0: "AsAh", 1: "7c2d", 2: "KsKh"}, board="AdAc9s4h3d")
    assert d.busted == ("Ann",) and d.can_reenter("Ann")  # the entry could buy in again
    server._events(d.drain_events())
    assert {"type": "busted", "name": "Ann", "can_reenter": False} in sent
