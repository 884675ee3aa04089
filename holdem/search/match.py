"""Evaluation matches between agents: duplicate deals, bb/100 with a 95%
confidence interval, and all-in adjusted results (``holdem match``).

Every hand is the engine's (:class:`~holdem.engine.hand.Hand`, R1-R14): one seat per
agent, blinds and stacks reset every hand, the button moving one seat per
deal. Deal ``d`` is dealt from ``random.Random(f"match:{seed}:{d}")``.

- **Duplicate** (``duplicate=True``): every deal is played once per rotation
  of the agents around the table (``n`` times with ``n`` agents): agent ``i``
  sits in seat ``(i + r) % n`` in rotation ``r``, with the same cards and the
  same button, so each agent holds every seat's cards once and the luck of
  the deal cancels out.
- **bb/100**: an agent's chips won per 100 hands, in big blinds. The 95%
  confidence interval is ``1.96`` standard errors of the mean over the
  deals (each deal, with all its rotations, is one independent sample).
- **All-in adjusted**: when betting ends with two or more players in and
  cards to come (an all-in, R5.3), each player is credited, instead of what
  the run-out gave, its expected chips from :func:`holdem.equity.allin.pot_equity`
  over the cards still to come (exact when feasible), every pot and side pot
  included (R7, R8); other hands count as they ended.
- **Chunks**: the deals are played in chunks of :data:`CHUNK`, each with its
  own agents (see there), here one after the other or elsewhere through a
  ``runner`` (``holdem match --backend ray``:
  :class:`holdem.search.match_ray.RayMatchRunner`), with the same results.
  The chunks are made as the runner asks for them and each one's deals are
  folded into running sums as it comes back, so memory does not grow with
  the number of deals (at most :data:`MAX_DEALS`).
- **Failing agents**: an agent that raises, or returns something that is not
  a legal action, stops the match with
  :class:`~holdem.selfplay.agent_specs.AgentFailure` naming the agent (its
  spec), its seat and the hand: hand ``deal * rotations + rotation + 1``
  (deal and rotation counted from 0; ``rotations`` is 1 without duplicate).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from holdem.engine.config import TableConfig
from holdem.engine.events import StreetDealt
from holdem.engine.hand import Hand
from holdem.equity.allin import pot_equity
from holdem.errors import ConfigError
from holdem.selfplay.agent_specs import checked_act, factory
from holdem.views.seat import seat_view

__all__ = [
    "CHUNK",
    "MAX_DEALS",
    "AgentResult",
    "MatchJob",
    "MatchReport",
    "adjusted_net",
    "play_chunk",
    "play_match",
]

CHUNK = 250
"""Deals per chunk: the unit of work of a runner. Each chunk makes its agents
afresh (agent ``i`` seeded ``f"{seed}:{i}"`` in the first chunk, then
``f"{seed}:{i}:{start}"`` for the chunk starting at deal ``start``), so a
chunk's results depend only on the match settings and its deals: any runner
gives the same report."""

MAX_DEALS = 100_000_000
"""The most deals a match plays (a bound on the time asked for, not on memory)."""

MatchJob = tuple[tuple[Any, ...], int, int]
"""One chunk: ``(table, start, stop)``, the match settings and deals ``start`` to ``stop - 1``."""

DealResult = tuple[list[int], list[Fraction]]
"""One deal's chips per agent, as played and all-in adjusted."""

MatchRunner = Callable[[Iterable[MatchJob]], Iterator[tuple[int, list[DealResult]]]]
"""Runs the chunks (given lazily, in order), yielding ``(start, results of its
deals in order)`` in any order."""


@attrs.frozen
class AgentResult:
    """One agent's result.

    Attributes:
        name: the agent spec.
        hands: hands it played.
        chips: chips won (+) or lost (-).
        bb_per_100: big blinds won per 100 hands.
        ci95: half-width of the 95% confidence interval of ``bb_per_100``
            (``nan`` with fewer than two deals).
        adjusted_chips: chips won, all-in adjusted (a float: expected chips).
        adjusted_bb_per_100: the same per 100 hands, in big blinds.
        adjusted_ci95: its 95% half-width.
    """

    name: str
    hands: int
    chips: int
    bb_per_100: float
    ci95: float
    adjusted_chips: float
    adjusted_bb_per_100: float
    adjusted_ci95: float


@attrs.frozen
class MatchReport:
    """A match's results.

    Attributes:
        deals: the deals played; ``hands`` = ``deals`` times the rotations.
        hands: hands played.
        duplicate: whether every deal was played once per rotation.
        seed: the match seed.
        small_blind, big_blind, stack: the table, in chips.
        results: one :class:`AgentResult` per agent, in the order given.
    """

    deals: int
    hands: int
    duplicate: bool
    seed: int
    small_blind: int
    big_blind: int
    stack: int
    results: tuple[AgentResult, ...]

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (``nan`` intervals become ``None``)."""
        data = attrs.asdict(self)
        for result in data["results"]:
            for key, value in result.items():
                if isinstance(value, float) and math.isnan(value):
                    result[key] = None
        return data


def adjusted_net(hand: Hand) -> tuple[Fraction, ...]:
    """Chips won per seat, all-in adjusted (see the module): when betting ended
    with cards to come, each seat's expected payout from ``pot_equity`` on the
    board at that moment less its contributions; else the hand's own net.

    Raises:
        HoldemError: the hand is not over.
    """
    result = hand.result
    if result is None:
        raise ConfigError("hand", "the hand is not over")
    board: tuple[str, ...] | None = None
    for event in hand.log:
        if isinstance(event, StreetDealt) and event.run_out:
            board = event.board[: len(event.board) - len(event.cards)]
            break
    if board is None:
        return tuple(Fraction(chips) for chips in result.net)
    n = hand.config.seats
    holes = [None if hand.folded[s] else "".join(hand.hole_cards(s)) for s in range(n)]
    equity = pot_equity(
        holes,
        hand.contributions,
        board=list(board),
        button=hand.config.button,
        chip_unit=hand.config.chip_unit,
        dead_money=hand.dead_money,
        seed=0,
    )
    return tuple(equity.expected[s] - hand.contributions[s] for s in range(n))


@attrs.define
class _Sums:
    """Exact running sums of one agent's per-deal chips: count, sum, sum of squares."""

    count: int = 0
    total: Fraction = Fraction(0)
    squares: Fraction = Fraction(0)

    def add(self, chips: int | Fraction) -> None:
        self.count += 1
        self.total += chips
        self.squares += chips * chips

    def interval(self, hands_per_sample: int, big_blind: int) -> float:
        """The 95% half-width of the mean per hand, in bb/100 (``nan`` below 2 deals)."""
        count = self.count
        if count < 2:
            return math.nan
        variance = (self.squares - self.total * self.total / count) / (count - 1)
        per_hand = math.sqrt(variance / count) / hands_per_sample / big_blind
        return 1.96 * per_hand * 100


def play_chunk(job: MatchJob) -> tuple[int, list[DealResult]]:
    """Play one chunk of a match's deals (see :data:`CHUNK`).

    Args:
        job: ``(table, start, stop)`` as :func:`play_match` builds it.

    Returns:
        ``(start, per deal: (chips per agent, all-in adjusted chips per agent))``.

    Raises:
        AgentFailure: an agent raised or chose an illegal action (see the module).
        ConfigError: an agent cannot be built.
    """
    table, start, stop = job
    agents, seed, duplicate, small_blind, big_blind, chips, factories = table
    n = len(agents)
    configs = [TableConfig([chips] * n, small_blind, big_blind, button=b) for b in range(n)]
    made = []
    for index, spec in enumerate(agents):
        make = (factories or {}).get(spec) or factory(spec)
        made.append(make(f"{seed}:{index}" if start == 0 else f"{seed}:{index}:{start}"))
    rotations = n if duplicate else 1
    out: list[DealResult] = []
    for deal in range(start, stop):
        config = configs[deal % n]
        won = [0] * n
        won_adjusted = [Fraction(0)] * n
        for rotation in range(rotations):
            agent_at = [(seat - rotation) % n for seat in range(n)]
            hand = Hand(config, rng=random.Random(f"match:{seed}:{deal}"))
            number = deal * rotations + rotation + 1
            while (legal := hand.legal_actions()) is not None:
                index = agent_at[legal.seat]
                view = seat_view(hand, legal.seat)
                hand.act(legal.seat, checked_act(made[index], agents[index], view, number))
            assert hand.result is not None
            fair = adjusted_net(hand)
            for seat in range(n):
                won[agent_at[seat]] += hand.result.net[seat]
                won_adjusted[agent_at[seat]] += fair[seat]
        out.append((won, won_adjusted))
    return start, out


def _run_local(jobs: Iterable[MatchJob]) -> Iterator[tuple[int, list[DealResult]]]:
    for job in jobs:
        yield play_chunk(job)


def play_match(
    agents: Sequence[str],
    deals: int,
    seed: int = 0,
    *,
    duplicate: bool = False,
    small_blind: int = 1,
    big_blind: int = 2,
    stack: int | None = None,
    factories: Mapping[str, Callable[[Any], Any]] | None = None,
    runner: MatchRunner | None = None,
) -> MatchReport:
    """Play a match (see the module).

    Args:
        agents: 2 to 10 agent specs (reference agents such as ``random``,
            ``call``, ``potodds``, or ``module:Class`` / ``file.py:Class``),
            one per seat.
        deals: deals to play, at least 1.
        seed: the match seed.
        duplicate: play each deal once per rotation of the agents.
        small_blind, big_blind: the blinds, in chips.
        stack: every seat's stack at every hand, in chips (default 200 big blinds).
        factories: agents beyond the specs, by name: a callable from a seed to
            an agent.
        runner: plays the chunks of deals elsewhere (e.g.
            :class:`holdem.search.match_ray.RayMatchRunner`); the default plays
            them here, one after the other. The results do not depend on it.

    Returns:
        A :class:`MatchReport`.

    Raises:
        ConfigError: fewer than 2 or more than 10 agents, ``deals`` not a
            whole number from 1 to :data:`MAX_DEALS`, an unknown agent, or a
            bad table.
        AgentFailure: an agent raised or chose an illegal action (naming it,
            its seat and the hand; see the module).
    """
    n = len(agents)
    if not 2 <= n <= 10:
        raise ConfigError("agents", f"a match has 2 to 10 agents, got {n}")
    if type(deals) is not int or not 1 <= deals <= MAX_DEALS:
        raise ConfigError("hands", f"must be a whole number from 1 to {MAX_DEALS:,}, got {deals!r}")
    chips = 200 * big_blind if stack is None else stack
    TableConfig([chips] * n, small_blind, big_blind)  # a bad table fails here, at once
    for spec in agents:
        if spec not in (factories or {}):
            factory(spec)  # an unknown agent fails here, before any chunk runs
    rotations = n if duplicate else 1
    table = (tuple(agents), seed, duplicate, small_blind, big_blind, chips, factories)
    jobs = ((table, a, min(a + CHUNK, deals)) for a in range(0, deals, CHUNK))
    raw = [_Sums() for _ in range(n)]
    fair = [_Sums() for _ in range(n)]
    waiting: dict[int, list[DealResult]] = {}  # chunks back before an earlier one
    expected = 0
    for start, chunk in (runner or _run_local)(jobs):
        waiting[start] = chunk
        while expected in waiting:  # fold the chunks in deal order
            for won, won_adjusted in waiting.pop(expected):
                for i in range(n):
                    raw[i].add(won[i])
                    fair[i].add(won_adjusted[i])
            expected += CHUNK
    hands = deals * rotations
    results = tuple(
        AgentResult(
            name=agents[i],
            hands=hands,
            chips=int(raw[i].total),
            bb_per_100=int(raw[i].total) / big_blind / hands * 100,
            ci95=raw[i].interval(rotations, big_blind),
            adjusted_chips=float(fair[i].total),
            adjusted_bb_per_100=float(fair[i].total) / big_blind / hands * 100,
            adjusted_ci95=fair[i].interval(rotations, big_blind),
        )
        for i in range(n)
    )
    return MatchReport(deals, hands, duplicate, seed, small_blind, big_blind, chips, results)
