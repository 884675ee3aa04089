"""Seven-card evaluation on arrays: treys ranks from holdem's own look-up tables.

The same two facts as :mod:`holdem.engine._fasteval`, whose tables this module
reuses as numpy arrays (built once, under that module's lock): with a flush
among seven cards the best hand is the best flush of that suit, given by the
13-bit mask of its ranks; otherwise it is given by the multiset of ranks,
named by the sum of :data:`~holdem.engine._fasteval.RANK_KEYS`.

Card indices are ``4 * rank + suit`` as in :mod:`holdem.engine._fasteval`.
"""

from __future__ import annotations

import threading

import numpy as np
import numpy.typing as npt

from holdem.engine import _fasteval

IntArray = npt.NDArray[np.int64]

_LOCK = threading.Lock()
_TABLES: tuple[npt.NDArray[np.uint16], IntArray, IntArray, IntArray] | None = None


def _tables() -> tuple[npt.NDArray[np.uint16], IntArray, IntArray, IntArray]:
    """(rank by key sum, flush rank by mask, bit count by mask, key by card), built once."""
    global _TABLES
    if _TABLES is None:
        with _LOCK:
            if _TABLES is None:
                _, flush = _fasteval.tables()
                by_sum = np.frombuffer(_fasteval._by_sum(), dtype=np.uint16)
                masks = np.arange(8192)
                bits = np.zeros(8192, dtype=np.int64)
                for r in range(13):
                    bits += (masks >> r) & 1
                keys = np.array(_fasteval.CARD_KEY, dtype=np.int64)
                _TABLES = (by_sum, np.array(flush, dtype=np.int64), bits, keys)
    return _TABLES


def rank7(hole: IntArray, board: IntArray) -> IntArray:
    """treys ranks (1 best .. 7462) of every seat's best five.

    Args:
        hole: card indices, shape ``(hands, seats, 2)``.
        board: card indices, shape ``(hands, 5)``.

    Returns:
        Shape ``(hands, seats)``, int64.
    """
    by_sum, flush, bits, keys = _tables()
    key = keys[board].sum(axis=1)[:, None] + keys[hole].sum(axis=2)
    ranks = by_sum[key].astype(np.int64)
    board_suit = board & 3
    board_bit = np.left_shift(1, board >> 2)
    hole_suit = hole & 3
    hole_bit = np.left_shift(1, hole >> 2)
    for suit in range(4):
        mask = np.where(board_suit == suit, board_bit, 0).sum(axis=1)[:, None] + np.where(
            hole_suit == suit, hole_bit, 0
        ).sum(axis=2)
        flushed = bits[mask] >= 5
        if flushed.any():
            ranks = np.where(flushed, flush[mask], ranks)
    result: IntArray = ranks.astype(np.int64, copy=False)
    return result
