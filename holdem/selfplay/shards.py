"""Shards of a simulation, merged exactly (``holdem merge``).

``holdem simulate --start K --count N --json`` plays hands ``K`` to
``K + N - 1`` of a run; hand ``i`` depends only on ``(seed, i)``, so the
shards of a run can be played anywhere. Their JSON lines carry the settings
and exact integer sums (``chips`` and ``chips_squared`` per agent), and
:func:`merge` adds them up into the result of the whole run: the same
``results`` as one run of all the hands, to the last digit. ``seconds`` is
the sum of the shards' seconds.

>>> from holdem.selfplay.simulate import simulate
>>> whole = simulate(players=3, hands=30, seed=5, agents=["call", "random"])
>>> parts = [simulate(players=3, hands=n, seed=5, agents=["call", "random"], start=k)
...          for k, n in ((0, 10), (10, 20))]
>>> merged = merge([p.to_dict() for p in parts])
>>> merged.to_dict()["results"] == whole.to_dict()["results"]
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

from holdem.errors import HoldemError
from holdem.selfplay.simulate import Simulation, result_of

SETTINGS = ("players", "seed", "agents", "small_blind", "big_blind", "stack")
"""The settings every shard of one run must share."""


class ShardError(HoldemError):
    """Shards that cannot be merged: bad data, different settings, or hands
    missing or played twice.

    Attributes:
        problems: one line per problem.
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# Each whole-number setting with its lowest and highest value (None: no bound).
_BOUNDS: dict[str, tuple[int, int | None]] = {
    "hands": (1, None),
    "start": (0, None),
    "players": (2, 10),
    "small_blind": (0, None),
    "big_blind": (1, None),
    "stack": (1, None),
}


def _range_text(low: int, high: int | None) -> str:
    return f"{low} or more" if high is None else f"{low} to {high}"


def _shard(data: Any, where: str, problems: list[str]) -> dict[str, Any] | None:
    if not isinstance(data, Mapping):
        problems.append(f"{where}: not a simulate --json object")
        return None
    missing = [k for k in ("hands", "start", "seconds", "results", *SETTINGS) if k not in data]
    if missing:
        problems.append(f"{where}: missing {', '.join(missing)} (from holdem simulate --json)")
        return None
    bad = [k for k in _BOUNDS if not _whole(data[k])]
    if bad or not isinstance(data["results"], Mapping):
        problems.append(f"{where}: not whole numbers: {', '.join(bad) or 'results'}")
        return None
    for key, (low, high) in _BOUNDS.items():
        value = data[key]
        if value < low or (high is not None and value > high):
            problems.append(f"{where}: {key} must be {_range_text(low, high)}, got {value}")
            return None
    seconds = data["seconds"]
    if (
        not isinstance(seconds, int | float)
        or isinstance(seconds, bool)
        or not (0 <= seconds < math.inf)
    ):
        problems.append(f"{where}: seconds must be a number of seconds, 0 or more, got {seconds!r}")
        return None
    agents = data["agents"]
    if not isinstance(agents, list) or not agents or not all(isinstance(a, str) for a in agents):
        problems.append(f"{where}: agents must be a list of agent names, got {agents!r}")
        return None
    if not (_whole(data["seed"]) or isinstance(data["seed"], str)):
        problems.append(f"{where}: seed must be a whole number or text, got {data['seed']!r}")
        return None
    names = list(dict.fromkeys(agents))
    if sorted(data["results"]) != sorted(names):
        problems.append(
            f"{where}: results must have one entry per agent ({', '.join(names)}), "
            f"got {', '.join(map(str, data['results']))}"
        )
        return None
    for name, result in data["results"].items():
        fields = ("seats", "hands", "chips", "chips_squared")
        if not isinstance(result, Mapping) or not all(_whole(result.get(f)) for f in fields):
            need = "whole seats, hands, chips and chips_squared"
            problems.append(f"{where}: agent {name}: needs {need}")
            return None
        detail = None
        if not 1 <= result["seats"] <= data["players"]:
            detail = f"seats must be 1 to {data['players']}, got {result['seats']}"
        elif result["hands"] != data["hands"]:
            detail = f"hands must be the shard's hands ({data['hands']}), got {result['hands']}"
        elif result["chips_squared"] < 0:
            detail = f"chips_squared must be 0 or more, got {result['chips_squared']}"
        elif abs(result["chips"]) > data["hands"] * data["players"] * data["stack"]:
            detail = "chips is more than its seats could win or lose in the shard's hands"
        elif result["chips_squared"] * data["hands"] < result["chips"] ** 2:
            # Cauchy-Schwarz: the sum of squares is at least (the sum)^2 / hands.
            detail = "chips_squared is less than chips squared over hands: not one run's sums"
        elif result["chips_squared"] > data["hands"] * (data["players"] * data["stack"]) ** 2:
            detail = "chips_squared is more than the shard's hands could give"
        if detail is not None:
            problems.append(f"{where}: agent {name}: {detail}")
            return None
    return dict(data)


def merge(shards: Iterable[Any], names: Iterable[str] | None = None) -> Simulation:
    """The result of a whole run from the JSON data of its shards (in any order).

    Args:
        shards: :meth:`Simulation.to_dict <holdem.selfplay.simulate.Simulation.to_dict>`
            data, one per shard.
        names: where each shard came from, for the error lines (default
            ``shard 1``, ``shard 2``, ...).

    Raises:
        ShardError: a shard is not simulate data, the shards' settings differ,
            or their hands leave a gap or overlap (every problem listed).
    """
    items = list(shards)
    labels = list(names) if names is not None else [f"shard {i + 1}" for i in range(len(items))]
    problems: list[str] = []
    if not items:
        raise ShardError(["no shards to merge"])
    good: list[tuple[str, dict[str, Any]]] = []
    for label, data in zip(labels, items):
        shard = _shard(data, label, problems)
        if shard is not None:
            good.append((label, shard))
    if problems:
        raise ShardError(problems)
    first_label, first = good[0]
    for label, shard in good[1:]:
        for key in SETTINGS:
            if shard[key] != first[key]:
                problems.append(
                    f"{label}: {key} is {shard[key]!r}, but {first[key]!r} in {first_label}"
                )
        for name, result in shard["results"].items():
            theirs = first["results"].get(name)
            if theirs is not None and result["seats"] != theirs["seats"]:
                problems.append(
                    f"{label}: agent {name} has {result['seats']} seats, "
                    f"but {theirs['seats']} in {first_label}"
                )
    good.sort(key=lambda item: item[1]["start"])
    for (label_a, a), (label_b, b) in zip(good, good[1:]):
        end = a["start"] + a["hands"]
        if b["start"] > end:
            problems.append(f"hands {end} to {b['start'] - 1} are in no shard")
        elif b["start"] < end:
            problems.append(f"{label_a} and {label_b} both played hand {b['start']}")
    if problems:
        raise ShardError(problems)
    hands = sum(s["hands"] for _, s in good)
    agents = list(first["results"])
    results = []
    for name in agents:
        parts = [s["results"].get(name) for _, s in good]
        if any(p is None for p in parts):
            raise ShardError([f"agent {name} is missing from a shard"])
        seats = parts[0]["seats"]
        total = sum(p["chips"] for p in parts)
        squares = sum(p["chips_squared"] for p in parts)
        results.append(result_of(name, seats, hands, total, squares, first["big_blind"]))
    return Simulation(
        hands,
        float(sum(s["seconds"] for _, s in good)),
        tuple(results),
        first["players"],
        first["seed"],
        tuple(first["agents"]),
        len(good),
        first["small_blind"],
        first["big_blind"],
        first["stack"],
        good[0][1]["start"],
    )


def read_shards(paths: Iterable[str]) -> tuple[list[Any], list[str], list[str]]:
    """Every JSON line of the files (``-``: standard input).

    Returns:
        ``(data, labels, problems)``: the parsed lines, a label per line
        (``file:line``), and one line per file or line that could not be read
        (an empty or blank file is one: a shard left out would go unnoticed).
    """
    import sys

    data: list[Any] = []
    labels: list[str] = []
    problems: list[str] = []
    for path in paths:
        try:
            if path == "-":
                stdin = getattr(sys.stdin, "buffer", None)
                raw = stdin.read() if stdin is not None else sys.stdin.read().encode("utf-8")
            else:
                with open(path, "rb") as handle:
                    raw = handle.read()
        except OSError as error:
            problems.append(f"{path}: cannot read: {error.strerror or error}")
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            byte = raw[error.start]
            problems.append(
                f"{path}: cannot read: not UTF-8 text (byte {byte:#04x} at {error.start})"
            )
            continue
        if not text.strip():
            name = "standard input" if path == "-" else path
            problems.append(f"{name}: empty: no shard in it (holdem simulate --json writes one)")
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                data.append(json.loads(line))
            except json.JSONDecodeError as error:
                problems.append(f"{path}:{number}: not JSON ({error.msg})")
                continue
            except RecursionError:
                problems.append(f"{path}:{number}: not JSON (nested too deeply)")
                continue
            except ValueError:  # an integer longer than sys.get_int_max_str_digits()
                limit = sys.get_int_max_str_digits()
                problems.append(f"{path}:{number}: not JSON (a number of more than {limit} digits)")
                continue
            labels.append(f"{path}:{number}")
    return data, labels, problems
