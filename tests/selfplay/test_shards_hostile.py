"""`holdem merge` on corrupt or hostile shard files: one line per problem, exit 2,
never a traceback, and the good records around a bad one are still read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from holdem.cli.command import main
from holdem.selfplay.shards import ShardError, merge, read_shards
from holdem.selfplay.simulate import simulate


def shard(start: int = 0, hands: int = 5) -> dict[str, Any]:
    return simulate(
        players=2, hands=hands, seed=1, agents=["call", "random"], start=start
    ).to_dict()


def merge_errors(capsys: pytest.CaptureFixture[str], *files: Path) -> list[str]:
    status = main(["merge", *map(str, files)])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    return err.splitlines()


def test_invalid_utf8_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that is not UTF-8 is named once (it used to end in an AttributeError)."""
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\xff\xfe{}\n")
    errors = merge_errors(capsys, bad)
    assert errors == [f"holdem merge: error: {bad}: cannot read: not UTF-8 text (byte 0xff at 0)"]


def test_huge_number_and_deep_nesting_are_not_json_and_spare_good_lines(
    tmp_path: Path,
) -> None:
    """A 5,000-digit number (over Python's int-from-text limit, a ValueError) and
    100,000 nested lists (a RecursionError) are bad lines like any other; the
    good lines around them are still read."""
    good = json.dumps(shard())
    path = tmp_path / "mixed.jsonl"
    path.write_text(
        "\n".join([good, '{"hands": ' + "9" * 5000 + "}", "[" * 100_000 + "]" * 100_000, good])
    )
    data, labels, problems = read_shards([str(path)])
    assert labels == [f"{path}:1", f"{path}:4"] and len(data) == 2
    assert problems == [
        f"{path}:2: not JSON (a number of more than 4300 digits)",
        f"{path}:3: not JSON (nested too deeply)",
    ]


def whole_settings(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**data, **changes}


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"hands": 0}, "hands must be 1 or more, got 0"),
        ({"hands": -5}, "hands must be 1 or more, got -5"),
        ({"start": -1}, "start must be 0 or more, got -1"),
        ({"players": 1}, "players must be 2 to 10, got 1"),
        ({"players": 11}, "players must be 2 to 10, got 11"),
        ({"big_blind": 0}, "big_blind must be 1 or more, got 0"),
        ({"small_blind": -1}, "small_blind must be 0 or more, got -1"),
        ({"stack": 0}, "stack must be 1 or more, got 0"),
        ({"seconds": "x"}, "seconds must be a number of seconds, 0 or more, got 'x'"),
        ({"seconds": float("nan")}, "seconds must be a number of seconds, 0 or more, got nan"),
        ({"seconds": -1}, "seconds must be a number of seconds, 0 or more, got -1"),
        ({"agents": 5}, "agents must be a list of agent names, got 5"),
        ({"agents": []}, "agents must be a list of agent names, got []"),
        ({"agents": ["call", 3]}, "agents must be a list of agent names, got ['call', 3]"),
        ({"seed": [1]}, "seed must be a whole number or text, got [1]"),
        (
            {"agents": ["call", "potodds"]},
            "results must have one entry per agent (call, potodds), got call, random",
        ),
    ],
)
def test_bad_settings_are_named(changes: dict[str, Any], problem: str) -> None:
    """Each impossible value of a shard is one problem naming it (these used to
    raise ZeroDivisionError or TypeError inside merge)."""
    with pytest.raises(ShardError) as error:
        merge([whole_settings(shard(), **changes)], ["a"])
    assert error.value.problems == [f"a: {problem}"]


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("seats", 0, "seats must be 1 to 2, got 0"),
        ("seats", 3, "seats must be 1 to 2, got 3"),
        ("hands", 4, "hands must be the shard's hands (5), got 4"),
        ("chips_squared", -1, "chips_squared must be 0 or more, got -1"),
    ],
)
def test_bad_agent_results_are_named(field: str, value: int, problem: str) -> None:
    data = shard()
    data["results"]["call"][field] = value
    with pytest.raises(ShardError) as error:
        merge([data], ["a"])
    assert error.value.problems == [f"a: agent call: {problem}"]


def test_shards_disagreeing_on_an_agent_seats_are_refused() -> None:
    a, b = shard(0), shard(5)
    b["results"]["call"]["seats"] = 2
    with pytest.raises(ShardError) as error:
        merge([a, b], ["a", "b"])
    assert error.value.problems == ["b: agent call has 2 seats, but 1 in a"]


def test_cli_hostile_values_exit_2_with_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(
        json.dumps({**shard(), "hands": 0}) + "\n" + json.dumps({**shard(5), "seconds": "x"})
    )
    assert merge_errors(capsys, path) == [
        f"holdem merge: error: {path}:1: hands must be 1 or more, got 0",
        f"holdem merge: error: {path}:2: seconds must be a number of seconds, 0 or more, got 'x'",
    ]


def test_stdin_is_read_as_bytes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``-`` reads standard input; invalid UTF-8 there is one line too."""
    import io
    import sys

    good = json.dumps(shard()).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(good + b"\n")))
    assert main(["merge", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 5
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xc3(\n")))
    assert main(["merge", "-"]) == 2
    assert (
        capsys.readouterr().err
        == "holdem merge: error: -: cannot read: not UTF-8 text (byte 0xc3 at 0)\n"
    )


def test_hands_and_count_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--count`` is another name of ``--hands``: both at once used to keep the last
    one silently."""
    status = main(["simulate", "--hands", "5", "--count", "10", "--players", "2"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.splitlines()[-1].endswith("argument --count: not allowed with argument --hands")
    assert main(["simulate", "--count", "3", "--players", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 3


@pytest.mark.parametrize(
    ("chips", "squares", "problem"),
    [
        (10**4000, 10**8001, "chips is more than its seats could win or lose in the shard's hands"),
        (10**300, 10**601, "chips is more than its seats could win or lose in the shard's hands"),
        (0, 10**300, "chips_squared is more than the shard's hands could give"),
        (100, 1, "chips_squared is less than chips squared over hands: not one run's sums"),
    ],
    ids=["4000 digits", "300 digits", "huge squares", "squares too small"],
)
def test_impossible_sums_are_refused(chips: int, squares: int, problem: str) -> None:
    """Sums no run can give (a 4,000-digit total used to end in an OverflowError
    turning it into bb/100) are refused: a seat wins or loses at most the table's
    chips in a hand, and a sum of squares is at least the sum squared over hands."""
    data = shard()
    data["results"]["call"].update(chips=chips, chips_squared=squares)
    with pytest.raises(ShardError) as error:
        merge([data], ["a"])
    assert error.value.problems == [f"a: agent call: {problem}"]


def test_a_huge_count_is_cut_into_few_chunks() -> None:
    """``--count 10**12`` used to list 5 billion chunks before playing a hand
    (memory exhausted); the chunks grow instead, and still cover every hand once."""
    from holdem.selfplay.simulate import MAX_CHUNKS, _chunks

    for hands, workers, first in ((10**12, 1, 0), (10**12, 8, 7), (10**6 + 3, 2, 5)):
        chunks = _chunks(hands, workers, first)
        assert len(chunks) <= MAX_CHUNKS
        assert chunks[0][0] == first and chunks[-1][1] == first + hands
        assert all(a[1] == b[0] for a, b in zip(chunks, chunks[1:]))
    assert len(_chunks(1000, 1)) == 5  # ordinary runs keep chunks of 200 hands


def test_unreadable_lines_do_not_hide_the_other_records_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A line that is not JSON and a record with an impossible value are both
    reported (the second used to be hidden until the first was fixed)."""
    path = tmp_path / "s.jsonl"
    path.write_text("not json\n" + json.dumps({**shard(), "hands": 0}) + "\n")
    assert merge_errors(capsys, path) == [
        f"holdem merge: error: {path}:1: not JSON (Expecting value)",
        f"holdem merge: error: {path}:2: hands must be 1 or more, got 0",
    ]
