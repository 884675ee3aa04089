"""Sitting out, missed blinds and new players at the table (R14, with R10.1).

Between hands a player may sit out (:meth:`TableSitOut.sit_out`) and come
back (:meth:`TableSitOut.sit_in`).

**Cash games.** A player sitting out keeps the seat, is dealt no cards and
posts nothing; the button and the blinds pass to the players dealt in
(R14.1, R10.1). Each hand the table notes who the blinds passed while they
were not dealt in (R14.2): a seat strictly between last hand's small-blind
position and this hand's missed the small blind (so did a dead small blind
position on their seat, under the dead-button rule), and a seat strictly
between the two big blinds missed the big blind. Coming back with a missed
blind, a player either

- **waits** for the big blind: they are dealt in at the first hand whose big
  blind would pass or reach their seat, between the small blind and the big
  blind, and they post that big blind; or
- **posts**: they are dealt in at the next hand, posting one big blind live
  and, when they missed the small blind, the small blind dead (R14.2,
  R14.3). A player who missed only the small blind posts both as well: the
  rule book gives one way back in at once.

A player who missed nothing comes back at the next hand. With
``Table(newcomers_wait=True)`` a player who sits down once play has started
is in the same position (R14.3): they wait for the big blind, or post one
big blind live (``sit(..., post=True)``), nothing dead. Otherwise newcomers
are dealt in at the next hand, as before R14.

Posts need three or more players and come from a seat that posts no blind
(R14.3). So when fewer than three players would be dealt in without them,
everyone coming in is dealt in at once with nothing to post; and a poster
whose seat takes a blind this hand posts that blind only; but a poster
who owes the big blind is not dealt in on the small blind (posting only that
would skip the big blind they owe): they sit out that hand and come in at
the next, posting. Either way, coming in clears the missed blinds. A
player whose stack is short of a post posts what they have and is all-in
(R2.4).

A cash player whose seat is held after a bust (R10.2) is not dealt in
either, so the blinds passing their seat are missed in the same way; a
rebuy (:meth:`holdem.table.table.Table.rebuy`) then waits for the big blind or
posts, like :meth:`TableSitOut.sit_in`.

**Tournaments.** Nobody skips the blinds: a player sitting out is dealt in
as usual and the table checks or folds for them at once (each such action is
recorded as a :class:`~holdem.table.events.ActedForAbsent`, not a timeout).

The turn clock may sit a player out after ``sit_out_after`` timeouts in a
row (:mod:`holdem.table.clock`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from holdem.engine.hand import Hand
from holdem.errors import value_text
from holdem.table.button import Positions, place_button
from holdem.table.events import DealtIn, MissedBlind, SatIn, SatOut, TableEvent
from holdem.table.seats import Player, TableError, TableMode, TableReason


@attrs.frozen
class HandPlan:
    """Who is dealt in at the next hand, where the blinds go and who posts.

    Attributes:
        dealt_in: the table seats dealt in, in seat order.
        positions: the button and blinds (:mod:`holdem.table.button`).
        posts: ``(seat, live, dead)`` for each player coming in, in seat
            order: the chips owed as posts (0 and 0 when nothing is owed).
        missed_small, missed_big: the seats the small blind and the big
            blind passed this hand (R14.2).
    """

    dealt_in: tuple[int, ...]
    positions: Positions
    posts: tuple[tuple[int, int, int], ...]
    missed_small: tuple[int, ...]
    missed_big: tuple[int, ...]


def dealt_in_count(players: Sequence[Player | None], mode: TableMode) -> int:
    """How many players the next hand could deal in at most: players with
    chips who are not sitting out (in a cash game), waiting players included."""
    cash = mode is TableMode.CASH
    return sum(1 for p in players if p is not None and p.stack > 0 and not (cash and p.sitting_out))


def _between(size: int, start: int, stop: int) -> list[int]:
    """The table seats strictly between ``start`` and ``stop``, clockwise."""
    return [(start + k) % size for k in range(1, (stop - start) % size)]


def plan_hand(
    players: Sequence[Player | None],
    last: Positions | None,
    *,
    mode: TableMode,
    dead_button: bool,
    first_button: int | None,
    small_blind: int,
    big_blind: int,
) -> HandPlan | None:
    """Plan the next hand (R14, R10.1); ``None`` when fewer than two players
    can be dealt in.

    Args:
        players: the table seats (``None`` when empty).
        last: the last hand's positions, or ``None`` before the first hand.
        mode: cash or tournament (a tournament deals in every player with chips).
        dead_button, first_button: as for :func:`~holdem.table.button.place_button`.
        small_blind, big_blind: the blinds of the next hand's level, in chips.
    """
    size = len(players)
    with_chips = [s for s, p in enumerate(players) if p is not None and p.stack > 0]

    def player(seat: int) -> Player:
        p = players[seat]
        assert p is not None
        return p

    def place(seats: Sequence[int]) -> Positions:
        return place_button(
            tuple(seats), size, last, dead_button=dead_button, first_button=first_button
        )

    if mode is TableMode.TOURNAMENT:
        if len(with_chips) < 2:
            return None
        return HandPlan(tuple(with_chips), place(with_chips), (), (), ())
    coming = [s for s in with_chips if not player(s).sitting_out]
    playing = [s for s in coming if player(s).entry != "wait"]
    waiting = [s for s in coming if player(s).entry == "wait"]
    posts: list[tuple[int, int, int]] = []
    if len(playing) < 3:  # too few for posts (R14.3): everyone coming in is dealt in
        dealt = coming
        if len(dealt) < 2:
            return None
        positions = place(dealt)
    else:
        dealt = playing
        positions = place(dealt)
        # A poster who owes the big blind does not come in on the small
        # blind (posting only that would skip the big blind owed, R14.2):
        # they wait one more hand and post from the button.
        while (
            len(dealt) > 2
            and (sb := positions.small_blind) in dealt
            and player(sb).entry == "post"
            and player(sb).missed_big
        ):
            dealt = [s for s in dealt if s != sb]
            positions = place(dealt)
        # The big blind reaches a waiting player between the blinds.
        for seat in _between(size, positions.small_blind, positions.big_blind):
            if seat in waiting:
                dealt = sorted([*dealt, seat])
                positions = attrs.evolve(positions, big_blind=seat)
                break
        blinds = {positions.small_blind, positions.big_blind}
        for seat in dealt:
            p = player(seat)
            if p.entry == "post" and seat not in blinds:
                dead = small_blind if p.missed_small else 0
                posts.append((seat, big_blind, dead))
    posted = {seat for seat, _, _ in posts}
    posts += [(s, 0, 0) for s in dealt if player(s).entry is not None and s not in posted]
    missed_small: list[int] = []
    missed_big: list[int] = []
    if last is not None:
        # Sitting out, waiting, or busted with the seat held (R10.2).
        absent = {s for s, p in enumerate(players) if p is not None} - set(dealt)
        passed = _between(size, last.small_blind, positions.small_blind)
        missed_small = sorted(absent.intersection([*passed, positions.small_blind]))
        missed_big = sorted(
            absent.intersection(_between(size, last.big_blind, positions.big_blind))
        )
    return HandPlan(
        tuple(dealt), positions, tuple(sorted(posts)), tuple(missed_small), tuple(missed_big)
    )


class TableSitOut:
    """Sitting out and coming back for :class:`holdem.table.table.Table` (its base class)."""

    # The table's state read and written here (set by Table).
    mode: TableMode
    newcomers_wait: bool
    _hand: Hand | None
    _positions: Positions | None
    _players: list[Player | None]
    _record: Callable[[TableEvent], None]
    _occupied: Callable[[int], Player]

    def sit_out(self, seat: int) -> None:
        """The player at ``seat`` sits out from the next hand (R14.1).

        Raises:
            TableError: during a hand, an empty seat, or a player already
                sitting out.
        """
        player = self._occupied(seat)
        if player.sitting_out:
            raise TableError(seat, TableReason.SITTING_OUT, f"{player.name} is already sitting out")
        player.sitting_out = True
        player.entry = None
        self._record(SatOut(seat, player.name, "by choice"))

    def sit_in(self, seat: int, *, post: bool = False) -> str:
        """The player at ``seat`` comes back (R14.2); returns how: ``dealt
        in``, ``wait`` or ``post`` (see the module doc).

        In a cash game, a player who missed a blind waits for the big blind
        unless ``post`` is true, and then posts one big blind live and a
        missed small blind dead at the next hand. A player who missed
        nothing, or any tournament player, is dealt in at the next hand.
        A player waiting for the big blind may call this again with
        ``post=True`` to come in at once. Coming back starts the count of
        timeouts in a row afresh (:mod:`holdem.table.clock`).

        Raises:
            TableError: during a hand, an empty seat, or a player who is
                neither sitting out nor waiting for the big blind.
        """
        player = self._occupied(seat)
        if not player.sitting_out and player.entry != "wait":
            raise TableError(seat, TableReason.NOT_SITTING_OUT, f"{player.name} is not sitting out")
        if not isinstance(post, bool):
            raise TableError(
                seat,
                TableReason.BAD_AMOUNT,
                f"post must be true or false, got {value_text(post, True)}",
            )
        if self.mode is TableMode.TOURNAMENT or not (player.missed_small or player.missed_big):
            entry = "dealt in"
        else:
            entry = "post" if post else "wait"
        player.sitting_out = False
        player.timeouts = 0  # back at the table: timeouts in a row count afresh
        player.entry = None if entry == "dealt in" else entry
        self._record(SatIn(seat, player.name, entry, False))
        return entry

    def _newcomer_entry(self, post: object) -> str | None:
        """How a player sitting down now comes in (R14.3): ``None`` (dealt in
        at the next hand), ``"wait"`` or ``"post"``."""
        if self.mode is TableMode.TOURNAMENT or self._positions is None:
            return None  # before play starts everyone is dealt in
        if post is True:
            return "post"
        return "wait" if self.newcomers_wait else None

    def _note_entries(self, number: int, plan: HandPlan) -> None:
        """Record the missed blinds of hand ``number`` and the players coming
        in (R14.2, R14.3)."""
        players = self._players
        for blind, seats in (("small blind", plan.missed_small), ("big blind", plan.missed_big)):
            for seat in seats:
                player = players[seat]
                assert player is not None
                if blind == "small blind":
                    player.missed_small = True
                else:
                    player.missed_big = True
                self._record(MissedBlind(number, seat, player.name, blind))
        for seat, live, dead in plan.posts:
            player = players[seat]
            assert player is not None
            player.entry = None
            player.missed_small = player.missed_big = False
            self._record(DealtIn(number, seat, player.name, live, dead))
