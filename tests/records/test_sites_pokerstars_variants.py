"""PokerStars-format variants seen in real files (composed here with our own
names and figures, worked out by hand): PokerMaster's straddle written as a
second big blind (R11.1), and a four-way split pot whose rake the site takes
unequally (R8, R13.2: the site's own split is accepted and named)."""

from __future__ import annotations

from decimal import Decimal

from holdem.records.sites import import_text
from holdem.records.sites.check import Imported


def _nets(hand: Imported) -> dict[str, str]:
    assert hand.net is not None
    return {name: format(value, "f") for name, value in hand.net.items()}


STRADDLE = """\
PokerMaster Hand #500000000001: Hold'em No Limit ($1/$2 USD) - 2026/01/11 10:00:00 UTC
Table 'Composed' 9-max Seat #4 is the button
Seat 1: Ann ($200 in chips)
Seat 2: Bob ($200 in chips)
Seat 3: Cid ($200 in chips)
Seat 4: Dee ($200 in chips)
Ann: posts small blind $1
Bob: posts big blind $2
Cid: posts big blind $4
*** HOLE CARDS ***
Dee: raises $8 to $12
Ann: folds
Bob: folds
Cid: calls $8
*** FLOP *** [6h 6c 3s]
Cid: checks
Dee: bets $10
Cid: folds
Uncalled bet ($10) returned to Dee
Dee collected $27 from pot
*** SUMMARY ***
Total pot $27 | Rake $0
Board [6h 6c 3s]
Seat 1: Ann (small blind) folded before Flop
Seat 2: Bob (big blind) folded before Flop
Seat 3: Cid folded on the Flop
Seat 4: Dee (button) collected ($27)
"""


def test_r11_1_a_second_big_blind_of_twice_the_blind_is_a_straddle() -> None:
    [hand] = import_text(STRADDLE, "pm.txt")
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ann": "-1", "Bob": "-2", "Cid": "-12", "Dee": "15"}
    assert hand.record is not None and hand.record["blinds_or_straddles"] == [1, 2, 4, 0]


SPLIT = """\
PokerStars Game #500000000002:  Hold'em No Limit ($0.25/$0.50 USD) - 2026/01/11 10:05:00 ET
Table 'Composed' 9-max Seat #4 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bob ($50 in chips)
Seat 3: Cid ($50 in chips)
Seat 4: Dee ($50 in chips)
Ann: posts small blind $0.25
Bob: posts big blind $0.50
*** HOLE CARDS ***
Cid: calls $0.50
Dee: calls $0.50
Ann: calls $0.25
Bob: checks
*** FLOP *** [2d Ks Ad]
Ann: checks
Bob: checks
Cid: checks
Dee: checks
*** TURN *** [2d Ks Ad] [Kd]
Ann: checks
Bob: checks
Cid: checks
Dee: checks
*** RIVER *** [2d Ks Ad Kd] [2h]
Ann: checks
Bob: checks
Cid: checks
Dee: checks
*** SHOW DOWN ***
Ann: shows [Jc 3s] (two pair, Kings and Deuces)
Bob: shows [Th 9d] (two pair, Kings and Deuces)
Cid: shows [6s 5c] (two pair, Kings and Deuces)
Dee: shows [9h 5h] (two pair, Kings and Deuces)
Ann collected $0.50 from pot
Bob collected $0.50 from pot
Cid collected $0.45 from pot
Dee collected $0.45 from pot
*** SUMMARY ***
Total pot $2 | Rake $0.10
Board [2d Ks Ad Kd 2h]
"""


def test_r8_r13_2_a_four_way_split_raked_unequally_by_the_site() -> None:
    """The board plays for all four; the site takes its 0.10 as 0.05 from two
    winners and none from the others: matched, with the site's split named."""
    [hand] = import_text(SPLIT, "split.txt")
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ann": "0.00", "Bob": "0.00", "Cid": "-0.05", "Dee": "-0.05"}
    assert hand.rake == Decimal("0.10")
    assert "otherwise than R13.2" in hand.detail


def test_r6_a_converter_summary_listing_folded_hands_as_mucked() -> None:
    """Some converters write every folded hand in the summary as ``mucked
    [cards]``: a folded hand is not at the showdown (R6) and is read past."""
    text = STRADDLE.replace(
        "Seat 1: Ann (small blind) folded before Flop",
        "Seat 1: Ann (small blind) mucked [9s 4h]",
    ).replace("Seat 3: Cid folded on the Flop", "Seat 3: Cid mucked [Ks 7h]")
    [hand] = import_text(text, "pm.txt")
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ann": "-1", "Bob": "-2", "Cid": "-12", "Dee": "15"}


GG_HEAD = """\
Poker Hand #RC50000000000{n}: Hold'em No Limit ($0.01/$0.02) - 2026/01/11 11:00:00
Table 'RushAndCash9' 6-max Seat #1 is the button
"""

CASHOUT = (
    GG_HEAD.format(n=3)
    + """\
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Seat 3: Cid ($2 in chips)
Bob: posts small blind $0.01
Cid: posts big blind $0.02
*** HOLE CARDS ***
Ann: raises $0.04 to $0.06
Bob: folds
Cid: raises $1.94 to $2 and is all-in
Ann: calls $1.94 and is all-in
Ann: shows [Jd Jh]
Cid: shows [9s Ts]
*** FLOP *** [3d Qs 3c]
Ann: Chooses to EV Cashout
*** TURN *** [3d Qs 3c] [4c]
Ann: Pays Cashout Risk ($3.70)
Ann: Chooses to EV Cashout
*** RIVER *** [3d Qs 3c 4c] [9d]
Ann: Pays Cashout Risk ($3.70)
*** SHOWDOWN ***
Ann collected $3.91 from pot
*** SUMMARY ***
Total pot $4.01 | Rake $0.07 | Jackpot $0.03 | Bingo $0 | Fortune $0 | Tax $0
Board [3d Qs 3c 4c 9d]
Seat 1: Ann (button) showed [Jd Jh] and won ($3.91), Cashout Risk ($3.70)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cid (big blind) showed [9s Ts] and lost
"""
)


def test_r13_ggpoker_ev_cashout_written_per_street_is_paid_once() -> None:
    """GGPoker repeats ``Pays Cashout Risk`` on each street; the summary's
    ``Cashout Risk ($3.70)`` is the one payment, kept outside the pot."""
    [hand] = import_text(CASHOUT, "gg.txt")
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ann": "1.91", "Bob": "-0.01", "Cid": "-2.00"}
    assert hand.cash_out == {"Ann": Decimal("-3.70")}
    assert hand.rake == Decimal("0.10")


SHOWDOWN_FOLD = (
    GG_HEAD.format(n=4)
    + """\
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($1.50 in chips)
Seat 3: Cid ($2 in chips)
Bob: posts small blind $0.01
Cid: posts big blind $0.02
*** HOLE CARDS ***
Ann: folds
Bob: calls $0.01
Cid: checks
*** FLOP *** [8h 5s Ad]
Bob: bets $1.48 and is all-in
Cid: calls $1.48
Cid: shows [Kh Ac]
Bob: folds
*** TURN *** [8h 5s Ad] [7d]
*** RIVER *** [8h 5s Ad 7d] [2c]
*** SHOWDOWN ***
Cid collected $2.94 from pot
*** SUMMARY ***
Total pot $3 | Rake $0.05 | Jackpot $0.01 | Bingo $0 | Fortune $0 | Tax $0
Board [8h 5s Ad 7d 2c]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Cid (big blind) showed [Kh Ac] and won ($2.94)
"""
)


def test_r6_ggpoker_all_in_player_giving_up_at_the_showdown_mucks() -> None:
    """``Bob: folds`` after his own all-in: no betting is left, a muck (R6)."""
    [hand] = import_text(SHOWDOWN_FOLD, "gg.txt")
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ann": "0.00", "Bob": "-1.50", "Cid": "1.44"}


def test_r6_a_caller_giving_up_after_the_river_mucks() -> None:
    """A caller with chips left who ``folds`` once the river betting closed
    is mucking too (the replay reads the fold as a muck, R6)."""
    text = (
        SHOWDOWN_FOLD.replace("Seat 2: Bob ($1.50 in chips)", "Seat 2: Bob ($3 in chips)")
        .replace("Bob: bets $1.48 and is all-in\nCid: calls $1.48\nCid: shows [Kh Ac]\n", "")
        .replace("Bob: folds\n", "")
        .replace(
            "*** RIVER *** [8h 5s Ad 7d] [2c]\n",
            "*** RIVER *** [8h 5s Ad 7d] [2c]\nBob: checks\nCid: bets $1.98 and is all-in\n"
            "Bob: calls $1.98\nCid: shows [Kh Ac]\nBob: folds\n",
        )
        .replace("*** FLOP *** [8h 5s Ad]\n", "*** FLOP *** [8h 5s Ad]\nBob: checks\nCid: checks\n")
        .replace(
            "*** TURN *** [8h 5s Ad] [7d]\n",
            "*** TURN *** [8h 5s Ad] [7d]\nBob: checks\nCid: checks\n",
        )
        .replace("Cid collected $2.94", "Cid collected $3.90")
        .replace("won ($2.94)", "won ($3.90)")
        .replace(
            "Total pot $3 | Rake $0.05 | Jackpot $0.01", "Total pot $4 | Rake $0.07 | Jackpot $0.03"
        )
    )
    [hand] = import_text(text, "gg.txt")
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ann": "0.00", "Bob": "-2.00", "Cid": "1.90"}


def test_mixed_game_brackets_hold_the_game_and_the_stakes() -> None:
    """``Mixed NLH/PLO (Hold'em No Limit, $1/$2 USD)``: the stakes are the
    pair after the game's name; the hold'em round is read, an Omaha round of
    the same table is ``not_nlhe``."""
    head = "PokerMaster Hand #500000000001: Hold'em No Limit ($1/$2 USD)"
    mixed = STRADDLE.replace(
        head, "PokerStars Hand #500000000001: Mixed NLH/PLO (Hold'em No Limit, $1/$2 USD)"
    )
    [hand] = import_text(mixed, "mixed.txt")
    assert hand.status == "matched", hand.detail
    omaha = mixed.replace("(Hold'em No Limit, $1/$2 USD)", "(Omaha Pot Limit, $1/$2 USD)")
    [other] = import_text(omaha, "mixed.txt")
    assert (other.status, other.reason) == ("skipped", "not_nlhe")


CAPITALS = """\
POKERSTARS GAME #500000000010:  HOLD'EM NO LIMIT ($1/$2) - 2026/01/11 10:10:00 (ET)
Table 'Composed' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($80 in chips)
Seat 3: Cid ($150 in chips)
Bob: posts small blind $1
Cid: posts big blind $2
*** HOLE CARDS ***
Ann: raises $4 to $6
Bob: folds
Cid: calls $4
*** FLOP *** [Kd 9s 2c]
Cid: checks
Ann: bets $8
Cid: folds
Uncalled bet ($8) returned to Ann
Ann collected $12.40 from pot
*** SUMMARY ***
Total pot $13 | Rake $0.60
Board [Kd 9s 2c]
Seat 1: Ann (button) collected ($12.40)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cid (big blind) folded on the Flop
"""


def test_r13_pokertracker_2_export_first_line_in_capitals() -> None:
    """PokerTracker 2 exports write the first line in capitals (``POKERSTARS
    GAME #N:  HOLD'EM NO LIMIT``); the file is PokerStars', the hand read as
    any: Ann wins 12.40 of a 13 pot (6 + 6 + 1), the site's 0.60 rake."""
    [hand] = import_text(CAPITALS, "x.txt")
    assert (hand.site, hand.status) == ("pokerstars", "matched"), hand.detail
    assert _nets(hand) == {"Ann": "6.4", "Bob": "-1.0", "Cid": "-6.0"}
    assert (hand.pot, hand.rake) == (Decimal(13), Decimal("0.60"))


def test_split_holdem_is_another_game() -> None:
    """Split Hold'em deals two boards from the flop and bets once on both:
    not the game of the rules (two boards are only ever a run-out, R12)."""
    text = CAPITALS.replace("HOLD'EM NO LIMIT", "Split Hold'em No Limit").replace(
        "POKERSTARS GAME", "PokerStars Hand"
    )
    [hand] = import_text(text, "x.txt")
    assert (hand.status, hand.reason) == ("skipped", "not_nlhe")
    assert "Split Hold'em" in hand.detail
