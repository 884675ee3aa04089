"""How a hand moves from seat to seat and street to street (R5): who acts first
(R5.1, R5.1a), the end of a betting round, the uncalled bet returned (R7.4),
the hand won by folds (R5.2), the run-out when fewer than two players can bet
(R5.3) and the deal of the next street (R5.4).

The part of :class:`holdem.engine.hand.Hand` after an action; the hand's state
lives in its slots (declared by :class:`~holdem.engine.hand.Hand`).
"""

from __future__ import annotations

from itertools import compress as _compress
from operator import not_ as _not

from holdem.engine import pots as _pots
from holdem.engine.betting import LegalActions
from holdem.engine.config import TableConfig
from holdem.engine.events import StreetDealt, UncalledReturned
from holdem.engine.runs import HandRuns
from holdem.engine.settlement import BETTING, RUNS, later_runs

STREETS = ("preflop", "flop", "turn", "river")
"""The betting rounds, in order."""

_BOARD_SIZE = (0, 3, 4, 5)

_CLOCKWISE = tuple(
    tuple(tuple((start + i) % n for i in range(n)) for start in range(n)) for n in range(11)
)
"""``_CLOCKWISE[n][start]``: the ``n`` seats of a table clockwise from ``start``."""


class StreetProgression(HandRuns):
    """Moving a hand on after each action (R5); a base of
    :class:`~holdem.engine.hand.Hand`."""

    # The betting round's state: this street's bets, who has acted and at
    # what bet level, the bet to match and the last full raise, the last
    # aggressor, the cached legal actions, the seat to act, the street
    # (0 preflop .. 3 river) and the board dealt so far.
    __slots__ = (
        "_bets",
        "_acted",
        "_level",
        "_current",
        "_min_raise",
        "_aggressor",
        "_memo",
        "_to_act",
        "_street",
        "_board",
    )

    config: TableConfig
    _bets: list[int]
    _acted: list[bool]
    _level: list[int]
    _current: int
    _min_raise: int
    _memo: LegalActions | None
    _to_act: int | None
    _street: int
    _deck_board: tuple[str, ...]

    def _first_to_act(self, start: int) -> int | None:
        """The first seat from ``start`` clockwise that must act, or ``None`` (R5.1)."""
        stacks, bets, folded = self._stacks, self._bets, self._folded
        current = self._current
        if bets[start] < current and stacks[start] and not folded[start]:
            # The seat at ``start`` owes chips and can pay: it acts, whether
            # or not another seat can (the loop below gives it too).
            return start
        acted = self._acted
        first = None
        able = 0
        last = -1
        for s in _CLOCKWISE[self._n][start]:
            if folded[s] or not stacks[s]:
                continue
            able += 1
            last = s
            if first is None and (not acted[s] or bets[s] < current):
                first = s
            if able > 1 and first is not None:
                return first
        if able == 1:
            # R5.1a: the only seat able to bet, owing nothing, is not asked.
            return last if bets[last] < current else None
        return first

    def _advance(self, seat: int) -> None:
        self._memo = None
        folded = self._folded
        if folded.count(False) == 1:
            self._end_street()
            return
        self._to_act = self._first_to_act((seat + 1) % self._n)
        if self._to_act is None:
            self._end_street()

    def _return_uncalled(self) -> None:
        contrib = self._contrib
        top = max(contrib)
        # Matched (two seats or more put in the most) or nothing in: nothing
        # to return, found without uncalled_bet's loop.
        if top and contrib.count(top) == 1:
            uncalled = _pots.uncalled_bet(contrib)
            assert uncalled is not None  # one seat put in more than any other
            seat, chips = uncalled
            self._contrib[seat] -= chips
            # The returned chips are the last ones put in: this street's bet first,
            # never the antes below it (R2.3).
            self._bets[seat] -= min(chips, self._bets[seat])
            self._stacks[seat] += chips
            self._returned[seat] += chips
            self._log.append((UncalledReturned, seat, chips))

    def _end_street(self) -> None:
        self._to_act = None
        self._return_uncalled()
        folded, stacks = self._folded, self._stacks
        live = list(_compress(range(self._n), map(_not, folded)))
        if len(live) == 1:  # R5.2
            self._settle(None)
            return
        # R5.3: fewer than two can bet (a stack is never negative).
        run_out = len(list(filter(stacks.__getitem__, live))) < 2
        if run_out and self._street < 3 and self.config.max_runs > 1:
            self._phase = RUNS
            self._ask_runs()  # R12.1
            return
        self._deal(live, run_out)

    def _deal(
        self, live: list[int], run_out: bool, later: tuple[tuple[str, ...], ...] = ()
    ) -> None:
        """Deal the streets still to come (run 1), then ``later``: the other
        runs' own cards (R12.2); then the showdown."""
        self._phase = BETTING
        while self._street < 3:
            self._street += 1
            size = _BOARD_SIZE[self._street]
            cards = self._deck_board[len(self._board) : size]
            self._board = self._deck_board[:size]
            self._log.append((StreetDealt, STREETS[self._street], cards, self._board, run_out))
            if not run_out:
                self._start_street()
                if self._to_act is not None:
                    return
                run_out = True
        if later:
            self._run_boards = later_runs(self._board, later, self._log)
        self._showdown(live)

    def _start_street(self) -> None:
        n = self._n
        self._bets = [0] * n
        self._acted = [False] * n
        self._level = [0] * n
        self._current = 0
        self._min_raise = self.config.min_bet
        self._aggressor = None
        self._memo = None
        self._to_act = self._first_to_act((self.config.button + 1) % n)
