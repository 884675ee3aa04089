"""Issue 17, "small things a new user hit on the way": each test tries the command as a
new user did and failed before its fix (file names, plurals, help, exit statuses)."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest
from helpers import run_cli

from conftest import require
from holdem.engine.pots import Rake
from holdem.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "data" / "corpus-sample.jsonl"
GOOD = ROOT / "scenarios" / "seeds" / "seed002_example_d_three_stacks.toml"
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
EXTENSION_HINT = (
    "write to a .phh file (one hand), a .phhs file (several) or a folder "
    "(a name without an extension)"
)


def _one_hand(folder: Path, name: str = "one.jsonl") -> Path:
    path = folder / name
    path.write_text(SAMPLE.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    return path


# ------------------------------------------------ 1. export and replay file names
@pytest.mark.parametrize("name", ["out.txt", "hands.json", "notes.md"])
def test_export_refuses_an_unknown_extension_instead_of_making_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """`holdem export mine.phh -o out.txt` made a folder named out.txt, exit 0."""
    out = tmp_path / name
    status, stdout, err = run_cli(capsys, "export", str(_one_hand(tmp_path)), "-o", str(out))
    suffix = Path(name).suffix
    assert (status, stdout) == (2, "")
    assert err == f"holdem export: error: {out}: unknown extension {suffix!r}: {EXTENSION_HINT}\n"
    assert not out.exists()


@pytest.mark.parametrize(("name", "kind"), [("Sample.PHHS", "phhs"), ("One.PHH", "phh")])
def test_export_extensions_compare_in_any_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, kind: str
) -> None:
    """`-o Sample.PHHS` is a .phhs file (it was a folder), and replays as one."""
    out = tmp_path / name
    status, stdout, _ = run_cli(capsys, "export", str(_one_hand(tmp_path)), "-o", str(out))
    assert (status, stdout) == (0, f"1 of 1 hand written to {out}\n")
    assert out.is_file()
    text = out.read_text(encoding="utf-8")
    assert text.startswith("[1]\n") if kind == "phhs" else text.startswith("variant = ")
    status, stdout, _ = run_cli(capsys, "replay", str(out))
    assert (status, stdout) == (0, "1 hand: 1 matched, 0 differed, 0 rejected, 0 unsupported\n")


def test_export_to_a_new_folder_or_an_existing_one_with_a_dot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name without an extension is a folder; so is an existing folder, dot or not."""
    source = _one_hand(tmp_path)
    for out in (tmp_path / "exported", tmp_path / "hands.2024"):
        if out.suffix:
            out.mkdir()
        status, stdout, _ = run_cli(capsys, "export", str(source), "-o", str(out))
        assert (status, stdout) == (0, f"1 of 1 hand written to {out}\n")
        assert [p.name for p in out.iterdir()] == ["1.phh"]


def test_replay_refuses_a_file_with_an_unknown_extension(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`holdem replay hands.json` read JSON lines as PHH and rejected the hand as
    "not TOML", exit 1; now one line, exit 2, before anything is replayed."""
    hands = _one_hand(tmp_path, "hands.json")
    status, stdout, err = run_cli(capsys, "replay", str(SAMPLE), str(hands))
    assert (status, stdout) == (2, "")
    assert err == (
        f"holdem replay: error: {hands}: unknown extension '.json' "
        "(hand histories are .phh, .phhs or .jsonl files)\n"
    )


def test_replay_reads_upper_case_extensions_in_files_and_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ONE.JSONL was read as TOML (rejected) and a folder's A.PHH was not found."""
    named = _one_hand(tmp_path, "ONE.JSONL")
    status, stdout, _ = run_cli(capsys, "replay", str(named))
    assert (status, stdout) == (0, "1 hand: 1 matched, 0 differed, 0 rejected, 0 unsupported\n")
    folder = tmp_path / "folder"
    folder.mkdir()
    status, _, _ = run_cli(capsys, "export", str(named), "-o", str(folder / "A.PHH"))
    assert status == 0
    status, stdout, _ = run_cli(capsys, "replay", str(folder))
    assert (status, stdout) == (0, "1 hand: 1 matched, 0 differed, 0 rejected, 0 unsupported\n")


def test_replay_of_json_lines_with_no_extension_like_a_pipe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`holdem replay <(zcat hands.jsonl.gz)` (a name like /dev/fd/63, no extension) was
    read as PHH and rejected as "not TOML"; JSON lines are told by their first `{`."""
    unnamed = _one_hand(tmp_path, "63")
    status, stdout, _ = run_cli(capsys, "replay", str(unnamed))
    assert (status, stdout) == (0, "1 hand: 1 matched, 0 differed, 0 rejected, 0 unsupported\n")


# ------------------------------------------------------------------- 2. equity
def test_equity_help_says_a_board_of_five_cards_is_taken(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, stdout, _ = run_cli(capsys, "equity", "--help")
    assert status == 0 and "0, 3, 4 or 5 board cards" in " ".join(stdout.split())
    status, stdout, _ = run_cli(capsys, "equity", "AsAh", "KsKh", "--board", "2c7d9hTs5c")
    assert status == 0
    assert stdout.splitlines()[0] == "Board: 2c 7d 9h Ts 5c; 1 deal (exact)"
    status, _, err = run_cli(capsys, "equity", "AsAh", "KsKh", "--board", "2c7d")
    assert (status, err) == (2, "holdem equity: error: a board has 0, 3, 4 or 5 cards, got 2\n")


@pytest.mark.parametrize(("typed", "quoted"), [("QQ++", "'QQ++'"), ("QQ+, AK++", "'AK++'")])
def test_equity_error_quotes_what_was_typed(
    capsys: pytest.CaptureFixture[str], typed: str, quoted: str
) -> None:
    """`holdem equity QQ++ 87s` complained about 'QQ+', which nobody typed."""
    status, stdout, err = run_cli(capsys, "equity", typed, "87s")
    assert (status, stdout) == (2, "")
    assert err == (
        f"holdem equity: error: player 1: not a hand class: {quoted} (like QQ, AKs, T9o, AK, QQ+)\n"
    )


def test_equity_pair_error_quotes_what_was_typed(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(capsys, "equity", "QQs+", "87s")
    assert (status, err) == (
        2,
        "holdem equity: error: player 1: a pair is neither suited nor offsuit: 'QQs+'\n",
    )


# --------------------------------------------------------------------- 4. merge
def _shards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[Path]:
    paths = []
    for start in (0, 20):
        argv = ["simulate", "--players", "3", "--start", str(start), "--count", "20", "--json"]
        status, stdout, _ = run_cli(capsys, *argv, "--no-progress")
        assert status == 0
        paths.append(tmp_path / f"shard{start}.jsonl")
        paths[-1].write_text(stdout, encoding="utf-8")
    return paths


def test_merge_refuses_an_empty_shard_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty shard file was dropped in silence, exit 0, the merge short of its hands."""
    first, second = _shards(tmp_path, capsys)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n  \n", encoding="utf-8")
    status, stdout, err = run_cli(capsys, "merge", str(first), str(empty))
    assert (status, stdout) == (2, "")
    assert err == (
        f"holdem merge: error: {empty}: empty: no shard in it (holdem simulate --json writes one)\n"
    )
    status, stdout, _ = run_cli(capsys, "merge", str(first), str(second))
    assert status == 0 and json.loads(stdout)["hands"] == 40


def test_merge_text_counts_shards_not_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, stdout, _ = run_cli(capsys, "merge", "--text", *map(str, _shards(tmp_path, capsys)))
    assert status == 0
    assert stdout.splitlines()[0] == (
        "3 players, 40 hands, seed 0, blinds 1/2, stacks 400 (200 big blinds), 2 shards"
    )
    assert "worker" not in stdout


# --------------------------------------------------------------------- 5. serve
@pytest.mark.parametrize(("rate", "percent"), [("5", "5%"), ("2.5", "2.5%")])
def test_rake_rate_says_how_to_write_a_percent(rate: str, percent: str) -> None:
    """R13: `Rake("5")` said only "below 1"; a rate that is no percent gets no hint."""
    with pytest.raises(ConfigError) as error:
        Rake(rate)
    assert str(error.value) == (
        f"rake.rate: must be at least 0 and below 1, got '{rate}' "
        f"(a fraction of the pot: for {rate} percent write '{percent}')"
    )
    with pytest.raises(ConfigError, match=r"below 1, got '3/2'$"):
        Rake("3/2")


@pytest.mark.parametrize(("rate", "percent"), [("5", "5%"), ("2.5", "2.5%")])
def test_serve_rake_says_how_to_write_a_percent(
    capsys: pytest.CaptureFixture[str], rate: str, percent: str
) -> None:
    """R13: `holdem serve --rake 5` said only "below 1"."""
    require("starlette", "the server extra: pip install -e '.[server]'")
    status, stdout, err = run_cli(capsys, "serve", "--rake", rate, "--port", "0")
    assert (status, stdout) == (2, "")
    assert err == (
        f"holdem serve: error: rake.rate: must be at least 0 and below 1, got '{rate}' "
        f"(a fraction of the pot: for {rate} percent write '{percent}')\n"
    )


# ---------------------------------------------------------------------- 6. pots
def test_pots_dead_money_needs_the_seat_that_paid_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """R7.6: `--dead 10` without `--dead-from` gave net results summing to +10."""
    status, stdout, err = run_cli(capsys, "pots", "-c", "100,100", "-r", "1,2", "--dead", "10")
    assert (status, stdout) == (2, "")
    assert err == (
        "holdem pots: error: --dead 10 needs --dead-from SEAT, the seat that paid it "
        "(else the net results would not sum to zero)\n"
    )
    status, stdout, _ = run_cli(
        capsys, "pots", "-c", "100,100", "-r", "1,2", "--dead", "10", "--dead-from", "2"
    )
    assert status == 0 and stdout.splitlines()[-1] == "Net: Player 1 +110, Player 2 -110"
    status, _, _ = run_cli(capsys, "pots", "-c", "100,100", "-r", "1,2", "--dead", "0")
    assert status == 0


# ----------------------------------------------------------------------- 7. run
def test_run_counts_broken_scenarios_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A broken scenario (cannot be read or checked) was counted as failed."""
    failing = tmp_path / "failing.toml"
    failing.write_text(FAILING, encoding="utf-8")
    status, stdout, _ = run_cli(capsys, "run", "-q", str(GOOD), str(failing), str(BROKEN))
    lines = stdout.splitlines()
    assert status == 1
    assert [line.split(" ")[0] for line in lines[:3]] == ["PASS", "FAIL", "ERROR"]
    assert lines[3] == "1 passed, 1 failed, 1 broken"
    status, stdout, _ = run_cli(capsys, "run", "-q", str(BROKEN))
    assert (status, stdout.splitlines()[-1]) == (1, "0 passed, 0 failed, 1 broken")
    status, stdout, _ = run_cli(capsys, "run", "-q", str(GOOD))
    assert (status, stdout.splitlines()[-1]) == (0, "1 passed, 0 failed, 0 broken")


def test_run_help_documents_the_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    status, stdout, _ = run_cli(capsys, "run", "--help")
    text = " ".join(stdout.split())
    assert status == 0
    assert "'N passed, N failed, N broken'" in text
    assert "Exit status: 0 when every scenario passed, 1 when one failed or was broken" in text


# ------------------------------------------------------------- 8. plurals, help
def test_one_of_a_thing_is_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ "1 hands", "1 chips": the tournament's header and the export's line."""
    status, stdout, _ = run_cli(
        capsys, "tournament", "--agents", "call,call", "--stack", "1", "--hands-per-level", "1"
    )
    assert status == 0
    assert stdout.splitlines()[0] == (
        "Sit-and-go: 2 players, 1 chip each, blinds up every 1 hand, seed 0"
    )
    out = tmp_path / "one.phh"
    status, stdout, _ = run_cli(capsys, "export", str(_one_hand(tmp_path)), "-o", str(out))
    assert (status, stdout) == (0, f"1 of 1 hand written to {out}\n")


def test_pots_counts_are_singular_for_one(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(capsys, "pots", "-c", "100", "-r", "1,2")
    assert (status, err) == (2, "holdem pots: error: 2 ranks for 1 contribution\n")


def test_tournament_stopped_after_one_hand_is_singular(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run_cli(capsys, "tournament", "--max-hands", "1", "-q")
    assert (status, err) == (1, "holdem tournament: stopped after 1 hand with no winner\n")


def test_help_describes_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    """`holdem --help` said "One hand of Texas hold'em" for a command that does nine things."""
    status, stdout, _ = run_cli(capsys, "--help")
    description = " ".join(stdout.split("\n\n")[1].split())
    assert status == 0 and "One hand" not in stdout
    for command in (
        "run",
        "pots",
        "equity",
        "replay",
        "export",
        "simulate",
        "merge",
        "tournament",
        "serve",
    ):
        assert f"{command})" in description or f"{command}," in description, command
    assert "Exit status: 0 success; 1 a check did not pass" in " ".join(stdout.split())


def test_holdem_alone_prints_the_usage_and_the_commands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`holdem` alone printed only "the following arguments are required: COMMAND"."""
    status, stdout, err = run_cli(capsys)
    assert (status, stdout) == (2, "")
    assert err.startswith("usage: holdem [-h] COMMAND ...\n")
    listed = re.findall(r"^    ([\w-]+)", err, re.M)
    from holdem.cli.command import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert listed == list(commands.choices)
    assert {
        "run",
        "pots",
        "replay",
        "export",
        "equity",
        "simulate",
        "merge",
        "tournament",
        "serve",
        "match",
    } <= set(listed)


# -------------------------------------------------------------- 9. hand numbers
CRASHER = """
class Crasher:
    def act(self, view):
        return 1 / 0
"""


def test_simulate_and_tournament_number_hands_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first hand was "hand 0" in simulate's errors and "hand 1" in the tournament's;
    both count from 1 now, and simulate says which --start plays the hand again."""
    spec = f"{tmp_path / 'bots.py'}:Crasher"
    (tmp_path / "bots.py").write_text(CRASHER, encoding="utf-8")
    detail = "it raised ZeroDivisionError: division by zero"
    status, _, err = run_cli(capsys, "tournament", "--agents", f"{spec},call", "-q")
    assert (status, err) == (
        2,
        f"holdem tournament: error: agent {spec} (seat 0) failed in hand 1: {detail}\n",
    )
    status, _, err = run_cli(
        capsys, "simulate", "--players", "2", "--agent", f"{spec},call", "--no-progress"
    )
    assert (status, err) == (
        2,
        f"holdem simulate: error: agent {spec} (seat 0) failed in hand 1: {detail} "
        "(to play this hand alone: --start 0 --count 1)\n",
    )
    argv = ["simulate", "--players", "2", "--agent", f"call,{spec}", "--no-progress"]
    status, _, err = run_cli(capsys, *argv, "--start", "7", "--count", "3")
    assert status == 2
    assert err.endswith(
        f"failed in hand 8: {detail} (to play this hand alone: --start 7 --count 1)\n"
    )
