"""``holdem export --format pokerstars``: the header says what the record
says (money unit and currency, table, date) and a seat's view numbers its
hands as the full export does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli

RECORD = {
    "variant": "NT",
    "antes": [0, 0],
    "blinds_or_straddles": [50, 100],
    "min_bet": 100,
    "starting_stacks": [4985, 10000],
    "actions": ["d dh p1 AhKh", "d dh p2 7c2d", "p2 f"],
    "players": ["Ann", "Bob"],
}


def _export(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    *records: dict[str, object],
    seat: str | None = None,
) -> str:
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = tmp_path / "out.txt"
    extra = ["--seat", seat] if seat is not None else []
    status, _, _ = run_cli(
        capsys, "export", "--format", "pokerstars", str(source), "-o", str(out), *extra
    )
    return out.read_text(encoding="utf-8")


def test_cents_are_written_as_dollars_with_the_currency(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = _export(capsys, tmp_path, {**RECORD, "chip_unit": "cent"})
    assert "Hold'em No Limit ($0.50/$1.00 USD)" in text.splitlines()[0]
    assert "Seat 1: Ann ($49.85 in chips)" in text


def test_the_records_table_and_date_are_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = {**RECORD, "table": "Vega", "year": 2019, "month": 3, "day": 7, "time": "21:04:05"}
    text = _export(capsys, tmp_path, record)
    assert text.splitlines()[0].endswith("- 2019/03/07 21:04:05 ET")
    assert text.splitlines()[1].startswith("Table 'Vega' ")


def test_a_seats_view_keeps_the_full_exports_hand_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Seat 2 is in the second hand only: it is still hand #2."""
    three = {
        **RECORD,
        "players": ["Ann", "Bob", "Cid"],
        "antes": [0, 0, 0],
        "blinds_or_straddles": [50, 100, 0],
        "starting_stacks": [4985, 10000, 3000],
        "actions": ["d dh p1 AhKh", "d dh p2 7c2d", "d dh p3 9s9d", "p3 f", "p1 f"],
    }
    text = _export(capsys, tmp_path, RECORD, three, seat="2")
    assert [line.split(":")[0] for line in text.splitlines() if "Hand #" in line] == [
        "PokerStars Hand #2"
    ]
