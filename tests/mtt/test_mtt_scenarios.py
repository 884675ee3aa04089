"""Every tournament scenario file (scenarios/tournaments/, R15) is one test;
`holdem run` plays them beside hand scenarios."""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.cli.command import main
from holdem.mtt.scenarios import is_tournament, run_tournament
from holdem.scenarios.model import ScenarioError

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "scenarios" / "tournaments").glob("*.toml"))


def test_tournament_scenarios_exist() -> None:
    """The TDA cases: balancing 2 and 3 tables, a move that could skip or
    double a big blind, a late seat, breaking 3 to 2 and two tables at once
    (R15.3), 2 and 3 players out in
    one hand-for-hand round with different and equal stacks (R15); a late
    entrant opening a table and a re-entry (R15.8)."""
    assert len(FILES) == 12
    assert all(is_tournament(p) for p in FILES)
    assert not is_tournament(
        ROOT / "scenarios" / "eliminations" / "e23_equal_stacks_share_place.toml"
    )


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_tournament_scenario(path: Path) -> None:
    result = run_tournament(path)
    assert result.passed, "\n".join(result.failures)
    assert result.rule.startswith("R15")


def test_a_failing_expectation_is_reported(tmp_path: Path) -> None:
    text = (ROOT / "scenarios" / "tournaments" / "bal1_two_tables.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('moves = [["a2", 1, 2, 2, 2]]', 'moves = [["a3", 1, 3, 2, 2]]'))
    result = run_tournament(bad)
    assert not result.passed
    assert result.failures == ("moves: [['a2', 1, 2, 2, 2]], expected [['a3', 1, 3, 2, 2]]",)
    assert main(["run", "-q", str(bad)]) == 1


def test_a_broken_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "scenarios" / "tournaments" / "bal1_two_tables.toml").read_text()
    bad = tmp_path / "broken.toml"
    bad.write_text(text.replace('rule = "R15.2"', 'rule = "R16.2"'))
    with pytest.raises(ScenarioError, match="R16.2"):
        run_tournament(bad)
    assert main(["run", "-q", str(bad)]) == 1
    assert "broken scenario: rule" in capsys.readouterr().out


def test_holdem_run_plays_the_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(ROOT / "scenarios" / "tournaments")]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("12 passed, 0 failed, 0 broken")
    assert "L enters (late, 100 to the pool) at table 3 seat 0 with 1,500" in out
    assert "A out in hand 1: busted, placed when entries close" in out
    assert "a2 moves (balance, worst) from table 1 seat 2 to table 2 seat 2" in out
    assert "B out in hand 1 (table 1, started with 1,000): place 4=, prize 50" in out


def test_r15_8_entry_steps_are_checked(tmp_path: Path) -> None:
    text = (ROOT / "scenarios" / "tournaments" / "ent2_reentry_placed_once.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("  { close_entries = true },\n", '  { reenter = "A" },\n'))
    result = run_tournament(bad)  # a second re-entry: refused, reported
    assert not result.passed and "refused" in result.failures[0]
    worse = tmp_path / "worse.toml"
    worse.write_text(text.replace("reentries = 1", "re_entries = 1"))
    with pytest.raises(ScenarioError, match="tournament"):
        run_tournament(worse)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'cards = { A = "AsAh", B',
            'cards = { G = "AsAh", B',
            "step 1.cards: 'G' is not at table 1",
        ),
        ("{ play = 2,", "{ play = 9,", "step 2: no table 9 (the tables: 1, 2)"),
        ("{ play = 2,", '{ play = "x",', "step 2: no table 'x'"),
    ],
)
def test_a_bad_play_step_is_a_broken_scenario_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, message: str
) -> None:
    """Cards for a name not at the table, or a table that does not exist: the
    scenario is broken (one line naming the step and key), not a traceback."""
    text = (ROOT / "scenarios" / "tournaments" / "hh1_two_out_different_stacks.toml").read_text()
    bad = tmp_path / "bad.toml"
    assert old in text
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(ScenarioError, match="no table|is not at table") as error:
        run_tournament(bad)
    assert message in str(error.value) and "\n" not in str(error.value)
    assert main(["run", "-q", str(bad)]) == 1
    assert message in capsys.readouterr().out


def test_r15_3_one_player_is_singular_in_the_log(tmp_path: Path) -> None:
    """The log says "table 3 breaks (1 player)"."""
    text = (ROOT / "scenarios" / "tournaments" / "brk1_three_tables_into_two.toml").read_text()
    start = text.index('  { name = "c1"')
    end = text.index("]", start)
    bad = tmp_path / "one.toml"
    bad.write_text(text[:start] + text[end:].replace('counts = { "1" = 8, "2" = 9 }', ""))
    result = run_tournament(bad)
    assert "table 3 breaks (1 player)" in result.log


def test_every_missing_key_is_named_in_one_line(tmp_path: Path) -> None:
    """rule, description, [tournament] and [expect] are required: a file
    missing several names them all in one line."""
    text = (ROOT / "scenarios" / "tournaments" / "brk1_three_tables_into_two.toml").read_text()
    bad = tmp_path / "bare.toml"
    start = text.index('rule = "R15.3"')
    end = text.index("steps = ")
    bad.write_text(text[:start] + text[end:].split("[expect]")[0])
    with pytest.raises(ScenarioError) as error:
        run_tournament(bad)
    assert "missing keys 'description', 'expect', 'rule'" in str(error.value)
