"""The ``history`` message (issues 18 and 22): a player downloads the hands
they played at the table in PokerStars text, in their own view only (R6:
their hole cards, the board and the hands shown at the showdown, never a
folded or mucked hand's cards); a spectator gets nothing. In-process through
Starlette's TestClient; every wait is bounded."""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

from conftest import require

require("starlette", "the server extra: pip install -e '.[server]'")
require("httpx", "the server extra (TestClient): pip install -e '.[server]'")

with warnings.catch_warnings():  # starlette suggests httpx2 for its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from test_server_protocol import Client  # noqa: E402

from holdem import Hand, TableConfig  # noqa: E402
from holdem.engine.betting import Action, Kind  # noqa: E402
from holdem.records.sites import import_text  # noqa: E402
from holdem.selfplay.agents import make_agent  # noqa: E402
from holdem.server import RoomSettings, Server, create_app  # noqa: E402
from holdem.server.histories import HAND_BASE, Histories  # noqa: E402
from holdem.server.room import Room, token_hash  # noqa: E402
from holdem.server.room_model import Player  # noqa: E402

CARD = re.compile(r"[2-9TJQKA][cdhs]")
BRACKETS = re.compile(r"\[([^\]]*)\]")
HEADER = re.compile(r"^PokerStars Hand #(\d+):", re.M)
HANDS = 4


def bracketed_cards(text: str) -> set[str]:
    """Every card a PokerStars text writes (in brackets only: a hand's
    description, ``a pair of Aces``, is not a card)."""
    return {card for inside in BRACKETS.findall(text) for card in CARD.findall(inside)}


def by_hand(text: str) -> dict[int, str]:
    """The hands of a PokerStars file by the table's hand number."""
    starts = [(m.start(), int(m.group(1))) for m in HEADER.finditer(text)]
    ends = [s for s, _ in starts[1:]] + [len(text)]
    return {n % HAND_BASE: text[s:e] for (s, n), e in zip(starts, ends, strict=True)}


def public_cards(events: list[dict[str, Any]]) -> dict[int, set[str]]:
    """The cards everyone may see, by hand number: the board, the hands
    turned up before a run-out and the hands shown (a spectator's stream)."""
    out: dict[int, set[str]] = {}
    number = 0
    for e in events:
        if e["t"] == "hand":
            number = e["h"]
            out[number] = set()
        elif e["t"] in ("board", "show", "allin", "reveal") and number:
            out[number] |= set(CARD.findall(str(e.get("c", ""))))
    return out


def own_cards(events: list[dict[str, Any]], seat: int) -> dict[int, set[str]]:
    """A player's hole cards by hand number (their own stream)."""
    out: dict[int, set[str]] = {}
    number = 0
    for e in events:
        if e["t"] == "hand":
            number = e["h"]
        elif e["t"] == "deal" and e.get("s") == seat and "c" in e:
            out[number] = set(CARD.findall(e["c"]))
    return out


def play(players: dict[int, Client], watcher: Client, hands: int) -> None:
    """Play until ``hands`` hands have ended: table seat 1 bets or raises
    the least it may and folds every third decision when it owes chips, the
    other people call or check (bots play by themselves)."""
    ends = decisions = 0
    while ends < hands:
        event = watcher.until(lambda e: e.get("t") in ("turn", "end", "busted"))
        if event["t"] == "end":
            ends += 1
            continue
        if event["t"] == "busted":
            if event["s"] in players:
                players[event["s"]].send({"type": "buy", "chips": 200})
            continue
        if event["s"] not in players:
            continue  # a bot
        person = players[event["s"]]
        turn = person.until(lambda e, d=event["d"]: e.get("t") == "turn" and e["d"] == d)
        legal = turn["legal"]
        decisions += 1
        message: dict[str, Any] = {"type": "act", "decision": turn["d"]}
        if event["s"] == 1 and decisions % 3 == 0 and legal["call"]:
            message["action"] = "fold"
        elif event["s"] == 1 and "min" in legal:
            message.update(action=legal["w"], amount=legal["min"])
        else:
            message["action"] = "call" if legal["call"] else "check"
        person.send(message)


def test_r6_a_player_downloads_their_own_hands_only() -> None:
    """Ann and Bea play with a bot while a spectator watches. Ann's download
    has every hand she played (``matched`` by the importer), her own cards in
    each, and no card she may not see: Bea's and the bot's folded or mucked
    cards never appear. Bea, seated during the first hand, gets the hands she
    was dealt into from the next one, in her own view. The spectator gets an
    error; a token that played nothing gets no hand."""
    settings = RoomSettings(
        size=3, bots=1, agent="call", bot_delay=0, between_hands=0, decision_seconds=60
    )
    server = Server(1, settings)
    with TestClient(create_app(server)) as client:
        with (
            client.websocket_connect("/ws") as w1,
            client.websocket_connect("/ws") as w2,
            client.websocket_connect("/ws") as w3,
        ):
            ann, bea, spectator = Client(w1), Client(w2), Client(w3)
            spectator.send({"type": "join", "table": 0})
            spectator.until(lambda m: m.get("type") == "welcome")
            tokens = {}
            for seat, person, name in ((1, ann, "Ann"), (2, bea, "Bea")):
                person.send({"type": "join", "table": 0})
                person.until(lambda m: m.get("type") == "welcome")
                person.send({"type": "sit", "name": name, "seat": seat})
                tokens[seat] = person.until(lambda m: m.get("type") == "seated")["token"]
            play({1: ann, 2: bea}, spectator, HANDS)

            spectator.send({"type": "history"})
            refused = spectator.error()
            assert refused["code"] == "not_seated"
            spectator.send({"type": "history", "token": "no-such-token"})
            nobody = spectator.until(lambda m: m.get("type") == "history")
            assert (nobody["hands"], nobody["text"]) == (0, "")

            public = public_cards(spectator.events)
            texts = {}
            for seat, person, name, other in ((1, ann, "Ann", "Bea"), (2, bea, "Bea", "Ann")):
                person.send({"type": "history"})
                answer = person.until(lambda m: m.get("type") == "history")
                text = texts[seat] = answer["text"]
                dealt_in = {
                    e["h"] for e in spectator.events if e["t"] == "hand" and seat in e["seats"]
                }
                assert answer["table"] == 0
                hands = by_hand(text)
                # every hand played to its end, and only hands this seat was dealt
                assert dealt_in & set(range(1, HANDS + 1)) <= set(hands) <= dealt_in
                assert len(hands) == answer["hands"]
                mine = own_cards(person.events, seat)
                for number, hand_text in hands.items():
                    assert f"Dealt to {name} [" in hand_text
                    assert f"Dealt to {other} " not in hand_text
                    assert "Dealt to Bot 1 " not in hand_text
                    assert bracketed_cards(hand_text) <= public[number] | mine[number], number
                    dealt = re.search(rf"Dealt to {name} \[([^\]]*)\]", hand_text)
                    assert dealt is not None and set(dealt.group(1).split()) == mine[number]
                imported = import_text(text, f"{name}.txt")
                assert len(imported) == answer["hands"]
                assert [h.status for h in imported] == ["matched"] * len(imported)
            # the seat token alone gives Bea's hands (as after leaving the table)
            spectator.send({"type": "history", "token": tokens[2]})
            by_token = spectator.until(lambda m: m.get("type") == "history")
            assert by_token["text"] == texts[2] and by_token["hands"] >= HANDS - 1


def test_histories_keep_the_last_hands_and_only_the_players_dealt_in() -> None:
    """The room keeps at most ``keep`` finished hands; a hand is listed for
    the token hashes dealt into it, with their hand seat, and never for a bot."""
    histories = Histories(0, 6, keep=2, clock=lambda: 0.0)
    config = TableConfig(stacks=[100, 100], small_blind=1, big_blind=2, names=["Ann", "Bot"])
    people = {3: Player("Ann", token_hash="a" * 64), 5: Player("Bot", make_agent("call"))}
    for number in (1, 2, 3):
        hand = Hand(config, seed=number)
        histories.begin(hand, number, (3, 5), people)
        hand.fold(hand.to_act or 0)
        histories.finish(hand)
    assert len(histories) == 2
    assert [(p.number, seat) for p, seat in histories.played("a" * 64)] == [(2, 0), (3, 0)]
    count, text = histories.text("a" * 64)
    assert count == 2 and text.count("PokerStars Hand #") == 2
    assert "1970/01/01 00:00:00 UTC" in text and "#1000000003:" in text
    assert "Table 'holdem 1' 6-max" in text  # the table's size and own seat numbers
    assert "\nSeat 4: Ann (100 in chips)\nSeat 6: Bot (100 in chips)\n" in text
    assert histories.played("b" * 64) == []


def test_a_hand_in_play_at_a_restart_is_kept_once_it_ends(tmp_path: Path) -> None:
    """The server stops in the middle of Ann's first hand (``--state-dir``);
    the restored table plays it to its end and it is in her history, with the
    hands after it, numbered as the table numbers them."""
    settings = RoomSettings(size=2, bots=1, agent="call", bot_delay=0, between_hands=0)
    room = Room(0, settings, state_dir=tmp_path)
    seat, token = room.sit("Ann")
    room._rebuy()
    assert room._start_hand()
    assert len(room.histories) == 0
    restored = Room(0, settings, state_dir=tmp_path)
    for number in (1, 2):
        hand = restored.hand
        assert hand is not None and restored.hand_number == number
        while not hand.is_over:
            to_act = hand.to_act
            assert to_act is not None
            kind = Kind.CHECK if hand.legal_actions().can_check else Kind.CALL  # type: ignore[union-attr]
            restored.table.act(restored.table.hand_seats[to_act], Action(kind))
            restored._after_action()
        restored._rebuy()
        assert restored._start_hand()
    count, text = restored.histories.text(token_hash(token))
    assert count == 2 and [n for n in by_hand(text)] == [1, 2]
    assert text.count("Dealt to Ann [") == 2 and "Dealt to Bot 1 " not in text
    assert [h.status for h in import_text(text, "ann.txt")] == ["matched", "matched"]
