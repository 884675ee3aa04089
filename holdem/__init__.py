"""holdem: one hand of no-limit Texas hold'em, exactly by the rules.

The public namespace. Modules usable on their own: :mod:`holdem.pots` (the
layering module), :mod:`holdem.events` (the log records), :mod:`holdem.phh`
(hand histories), :mod:`holdem.snapshot`, :mod:`holdem.views`,
:mod:`holdem.agents`, :mod:`holdem.table`, :mod:`holdem.streams`
(per-seat event streams), :mod:`holdem.equity` and :mod:`holdem.ranges`.
"""

from holdem.betting import Action, Kind, LegalActions, parse_action
from holdem.cards import DECK, UNKNOWN, parse_card, parse_cards
from holdem.config import AnteType, Structure, TableConfig
from holdem.equity import EquityError, EquityResult, equity, pot_equity
from holdem.errors import (
    CardError,
    ConfigError,
    HoldemError,
    IllegalActionError,
    NotationError,
    Reason,
)
from holdem.hand import STREETS, Hand, HandResult, ShowdownError
from holdem.pots import (
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
from holdem.snapshot import SnapshotError
from holdem.table import BuyInError, Level, Schedule, Table, TableError
from holdem.views import (
    DecisionView,
    SeatView,
    SpectatorView,
    decision_view,
    seat_view,
    spectator_view,
)

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
