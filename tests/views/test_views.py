"""Seat and spectator views: everything a seat may know, and nothing more (R6).

The property tests play random legal hands and, before every action and at
the end, check that every view, its JSON and its public history hold exactly
the cards the viewer may know: its own hole cards, the board dealt so far and
the hands shown at showdown; never another seat's hidden or mucked cards, nor
a board card still to come.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import play_random_hand, seeds, table_configs

from holdem import DECK, Hand, HoldemError, IllegalActionError, TableConfig
from holdem.engine.events import HoleCardsDealt, Mucked, Shown
from holdem.views.seat import (
    SeatView,
    SpectatorView,
    seat_view,
    spectator_view,
    view_from_dict,
)

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
CARDS = frozenset(DECK)


# ------------------------------------------------------------------ helpers


def cards_in(value: Any) -> set[str]:
    """Every card string anywhere inside a view, an event or decoded JSON."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in CARDS:
                found.add(item)
        elif isinstance(item, (tuple, list)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif attrs.has(type(item)):
            stack.extend(getattr(item, f.name) for f in attrs.fields(type(item)))
    return found


def shown_cards(hand: Hand) -> set[str]:
    return {c for e in hand.log if isinstance(e, Shown) for c in e.cards}


def allowed_cards(hand: Hand, seat: int | None) -> set[str]:
    """What the viewer may know: the dealt board, shown hands, its own cards."""
    allowed = set(hand.board) | shown_cards(hand)
    if seat is not None:
        allowed |= set(hand.hole_cards(seat)) & CARDS
    return allowed


def check_views(hand: Hand) -> None:
    """Every seat's view and the spectator's hold exactly the allowed cards."""
    hidden = set(CARDS) - set(hand.board) - shown_cards(hand)
    views: list[tuple[int | None, SpectatorView]] = [
        (seat, seat_view(hand, seat)) for seat in range(hand.config.seats)
    ]
    views.append((None, spectator_view(hand)))
    for seat, view in views:
        allowed = allowed_cards(hand, seat)
        assert cards_in(view) == allowed
        assert cards_in(view.history) <= allowed
        text = view.to_json()
        decoded = json.loads(text)
        assert cards_in(decoded) == allowed
        for card in hidden - allowed:
            assert f'"{card}"' not in text
        assert view_from_dict(decoded) == view


def finish_showdown(data: st.DataObject, hand: Hand) -> None:
    """With show_policy="manual", show or muck at random until the hand is over."""
    while hand.showdown_seat is not None:
        seat = hand.showdown_seat
        if data.draw(st.booleans(), label="muck"):
            try:
                hand.muck(seat)
                continue
            except IllegalActionError:
                pass
        hand.show(seat)


# ---------------------------------------------------------------- properties


@SETTINGS
@given(config=table_configs(), seed=seeds, manual=st.booleans(), data=st.data())
def test_no_hidden_card_reaches_any_view(
    config: TableConfig, seed: int, manual: bool, data: st.DataObject
) -> None:
    """R6: hole cards stay hidden until shown; mucked cards and undealt board
    cards never reach a view, its JSON or its history."""
    hand = Hand(config, seed=seed, show_policy="manual" if manual else "auto")
    play_random_hand(data, hand, before=check_views)
    check_views(hand)
    finish_showdown(data, hand)
    assert hand.is_over
    check_views(hand)
    for event in hand.log:
        if isinstance(event, Mucked):
            for seat in range(config.seats):
                if seat != event.seat:
                    assert not set(hand.hole_cards(event.seat)) & cards_in(seat_view(hand, seat))


@SETTINGS
@given(config=table_configs(), seed=seeds, data=st.data())
def test_views_mirror_the_hand(config: TableConfig, seed: int, data: st.DataObject) -> None:
    """Stacks, bets, contributions, pots and turn are the hand's; only the seat
    to act gets its legal options."""

    def check(hand: Hand) -> None:
        for seat in range(config.seats):
            view = seat_view(hand, seat)
            assert view.seat == seat
            assert view.hole_cards == hand.hole_cards(seat)
            assert view.stacks == hand.stacks
            assert view.bets == hand.bets
            assert view.contributions == hand.contributions
            assert view.folded == hand.folded
            assert view.pots == hand.pots().pots
            assert view.pot_total == hand.pot_total
            assert view.to_act == hand.to_act
            assert view.current_bet == hand.current_bet
            assert view.legal == (hand.legal_actions() if seat == hand.to_act else None)
            assert len(view.history) == len(hand.log)
            assert seat not in view.opponents
            assert set(view.opponents) | {seat} >= set(view.in_hand)

    hand = Hand(config, seed=seed)
    play_random_hand(data, hand, before=check)
    check(hand)
    view = spectator_view(hand)
    assert hand.result is not None
    assert view.net == hand.result.net
    assert view.is_over


# --------------------------------------------------------------------- units


def three_way() -> Hand:
    config = TableConfig(stacks=[1000, 1000, 1000], small_blind=5, big_blind=10, button=0)
    return Hand(config, hole_cards=["AhAs", "KdKc", "7c2d"], board="Qs9h4c3d2s")


def test_seat_view_holds_own_cards_only() -> None:
    hand = three_way()
    view = seat_view(hand, 1)
    assert view.hole_cards == ("Kd", "Kc")
    dealt = {e.seat: e.cards for e in view.history if isinstance(e, HoleCardsDealt)}
    assert dealt == {0: ("??", "??"), 1: ("Kd", "Kc"), 2: ("??", "??")}
    assert view.board == ()
    assert view.legal is None and view.to_act == 0
    assert seat_view(hand, 0).legal == hand.legal_actions()


def test_spectator_sees_no_hole_cards_before_showdown() -> None:
    hand = three_way()
    view = spectator_view(hand)
    assert cards_in(view) == set()
    assert cards_in(json.loads(view.to_json())) == set()
    assert view.to_dict()["seat"] is None and view.to_dict()["hole_cards"] is None
    assert not isinstance(view, SeatView)


def test_shown_cards_become_public_and_mucked_cards_never_do() -> None:
    """R6.3: the winner shows (public from then on); the loser mucks (never seen)."""
    hand = three_way()
    hand.fold(0)  # the button folds its aces: never shown
    hand.call(1)
    hand.check(2)
    for _ in range(3):  # check it down
        hand.check(1)
        hand.check(2)
    assert hand.is_over
    spectator = spectator_view(hand)
    assert spectator.shown == {1: ("Kd", "Kc")}
    assert any(isinstance(e, Mucked) and e.seat == 2 for e in spectator.history)
    assert cards_in(spectator) == set(hand.board) | {"Kd", "Kc"}
    assert cards_in(seat_view(hand, 2)) == set(hand.board) | {"Kd", "Kc", "7c", "2d"}
    assert cards_in(seat_view(hand, 0)) == set(hand.board) | {"Kd", "Kc", "Ah", "As"}
    assert spectator.net == (0, 10, -10)


def test_board_cards_appear_only_once_dealt() -> None:
    hand = three_way()
    hand.call(0)
    hand.call(1)
    hand.check(2)
    view = spectator_view(hand)
    assert view.street == "flop"
    assert view.board == ("Qs", "9h", "4c")
    assert cards_in(view) == {"Qs", "9h", "4c"}


def test_json_form() -> None:
    hand = three_way()
    hand.raise_to(0, 30)
    data = json.loads(seat_view(hand, 1).to_json())
    assert data["seat"] == 1 and data["hole_cards"] == ["Kd", "Kc"]
    assert data["legal"]["text"] == "fold, call 25, raise to 50..1000"
    assert data["legal"]["min_raise_to"] == 50
    assert data["config"]["button"] == 0 and data["config"]["big_blind"] == 10
    assert data["config"]["ante_type"] == "none"
    assert data["stacks"] == [970, 995, 990]
    assert data["pot_total"] == 45
    assert data["history"][0] == {
        "event": "Posted",
        "seat": 1,
        "kind": "small blind",
        "amount": 5,
        "all_in": False,
    }
    assert data["history"][-1] == {
        "event": "Acted",
        "seat": 0,
        "action": "raise",
        "to": 30,
        "added": 30,
        "all_in": False,
    }
    # As the pots stand: seat 0's 20 chips nobody has matched yet are in no pot.
    assert data["pots"] == [
        {"name": "main pot", "amount": 15, "eligible": [0, 1, 2]},
        {"name": "side pot 1", "amount": 10, "eligible": [0, 2]},
    ]


def test_view_is_a_copy() -> None:
    """Acting on the hand leaves an earlier view as it was."""
    hand = three_way()
    view = seat_view(hand, 0)
    hand.raise_to(0, 30)
    assert view.stacks == (1000, 995, 990)
    assert view.legal is not None and view.to_act == 0
    assert not any(isinstance(getattr(view, f.name), Hand) for f in attrs.fields(SeatView))


@pytest.mark.parametrize("seat", [-1, 3, True, "0", None])
def test_seat_view_refuses_unknown_seats(seat: object) -> None:
    with pytest.raises(HoldemError, match="no such seat"):
        seat_view(three_way(), seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("data", [{}, {"config": {}}, [], {"seat": 0}])
def test_view_from_dict_refuses_other_data(data: Any) -> None:
    with pytest.raises(HoldemError):
        view_from_dict(data)
