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
