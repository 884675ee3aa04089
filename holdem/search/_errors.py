"""The search layer's one error, in a module of its own so that the state and its
encoders both raise it without importing each other."""

from __future__ import annotations

from holdem.errors import HoldemError

__all__ = ["SearchError"]


class SearchError(HoldemError):
    """An action id that is not legal at this node (a card already dealt, a
    betting id at a chance node, a raise-to outside the legal range, R3.7), or
    a request that needs a different kind of node. The state is unchanged."""

    __module__ = "holdem.search.state"  # where it is documented, imported and pickled from
