"""Issue 17 review: a new user's hostile input to the command line, after the house moved.

Each test failed before its fix: plurals the search merge brought back (`1 hands (1 deals)`,
`1 hands per second`), an unknown option reported as `holdem: error:` without the command,
`holdem run` reading a hand history as a broken scenario (and skipping `.TOML` in a
folder), and an empty hand history called another variant (`variant None`) with exit 0.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import attrs
import pytest
from helpers import run_cli

from conftest import require
from holdem.records.record import PHHError, table_config
from holdem.records.replayer import replay_record
from holdem.selfplay.simulate import format_results, simulate

ROOT = Path(__file__).resolve().parents[2]
GOOD = ROOT / "scenarios" / "seeds" / "seed002_example_d_three_stacks.toml"


# ------------------------------------------------------------------ plurals
def test_match_of_one_deal_says_one_hand_and_one_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run_cli(capsys, "match", "random", "call", "--hands", "1", "--seed", "1")
    assert status == 0
    assert out.splitlines()[0] == "1 hand (1 deal), seed 1"


def test_duplicate_match_counts_hands_and_duplicate_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run_cli(
        capsys, "match", "random", "call", "--hands", "1", "--seed", "1", "--duplicate"
    )
    assert status == 0
    assert out.splitlines()[0] == "2 hands (1 duplicate deal), seed 1"


def test_simulate_speed_line_says_one_hand_per_second() -> None:
    sim = attrs.evolve(simulate(2, 1, seed=1, agents=["call"]), seconds=1.0)
    assert format_results(sim).splitlines()[-1] == "1 hand in 1.00 s: 1 hand per second"
    sim = attrs.evolve(sim, hands=2_000, seconds=1.0)
    assert format_results(sim).splitlines()[-1] == "2,000 hands in 1.00 s: 2,000 hands per second"
    sim = attrs.evolve(sim, seconds=0.0)  # a merge of hand-written shards: no time measured
    assert format_results(sim).splitlines()[-1].endswith("inf hands per second")


# ------------------------------------------------- unknown options name the command
@pytest.mark.parametrize(
    "argv, command",
    [
        (["tournament", "--agents", "random,call", "--bogus"], "tournament"),
        (["acpc-dealer", "--port", "9"], "acpc-dealer"),
        (["run", str(GOOD), "--verbose"], "run"),
    ],
)
def test_an_unknown_option_is_reported_by_its_command(
    capsys: pytest.CaptureFixture[str], argv: list[str], command: str
) -> None:
    """`holdem acpc-dealer --port 9` said `holdem: error: ...`, as if the command were
    not known; the error names the command whose options were wrong, on one line."""
    status, out, err = run_cli(capsys, *argv)
    extra = " ".join(argv[-2:] if command == "acpc-dealer" else argv[-1:])
    assert (status, out) == (2, "")
    assert err == f"holdem {command}: error: unrecognized arguments: {extra}\n"


# ------------------------------------------------ holdem run: which files are scenarios
@pytest.mark.parametrize("name", ["hands.phh", "hands.PHHS", "corpus.jsonl"])
def test_run_refuses_a_hand_history_and_points_to_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """`holdem run hands.phh` said `ERROR ... broken scenario: not valid TOML`."""
    path = tmp_path / name
    path.write_text('variant = "NT"\n', encoding="utf-8")
    status, out, err = run_cli(capsys, "run", str(path))
    suffix = path.suffix
    assert (status, out) == (2, "")
    assert err == (
        f"holdem run: error: {path}: unknown extension {suffix!r}: a hand history, "
        "not a scenario (read it with holdem replay)\n"
    )


def test_run_refuses_a_file_that_is_not_toml(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes, bare = tmp_path / "notes.txt", tmp_path / "Makefile"
    notes.write_text("x", encoding="utf-8")
    bare.write_text("x", encoding="utf-8")
    status, _, err = run_cli(capsys, "run", str(notes))
    assert (status, err) == (
        2,
        f"holdem run: error: {notes}: unknown extension '.txt' (scenario files are .toml files)\n",
    )
    status, _, err = run_cli(capsys, "run", str(bare))
    assert (status, err) == (
        2,
        f"holdem run: error: {bare}: no extension (scenario files are .toml files)\n",
    )


def test_run_reads_toml_in_any_case_named_or_found_in_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Like `holdem replay` (`.PHHS` is `.phhs`): a folder's `B.TOML` was skipped in silence."""
    shutil.copy(GOOD, tmp_path / "a.toml")
    shutil.copy(GOOD, tmp_path / "B.TOML")
    status, out, _ = run_cli(capsys, "run", "-q", str(tmp_path))
    assert status == 0 and out.splitlines()[-1] == "2 passed, 0 failed, 0 broken"
    status, out, _ = run_cli(capsys, "run", "-q", str(tmp_path / "B.TOML"))
    assert status == 0 and out.splitlines()[-1] == "1 passed, 0 failed, 0 broken"


# ------------------------------------------------------- empty hand histories
def test_an_empty_phh_file_is_rejected_as_empty_not_another_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty `.phh` was `unsupported: variant None is not no-limit...`, exit 0."""
    path = tmp_path / "empty.phh"
    path.write_text("", encoding="utf-8")
    status, out, _ = run_cli(capsys, "replay", str(path))
    assert status == 1
    assert out.splitlines() == [
        "rejected empty.phh: empty: no hand in it",
        "1 hand: 0 matched, 0 differed, 1 rejected, 0 unsupported",
    ]


def test_a_record_without_a_variant_is_rejected_naming_the_field() -> None:
    with pytest.raises(PHHError, match=r"^variant is missing \(NT for no-limit, PT for pot-limit"):
        table_config({"starting_stacks": [100, 100]})
    result = replay_record({"starting_stacks": [100, 100]})
    assert result.status == "rejected" and result.error is not None
    assert result.error["message"] == "variant is missing (NT for no-limit, PT for pot-limit)"


# ------------------------------------------------------ holdem acpc-dealer's input
@pytest.mark.parametrize(
    "argv, message",
    [
        (["--stacks", "abc"], "--stacks: each amount is a whole number of chips, got 'abc'"),
        (["--stacks", "-5 10"], "--stacks: each amount is a whole number of chips, got '-5'"),
        (["--blinds", "1"], "--blinds: two amounts, 'SB BB', got '1'"),
        (["--timeout", "0"], "timeout: must be a number of seconds above 0, got 0.0"),
        (["--timeout", "-1"], "timeout: must be a number of seconds above 0, got -1.0"),
        (["--timeout", "inf"], "timeout: must be a number of seconds above 0, got inf"),
    ],
)
def test_acpc_dealer_refuses_bad_numbers_in_one_line_before_listening(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """Before: `invalid literal for int() with base 10: 'abc'`, `not enough values to
    unpack (expected 2, got 1)`, `Timeout value out of range`, and for `--timeout 0` a
    BlockingIOError traceback with exit status 1."""
    status, out, err = run_cli(capsys, "acpc-dealer", *argv)
    assert (status, out) == (2, "")
    assert err == f"holdem acpc-dealer: error: {message}\n"


def test_acpc_dealer_checks_the_log_path_before_the_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The log was written after the last hand: a bad path lost the whole match."""
    missing = tmp_path / "nowhere" / "match.log"
    status, out, err = run_cli(capsys, "acpc-dealer", "--log", str(missing))
    assert (status, out) == (2, "")
    assert err == f"holdem acpc-dealer: error: log_path: no such folder: {str(missing.parent)!r}\n"
    status, out, err = run_cli(capsys, "acpc-dealer", "--log", str(tmp_path))
    assert (status, out) == (2, "")
    assert (
        err == f"holdem acpc-dealer: error: log_path: {str(tmp_path)!r} is a folder, not a file\n"
    )


def test_acpc_dealer_help_says_how_many_players_and_the_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run_cli(capsys, "acpc-dealer", "--help")
    text = " ".join(out.split())
    assert status == 0
    assert "chips per position, one number per player: 2 to 10 (default '20000 20000')" in text
    assert "seconds a bot may take to connect or answer (default 60)" in text


def test_serve_names_the_key_file_that_is_too_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: `holdem serve: error: a key needs at least 16 bytes, got 0`, which file?"""
    require("starlette", "the server extra: holdem serve imports it first")
    key = tmp_path / "key.txt"
    key.write_text("short\n", encoding="utf-8")
    status, out, err = run_cli(capsys, "serve", "--state-key-file", str(key))
    assert (status, out) == (2, "")
    assert err == (
        f"holdem serve: error: --state-key-file: {key}: a key needs at least 16 bytes, got 5\n"
    )


def test_match_tells_apart_the_same_agent_named_twice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`holdem match random call random` printed two lines both named `random`."""
    status, out, _ = run_cli(capsys, "match", "random", "call", "random", "--hands", "1")
    assert status == 0
    assert [line.split("  ")[0] for line in out.splitlines()[1:]] == [
        "random #1",
        "call",
        "random #3",
    ]


def test_pots_help_says_how_dead_from_names_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "pots", "--help")
    assert status == 0
    assert "the seat that paid the dead money, by name or position (as --folded)" in " ".join(
        out.split()
    )
