"""The batched engine: speed, and exactness against ``Hand`` over many hands.

Speed: 6-max random play (blinds 1/2, 200 big blinds, the random policy) on
:func:`holdem.batch.play` in one process (the compiled kernel; CPU time of
this process, the best of ``--repeat``), and through
:func:`holdem.batch.simulate_batch` with one worker per CPU (elapsed time:
the workers' CPU time is not this process's; the goal: at least 100,000
hands per second on a 2-core machine). No peer here: the batched engine's
ratio to OpenSpiel is in ``bench_openspiel.py``.

Exactness (``--check N``, default 1,000,000): N hands per table, in batches
of 10,000, over the tables below (equal deep stacks, mixed short stacks,
big-blind antes, uniform antes with a chip unit, heads-up, straddles and
re-straddles, a button straddle, two and three runs of the board, rake with
a cap and "no flop, no drop", and all of these at once), the random and
table policies alternating batch by batch; every hand is replayed through
``Hand`` by :func:`holdem.batch.replay` (same seat to act, same raise range,
same seat answering the run question, same final stacks, same rake) and the
disagreements are counted (a batch stops at its first one). The batches run
on ``--workers`` processes (default: one per CPU).

Run from the repository root (numpy and numba needed: the ``batch`` extra)::

    .venv/bin/python benchmarks/bench_batch.py                 # speed + 1,000,000 a table
    .venv/bin/python benchmarks/bench_batch.py --check 20000
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time

import numpy as np

from holdem import TableConfig
from holdem.batch import MismatchError, TablePolicy, play, random_policy, replay, simulate_batch

RAKE = {"rate": "5%", "cap": 7, "no_flop_no_drop": True}

TABLES = {
    "deep": TableConfig([400] * 6, 1, 2),
    "short stacks": TableConfig([400, 50, 120, 400, 7, 300], 1, 2),
    "big-blind ante": TableConfig([100, 37, 250, 60, 8, 3], 5, 10, ante=10, ante_type="big_blind"),
    "ante, chip unit": TableConfig([30, 31, 45, 100, 5, 60, 75], 2, 4, ante=1, chip_unit=2),
    "heads-up": TableConfig([100, 3], 1, 2),
    "straddles": TableConfig([400, 90, 300, 400, 120, 400, 250, 60], 1, 2, straddles=[3, 4]),
    "button straddle": TableConfig([400, 50, 120, 400, 70, 300], 1, 2, straddles=[0]),
    "runs": TableConfig([400, 50, 120, 400, 7, 300], 1, 2, max_runs=3),
    "rake": TableConfig(
        [100, 37, 250, 60, 8, 30], 5, 10, ante=10, ante_type="big_blind", rake=RAKE
    ),
    "all": TableConfig(
        [300, 120, 400, 80, 400, 260],
        2,
        4,
        ante=1,
        chip_unit=2,
        straddles=[3],
        max_runs=2,
        rake={"rate": "1/30", "cap": 9},
    ),
}


def speed(hands: int, repeat: int) -> None:
    config = TABLES["deep"]
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
    used = 0
    for run in range(repeat):
        result = simulate_batch(6, 400 * hands, run, ["random"], workers=workers)
        best = max(best, result.simulation.hands_per_second)
        used = result.simulation.workers
    print(
        f"simulate_batch, {used} workers, {400 * hands:,} hands: {best:,.0f} hands/s "
        f"(elapsed time, worker starts included; goal: at least 100,000)"
    )


def _batch(job: tuple[str, int, int]) -> tuple[int, int, str | None]:
    """Play and replay one batch: (hands, actions, the disagreement or None)."""
    name, batch, size = job
    config = TABLES[name]
    policy = random_policy if batch % 2 == 0 else TablePolicy.tight()
    buttons = np.arange(size) % config.seats
    rng = np.random.default_rng([7, batch, len(name)])
    result = play(config, buttons, policy, rng, record=True)
    assert result.log is not None
    try:
        for _ in replay(config, buttons, result):
            pass
    except MismatchError as error:
        return size, len(result.log), f"{name}, batch {batch}: {error}"
    return size, len(result.log), None


def check(total: int, workers: int) -> None:
    began = time.perf_counter()
    cpu = time.process_time()
    jobs = [
        (name, batch, min(10_000, total - start))
        for name in TABLES
        for batch, start in enumerate(range(0, total, 10_000))
    ]
    counts = {name: [0, 0, 0] for name in TABLES}
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        for job, (hands, actions, problem) in zip(jobs, pool.imap(_batch, jobs)):
            count = counts[job[0]]
            count[0] += hands
            count[1] += actions
            if problem is not None:
                count[2] += 1
                print(problem)
    seconds = time.perf_counter() - began
    for name, (hands, actions, mismatches) in counts.items():
        print(
            f"exactness, {name:<16} {hands:,} hands ({actions:,} actions) replayed through "
            f"Hand: {mismatches} disagreements"
        )
    print(
        f"exactness: {sum(c[0] for c in counts.values()):,} hands over {len(TABLES)} tables, "
        f"{sum(c[2] for c in counts.values())} disagreements, {seconds:.0f} s elapsed on "
        f"{workers} workers (this process {time.process_time() - cpu:.0f} s CPU)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per timed batch")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (best kept)")
    parser.add_argument(
        "--check", type=int, default=1_000_000, help="hands to check per table (0: none)"
    )
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes for the check"
    )
    parser.add_argument("--no-speed", action="store_true", help="only the exactness check")
    args = parser.parse_args(argv)
    print(f"load average {open('/proc/loadavg').read().split()[0]} at the start")
    if not args.no_speed:
        speed(args.hands, args.repeat)
    if args.check:
        check(args.check, args.workers)
    print(f"load average {open('/proc/loadavg').read().split()[0]} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
