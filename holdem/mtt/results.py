"""A player's finish and a player waiting to sit down (R15.3, R15.4, R15.6)."""

from __future__ import annotations

import attrs

__all__ = ["Result", "Waiting"]


@attrs.frozen
class Result:
    """One player's finish (R15.4, R15.6).

    Attributes:
        place: the place (the best of the places shared); ``None`` while in.
        name, shared, prize: the player, a shared place, the prize in units.
        hand: the tournament hand they went out in (``None`` for the winner).
        starting_stack: their stack at the start of that hand.
    """

    place: int | None
    name: str
    shared: bool
    prize: int
    hand: int | None
    starting_stack: int | None


@attrs.define
class Waiting:
    """A player moved to ``seat`` at a table, not yet dealt in: they sit down
    once the table has played ``after`` hands (R15.3)."""

    name: str
    chips: int
    seat: int
    after: int
