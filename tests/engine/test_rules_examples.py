"""Every worked example of docs/rules.md, with its exact figures.

Pot-calculator examples (A, B, C, F, R8.3) use :mod:`holdem.engine.pots` directly;
hand examples (R2.5, R3.3, R3.5, R4.2, R4.3, R6.1, R7.6, D, E) play real
hands through :class:`holdem.Hand`.
"""

from __future__ import annotations

import pytest
from helpers import awards_summary, check_down, new_hand, of_type, play, pots_summary

from holdem import LegalActions, Pot, award_pots, layer_pots
from holdem.engine.events import Posted, Shown, UncalledReturned

ANNA, BJARNI, DAVID, EVA = 0, 1, 2, 3


# --------------------------------------------------------------------- R2.5
def test_r2_5_short_big_blind_call_is_still_the_full_big_blind():
    """R2.5: a 70-chip BB in a 50/100 game posts 70 all-in; the others must
    still call 100, and the minimum raise is to 200."""
    h = new_hand([1000, 1000, 70], 50, 100, holes=["KhKd", "2d3h", "AcAd"], board="2s7h9sJd4c")
    assert Posted(2, "big blind", 70, True) in h.log
    assert h.stacks == (1000, 950, 0)
    assert h.current_bet == 100
    assert h.legal_actions() == LegalActions(0, True, False, 100, 200, 1000, "raise", True)
    h.call(0)
    assert h.legal_actions() == LegalActions(1, True, False, 50, 200, 1000, "raise", True)
    h.call(1)
    assert h.street == "flop"
    assert pots_summary(h) == [("main pot", 210, (0, 1, 2)), ("side pot 1", 60, (0, 1))]
    check_down(h)
    assert awards_summary(h) == [
        ("main pot", 210, (0, 1, 2), (2,), (210,)),
        ("side pot 1", 60, (0, 1), (0,), (60,)),
    ]
    assert h.result.stacks == (960, 900, 210)


# --------------------------------------------------------------------- R3.3
def _three_way_flop(stacks=(10000, 10000, 10000)):
    """Blinds 50/100, everybody limps and the BB checks: the flop, seat 1 first."""
    h = new_hand(list(stacks), 50, 100)
    play(h, (0, "call"), (1, "call"), (2, "check"))
    assert h.street == "flop"
    return h


def test_r3_3_bet_100_raise_to_200_next_min_raise_is_300():
    """R3.3 (seeds 001, 003, 004): A bets 100, B raises to 200; C's smallest
    raise is to 300."""
    h = _three_way_flop()
    play(h, (1, "bet 100"), (2, "raise to 200"))
    legal = h.legal_actions()
    assert legal == LegalActions(0, True, False, 200, 300, 9900, "raise", True)
    h.raise_to(0, 300)  # the minimum is accepted
    assert h.current_bet == 300


def test_r3_3_short_all_in_bet_of_60_min_raise_is_to_160():
    """R3.3 (ours): blinds 50/100, on the flop A is all-in for a bet of 60;
    B's smallest raise is to 160."""
    h = _three_way_flop(stacks=(10000, 160, 10000))
    assert h.stacks[1] == 60
    h.all_in(1)
    assert h.current_bet == 60
    assert h.min_raise_size == 100
    assert h.legal_actions() == LegalActions(2, True, False, 60, 160, 9900, "raise", True)


# --------------------------------------------------------------------- R3.5
def test_r3_5_pot_limit_raise_to_25_over_a_bet_of_5_into_10():
    """R3.5 (seeds 001, 003, 004): 10 in the pot from earlier streets, the
    opponent bets 5: the largest raise is by 20, to 25. The largest opening
    bet is the pot (10)."""
    h = new_hand([1000, 1000], 2, 5, structure="pot_limit")
    play(h, (0, "call"), (1, "check"))
    assert h.street == "flop" and h.pot_total == 10
    assert h.legal_actions() == LegalActions(1, False, True, 0, 5, 10, "bet", False)
    h.bet(1, 5)
    assert h.legal_actions() == LegalActions(0, True, False, 5, 10, 25, "raise", False)
    h.raise_to(0, 25)
    assert h.bets == (25, 5)


# --------------------------------------------------------------------- R4.2
def test_r4_2_ramses_nefertari_tiya_short_all_in_does_not_reopen():
    """R4.2 (seed 002): on the flop Ramses bets 1,000; Nefertari goes all-in
    for 1,400 (short). Tiya, yet to act, may fold, call 1,400 or raise to at
    least 2,400. Back to Ramses: call the 400 more or fold; no raise."""
    tiya, ramses, nefertari = 0, 1, 2
    h = new_hand(
        [10000, 10000, 1500],
        50,
        100,
        names=["Tiya", "Ramses", "Nefertari"],
    )
    play(h, (tiya, "call"), (ramses, "call"), (nefertari, "check"))
    assert h.to_act == ramses and h.street == "flop"
    h.bet(ramses, 1000)
    h.all_in(nefertari)
    assert h.current_bet == 1400 and h.min_raise_size == 1000
    assert h.legal_actions() == LegalActions(tiya, True, False, 1400, 2400, 9900, "raise", True)
    h.call(tiya)
    assert h.legal_actions() == LegalActions(ramses, True, False, 400, None, None, "raise", False)
    h.call(ramses)
    assert h.street == "turn"


# --------------------------------------------------------------------- R4.3
@pytest.mark.parametrize(
    ("c_stack", "c_to", "expected"),
    [
        # C all-in to 210: A faces 110 more (>= the full 100): A may raise, to 310+.
        (310, 210, LegalActions(1, True, False, 110, 310, 9900, "raise", True)),
        # C all-in to 190: A faces 90 more: call or fold only.
        (290, 190, LegalActions(1, True, False, 90, None, None, "raise", False)),
    ],
)
def test_r4_3_cumulative_short_all_ins(c_stack, c_to, expected):
    """R4.3 (ours): blinds 50/100 on the flop, A bets 100, B all-in to 150,
    C all-in to 210: A faces 110 more and may raise. With C all-in to 190 A
    faces 90 and may only call or fold."""
    d, a, b, c = 0, 1, 2, 3
    h = new_hand([10000, 10000, 250, c_stack], 50, 100)
    play(h, (c, "call"), (d, "call"), (a, "call"), (b, "check"))
    assert h.street == "flop" and h.to_act == a
    h.bet(a, 100)
    h.all_in(b)
    h.all_in(c)
    assert h.current_bet == c_to
    assert h.min_raise_size == 100
    h.call(d)
    assert h.legal_actions() == expected


# --------------------------------------------------------------------- R6.1
def test_r6_1_kicker_kkj85_loses_to_kka85():
    """R6.1 (seeds 001, 003, 004): K-K-J-8-5 loses to K-K-A-8-5."""
    h = new_hand(
        [1000, 1000], 5, 10, holes=["KhJd", "KdAc"], board="Ks8c5h2d3c", show_policy="manual"
    )
    play(h, (0, "call"), (1, "check"))
    check_down(h)
    h.show(h.showdown_seat)
    h.show(h.showdown_seat)
    shown = {e.seat: e for e in of_type(h, Shown)}
    assert "".join(c[0] for c in shown[0].best_five) == "KKJ85"
    assert "".join(c[0] for c in shown[1].best_five) == "KKA85"
    assert shown[0].category == shown[1].category == "pair"
    assert shown[1].rank < shown[0].rank
    assert awards_summary(h) == [("main pot", 20, (0, 1), (1,), (20,))]
    assert h.result.stacks == (990, 1010)


# --------------------------------------------------------------------- R7.6
def test_r7_6_big_blind_ante_goes_to_the_main_pot():
    """R7.6 (ours): blinds 100/200 with a 200 BBA; the first player is all-in
    for 150, everyone else folds, the SB too; the BB owes nothing and is not
    asked. Main pot 200 + 100 + 150 + 150 = 600 between the all-in player and
    the BB; 50 of the BB's blind comes back uncalled."""
    h = new_hand(
        [10000, 10000, 10000, 150],
        100,
        200,
        ante=200,
        ante_type="big_blind",
        holes=["5c6d", "8h4s", "Kd4c", "AhAs"],
    )
    assert h.dead_money == 200 and h.bets == (0, 100, 200, 0)
    assert h.legal_actions() == LegalActions(3, True, False, 150, None, None, "raise", True)
    h.all_in(3)
    h.fold(0)
    h.fold(1)
    assert h.is_over  # the BB is never asked (R5.1a)
    assert UncalledReturned(2, 50) in h.log
    assert awards_summary(h) == [("main pot", 600, (2, 3), (3,), (600,))]
    assert h.result.stacks == (10000, 9900, 9650, 600)


# ---------------------------------------------------------- Examples A to C
def test_example_a_layers():
    """R7.1-R7.4 Example A (seed 000): contributions 5,000 / 12,000 / 20,000:
    main 15,000 (all three), side 14,000 (Bjarni, Davíð), 8,000 back to Davíð."""
    layering = layer_pots([5000, 12000, 20000], [False, False, False])
    assert [(p.name, p.amount, p.eligible) for p in layering.pots] == [
        ("main pot", 15000, (ANNA, BJARNI, DAVID)),
        ("side pot 1", 14000, (BJARNI, DAVID)),
    ]
    assert layering.returns == (0, 0, 8000)


@pytest.mark.parametrize(
    ("ranking", "ranks", "received"),
    [
        ("Anna > Bjarni > Davíð", [1, 2, 3], (15000, 14000, 8000)),
        ("Anna > Davíð > Bjarni", [1, 3, 2], (15000, 0, 22000)),
        ("Bjarni best (Anna second)", [2, 1, 3], (0, 29000, 8000)),
        ("Bjarni best (Davíð second)", [3, 1, 2], (0, 29000, 8000)),
        ("Davíð best (Anna second)", [2, 3, 1], (0, 0, 37000)),
        ("Davíð best (Bjarni second)", [3, 2, 1], (0, 0, 37000)),
        ("Anna = Bjarni > Davíð", [1, 1, 2], (7500, 21500, 8000)),
    ],
)
def test_example_a_payout_table(ranking, ranks, received):
    """R7, R8.1 Example A payout table (chips received, own included)."""
    layering = layer_pots([5000, 12000, 20000], [False, False, False])
    awards = award_pots(layering.pots, ranks, button=DAVID)
    total = tuple(p + r for p, r in zip(awards.payouts, layering.returns))
    assert total == received, ranking
    assert sum(total) == 37000


def test_example_b_folded_big_blind_and_ante_land_in_the_main_pot():
    """R7.2, R7.6 Example B (seed 000): as A plus Eva's folded 200 blind and
    her 200 BBA: main 15,400; side 14,000; Davíð still gets 8,000 back."""
    layering = layer_pots([5000, 12000, 20000, 200], [False, False, False, True], dead=200)
    assert [(p.name, p.amount, p.eligible) for p in layering.pots] == [
        ("main pot", 15400, (ANNA, BJARNI, DAVID)),
        ("side pot 1", 14000, (BJARNI, DAVID)),
    ]
    assert layering.returns == (0, 0, 8000, 0)


def test_example_c_two_side_pots():
    """R7.1-R7.3, R8.1 Example C (seed 000): 2,000 / 4,500 / 9,000 / 9,000:
    main 8,000, side 1 7,500, side 2 9,000; Anna best and Eva second:
    Anna 8,000, Eva 16,500, the others 0."""
    layering = layer_pots([2000, 4500, 9000, 9000], [False] * 4)
    assert [(p.name, p.amount, p.eligible) for p in layering.pots] == [
        ("main pot", 8000, (ANNA, BJARNI, DAVID, EVA)),
        ("side pot 1", 7500, (BJARNI, DAVID, EVA)),
        ("side pot 2", 9000, (DAVID, EVA)),
    ]
    assert layering.returns == (0, 0, 0, 0)
    awards = award_pots(layering.pots, [1, 3, 3, 2], button=EVA)
    assert awards.payouts == (8000, 0, 0, 16500)


# ---------------------------------------------------------------- Example D
def test_example_d_three_way_all_in():
    """R7, R8.1 Example D (seed 002): Ramses (button) 12,000, Ahmose (SB)
    2,000, Nefertari (BB) 5,000, all-in preflop. Main 6,000 to Ahmose, side
    6,000 to Nefertari, 7,000 back to Ramses."""
    ramses, ahmose, nefertari = 0, 1, 2
    h = new_hand(
        [12000, 2000, 5000],
        50,
        100,
        names=["Ramses", "Ahmose", "Nefertari"],
        holes=["QcQd", "AcAd", "KcKd"],
        board="2s7h9sJd4c",
    )
    h.all_in(ramses)
    h.call(ahmose)
    h.call(nefertari)
    assert h.is_over
    assert awards_summary(h) == [
        ("main pot", 6000, (0, 1, 2), (ahmose,), (6000,)),
        ("side pot 1", 6000, (0, 2), (nefertari,), (6000,)),
    ]
    assert h.result.returned == (7000, 0, 0)
    assert h.result.stacks == (7000, 6000, 6000)


# ---------------------------------------------------------------- Example E
def test_example_e_folded_raise_stays_and_equal_layers_merge():
    """R7.2, R7.3, R8.2 Example E (seed 002): Ramses raises to 300 and later
    folds; the 300 and 1,500 layers merge: main 4,800 to Tiya, side 5,000
    split 2,500 / 2,500. Final 4,800 / 2,500 / 7,500 / 9,700."""
    tiya, ahmose, nefertari, ramses = 0, 1, 2, 3
    h = new_hand(
        [1500, 4000, 9000, 10000],
        50,
        100,
        names=["Tiya", "Ahmose", "Nefertari", "Ramses"],
        holes=["9c9d", "AsQc", "AdQh", "3h4c"],
        board="9s5h2dKc7s",
    )
    assert h.to_act == ramses
    h.raise_to(ramses, 300)
    h.all_in(tiya)
    h.all_in(ahmose)
    h.call(nefertari)
    assert h.bets == (1500, 4000, 4000, 300)
    h.fold(ramses)
    assert h.is_over
    assert awards_summary(h) == [
        ("main pot", 4800, (tiya, ahmose, nefertari), (tiya,), (4800,)),
        ("side pot 1", 5000, (ahmose, nefertari), (ahmose, nefertari), (2500, 2500)),
    ]
    assert h.result.stacks == (4800, 2500, 7500, 9700)


# ---------------------------------------------------------------- Example F
def test_example_f_odd_chips_go_clockwise_from_the_button():
    """R8.2 Example F (seed 002): three winners share 3,350; seats button
    Tiya, SB Ahmose (not a winner), BB Nefertari, Ramses: Nefertari 1,117,
    Ramses 1,117, Tiya 1,116."""
    tiya, ahmose, nefertari, ramses = 0, 1, 2, 3
    pot = Pot(3350, (tiya, ahmose, nefertari, ramses), "main pot")
    awards = award_pots([pot], [100, 200, 100, 100], button=tiya)
    (award,) = awards.awards
    assert award.winners == (nefertari, ramses, tiya)
    assert award.shares == (1117, 1117, 1116)
    assert awards.payouts == (1116, 0, 1117, 1117)


# --------------------------------------------------------------------- R8.3
def test_r8_3_chip_unit_pot_calculator():
    """R8.3: with a 25-chip smallest chip, 325 split two ways is 13 units:
    7 units to the first winner left of the button, 6 to the other."""
    pot = Pot(325, (0, 1, 2), "main pot")
    awards = award_pots([pot], [1, 2, 1], button=1, chip_unit=25)
    assert awards.awards[0].winners == (2, 0)
    assert awards.awards[0].shares == (175, 150)
    assert awards.payouts == (150, 0, 175)


def test_r8_3_chip_unit_in_a_hand():
    """R8.3: blinds 25/50 with chip_unit 25; the SB folds, the pot of 125 (5
    units) is split by the button and the BB: 3 units to the BB (first left
    of the button), 2 to the button."""
    h = new_hand(
        [1000, 1000, 1000],
        25,
        50,
        chip_unit=25,
        holes=["7c8d", "2c3d", "4h5c"],
        board="AsKsQsJsTs",
    )
    play(h, (0, "call"), (1, "fold"), (2, "check"))
    check_down(h)
    assert awards_summary(h) == [("main pot", 125, (0, 2), (2, 0), (75, 50))]
    assert h.result.stacks == (1000, 975, 1025)
