"""The lobby and a player's own seat choices: what ``GET /tables`` answers,
the ``away`` message (sit out from the next hand, wait for the big blind),
the buy-in chosen within the table's range, the ``buy`` message (top up
between hands, or buy in again after busting) and asking a busted person
before buying them in again.

All work on a :class:`~holdem.server.room.Room` from outside it; a choice
made here is applied by the room between hands (:func:`apply_choices`, called
at the start of its ``_rebuy``, and :func:`rebuy_now`), where the table
allows sitting out and in (R14.1, R14.2) and buying chips (R10.2).
"""

from __future__ import annotations

from typing import Any, Protocol

from holdem.engine.hand import Hand
from holdem.server.room_model import Player, RoomError, RoomSettings
from holdem.table.table import Table, TableError
from holdem.views.streams import TableStream


class Room(Protocol):
    """What this module reads and calls of a :class:`holdem.server.room.Room`
    (declared here so that the room and its lobby do not import each other)."""

    index: int
    settings: RoomSettings
    players: dict[int, Player]
    table: Table
    stream: TableStream

    @property
    def hand(self) -> Hand | None: ...
    @property
    def hand_number(self) -> int: ...
    def seats(self) -> list[dict[str, Any] | None]: ...
    def sitting_out(self, seat: int) -> bool: ...
    def _changed(self) -> None: ...
    def _forward_table_events(self) -> None: ...


__all__ = [
    "apply_choices",
    "bank_field",
    "buy_in_fields",
    "buy_in_range",
    "check_buy_in",
    "reveal",
    "choose_away",
    "choose_buy",
    "rebuy_now",
    "table_summary",
]

MIN_BUY_IN_BLINDS = 20
"""Without ``min_buy_in``, a person may buy in for this many big blinds (at
most the table's ``buy_in``)."""


def buy_in_range(settings: RoomSettings) -> tuple[int, int]:
    """The fewest and the most chips a person may buy in for (see
    :class:`~holdem.server.room.RoomSettings`)."""
    high = settings.buy_in
    low = settings.min_buy_in
    if low is None:
        low = min(high, MIN_BUY_IN_BLINDS * settings.big_blind)
    return low, high


def buy_in_fields(settings: RoomSettings) -> dict[str, Any]:
    """``min_buy_in`` and ``max_buy_in`` for the ``welcome`` message and the
    lobby, and ``time_bank`` (seconds)."""
    low, high = buy_in_range(settings)
    return {"min_buy_in": low, "max_buy_in": high, "time_bank": settings.time_bank}


def bank_field(room: Room) -> dict[str, float]:
    """``{"bank": seconds}``: the time bank of the seat to decide when its
    turn began (public: everyone sees it run), or ``{}`` without a bank."""
    hand = room.hand
    if not room.settings.time_bank or hand is None:
        return {}
    seat = hand.run_seat if hand.to_act is None else hand.to_act
    if seat is None:
        return {}
    state = room.table.seats[room.table.hand_seats[seat]]
    bank = None if state is None else state.time_bank
    return {} if bank is None else {"bank": round(bank, 3)}


def check_buy_in(room: Room, chips: object, stack: int = 0) -> int:
    """``chips`` to buy, checked: a whole number > 0 that leaves a stack of
    ``stack + chips`` within the table's range.

    Raises:
        RoomError: ``bad_buy_in`` naming the range.
    """

    low, high = buy_in_range(room.settings)
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
        raise RoomError("bad_buy_in", f"a buy-in is a whole number of chips, {low} to {high}")
    if not low <= stack + chips <= high:
        if stack:
            raise RoomError(
                "bad_buy_in", f"a top-up leaves {low} to {high} chips: {high - stack} at most"
            )
        raise RoomError("bad_buy_in", f"a buy-in is {low} to {high} chips, got {chips}")
    return chips


def choose_buy(room: Room, seat: int, chips: object) -> None:
    """The ``buy`` message of the person at ``seat``: ``chips`` more.

    Out of chips, it is their buy-in again (within the table's range), and
    they come back at the next hand; with chips, a top-up (the stack after
    it at most the table's ``buy_in``). Either way the chips are added
    between hands (R10.2), as a ``seat`` or a ``topup`` stream message.

    Raises:
        RoomError: ``bad_buy_in`` (see :func:`check_buy_in`).
    """
    player = room.players[seat]
    stack = _stack(room, seat)
    if stack == 0 and room.hand is None or player.busted:
        player.buy_in = check_buy_in(room, chips)
        if room.sitting_out(seat):
            player.back = True
    else:
        player.top_up = check_buy_in(room, chips, stack + player.top_up) + player.top_up
    room.stream.note("buy", s=seat, a=chips)
    room._changed()  # noqa: SLF001 - the room's own wake-up, as its methods do


def _stack(room: Room, seat: int) -> int:
    info = room.seats()[seat]
    return 0 if info is None else int(info["stack"])


def rebuy_now(room: Room, seat: int, player: Player) -> int | None:
    """Between hands, for a seat with no chips at the table: the chips to
    buy them in for now, or ``None``. Bots and newcomers are bought in (for
    their chosen buy-in, else the table's ``buy_in``); so is a person who
    chose a buy-in (``buy``; a top-up asked for in the hand they busted in
    counts, when it is a whole buy-in). A person who busted is asked first:
    they sit out (R14.1) and a public ``busted`` message says so, until they
    send ``buy`` or leave (or ``away_seconds`` pass and the seat is freed)."""
    if player.buy_in is None and player.top_up >= buy_in_range(room.settings)[0]:
        player.buy_in = player.top_up
    player.top_up = 0
    if player.agent is not None or player.buy_in is not None:
        player.busted = False
        return room.settings.buy_in if player.buy_in is None else player.buy_in
    if room.table.seats[seat] is None:
        if not player.busted:
            return room.settings.buy_in  # a newcomer seated during a hand
        player.leaving = True  # busted and the table's hold ran out: the seat is freed
        room._changed()  # noqa: SLF001
        return None
    if not player.busted:
        player.busted = True
        room.stream.note("busted", s=seat)
        if not room.sitting_out(seat):
            room.table.sit_out(seat)
            room._forward_table_events()  # noqa: SLF001 - the away clock starts now
    return None


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
        **buy_in_fields(s),
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


def apply_choices(room: Room) -> None:
    """Between hands: those who asked sit out now (R14.1); those coming back
    who chose not to wait for the big blind post instead (R14.2); top-ups
    are added (a ``topup`` message: ``s``, ``a`` the chips, ``stack``)."""
    table = room.table
    for seat, player in sorted(room.players.items()):
        state = table.seats[seat]
        if state is None or player.agent is not None:
            continue
        if player.top_up and state.stack > 0:
            # At most up to the table's most: the stack may have grown since.
            chips = min(player.top_up, buy_in_range(room.settings)[1] - state.stack)
            player.top_up = 0
            if chips > 0:
                table.rebuy(seat, chips)
                room.stream.note("topup", s=seat, a=chips, stack=state.stack + chips)
        try:
            if player.away_next and not state.sitting_out:
                table.sit_out(seat)
            elif player.back and player.post_back and state.sitting_out:
                table.sit_in(seat, post=True)
                player.back = False
        except TableError:  # the table's own rules refuse it: nothing changes
            pass
        player.away_next = False


def reveal(room: Room, seat: int) -> None:
    """The ``reveal`` message: the person at ``seat`` shows their hole cards
    of the hand just played, which nobody else has seen (folded, mucked, or
    won without a showdown). It is their own choice (R6.3 lets a loser muck;
    it never forces the cards to stay hidden), allowed between that hand and
    the next, once, and only to the player who was dealt them. The stream
    gets a public ``reveal`` message: ``s``, ``h`` the hand number, ``c`` the cards.

    Raises:
        RoomError: ``no_hand_over`` (a hand is in play, or none was played),
            ``not_dealt_in`` (not this player's cards), ``already_shown``.
    """
    from holdem.engine.events import Shown

    table, hand = room.table, room.table.last_hand
    if room.hand is not None or hand is None:
        raise RoomError("no_hand_over", "cards are shown between hands, after the hand")
    if seat not in table.hand_seats:
        raise RoomError("not_dealt_in", "you were not dealt into the last hand")
    number = room.hand_number
    start = next(
        (m["n"] for m in reversed(room.stream.since(None, 0)[1]) if m["t"] == "hand"), None
    )
    player = room.players[seat]
    if start is None or player.since >= start:
        raise RoomError("not_dealt_in", "you were not dealt into the last hand")
    index = table.hand_seats.index(seat)
    already = any(isinstance(e, Shown) and e.seat == index for e in hand.log)
    told = room.stream.since(None, start)[1]
    if already or any(m["t"] == "reveal" and m["s"] == seat for m in told):
        raise RoomError("already_shown", "your cards of the last hand are already shown")
    cards = "".join(hand.hole_cards(index))
    room.stream.note("reveal", s=seat, h=number, c=cards)
    room._changed()  # noqa: SLF001 - the room's own wake-up, as its methods do
