"""The run question of a hand: how many times the board is run (R12.1, R12.2).

The part of :class:`holdem.engine.hand.Hand` that asks the seats still in how many
runs they accept and deals the agreed runs. :class:`HandRuns` is a base of
``Hand`` (on :class:`~holdem.engine.settlement.ShowdownPhase`, which declares the
hand's state) and keeps the run question's own state; the rules themselves
(who is asked, which answers are legal, the later runs' cards) are in
:mod:`holdem.engine.settlement` and :mod:`holdem.engine.cards`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from holdem.engine._guard import guarded
from holdem.engine.cards import run_boards
from holdem.engine.config import plain_int
from holdem.engine.events import RunsAgreed, RunsChosen
from holdem.engine.settlement import RUNS, ShowdownPhase, run_answer_problem, run_order
from holdem.errors import IllegalActionError


class HandRuns(ShowdownPhase):
    """Running the board more than once for :class:`holdem.engine.hand.Hand` (its base
    class, itself on :class:`~holdem.engine.settlement.ShowdownPhase`)."""

    __slots__ = ("_run_cards", "_run_stub", "_run_queue", "_run_offer", "_runs", "_run_boards")

    # The run question's own state: the later runs' fixed cards and deck stub
    # (from the dealer), the seats still to answer, the smallest answer so
    # far, the runs agreed, and the later runs' boards once dealt.
    _run_cards: tuple[str, ...]
    _run_stub: tuple[str, ...]
    _run_queue: list[int]
    _run_offer: int
    _runs: int
    _run_boards: tuple[tuple[str, ...], ...]
    if TYPE_CHECKING:  # defined by Hand

        def _deal(
            self, live: list[int], run_out: bool, later: tuple[tuple[str, ...], ...] = ()
        ) -> None: ...

    @property
    def run_seat(self) -> int | None:
        """The seat to say how many runs of the board it accepts (R12.1), or ``None``."""
        return self._run_queue[0] if self._phase == RUNS else None

    @property
    def run_count(self) -> int:
        """The runs of the board agreed (R12.1): 1 until more are agreed."""
        return self._runs

    @property
    def boards(self) -> tuple[tuple[str, ...], ...]:
        """Every run's board dealt so far, run 1 first (R12.2); ``(board,)``
        until a later run is dealt."""
        return (self._board, *self._run_boards)

    def _ask_runs(self) -> None:
        """Open the run question (R12.1): betting is over with a player all-in
        and cards to come, and the table allows more than one run."""
        self._run_queue = run_order(self._folded, self.config.button)
        self._run_offer = self.config.max_runs

    @guarded
    def choose_runs(self, seat: int, count: int, *, decision: int | None = None) -> None:
        """Answer the run question for ``seat``: it accepts at most ``count`` runs (R12.1).

        The seats still in answer in turn (:attr:`run_seat`); the smallest
        answer is used, so an answer of 1 settles it at once. After the last
        answer the runs are dealt, run 1 in full and then each later run from
        the same deck (R12.2), and the hand goes to showdown.

        Args:
            seat: the seat answering (:attr:`run_seat`).
            count: the most runs it accepts, 1 to the table's ``max_runs``.
            decision: optionally, the :attr:`decision` number this answer
                was made for; a stale one is refused (as for :meth:`act`).

        Raises:
            IllegalActionError: ``decision`` is stale (``Reason.STALE``), no
                run question is open (``NO_RUN_QUESTION``, or ``HAND_OVER``),
                the seat is not a seat (``UNKNOWN_SEAT``) or not the one to
                answer (``NOT_YOUR_TURN``), or ``count`` is not a whole number
                from 1 to ``max_runs`` (``BAD_RUN_COUNT``); the hand is
                unchanged.
        """
        if decision is not None:
            self._check_stale(seat, "choose runs", None, decision)
        problem = run_answer_problem(
            self._phase, self._run_queue, self._n, self.config.max_runs, seat, count
        )
        if problem is not None:
            reason, detail = problem
            raise IllegalActionError(
                seat, "choose runs", reason, detail, None, plain_int(count), self._name(seat)
            )
        self._run(self._choose_runs, plain_int(seat), plain_int(count))

    def _choose_runs(self, seat: int, count: int) -> None:
        self._log.append(RunsChosen(seat, count))
        self._run_queue.pop(0)
        self._run_offer = min(self._run_offer, count)
        if self._run_offer == 1 or not self._run_queue:
            self._run_queue = []
            self._runs = self._run_offer
            self._log.append(RunsAgreed(self._runs))
            later = run_boards(self._run_cards, self._run_stub, len(self._board), self._runs)
            self._deal([s for s in range(self._n) if not self._folded[s]], True, later)
