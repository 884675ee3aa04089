"""holdem: no-limit Texas hold'em, exactly by the rules.

The public namespace: ``from holdem import Hand, TableConfig, Table, equity``.
The code lives in subpackages, one per layer (``docs/architecture.md``):
:mod:`holdem.engine` (one hand by the rules), :mod:`holdem.equity`,
:mod:`holdem.views` (what a seat may see), :mod:`holdem.table` (hand after
hand), :mod:`holdem.records` (hand histories), :mod:`holdem.scenarios`,
:mod:`holdem.selfplay`, and behind extras :mod:`holdem.batch`,
:mod:`holdem.envs` and :mod:`holdem.server`; :mod:`holdem.cli` is the command.
The old flat module paths (``holdem.hand``, ``holdem.phh``...) still import,
with a ``DeprecationWarning`` (:mod:`holdem._moved`).
"""

from types import ModuleType
from typing import TYPE_CHECKING

from holdem import _moved
from holdem.engine.betting import Action, Kind, LegalActions, parse_action
from holdem.engine.cards import DECK, UNKNOWN, parse_card, parse_cards
from holdem.engine.config import AnteType, Structure, TableConfig
from holdem.engine.hand import STREETS, Hand, HandResult, ShowdownError
from holdem.engine.pots import (
    Awards,
    Layering,
    Pot,
    PotAward,
    Rake,
    award_pots,
    layer_pots,
    rake_pots,
    share_pots,
    split_runs,
    uncalled_bet,
)
from holdem.engine.snapshot import SnapshotError
from holdem.equity.allin import EquityError, EquityResult, equity, pot_equity
from holdem.errors import (
    CardError,
    ConfigError,
    HoldemError,
    IllegalActionError,
    NotationError,
    Reason,
)
from holdem.table.table import BuyInError, Level, Schedule, Table, TableError
from holdem.views.seat import (
    DecisionView,
    SeatView,
    SpectatorView,
    decision_view,
    seat_view,
    spectator_view,
)

_moved.install()

if not TYPE_CHECKING:

    def __getattr__(name: str) -> ModuleType:
        """An old module attribute (``holdem.signing``), after a ``DeprecationWarning``."""
        return _moved.attribute(name)


__version__ = "0.1.0"

__all__ = [
    "DECK",
    "STREETS",
    "UNKNOWN",
    "Action",
    "AnteType",
    "Awards",
    "BuyInError",
    "CardError",
    "ConfigError",
    "DecisionView",
    "EquityError",
    "EquityResult",
    "Hand",
    "HandResult",
    "HoldemError",
    "IllegalActionError",
    "Kind",
    "Layering",
    "LegalActions",
    "Level",
    "NotationError",
    "Pot",
    "PotAward",
    "Rake",
    "Reason",
    "Schedule",
    "SeatView",
    "ShowdownError",
    "SnapshotError",
    "SpectatorView",
    "Structure",
    "Table",
    "TableError",
    "TableConfig",
    "award_pots",
    "decision_view",
    "equity",
    "layer_pots",
    "parse_action",
    "parse_card",
    "parse_cards",
    "pot_equity",
    "rake_pots",
    "seat_view",
    "share_pots",
    "spectator_view",
    "split_runs",
    "uncalled_bet",
]
