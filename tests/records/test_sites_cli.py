"""``holdem import`` and ``holdem export --format pokerstars`` on the command line."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from helpers import run_cli

DATA = Path(__file__).parents[1] / "data" / "sites"
STARS = str(DATA / "pokerstars-cash.txt")
#: How many hands of the fixture folder are matched (worked out per file in the
#: site tests; the others are skipped with their reasons).
MATCHED = 69


def test_import_summary_and_one_line_per_problem(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "import", STARS)
    lines = out.splitlines()
    assert lines[-1] == "8 hands: 4 matched, 0 differed, 0 rejected, 4 skipped"
    assert f"{STARS}: pokerstars hand 200000000004: skipped cancelled: Hand cancelled" in lines
    assert len(lines) == 5  # four problems, one line each, then the summary
    assert status == 0 and err == ""


def test_import_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "import", "--json", STARS)
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 8
    first = rows[0]
    assert {k: first[k] for k in ("file", "site", "hand", "status", "reason", "pot", "rake")} == {
        "file": STARS,
        "site": "pokerstars",
        "hand": "200000000001",
        "status": "matched",
        "reason": None,
        "pot": "0.65",
        "rake": "0.03",
    }
    assert first["net"] == {"Bob": "-0.05", "Cid": "-0.30", "Eve": "0.32", "Ann": "0.00"}
    assert rows[3]["status"] == "skipped" and rows[3]["reason"] == "cancelled"
    assert err.strip() == "8 hands: 4 matched, 0 differed, 0 rejected, 4 skipped"
    assert status == 0


def test_import_site_given(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "import", "--site", "888", str(DATA / "888.txt"))
    assert out.splitlines()[-1] == "3 hands: 2 matched, 0 differed, 0 rejected, 1 skipped"
    assert status == 0


def test_a_differed_hand_sets_exit_status_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (DATA / "pokerstars-cash.txt").read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("Eve collected $0.62", "Eve collected $0.61"), encoding="utf-8")
    status, out, _ = run_cli(capsys, "import", str(bad))
    assert status == 1
    assert "pokerstars hand 200000000001: differed net: Eve nets 0.32 (site 0.31)" in out


def test_import_bad_usage(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run_cli(capsys, "import", str(tmp_path / "missing.txt"))
    assert status == 2 and "no such file" in err
    odd = tmp_path / "odd.txt"
    odd.write_text("nothing here\n", encoding="utf-8")
    status, out, err = run_cli(capsys, "import", str(odd))
    assert status == 1 and "no hand history of a known site" in err
    assert out.strip() == "0 hands: 0 matched, 0 differed, 0 rejected, 0 skipped"


def test_import_writes_matched_hands_as_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "hands.jsonl"
    status, text, _ = run_cli(capsys, "import", str(DATA), "-o", str(out))
    assert status == 0 and text.splitlines()[-1].endswith(f"{MATCHED} written to {out}")
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(records) == MATCHED
    status, text, _ = run_cli(capsys, "replay", str(out))
    assert status == 0 and f"{MATCHED} hands: {MATCHED} matched" in text
    phhs = tmp_path / "hands.phhs"
    run_cli(capsys, "import", STARS, "-o", str(phhs))
    tables = tomllib.loads(phhs.read_text(encoding="utf-8"))
    assert sorted(tables) == ["1", "2", "3", "4"]
    assert tables["1"]["_site"] == "pokerstars" and tables["1"]["_unit"] == "0.01"
    folder = tmp_path / "folder"
    status, _, _ = run_cli(capsys, "import", STARS, "-o", str(folder))
    assert status == 0 and len(list(folder.glob("*.phh"))) == 4
    status, _, err = run_cli(capsys, "import", STARS, "-o", str(tmp_path / "one.phh"))
    assert status == 2 and "holds one hand" in err


def test_export_pokerstars_reads_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    records = tmp_path / "hands.jsonl"
    run_cli(capsys, "import", str(DATA), "-o", str(records))
    text = tmp_path / "hands.txt"
    status, out, _ = run_cli(
        capsys, "export", "--format", "pokerstars", str(records), "-o", str(text)
    )
    assert status == 0 and out.strip() == f"{MATCHED} of {MATCHED} hands written to {text}"
    status, out, _ = run_cli(capsys, "import", str(text))
    assert (
        status == 0
        and out.strip() == f"{MATCHED} hands: {MATCHED} matched, 0 differed, 0 rejected, 0 skipped"
    )
    seat = tmp_path / "seat.txt"
    status, out, _ = run_cli(
        capsys, "export", "--format", "pokerstars", "--seat", "0", str(records), "-o", str(seat)
    )
    assert status == 0
    written = seat.read_text(encoding="utf-8")
    for hand in written.split("\n\n\n")[:-1]:  # seat 0's cards only, when known
        assert hand.count("Dealt to ") <= 1
    status, out, _ = run_cli(capsys, "import", str(seat))
    assert out.strip() == f"{MATCHED} hands: {MATCHED} matched, 0 differed, 0 rejected, 0 skipped"


def test_export_seat_needs_the_pokerstars_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = run_cli(capsys, "export", "--seat", "1", STARS, "-o", str(tmp_path / "x"))
    assert status == 2 and "--seat needs --format pokerstars" in err
