"""Ctrl-C stops `holdem serve` (cash tables and ``--mtt``) cleanly: uvicorn's
graceful shutdown, then exit status 0 and no traceback on stderr."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from conftest import require

for _module in ("starlette", "uvicorn", "websockets"):
    require(_module, "the server extra: pip install -e '.[server]'")

from server_process import ROOT, WAIT, free_port  # noqa: E402


@pytest.mark.parametrize("args", [(), ("--mtt", "6", "--bots", "6")], ids=["cash", "mtt"])
def test_ctrl_c_stops_the_server_without_a_traceback(args: tuple[str, ...]) -> None:
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "holdem",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            *args,
        ],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + WAIT
        while True:
            assert process.poll() is None, process.communicate(timeout=WAIT)
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start in time"
                time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=WAIT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=WAIT)
    assert process.returncode == 0, err.decode()
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err.decode()
    assert out.decode().startswith("holdem serve: http://127.0.0.1:")
