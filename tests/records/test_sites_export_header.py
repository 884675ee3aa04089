"""``holdem export --format pokerstars``: the header says what the record
says (money unit and currency, table, date) and a seat's view numbers its
hands as the full export does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli

from holdem.records.sites import import_text
from holdem.records.sites.pokerstars_write import seat_order

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


DATA = Path(__file__).parents[1] / "data" / "sites"


def test_an_imported_hand_is_exported_as_the_site_wrote_its_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Winamax hands imported and exported: the euros, each hand's date and
    time zone, table name, table size and seat numbers are the site's (never
    dollars, 2026/01/01, ``holdem``, seats renumbered from the button), a
    hand id with dashes is written by its digits; and the export imports
    back to the same nets, hand by hand (R13: the rake too)."""
    records = tmp_path / "w.jsonl"
    status, _, _ = run_cli(capsys, "import", str(DATA / "winamax.txt"), "-o", str(records))
    assert status == 0
    imported = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    assert imported[0]["hand"] == "5000001-1-1767000000"
    assert (imported[0]["currency"], imported[0]["table"], imported[0]["seat_count"]) == (
        "EUR",
        "Lyon 01",
        5,
    )
    assert imported[0]["seats"] == [2, 3, 1]  # Bob, Cid, Ann: Ann has the button
    out = tmp_path / "w.txt"
    status, _, _ = run_cli(capsys, "export", "--format", "pokerstars", str(records), "-o", str(out))
    assert status == 0
    text = out.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[:5] == [
        "PokerStars Hand #500000111767000000: Hold'em No Limit (€0.05/€0.10 EUR)"
        " - 2026/01/05 18:00:00 UTC",
        "Table 'Lyon 01' 5-max Seat #1 is the button",
        "Seat 1: Ann (€10.00 in chips)",
        "Seat 2: Bob (€10.00 in chips)",
        "Seat 3: Cid (€12.50 in chips)",
    ]
    assert "Seat 1: Ann (button) collected (€1.45)" in lines
    heads = [line for line in lines if line.startswith(("PokerStars Hand #", "Table "))]
    assert heads[2:4] == [
        "PokerStars Hand #600000171767000100: Hold'em No Limit (100/200) - 2026/01/05 19:00:00 UTC",
        "Table 'Freeroll Test(6000001)#003' 6-max Seat #2 is the button",
    ]
    again = import_text(text, "w.txt")
    first = import_text((DATA / "winamax.txt").read_text(encoding="utf-8"), "winamax.txt")
    assert [h.status for h in again] == ["matched"] * 3
    assert [(h.net, h.rake) for h in again] == [(h.net, h.rake) for h in first]


def test_seat_numbers_that_do_not_fit_are_not_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``seats`` that do not give each player one number (three for two
    players) are not written: the seats are 1 to n. ``[7, 2]`` is written,
    in number order, with a ``seat_count`` that holds seat 7 (not 6)."""
    text = _export(capsys, tmp_path, {**RECORD, "seats": [3, 1, 2], "seat_count": 2})
    assert text.splitlines()[1] == "Table 'holdem' 2-max Seat #2 is the button"
    text = _export(capsys, tmp_path, {**RECORD, "seats": [7, 2], "seat_count": 9})
    assert text.splitlines()[1:4] == [
        "Table 'holdem' 9-max Seat #2 is the button",
        "Seat 2: Bob (10000 in chips)",
        "Seat 7: Ann (4985 in chips)",
    ]
    text = _export(capsys, tmp_path, {**RECORD, "seats": [7, 2], "seat_count": 6})
    assert text.splitlines()[1] == "Table 'holdem' 2-max Seat #2 is the button"


def test_seat_order_refuses_numbers_that_do_not_go_round() -> None:
    """Seat numbers must go round the table in the hand's order (its button
    and blinds follow from it, R2): ``[1, 3, 2]`` would seat the players in
    another order when read back."""
    assert seat_order([2, 3, 1]) == [2, 0, 1]
    for bad in ([1, 3, 2], [1, 1], [0, 1], []):
        with pytest.raises(ValueError, match="seat_numbers"):
            seat_order(bad)


def test_a_phh_output_keeps_the_sites_table_fields(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``holdem import -o x.phhs`` keeps the header's fields and the seats in
    PHH's own fields (the players in the record's order, pN the button), and
    the export of that file writes the same header as from JSON lines."""
    phhs = tmp_path / "w.phhs"
    status, _, _ = run_cli(capsys, "import", str(DATA / "winamax.txt"), "-o", str(phhs))
    assert status == 0
    hand = phhs.read_text(encoding="utf-8").split("[2]")[0]
    for line in (
        'players = ["Bob", "Cid", "Ann"]',
        "seats = [2, 3, 1]",
        'currency = "EUR"',
        'table = "Lyon 01"',
        "seat_count = 5",
        'time = "18:00:00"',
        'time_zone_abbreviation = "UTC"',
    ):
        assert line in hand.splitlines()
    out = tmp_path / "w.txt"
    status, _, _ = run_cli(capsys, "export", "--format", "pokerstars", str(phhs), "-o", str(out))
    assert out.read_text(encoding="utf-8").splitlines()[:2] == [
        "PokerStars Hand #500000111767000000: Hold'em No Limit (€0.05/€0.10 EUR)"
        " - 2026/01/05 18:00:00 UTC",
        "Table 'Lyon 01' 5-max Seat #1 is the button",
    ]
