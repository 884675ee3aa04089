"""R6.4 as clarified: every hand is shown at once only when betting ended early (R5.3);
where players with chips checked or bet to the showdown beside an all-in player, a
losing hand, all-in or not, may be mucked (R6.2, R6.3). Site histories are full of such
mucks, and the public corpus hand stars-t-0322 replays as written, with no special case."""

from __future__ import annotations

import json

import pytest

from conftest import corpus_file
from holdem.engine.events import Mucked, Shown
from holdem.records import PHHError, replay

# A composed hand: p1 (the small blind) is all-in preflop; p2 and p3,
# with chips, check it down; p1 and p2 lose and muck, p3 shows the winner.
CHECKED_DOWN = {
    "variant": "NT",
    "antes": [0, 0, 0],
    "blinds_or_straddles": [50, 100, 0],
    "min_bet": 100,
    "starting_stacks": [300, 1000, 1000],
    "actions": [
        "d dh p1 7c7d",
        "d dh p2 8c8d",
        "d dh p3 AhAs",
        "p3 cbr 300",
        "p1 cc",
        "p2 cc",
        "d db 2s5h9d",
        "p2 cc",
        "p3 cc",
        "d db Jc",
        "p2 cc",
        "p3 cc",
        "d db Kd",
        "p2 cc",
        "p3 cc",
        "p1 sm",
        "p2 sm",
        "p3 sm AhAs",
    ],
}


def test_r6_4_losers_beside_an_all_in_may_muck_in_a_record() -> None:
    hand = replay(CHECKED_DOWN)
    assert hand.is_over
    assert [e.seat for e in hand.log if isinstance(e, Mucked)] == [0, 1]
    assert [e.seat for e in hand.log if isinstance(e, Shown)] == [2]
    assert hand.stacks == (0, 700, 1600)


def test_r6_4_a_muck_after_betting_ended_early_is_refused() -> None:
    record = dict(CHECKED_DOWN)
    record["actions"] = [
        "d dh p1 7c7d",
        "d dh p2 8c8d",
        "d dh p3 AhAs",
        "p3 f",
        "p1 cbr 300",
        "p2 cc",
        "p1 sm",
        "p2 sm 8c8d",
        "d db 2s5h9d",
        "d db Jc",
        "d db Kd",
    ]
    with pytest.raises(PHHError, match=r"seat 0 \(Seat 0\) cannot muck: .*R6.4") as caught:
        replay(record)
    assert caught.value.action_index == 6 and caught.value.action == "p1 sm"


def test_r6_4_corpus_hand_stars_t_0322_replays_as_written() -> None:
    path = corpus_file("phh-nlhe-public.jsonl")
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("id") == "stars-t-0322":
            break
    else:
        pytest.fail("stars-t-0322 is not in the public corpus")
    hand = replay(record)
    # p2, p3 (all-in) and p4 muck, as the site let them (players are p1..p6 from the
    # first seat left of the button; the hand's seats are the same order here).
    assert len([e for e in hand.log if isinstance(e, Mucked)]) == 3
    assert list(hand.stacks) == record["finishing_stacks"]
