"""Running the board more than once (R12) and rake (R13) at a Table: the
table options, the run question by table seat, the turn clock's one-run
default, table snapshots at the run question, chips conserved with rake."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import Action, Hand
from holdem.engine.events import RunsChosen
from holdem.engine.pots import Rake
from holdem.errors import ConfigError, IllegalActionError, Reason
from holdem.selfplay.agents import answer_runs, make_agent
from holdem.table.clock import TurnClock
from holdem.table.snapshot import restore, snapshot
from holdem.table.table import Level, Table, TimedOut
from holdem.views.seat import seat_view

RIT1_HOLES = {2: "AsAh", 5: "KsKh"}
RIT1_BOARD = "2c7d9hTs3sKd8c4h5s6d"


class FakeClock:
    """An injectable clock: seconds, moved by hand."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def rit1_table(**options: object) -> tuple[Table, Hand]:
    """Example RIT1 at a six-seat table: Anna (table seat 2, the button, AsAh)
    and Bjarni (table seat 5, KsKh), blinds 50/100, stacks 1,000; Anna is
    all-in preflop and Bjarni calls: the run question is open."""
    options.setdefault("max_runs", 2)
    table = Table(6, schedule=Level(50, 100), button=2, **options)  # type: ignore[arg-type]
    table.sit(2, "Anna", 1000)
    table.sit(5, "Bjarni", 1000)
    board = RIT1_BOARD if options["max_runs"] != 1 else RIT1_BOARD[:10]
    hand = table.start_hand(hole_cards=RIT1_HOLES, board=board)
    table.act(2, "all-in")
    table.act(5, "call")
    return table, hand


def test_r12_example_rit1_at_a_table_by_table_seat() -> None:
    """Example RIT1 (R12.1-R12.3) through Table.choose_runs: the seat left of
    the button (table seat 5) answers first, then the button (table seat 2);
    two runs split the 2,000 pot 1,000 / 1,000; final stacks 1,000 / 1,000."""
    table, hand = rit1_table()
    assert table.hand_seats == (2, 5)
    assert hand.to_act is None and hand.run_seat == 1  # table seat 5
    table.choose_runs(5, 2)
    assert hand.run_seat == 0
    table.choose_runs(2, 2)
    assert hand.is_over and hand.run_count == 2
    assert hand.boards == (("2c", "7d", "9h", "Ts", "3s"), ("Kd", "8c", "4h", "5s", "6d"))
    assert [(e.seat, e.count) for e in hand.log if isinstance(e, RunsChosen)] == [(1, 2), (0, 2)]
    table.finish_hand()
    assert [(s.name, s.stack) for s in table.seats if s] == [("Anna", 1000), ("Bjarni", 1000)]


def test_r12_1_one_answer_of_one_run_settles_it_at_a_table() -> None:
    """R12.1: any player can keep it to one run: table seat 5 answers 1, AsAh
    wins the whole 2,000 on run 1's board."""
    table, hand = rit1_table(max_runs=3)
    table.choose_runs(5, 1)
    assert hand.is_over and hand.run_count == 1 and hand.run_seat is None
    table.finish_hand()
    assert [s.stack for s in table.seats if s] == [2000, 0]


def test_r12_1_run_answers_refused_in_table_seats_state_unchanged() -> None:
    """R12.1 through a Table: the wrong seat, a count beyond max_runs, a stale
    decision number and an action during the run question are refused,
    named in table seats, and change nothing."""
    table, hand = rit1_table(clock=FakeClock(5.0))
    before = snapshot(table)
    with pytest.raises(IllegalActionError) as info:
        table.choose_runs(2, 2)
    assert info.value.seat == 2 and info.value.reason is Reason.NOT_YOUR_TURN
    assert "it is seat 5's turn (Bjarni)" in str(info.value)
    with pytest.raises(IllegalActionError) as info:
        table.choose_runs(5, 3)
    assert info.value.seat == 5 and info.value.reason is Reason.BAD_RUN_COUNT
    with pytest.raises(IllegalActionError) as info:
        table.choose_runs(5, 2, decision=hand.decision - 1)
    assert info.value.reason is Reason.STALE
    with pytest.raises(IllegalActionError):
        table.act(5, "check")
    assert snapshot(table) == before
    table.choose_runs(5, 2, decision=hand.decision)
    assert hand.run_seat == 0


def test_r12_1_no_run_question_at_a_one_run_table() -> None:
    """R12.1: a table with max_runs 1 (the default) never asks; RIT1 is run once."""
    table, hand = rit1_table(max_runs=1)
    assert hand.is_over and hand.run_count == 1
    with pytest.raises(IllegalActionError) as info:
        table.choose_runs(5, 1)
    assert info.value.reason is Reason.HAND_OVER


def test_r13_example_rk1_at_a_table() -> None:
    """Example RK1 (R13.1, R13.2) at a table with rake 5% capped at 30: main
    pot 600 and side pot 400 give 18 and 12 (rake 30); AsAh wins the main pot
    (582), KsKh the side pot (388)."""
    table = Table(3, schedule=Level(5, 10), button=0, rake={"rate": "5%", "cap": 30})
    assert table.rake == Rake("5%", cap=30)
    for seat, (name, chips) in enumerate([("Anna", 200), ("Bjarni", 400), ("Eva", 400)]):
        table.sit(seat, name, chips)
    hand = table.play_hand(
        lambda hand, seat: "all-in",
        hole_cards={0: "AsAh", 1: "KsKh", 2: "QsQh"},
        board="2c7d9hTs3s",
    )
    result = hand.result
    assert result is not None
    assert [(a.pot.amount, a.winners, a.shares) for a in result.awards] == [
        (582, (0,), (582,)),
        (388, (1,), (388,)),
    ]
    assert result.rake == (18, 12) and result.rake_total == 30
    assert result.net == (382, -12, -400)
    assert [s.stack for s in table.seats if s] == [582, 388, 0]


def test_r12_r13_table_options_are_checked() -> None:
    """R12.1, R13.1: max_runs 1 to 3 and a Rake (or mapping) are checked at
    construction, the error naming the field."""
    for runs in (0, 4, True, "2", 2.0):
        with pytest.raises(ConfigError) as info:
            Table(3, schedule=Level(5, 10), max_runs=runs)  # type: ignore[arg-type]
        assert info.value.field == "max_runs"
    for rake, field in (
        ("5%", "rake"),
        (0.05, "rake"),
        ({"rate": 0.05}, "rake.rate"),
        ({"rate": "5%", "cap": -1}, "rake.cap"),
        ({"rate": "5%", "cup": 3}, "rake"),
    ):
        with pytest.raises(ConfigError) as info:
            Table(3, schedule=Level(5, 10), rake=rake)  # type: ignore[arg-type]
        assert info.value.field == field
    table = Table(3, schedule=Level(5, 10), max_runs=3, rake=Rake("1/40", no_flop_no_drop=True))
    assert table.max_runs == 3 and table.rake == Rake("2.5%", no_flop_no_drop=True)


def test_r12_r13_each_hand_gets_the_tables_runs_and_rake() -> None:
    """R12, R13: every hand's TableConfig carries the table's max_runs and rake."""
    table = Table(3, schedule=Level(5, 10), max_runs=3, rake={"rate": "5%", "cap": 30}, seed=1)
    for seat in range(3):
        table.sit(seat, f"P{seat}", 100)
    hand = table.start_hand()
    assert hand.config.max_runs == 3 and hand.config.rake == Rake("5%", cap=30)


def test_r12_snapshot_at_the_run_question_restores_and_goes_on_the_same() -> None:
    """R12.1: a table snapshot taken while the run question is open (one seat
    answered) restores with the question still open; both tables end the same."""
    table, hand = rit1_table(max_runs=3, rake={"rate": "5%", "cap": 30})
    table.choose_runs(5, 2)
    data = snapshot(table)
    assert data["config"]["max_runs"] == 3
    assert data["config"]["rake"] == {"rate": "5%", "cap": 30, "no_flop_no_drop": False}
    twin = restore(data)
    assert twin.max_runs == 3 and twin.rake == table.rake
    assert twin.hand is not None and twin.hand.run_seat == 0
    for t in (table, twin):
        t.choose_runs(2, 3)
        t.finish_hand()
    assert snapshot(twin)["seats"] == snapshot(table)["seats"]
    assert twin.last_hand is not None and twin.last_hand.run_count == 2
    result = twin.last_hand.result
    assert result is not None and result.rake_total == 30
    assert [s.stack for s in twin.seats if s] == [985, 985]


def test_r12_r13_old_table_snapshot_without_the_fields_restores() -> None:
    """A table snapshot written before max_runs and rake existed restores
    with one run and no rake; an unknown field is still refused."""
    table = Table(3, schedule=Level(5, 10), seed=4)
    for seat in range(3):
        table.sit(seat, f"P{seat}", 100)
    table.start_hand()
    data = snapshot(table)
    del data["config"]["max_runs"], data["config"]["rake"]
    twin = restore(data)
    assert twin.max_runs == 1 and twin.rake is None
    data["config"]["runs"] = 2
    with pytest.raises(Exception, match="unknown \\['runs'\\]"):
        restore(data)


def test_r12_r13_snapshot_refuses_a_hand_with_other_runs_or_rake() -> None:
    """R12, R13: the hand in progress must carry the table's runs and rake."""
    table, _ = rit1_table()
    data = snapshot(table)
    data["config"]["max_runs"] = 3
    with pytest.raises(Exception, match="runs and rake"):
        restore(data)


def test_r12_1_turn_clock_answers_one_run_when_time_runs_out() -> None:
    """R12.1 with a turn clock: the run question is timed like an action; out
    of time the table answers one run for the seat (any player can keep it to
    one run), records a TimedOut with the action "runs 1", and the hand ends."""
    clock = FakeClock(100.0)
    table, hand = rit1_table(clock=clock, turn_clock=TurnClock(10, time_bank=5))
    assert hand.run_seat == 1
    assert table.deadline == 115.0
    clock.now = 114.0
    assert table.poll_clock() == ()
    table.choose_runs(5, 2)  # 14 s: 4 s out of Bjarni's bank
    assert table.seats[5].time_bank == 1.0  # type: ignore[union-attr]
    assert table.deadline == 114.0 + 15.0
    clock.now = 130.0
    (event,) = table.poll_clock()
    assert event == TimedOut(1, 2, "Anna", "runs 1", 1)
    assert hand.is_over and hand.run_count == 1
    assert table.deadline is None
    table.finish_hand()
    assert [s.stack for s in table.seats if s] == [2000, 0]


def test_r12_1_a_timed_out_run_answer_is_refused_after_the_default() -> None:
    """R12.1: the answer of a seat whose run question already timed out is
    refused (timed_out) and the one-run default stands."""
    clock = FakeClock(0.0)
    table, hand = rit1_table(clock=clock, turn_clock=TurnClock(10, time_bank=0))
    clock.now = 11.0
    with pytest.raises(Exception, match="timed out"):
        table.choose_runs(5, 2)
    assert hand.is_over and hand.run_count == 1


def test_r12_1_play_hand_asks_runs_callback_and_defaults_to_one_run() -> None:
    """R12.1 in Table.play_hand: ``runs(hand, seat)`` answers the run question
    (here the agents, via answer_runs); without it every seat keeps one run."""
    asked: list[int] = []

    def runs(hand: Hand, seat: int) -> int:
        asked.append(seat)
        return answer_runs(make_agent("call"), seat_view(hand, seat))

    def table() -> Table:
        t = Table(2, schedule=Level(50, 100), button=0, max_runs=2)
        t.sit(0, "Anna", 1000)
        t.sit(1, "Bjarni", 1000)
        return t

    holes = {0: "AsAh", 1: "KsKh"}
    hand = table().play_hand(lambda h, s: "all-in", hole_cards=holes, board=RIT1_BOARD, runs=runs)
    assert asked == [1, 0] and hand.run_count == 2
    assert hand.stacks == (1000, 1000)
    hand = table().play_hand(lambda h, s: "all-in", hole_cards=holes, board=RIT1_BOARD)
    assert hand.run_count == 1 and hand.stacks == (2000, 0)


def play_session(seed: int, runs: int, rake: Rake, players: int) -> tuple[Table, list[Hand]]:
    """Up to 12 hands at a six-seat table of ``players`` random agents, the
    run question answered through answer_runs; the table and its hands.
    After every hand the table's chips plus all the rake taken so far must
    equal the chips bought in (R13: no chip created or lost)."""
    table = Table(6, schedule=Level(5, 10), seed=seed, max_runs=runs, rake=rake)
    for seat in range(players):
        table.sit(seat, f"P{seat}", 100 + 37 * seat)
    bought = sum(100 + 37 * seat for seat in range(players))
    agents = [make_agent("random", seed=seed + seat) for seat in range(6)]

    def decide(hand: Hand, seat: int) -> Action:
        return agents[table.hand_seats[seat]].act(seat_view(hand, seat))

    def answer(hand: Hand, seat: int) -> int:
        return answer_runs(agents[table.hand_seats[seat]], seat_view(hand, seat))

    hands: list[Hand] = []
    raked = 0
    for _ in range(12):
        if len(table.players_with_chips) < 2:
            break
        hand = table.play_hand(decide, runs=answer)
        hands.append(hand)
        assert hand.result is not None
        raked += hand.result.rake_total
        assert sum(s.stack for s in table.seats if s) + raked == bought
    return table, hands


def test_r12_r13_seeded_sessions_run_boards_and_rake() -> None:
    """The sessions of the property below do reach the run question and the
    rake: seeds 0 to 4 with four players give hands run two or three times
    and raked hands (so the property does not pass on nothing)."""
    hands = [hand for seed in range(5) for hand in play_session(seed, 3, Rake("5%", cap=30), 4)[1]]
    assert sum(hand.run_count > 1 for hand in hands) >= 3
    assert sum(hand.result is not None and hand.result.rake_total > 0 for hand in hands) >= 10


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    runs=st.integers(1, 3),
    rate=st.sampled_from(["0%", "5%", "10%", "1/3"]),
    cap=st.one_of(st.none(), st.integers(0, 50)),
    no_flop=st.booleans(),
    players=st.integers(2, 6),
)
def test_r12_r13_chips_conserved_with_rake_over_sessions(
    seed: int, runs: int, rate: str, cap: int | None, no_flop: bool, players: int
) -> None:
    """R12, R13 over a whole session: random agents, answering the run
    question through answer_runs; after every hand the table's chips plus
    all the rake taken so far equal the chips bought in, each hand's stacks
    plus its rake equal its starting stacks, ``net`` sums to minus the rake
    and the rake never exceeds the cap."""
    table, hands = play_session(seed, runs, Rake(rate, cap=cap, no_flop_no_drop=no_flop), players)
    assert table.hands_played == len(hands) >= 1
    for hand in hands:
        result = hand.result
        assert result is not None and 1 <= hand.run_count <= runs
        assert sum(result.rake) == result.rake_total
        assert sum(hand.stacks) + result.rake_total == sum(hand.config.stacks)
        assert sum(result.net) == -result.rake_total
        if cap is not None:
            assert result.rake_total <= cap
        if no_flop and not any(len(board) >= 3 for board in hand.boards):
            assert result.rake_total == 0
