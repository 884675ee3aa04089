"""A PokerStars winner who cashed out: the site keeps the pot and pays the
cash-out (``(pot not awarded as player cashed out)``); the pot's nets are not
the money that moved, so the hand is never reported matched (R8)."""

from __future__ import annotations

from holdem.records.sites import import_text

HAND = """PokerStars Hand #900000000001:  Hold'em No Limit ($0.50/$1.00 USD) - 2026/01/01 12:00:00 ET
Table 'Vega' 6-max Seat #3 is the button
Seat 1: Ann ($40 in chips)
Seat 2: Bob ($40 in chips)
Seat 3: Cid ($80 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** HOLE CARDS ***
Cid: folds
Ann: raises $39 to $40 and is all-in
Bob: calls $39 and is all-in
*** FLOP *** [3c 8d Th]
*** TURN *** [3c 8d Th] [Qs]
*** RIVER *** [3c 8d Th Qs] [4s]
*** SHOW DOWN ***
Ann: shows [Kc Kd] (a pair of Kings)
Bob: shows [Jc Jd] (a pair of Jacks)
Ann cashed out the hand for $70.10 | Cash Out Fee $0.71
*** SUMMARY ***
Total pot $80 | Rake $2
Board [3c 8d Th Qs 4s]
Seat 1: Ann (small blind) showed [Kc Kd] and won ($78) with a pair of Kings{tail}
Seat 2: Bob (big blind) showed [Jc Jd] and lost with a pair of Jacks
Seat 3: Cid (button) folded before Flop (didn't bet)
"""


def test_a_winner_who_cashed_out_is_skipped_not_matched() -> None:
    [hand] = import_text(HAND.format(tail=" (pot not awarded as player cashed out)"), "co.txt")
    assert (hand.status, hand.reason) == ("skipped", "cash_out")
    assert hand.to_json()["cash_out"] == {"Ann": "70.10"}
    assert "pot not awarded" in hand.detail


def test_a_loser_who_cashed_out_leaves_the_pot_to_the_winner() -> None:
    text = HAND.format(tail="").replace("Ann cashed out", "Bob cashed out")
    text = text.replace("*** SUMMARY ***", "Ann collected $78 from pot\n*** SUMMARY ***")
    [hand] = import_text(text, "co.txt")
    assert hand.status == "matched"
    assert hand.to_json()["cash_out"] == {"Bob": "70.10"}


def test_amounts_are_written_with_the_files_own_decimals() -> None:
    """The file writes cents ($0.50, $78): the nets, pot and rake are in cents
    too (``"38.00"``, not ``"38.0"``), whatever chip unit the replay used."""
    text = HAND.format(tail="").replace(
        "Ann cashed out the hand for $70.10 | Cash Out Fee $0.71\n", ""
    )
    text = text.replace("*** SUMMARY ***", "Ann collected $78 from pot\n*** SUMMARY ***")
    [hand] = import_text(text, "co.txt")
    data = hand.to_json()
    assert hand.status == "matched"
    assert data["net"] == {"Ann": "38.00", "Bob": "-40.00", "Cid": "0.00"}
    assert (data["pot"], data["rake"]) == ("80.00", "2.00")
