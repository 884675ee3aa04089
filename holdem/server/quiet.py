"""One log line, never a traceback, for what clients do to their own
connections (issue 22, items 6 and 9).

uvicorn logs a full traceback at ERROR level for every text frame that is not
UTF-8 (it closes the connection with 1007, as it should), and for an
application that raises when a client vanished mid-send. A client can send
such frames as fast as it likes, so each becomes one WARNING line here.
Tracebacks of anything else (a bug) are kept.
"""

from __future__ import annotations

import logging
from typing import Any

__all__ = ["ClientNoise", "install", "run"]

_CLIENT_ERRORS: tuple[str, ...] = (
    "UnicodeDecodeError",  # a text frame that is not UTF-8 (closed with 1007)
    "ClientDisconnected",  # uvicorn: a send to a client that is gone
    "ConnectionClosed",
    "ConnectionClosedError",
    "ConnectionClosedOK",
    "WebSocketDisconnect",  # Starlette
    "WebSocketDisconnected",
)


class ClientNoise(logging.Filter):
    """A filter for the ``uvicorn.error`` logger: a record carrying one of the
    client-side errors above loses its traceback and becomes one WARNING line
    naming the error."""

    def filter(self, record: logging.LogRecord) -> bool:
        info = record.exc_info
        if not info or info[1] is None or type(info[1]).__name__ not in _CLIENT_ERRORS:
            return True
        error = info[1]
        text = record.getMessage().strip().splitlines()
        first = text[0] if text else "client error"
        reason = str(error).splitlines()[0] if str(error) else ""
        record.msg, record.args = "%s (%s: %s)", (first, type(error).__name__, reason)
        record.exc_info = None
        record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def install(logger_name: str = "uvicorn.error") -> None:
    """Add :class:`ClientNoise` to ``logger_name`` (once)."""
    logger = logging.getLogger(logger_name)
    if not any(isinstance(f, ClientNoise) for f in logger.filters):
        logger.addFilter(ClientNoise())


def run(config: Any) -> None:
    """Run a uvicorn server built from ``config`` (a ``uvicorn.Config``) until
    it is interrupted, then return quietly.

    On Ctrl-C (SIGINT) uvicorn shuts down gracefully (the application's
    lifespan shutdown runs: tables and tournaments are saved) and then raises
    ``KeyboardInterrupt`` again, which would end ``holdem serve`` with a
    traceback; here it ends the call instead.
    """
    import uvicorn

    try:
        uvicorn.Server(config).run()
    except KeyboardInterrupt:
        return
