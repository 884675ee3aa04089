"""Bots: the :class:`Agent` protocol and three seeded reference agents.

An agent sees only a :class:`~holdem.views.seat.SeatView` and answers with an
:class:`~holdem.engine.betting.Action` (the reference agents act on the light
:class:`~holdem.views.seat.DecisionView` as well); bet and raise amounts are "raise to"
amounts (R3.1). Every reference agent draws from its own
``random.Random(seed)``, so the same seed and views give the same actions.

- ``random``: uniform over the legal kinds (fold only when facing a bet;
  check or call; bet or raise when legal), and a raise-to amount uniform
  between the minimum and the maximum.
- ``call``: the calling station: checks when it can, else calls.
- ``potodds``: calls when its estimated chance of winning beats the pot
  odds, bets or raises with strong hands, folds or checks otherwise.

When the table lets the board be run more than once (R12), a seat is also
asked how many runs it accepts (``view.run_choices``). An agent answers with
an optional ``choose_runs(view) -> int`` method, called through
:func:`answer_runs`; an agent without one keeps it to one run. ``random``
picks uniformly among the choices; ``call`` and ``potodds`` accept the most
(the same expected chips, less variance).

>>> from holdem import Hand, TableConfig
>>> hand = Hand(TableConfig(stacks=[500, 500, 500], small_blind=5, big_blind=10), seed=1)
>>> from holdem.views.seat import seat_view
>>> str(make_agent("call", seed=7).act(seat_view(hand, hand.to_act)))
'call'
>>> AGENTS
('random', 'call', 'potodds')
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from holdem.engine import showdown as _showdown
from holdem.engine.betting import Action, Kind, LegalActions, sized_action
from holdem.engine.cards import DECK, RANKS, UNKNOWN
from holdem.errors import ConfigError, HoldemError
from holdem.views.seat import DecisionView, SeatView

Seed = int | str | None


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action for the seat to act from its view."""

    def act(self, view: SeatView) -> Action:
        """The action for ``view.seat``, which is to act (``view.legal`` is set).

        The action must be legal (``action in view.legal``); the hand refuses
        it with :class:`~holdem.errors.IllegalActionError` otherwise.
        """
        ...


class AgentError(HoldemError):
    """An agent was asked to act on a view it cannot act on: not a
    :class:`~holdem.views.seat.SeatView`, or the view of a seat that is not to act."""


View = SeatView | DecisionView
"""The views the reference agents act on."""


def _legal(view: View) -> LegalActions:
    if not isinstance(view, (SeatView, DecisionView)):
        raise AgentError(
            f"an agent acts on a seat view with legal options "
            f"(holdem.views.seat.seat_view(hand, hand.to_act)), got {type(view).__name__}"
        )
    legal = view.legal
    if legal is None:
        raise AgentError(
            f"seat {view.seat} is not to act (seat to act: {view.to_act}); an agent acts "
            f"on the seat view of the seat to act, which has legal options"
        )
    return legal


def _run_choices(view: SeatView) -> tuple[int, ...]:
    if not isinstance(view, SeatView):
        raise AgentError(
            f"an agent answers the run question on a seat view, got {type(view).__name__}"
        )
    choices = view.run_choices
    if choices is None:
        raise AgentError(
            f"seat {view.seat} is not asked how many runs it accepts "
            f"(seat asked: {view.run_seat}) (R12.1)"
        )
    return choices


def answer_runs(agent: object, view: SeatView) -> int:
    """How many runs of the board ``agent`` accepts for ``view.seat`` (R12.1).

    Args:
        agent: any agent; its ``choose_runs(view)`` answers when it has one.
        view: the seat view of the seat asked (``view.run_choices`` is set).

    Returns:
        The agent's answer, or 1 (one run) for an agent without
        ``choose_runs``. The hand checks the answer
        (:meth:`~holdem.engine.hand.Hand.choose_runs`).

    Raises:
        AgentError: not a seat view, or not the view of the seat asked.
    """
    _run_choices(view)
    choose = getattr(agent, "choose_runs", None)
    if choose is None:
        return 1
    answer: int = choose(view)
    return answer


# Actions are immutable values: the ones without an amount are built once.
_FOLD, _CHECK, _CALL = Action(Kind.FOLD), Action(Kind.CHECK), Action(Kind.CALL)


def _passive(legal: LegalActions) -> Action:
    return _CHECK if legal.can_check else _CALL


def _raise(legal: LegalActions, to: int) -> Action:
    """A bet or raise to ``to`` chips, clamped to the legal range."""
    assert legal.min_raise_to is not None and legal.max_raise_to is not None
    to = max(legal.min_raise_to, min(legal.max_raise_to, to))
    return sized_action(Kind.BET if legal.raise_word == "bet" else Kind.RAISE, to)


def random_action(legal: LegalActions, rng: random.Random) -> Action:
    """The ``random`` policy on the legal options alone.

    One of the legal kinds, uniformly: fold (only when facing a bet), check
    or call, bet or raise (when legal); a bet or raise goes to an amount
    drawn uniformly from ``min_raise_to`` to ``max_raise_to`` chips.

    Args:
        legal: the options of the seat to act.
        rng: the random source.
    """
    kinds = 1 + legal.can_fold + (legal.min_raise_to is not None)
    if type(rng) is not _Random or not _INLINE_DRAWS:
        return _random_action(legal, rng, kinds)
    # randrange(kinds) as a plain Random draws it (_randbelow: getrandbits of
    # the bit length, drawn again while too large), inline: the same numbers.
    bits = rng.getrandbits
    pick = bits(_KIND_BITS[kinds])
    while pick >= kinds:
        pick = bits(_KIND_BITS[kinds])
    if legal.can_fold:
        if pick == 0:
            return _FOLD
        pick -= 1
    if pick == 0:
        return _CHECK if legal.can_check else _CALL
    low, high = legal.min_raise_to, legal.max_raise_to
    assert low is not None and high is not None
    # randint(low, high), likewise: low + _randbelow(high - low + 1).
    width = high - low + 1
    size = width.bit_length()
    to = bits(size)
    while to >= width:
        to = bits(size)
    return sized_action(Kind.BET if legal.raise_word == "bet" else Kind.RAISE, low + to)


def _random_action(legal: LegalActions, rng: random.Random, kinds: int) -> Action:
    """:func:`random_action` through ``rng``'s own ``randrange`` and ``randint``."""
    pick = rng.randrange(kinds)
    if legal.can_fold:
        if pick == 0:
            return _FOLD
        pick -= 1
    if pick == 0:
        return _passive(legal)
    assert legal.min_raise_to is not None and legal.max_raise_to is not None
    to = rng.randint(legal.min_raise_to, legal.max_raise_to)
    return sized_action(Kind.BET if legal.raise_word == "bet" else Kind.RAISE, to)


_Random = random.Random
_KIND_BITS = (0, 1, 2, 2)
"""The bit length of 1, 2 and 3 kinds."""


def _inline_draws_match() -> bool:
    """Whether :func:`random_action`'s inline draws give what ``randrange`` and
    ``randint`` give on this Python (checked once, on a few thousand draws)."""
    ours, by_range, by_int = random.Random(2026), random.Random(2026), random.Random(2026)
    bits = ours.getrandbits
    for n in (1, 2, 3, 5, 398, 4000, 2**40 + 3):
        size = n.bit_length()
        for _ in range(100):
            r = bits(size)
            while r >= n:
                r = bits(size)
            if r != by_range.randrange(n) or 7 + r != by_int.randint(7, 6 + n):
                return False
    return True


_INLINE_DRAWS = _inline_draws_match()


class RandomAgent:
    """Uniform over the legal kinds, then over the raise-to amounts (see
    :func:`random_action`).

    Args:
        seed: seed of the agent's ``random.Random``.
    """

    name = "random"

    def __init__(self, seed: Seed = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        """A uniformly random legal action for ``view.seat``."""
        return random_action(_legal(view), self.rng)

    def choose_runs(self, view: SeatView) -> int:
        """A uniformly random count of runs among ``view.run_choices`` (R12.1)."""
        return self.rng.choice(_run_choices(view))


class CallAgent:
    """The calling station: checks when it can, else calls (all-in for less
    when short, R1.2). Never folds, bets or raises.

    Args:
        seed: ignored (the agent draws nothing); accepted like every agent's.
    """

    name = "call"

    def __init__(self, seed: Seed = None) -> None:
        self.seed = seed

    def act(self, view: View) -> Action:
        """Check or call."""
        return _passive(_legal(view))

    def choose_runs(self, view: SeatView) -> int:
        """The most runs the table allows (R12.1)."""
        return max(_run_choices(view))


def preflop_strength(hole: tuple[str, ...]) -> float:
    """Rough chance that two hole cards beat one random hand by the river.

    The Chen formula's score (-1 to 20) mapped linearly onto 0.32 (seven-deuce
    offsuit) to 0.85 (pocket aces).

    >>> round(preflop_strength(("As", "Ah")), 2), round(preflop_strength(("7d", "2c")), 2)
    (0.85, 0.32)
    """
    high, low = sorted((RANKS.index(c[0]) for c in hole), reverse=True)
    points = _CHEN[high]
    if high == low:
        points = max(points * 2, 5)
    else:
        if hole[0][1] == hole[1][1]:
            points += 2
        gap = high - low - 1
        points -= (0, 1, 2, 4)[gap] if gap < 4 else 5
        if gap <= 1 and high < RANKS.index("Q"):
            points += 1
    score = math.ceil(points)
    return 0.32 + 0.53 * (score + 1) / 21


# Chen points of the highest card, by rank index (2 .. A).
_CHEN = (1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 10)


class PotOddsAgent:
    """Plays the pot odds against an estimate of its chance of winning.

    The estimate: preflop, :func:`preflop_strength`; after the flop, the share
    of ``samples`` random opponent hands its hand beats on the current board
    (by :func:`holdem.engine.showdown.rank`, ties counting half). Either is raised to
    the power of the number of opponents still in the hand.

    Facing a bet it calls when the estimate is at least the pot odds (the
    call over the pot after calling), raises by the pot when the estimate is
    above ``raise_at``, and folds otherwise. With nothing to call it bets
    three quarters of the pot above ``bet_at``, else checks.

    Args:
        seed: seed of the agent's ``random.Random`` (the sampled opponent hands).
        samples: opponent hands drawn per decision after the flop.
        bet_at, raise_at: thresholds on the estimate, between 0 and 1.
    """

    name = "potodds"

    def __init__(
        self, seed: Seed = None, samples: int = 24, bet_at: float = 0.6, raise_at: float = 0.7
    ) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.bet_at = bet_at
        self.raise_at = raise_at

    def strength(self, view: View) -> float:
        """The estimated chance of winning at showdown, 0 to 1."""
        hole = view.hole_cards
        if UNKNOWN in hole:
            return 0.0
        opponents = max(1, len(view.opponents))
        board = view.board
        if not board:
            return preflop_strength(hole) ** opponents
        rank = _showdown.rank
        mine = rank(hole, board)
        seen = set(hole) | set(board)
        unseen = [c for c in DECK if c not in seen]
        beaten = 0.0
        sample = self.rng.sample
        for _ in range(self.samples):
            theirs = rank(sample(unseen, 2), board)
            beaten += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        return float((beaten / self.samples) ** opponents)

    def act(self, view: View) -> Action:
        """Bet, raise, call, check or fold by the pot odds (see the class)."""
        legal = _legal(view)
        strength = self.strength(view)
        pot = view.pot_total
        can_raise = legal.min_raise_to is not None
        if legal.can_check:
            if can_raise and strength >= self.bet_at:
                return _raise(legal, view.bets[view.seat] + max(1, 3 * pot // 4))
            return Action(Kind.CHECK)
        if can_raise and strength >= self.raise_at:
            return _raise(legal, view.current_bet + pot + legal.call)
        if strength * (pot + legal.call) >= legal.call:
            return Action(Kind.CALL)
        return Action(Kind.FOLD)

    def choose_runs(self, view: SeatView) -> int:
        """The most runs the table allows (R12.1): the same expected chips,
        less variance."""
        return max(_run_choices(view))


AgentFactory = Callable[[Seed], Agent]

_REGISTRY: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "call": CallAgent,
    "potodds": PotOddsAgent,
}
AGENTS: tuple[str, ...] = tuple(_REGISTRY)
"""The names :func:`make_agent` knows."""


def make_agent(name: str, seed: Seed = None) -> Agent:
    """A reference agent by name (one of :data:`AGENTS`), seeded.

    Raises:
        ConfigError: ``name`` is not a known agent (field ``agent``).
    """
    try:
        factory = _REGISTRY[name]
    except (KeyError, TypeError):
        raise ConfigError("agent", f"unknown agent {name!r} (known: {', '.join(AGENTS)})") from None
    return factory(seed)
