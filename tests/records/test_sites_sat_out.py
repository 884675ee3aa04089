"""A seat that folds among the posts, before the cards are dealt, sat out: it
is not dealt in and is never taken for the big blind's seat (R2.1, R14.3)."""

from __future__ import annotations

from holdem.records.sites import import_text

HAND = """#Game No : 900000101
***** 888poker Hand History for Game 900000101 *****
$0.01/$0.02 Blinds No Limit Holdem - *** 02 01 2026 10:00:00
Table Monaco 6 Max (Real Money)
Seat 6 is the button
Total number of players : 4
Seat 1: Ann ( $3 )
Seat 2: Bob ( $1.50 )
Seat 4: Cid ( $1.20 )
Seat 6: Dee ( $1 )
Ann posts small blind [$0.01]
Bob folds
Cid posts big blind [$0.02]
** Dealing down cards **
Dee raises [$0.06]
Ann calls [$0.05]
Cid folds
** Dealing flop ** [ 6c, Kh, 5s ]
Ann bets [$0.10]
Dee folds
** Summary **
Ann did not show his hand
Ann collected [ $0.14 ]
"""


def test_a_fold_between_the_blinds_is_a_seat_sitting_out_r2_1() -> None:
    [hand] = import_text(HAND, "888.txt")
    assert (hand.status, hand.reason) == ("matched", None)
    assert hand.to_json()["net"] == {"Ann": "0.08", "Cid": "-0.02", "Dee": "-0.06"}
    assert hand.record is not None and hand.record["players"] == ["Ann", "Cid", "Dee"]
