"""The observation encoding: fixed size, big blinds, rotation, no hidden cards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import Action, ConfigError, Hand, HoldemError, TableConfig
from holdem.engine.cards import DECK
from holdem.views.observation import Encoder
from holdem.views.seat import seat_view
from tests.strategies import play_random_hand, table_configs


def named(encoder: Encoder, vector: list[float]) -> dict[str, float]:
    """The non-zero entries by name."""
    return {name: value for name, value in zip(encoder.names, vector) if value}


@pytest.mark.parametrize("seats", range(2, 11))
@pytest.mark.parametrize("history", [0, 1, 8])
def test_size_is_fixed_per_seat_count(seats: int, history: int) -> None:
    encoder = Encoder(seats, history)
    assert encoder.size == 119 + 6 * seats + history * (seats + 7)
    assert len(encoder.names) == encoder.size == len(set(encoder.names))
    hand = Hand(TableConfig(stacks=[100] * seats, small_blind=1, big_blind=2), seed=3)
    for seat in range(seats):
        assert len(encoder.encode_hand(hand, seat)) == encoder.size


def test_exact_values_three_seats_after_a_raise() -> None:
    """Blinds 5/10, stacks 1000, 800, 600, button 0 (seat 1 small blind, seat 2 big blind).
    Seat 0 raises to 30, seat 1 calls 25: seat 2, the big blind, observes."""
    config = TableConfig(stacks=[1000, 800, 600], small_blind=5, big_blind=10, button=0)
    hand = Hand(config, hole_cards=["AsKs", "7c2d", "QhQd"], board="2c3c4c5c6c")
    hand.raise_to(0, 30)
    hand.call(1)
    encoder = Encoder(3, history=2)
    got = named(encoder, encoder.encode_hand(hand, 2))
    assert got == {
        "hole Qd": 1.0,
        "hole Qh": 1.0,
        "street preflop": 1.0,
        "position 2": 1.0,  # two seats after the button
        # rotated: +0 is seat 2 (the observer), +1 seat 0, +2 seat 1
        "stack +0": 59.0,
        "stack +1": 97.0,
        "stack +2": 77.0,
        "bet +0": 1.0,
        "bet +1": 3.0,
        "bet +2": 3.0,
        "contribution +0": 1.0,
        "contribution +1": 3.0,
        "contribution +2": 3.0,
        "pot": 7.0,
        "to call": 2.0,
        "min raise-to": 5.0,
        "max raise-to": 60.0,
        "to act": 1.0,
        "big blind chips": 10.0,
        "small blind": 0.5,
        "starting stack": 60.0,
        "seats in hand": 3.0,
        # most recent first: seat 1 (+2 from seat 2) called to 30, seat 0 (+1) raised to 30
        "action 0 seat +2": 1.0,
        "action 0 call": 1.0,
        "action 0 to": 3.0,
        "action 1 seat +1": 1.0,
        "action 1 raise": 1.0,
        "action 1 to": 3.0,
    }
    # The same seat seen from its own view, and a seat not to act.
    assert encoder.encode(seat_view(hand, 2)) == encoder.encode_hand(hand, 2)
    seat0 = named(encoder, encoder.encode_hand(hand, 0))
    assert "to act" not in seat0 and "min raise-to" not in seat0
    assert seat0["position 0"] == 1.0 and seat0["hole As"] == 1.0 and seat0["stack +0"] == 97.0


def test_board_folded_and_all_in_flags() -> None:
    config = TableConfig(stacks=[100, 300, 300], small_blind=5, big_blind=10, button=0)
    hand = Hand(config, hole_cards=["AsKs", "7c2d", "QhQd"], board="2c3c4c5c6c")
    hand.all_in(0)
    hand.fold(1)
    hand.call(2)
    assert hand.is_over
    encoder = Encoder(3, history=0)
    got = named(encoder, encoder.encode_hand(hand, 1))
    assert {k for k in got if k.startswith("board ")} == {
        "board 2c",
        "board 3c",
        "board 4c",
        "board 5c",
        "board 6c",
    }
    assert got["street river"] == 1.0 and got["cards on the board"] == 5.0
    # Seat 1 observes: +0 itself (folded), +2 seat 0.
    assert got["folded +0"] == 1.0 and "folded +1" not in got
    assert got["seats in hand"] == 2.0


def test_all_in_flag_marks_a_seat_in_the_hand_with_no_chips_behind() -> None:
    config = TableConfig(stacks=[100, 300, 300], small_blind=5, big_blind=10, button=0)
    hand = Hand(config, seed=1)
    hand.all_in(0)
    encoder = Encoder(3, history=1)
    got = named(encoder, encoder.encode_hand(hand, 1))
    assert got["all-in +2"] == 1.0 and "all-in +0" not in got
    assert got["action 0 raise"] == 1.0 and got["action 0 all-in"] == 1.0
    assert got["action 0 to"] == 10.0


@settings(max_examples=40, deadline=None)
@given(data=st.data(), config=table_configs(min_seats=2, max_seats=6), deck=st.permutations(DECK))
def test_never_includes_another_seats_hidden_cards(
    data: st.DataObject, config: TableConfig, deck: list[str]
) -> None:
    """The same play with other hole cards for everybody else encodes the same for
    the observer at every step until the hand is over (then the awards, which are
    public, may differ)."""
    n = config.seats
    observer = data.draw(st.integers(0, n - 1), label="observer")
    holes = [deck[2 * s] + deck[2 * s + 1] for s in range(n)]
    board = deck[2 * n : 2 * n + 5]
    others = deck[2 * n + 5 :]
    swapped = [holes[s] if s == observer else others[2 * s] + others[2 * s + 1] for s in range(n)]
    original = Hand(config, hole_cards=holes, board=board)
    other = Hand(config, hole_cards=swapped, board=board)
    encoder = Encoder(n, history=6)
    if not original.is_over:  # all-in on the forced bets ends some hands at once
        assert encoder.encode_hand(original, observer) == encoder.encode_hand(other, observer)

    def mirror(hand: Hand, seat: int, action: Action) -> None:
        other.act(seat, action)
        assert hand.is_over == other.is_over
        if not hand.is_over:
            assert encoder.encode_hand(hand, observer) == encoder.encode_hand(other, observer)

    play_random_hand(data, original, after=mirror)
    assert other.is_over


def test_errors() -> None:
    for bad in (1, 11, True, "2"):
        with pytest.raises(ConfigError) as error:
            Encoder(bad)  # type: ignore[arg-type]
        assert error.value.field == "seats"
    with pytest.raises(ConfigError) as error:
        Encoder(2, history=-1)
    assert error.value.field == "history"
    hand = Hand(TableConfig(stacks=[100, 100, 100], small_blind=1, big_blind=2), seed=1)
    with pytest.raises(HoldemError, match="for 2 seats, the table has 3"):
        Encoder(2).encode_hand(hand, 0)
    with pytest.raises(HoldemError, match="no such seat"):
        Encoder(3).encode_hand(hand, 3)


def test_all_in_winner_stays_all_in_once_the_hand_is_over() -> None:
    """Issue 19: at the end of a hand the all-in block is read before the payout, so a
    player who went all-in and won is still all-in (R1.2), the caller with chips is not."""
    from holdem import Hand, TableConfig
    from holdem.views.seat import seat_view

    config = TableConfig(stacks=[200, 500], button=0, small_blind=1, big_blind=2)
    hand = Hand(config, hole_cards=["AhAs", "7c2d"], board="KdQs3h4c9s")
    hand.all_in(0)
    hand.call(1)
    assert hand.is_over and hand.stacks == (400, 300)
    encoder = Encoder(2, history=0)
    base = 108 + 2 + 4 * 2  # the all-in block, rotated to the observer
    for seat in (0, 1):
        for out in (encoder.encode_hand(hand, seat), encoder.encode(seat_view(hand, seat))):
            flags = out[base : base + 2]
            me, other = (1.0, 0.0) if seat == 0 else (0.0, 1.0)
            assert flags == [me, other]
