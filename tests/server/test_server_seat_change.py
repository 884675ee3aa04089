"""A seat that changes hands, and a table restored while someone sits out.

Found by attacking a running ``holdem serve`` as a new user (docs/server.md,
"Security": a connection only ever receives its own seat's cards and acts only
for the seat it holds):

- the stream keeps the previous hand, so a person who took a seat could ask
  for ``since`` 0 and read the hole cards the seat's previous holder folded;
- a second connection of a player who left kept the seat number after the
  player was gone, and so acted for, and saw the cards of, the next person
  to sit there.
"""

from __future__ import annotations

import json
import logging
import warnings
from pathlib import Path

import attrs
import pytest

from conftest import require

require("starlette", "the server extra: pip install -e '.[server]'")
require("httpx", "the server extra (TestClient): pip install -e '.[server]'")

with warnings.catch_warnings():  # starlette suggests httpx2 for its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from test_server_protocol import CARD, Client  # noqa: E402

from holdem.errors import ConfigError  # noqa: E402
from holdem.server import Room, RoomError, RoomSettings, Server, create_app  # noqa: E402
from holdem.table.clock import default_action  # noqa: E402
from holdem.views.seat import seat_view  # noqa: E402

SETTINGS = RoomSettings(bots=2, agent="call", bot_delay=0, between_hands=0, decision_seconds=10)


def _play_out(room: Room) -> None:
    """Finish the hand in play: bots as their agent, people check or fold."""
    for _ in range(200):
        hand = room.table.hand
        if hand is None:
            return
        assert hand.to_act is not None
        seat = room.table.hand_seats[hand.to_act]
        agent = room.players[seat].agent
        legal = hand.legal_actions()
        assert legal is not None
        room._act_now(
            seat, agent.act(seat_view(hand, hand.to_act)) if agent else default_action(legal)
        )
    raise AssertionError("the hand did not end")


def test_a_new_player_never_sees_the_previous_holders_cards() -> None:
    """Security: Carl takes the seat Ann left; the kept stream of Ann's hand
    shows Carl the seat's deal without its cards, as a spectator sees it."""
    room = Room(0, SETTINGS, clock=lambda: 0.0)
    ann, _ = room.sit("Ann")
    room._rebuy()
    assert room._start_hand()
    mine = [e for e in room.since(ann, 0)[1] if e["t"] == "deal" and e["s"] == ann]
    assert len(mine) == 1 and len(mine[0]["c"]) == 4  # Ann sees her own cards
    room.leave(ann)
    _play_out(room)
    room._rebuy()
    assert room.seats()[ann] is None
    carl, _ = room.sit("Carl")
    assert carl == ann
    _, events = room.since(carl, 0)  # Ann's hand is still kept in the stream
    assert any(e["t"] == "deal" and e["s"] == carl for e in events)
    assert [e for e in events if e["t"] == "deal" and "c" in e] == []
    assert events == room.since(None, 0)[1]
    # Carl's own hand: his cards, and only his.
    assert room._start_hand()
    new = room.since(carl, 0)[1]
    dealt = [e for e in new if e["t"] == "deal" and "c" in e]
    assert [e["s"] for e in dealt] == [carl]
    assert dealt[0]["n"] > events[-1]["n"]
    assert dealt[0]["c"] == "".join(room.table.hand.hole_cards(room.table.hand_seats.index(carl)))  # type: ignore[union-attr]


def test_a_second_connection_loses_the_seat_when_its_player_leaves() -> None:
    """Security: Ann's second tab asks to leave; her first tab may neither act
    for the seat nor see the cards of Carl, who sits there next."""
    server = Server(1, SETTINGS)
    with TestClient(create_app(server)) as client:
        with client.websocket_connect("/ws") as ws_a, client.websocket_connect("/ws") as ws_b:
            first, second = Client(ws_a), Client(ws_b)
            first.send({"type": "join", "table": 0})
            first.send({"type": "sit", "name": "Ann"})
            seated = first.until(lambda m: m.get("type") == "seated")
            seat, token = seated["seat"], seated["token"]
            turn = first.my_turn(seat)
            second.send({"type": "join", "table": 0, "token": token})
            assert second.until(lambda m: m.get("type") == "welcome")["seat"] == seat
            second.send({"type": "leave"})
            left = first.until(lambda e: e.get("t") == "leave" and e["s"] == seat)["n"]
            first.send({"type": "act", "action": "fold", "decision": turn["d"]})
            assert first.error()["code"] == "not_seated"
            # A reconnect with the token of a player who left gets no seat.
            second.send({"type": "join", "table": 0, "token": token})
            assert second.until(lambda m: m.get("type") == "welcome")["seat"] is None
            with client.websocket_connect("/ws") as ws_c:
                carl = Client(ws_c)
                carl.send({"type": "join", "table": 0})
                carl.send({"type": "sit", "name": "Carl"})
                assert carl.until(lambda m: m.get("type") == "seated")["seat"] == seat
                carl_turn = carl.my_turn(seat)
                first.until(lambda e: e.get("t") == "turn" and e["d"] == carl_turn["d"])
                first.send({"type": "act", "action": "fold", "decision": carl_turn["d"]})
                assert first.error()["code"] == "not_seated"
                first.send({"type": "since", "after": 0})
                first.until(lambda e: e.get("t") == "turn" and e["d"] == carl_turn["d"])
                hand = server.rooms[0].hand
                assert hand is not None and hand.to_act is not None
                assert server.rooms[0].table.hand_seats[hand.to_act] == seat  # Carl still to act
                carl_cards = set(hand.hole_cards(server.rooms[0].table.hand_seats.index(seat)))
                after = [e for e in first.events + first.pending if e["n"] > left]
                assert any(e["t"] == "deal" and e["s"] == seat for e in after)
                assert not set(CARD.findall(json.dumps(after))) & carl_cards
                assert len(carl_cards) == 2 and all("legal" not in e for e in after)


def test_restore_mid_hand_while_a_person_sits_out(tmp_path: Path) -> None:
    """R14.1 with crash recovery: Bob timed out twice and sits out; the table
    saved in the middle of a hand he is not dealt in restores with the same
    hand seats, the same chips and Bob still sitting out."""
    now = [0.0]
    room = Room(0, SETTINGS, state_dir=tmp_path, clock=lambda: now[0])
    ann, _ = room.sit("Ann")
    bob, _ = room.sit("Bob")
    for _ in range(400):
        hand = room.table.hand
        if hand is None:
            room._rebuy()
            assert room._start_hand()
            continue
        assert hand.to_act is not None
        seat = room.table.hand_seats[hand.to_act]
        if bob not in room.table.hand_seats and seat != ann:
            break  # a bot to act in a hand Bob sits out of
        if seat == bob:  # Bob never answers: the clock acts for him
            now[0] += SETTINGS.decision_seconds + 1
            assert room.table.poll_clock()
            room._after_action()
        elif seat == ann:
            legal = hand.legal_actions()
            assert legal is not None
            room.act(seat, default_action(legal).kind.value, None, room.decision)
        else:
            _step_bot(room, seat)
    else:
        raise AssertionError("Bob never sat out")
    assert room.sitting_out(bob) and room.chips() == 4 * SETTINGS.buy_in
    again = Room(0, SETTINGS, state_dir=tmp_path, clock=lambda: now[0])
    assert again.table.hand_seats == room.table.hand_seats == (0, 1, ann)
    assert again.sitting_out(bob) and again.chips() == room.chips()
    assert again.seats() == room.seats()
    _play_out(again)
    assert again.chips() == 4 * SETTINGS.buy_in


def _step_bot(room: Room, seat: int) -> None:
    hand = room.table.hand
    assert hand is not None and hand.to_act is not None
    agent = room.players[seat].agent
    assert agent is not None
    room._act_now(seat, agent.act(seat_view(hand, hand.to_act)))


def test_a_request_to_leave_survives_a_crash(tmp_path: Path) -> None:
    """Crash recovery: Ann asks to leave in the middle of a hand (her page
    forgets her seat token at once) and the server is killed before the hand
    ends; the restored table still lets her go with her chips after the hand,
    instead of keeping her seat for ever."""
    room = Room(0, SETTINGS, state_dir=tmp_path, clock=lambda: 0.0)
    ann, _ = room.sit("Ann")
    room._rebuy()
    assert room._start_hand()
    room.leave(ann)
    again = Room(0, SETTINGS, state_dir=tmp_path, clock=lambda: 0.0)  # the state as saved
    assert again.players[ann].leaving and again.claim("any token") is None
    _play_out(again)
    before = again.chips()
    again._rebuy()
    assert again.seats()[ann] is None and ann not in again.players
    left = [e for e in again.since(None, 0)[1] if e["t"] == "leave"]
    assert [(e["s"], e["name"]) for e in left] == [(ann, "Ann")]
    assert again.chips() + left[0]["stack"] == before == 3 * SETTINGS.buy_in


def test_a_failed_save_never_stops_the_table(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Crash recovery: a save that fails (the disk full, the folder gone)
    must not end the table's task or an action half-way: the action stands,
    the failure is logged once with the file and its reason, and saving
    resumes when it can."""
    (tmp_path / "state").mkdir()
    room = Room(0, SETTINGS, state_dir=tmp_path / "state", clock=lambda: 0.0)
    ann, _ = room.sit("Ann")
    room._rebuy()
    assert room._start_hand()
    saved = tmp_path / "state" / "table-0.json"
    (tmp_path / "state").rename(tmp_path / "gone")
    with caplog.at_level(logging.WARNING, logger="holdem.server"):
        _play_out(room)  # every action tries to save
        room._rebuy()
        assert room._start_hand()
    failures = [r for r in caplog.records if "cannot save" in r.getMessage()]
    assert len(failures) == 1 and str(saved) in failures[0].getMessage()
    assert room.chips() == 3 * SETTINGS.buy_in and room.hand_number == 2
    (tmp_path / "gone").rename(tmp_path / "state")
    _play_out(room)
    again = Room(0, SETTINGS, state_dir=tmp_path / "state", clock=lambda: 0.0)
    assert again.table.hands_played == 2 and again.chips() == 3 * SETTINGS.buy_in


def test_a_person_away_too_long_gives_the_seat_up() -> None:
    """R14.1 keeps a sitting-out player's seat; the server frees it after
    ``away_seconds`` so that people who closed the page (or connections
    opened only to take seats) cannot hold a table's seats for ever. They
    leave between hands with their chips; one who comes back in time keeps
    the seat."""
    now = [0.0]
    settings = attrs.evolve(SETTINGS, away_seconds=300.0)
    room = Room(0, settings, clock=lambda: now[0])
    ann, _ = room.sit("Ann")
    bob, bob_token = room.sit("Bob")
    assert room._away_in() is None  # nobody sits out
    for _ in range(400):
        hand = room.table.hand
        if hand is None:
            if room.sitting_out(ann) and room.sitting_out(bob):
                break
            room._rebuy()
            assert room._start_hand()
            continue
        assert hand.to_act is not None
        seat = room.table.hand_seats[hand.to_act]
        if room.players[seat].agent is None:  # nobody answers: the clock acts
            now[0] += settings.decision_seconds + 1
            assert room.table.poll_clock()
            room._after_action()
        else:
            _step_bot(room, seat)
    else:
        raise AssertionError("Ann and Bob never sat out")
    ann_out = room._out_since[ann]
    ann_stack = room.table.seats[ann].stack  # type: ignore[union-attr]
    # The table's task wakes when the first of them has been away too long,
    # even with nobody to deal in.
    assert room._away_in() == pytest.approx(min(room._out_since.values()) + 300.0 - now[0])
    assert room.claim(bob_token) == bob  # Bob is back in time
    now[0] = ann_out + 299.0
    room._rebuy()
    assert ann in room.players and room.sitting_out(ann) and not room.sitting_out(bob)
    assert room._away_in() == pytest.approx(1.0)
    now[0] = ann_out + 300.0
    room._rebuy()
    assert ann not in room.players and room.seats()[ann] is None and bob in room.players
    left = [e for e in room.since(None, 0)[1] if e["t"] == "leave"]
    assert [(e["s"], e["name"], e["stack"]) for e in left] == [(ann, "Ann", ann_stack)]
    assert room._away_in() is None


def test_away_seconds_is_checked() -> None:
    with pytest.raises(ConfigError) as error:
        attrs.evolve(SETTINGS, away_seconds=0).check()
    assert error.value.field == "away_seconds"


def test_a_decision_number_is_a_whole_number() -> None:
    """Stale actions (issue 12): an action answers decision ``d`` only with
    the whole number ``d``; ``d`` as a float (``14.0`` in JSON) or a bool
    is refused like a stale number and nothing changes."""
    room = Room(0, SETTINGS, clock=lambda: 0.0)
    ann, _ = room.sit("Ann")
    room._rebuy()
    assert room._start_hand()
    while room.table.hand_seats[room.table.hand.to_act] != ann:  # type: ignore[union-attr]
        _step_bot(room, room.table.hand_seats[room.table.hand.to_act])  # type: ignore[union-attr]
    d = room.decision
    legal = room.table.hand.legal_actions()  # type: ignore[union-attr]
    assert isinstance(d, int) and legal is not None
    kind = default_action(legal).kind.value
    for wrong in (float(d), str(d), None, True):
        with pytest.raises(RoomError) as refused:
            room.act(ann, kind, None, wrong)
        assert refused.value.code == "stale_decision" and room.decision == d
    room.act(ann, kind, None, d)
    assert room.decision != d


def test_a_table_task_that_fails_is_logged_at_once(caplog: pytest.LogCaptureFixture) -> None:
    """A table's task that ends with an error (a bug) froze the table
    silently until the server stopped; it is logged at once, naming the
    table, with the traceback."""
    server = Server(2, SETTINGS)

    async def broken() -> None:
        raise RuntimeError("a bug in the table loop")

    server.rooms[1].run = broken  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR, logger="holdem.server"):
        with TestClient(create_app(server)) as client:
            for _ in range(100):
                if caplog.records:
                    break
                client.get("/tables")  # let the event loop run
            assert client.get("/tables").status_code == 200  # the server still serves
    [record] = [r for r in caplog.records if r.name == "holdem.server"]
    assert "table 1 stopped" in record.getMessage() and record.exc_info is not None
    assert "a bug in the table loop" in str(record.exc_info[1])
