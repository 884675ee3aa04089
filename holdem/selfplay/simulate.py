"""Self-play: many hands between agents at a cash table, with each agent's result.

The hands are those of a cash table, blinds 1/2 unless given otherwise, each
seat held by ``Seat s``, where every stack is reset to the starting stack
before every hand (200 big blinds, 400 chips, unless given otherwise), so the
hands are independent, and the button moves one seat each hand (R10.1): hand
``i`` has it on seat ``i % players``. (Each hand is a :class:`~holdem.engine.hand.Hand`
with the configuration a cash :class:`~holdem.table.table.Table` would deal it
with after :meth:`~holdem.table.table.Table.reset_stacks`; no table bookkeeping is
kept.) The agents sit on the seats cyclically from the list (seat ``s``
plays ``agents[s % len(agents)]``).

Hand ``i`` draws all its randomness from one source,
``random.Random(f"{seed}:{i}")``: first its deal (``Hand(config, rng=...)``,
every card the hand may need in one draw), then every draw of the reference
agents, in the order they act. The reference
agents are built once per worker: ``random`` and ``call`` decide on the
legal options alone (:func:`~holdem.selfplay.agents.random_action`; check or call),
``potodds`` on a :func:`~holdem.views.seat.decision_view`. An agent given by a
factory is built fresh for every hand with the seed ``f"{seed}:{i}:{s}"``
(``s`` its seat) and acts on the full :func:`~holdem.views.seat.seat_view`. So a
hand's play depends only on ``(seed, i)``: with ``workers``, each worker
plays a chunk of consecutive hands, and the results are exactly those of one
process.

An agent's result adds up its seats: over hand ``i`` it wins ``y_i`` chips
(the net of all its seats). Reported are the total ``chips`` won, the win
rate in big blinds per 100 hands **per seat** (``100 * mean(y) / (seats *
bb)``: an agent on two seats that wins 4 big blinds a hand over both has
200 bb/100, what each of its seats won on average) and the half-width of its
95% confidence interval (``1.96`` standard errors of that mean over the
hands, which are independent).

``holdem simulate --json`` prints :meth:`Simulation.to_dict` as one line;
its keys are stable:

* ``hands``: hands played;
* ``seconds``: wall-clock seconds; ``hands_per_second``: their ratio;
* ``results``: by agent name, in order of first seat, an object with
  ``seats`` (seats the agent played in every hand), ``hands``, ``chips``
  (chips won over all its seats and hands, negative when lost),
  ``bb_per_100`` (big blinds won per 100 hands per seat), ``ci95`` (the
  half-width of the 95% confidence interval of ``bb_per_100``, ``null``
  after a single hand) and ``chips_squared`` (the exact sum over the hands
  of the square of the chips won in each);
* the settings: ``start`` (the first hand's index), ``players``, ``seed``,
  ``agents``, ``small_blind``, ``big_blind`` and ``stack``.

With the exact sums, shards of a run (``start=K``, ``hands=N``) merge into
exactly the result of the whole run (:mod:`holdem.selfplay.shards`, ``holdem merge``).

>>> result = simulate(players=3, hands=20, seed=1, agents=["call", "random"])
>>> [(r.agent, r.seats) for r in result.results]
[('call', 2), ('random', 1)]
>>> sum(r.chips for r in result.results)
0
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from holdem.engine.betting import Action, Kind
from holdem.engine.config import TableConfig
from holdem.engine.hand import Hand
from holdem.errors import ConfigError
from holdem.selfplay.agent_specs import checked_act
from holdem.selfplay.agents import (
    AGENTS,
    Agent,
    AgentFactory,
    CallAgent,
    PotOddsAgent,
    answer_runs,
    make_agent,
    random_action,
)
from holdem.views.seat import decision_view, seat_view

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@attrs.frozen
class AgentResult:
    """One agent's result over a simulation.

    Attributes:
        agent: the agent's name.
        seats: how many seats it played in every hand.
        hands: hands played.
        chips: chips won over all its seats and hands (negative when lost).
        bb_per_100: big blinds won per 100 hands per seat.
        ci95: half-width of the 95% confidence interval of ``bb_per_100``
            (infinite after a single hand).
        chips_squared: the sum over the hands of the square of the chips won
            in each hand (exact, so that shards merge exactly).
    """

    agent: str
    seats: int
    hands: int
    chips: int
    bb_per_100: float
    ci95: float
    chips_squared: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: every attribute but ``agent`` (``ci95`` is ``None``
        after a single hand)."""
        return {
            "seats": self.seats,
            "hands": self.hands,
            "chips": self.chips,
            "bb_per_100": round(self.bb_per_100, 4),
            "ci95": round(self.ci95, 4) if math.isfinite(self.ci95) else None,
            "chips_squared": self.chips_squared,
        }


@attrs.frozen
class Simulation:
    """What :func:`simulate` gives back.

    Attributes:
        hands: hands played.
        seconds: wall-clock time, in seconds.
        results: one :class:`AgentResult` per distinct agent, in order of first seat.
        players, seed, agents: the settings used.
        workers: the processes actually used: at most four per CPU and one per chunk of
            hands, so possibly fewer than asked for.
        small_blind, big_blind, stack: the table, in chips.
        start: the index of the first hand played (hands ``start`` to
            ``start + hands - 1``).
    """

    hands: int
    seconds: float
    results: tuple[AgentResult, ...]
    players: int
    seed: int | str
    agents: tuple[str, ...]
    workers: int
    small_blind: int
    big_blind: int
    stack: int
    start: int = 0

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of wall-clock time."""
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        """``{"hands", "seconds", "hands_per_second", "results": {agent: {...}}}``
        and the settings (``start``, ``players``, ``seed``, ``agents``,
        ``small_blind``, ``big_blind``, ``stack``) that :mod:`holdem.selfplay.shards` needs."""
        return {
            "hands": self.hands,
            "seconds": round(self.seconds, 6),
            "hands_per_second": round(min(self.hands_per_second, 1e12), 3),
            "results": {r.agent: r.to_dict() for r in self.results},
            "start": self.start,
            "players": self.players,
            "seed": self.seed,
            "agents": list(self.agents),
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "stack": self.stack,
        }


@attrs.frozen
class _Spec:
    """Everything a worker needs to play hands ``start`` to ``stop - 1``."""

    players: int
    seed: int | str
    agents: tuple[str, ...]
    small_blind: int
    big_blind: int
    stack: int
    factories: Mapping[str, AgentFactory]


def play_hand(
    config: TableConfig,
    agents: Sequence[Agent],
    seed: int | str | None = None,
    *,
    rng: random.Random | None = None,
) -> Hand:
    """Play one hand to the end, each seat's agent acting on its seat view and
    answering the run question when the table allows several runs (R12.1).

    Args:
        config: the table.
        agents: one agent per seat (indexed by seat).
        seed: the deal's seed.
        rng: instead of ``seed``, the random source to deal from (see
            :class:`~holdem.engine.hand.Hand`).

    Returns:
        The finished hand.

    Raises:
        IllegalActionError: an agent chose an illegal action.
        ConfigError: both ``seed`` and ``rng`` are given.
    """
    hand = Hand(config, seed=seed, rng=rng)
    while not hand.is_over:
        if (seat := hand.to_act) is not None:
            hand.act(seat, agents[seat].act(seat_view(hand, seat)))
        elif (seat := hand.run_seat) is not None:  # R12.1
            hand.choose_runs(seat, answer_runs(agents[seat], seat_view(hand, seat)))
        else:
            break
    return hand


def _configs(spec: _Spec) -> list[TableConfig]:
    """The table of hand ``i`` is ``_configs(spec)[i % players]``: every seat
    ``s`` taken by ``Seat s`` with the starting stack, the button on seat
    ``i % players``: the configuration a cash :class:`~holdem.table.table.Table`
    deals hand ``i`` with once every stack is reset."""
    names = tuple(f"Seat {seat}" for seat in range(spec.players))
    stacks = [spec.stack] * spec.players
    return [
        TableConfig(stacks, spec.small_blind, spec.big_blind, names=names, button=button)
        for button in range(spec.players)
    ]


_RANDOM, _CALL, _VIEW, _CUSTOM = range(4)
_CHECK_ACTION, _CALL_ACTION = Action(Kind.CHECK), Action(Kind.CALL)


def _tally(spec: _Spec, start: int, stop: int) -> list[tuple[int, int]]:
    """Per distinct agent: (sum of y, sum of y squared) over hands start..stop-1."""
    names = list(dict.fromkeys(spec.agents))
    seat_agents = [spec.agents[s % len(spec.agents)] for s in range(spec.players)]
    owner = [names.index(name) for name in seat_agents]
    # How each seat decides (see the module doc): the reference agents are
    # built once; ``random`` and ``call`` need only the legal options.
    modes = [
        _CUSTOM
        if name in spec.factories
        else _RANDOM
        if name == "random"
        else _CALL
        if name == "call"
        else _VIEW
        for name in seat_agents
    ]
    agents: list[Agent] = [
        CallAgent() if mode == _CUSTOM else make_agent(name)
        for name, mode in zip(seat_agents, modes)
    ]
    drawing = [a for a, m in zip(agents, modes) if m == _VIEW and isinstance(a, PotOddsAgent)]
    custom = [
        (seat, spec.factories[name])
        for seat, name in enumerate(seat_agents)
        if modes[seat] == _CUSTOM
    ]
    sums = [0] * len(names)
    staked = [spec.stack * owner.count(i) for i in range(len(names))]  # every stack starts equal
    squares = [0] * len(names)
    configs = _configs(spec)
    # Every seat random: the same draws without the per-decision dispatch.
    all_random = all(mode == _RANDOM for mode in modes)
    # One generator, seeded again for each hand: the draws of
    # random.Random(f"{seed}:{index}"), without a new generator's state each hand.
    rng = random.Random(0)
    for index in range(start, stop):
        rng.seed(f"{spec.seed}:{index}")
        for agent in drawing:
            agent.rng = rng
        for seat, factory in custom:
            agents[seat] = factory(f"{spec.seed}:{index}:{seat}")
        hand = Hand(configs[index % spec.players], rng=rng)
        if all_random:
            while (legal := hand.legal_actions()) is not None:
                hand.act(legal.seat, random_action(legal, rng))
        while (legal := hand.legal_actions()) is not None:
            seat = legal.seat
            mode = modes[seat]
            if mode == _RANDOM:
                action = random_action(legal, rng)
            elif mode == _CALL:
                action = _CHECK_ACTION if legal.can_check else _CALL_ACTION
            elif mode == _VIEW:
                action = agents[seat].act(decision_view(hand, seat))  # type: ignore[arg-type]
            else:
                view = seat_view(hand, seat)
                # Hands are shown from 1: the hand of seed index ``index`` is hand index + 1.
                action = checked_act(agents[seat], seat_agents[seat], view, index + 1)
            hand.act(seat, action)
        assert hand.is_over
        # Each agent's net (its seats' final stacks less their starting
        # stacks: the result's net), without building the result.
        final = hand.stacks
        if len(names) == 1:
            y = sum(final) - staked[0]
            sums[0] += y
            squares[0] += y * y
            continue
        per_agent = [0] * len(names)
        for seat, chips in enumerate(final):
            per_agent[owner[seat]] += chips
        for i, y in enumerate(per_agent):
            y -= staked[i]
            sums[i] += y
            squares[i] += y * y
    return list(zip(sums, squares))


def _work(job: tuple[_Spec, int, int]) -> tuple[int, list[tuple[int, int]]]:
    spec, start, stop = job
    return stop - start, _tally(spec, start, stop)


MAX_CHUNKS = 100_000
"""The most chunks a run is cut into: the chunks of a huge run (``--count
1000000000000``) grow instead, so that listing them stays small."""


def _chunks(hands: int, workers: int, first: int = 0) -> list[tuple[int, int]]:
    size = max(1, min(500, math.ceil(hands / (workers * 8)) if workers > 1 else 200))
    size = max(size, -(-hands // MAX_CHUNKS))
    stop = first + hands
    return [(start, min(start + size, stop)) for start in range(first, stop, size)]


Job = tuple[_Spec, int, int]
"""Hands ``start`` to ``stop - 1`` of a simulation: ``(spec, start, stop)``."""

Runner = Callable[[list[Job], int], Iterator[tuple[int, list[tuple[int, int]]]]]
"""Plays jobs (with up to ``workers`` processes) and yields, for each, the number
of hands and the per-agent (sum, sum of squares) of the chips won."""


def check_settings(
    players: object, hands: object, workers: object, agents: Sequence[str]
) -> tuple[str, ...]:
    """Check the settings every self-play run shares; returns the agents as a tuple.

    Args:
        players: seats at the table, 2 to 10.
        hands: hands to play, at least 1.
        workers: worker processes, 0 for one per CPU.
        agents: agent names, one to ``players`` of them.

    Raises:
        ConfigError: a setting is invalid (its name is the error's ``field``).
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise ConfigError("players", f"must be 2 to 10, got {players!r}")
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise ConfigError("hands", f"must be at least 1, got {hands!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise ConfigError("workers", f"must be 0 (one per CPU) or more, got {workers!r}")
    names = tuple(agents)
    if not names:
        raise ConfigError("agent", "name at least one agent")
    if len(names) > players:
        raise ConfigError("agent", f"{len(names)} agents for {players} seats")
    return names


def simulate(
    players: int = 6,
    hands: int = 1000,
    seed: int | str = 0,
    agents: Sequence[str] = ("random",),
    *,
    workers: int = 1,
    small_blind: int = 1,
    big_blind: int = 2,
    stack: int | None = None,
    factories: Mapping[str, AgentFactory] | None = None,
    progress: Callable[[int, int], None] | None = None,
    start: int = 0,
    runner: Runner | None = None,
) -> Simulation:
    """Play ``hands`` independent hands between ``agents`` and sum up each one's result.

    Args:
        players: seats at the table, 2 to 10.
        hands: hands to play, at least 1.
        seed: the simulation's seed; hand ``i`` depends only on ``(seed, i)``.
        agents: agent names, given to the seats cyclically; at most ``players``.
        workers: processes to spread the hands over (1: this process; 0: one
            per CPU). The results do not depend on it.
        small_blind, big_blind: the blinds, in chips.
        stack: every seat's stack at the start of every hand, in chips
            (default 200 big blinds).
        factories: agents beyond :data:`~holdem.selfplay.agents.AGENTS`, by name: a
            callable from a seed to an agent (picklable, e.g. a class defined
            at module level, when ``workers`` is not 1).
        progress: called as ``progress(done, hands)`` as hands finish.
        start: the index of the first hand: hands ``start`` to ``start + hands
            - 1`` are played (a shard, see :mod:`holdem.selfplay.shards`).
        runner: plays the chunks of hands elsewhere (e.g.
            :class:`holdem.selfplay.simulate_ray.RayRunner`); ``workers`` is then the
            number of chunks it should be able to run at once.

    Raises:
        ConfigError: a setting is invalid (its name is the error's ``field``).
    """
    factories = dict(factories or {})
    agents = check_settings(players, hands, workers, agents)
    if isinstance(start, bool) or not isinstance(start, int) or start < 0:
        raise ConfigError("start", f"must be 0 or more, got {start!r}")
    for name in agents:
        if name not in factories and name not in AGENTS:
            make_agent(name)  # raises ConfigError naming the known agents
    chips = 200 * big_blind if stack is None else stack
    # Build one table to check the blinds and stack (ConfigError names the field).
    TableConfig([chips] * players, small_blind, big_blind)
    if workers == 0:
        workers = os.cpu_count() or 1
    spec = _Spec(players, seed, agents, small_blind, big_blind, chips, factories)
    jobs = [(spec, a, b) for a, b in _chunks(hands, workers, start)]
    # A worker per chunk at most, and no more than a few per CPU: more processes
    # only add start-up cost (results do not depend on the number of workers).
    workers = min(workers, len(jobs), 4 * (os.cpu_count() or 1) if runner is None else workers)
    names = list(dict.fromkeys(agents))
    totals = [[0, 0] for _ in names]
    done = 0
    began = time.perf_counter()
    for count, tally in (runner or _run)(jobs, workers):
        done += count
        for total, (s, q) in zip(totals, tally):
            total[0] += s
            total[1] += q
        if progress is not None:
            progress(done, hands)
    seconds = time.perf_counter() - began
    results = []
    for name, (s, q) in zip(names, totals):
        seats = sum(1 for seat in range(players) if agents[seat % len(agents)] == name)
        results.append(result_of(name, seats, hands, s, q, big_blind))
    return Simulation(
        hands,
        seconds,
        tuple(results),
        players,
        seed,
        agents,
        workers,
        small_blind,
        big_blind,
        chips,
        start,
    )


def _run(jobs: list[Job], workers: int) -> Iterator[tuple[int, list[tuple[int, int]]]]:
    if workers == 1 or len(jobs) == 1:
        for job in jobs:
            yield _work(job)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        yield from pool.imap(_work, jobs)


def result_of(name: str, seats: int, hands: int, total: int, squares: int, bb: int) -> AgentResult:
    """An agent's result, bb/100 and its 95% interval, from the exact integer sums
    over the hands: ``total`` chips won and ``squares``, the sum of their squares."""
    scale = 100 / (seats * bb)
    mean = total / hands
    if hands > 1:
        variance = max(0.0, (squares - total * mean) / (hands - 1))
        ci95 = Z95 * math.sqrt(variance / hands) * scale
    else:
        ci95 = math.inf
    return AgentResult(name, seats, hands, total, mean * scale, ci95, squares)


def format_results(simulation: Simulation, parts: str = "worker") -> str:
    """The simulation as a text table, one line per agent, and the speed.

    Args:
        simulation: the results.
        parts: what :attr:`Simulation.workers` counts, for its line:
            ``"worker"`` (processes) or ``"shard"`` (a merge of shards).
    """
    sim = simulation
    hands = _plural(sim.hands, "hand")
    width = max(12, *(len(r.agent) for r in sim.results))
    lines = [
        f"{sim.players} players, {hands}, seed {sim.seed}, blinds "
        f"{sim.small_blind}/{sim.big_blind}, stacks {sim.stack} "
        f"({sim.stack / sim.big_blind:g} big blinds), {_plural(sim.workers, parts)}",
        f"{'agent':<{width}} {'seats':>5} {'chips won':>12} {'bb/100/seat':>12}   95% CI",
    ]
    for r in sim.results:
        lines.append(
            f"{r.agent:<{width}} {r.seats:>5} {r.chips:>+12,} {r.bb_per_100:>+12.2f}   "
            f"± {r.ci95:.2f}"
        )
    lines.append(
        "bb/100/seat: big blinds won per 100 hands per seat (all the agent's seats "
        "averaged); 95% CI: half-width of its 95% confidence interval"
    )
    rate = f"{sim.hands_per_second:,.0f}"  # "inf" when no time was measured
    per_second = f"{rate} hand{'' if rate == '1' else 's'} per second"
    lines.append(f"{hands} in {sim.seconds:.2f} s: {per_second}")
    return "\n".join(lines)


def _plural(count: int, noun: str) -> str:
    """``1 hand``, ``2 hands``, ``2,000 hands``."""
    return f"{count:,} {noun}" + ("" if count == 1 else "s")
