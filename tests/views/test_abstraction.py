"""The action abstraction: named buttons mapped onto exact legal actions (R3.1-R3.6)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import Action, ConfigError, Hand, Kind, TableConfig
from holdem.views.abstraction import Abstraction, ButtonError
from holdem.views.seat import seat_view
from tests.strategies import hands

HU = TableConfig(stacks=[200, 200], small_blind=1, big_blind=2)
DEFAULT = Abstraction()


def texts(actions: list[Action | None]) -> list[str | None]:
    return [None if a is None else str(a) for a in actions]


def test_names_and_size() -> None:
    assert DEFAULT.names == (
        "fold",
        "check/call",
        "min raise",
        "raise 1/2 pot",
        "raise 3/4 pot",
        "raise 1 pot",
        "raise 2 pot",
        "all-in",
    )
    assert DEFAULT.size == 8


def test_preflop_small_blind_call_first_then_fraction_of_pot_after_call_r3_3() -> None:
    """Pot 3, to call 1, current bet 2: a fraction f raises to 2 + floor(f * 4)."""
    hand = Hand(HU, seed=1)
    assert hand.to_act == 0
    assert DEFAULT.amounts(hand.legal_actions(), hand.pot_total, hand.current_bet) == [  # type: ignore[arg-type]
        4,
        4,
        5,
        6,
        10,
        200,
    ]
    assert texts(DEFAULT.actions_of(hand)) == [
        "fold",
        "call",
        "raise to 4",
        None,
        "raise to 5",
        "raise to 6",
        "raise to 10",
        "raise to 200",
    ]
    assert DEFAULT.mask_of(hand) == (True, True, True, False, True, True, True, True)


def test_big_blind_option_has_no_fold_r3_1() -> None:
    """After the small blind calls: pot 4, nothing to call, current bet 2."""
    hand = Hand(HU, seed=1)
    hand.call(0)
    assert texts(DEFAULT.actions_of(hand)) == [
        None,
        "check",
        "raise to 4",
        None,
        "raise to 5",
        "raise to 6",
        "raise to 10",
        "raise to 200",
    ]


def test_postflop_bet_is_fraction_of_pot() -> None:
    """Flop, pot 4, no bet: 1/2 pot is the minimum bet of one big blind (2)."""
    hand = Hand(HU, seed=1)
    hand.call(0)
    hand.check(1)
    assert hand.street == "flop" and hand.to_act == 1
    assert texts(DEFAULT.actions_of(hand)) == [
        None,
        "check",
        "bet 2",
        None,
        "bet 3",
        "bet 4",
        "bet 8",
        "bet 198",
    ]
    hand.bet(1, 3)
    # Facing 3 into 7: call 3 makes the pot 10; 1/2 pot raises to 3 + 5 = 8.
    assert texts(DEFAULT.actions_of(hand)) == [
        "fold",
        "call",
        "raise to 6",
        "raise to 8",
        "raise to 10",
        "raise to 13",
        "raise to 23",
        "raise to 198",
    ]


def test_clamped_fraction_masks_all_in_r3_4() -> None:
    """Stacks of 12: preflop 2 pot (2 + 8 = 10) fits under the all-in; facing a raise
    to 6 every fraction reaches the stack, so only the first of them stays."""
    hand = Hand(TableConfig(stacks=[12, 12], small_blind=1, big_blind=2), seed=1)
    assert texts(DEFAULT.actions_of(hand)) == [
        "fold",
        "call",
        "raise to 4",
        None,
        "raise to 5",
        "raise to 6",
        "raise to 10",
        "raise to 12",
    ]
    hand.raise_to(0, 6)
    # Facing 6, pot 8, call 4: 1/2 pot -> 6 + 6 = 12, the all-in; 3/4 pot (15) is clamped to 12.
    assert texts(DEFAULT.actions_of(hand)) == [
        "fold",
        "call",
        "raise to 10",
        "raise to 12",
        None,
        None,
        None,
        None,
    ]


def test_short_all_in_raise_is_the_min_raise_button_only_r4_2() -> None:
    """The small blind has 3 chips: its only raise is all-in to 3, short of the minimum 4."""
    hand = Hand(TableConfig(stacks=[3, 200], small_blind=1, big_blind=2), seed=1)
    legal = hand.legal_actions()
    assert legal is not None and (legal.min_raise_to, legal.max_raise_to) == (3, 3)
    assert texts(DEFAULT.actions_of(hand)) == [
        "fold",
        "call",
        "raise to 3",
        None,
        None,
        None,
        None,
        None,
    ]


def test_call_all_in_for_less_leaves_no_raise_button_r1_2() -> None:
    hand = Hand(TableConfig(stacks=[200, 50], small_blind=1, big_blind=2), seed=1)
    hand.raise_to(0, 100)
    assert texts(DEFAULT.actions_of(hand)) == ["fold", "call", None, None, None, None, None, None]
    assert DEFAULT.action_of(hand, 1) == Action(Kind.CALL)


def test_custom_fractions_exact() -> None:
    buttons = Abstraction(["1/3", 0.5, 3])
    assert buttons.fractions == (Fraction(1, 3), Fraction(1, 2), Fraction(3))
    assert buttons.names[3:] == ("raise 1/3 pot", "raise 1/2 pot", "raise 3 pot", "all-in")
    hand = Hand(HU, seed=1)
    hand.call(0)
    hand.check(1)
    # Flop, pot 4: 1/3 pot is floor(4/3) = 1, clamped up to the minimum bet 2.
    assert texts(buttons.actions_of(hand)) == [
        None,
        "check",
        "bet 2",
        None,
        None,
        "bet 12",
        "bet 198",
    ]


@pytest.mark.parametrize(
    "bad", [[0], [-1], ["x"], [True], "1/2", None, [float("nan")], ["1/0"], [0.5, "1/2"]]
)
def test_bad_fractions_fail_at_construction(bad: object) -> None:
    with pytest.raises(ConfigError) as error:
        Abstraction(bad)  # type: ignore[arg-type]
    assert error.value.field == "fractions"


def test_masked_button_names_seat_button_and_legal_buttons() -> None:
    hand = Hand(HU, seed=1)
    with pytest.raises(ButtonError) as error:
        DEFAULT.action_of(hand, 3)
    assert error.value.seat == 0 and error.value.button == 3
    assert str(error.value) == (
        "seat 0 cannot press button 3 (raise 1/2 pot): legal buttons 0 (fold), 1 (check/call), "
        "2 (min raise), 4 (raise 3/4 pot), 5 (raise 1 pot), 6 (raise 2 pot), 7 (all-in) "
        "(legal: fold, call 1, raise to 4..200)"
    )
    for bad in (8, -1, "1", True):
        with pytest.raises(ButtonError):
            DEFAULT.action_of(hand, bad)  # type: ignore[arg-type]


def test_seat_view_gives_the_same_buttons_as_the_hand() -> None:
    hand = Hand(HU, seed=1)
    assert DEFAULT.actions_of(seat_view(hand, 0)) == DEFAULT.actions_of(hand)


def test_nobody_to_act_is_an_error() -> None:
    hand = Hand(HU, seed=1)
    hand.fold(0)
    with pytest.raises(ValueError, match="nobody is to act"):
        DEFAULT.mask_of(hand)


@settings(max_examples=60, deadline=None)
@given(hand=hands(), picks=st.lists(st.integers(0, 7), min_size=60, max_size=60))
def test_buttons_are_legal_distinct_and_never_all_masked(hand: Hand, picks: list[int]) -> None:
    """Every unmasked button is a legal action (R3.1-R3.6), no two raise to the same
    amount, check/call is always there, and pressing buttons always ends the hand."""
    steps = 0
    while hand.to_act is not None:
        legal = hand.legal_actions()
        assert legal is not None
        actions = DEFAULT.actions_of(hand)
        assert actions[1] is not None
        amounts = [a.amount for a in actions[2:] if a is not None]
        assert len(amounts) == len(set(amounts))
        for action in actions:
            if action is not None:
                assert action in legal
        live = [i for i, a in enumerate(actions) if a is not None]
        button = live[picks[steps % len(picks)] % len(live)]
        hand.act(hand.to_act, DEFAULT.action_of(hand, button))
        steps += 1
        assert steps < 500
    assert hand.result is not None and sum(hand.result.net) == 0
