"""Checking a batch against :class:`holdem.Hand`, hand for hand.

:func:`replay` plays every hand of a recorded batch again through ``Hand``
with the same cards and actions, and requires, at every action, the same
seat to act and the same bet or raise range, and at the end the same
stacks. The tests and ``benchmarks/bench_batch.py`` use it.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from holdem.batch.engine import CALL, FOLD, RUNS, BatchResult, IntArray, hand_config
from holdem.engine.cards import DECK
from holdem.engine.config import TableConfig
from holdem.engine.hand import Hand
from holdem.errors import HoldemError


class MismatchError(HoldemError):
    """The batch engine and ``Hand`` disagree on a hand (a bug, to report)."""


def replay(config: TableConfig, buttons: IntArray, result: BatchResult) -> Iterator[Hand]:
    """Each hand of ``result`` replayed through ``Hand``, in batch order, on
    the table :func:`~holdem.batch.engine.hand_config` gives for its button.

    Args:
        config: the table the batch was played with.
        buttons: the button of each hand, as given to :func:`~holdem.batch.play`.
        result: a batch played with ``record=True``.

    Yields:
        The finished ``Hand`` of each batch hand.

    Raises:
        MismatchError: another seat to act or to answer the run question
            (R12.1), another raise range, an action left over, an unfinished
            hand, other final stacks or another rake (R13); the message names
            the hand.
        HoldemError: the result has no log (played without ``record``).
    """
    if result.log is None:
        raise HoldemError("the batch was played without record=True: nothing to replay")
    log = result.log[np.argsort(result.log[:, 0], kind="stable")]
    count = len(buttons)
    bounds = np.searchsorted(log[:, 0], np.arange(count + 1)).tolist()
    seats = config.seats
    names = DECK
    tables = [hand_config(config, button) for button in range(seats)]
    for i in range(count):
        table = tables[int(buttons[i])]
        hole = result.hole[i].tolist()
        hand = Hand(
            table,
            hole_cards=[names[a] + names[b] for a, b in hole[:seats]],
            board="".join(names[c] for c in result.board[i].tolist()),
        )
        for _, seat, code, to, low, high in log[bounds[i] : bounds[i + 1]].tolist():
            if code == RUNS:
                if hand.run_seat != seat or (low, high) != (1, config.max_runs):
                    raise MismatchError(
                        f"hand {i}: seat {seat} answers the run question in the batch, "
                        f"Hand asks {hand.run_seat}"
                    )
                hand.choose_runs(seat, to)
                continue
            legal = hand.legal_actions()
            if legal is None or legal.seat != seat:
                raise MismatchError(f"hand {i}: seat {seat} acts in the batch, Hand has {legal}")
            ours = (low, high) if low >= 0 else (None, None)
            if (legal.min_raise_to, legal.max_raise_to) != ours:
                raise MismatchError(f"hand {i}: raise range {ours} in the batch, Hand: {legal}")
            if code == FOLD:
                hand.fold(seat)
            elif code == CALL:
                hand.check_or_call(seat)
            else:
                hand.bet_or_raise(seat, to)
        final = tuple(result.stacks[i].tolist())
        if not hand.is_over or hand.stacks != final:
            raise MismatchError(f"hand {i}: stacks {final} in the batch, Hand: {hand.stacks}")
        raked = hand.result.rake_total if hand.result is not None else 0
        if raked != int(result.rake[i]):
            raise MismatchError(f"hand {i}: rake {int(result.rake[i])} in the batch, Hand: {raked}")
        yield hand
