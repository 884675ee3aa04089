"""One seat's view in the PokerStars export (``write_hand(..., seat=S)``): no
card the seat may not see anywhere in the text, the summary included (R6:
the seat's own hole cards, the board and the hands shown at the showdown;
never a folded or mucked hand's cards)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from strategies import play_to_the_end, seeds, settle_configs

from holdem import Hand, TableConfig
from holdem.engine.config import Structure
from holdem.engine.events import Shown, StreetDealt
from holdem.records.sites import import_text
from holdem.records.sites.pokerstars_write import write_hand

CARD = re.compile(r"[2-9TJQKA][cdhs]")
BRACKETS = re.compile(r"\[([^\]]*)\]")


def bracketed_cards(text: str) -> set[str]:
    """Every card the text writes (PokerStars writes cards in brackets only)."""
    return {card for inside in BRACKETS.findall(text) for card in CARD.findall(inside)}


def visible_cards(hand: Hand, seat: int) -> set[str]:
    """What ``seat`` may see of a finished hand (R6): its own cards, every
    board card dealt and the hands shown at the showdown."""
    seen = set(hand.hole_cards(seat))
    for event in hand.log:
        if isinstance(event, StreetDealt):
            seen |= set(event.board)
        elif isinstance(event, Shown):
            seen |= set(event.cards)
    return seen


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(settle_configs(), seeds, st.data())
def test_r6_a_seat_view_writes_no_card_the_seat_may_not_see(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """Folds, mucks (R6.3), all-in run-outs (R6.4) and runs (R12): every card
    in one seat's text, the SUMMARY section included, is its own, the board's
    or a shown hand's; its own cards are dealt to it."""
    hand = Hand(config, seed=seed)
    play_to_the_end(data, hand)
    seat = data.draw(st.integers(0, config.seats - 1), label="seat")
    text = write_hand(hand, 1, seat=seat)
    assert bracketed_cards(text) <= visible_cards(hand, seat)
    summary = text.split("*** SUMMARY ***", 1)[1]
    assert bracketed_cards(summary) <= visible_cards(hand, seat)
    own = " ".join(hand.hole_cards(seat))
    assert f"Dealt to {config.names[seat]} [{own}]" in text


def test_r6_3_a_mucked_loser_and_a_folder_stay_hidden() -> None:
    """Ann raises, Bob calls, Cid folds; Ann bets the river, Bob calls and
    loses: Ann shows first, Bob mucks (R6.3). From Ann's seat neither Bob's
    nor Cid's cards are written, in the play or in the summary."""
    names = ["Ann", "Bob", "Cid"]
    config = TableConfig(stacks=[500, 500, 500], small_blind=1, big_blind=2, names=names)
    hand = Hand(config, hole_cards=["AsAh", "7c2d", "KdQd"], board="3s8h9cJs4d")
    hand.raise_to(0, 6)
    hand.call(1)
    hand.fold(2)
    for _ in range(2):
        hand.check(1)
        hand.check(0)
    hand.check(1)
    hand.bet(0, 10)
    hand.call(1)
    assert hand.is_over
    assert not any(isinstance(e, Shown) and e.seat == 1 for e in hand.log)
    text = write_hand(hand, 3, seat=0)
    assert not {"7c", "2d", "Kd", "Qd"} & bracketed_cards(text)
    assert "Dealt to Ann [As Ah]" in text
    assert "Seat 2: Bob mucked" in text.split("*** SUMMARY ***")[1]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(settle_configs(), seeds, st.data())
def test_a_table_s_own_seat_numbers_read_back_to_the_same_hand(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """A table with empty seats writes its own seat numbers (``Seat 6: Ann``,
    the button's number, ``10-max``): the importer's replay still matches with
    the engine's nets (the reference server's downloads, R6 view)."""
    assume(config.structure is Structure.NO_LIMIT and config.chip_unit == 1)
    assume(config.min_bet == config.big_blind)
    hand = Hand(config, seed=seed)
    play_to_the_end(data, hand)
    numbers = sorted(
        data.draw(st.sets(st.integers(1, 10), min_size=config.seats, max_size=config.seats))
    )
    seat = data.draw(st.integers(0, config.seats - 1), label="seat")
    text = write_hand(hand, 9, seat=seat, seat_numbers=numbers, max_seats=10)
    assert f"10-max Seat #{numbers[config.button]} is the button" in text
    assert f"Seat {numbers[seat]}: {config.names[seat]} (" in text
    [imported] = import_text(text, "x.txt")
    assert (imported.status, imported.reason, imported.detail) == ("matched", None, "")
    assert imported.net is not None and hand.result is not None
    assert [imported.net[name] for name in config.names] == list(hand.result.net)
    assert bracketed_cards(text) <= visible_cards(hand, seat)


def test_seat_numbers_must_name_every_seat() -> None:
    hand = Hand(TableConfig(stacks=[100, 100], small_blind=1, big_blind=2))
    hand.fold(hand.to_act or 0)
    with pytest.raises(ValueError, match="seat_numbers: 3 numbers for 2 seats"):
        write_hand(hand, seat_numbers=[1, 2, 3])
