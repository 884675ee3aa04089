"""Crash recovery: `holdem serve --state-dir` killed with kill -9 in the middle
of a hand continues the same hand after a restart, with no chip lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import require

for _module in ("starlette", "uvicorn", "websockets"):
    require(_module, "the server extra: pip install -e '.[server]'")

from server_process import ServerProcess, WsClient  # noqa: E402

ARGS = ("--bots", "2", "--bot-delay", "0", "--decision-seconds", "60")


def _my_turn(client: WsClient, seat: int) -> dict[str, object]:
    return client.until(lambda e: e.get("t") == "turn" and e["s"] == seat and "legal" in e)


def _passive(turn: dict[str, object]) -> dict[str, object]:
    legal = turn["legal"]
    assert isinstance(legal, dict)
    return {"type": "act", "action": "check" if legal["check"] else "call", "decision": turn["d"]}


def test_kill_9_in_a_hand_then_restart_finishes_it(tmp_path: Path) -> None:
    state = tmp_path / "state"
    saved = state / "table-0.json"
    with ServerProcess(*ARGS, "--state-dir", str(state)) as server:
        client = WsClient(server.port)
        client.send({"type": "join", "table": 0})
        client.send({"type": "sit", "name": "Ann"})
        seated = client.until(lambda m: m.get("type") == "seated")
        seat, token = seated["seat"], seated["token"]
        # Play into the hand until it is past the preflop, then kill the server.
        while True:
            turn = _my_turn(client, seat)
            street = [e for e in client.events if e["t"] in ("hand", "board")][-1]
            if street["t"] == "board":
                break
            client.send(_passive(turn))
        before = json.loads(saved.read_text())["table"]
        hand_number = before["hands_played"] + 1
        assert before["hand"] is not None and before["hand"]["result"] is None
        last = client.last
        server.kill()
        client.close()
    log_before = before["hand"]["log"]
    chips_before = sum(seat["stack"] for seat in before["seats"] if seat)
    assert chips_before == 600
    with ServerProcess(*ARGS, "--state-dir", str(state), port=server.port) as again:
        client = WsClient(again.port)
        client.send({"type": "join", "table": 0, "token": token, "after": last})
        welcome = client.until(lambda m: m.get("type") == "welcome")
        assert welcome["seat"] == seat
        hand = client.until(lambda e: e.get("t") == "hand")
        assert hand["h"] == hand_number and hand["n"] == last + 1  # the numbering goes on
        restored = json.loads(saved.read_text())["table"]
        assert restored["hand"]["log"] == log_before  # the same hand, the same cards
        assert restored["hand"]["hole_cards"] == before["hand"]["hole_cards"]
        assert restored["hand"]["board_cards"] == before["hand"]["board_cards"]
        # Finish the hand.
        while True:
            event = client.until(
                lambda e: (
                    (e.get("t") == "turn" and e["s"] == seat and "legal" in e)
                    or (e.get("t") == "end")
                )
            )
            if event["t"] == "end":
                break
            client.send(_passive(event))
        assert sum(event["stacks"]) == chips_before  # no chip created or lost
        after = json.loads(saved.read_text())["table"]
        # (Between hands an empty stack is bought back in: compare the hand itself.)
        assert sum(after["last_hand"]["result"]["stacks"]) == chips_before
        assert after["hands_played"] == hand_number
        client.close()


def test_a_frame_over_64_kib_closes_only_that_connection() -> None:
    """An oversized frame ends that connection; the server and others go on."""
    with ServerProcess(*ARGS) as server:
        with WsClient(server.port) as other:
            other.send({"type": "join", "table": 0})
            assert other.until(lambda m: m.get("type") == "welcome")["table"] == 0
            with WsClient(server.port) as hostile:
                hostile.socket.send("x" * 70_000)
                with pytest.raises(Exception, match="1009|too big|closed"):
                    hostile.until(lambda m: False)
            other.send({"type": "sit", "name": "Ann"})
            assert other.until(lambda m: m.get("type") == "seated")["seat"] == 2
        with WsClient(server.port) as late:
            late.send({"type": "join", "table": 0})
            assert late.until(lambda m: m.get("type") == "welcome")["seats"][2]["name"] == "Ann"
