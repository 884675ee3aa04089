"""The light decision view: the seat's options and the current state, with the
public events from an event number on (R6: nothing hidden reaches it).

The property test plays random legal hands and, before every action, checks
that every seat's decision view agrees with its full seat view field for
field, that its events from 0 are the seat view's public history, and that
the events gathered view after view with ``since=event_count`` add up to that
history too.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import play_random_hand, seeds, table_configs

from holdem import DECK, Hand, HoldemError, TableConfig
from holdem.engine.events import Acted, HoleCardsDealt, StreetDealt
from holdem.views.seat import DecisionView, decision_view, seat_view

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SAME = (
    "seat",
    "hole_cards",
    "legal",
    "config",
    "street",
    "board",
    "stacks",
    "bets",
    "contributions",
    "folded",
    "dead_money",
    "current_bet",
    "min_raise_size",
    "to_act",
    "is_over",
    "pot_total",
    "pots",
    "in_hand",
    "opponents",
)


@SETTINGS
@given(config=table_configs(), seed=seeds, data=st.data())
def test_decision_view_is_the_seat_view_without_the_history(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R6: every field agrees with seat_view; the events from 0 are the public
    history; the events read since the previous view add up to it."""
    gathered: dict[int, list[object]] = {s: [] for s in range(config.seats)}
    counts = dict.fromkeys(range(config.seats), 0)

    def check(hand: Hand) -> None:
        for seat in range(config.seats):
            full = seat_view(hand, seat)
            light = decision_view(hand, seat)
            for name in SAME:
                assert getattr(light, name) == getattr(full, name), name
            assert light.events == () and light.since == light.event_count == len(hand.log)
            assert decision_view(hand, seat, since=0).events == full.history
            step = decision_view(hand, seat, since=counts[seat])
            assert step.since == counts[seat]
            gathered[seat].extend(step.events)
            counts[seat] = step.event_count
            assert tuple(gathered[seat]) == full.history
        assert decision_view(hand) == decision_view(hand, hand.to_act)

    hand = Hand(config, seed=seed)
    play_random_hand(data, hand, before=check)


def three_way() -> Hand:
    config = TableConfig(stacks=[1000, 1000, 1000], small_blind=5, big_blind=10, button=0)
    return Hand(config, hole_cards=["AhAs", "KdKc", "7c2d"], board="Qs9h4c3d2s")


def test_decision_view_of_the_seat_to_act() -> None:
    hand = three_way()
    hand.raise_to(0, 30)
    view = decision_view(hand)
    assert view.seat == 1 and view.hole_cards == ("Kd", "Kc")
    assert view.legal is not None and str(view.legal) == "fold, call 25, raise to 50..1000"
    assert view.stacks == (970, 995, 990) and view.bets == (30, 5, 10)
    assert view.pot_total == 45 and view.current_bet == 30 and view.min_raise_size == 20
    assert view.opponents == (0, 2) and view.street == "preflop"
    # 2 blinds, 3 hole-card deals, 1 raise.
    assert view.event_count == 6 and view.events == ()
    assert decision_view(hand, 2).legal is None


def test_events_since_hide_other_seats_cards() -> None:
    """R6: another seat's hole cards are ("??", "??") in the events."""
    hand = three_way()
    events = decision_view(hand, 2, since=0).events
    dealt = {e.seat: e.cards for e in events if isinstance(e, HoleCardsDealt)}
    assert dealt == {0: ("??", "??"), 1: ("??", "??"), 2: ("7c", "2d")}
    assert not {"Ah", "As", "Kd", "Kc", "Qs"} & {
        c for e in events if isinstance(e, HoleCardsDealt) for c in e.cards
    }


def test_events_since_give_only_what_is_new() -> None:
    hand = three_way()
    first = decision_view(hand)
    hand.call(0)
    hand.call(1)
    hand.check(2)
    later = decision_view(hand, since=first.event_count)
    assert later.since == 5 and later.event_count == 9
    assert [type(e) for e in later.events] == [Acted, Acted, Acted, StreetDealt]
    assert later.events[-1] == StreetDealt("flop", ("Qs", "9h", "4c"), ("Qs", "9h", "4c"), False)
    assert decision_view(hand, since=later.event_count).events == ()


def test_json_form() -> None:
    hand = three_way()
    hand.raise_to(0, 30)
    data = json.loads(decision_view(hand, since=4).to_json())
    assert data["seat"] == 1 and data["hole_cards"] == ["Kd", "Kc"]
    assert data["legal"]["text"] == "fold, call 25, raise to 50..1000"
    assert data["pot_total"] == 45 and data["stacks"] == [970, 995, 990]
    assert data["config"]["big_blind"] == 10
    assert data["since"] == 4 and data["event_count"] == 6
    assert data["events"] == [
        {"event": "HoleCardsDealt", "seat": 0, "cards": ["??", "??"]},
        {"event": "Acted", "seat": 0, "action": "raise", "to": 30, "added": 30, "all_in": False},
    ]
    assert not {"Ah", "As", "7c", "2d"} & set(json.dumps(data["events"]).split('"'))
    assert set(DECK) & set(data["hole_cards"]) == {"Kd", "Kc"}


def test_view_is_a_copy() -> None:
    hand = three_way()
    view = decision_view(hand)
    hand.raise_to(0, 30)
    assert view.stacks == (1000, 995, 990) and view.to_act == 0
    assert not any(isinstance(value, Hand) for value in view)
    assert DecisionView._fields[:3] == ("seat", "hole_cards", "legal")


@pytest.mark.parametrize("seat", [-1, 3, True, "0"])
def test_refuses_unknown_seats(seat: object) -> None:
    with pytest.raises(HoldemError, match="no such seat"):
        decision_view(three_way(), seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("since", [-1, 6, True, "0", 1.0])
def test_refuses_unknown_event_numbers(since: object) -> None:
    with pytest.raises(HoldemError, match="no such event number"):
        decision_view(three_way(), since=since)  # type: ignore[arg-type]


def test_needs_a_seat_once_nobody_is_to_act() -> None:
    hand = three_way()
    hand.fold(0)
    hand.fold(1)
    assert hand.is_over
    with pytest.raises(HoldemError, match="nobody is to act"):
        decision_view(hand)
    view = decision_view(hand, 2)
    assert view.is_over and view.legal is None and view.stacks == (1000, 995, 1005)
