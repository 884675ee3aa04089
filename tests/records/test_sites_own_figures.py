"""A hand's own figures that contradict each other are never matched: a call
larger than the bet it calls is no uncalled return (only the last bet or raise
can go uncalled, R7.1), and a summary's winnings or board that are not the
play's are a difference in the site's text."""

from __future__ import annotations

from holdem.records.sites import import_text

HAND = """PokerStars Zoom Hand #900000000002:  Hold'em No Limit ($0.02/$0.05) - 2017/01/06 17:33:19 ET
Table 'Vega' 6-max Seat #1 is the button
Seat 1: Ann ($3.15 in chips)
Seat 2: Bob ($2.23 in chips)
Seat 3: Cid ($5.24 in chips)
Bob: posts small blind $0.02
Cid: posts big blind $0.05
*** HOLE CARDS ***
Ann: folds
Bob: raises $0.10 to $0.15
Cid: calls $0.10
*** FLOP *** [9d Qh 4d]
Bob: checks
Cid: checks
*** TURN *** [9d Qh 4d] [Qc]
Bob: checks
Cid: checks
*** RIVER *** [9d Qh 4d Qc] [Jc]
Bob: checks
Cid: checks
*** SHOW DOWN ***
Bob: shows [Kd Ac] (a pair of Queens)
Cid: mucks hand
Bob collected $0.29 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0.01
Board [9d Qh 4d Qc Jc]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) showed [Kd Ac] and won ($0.29) with a pair of Queens
Seat 3: Cid (big blind) mucked [7d Kc]
"""


def test_the_hand_as_written_matches() -> None:
    [hand] = import_text(HAND, "h.txt")
    assert hand.status == "matched"


def test_a_call_of_more_than_the_bet_is_no_uncalled_return_r7_1() -> None:
    [hand] = import_text(HAND.replace("Cid: calls $0.10", "Cid: calls $0.11"), "h.txt")
    assert (hand.status, hand.reason) == ("differed", "net")
    assert "Cid nets -0.15 (site -0.16)" in hand.detail


def test_summary_winnings_that_are_not_the_pot_collected_differ() -> None:
    [hand] = import_text(HAND.replace("won ($0.29)", "won ($0.30)"), "h.txt")
    assert (hand.status, hand.reason) == ("differed", "summary")


def test_a_summary_board_that_is_not_the_dealt_board_differs() -> None:
    text = HAND.replace("Board [9d Qh 4d Qc Jc]", "Board [9d Qh 4d Qc Js]")
    [hand] = import_text(text, "h.txt")
    assert (hand.status, hand.reason) == ("differed", "summary")
    assert "9d Qh 4d Qc Js" in hand.detail


def test_a_tournament_summary_file_is_skipped_as_one() -> None:
    text = "\n".join(
        [
            "PokerStars Tournament #900000001, No Limit Hold'em",
            "Buy-In: $3.19/$0.31 USD",
            "180 players",
            "Total Prize Pool: $574.20 USD",
            "  1: Ann (Brazil), $100.00 (17.41%)",
        ]
    )
    [hand] = import_text(text, "ts.txt")
    assert (hand.status, hand.reason) == ("skipped", "tournament_summary")
