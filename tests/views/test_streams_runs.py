"""Per-seat streams of a hand run more than once and raked (R12, R13): the
run question's choices go only to the seat asked; every run's board, each
pot's rake and its award per run are public messages."""

from __future__ import annotations

import json

from holdem import Hand, TableConfig
from holdem.views.streams import TableStream


def rit1_stream() -> tuple[Hand, TableStream]:
    """Example RIT1 (heads-up, 50/100, stacks 1,000, AsAh all-in, KsKh calls)
    at a table of up to two runs raking 5% capped at 30, streamed."""
    hand = Hand(
        TableConfig(
            stacks=[1000, 1000],
            small_blind=50,
            big_blind=100,
            max_runs=2,
            rake={"rate": "5%", "cap": 30},
        ),
        hole_cards=["AsAh", "KsKh"],
        board="2c7d9hTs3sKd8c4h5s6d",
    )
    stream = TableStream()
    stream.begin_hand(hand, (3, 7))
    hand.all_in(0)
    hand.call(1)
    stream.sync(hand)
    return hand, stream


def test_r12_1_run_question_choices_only_to_the_seat_asked() -> None:
    """R12.1: the ``turn`` of the run question names table seat 7 with
    ``q: "runs"``; only seat 7's stream has the choices [1, 2]."""
    hand, stream = rit1_stream()
    start = stream.since(None, 0)[1][0]
    assert start["runs"] == 2
    assert start["rake"] == {"rate": "5%", "cap": 30, "no_flop_no_drop": False}
    turn = stream.since(7, 0)[1][-1]
    assert (turn["t"], turn["s"], turn["q"], turn["runs"]) == ("turn", 7, "runs", [1, 2])
    assert stream.decision == turn["d"]
    for seat in (3, None):
        seen = stream.since(seat, 0)[1][-1]
        assert seen["q"] == "runs" and "runs" not in seen and "legal" not in seen
    spectator = json.dumps(stream.since(None, 0)[1])
    assert not {"As", "Ah", "Ks", "Kh"} & set(spectator.replace('"', " ").split())
    assert "AsAh" not in spectator and "KsKh" not in spectator


def test_r12_r13_runs_boards_rake_and_awards_in_the_stream() -> None:
    """Example RIT1 raked (R12.2, R12.3, R13.2): answers, two boards (run 2
    from the flop, ``r: 2``), the rake of 30 from the 2,000 pot, then 985 on
    each run."""
    hand, stream = rit1_stream()
    last = stream.last
    hand.choose_runs(1, 2)
    stream.sync(hand)
    asked = stream.since(3, stream.last - 1)[1][-1]
    assert (asked["t"], asked["s"], asked["runs"]) == ("turn", 3, [1, 2])
    hand.choose_runs(0, 2)
    stream.sync(hand)
    assert stream.decision is None
    messages = [m for m in stream.since(None, last)[1] if m["t"] != "show"]
    kinds = [m["t"] for m in messages]
    assert kinds[:5] == ["runs", "turn", "runs", "runs_agreed", "board"]
    assert [(m["s"], m["k"]) for m in messages if m["t"] == "runs"] == [(7, 2), (3, 2)]
    boards = [(m.get("r", 1), m["st"], m["c"]) for m in messages if m["t"] == "board"]
    assert boards == [
        (1, "flop", "2c7d9h"),
        (1, "turn", "Ts"),
        (1, "river", "3s"),
        (2, "flop", "Kd8c4h"),
        (2, "turn", "5s"),
        (2, "river", "6d"),
    ]
    assert [(m["name"], m["a"]) for m in messages if m["t"] == "rake"] == [("main pot", 30)]
    pots = [(m.get("r", 1), m["a"], m["w"], m["sh"]) for m in messages if m["t"] == "pot"]
    assert pots == [(1, 985, [3], [985]), (2, 985, [7], [985])]
    assert messages[-1] == {"n": stream.last, "t": "end", "stacks": [985, 985]}
