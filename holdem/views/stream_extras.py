"""What a table stream adds for a player's screen: the pots by name, the hands
turned up before an all-in run-out, and each live hand's equity as the board comes.

:class:`~holdem.views.streams.TableStream` feeds a :class:`HandExtras` every
record of the hand it streams (:meth:`HandExtras.before` and
:meth:`HandExtras.after`); the messages it gives back are **public** and
carry only what every seat may see at that moment:

- ``pots``: before each street is dealt (and before the showdown), the pots
  as the engine names them (R7.3): ``p`` a list of ``{name, a, el}`` (amount
  and eligible table seats), computed by :func:`holdem.engine.pots.layer_pots`
  from the chips put in so far (the uncalled bet left out, R7.4).
- ``allin``: betting is over with a player all-in and cards to come (R5.3):
  every hand still in is turned up now, before the run-out (R6.4 shows every
  one of them at the showdown in any case): ``s`` the table seats, ``c``
  their cards, aligned.
- ``equity``: each live hand's all-in equity on the board so far, before
  the run-out and after each street of it (not after the river): ``st`` the
  street just dealt (``preflop`` before the flop), ``s`` the table seats,
  ``eq`` their equities (fractions of the pot, 4 decimals, summing to 1 up
  to rounding), ``x`` 1 when counted exactly (on the flop and turn), 0 for a
  seeded Monte Carlo estimate (2,000 deals, seed 0) before the flop. Only on
  the first run of the board (R12.2).

Nothing here reads a card that is not in the log already; the hole cards of
an ``allin`` message are those the log dealt to seats that are still in,
and only once no more betting can happen.
"""

from __future__ import annotations

from typing import Any

from holdem.engine import events as _events
from holdem.engine.pots import layer_pots

Message = dict[str, Any]

__all__ = ["HandExtras", "EQUITY_SAMPLES"]

EQUITY_SAMPLES = 2000
"""Monte Carlo deals for the equity before the flop (seed 0): exact counting
there takes a quarter of a second heads-up, too long for a server's loop."""

_DEAD_KINDS = frozenset({"big blind ante", "dead post"})


class HandExtras:
    """The running state of one hand that the extra messages need.

    Args:
        seats: the table seat of each hand seat.
    """

    def __init__(self, seats: tuple[int, ...]) -> None:
        self._seats = seats
        n = len(seats)
        self._contrib = [0] * n
        self._dead = 0
        self._folded = [False] * n
        self._cards: dict[int, tuple[str, ...]] = {}
        self._revealed = False
        self._showdown = False
        self._last_pots: list[Message] | None = None

    def before(self, event: _events.Event) -> list[Message]:
        """The extra messages that go before the stream's own message for ``event``."""
        kind = type(event)
        out: list[Message] = []
        if kind is _events.StreetDealt:
            assert isinstance(event, _events.StreetDealt)
            if event.run == 1:
                out.extend(self._pots())
                if event.run_out and not self._revealed:
                    self._revealed = True
                    live = self._live()
                    known = all("??" not in self._cards.get(i, ("??",)) for i in live)
                    if len(live) >= 2 and known:
                        out.append(
                            {
                                "t": "allin",
                                "s": [self._seats[i] for i in live],
                                "c": ["".join(self._cards[i]) for i in live],
                            }
                        )
                        board = event.board[: len(event.board) - len(event.cards)]
                        out.extend(self._equity(live, board, _street_before(event.street)))
        elif kind in (_events.Shown, _events.Mucked, _events.PotAwarded, _events.RakeTaken):
            if not self._showdown:
                self._showdown = True
                out.extend(self._pots())
        return out

    def after(self, event: _events.Event) -> list[Message]:
        """Record ``event``; the extra messages that go after the stream's own one."""
        kind = type(event)
        if kind is _events.HoleCardsDealt:
            assert isinstance(event, _events.HoleCardsDealt)
            self._cards[event.seat] = event.cards
        elif kind is _events.Posted:
            assert isinstance(event, _events.Posted)
            if event.kind in _DEAD_KINDS:
                self._dead += event.amount
            else:
                self._contrib[event.seat] += event.amount
        elif kind is _events.Acted:
            assert isinstance(event, _events.Acted)
            self._contrib[event.seat] += event.added
            if event.action == "fold":
                self._folded[event.seat] = True
        elif kind is _events.UncalledReturned:
            assert isinstance(event, _events.UncalledReturned)
            self._contrib[event.seat] -= event.amount
        elif kind is _events.StreetDealt:
            assert isinstance(event, _events.StreetDealt)
            if event.run == 1 and self._revealed and event.street != "river":
                return self._equity(self._live(), event.board, event.street)
        return []

    def _live(self) -> list[int]:
        return [i for i in range(len(self._seats)) if not self._folded[i] and i in self._cards]

    def _pots(self) -> list[Message]:
        """A ``pots`` message when the pots changed since the last one."""
        try:
            layering = layer_pots(self._contrib, self._folded, self._dead)
        except ValueError:  # nobody left to win dead money: the engine says what happens
            return []
        pots = [
            {"name": p.name, "a": p.amount, "el": [self._seats[s] for s in p.eligible]}
            for p in layering.pots
            if p.amount > 0
        ]
        if not pots or pots == self._last_pots:
            return []
        self._last_pots = pots
        return [{"t": "pots", "p": pots}]

    def _equity(self, live: list[int], board: tuple[str, ...], street: str) -> list[Message]:
        from holdem.equity.allin import equity  # only when a hand goes all-in

        hands = ["".join(self._cards[i]) for i in live]
        if board:
            result = equity(hands, board, exact=True)
        else:
            result = equity(hands, board, samples=EQUITY_SAMPLES, seed=0)
        return [
            {
                "t": "equity",
                "st": street,
                "s": [self._seats[i] for i in live],
                "eq": [round(p.equity_float, 4) for p in result.players],
                "x": int(bool(board)),
            }
        ]


def _street_before(street: str) -> str:
    return {"flop": "preflop", "turn": "flop", "river": "turn"}[street]
