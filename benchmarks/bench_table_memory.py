"""Memory of a long cash session at one table: flat, with the bounded event buffer.

A server keeps one :class:`holdem.table.table.Table` alive for ever. This plays
``--hands`` cash hands at a six-seat table (blinds 1/2, 200-chip buy-ins,
players who lose their stack rebuy at once, the button moving every hand,
every seat playing the ``random`` policy of :mod:`holdem.selfplay.agents`) and samples
the process's memory every ``--every`` hands: the resident set size from
``/proc/self/statm`` and, with ``--tracemalloc``, the bytes Python has
allocated (slower). The table's events are never drained, so only the bound
``--max-events`` keeps them in check.

Run from the repository root::

    .venv/bin/python benchmarks/bench_table_memory.py                 # 200,000 hands
    .venv/bin/python benchmarks/bench_table_memory.py --hands 20000 --every 2000 --tracemalloc

It prints one line per sample (hands played, events recorded and kept, RSS
in MiB, traced MiB) and at the end the growth from the first sample to the
last.
"""

from __future__ import annotations

import argparse
import os
import random
import time
import tracemalloc

from holdem import Hand
from holdem.selfplay.agents import random_action
from holdem.table.table import Level, Table

SEATS, STACK = 6, 200


def rss_mib() -> float:
    """The resident set size of this process in MiB (Linux ``/proc``)."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--every", type=int, default=10_000, help="hands between samples")
    parser.add_argument("--max-events", type=int, default=10_000)
    parser.add_argument("--tracemalloc", action="store_true", help="also trace allocations")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.tracemalloc:
        tracemalloc.start()
    rng = random.Random(args.seed)
    table = Table(SEATS, schedule=Level(1, 2), seed=args.seed, max_events=args.max_events)
    for seat in range(SEATS):
        table.sit(seat, f"P{seat}", STACK)

    def decide(hand: Hand, seat: int) -> object:
        legal = hand.legal_actions()
        assert legal is not None
        return random_action(legal, rng)

    samples: list[tuple[int, float, float]] = []
    print(f"{'hands':>8} {'recorded':>9} {'kept':>6} {'RSS MiB':>8} {'traced MiB':>10}")
    start = time.perf_counter()
    bought = SEATS * STACK
    for k in range(1, args.hands + 1):
        for seat, state in enumerate(table.seats):
            if state is not None and state.stack == 0:
                table.rebuy(seat, STACK)
                bought += STACK
        table.play_hand(decide)  # type: ignore[arg-type]
        if k % args.every == 0 or k == args.hands:
            traced = tracemalloc.get_traced_memory()[0] / 2**20 if args.tracemalloc else 0.0
            samples.append((k, rss_mib(), traced))
            print(
                f"{k:>8} {table.events_recorded:>9} {len(table.events):>6} "
                f"{samples[-1][1]:>8.1f} {traced:>10.2f}",
                flush=True,
            )
    elapsed = time.perf_counter() - start
    total = sum(s.stack for s in table.seats if s is not None)
    assert total == bought, f"chips at the table {total:,} != chips bought {bought:,}"
    first, last = samples[0], samples[-1]
    print(
        f"{args.hands:,} hands in {elapsed:.0f} s ({args.hands / elapsed:,.0f} hands/s); "
        f"chips at the table {total:,} = chips bought"
    )
    print(
        f"growth from hand {first[0]:,} to hand {last[0]:,}: RSS {last[1] - first[1]:+.1f} MiB"
        + (f", traced {last[2] - first[2]:+.2f} MiB" if args.tracemalloc else "")
    )


if __name__ == "__main__":
    main()
