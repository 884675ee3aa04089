"""Game-tree search over the exact engine: explicit chance nodes, integer
action ids, information states, resampling (see :mod:`holdem.search.state`
and ``docs/search.md``)."""

from holdem.search.encode import (
    information_state_size,
    information_state_string,
    information_state_tensor,
    observation_size,
    observation_string,
    observation_tensor,
)
from holdem.search.state import (
    CARD_INDEX,
    CHANCE,
    CHECK_CALL,
    FOLD,
    RAISE_BASE,
    TERMINAL,
    SearchError,
    SearchGame,
    SearchState,
)
from holdem.search.subgame import RangeDeal, subgame

__all__ = [
    "CARD_INDEX",
    "CHANCE",
    "CHECK_CALL",
    "FOLD",
    "RAISE_BASE",
    "TERMINAL",
    "SearchError",
    "SearchGame",
    "RangeDeal",
    "SearchState",
    "information_state_size",
    "information_state_string",
    "information_state_tensor",
    "observation_size",
    "observation_string",
    "observation_tensor",
    "subgame",
]
