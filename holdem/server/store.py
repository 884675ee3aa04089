"""The tables' saved states in SQLite, written off the event loop (issue 22,
item 4): ``holdem serve --state-dir DIR --state-store sqlite``.

With JSON files (the default store) every action rebuilds the table's state
and writes and fsyncs a file inside the one event loop, so every table waits
for the disk. Here the loop only encodes the state; one writer thread puts
it in ``DIR/tables.sqlite3`` (WAL journal) and commits everything that
queued up meanwhile in one transaction (group commit). The room holds back
what clients see of an action (its stream messages, the ``seated`` answer)
until the write that holds it is committed, so the crash guarantee of
``tests/test_server_crash.py`` holds: no action a client saw acted on is
lost by a ``kill -9``.

What it does not promise: with ``synchronous=NORMAL`` a commit is in the
operating system's hands, not yet on the disk; a power cut or a kernel crash
(not a killed process) may lose the last commits before a checkpoint, the
database staying consistent. The JSON files fsync each write, at a cost
every table waits for.

Standard library only (:mod:`sqlite3`, :mod:`threading`).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
from pathlib import Path

__all__ = ["FILE_NAME", "Store"]

FILE_NAME = "tables.sqlite3"
_SCHEMA = "CREATE TABLE IF NOT EXISTS tables (idx INTEGER PRIMARY KEY, state TEXT NOT NULL)"
_UPSERT = "INSERT INTO tables (idx, state) VALUES (?, ?) ON CONFLICT(idx) DO UPDATE SET state = ?"

_Item = tuple[int, str, "asyncio.AbstractEventLoop", "asyncio.Future[str | None]"]


def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    connection.execute("PRAGMA journal_mode=WAL")
    # NORMAL: a commit is written to the WAL file (the operating system has
    # it: a killed process loses nothing) and fsynced at checkpoints; FULL
    # would fsync every commit (7 ms here), which only a power cut needs.
    connection.execute("PRAGMA synchronous=NORMAL")
    return connection


class Store:
    """A SQLite file of saved tables (one row per table: its index and its
    state text, signed or not), written by one thread.

    Args:
        path: the database file (made if missing).

    Raises:
        sqlite3.Error: the file cannot be opened or is not a database.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        with contextlib.closing(_connect(path)) as connection:
            connection.execute(_SCHEMA)
        self._queue: queue.Queue[_Item | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def load(self, index: int) -> str | None:
        """The saved state text of table ``index``, or ``None``."""
        with contextlib.closing(_connect(self.path)) as connection:
            row = connection.execute("SELECT state FROM tables WHERE idx = ?", (index,)).fetchone()
        return None if row is None else str(row[0])

    def save_now(self, index: int, text: str) -> None:
        """Write table ``index``'s state at once, in this thread (no event
        loop is running: a room used directly, as tests do).

        Raises:
            sqlite3.Error: the write failed.
        """
        with self._lock, contextlib.closing(_connect(self.path)) as connection:
            connection.execute(_UPSERT, (index, text, text))

    def put(self, index: int, text: str) -> asyncio.Future[str | None] | None:
        """Queue table ``index``'s state for the writer thread.

        Returns:
            A future of the running loop, done once the state is committed
            (its result: ``None``, or the error's text when the write failed);
            ``None`` when no loop runs (then the state was written at once,
            :meth:`save_now`).
        """
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.save_now(index, text)
            return None
        if self._thread is None:
            self._thread = threading.Thread(target=self._write, name="holdem-store", daemon=True)
            self._thread.start()
        future: asyncio.Future[str | None] = loop.create_future()
        self._queue.put((index, text, loop, future))
        return future

    def close(self) -> None:
        """Write what is queued, then stop the writer thread."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    def _write(self) -> None:
        """The writer thread: commit everything queued in one transaction."""
        connection = _connect(self.path)
        try:
            while True:
                item = self._queue.get()
                if item is None:
                    return
                batch = [item]
                stop = False
                while True:
                    try:
                        more = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        stop = True
                        break
                    batch.append(more)
                latest = {index: text for index, text, _, _ in batch}  # the last state wins
                error: str | None = None
                try:
                    with self._lock:
                        connection.execute("BEGIN IMMEDIATE")
                        connection.executemany(
                            _UPSERT, [(i, t, t) for i, t in sorted(latest.items())]
                        )
                        connection.execute("COMMIT")
                except sqlite3.Error as failure:
                    with contextlib.suppress(sqlite3.Error):
                        connection.execute("ROLLBACK")
                    error = str(failure) or type(failure).__name__
                for _, _, loop, future in batch:
                    with contextlib.suppress(RuntimeError):  # the loop is closed
                        loop.call_soon_threadsafe(_settle, future, error)
                if stop:
                    return
        finally:
            connection.close()


def _settle(future: asyncio.Future[str | None], error: str | None) -> None:
    if not future.done():
        future.set_result(error)
