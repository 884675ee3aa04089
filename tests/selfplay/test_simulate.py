"""Self-play (``holdem.selfplay.simulate`` and ``holdem simulate``): reproducible, zero-sum,
the same with any number of workers."""

from __future__ import annotations

import json
import math
import random
import statistics
from typing import Any

import pytest

from holdem import Action, ConfigError, Kind, TableConfig
from holdem.cli.command import main
from holdem.engine.hand import Hand
from holdem.selfplay import simulate as simulate_module
from holdem.selfplay.agents import AgentFactory, CallAgent, make_agent
from holdem.selfplay.simulate import (
    Z95,
    _chunks,
    _Spec,
    _tally,
    format_results,
    play_hand,
    simulate,
)
from holdem.table.table import Level, Table, TableMode
from holdem.views.seat import SeatView, seat_view


class Raiser:
    """A module-level (so picklable) custom agent: min-raises whenever it can."""

    def __init__(self, seed: object = None) -> None:
        self.seed = seed

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.min_raise_to is not None:
            kind = Kind.BET if legal.raise_word == "bet" else Kind.RAISE
            return Action(kind, legal.min_raise_to)
        return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)


def test_results_are_zero_sum_and_cover_the_seats() -> None:
    sim = simulate(players=5, hands=60, seed=4, agents=["random", "call"])
    assert [(r.agent, r.seats, r.hands) for r in sim.results] == [
        ("random", 3, 60),
        ("call", 2, 60),
    ]
    assert sum(r.chips for r in sim.results) == 0
    assert sim.hands == 60 and sim.seconds > 0 and sim.hands_per_second > 0
    assert (sim.small_blind, sim.big_blind, sim.stack) == (1, 2, 400)


def test_documented_seeds_and_statistics() -> None:
    """Hand i draws from random.Random(f"{seed}:{i}"): the deal (one draw),
    then the agents' draws; the button is on seat i % players; the reference
    agents decide as on their seat views; bb/100 and the 95% interval follow."""
    players, hands, seed, names = 6, 30, 7, ["potodds", "random", "call"]
    per_hand: dict[str, list[int]] = {name: [] for name in names}
    agents = [make_agent(names[s % 3]) for s in range(players)]
    for i in range(hands):
        rng = random.Random(f"{seed}:{i}")
        for agent in agents:
            agent.rng = rng  # type: ignore[attr-defined]
        config = TableConfig([400] * players, 1, 2, button=i % players)
        hand = play_hand(config, agents, rng=rng)
        assert hand.result is not None
        for name in names:
            per_hand[name].append(
                sum(n for s, n in enumerate(hand.result.net) if names[s % 3] == name)
            )
    sim = simulate(players=players, hands=hands, seed=seed, agents=names)
    for result in sim.results:
        ys = per_hand[result.agent]
        assert result.chips == sum(ys)
        scale = 100 / (result.seats * 2)
        assert result.bb_per_100 == pytest.approx(statistics.fmean(ys) * scale)
        half = Z95 * statistics.stdev(ys) / math.sqrt(hands) * scale
        assert result.ci95 == pytest.approx(half)


def test_custom_agents_are_built_for_every_hand_with_their_seat_seed() -> None:
    """An agent given by a factory gets the seed f"{seed}:{i}:{seat}" and a seat view."""
    made: list[object] = []

    def factory(agent_seed: object) -> Raiser:
        made.append(agent_seed)
        return Raiser(agent_seed)

    simulate(players=3, hands=4, seed=9, agents=["call", "raiser"], factories={"raiser": factory})
    assert made == [f"9:{i}:1" for i in range(4)]


def test_same_seed_same_results_and_another_seed_differs() -> None:
    def run(seed: int) -> object:
        return simulate(players=6, hands=40, seed=seed, agents=["random", "potodds"]).results

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_any_split_of_the_hands_gives_the_same_sums() -> None:
    """What makes --workers exact: a hand's play depends only on (seed, index)."""
    spec = _Spec(6, 11, ("random", "call", "potodds"), 1, 2, 400, {})
    whole = _tally(spec, 0, 45)
    parts = [_tally(spec, a, b) for a, b in ((0, 7), (7, 8), (8, 30), (30, 45))]
    assert whole == [(sum(p[i][0] for p in parts), sum(p[i][1] for p in parts)) for i in range(3)]


def test_workers_give_exactly_the_results_of_one_process() -> None:
    kwargs = {"players": 6, "hands": 80, "seed": 5, "agents": ["random", "call", "potodds"]}
    one = simulate(**kwargs)  # type: ignore[arg-type]
    two = simulate(**kwargs, workers=2)  # type: ignore[arg-type]
    assert two.workers == 2
    assert one.results == two.results


def test_hands_are_those_of_a_cash_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """R10.1: hand i is dealt with the configuration a cash Table deals it with
    once every stack is reset: the button on seat i % players, stacks 400,
    blinds 1/2, seats named "Seat s" (here a worker's chunk from hand 7)."""
    seen: list[TableConfig] = []

    class RecordingHand(Hand):
        __slots__ = ()

        def __init__(self, config: TableConfig, **kwargs: Any) -> None:
            seen.append(config)
            super().__init__(config, **kwargs)

    monkeypatch.setattr(simulate_module, "Hand", RecordingHand)
    _tally(_Spec(4, 11, ("random", "call"), 1, 2, 400, {}), 7, 17)
    table = Table(4, schedule=Level(1, 2), mode=TableMode.CASH, button=7 % 4)
    for seat in range(4):
        table.sit(seat, f"Seat {seat}", 400)
    dealt = []
    for _ in range(10):
        table.reset_stacks(400)
        hand = table.play_hand(lambda hand, seat: CallAgent().act(seat_view(hand, seat)))
        dealt.append(hand.config)
    assert seen == dealt
    assert [c.button for c in seen] == [i % 4 for i in range(7, 17)]
    assert all(c.stacks == (400,) * 4 and (c.small_blind, c.big_blind) == (1, 2) for c in seen)


@pytest.mark.parametrize(("players", "hands"), [(2, 33), (3, 50), (5, 41), (9, 70)])
def test_one_and_two_workers_give_identical_results(players: int, hands: int) -> None:
    """Chunks that start mid-orbit (their first button is not seat 0) still
    give exactly the results of one process."""
    assert any(start % players for start, _ in _chunks(hands, 2))
    kwargs: dict[str, Any] = {"players": players, "hands": hands, "seed": "w"}
    kwargs["agents"] = ["random", "potodds", "call"][: min(players, 3)]
    one = simulate(**kwargs, workers=1)
    two = simulate(**kwargs, workers=2)
    assert one.results == two.results
    assert one.to_dict()["results"] == two.to_dict()["results"]


def test_custom_agents_by_factory() -> None:
    factories: dict[str, AgentFactory] = {"raiser": Raiser, "station": CallAgent}
    sim = simulate(players=3, hands=30, seed=2, agents=["raiser", "station"], factories=factories)
    assert [r.agent for r in sim.results] == ["raiser", "station"]
    assert sum(r.chips for r in sim.results) == 0


def test_progress_is_reported_up_to_the_last_hand() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        players=2, hands=450, seed=0, agents=["call"], progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1] == (450, 450)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_one_agent_everywhere_breaks_even() -> None:
    (result,) = simulate(players=3, hands=10, seed=0, agents=["random"]).results
    assert (result.seats, result.chips, result.bb_per_100, result.ci95) == (3, 0, 0.0, 0.0)


def test_single_hand_has_no_interval() -> None:
    sim = simulate(players=2, hands=1, seed=0, agents=["random", "call"])
    assert math.isinf(sim.results[0].ci95)
    assert sim.to_dict()["results"]["random"]["ci95"] is None
    json.dumps(sim.to_dict(), allow_nan=False)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": 1}, "players"),
        ({"players": 11}, "players"),
        ({"hands": 0}, "hands"),
        ({"workers": -1}, "workers"),
        ({"agents": []}, "agent"),
        ({"agents": ["nope"]}, "agent"),
        ({"players": 2, "agents": ["random", "call", "potodds"]}, "agent"),
        ({"big_blind": 0, "stack": 100}, "big_blind"),
        ({"small_blind": 3}, "small_blind"),
        ({"stack": 0}, "stacks[0]"),
    ],
)
def test_bad_settings_name_the_field(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(ConfigError) as caught:
        simulate(**{"hands": 1, **kwargs})  # type: ignore[arg-type]
    assert caught.value.field == field


def test_format_results() -> None:
    sim = simulate(players=6, hands=20, seed=3, agents=["random", "call"])
    text = format_results(sim)
    assert text.startswith("6 players, 20 hands, seed 3, blinds 1/2, stacks 400 (200 big blinds)")
    assert "random" in text and "call" in text and "hands per second" in text
    lines = text.splitlines()
    assert lines[1].split() == ["agent", "seats", "chips", "won", "bb/100/seat", "95%", "CI"]
    assert lines[-2].startswith("bb/100/seat: big blinds won per 100 hands per seat")


def test_bb_per_100_is_per_seat() -> None:
    """An agent on several seats: its chips are summed over them, its bb/100
    is per seat (what one of its seats won on average per 100 hands)."""
    sim = simulate(players=3, hands=30, seed=4, agents=["call", "random"])
    call, rand = sim.results
    assert (call.seats, rand.seats) == (2, 1)
    assert call.chips == -rand.chips != 0
    for r in sim.results:
        assert r.bb_per_100 == pytest.approx(100 * r.chips / (sim.hands * r.seats * 2))
    # The same chips over two seats are half the per-seat rate of one seat.
    assert call.bb_per_100 == pytest.approx(-rand.bb_per_100 / 2)
    assert sim.to_dict()["results"]["call"]["bb_per_100"] == round(call.bb_per_100, 4)


def test_workers_reported_are_the_workers_used() -> None:
    one = simulate(players=3, hands=1, seed=0, agents=["call"], workers=1000)
    assert one.workers == 1
    text = format_results(one)
    first = text.splitlines()[0]
    assert first == "3 players, 1 hand, seed 0, blinds 1/2, stacks 400 (200 big blinds), 1 worker"
    assert text.splitlines()[-1].startswith("1 hand in ")
    two = simulate(players=3, hands=2, seed=0, agents=["call"], workers=5)
    assert len(_chunks(2, 5)) == 2 and two.workers == 2
    assert format_results(two).splitlines()[0] == (
        "3 players, 2 hands, seed 0, blinds 1/2, stacks 400 (200 big blinds), 2 workers"
    )


# ---------------------------------------------------------------------- CLI


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "simulate",
            "--players",
            "3",
            "--hands",
            "25",
            "--seed",
            "9",
            "--agent",
            "random,call,potodds",
        ]
    )
    out, err = capsys.readouterr()
    assert status == 0
    assert err == ""  # no progress bar: stderr is not a terminal
    lines = out.splitlines()
    assert lines[0].startswith("3 players, 25 hands, seed 9")
    assert [line.split()[0] for line in lines[2:5]] == ["random", "call", "potodds"]
    assert "hands per second" in lines[-1]


def test_cli_json_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "simulate",
            "--players",
            "4",
            "--hands",
            "30",
            "--seed",
            "2",
            "--agent",
            "potodds,random",
            "--json",
        ]
    )
    out, _ = capsys.readouterr()
    assert status == 0
    data = json.loads(out.splitlines()[-1])
    assert set(data) == {
        "hands",
        "seconds",
        "hands_per_second",
        "results",
        # the settings, so that shards merge (holdem.selfplay.shards)
        "start",
        "players",
        "seed",
        "agents",
        "small_blind",
        "big_blind",
        "stack",
    }
    assert data["hands"] == 30
    sim = simulate(players=4, hands=30, seed=2, agents=["potodds", "random"])
    assert data["results"] == sim.to_dict()["results"]
    assert data["results"]["potodds"]["seats"] == 2


@pytest.mark.parametrize(
    "argv",
    [["--agent", "nope"], ["--players", "11"], ["--hands", "0"], ["--workers", "x"]],
)
def test_cli_bad_input_is_exit_status_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *argv]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "error" in err


def test_cli_progress_bar_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["simulate", "--players", "2", "--hands", "5", "--agent", "call"]) == 0
    err = capsys.readouterr().err
    assert "5/5 hands" in err and err.endswith("\r")


def test_cli_help_says_bb_per_100_is_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "bb/100/seat, the big blinds it won per 100 hands per seat" in text
    assert '"bb_per_100" (per seat)' in text
