"""``holdem simulate --batch``: self-play on the batched engine.

The report is :func:`holdem.selfplay.simulate.simulate`'s (a
:class:`~holdem.selfplay.simulate.Simulation`, the same text and ``--json``), over
hands played by :func:`holdem.batch.play`: a cash table, every stack reset
to the starting stack before each hand, the button on seat ``i % players``
in hand ``i``, agents on the seats cyclically. The hands are played in
blocks of :data:`BLOCK`; block ``b`` draws its deals and decisions from
``numpy.random.default_rng([seed, b])`` (a text seed is first turned into a
number by SHA-256), so the results for a seed do not depend on ``workers``.
They differ from ``holdem simulate`` without ``--batch``, whose random
source is Python's.
"""

from __future__ import annotations

import collections
import hashlib
import io
import json
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.pool import AsyncResult
from pathlib import Path

import attrs
import numpy as np
import numpy.typing as npt

from holdem.batch.engine import Policy, check_config
from holdem.batch.policies import SeatPolicies, TablePolicy, call_policy, random_policy
from holdem.batch.run import play
from holdem.engine.config import TableConfig
from holdem.errors import ConfigError
from holdem.selfplay.simulate import Simulation, check_settings, result_of

IntArray = npt.NDArray[np.int64]

BLOCK = 8192
"""Hands per block (the unit of work and of seeding)."""

WORKER_HANDS = 1 << 20
"""At most one worker process per this many hands: starting one (Python,
numpy, numba's cached kernel, the evaluator's tables) takes about a second,
in which the kernel plays about a million hands in the process itself."""

POLICIES: tuple[str, ...] = ("random", "call", "table", "table:PATH")
"""The agent names ``--batch`` knows: the ``random`` and ``call`` agents'
policies, :meth:`TablePolicy.tight`, and a :class:`TablePolicy` read from a
``.npy`` or ``.json`` file of weights."""


MAX_TABLE_BYTES = 1 << 20
"""The largest policy table file read (a ``(4, 169, 3)`` table of weights
takes about 16 KB in either format)."""


def _json_weights(data: bytes) -> list[object]:
    """The nested lists of numbers of a JSON table (ValueError when it is
    not UTF-8 JSON, or holds anything but lists and numbers: text, true,
    null, objects)."""
    value = json.loads(data.decode("utf-8"))
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, bool) or not isinstance(item, (int, float)):
            raise ValueError(f"a weight must be a number, got {json.dumps(item)[:40]}")
    if not isinstance(value, list):
        raise ValueError("the table must be a JSON array of arrays of weights")
    return value


def load_policy(name: str) -> Policy:
    """The array policy named ``name`` (one of :data:`POLICIES`).

    Raises:
        ConfigError: an unknown name, or a table file that cannot be read,
            is larger than :data:`MAX_TABLE_BYTES`, is not a ``.npy`` array or
            JSON lists of numbers, or has the wrong shape (field ``agent``).
    """
    if name == "random":
        return random_policy
    if name == "call":
        return call_policy
    if name == "table":
        return TablePolicy.tight()
    if name.startswith("table:"):
        path = Path(name[len("table:") :])
        try:
            with path.open("rb") as file:
                data = file.read(MAX_TABLE_BYTES + 1)
            if len(data) > MAX_TABLE_BYTES:
                raise ValueError(f"larger than {MAX_TABLE_BYTES:,} bytes")
            if path.suffix == ".npy":
                weights = np.load(io.BytesIO(data), allow_pickle=False)
            else:
                weights = _json_weights(data)
            return TablePolicy(weights)
        except (OSError, ValueError, TypeError, RecursionError, EOFError) as error:
            reason = "nested too deeply" if isinstance(error, RecursionError) else error
            raise ConfigError(
                "agent", f"cannot read the policy table {str(path)!r}: {reason}"
            ) from None
    raise ConfigError(
        "agent", f"unknown batch agent {name!r} (known: random, call, table, table:PATH)"
    )


def _seed_number(seed: int | str) -> int:
    if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0:
        return seed
    return int.from_bytes(hashlib.sha256(str(seed).encode()).digest()[:8], "big")


Job = tuple[TableConfig, tuple[str, ...], int, int, int, int]


def _block(job: Job) -> tuple[int, int, list[tuple[int, int]]]:
    """Play hands start..stop-1 of block ``b``: (hands, actions, per agent
    (sum of y, sum of y squared))."""
    config, agents, seed, block, start, stop = job
    players = config.seats
    names = list(dict.fromkeys(agents))
    loaded = {name: load_policy(name) for name in names}
    seat_names = [agents[s % len(agents)] for s in range(players)]
    policy = SeatPolicies([loaded[name] for name in seat_names])
    rng = np.random.default_rng([seed, block])
    result = play(config, np.arange(start, stop) % players, policy, rng)
    tally = []
    for name in names:
        seats = [s for s in range(players) if seat_names[s] == name]
        y = result.net[:, seats].sum(axis=1)
        top = int(np.abs(y).max(initial=0))
        if top * top * len(y) < 1 << 63:
            tally.append((int(y.sum()), int((y * y).sum())))
        else:
            # Python ints: the squares of large stacks would overflow int64.
            values = y.tolist()
            tally.append((sum(values), sum(v * v for v in values)))
    return stop - start, result.actions, tally


def simulate_batch(
    players: int = 6,
    hands: int = 1000,
    seed: int | str = 0,
    agents: Sequence[str] = ("random",),
    *,
    workers: int = 1,
    small_blind: int = 1,
    big_blind: int = 2,
    stack: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> BatchSimulation:
    """Self-play on the batched engine; arguments as for
    :func:`holdem.selfplay.simulate.simulate`, agents from :data:`POLICIES`.

    ``workers`` is capped at one per :data:`WORKER_HANDS` hands (and one per
    block); the report gives the number used. The results do not depend on it.

    Raises:
        ConfigError: a setting is invalid (its name is the error's ``field``).
    """
    agents = check_settings(players, hands, workers, agents)
    for name in dict.fromkeys(agents):
        load_policy(name)
    chips = 200 * big_blind if stack is None else stack
    config = TableConfig([chips] * players, small_blind, big_blind)
    check_config(config)
    if workers == 0:
        workers = os.cpu_count() or 1
    number = _seed_number(seed)
    jobs = (
        (config, agents, number, b, start, min(start + BLOCK, hands))
        for b, start in enumerate(range(0, hands, BLOCK))
    )
    workers = min(workers, -(-hands // BLOCK), -(-hands // WORKER_HANDS), 4 * (os.cpu_count() or 1))
    names = list(dict.fromkeys(agents))
    totals = [[0, 0] for _ in names]
    done = actions = 0
    began = time.perf_counter()
    for count, acted, tally in _run(jobs, workers):
        done += count
        actions += acted
        for total, (s, q) in zip(totals, tally):
            total[0] += s
            total[1] += q
        if progress is not None:
            progress(done, hands)
    seconds = time.perf_counter() - began
    results = []
    for name, (s, q) in zip(names, totals):
        seats = sum(1 for seat in range(players) if agents[seat % len(agents)] == name)
        results.append(result_of(name, seats, hands, s, q, big_blind))
    simulation = Simulation(
        hands,
        seconds,
        tuple(results),
        players,
        seed,
        agents,
        workers,
        small_blind,
        big_blind,
        chips,
    )
    return BatchSimulation(simulation, actions)


@attrs.frozen
class BatchSimulation:
    """What :func:`simulate_batch` gives back: the :class:`~holdem.selfplay.simulate.Simulation`
    report and the number of betting actions taken.

    Attributes:
        simulation: the report (``format_results`` and ``to_dict`` as without ``--batch``).
        actions: betting actions over all hands.
    """

    simulation: Simulation
    actions: int

    @property
    def hands(self) -> int:
        """Hands played."""
        return self.simulation.hands


def _run(jobs: Iterator[Job], workers: int) -> Iterator[tuple[int, int, list[tuple[int, int]]]]:
    """The blocks' tallies in block order; the jobs are made as they are
    needed, at most two per worker ahead (a huge ``hands`` never builds a
    huge list)."""
    if workers == 1:
        for job in jobs:
            yield _block(job)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        pending: collections.deque[AsyncResult[tuple[int, int, list[tuple[int, int]]]]]
        pending = collections.deque()
        for job in jobs:
            pending.append(pool.apply_async(_block, (job,)))
            if len(pending) >= 2 * workers:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
