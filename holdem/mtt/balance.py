"""Who moves and where to (R15.2, R15.3): positions at a tournament table.

The table places the button and blinds by the dead-button rule
(:mod:`holdem.table.button`): the big blind moves to the next player with
chips after the last big blind. These functions ask where the next hand's
button and blinds would be with a player added at a seat, so that a move can

- take the player **due the big blind next** at the larger table
  (:func:`due_big_blind`), and
- seat them where the big blind comes first at the smaller table
  (:func:`seat_order`): the *worst position* (R15.2).

A seat from the next hand's button to its small blind (both included: the
button seat when it is free, the seats between, a free small-blind seat) is
*late*: a player there would get the button or a hand before paying the big
blind. A balancing move takes a late
seat only when no other seat is free, and a player seated between the
button and the small blind (by a move or a break) is not dealt in until the
button has passed (R15.3).
"""

from __future__ import annotations

from collections.abc import Iterable

from holdem.table.button import Positions, after, place_button
from holdem.table.table import Table


def next_positions(table: Table, extra: Iterable[int] = (), first_button: int = 0) -> Positions:
    """The next hand's positions at ``table`` with players added at the
    (empty) table seats ``extra``; needs two players or more."""
    live = tuple(sorted({*table.players_with_chips, *extra}))
    return place_button(
        live, table.size, table.positions, dead_button=True, first_button=first_button
    )


def due_big_blind(table: Table, first_button: int = 0) -> int:
    """The table seat of the player who will post the big blind next (R15.2)."""
    return next_positions(table, (), first_button).big_blind


def between(size: int, start: int, stop: int) -> list[int]:
    """The table seats strictly between ``start`` and ``stop``, clockwise."""
    return [(start + k) % size for k in range(1, (stop - start) % size)]


def is_late(table: Table, seat: int, first_button: int = 0) -> bool:
    """A player seated at ``seat`` now would sit from the next hand's button
    to its small blind, both included: they would have the button or a hand
    before paying the big blind."""
    if not table.players_with_chips:
        return False
    placed = next_positions(table, (seat,), first_button)
    if placed.small_blind == placed.button:  # heads-up: nobody sits between
        return False
    return seat in (placed.button, placed.small_blind) or seat in between(
        table.size, placed.button, placed.small_blind
    )


def must_wait(table: Table, seat: int, first_button: int = 0) -> bool:
    """A player seated at ``seat`` now would sit strictly between the next
    hand's button and small blind, and so is not dealt in until the button
    has passed (R15.3)."""
    if len(table.players_with_chips) < 2 or table.positions is None:
        return False
    placed = next_positions(table, (seat,), first_button)
    if placed.small_blind == placed.button:
        return False
    return seat in between(table.size, placed.button, placed.small_blind)


def hands_to_big_blind(table: Table, seat: int, first_button: int = 0) -> int:
    """Hands before a player seated at ``seat`` now posts the big blind, if
    nobody else comes or goes: 0 when the next big blind is theirs."""
    live = tuple(sorted({*table.players_with_chips, seat}))
    if len(live) < 2:
        return 0
    bb = next_positions(table, (seat,), first_button).big_blind
    count = 0
    while bb != seat:
        bb = after(live, bb)
        count += 1
    return count


def seat_order(
    table: Table, free: Iterable[int], first_button: int = 0
) -> list[tuple[int, int, int]]:
    """The free seats of ``table`` from the worst position (R15.2) on: each as
    ``(late, hands to the big blind, seat)``, sorted; ``late`` is 1 for a seat
    from the button to the small blind (see :func:`is_late`)."""
    rows = []
    for seat in free:
        late = 1 if is_late(table, seat, first_button) else 0
        rows.append((late, hands_to_big_blind(table, seat, first_button), seat))
    return sorted(rows)
