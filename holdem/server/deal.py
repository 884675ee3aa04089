"""The reference server's committed decks (:mod:`holdem.views.fairness`): each
hand is dealt from a deck committed to in its ``hand`` message and revealed
after its ``end`` (``docs/security.md``, "A deal players can verify")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from holdem.engine.events import Shown
from holdem.engine.hand import Hand
from holdem.table.table import Table, TableError, TableReason
from holdem.views.fairness import SCHEME, CommittedDeck, board_positions, hole_positions
from holdem.views.streams import TableStream

__all__ = ["commit_fields", "deal_committed", "restore_deck", "reveal"]


def deal_committed(table: Table, index: int, runs: int) -> tuple[Hand, CommittedDeck] | None:
    """Start ``table``'s next hand from a new committed deck: table seat
    ``s`` gets the deck's positions ``2s`` and ``2s + 1``, the board the
    positions after the seats' (``runs`` runs of five at most, R12).

    Returns:
        The hand and its deck, or ``None`` when the table cannot deal yet
        (fewer than two players may be dealt in, R14.2).

    Raises:
        TableError: any other refusal of the table.
    """
    size = table.size
    number = table.hands_played + 1
    deck = CommittedDeck(f"table {index} hand {number} seats {size}", size=size)
    holes = {seat: deck.hole_cards(seat) for seat in range(size)}
    while True:
        try:
            hand = table.start_hand(hole_cards=holes, board=deck.board(runs))
        except TableError as error:
            if error.reason is TableReason.EMPTY_SEAT and error.seat in holes:
                del holes[error.seat]  # not dealt in: the table names one seat at a time
                continue
            if error.reason is TableReason.NOT_ENOUGH_PLAYERS:
                return None
            raise
        return hand, deck


def commit_fields(deck: CommittedDeck | None) -> dict[str, Any]:
    """The ``commit`` field of a ``hand`` message (none without a deck)."""
    if deck is None:
        return {}
    commit = {"scheme": SCHEME, "label": deck.label, "size": deck.size, "hash": deck.commitment}
    return {"commit": commit}


def reveal(
    stream: TableStream, deck: CommittedDeck, hand: Hand, seats: Sequence[int], number: int
) -> None:
    """After hand ``number`` is over: a public ``deck`` message with every
    leaf and the positions of the board and of the shown hands opened, and
    per table seat dealt in an ``opening`` message whose ``open`` (its own
    hole positions) only that seat sees. Mucked cards stay secret (R6.3)."""
    first, *later = hand.boards  # later runs share run 1's first cards (R12.2)
    dealt = len(first) + sum(len(set(b) - set(first)) for b in later)
    public = set(board_positions(deck.size, dealt))
    for event in hand.log:
        if isinstance(event, Shown):
            public.update(hole_positions(seats[event.seat]))
    stream.note("deck", h=number, leaves=list(deck.leaves), open=deck.opening(public))
    for seat in seats:
        secret = {"open": deck.opening(hole_positions(seat))}
        stream.note_secret("opening", seat, secret, s=seat, h=number)


def restore_deck(item: object, hand: Hand, seats: Sequence[int]) -> CommittedDeck | None:
    """The saved committed deck of the hand in play (``None`` when the state
    has none: saved by an older server, that hand is not revealed).

    Raises:
        ValueError: malformed, or the hand's hole cards are not the deck's.
    """
    if item is None:
        return None
    if not isinstance(item, dict):
        raise ValueError("must be an object or null")
    try:
        deck = CommittedDeck.from_dict(item)
    except (KeyError, TypeError) as error:
        raise ValueError(f"malformed: {error!r}") from None
    for i, seat in enumerate(seats):
        if "".join(hand.hole_cards(i)) != deck.hole_cards(seat):
            raise ValueError(f"seat {seat}'s cards are not the committed deck's")
    return deck
