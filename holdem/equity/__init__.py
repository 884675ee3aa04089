"""Equity: each player's chance to win, tie and share the pot, by enumeration.

What lives here: all-in equity for exact hands and ranges
(:mod:`~holdem.equity.allin`), the range notation (:mod:`~holdem.equity.ranges`),
the consistent deals and finishing orders it counts
(:mod:`~holdem.equity._deals`), the turn and river with known hole cards
(:mod:`~holdem.equity._late`) and the Monte Carlo (:mod:`~holdem.equity._sampling`).
:class:`EquityError` lives in :mod:`holdem.errors` with the other errors.

What it may import: :mod:`holdem.engine` (cards, pots, the fast evaluator) and
:mod:`holdem.errors`. ``from holdem.equity import equity`` keeps working.
"""

from __future__ import annotations

from holdem.equity.allin import (
    DEFAULT_BUDGET,
    DEFAULT_SAMPLES,
    DEFAULT_TARGET,
    MAX_SAMPLES,
    EquityError,
    EquityResult,
    PlayerEquity,
    PotChance,
    PotEquityResult,
    Progress,
    equity,
    pot_equity,
)

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_SAMPLES",
    "DEFAULT_TARGET",
    "MAX_SAMPLES",
    "EquityError",
    "EquityResult",
    "PlayerEquity",
    "PotChance",
    "PotEquityResult",
    "Progress",
    "equity",
    "pot_equity",
]
