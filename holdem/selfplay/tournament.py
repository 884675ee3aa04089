"""Sit-and-go tournaments: one table, played until one player has every chip (R9.1).

The table (:mod:`holdem.table.table`) does the work; this module seats the players,
bridges agents (anything with ``act(view) -> Action``) to the table's
decision callback, and prints the results table.

>>> from holdem.engine.betting import Action, Kind
>>> table = sit_and_go(["Anna", "Bjarni", "Eva"], stack=100, seed=3)
>>> standings = table.run(lambda hand, seat: Action(Kind.ALL_IN))
>>> [(s.place, s.shared, s.chips) for s in standings]  # both out in hand 1 (R9.1)
[(1, False, 300), (2, True, 0), (2, True, 0)]
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from holdem.engine.betting import Action
from holdem.engine.hand import Hand
from holdem.errors import ConfigError
from holdem.table.table import Clock, Decide, Level, Schedule, Standing, Table, TableMode

if TYPE_CHECKING:
    from holdem.views.seat import SeatView

DEFAULT_SCHEDULE = Schedule(
    [
        Level(10, 20),
        Level(15, 30),
        Level(25, 50),
        Level(50, 100),
        Level(75, 150),
        Level(100, 200, 25),
        Level(150, 300, 25),
        Level(200, 400, 50),
        Level(300, 600, 75),
        Level(400, 800, 100),
        Level(600, 1200, 200),
        Level(1000, 2000, 300),
        Level(1500, 3000, 400),
        Level(2000, 4000, 500),
        Level(3000, 6000, 1000),
    ],
    hands_per_level=10,
)
"""A sit-and-go structure: 1,500-chip stacks, levels every ten hands, antes from level 6."""


class _Agent(Protocol):
    def act(self, view: SeatView) -> Action: ...


def sit_and_go(
    names: Sequence[str],
    *,
    stack: int = 1500,
    schedule: Schedule = DEFAULT_SCHEDULE,
    seed: int | str | None = None,
    clock: Clock = time.monotonic,
) -> Table:
    """A tournament table with ``names`` seated at table seats 0, 1, ... with
    ``stack`` chips each, the button on seat 0, ready for :meth:`Table.run`.

    Raises:
        ConfigError: fewer than 2 or more than 10 players, or a bad stack.
        TableError: a name is empty or repeated.
    """
    if not 2 <= len(names) <= 10:
        raise ConfigError("players", f"a sit-and-go has 2 to 10 players, got {len(names)}")
    if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
        raise ConfigError("stack", f"must be a whole number of chips >= 1, got {stack!r}")
    table = Table(
        len(names), schedule=schedule, mode=TableMode.TOURNAMENT, seed=seed, clock=clock, button=0
    )
    for seat, name in enumerate(names):
        table.sit(seat, name, stack)
    return table


def agents_decide(agents: Mapping[str, _Agent]) -> Decide:
    """The table's decision callback for agents keyed by player name: the
    player at hand seat ``seat`` is ``hand.config.names[seat]``, and their
    agent sees only ``holdem.views.seat.seat_view(hand, seat)``."""
    from holdem.views.seat import seat_view

    def decide(hand: Hand, seat: int) -> Action:
        return agents[hand.config.names[seat]].act(seat_view(hand, seat))

    return decide


def format_standings(standings: Sequence[Standing]) -> str:
    """The results table: place (``4=`` when shared), player, chips, and for
    the eliminated the hand they went out in and the stack they started it with."""
    rows = [("Place", "Player", "Chips", "Out in hand", "Started it with")]
    for s in standings:
        place = "-" if s.place is None else f"{s.place}{'=' if s.shared else ''}"
        rows.append(
            (
                place,
                s.name,
                f"{s.chips:,}",
                "" if s.hand is None else str(s.hand),
                "" if s.starting_stack is None else f"{s.starting_stack:,}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = []
    for row in rows:
        cells = [
            row[0].rjust(widths[0]),
            row[1].ljust(widths[1]),
            row[2].rjust(widths[2]),
            row[3].rjust(widths[3]),
            row[4].rjust(widths[4]),
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def player_names(agent_names: Sequence[str]) -> list[str]:
    """One player name per agent: the agent's name, numbered when repeated
    (``random``, ``call``, ``random#2``).

    >>> player_names(["random", "call", "random"])
    ['random', 'call', 'random#2']
    """
    seen: dict[str, int] = {}
    names = []
    for agent in agent_names:
        seen[agent] = seen.get(agent, 0) + 1
        names.append(agent if seen[agent] == 1 else f"{agent}#{seen[agent]}")
    return names


def agents_table(
    agent_names: Sequence[str],
    *,
    stack: int = 1500,
    schedule: Schedule = DEFAULT_SCHEDULE,
    seed: int | str | None = None,
) -> tuple[Table, Decide]:
    """A sit-and-go between agents named by spec (reference agents, or
    ``module:Class`` / ``path/to/file.py:Class``, see :mod:`holdem.selfplay.agent_specs`):
    the table and its decision callback. Agent ``i`` is seeded with
    ``"{seed}/agent/{i}"`` so that a seeded tournament is reproducible. The
    callback raises :class:`~holdem.selfplay.agent_specs.AgentFailure` (naming the
    player and the hand) when an agent raises or chooses an illegal action.

    Raises:
        ConfigError: an unknown agent or a class that cannot be loaded, or
            fewer than 2 or more than 10 of them.
    """
    from holdem.selfplay.agent_specs import checked_act, factory
    from holdem.views.seat import seat_view

    names = player_names(agent_names)
    agents = {
        name: factory(agent)(None if seed is None else f"{seed}/agent/{i}")
        for i, (name, agent) in enumerate(zip(names, agent_names))
    }
    table = sit_and_go(names, stack=stack, schedule=schedule, seed=seed)

    def decide(hand: Hand, seat: int) -> Action:
        name = hand.config.names[seat]
        return checked_act(agents[name], name, seat_view(hand, seat), table.hands_played + 1)

    return table, decide


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
