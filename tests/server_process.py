"""A `holdem serve` process for tests: loopback only, a free port, bounded waits.

Nothing here asserts; the server tests do.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WAIT = 15.0  # seconds: the longest a start or a message may take


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``holdem serve`` on 127.0.0.1 in a subprocess, stopped (killed) on exit."""

    def __init__(self, *args: str, port: int | None = None) -> None:
        self.port = port or free_port()
        self.args = ["--host", "127.0.0.1", "--port", str(self.port), *args]
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> ServerProcess:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "holdem", "serve", *self.args],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped with status {self.process.returncode}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.kill()
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        """``kill -9``: no clean shutdown, nothing flushed."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=WAIT)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.kill()


class WsClient:
    """A protocol client over a real WebSocket (the ``websockets`` package)."""

    def __init__(self, port: int) -> None:
        from websockets.sync.client import connect

        self.socket = connect(f"ws://127.0.0.1:{port}/ws", open_timeout=WAIT).__enter__()
        self.pending: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.last = 0

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def until(self, found: Any, limit: int = 5000) -> dict[str, Any]:
        """The first message (or stream event) for which ``found`` holds."""
        for _ in range(limit):
            if not self.pending:
                message = json.loads(self.socket.recv(timeout=WAIT))
                if message["type"] != "events":
                    if found(message):
                        return message
                    continue
                self.events.extend(message["events"])
                self.pending.extend(message["events"])
                continue
            event = self.pending.pop(0)
            self.last = event["n"]
            if found(event):
                return event
        raise AssertionError("no such message")

    def close(self) -> None:
        self.socket.close()

    def __enter__(self) -> WsClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
