"""Hostile input never ends in a traceback (issue 10, section 5): scenario files and the
``holdem run`` / ``holdem pots`` commands give one clear line of the project's errors (a
broken scenario, exit 2 on bad command-line input) and change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.cli import main
from holdem.scenarios import ScenarioError, load_scenario, parse_scenario

DEEP = 100_000
HEADER = """rule = "R2.2"
description = "Heads-up."
[table]
small_blind = 5
big_blind = 10
[[seats]]
name = "Anna"
stack = 1000
[[seats]]
name = "Bjarni"
stack = 1000
"""


def _broken(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "x.toml")
    assert "\n" not in str(caught.value)
    return caught.value


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


# ------------------------------------------------------------- scenario files
@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * DEEP + "]" * DEEP,
        "a = " + "{b=" * DEEP + "1" + "}" * DEEP,
        "a = [" + "{b=[" * DEEP + "]}" * DEEP + "]",
    ],
    ids=["arrays", "inline tables", "mixed"],
)
def test_scenario_nested_100000_levels_is_broken(text: str) -> None:
    assert _broken(text).problem == "not valid TOML: arrays or tables nested too deeply"


@pytest.mark.parametrize(
    "text",
    [
        "a" + ".a" * DEEP + " = 1",  # tomllib needs gigabytes for this one
        "[" + "a." * DEEP + "a]\nx = 1",
        HEADER + "[hand.board" + ".a" * DEEP + "]\nx = 1",
    ],
    ids=["dotted key", "table header", "inside a known table"],
)
def test_scenario_with_a_100000_part_key_is_broken(text: str) -> None:
    assert _broken(text).problem.endswith("a key of more than 100 dotted parts")


def test_scenario_file_with_invalid_utf8_is_broken_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(HEADER.replace("Heads-up.", "Caf\xe9").encode("latin-1") + b"[hand]\n")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert caught.value.problem == "not valid UTF-8: line 2 has the byte 0xe9"


@pytest.mark.parametrize(
    ("step", "where", "problem"),
    [
        (
            '{ refuse = "Anna folds", reason = ["x"] }',
            "step 2 (refuse 'Anna folds')",
            "unknown reason ['x']",
        ),
        (
            '{ refuse = "Anna folds", reason = { a = 1 } }',
            "step 2 (refuse 'Anna folds')",
            "unknown reason {'a': 1}",
        ),
        ('{ refuse = 7, reason = "hand_over" }', "step 2 (refuse 7)", "an action must be a string"),
        ('{ to_act = ["Anna"] }', "step 2", "unknown player ['Anna']"),
        ("{ legal = 100 }", "step 2", "legal must be a string"),
        ("{ pot = 1.5 }", "step 2", "must be a whole number of chips >= 0, got 1.5"),
        ("{ street = 3 }", "step 2", "street must be preflop, flop, turn or river, got 3"),
        ('["Anna calls"]', "step 2", "must be a table, got ['Anna calls']"),
        ("2024-01-01", "step 2", "must be a table, got datetime.date(2024, 1, 1)"),
    ],
)
def test_wrong_types_in_steps_make_the_scenario_broken(step: str, where: str, problem: str) -> None:
    """Issue 10: `reason = ["x"]` was a TypeError; every wrong type is a broken file."""
    error = _broken(HEADER + f'[hand]\nactions = ["Anna calls", {step}]\n')
    assert error.step == where
    assert problem in error.problem


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("9" * 5000, "not valid TOML: an integer has more than 4,300 digits"),
        ("0x" + "f" * 5000, "an integer is beyond 2**63 - 1"),
        (
            "-" + "9" * 4400,
            "not valid TOML: an integer has more than 4,300 digits",
        ),
        ("inf", "a number is inf, not a finite number"),
        ("nan", "a number is nan, not a finite number"),
    ],
    ids=["5000 digits", "hexadecimal", "negative 4400 digits", "inf", "nan"],
)
def test_huge_or_infinite_numbers_make_the_scenario_broken(value: str, problem: str) -> None:
    assert _broken(HEADER + f"[hand]\nseed = {value}\nactions = []\n").problem == problem


def test_huge_amount_in_an_action_is_broken() -> None:
    error = _broken(HEADER + f'[hand]\nactions = ["Anna raises to {"9" * 5000}"]\n')
    assert error.problem.startswith("too many chips: '99999999999999999999'... (5,000 characters)")


def test_name_with_a_control_character_is_broken() -> None:
    error = _broken(HEADER.replace('"Anna"', '"An\\nna"') + "[hand]\nactions = []\n")
    assert error.step == "seats[0].name"


def test_holdem_run_reports_hostile_files_in_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a_deep.toml").write_text("a = " + "[" * DEEP + "]" * DEEP)
    (tmp_path / "b_utf8.toml").write_bytes(b'rule = "R2.2"\ndescription = "\xff"\n')
    (tmp_path / "c_huge.toml").write_text(HEADER + f"[hand]\nseed = {'1' * 5000}\nactions = []\n")
    (tmp_path / "d_reason.toml").write_text(
        HEADER + '[hand]\nactions = [{ refuse = "Anna folds", reason = ["x"] }]\n'
    )
    status, out, _ = _cli(["run", "--quiet", str(tmp_path)], capsys)
    assert status == 1
    lines = out.splitlines()
    assert len(lines) == 5 and lines[-1] == "0 passed, 4 failed"
    assert [line.split(":")[0] for line in lines[:4]] == [
        f"ERROR {tmp_path / name}"
        for name in ("a_deep.toml", "b_utf8.toml", "c_huge.toml", "d_reason.toml")
    ]


# ----------------------------------------------------------------- holdem pots
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["-c", "9" * 5000 + ",100", "-r", "1,2"],
            "each contribution must be a whole number of chips >= 0, got '99999999999999999999'... (5,000 characters) (at most 2**63 - 1)",
        ),
        (
            ["-c", "9223372036854775808,100", "-r", "1,2"],
            "got '9223372036854775808' (at most 2**63 - 1)",
        ),
        (
            ["-c", "100,200", "-r", "1," + "1" * 5000],
            "Player 2: a rank is a whole number >= 1, or x if folded, got '11111111111111111111'... (5,000 characters)",
        ),
        (
            ["-c", "100,200", "-r", "1,2", "--dead", "7" * 5000],
            "--dead must be a whole number of chips >= 0, got '77777777777777777777'... (5,000 characters) (at most 2**63 - 1)",
        ),
        (
            ["-c", "100,200", "-r", "1,2", "-f", "3" * 5000],
            "unknown seat '33333333333333333333'... (5,000 characters)",
        ),
        (["-c", "100,200", "-r", "1,2", "-n", "A,B\nC"], "names must be printable text"),
        (["-c", "100,200", "-r", "1,2", "-n", "A,\udcff"], "names must be printable text"),
    ],
)
def test_pots_hostile_input_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _cli(["pots", *argv], capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("holdem pots: error: ")
    assert message in err


def test_pots_largest_amounts_still_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    """2**63 - 1 is accepted; every sum and every printed figure stays exact (R7.1)."""
    top = 2**63 - 1
    status, out, _ = _cli(["pots", "-c", f"{top},{top},{top}", "-r", "1,1,1", "--json"], capsys)
    assert status == 0
    assert f'"amount": {3 * top}' in out
