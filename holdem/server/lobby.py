"""The lobby and a player's own seat choices: what ``GET /tables`` answers, and
the ``away`` message (sit out from the next hand, wait for the big blind).

Both work on a :class:`~holdem.server.room.Room` from outside it; a choice
made here is applied by the room between hands (:func:`apply_away`, called
at the start of its ``_rebuy``), where the table allows sitting out and in
(R14.1, R14.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from holdem.table.table import TableError

if TYPE_CHECKING:
    from holdem.server.room import Room

__all__ = ["apply_away", "choose_away", "table_summary"]


def table_summary(room: Room) -> dict[str, Any]:
    """One table for the lobby (JSON-ready).

    Returns:
        ``table`` (0-based), ``hand`` (the hand in play, else the last one; 0
        before any), ``size``, ``small_blind``, ``big_blind``, ``min_buy_in``
        and ``max_buy_in`` (chips), ``taken`` (seats held), ``people`` (seats
        held by people), ``waiting`` (players seated but not dealt into the
        hand in play: sitting out, or seated during it), and ``seats`` (as
        in the ``welcome`` message).
    """
    s = room.settings
    seats = room.seats()
    hand_seats = set(room.table.hand_seats) if room.hand is not None else None
    taken = [i for i, seat in enumerate(seats) if seat is not None]
    waiting = [
        i for i in taken if room.sitting_out(i) or (hand_seats is not None and i not in hand_seats)
    ]
    return {
        "table": room.index,
        "hand": room.hand_number,
        "size": s.size,
        "small_blind": s.small_blind,
        "big_blind": s.big_blind,
        "min_buy_in": s.buy_in,
        "max_buy_in": s.buy_in,
        "taken": len(taken),
        "people": sum(1 for i in taken if room.players[i].agent is None),
        "waiting": len(waiting),
        "seats": seats,
    }


def choose_away(room: Room, seat: int, sit_out: object, wait_bb: object) -> None:
    """The ``away`` message of the person at ``seat`` (see docs/server.md).

    Args:
        room: their table.
        seat: their seat.
        sit_out: ``True`` to sit out from the next hand (the hand in play
            is played to its end), ``False`` to cancel that, or to come back
            when already sitting out; ``None`` leaves it as it is.
        wait_bb: when coming back having missed a blind (R14.2): ``True``
            waits for the big blind, ``False`` posts the missed blinds
            and is dealt in at the next hand; ``None`` leaves it as it is.

    Raises:
        RoomError: ``bad_message`` when a field is neither a boolean nor absent.
    """
    from holdem.server.room import RoomError

    for name, value in (("sit_out", sit_out), ("wait_bb", wait_bb)):
        if value is not None and not isinstance(value, bool):
            raise RoomError("bad_message", f"{name} must be true or false")
    player = room.players[seat]
    if isinstance(wait_bb, bool):
        player.post_back = not wait_bb
    if sit_out is True:
        player.away_next = not room.sitting_out(seat)
        player.back = False
    elif sit_out is False:
        player.away_next = False
        if room.sitting_out(seat):
            player.back = True
    room.stream.note("away", s=seat, next=int(player.away_next))
    room._changed()  # noqa: SLF001 - the room's own wake-up, as its methods do


def apply_away(room: Room) -> None:
    """Between hands: those who asked sit out now (R14.1); those coming back
    who chose not to wait for the big blind post instead (R14.2)."""
    table = room.table
    for seat, player in sorted(room.players.items()):
        state = table.seats[seat]
        if state is None or player.agent is not None:
            continue
        try:
            if player.away_next and not state.sitting_out:
                table.sit_out(seat)
            elif player.back and player.post_back and state.sitting_out:
                table.sit_in(seat, post=True)
                player.back = False
        except TableError:  # the table's own rules refuse it: nothing changes
            pass
        player.away_next = False
