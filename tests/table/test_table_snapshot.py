"""Table snapshots: a whole table as JSON, restored to go on exactly as the
original would (issue 12, item 3; R9.1, R10.1, R10.2 state survives).

The property test plays a random session (hands, actions, rebuys, newcomers,
players leaving, time passing), snapshots it at a random point, restores it
and plays both tables on with the same choices: every later snapshot and
every later event must be the same.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import Action, Hand, Kind
from holdem.engine.snapshot import SnapshotError
from holdem.selfplay.agents import random_action
from holdem.table.clock import TurnClock
from holdem.table.sitout import dealt_in_count
from holdem.table.snapshot import dumps, loads, restore, snapshot
from holdem.table.table import Level, Schedule, Table, TableMode


class FakeClock:
    """An injectable clock: seconds, moved by hand."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def seated(mode: str = "cash", seats: int = 4, seed: object = "snap", **options: Any) -> Table:
    options.setdefault("clock", FakeClock())
    table = Table(
        seats,
        schedule=Schedule([Level(5, 10), Level(10, 20, 5)], hands_per_level=3),
        mode=mode,
        seed=seed,  # type: ignore[arg-type]
        **options,
    )
    for seat in range(seats):
        table.sit(seat, f"P{seat}", 100 + 50 * seat)
    return table


def passive(hand: Hand, seat: int) -> Action:
    legal = hand.legal_actions()
    assert legal is not None
    return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)


def all_in(hand: Hand, seat: int) -> Action:
    legal = hand.legal_actions()
    assert legal is not None
    return Action(Kind.ALL_IN) if legal.can_all_in else Action(Kind.CALL)


def round_trip(table: Table, clock: Any = None) -> Table:
    """Through JSON text and back, with the same clock unless given."""
    return loads(dumps(table), clock=clock if clock is not None else table._clock)


# ----------------------------------------------------------------- basics
def test_round_trip_between_hands_keeps_everything() -> None:
    clock = FakeClock(100.0)
    table = seated(clock=clock)
    for _ in range(4):
        table.play_hand(passive)
    twin = round_trip(table)
    assert snapshot(twin) == snapshot(table)
    assert twin.seats == table.seats
    assert (twin.button, twin.level, twin.hands_played) == (table.button, table.level, 4)
    assert twin.last_hand is not None and table.last_hand is not None
    assert twin.last_hand.log == table.last_hand.log
    assert twin.events == () and twin.events_recorded == table.events_recorded


def test_restored_seeded_table_deals_the_same_future_hands() -> None:
    """The seed goes with the table: hand k is dealt the same after a restore."""
    table = seated()
    table.play_hand(passive)
    twin = round_trip(table)
    for _ in range(3):
        a, b = table.play_hand(passive), twin.play_hand(passive)
        assert a.log == b.log
        assert a.config == b.config
    assert twin.events == table.events[-len(twin.events) :]


def test_bytes_seed_survives_json() -> None:
    table = seated(seed=b"\x00\xffseed")
    data = json.loads(dumps(table))
    assert data["config"]["seed"] == {"hex": "00ff73656564"}
    twin = restore(data, clock=table._clock)
    assert table.play_hand(passive).log == twin.play_hand(passive).log


def test_hand_in_progress_goes_on_in_the_restored_table() -> None:
    table = seated(seats=3)
    hand = table.start_hand()
    hand.act(hand.to_act, Action(Kind.RAISE, 30))  # type: ignore[arg-type]
    twin = round_trip(table)
    assert twin.hand is not None and twin.hand.log == hand.log
    assert twin.hand_seats == table.hand_seats
    while (seat := hand.to_act) is not None:
        hand.act(seat, passive(hand, seat))
        twin.hand.act(seat, passive(twin.hand, seat))
    assert table.finish_hand().result == twin.finish_hand().result
    assert twin.seats == table.seats


def test_tournament_places_and_winner_survive() -> None:
    """R9.1: the eliminations so far and the winner are part of the state."""
    table = Table(3, schedule=Level(50, 100), mode=TableMode.TOURNAMENT, seed=4, clock=FakeClock())
    for seat, chips in enumerate([100, 200, 300]):
        table.sit(seat, f"P{seat}", chips)
    table.run(all_in)
    assert table.is_over
    twin = round_trip(table)
    assert twin.is_over and twin.standings() == table.standings()
    assert snapshot(twin) == snapshot(table)


def test_holds_and_time_levels_count_from_the_snapshot_in_another_clock() -> None:
    """R10.2: a held seat keeps the time it has left, whatever the new clock reads."""
    clock = FakeClock(1000.0)
    table = Table(3, schedule=Level(5, 10), seed=2, clock=clock, hold_seconds=600)
    for seat, name in enumerate("ABC"):
        table.sit(seat, name, 100)
    hand = table.start_hand(hole_cards={0: "AsAh", 1: "2c7d"}, board="AdKs9h4c3d")
    while (seat := hand.to_act) is not None:
        legal = hand.legal_actions()
        assert legal is not None
        name = hand.config.names[seat]
        hand.act(seat, Action(Kind.ALL_IN) if name in "AB" else Action(Kind.FOLD))
    table.finish_hand()
    busted = table.seats[1]
    assert busted is not None and busted.stack == 0 and busted.held_until == 1600.0
    clock.now = 1200.0
    other = FakeClock(5.0)
    twin = round_trip(table, clock=other)
    held = twin.seats[1]
    assert held is not None and held.held_until == 405.0  # 400 seconds left
    other.now = 404.0
    assert twin.expire_holds() == ()
    other.now = 405.0
    assert twin.expire_holds() == (1,)


# ---------------------------------------------------------- the property
def step(table: Table, rng: random.Random, clock: FakeClock) -> bool:
    """One random step of a session; False when nothing more can happen."""
    hand = table.hand
    if hand is not None:
        legal = hand.legal_actions()
        if legal is None:
            table.finish_hand()
            return True
        clock.now += rng.choice([0.0, 3.0, 12.0, 30.0])
        if table.poll_clock():
            return True
        seat = table.hand_seats[legal.seat]
        if rng.random() < 0.2:  # directly on the hand: still timed (TimedHand)
            hand.act(legal.seat, random_action(legal, rng))
        else:
            table.act(seat, random_action(legal, rng))
        return True
    clock.now += rng.choice([0.0, 1.5, 40.0, 700.0])
    table.expire_holds()
    cash = table.mode is TableMode.CASH
    seats = table.seats
    pick = rng.randrange(9)
    if pick == 8 and (table.straddles or table.button_straddles):
        seated = [s.seat for s in seats if s is not None]
        table.set_straddle(rng.choice(seated), rng.random() < 0.7)
    elif pick == 6:
        ins = [s.seat for s in seats if s is not None and not s.sitting_out]
        if len(ins) > 2:
            table.sit_out(rng.choice(ins))
    elif pick == 7:
        outs = [s.seat for s in seats if s is not None and (s.sitting_out or s.waiting)]
        if outs:
            table.sit_in(rng.choice(outs), post=rng.random() < 0.5)
    elif cash and pick == 0:
        for seat, state in enumerate(seats):
            if state is not None and state.stack == 0:
                table.rebuy(seat, rng.randint(50, 300), post=rng.random() < 0.5)
                break
    elif cash and pick == 1 and None in seats:
        seat = seats.index(None)
        table.sit(seat, f"N{table.events_recorded}", rng.randint(20, 400), post=rng.random() < 0.3)
    elif cash and pick == 2 and len(table.players_with_chips) > 2:
        table.leave(rng.choice(table.players_with_chips))
    if dealt_in_count(table._players, table.mode) < 2:
        return False
    table.start_hand()
    return True


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    mode=st.sampled_from(["cash", "tournament"]),
    seats=st.integers(2, 6),
    dead_button=st.sampled_from([None, True, False]),
    timed=st.booleans(),
    before=st.integers(0, 120),
    after=st.integers(1, 80),
)
def test_a_restored_table_continues_exactly_as_the_original(
    seed: int,
    mode: str,
    seats: int,
    dead_button: bool | None,
    timed: bool,
    before: int,
    after: int,
) -> None:
    clock = FakeClock()
    rng = random.Random(seed)
    table = Table(
        seats,
        schedule=Schedule([Level(5, 10), Level(10, 20), Level(20, 40, 5)], hands_per_level=2),
        mode=mode,
        seed=seed,
        clock=clock,
        dead_button=dead_button,
        max_events=50,
        turn_clock=TurnClock(10, time_bank=15, sit_out_after=2) if timed else None,
        newcomers_wait=rng.random() < 0.5,
        straddles=rng.random() < 0.5,
        button_straddles=rng.random() < 0.3,
    )
    for seat in range(seats):
        if seat != 1 or mode == "tournament" or seats == 2:  # an empty seat for newcomers
            table.sit(seat, f"P{seat}", rng.randint(15, 300))
    for _ in range(before):
        if not step(table, rng, clock):
            break
    twin_clock = FakeClock(clock.now)
    twin = loads(dumps(table), clock=twin_clock)
    assert snapshot(twin) == snapshot(table)
    mark = table.events_recorded
    state = rng.getstate()
    twin_rng = random.Random()
    twin_rng.setstate(state)
    for _ in range(after):
        going = step(table, rng, clock)
        assert step(twin, twin_rng, twin_clock) == going
        assert snapshot(twin) == snapshot(table)
        if not going:
            break
    new = min(table.events_recorded - mark, table.max_events)
    assert twin.events_recorded == table.events_recorded
    assert twin.events == (table.events[len(table.events) - new :] if new else ())
    chips = sum(s.stack for s in table.seats if s is not None)
    assert chips == sum(s.stack for s in twin.seats if s is not None)


# --------------------------------------------------------- hostile input
def base() -> dict[str, Any]:
    table = seated(seats=3)
    table.play_hand(passive)
    hand = table.start_hand()
    hand.act(hand.to_act, Action(Kind.CALL))  # type: ignore[arg-type]
    return snapshot(table)


def altered(path: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(base())
    *parents, last = path.split(".")
    node: Any = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if isinstance(node, list):
        node[int(last)] = value
    elif value is KeyError:
        del node[last]
    else:
        node[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        ("schema", "holdem.hand", "not a holdem.table snapshot"),
        ("version", 2, "version 2"),
        ("version", True, "version True"),
        ("seats.0.stack", 999, "starting stacks"),
        ("seats.0.stack", -5, "seats[0].stack"),
        ("seats.0.stack", 1.5, "seats[0].stack"),
        ("seats.1.name", "P0", "seats[1].name"),
        ("seats.1.name", "  ", "seats[1].name"),
        ("seats.2", None, "hand_seats"),
        ("seats.0.busted_seconds_ago", 5.0, "held"),
        ("seats.0.busted_seconds_ago", -1.0, "busted_seconds_ago"),
        ("seats", [], "must list the 3 table seats"),
        ("level", 7, "level"),
        ("level", None, "level"),
        ("hands_played", -1, "hands_played"),
        ("seconds_since_start", "soon", "seconds_since_start"),
        ("seconds_since_start", float("nan"), "seconds_since_start"),
        ("positions.button", 9, "positions.button"),
        ("positions.big_blind", 1, "positions"),
        ("hand_seats", [0, 1], "players"),
        ("hand_seats", [0, 0, 1], "hand_seats"),
        ("hand.config.stacks", [100, 150, 300], "hand: the snapshot's state"),
        ("hand.board_cards", ["As", "Ks", "Qs", "Js", "Ts"], None),
        ("last_hand", None, None),
        ("eliminated", [{"place": 1}], "eliminated"),
        ("winner", {"x": 1}, "winner"),
        ("events_recorded", "many", "events_recorded"),
        ("config.size", 11, "config"),
        ("config.mode", "casino", "mode"),
        ("config.seed", {"hex": "zz"}, "config.seed"),
        ("config.seed", [1, 2], "seed"),
        ("config.dead_button", "yes", "dead_button"),
        ("config.schedule.levels", [], "levels"),
        ("config.schedule.levels.0.big_blind", 3, "config"),
        ("config.schedule.levels.0", {"small_blind": 5}, "levels[0]"),
        ("config.max_events", 0, "max_events"),
        ("config.extra", 1, "unknown ['extra']"),
        ("hand", KeyError, "missing ['hand']"),
        ("seats.0.time_bank", 5.0, "time_bank"),
        ("seats.0.timeouts", -1, "timeouts"),
        ("seats.0.sitting_out", 1, "sitting_out"),
        ("seats.0.entry", "maybe", "entry"),
        ("seats.1.entry", "post", "seats[1]: a player dealt in"),
        ("seats.2.entry", "wait", "seats[2]: a player dealt in"),
        ("seats.1.missed_big_blind", True, "seats[1]: a player dealt in"),
        ("seats.0.missed_big_blind", None, "missed"),
        ("turn_seconds_ago", 3.0, "turn_seconds_ago"),
        ("config.newcomers_wait", "no", "newcomers_wait"),
        (
            "config.turn_clock",
            {"decision_seconds": 0, "time_bank": 0, "sit_out_after": None},
            "decision_seconds",
        ),
    ],
)
def test_altered_snapshots_are_refused_with_the_field_named(
    path: str, value: Any, words: str | None
) -> None:
    data = altered(path, value)
    if words is None:  # a change consistent with the rest: no protection without a key
        assert snapshot(restore(data, clock=FakeClock())) == data
        return
    with pytest.raises(SnapshotError) as info:
        restore(data, clock=FakeClock())
    assert words in str(info.value)


def test_a_button_moved_by_hand_is_refused() -> None:
    """R10.1: without the dead-button rule the button is the hand's button;
    a snapshot with the button moved elsewhere would move the next button."""
    data = base()
    hand_button = data["positions"]["hand_button"]
    for seat in range(3):
        if seat != hand_button:
            data["positions"]["button"] = seat
            with pytest.raises(SnapshotError) as info:
                restore(data, clock=FakeClock())
            assert "positions" in str(info.value)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"holdem.table"', b"\xff\xfe"])
def test_garbage_is_refused(text: str | bytes) -> None:
    with pytest.raises(SnapshotError):
        loads(text)


# ------------------------------------------------------------ signatures
KEY = b"table-key-0123456789"


def test_signed_snapshot_round_trip_and_any_altered_byte_is_refused() -> None:
    """Issue 12 item 4 for tables: with a key, dumps signs and loads refuses
    any altered byte, another key, or a missing signature."""
    table = seated(seats=3)
    table.start_hand()
    text = dumps(table, key=KEY)
    assert text.startswith("hmac-sha256:")
    twin = loads(text, key=KEY, clock=table._clock)
    assert snapshot(twin) == snapshot(table)
    # An edit consistent with the rest passes the checks: only the key catches it.
    count = f'"events_recorded": {table.events_recorded}'
    forged = text.replace(count, f'"events_recorded": {table.events_recorded + 1}')
    assert forged != text
    unsigned = forged.split("\n", 1)[1]
    assert loads(unsigned, clock=table._clock).events_recorded == table.events_recorded + 1
    for bad, key in [
        (forged, KEY),
        (text, b"another-key-0123456789"),
        (dumps(table), KEY),  # not signed
        (text, None),  # signed: needs the key
    ]:
        with pytest.raises(SnapshotError):
            loads(bad, key=key, clock=table._clock)
    with pytest.raises(SnapshotError):
        dumps(table, key=b"short")
