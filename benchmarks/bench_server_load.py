"""Load on the reference server: many tables of WebSocket bot clients, over loopback.

Starts ``holdem serve`` on 127.0.0.1 (a free port, ``--bots 0``, no pause
between hands), connects ``--clients`` WebSocket clients to each of
``--tables`` tables, and lets them play until ``--hands`` hands have ended in
all (or ``--max-seconds`` have passed); then it stops the server and itself.

Every client acts only on its own ``turn`` messages (check 60% when free, else
call 60% / fold 25%; a minimum bet or raise otherwise) and checks, message by
message:

- **no card it may not see** (R6): each card in each message it receives must
  be one of its own hole cards, a board card dealt, or a card shown at
  showdown, at the time it arrives;
- **chips conserved**: for each hand, the stacks at its end add up to the
  stacks at its start.

It reports the action latency (from sending ``act`` to receiving the stream
message recording it), p50 and p99, and the hands per second.

Run from the repository root (needs the server extra)::

    .venv/bin/python benchmarks/bench_server_load.py
    .venv/bin/python benchmarks/bench_server_load.py --tables 10 --clients 6 --hands 2000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
CARD = re.compile(r"[2-9TJQKA][cdhs]")


class Totals:
    """What all the clients measured."""

    def __init__(self, goal: int) -> None:
        self.goal = goal
        self.hands = 0
        self.latencies: list[float] = []
        self.leaks: list[str] = []
        self.chip_errors: list[str] = []
        self.elapsed = 0.0
        self.done = asyncio.Event()


async def client(port: int, table: int, index: int, totals: Totals, rng: random.Random) -> None:
    async with connect(f"ws://127.0.0.1:{port}/ws", max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "join", "table": table}))
        await ws.send(json.dumps({"type": "sit", "name": f"c{table}-{index}"}))
        me: int | None = None
        allowed: set[str] = set()
        start_chips = 0
        sent_at: float | None = None
        counts_hands = index == 0  # one client per table counts its hands
        while not totals.done.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            message = json.loads(text)
            if message["type"] == "seated":
                me = message["seat"]
                continue
            if message["type"] == "error":
                totals.leaks.append(f"table {table}: error {message}")  # not expected at all
                continue
            if message["type"] != "events":
                continue
            for event in message["events"]:
                kind = event["t"]
                if kind == "hand":
                    allowed = set()
                    start_chips = sum(event["stacks"])
                elif kind == "deal" and "c" in event:
                    if event["s"] != me:
                        totals.leaks.append(f"table {table}: seat {me} got {event}")
                    allowed |= set(CARD.findall(event["c"]))
                elif kind in ("board", "show", "allin"):  # allin: all-in hands turned up (R6)
                    allowed |= set(CARD.findall(json.dumps(event["c"])))
                elif kind == "act" and event["s"] == me and sent_at is not None:
                    totals.latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                elif kind == "end":
                    if sum(event["stacks"]) != start_chips:
                        totals.chip_errors.append(f"table {table}: {start_chips} -> {event}")
                    if counts_hands:
                        totals.hands += 1
                        if totals.hands >= totals.goal:
                            totals.done.set()
                seen = set(CARD.findall(json.dumps(event)))
                if not seen <= allowed:
                    totals.leaks.append(f"table {table}: seat {me} saw {seen - allowed}")
                if kind == "turn" and event["s"] == me and "legal" in event:
                    action = choose(event["legal"], rng)
                    action.update(type="act", decision=event["d"])
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps(action))


def choose(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A simple random policy over the compact legal options."""
    r = rng.random()
    if legal["check"]:
        if r < 0.6 or "min" not in legal:
            return {"action": "check"}
        return {"action": legal["w"], "amount": legal["min"]}
    if r < 0.6:
        return {"action": "call"}
    if r < 0.85 or "min" not in legal:
        return {"action": "fold"}
    return {"action": legal["w"], "amount": legal["min"]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def run(args: argparse.Namespace) -> Totals:
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "holdem",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--tables",
            str(args.tables),
            "--seats",
            str(args.clients),
            "--bots",
            "0",
            "--between-hands",
            "0",
            "--decision-seconds",
            "30",
            "--max-connections-per-address",  # every client comes from 127.0.0.1
            str(args.tables * args.clients + 10),
            *(["--state-dir", args.state_dir] if args.state_dir else []),
            *(["--state-store", args.state_store] if args.state_dir else []),
        ],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    totals = Totals(args.hands)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                await asyncio.sleep(0.05)
        rng = random.Random(args.seed)
        tasks = [
            asyncio.create_task(client(port, t, i, totals, random.Random(rng.random())))
            for t in range(args.tables)
            for i in range(args.clients)
        ]
        started = time.perf_counter()
        try:
            await asyncio.wait_for(totals.done.wait(), timeout=args.max_seconds)
        except TimeoutError:
            print(f"stopped after {args.max_seconds} s", file=sys.stderr)
        totals.elapsed = time.perf_counter() - started
        totals.done.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--clients", type=int, default=6, help="WebSocket clients per table")
    parser.add_argument("--hands", type=int, default=2000, help="hands in all")
    parser.add_argument("--max-seconds", type=float, default=900.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--state-dir", help="run the server with --state-dir DIR (the durable store)"
    )
    parser.add_argument(
        "--state-store", choices=("json", "sqlite"), default="sqlite", help="with --state-dir"
    )
    args = parser.parse_args()
    totals = asyncio.run(run(args))
    elapsed = totals.elapsed
    lat = sorted(totals.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))] * 1000 if lat else float("nan")
    print(f"{args.tables} tables x {args.clients} WebSocket clients, loopback")
    rate = totals.hands / elapsed
    print(f"hands           : {totals.hands} in {elapsed:.1f} s = {rate:.1f} hands/s")
    print(f"actions         : {len(lat)}")
    print(f"action latency  : p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    print(f"chips conserved : {'yes' if not totals.chip_errors else totals.chip_errors[:3]}")
    print(f"cards leaked    : {'none' if not totals.leaks else totals.leaks[:3]}")
    if totals.chip_errors or totals.leaks or totals.hands < args.hands:
        sys.exit(1)


if __name__ == "__main__":
    main()
