"""The table: hand after hand, button movement, rebuys, seat holds, levels and
eliminations (docs/rules.md R9.1, R10.1, R10.2; heads-up blinds R2.2).

Table seats are physical (0-based, clockwise, possibly empty); a hand sees only
the players with chips, densely, in table-seat order (``Table.hand_seats``).
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import Action, CardError, Hand, HoldemError, Kind
from holdem.engine.events import Acted, Posted
from holdem.table.table import (
    Busted,
    ButtonMoved,
    BuyInError,
    HandStarted,
    Level,
    LevelUp,
    Rebought,
    Schedule,
    SeatLeft,
    SeatTaken,
    Standing,
    Table,
    TableError,
    TableReason,
)
from tests.strategies import legal_choices

# A board on which pairs decide: no straight, no flush, nothing above a queen.
BOARD = "2h7c9d3s5c"


class FakeClock:
    """An injectable clock: seconds, moved by hand."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def passive(hand: Hand, seat: int) -> Action:
    """Check when free, else call."""
    legal = hand.legal_actions()
    assert legal is not None
    return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)


def by_name(**plans: str):  # type: ignore[no-untyped-def]
    """A decision callback by player name: ``all-in``, ``fold`` (check when
    free) or, for anyone not named, check/call."""

    def decide(hand: Hand, seat: int) -> Action:
        plan = plans.get(hand.config.names[seat], "passive")
        legal = hand.legal_actions()
        assert legal is not None
        if plan == "all-in" and legal.can_all_in:
            return Action(Kind.ALL_IN)
        if plan == "fold" and legal.can_fold:
            return Action(Kind.FOLD)
        return passive(hand, seat)

    return decide


def fold_to_blinds(hand: Hand, seat: int) -> Action:
    """Everybody folds (the big blind wins the blinds): one hand is a few actions."""
    legal = hand.legal_actions()
    assert legal is not None
    return Action(Kind.FOLD) if legal.can_fold else Action(Kind.CHECK)


def seat_players(table: Table, players: dict[int, tuple[str, int]]) -> None:
    for seat, (name, chips) in players.items():
        table.sit(seat, name, chips)


def button_events(table: Table) -> list[ButtonMoved]:
    return [e for e in table.events if isinstance(e, ButtonMoved)]


def posted(hand: Hand, kind: str) -> list[int]:
    """Hand seats that posted ``kind`` (``small blind``, ``big blind``)."""
    return [e.seat for e in hand.log if isinstance(e, Posted) and e.kind == kind]


def stacks_by_name(table: Table) -> dict[str, int]:
    return {s.name: s.stack for s in table.seats if s is not None}


# ------------------------------------------------------------- seat mapping
def test_hand_seats_are_the_players_with_chips_in_table_order() -> None:
    """Empty table seats are left out of the hand; hand seat i is the i-th
    occupied seat with chips, and the hand's names are the players' (R10.1)."""
    table = Table(9, schedule=Level(5, 10), button=4)
    seat_players(table, {7: ("Gunnar", 500), 1: ("Anna", 500), 4: ("Dóra", 500)})
    hand = table.start_hand(seed=1)
    assert table.hand_seats == (1, 4, 7)
    assert hand.config.names == ("Anna", "Dóra", "Gunnar")
    assert hand.config.button == 1  # table seat 4
    assert table.button == 4
    assert table.events[-1] == HandStarted(1, (1, 4, 7))
    assert table.events[-2] == ButtonMoved(1, 4, False, 7, 1)


def test_first_button_is_the_next_seat_with_chips_from_the_given_seat() -> None:
    """The first button goes to the given seat, or the next one with a player (R10.1)."""
    table = Table(6, schedule=Level(5, 10), button=2)
    seat_players(table, {0: ("A", 100), 3: ("B", 100), 5: ("C", 100)})
    table.start_hand(seed=0)
    assert table.button == 3


# -------------------------------------------------------------- cash button
def test_cash_button_moves_to_the_next_seat_with_chips() -> None:
    """R10.1: the button moves clockwise to the next player with chips; empty
    seats are skipped, and the blinds follow it (R2.1)."""
    table = Table(9, schedule=Level(5, 10))
    seat_players(table, {0: ("A", 1000), 2: ("B", 1000), 5: ("C", 1000), 7: ("D", 1000)})
    for _ in range(5):
        table.play_hand(fold_to_blinds, seed=0)
    assert [(e.seat, e.small_blind_seat, e.big_blind_seat) for e in button_events(table)] == [
        (0, 2, 5),
        (2, 5, 7),
        (5, 7, 0),
        (7, 0, 2),
        (0, 2, 5),
    ]
    assert not any(e.dead for e in button_events(table))


def test_cash_button_skips_a_held_seat_without_chips() -> None:
    """R10.1, R10.2: a busted player keeps the seat but is not dealt in and the
    button passes over them."""
    clock = FakeClock()
    table = Table(4, schedule=Level(5, 10), clock=clock)
    seat_players(table, {0: ("A", 1000), 1: ("B", 100), 2: ("C", 1000), 3: ("D", 1000)})
    # Hand 1: button 0, SB 1 (B), BB 2, D first. B shoves and loses to D.
    table.play_hand(
        by_name(B="all-in", D="all-in", A="fold", C="fold"),
        hole_cards={1: "8d4s", 3: "AsAh"},
        board=BOARD,
    )
    assert table.seats[1] is not None and table.seats[1].stack == 0
    hand = table.play_hand(fold_to_blinds, seed=0)
    assert table.hand_seats == (0, 2, 3)
    assert table.button == 2  # seat 1 has no chips (R10.1)
    assert hand.config.names[hand.config.button] == "C"


def test_cash_three_to_two_button_posts_the_small_blind() -> None:
    """R2.2 from the next hand after a player leaves: heads-up, the button posts
    the small blind and acts first preflop (cash: button to the next player, R10.1)."""
    table = Table(3, schedule=Level(5, 10))
    seat_players(table, {0: ("A", 500), 1: ("B", 500), 2: ("C", 500)})
    table.play_hand(fold_to_blinds, seed=0)
    table.leave(0)
    hand = table.play_hand(fold_to_blinds, seed=0)
    assert hand.config.heads_up and table.button == 1
    assert posted(hand, "small blind") == [hand.config.button] == [0]  # table seat 1
    assert posted(hand, "big blind") == [1]


# -------------------------------------------------------- tournament button
def four_player_tournament(**options: object) -> Table:
    table = Table(4, schedule=Level(50, 100), mode="tournament", **options)  # type: ignore[arg-type]
    seat_players(
        table, {0: ("Anna", 5000), 1: ("Bjarni", 1000), 2: ("Cara", 1000), 3: ("Dan", 5000)}
    )
    return table


def test_dead_button_after_the_small_blind_busts() -> None:
    """TDA dead button: the big blind moves forward one player (3), the small
    blind goes to last hand's big blind (2), and the button to last hand's
    small-blind seat 1, now empty: a dead button. Postflop, the small blind
    acts first, as the first player left of the dead button (R2.1, R10.1)."""
    table = four_player_tournament()
    # Hand 1: button 0, SB 1 (Bjarni), BB 2 (Cara); Dan shoves, Bjarni calls and loses.
    table.play_hand(
        by_name(Dan="all-in", Bjarni="all-in", Anna="fold", Cara="fold"),
        hole_cards={1: "8d4s", 3: "AsAh"},
        board=BOARD,
    )
    assert table.seats[1] is None
    hand = table.play_hand(passive, seed=3)
    assert button_events(table)[-1] == ButtonMoved(2, 1, True, 2, 3)
    assert table.hand_seats == (0, 2, 3)
    names = hand.config.names
    assert names[hand.config.button] == "Anna"  # stands in for the dead button
    assert [names[s] for s in posted(hand, "small blind")] == ["Cara"]
    assert [names[s] for s in posted(hand, "big blind")] == ["Dan"]
    flop = [e for e in hand.log if isinstance(e, Acted)][3]  # after three preflop actions
    assert names[flop.seat] == "Cara"
    # A cash table would have moved the button to Cara instead (R10.1).
    cash = four_player_tournament(dead_button=False)
    cash.play_hand(
        by_name(Dan="all-in", Bjarni="all-in", Anna="fold", Cara="fold"),
        hole_cards={1: "8d4s", 3: "AsAh"},
        board=BOARD,
    )
    cash.play_hand(passive, seed=3)
    assert button_events(cash)[-1] == ButtonMoved(2, 2, False, 3, 0)


def test_dead_small_blind_after_the_big_blind_busts() -> None:
    """TDA dead button: when last hand's big blind busts, nobody posts the small
    blind (small_blind_seat=None), the big blind still moves forward one player,
    and the button goes to last hand's small blind. After the flop the big
    blind acts first (R2.1)."""
    table = four_player_tournament()
    table.play_hand(
        by_name(Dan="all-in", Cara="all-in", Anna="fold", Bjarni="fold"),
        hole_cards={2: "8d4s", 3: "AsAh"},
        board=BOARD,
    )
    assert table.seats[2] is None
    hand = table.play_hand(passive, seed=3)
    assert button_events(table)[-1] == ButtonMoved(2, 1, False, None, 3)
    names = hand.config.names
    assert hand.config.small_blind_seat is None
    assert posted(hand, "small blind") == []
    assert [names[s] for s in posted(hand, "big blind")] == ["Dan"]
    assert names[hand.config.button] == "Bjarni"
    preflop = [names[e.seat] for e in hand.log if isinstance(e, Acted)]
    assert preflop[:4] == [
        "Anna",
        "Bjarni",
        "Dan",
        "Dan",
    ]  # Dan checks preflop, then first on the flop
    # Next hand: big blind to Anna, small blind Dan, button on the empty seat 2.
    table.play_hand(passive, seed=4)
    assert button_events(table)[-1] == ButtonMoved(3, 2, True, 3, 0)


def test_dead_button_and_dead_small_blind_together() -> None:
    """TDA dead button: when both blinds bust, the next hand has a dead small
    blind and a dead button; the big blind still moves forward one player, and
    after the flop the big blind acts first (R2.1)."""
    table = Table(5, schedule=Level(50, 100), mode="tournament")
    seat_players(
        table, {0: ("A", 5000), 1: ("B", 1000), 2: ("C", 1000), 3: ("D", 5000), 4: ("E", 5000)}
    )
    table.play_hand(
        by_name(D="all-in", B="all-in", C="all-in", A="fold", E="fold"),
        hole_cards={1: "8d4s", 2: "8h4c", 3: "AsAh"},
        board=BOARD,
    )
    busts = [(e.name, e.place, e.shared) for e in table.events if isinstance(e, Busted)]
    assert busts == [("B", 4, True), ("C", 4, True)]  # equal starting stacks share (R9.1)
    hand = table.play_hand(passive, seed=2)
    assert button_events(table)[-1] == ButtonMoved(2, 1, True, None, 3)
    names = hand.config.names
    assert posted(hand, "small blind") == []
    assert [names[s] for s in posted(hand, "big blind")] == ["D"]
    assert names[hand.config.button] == "A"
    acted = [names[e.seat] for e in hand.log if isinstance(e, Acted)]
    assert acted[:4] == ["E", "A", "D", "D"]


def test_tournament_big_blind_never_skipped() -> None:
    """TDA dead button (R10.1 for tournaments): the big blind moves forward one
    player with chips every hand, busts or not, so each player posts it once
    per orbit."""
    table = Table(6, schedule=Level(5, 10), mode="tournament")
    seat_players(table, {s: (f"P{s}", 2000 if s != 3 else 10) for s in range(6)})
    order = []
    for _ in range(12):
        if table.seats[3] is not None:  # P3 calls all-in and loses: no chips left
            table.play_hand(
                by_name(P3="all-in", P0="fold", P1="fold", P2="fold", P5="fold"),
                hole_cards={3: "8d4s", 4: "AsAh"},
                board=BOARD,
            )
        else:
            table.play_hand(fold_to_blinds)
        order.append(button_events(table)[-1].big_blind_seat)
    assert table.seats[3] is None
    assert order == [2, 4, 5, 0, 1, 2, 4, 5, 0, 1, 2, 4]


def test_tournament_three_to_two_heads_up_from_the_next_hand() -> None:
    """R2.2 from the next hand when three become two: the button posts the small
    blind; the big blind moves forward, so nobody posts it twice in a row (TDA)."""
    table = Table(3, schedule=Level(50, 100), mode="tournament")
    seat_players(table, {0: ("A", 5000), 1: ("B", 1000), 2: ("C", 5000)})
    # Hand 1: button A, SB B, BB C; A shoves, B calls and busts.
    table.play_hand(
        by_name(A="all-in", B="all-in", C="fold"), hole_cards={0: "AsAh", 1: "8d4s"}, board=BOARD
    )
    assert [s.place for s in table.standings() if s.name == "B"] == [3]
    hand = table.play_hand(passive, seed=0)
    assert hand.config.heads_up
    names = hand.config.names
    assert [names[s] for s in posted(hand, "small blind")] == ["C"] == [names[hand.config.button]]
    assert [names[s] for s in posted(hand, "big blind")] == ["A"]  # C had it last hand
    assert button_events(table)[-1] == ButtonMoved(2, 2, False, 2, 0)
    table.play_hand(passive, seed=1)
    assert button_events(table)[-1] == ButtonMoved(3, 0, False, 0, 2)


# ---------------------------------------------------------------- busts, places
def test_three_busts_in_one_hand_places_by_starting_stack() -> None:
    """R9.1 (seed 000): several players eliminated in the same hand finish in
    order of the chips they started it with; equal starting stacks share the
    place, and the place after them is skipped."""
    table = Table(5, schedule=Level(50, 100), mode="tournament")
    seat_players(
        table,
        {
            0: ("Anna", 5000),
            1: ("Bjarni", 1000),
            2: ("Cara", 500),
            3: ("Davíð", 500),
            4: ("Eva", 2000),
        },
    )
    table.play_hand(
        by_name(Anna="all-in", Bjarni="all-in", Cara="all-in", Davíð="all-in", Eva="fold"),
        hole_cards={0: "AsAh", 1: "KsKh", 2: "QsQh", 3: "JsJh"},
        board=BOARD,
    )
    busts = [e for e in table.events if isinstance(e, Busted)]
    assert [(e.name, e.place, e.shared, e.starting_stack) for e in busts] == [
        ("Bjarni", 3, False, 1000),
        ("Cara", 4, True, 500),
        ("Davíð", 4, True, 500),
    ]
    assert [e.seat for e in table.events if isinstance(e, SeatLeft)] == [1, 2, 3]
    assert table.standings() == (
        Standing(None, "Anna", False, 7000, None, None),
        Standing(None, "Eva", False, 2000, None, None),
        Standing(3, "Bjarni", False, 0, 1, 1000),
        Standing(4, "Cara", True, 0, 1, 500),
        Standing(4, "Davíð", True, 0, 1, 500),
    )
    assert not table.is_over
    table.run(by_name(Anna="all-in", Eva="all-in"))
    assert table.is_over
    standings = table.standings()
    assert [s.place for s in standings] == [1, 2, 3, 4, 4]
    assert standings[0].chips == 9000 and standings[1].chips == 0
    with pytest.raises(TableError) as caught:
        table.start_hand()
    assert caught.value.reason is TableReason.NOT_ENOUGH_PLAYERS


def test_cash_bust_is_not_a_place() -> None:
    """R10.2: in a cash game a player without chips keeps the seat, held for
    the configured time; no place is given."""
    clock = FakeClock(100.0)
    table = Table(3, schedule=Level(50, 100), clock=clock, min_buy_in=1000)
    seat_players(table, {0: ("A", 5000), 1: ("B", 1000), 2: ("C", 5000)})
    table.play_hand(
        by_name(A="all-in", B="all-in", C="fold"), hole_cards={0: "AsAh", 1: "8d4s"}, board=BOARD
    )
    (bust,) = [e for e in table.events if isinstance(e, Busted)]
    assert bust == Busted(1, "B", 1, 1000, None, False, 700.0)
    assert table.seats[1] is not None and table.seats[1].held_until == 700.0


# ------------------------------------------------------------ rebuys and holds
def busted_cash_table(clock: FakeClock) -> Table:
    table = Table(3, schedule=Level(50, 100), clock=clock, min_buy_in=1000, max_buy_in=10000)
    seat_players(table, {0: ("A", 5000), 1: ("B", 1000), 2: ("C", 5000)})
    table.play_hand(
        by_name(A="all-in", B="all-in", C="fold"), hole_cards={0: "AsAh", 1: "8d4s"}, board=BOARD
    )
    return table


def test_rebuy_below_minimum_is_refused() -> None:
    """R10.2: a rebuy must be at least the table's minimum buy-in; a smaller one
    raises BuyInError (a TableError, a HoldemError, a ValueError) carrying the
    limits, and changes nothing."""
    table = busted_cash_table(FakeClock())
    before = (table.seats, table.events)
    with pytest.raises(BuyInError) as caught:
        table.rebuy(1, 999)
    error = caught.value
    assert isinstance(error, HoldemError) and isinstance(error, ValueError)
    assert (error.seat, error.reason, error.chips, error.minimum, error.maximum) == (
        1,
        TableReason.BELOW_MINIMUM,
        999,
        1000,
        10000,
    )
    assert "minimum buy-in is 1000" in str(error)
    assert (table.seats, table.events) == before
    for bad in (0, -5, 2.5, True):
        with pytest.raises(BuyInError) as caught:
            table.rebuy(1, bad)  # type: ignore[arg-type]
        assert caught.value.reason is TableReason.BAD_AMOUNT
    table.rebuy(1, 1000)
    assert table.events[-1] == Rebought(1, "B", 1000, 1000, "rebuy")
    assert table.seats[1] is not None and table.seats[1].held_until is None
    table.play_hand(fold_to_blinds, seed=0)
    assert 1 in table.hand_seats


def test_top_up_limits() -> None:
    """R10.2 (our ruling for top-ups): chips may be added between hands as long
    as the stack afterwards is within [min_buy_in, max_buy_in]."""
    table = Table(2, schedule=Level(50, 100), min_buy_in=1000, max_buy_in=3000)
    seat_players(table, {0: ("A", 1000), 1: ("B", 1000)})
    table.rebuy(0, 1)
    assert table.events[-1] == Rebought(0, "A", 1, 1001, "top-up")
    with pytest.raises(BuyInError) as caught:
        table.rebuy(0, 2000)
    assert caught.value.reason is TableReason.ABOVE_MAXIMUM and caught.value.stack == 3001


def test_buy_in_limits_when_sitting_down() -> None:
    """R10.2: a cash buy-in is at least the minimum buy-in and at most the maximum."""
    table = Table(3, schedule=Level(50, 100), min_buy_in=1000, max_buy_in=3000)
    with pytest.raises(BuyInError) as caught:
        table.sit(0, "A", 999)
    assert caught.value.reason is TableReason.BELOW_MINIMUM
    with pytest.raises(BuyInError) as caught:
        table.sit(0, "A", 3001)
    assert caught.value.reason is TableReason.ABOVE_MAXIMUM
    assert table.events == ()


def test_seat_held_then_freed_after_the_hold_time() -> None:
    """R10.2 (seed 002: ten minutes): the seat of a player without chips is
    held; a rebuy inside the hold keeps it, and once the hold time has passed
    the seat is freed (an event) and can be taken by someone else."""
    clock = FakeClock(1000.0)
    table = busted_cash_table(clock)
    clock.now = 1599.0
    assert table.expire_holds() == ()
    table.play_hand(fold_to_blinds, seed=0)  # the seat is held, not dealt in
    assert table.hand_seats == (0, 2) and table.seats[1] is not None
    clock.now = 1600.0
    table.play_hand(fold_to_blinds, seed=0)
    assert table.seats[1] is None
    assert SeatLeft(1, "B", 0, "hold expired") in table.events
    with pytest.raises(TableError) as caught:
        table.rebuy(1, 1000)
    assert caught.value.reason is TableReason.EMPTY_SEAT and not isinstance(
        caught.value, BuyInError
    )
    table.sit(1, "Nýr", 2000)
    assert table.events[-1] == SeatTaken(1, "Nýr", 2000)


def test_hold_time_counts_before_a_rebuy() -> None:
    """R10.2: a rebuy after the hold time is too late, even without a hand
    played since: the expired hold is freed first."""
    clock = FakeClock()
    table = busted_cash_table(clock)
    clock.now = 600.0
    with pytest.raises(TableError) as caught:
        table.rebuy(1, 5000)
    assert caught.value.reason is TableReason.EMPTY_SEAT
    assert table.events[-1] == SeatLeft(1, "B", 0, "hold expired")


def test_reset_stacks_gives_everyone_the_same_stack_and_the_button_moves_on() -> None:
    """Table.reset_stacks (simulations): every seated player gets exactly the
    given stack, a busted player's held seat is dealt in again, each changed
    stack is a Rebought of kind ``reset`` carrying the change (negative when
    the stack went down), and the button moves on as usual (R10.1)."""
    table = busted_cash_table(FakeClock())
    assert stacks_by_name(table) == {"A": 6100, "B": 0, "C": 4900}
    seen = len(table.events)
    table.reset_stacks(2000)
    assert stacks_by_name(table) == {"A": 2000, "B": 2000, "C": 2000}
    assert table.seats[1] is not None and table.seats[1].held_until is None
    assert table.events[seen:] == (
        Rebought(0, "A", -4100, 2000, "reset"),
        Rebought(1, "B", 2000, 2000, "reset"),
        Rebought(2, "C", -2900, 2000, "reset"),
    )
    table.reset_stacks(2000)  # nothing to change: nothing recorded
    assert len(table.events) == seen + 3
    configs = []
    for _ in range(4):
        hand = table.play_hand(fold_to_blinds, seed=0)
        assert hand.config.stacks == (2000, 2000, 2000)
        configs.append(hand.config)
        table.reset_stacks(2000)
        assert stacks_by_name(table) == {"A": 2000, "B": 2000, "C": 2000}
    assert [e.seat for e in button_events(table)] == [0, 1, 2, 0, 1]
    # The same stacks, names and button again: the frozen configuration is reused.
    assert configs[3] is configs[0] and configs[1] is not configs[0]


def test_reset_stacks_refusals_change_nothing() -> None:
    """Only between hands, only in cash games, and within the buy-in limits."""
    table = Table(3, schedule=Level(5, 10), min_buy_in=100, max_buy_in=500)
    seat_players(table, {0: ("A", 300), 2: ("C", 200)})
    before = (table.seats, table.events)
    for chips, reason in [
        (0, TableReason.BAD_AMOUNT),
        (99, TableReason.BELOW_MINIMUM),
        (501, TableReason.ABOVE_MAXIMUM),
    ]:
        with pytest.raises(BuyInError) as caught:
            table.reset_stacks(chips)
        assert caught.value.reason is reason
    assert (table.seats, table.events) == before
    table.start_hand(seed=0)
    with pytest.raises(TableError) as caught_hand:
        table.reset_stacks(300)
    assert caught_hand.value.reason is TableReason.HAND_IN_PROGRESS
    tournament = Table(2, schedule=Level(5, 10), mode="tournament")
    seat_players(tournament, {0: ("A", 300), 1: ("B", 300)})
    with pytest.raises(TableError) as caught_mode:
        tournament.reset_stacks(300)
    assert caught_mode.value.reason is TableReason.NO_REBUYS


def test_tournament_has_no_rebuys_and_no_late_seats() -> None:
    """R9.1: tournament busts are eliminations; nobody rebuys, joins or leaves
    with chips after the start."""
    table = Table(3, schedule=Level(5, 10), mode="tournament")
    seat_players(table, {0: ("A", 100), 1: ("B", 100)})
    table.leave(1)
    table.sit(1, "B", 100)
    table.play_hand(fold_to_blinds, seed=0)
    for attempt, reason in (
        (lambda: table.rebuy(0, 100), TableReason.NO_REBUYS),
        (lambda: table.sit(2, "C", 100), TableReason.TOURNAMENT_STARTED),
        (lambda: table.leave(0), TableReason.TOURNAMENT_STARTED),
    ):
        with pytest.raises(TableError) as caught:
            attempt()
        assert caught.value.reason is reason


# ------------------------------------------------------------------- levels
def test_levels_go_up_by_hand_count() -> None:
    """Blind levels by hands played: the new level applies from the next hand."""
    schedule = Schedule(
        [Level(5, 10), Level(10, 20), Level(25, 50, 50, "big_blind")], hands_per_level=2
    )
    table = Table(2, schedule=schedule, mode="tournament")
    seat_players(table, {0: ("A", 10_000), 1: ("B", 10_000)})
    blinds = [table.play_hand(fold_to_blinds, seed=0).config.big_blind for _ in range(7)]
    assert blinds == [10, 10, 20, 20, 50, 50, 50]
    ups = [e for e in table.events if isinstance(e, LevelUp)]
    assert ups == [
        LevelUp(1, 1, 5, 10, 0, "none"),
        LevelUp(3, 2, 10, 20, 0, "none"),
        LevelUp(5, 3, 25, 50, 50, "big_blind"),
    ]
    assert table.last_hand is not None and table.last_hand.dead_money == 50
    assert table.level_number == 3 and str(table.level) == "25/50 ante 50 (big_blind)"


def test_levels_go_up_by_time() -> None:
    """Blind levels by the table clock (from the first hand): a level that
    falls due mid-hand applies from the next hand."""
    clock = FakeClock(50.0)
    schedule = Schedule([Level(5, 10), Level(10, 20), Level(20, 40)], seconds_per_level=600)
    table = Table(2, schedule=schedule, mode="tournament", clock=clock)
    seat_players(table, {0: ("A", 10_000), 1: ("B", 10_000)})
    seen = []
    for now in (50.0, 649.0, 650.0, 900.0, 5000.0):
        clock.now = now
        seen.append(table.play_hand(fold_to_blinds, seed=0).config.big_blind)
    assert seen == [10, 10, 20, 20, 40]
    assert [e.hand for e in table.events if isinstance(e, LevelUp)] == [1, 3, 5]


def test_schedule_and_level_validation() -> None:
    """Levels are checked like a TableConfig; a schedule needs a pace."""
    from holdem import ConfigError

    with pytest.raises(ConfigError):
        Level(20, 10)
    with pytest.raises(ConfigError):
        Schedule([Level(5, 10), Level(10, 20)])
    with pytest.raises(ConfigError):
        Schedule([Level(5, 10)], hands_per_level=2, seconds_per_level=60)
    with pytest.raises(ConfigError):
        Table(11, schedule=Level(5, 10))
    with pytest.raises(ConfigError):
        Table(3, schedule=Level(5, 10), min_buy_in=100, max_buy_in=50)


# ---------------------------------------------------------------- misuse
def test_between_hands_only_and_other_refusals() -> None:
    """Seats change only between hands; errors carry a reason code."""
    table = Table(3, schedule=Level(5, 10))
    with pytest.raises(TableError) as caught:
        table.start_hand()
    assert caught.value.reason is TableReason.NOT_ENOUGH_PLAYERS
    seat_players(table, {0: ("A", 100), 1: ("B", 100)})
    for attempt, reason in (
        (lambda: table.sit(0, "C", 100), TableReason.SEAT_TAKEN),
        (lambda: table.sit(2, "A", 100), TableReason.BAD_NAME),
        (lambda: table.sit(2, " ", 100), TableReason.BAD_NAME),
        (lambda: table.sit(3, "C", 100), TableReason.NO_SUCH_SEAT),
        (lambda: table.leave(2), TableReason.EMPTY_SEAT),
        (table.finish_hand, TableReason.NO_HAND),
    ):
        with pytest.raises(TableError) as caught:
            attempt()
        assert caught.value.reason is reason
    hand = table.start_hand(seed=0)
    for attempt, reason in (
        (lambda: table.sit(2, "C", 100), TableReason.HAND_IN_PROGRESS),
        (lambda: table.leave(0), TableReason.HAND_IN_PROGRESS),
        (lambda: table.rebuy(0, 100), TableReason.HAND_IN_PROGRESS),
        (table.start_hand, TableReason.HAND_IN_PROGRESS),
        (table.finish_hand, TableReason.HAND_NOT_OVER),
    ):
        with pytest.raises(TableError) as caught:
            attempt()
        assert caught.value.reason is reason
    hand.fold(hand.to_act)  # type: ignore[arg-type]
    assert table.finish_hand() is hand
    assert table.leave(0) == hand.stacks[0]


def test_a_bad_deal_leaves_the_table_unchanged() -> None:
    """A card error while dealing refuses the hand without moving the button."""
    table = Table(3, schedule=Level(5, 10))
    seat_players(table, {0: ("A", 100), 1: ("B", 100)})
    with pytest.raises(CardError):
        table.start_hand(hole_cards={0: "AsAs"})
    assert table.events == (SeatTaken(0, "A", 100), SeatTaken(1, "B", 100))
    assert table.button is None and table.hand is None
    with pytest.raises(TableError):
        table.start_hand(hole_cards={2: "AsKs"})


def test_an_illegal_decision_leaves_the_hand_in_progress() -> None:
    """An illegal action from the callback propagates (R3.7); the caller may go
    on with the hand and finish it."""
    table = Table(2, schedule=Level(5, 10))
    seat_players(table, {0: ("A", 100), 1: ("B", 100)})
    with pytest.raises(HoldemError):
        table.play_hand(lambda hand, seat: "raise to 5", seed=0)
    hand = table.hand
    assert hand is not None
    hand.fold(hand.to_act)  # type: ignore[arg-type]
    table.finish_hand()
    assert sum(stacks_by_name(table).values()) == 200


def test_events_are_frozen_records() -> None:
    """Table events are immutable values like the hand's log records."""
    event = SeatTaken(0, "A", 100)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        event.chips = 5  # type: ignore[misc]
    assert event == SeatTaken(0, "A", 100) and hash(event) == hash(SeatTaken(0, "A", 100))


def test_seeded_table_is_reproducible() -> None:
    """The same table seed and decisions give the same session (R5.4)."""

    def session() -> list[tuple[int, ...]]:
        table = Table(4, schedule=Level(5, 10), mode="tournament", seed="repro")
        seat_players(table, {s: (f"P{s}", 200) for s in range(4)})
        return [table.play_hand(passive).stacks for _ in range(5)]

    assert session() == session()


# -------------------------------------------------------------- properties
def random_decide(rng: random.Random):  # type: ignore[no-untyped-def]
    weights = {
        Kind.CHECK: 5,
        Kind.CALL: 5,
        Kind.FOLD: 2,
        Kind.BET: 1,
        Kind.RAISE: 1,
        Kind.ALL_IN: 1,
    }

    def decide(hand: Hand, seat: int) -> Action:
        choices = legal_choices(hand)
        kind, span = rng.choices(choices, [weights[c[0]] for c in choices])[0]
        return Action(kind) if span is None else Action(kind, rng.randint(*span))

    return decide


def chips_bought(table: Table) -> int:
    total = 0
    for event in table.events:
        if isinstance(event, (SeatTaken, Rebought)):
            total += event.chips
        elif isinstance(event, SeatLeft):
            total -= event.chips
    return total


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    mode=st.sampled_from(["cash", "tournament"]),
    size=st.integers(2, 10),
    stacks=st.lists(st.integers(1, 3000), min_size=2, max_size=10),
    hands=st.integers(1, 25),
    dead=st.none() | st.booleans(),
)
def test_chips_conserved_across_many_hands(
    seed: int, mode: str, size: int, stacks: list[int], hands: int, dead: bool | None
) -> None:
    """Chips are conserved across hands and table changes (R1.1, R10): the
    stacks at the table always equal the chips bought in (sits and rebuys)
    less the chips taken away; busted tournament players get distinct
    consecutive places (R9.1); the big blind of a dead-button table moves
    forward one player every hand."""
    rng = random.Random(seed)
    clock = FakeClock()
    table = Table(
        size,
        schedule=Schedule([Level(5, 10), Level(10, 20, 5)], hands_per_level=5),
        mode=mode,
        clock=clock,
        hold_seconds=100,
        seed=seed,
        dead_button=dead,
    )
    for seat, chips in zip(rng.sample(range(size), min(size, len(stacks))), stacks):
        table.sit(seat, f"P{seat}", chips)
    decide = random_decide(rng)
    for _ in range(hands):
        if len(table.players_with_chips) < 2:
            break
        table.play_hand(decide)
        moved = button_events(table)[-1]
        live = table.hand_seats
        assert moved.big_blind_seat in live and moved.dead is (moved.seat not in live)
        if len(live) == 2:  # R2.2: heads-up the button posts the small blind
            assert moved.small_blind_seat == moved.seat
        clock.now += rng.choice([0, 30, 120])
        if mode == "cash":
            seat = rng.randrange(size)
            state = table.seats[seat]
            action = rng.random()
            try:
                if state is None and action < 0.3:
                    table.sit(seat, f"N{table.hands_played}", rng.randint(1, 500))
                elif state is not None and action < 0.2:
                    table.leave(seat)
                elif state is not None and action < 0.6:
                    table.rebuy(seat, rng.randint(1, 500))
            except TableError:
                pass
        assert sum(s.stack for s in table.seats if s) == chips_bought(table)
    if mode == "tournament":
        assert sum(s.stack for s in table.seats if s) == sum(stacks[:size])
        places = [s.place for s in table.standings() if s.place is not None]
        busted = [s for s in table.standings() if s.hand is not None]
        assert all(s.place is not None and s.place >= 2 for s in busted)
        assert places == sorted(places)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 10))
def test_sit_and_go_ends_with_one_player_holding_every_chip(seed: int, players: int) -> None:
    """R9.1: a tournament runs until one player has every chip; places 1..n,
    shared places repeat and skip, everybody placed once."""
    rng = random.Random(seed)
    schedule = Schedule([Level(10 * 2**k, 20 * 2**k) for k in range(12)], hands_per_level=5)
    table = Table(10, schedule=schedule, mode="tournament", seed=seed)
    stacks = [rng.choice([100, 200, 300]) for _ in range(players)]
    for seat, chips in zip(rng.sample(range(10), players), stacks):
        table.sit(seat, f"P{seat}", chips)
    standings = table.run(random_decide(rng))
    assert table.is_over
    assert standings[0].place == 1 and standings[0].chips == sum(stacks)
    assert len(standings) == players and all(s.chips == 0 for s in standings[1:])
    for i, standing in enumerate(standings):
        if i and standing.place == standings[i - 1].place:
            assert standing.shared and standings[i - 1].shared
        else:
            assert standing.place == i + 1


@pytest.mark.parametrize("hold", ["x", None, True, -1, float("nan")])
def test_bad_hold_seconds_is_a_config_error(hold: object) -> None:
    from holdem import ConfigError

    with pytest.raises(ConfigError) as info:
        Table(3, schedule=Level(5, 10), hold_seconds=hold)  # type: ignore[arg-type]
    assert info.value.field == "hold_seconds"
    assert str(info.value) == f"hold_seconds: must be a number of seconds >= 0, got {hold!r}"


@pytest.mark.parametrize("seed", [[1], 1.5, True, {"a": 1}])
def test_bad_seed_is_a_config_error(seed: object) -> None:
    from holdem import ConfigError

    with pytest.raises(ConfigError) as info:
        Table(3, schedule=Level(5, 10), seed=seed)  # type: ignore[arg-type]
    assert info.value.field == "seed"
    table = Table(3, schedule=Level(5, 10))
    seat_players(table, {0: ("A", 100), 1: ("B", 100)})
    with pytest.raises(ConfigError) as info:
        table.start_hand(seed=seed)  # type: ignore[arg-type]
    assert str(info.value) == f"seed: must be a whole number, text, bytes or None, got {seed!r}"
    with pytest.raises(ConfigError):
        table.play_hand(lambda hand, seat: Action(Kind.FOLD), seed=seed)  # type: ignore[arg-type]
    # The refused hand left the table as it was.
    assert table.hand is None and table.button is None and table.hands_played == 0


@pytest.mark.parametrize("seed", [7, "seven", b"seven"])
def test_good_seeds_deal_reproducibly(seed: int | str | bytes) -> None:
    def deal() -> tuple[tuple[str, ...], ...]:
        table = Table(3, schedule=Level(5, 10))
        seat_players(table, {0: ("A", 100), 1: ("B", 100)})
        hand = table.start_hand(seed=seed)  # type: ignore[arg-type]
        return (hand.hole_cards(0), hand.hole_cards(1))

    assert deal() == deal()


@pytest.mark.parametrize(
    ("levels", "message"),
    [
        ([1, 2], "levels: must be Level values, like Level(10, 20); item 0 is 1"),
        ([Level(5, 10), "x"], "levels: must be Level values, like Level(10, 20); item 1 is 'x'"),
        ([], "levels: needs at least one Level"),
        (5, "levels: must be a list of Level values, got 5"),
    ],
)
def test_schedule_names_bad_levels(levels: object, message: str) -> None:
    from holdem import ConfigError

    with pytest.raises(ConfigError) as info:
        Schedule(levels, hands_per_level=2)  # type: ignore[arg-type]
    assert str(info.value) == message


HUGE = 10**5000  # beyond the 4,300 digits Python prints


def two_seated() -> Table:
    table = Table(3, schedule=Level(1, 2), seed=1)
    table.sit(0, "A", 100)
    table.sit(1, "B", 100)
    return table


@pytest.mark.parametrize(
    ("call", "reason"),
    [
        (lambda t: t.sit(HUGE, "C", 5), TableReason.NO_SUCH_SEAT),
        (lambda t: t.sit(2, "C", -HUGE), TableReason.BAD_AMOUNT),
        (lambda t: t.sit(2, "C", 5, post=HUGE), TableReason.BAD_AMOUNT),
        (lambda t: t.sit_out(HUGE), TableReason.NO_SUCH_SEAT),
        (lambda t: t.leave(HUGE), TableReason.NO_SUCH_SEAT),
        (lambda t: t.act(HUGE, "call"), TableReason.NO_SUCH_SEAT),
        (lambda t: t.start_hand(hole_cards={HUGE: "AsAh"}), TableReason.EMPTY_SEAT),
    ],
)
def test_huge_numbers_are_refused_with_a_clear_message(call: object, reason: TableReason) -> None:
    """Hostile input: a 5,000-digit number gives the usual TableError, named
    by its size (printing it would raise ValueError), and changes nothing."""
    table = two_seated()
    before = (table.seats, table.events_recorded)
    with pytest.raises(TableError) as info:
        call(table)  # type: ignore[operator]
    assert info.value.reason is reason and "16610-bit number" in str(info.value)
    assert (table.seats, table.events_recorded) == before


@pytest.mark.parametrize(
    "call",
    [
        lambda t: t.sit(2, "C", HUGE),
        lambda t: t.sit(2, "C", 2**62 - 199),  # 200 already at the table
        lambda t: t.rebuy(0, 2**62),
        lambda t: t.reset_stacks(2**61 + 1),  # two players
    ],
)
def test_the_chips_at_a_table_stay_within_what_a_hand_takes(call: object) -> None:
    """A stack beyond 2**62 would make every next hand fail (TableConfig
    refuses it), so the table refuses chips that could ever make one: all
    its chips stay within 2**62 (ABOVE_MAXIMUM), and nothing changes."""
    table = two_seated()
    before = (table.seats, table.events_recorded)
    with pytest.raises(BuyInError) as info:
        call(table)  # type: ignore[operator]
    assert info.value.reason is TableReason.ABOVE_MAXIMUM and "2**62" in str(info.value)
    assert (table.seats, table.events_recorded) == before
    table.sit(2, "C", 2**62 - 200)  # exactly 2**62 at the table: a hand plays
    hand = table.start_hand()
    assert sum(hand.stacks) + hand.pot_total == 2**62


@pytest.mark.parametrize(
    ("field", "value"),
    [("size", HUGE), ("min_buy_in", 2**62 + 1), ("max_events", HUGE), ("hold_seconds", HUGE)],
    ids=["size", "min_buy_in", "max_events", "hold_seconds"],
)
def test_table_arguments_beyond_range_are_config_errors(field: str, value: object) -> None:
    from holdem import ConfigError

    with pytest.raises(ConfigError) as info:
        Table(**{"size": 3, "schedule": Level(1, 2), field: value})  # type: ignore[arg-type]
    assert info.value.field == field
