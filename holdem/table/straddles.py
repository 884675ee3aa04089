"""Straddles at the table (R11): who straddles in the next hand.

A straddle is voluntary and posted before the cards are dealt, so a player
says in advance that they straddle whenever they may
(:meth:`TableStraddles.set_straddle`), as online rooms do. At each hand the
table, if it allows straddles, builds the straddles of R11.1 from those
wishes:

- the button straddles first when the table allows button straddles
  (``Table(button_straddles=True)``, three or more players dealt in) and the
  button player wants to; there is then no re-straddle;
- otherwise the player left of the big blind straddles (``Table(straddles=True)``,
  four or more players dealt in) and each next player clockwise who wants to
  re-straddles, up to the button.

A player whose stack after a uniform ante does not exceed their straddle
cannot post it (R11.1) and does not straddle that hand; nor does a player
posting a blind or a post (R14.3). The chain of re-straddles stops at the
first player who does not straddle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from holdem.engine.config import AnteType
from holdem.errors import value_text
from holdem.table.schedule import Level
from holdem.table.seats import Player, TableError, TableReason
from holdem.table.sitout import HandPlan


def plan_straddles(
    players: Sequence[Player | None],
    plan: HandPlan,
    level: Level,
    *,
    utg: bool,
    button: bool,
) -> tuple[int, ...]:
    """The straddling table seats of the next hand, in posting order (R11.1).

    Args:
        players: the table seats.
        plan: the hand's players dealt in, positions and posts (R14).
        level: the hand's blinds and ante.
        utg: the table allows UTG straddles and re-straddles.
        button: the table allows button straddles.
    """
    dealt_in, positions = plan.dealt_in, plan.positions
    posters = {seat for seat, live, dead in plan.posts if live or dead}
    count = len(dealt_in)
    ante = level.ante if level.ante_type is AnteType.UNIFORM else 0
    blinds = {positions.small_blind, positions.big_blind}

    def can(seat: int, k: int) -> bool:
        p = players[seat]
        return (
            p is not None
            and p.straddle
            and seat not in blinds
            and seat not in posters
            and p.stack - ante > level.big_blind << (k + 1)
        )

    hand_button = positions.hand_button
    if button and count >= 3 and hand_button == positions.button and can(hand_button, 0):
        return (hand_button,)
    if not utg or count < 4:
        return ()
    i = dealt_in.index(positions.big_blind)
    straddles: list[int] = []
    for k in range(count):
        seat = dealt_in[(i + 1 + k) % count]
        if not can(seat, k):
            break
        straddles.append(seat)
        if seat == hand_button:
            break
    return tuple(straddles)


class TableStraddles:
    """Straddle wishes for :class:`holdem.table.table.Table` (its base class)."""

    straddles: bool
    button_straddles: bool
    _occupied: Callable[[int], Player]

    def set_straddle(self, seat: int, on: bool = True) -> None:
        """The player at ``seat`` straddles whenever they may (``on``), or no
        longer; takes effect from the next hand (R11.1, see the module doc).

        Raises:
            TableError: during a hand, an empty seat, a table without
                straddles, or ``on`` not a bool.
        """
        player = self._occupied(seat)
        if not (self.straddles or self.button_straddles):
            raise TableError(seat, TableReason.NO_STRADDLES, "this table allows no straddles")
        if not isinstance(on, bool):
            raise TableError(
                seat, TableReason.BAD_AMOUNT, f"on must be a bool, got {value_text(on, True)}"
            )
        player.straddle = on
