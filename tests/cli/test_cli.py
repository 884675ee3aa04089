"""The ``holdem`` command: ``run`` and ``pots``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
EXAMPLE_D = SCENARIOS / "seeds" / "seed002_example_d_three_stacks.toml"
BROKEN = ROOT / "tests" / "data" / "bad_scenarios" / "bad_action.toml"

FAILING = """
rule = "R5.2"
description = "Anna folds; the expected stacks are wrong on purpose."
[table]
small_blind = 50
big_blind = 100
[[seats]]
name = "Anna"
stack = 1000
[[seats]]
name = "Bjarni"
stack = 1000
[hand]
actions = ["Anna folds"]
[expect]
stacks = { Anna = 1000, Bjarni = 1000 }
"""


# --------------------------------------------------------------------- run
def test_run_prints_history_and_pass(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "run", str(EXAMPLE_D))
    assert status == 0 and err == ""
    assert "Ahmose wins the main pot, 6,000" in out
    assert "Uncalled bet of 7,000 returned to Ramses" in out
    assert f"PASS {EXAMPLE_D} (R7.4)" in out
    assert out.rstrip().endswith("1 passed, 0 failed, 0 broken")


def test_run_quiet_folder_one_line_per_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "run", "--quiet", str(SCENARIOS))
    lines = out.splitlines()
    count = len(list(SCENARIOS.rglob("*.toml")))
    assert status == 0
    assert len(lines) == count + 1
    assert all(line.startswith("PASS ") for line in lines[:-1])
    assert lines[-1] == f"{count} passed, 0 failed, 0 broken"


def test_run_failure_exit_code_and_difference(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "wrong.toml"
    bad.write_text(FAILING, encoding="utf-8")
    status, out, _ = run_cli(capsys, "run", str(bad), str(EXAMPLE_D))
    assert status == 1
    assert f"FAIL {bad} (R5.2)\n  stacks: Anna expected 1,000, got 950\n" in out
    assert "  stacks: Bjarni expected 1,000, got 1,100\n" not in out
    assert "  stacks: Bjarni expected 1,000, got 1,050\n" in out
    assert out.rstrip().endswith("1 passed, 1 failed, 0 broken")
    status, out, _ = run_cli(capsys, "run", "-q", str(bad))
    assert status == 1
    assert out.splitlines()[0] == (
        f"FAIL {bad} (R5.2): stacks: Anna expected 1,000, got 950; "
        "stacks: Bjarni expected 1,000, got 1,050"
    )


def test_run_broken_scenario_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "run", "-q", str(BROKEN))
    assert status == 1
    assert out.splitlines()[0].startswith(f"ERROR {BROKEN}: broken scenario: step 1 ('Anna flies')")


def test_run_missing_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run_cli(capsys, "run", str(tmp_path / "nowhere"))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "no such file or folder" in err
    status, _, err = run_cli(capsys, "run", str(tmp_path))
    assert status == 2 and "no scenario files" in err


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["run"], ["fly"], ["pots", "--ranks", "1,2"]):
        status, out, err = run_cli(capsys, *argv)
        assert status == 2 and out == "" and err.count("\n") == 1, argv


def test_usage_errors_quote_hostile_arguments_on_one_short_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A 5,000-digit number is shortened, not echoed whole; a newline or an escape
    sequence in an argument is escaped, so the error stays one plain line."""
    status, out, err = run_cli(capsys, "simulate", "--hands", "9" * 5000)
    assert (status, out) == (2, "")
    assert err == (
        "holdem simulate: error: argument --hands: invalid int value: "
        "'9999999999999999999... (5,002 characters)\n"
    )
    status, out, err = run_cli(
        capsys, "pots", "--contributions", "5,5", "--ranks", "1,2", "x\ny\x1b[2J"
    )
    assert (status, out) == (2, "")
    assert err == "holdem pots: error: unrecognized arguments: x\\ny\\x1b[2J\n"


def test_python_dash_m(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "holdem", "pots", "-c", "100,100", "-r", "1,2"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Player 1 wins the main pot, 200" in done.stdout


# -------------------------------------------------------------------- pots
ANNA = ["--names", "Anna,Bjarni,Davíð", "--contributions", "5000,12000,20000"]


def pots_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    status, out, err = run_cli(capsys, "pots", "--json", *argv)
    assert status == 0 and err == ""
    data: dict[str, object] = json.loads(out)
    return data


def test_pots_text_example_a(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "pots", *ANNA, "--ranks", "1,2,3")
    assert status == 0 and err == ""
    assert out.splitlines() == [
        "Seats from the first left of the button (the button last): Anna, Bjarni, Davíð",
        "Returned to Davíð: 8,000 (nobody matched it, R7.4)",
        "Main pot 15,000, eligible: Anna, Bjarni, Davíð",
        "  Anna wins the main pot, 15,000",
        "Side pot 1 14,000, eligible: Bjarni, Davíð",
        "  Bjarni wins side pot 1, 14,000",
        "Received: Anna 15,000, Bjarni 14,000, Davíð 8,000",
        "Net: Anna +10,000, Bjarni +2,000, Davíð -12,000",
    ]


@pytest.mark.parametrize(
    ("ranks", "received"),
    [
        ("1,2,3", [15000, 14000, 8000]),
        ("1,3,2", [15000, 0, 22000]),
        ("2,1,3", [0, 29000, 8000]),
        ("2,3,1", [0, 0, 37000]),
        ("1,1,2", [7500, 21500, 8000]),
    ],
)
def test_pots_example_a_every_ranking(
    capsys: pytest.CaptureFixture[str], ranks: str, received: list[int]
) -> None:
    data = pots_json(capsys, *ANNA, "--ranks", ranks)
    assert list(data["received"].values()) == received  # type: ignore[attr-defined]
    assert sum(data["net"].values()) == 0  # type: ignore[attr-defined]


def test_pots_json_example_b_dead_money(capsys: pytest.CaptureFixture[str]) -> None:
    data = pots_json(
        capsys,
        "--names",
        "Anna,Bjarni,Eva,Davíð",
        "--contributions",
        "5000,12000,200,20000",
        "--folded",
        "Eva",
        "--ranks",
        "1,2,x,3",
        "--dead",
        "200",
        "--dead-from",
        "Eva",
    )
    assert data["button"] == "Davíð"
    assert data["folded"] == ["Eva"]
    assert data["returned"] == {"Anna": 0, "Bjarni": 0, "Eva": 0, "Davíð": 8000}
    assert data["pots"] == [
        {
            "name": "main pot",
            "amount": 15400,
            "eligible": ["Anna", "Bjarni", "Davíð"],
            "winners": ["Anna"],
            "shares": {"Anna": 15400},
        },
        {
            "name": "side pot 1",
            "amount": 14000,
            "eligible": ["Bjarni", "Davíð"],
            "winners": ["Bjarni"],
            "shares": {"Bjarni": 14000},
        },
    ]
    assert data["net"] == {"Anna": 10400, "Bjarni": 2000, "Eva": -400, "Davíð": -12000}


def test_pots_example_f_odd_chips(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "--names",
        "Ahmose,Nefertari,Ramses,Tiya",
        "--contributions",
        "50,1100,1100,1100",
        "--folded",
        "1",
        "--ranks",
        "x,1,1,1",
    ]
    data = pots_json(capsys, *argv)
    assert data["pots"][0]["shares"] == {"Nefertari": 1117, "Ramses": 1117, "Tiya": 1116}  # type: ignore[index]
    _, out, _ = run_cli(capsys, "pots", *argv)
    assert (
        "  Nefertari, Ramses and Tiya split the main pot, 3,350: Nefertari 1,117, "
        "Ramses 1,117, Tiya 1,116" in out
    )


def test_pots_example_e_split_side_pot(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(
        capsys,
        "pots",
        "--names",
        "Ahmose,Nefertari,Ramses,Tiya",
        "--contributions",
        "4000,4000,300,1500",
        "--folded",
        "Ramses",
        "--ranks",
        "2,2,x,1",
    )
    assert status == 0
    assert "  Tiya wins the main pot, 4,800" in out
    assert "  Ahmose and Nefertari split side pot 1, 2,500 each" in out
    assert "Net: Ahmose -1,500, Nefertari -1,500, Ramses -300, Tiya +3,300" in out


def test_pots_layer_nobody_can_win_goes_back(capsys: pytest.CaptureFixture[str]) -> None:
    """R7.5: the layer above the live player's 100 was paid only by folded seats."""
    data = pots_json(capsys, "-c", "100,500,500", "-f", "2,3", "-r", "1,x,x")
    assert data["returned"] == {"Player 1": 0, "Player 2": 400, "Player 3": 400}
    assert data["received"] == {"Player 1": 300, "Player 2": 400, "Player 3": 400}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["-c", "100,-5", "-r", "1,2"],
            "each contribution must be a whole number of chips >= 0, got '-5'",
        ),
        (["-c", "-5,100", "-r", "1,2"], "expected one argument"),
        (
            ["-c=-5,100", "-r", "1,2"],
            "each contribution must be a whole number of chips >= 0, got '-5'",
        ),
        (["-c", "100,abc", "-r", "1,2"], "got 'abc'"),
        (["-c", "100,200", "-r", "1,2", "-f", "1"], "Player 1 folded and cannot have a rank"),
        (["-c", "100,200", "-r", "1,x"], "Player 2 has rank x but did not fold"),
        (["-c", "100,200", "-r", "1,2,3"], "3 ranks for 2 contributions"),
        (["-c", "100,200,300", "-r", "1,2"], "2 ranks for 3 contributions"),
        (["-c", "100,200", "-r", "1,2", "-n", "Anna"], "1 name for 2 contributions"),
        (
            ["-c", "100,200", "-r", "1,2", "-n", "Anna,Anna"],
            "names must be non-empty and different",
        ),
        (["-c", "100,200", "-r", "1,0"], "needs a rank of 1 or more"),
        (["-c", "100,200", "-r", "1,best"], "a rank is a whole number >= 1, or x if folded"),
        (["-c", "100,200", "-r", "1,2", "-f", "Eva"], "unknown seat 'Eva'"),
        (["-c", "100,200", "-r", "x,x", "-f", "1,2"], "every seat folded"),
        (["-c", "100", "-r", "1"], "need at least 2 seats"),
        (
            ["-c", "100,200", "-r", "1,2", "--dead", "-1"],
            "--dead must be a whole number of chips >= 0",
        ),
        (["-c", "100,200", "-r", "1,2", "--dead", "lots"], "--dead must be a whole number"),
        (["-c", "100,200", "-r", "1,2", "--dead", "5", "--dead-from", "9"], "unknown seat '9'"),
    ],
)
def test_pots_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run_cli(capsys, "pots", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("holdem pots: error: ")
    assert message in err


# ------------------------------------------------------------------ replay
def test_replay_empty_folder_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("not a hand history\n")
    status, out, err = run_cli(capsys, "replay", str(tmp_path))
    assert status == 2
    assert out == ""
    assert err == "holdem replay: error: no hand histories (.phh, .phhs, .jsonl) found\n"
    # The same folder with one history in it replays.
    corpus = Path(__file__).parents[1] / "data" / "corpus-sample.jsonl"
    (tmp_path / "one.jsonl").write_text(corpus.read_text().splitlines()[0] + "\n")
    status, out, _ = run_cli(capsys, "replay", str(tmp_path))
    assert status == 0 and out == "1 hand: 1 matched, 0 differed, 0 rejected, 0 unsupported\n"
