"""Game-tree search over the exact engine: explicit chance nodes, integer
action ids, information states, resampling (:mod:`holdem.search.state`,
:mod:`holdem.search.encode`), subgames with ranges
(:mod:`holdem.search.subgame`), ACPC and Slumbot strings
(:mod:`holdem.search.acpc`), a local ACPC dealer (:mod:`holdem.search.dealer`)
and evaluation matches (:mod:`holdem.search.match`). See ``docs/search.md``.

What it may import: :mod:`holdem.engine`, :mod:`holdem.equity`,
:mod:`holdem.views`, :mod:`holdem.selfplay` and :mod:`holdem.errors`, and no
extra (``pyspiel`` only in :mod:`holdem.openspiel`, which builds on this
package); not its sibling :mod:`holdem.batch`, nor anything above."""

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
