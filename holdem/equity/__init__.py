"""Equity: each player's chance to win, tie and share the pot, by enumeration.

What lives here: all-in equity for exact hands and ranges
(:mod:`~holdem.equity.allin`), the range notation (:mod:`~holdem.equity.ranges`)
and the consistent deals and finishing orders it counts
(:mod:`~holdem.equity._deals`).

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
