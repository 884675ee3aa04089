"""Views and snapshots carry straddles (R11), posts (R14.3), free folds (R3.1) and
the decision number; snapshot schema version 2 still reads version 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import new_hand, play

from holdem import Hand, SnapshotError, seat_view, spectator_view
from holdem.engine import snapshot as snapshots
from holdem.engine.events import Posted
from holdem.views.seat import view_from_dict

V1 = Path(__file__).parents[1] / "data" / "snapshot-v1.json"


def posting_hand() -> Hand:
    """Six seats, blinds 1/2: Dan straddles 4, Finn posts 2 live and 1 dead."""
    return new_hand(
        [400] * 6,
        1,
        2,
        straddles=[3],
        live_posts=[0, 0, 0, 0, 0, 2],
        dead_posts=[0, 0, 0, 0, 0, 1],
        free_fold=True,
    )


def test_r11_r14_3_views_show_straddles_and_posts():
    """R11, R14.3: the public view holds the table's straddles and posts and the
    Posted events, and its JSON parses back."""
    hand = posting_hand()
    view = seat_view(hand, 4)
    assert view.config.straddles == (3,) and view.config.free_fold
    assert view.config.live_posts == (0, 0, 0, 0, 0, 2)
    assert [(e.seat, e.kind, e.amount) for e in view.history if isinstance(e, Posted)] == [
        (1, "small blind", 1),
        (2, "big blind", 2),
        (5, "live post", 2),
        (5, "dead post", 1),
        (3, "straddle", 4),
    ]
    assert view.dead_money == 1 and view.current_bet == 4
    assert view.legal is not None and str(view.legal) == "fold, call 4, raise to 8..400"
    data = json.loads(view.to_json())
    assert data["config"]["straddles"] == [3]
    assert data["config"]["dead_posts"] == [0, 0, 0, 0, 0, 1]
    assert view_from_dict(data) == view
    assert view_from_dict(spectator_view(hand).to_dict()) == spectator_view(hand)


def test_r11_r14_3_snapshot_v2_round_trip():
    """R11, R14.3: a version 2 snapshot of a hand with straddles and posts restores
    to the same hand, decision number included, and goes on identically."""
    hand = posting_hand()
    play(hand, (4, "call"), (5, "raise to 12"))
    data = json.loads(snapshots.dumps(hand))
    assert data["version"] == 2
    assert data["state"]["decision"] == 2
    twin = snapshots.loads(json.dumps(data))
    assert twin.decision == 2 and twin.log == hand.log
    for h in (hand, twin):
        play(h, (0, "fold"), (1, "call"), (2, "fold"), (3, "call"), (4, "call"))
    assert twin.log == hand.log and twin.decision == hand.decision == 7


def test_snapshot_version_1_is_still_read():
    """A version 1 snapshot (written before straddles, posts and decision numbers)
    restores, and the hand goes on."""
    data = json.loads(V1.read_text(encoding="utf-8"))
    assert data["version"] == 1 and "straddles" not in data["config"]
    hand = snapshots.restore(data)
    assert hand.decision == 6
    assert hand.config.straddles == () and hand.config.live_posts is None
    assert hand.street == "turn" and hand.to_act == 1
    hand.check(1, decision=6)
    assert hand.to_act == 2
    assert snapshots.snapshot(hand)["version"] == 2


def test_snapshot_version_1_altered_is_refused():
    data = json.loads(V1.read_text(encoding="utf-8"))
    data["state"]["stacks"][0] += 1
    with pytest.raises(SnapshotError, match="does not follow"):
        snapshots.restore(data)
    data = json.loads(V1.read_text(encoding="utf-8"))
    data["state"]["decision"] = 6  # a version 2 field in a version 1 snapshot
    with pytest.raises(SnapshotError):
        snapshots.restore(data)


def test_snapshot_version_2_with_a_wrong_decision_is_refused():
    hand = posting_hand()
    play(hand, (4, "call"))
    data = snapshots.snapshot(hand)
    data["state"]["decision"] = 5
    with pytest.raises(SnapshotError, match="does not follow"):
        snapshots.restore(data)
