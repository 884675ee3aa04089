"""The worked examples of R15 (docs/rules.md#r15), figure by figure, and
the director's units: balancing (R15.2), breaking (R15.3), hand-for-hand
(R15.4), levels (R15.5), payouts (R15.6), colour-up (R15.7)."""

from __future__ import annotations

import pytest

from holdem.engine.betting import Action, Kind
from holdem.engine.hand import Hand
from holdem.errors import ConfigError
from holdem.mtt import (
    Director,
    DirectorError,
    Eliminated,
    HandForHand,
    LevelChanged,
    Moved,
    TableBroken,
    colour_up,
    prizes,
    shared_prizes,
    standard_payouts,
)
from holdem.mtt.balance import seat_order
from holdem.table.schedule import Level, Schedule
from holdem.table.table import Table, TableMode

BOARD = "Kd 9s 4c Jh 5s"
HOLES = ["AsAh", "7c2d", "8c3d"]


def shove(hand: Hand, seat: int) -> Action:
    """All-in when allowed, else check or call."""
    legal = hand.legal_actions()
    assert legal is not None
    if legal.can_all_in:
        return Action(Kind.ALL_IN)
    return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)


def fold(hand: Hand, seat: int) -> Action:
    """Check when free, else fold."""
    legal = hand.legal_actions()
    assert legal is not None
    return Action(Kind.CHECK) if legal.can_check else Action(Kind.FOLD)


def director(layout: dict[int, dict[int, tuple[str, int]]], **kwargs: object) -> Director:
    names = [name for table in layout.values() for name, _ in table.values()]
    kwargs.setdefault("buttons", {t: 0 for t in layout})
    return Director(names, schedule=Level(5, 10), seed=1, layout=layout, **kwargs)  # type: ignore[arg-type]


def full(prefix: str, seats: object, chips: int = 1500) -> dict[int, tuple[str, int]]:
    return {s: (f"{prefix}{s}", chips) for s in seats}  # type: ignore[attr-defined]


def moves(d: Director) -> list[Moved]:
    return [e for e in d.drain_events() if isinstance(e, Moved)]


def test_r15_2_example_bal1_two_tables() -> None:
    d = director({1: full("a", range(9)), 2: full("b", (0, 1, 3, 5, 6, 7, 8))})
    d.rebalance()
    assert moves(d) == [Moved("a2", 1, 2, 2, 2, 1500, "balance", "worst", False)]
    assert d.counts() == {1: 8, 2: 8}
    d.start_hand(2)
    positions = d.tables[2].positions
    assert positions is not None
    assert (positions.button, positions.small_blind, positions.big_blind) == (0, 1, 2)


def test_r15_2_example_bal2_three_tables() -> None:
    d = director({1: full("a", range(9)), 2: full("b", range(8)), 3: full("c", (0, 1, 3, 4, 5))})
    d.rebalance()
    assert [(m.name, m.from_seat, m.to_table, m.to_seat) for m in moves(d)] == [
        ("a2", 2, 3, 2),
        ("a3", 3, 3, 6),
    ]
    assert d.counts() == {1: 7, 2: 8, 3: 7}


def test_r15_2_example_bal3_no_big_blind_skipped_or_posted_twice() -> None:
    d = director({1: full("a", range(9)), 2: full("b", (0, 1, 2, 4, 5, 6, 7))}, balance_within=9)
    d.play_hand(2, fold)
    last = d.tables[2].positions
    assert last is not None and (last.button, last.small_blind, last.big_blind) == (0, 1, 2)
    d.balance_within = 1
    d.rebalance()
    assert moves(d) == [Moved("a2", 1, 2, 2, 3, 1500, "balance", "worst", False, 1)]
    d.start_hand(2)
    now = d.tables[2].positions
    assert now is not None and (now.button, now.small_blind, now.big_blind) == (1, 2, 3)
    hand = d.tables[2].hand
    assert hand is not None and hand.config.names is not None
    assert hand.config.names[hand.config.big_blind_seat] == "a2"


def test_r15_2_example_bal4_seat_between_button_and_small_blind() -> None:
    table = Table(9, schedule=Level(5, 10), mode=TableMode.TOURNAMENT, button=0, seed=3)
    for seat in (0, 1, 3, 4, 5, 6, 7):
        table.sit(seat, f"p{seat}", 1500)
    table.play_hand(fold)
    last = table.positions
    assert last is not None and (last.button, last.small_blind, last.big_blind) == (0, 1, 3)
    assert seat_order(table, [2, 8]) == [(0, 4, 8), (1, 6, 2)]


def test_r15_3_late_seat_waits_one_hand() -> None:
    """The only free seats at the short table lie between the next button
    and small blind: the player moved there is not dealt in until the
    button has passed (R15.2, R15.3)."""
    d = director({1: full("a", range(9)), 2: full("b", (0, 1, 4, 5, 6, 7, 8))}, balance_within=9)
    d.play_hand(2, fold)  # button 0, small blind 1, big blind 4; next: button 1, small blind 4
    d.balance_within = 1
    d.rebalance()
    assert moves(d) == [Moved("a2", 1, 2, 2, 2, 1500, "balance", "late", True, 1)]
    assert d.counts() == {1: 8, 2: 8}
    d.play_hand(2, fold)
    assert 2 not in d.tables[2].hand_seats  # not dealt in: between the button and small blind
    d.start_hand(2)
    assert 2 in d.tables[2].hand_seats
    positions = d.tables[2].positions
    assert positions is not None and positions.button == 4  # the button has passed seat 2
    assert d.chips() == d.chips_start


def test_r15_3_example_brk1_three_tables_into_two() -> None:
    d = director({1: full("a", range(7)), 2: full("b", range(6)), 3: full("c", range(4))})
    d.rebalance()
    events = d.drain_events()
    assert [e for e in events if isinstance(e, TableBroken)] == [TableBroken(3, 4)]
    moved = [e for e in events if isinstance(e, Moved)]
    assert len(moved) == 4 and {m.reason for m in moved} == {"break"}
    assert sorted(d.counts().values()) == [8, 9]
    assert (d.breaks, d.moves) == (1, 4)
    assert d.chips() == d.chips_start == 17 * 1500


def test_r15_3_break_order_is_set() -> None:
    d = director(
        {1: full("a", range(4)), 2: full("b", range(6)), 3: full("c", range(7))},
        break_order=[1, 2, 3],
    )
    d.rebalance()
    assert sorted(d.tables) == [2, 3]
    with pytest.raises(ConfigError):
        director({1: full("a", range(4)), 2: full("b", range(6))}, break_order=[1, 1])


def hand_for_hand(
    table1: list[tuple[str, int]], table2: list[tuple[str, int]], payouts: list[int], pool: int
) -> tuple[Director, list[Eliminated]]:
    layout = {1: dict(enumerate(table1)), 2: dict(enumerate(table2))}
    d = director(layout, seats=3, payouts=payouts, prize_pool=pool)
    assert d.hand_for_hand
    d.play_hand(1, shove, hole_cards=dict(enumerate(HOLES[: len(table1)])), board=BOARD)
    assert not d.can_deal(1) and d.can_deal(2)  # table 1 waits for table 2 (R15.4)
    with pytest.raises(DirectorError):
        d.start_hand(1)
    d.play_hand(2, shove, hole_cards=dict(enumerate(HOLES[: len(table2)])), board=BOARD)
    assert sorted(d.tables) == [1, 2]  # broken when the next hand starts (R15.3)
    d.rebalance()
    events = d.drain_events()
    assert HandForHand(False, 2) in events
    assert [e for e in events if isinstance(e, TableBroken)] == [TableBroken(2, 1, 2)]
    return d, [e for e in events if isinstance(e, Eliminated)]


def test_r15_4_example_hh1_two_out_in_one_round() -> None:
    d, out = hand_for_hand([("A", 4000), ("B", 1000)], [("C", 4000), ("D", 600)], [50, 30, 20], 600)
    assert d.prizes == (300, 180, 120)
    assert [(e.name, e.place, e.shared, e.prize, e.starting_stack) for e in out] == [
        ("B", 3, False, 120, 1000),
        ("D", 4, False, 0, 600),
    ]


def test_r15_4_example_hh2_equal_stacks_share() -> None:
    _, out = hand_for_hand(
        [("A", 4000), ("B", 1000)], [("C", 4000), ("D", 1000)], [50, 30, 20], 600
    )
    assert [(e.name, e.place, e.shared, e.prize) for e in out] == [
        ("B", 3, True, 60),
        ("D", 3, True, 60),
    ]


def test_r15_4_example_hh3_three_out_in_one_round() -> None:
    d, out = hand_for_hand(
        [("A", 5000), ("B", 1000), ("E", 1000)],
        [("C", 5000), ("D", 2000)],
        [40, 30, 20, 10],
        1000,
    )
    assert [(e.name, e.place, e.shared, e.prize) for e in out] == [
        ("D", 3, False, 200),
        ("B", 4, True, 50),
        ("E", 4, True, 50),
    ]
    d.run(shove)
    assert d.is_over
    assert sum(r.prize for r in d.standings()) == 1000


def test_r15_5_levels_follow_the_busiest_table() -> None:
    schedule = Schedule([Level(5, 10), Level(10, 20)], hands_per_level=2)
    names = [f"p{i}" for i in range(12)]
    d = Director(names, seats=6, schedule=schedule, seed=2, hand_for_hand_at=0)
    d.play_hand(1, fold)
    d.play_hand(1, fold)
    d.start_hand(2)  # table 1 has played two hands: level 2 everywhere
    assert d.level == Level(10, 20)
    hand = d.tables[2].hand
    assert hand is not None and hand.config.big_blind == 20
    assert LevelChanged(2, 10, 20, 0, "none") in d.events


def test_r15_6_example_pay1_odd_units() -> None:
    assert prizes(1001, [50, 30, 20]) == (501, 300, 200)
    assert prizes(1000, [50, 30, 20]) == (500, 300, 200)
    assert shared_prizes([300, 200], 2) == (250, 250)
    assert shared_prizes([301], 2) == (151, 150)
    assert standard_payouts(3) == (100,)
    assert standard_payouts(6) == (65, 35)
    assert standard_payouts(15) == (40, 30, 20, 10)
    assert len(standard_payouts(1000)) == 150
    assert sum(prizes(100_000, standard_payouts(1000))) == 100_000
    with pytest.raises(ConfigError):
        prizes(100, [20, 30])


def test_r15_7_example_cu1_colour_up() -> None:
    assert colour_up([130, 60, 45, 25, 240], 100) == (100, 100, 100, 100, 200)
    assert colour_up([150, 0, 250], 100) == (200, 0, 200)  # 50 + 50 = one chip: the lower seat


def test_director_refuses_bad_settings() -> None:
    with pytest.raises(ConfigError):
        Director(["a"], schedule=Level(5, 10))
    with pytest.raises(ConfigError):
        Director(["a", "a"], schedule=Level(5, 10))
    with pytest.raises(ConfigError):
        Director(["a", "b"], seats=2, schedule=Level(5, 10))
    with pytest.raises(ConfigError):
        Director(["a", "b"], schedule=Level(5, 10), payouts=[1, 1, 1])


def test_table_transfer_seats_and_unseats_a_tournament_player_in_play() -> None:
    """The two table hooks a director uses (R15.2): ``sit``/``leave`` with ``transfer``."""
    from holdem.table.table import SeatLeft, TableError

    table = Table(4, schedule=Level(5, 10), mode=TableMode.TOURNAMENT, button=0, seed=1)
    for seat in range(3):
        table.sit(seat, f"p{seat}", 100)
    assert table.positions is None
    table.play_hand(fold)
    assert table.positions is not None
    with pytest.raises(TableError):
        table.sit(3, "late", 100)  # a tournament that has started: no newcomers
    with pytest.raises(TableError):
        table.leave(0)  # nor leaving with chips
    table.sit(3, "moved", 100, transfer=True)
    chips = table.leave(0, transfer=True)
    assert table.drain_events()[-1] == SeatLeft(0, "p0", chips, "moved")
    hand = table.play_hand(fold)
    assert hand.config.names is not None and "moved" in hand.config.names
    assert "p0" not in hand.config.names


def test_r15_2_a_short_table_halts_until_balanced() -> None:
    """A table 3 or more players short of the largest may not deal (TDA; R15.2)."""
    d = director({1: full("a", range(9)), 2: full("b", range(6))}, balance_within=9)
    assert not d.can_deal(2) and d.can_deal(1)
    with pytest.raises(DirectorError):
        d.start_hand(2)
    d.balance_within = 1
    d.rebalance()
    assert d.counts() == {1: 8, 2: 7} and d.can_deal(2)


def test_r15_5_levels_by_time() -> None:
    now = [0.0]
    schedule = Schedule([Level(5, 10), Level(25, 50)], seconds_per_level=600)
    names = [f"p{i}" for i in range(12)]
    d = Director(names, seats=6, schedule=schedule, seed=3, clock=lambda: now[0])
    d.play_hand(1, fold)
    now[0] = 599.0
    d.play_hand(2, fold)
    assert d.level == Level(5, 10)
    now[0] = 600.0
    hand = d.start_hand(1)
    assert d.level == Level(25, 50) and hand.config.big_blind == 50


def test_r15_4_no_table_halts_within_a_hand_for_hand_round() -> None:
    """Three players out at table 1 leave it three short of table 2 in the
    middle of a hand-for-hand round: table 2 still plays the round's hand,
    then the tables merge before the next hand (R15.2, R15.3, R15.4)."""
    table1 = [("A", 5000), ("B", 1000), ("E", 1000), ("F", 1000)]
    table2 = [("C", 5000), ("D", 2000), ("G", 2000), ("H", 2000)]
    d = director(
        {1: dict(enumerate(table1)), 2: dict(enumerate(table2))},
        seats=5,  # eight players need both tables
        payouts=[40, 30, 20, 10],
        prize_pool=1000,
        hand_for_hand_at=8,
    )
    assert d.hand_for_hand
    holes = {0: "AsAh", 1: "7c2d", 2: "8c3d", 3: "Tc6h"}
    d.play_hand(1, shove, hole_cards=holes, board=BOARD)
    assert d.counts() == {1: 1, 2: 4} and d.can_deal(2)
    d.play_hand(2, fold)
    out = [e for e in d.drain_events() if isinstance(e, Eliminated)]
    assert [(e.name, e.place, e.shared) for e in out] == [
        ("B", 6, True),
        ("E", 6, True),
        ("F", 6, True),
    ]
    assert d.counts() == {1: 1, 2: 4} and d.hand_for_hand
    d.rebalance()  # as the next hand's start does
    assert d.counts() == {1: 5} and not d.hand_for_hand  # table 2 broke (the highest first)
