"""Hostile input to the replay and its commands: one clear error, never a traceback.

Huge integers (more than 4,300 digits), invalid UTF-8, nesting 100,000 levels
deep and wrong types each give one line naming the problem; the good hands
around a bad line are still replayed, and the record given is never changed.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.cli.command import main
from holdem.errors import HoldemError
from holdem.records import (
    MATCHED,
    REJECTED,
    REPLAYED,
    UNSUPPORTED,
    PHHError,
    dumps,
    read_records,
    record_to_phh,
    replay,
    replay_record,
)

SAMPLE = Path(__file__).parents[1] / "data" / "corpus-sample.jsonl"
GOOD = SAMPLE.read_bytes().splitlines()[:2]
HUGE = "9" * 5000


def replay_lines(tmp: Path, lines: list[bytes], capsys: pytest.CaptureFixture[str]) -> tuple:
    path = tmp / "hands.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    status = main(["replay", "--json", str(path)])
    captured = capsys.readouterr()
    return status, [json.loads(line) for line in captured.out.splitlines()], captured.err


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (b'{"id": "x", "variant": "NT\xff"}', "line 2: not UTF-8 (byte 27)"),
        (
            b'{"starting_stacks": [' + HUGE.encode() + b"]}",
            "line 2: a number has more than 4,300 digits",
        ),
        (b"[" * 100_000, "line 2: nested too deeply"),
        (b'{"a": ' * 100_000, "line 2: nested too deeply"),
        (b"not json", "line 2: not JSON: Expecting value (column 1)"),
        (b"[1, 2]", "line 2: not a JSON object"),
    ],
    ids=["invalid UTF-8", "huge integer", "deep list", "deep object", "not JSON", "not an object"],
)
def test_a_bad_json_line_is_rejected_with_its_number_and_the_others_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: bytes, message: str
) -> None:
    """The good hands before and after the bad line are still replayed and reported."""
    status, results, err = replay_lines(tmp_path, [GOOD[0], bad, GOOD[1]], capsys)
    assert status == 1
    assert [r["status"] for r in results] == [MATCHED, REJECTED, MATCHED]
    assert results[1]["id"] == "hands.jsonl:2"
    assert results[1]["error"]["message"] == message
    assert err == "3 hands: 2 matched, 0 differed, 1 rejected, 0 unsupported\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b'variant = "\xff"', "h.phh: not UTF-8 (byte 12)"),
        (
            b"starting_stacks = [" + HUGE.encode() + b"]",
            "h.phh: a number has more than 4,300 digits",
        ),
        (b"a = " + b"[" * 100_000, "h.phh: nested too deeply"),
        (b"a = " + b"{b = " * 100_000, "h.phh: nested too deeply"),
    ],
    ids=["invalid UTF-8", "huge integer", "deep array", "deep table"],
)
def test_a_bad_phh_file_is_one_line(tmp_path: Path, text: bytes, message: str) -> None:
    path = tmp_path / "h.phh"
    path.write_bytes(text)
    [(ident, error)] = list(read_records(path))
    assert ident == "h.phh"
    assert isinstance(error, PHHError) and str(error) == message


BASE: dict[str, Any] = {
    "variant": "NT",
    "antes": [0, 0],
    "blinds_or_straddles": [50, 100],
    "min_bet": 100,
    "starting_stacks": [1000, 1000],
    "actions": ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 300", "p1 f"],
    "finishing_stacks": [900, 1100],
}


@pytest.mark.parametrize(
    ("change", "index", "fragment"),
    [
        ({"starting_stacks": [10**5000, 1000]}, None, "got a 16610-bit number"),
        ({"finishing_stacks": [10**5000, 1]}, None, "got a 16610-bit number"),
        ({"min_bet": 10**5000}, None, "min_bet is too large (a 16610-bit number)"),
        ({"_chip_unit": 10**5000}, None, "_chip_unit is too large"),
        ({"rake_rule": {"rate": "5%", "cap": 10**5000}}, None, "rake_rule cap is too large"),
        ({"run_count": 10**5000}, None, "run_count must be 1, 2 or 3 (R12.1), got a 16610"),
        ({"actions": [*BASE["actions"][:2], "p2 cbr " + HUGE]}, 2, "whole number of chips"),
        ({"actions": [*BASE["actions"][:2], "p" + HUGE + " f"]}, 2, "not a player"),
        ({"starting_stacks": [True, 1000]}, None, "got True"),
        ({"starting_stacks": "1000,1000"}, None, "must be an array"),
        ({"actions": [*BASE["actions"][:2], ["p2 f"]]}, 2, "must be a string"),
        ({"actions": None}, None, "actions must be an array"),
        ({"players": "ab"}, None, "players must be an array of 2 names"),
        ({"players": ["a", "a"]}, None, "names must be unique"),
        ({"min_bet": "100"}, None, "min_bet"),
        ({"_chip_unit": 0}, None, "chip_unit"),
    ],
)
def test_huge_numbers_and_wrong_types_are_rejected_clearly(
    change: dict, index: int | None, fragment: str
) -> None:
    record = dict(BASE, **change)
    before = copy.deepcopy(record)
    result = replay_record(record)
    assert result.status == REJECTED
    assert result.error is not None
    assert result.error["action_index"] == index
    assert fragment in result.error["message"]
    assert "\n" not in result.divergence()
    json.loads(result.to_json())
    assert record == before


@pytest.mark.parametrize("record", [[1, 2], "variant = 'NT'", None, 7])
def test_a_record_that_is_not_a_table_is_refused(record: object) -> None:
    result = replay_record(record)  # type: ignore[arg-type]
    assert result.status == REJECTED
    with pytest.raises(PHHError, match="a hand must be a table of fields"):
        replay(record)  # type: ignore[arg-type]


def test_fields_that_are_not_names_are_unsupported() -> None:
    result = replay_record({**BASE, 7: "x"})  # type: ignore[dict-item]
    assert result.status == UNSUPPORTED


def test_user_fields_the_export_cannot_write_are_left_out() -> None:
    fields = record_to_phh({**BASE, "_big": 10**5000, "_deep": [[[[]]]], "_note": "kept"})
    assert fields["_note"] == "kept" and "_big" not in fields
    assert "_deep" in fields
    deep: list = []
    for _ in range(100):
        deep = [deep]
    assert "_deep" not in record_to_phh({**BASE, "_deep": deep})


# ------------------------------------------------------------------ hypothesis
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**30)
    | st.floats()
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)
FIELDS = sorted({*BASE, "players", "_chip_unit", "hand", "id", "rake_rule", "x", "_x"})
TOKENS = st.sampled_from(
    ["d", "dh", "db", "p1", "p2", "p3", "p0", "cc", "f", "cbr", "sm", "????", "AsAh", "KsKh"]
    + ["2c7d9h", "Ts", "3d", "100", "300", "1000", "-5", "#", "x"]
)
ACTIONS = st.lists(st.lists(TOKENS, min_size=1, max_size=4).map(" ".join), max_size=14)


def _no_traceback(record: Any) -> None:
    before = copy.deepcopy(record)
    result = replay_record(record)
    assert result.status in (MATCHED, REJECTED, UNSUPPORTED, REPLAYED, "differed")
    json.loads(result.to_json())
    assert "\n" not in result.divergence()
    if result.status in (MATCHED, REPLAYED):
        dumps(record_to_phh(record))
    assert record == before


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4))
def test_any_values_in_any_fields_never_end_in_a_traceback(changes: dict) -> None:
    _no_traceback({**copy.deepcopy(BASE), **changes})


@settings(max_examples=300, deadline=None)
@given(ACTIONS, st.sampled_from([[1000, 1000], [1000, 1000, 1000], [60, 1000]]))
def test_any_actions_never_end_in_a_traceback(actions: list[str], stacks: list[int]) -> None:
    n = len(stacks)
    record = dict(
        BASE,
        starting_stacks=stacks,
        antes=[0] * n,
        blinds_or_straddles=[50, 100] + [0] * (n - 2),
        actions=["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 QsQh"][:n] + actions,
    )
    record.pop("finishing_stacks")
    _no_traceback(record)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.binary(max_size=40), min_size=1, max_size=3))
def test_any_bytes_between_good_lines_never_end_in_a_traceback(junk: list[bytes]) -> None:
    """The command reports each bad line and still replays the good hands around it."""
    junk = [line.replace(b"\n", b" ") for line in junk]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "junk.jsonl"
        path.write_bytes(b"\n".join([GOOD[0], *junk, GOOD[1]]) + b"\n")
        try:
            status = main(["replay", "--json", str(path)])
        except HoldemError as error:  # pragma: no cover - the failure to report
            raise AssertionError(f"the command raised {error!r}") from None
    assert status in (0, 1)


def test_the_commands_report_bad_input_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 2 with one line for unusable input: a missing file, no histories."""
    assert main(["replay", str(tmp_path / "none.jsonl")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["replay", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    bad = tmp_path / "bad.phh"
    bad.write_bytes(b"a = " + b"[" * 100_000)
    assert main(["replay", str(bad)]) == 1
    assert capsys.readouterr().out.splitlines()[0] == "rejected bad.phh: bad.phh: nested too deeply"
    out = tmp_path / "out.phhs"
    assert main(["export", str(bad), "-o", str(out)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"0 of 1 hand written: nothing to write to {out}"
    )


ANY_TEXT = st.text(st.characters(), max_size=6)  # lone surrogates included


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["id", "players", "_note", "actions", "variant", "hand"]),
    ANY_TEXT,
)
def test_any_text_prints_and_writes_or_is_refused(field: str, text: str) -> None:
    """Lone surrogates and control characters anywhere: what the commands print is
    valid UTF-8, and the export writes the hand or refuses it with PHHError."""
    record = copy.deepcopy(BASE)
    if field == "players":
        record["players"] = [text, text + "!"]
    elif field == "actions":
        record["actions"] = [*record["actions"][:2], f"p2 {text}"]
    else:
        record[field] = text
    result = replay_record(record)
    result.to_json().encode("utf-8")
    f"{result.id}: {result.divergence()}".encode()
    if result.status in (MATCHED, REPLAYED):
        try:
            dumps(record_to_phh(record))
        except PHHError as error:
            assert "lone surrogate" in str(error)
