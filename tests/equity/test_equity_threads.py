"""The lazily built evaluation and equity tables are built once, safely, when
many threads ask for them at once (issue 10, section 6: thread safety).

Each test starts a fresh interpreter, so that the tables are not built yet,
and has 8 threads call the public functions on first use, arriving one
after another while the tables are being built.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, threading, time
from holdem import equity
from holdem.engine import _fasteval
from holdem.engine.showdown import rank

barrier = threading.Barrier(8)
results, errors = [None] * 8, []

def work(i):
    barrier.wait()
    time.sleep(0.015 * i)  # some threads arrive while the first one is building
    try:
        if i % 2:
            r = equity(["AsAh", "KsKh"], board="2c7d9h")
        else:
            r = equity(["AsAh", "KsKh", "QdJd"], board="2c7d9hTs")
        results[i] = [str(p.equity) for p in r.players] + [rank("AsKs", "QsJsTs2d3c")]
    except BaseException as error:
        errors.append(repr(error))

threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps({"errors": errors, "results": results, "built": _fasteval._TABLES is not None}))
"""


def test_eight_threads_on_first_use_get_the_same_exact_answers() -> None:
    """Before the fix: AssertionError or IndexError in some threads."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(3):
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=120
        )
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        assert data["errors"] == []
        assert data["built"] is True
        odd = {tuple(r) for r in data["results"][1::2]}
        even = {tuple(r) for r in data["results"][0::2]}
        assert len(odd) == 1 and len(even) == 1
        assert next(iter(odd))[-1] == 1  # a royal flush
