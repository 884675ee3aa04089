"""The hands a table of the reference server played, kept for the players who
played them: the ``history`` message answers a player with their own hands in
PokerStars' text format (:mod:`holdem.records.sites.pokerstars_write`), which
trackers and ``holdem import`` read.

A player sees their own view only: their hole cards, the board, every action
and the cards shown at the showdown (R6); never a folded or mucked hand's
cards, nor the cards of a hand played before they took the seat. Players are
known by the hash of their seat token (the room keeps no token), so a player
who reconnects with their token gets the hands they played before.

The last :data:`KEEP` finished hands of a table are kept, in memory only (a
restarted server starts an empty history, the hand in play at the restart
included once it ends).
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable, Mapping, Sequence

from holdem.engine.hand import Hand
from holdem.records.sites.pokerstars_write import write_hand
from holdem.server.room_model import Player

__all__ = ["KEEP", "Histories", "PlayedHand"]

KEEP = 100
"""Finished hands a table keeps for its players' downloads."""

HAND_BASE = 1_000_000_000
"""The hand number written in the text is ``(table + 1) * HAND_BASE + n`` for
the table's hand ``n``: numbers differ between the tables of a server, as
trackers (which tell hands apart by number) need."""


class PlayedHand:
    """One finished hand and who was dealt into it.

    Attributes:
        number: the table's hand number (1 for its first hand).
        hand: the finished :class:`~holdem.engine.hand.Hand`.
        seats: the table seat of each hand seat (``Table.hand_seats``).
        tokens: the seat-token hash of the person dealt into each hand seat,
            ``None`` for a bot.
        started: the wall-clock time the hand began, as the text writes it
            (``2026/12/02 04:10:00 UTC``).
    """

    __slots__ = ("_texts", "hand", "number", "seats", "started", "tokens")

    def __init__(
        self,
        number: int,
        hand: Hand,
        seats: Sequence[int],
        tokens: Sequence[str | None],
        started: str,
    ) -> None:
        self.number = number
        self.hand = hand
        self.seats = tuple(seats)
        self.tokens = tuple(tokens)
        self.started = started
        self._texts: dict[int, str] = {}  # hand seat -> its text, written once

    def text(self, hand_seat: int, table: int, size: int) -> str:
        """The hand as PokerStars text seen from ``hand_seat`` (written once,
        then kept), with the table's own seat numbers (table seat + 1).

        Args:
            hand_seat: the hand seat whose view is written (0-based).
            table: the table's index on the server (names the table and
                numbers the hand).
            size: the table's seats (``N-max``).
        """
        text = self._texts.get(hand_seat)
        if text is None:
            text = self._texts[hand_seat] = write_hand(
                self.hand,
                (table + 1) * HAND_BASE + self.number,
                seat=hand_seat,
                table=f"holdem {table + 1}",
                time=self.started,
                seat_numbers=[seat + 1 for seat in self.seats],
                max_seats=size,
            )
        return text


class Histories:
    """The last ``keep`` hands of one table (see the module doc).

    Args:
        table: the table's index on the server.
        size: the table's seats.
        keep: how many finished hands are kept (the oldest are dropped).
        clock: the wall clock, seconds since the epoch (``time.time``).
    """

    def __init__(
        self, table: int, size: int, keep: int = KEEP, clock: Callable[[], float] = time.time
    ) -> None:
        self.table = table
        self.size = size
        self._hands: collections.deque[PlayedHand] = collections.deque(maxlen=keep)
        self._playing: PlayedHand | None = None
        self._now = clock

    def __len__(self) -> int:
        return len(self._hands)

    def begin(
        self, hand: Hand, number: int, seats: Sequence[int], players: Mapping[int, Player]
    ) -> None:
        """A hand starts (or is restored): note who is dealt into each hand seat.

        Args:
            hand: the hand in play.
            number: its number at the table.
            seats: the table seat of each hand seat.
            players: the room's players by table seat.
        """
        tokens = []
        for seat in seats:
            player = players.get(seat)
            tokens.append(None if player is None or player.agent is not None else player.token_hash)
        started = time.strftime("%Y/%m/%d %H:%M:%S UTC", time.gmtime(self._now()))
        self._playing = PlayedHand(number, hand, seats, tokens, started)

    def finish(self, hand: Hand) -> None:
        """The hand noted by :meth:`begin` is over: keep it (a hand not begun
        here is not kept)."""
        playing = self._playing
        if playing is not None and playing.hand is hand and hand.is_over:
            self._hands.append(playing)
            self._playing = None

    def played(self, token_hash: str) -> list[tuple[PlayedHand, int]]:
        """The kept hands the person with this token hash was dealt into,
        oldest first, each with their hand seat."""
        return [
            (played, played.tokens.index(token_hash))
            for played in self._hands
            if token_hash in played.tokens
        ]

    def text(self, token_hash: str) -> tuple[int, str]:
        """``(count, text)``: the hands of :meth:`played` as one PokerStars
        file, each in the player's own view, separated by blank lines as the
        site writes them (``""`` when there are none)."""
        hands = self.played(token_hash)
        texts = [p.text(seat, self.table, self.size) for p, seat in hands]
        return len(hands), "".join(text + "\n\n\n" for text in texts)
