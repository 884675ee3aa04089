"""The server side of the page's new features (issue 22), in-process through
Starlette's TestClient: the ``pots``, ``allin`` and ``equity`` stream
messages never give an opponent or a spectator a card it may not see (R6),
the ``away`` message (sit out next hand, wait for the big blind, R14) and
the lobby's ``GET /tables``. Every wait is bounded."""

from __future__ import annotations

import functools
import re
import warnings
from typing import Any

import pytest

from conftest import require

require("starlette", "the server extra: pip install -e '.[server]'")
require("httpx", "the server extra (TestClient): pip install -e '.[server]'")

with warnings.catch_warnings():  # starlette suggests httpx2 for its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from test_server_protocol import Client  # noqa: E402

from holdem.engine.cards import DECK  # noqa: E402
from holdem.server import RoomSettings, Server, create_app, deal  # noqa: E402
from holdem.views.fairness import CommittedDeck  # noqa: E402
from holdem.views.streams import encode  # noqa: E402

CARD = re.compile(r"[2-9TJQKA][cdhs]")
HANDS = 3


def _check_stream(events: list[dict[str, Any]], own: int | None) -> int:
    """R6 on one connection's stream: every card in it is its own (seat
    ``own``), the board, or a hand turned up (``allin``) or shown; a turned-up
    hand is the one shown at the showdown, and no betting follows it.
    Returns the number of ``allin`` messages seen."""
    hands: list[list[dict[str, Any]]] = []
    for event in events:
        if event["t"] == "hand":
            hands.append([])
        if hands:
            hands[-1].append(event)
    reveals = 0
    for hand in hands:
        shown = {e["s"]: e["c"] for e in hand if e["t"] == "show"}
        known: set[str] = set()
        closed = False
        for e in hand:
            kind = e["t"]
            if kind == "deal" and "c" in e:
                assert e["s"] == own, "another seat's hole cards"
                known |= set(CARD.findall(e["c"]))
                continue
            if kind == "allin":
                reveals += 1
                closed = True
                for s, cards in zip(e["s"], e["c"]):
                    assert shown.get(s) == cards  # R6.4: shown at the showdown anyway
                    known |= set(CARD.findall(cards))
                continue
            if kind == "act":
                assert not closed, "betting after the hands were turned up"
            if kind in ("board", "show"):
                known |= set(CARD.findall(e["c"]))
            if kind == "show":
                assert set(CARD.findall(e["b"])) <= known
            if kind in ("pots", "equity"):
                assert not CARD.findall(encode(e))
            text = encode({k: v for k, v in e.items() if k not in ("name", "names")})
            assert set(CARD.findall(text)) <= known, e
    return reveals


def test_r6_new_messages_reach_nobody_who_may_not_see_them() -> None:
    """Two people go all-in preflop hand after hand while a spectator
    watches: each stream has the hands turned up before the run-out
    (``allin``) and the equities, and neither the opponent nor the
    spectator ever receives a card before it is turned up or shown."""
    settings = RoomSettings(size=2, bots=0, between_hands=0, decision_seconds=60)
    server = Server(1, settings)
    with TestClient(create_app(server)) as client:
        with (
            client.websocket_connect("/ws") as w1,
            client.websocket_connect("/ws") as w2,
            client.websocket_connect("/ws") as w3,
        ):
            ann, bea, spectator = Client(w1), Client(w2), Client(w3)
            players = {}
            for seat, (person, name) in enumerate(((ann, "Ann"), (bea, "Bea"))):
                person.send({"type": "join", "table": 0})
                person.until(lambda m: m.get("type") == "welcome")
                person.send({"type": "sit", "name": name, "seat": seat})
                person.until(lambda m: m.get("type") == "seated")
                players[seat] = person
            spectator.send({"type": "join", "table": 0})
            ends = 0
            while ends < HANDS:
                event = spectator.until(lambda e: e.get("t") in ("turn", "end", "busted"))
                if event["t"] == "end":
                    ends += 1
                    continue
                if event["t"] == "busted":  # asked before buying in again
                    players[event["s"]].send({"type": "buy", "chips": 200})
                    continue
                person = players[event["s"]]
                turn = person.until(lambda e, d=event["d"]: e.get("t") == "turn" and e["d"] == d)
                legal = turn["legal"]
                action = "all-in" if person is ann or not legal["call"] else "call"
                if action == "call" and legal["check"]:
                    action = "check"
                person.send({"type": "act", "action": action, "decision": turn["d"]})
            for person in (ann, bea):
                while sum(e["t"] == "end" for e in person.events) < HANDS:
                    person.until(lambda e: e.get("t") == "end")
            assert _check_stream(spectator.events, None) >= HANDS - 1
            assert _check_stream(ann.events, 0) >= HANDS - 1
            assert _check_stream(bea.events, 1) >= HANDS - 1
            kinds = {e["t"] for e in spectator.events}
            assert {"pots", "allin", "equity", "show", "pot"} <= kinds


def is_mine(event: dict[str, Any]) -> bool:
    return event.get("t") == "turn" and event["s"] == 1 and "legal" in event


def test_r14_away_sit_out_next_hand_and_back() -> None:
    """``away``: ``sit_out`` true sits the person out once the hand in play
    is over (R14.1); false brings them back (R14.2); a field that is not a
    boolean, or no seat, is refused and changes nothing."""
    settings = RoomSettings(size=2, bots=1, agent="call", bot_delay=0.05, between_hands=0)
    server = Server(1, settings)
    with TestClient(create_app(server)) as client:
        with client.websocket_connect("/ws") as ws:
            me = Client(ws)
            me.send({"type": "join", "table": 0})
            me.until(lambda m: m.get("type") == "welcome")
            me.send({"type": "away", "sit_out": True})
            assert me.error()["code"] == "not_seated"
            me.send({"type": "sit", "name": "Ann", "seat": 1})
            me.until(lambda m: m.get("type") == "seated")
            me.send({"type": "away", "sit_out": "yes"})
            error = me.error()
            assert error["code"] == "bad_message" and "sit_out" in error["message"]
            turn = me.until(lambda e: e.get("t") == "turn" and e["s"] == 1)
            me.send({"type": "away", "sit_out": True, "wait_bb": False})
            away = me.until(lambda e: e.get("t") == "away")
            assert (away["s"], away["next"]) == (1, 1)
            assert server.rooms[0].players[1].post_back  # wait_bb false: post when back
            while True:  # the hand in play is played to its end first
                action = "check" if turn["legal"]["check"] else "fold"
                me.send({"type": "act", "action": action, "decision": turn["d"]})
                turn = me.until(lambda e: e.get("t") in ("end", "sitout") or is_mine(e))
                if turn["t"] != "turn":
                    break
            assert turn["t"] == "end"
            sitout = me.until(lambda e: e.get("t") == "sitout")
            assert sitout["s"] == 1 and sitout["why"] == "by choice"
            assert server.rooms[0].sitting_out(1)
            me.send({"type": "away", "sit_out": False})
            sitin = me.until(lambda e: e.get("t") == "sitin")
            assert sitin["s"] == 1
            start = me.until(lambda e: e.get("t") == "hand")
            assert 1 in start["seats"]


def test_get_tables_is_the_lobby() -> None:
    settings = RoomSettings(size=4, bots=2, small_blind=5, big_blind=10, buy_in=400)
    server = Server(2, settings)
    with TestClient(create_app(server)) as client:
        tables = client.get("/tables").json()
    assert [t["table"] for t in tables] == [0, 1]
    assert {k: tables[1][k] for k in tables[1] if k != "seats"} == {
        "table": 1,
        "hand": 0,
        "size": 4,
        "small_blind": 5,
        "big_blind": 10,
        "min_buy_in": 200,  # 20 big blinds
        "time_bank": 0.0,
        "max_buy_in": 400,
        "taken": 2,
        "people": 0,
        "waiting": 0,
    }
    assert tables[1]["seats"][0] == {"name": "Bot 1", "stack": 400, "bot": True, "out": False}


def test_r10_2_buy_in_range_top_up_and_asked_after_busting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R10.2: a person buys in within the table's range (20 big blinds to
    ``buy_in`` by default), tops up between hands to at most ``buy_in``, and
    after busting is not bought back in silently: a ``busted`` message, they
    sit out, and only their ``buy`` puts chips back (a ``seat`` message).

    Every deck is stacked (the bot at seat 0 holds aces, the person at seat 1
    seven-deuce, the board Kh Kd Ks 9c 3h), so the person's first all-in
    busts them: with shuffled decks a person who won twice could go 40 hands
    without busting (about 2% of runs)."""
    stacked = ["As", "Ad", "7c", "2d", "Kh", "Kd", "Ks", "9c", "3h"]
    order = stacked + [card for card in DECK if card not in stacked]
    monkeypatch.setattr(deal, "CommittedDeck", functools.partial(CommittedDeck, deck=order))
    settings = RoomSettings(size=2, bots=1, agent="call", bot_delay=0.02, between_hands=0)
    server = Server(1, settings)
    with TestClient(create_app(server)) as client:
        with client.websocket_connect("/ws") as ws:
            me = Client(ws)
            me.send({"type": "join", "table": 0})
            welcome = me.until(lambda m: m.get("type") == "welcome")
            assert (welcome["settings"]["min_buy_in"], welcome["settings"]["max_buy_in"]) == (
                40,
                200,
            )
            for bad in (39, 201, "100", 1.5, True):
                me.send({"type": "sit", "name": "Ann", "seat": 1, "buy_in": bad})
                assert me.error()["code"] == "bad_buy_in"
            assert 1 not in server.rooms[0].players
            me.send({"type": "sit", "name": "Ann", "seat": 1, "buy_in": 60})
            me.until(lambda m: m.get("type") == "seated")
            # the seat shows with its 60 chips (its `seat` message, or the next `hand`
            # after the connection resumes from the seat's stream number)
            seen = me.until(
                lambda e: (e.get("t") == "seat" and e["s"] == 1) or e.get("t") == "hand"
            )
            assert (seen["stack"] if seen["t"] == "seat" else seen["stacks"][1]) == 60
            assert server.rooms[0].players[1].buy_in is None  # bought in: nothing pending
            turn = me.until(is_mine)
            me.send({"type": "buy", "chips": 150})  # a stack of 60 at most + 150 > 200
            error = me.error()
            assert error["code"] == "bad_buy_in" and "at most" in error["message"]
            me.send({"type": "buy", "chips": 20})
            busted = False
            for _ in range(40):  # all-in every hand until busted (the bot calls)
                me.send({"type": "act", "action": "all-in", "decision": turn["d"]})
                event = me.until(lambda e: e.get("t") in ("busted", "topup") or is_mine(e))
                if event["t"] == "topup":
                    assert event["a"] >= 0 and event["stack"] <= 200
                    turn = me.until(lambda e: e.get("t") == "busted" or is_mine(e))
                    event = turn
                if event["t"] == "busted":
                    busted = True
                    break
                turn = event
            assert busted, "never busted against a calling bot"
            room = server.rooms[0]
            assert room.sitting_out(1) and room.table.seats[1].stack == 0
            # Not bought back in: no `seat` message for seat 1 after `busted`.
            after = me.events[me.events.index(event) + 1 :]
            assert not any(e["t"] == "seat" and e["s"] == 1 for e in after)
            me.send({"type": "buy", "chips": 10})
            assert me.error()["code"] == "bad_buy_in"
            me.send({"type": "buy", "chips": 50})
            seat = me.until(lambda e: e.get("t") == "seat" and e["s"] == 1)
            assert seat["stack"] == 50
            start = me.until(lambda e: e.get("t") == "hand")
            assert 1 in start["seats"]
            assert start["stacks"][start["seats"].index(1)] == 50


def test_r6_3_a_player_may_show_a_losing_hand_after_it() -> None:
    """``reveal``: a player who folded shows their cards after the hand, by
    their own choice: everyone gets them (a public ``reveal``), once; nobody
    else can show them, and not once the next hand is dealt."""
    settings = RoomSettings(size=2, bots=1, agent="call", bot_delay=0.02, between_hands=1.0)
    server = Server(1, settings)
    with TestClient(create_app(server)) as client:
        with client.websocket_connect("/ws") as w1, client.websocket_connect("/ws") as w2:
            me, spectator = Client(w1), Client(w2)
            spectator.send({"type": "join", "table": 0})
            spectator.until(lambda m: m.get("type") == "welcome")
            spectator.send({"type": "reveal"})
            assert spectator.error()["code"] == "not_seated"
            me.send({"type": "join", "table": 0})
            me.until(lambda m: m.get("type") == "welcome")
            me.send({"type": "sit", "name": "Ann", "seat": 1})
            me.until(lambda m: m.get("type") == "seated")
            turn = me.until(is_mine)
            me.send({"type": "reveal"})
            assert me.error()["code"] == "no_hand_over"
            folded = False
            while not folded:  # check it down, until a hand where Ann can fold
                action = "fold" if turn["legal"]["fold"] else "check"
                folded = action == "fold"
                me.send({"type": "act", "action": action, "decision": turn["d"]})
                event = me.until(lambda e: e.get("t") == "end" or is_mine(e))
                if not folded:
                    turn = event if event["t"] == "turn" else me.until(is_mine)
            number = max(e["h"] for e in me.events if e["t"] == "hand")
            dealt = [e["c"] for e in me.events if e["t"] == "deal" and "c" in e][-1]
            me.send({"type": "reveal"})
            shown = spectator.until(lambda e: e.get("t") == "reveal")
            assert (shown["s"], shown["c"], shown["h"]) == (1, dealt, number)
            me.send({"type": "reveal"})
            assert me.error()["code"] == "already_shown"
            me.until(lambda e: e.get("t") == "hand")
            me.send({"type": "reveal"})
            assert me.error()["code"] == "no_hand_over"
            # Nothing else of Ann's reached the spectator.
            cards = {c for e in spectator.events for c in CARD.findall(encode(e))}
            board = {c for e in spectator.events if e["t"] == "board" for c in CARD.findall(e["c"])}
            shows = {
                c
                for e in spectator.events
                if e["t"] in ("show", "reveal", "allin")
                for c in CARD.findall(encode(e))
            }
            assert cards <= board | shows
