"""holdem: one hand of no-limit Texas hold'em, exactly by the rules.

The public namespace; the modules behind it are private by convention except
:mod:`holdem.pots` (the layering module, usable on its own) and
:mod:`holdem.events` (the log records).
"""

from holdem.betting import Action, Kind, LegalActions, parse_action
from holdem.cards import DECK, UNKNOWN, parse_card, parse_cards
from holdem.config import AnteType, Structure, TableConfig
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
    award_pots,
    layer_pots,
    uncalled_bet,
)

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "STREETS",
    "UNKNOWN",
    "Action",
    "AnteType",
    "Awards",
    "CardError",
    "ConfigError",
    "Hand",
    "HandResult",
    "HoldemError",
    "IllegalActionError",
    "Kind",
    "Layering",
    "LegalActions",
    "NotationError",
    "Pot",
    "PotAward",
    "Reason",
    "ShowdownError",
    "Structure",
    "TableConfig",
    "award_pots",
    "layer_pots",
    "parse_action",
    "parse_card",
    "parse_cards",
    "uncalled_bet",
]
