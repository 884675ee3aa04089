"""What a seat may see, and how a hand is told.

What lives here: seat, spectator and decision views (:mod:`~holdem.views.seat`),
per-seat event streams for servers (:mod:`~holdem.views.streams`), the text
history (:mod:`~holdem.views.history`), observation vectors
(:mod:`~holdem.views.observation`) and action abstractions
(:mod:`~holdem.views.abstraction`) for learners, and the pot calculator
behind ``holdem pots`` (:mod:`~holdem.views.calculator`). Nothing here ever
holds a card its seat may not see (R6).

What it may import: :mod:`holdem.engine`, :mod:`holdem.equity` (the history
shows all-in equity) and :mod:`holdem.errors`.
``from holdem.views import seat_view`` keeps working.
"""

from __future__ import annotations

from holdem.views.seat import (
    DecisionView,
    SeatView,
    SpectatorView,
    decision_view,
    seat_view,
    spectator_view,
    view_from_dict,
)

__all__ = [
    "DecisionView",
    "SeatView",
    "SpectatorView",
    "decision_view",
    "seat_view",
    "spectator_view",
    "view_from_dict",
]
