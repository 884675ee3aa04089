"""Where the button and the blinds go from one hand to the next (R10.1, R2.2).

The table places the button and both blinds on table seats, then tells the
hand where they are through ``TableConfig``'s ``button``,
``small_blind_seat`` and ``big_blind_seat``:

- *Cash games* (R10.1): the button moves to the next seat clockwise with a
  player dealt in; the small blind is the next such seat, the big blind the
  one after (heads-up the button posts the small blind, R2.2).
- *Tournaments* (the TDA dead-button rule): the big blind moves to the next
  player with chips after the last big blind, so nobody skips it; the small
  blind goes on last hand's big-blind seat and the button on last hand's
  small-blind seat. A small-blind seat whose player busted is a *dead small
  blind* (nobody posts it); a button seat that is empty or busted is a *dead
  button*. Heads-up (R2.2) the button is never dead: the big blind moves on
  as usual and the other player has the button and posts the small blind.
  Example: players at table seats 0 to 3, last hand button 0, small blind 1,
  big blind 2. If seat 1 busts, the next hand has the big blind on 3, the
  small blind on 2 and a dead button on the empty seat 1. If seat 2 busts
  instead, the big blind is on 3, the small blind is dead (seat 2 is empty)
  and the button is on seat 1.

A dead button is given to the hand as the hand seat of the nearest player
dealt in counterclockwise from the button seat (never a blind): "left of the
button" then means, as the rules want, the first player clockwise from the
dead button. That seat acts last after the flop, the odd chip goes to the
first winner after it (R8.2) and the showdown starts after it (R6.2).
Nothing else in the hand depends on the button.
"""

from __future__ import annotations

import bisect

import attrs


@attrs.frozen
class Positions:
    """The button and blinds for one hand, as table seats.

    Attributes:
        button: the button seat; may be dead (nobody dealt in there).
        hand_button: the seat given to the hand as its button: always a
            player dealt in (see the module doc).
        small_blind: the small-blind position; may be dead.
        big_blind: the big-blind seat, always a player dealt in.
    """

    button: int
    hand_button: int
    small_blind: int
    big_blind: int


def after(live: tuple[int, ...], seat: int) -> int:
    """The next seat of ``live`` (sorted table seats) clockwise after ``seat``."""
    i = bisect.bisect_right(live, seat)
    return live[i] if i < len(live) else live[0]


def place_button(
    live: tuple[int, ...],
    size: int,
    last: Positions | None,
    *,
    dead_button: bool,
    first_button: int | None,
) -> Positions:
    """The positions for the next hand from the last hand's (R10.1, R2.2).

    Args:
        live: the table seats dealt in, in seat order (at least two).
        size: the number of table seats.
        last: the last hand's positions, or ``None`` before the first hand.
        dead_button: use the dead-button rule (see the module doc).
        first_button: the table seat the first button starts from (the first
            seat dealt in from there), or ``None`` for the lowest.
    """
    if last is None:
        start = first_button if first_button is not None else live[0]
        button = after(live, start - 1)  # the first player from ``start`` on
    elif not dead_button:
        button = after(live, last.button)  # R10.1
    else:
        bb = after(live, last.big_blind)  # the big blind moves forward one player
        if len(live) == 2:
            button = after(live, bb)  # the other player: button and small blind (R2.2)
            return Positions(button, button, button, bb)
        button, sb_pos = last.small_blind, last.big_blind
        hand_button = button
        blinds = {sb_pos, bb}
        if button not in live or button in blinds:
            # A dead button: the nearest player before it stands in for it.
            # (The button lands on a blind only if a newcomer sat between
            # the blinds, which tournaments do not allow.)
            hand_button = next(
                s
                for s in ((button - k) % size for k in range(1, size + 1))
                if s in live and s not in blinds
            )
        return Positions(button, hand_button, sb_pos, bb)
    if len(live) == 2:
        return Positions(button, button, button, after(live, button))  # R2.2
    sb = after(live, button)
    return Positions(button, button, sb, after(live, sb))
