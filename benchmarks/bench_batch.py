"""The batched engine: speed, and exactness against ``Hand`` over many hands.

Speed: 6-max random play (blinds 1/2, 200 big blinds, the random policy) on
:func:`holdem.batch.play` in one process (CPU time of this process, the best
of ``--repeat``), and through :func:`holdem.batch.simulate_batch` with one
worker per CPU (elapsed time: the workers' CPU time is not this process's;
the goal: at least 100,000 hands per second on a 2-core machine). No peer
here: the batched engine's ratio to OpenSpiel is in ``bench_openspiel.py``.

Exactness (``--check N``, default 1,000,000): N hands in batches of 10,000
over several tables (equal deep stacks, mixed short stacks, big-blind antes,
uniform antes with a chip unit, heads-up), every hand replayed through
``Hand`` by :func:`holdem.batch.replay` (same seat to act, same raise range,
same final stacks), with the count of hands, actions and disagreements.

Run from the repository root (numpy needed: the ``batch`` extra)::

    .venv/bin/python benchmarks/bench_batch.py                 # speed + 1,000,000 checked
    .venv/bin/python benchmarks/bench_batch.py --check 20000
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from holdem import TableConfig
from holdem.batch import MismatchError, TablePolicy, play, random_policy, replay, simulate_batch

TABLES = [
    TableConfig([400] * 6, 1, 2),
    TableConfig([400, 50, 120, 400, 7, 300], 1, 2),
    TableConfig([100, 37, 250, 60, 8, 3], 5, 10, ante=10, ante_type="big_blind"),
    TableConfig([30, 31, 45, 100, 5, 60, 75], 2, 4, ante=1, chip_unit=2),
    TableConfig([100, 3], 1, 2),
]


def speed(hands: int, repeat: int) -> None:
    config = TABLES[0]
    rng = np.random.default_rng(1)
    play(config, np.arange(100) % 6, random_policy, rng)  # builds the tables
    best = 0.0
    for _ in range(repeat):
        began = time.process_time()
        play(config, np.arange(hands) % 6, random_policy, rng)
        best = max(best, hands / (time.process_time() - began))
    print(f"batch play, one process, {hands} hands per batch: {best:,.0f} hands/s")
    workers = os.cpu_count() or 1
    best = 0.0
    for run in range(repeat):
        result = simulate_batch(6, 40 * hands, run, ["random"], workers=workers)
        best = max(best, result.simulation.hands_per_second)
    print(
        f"simulate_batch, {workers} workers, {40 * hands:,} hands: {best:,.0f} hands/s "
        f"(goal: at least 100,000)"
    )


def check(total: int) -> None:
    began = time.perf_counter()
    hands = actions = mismatches = 0
    batch = 0
    policies = [random_policy, TablePolicy.tight()]
    while hands < total:
        config = TABLES[batch % len(TABLES)]
        size = min(10_000, total - hands)
        buttons = np.arange(size) % config.seats
        rng = np.random.default_rng([7, batch])
        result = play(config, buttons, policies[batch % 2], rng, record=True)
        assert result.log is not None
        try:
            for _ in replay(config, buttons, result):
                pass
        except MismatchError as error:
            mismatches += 1
            print(f"batch {batch}: {error}")
        hands += size
        actions += len(result.log)
        batch += 1
    seconds = time.perf_counter() - began
    print(
        f"exactness: {hands:,} hands ({actions:,} actions) replayed through Hand over "
        f"{len(TABLES)} tables in {seconds:.0f} s: {mismatches} disagreements"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per timed batch")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (best kept)")
    parser.add_argument("--check", type=int, default=1_000_000, help="hands to check (0: none)")
    args = parser.parse_args(argv)
    speed(args.hands, args.repeat)
    if args.check:
        check(args.check)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
