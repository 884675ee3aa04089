"""The settings, entrants and errors of a served tournament (:mod:`holdem.server.mtt`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from holdem.errors import ConfigError, HoldemError
from holdem.mtt.entries import Entries
from holdem.selfplay.agents import Agent, make_agent
from holdem.table.schedule import Level, Schedule

__all__ = ["MAX_ENTRANTS", "MAX_NAME", "Entrant", "MttError", "MttSettings"]

MAX_NAME = 24
"""The longest name a person may register, as at the cash server's ``sit``."""

MAX_ENTRANTS = 1000
"""The most players of a served tournament, late registrants included (R15.8)."""


@dataclass
class MttSettings:
    """A served tournament.

    Attributes:
        players: the field (2 to 1,000 entries).
        seats: seats per table (3 to 10).
        stack: each player's starting chips.
        bots: entries that are bots from the start (0 to ``players``).
        small_blind, big_blind: the first level's blinds (chips); each level
            after ``hands_per_level`` hands doubles them.
        hands_per_level: hands per level (the most any table has played).
        levels: how many levels (the last one stays).
        start_seconds: seconds after the server starts when bots fill the
            empty entries and the tournament starts (``None``: only when
            people have filled the field).
        bot_delay: seconds a bot waits before acting.
        decision_seconds: a person's time to act; then check, else fold (R3.1).
        between_hands: seconds a table waits between two hands.
        agent: the bots' agent (:func:`holdem.selfplay.agents.make_agent`).
        seed: the seed of the draws and deals (``None``: secure randomness).
        layout: a given seating (tests, worked cases): director table number
            to table seat to ``(name, chips)``; its names that are not bots
            are registered by people (the bots are the names in ``bot_names``).
        bot_names: with ``layout``, the names played by bots.
        late_until: late registration and re-entry while the level in
            force is at most this one (levels from 1; 0: none), R15.8.
        reentries: the most re-entries per player (needs ``late_until``).
        save_seconds: with a state folder, the most seconds between a change
            and its save (``0``: every change is saved at once;
            :mod:`holdem.server.mtt_saving`).
    """

    players: int = 9
    seats: int = 6
    stack: int = 1500
    bots: int = 0
    small_blind: int = 10
    big_blind: int = 20
    hands_per_level: int = 10
    levels: int = 12
    start_seconds: float | None = 60.0
    bot_delay: float = 0.8
    decision_seconds: float = 30.0
    between_hands: float = 2.0
    agent: str = "potodds"
    seed: int | str | None = None
    layout: dict[int, dict[int, tuple[str, int]]] | None = None
    bot_names: tuple[str, ...] = ()
    save_seconds: float = 1.0
    late_until: int = 0
    reentries: int = 0

    def check(self) -> None:
        """Raise :class:`ConfigError` naming the first bad field."""
        whole = (("players", 2, 1000), ("seats", 3, 10), ("stack", 1, None))
        for name, low, high in (*whole, ("hands_per_level", 1, None), ("levels", 1, 40)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise ConfigError(name, f"must be a whole number >= {low}, got {value!r}")
            if high is not None and value > high:
                raise ConfigError(name, f"must be at most {high}, got {value}")
        if isinstance(self.bots, bool) or not isinstance(self.bots, int):
            raise ConfigError("bots", f"must be a whole number, got {self.bots!r}")
        if not 0 <= self.bots <= self.players:
            raise ConfigError("bots", f"0 to {self.players} bots, got {self.bots}")
        for name in ("bot_delay", "decision_seconds", "between_hands", "save_seconds"):
            if not 0 <= getattr(self, name) < 86400:
                raise ConfigError(name, f"must be 0 to 86400 seconds, got {getattr(self, name)}")
        self.schedule()
        self.entries()
        make_agent(self.agent)
        if self.layout is not None:
            names = [n for t in self.layout.values() for n, _ in t.values()]
            if len(names) != self.players:
                raise ConfigError("layout", f"must seat the {self.players} players")

    def entries(self) -> Entries:
        """The entry options (R15.8): late registration and re-entries, each
        adding the default buy-in of 100 units to the prize pool.

        Raises:
            ConfigError: a bad ``late_until`` or ``reentries``.
        """
        return Entries(late_until=self.late_until, reentries=self.reentries)

    def schedule(self) -> Schedule:
        """The blind levels: the first level's blinds doubled at each level."""
        levels = [Level(self.small_blind << i, self.big_blind << i) for i in range(self.levels)]
        return Schedule(levels, hands_per_level=self.hands_per_level)


@dataclass
class Entrant:
    """A registered player: a person's token and connections, or a bot's agent."""

    name: str
    agent: Agent | None = None
    token: str = ""
    """The person's token as sent to them (``""`` once restored: only its hash is saved)."""
    token_hash: str = ""
    """The SHA-256 of the person's token, in hex (``""`` for a bot)."""
    connections: set[Any] = field(default_factory=set)
    """The connections speaking for a person (:class:`holdem.server.mtt_protocol.MttConnection`)."""


class MttError(HoldemError):
    """A refused client message: ``code`` names the reason (as the cash tables' errors)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
