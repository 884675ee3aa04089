"""Focused tests per rule group of docs/rules.md (R1..R9), the errors of R3.7 and
the configuration errors."""

from __future__ import annotations

import pytest
from helpers import (
    actions,
    awards_summary,
    check_down,
    new_hand,
    of_type,
    play,
    postings,
    refused,
    snapshot,
    streets_dealt,
    table,
)

from holdem import (
    Action,
    ConfigError,
    Hand,
    IllegalActionError,
    Kind,
    LegalActions,
    NotationError,
    Pot,
    Reason,
    TableConfig,
    award_pots,
    layer_pots,
    parse_action,
    uncalled_bet,
)
from holdem.engine.events import HoleCardsDealt, Mucked, Posted, Shown, UncalledReturned

# ======================================================================= R1


def test_r1_1_largest_raise_is_the_chips_in_front_and_chips_are_conserved():
    """R1.1: a player can bet only their own chips; nothing is added."""
    h = new_hand([1000, 700, 1300], 50, 100, holes=["AhAs", "KhKs", "QhQs"])
    assert h.legal_actions().max_raise_to == 1000
    play(h, (0, "raise to 1000"))
    # 700 in all: a call all-in for 650 more, no raise beyond the stack.
    assert h.legal_actions() == LegalActions(1, True, False, 650, None, None, "raise", True)
    play(h, (1, "call"), (2, "call"))
    assert h.is_over
    assert sum(h.result.stacks) == 3000
    assert sum(h.result.net) == 0


def test_r1_2_short_player_calls_all_in_for_less_and_stays_in():
    """R1.2: a player who cannot cover a call calls all-in for what they have
    and stays in to showdown (and can win what they matched)."""
    h = new_hand([1000, 200, 1000], 50, 100, holes=["KhKs", "AhAs", "QhQs"])
    play(h, (0, "raise to 500"))
    assert h.legal_actions() == LegalActions(1, True, False, 150, None, None, "raise", True)
    play(h, (1, "call"))
    assert h.stacks[1] == 0 and not h.folded[1]
    play(h, (2, "call"))
    check_down(h)
    assert awards_summary(h) == [
        ("main pot", 600, (0, 1, 2), (1,), (600,)),
        ("side pot 1", 600, (0, 2), (0,), (600,)),
    ]
    assert h.result.stacks == (1100, 600, 500)


# ======================================================================= R2


@pytest.mark.parametrize(
    ("seats", "button", "sb", "bb", "first"),
    [(3, 0, 1, 2, 0), (3, 2, 0, 1, 2), (5, 2, 3, 4, 0), (6, 5, 0, 1, 2), (4, 1, 2, 3, 0)],
)
def test_r2_1_blind_seats_and_first_to_act(seats, button, sb, bb, first):
    """R2.1: SB left of the button, BB next, first to act left of the BB."""
    h = new_hand([1000] * seats, 50, 100, button=button)
    assert postings(h) == [
        Posted(sb, "small blind", 50, False),
        Posted(bb, "big blind", 100, False),
    ]
    assert h.to_act == first


def test_r2_1_later_streets_start_left_of_the_button_skipping_folded_seats():
    """R2.1: postflop the first active seat left of the button acts first."""
    h = new_hand([1000] * 4, 50, 100, button=2)  # SB 3, BB 0, first to act 1
    assert h.to_act == 1
    play(h, (1, "call"), (2, "call"), (3, "fold"), (0, "check"))
    assert h.street == "flop"
    assert h.to_act == 0  # seat 3 (left of the button) folded


@pytest.mark.parametrize("button", [0, 1])
def test_r2_2_heads_up_button_posts_sb_acts_first_preflop_last_after(button):
    """R2.2: heads-up the button posts SB and acts first preflop, last on
    every later street."""
    other = 1 - button
    h = new_hand([500, 500], 5, 10, button=button)
    assert postings(h) == [
        Posted(button, "small blind", 5, False),
        Posted(other, "big blind", 10, False),
    ]
    assert h.to_act == button
    play(h, (button, "call"))
    assert h.legal_actions() == LegalActions(other, False, True, 0, 20, 500, "raise", True)
    play(h, (other, "check"))
    for street in ("flop", "turn", "river"):
        assert h.street == street and h.to_act == other
        play(h, (other, "check"))
        assert h.to_act == button
        play(h, (button, "check"))
    assert h.is_over


def test_r2_3_uniform_antes_posted_before_blinds_and_are_dead():
    """R2.3, R2.4: uniform antes are posted before the blinds, count toward
    each contribution, and never reduce what a player must call."""
    h = new_hand([1000] * 3, 50, 100, ante=10, ante_type="uniform")
    posted = postings(h)
    kinds = [p.kind for p in posted]
    assert kinds == ["ante", "ante", "ante", "small blind", "big blind"]
    assert sorted(p.seat for p in posted[:3]) == [0, 1, 2]
    assert all(p.amount == 10 for p in posted[:3])
    assert h.bets == (0, 50, 100)
    assert h.contributions == (10, 60, 110)
    assert h.pot_total == 180
    assert h.dead_money == 0
    assert h.legal_actions() == LegalActions(0, True, False, 100, 200, 990, "raise", True)
    play(h, (0, "call"))
    assert h.legal_actions().call == 50


def test_r2_3_ante_only_seat_all_in_for_part_of_the_ante_wins_only_what_it_matched():
    """R2.3, R2.4, R7.1: a player all-in for 5 of a 10 ante can win only 5 of
    each other ante."""
    h = new_hand(
        [5, 1000, 1000],
        50,
        100,
        ante=10,
        ante_type="uniform",
        holes=["AhAs", "KhKs", "QhQs"],
    )
    assert Posted(0, "ante", 5, True) in h.log
    assert h.to_act == 1  # seat 0 is all-in: never asked
    play(h, (1, "fold"))
    assert h.is_over
    assert UncalledReturned(2, 50) in h.log
    assert awards_summary(h) == [
        ("main pot", 15, (0, 2), (0,), (15,)),
        ("side pot 1", 110, (2,), (2,), (110,)),
    ]
    assert h.result.stacks == (15, 940, 1050)


def test_r2_3_big_blind_ante_is_dead_money_not_a_bet():
    """R2.3: the BB posts one ante for the table; it is outside the layers
    and never counts toward the BB's bet."""
    h = new_hand([1000] * 3, 100, 200, ante=200, ante_type="big_blind")
    assert postings(h) == [
        Posted(1, "small blind", 100, False),
        Posted(2, "big blind", 200, False),
        Posted(2, "big blind ante", 200, False),
    ]
    assert h.bets == (0, 100, 200)
    assert h.contributions == (0, 100, 200)
    assert h.dead_money == 200 and h.pot_total == 500
    assert h.current_bet == 200
    assert h.legal_actions().call == 200


def test_r2_3_big_blind_ante_fully_winnable_by_a_one_chip_all_in():
    """R2.3, R7.6: a player all-in for a single chip can win the whole BB ante."""
    h = new_hand(
        [1, 10000, 10000],
        100,
        200,
        ante=200,
        ante_type="big_blind",
        holes=["AhAs", "KhKs", "QhQs"],
    )
    play(h, (0, "call"), (1, "fold"))
    assert h.is_over
    assert UncalledReturned(2, 100) in h.log
    assert awards_summary(h) == [
        ("main pot", 203, (0, 2), (0,), (203,)),
        ("side pot 1", 198, (2,), (2,), (198,)),
    ]
    assert h.result.stacks == (203, 9900, 9898)


def test_r2_4_big_blind_ante_short_stack_posts_blind_first():
    """R2.4: BB short of blind and ante: the blind is posted first, the ante
    takes what is left (TDA 2024)."""
    h = new_hand([1000, 1000, 150], 50, 100, ante=100, ante_type="big_blind")
    assert postings(h)[-2:] == [
        Posted(2, "big blind", 100, False),
        Posted(2, "big blind ante", 50, True),
    ]
    assert h.bets[2] == 100 and h.dead_money == 50


def test_r2_4_big_blind_ante_nothing_left_for_the_ante():
    """R2.4: a BB who cannot cover the blind posts it all-in and no ante."""
    h = new_hand([1000, 1000, 80], 50, 100, ante=100, ante_type="big_blind")
    assert Posted(2, "big blind", 80, True) in h.log
    assert sum(p.amount for p in postings(h) if p.kind == "big blind ante") == 0
    assert h.dead_money == 0
    assert h.current_bet == 100  # R2.5


def test_r2_4_short_small_blind_posts_ante_then_what_is_left():
    """R2.4: uniform antes come first; the SB then posts what is left all-in."""
    h = new_hand([1000, 30, 1000], 50, 100, ante=10, ante_type="uniform")
    assert Posted(1, "ante", 10, False) in h.log
    assert Posted(1, "small blind", 20, True) in h.log
    assert h.bets == (0, 20, 100)


def test_r2_5_heads_up_short_big_blind_only_call_or_fold():
    """R2.5, R3.6: a 60-chip BB heads-up; the SB must still complete to 100,
    cannot raise (nobody could call), and gets 40 back."""
    h = new_hand([1000, 60], 50, 100, holes=["KhKs", "AhAs"])
    assert h.current_bet == 100
    assert h.legal_actions() == LegalActions(0, True, False, 50, None, None, "raise", False)
    play(h, (0, "call"))
    assert h.is_over
    assert UncalledReturned(0, 40) in h.log
    assert h.result.stacks == (940, 120)


# ======================================================================= R3


def test_r3_1_amounts_are_to_amounts():
    """R3.1: "raise to 300" makes the bet 300, adding 300 - bet so far."""
    h = new_hand([1000] * 3, 50, 100)
    play(h, (0, "raise to 300"), (1, "raise to 900"))
    assert h.bets == (300, 900, 100)
    assert h.stacks == (700, 100, 900)
    assert actions(h)[-1].to == 900 and actions(h)[-1].added == 850


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fold", Action(Kind.FOLD)),
        ("check", Action(Kind.CHECK)),
        ("call", Action(Kind.CALL)),
        ("calls", Action(Kind.CALL)),
        ("bet 100", Action(Kind.BET, 100)),
        ("raise to 300", Action(Kind.RAISE, 300)),
        ("raises to 2,400", Action(Kind.RAISE, 2400)),
        ("all-in", Action(Kind.ALL_IN)),
        ("goes all-in", Action(Kind.ALL_IN)),
    ],
)
def test_r3_1_action_text(text, expected):
    """R3.1: the action words parse to the action they name."""
    assert parse_action(text) == expected


def test_r3_1_act_with_text_call_is_a_call_not_an_all_in():
    """R3.1: h.act(seat, "call") calls the current bet."""
    h = new_hand([1000] * 3, 50, 100)
    h.act(0, "call")
    assert h.bets == (100, 50, 100)
    assert h.stacks[0] == 900


@pytest.mark.parametrize(
    ("stack", "kind"),
    [(1000, "raise"), (100, "call"), (80, "call")],
)
def test_r3_1_all_in_is_a_call_or_raise_for_the_whole_stack(stack, kind):
    """R3.1: all-in is a call or raise for the whole stack."""
    h = new_hand([stack, 1000, 1000], 50, 100)
    h.all_in(0)
    last = actions(h)[-1]
    assert (last.seat, last.action, last.to, last.added, last.all_in) == (
        0,
        kind,
        stack,
        stack,
        True,
    )


def test_r3_1_all_in_as_an_opening_bet():
    """R3.1: on a new street an all-in is a bet."""
    h = new_hand([1000, 1000], 5, 10)
    play(h, (0, "call"), (1, "check"))
    h.all_in(1)
    last = actions(h)[-1]
    assert (last.action, last.to, last.all_in) == ("bet", 990, True)


def test_r3_2_min_bet_is_the_big_blind_on_every_street():
    """R3.2: the minimum bet is the big blind on the flop, turn and river."""
    h = new_hand([1000] * 3, 50, 100)
    play(h, (0, "raise to 400"), (1, "call"), (2, "call"))
    for street in ("flop", "turn", "river"):
        assert h.street == street
        assert h.legal_actions() == LegalActions(1, False, True, 0, 100, 600, "bet", True)
        refused(
            h, lambda: h.bet(1, 99), reason=Reason.BELOW_MINIMUM, seat=1, action="bet", amount=99
        )
        play(h, (1, "check"), (2, "check"), (0, "check"))


def test_r3_2_min_bet_is_the_whole_stack_when_less():
    """R3.2: a stack smaller than the big blind may bet it all."""
    h = new_hand([1000, 150], 50, 100)
    play(h, (0, "call"), (1, "check"))
    assert h.legal_actions() == LegalActions(1, False, True, 0, 50, 50, "bet", True)
    h.bet(1, 50)
    assert h.stacks[1] == 0


def test_r3_3_preflop_big_blind_counts_as_the_opening_bet():
    """R3.3: preflop the smallest raise is to two big blinds."""
    h = new_hand([1000] * 3, 50, 100)
    assert h.min_raise_size == 100
    assert h.legal_actions().min_raise_to == 200


def test_r3_3_largest_full_raise_sets_the_min_raise_size():
    """R3.3: raise to 350 (a raise of 250): the next minimum is 600."""
    h = new_hand([1000] * 3, 50, 100)
    play(h, (0, "raise to 350"))
    assert h.min_raise_size == 250
    assert h.legal_actions().min_raise_to == 600


def test_r3_4_no_limit_max_raise_is_the_whole_stack():
    """R3.4: the largest bet or raise is the whole stack."""
    h = new_hand([1000, 2000, 3000], 50, 100)
    assert h.legal_actions().max_raise_to == 1000
    play(h, (0, "call"))
    assert h.legal_actions().max_raise_to == 2000


def test_r3_5_pot_limit_preflop_pot_raise():
    """R3.5: preflop with blinds 50/100 the pot raise is to 350
    (100 + 150 in the middle + 100 to call)."""
    h = new_hand([1000] * 3, 50, 100, structure="pot_limit")
    assert h.legal_actions() == LegalActions(0, True, False, 100, 200, 350, "raise", False)
    refused(
        h,
        lambda: h.raise_to(0, 351),
        reason=Reason.ABOVE_MAXIMUM,
        seat=0,
        action="raise",
        amount=351,
    )
    refused(h, lambda: h.all_in(0), reason=Reason.CANNOT_RAISE, seat=0, action="all-in")
    h.raise_to(0, 350)
    # SB: 350 + (pot 500 + 300 to call) = 1150 > stack: capped at 1000, all-in allowed.
    assert h.legal_actions() == LegalActions(1, True, False, 300, 600, 1000, "raise", True)


def test_r3_6_no_raise_when_others_are_all_in_or_can_only_call():
    """R3.6: seat 0 is all-in and the BB has exactly enough to call: the SB
    may only call or fold."""
    h = new_hand([300, 1000, 300], 50, 100)
    play(h, (0, "all-in"))
    assert h.legal_actions() == LegalActions(1, True, False, 250, None, None, "raise", False)
    refused(
        h,
        lambda: h.raise_to(1, 600),
        reason=Reason.CANNOT_RAISE,
        seat=1,
        action="raise",
        amount=600,
    )
    play(h, (1, "call"))
    assert h.legal_actions() == LegalActions(2, True, False, 200, None, None, "raise", True)


def test_r3_6_no_raise_when_everyone_else_is_all_in():
    """R3.6: both opponents all-in; the last player may call or fold only."""
    h = new_hand([500, 400, 3000], 50, 100)
    play(h, (0, "all-in"), (1, "all-in"))
    assert h.legal_actions() == LegalActions(2, True, False, 400, None, None, "raise", False)


def test_r3_6_raise_callable_only_in_part_is_allowed():
    """R3.6, R7.4: a raise the opponent can call only in part is allowed; the
    unmatched part comes back."""
    h = new_hand([1000, 300], 50, 100, holes=["4c5d", "AhAs"])
    assert h.legal_actions() == LegalActions(0, True, False, 50, 200, 1000, "raise", True)
    play(h, (0, "raise to 1000"), (1, "call"))
    assert UncalledReturned(0, 700) in h.log
    assert h.result.stacks == (700, 600)


# ----------------------------------------------------------------- R3.7 errors


def _preflop():
    """Blinds 50/100, three seats of 1000: seat 0 to act (fold, call 100, raise to 200..1000)."""
    return new_hand([1000] * 3, 50, 100)


def _bb_option():
    h = _preflop()
    play(h, (0, "call"), (1, "call"))
    return h  # seat 2: check, raise to 200..1000


def _flop():
    h = _bb_option()
    play(h, (2, "check"))
    return h  # seat 1: check, bet 100..900


def _flop_bet():
    h = _flop()
    play(h, (1, "bet 100"))
    return h  # seat 2: fold, call 100, raise to 200..900


def _not_reopened():
    h = new_hand([200, 19, 200, 16], 1, 2)
    play(h, (3, "raise to 16"), (0, "call"), (1, "all-in"), (2, "call"))
    return h  # seat 0: fold, call 3


ERROR_CASES = [
    # (id, setup, attempt, reason, seat, action, amount)
    ("not-your-turn", _preflop, lambda h: h.call(1), Reason.NOT_YOUR_TURN, 1, "call", None),
    (
        "not-your-turn-raise",
        _preflop,
        lambda h: h.raise_to(2, 300),
        Reason.NOT_YOUR_TURN,
        2,
        "raise",
        300,
    ),
    ("unknown-seat", _preflop, lambda h: h.call(7), Reason.UNKNOWN_SEAT, 7, "call", None),
    ("check-facing-bet", _preflop, lambda h: h.check(0), Reason.CANNOT_CHECK, 0, "check", None),
    (
        "fold-when-check-is-free-bb",
        _bb_option,
        lambda h: h.fold(2),
        Reason.CANNOT_FOLD,
        2,
        "fold",
        None,
    ),
    (
        "fold-when-check-is-free-flop",
        _flop,
        lambda h: h.fold(1),
        Reason.CANNOT_FOLD,
        1,
        "fold",
        None,
    ),
    ("call-nothing-owed", _bb_option, lambda h: h.call(2), Reason.NOTHING_TO_CALL, 2, "call", None),
    ("bet-facing-big-blind", _preflop, lambda h: h.bet(0, 300), Reason.CANNOT_BET, 0, "bet", 300),
    ("bet-facing-flop-bet", _flop_bet, lambda h: h.bet(2, 300), Reason.CANNOT_BET, 2, "bet", 300),
    (
        "raise-with-no-bet",
        _flop,
        lambda h: h.raise_to(1, 200),
        Reason.CANNOT_RAISE,
        1,
        "raise",
        200,
    ),
    (
        "raise-not-reopened",
        _not_reopened,
        lambda h: h.raise_to(0, 40),
        Reason.CANNOT_RAISE,
        0,
        "raise",
        40,
    ),
    (
        "all-in-not-reopened",
        _not_reopened,
        lambda h: h.all_in(0),
        Reason.CANNOT_RAISE,
        0,
        "all-in",
        None,
    ),
    (
        "raise-below-min",
        _preflop,
        lambda h: h.raise_to(0, 150),
        Reason.BELOW_MINIMUM,
        0,
        "raise",
        150,
    ),
    ("bet-below-min", _flop, lambda h: h.bet(1, 50), Reason.BELOW_MINIMUM, 1, "bet", 50),
    (
        "reraise-below-min",
        _flop_bet,
        lambda h: h.raise_to(2, 199),
        Reason.BELOW_MINIMUM,
        2,
        "raise",
        199,
    ),
    (
        "raise-above-stack",
        _preflop,
        lambda h: h.raise_to(0, 1001),
        Reason.ABOVE_MAXIMUM,
        0,
        "raise",
        1001,
    ),
    ("bet-above-stack", _flop, lambda h: h.bet(1, 901), Reason.ABOVE_MAXIMUM, 1, "bet", 901),
    (
        "raise-to-current-bet",
        _flop_bet,
        lambda h: h.raise_to(2, 100),
        Reason.BELOW_MINIMUM,
        2,
        "raise",
        100,
    ),
]


@pytest.mark.parametrize(
    ("setup", "attempt", "reason", "seat", "action", "amount"),
    [case[1:] for case in ERROR_CASES],
    ids=[case[0] for case in ERROR_CASES],
)
def test_r3_7_illegal_action_is_refused_and_changes_nothing(
    setup, attempt, reason, seat, action, amount
):
    """R3.7: the error names the seat, the action and the legal options of the
    seat to act, and the hand is exactly as it was."""
    h = setup()
    legal = h.legal_actions()
    error = refused(h, lambda: attempt(h), reason=reason, seat=seat, action=action, amount=amount)
    assert error.legal == legal
    message = str(error)
    assert f"seat {seat}" in message
    assert str(legal) in message
    # The hand still plays on normally from the same state.
    h.check_or_call(h.to_act)


@pytest.mark.parametrize("amount", [250.5, "300", True, None])
def test_r3_7_bad_amount(amount):
    """R3.7: an amount that is not a whole number of chips is refused."""
    h = _preflop()
    before = snapshot(h)
    with pytest.raises(IllegalActionError) as caught:
        h.act(0, Action(Kind.RAISE, amount))
    assert caught.value.reason is Reason.BAD_AMOUNT
    assert caught.value.seat == 0 and caught.value.action == "raise"
    assert caught.value.legal == before["legal"]
    assert snapshot(h) == before


def test_r3_7_unparseable_text_changes_nothing():
    """R3.7: text that is not an action raises NotationError (a ValueError)."""
    h = _preflop()
    before = snapshot(h)
    with pytest.raises(NotationError):
        h.act(0, "dance")
    with pytest.raises(ValueError):
        h.act(0, "raise to lots")
    assert snapshot(h) == before


def test_r3_7_act_after_the_hand_is_over():
    """R3.7: no action is legal once the hand is over (HAND_OVER, no legal options)."""
    h = _preflop()
    play(h, (0, "fold"), (1, "fold"))
    assert h.is_over
    error = refused(h, lambda: h.check(2), reason=Reason.HAND_OVER, seat=2, action="check")
    assert error.legal is None


def test_r3_7_act_during_manual_showdown():
    """R3.7: no betting action during the showdown (NO_BETTING)."""
    h = new_hand([1000, 1000], 5, 10, holes=["KhKs", "AhAs"], show_policy="manual")
    play(h, (0, "call"), (1, "check"))
    check_down(h)
    assert h.showdown_seat == 1 and not h.is_over
    error = refused(h, lambda: h.check(1), reason=Reason.NO_BETTING, seat=1, action="check")
    assert error.legal is None


def test_r3_7_show_outside_the_showdown():
    """R3.7, R6.2: show/muck only at the showdown (NOT_SHOWDOWN)."""
    h = _preflop()
    refused(h, lambda: h.show(0), reason=Reason.NOT_SHOWDOWN, seat=0, action="show")
    refused(h, lambda: h.muck(0), reason=Reason.NOT_SHOWDOWN, seat=0, action="muck")


def test_r3_7_errors_are_value_errors():
    """R3.7: IllegalActionError and ConfigError are ValueErrors."""
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(ConfigError, ValueError)


CONFIG_ERRORS = [
    ("one-seat", dict(stacks=[1000]), "stacks"),
    ("eleven-seats", dict(stacks=[1000] * 11), "stacks"),
    ("stacks-not-a-list", dict(stacks="1000"), "stacks"),
    ("zero-stack", dict(stacks=[1000, 0]), "stacks[1]"),
    ("float-stack", dict(stacks=[1000, 10.5]), "stacks[1]"),
    ("names-count", dict(names=["a"]), "names"),
    ("names-duplicate", dict(names=["a", "a"]), "names"),
    ("names-empty", dict(names=["a", " "]), "names[1]"),
    ("button-out-of-range", dict(button=2), "button"),
    ("button-negative", dict(button=-1), "button"),
    ("small-blind-above-big", dict(small_blind=20, big_blind=10), "small_blind"),
    ("small-blind-negative", dict(small_blind=-1), "small_blind"),
    ("big-blind-zero", dict(small_blind=0, big_blind=0), "big_blind"),
    ("ante-negative", dict(ante=-5), "ante"),
    ("ante-with-type-none", dict(ante=5, ante_type="none"), "ante"),
    ("ante-type-without-ante", dict(ante_type="uniform"), "ante"),
    ("ante-type-unknown", dict(ante=5, ante_type="straddle"), "ante_type"),
    ("structure-unknown", dict(structure="fixed_limit"), "structure"),
    ("min-bet-zero", dict(min_bet=0), "min_bet"),
    ("min-bet-below-big-blind", dict(min_bet=5), "min_bet"),
    ("chip-unit-zero", dict(chip_unit=0), "chip_unit"),
]


@pytest.mark.parametrize(
    ("overrides", "field"), [c[1:] for c in CONFIG_ERRORS], ids=[c[0] for c in CONFIG_ERRORS]
)
def test_config_error_names_the_field(overrides, field):
    """Configuration errors (R1, R2, R3, R8.3 settings) raise ConfigError naming the field."""
    options = dict(stacks=[1000, 1000], small_blind=5, big_blind=10)
    options.update(overrides)
    with pytest.raises(ConfigError) as caught:
        TableConfig(**options)
    assert caught.value.field == field
    assert str(caught.value).startswith(field)


def test_config_error_show_policy():
    """R6.3: the show policy is auto or manual; anything else is a ConfigError."""
    with pytest.raises(ConfigError) as caught:
        Hand(table([1000, 1000], 5, 10), show_policy="never")
    assert caught.value.field == "show_policy"


# ======================================================================= R4


def test_r4_1_short_all_in_raise_keeps_the_min_raise_size():
    """R4.1: an all-in raise short of a full raise does not change the
    minimum raise size; a full all-in raise does."""
    h = new_hand([10000, 10000, 10000, 450, 1000], 50, 100)
    play(h, (3, "raise to 300"))
    assert h.min_raise_size == 200
    play(h, (4, "all-in"))  # to 1000: a raise of 700, full
    assert h.min_raise_size == 700
    h2 = new_hand([10000, 10000, 10000, 300, 450], 50, 100)
    play(h2, (3, "raise to 300"), (4, "all-in"))  # to 450: a raise of 150, short
    assert h2.current_bet == 450 and h2.min_raise_size == 200
    assert h2.legal_actions().min_raise_to == 650


def test_r4_2_check_counts_as_acting_short_all_in_bet_does_not_reopen():
    """R4.2: A checks, B goes all-in for a bet of 60 (below the minimum bet),
    C calls: back to A, call or fold only. C, yet to act, could raise to 160."""
    h = new_hand([1000, 1000, 160], 50, 100)  # flop order: 1, 2, 0
    play(h, (0, "call"), (1, "call"), (2, "check"))
    play(h, (1, "check"), (2, "all-in"))
    assert h.legal_actions() == LegalActions(0, True, False, 60, 160, 900, "raise", True)
    play(h, (0, "call"))
    assert h.legal_actions() == LegalActions(1, True, False, 60, None, None, "raise", False)


def test_r4_2_preflop_short_all_in_reopens_only_for_players_yet_to_act():
    """R4.2: a limper faces a short all-in raise from the SB: the BB (yet to
    act) may raise to at least 250; the limper may then only call or fold."""
    h = new_hand([1000, 150, 1000], 50, 100)
    play(h, (0, "call"), (1, "all-in"))
    assert h.current_bet == 150 and h.min_raise_size == 100
    assert h.legal_actions() == LegalActions(2, True, False, 50, 250, 1000, "raise", True)
    play(h, (2, "call"))
    assert h.legal_actions() == LegalActions(0, True, False, 50, None, None, "raise", False)


def test_r4_2_full_bet_after_a_check_reopens():
    """R4.2, R4.3: a checked player facing a full bet may raise."""
    h = new_hand([1000] * 3, 50, 100)
    play(h, (0, "call"), (1, "call"), (2, "check"), (1, "check"), (2, "bet 100"), (0, "call"))
    assert h.legal_actions() == LegalActions(1, True, False, 100, 200, 900, "raise", True)


def test_r4_4_player_yet_to_act_may_reraise_up_to_the_stack():
    """R4.4: a player who has not acted faces no limit beyond R3."""
    h = new_hand([10000] * 4, 50, 100)
    play(h, (3, "raise to 300"), (0, "raise to 900"))
    assert h.legal_actions() == LegalActions(1, True, False, 850, 1500, 10000, "raise", True)
    h.raise_to(1, 10000)
    assert h.min_raise_size == 9100
    assert h.legal_actions() == LegalActions(2, True, False, 9900, None, None, "raise", True)


def test_r4_5_big_blind_option_check_ends_preflop():
    """R4.5: limps to the BB: check or raise; a check ends preflop."""
    h = new_hand([1000] * 3, 50, 100)
    play(h, (0, "call"), (1, "call"))
    assert h.street == "preflop"
    assert h.legal_actions() == LegalActions(2, False, True, 0, 200, 1000, "raise", True)
    play(h, (2, "check"))
    assert h.street == "flop"
    assert h.bets == (0, 0, 0) and h.current_bet == 0


def test_r4_5_big_blind_option_raise_reopens_for_limpers():
    """R4.5: the BB raises on the option; the limpers act again with full options."""
    h = new_hand([1000] * 3, 50, 100)
    play(h, (0, "call"), (1, "call"), (2, "raise to 300"))
    assert h.legal_actions() == LegalActions(0, True, False, 200, 500, 1000, "raise", True)


def test_r4_5_small_blind_completion_is_not_a_raise():
    """R4.5: heads-up, the SB completes; the BB still gets the option."""
    h = new_hand([1000, 1000], 50, 100)
    play(h, (0, "call"))
    assert h.street == "preflop" and h.to_act == 1
    assert h.legal_actions().can_check


# ======================================================================= R5


def test_r5_1_street_ends_when_all_have_acted_and_matched():
    """R5.1: a raise makes the earlier callers act again; the street ends only
    once all have matched."""
    h = new_hand([1000] * 3, 50, 100)
    play(h, (0, "call"), (1, "call"), (2, "raise to 300"))
    assert h.to_act == 0
    play(h, (0, "call"))
    assert h.to_act == 1 and h.street == "preflop"
    play(h, (1, "call"))
    assert h.street == "flop" and h.bets == (0, 0, 0)


def test_r5_1a_only_player_able_to_bet_owing_nothing_is_not_asked():
    """R5.1a: the SB posts all-in; the BB, the only one able to bet and owing
    nothing, is not asked: the hand runs out at once."""
    h = new_hand([40, 1000], 50, 100, holes=["AhAs", "KhKs"])
    assert h.to_act is None and h.is_over
    assert actions(h) == []
    assert UncalledReturned(1, 60) in h.log
    assert h.result.stacks == (80, 960)


def test_r5_1a_big_blind_not_asked_after_short_all_in_and_folds():
    """R5.1a: a short all-in and folds leave the BB alone owing nothing."""
    h = new_hand([1000, 1000, 1000, 60], 50, 100, holes=["8c6d", "4c5d", "KhKs", "AhAs"])
    play(h, (3, "all-in"), (0, "fold"), (1, "fold"))
    assert h.is_over
    assert [e.seat for e in actions(h)] == [3, 0, 1]


def test_r5_2_all_fold_no_cards_shown():
    """R5.2: when all but one fold, the last player wins, the uncalled bet
    comes back, and no cards are shown."""
    h = new_hand([1000] * 3, 50, 100)
    play(h, (0, "fold"), (1, "fold"))
    assert h.is_over
    assert h.board == ()
    assert UncalledReturned(2, 50) in h.log
    assert of_type(h, Shown) == [] and of_type(h, Mucked) == []
    assert h.result.shown == ()
    assert awards_summary(h) == [("main pot", 100, (2,), (2,), (100,))]
    assert h.result.stacks == (1000, 950, 1050)


def test_r5_2_fold_to_a_flop_bet():
    """R5.2: a flop bet nobody calls: returned, pot won, board stays at the flop."""
    h = new_hand([1000] * 3, 50, 100)
    play(h, (0, "call"), (1, "call"), (2, "check"), (1, "bet 300"), (2, "fold"), (0, "fold"))
    assert h.is_over and len(h.board) == 3
    assert UncalledReturned(1, 300) in h.log
    assert h.result.shown == ()
    assert h.result.stacks == (900, 1200, 900)


def test_r5_3_run_out_after_a_turn_all_in_deals_only_the_river():
    """R5.3: betting ends on the turn; the river is dealt without betting."""
    h = new_hand([1000, 1000], 5, 10, holes=["KhKs", "AhAs"])
    play(h, (0, "call"), (1, "check"), (1, "check"), (0, "check"), (1, "all-in"), (0, "call"))
    assert h.is_over
    assert [(d.street, len(d.cards), d.run_out) for d in streets_dealt(h)] == [
        ("flop", 3, False),
        ("turn", 1, False),
        ("river", 1, True),
    ]
    assert len(h.board) == 5


def test_r5_3_run_out_logs_every_street_with_the_whole_board():
    """R5.3: each street of a run-out is its own log record."""
    h = new_hand([500, 1000, 1000], 50, 100, holes=["KhKs", "AhAs", "QhQs"])
    play(h, (0, "all-in"), (1, "all-in"), (2, "fold"))
    dealt = streets_dealt(h)
    assert [d.street for d in dealt] == ["flop", "turn", "river"]
    assert [d.board for d in dealt] == [
        ("2c", "7d", "9h"),
        ("2c", "7d", "9h", "Ts"),
        ("2c", "7d", "9h", "Ts", "3s"),
    ]
    assert all(d.run_out for d in dealt)
    assert h.result.stacks == (0, 1600, 900)


def test_r5_4_dealing_starts_left_of_the_button_and_seeds_repeat():
    """R5.4: hole cards dealt starting left of the button; a seed repeats the deal."""
    config = table([1000] * 4, 5, 10, button=2)
    a = Hand(config, seed=42)
    b = Hand(config, seed=42)
    assert [e.seat for e in of_type(a, HoleCardsDealt)] == [3, 0, 1, 2]
    assert [a.hole_cards(s) for s in range(4)] == [b.hole_cards(s) for s in range(4)]
    cards = [c for s in range(4) for c in a.hole_cards(s)]
    assert len(set(cards)) == 8


# ======================================================================= R6


def _river_hand(show_policy="manual"):
    """Three seats reach the river; seat 2 (AA) best, seat 0 (KK), seat 1 (QQ)."""
    h = new_hand([1000] * 3, 50, 100, holes=["KhKs", "QhQs", "AhAs"], show_policy=show_policy)
    play(h, (0, "call"), (1, "call"), (2, "check"))
    play(h, (1, "check"), (2, "check"), (0, "check"))
    play(h, (1, "check"), (2, "check"), (0, "check"))
    assert h.street == "river"
    return h


def test_r6_2_last_aggressor_on_the_river_shows_first():
    """R6.2: the river bettor shows first, then clockwise."""
    h = _river_hand()
    play(h, (1, "check"), (2, "bet 100"), (0, "call"), (1, "call"))
    order = []
    while not h.is_over:
        order.append(h.showdown_seat)
        h.show(h.showdown_seat)
    assert order == [2, 0, 1]
    assert h.result.shown == (2, 0, 1)


def test_r6_2_checked_river_first_left_of_the_button_shows_first():
    """R6.2: nobody bet on the river: the first seat left of the button shows
    first, even if there was a bet on an earlier street."""
    h = new_hand([1000] * 3, 50, 100, holes=["KhKs", "QhQs", "AhAs"], show_policy="manual")
    play(h, (0, "call"), (1, "call"), (2, "check"))
    play(h, (1, "check"), (2, "bet 100"), (0, "call"), (1, "call"))  # flop bet by seat 2
    check_down(h)
    order = []
    while not h.is_over:
        order.append(h.showdown_seat)
        h.show(h.showdown_seat)
    assert order == [1, 2, 0]


def test_r6_2_showing_order_skips_folded_seats():
    """R6.2: clockwise from the first shower, only seats still in."""
    h = new_hand([1000] * 3, 50, 100, holes=["KhKs", "QhQs", "AhAs"], show_policy="manual")
    play(h, (0, "call"), (1, "fold"), (2, "check"))
    check_down(h)
    assert h.showdown_seat == 2


def test_r6_2_wrong_seat_to_show_is_refused():
    """R6.2, R3.7: showing out of turn is refused and changes nothing."""
    h = _river_hand()
    check_down(h)
    assert h.showdown_seat == 1
    refused(h, lambda: h.show(0), reason=Reason.NOT_YOUR_TURN, seat=0, action="show")


def test_r6_3_loser_may_muck_winner_must_show():
    """R6.3: the losing first shower may muck; the winner cannot muck."""
    h = _river_hand()
    check_down(h)  # order 1 (QQ), 2 (AA), 0 (KK)
    h.muck(1)
    assert h.showdown_seat == 2
    refused(h, lambda: h.muck(2), reason=Reason.MUST_SHOW, seat=2, action="muck")
    h.show(2)
    h.muck(0)
    assert h.is_over
    assert h.result.shown == (2,)
    assert [e.seat for e in of_type(h, Mucked)] == [1, 0]
    assert h.result.ranks[0] is None and h.result.ranks[1] is None
    assert awards_summary(h) == [("main pot", 300, (0, 1, 2), (2,), (300,))]
    assert h.result.stacks == (900, 900, 1200)


def test_r6_3_loser_may_still_choose_to_show():
    """R6.3: a losing hand may be shown."""
    h = _river_hand()
    check_down(h)
    h.show(1)
    h.show(2)
    h.show(0)
    assert h.result.shown == (1, 2, 0)
    assert h.result.stacks == (900, 900, 1200)


def test_r6_3_auto_policy_shows_winner_and_mucks_losers():
    """R6.3: with show_policy auto, winners show and losers muck."""
    h = _river_hand(show_policy="auto")
    check_down(h)
    assert h.result.shown == (2,)
    assert sorted(e.seat for e in of_type(h, Mucked)) == [0, 1]


def test_r6_3_tied_winners_both_must_show():
    """R6.3: a hand that shares a pot wins it and must be shown."""
    h = new_hand(
        [1000, 1000], 5, 10, holes=["7c8d", "4h5c"], board="AsKsQsJsTs", show_policy="manual"
    )
    play(h, (0, "call"), (1, "check"))
    check_down(h)
    refused(h, lambda: h.muck(1), reason=Reason.MUST_SHOW, seat=1, action="muck")
    h.show(1)
    refused(h, lambda: h.muck(0), reason=Reason.MUST_SHOW, seat=0, action="muck")
    h.show(0)
    assert h.result.stacks == (1000, 1000)


def test_r6_4_after_an_all_in_every_hand_is_shown():
    """R6.4: betting ended by an all-in: all hands shown, losers too."""
    h = new_hand([1000, 1000], 5, 10, holes=["KhKs", "AhAs"])
    play(h, (0, "all-in"), (1, "call"))
    assert sorted(h.result.shown) == [0, 1]
    assert of_type(h, Mucked) == []


def test_r6_4_checked_down_beside_an_all_in_a_loser_may_muck():
    """R6.4 applies only when betting ended early: two players with chips bet the
    flop and checked the rest down beside an all-in player, so R6.2 and R6.3 apply:
    a hand that wins a pot (the kings' side pot) must be shown, a loser may muck."""
    h = new_hand([300, 1000, 1000], 50, 100, holes=["AhAs", "KhKs", "QhQs"], show_policy="manual")
    play(h, (0, "all-in"), (1, "call"), (2, "call"))
    play(h, (1, "bet 200"), (2, "call"))
    check_down(h)
    assert not h.is_over
    assert h.showdown_seat == 1  # R6.2: no bet on the river, first left of the button
    refused(h, lambda: h.muck(1), reason=Reason.MUST_SHOW, seat=1, action="muck")
    h.show(1)
    assert h.showdown_seat == 2
    h.muck(2)  # queens win nothing: R6.3 lets them be mucked beside the all-in
    assert h.showdown_seat == 0
    h.show(0)
    assert h.is_over and list(h.result.shown) == [1, 0]
    assert h.stacks == (900, 1000 - 500 + 400, 1000 - 500)


def test_r6_4_betting_ended_early_a_loser_cannot_muck():
    """R6.4: when fewer than two players can still bet (R5.3) every hand is shown at
    once, so even a beaten hand may not be mucked."""
    h = new_hand([300, 1000, 1000], 50, 100, holes=["AhAs", "KhKs", "QhQs"], show_policy="manual")
    play(h, (0, "all-in"), (1, "call"), (2, "fold"))
    assert not h.is_over
    assert h.showdown_seat == 0  # R6.2: the last aggressor, the all-in, first
    h.show(0)
    assert h.showdown_seat == 1
    refused(h, lambda: h.muck(1), reason=Reason.MUST_SHOW, seat=1, action="muck")
    h.show(1)
    assert h.is_over and sorted(h.result.shown) == [0, 1]


# ======================================================================= R7


def test_r7_1_layers_by_contribution_level():
    """R7.1: each distinct contribution level makes a layer."""
    layering = layer_pots([100, 400, 250, 400], [False] * 4)
    assert [(p.amount, p.eligible) for p in layering.pots] == [
        (400, (0, 1, 2, 3)),
        (450, (1, 2, 3)),
        (300, (1, 3)),
    ]
    assert layering.returns == (0, 0, 0, 0)


def test_r7_2_folded_chips_stay_but_win_nothing():
    """R7.2: a folder's chips stay in every layer they paid into."""
    layering = layer_pots([300, 1000, 1000], [True, False, False])
    assert [(p.amount, p.eligible) for p in layering.pots] == [(2300, (1, 2))]


def test_r7_3_adjacent_layers_with_the_same_eligible_players_merge():
    """R7.3: layers with the same eligible set merge into one pot."""
    layering = layer_pots([300, 1500, 4000, 4000], [True, False, False, False])
    assert [(p.name, p.amount, p.eligible) for p in layering.pots] == [
        ("main pot", 4800, (1, 2, 3)),
        ("side pot 1", 5000, (2, 3)),
    ]


def test_r7_4_uncalled_bet():
    """R7.4: the top layer paid by one player alone is returned."""
    assert uncalled_bet([100, 1000, 250]) == (1, 750)
    assert uncalled_bet([300, 300, 50]) is None
    layering = layer_pots([100, 1000, 250], [False, False, False])
    assert layering.returns == (0, 750, 0)
    assert [(p.amount, p.eligible) for p in layering.pots] == [(300, (0, 1, 2)), (300, (1, 2))]


def test_r7_4_uncalled_bet_of_a_player_who_later_folded_is_still_returned():
    """R7.4: an uncalled top layer goes back "whatever the cards", also to a folder."""
    layering = layer_pots([100, 600, 100], [False, True, False])
    assert layering.returns == (0, 500, 0)
    assert [(p.amount, p.eligible) for p in layering.pots] == [(300, (0, 2))]


def test_r7_5_layer_with_no_eligible_player_goes_back_to_its_payers():
    """R7.5: a layer paid only by folded players goes back to them."""
    layering = layer_pots([100, 300, 300], [False, True, True])
    assert layering.returns == (0, 200, 200)
    assert [(p.amount, p.eligible) for p in layering.pots] == [(300, (0,))]


def test_r7_6_dead_money_added_to_the_main_pot():
    """R7.6: dead money is added whole to the main pot."""
    layering = layer_pots([150, 100, 200], [False, True, False], dead=200)
    assert layering.returns == (0, 0, 50)
    assert [(p.amount, p.eligible) for p in layering.pots] == [(600, (0, 2))]


def test_r7_in_a_hand_pots_match_the_calculator():
    """R7: the hand's pots come from its contributions through the layering rule."""
    h = new_hand([1000, 300, 600], 50, 100, holes=["AhAs", "KhKs", "QhQs"])
    play(h, (0, "raise to 1000"), (1, "call"), (2, "call"))
    assert h.is_over
    assert awards_summary(h) == [
        ("main pot", 900, (0, 1, 2), (0,), (900,)),
        ("side pot 1", 600, (0, 2), (0,), (600,)),
    ]
    assert h.result.returned == (400, 0, 0)
    assert h.result.stacks == (1900, 0, 0)


# ======================================================================= R8


def test_r8_1_each_pot_settled_among_its_eligible_players_only():
    """R8.1: the best hand overall wins the main pot only; the side pot goes
    to the best hand eligible for it."""
    pots = [Pot(900, (0, 1, 2), "main pot"), Pot(600, (1, 2), "side pot 1")]
    awards = award_pots(pots, [1, 3, 2], button=0)
    assert awards.payouts == (900, 0, 600)


@pytest.mark.parametrize(
    ("button", "winners", "amount", "expected"),
    [
        (3, (1, 4), 101, {4: 51, 1: 50}),  # first left of the button: 4, then 1
        (0, (0, 1), 101, {1: 51, 0: 50}),  # the button gets the odd chip last
        (1, (0, 2, 3), 302, {2: 101, 3: 101, 0: 100}),
        (2, (0, 2, 3), 302, {3: 101, 0: 101, 2: 100}),
    ],
)
def test_r8_2_odd_chips_clockwise_from_the_button(button, winners, amount, expected):
    """R8.2: equal shares rounded down; the odd chips go one at a time to the
    tied winners from the first left of the button, clockwise."""
    n = 5
    ranks = [1 if s in winners else 2 for s in range(n)]
    awards = award_pots([Pot(amount, tuple(range(n)), "main pot")], ranks, button=button)
    assert {s: c for s, c in enumerate(awards.payouts) if c} == expected
    assert sum(awards.payouts) == amount


def test_r8_2_three_way_split_in_a_hand():
    """R8.2: 35 split three ways on a royal board: 12, 12, 11 from the BB."""
    h = new_hand([1000] * 4, 5, 10, holes=["7c8d", "2c3d", "4h5c", "6h9c"], board="AsKsQsJsTs")
    play(h, (3, "call"), (0, "call"), (1, "fold"), (2, "check"))
    check_down(h)
    assert awards_summary(h) == [("main pot", 35, (0, 2, 3), (2, 3, 0), (12, 12, 11))]
    assert h.result.stacks == (1001, 995, 1002, 1002)


def test_r8_2_odd_chip_in_a_side_pot():
    """R8.1, R8.2: each pot's odd chip is settled on its own."""
    pots = [Pot(301, (0, 1, 2), "main pot"), Pot(201, (1, 2), "side pot 1")]
    awards = award_pots(pots, [2, 1, 1], button=2)
    assert [(a.winners, a.shares) for a in awards.awards] == [
        ((1, 2), (151, 150)),
        ((1, 2), (101, 100)),
    ]


# ======================================================================= R9


def test_r9_1_bigger_starting_stack_finishes_higher():
    """R9.1: two players bust in one hand; the one who started with more
    finishes higher."""
    h = new_hand([10000, 2000, 3000], 50, 100, holes=["AhAs", "KhKs", "QhQs"])
    assert h.eliminations() == ()
    play(h, (0, "all-in"), (1, "call"), (2, "call"))
    assert h.is_over
    assert h.result.stacks == (15000, 0, 0)
    assert h.eliminations() == ((2,), (1,))


def test_r9_1_equal_starting_stacks_share_the_place():
    """R9.1: equal starting stacks share the place (E23's S1 and S4)."""
    h = new_hand(
        [89820, 120360, 100000, 89820],
        100,
        200,
        holes=["5d4h", "6dJc", "AhTh", "8c4d"],
        board="3hAsJsQdKd",
    )
    play(h, (3, "all-in"), (0, "call"), (1, "all-in"), (2, "fold"))
    assert h.eliminations() == ((0, 3),)


def test_r9_1_nobody_eliminated():
    """R9.1: nobody with chips left is eliminated."""
    h = new_hand([1000] * 3, 50, 100)
    play(h, (0, "fold"), (1, "fold"))
    assert h.eliminations() == ()


def test_r3_7_an_unknown_card_showdown_is_undone() -> None:
    """R3.7: when a showdown needs cards nobody knows (replayed histories), the action
    that led to it is undone and ShowdownError is raised; the hand stays playable."""
    from holdem import ShowdownError

    hand = Hand(
        TableConfig(stacks=[1000, 1000], small_blind=5, big_blind=10), hole_cards=["????", "????"]
    )
    hand.call(0)
    hand.check(1)
    for _ in range(2):
        hand.check(1)
        hand.check(0)
    hand.check(1)
    before = (hand.stacks, hand.bets, hand.log, hand.to_act, hand.street)
    with pytest.raises(ShowdownError):
        hand.check(0)
    assert (hand.stacks, hand.bets, hand.log, hand.to_act, hand.street) == before


@pytest.mark.parametrize("text", ["calls 10", "calls 5"])
def test_r3_1_a_call_amount_may_be_the_bet_it_makes_or_the_chips_it_adds(text: str) -> None:
    """R3.1: "calls 10" (the bet after calling) and "calls 5" (chips added) are the same call."""
    hand = Hand(TableConfig(stacks=[1000, 1000], small_blind=5, big_blind=10), seed=1)
    hand.act(0, text)
    assert hand.bets == (10, 10)


@pytest.mark.parametrize("thing", [5, None, "raise to ²", ("fold",)])
def test_r3_7_something_that_is_not_an_action_is_a_notation_error(thing: object) -> None:
    """R3.7: a non-action is refused with a ValueError (NotationError), the hand unchanged."""
    from holdem import NotationError

    hand = Hand(TableConfig(stacks=[1000, 1000], small_blind=5, big_blind=10), seed=1)
    log = hand.log
    with pytest.raises(NotationError):
        hand.act(0, thing)  # type: ignore[arg-type]
    assert hand.log == log
