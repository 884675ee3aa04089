"""The search layer's one error, in a module of its own so that the state and its
encoders both raise it without importing each other."""

from __future__ import annotations

from holdem.engine.config import plain_int
from holdem.errors import HoldemError

__all__ = ["SearchError", "player_index"]


class SearchError(HoldemError):
    """An action id that is not legal at this node (a card already dealt, a
    betting id at a chance node, a raise-to outside the legal range, R3.7), or
    a request that needs a different kind of node. The state is unchanged."""

    __module__ = "holdem.search.state"  # where it is documented, imported and pickled from


def player_index(value: object, players: int, what: str = "player") -> int:
    """``value`` as a seat from 0 to ``players - 1``: a whole number (an ``int``
    or anything with ``__index__``, such as a numpy integer), not a bool.

    Raises:
        SearchError: anything else, or a number out of range (never wrapped).
    """
    index = plain_int(value)
    if index is None or not 0 <= index < players:
        raise SearchError(f"no such {what}: {value!r} (0 to {players - 1})")
    return index
