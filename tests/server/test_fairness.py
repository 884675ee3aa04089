"""A deal players can verify (issue 22): the server commits to each hand's
deck before dealing it and reveals it after; ``holdem verify-deal`` and
:func:`holdem.views.fairness.verify_messages` check a played hand (R5.4, R6)."""

from __future__ import annotations

import copy
import json
import random
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli

from conftest import require
from holdem.views.fairness import (
    CommittedDeck,
    board_positions,
    check_opening,
    commitment_of,
    hole_positions,
    verify_messages,
)

CARD = re.compile(r"[2-9TJQKA][cdhs]")


def test_committed_deck_round_trip_and_tamper() -> None:
    deck = CommittedDeck("table 0 hand 1 seats 6", size=6, rng=random.Random(1))
    assert sorted(deck.deck) == sorted(set(deck.deck)) and len(deck.deck) == 52
    assert deck.commitment == commitment_of(deck.label, deck.leaves)
    assert CommittedDeck.from_dict(json.loads(json.dumps(deck.to_dict()))).commitment == (
        deck.commitment
    )
    assert deck.hole_cards(2) == deck.deck[4] + deck.deck[5]
    assert deck.board(1) == "".join(deck.deck[12:17])
    opened = deck.opening([*hole_positions(0), *board_positions(6, 5)])
    assert check_opening(deck.commitment, deck.label, deck.leaves, opened) == []
    forged = dict(opened)
    forged["0"] = [deck.deck[51], opened["0"][1]]  # another card at position 0
    assert check_opening(deck.commitment, deck.label, deck.leaves, forged)
    other = CommittedDeck(deck.label, size=6, rng=random.Random(2))
    assert check_opening(deck.commitment, deck.label, other.leaves, {}) != []


def _play_hands(hands: int = 2) -> tuple[list[dict[str, Any]], list[dict[str, Any]], Any]:
    """Ann plays ``hands`` hands against two bots (check or call): her stream
    and a spectator's, and the server."""
    require("starlette", "the server extra: pip install -e '.[server]'")
    require("httpx", "the server extra (TestClient): pip install -e '.[server]'")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from test_server_protocol import SETTINGS, joined

    from holdem.server import Server, create_app

    server = Server(1, SETTINGS)
    with TestClient(create_app(server)) as client:
        with joined(client) as spectator, joined(client) as me:
            me.send({"type": "sit", "name": "Ann"})
            seat = me.until(lambda m: m.get("type") == "seated")["seat"]
            played = 0
            while played < hands:
                event = me.until(
                    lambda e: (
                        (e.get("t") == "turn" and e["s"] == seat and "legal" in e)
                        or (e.get("t") == "opening" and e["s"] == seat)
                    )
                )
                if event["t"] == "opening":
                    played += 1
                    continue
                action = "check" if event["legal"]["check"] else "call"
                me.send({"type": "act", "action": action, "decision": event["d"]})
            last = me.events[-1]["n"]
            spectator.until(lambda e: e.get("n") == last)
            return me.events, spectator.events, server


def test_a_played_hand_verifies_for_the_player_and_a_spectator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R5.4: the commitment comes before the hand's first card, the reveal
    after its last; the player's own cards, the board and shown hands are the
    committed deck's; mucked and other hole cards stay unopened to others (R6)."""
    mine, public, _ = _play_hands(2)
    hands = [e for e in mine if e["t"] == "hand"]
    assert all(len(h["commit"]["hash"]) == 64 for h in hands)
    first = mine.index(hands[0])
    assert not [e for e in mine[:first] if e["t"] in ("deal", "board")]  # nothing dealt before
    checks = verify_messages(mine)
    assert len(checks) >= 2 and all(c.ok for c in checks), [str(c) for c in checks]
    assert all(c.checked >= 2 for c in checks)  # at least her own two cards each hand
    spectator_checks = verify_messages(public)
    assert spectator_checks and all(c.ok for c in spectator_checks)
    # A spectator sees no opening of hole cards that were not shown.
    shown = {(e["s"], e["c"]) for e in public if e["t"] == "show"}
    for event in public:
        if event["t"] == "opening":
            assert "open" not in event
        if event["t"] == "deck":
            opened_cards = {card for card, _ in event["open"].values()}
            dealt = {c for e in public if e["t"] == "board" for c in CARD.findall(e["c"])}
            assert opened_cards <= dealt | {c for _, cs in shown for c in CARD.findall(cs)}
    # The command line: a file of the messages, then a tampered copy.
    path = tmp_path / "stream.json"
    path.write_text(json.dumps(mine))
    status, out, err = run_cli(capsys, "verify-deal", str(path))
    assert status == 0 and err == ""
    assert out.count("deal verified") == len(checks)
    tampered = copy.deepcopy(mine)
    board = next(e for e in tampered if e["t"] == "board")
    cards = CARD.findall(board["c"])
    unused = next(c for c in (r + s for r in "23456789TJQKA" for s in "cdhs") if c not in cards)
    board["c"] = unused + "".join(cards[1:])
    path.write_text("\n".join(json.dumps(e) for e in tampered))
    status, out, _ = run_cli(capsys, "verify-deal", str(path))
    assert status == 1 and "NOT verified" in out


def test_a_forged_reveal_is_refused() -> None:
    """A reveal whose leaves are not the committed ones fails, even when every
    opened card matches its (forged) leaf."""
    mine, _, _ = _play_hands(1)
    forged = copy.deepcopy(mine)
    commit = next(e for e in forged if e["t"] == "hand")["commit"]
    other = CommittedDeck(commit["label"], size=commit["size"], rng=random.Random(9))
    for event in forged:
        if event["t"] == "deck":
            event["leaves"] = list(other.leaves)
    assert not verify_messages(forged)[0].ok


def test_verify_deal_bad_input_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.json"
    path.write_text("{not json")
    status, out, err = run_cli(capsys, "verify-deal", str(path))
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    path.write_text("[]")
    status, _, err = run_cli(capsys, "verify-deal", str(path))
    assert status == 2 and "no committed hand" in err


def test_the_committed_deck_survives_a_restart(tmp_path: Path) -> None:
    """A table saved in the middle of a hand keeps its committed deck: after a
    restart the same commitment is published again and the hand is revealed."""
    require("starlette", "the server extra: pip install -e '.[server]'")
    from test_server_protocol import SETTINGS

    from holdem.server.room import Room

    room = Room(0, SETTINGS, state_dir=tmp_path)
    room.sit("Ann")
    room._rebuy()
    assert room._start_hand()
    commit = [e for e in room.stream.since(None, 0)[1] if e["t"] == "hand"][-1]["commit"]
    again = Room(0, SETTINGS, state_dir=tmp_path)
    recommit = [e for e in again.stream.since(None, 0)[1] if e["t"] == "hand"][-1]["commit"]
    assert recommit == commit
    saved = json.loads((tmp_path / "table-0.json").read_text())
    saved["deal"]["deck"] = saved["deal"]["deck"][2:] + saved["deal"]["deck"][:2]
    (tmp_path / "table-0.json").write_text(json.dumps(saved))
    with pytest.raises(Exception, match="deal"):
        Room(0, SETTINGS, state_dir=tmp_path)


def test_every_run_of_the_board_is_the_committed_deck_R12() -> None:
    """R12.2: with the board run twice, run 2's cards are the committed deck's
    next positions; the player and a spectator both verify the hand."""
    require("starlette", "the server extra: pip install -e '.[server]'")
    from holdem.engine.betting import Action, Kind
    from holdem.server import RoomSettings
    from holdem.server.room import Room

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
    while hand.run_seat is not None:
        room.runs(room.table.hand_seats[hand.run_seat], 2, room.decision)
    assert hand.is_over and hand.run_count == 2
    mine = room.since(seat, 0)[1]
    later = [e for e in mine if e["t"] == "board" and e.get("r") == 2]
    assert later and sum(len(e["c"]) // 2 for e in later) == 5
    for stream in (mine, room.since(None, 0)[1]):
        checks = verify_messages(stream)
        assert [c.ok for c in checks] == [True] and checks[0].checked >= 10, str(checks[0])
