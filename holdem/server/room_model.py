"""The settings of the reference server's tables, who holds a seat, and the
error a room refuses a request with (re-exported by :mod:`holdem.server.room`)."""

from __future__ import annotations

import attrs

from holdem.engine.config import TableConfig
from holdem.engine.pots import Rake
from holdem.errors import ConfigError, HoldemError
from holdem.selfplay.agents import Agent, make_agent
from holdem.table.clock import TurnClock, seconds

__all__ = ["Player", "RoomError", "RoomSettings"]


class RoomError(HoldemError):
    """A request the room refuses; nothing changed.

    Attributes:
        code: a short reason code sent to the client (``seat_taken``,
            ``not_seated``, ``stale_decision``...).
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@attrs.frozen
class RoomSettings:
    """How every table of a server is set up.

    Attributes:
        size: seats per table (2 to 10).
        bots: seats taken by built-in bots (seats ``0 .. bots - 1``).
        agent: the bots' agent (a name known to :func:`holdem.selfplay.agents.make_agent`).
        small_blind, big_blind: the blinds, in chips.
        buy_in: the most chips a player buys in for, and the buy-in of a
            player who does not choose (bots, and people who send none).
        min_buy_in: the fewest chips a person may buy in for, or ``None``:
            20 big blinds (at most ``buy_in``). A person chooses a buy-in in
            ``[min_buy_in, buy_in]``, tops up between hands to at most
            ``buy_in``, and after busting is asked before buying in again
            (:mod:`holdem.server.lobby`).
        bot_delay: seconds a bot waits before acting, so people can follow.
        decision_seconds: the time for one decision (the table's
            :class:`~holdem.table.clock.TurnClock`); then the default action (check
            when free, else fold) is applied as a timeout.
        time_bank: each player's time bank, in seconds (0: none): extra time
            drawn on once ``decision_seconds`` are spent, for all their
            decisions (the :class:`~holdem.table.clock.TurnClock`'s ``time_bank``).
        between_hands: seconds between two hands.
        away_seconds: a person who has sat out (R14.1) this long leaves the
            table with their chips between hands, freeing the seat: people
            who closed the page cannot hold a table's seats for ever.
        max_runs: the most runs of the board (1 to 3, R12); with more than
            one, the players still in an all-in hand are asked.
        rake: the rake of every hand (R13), or ``None``.
    """

    size: int = 6
    bots: int = 3
    agent: str = "potodds"
    small_blind: int = 1
    big_blind: int = 2
    buy_in: int = 200
    min_buy_in: int | None = None
    bot_delay: float = 0.8
    decision_seconds: float = 30.0
    time_bank: float = 0.0
    between_hands: float = 2.0
    away_seconds: float = 600.0
    max_runs: int = 1
    rake: Rake | None = None

    def check(self) -> None:
        """Check every field.

        Raises:
            ConfigError: a field is out of range (the field is named).
        """
        if not 2 <= self.size <= 10:
            raise ConfigError("size", f"a table has 2 to 10 seats, got {self.size}")
        if not 0 <= self.bots < self.size:
            raise ConfigError("bots", f"0 to {self.size - 1} bots per table, got {self.bots}")
        make_agent(self.agent)
        if self.big_blind < 1 or not 0 <= self.small_blind <= self.big_blind:
            raise ConfigError("big_blind", "need 0 <= small_blind <= big_blind, big_blind >= 1")
        if self.buy_in < self.big_blind:
            raise ConfigError("buy_in", f"at least the big blind, got {self.buy_in}")
        low = self.min_buy_in
        if low is not None and (
            isinstance(low, bool) or not isinstance(low, int) or not 1 <= low <= self.buy_in
        ):
            raise ConfigError("min_buy_in", f"1 to buy_in ({self.buy_in}) chips, got {low!r}")
        for name in ("bot_delay", "between_hands"):
            seconds(name, getattr(self, name))  # 0 to MAX_SECONDS: never an overflow
        seconds("away_seconds", self.away_seconds, positive=True)
        TurnClock(self.decision_seconds, time_bank=self.time_bank)  # > 0, >= 0, finite
        if self.bot_delay >= self.decision_seconds:
            raise ConfigError("bot_delay", "must be shorter than decision_seconds")
        TableConfig([1, 1], 0, 1, max_runs=self.max_runs, rake=self.rake)  # R12.1, R13.1


@attrs.define
class Player:
    """Who holds a seat: a name, a bot's agent or a person's seat token
    (hashed), and ``since``: the last stream message number before they took
    the seat (earlier messages show the seat's secrets to nobody at it)."""

    name: str
    agent: Agent | None = None
    token_hash: str | None = None
    since: int = 0
    back: bool = False  # asked to sit in again (applied between hands)
    leaving: bool = False  # asked to leave (applied between hands)
    away_next: bool = False  # asked to sit out from the next hand (holdem.server.lobby)
    post_back: bool = False  # coming back: post missed blinds, not wait (R14.2)
    buy_in: int | None = None  # chips chosen for the next buy-in (holdem.server.lobby)
    top_up: int = 0  # chips to add between hands (holdem.server.lobby)
    busted: bool = False  # a person out of chips, asked to buy in again
    holder: object = None  # the connection speaking for a person now (never saved)
