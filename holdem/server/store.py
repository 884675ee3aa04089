"""The tables' saved states in SQLite (issue 22, item 4):
``holdem serve --state-dir DIR --state-store sqlite``.

With JSON files (the default store) every action rebuilds the table's state
and writes and fsyncs a file inside the one event loop, so every table waits
for the disk. Here the states go to ``DIR/tables.sqlite3`` (WAL journal,
``synchronous=NORMAL``): what the tables queue in one turn of the event loop
is committed in one transaction at the end of that turn (a group commit;
with no fsync a commit of a few rows takes tens of microseconds), and the
WAL checkpoints, which fsync, run in a thread. The room holds back what
clients see of an action (its stream messages, the ``seated`` answer) until
the commit that holds it, so the crash guarantee of
``tests/server/test_server_crash.py`` holds: no action a client saw acted on
is lost by a ``kill -9``.

Incremental (:mod:`holdem.server.journal`): the whole state is written when
a hand starts or ends or the players change; each other action appends a
small record (signed, chained) to the ``log`` table in the same group
commits, and :meth:`Store.load` replays the records on the last whole state.
A whole state deletes its table's records (bounded storage).

Why not a writer thread (the first version): handing each commit to a
thread and back cost more than the commit (the thread waits for the GIL the
busy loop holds, up to CPython's 5 ms switch interval), and clients wait for
that hand-off on every action; measured in benchmarks/bench_server_load.py,
see docs/server.md.

What it does not promise: with ``synchronous=NORMAL`` a commit is in the
operating system's hands, not yet on the disk; a power cut or a kernel crash
(not a killed process) may lose the last commits before a checkpoint, the
database staying consistent. The JSON files fsync each write, at a cost
every table waits for.

Standard library only (:mod:`sqlite3`, :mod:`threading`, :mod:`hmac`).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from pathlib import Path

from holdem.server.journal import replay

__all__ = ["FILE_NAME", "Store"]

FILE_NAME = "tables.sqlite3"
CHECKPOINT_EVERY = 500
"""Commits between two WAL checkpoints (run in a thread: they fsync)."""
_SCHEMA = "CREATE TABLE IF NOT EXISTS tables (idx INTEGER PRIMARY KEY, state TEXT NOT NULL)"
_LOG_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS log (idx INTEGER NOT NULL, seq INTEGER NOT NULL,"
    " record TEXT NOT NULL, mac TEXT NOT NULL, PRIMARY KEY (idx, seq))"
)
_UPSERT = "INSERT INTO tables (idx, state) VALUES (?, ?) ON CONFLICT(idx) DO UPDATE SET state = ?"
_PRUNE = "DELETE FROM log WHERE idx = ?"
_APPEND = "INSERT OR REPLACE INTO log (idx, seq, record, mac) VALUES (?, ?, ?, ?)"

# (table index, record number (0: a whole state), text, mac)
_Row = tuple[int, int, str, str]


def _write_rows(connection: sqlite3.Connection, rows: list[_Row]) -> None:
    """Write whole states (record number 0: the table's records go) and log
    records, in order, each table's items before its last whole state dropped."""
    last_state = {index: i for i, (index, seq, _, _) in enumerate(rows) if seq == 0}
    for i, (index, seq, text, mac) in enumerate(rows):
        if i < last_state.get(index, -1):
            continue  # a later whole state of the same table stands for it
        if seq == 0:
            connection.execute(_UPSERT, (index, text, text))
            connection.execute(_PRUNE, (index,))
        else:
            connection.execute(_APPEND, (index, seq, text, mac))


def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    connection.execute("PRAGMA journal_mode=WAL")
    # NORMAL: a commit is written to the WAL file (the operating system has
    # it: a killed process loses nothing) and fsynced at checkpoints; FULL
    # would fsync every commit (7 ms here), which only a power cut needs.
    connection.execute("PRAGMA synchronous=NORMAL")
    return connection


class Store:
    """A SQLite file of saved tables: ``tables`` (a row per table: its index
    and its last whole state text, signed or not) and ``log`` (the records
    written since, :mod:`holdem.server.journal`), group-committed once per
    turn of the event loop.

    A failed commit is reported to the rooms (the futures' results); a
    table's records are then dropped until its next whole state, which the
    room writes next (:meth:`holdem.server.journal.Journal.reset`), so the log
    never holds a gap.

    Args:
        path: the database file (made if missing).

    Raises:
        sqlite3.Error: the file cannot be opened or is not a database.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        with contextlib.closing(_connect(path)) as connection:
            connection.execute(_SCHEMA)
            connection.execute(_LOG_SCHEMA)
        self._lock = threading.Lock()
        self._rows: list[tuple[_Row, asyncio.Future[str | None]]] = []  # for the next commit
        self._flushing = False  # a commit is scheduled on the loop
        self._connection: sqlite3.Connection | None = None  # the loop's
        self._commits = 0
        self._checkpointer: threading.Thread | None = None
        self._broken: set[int] = set()  # tables whose last write failed

    def load(self, index: int, key: bytes | None = None) -> str | None:
        """The saved state text of table ``index`` (its last whole state with
        its log records replayed, :func:`holdem.server.journal.replay`), or ``None``.

        Args:
            index: the table's number.
            key: the HMAC key the state and the records were signed with.

        Raises:
            HoldemError: a log record refused (see :func:`holdem.server.journal.replay`).
        """
        with contextlib.closing(_connect(self.path)) as connection:
            row = connection.execute("SELECT state FROM tables WHERE idx = ?", (index,)).fetchone()
            records = connection.execute(
                "SELECT seq, record, mac FROM log WHERE idx = ? ORDER BY seq", (index,)
            ).fetchall()
        if row is None:
            return None
        rows = [(int(seq), str(text), str(mac)) for seq, text, mac in records]
        return replay(index, str(row[0]), rows, key)

    def save_now(self, index: int, text: str) -> None:
        """Write table ``index``'s state at once, in this thread (no event
        loop is running: a room used directly, as tests do).

        Raises:
            sqlite3.Error: the write failed.
        """
        self._write_now([(index, 0, text, "")])

    def append_now(self, index: int, seq: int, text: str, mac: str) -> None:
        """Write log record ``seq`` of table ``index`` at once (as :meth:`save_now`).

        Raises:
            sqlite3.Error: the write failed.
        """
        self._write_now([(index, seq, text, mac)])

    def _write_now(self, rows: list[_Row]) -> None:
        with self._lock, contextlib.closing(_connect(self.path)) as connection:
            _commit(connection, rows)

    def put(self, index: int, text: str) -> asyncio.Future[str | None] | None:
        """Queue table ``index``'s whole state for the next commit (its log
        records are deleted in the same transaction).

        Returns:
            A future of the running loop, done once the state is committed
            (its result: ``None``, or the error's text when the write failed);
            ``None`` when no loop runs (then the state was written at once,
            :meth:`save_now`).
        """
        return self._put(index, 0, text, "")

    def append(
        self, index: int, seq: int, text: str, mac: str
    ) -> asyncio.Future[str | None] | None:
        """Queue log record ``seq`` (from 1 after each whole state) of table
        ``index`` for the next commit; returns as :meth:`put`."""
        return self._put(index, seq, text, mac)

    def _put(self, index: int, seq: int, text: str, mac: str) -> asyncio.Future[str | None] | None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._write_now([(index, seq, text, mac)])
            return None
        future: asyncio.Future[str | None] = loop.create_future()
        self._rows.append(((index, seq, text, mac), future))
        if not self._flushing:
            self._flushing = True
            loop.call_soon(self._flush)  # after what this loop iteration runs
        return future

    def _flush(self) -> None:
        """Commit everything queued in this loop iteration in one transaction
        (a group commit: no fsync, tens of microseconds), then settle its futures."""
        self._flushing = False
        batch, self._rows = self._rows, []
        if not batch:
            return
        rows, skipped = [], []
        for row, future in batch:
            index, seq = row[0], row[1]
            if seq == 0:
                self._broken.discard(index)
            elif index in self._broken:  # a record after a failed one: a gap
                skipped.append(future)
                continue
            rows.append((row, future))
        error: str | None = None
        try:
            with self._lock:
                if self._connection is None:
                    self._connection = _connect(self.path)
                    # checkpoints (the fsync) run in a thread: _checkpoint
                    self._connection.execute("PRAGMA wal_autocheckpoint=0")
                _commit(self._connection, [row for row, _ in rows])
        except sqlite3.Error as failure:
            error = str(failure) or type(failure).__name__
            # The tables' next records would follow a gap: none until a whole state.
            self._broken.update(row[0] for row, _ in rows)
        for _, future in rows:
            if not future.done():
                future.set_result(error)
        for future in skipped:
            if not future.done():
                future.set_result("a log record before this one was not written")
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY == 0:
            thread = self._checkpointer
            if thread is None or not thread.is_alive():
                thread = threading.Thread(target=self._checkpoint, name="holdem-store", daemon=True)
                self._checkpointer = thread
                thread.start()

    def _checkpoint(self) -> None:
        """Copy the WAL into the database file and fsync it, off the loop
        (``PASSIVE``: commits go on meanwhile)."""
        with contextlib.suppress(sqlite3.Error), contextlib.closing(_connect(self.path)) as db:
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def close(self) -> None:
        """Write what is queued, wait for a checkpoint running, and close."""
        batch, self._rows = self._rows, []
        if batch:
            with contextlib.suppress(sqlite3.Error):
                self._write_now([row for row, _ in batch])
        if self._checkpointer is not None:
            self._checkpointer.join()
            self._checkpointer = None
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None


def _commit(connection: sqlite3.Connection, rows: list[_Row]) -> None:
    """Write ``rows`` in one transaction (rolled back on an error).

    Raises:
        sqlite3.Error: the write failed.
    """
    connection.execute("BEGIN IMMEDIATE")
    try:
        _write_rows(connection, rows)
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
