"""A whole multi-table tournament between agents (``holdem mtt``).

Player ``i`` (from 1) is named ``p{i}-{agent}`` and plays the agent
``agents[(i - 1) % len(agents)]`` (reference agents or ``module:Class`` /
``path/to/file.py:Class``, :mod:`holdem.selfplay.agent_specs`), seeded with
``"{seed}/agent/{i}"``.

Late registrants are named ``p{players + j}-{agent}`` (``j`` from 1) and
register one per round while late registration is open (R15.8). In
:func:`play`, every player buys what the options allow as soon as they may
(a re-entry, else a rebuy, when out; a rebuy at or below the threshold; the
add-on), between their table's hands.

>>> director, decide = agents_director(["call", "random"], players=12, seats=6, seed=2)
>>> log = play(director, decide)
>>> summary(director, log)["chips_end"] == summary(director, log)["chips_start"] == 12 * 1500
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from holdem.engine.betting import Action
from holdem.engine.hand import Hand
from holdem.errors import ConfigError, value_text
from holdem.mtt.director import Director
from holdem.mtt.entries import Entries
from holdem.mtt.events import Moved, MttEvent, TableBroken
from holdem.selfplay.tournament import DEFAULT_SCHEDULE
from holdem.table.schedule import Schedule
from holdem.table.table import Decide

MAX_PLAYERS = 100_000
"""The most players a simulated tournament registers (and the most late
registrants): each is an agent object in memory, so the field is bounded."""


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
    entries: Entries | None = None,
    late: int = 0,
    breaks_after: Sequence[int] = (),
    colour_ups: dict[int, int] | None = None,
) -> tuple[Director, Decide]:
    """A tournament between agents: the director and its decision callback.

    ``late`` players more may register late (R15.8, :func:`play` registers
    them); the other arguments are the :class:`Director`'s.

    Raises:
        ConfigError: no agents, an unknown agent, or a bad tournament argument.
        AgentFailure: (from the callback) an agent raised or chose an illegal action.
    """
    from holdem.selfplay.agent_specs import checked_act, factory
    from holdem.views.seat import seat_view

    if not agents:
        raise ConfigError("agents", "name at least one agent")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        got = value_text(players)
        raise ConfigError("players", f"must be a whole number from 2 to {MAX_PLAYERS:,}, got {got}")
    makers = {spec: factory(spec) for spec in dict.fromkeys(agents)}
    names = []
    table: dict[str, Any] = {}
    if isinstance(late, bool) or not isinstance(late, int) or not 0 <= late <= MAX_PLAYERS:
        raise ConfigError(
            "late", f"must be a whole number from 0 to {MAX_PLAYERS:,}, got {value_text(late)}"
        )
    for i in range(1, players + late + 1):
        spec = agents[(i - 1) % len(agents)]
        name = f"p{i}-{spec.rsplit(':', 1)[-1]}"
        names.append(name)
        table[name] = makers[spec](None if seed is None else f"{seed}/agent/{i}")
    director = Director(
        names[:players],
        seats=seats,
        stack=stack,
        schedule=schedule,
        seed=seed,
        payouts=payouts,
        prize_pool=prize_pool,
        entries=entries,
        breaks_after=breaks_after,
        colour_ups=colour_ups,
    )

    def decide(hand: Hand, seat: int) -> Action:
        names = hand.config.names
        assert names is not None
        name = names[seat]
        return checked_act(table[name], name, seat_view(hand, seat), director.hands)

    return director, decide


def buy(director: Director) -> None:
    """Every purchase the entry options allow now (R15.8): re-entries (else
    rebuys) for the busted, rebuys at or below the threshold, add-ons."""
    d = director
    if not d.entries_open:
        return
    for name in d.busted:
        if d.can_reenter(name):
            d.reenter(name)
        elif d.can_rebuy(name):
            d.rebuy(name)
    e = d.entries
    rebuying = d._level + 1 <= e.rebuy_until
    adding = d._level + 1 == e.add_on_level
    if not (rebuying or adding):
        return
    names = [
        state.name
        for number in sorted(d.tables)
        if d.tables[number].hand is None
        for state in d.tables[number].seats
        if state is not None and state.stack > 0
    ]
    names += [w.name for number in sorted(d._waiting) for w in d._waiting[number]]
    threshold = d.stack if e.rebuy_below is None else e.rebuy_below
    for name in names:
        where = d._find(name)
        if where is None:
            continue  # waiting to sit down
        state = d.tables[where[0]].seats[where[1]]
        if rebuying and state is not None and state.stack <= threshold and d.can_rebuy(name):
            d.rebuy(name)
        if adding and d.can_add_on(name):
            d.add_on(name)


def late_names(agents: Sequence[str], players: int, late: int) -> list[str]:
    """The names of the ``late`` registrants of :func:`agents_director`."""
    return [
        f"p{i}-{agents[(i - 1) % len(agents)].rsplit(':', 1)[-1]}"
        for i in range(players + 1, players + late + 1)
    ]


def play(director: Director, decide: Decide, late: Sequence[str] = ()) -> list[MttEvent]:
    """Play a tournament to the end: before each round the next of the
    ``late`` names registers while late registration is open, and everyone
    buys what they may (:func:`buy`). The moves and table breaks, in order."""
    late = list(late)
    log: list[MttEvent] = []
    while not director.is_over:
        if late and director.can_register():
            director.register(late.pop(0))
        buy(director)
        if director.play_round(decide) == 0 and director.break_until is not None:
            director.tick()  # a break: simulated time does not wait
        log += [e for e in director.drain_events() if isinstance(e, (Moved, TableBroken))]
    return log


def summary(director: Director, log: Sequence[MttEvent] = ()) -> dict[str, Any]:
    """The JSON summary of a tournament: ``places`` (player, place, shared,
    prize, eliminated_in_hand), ``moves`` and ``breaks`` (lists of objects
    from the ``log`` of :func:`play`; ``move_count``, ``break_count``: every
    one), ``hands``, the pool and entries, the chips at the start, bought,
    raced off by colour-ups, and at the end (``chips_end == chips_start +
    chips_bought + chips_raced``)."""
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
    moves = [
        {
            "player": e.name,
            "from_table": e.from_table,
            "from_seat": e.from_seat,
            "to_table": e.to_table,
            "to_seat": e.to_seat,
            "chips": e.chips,
            "reason": e.reason,
            "after_hand": e.hand,
        }
        for e in log
        if isinstance(e, Moved)
    ]
    breaks = [
        {"table": e.table, "players": e.players, "after_hand": e.hand}
        for e in log
        if isinstance(e, TableBroken)
    ]
    return {
        "players": len(director.names),
        "entries": director.entry_count,
        "places": places,
        "moves": moves,
        "breaks": breaks,
        "move_count": director.moves,
        "break_count": director.breaks,
        "hands": director.hands,
        "prize_pool": director.prize_pool,
        "chips_start": director.chips_start,
        "chips_bought": director.chips_bought,
        "chips_raced": director.chips_raced,
        "chips_end": director.chips(),
    }


@attrs.frozen(kw_only=True)
class Spec:
    """One tournament of ``holdem mtt`` but its seed: everything a worker
    (local or a Ray task) needs, picklable. Fields as for
    :func:`agents_director`."""

    agents: tuple[str, ...]
    players: int
    seats: int = 9
    stack: int = 1500
    hands_per_level: int = 10
    payouts: tuple[int | float | Fraction, ...] | None = None
    prize_pool: int | None = None
    entries: Entries = Entries()
    late: int = 0
    breaks_after: tuple[int, ...] = ()
    colour_ups: tuple[tuple[int, int], ...] = ()


def run_spec(spec: Spec, seed: int) -> dict[str, Any]:
    """Play the tournament ``spec`` with ``seed`` to the end; its :func:`summary`
    with ``seed`` added. The same ``(spec, seed)`` gives the same summary on
    any machine (every draw and deal is seeded).

    Raises:
        ConfigError: a bad option.
        AgentFailure: an agent raised or chose an illegal action.
    """
    schedule = Schedule(DEFAULT_SCHEDULE.levels, hands_per_level=spec.hands_per_level)
    director, decide = agents_director(
        spec.agents,
        players=spec.players,
        seats=spec.seats,
        stack=spec.stack,
        schedule=schedule,
        seed=seed,
        payouts=spec.payouts,
        prize_pool=spec.prize_pool,
        entries=spec.entries,
        late=spec.late,
        breaks_after=spec.breaks_after,
        colour_ups=dict(spec.colour_ups),
    )
    log = play(director, decide, late_names(spec.agents, spec.players, spec.late))
    return {"seed": seed, **summary(director, log)}


def run_many(spec: Spec, seeds: Sequence[int]) -> list[dict[str, Any]]:
    """:func:`run_spec` for each seed, in order (the local backend)."""
    return [run_spec(spec, seed) for seed in seeds]
