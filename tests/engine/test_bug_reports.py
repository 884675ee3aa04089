"""The rule cases from public bug reports (cases-from-bug-reports.md, E01..E29).

S1 is the button, seat 0; S2, S3, ... are seats 1, 2, ... clockwise.
"""

from __future__ import annotations

from helpers import (
    BOARD,
    actions,
    awards_summary,
    check_down,
    new_hand,
    of_type,
    play,
    postings,
    refused,
    streets_dealt,
)

from holdem import LegalActions, Reason
from holdem.engine.events import Acted, Mucked, Posted, PotAwarded, Shown, UncalledReturned

S1, S2, S3, S4 = 0, 1, 2, 3


def test_e01_each_side_pot_goes_to_the_best_hand_eligible_for_it():
    """E01, R7.1-R7.4, R8.1: main 6000 to S2, side 6000 to S3, 7000 back to S1."""
    h = new_hand([12000, 2000, 5000], 50, 100, holes=["QhQs", "AhAs", "KhKs"], board=BOARD)
    play(h, (S1, "all-in"), (S2, "call"), (S3, "call"))
    assert h.is_over
    assert awards_summary(h) == [
        ("main pot", 6000, (S1, S2, S3), (S2,), (6000,)),
        ("side pot 1", 6000, (S1, S3), (S3,), (6000,)),
    ]
    assert UncalledReturned(S1, 7000) in h.log
    assert h.result.stacks == (7000, 6000, 6000)


def test_e02_dead_money_from_a_folder_and_an_uncalled_flop_bet():
    """E02, R7.2, R7.4: S2's folded chips stay in the side pot; S3's 2000
    flop bet is uncalled and returned."""
    h = new_hand(
        [3000, 10000, 10000, 1000], 50, 100, holes=["KhKs", "7c2d", "QhQs", "AhAs"], board=BOARD
    )
    play(h, (S4, "all-in"), (S1, "all-in"), (S2, "call"), (S3, "call"))
    assert h.street == "flop" and h.to_act == S2
    play(h, (S2, "check"), (S3, "bet 2000"), (S2, "fold"))
    assert h.is_over
    assert UncalledReturned(S3, 2000) in h.log
    assert awards_summary(h) == [
        ("main pot", 4000, (S1, S3, S4), (S4,), (4000,)),
        ("side pot 1", 6000, (S1, S3), (S1,), (6000,)),
    ]
    assert h.result.stacks == (6000, 7000, 7000, 4000)
    assert sum(h.result.stacks) == 24000


def test_e03_all_in_player_keeps_his_pot_while_others_bet_on():
    """E03, R7.1, R7.2: eligibility is fixed by contribution; S3's flop bet
    builds a side pot S2 cannot win."""
    h = new_hand([12000, 2000, 5000], 50, 100, holes=["QhQs", "AhAs", "KhKs"], board=BOARD)
    play(h, (S1, "raise to 2000"), (S2, "call"), (S3, "call"))
    assert h.street == "flop" and h.to_act == S3
    assert h.stacks == (10000, 0, 3000)
    play(h, (S3, "bet 3000"), (S1, "call"))
    assert h.is_over
    assert awards_summary(h) == [
        ("main pot", 6000, (S1, S2, S3), (S2,), (6000,)),
        ("side pot 1", 6000, (S1, S3), (S3,), (6000,)),
    ]
    assert h.result.stacks == (7000, 6000, 6000)


def test_e04_short_all_in_does_not_reopen_after_an_all_in_full_raise():
    """E04, R4.2, R4.3: S4 all-in to 16 (full raise), S1 calls, S2 all-in to
    19 (short), S3 calls: S1 may only fold or call 3; then preflop is over."""
    h = new_hand([200, 19, 200, 16], 1, 2)
    play(h, (S4, "raise to 16"), (S1, "call"), (S2, "all-in"), (S3, "call"))
    assert h.current_bet == 19 and h.min_raise_size == 14
    assert h.legal_actions() == LegalActions(S1, True, False, 3, None, None, "raise", False)
    refused(
        h,
        lambda: h.raise_to(S1, 33),
        reason=Reason.CANNOT_RAISE,
        seat=S1,
        action="raise",
        amount=33,
    )
    refused(h, lambda: h.all_in(S1), reason=Reason.CANNOT_RAISE, seat=S1, action="all-in")
    h.call(S1)
    assert h.street == "flop"
    assert h.to_act == S3


def test_e04_variant_uncapped_raiser_may_only_call_too():
    """E04 variant, R4.2: S4 has 200 and raises to 16; after S2's short
    all-in to 19 and S3's call, S4 may only fold or call 3, then S1 too."""
    h = new_hand([200, 19, 200, 200], 1, 2)
    play(h, (S4, "raise to 16"), (S1, "call"), (S2, "all-in"), (S3, "call"))
    assert h.legal_actions() == LegalActions(S4, True, False, 3, None, None, "raise", False)
    h.call(S4)
    assert h.legal_actions() == LegalActions(S1, True, False, 3, None, None, "raise", False)
    h.call(S1)
    assert h.street == "flop"


def test_e06_min_raise_not_capped_by_opponents_stack():
    """E06, R3.3, R3.6, R7.4: S1's raise range is 260..1000 although S2 has
    only 20 behind; after 260 and S2's all-in call, 60 goes back to S1."""
    h = new_hand([1000, 200], 10, 20, holes=["AcKd", "7h2c"], board="AsKh3c4d9s")
    play(h, (S1, "raise to 100"), (S2, "raise to 180"))
    assert h.legal_actions() == LegalActions(S1, True, False, 80, 260, 1000, "raise", True)
    play(h, (S1, "raise to 260"), (S2, "call"))
    assert h.is_over
    assert UncalledReturned(S1, 60) in h.log
    assert h.result.returned == (60, 0)
    # Before the board: S1 800 behind, S2 0, a contested pot of 400.
    assert awards_summary(h) == [("main pot", 400, (S1, S2), (S1,), (400,))]
    assert h.result.stacks == (800 + 400, 0)


def test_e07_all_in_for_less_than_a_min_raise_is_allowed():
    """E07, R3.3, R4.1: S1 (350) facing a raise to 300 may fold, call 300, or
    raise exactly to 350 (all-in)."""
    h = new_hand([350, 10000, 10000, 10000], 50, 100)
    play(h, (S4, "raise to 300"))
    assert h.legal_actions() == LegalActions(S1, True, False, 300, 350, 350, "raise", True)
    h.raise_to(S1, 350)
    assert h.current_bet == 350 and h.min_raise_size == 200  # short: R4.1


def test_e08_heads_up_blinds_and_action_order():
    """E08, R2.2: heads-up the button (S1) posts 5 and acts first preflop;
    S2 posts 10 and acts first on the flop."""
    h = new_hand([1000, 1000], 5, 10, board="Kd7h8c2s3d")
    assert postings(h) == [Posted(S1, "small blind", 5, False), Posted(S2, "big blind", 10, False)]
    assert h.to_act == S1
    play(h, (S1, "call"), (S2, "check"))
    assert h.board == ("Kd", "7h", "8c")
    assert h.to_act == S2


def test_e09_the_wheel_is_a_straight():
    """E09, R6.1: A-2-3-4-5 is a straight and beats three nines."""
    h = new_hand([1000, 1000], 5, 10, holes=["9cKd", "4s5c"], board="Ah2c3d9s9h")
    play(h, (S1, "call"), (S2, "check"))
    check_down(h)
    (shown,) = [e for e in of_type(h, Shown) if e.seat == S2]
    assert shown.category == "straight"
    assert awards_summary(h) == [("main pot", 20, (S1, S2), (S2,), (20,))]
    assert h.result.stacks == (990, 1010)


def test_e11_the_odd_chip_must_not_vanish():
    """E11, R8.2: 25 split by S1 and S3: 12 each and the odd chip to S3, the
    first tied hand left of the button."""
    h = new_hand([1000, 1000, 1000], 5, 10, holes=["7c8d", "2c3d", "4h5c"], board="AsKsQsJsTs")
    play(h, (S1, "call"), (S2, "fold"), (S3, "check"))
    check_down(h)
    assert awards_summary(h) == [("main pot", 25, (S1, S3), (S3, S1), (13, 12))]
    assert h.result.stacks == (1002, 995, 1003)
    assert sum(h.result.stacks) == 3000


def test_e13_big_blind_keeps_his_option_after_a_limp():
    """E13, R4.5: after folds and the SB's completion, S3 (BB) may check or
    raise to 200..1000; no flop yet. (Fold is not offered: it is free to check.)"""
    h = new_hand([1000] * 4, 50, 100)
    play(h, (S4, "fold"), (S1, "fold"), (S2, "call"))
    assert h.street == "preflop" and h.board == ()
    assert h.legal_actions() == LegalActions(S3, False, True, 0, 200, 1000, "raise", True)


def test_e14_big_blind_all_in_from_posting_gets_no_option():
    """E14, R5.1, R7.2: S3 posted the BB all-in and is never asked; S2 acts
    first on the flop; S3 is eligible only for the 300 main pot."""
    h = new_hand([1000, 1000, 100], 50, 100, holes=["KhKs", "QhQs", "AhAs"], board=BOARD)
    asked = [h.to_act]
    play(h, (S1, "call"))
    asked.append(h.to_act)
    play(h, (S2, "call"))
    assert h.street == "flop"
    assert h.to_act == S2
    for seat, text in [
        (S2, "bet 200"),
        (S1, "call"),
        (S2, "check"),
        (S1, "check"),
        (S2, "check"),
        (S1, "check"),
    ]:
        asked.append(h.to_act)
        play(h, (seat, text))
    assert h.is_over
    assert S3 not in asked
    assert all(e.seat != S3 for e in actions(h))
    assert awards_summary(h) == [
        ("main pot", 300, (S1, S2, S3), (S3,), (300,)),
        ("side pot 1", 400, (S1, S2), (S1,), (400,)),
    ]
    assert h.result.stacks == (1100, 700, 300)


def test_e15_first_wager_is_a_bet_and_min_raise_doubles_it():
    """E15, R3.2, R3.3: after S2 bets 2 on the flop, S1 may fold, call 2 or
    raise to 4..98."""
    h = new_hand([100, 100], 1, 2)
    play(h, (S1, "call"), (S2, "check"))
    assert h.legal_actions() == LegalActions(S2, False, True, 0, 2, 98, "bet", True)
    play(h, (S2, "bet 2"))
    assert h.legal_actions() == LegalActions(S1, True, False, 2, 4, 98, "raise", True)


def test_e17_once_betting_is_over_the_board_is_run_out():
    """E17, R5.3: after an all-in and a call nobody acts again; the flop, turn
    and river are each dealt and logged."""
    h = new_hand([1000, 1000], 5, 10, holes=["KhKs", "AhAs"], board=BOARD)
    play(h, (S1, "raise to 1000"), (S2, "call"))
    assert h.to_act is None and h.is_over
    assert len(actions(h)) == 2
    dealt = streets_dealt(h)
    assert [(d.street, d.cards, d.run_out) for d in dealt] == [
        ("flop", ("2c", "7d", "9h"), True),
        ("turn", ("Ts",), True),
        ("river", ("3s",), True),
    ]
    assert h.board == ("2c", "7d", "9h", "Ts", "3s")
    assert h.result.stacks == (0, 2000)


def test_e18_player_facing_an_all_in_raise_must_respond():
    """E18, R3.6, R5.1: S2's all-in raise makes S1 act again: fold or call
    1760, no raise. If S1 folds: S1 1760, S2 2240."""
    h = new_hand([2000, 2000], 60, 120)
    play(h, (S1, "raise to 240"), (S2, "all-in"))
    assert h.legal_actions() == LegalActions(S1, True, False, 1760, None, None, "raise", True)
    h.fold(S1)
    assert h.is_over
    assert h.result.stacks == (1760, 2240)


def test_e19_fold_to_an_all_in_the_uncalled_part_goes_back():
    """E19, R5.2, R7.4: 900 is returned uncalled and S1 wins the 200 pot; the
    log shows the return separately from the win."""
    h = new_hand([1000, 1000], 50, 100)
    play(h, (S1, "all-in"), (S2, "fold"))
    assert h.is_over
    returned = of_type(h, UncalledReturned)
    won = of_type(h, PotAwarded)
    assert returned == [UncalledReturned(S1, 900)]
    assert won == [PotAwarded("main pot", 200, (S1,), (S1,), (200,))]
    assert h.log.index(returned[0]) < h.log.index(won[0])
    assert of_type(h, Shown) == [] and of_type(h, Mucked) == []
    assert h.result.stacks == (1100, 900)


def test_e20_when_the_board_plays_the_hand_is_split():
    """E20, R6.1, R8.2: both play A-Q-J-3-3: split."""
    h = new_hand([1000, 1000], 5, 10, holes=["8d2c", "8h5c"], board="AsJd3cQh3d")
    play(h, (S1, "call"), (S2, "check"))
    check_down(h)
    assert awards_summary(h) == [("main pot", 20, (S1, S2), (S2, S1), (10, 10))]
    assert h.result.stacks == (1000, 1000)


def test_e21_flushes_are_compared_card_by_card():
    """E21, R6.1: Q-J-9-7-6 flush beats Q-J-9-6-5 flush."""
    h = new_hand([1000, 1000], 5, 10, holes=["Qc7d", "5dAh"], board="QdJd9dKc6d")
    play(h, (S1, "call"), (S2, "check"))
    check_down(h)
    (shown,) = [e for e in of_type(h, Shown) if e.seat == S1]
    assert shown.category == "flush"
    assert "".join(c[0] for c in shown.best_five) == "QJ976"
    assert h.result.stacks == (1010, 990)


def test_e23_biggest_all_in_unmatched_part_returned_and_net_sums_to_zero():
    """E23, R7.2, R7.4: S3 folded the nuts and is not eligible; main 269660
    to S2, S2's 30540 returned."""
    h = new_hand(
        [89820, 120360, 100000, 89820],
        100,
        200,
        holes=["5d4h", "6dJc", "AhTh", "8c4d"],
        board="3hAsJsQdKd",
    )
    play(h, (S4, "all-in"), (S1, "call"), (S2, "all-in"), (S3, "fold"))
    assert h.is_over
    assert UncalledReturned(S2, 30540) in h.log
    assert awards_summary(h) == [("main pot", 269660, (S1, S2, S4), (S2,), (269660,))]
    assert h.result.stacks == (0, 300200, 99800, 0)
    assert h.result.net == (-89820, 179840, -200, -89820)
    assert sum(h.result.net) == 0


def test_e25_minimum_re_raise_arithmetic():
    """E25, R3.3: after 200 and a re-raise to 2179, S1 may fold, call 1979 or
    raise to 4158..20000; 4200 is legal."""
    h = new_hand([20000, 20000], 50, 100)
    play(h, (S1, "raise to 200"), (S2, "raise to 2179"))
    assert h.min_raise_size == 1979
    assert h.legal_actions() == LegalActions(S1, True, False, 1979, 4158, 20000, "raise", True)
    h.raise_to(S1, 4200)
    assert h.bets == (4200, 2179)


def test_e26_min_raise_and_the_min_bet_resets_each_street():
    """E26, R3.2, R3.3: S2's raise range facing 300 is 500..10000; on the
    flop S2 may check or bet 100..9700."""
    h = new_hand([10000] * 3, 50, 100, board="Kd7h8c2s3d")
    play(h, (S1, "raise to 300"))
    assert h.legal_actions() == LegalActions(S2, True, False, 250, 500, 10000, "raise", True)
    play(h, (S2, "call"), (S3, "call"))
    assert h.board == ("Kd", "7h", "8c")
    assert h.legal_actions() == LegalActions(S2, False, True, 0, 100, 9700, "bet", True)


def test_e29_heads_up_big_blind_acts_first_after_the_flop():
    """E29, R2.2: heads-up the BB (S2) acts first on the flop, turn and river;
    the button (S1) acts last."""
    h = new_hand([100, 100], 1, 2)
    play(h, (S1, "call"), (S2, "check"))
    order = []
    for street in ("flop", "turn", "river"):
        assert h.street == street
        order.append(check_down_street(h))
    assert order == [[S2, S1], [S2, S1], [S2, S1]]


def check_down_street(h):
    """Check around one street; the seats asked, in order."""
    street, asked = h.street, []
    while h.to_act is not None and h.street == street:
        asked.append(h.to_act)
        h.check(h.to_act)
    return asked


def test_e29_acted_records_are_in_heads_up_order():
    """E29, R2.2: the log shows S1 first preflop and S2 first afterwards."""
    h = new_hand([100, 100], 1, 2)
    play(h, (S1, "call"), (S2, "check"))
    check_down(h)
    seats = [e.seat for e in of_type(h, Acted)]
    assert seats == [S1, S2, S2, S1, S2, S1, S2, S1]
