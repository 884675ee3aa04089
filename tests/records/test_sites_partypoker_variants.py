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


CASH_2013 = """***** Hand History For Game 12500000001 *****
0.50/1 Texas Hold'em Game Table (NL)  -  Sun Jan 20 13:58:07 EST 2013
Table Table Composed  (Real Money) -- Seat 4 is the button
Total number of players : 4/6
Seat 1: Ann ($30)
Seat 2: Bob ($100)
Seat 4: Cid ($95)
Seat 5: Dee ($137.41)
Dee posts small blind (0.5)
Ann posts big blind (1.0)
** Dealing down cards **
Bob raises 3.0 to 3.0
Cid calls (3.0)
Dee folds
Ann folds
** Dealing Flop ** :  [ 9h, Kh, Qc ]
Bob checks
Cid checks
** Dealing Turn ** :  [ 9d ]
Bob checks
Cid checks
** Dealing River ** :  [ 2d ]
Bob checks
Cid checks
** Summary **
Main Pot: $7.13 Rake: ${rake}
Board: [ 9h Kh Qc 9d 2d ]
Ann balance $29, lost $1 (folded)
Bob balance $100.57, bet $3, collected $3.57, net +$0.57 [ Ad 5d ] [ a pair of nines -- \
Ad,Kh,Qc,9h,9d ]
Cid balance $95.56, bet $3, collected $3.56, net +$0.56 [ As Th ] [ a pair of nines -- \
As,Kh,Qc,9h,9d ]
Dee balance $136.91, lost $0.5 (folded)
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


def test_r13_cash_summary_in_dollars_writes_its_rake() -> None:
    """The newer format's cash summary writes amounts in dollars (``balance
    $100.57, bet $3, collected $3.57``) and the rake (``Main Pot: $7.13 Rake:
    $0.37``). Pot 3 + 3 + 0.50 + 1 = 7.50, rake 0.37, and Bob and Cid split
    7.13 with the same pair (R8: the odd cent to Bob, first left of the
    button). The balance lines were not read (``unknown_action``); the rake is
    now the site's own figure, not inferred."""
    hand = _one(CASH_2013.replace("{rake}", "0.37"))
    assert hand.status == "matched", hand.detail
    assert hand.net == {
        "Ann": Decimal("-1.0"),
        "Bob": Decimal("0.57"),
        "Cid": Decimal("0.56"),
        "Dee": Decimal("-0.5"),
    }
    assert (hand.pot, hand.rake) == (Decimal("7.50"), Decimal("0.37"))


def test_r13_a_written_rake_the_chips_do_not_give_differs() -> None:
    """With ``Rake: $0.30`` the site's own figures disagree (7.50 put in,
    7.13 collected): ``differed`` with ``summary``, never matched."""
    hand = _one(CASH_2013.replace("{rake}", "0.30"))
    assert (hand.status, hand.reason) == ("differed", "summary")


def test_nl_holdem_without_texas_is_no_limit_hold_em() -> None:
    """Converters writing this format for other rooms (PokerBros, 2021) name
    the game ``NL Holdem``: no-limit hold'em, read as ``NL Texas Hold'em``
    (it was ``not_nlhe``)."""
    text = MAC_GLUED.replace("$25 USD NL Texas Hold'em", "$25 USD NL Holdem")
    assert text != MAC_GLUED
    assert _one(text).status == "matched"


CONVERTED_SHOWDOWN = """***** Hand History for Game 700000201 ***** (PokerBros)
$1.00 USD NL Holdem - Friday, March 19, 07:51:54 ET 2021
Table Composed (Real Money)
Seat 1 is the button
Seat 1: Ann ( $10.00 USD )
Seat 2: Bob ( $10.00 USD )
Ann posts small blind [$0.05 USD].
Bob posts big blind [$0.10 USD].
** Dealing down cards **
Dealt to Bob [ Ah Ad ]
Ann calls [$0.05 USD]
Bob checks
** Dealing Flop ** [ 2c, 7d, 9h ]
Bob checks
Ann checks
** Dealing Turn ** [ Jc ]
Bob checks
Ann checks
** Dealing River ** [ 3s ]
Bob checks
Ann checks
Bob wins $0.19 USD
"""


def test_r6_3_a_showdown_winner_known_from_dealt_to_shows() -> None:
    """A converter's file writes no ``shows`` line: Bob, the file owner
    (``Dealt to Bob``), wins the showdown, so his aces were shown (R6.3) and
    Ann's unknown cards mucked. Pot 0.20, Bob collects 0.19 (rake 0.01). The
    replay refused the hand once its header was read (a winner may not muck)."""
    hand = _one(CONVERTED_SHOWDOWN)
    assert hand.status == "matched", hand.detail
    assert hand.net == {"Ann": Decimal("-0.10"), "Bob": Decimal("0.09")}
    assert (hand.pot, hand.rake) == (Decimal("0.20"), Decimal("0.01"))


JOINER = """***** Hand History for Game 700000401 *****
$0.25/$0.50 USD NL Texas Hold'em - Monday, January 05, 10:00:00 EDT 2026
Table Composed (Real Money)
Seat 1 is the button
Total number of players : 3/6
Seat 1: Ann ( $50 USD )
Seat 2: Bob ( $20 USD )
Seat 3: Cid ( $40 USD )
Bob posts small blind [$0.25 USD].
Cid posts big blind [$0.50 USD].
Dee has joined the table.
Dee posts big blind [$0.50 USD].
** Dealing down cards **
Dee checks
Ann folds
Bob calls [$0.25 USD]
Cid checks
** Dealing Flop ** [ 2c, 7d, Kc ]
Bob checks
Cid checks
Dee bets [$1 USD]
Bob folds
Cid folds
Dee does not show cards.
Dee wins $2.43 USD
"""


def test_r14_3_a_player_joining_without_a_seat_line_plays_from_a_free_seat() -> None:
    """Dee joins during the hand and posts a live big blind (R14.3) with no
    seat line. She acts first preflop, so she sits after the big blind (Cid,
    seat 3) and before Ann (seat 1): seat 4, the first free one. Her stack is
    not written; she is never all-in, so any stack covering the table plays
    the same hand: 50 (the largest) + 1.50 (hers in). Pot 1.50, rake 0.07,
    Dee's 1.00 comes back uncalled (R6.4) in her ``wins $2.43``. The hand
    was ``partial``."""
    hand = _one(JOINER)
    assert hand.status == "matched", hand.detail
    assert hand.net == {
        "Ann": Decimal("0.00"),
        "Bob": Decimal("-0.50"),
        "Cid": Decimal("-0.50"),
        "Dee": Decimal("0.93"),
    }
    assert (hand.pot, hand.rake) == (Decimal("1.50"), Decimal("0.07"))
    assert "Dee joined during the hand with no seat line: seat 4, given 51.50" in hand.detail
    assert hand.record is not None
    assert hand.record["starting_stacks"][hand.record["players"].index("Dee")] == 5150


def test_a_joining_player_all_in_has_no_known_stack() -> None:
    """All-in, the joiner's stack decides the hand: ``partial``."""
    hand = _one(JOINER.replace("Dee bets [$1 USD]", "Dee is all-In  [$1 USD]"))
    assert (hand.status, hand.reason) == ("skipped", "partial")


def test_a_player_seated_with_nothing_who_plays_is_given_a_covering_stack() -> None:
    """``Seat 4: Dee ( $0 USD )`` then ``Dee has joined the table.``: the
    file lists her before she bought in, so her stack is not written (the
    hand was ``rejected``: a stack of 0 cannot post). Her seat is known; she
    is given 51.50 as above and the hand matches."""
    text = JOINER.replace(
        "Seat 3: Cid ( $40 USD )", "Seat 3: Cid ( $40 USD )\nSeat 4: Dee ( $0 USD )"
    )
    hand = _one(text)
    assert hand.status == "matched", hand.detail
    assert "Dee's stack is written as 0 (joined during the hand): given 51.50" in hand.detail


SPACED_LEVEL = """***** Hand History for Game 720000101 *****
NL Texas Hold'em $215 USD Buy-in Trny:128730277 Level:12  Blinds-Antes(1 200/2 400 -400) \
- Monday, September 26, 01:30:41 MSK 2016
Table Composed (128730277) Table #1 (Real Money)
Seat 1 is the button
Total number of players : 3/9
Seat 1: Ann ( 50,000 )
Seat 2: Bob ( 40,000 )
Seat 3: Cid ( 30,000 )
Trny:128730277 Level:12
Blinds-Antes(1 200/2 400 -400)
Ann posts ante [400]
Bob posts ante [400]
Cid posts ante [400]
** Dealing down cards **
Ann raises [6,000]
Bob folds
Cid folds
Ann does not show cards.
Ann wins 10,800 chips
"""


def test_r2_a_level_with_spaces_between_thousands_places_the_blinds() -> None:
    """``Blinds-Antes(1 200/2 400 -400)`` (a client writing a space between
    thousands) and no blind posts: Bob posts 1,200 and Cid 2,400 (R2). Ann
    raises to 6,000; 3,600 of it comes back uncalled (R6.4) inside her
    ``wins 10,800``: pot 1,200 of antes + 1,200 + 2,400 + 2,400 = 7,200. The
    level was not read, so the blinds were missing (``differed`` on ``pot``)."""
    hand = _one(SPACED_LEVEL)
    assert hand.status == "matched", hand.detail
    assert hand.net == {"Ann": Decimal(4400), "Bob": Decimal(-1600), "Cid": Decimal(-2800)}
    assert (hand.pot, hand.rake) == (Decimal(7200), Decimal(0))


BROKE_FOLDER = """***** Hand History for Game 700000301 *****
$0.25/$0.50 USD NL Texas Hold'em - Monday, January 05, 10:00:00 EDT 2026
Table Composed (Real Money)
Seat 1 is the button
Total number of players : 4/6
Seat 1: Ann ( $50 USD )
Seat 2: Bob ( $20 USD )
Seat 4: Cid ( $40 USD )
Seat 5: Eve ( $0 USD )
Bob posts small blind [$0.25 USD].
Cid posts big blind [$0.50 USD].
** Dealing down cards **
Eve folds
Ann raises [$1.50 USD]
Bob folds
Cid folds
Ann does not show cards.
Ann wins $2.25 USD
"""


def test_a_seat_written_with_nothing_that_only_folds_was_not_dealt_in() -> None:
    """``Seat 5: Eve ( $0 USD )`` and ``Eve folds``: with no chips Eve was
    not dealt in; the hand is the others' (it was ``rejected``: a stack of 0
    cannot be seated). Ann's raise to 1.50 is called by nobody: 1.00 comes
    back in her ``wins $2.25`` (R6.4), pot 1.25, no rake before a flop."""
    hand = _one(BROKE_FOLDER)
    assert hand.status == "matched", hand.detail
    assert hand.net == {"Ann": Decimal("0.75"), "Bob": Decimal("-0.25"), "Cid": Decimal("-0.50")}
    assert (hand.pot, hand.rake) == (Decimal("1.25"), Decimal(0))
