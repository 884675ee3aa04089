"""A numeric observation of one seat, for learning agents: a fixed-size list of
floats, chip amounts in big blinds.

The encoding reads only what the seat may know (its own hole cards, the board,
the public betting); it never includes another seat's hidden cards, nor cards
shown at showdown. Per-seat blocks are rotated so that the observer comes
first: entry ``j`` of a block is seat ``(observer + j) % seats``.

The layout for ``n`` seats and ``k`` remembered actions (:attr:`Encoder.size`
is ``119 + 6 * n + k * (n + 7)`` floats):

====================  =======  =====================================================
index                 count    meaning
====================  =======  =====================================================
0                     52       own hole cards, one-hot by :data:`~holdem.engine.cards.DECK`
                               order (``2c 2d 2h 2s 3c ... As``); unknown cards: 0
52                    52       the board cards dealt so far, one-hot, same order
104                   4        the street, one-hot: preflop, flop, turn, river
108                   n        position: one-hot of ``(observer - button) % n``
                               (0 the button, 1 the seat after it, ...)
108 + n               n        stacks (chips behind), big blinds, rotated
108 + 2n              n        bets on this street, big blinds, rotated
108 + 3n              n        contributions over the hand, big blinds, rotated
108 + 4n              n        folded (1.0 or 0.0), rotated
108 + 5n              n        all-in (in the hand with no chips behind; once the
                               hand is over, no chips behind before the payout,
                               so an all-in player who won stays all-in), rotated
108 + 6n              1        the pot: every chip put in this hand, big blinds
                               (kept at the hand's end, when Hand.pot_total is 0)
109 + 6n              1        to call: what the observer must add, big blinds
                               (capped at its stack; 0 when it may check)
110 + 6n              1        the minimum raise-to, big blinds (0 when the
                               observer is not to act or may not raise)
111 + 6n              1        the maximum raise-to, big blinds (likewise)
112 + 6n              1        1.0 when the observer is to act
113 + 6n              6        the big blind, small blind, ante, the observer's
                               starting stack (big blind in chips, the others
                               in big blinds), the number of seats still in the
                               hand, and the board card count
119 + 6n              k(n+7)   the last ``k`` betting actions, most recent
                               first, each ``n + 7`` floats: the actor's seat
                               one-hot rotated (``n``), the action one-hot
                               (fold, check, call, bet, raise: 5), all-in
                               (1), the actor's bet on the street after it in
                               big blinds (1); zeros when fewer actions were
                               taken
====================  =======  =====================================================

>>> from holdem import Hand, TableConfig
>>> hand = Hand(TableConfig(stacks=[200, 200], small_blind=1, big_blind=2), seed=1)
>>> encoder = Encoder(seats=2, history=4)
>>> encoder.size, len(encoder.encode_hand(hand, 0))
(167, 167)
>>> encoder.names[108:114]
['position 0', 'position 1', 'stack +0', 'stack +1', 'bet +0', 'bet +1']
>>> encoder.encode_hand(hand, 0)[108:114]
[1.0, 0.0, 99.5, 99.0, 0.5, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence

from holdem.engine.betting import LegalActions
from holdem.engine.cards import DECK
from holdem.engine.config import plain_int
from holdem.engine.events import Acted, Event, PotAwarded
from holdem.engine.hand import STREETS, Hand
from holdem.errors import ConfigError, HoldemError
from holdem.views.seat import SeatView

_CARD = {card: i for i, card in enumerate(DECK)}
_KINDS = ("fold", "check", "call", "bet", "raise")
_KIND = {kind: i for i, kind in enumerate(_KINDS)}


class Encoder:
    """Encodes what one seat may know as a fixed-size list of floats (see the module).

    Args:
        seats: seats at the table, 2 to 10.
        history: how many of the last betting actions to include (``k``), 0 or more.

    Raises:
        ConfigError: ``seats`` or ``history`` out of range (field named).

    Attributes:
        seats, history: the settings.
        size: the length of every encoding, ``119 + 6 * seats + history * (seats + 7)``.
        names: a short name per index (``"hole As"``, ``"stack +1"``,
            ``"action 0 seat +1"``, ...).
    """

    def __init__(self, seats: int, history: int = 8) -> None:
        if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 10:
            raise ConfigError("seats", f"must be 2 to 10, got {seats!r}")
        if isinstance(history, bool) or not isinstance(history, int) or history < 0:
            raise ConfigError("history", f"must be 0 or more actions, got {history!r}")
        self.seats = seats
        self.history = history
        self.names = _names(seats, history)
        self.size = len(self.names)

    def encode(self, view: SeatView) -> list[float]:
        """The encoding of ``view`` (the seat view of ``view.seat``).

        Raises:
            HoldemError: the view's table does not have :attr:`seats` seats.
        """
        return self._encode(
            view.config.seats,
            view.seat,
            view.hole_cards,
            view,
            view.legal,
            view.history,
        )

    def encode_hand(self, hand: Hand, seat: int) -> list[float]:
        """The encoding of what ``seat`` may know of ``hand``; equal to
        ``encode(seat_view(hand, seat))``, without building the view.

        Raises:
            HoldemError: the hand's table does not have :attr:`seats` seats, or
                ``seat`` is not one of its seats.
        """
        n = hand.config.seats
        index = plain_int(seat)  # an int, or integer-like (a NumPy integer)
        if index is None or not 0 <= index < n:
            raise HoldemError(f"no such seat: {seat!r} (0 to {n - 1})")
        seat = index
        legal = hand.legal_actions() if hand.to_act == seat else None
        return self._encode(n, seat, hand.hole_cards(seat), hand, legal, hand.log)

    def _encode(
        self,
        n: int,
        seat: int,
        hole: Sequence[str],
        public: Hand | SeatView,
        legal: LegalActions | None,
        log: Sequence[Event],
    ) -> list[float]:
        if n != self.seats:
            raise HoldemError(f"the encoder is for {self.seats} seats, the table has {n}")
        config = public.config
        bb = config.big_blind
        out = [0.0] * self.size
        for card in hole:
            index = _CARD.get(card)
            if index is not None:
                out[index] = 1.0
        board = public.board
        for card in board:
            out[52 + _CARD[card]] = 1.0
        out[104 + STREETS.index(public.street)] = 1.0
        out[108 + (seat - config.button) % n] = 1.0
        stacks, bets, contributions, folded = (
            public.stacks,
            public.bets,
            public.contributions,
            public.folded,
        )
        base = 108 + n
        behind = stacks
        if public.is_over:  # the stacks hold the payout now: all-in is read before it
            won = [0] * n
            for event in log:
                if isinstance(event, PotAwarded):
                    for winner, share in zip(event.winners, event.shares):
                        won[winner] += share
            behind = tuple(stacks[s] - won[s] for s in range(n))
        for j in range(n):
            s = (seat + j) % n
            out[base + j] = stacks[s] / bb
            out[base + n + j] = bets[s] / bb
            out[base + 2 * n + j] = contributions[s] / bb
            out[base + 3 * n + j] = 1.0 if folded[s] else 0.0
            out[base + 4 * n + j] = 1.0 if (behind[s] == 0 and not folded[s]) else 0.0
        at = 108 + 6 * n
        out[at] = (sum(contributions) + public.dead_money) / bb  # kept at the hand's end
        owed = max(0, public.current_bet - bets[seat])
        out[at + 1] = min(owed, stacks[seat]) / bb
        if legal is not None:
            if legal.min_raise_to is not None and legal.max_raise_to is not None:
                out[at + 2] = legal.min_raise_to / bb
                out[at + 3] = legal.max_raise_to / bb
            out[at + 4] = 1.0
        out[at + 5] = float(bb)
        out[at + 6] = config.small_blind / bb
        out[at + 7] = config.ante / bb
        out[at + 8] = config.stacks[seat] / bb
        out[at + 9] = float(n - sum(folded))
        out[at + 10] = float(len(board))
        at += 11
        width = n + 7
        if self.history:
            found = 0
            for event in reversed(log):
                if not isinstance(event, Acted):
                    continue
                out[at + (event.seat - seat) % n] = 1.0
                out[at + n + _KIND[event.action]] = 1.0
                out[at + n + 5] = 1.0 if event.all_in else 0.0
                out[at + n + 6] = event.to / bb
                at += width
                found += 1
                if found == self.history:
                    break
        return out


def _names(n: int, k: int) -> list[str]:
    names = [f"hole {c}" for c in DECK] + [f"board {c}" for c in DECK]
    names += [f"street {s}" for s in STREETS]
    names += [f"position {p}" for p in range(n)]
    for block in ("stack", "bet", "contribution", "folded", "all-in"):
        names += [f"{block} +{j}" for j in range(n)]
    names += [
        "pot",
        "to call",
        "min raise-to",
        "max raise-to",
        "to act",
        "big blind chips",
        "small blind",
        "ante",
        "starting stack",
        "seats in hand",
        "cards on the board",
    ]
    for i in range(k):
        names += [f"action {i} seat +{j}" for j in range(n)]
        names += [f"action {i} {kind}" for kind in _KINDS]
        names += [f"action {i} all-in", f"action {i} to"]
    return names
