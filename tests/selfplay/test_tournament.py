"""Sit-and-go tournaments and ``holdem tournament`` (docs/rules.md R9.1; the table
under them: R10.1, R2.2)."""

from __future__ import annotations

import itertools

import pytest

from holdem import Action, ConfigError, Hand, Kind
from holdem.cli.command import main
from holdem.selfplay.tournament import (
    DEFAULT_SCHEDULE,
    agents_table,
    format_standings,
    ordinal,
    player_names,
    sit_and_go,
)
from holdem.table.table import (
    Busted,
    ButtonMoved,
    HandStarted,
    Level,
    Schedule,
    Standing,
    TableError,
)


def shove(hand: Hand, seat: int) -> Action:
    return Action(Kind.ALL_IN)


@pytest.mark.parametrize("seed", range(4))
def test_agents_sit_and_go_ends_with_one_player_holding_every_chip(seed: int) -> None:
    """R9.1: the reference agents play to the end; the winner has every chip,
    everybody else has a place, and places run 1..n (shared ones repeat)."""
    table, decide = agents_table(["random", "call", "potodds", "random", "call"], seed=seed)
    standings = table.run(decide)
    assert table.is_over
    assert standings[0].place == 1 and standings[0].chips == 5 * 1500
    assert sorted(s.name for s in standings) == sorted(
        player_names(["random", "call", "potodds", "random", "call"])
    )
    for i, standing in enumerate(standings[1:], start=1):
        assert standing.chips == 0 and standing.hand is not None
        if standing.place != i + 1:
            assert standing.shared and standings[i - 1].place == standing.place
    # Dead-button rule: the big blind moves every hand, so nobody posts it twice
    # in a row; heads-up the button is live and posts the small blind (R2.2).
    buttons = [e for e in table.events if isinstance(e, ButtonMoved)]
    assert all(a.big_blind_seat != b.big_blind_seat for a, b in itertools.pairwise(buttons))
    heads_up = {e.hand for e in table.events if isinstance(e, HandStarted) and len(e.seats) == 2}
    for b in buttons:
        assert (b.small_blind_seat == b.seat and not b.dead) is (b.hand in heads_up)


def test_same_seed_same_tournament() -> None:
    """A seeded sit-and-go is reproducible: deals and agents are seeded."""

    def run() -> tuple[Standing, ...]:
        table, decide = agents_table(["random", "potodds", "call"], seed=11)
        return table.run(decide)

    assert run() == run()


def test_sit_and_go_seats_and_refusals() -> None:
    """Players sit at seats 0.. with equal stacks; 2 to 10 players, unique names."""
    table = sit_and_go(["A", "B", "C"], stack=200)
    assert [(s.seat, s.name, s.stack) for s in table.seats if s] == [
        (0, "A", 200),
        (1, "B", 200),
        (2, "C", 200),
    ]
    with pytest.raises(ConfigError):
        sit_and_go(["A"])
    with pytest.raises(TableError):
        sit_and_go(["A", "A"])
    with pytest.raises(ConfigError) as caught:
        agents_table(["random", "nobody"])
    assert caught.value.field == "agent"


def test_heads_up_all_in_gives_places_one_and_two() -> None:
    """R9.1: heads-up, the loser of the last hand is second."""
    table = sit_and_go(["A", "B"], stack=100, seed=5)
    standings = table.run(shove)
    assert [s.place for s in standings] == [1, 2]
    (bust,) = [e for e in table.events if isinstance(e, Busted)]
    assert bust.place == 2 and bust.name == standings[1].name


def test_results_table_marks_shared_places() -> None:
    """R9.1: shared places print as ``4=``; survivors of an unfinished
    tournament have no place yet."""
    text = format_standings(
        [
            Standing(None, "Anna", False, 7000, None, None),
            Standing(3, "Bjarni", False, 0, 1, 1000),
            Standing(4, "Cara", True, 0, 1, 500),
            Standing(4, "Davíð", True, 0, 1, 500),
        ]
    )
    assert text.splitlines() == [
        "Place  Player  Chips  Out in hand  Started it with",
        "    -  Anna    7,000",
        "    3  Bjarni      0            1            1,000",
        "   4=  Cara        0            1              500",
        "   4=  Davíð       0            1              500",
    ]


def test_small_helpers() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]
    assert player_names(["call", "call", "call"]) == ["call", "call#2", "call#3"]
    assert DEFAULT_SCHEDULE.hands_per_level == 10
    assert DEFAULT_SCHEDULE.levels[0] == Level(10, 20)
    assert Schedule.fixed(5, 10).levels == (Level(5, 10),)


def test_cli_tournament_prints_eliminations_and_places(capsys: pytest.CaptureFixture[str]) -> None:
    """``holdem tournament`` plays to the end and prints every elimination and
    the places (R9.1); exit status 0."""
    assert main(["tournament", "--agents", "random,call,potodds,random", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Sit-and-go: 4 players, 1,500 chips each")
    assert sum(" finishes " in line for line in lines) == 3
    assert any(" wins with 6,000 chips" in line for line in lines)
    table = lines[lines.index("") + 1 :]
    assert table[0].split() == [
        "Place",
        "Player",
        "Chips",
        "Out",
        "in",
        "hand",
        "Started",
        "it",
        "with",
    ]
    assert table[1].split()[0] == "1" and "6,000" in table[1]
    assert len(table) == 5


def test_cli_tournament_quiet_and_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    """``--quiet`` prints only the results table; the same seed, the same table."""
    args = [
        "tournament",
        "-q",
        "--agents",
        "call,random,call",
        "--seed",
        "9",
        "--hands-per-level",
        "3",
    ]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    assert first.splitlines()[0].startswith("Place")


def test_cli_tournament_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """Bad agents or sizes: one line on stderr, exit status 2; no winner within
    --max-hands: the standings so far, exit status 1."""
    assert main(["tournament", "--agents", "random,nobody"]) == 2
    assert "unknown agent 'nobody'" in capsys.readouterr().err
    assert main(["tournament", "--agents", "random"]) == 2
    assert "2 to 10 players" in capsys.readouterr().err
    assert main(["tournament", "--stack", "0"]) == 2
    assert main(["tournament", "--hands-per-level", "0"]) == 2
    capsys.readouterr()
    assert main(["tournament", "--agents", "call,call", "--max-hands", "1", "-q"]) == 1
    captured = capsys.readouterr()
    assert "no winner" in captured.err
    assert captured.out.splitlines()[1].split()[0] == "-"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--max-hands", "0"], "--max-hands must be at least 1, got 0"),
        (["--max-hands", "-5"], "--max-hands must be at least 1, got -5"),
        (["--stack", "0"], "--stack must be at least 1 chip, got 0"),
        (["--stack", "-3"], "--stack must be at least 1 chip, got -3"),
    ],
)
def test_cli_tournament_bad_numbers(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"holdem tournament: error: {message}\n"
    assert captured.out == ""


@pytest.mark.parametrize("stack", [0, -1, 1.5, True])
def test_sit_and_go_names_a_bad_stack(stack: object) -> None:
    with pytest.raises(ConfigError) as info:
        sit_and_go(["Anna", "Bjarni"], stack=stack)  # type: ignore[arg-type]
    assert info.value.field == "stack"
    assert str(info.value) == f"stack: must be a whole number of chips >= 1, got {stack!r}"
