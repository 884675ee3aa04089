"""What one client may cost the reference server (issue 22, items 2 and 3).

A table must stay playable for its people while someone else floods the
server. The limits, all per :class:`~holdem.server.app.Server` (documented in
``docs/server.md``):

- **connections per address**: at most :data:`MAX_CONNECTIONS_PER_ADDRESS`
  WebSockets open at once from one client address; one more is told
  ``too_many_connections`` and closed (code 1008).
- **seats per connection**: a connection may hold at most
  :data:`SEATS_PER_CONNECTION` seats (over all tables) through ``sit``;
  taking another means leaving one first (``too_many_seats``). A seat token
  holds its seat on one connection at a time: the newest ``join`` with it.
- **bytes per second**: each connection is sent at most :data:`SEND_RATE`
  bytes a second on average (:data:`SEND_BURST` at once). Stream messages
  past the budget wait (they are sent together once it refills); a
  ``since`` replay asked for while the budget is spent gets ``slow_down``.
- messages received: :data:`holdem.server.app.RATE` a second.
"""

from __future__ import annotations

from collections.abc import Callable

from holdem.errors import ConfigError

__all__ = [
    "MAX_CONNECTIONS_PER_ADDRESS",
    "SEATS_PER_CONNECTION",
    "SEND_BURST",
    "SEND_RATE",
    "Addresses",
    "ByteBudget",
    "check_limit",
]

MAX_CONNECTIONS_PER_ADDRESS = 16
"""WebSockets open at once from one client address (a few browser tabs, a
household behind one router); raise it behind a proxy that hides addresses."""
SEATS_PER_CONNECTION = 1
"""Seats one connection may hold at once, over all tables: a connection
follows one table, so a second seat could only be abandoned."""
SEND_RATE = 64 * 1024
"""Bytes a second one connection may be sent on average (a hand's whole
stream is a few kilobytes)."""
SEND_BURST = 256 * 1024
"""Bytes one connection may be sent at once before :data:`SEND_RATE` applies."""


def check_limit(field: str, value: object, low: int = 1) -> int:
    """``value`` as a whole number >= ``low`` for the limit ``field``.

    Raises:
        ConfigError: not a whole number (a bool is refused) or below ``low``.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ConfigError(field, f"must be a whole number >= {low}, got {value!r}")
    return value


class ByteBudget:
    """A token bucket of bytes: :meth:`spend` may take it below zero (a frame
    is sent whole), then :meth:`ready` is false until it refills.

    Args:
        rate: bytes a second added back.
        burst: the most bytes it holds.
        clock: seconds as a float.
    """

    def __init__(self, rate: int, burst: int, clock: Callable[[], float]) -> None:
        self._rate = rate
        self._burst = float(burst)
        self._clock = clock
        self._left = float(burst)
        self._filled = clock()

    def _refill(self) -> None:
        now = self._clock()
        self._left = min(self._burst, self._left + max(0.0, now - self._filled) * self._rate)
        self._filled = now

    def spend(self, size: int) -> None:
        """Count ``size`` bytes sent."""
        self._refill()
        self._left -= size

    def ready(self) -> bool:
        """Whether anything may be sent now (the budget is not spent)."""
        self._refill()
        return self._left > 0

    def wait(self) -> float:
        """Seconds until the budget is positive again (0 when it is)."""
        self._refill()
        return 0.0 if self._left > 0 else (1 - self._left) / self._rate


class Addresses:
    """How many connections each client address has open.

    Args:
        limit: the most at once per address.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def open(self, address: str) -> bool:
        """Count one more connection from ``address``; false (nothing counted)
        when it already has ``limit``."""
        count = self._open.get(address, 0)
        if count >= self.limit:
            return False
        self._open[address] = count + 1
        return True

    def close(self, address: str) -> None:
        """Count one connection from ``address`` less."""
        count = self._open.get(address, 0) - 1
        if count > 0:
            self._open[address] = count
        else:
            self._open.pop(address, None)
