"""Late registration, re-entries, rebuys and add-ons (R15.8), breaks (R15.9)
and the colour-up at a level change (R15.10): the worked examples ENT1,
ENT2, COL1 and BRK2 of docs/rules.md#r15, the units, and properties over
random tournaments with every option (chips conserved against the chips
in play, one place per player, prizes summing to the growing pool, tables
balanced, signed snapshots that play on identically)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cli.command import main
from holdem.engine.betting import Action, Kind
from holdem.engine.hand import Hand
from holdem.engine.snapshot import SnapshotError
from holdem.errors import ConfigError
from holdem.mtt import Director
from holdem.mtt import snapshot as mtt_snapshot
from holdem.mtt.entries import Entries, EntryError
from holdem.mtt.events import (
    Bought,
    BreakEnded,
    BreakStarted,
    Busted,
    ColouredUp,
    Eliminated,
    Entered,
    EntriesClosed,
    Moved,
    TableBroken,
)
from holdem.mtt.payouts import colour_up
from holdem.mtt.simulate import Spec, agents_director, buy, late_names, run_many
from holdem.selfplay.agents import random_action
from holdem.selfplay.tournament import DEFAULT_SCHEDULE
from holdem.table.schedule import Level, Schedule
from tests.mtt.test_mtt_properties import Checker

TWO = Schedule([Level(5, 10), Level(10, 20)], hands_per_level=2)


def fold(hand: Hand, seat: int) -> Action:
    legal = hand.legal_actions()
    assert legal is not None
    return Action(Kind.CHECK) if legal.can_check else Action(Kind.FOLD)


def shove_if(names: set[str]) -> object:
    """All-in for ``names``, check or fold for the others."""

    def decide(hand: Hand, seat: int) -> Action:
        legal = hand.legal_actions()
        assert legal is not None and hand.config.names is not None
        if hand.config.names[seat] in names and legal.can_all_in:
            return Action(Kind.ALL_IN)
        return fold(hand, seat)

    return decide


def layout_director(layout: dict[int, dict[int, tuple[str, int]]], **kwargs: object) -> Director:
    names = [name for table in layout.values() for name, _ in table.values()]
    kwargs.setdefault("schedule", TWO)
    return Director(  # type: ignore[arg-type]
        names, seed=1, layout=layout, buttons={t: 0 for t in layout}, **kwargs
    )


def test_r15_8_example_ent1_late_entrant_opens_a_table() -> None:
    three = {s: (f"{p}{s}", 1500) for p in "a" for s in range(3)}
    d = layout_director(
        {1: three, 2: {s: (f"b{s}", 1500) for s in range(3)}},
        seats=3,
        entries=Entries(late_until=1),
    )
    assert d.prize_pool == 600 and d.entries_open and d.can_register()
    d.register("L")
    assert d.counts() == {1: 3, 2: 3, 3: 1} and d.can_deal(3)  # balanced as its hand starts
    d.rebalance()  # as the next hand's start does (R15.3)
    events = d.drain_events()
    entered = [e for e in events if isinstance(e, Entered)]
    assert len(entered) == 1 and (entered[0].name, entered[0].kind, entered[0].table) == (
        "L",
        "late",
        3,
    )
    assert entered[0].chips == 1500 and entered[0].price == 100
    moved = [e for e in events if isinstance(e, Moved)]
    # R15.2: 3, 3, 1: the player due the big blind at table 1 (seat 2) moves to table 3
    assert [(m.from_table, m.from_seat, m.to_table, m.position) for m in moved] == [
        (1, 2, 3, "drawn")
    ]
    assert d.counts() == {1: 2, 2: 3, 3: 2}
    assert d.prize_pool == 700 and d.entry_count == 7 and d.chips() == d.chips_in == 7 * 1500
    assert d.break_order[0] == 3  # a new table breaks first (R15.8)
    with pytest.raises(EntryError):
        d.register("L")  # taken


def test_r15_8_example_ent2_reentry_and_places_once_overall() -> None:
    layout = {1: {0: ("A", 500), 1: ("B", 1500), 2: ("C", 1500)}}
    d = layout_director(layout, seats=3, entries=Entries(late_until=1, reentries=1))
    decide = shove_if({"A", "B"})
    d.play_hand(1, decide, hole_cards={0: "7c2d", 1: "AsAh", 2: "8c3d"}, board="Kd 9s 4c Jh 5s")
    busted = [e for e in d.drain_events() if isinstance(e, Busted)]
    assert busted == [Busted("A", 1, 1, 500)]  # out, not placed: entries are open
    assert d.busted == ("A",) and d.players_left == 2 and not d.is_over
    assert [r.place for r in d.standings()] == [None, None, None]
    assert d.can_reenter("A") and not d.can_reenter("B")
    d.reenter("A")
    assert d.prize_pool == 400 and d.bought("A") == (1, 0, 0) and d.players_left == 3
    assert d.chips() == d.chips_in == 3500 + 1500
    with pytest.raises(EntryError):
        d.reenter("B")  # not out
    # A busts again: no re-entry left; level 2 closes the entries and places A
    while "A" not in d.busted and not d.is_over:
        d.play_round(shove_if({"A", "B", "C"}))
    if "A" in d.busted:
        assert not d.can_reenter("A")
    d.run(shove_if({"A", "B", "C"}))
    results = d.standings()
    assert sorted(r.name for r in results) == ["A", "B", "C"]  # once each
    assert sorted(r.place for r in results) == [1, 2, 3]  # type: ignore[type-var]
    assert sum(r.prize for r in results) == d.prize_pool == 400
    assert any(isinstance(e, EntriesClosed) for e in d.drain_events()) or not d.entries_open


def test_r15_8_busted_are_placed_when_entries_close() -> None:
    """The later out finishes higher; equal starting stacks in one hand share."""
    d = Director(
        [f"p{i}" for i in range(12)],
        seats=6,
        stack=300,
        schedule=TWO,
        seed=5,
        entries=Entries(late_until=2),
    )
    d.run(shove_if({f"p{i}" for i in range(12)}), max_hands=4)
    pending = [(e.name, e.hand, e.starting_stack) for e in d.events if isinstance(e, Busted)]
    left = d.players_left
    d.run(shove_if({f"p{i}" for i in range(12)}))
    places = {e.name: e.place for e in d.events if isinstance(e, Eliminated)}
    ranked = sorted(pending, key=lambda p: (-p[1], -p[2]))
    for (name, hand, stack), (other, hand2, stack2) in zip(ranked, ranked[1:]):
        if (hand, stack) == (hand2, stack2):
            assert places[name] == places[other]
        else:
            assert places[name] < places[other]
    assert pending and min(places[p[0]] for p in pending) >= left + 1
    worst = max(places[p[0]] for p in pending)  # the first out share the last places
    assert worst + sum(1 for p in pending if places[p[0]] == worst) - 1 == 12


def test_r15_8_rebuys_and_add_on() -> None:
    entries = Entries(
        rebuy_until=1, rebuys=1, rebuy_below=1500, add_on_level=2, add_on_chips=500, add_on_price=50
    )
    d = Director(
        [f"p{i}" for i in range(6)], seats=6, stack=1500, schedule=TWO, seed=2, entries=entries
    )
    assert d.can_rebuy("p0") and not d.can_add_on("p0")
    d.rebuy("p0")
    assert d.prize_pool == 700 and d.chips_bought == 1500 and d.chips() == d.chips_in
    bought = [e for e in d.drain_events() if isinstance(e, Bought)]
    assert [(b.name, b.kind, b.chips, b.stack, b.price) for b in bought] == [
        ("p0", "rebuy", 1500, 3000, 100)
    ]
    assert not d.can_rebuy("p0")  # above the threshold, and no rebuys left
    with pytest.raises(EntryError):
        d.rebuy("p0")
    d.play_round(fold)
    d.play_round(fold)
    d.tick()
    assert d.level.big_blind == 20 and not d.can_rebuy("p1")  # level 2: rebuys over
    assert d.can_add_on("p1")
    d.add_on("p1")
    assert not d.can_add_on("p1") and d.prize_pool == 750 and d.chips() == d.chips_in
    with pytest.raises(EntryError):
        d.add_on("p1")
    d.run(fold, max_hands=200)


def test_r15_8_entries_options_are_checked() -> None:
    with pytest.raises(ConfigError):
        Entries(reentries=1)  # no late registration
    with pytest.raises(ConfigError):
        Entries(buy_in=-1)
    with pytest.raises(ConfigError):
        Director(["a", "b"], schedule=TWO, entries=Entries(late_until=3))  # 2 levels
    d = Director(["a", "b", "c"], schedule=TWO, seed=1)
    assert not d.entries_open and not d.can_register()
    with pytest.raises(EntryError):
        d.register("x")


def test_r15_10_example_col1_colour_up_at_the_level_change() -> None:
    stacks = [1510, 1495, 1470, 1530]
    layout = {1: {s: (f"p{s}", c) for s, c in enumerate(stacks)}}
    schedule = Schedule([Level(5, 10), Level(25, 50)], hands_per_level=1)
    d = layout_director(layout, seats=4, schedule=schedule, colour_ups={2: 25})
    d.play_hand(1, fold)  # seat 2 (big blind) wins seat 1's small blind
    before = [s.stack for s in d.tables[1].seats if s is not None]
    assert before == [1510, 1490, 1475, 1530]
    d.start_hand(1)
    event = next(e for e in d.drain_events() if isinstance(e, ColouredUp))
    # odd chips 10 + 15 + 0 + 5 = 30: one chip of 25 (30 / 25 = 1.2), to seat 1 (15)
    assert colour_up(before, 25) == (1500, 1500, 1475, 1525)
    assert (event.unit, event.chips_before, event.chips_after) == (25, 6005, 6000)
    assert event.stacks == (("p0", 1510, 1500), ("p1", 1490, 1500), ("p3", 1530, 1525))
    assert d.chips_raced == -5 and d.chips_in == 6000
    hand = d.tables[1].hand
    assert hand is not None and hand.config.chip_unit == 25
    assert sum(hand.config.stacks) == 6000 and all(s % 25 == 0 for s in hand.config.stacks)
    with pytest.raises(ConfigError):  # a stack not in chips of the unit
        Director(["a", "b"], stack=1510, schedule=schedule, colour_ups={2: 25})
    with pytest.raises(ConfigError):  # blinds not in chips of the unit
        Director(["a", "b"], schedule=schedule, colour_ups={2: 20})


def test_r15_9_example_brk2_a_timed_break_stops_the_clock() -> None:
    now = [0.0]
    schedule = Schedule([Level(5, 10), Level(10, 20), Level(20, 40)], seconds_per_level=600)
    d = Director(
        [f"p{i}" for i in range(6)],
        seats=6,
        schedule=schedule,
        seed=1,
        clock=lambda: now[0],
        breaks_after=[1],
        break_seconds=300,
        entries=Entries(add_on_level=1),
    )
    d.play_round(fold)
    now[0] = 610.0
    d.play_round(fold)  # the level is over: the break starts, nobody deals
    assert d.on_break == 1 and d.break_until == 900.0 and not d.can_deal(1)
    assert d.can_add_on("p0")  # the add-on in the break after its level
    d.add_on("p0")
    now[0] = 900.0
    assert d.play_round(fold) == 1 and d.on_break is None
    events = d.drain_events()
    assert [type(e) for e in events if isinstance(e, (BreakStarted, BreakEnded))] == [
        BreakStarted,
        BreakEnded,
    ]
    assert any(isinstance(e, EntriesClosed) for e in events)
    now[0] = 1499.0
    d.play_round(fold)
    assert d.level.big_blind == 20  # 600 s of level 2 not yet played (300 s of break)
    now[0] = 1500.0
    d.play_round(fold)
    assert d.level.big_blind == 40


def test_r15_9_breaks_by_hands_are_events() -> None:
    d = Director([f"p{i}" for i in range(6)], seats=6, schedule=TWO, seed=1, breaks_after=[1])
    d.run(fold, max_hands=4)
    events = d.events
    starts = [e for e in events if isinstance(e, BreakStarted)]
    assert starts == [BreakStarted(1, 0.0, 2)]
    assert BreakEnded(1) in events


def random_decide(mix: int) -> object:
    def decide(hand: Hand, seat: int) -> object:
        legal = hand.legal_actions()
        assert legal is not None and hand.config.names is not None
        cards = hand.hole_cards(seat)
        rng = random.Random(f"{mix}/{hand.config.names}/{hand.stacks}/{seat}/{legal}/{cards}")
        if rng.random() < 0.8:
            return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)
        return random_action(legal, rng)

    return decide


def entries_director(
    seed: int, players: int, seats: int, late: int, clock: object = None
) -> Director:
    schedule = Schedule(DEFAULT_SCHEDULE.levels, hands_per_level=3)
    rng = random.Random(seed)
    reentries = rng.randint(0, 2) if late else 0
    rebuy_until = rng.randint(0, 3)
    rebuys = rng.choice([None, 1, 2])
    entries = Entries(
        late_until=late,
        reentries=reentries,
        rebuy_until=rebuy_until,
        rebuys=rebuys if rebuy_until else None,  # a limit needs a rebuy period
        add_on_level=rng.randint(0, 4),
    )
    kwargs: dict[str, object] = {} if clock is None else {"clock": clock}
    return Director(  # type: ignore[arg-type]
        [f"p{i}" for i in range(players)],
        seats=seats,
        stack=500,
        schedule=schedule,
        seed=seed,
        entries=entries,
        breaks_after=[2],
        colour_ups={3: 25},
        **kwargs,
    )


def step(d: Director, decide: object, late: list[str]) -> None:
    """One round of ``holdem mtt`` (:func:`holdem.mtt.simulate.play`), the
    tables broken and balanced (as the round's first hand does) and checked
    balanced (R15.2) before it is dealt."""
    if late and d.can_register():
        d.register(late.pop(0))
    buy(d)
    d.rebalance()
    counts = list(d.counts().values())
    if not d.hand_for_hand:
        assert max(counts) - min(counts) <= d.balance_within or min(counts) < 2
    d.play_round(decide)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 30),
    seats=st.integers(3, 9),
    late=st.integers(0, 3),
    extra=st.integers(0, 12),
    seed=st.integers(0, 10**6),
)
def test_r15_8_random_tournaments_with_entries_keep_every_property(
    players: int, seats: int, late: int, extra: int, seed: int
) -> None:
    d = entries_director(seed, players, seats, late)
    decide = random_decide(seed % 3)
    names = [f"x{i}" for i in range(extra if late else 0)]
    while not d.is_over:
        assert d.hands < 20_000
        step(d, decide, names)
        assert d.chips() == d.chips_in  # R15.8/R15.10: every chip accounted for
    results = d.standings()
    assert sorted(r.name for r in results) == sorted(d.names)  # once overall (R15.8)
    places = sorted(r.place for r in results if r.place is not None)
    assert len(places) == len(d.names) and places[0] == 1
    assert sum(r.prize for r in results) == d.prize_pool  # R15.6 with the grown pool
    assert d.prize_pool == d.entries.buy_in * d.entry_count + sum(
        100 * d.bought(n)[k] for n in d.names for k in (1, 2)
    )
    assert not d.entries_open and d.busted == ()


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(4, 30),
    seats=st.integers(3, 9),
    seed=st.integers(0, 10**6),
    rounds=st.integers(0, 25),
)
def test_r15_8_snapshot_with_entries_plays_on_identically(
    players: int, seats: int, seed: int, rounds: int
) -> None:
    clock = lambda: 50.0  # noqa: E731
    d = entries_director(seed, players, seats, 2, clock)
    decide = random_decide(1)
    late = ["x0", "x1", "x2"]
    for _ in range(rounds):
        if d.is_over:
            break
        step(d, decide, late)
    key = b"k" * 16
    text = mtt_snapshot.dumps(d, key=key)
    twin = mtt_snapshot.loads(text, key=key, clock=clock)
    assert mtt_snapshot.dumps(twin) == mtt_snapshot.dumps(d)
    tampered = text.replace('"chips_bought": ', '"chips_bought": 1', 1)
    with pytest.raises(SnapshotError):
        mtt_snapshot.loads(tampered, key=key)
    data = json.loads(mtt_snapshot.dumps(twin))
    data["chips_raced"] += 1
    with pytest.raises(SnapshotError, match="chips"):
        mtt_snapshot.restore(data)
    twin_late = list(late)
    for each, names in ((d, late), (twin, twin_late)):
        while not each.is_over:
            step(each, decide, names)
    assert d.standings() == twin.standings()
    assert mtt_snapshot.dumps(d) == mtt_snapshot.dumps(twin)


def test_cli_mtt_with_entries_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "mtt",
        "--players",
        "20",
        "--seats",
        "6",
        "--seed",
        "2",
        "--late",
        "4",
        "--late-until",
        "2",
        "--reentries",
        "1",
        "--rebuy-until",
        "2",
        "--rebuys",
        "1",
        "--add-on-level",
        "3",
        "--breaks-after",
        "2",
        "--json",
    ]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 24 and data["entries"] >= 24
    assert data["chips_end"] == data["chips_start"] + data["chips_bought"] + data["chips_raced"]
    assert sum(p["prize"] for p in data["places"]) == data["prize_pool"]
    assert data["prize_pool"] > 2400
    assert len({p["player"] for p in data["places"]}) == 24
    assert main(["mtt", "--players", "20", "--late", "3"]) == 2  # needs --late-until
    assert "late-until" in capsys.readouterr().err
    assert main(["mtt", "--players", "20", "--colour-up", "2-25"]) == 2


def test_cli_mtt_many_tournaments(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "mtt",
                "--players",
                "12",
                "--seats",
                "6",
                "--seed",
                "7",
                "--tournaments",
                "2",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert [t["seed"] for t in data["tournaments"]] == [7, 8]
    spec = Spec(agents=("call", "random"), players=12, seats=6)
    assert run_many(spec, [7, 8]) == data["tournaments"]
    assert main(["mtt", "--players", "12", "--seats", "6", "--seed", "8", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == data["tournaments"][1]


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(4, 30),
    seats=st.integers(3, 9),
    seed=st.integers(0, 10**6),
)
def test_r15_2_no_big_blind_missed_or_doubled_by_a_move_with_entries(
    players: int, seats: int, seed: int
) -> None:
    """The R15 checks of every hand (chips, balance, the moved player's first
    hand neither on the button nor in the small blind, the big blind due
    moving) hold with late entrants, re-entries, rebuys and add-ons."""
    _play_with_entries(players, seats, seed)


def _play_with_entries(players: int, seats: int, seed: int) -> Checker:
    d = entries_director(seed, players, seats, 2)
    checker = Checker(d)
    decide = random_decide(seed % 2)
    late = ["x0", "x1", "x2", "x3"]
    while not d.is_over:
        assert d.hands < 20_000
        if late and d.can_register():
            d.register(late.pop(0))
        buy(d)
        checker.check_events()  # the moves made to seat entrants (R15.8)
        d.tick()
        played = 0
        for number in sorted(d.tables):
            if number in d.tables and d.can_deal(number):
                checker.hand(number, decide)  # type: ignore[arg-type]
                played += 1
        assert played or d.break_until is not None
    checker.check_results()
    return checker


def test_r15_9_snapshot_during_a_timed_break() -> None:
    now = [0.0]
    schedule = Schedule([Level(5, 10), Level(10, 20)], seconds_per_level=600)
    d = Director(
        [f"p{i}" for i in range(6)],
        seats=6,
        schedule=schedule,
        seed=1,
        clock=lambda: now[0],
        breaks_after=[1],
        break_seconds=300,
    )
    d.play_round(fold)
    now[0] = 700.0
    assert d.play_round(fold) == 0 and d.on_break == 1
    twin = mtt_snapshot.loads(
        mtt_snapshot.dumps(d, key=b"k" * 16), key=b"k" * 16, clock=lambda: now[0]
    )
    assert (twin.on_break, twin.break_until) == (1, 900.0)
    assert not twin.can_deal(1)
    now[0] = 900.0
    assert twin.play_round(fold) == 1 and twin.on_break is None
    assert d.play_round(fold) == 1
    assert mtt_snapshot.dumps(d) == mtt_snapshot.dumps(twin)


def test_r15_8_busted_are_ranked_by_the_order_their_hands_ended() -> None:
    """R15.8: hands are numbered as they start, but at tables playing at once
    a hand that started first may end last. Table 1's hand starts first
    (hand 1), table 2's second (hand 2); table 2's ends first and busts b0,
    then table 1's busts a0: a0 went out later and is placed higher (the two
    busted take places 3 and 4 when entries close: a0 3rd, b0 4th)."""
    d = layout_director(
        {1: {0: ("a0", 100), 1: ("a1", 3000)}, 2: {0: ("b0", 100), 1: ("b1", 3000)}},
        seats=3,
        entries=Entries(late_until=1),
    )

    def shove(hand: Hand, seat: int) -> Action:
        legal = hand.legal_actions()
        assert legal is not None
        return Action(Kind.ALL_IN) if legal.can_all_in else Action(Kind.CALL)

    d.start_hand(1, hole_cards={0: "2c3d", 1: "AsAh"}, board="KcQdJh8s7c")
    d.start_hand(2, hole_cards={0: "2h3s", 1: "AdAc"}, board="KcQdJh8s7c")
    for number in (2, 1):  # table 2's hand (started second) ends first
        hand = d.tables[number].hand
        assert hand is not None
        while (seat := hand.to_act) is not None:
            hand.act(seat, shove(hand, seat))
        d.finish_hand(number)
    busted = [(e.name, e.hand) for e in d.events if isinstance(e, Busted)]
    assert busted == [("b0", 2), ("a0", 1)]
    d._close_entries()
    places = {e.name: e.place for e in d.events if isinstance(e, Eliminated)}
    assert places == {"a0": 3, "b0": 4}  # the later out the higher, whatever the hand number


def test_r15_8_options_without_their_level_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """R15.8: ``--add-on-level 0`` and rebuy or add-on options without the
    level that allows them are refused in one line, not ignored."""
    base = ["mtt", "--players", "4", "--agents", "call"]
    assert main([*base, "--add-on-level", "0"]) == 2
    assert capsys.readouterr().err == (
        "holdem mtt: error: --add-on-level: a level from 1, got 0 (leave it out for no add-on)\n"
    )
    assert main([*base, "--rebuy-until", "0", "--rebuys", "2"]) == 2
    err = capsys.readouterr().err
    assert err == "holdem mtt: error: rebuys: needs rebuy_until (the last level of rebuys)\n"
    with pytest.raises(ConfigError, match="add_on_chips: needs add_on_level"):
        Entries(add_on_chips=500)
    assert Entries(rebuy_until=2, rebuys=2).rebuys == 2


def test_cli_mtt_help_lists_the_blind_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    """R15.5: ``holdem mtt --help`` lists the levels of DEFAULT_SCHEDULE (so a
    user can choose valid ``--colour-up`` units), in order."""
    assert main(["mtt", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    shown = []
    for lv in DEFAULT_SCHEDULE.levels:
        blinds = f"{lv.small_blind}/{lv.big_blind}" + (f" ante {lv.ante}" if lv.ante else "")
        shown.append(blinds)
    assert "Blinds by level: " + ", ".join(shown) + " (the last stays)" in text


def test_r15_3_re_entries_of_one_gap_are_seated_before_tables_break() -> None:
    """R15.2, R15.3, R15.8 (players 27, seats 8, seed 0): seven players bust
    at table 3 in hand 3 and fourteen enter in the gap after it (one late,
    thirteen re-entries). Table 3 does not break: the entrants are seated
    first, then the tables are balanced once, two moves. (Before, table 3
    broke, the re-entries reopened it and p11 moved three times in the gap:
    drawn to table 2, then due the big blind at table 2 and at table 3.)"""
    checker = _play_with_entries(27, 8, 0)
    gap = [e for e in checker.seen if getattr(e, "hand", None) == 3]
    assert sum(isinstance(e, Busted) for e in gap) == 7
    assert sum(isinstance(e, Entered) for e in gap) == 14
    assert not [e for e in gap if isinstance(e, TableBroken)]
    assert [(m.name, m.from_table, m.to_table, m.reason) for m in gap if isinstance(m, Moved)] == [
        ("p3", 1, 4, "balance"),
        ("p19", 2, 4, "balance"),
    ]
    p11 = [
        (m.from_table, m.to_table, m.reason, m.hand)
        for m in checker.seen
        if isinstance(m, Moved) and m.name == "p11"
    ]
    assert p11[:1] == [(3, 1, "break", 36)]


def test_r15_3_a_reopened_table_number_is_in_the_break_order_once() -> None:
    """R15.3, R15.8: a table opened for an entrant may take the number of a
    table broken before; the break order names it once, first (a duplicate
    made two tables breaking at once look the same table up twice: KeyError
    in a 2,000-player run with late registration and re-entries)."""
    d, decide = agents_director(
        ["call", "random"],
        players=3,
        seats=3,
        seed=572216,
        entries=Entries(late_until=2, reentries=3),
        late=4,
    )
    late = late_names(["call", "random"], 3, 4)
    for _ in range(3):
        if late and d.can_register():
            d.register(late.pop(0))
        buy(d)
        d.play_round(decide)
    assert d.break_order == (2, 1)
    assert sorted(d.tables) == [1, 2]
