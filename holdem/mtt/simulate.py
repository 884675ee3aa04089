"""A whole multi-table tournament between agents (``holdem mtt``).

Player ``i`` (from 1) is named ``p{i}-{agent}`` and plays the agent
``agents[(i - 1) % len(agents)]`` (reference agents or ``module:Class`` /
``path/to/file.py:Class``, :mod:`holdem.selfplay.agent_specs`), seeded with
``"{seed}/agent/{i}"``.

>>> director, decide = agents_director(["call", "random"], players=12, seats=6, seed=2)
>>> results = director.run(decide)
>>> summary(director)["chips_end"] == summary(director)["chips_start"] == 12 * 1500
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from holdem.engine.betting import Action
from holdem.engine.hand import Hand
from holdem.errors import ConfigError
from holdem.mtt.director import Director
from holdem.selfplay.tournament import DEFAULT_SCHEDULE
from holdem.table.schedule import Schedule
from holdem.table.table import Decide


def agents_director(
    agents: Sequence[str],
    *,
    players: int,
    seats: int = 9,
    stack: int = 1500,
    schedule: Schedule = DEFAULT_SCHEDULE,
    seed: int | str | None = None,
    payouts: Sequence[int | float | Fraction] | None = None,
    prize_pool: int | None = None,
) -> tuple[Director, Decide]:
    """A tournament between agents: the director and its decision callback.

    Raises:
        ConfigError: no agents, an unknown agent, or a bad tournament argument.
        AgentFailure: (from the callback) an agent raised or chose an illegal action.
    """
    from holdem.selfplay.agent_specs import checked_act, factory
    from holdem.views.seat import seat_view

    if not agents:
        raise ConfigError("agents", "name at least one agent")
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise ConfigError("players", f"must be a whole number >= 2, got {players!r}")
    makers = {spec: factory(spec) for spec in dict.fromkeys(agents)}
    names = []
    table: dict[str, Any] = {}
    for i in range(1, players + 1):
        spec = agents[(i - 1) % len(agents)]
        name = f"p{i}-{spec.rsplit(':', 1)[-1]}"
        names.append(name)
        table[name] = makers[spec](None if seed is None else f"{seed}/agent/{i}")
    director = Director(
        names,
        seats=seats,
        stack=stack,
        schedule=schedule,
        seed=seed,
        payouts=payouts,
        prize_pool=prize_pool,
    )

    def decide(hand: Hand, seat: int) -> Action:
        names = hand.config.names
        assert names is not None
        name = names[seat]
        return checked_act(table[name], name, seat_view(hand, seat), director.hands)

    return director, decide


def summary(director: Director) -> dict[str, Any]:
    """The JSON summary of a tournament: places (player, place, prize,
    eliminated_in_hand), moves and breaks (counts), hands, chips at the
    start and at the end."""
    places = [
        {
            "player": r.name,
            "place": r.place,
            "shared": r.shared,
            "prize": r.prize,
            "eliminated_in_hand": r.hand,
        }
        for r in director.standings()
    ]
    return {
        "players": len(director.names),
        "places": places,
        "moves": director.moves,
        "breaks": director.breaks,
        "hands": director.hands,
        "prize_pool": director.prize_pool,
        "chips_start": director.chips_start,
        "chips_end": director.chips(),
    }
