"""Snapshot and restore, and cheap copies: a restored or copied hand goes on
exactly as the original (R3.7 for refused restores: nothing half-built)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import hands, play_random_hand

from holdem import ConfigError, Hand, TableConfig
from holdem.engine.snapshot import SnapshotError, loads, restore, snapshot
from holdem.engine.snapshot import dumps as snapshot_dumps


def _state(hand: Hand) -> tuple[Any, ...]:
    return (
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.folded,
        hand.board,
        hand.to_act,
        hand.legal_actions(),
        hand.log,
        hand.result,
        hand.is_over,
    )


@settings(max_examples=120, deadline=None)
@given(hands(), st.data())
def test_a_restored_hand_goes_on_like_the_original(hand: Hand, data: st.DataObject) -> None:
    """Snapshot at a random step, through JSON text, then continue both hands the same way."""
    stop = data.draw(st.integers(0, 12), label="stop after")
    count = 0

    def pause(current: Hand) -> None:
        nonlocal count
        count += 1
        if count == stop:
            raise StopIteration

    try:
        play_random_hand(data, hand, before=pause)
    except StopIteration:
        pass
    twin = loads(snapshot_dumps(hand))
    copy = hand.copy()
    assert _state(twin) == _state(hand) == _state(copy)
    actions = play_random_hand(data, hand)
    for seat, action in actions:
        twin.act(seat, action)
        copy.act(seat, action)
    assert _state(twin) == _state(hand) == _state(copy)
    assert snapshot(twin) == snapshot(hand)


def test_a_copy_is_independent() -> None:
    hand = Hand(TableConfig(stacks=[100, 200, 300], small_blind=1, big_blind=2), seed=1)
    copy = hand.copy()
    copy.fold(0)
    assert hand.to_act == 0 and hand.folded == (False, False, False)
    assert copy.to_act == 1 and copy.folded == (True, False, False)


def test_a_finished_hand_round_trips_with_its_result() -> None:
    hand = Hand(
        TableConfig(stacks=[1000, 1000], small_blind=5, big_blind=10),
        hole_cards=["KhKs", "AhAs"],
        board="2c7d9hTs3s",
    )
    hand.all_in(0)
    hand.call(1)
    twin = restore(json.loads(json.dumps(snapshot(hand))))
    assert twin.is_over and twin.result == hand.result and twin.stacks == (0, 2000)


def _good() -> dict[str, Any]:
    hand = Hand(TableConfig(stacks=[500, 500, 500], small_blind=5, big_blind=10), seed=3)
    hand.call(0)
    return snapshot(hand)


def _shift(data: dict[str, Any]) -> None:
    data["state"]["stacks"][0] += 100
    data["state"]["stacks"][1] -= 100


FOLLOW = "does not follow from its cards and log"


@pytest.mark.parametrize(
    ("mutate", "fragment"),
    [
        (lambda d: d.update(schema="other"), "not a holdem.hand snapshot"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.update(version=True), "version True"),
        (lambda d: d.update(version=1.0), "version 1.0"),
        (lambda d: d.pop("state"), FOLLOW),
        (lambda d: d.pop("log"), "malformed snapshot"),
        (lambda d: d["state"].update(stacks=[500, 500]), FOLLOW),
        (lambda d: d["state"]["stacks"].__setitem__(0, 10_000), FOLLOW),
        (_shift, FOLLOW),
        (lambda d: d["state"].update(phase="dancing"), FOLLOW),
        (lambda d: d["state"].update(street=7), FOLLOW),
        (lambda d: d["state"].update(to_act=9), FOLLOW),
        (lambda d: d["state"]["folded"].__setitem__(1, True), FOLLOW),
        (lambda d: d["state"].update(current_bet="20"), FOLLOW),
        (lambda d: d.update(result={"stacks": [1500, 0, 0]}), FOLLOW),
        (lambda d: d.update(show_policy="bogus"), "show_policy"),
        (lambda d: d["hole_cards"].__setitem__(1, list(d["hole_cards"][0])), "dealt twice"),
        (lambda d: d["hole_cards"].__setitem__(1, ["Zz", "Qq"]), "not a card"),
        (lambda d: d["hole_cards"].__setitem__(1, ["As"]), "needs 2 hole cards"),
        (lambda d: d.update(board_cards=d["board_cards"][:3]), "five board cards"),
        (lambda d: d["board_cards"].__setitem__(0, d["hole_cards"][0][0]), "dealt twice"),
        (lambda d: d["log"].append({"event": "Nope"}), "not an event"),
        (
            lambda d: d["log"].append(
                {
                    "event": "Acted",
                    "seat": 1,
                    "action": "raise",
                    "to": 11,
                    "added": 11,
                    "all_in": False,
                }
            ),
            "breaks the rules",
        ),
        (lambda d: d["state"].update(stacks=5), FOLLOW),
    ],
)
def test_a_bad_snapshot_is_refused(mutate: Any, fragment: str) -> None:
    """A snapshot is rebuilt from its cards and logged actions under the rules (R3.7);
    anything altered or illegal is refused whole with a SnapshotError (a ValueError)."""
    data = _good()
    mutate(data)
    with pytest.raises((SnapshotError, ConfigError), match=fragment):
        restore(data)


@pytest.mark.parametrize("thing", [None, 5, b"\xff", "[]"])
def test_what_is_not_a_snapshot_is_refused(thing: Any) -> None:
    with pytest.raises(SnapshotError):
        loads(thing)


def test_bad_json_text_is_refused() -> None:
    with pytest.raises(SnapshotError, match="not JSON"):
        loads("{")
