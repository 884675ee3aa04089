"""GGPoker's Cash Drop: money the site adds to the pot from nobody at the
table. The pot is replayed without it (R7) and the winner's net holds it on
top; a difference that is not the drop is still a difference."""

from __future__ import annotations

from holdem.records.sites import import_text

HAND = """PokerStars Hand #03000000001: Hold'em No Limit ($0.01/$0.02) - 2026/01/01 22:55:05
Table 'GG_RushAndCash1' 6-max Seat #1 is the button
Seat 1: Ann ($2.00 in chips)
Seat 2: Bob ($4.85 in chips)
Seat 3: Cid ($6.11 in chips)
Seat 4: Dee ($5.91 in chips)
Cash Drop to Pot : total $0.20
Bob: posts small blind $0.01
Cid: posts big blind $0.02
*** HOLE CARDS ***
Dee: calls $0.02
Ann: folds
Bob: calls $0.01
Cid: checks
*** FLOP *** [8h 8c Jh]
Bob: checks
Cid: checks
Dee: bets $0.16
Bob: folds
Cid: folds
Uncalled bet ($0.16) returned to Dee
*** SHOWDOWN ***
Dee collected $0.25 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0.01 | Jackpot $0.00 | Bingo $0 | Fortune $0 | Tax $0
Board [8h 8c Jh]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Cid (big blind) folded on the Flop
Seat 4: Dee collected ($0.25)
"""


def test_a_cash_drop_goes_to_the_winner_on_top_of_the_pot_r7() -> None:
    [hand] = import_text(HAND, "gg.txt")
    assert (hand.site, hand.status) == ("ggpoker", "matched")
    assert hand.to_json()["net"]["Dee"] == "0.23"
    assert "cash drop 0.20" in hand.detail


def test_a_winner_paid_more_than_pot_and_drop_differs() -> None:
    text = HAND.replace("collected $0.25", "collected $0.26").replace("($0.25)", "($0.26)")
    [hand] = import_text(text, "gg.txt")
    assert (hand.status, hand.reason) == ("differed", "net")
