"""A one-line progress display for long runs: done of total, the rate and the time left.

It writes to a terminal only (standard error by default), rewriting one line,
so that piped or redirected output, and ``--json`` on standard output, never
contain it.

>>> import io
>>> class Terminal(io.StringIO):
...     def isatty(self) -> bool:
...         return True
>>> ticks = iter([0.0, 2.0, 4.0])
>>> screen = Terminal()
>>> bar = Progress.on_terminal(screen, clock=lambda: next(ticks), width=10)
>>> bar(500, 1000)
>>> screen.getvalue()
'\\r[#####.....] 500/1,000 hands, 250 hands/s, 2 s left '
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


class Progress:
    """Call it as ``progress(done, total)``; :meth:`close` clears the line.

    Args:
        stream: where to write (a terminal).
        unit: what is counted, plural (``"hands"``).
        clock: seconds, monotonic.
        width: characters of the bar.
        interval: the least seconds between two redraws (the last one always
            draws).
    """

    def __init__(
        self,
        stream: TextIO,
        unit: str = "hands",
        clock: Callable[[], float] = time.monotonic,
        width: int = 30,
        interval: float = 0.1,
    ) -> None:
        self.stream = stream
        self.unit = unit
        self.clock = clock
        self.width = width
        self.interval = interval
        self.began = clock()
        self.drawn: float | None = None
        self.length = 0

    @classmethod
    def on_terminal(
        cls, stream: TextIO | None = None, enabled: bool = True, **options: object
    ) -> Progress | None:
        """A display on ``stream`` (default standard error) when it is a terminal
        and ``enabled``, else ``None``."""
        stream = sys.stderr if stream is None else stream
        if not enabled or not stream.isatty():
            return None
        return cls(stream, **options)  # type: ignore[arg-type]

    def line(self, done: int, total: int, elapsed: float) -> str:
        """The progress line: bar, ``done/total``, rate and time left."""
        filled = self.width * done // total if total else self.width
        bar = "#" * filled + "." * (self.width - filled)
        text = f"[{bar}] {done:,}/{total:,} {self.unit}"
        if elapsed > 0 and done > 0:
            rate = done / elapsed
            left = (total - done) / rate
            text += f", {rate:,.0f} {self.unit}/s, {_duration(left)} left"
        return text

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if done < total and self.drawn is not None and now - self.drawn < self.interval:
            return
        self.drawn = now
        text = self.line(done, total, now - self.began)
        self.length = max(self.length, len(text) + 1)
        self.stream.write("\r" + text.ljust(self.length))
        self.stream.flush()

    def close(self) -> None:
        """Clear the line (when anything was drawn)."""
        if self.drawn is not None:
            self.stream.write("\r" + " " * self.length + "\r")
            self.stream.flush()


def _duration(seconds: float) -> str:
    """``7 s``, ``3 min 05 s``, ``2 h 04 min``."""
    whole = int(seconds + 0.5)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"
