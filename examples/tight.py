"""A small custom agent for ``holdem simulate`` and ``holdem tournament``.

From the repository root::

    holdem simulate --players 6 --agent examples.tight:Tight,call,random
    holdem tournament --agents examples/tight.py:Tight,call,potodds

An agent is any class with ``act(view) -> Action``; it is built with a seed
(text) when its constructor takes one.
"""

from __future__ import annotations

from holdem import Action, Kind
from holdem.selfplay.agents import preflop_strength
from holdem.views.seat import SeatView


class Tight:
    """Plays only strong starting hands: raises them to three times the bet,
    folds the rest when facing a bet, and checks or calls after the flop."""

    def __init__(self, seed: object = None, threshold: float = 0.6) -> None:
        self.threshold = threshold

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        assert legal is not None  # a view of the seat to act
        passive = Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)
        if view.board:
            return passive
        if preflop_strength(view.hole_cards) < self.threshold:
            return Action(Kind.FOLD) if legal.can_fold else passive
        if legal.min_raise_to is None or legal.max_raise_to is None:
            return passive
        to = min(max(3 * view.current_bet, legal.min_raise_to), legal.max_raise_to)
        return Action(Kind.RAISE if legal.raise_word == "raise" else Kind.BET, to)
