"""Shards of a simulation (--start/--count) and holdem merge: exact, like one run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from holdem.cli.command import main
from holdem.selfplay.shards import ShardError, merge
from holdem.selfplay.simulate import simulate

TIMING = ("seconds", "hands_per_second")


def untimed(data: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in data.items() if k not in TIMING}


def test_shards_merge_into_exactly_the_whole_run() -> None:
    settings = {"players": 4, "seed": 9, "agents": ["potodds", "random", "call"]}
    whole = simulate(hands=45, **settings)  # type: ignore[arg-type]
    parts = [simulate(hands=n, start=k, **settings) for k, n in ((30, 15), (0, 7), (7, 23))]  # type: ignore[arg-type]
    merged = merge([p.to_dict() for p in parts])
    assert untimed(merged.to_dict()) == untimed(whole.to_dict())
    for mine, theirs in zip(merged.results, whole.results):
        assert (mine.chips, mine.chips_squared) == (theirs.chips, theirs.chips_squared)
        assert mine.bb_per_100 == theirs.bb_per_100 and mine.ci95 == theirs.ci95
    assert merged.seconds == pytest.approx(sum(p.seconds for p in parts), abs=1e-5)


def test_exact_sums_of_squares() -> None:
    sim = simulate(players=2, hands=12, seed=3, agents=["random", "call"])
    data = sim.to_dict()["results"]
    assert data["random"]["chips"] == -data["call"]["chips"]
    # Heads-up, what one agent wins the other loses in every hand: same squares.
    assert data["random"]["chips_squared"] == data["call"]["chips_squared"] > 0


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_shards_and_merge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    common = ["simulate", "--players", "3", "--seed", "4", "--agent", "random,call", "--json"]
    status, out, _ = run(capsys, *common, "--hands", "40")
    assert status == 0
    whole = json.loads(out)
    lines = []
    for start, count in ((0, 25), (25, 15)):
        status, out, _ = run(capsys, *common, "--start", str(start), "--count", str(count))
        assert status == 0
        lines.append(out)
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text(lines[1])
    second.write_text(lines[0])
    status, out, err = run(capsys, "merge", str(first), str(second))
    assert status == 0, err
    assert untimed(json.loads(out)) == untimed(whole)
    status, out, _ = run(capsys, "merge", "--text", str(first), str(second))
    assert status == 0 and out.startswith("3 players, 40 hands, seed 4")


def test_merge_reports_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = simulate(players=2, hands=5, seed=1, agents=["call"]).to_dict()
    b = simulate(players=2, hands=5, seed=1, agents=["call"], start=8).to_dict()
    c = simulate(players=2, hands=5, seed=2, agents=["call"], start=5).to_dict()
    with pytest.raises(ShardError) as error:
        merge([a, b, c], ["a", "b", "c"])
    assert error.value.problems == ["c: seed is 2, but 1 in a", "c and b both played hand 8"]
    with pytest.raises(ShardError) as error:
        merge([a, b])
    assert error.value.problems == ["hands 5 to 7 are in no shard"]
    with pytest.raises(ShardError, match="no shards"):
        merge([])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(a) + "\nnot json\n" + json.dumps({"hands": 3}) + "\n")
    status, out, err = run(capsys, "merge", str(bad), str(tmp_path / "missing.jsonl"))
    assert status == 2 and out == ""
    assert err.splitlines() == [
        f"holdem merge: error: {bad}:2: not JSON (Expecting value)",
        f"holdem merge: error: {tmp_path / 'missing.jsonl'}: cannot read: No such file or directory",
        f"holdem merge: error: {bad}:3: missing start, seconds, results, players, seed, agents, "
        "small_blind, big_blind, stack (from holdem simulate --json)",
    ]
    bad.write_text(json.dumps(a) + "\n" + json.dumps({"hands": 3}) + "\n")
    status, out, err = run(capsys, "merge", str(bad))
    assert status == 2
    assert err.startswith(f"holdem merge: error: {bad}:2: missing start, seconds, results, players")


def test_bad_start(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "simulate", "--start", "-1", "--hands", "3")
    assert status == 2 and err == "holdem simulate: error: start: must be 0 or more, got -1\n"
    status, _, err = run(capsys, "simulate", "--address", "auto", "--hands", "3")
    assert status == 2 and err == "holdem simulate: error: --address needs --backend ray\n"


def test_ray_backend_without_ray_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    status, out, err = run(capsys, "simulate", "--hands", "3", "--backend", "ray")
    assert status == 2 and out == ""
    assert err == "holdem simulate: error: the ray backend needs Ray: pip install 'holdem[ray]'\n"
