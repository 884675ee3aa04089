"""The forced bets that open a hand: antes, blinds, posts and straddles (R2, R11, R14.3).

:func:`post_forced_bets` posts them in order on plain per-seat lists (indexed
by seat) and tells the hand state machine how preflop betting starts.
"""

from __future__ import annotations

from typing import Any

import attrs

from holdem.engine._frozen import fast_constructor
from holdem.engine.config import AnteType, TableConfig
from holdem.engine.events import Posted

DEAD = frozenset({"big blind ante", "dead post"})
"""The kinds of :class:`~holdem.engine.events.Posted` that are dead money (R2.3, R14.3)."""


@attrs.frozen
class Preflop:
    """How preflop betting starts once the forced bets are in.

    Attributes:
        dead: chips posted outside the layers (the big-blind ante and dead
            posts, R2.3, R7.6, R14.3).
        current_bet: the amount to call preflop, in chips: the largest
            straddle (R11.2), else the full big blind even when it was posted
            short (R2.5).
        min_raise: the minimum raise size preflop, in chips: the current bet
            or ``min_bet``, whichever is larger (R3.2, R3.3, R11.2).
        first: the seat from which preflop action starts, clockwise: left of
            the last straddler, else left of the big blind (R2.1, R11.3).
    """

    dead: int
    current_bet: int
    min_raise: int
    first: int


_new_preflop = fast_constructor(Preflop)


def post_forced_bets(
    config: TableConfig,
    stacks: list[int],
    bets: list[int],
    contributions: list[int],
    log: list[Any],
) -> Preflop:
    """Post the antes, blinds, posts and straddles of ``config`` (R2, R11, R14.3).

    Uniform antes go in first, clockwise from the seat left of the button,
    then the small blind, the big blind and the big-blind ante, then each
    seat's live post and dead post (clockwise from the seat left of the
    button), then the straddles in order. A seat that cannot cover a blind,
    an ante or a post puts in what it has and is all-in (R2.4); a straddle is
    always covered (R11.1, checked by the configuration).

    Live posts and straddles are the poster's bet; the big-blind ante and
    dead posts are dead money, in the main pot outside the layering (R2.3,
    R7.6). Preflop the largest straddle is the amount to call and the
    minimum raise size (at least ``min_bet``), and action starts left of the
    last straddler (R11.2, R11.3).

    Args:
        config: the table configuration.
        stacks: chips behind per seat; reduced in place.
        bets: chips bet on the street per seat; blinds are added in place.
        contributions: chips put in per seat; antes and blinds added in place
            (never the big-blind ante, which is dead money).
        log: the hand's event log; one :class:`~holdem.engine.events.Posted` per
            post, recorded as ``(Posted, *fields)`` (built when
            :attr:`holdem.engine.hand.Hand.log` is read).

    Returns:
        The :class:`Preflop` start.
    """
    return _new_preflop(*forced_bets(config, stacks, bets, contributions, log))


def forced_bets(
    config: TableConfig,
    stacks: list[int],
    bets: list[int],
    contributions: list[int],
    log: list[Any],
) -> tuple[int, int, int, int]:
    """:func:`post_forced_bets` with the :class:`Preflop` start as a plain tuple
    ``(dead, current_bet, min_raise, first)`` (what a hand reads when it is built)."""
    if (
        config.ante_type is _NO_ANTE
        and not config.straddles
        and config.live_posts is None
        and config.dead_posts is None
    ):
        return _post_blinds(config, stacks, bets, contributions, log)
    dead = 0

    def post(seat: int, kind: str, amount: int, live: bool) -> None:
        nonlocal dead
        paid = min(amount, stacks[seat])
        if paid <= 0:
            return
        stacks[seat] -= paid
        if live:
            bets[seat] += paid
        if kind in DEAD:
            dead += paid
        else:
            contributions[seat] += paid
        log.append((Posted, seat, kind, paid, stacks[seat] == 0))

    n = config.seats
    if config.ante_type is AnteType.UNIFORM:
        for i in range(n):
            post((config.button + 1 + i) % n, "ante", config.ante, False)
    if config.small_blind_seat is not None:
        post(config.small_blind_seat, "small blind", config.small_blind, True)
    post(config.big_blind_seat, "big blind", config.big_blind, True)
    if config.ante_type is AnteType.BIG_BLIND:
        post(config.big_blind_seat, "big blind ante", config.ante, False)
    live_posts, dead_posts = config.live_posts, config.dead_posts
    if live_posts is not None or dead_posts is not None:
        for i in range(n):
            seat = (config.button + 1 + i) % n
            if live_posts is not None:
                post(seat, "live post", live_posts[seat], True)
            if dead_posts is not None:
                post(seat, "dead post", dead_posts[seat], False)
    current = config.big_blind
    first = (config.big_blind_seat + 1) % n
    if config.straddles:
        for seat, amount in zip(config.straddles, config.straddle_amounts):
            post(seat, "straddle", amount, True)
            current = amount
            first = (seat + 1) % n
    return dead, current, max(current, config.min_bet), first


_NO_ANTE = AnteType.NONE


def _post_blinds(
    config: TableConfig,
    stacks: list[int],
    bets: list[int],
    contributions: list[int],
    log: list[Any],
) -> tuple[int, int, int, int]:
    """:func:`forced_bets` for a table with blinds only (no ante, post or
    straddle): the small blind, then the big blind, each live (R2.1, R2.4)."""
    seat = config.small_blind_seat
    if seat is not None:
        stack = stacks[seat]
        paid = config.small_blind if config.small_blind < stack else stack
        if paid > 0:
            stacks[seat] = stack - paid
            bets[seat] += paid
            contributions[seat] += paid
            log.append((Posted, seat, "small blind", paid, stack == paid))
    seat = config.big_blind_seat
    current = config.big_blind
    stack = stacks[seat]
    paid = current if current < stack else stack
    if paid > 0:
        stacks[seat] = stack - paid
        bets[seat] += paid
        contributions[seat] += paid
        log.append((Posted, seat, "big blind", paid, stack == paid))
    minimum = config.min_bet
    return 0, current, current if current > minimum else minimum, (seat + 1) % len(stacks)
