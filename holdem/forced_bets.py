"""The forced bets that open a hand: antes and blinds (R2).

:func:`post_forced_bets` posts them in order on plain per-seat lists (indexed
by seat) and tells the hand state machine how preflop betting starts.
"""

from __future__ import annotations

import attrs

from holdem.config import AnteType, TableConfig
from holdem.events import Event, Posted


@attrs.frozen
class Preflop:
    """How preflop betting starts once the forced bets are in.

    Attributes:
        dead: chips posted outside the layers (the big-blind ante, R2.3, R7.6).
        current_bet: the amount to call preflop, in chips: the full big blind
            even when it was posted short (R2.5).
        min_raise: the minimum raise size preflop, in chips (R3.2, R3.3).
        first: the seat from which preflop action starts, clockwise (R2.1).
    """

    dead: int
    current_bet: int
    min_raise: int
    first: int


def post_forced_bets(
    config: TableConfig,
    stacks: list[int],
    bets: list[int],
    contributions: list[int],
    log: list[Event],
) -> Preflop:
    """Post the antes and blinds of ``config`` (R2.1-R2.5).

    Uniform antes go in first, clockwise from the seat left of the button,
    then the small blind, the big blind and the big-blind ante. A seat that
    cannot cover a forced bet posts what it has and is all-in (R2.4).

    Args:
        config: the table configuration.
        stacks: chips behind per seat; reduced in place.
        bets: chips bet on the street per seat; blinds are added in place.
        contributions: chips put in per seat; antes and blinds added in place
            (never the big-blind ante, which is dead money).
        log: the hand's event log; one :class:`~holdem.events.Posted` per post.

    Returns:
        The :class:`Preflop` start.
    """
    dead = 0

    def post(seat: int, kind: str, amount: int, live: bool) -> None:
        nonlocal dead
        paid = min(amount, stacks[seat])
        if paid <= 0:
            return
        stacks[seat] -= paid
        if live:
            bets[seat] += paid
        if kind == "big blind ante":
            dead += paid
        else:
            contributions[seat] += paid
        log.append(Posted(seat, kind, paid, stacks[seat] == 0))

    n = config.seats
    if config.ante_type is AnteType.UNIFORM:
        for i in range(n):
            post((config.button + 1 + i) % n, "ante", config.ante, False)
    if config.small_blind_seat is not None:
        post(config.small_blind_seat, "small blind", config.small_blind, True)
    post(config.big_blind_seat, "big blind", config.big_blind, True)
    if config.ante_type is AnteType.BIG_BLIND:
        post(config.big_blind_seat, "big blind ante", config.ante, False)
    return Preflop(
        dead,
        config.big_blind,
        max(config.big_blind, config.min_bet),
        (config.big_blind_seat + 1) % n,
    )
