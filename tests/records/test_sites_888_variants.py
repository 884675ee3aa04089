"""888poker's Spanish and Italian clients (``888.es``, ``888.it``) write a
tournament's chips with a dot between thousands: ``800/1.600 Blinds``,
``( 18.429 )``, ``raises [9.000]``. Chips are whole, so these are 1,600 and
18,429. Composed for the project; every figure worked out by hand."""

from __future__ import annotations

from decimal import Decimal

from holdem.records.sites import import_text

DOTTED = """#Game No : 557161107
***** 888.es Hand History for Game 557161107 *****
800/1.600 Blinds No Limit Holdem - *** 23 03 2026 22:21:09
Tournament #287856940 4,95 € + 0,55 € - Table #8 8 Max (Real Money)
Seat 3 is the button
Total number of players : 3
Seat 1: Ann ( 18.429 )
Seat 3: Bob ( 9.200 )
Seat 5: Cid ( 12.000 )
Ann posts ante [200]
Bob posts ante [200]
Cid posts ante [200]
Cid posts small blind [800]
Ann posts big blind [1.600]
** Dealing down cards **
Bob raises [9.000]
Cid folds
Ann calls [7.400]
** Dealing flop ** [ 2c, 7d, 9h ]
** Dealing turn ** [ Jc ]
** Dealing river ** [ 3s ]
** Summary **
Bob shows [ Ah, Ad ]
Ann shows [ Kc, Kd ]
Bob collected [ 19.400 ]
"""


EURO_CASH = """#Game No : 600000001
***** 888.it Hand History for Game 600000001 *****
0,01 €/0,02 € Blinds No Limit Holdem - *** 30 04 2025 03:00:25
Table Roma 6 Max (Real Money)
Seat 1 is the button
Total number of players : 2
Seat 1: Ann ( 2 € )
Seat 2: Bob ( 1,50 € )
Ann posts small blind [0,01 €]
Bob posts big blind [0,02 €]
** Dealing down cards **
Ann raises [0,05 €]
Bob folds
** Summary **
Ann collected [ 0,04 € ]
"""


def test_r2_888_it_cash_stakes_with_a_space_before_the_sign() -> None:
    """``0,01 €/0,02 € Blinds``: the stakes are 0.01/0.02 (they were not read
    at all, a space standing before each sign). Ann raises to 0.06, Bob folds
    his big blind; 888 leaves the uncalled 0.04 out of ``collected [ 0,04 €
    ]``: pot 0.04, no rake before a flop, Ann +0.02, Bob -0.02."""
    (hand,) = import_text(EURO_CASH, "composed.txt")
    assert hand.status == "matched", hand.detail
    assert hand.net == {"Ann": Decimal("0.02"), "Bob": Decimal("-0.02")}
    assert (hand.pot, hand.rake) == (Decimal("0.04"), Decimal(0))
    assert hand.record is not None and hand.record["blinds_or_straddles"] == [1, 2]


def test_a_pot_limit_omaha_hand_with_spaced_stakes_is_not_hold_em() -> None:
    """``25 $/50 $ Blinds Pot Limit Omaha``: with the stakes line unread the
    game went unchecked and such a walk was *matched* as hold'em; it is
    ``not_nlhe``."""
    text = EURO_CASH.replace(
        "0,01 €/0,02 € Blinds No Limit Holdem", "25 $/50 $ Blinds Pot Limit Omaha"
    )
    (hand,) = import_text(text, "composed.txt")
    assert (hand.status, hand.reason) == ("skipped", "not_nlhe")


def test_r2_888_es_tournament_chips_with_dotted_thousands() -> None:
    """Level 800/1,600, ante 200. Bob (button) moves all-in for 9,000 more,
    Cid folds his small blind, Ann calls 7,400 more: pot 600 + 800 + 9,000 +
    9,000 = 19,400, Bob's aces win it (R7). Before, ``1.600`` was read as 1.6
    and the blinds made no sense (``unsupported``)."""
    (hand,) = import_text(DOTTED, "composed.txt")
    assert hand.status == "matched", hand.detail
    assert hand.net == {"Ann": Decimal(-9200), "Bob": Decimal(10200), "Cid": Decimal(-1000)}
    assert (hand.pot, hand.rake) == (Decimal(19400), Decimal(0))
    assert hand.record is not None
    assert sorted(hand.record["starting_stacks"]) == [9200, 12000, 18429]


def test_a_seat_written_with_nothing_that_only_folds_was_not_dealt_in() -> None:
    """``Seat 2: Bob ( 0 € )`` and ``Bob folds``: no chips, not dealt in; the
    hand is Ann's and Cid's (it was ``rejected``: a stack of 0 cannot be
    seated). Ann raises to 0.06, Cid folds his big blind: pot 0.04."""
    text = EURO_CASH.replace("Total number of players : 2", "Total number of players : 3")
    text = text.replace("Seat 2: Bob ( 1,50 € )", "Seat 2: Bob ( 0 € )\nSeat 4: Cid ( 1,50 € )")
    text = text.replace("Bob posts big blind", "Cid posts big blind")
    text = text.replace(
        "Ann raises [0,05 €]\nBob folds", "Bob folds\nAnn raises [0,05 €]\nCid folds"
    )
    (hand,) = import_text(text, "composed.txt")
    assert hand.status == "matched", hand.detail
    assert hand.net == {"Ann": Decimal("0.02"), "Cid": Decimal("-0.02")}
