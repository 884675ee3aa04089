"""Hostile input to a hand (issue 10, section 5) and decision numbers (issue 12):
every refusal is a specific error of the project's hierarchy and leaves the hand
exactly as it was (R3.7); the log only ever holds plain ints."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from helpers import new_hand, play, refused, snapshot

from holdem import (
    Action,
    ConfigError,
    Hand,
    HoldemError,
    IllegalActionError,
    Kind,
    NotationError,
    Reason,
    ShowdownError,
    TableConfig,
    parse_action,
    seat_view,
    spectator_view,
)
from holdem.engine import snapshot as snapshots
from holdem.engine.config import MAX_STACK
from holdem.engine.events import Acted, Shown
from holdem.views.seat import view_from_dict


class Index:
    """An integer-like object, as numpy integers are: it has ``__index__`` only."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


class Chips(int):
    """An int subclass whose text differs from an int's."""

    def __repr__(self) -> str:
        return f"Chips({int(self)})"


def three_handed(**options: Any) -> Hand:
    return new_hand([1000, 1000, 1000], 5, 10, **options)


def plain_log(hand: Hand) -> None:
    """Every int in the log is a plain int, and the log dumps to JSON."""
    for event in hand.log:
        assert not any(type(value) is Chips for value in attrs.astuple(event, recurse=False))
        seat = getattr(event, "seat", None)
        assert seat is None or type(seat) is int
        if isinstance(event, Acted):
            assert type(event.to) is int and type(event.added) is int
    snapshots.dumps(hand)
    json.dumps(spectator_view(hand).to_dict())


# ---------------------------------------------------------------- seats


SEAT_METHODS: list[tuple[str, Callable[[Hand, Any], None]]] = [
    ("act", lambda hand, seat: hand.act(seat, Action(Kind.CALL))),
    ("fold", lambda hand, seat: hand.fold(seat)),
    ("call", lambda hand, seat: hand.call(seat)),
    ("all_in", lambda hand, seat: hand.all_in(seat)),
    ("raise_to", lambda hand, seat: hand.raise_to(seat, 20)),
    ("bet_or_raise", lambda hand, seat: hand.bet_or_raise(seat, 20)),
    ("check_or_call", lambda hand, seat: hand.check_or_call(seat)),
]


@pytest.mark.parametrize("seat", [False, True, -1, 3, 2**70, 0.0, "0", None, Index(-1)])
@pytest.mark.parametrize("method", [m for _, m in SEAT_METHODS], ids=[n for n, _ in SEAT_METHODS])
def test_r3_7_bad_seats_are_refused_everywhere(method: Callable[[Hand, Any], None], seat: object):
    """R3.7: a bool (True is not seat 1), a number that is no seat or a non-number
    is refused as an unknown seat; nothing changes."""
    hand = three_handed()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as caught:
        method(hand, seat)
    assert caught.value.reason is Reason.UNKNOWN_SEAT
    assert snapshot(hand) == before


@pytest.mark.parametrize("seat", [True, False, -1, 3, Index(5), "1"])
def test_r3_7_bad_seats_are_refused_at_showdown(seat: object):
    """R3.7, R6.2: show and muck refuse a bool or a non-seat, nothing changes."""
    hand = manual_showdown()
    assert hand.showdown_seat == 1
    for method in (hand.show, hand.muck):
        before = snapshot(hand)
        with pytest.raises(IllegalActionError) as caught:
            method(seat)  # type: ignore[arg-type]
        assert caught.value.reason is Reason.UNKNOWN_SEAT
        assert snapshot(hand) == before


@pytest.mark.parametrize("seat", [True, False, -1, 3, Index(-2), "0", 1.0])
def test_hole_cards_refuses_what_is_not_a_seat(seat: object):
    """``hole_cards(-1)`` is not the last seat's cards, and True is not seat 1."""
    hand = three_handed(holes=["AhAs", "KhKs", "QhQs"])
    with pytest.raises(HoldemError, match="no such seat"):
        hand.hole_cards(seat)  # type: ignore[arg-type]


def test_hole_cards_accept_an_integer_like_seat():
    hand = three_handed(holes=["AhAs", "KhKs", "QhQs"])
    assert hand.hole_cards(Index(1)) == ("Kh", "Ks")  # type: ignore[arg-type]


def test_integer_like_seats_and_amounts_go_in_the_log_as_plain_ints():
    """Seats and amounts given as numpy-like integers (``__index__``) or int
    subclasses are converted: the log holds plain ints and dumps to JSON."""
    hand = three_handed()
    hand.raise_to(Index(0), Index(30))  # type: ignore[arg-type]
    hand.act(Chips(1), Action(Kind.RAISE, Chips(90)))
    hand.call(Index(2))  # type: ignore[arg-type]
    hand.act(Index(0), Action(Kind.CALL, Index(90)))  # type: ignore[arg-type]
    hand.check_or_call(Chips(1))
    hand.bet_or_raise(Chips(2), Chips(100))
    assert [(a.seat, a.action, a.to) for a in hand.log if isinstance(a, Acted)] == [
        (0, "raise", 30),
        (1, "raise", 90),
        (2, "call", 90),
        (0, "call", 90),
        (1, "check", 0),
        (2, "bet", 100),
    ]
    plain_log(hand)


def test_numpy_integers_as_seats_and_amounts():
    np = pytest.importorskip("numpy", reason="numpy (an extra) converts through __index__")
    hand = three_handed()
    hand.raise_to(np.int64(0), np.int32(30))
    hand.call(np.int8(1))
    assert [(a.seat, a.to) for a in hand.log if isinstance(a, Acted)] == [(0, 30), (1, 30)]
    plain_log(hand)


# ---------------------------------------------------------------- amounts


@pytest.mark.parametrize("kind", [Kind.FOLD, Kind.CHECK, Kind.ALL_IN])
def test_r3_7_an_amount_on_fold_check_or_all_in_is_refused(kind: Kind):
    """R3.7: an amount where none belongs is refused, not ignored."""
    hand = three_handed()
    if kind is Kind.CHECK:
        play(hand, (0, "call"), (1, "call"))
        seat = 2
    else:
        seat = 0
    refused(
        hand,
        lambda: hand.act(seat, Action(kind, 10)),
        reason=Reason.BAD_AMOUNT,
        seat=seat,
        action=kind.value,
        amount=10,
    )


def test_r3_7_a_huge_amount_is_refused_with_a_clear_message():
    """R3.4, R3.7: an amount of thousands of digits is above the maximum; the
    message names its size instead of printing (or failing to print) it."""
    hand = three_handed()
    huge = 10**5000
    error = refused(
        hand,
        lambda: hand.raise_to(0, huge),
        reason=Reason.ABOVE_MAXIMUM,
        seat=0,
        action="raise",
        amount=huge,
    )
    assert "bit number" in str(error) and len(str(error)) < 300


def test_huge_numbers_in_text_are_notation_errors():
    with pytest.raises(NotationError, match="too many chips"):
        parse_action("raise to " + "9" * 5000)
    hand = three_handed()
    before = snapshot(hand)
    with pytest.raises(NotationError):
        hand.act(0, "raise to " + "9" * 5000)
    assert snapshot(hand) == before


def test_stacks_are_bounded_by_max_chips():
    """Stacks and forced bets above 2**62 chips are a ConfigError naming the field."""
    assert MAX_STACK == 2**62
    TableConfig([MAX_STACK, MAX_STACK], 1, 2)
    with pytest.raises(ConfigError) as caught:
        TableConfig([MAX_STACK + 1, 10], 1, 2)
    assert caught.value.field == "stacks[0]"
    with pytest.raises(ConfigError) as caught:
        TableConfig([10, 10], 1, 10**5000)
    assert caught.value.field == "big_blind"
    assert "bit number" in str(caught.value)


def test_config_accepts_integer_like_values_as_plain_ints():
    config = TableConfig([Index(100), Chips(200)], Index(1), Chips(2), button=Index(1))  # type: ignore[list-item, arg-type]
    assert config.stacks == (100, 200) and type(config.stacks[1]) is int
    assert type(config.big_blind) is int and config.button == 1
    with pytest.raises(ConfigError) as caught:
        TableConfig([100, 100], 1, 2, button=True)
    assert caught.value.field == "button"
    with pytest.raises(ConfigError, match="bit number") as caught:
        TableConfig([100, 100, 100, 100], 1, 2, straddles=[10**5000])
    assert caught.value.field == "straddles[0]"


# ---------------------------------------------------------------- actions


def test_action_kind_text_is_converted_when_built():
    assert Action("call") == Action(Kind.CALL)  # type: ignore[arg-type]
    assert Action("raise", 300) == Action(Kind.RAISE, 300)  # type: ignore[arg-type]
    hand = three_handed()
    hand.act(0, Action("call"))  # type: ignore[arg-type]
    assert hand.bets == (10, 5, 10)


@pytest.mark.parametrize("kind", ["calls", "shove", 5, None, ("fold",)])
def test_action_with_no_kind_is_refused_when_built(kind: object):
    with pytest.raises(NotationError, match="not an action kind"):
        Action(kind)  # type: ignore[arg-type]


# ---------------------------------------------------- unknown cards


def unknown_side_pot(show_policy: str) -> Hand:
    """Seat 0 (known) all-in for 50; seats 1 and 2 (unknown cards) build a side pot
    only they can win; the river is checked to seat 2."""
    hand = Hand(
        TableConfig([50, 1000, 1000], 5, 10),
        hole_cards=["AhAs", "????", "????"],
        board="2c7d9hTs3s",
        show_policy=show_policy,
    )
    play(hand, (0, "all-in"), (1, "call"), (2, "call"), (1, "bet 100"), (2, "call"))
    play(hand, (1, "check"), (2, "check"), (1, "check"))
    return hand


@pytest.mark.parametrize("show_policy", ["auto", "manual"])
def test_only_unknown_hands_contesting_a_pot_is_refused_up_front(show_policy: str):
    """R6, R7: a showdown in which only unknown (``????``) hands can win a pot is
    refused, with either show policy: the action leading to it raises
    ShowdownError and is undone, so a manual showdown never gets stuck."""
    hand = unknown_side_pot(show_policy)
    before = snapshot(hand)
    with pytest.raises(ShowdownError, match="side pot 1"):
        hand.check(2)
    assert snapshot(hand) == before
    assert hand.to_act == 2


# --------------------------------------------------------- decision numbers


def test_decision_numbers_count_accepted_decisions():
    """Issue 12: the decision number is the count of decisions taken so far."""
    hand = three_handed()
    assert hand.decision == 0
    hand.call(0, decision=0)
    assert hand.decision == 1
    hand.raise_to(1, 40, decision=1)
    assert hand.decision == 2
    with pytest.raises(IllegalActionError):
        hand.raise_to(2, 41)
    assert hand.decision == 2  # refused actions are not counted
    assert hand.copy().decision == 2


@pytest.mark.parametrize("stale", [0, 1, 3, -1, True, "2", 2.0])
def test_stale_or_duplicate_decision_is_refused(stale: object):
    """Issue 12: an action sent with another decision number is refused as stale,
    whoever sends it, and nothing changes."""
    hand = three_handed()
    play(hand, (0, "call"), (1, "call"))
    assert hand.decision == 2
    for attempt in (
        lambda: hand.check(2, decision=stale),  # type: ignore[arg-type]
        lambda: hand.act(2, "check", decision=stale),  # type: ignore[arg-type]
        lambda: hand.check_or_call(2, decision=stale),  # type: ignore[arg-type]
        lambda: hand.bet_or_raise(2, 20, decision=stale),  # type: ignore[arg-type]
    ):
        before = snapshot(hand)
        with pytest.raises(IllegalActionError) as caught:
            attempt()
        assert caught.value.reason is Reason.STALE
        assert "not the one awaited (2)" in str(caught.value)
        assert snapshot(hand) == before
    hand.check(2, decision=2)
    assert hand.street == "flop" and hand.decision == 3


def test_a_duplicate_action_is_refused_as_stale():
    hand = three_handed()
    hand.call(0, decision=0)
    refused(hand, lambda: hand.call(0, decision=0), reason=Reason.STALE, seat=0, action="call")


def manual_showdown() -> Hand:
    hand = three_handed(holes=["AhAs", "KhKs", "QhQs"], show_policy="manual")
    play(hand, (0, "call"), (1, "call"), (2, "check"))
    for _ in range(3):
        play(hand, (1, "check"), (2, "check"), (0, "check"))
    return hand


def test_decision_numbers_count_shows_and_mucks():
    """Issue 12: shows and mucks are decisions too, checked and counted."""
    hand = manual_showdown()
    assert hand.decision == 12
    refused(hand, lambda: hand.show(1, decision=11), reason=Reason.STALE, seat=1, action="show")
    hand.show(Index(1), decision=12)  # type: ignore[arg-type]
    hand.muck(2, decision=13)
    refused(hand, lambda: hand.show(0, decision=13), reason=Reason.STALE, seat=0, action="show")
    hand.show(0, decision=14)
    assert hand.is_over and hand.decision == 15
    assert [e.seat for e in hand.log if isinstance(e, Shown)] == [1, 0]
    plain_log(hand)
    refused(hand, lambda: hand.fold(0, decision=15), reason=Reason.HAND_OVER, seat=0, action="fold")


def test_views_carry_the_decision_number():
    hand = three_handed()
    hand.call(0)
    view = seat_view(hand, 1)
    assert view.decision == 1 and spectator_view(hand).decision == 1
    assert view.to_dict()["decision"] == 1
    assert view_from_dict(view.to_dict()) == view


def test_seat_view_converts_integer_like_seats_and_refuses_bools():
    hand = three_handed()
    view = seat_view(hand, Index(0))  # type: ignore[arg-type]
    assert type(view.seat) is int and view.seat == 0 and view.legal is not None
    for bad in (True, -1, 3, "0"):
        with pytest.raises(HoldemError, match="no such seat"):
            seat_view(hand, bad)  # type: ignore[arg-type]


def test_huge_integers_as_seat_or_decision_give_clear_errors():
    """Integers of thousands of digits never reach int-to-text conversion (which
    Python refuses past 4,300 digits): the errors name their size."""
    hand = three_handed()
    huge = 10**5000
    for attempt in (
        lambda: hand.call(huge),
        lambda: hand.call(0, decision=huge),
        lambda: hand.show(huge),
    ):
        before = snapshot(hand)
        with pytest.raises(IllegalActionError, match="bit number"):
            attempt()
        assert snapshot(hand) == before
    for attempt in (lambda: hand.hole_cards(huge), lambda: seat_view(hand, huge)):
        with pytest.raises(HoldemError, match="bit number"):
            attempt()


def test_duplicate_big_blind_check_is_not_taken_as_the_flop_check():
    """Issue 12's report: heads-up, the big blind checks its option preflop and acts
    first on the flop; a duplicate of the preflop check (same decision number) is
    refused as stale instead of being taken as a flop check."""
    hand = new_hand([1000, 1000], 5, 10)
    hand.call(0, decision=0)
    sent = hand.decision
    hand.check(1, decision=sent)
    assert hand.street == "flop" and hand.to_act == 1
    refused(hand, lambda: hand.check(1, decision=sent), reason=Reason.STALE, seat=1, action="check")
    hand.check(1, decision=sent + 1)
    assert hand.to_act == 0
