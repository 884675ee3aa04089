"""PartyPoker lines from real clients that the reader once misread: the Mac
client glues a sitting-out notice to the next line, and the 2020 format's
``is all-In.`` mark follows a name that may end in digits. Composed for the
project; every figure worked out by hand."""

from __future__ import annotations

from decimal import Decimal

from holdem.records.sites import import_text
from holdem.records.sites.check import Imported

MAC_GLUED = """#Game No : 4400000001
***** Hand History for Game 12400000001 *****
$25 USD NL Texas Hold'em - Sunday,December 9, 14:29:49 ICT 2012
Table Composed ( Real Money )
Seat 2 is the button
Total number of players : 4/6
seat 1: Ann ( $20,00 USD )
seat 2: Bob ( $25 USD )
seat 3: Cid ( $25 USD )
seat 4: Dee ( $30,50 USD )
Cid posts small blind [$0,10 USD].
Dee is sitting outAnn posts big blind [$0,25 USD].
** Dealing down cards **
Bob folds
Cid calls [ $0,15 USD ]
Ann checks
** Dealing Flop ** [ 2c, 7d, Kc ]
Cid checks
Ann bets [ $0,50 USD ]
Cid folds
Ann does not show cards.
Ann wins $0,98 USD
"""

ALL_IN_MARK = """***** Hand History For Game 1575590274851abc *****
20/40 Tourney Texas Holdem Game Table (NL) (SNG JackPot Tournament #241086059) \
(Buyin $0.23 + $0.02) - Thu Dec 05 18:57:46 EST 2019
Table (241086059) Table #1 (Real Money) -- Seat 2 is the button
Total number of players : 2/3
Seat 2: Ann1 (300)
Seat 3: Bob2 (1200)
Ann1 posts small blind (20)
Bob2 posts big blind (40)
** Dealing down cards **
Ann1 raises 280 to 300
Ann1 is all-In.
Bob2 calls (260)
** Dealing Flop ** : [ 4d, 8c, 8s ]
** Dealing Turn ** : [ 6d ]
** Dealing River ** : [ Kd ]
Creating Main Pot with 600 with Ann1
** Summary **
Main Pot: 600
Board: [ 4d, 8c, 8s, 6d, Kd ]
Ann1 balance 600, bet 300, collected 600, net +300[ 8h, 3d ] [ three of a kind, eights -- \
Kd,8h,8c,8s,6d ]
Bob2 balance 900, lost 300[ Ah, Ks ] [ two pairs, kings and eights -- Ah,Ks,Kd,8c,8s ]
"""


def _one(text: str) -> Imported:
    (hand,) = import_text(text, "composed.txt")
    return hand


def test_r3_mac_client_glued_sitting_out_notice_is_two_lines() -> None:
    """``Dee is sitting outAnn posts big blind [$0,25 USD].`` is Dee sitting
    out (not dealt in) and Ann's big blind. Cid completes (0.15), Ann's flop
    bet of 0.50 is not called (R6.4): pot 0.50, Ann wins 0.98 with her 0.50
    back, so the rake is 0.02. Before, the glued line made Ann a player
    without a seat line (``partial``)."""
    hand = _one(MAC_GLUED)
    assert hand.status == "matched", hand.detail
    # Dee sat out: not dealt in, so not a player of the hand
    assert hand.net == {"Ann": Decimal("0.23"), "Bob": Decimal("0.00"), "Cid": Decimal("-0.25")}
    assert (hand.pot, hand.rake) == (Decimal("0.50"), Decimal("0.02"))


def test_r7_all_in_mark_after_a_name_ending_in_digits() -> None:
    """``Ann1 raises 280 to 300`` then ``Ann1 is all-In.`` (a mark, no chips):
    Bob2 calls 260 more; Ann1's trips win the 600 pot (R7). The mark was
    taken for an action when the name ended in a digit (``unknown_action``)."""
    hand = _one(ALL_IN_MARK)
    assert hand.status == "matched", hand.detail
    assert hand.net == {"Ann1": Decimal(300), "Bob2": Decimal(-300)}
    assert (hand.pot, hand.rake) == (Decimal(600), Decimal(0))
