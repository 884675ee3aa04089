"""Properties of whole tournaments (R15): chips conserved at every hand,
tables balanced, every player placed once, prizes summing to the pool, no
big blind missed or paid twice because of a balancing move; snapshots that
restore a running tournament exactly; ``holdem mtt``."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cli.command import main
from holdem.engine.betting import Action, Kind
from holdem.engine.hand import Hand
from holdem.engine.snapshot import SnapshotError
from holdem.mtt import Director, Moved
from holdem.mtt import snapshot as mtt_snapshot
from holdem.mtt.events import MttEvent, TableBroken
from holdem.mtt.simulate import agents_director, summary
from holdem.selfplay.agents import random_action
from holdem.selfplay.tournament import DEFAULT_SCHEDULE
from holdem.table.schedule import Level, Schedule

Decide = Callable[[Hand, int], object]


def policy(mix: int) -> Callable[[Hand, int], object]:
    """A decision that depends on the hand's state only (so a restored
    tournament gets the same answers): random legal actions."""

    def decide(hand: Hand, seat: int) -> object:
        legal = hand.legal_actions()
        assert legal is not None and hand.config.names is not None
        cards = hand.hole_cards(seat)  # differ from hand to hand: no cycle of folds
        rng = random.Random(f"{mix}/{hand.config.names}/{hand.stacks}/{seat}/{legal}/{cards}")
        if mix >= 2 and rng.random() < 0.85:  # mostly check or call: longer tournaments
            return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)
        return random_action(legal, rng)

    return decide


class Checker:
    """Plays a tournament hand by hand, checking the R15 properties."""

    def __init__(self, director: Director) -> None:
        self.d = director
        self.pending: dict[str, int] = {}  # moved player -> table they moved to
        self.moves_checked = 0
        self.seen: list[MttEvent] = []  # every event checked, in order
        self.moved: set[tuple[str, int]] = set()  # (player, gap: hands started before)

    def hand(self, number: int, decide: Decide) -> bool:
        """Play a hand at table ``number`` if it may still deal once the tables
        are broken and balanced as due (R15.3); whether it dealt."""
        d = self.d
        # the breaks and balancing the hand's start does first, done here so
        # that each move is checked against its table's last hand
        d.rebalance()
        self.check_events()
        if not d.hand_for_hand or not d._h4h_done:
            counts = list(d.counts().values())
            assert max(counts) - min(counts) <= d.balance_within  # R15.2
        if number not in d.tables or not d.can_deal(number):
            return False
        d.start_hand(number)
        assert not [e for e in d.events if isinstance(e, Moved)]  # all done just now
        table = d.tables[number]
        hand = table.hand
        assert hand is not None and hand.config.names is not None
        positions = table.positions
        assert positions is not None
        names = {table.hand_seats[i]: n for i, n in enumerate(hand.config.names)}
        for name, target in list(self.pending.items()):
            if target == number and name in names.values():
                # R15.2: a player moved to the worst position is neither the
                # button nor the small blind in their first hand there
                seat = next(s for s, n in names.items() if n == name)
                if len(names) > 2:
                    assert seat not in (positions.button, positions.small_blind), name
                del self.pending[name]
                self.moves_checked += 1
        while (seat := hand.to_act) is not None:
            hand.act(seat, decide(hand, seat))  # type: ignore[arg-type]
        d.finish_hand(number)
        assert d.chips() == d.chips_in  # R15: chips conserved at every hand (R15.8, R15.10)
        self.check_events()
        return True

    def check_events(self) -> None:
        """The moves since the last check: the player due the big blind moved,
        and nobody twice in one gap between hands (R15.3)."""
        d = self.d
        for event in d.drain_events():
            self.seen.append(event)
            if isinstance(event, Moved):
                # R15.3: the gap's entries are seated before tables break or
                # balance, and tables breaking at once are all emptied before
                # the draw: nobody moves twice between two hands
                assert (event.name, event.hand) not in self.moved, f"{event.name} moved twice"
                self.moved.add((event.name, event.hand))
                self.pending.pop(event.name, None)
                source = d.tables.get(event.from_table)
                if event.reason == "balance" and source is not None:
                    last = source.positions
                    # R15.2: the player due the big blind moves, not the one who just paid it
                    assert last is None or last.big_blind != event.from_seat
                if event.reason == "balance" and event.position == "worst":
                    self.pending[event.name] = event.to_table

    def run(self, decide: Decide, limit: int = 20_000) -> None:
        d = self.d
        while not d.is_over:
            assert d.hands < limit
            played = 0
            for number in sorted(d.tables):
                if number in d.tables and d.can_deal(number):
                    played += self.hand(number, decide)
            assert played

    def check_results(self) -> None:
        d = self.d
        results = d.standings()
        assert sorted(r.name for r in results) == sorted(d.names)  # each once
        places = sorted(r.place for r in results if r.place is not None)
        assert len(places) == len(d.names)
        i = 0
        while i < len(places):  # a shared place p covers p .. p + sharers - 1
            p = places[i]
            assert p == i + 1
            i += places.count(p)
        assert sum(r.prize for r in results) == d.prize_pool  # R15.6
        winner = [r for r in results if r.place == 1]
        assert len(winner) == 1 and winner[0].prize == d.prizes[0]


@settings(max_examples=80, deadline=None)
@given(
    players=st.integers(2, 45),
    seats=st.integers(3, 10),
    within=st.integers(1, 2),
    seed=st.integers(0, 10**6),
    mix=st.integers(0, 3),
)
def test_r15_random_tournaments_keep_every_property(
    players: int, seats: int, within: int, seed: int, mix: int
) -> None:
    schedule = Schedule(DEFAULT_SCHEDULE.levels, hands_per_level=5)
    names = [f"p{i}" for i in range(players)]
    d = Director(names, seats=seats, stack=300, schedule=schedule, seed=seed, balance_within=within)
    checker = Checker(d)
    checker.run(policy(mix))
    checker.check_results()


def test_r15_long_seeded_tournament_with_agents() -> None:
    d, decide = agents_director(["call", "random"], players=300, seats=9, seed=11)
    checker = Checker(d)
    checker.run(decide)  # type: ignore[arg-type]
    checker.check_results()
    assert checker.moves_checked > 50
    assert d.breaks == 33 and d.moves > 300


def test_r15_3_a_thousand_players_none_moved_twice_at_once() -> None:
    """R15.3: 1,000 players at 9-seat tables (``holdem mtt --players 1000
    --seats 9 --agents call,random --seed 1``): where several tables break
    after one hand, nobody is drawn to a table that breaks too."""
    d, decide = agents_director(["call", "random"], players=1000, seats=9, seed=1)
    checker = Checker(d)
    checker.run(decide)  # type: ignore[arg-type]
    checker.check_results()
    broken = [e for e in checker.seen if isinstance(e, TableBroken)]
    at_once = {e.hand for e in broken if sum(1 for f in broken if f.hand == e.hand) > 1}
    assert at_once  # several tables broke together, and the Checker saw no double move


@pytest.mark.parametrize("mid_hand", [False, True])
def test_r15_snapshot_restores_a_running_tournament_exactly(mid_hand: bool) -> None:
    key = b"tournament-key-0123"
    decide = policy(1)
    names = [f"p{i}" for i in range(40)]
    schedule = Schedule([Level(10, 20), Level(20, 40), Level(50, 100)], hands_per_level=4)
    clock = lambda: 1000.0  # noqa: E731 - a fixed clock: times in the snapshot are exact
    d = Director(names, seats=6, stack=500, schedule=schedule, seed=5, clock=clock)
    for _ in range(12):
        d.play_round(decide)  # type: ignore[arg-type]
    number = min(t for t in d.tables if d.can_deal(t))
    if mid_hand:
        hand = d.start_hand(number)
        for _ in range(2):
            if hand.to_act is not None:
                hand.act(hand.to_act, decide(hand, hand.to_act))  # type: ignore[arg-type]
    text = mtt_snapshot.dumps(d, key=key)
    twin = mtt_snapshot.loads(text, key=key, clock=clock)
    assert mtt_snapshot.dumps(twin, key=key) == text
    for each in (d, twin):
        if mid_hand:
            hand = each.tables[number].hand
            assert hand is not None
            while hand.to_act is not None:
                hand.act(hand.to_act, decide(hand, hand.to_act))  # type: ignore[arg-type]
            each.finish_hand(number)
        each.run(decide)  # type: ignore[arg-type]
    assert d.standings() == twin.standings()
    assert (d.hands, d.moves, d.breaks) == (twin.hands, twin.moves, twin.breaks)
    tampered = text.replace('"moves": ', '"moves": 1', 1)
    with pytest.raises(SnapshotError):
        mtt_snapshot.loads(tampered, key=key)
    data = json.loads(mtt_snapshot.dumps(twin))
    data["chips_start"] += 1
    with pytest.raises(SnapshotError, match="chips"):
        mtt_snapshot.restore(data)


def test_director_memory_is_bounded() -> None:
    d, decide = agents_director(["call", "random"], players=60, seats=9, seed=3)
    d.run(decide)
    assert len(d.events) <= 10_000
    assert all(len(t.events) == 0 for t in d.tables.values())  # drained every hand


def test_cli_mtt_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mtt", "--players", "30", "--seats", "9", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["chips_start"] == data["chips_end"] == 30 * 1500
    assert len(data["places"]) == 30
    assert sum(p["prize"] for p in data["places"]) == data["prize_pool"] == 3000
    assert sorted(p["place"] for p in data["places"])[0] == 1
    assert data["hands"] > 0 and data["break_count"] == len(data["breaks"]) == 3
    assert data["move_count"] == len(data["moves"]) > 0
    assert [b["table"] for b in data["breaks"]] == [4, 3, 2]  # R15.3: highest first
    move = data["moves"][0]
    assert set(move) == {
        "player",
        "from_table",
        "from_seat",
        "to_table",
        "to_seat",
        "chips",
        "reason",
        "after_hand",
    }
    again = main(["mtt", "--players", "30", "--seats", "9", "--seed", "4", "--json"])
    assert again == 0 and json.loads(capsys.readouterr().out) == data


def test_cli_mtt_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mtt", "--players", "12", "--seats", "6", "--payouts", "70,30"]) == 0
    out = capsys.readouterr().out
    assert "1st" in out and "840" in out  # 70% of 1,200
    assert main(["mtt", "--players", "1"]) == 2
    assert "players" in capsys.readouterr().err
    assert main(["mtt", "--players", "12", "--agents", "nobody"]) == 2
    assert main(["mtt", "--players", "12", "--payouts", "10,x"]) == 2


def test_summary_fields() -> None:
    d, decide = agents_director(["call"], players=10, seats=5, seed=1)
    d.run(decide)
    data = summary(d)
    assert set(data) >= {"places", "moves", "breaks", "hands", "chips_start", "chips_end"}
    assert set(data["places"][0]) >= {"player", "place", "prize", "eliminated_in_hand"}


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(4, 40),
    seats=st.integers(3, 9),
    seed=st.integers(0, 10**6),
    rounds=st.integers(0, 30),
    acts=st.integers(0, 6),
)
def test_r15_snapshot_at_any_point_plays_on_identically(
    players: int, seats: int, seed: int, rounds: int, acts: int
) -> None:
    clock = lambda: 50.0  # noqa: E731
    decide = policy(2)
    schedule = Schedule(DEFAULT_SCHEDULE.levels, hands_per_level=4)
    names = [f"p{i}" for i in range(players)]
    d = Director(names, seats=seats, stack=400, schedule=schedule, seed=seed, clock=clock)
    for _ in range(rounds):
        if d.is_over:
            break
        d.play_round(decide)  # type: ignore[arg-type]
    open_hand = None
    if not d.is_over and acts:
        open_hand = min(t for t in d.tables if d.can_deal(t))
        hand = d.start_hand(open_hand)
        for _ in range(acts):
            if hand.to_act is not None:
                hand.act(hand.to_act, decide(hand, hand.to_act))  # type: ignore[arg-type]
    twin = mtt_snapshot.loads(mtt_snapshot.dumps(d), clock=clock)
    for each in (d, twin):
        if open_hand is not None:
            hand = each.tables[open_hand].hand
            assert hand is not None
            while hand.to_act is not None:
                hand.act(hand.to_act, decide(hand, hand.to_act))  # type: ignore[arg-type]
            each.finish_hand(open_hand)
        each.run(decide)  # type: ignore[arg-type]
    assert d.standings() == twin.standings()
    assert mtt_snapshot.dumps(d) == mtt_snapshot.dumps(twin)


def test_a_field_too_large_fails_at_construction_in_one_line() -> None:
    """Bad configuration fails at once: `holdem mtt --players 10**20` was accepted and
    then built agents for ever; a 5,000-digit stack in `holdem icm` is one short line."""
    from helpers import run_cli_in_memory

    argv = ["mtt", "--players", "9" * 20, "--seats", "9", "--stack", "100", "--agents", "call"]
    status, out, err = run_cli_in_memory(argv)
    assert (status, out) == (2, "")
    assert err == (
        "holdem mtt: error: players: must be a whole number from 2 to 100,000, got "
        + "9" * 20
        + "\n"
    )
    status, out, err = run_cli_in_memory(
        ["icm", "--stacks", "9" * 5000 + ",1", "--payouts", "50,50"]
    )
    assert status == 2 and err.count("\n") == 1 and len(err) < 200
    assert "(5,000 characters)" in err


def _running() -> Director:
    schedule = Schedule([Level(10, 20), Level(20, 40), Level(50, 100)], hands_per_level=4)
    d = Director([f"p{i}" for i in range(20)], seats=7, stack=3000, schedule=schedule, seed=3)
    d.run(policy(0), max_hands=3)
    assert len(d.tables) == 3
    return d


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seats", 50, "seats: at most 10, got 50"),
        ("break_order", [1, 1, 1], "break_order: must list every table"),
        ("balance_within", 0, "balance_within: must be a whole number >= 1, got 0"),
        ("stack", 0, "stack: must be a whole number >= 1, got 0"),
        ("hand_for_hand_at", -3, "hand_for_hand_at: must be a whole number >= 0, got -3"),
        ("max_events", 0, "max_events: must be a whole number >= 1, got 0"),
        ("max_events", 10**30, "max_events: at most 1,000,000,000, got <a 100-bit number>"),
        ("colour_ups", {"2": 7}, "colour_ups: level 2 (20/40) is not in chips of 7"),
        ("units", {"1": 0}, "units: table 1"),
        ("rng", None, "rng: the random generator's state is saved exactly when there is a seed"),
        ("moves", -1, "moves: must be a whole number >= 0, got -1"),
        ("events_recorded", -5, "events_recorded: must be a whole number >= 0, got -5"),
    ],
)
def test_r15_restore_refuses_what_the_constructor_refuses(
    field: str, value: object, message: str
) -> None:
    """A snapshot is checked by the constructor's rules (R15): a value the
    constructor refuses (50 seats, a break order missing tables, a unit of
    7 for blinds of 20/40, a negative counter, 10**30 events) is one
    SnapshotError line naming the field, from restore and loads alike, never
    a crash later in play."""
    data = mtt_snapshot.snapshot(_running())
    data[field] = value
    for attempt in (
        lambda: mtt_snapshot.restore(data),
        lambda: mtt_snapshot.loads(json.dumps(data)),
    ):
        with pytest.raises(SnapshotError) as error:
            attempt()
        assert message in str(error.value) and "\n" not in str(error.value)


def test_r15_the_constructor_refuses_the_same_numbers() -> None:
    from holdem.errors import ConfigError

    for field, value in (("max_events", 10**30), ("hand_for_hand_at", -3)):
        with pytest.raises(ConfigError, match=field):
            Director(["a", "b"], schedule=Level(5, 10), **{field: value})  # type: ignore[arg-type]


def test_r15_a_deeply_nested_snapshot_is_one_line() -> None:
    with pytest.raises(SnapshotError, match="nested too deeply"):
        mtt_snapshot.loads("[" * 200_000 + "]" * 200_000)


@settings(max_examples=150, deadline=None)
@given(
    seats=st.integers(3, 10),
    sizes=st.lists(st.integers(1, 10), min_size=2, max_size=9),
    seed=st.integers(0, 10**6),
)
def test_r15_3_tables_breaking_at_once_move_each_player_once(
    seats: int, sizes: list[int], seed: int
) -> None:
    """R15.3: whatever the tables (often several breaking at once), one
    balancing point moves each player at most once, never to a table that
    breaks, and leaves as few tables as the players need, balanced."""
    sizes = [min(max(2, n), seats) for n in sizes]
    layout = {t: {s: (f"t{t}s{s}", 1000) for s in range(n)} for t, n in enumerate(sizes, start=1)}
    names = [name for table in layout.values() for name, _ in table.values()]
    d = Director(
        names, seats=seats, schedule=Level(5, 10), seed=seed, layout=layout,
        buttons={t: 0 for t in layout},
    )  # fmt: skip
    d.rebalance()
    events = d.drain_events()
    moved = [e for e in events if isinstance(e, Moved)]
    broken = {e.table for e in events if isinstance(e, TableBroken)}
    assert len({m.name for m in moved}) == len(moved)  # nobody moves twice
    assert all(m.to_table in d.tables and m.to_table not in broken for m in moved)
    assert len(d.tables) == -(-len(names) // seats)  # as few tables as needed
    counts = d.counts().values()
    assert max(counts) - min(counts) <= 1 and sum(counts) == len(names)
