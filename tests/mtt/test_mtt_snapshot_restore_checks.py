"""R15 snapshots: restore refuses what play would trip over later (a waiting
player's seat taken or out of range, a bought list that is not three counts,
a place that is not a whole number, a table that would run the board more
than once), each as one SnapshotError naming the field."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from holdem.engine.snapshot import SnapshotError
from holdem.mtt import snapshot
from holdem.mtt.simulate import agents_director


def _saved(results: bool) -> dict[str, Any]:
    """A tournament saved when a player waits for a seat, or (``results``) once
    a player is out."""
    d, decide = agents_director(["call", "random"], players=30, seats=6, seed=3)
    while not (d._results if results else any(d._waiting.values())):
        d.play_round(decide)
    data: dict[str, Any] = json.loads(json.dumps(snapshot.snapshot(d)))
    return data


def _first_waiting(data: dict[str, Any]) -> tuple[str, list[Any]]:
    return next((n, ws[0]) for n, ws in data["waiting"].items() if ws)


def _taken_seat(data: dict[str, Any]) -> None:
    n, waiting = _first_waiting(data)
    table = snapshot.restore(data).tables[int(n)]
    waiting[2] = next(i for i, s in enumerate(table.seats) if s is not None)


def _seat(value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        _first_waiting(data)[1][2] = value

    return change


def _bought_empty(data: dict[str, Any]) -> None:
    name = next(iter(data["bought"]))
    data["bought"][name] = []


def _place_text(data: dict[str, Any]) -> None:
    data["results"][0][0] = "x"


def _max_runs(data: dict[str, Any]) -> None:
    for table in data["tables"].values():
        table["config"]["max_runs"] = 3


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (_taken_seat, "waiting"),
        (_seat(99), "waiting"),
        (_seat(-1), "waiting"),
        (_seat(True), "waiting"),
        (_bought_empty, "bought"),
        (_place_text, "results"),
        (_max_runs, "tables"),
    ],
    ids=["seat-taken", "seat-99", "seat-minus-1", "seat-true", "bought", "place", "max-runs"],
)
def test_r15_restore_refuses_what_play_would_trip_over(
    change: Callable[[dict[str, Any]], None], field: str
) -> None:
    data = _saved(results=change is _place_text)
    assert snapshot.restore(json.loads(json.dumps(data))).hands == data["hands"]
    change(data)
    with pytest.raises(SnapshotError, match=f"^{field}: "):
        snapshot.restore(data)
