"""Equity late in the hand for known hole cards: the river (one board) and the
turn (each river card left), evaluated directly without the counting
machinery of :mod:`holdem.engine._fasteval`.

On the turn each player holds 6 known cards. Their rank multiset is one
state of a next-state table (:func:`rows`): the state's 13 entries are the
non-flush treys rank of the 7 cards for a river card of each rank, so a
player costs one dict look-up, and the 13 river ranks are compared for every
player at once (``zip`` of the rows). Only a suit with 2 board cards on the
turn (3 on the river) can make a flush, and only for a player holding 4 or
more of it with the board: the river cards of such a suit (a drawing suit)
are scored one by one with a flush look-up, every other river card counts by
its rank. At most two suits draw on a 4-card board. When only who wins
matters and one player alone draws to a suit, the river cards of it that
give him a flush beating every other hand make one class.

Values are treys ranks (1 = royal flush ... 7462, lower is better); equal
values split the pot (R6.1, R8.1).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Sequence

from holdem.engine import _fasteval
from holdem.engine._fasteval import CARD_KEY, RANK_KEYS

_ROWS: dict[int, tuple[int, ...]] | None = None
_LOCK = threading.Lock()
"""Held while :func:`rows` builds the table: threads asking at once build it once."""
_ALONE = [tuple((1,) * p + (0,) + (1,) * (n - 1 - p) for p in range(n)) for n in range(11)]
"""``_ALONE[n][p]``: a value tuple where player ``p`` of ``n`` wins alone."""


def rows() -> dict[int, tuple[int, ...]]:
    """The 6-card to 7-card next-state table, built on first use.

    Built from :func:`holdem.engine._fasteval.tables` (itself built on first
    use) in 40 to 120 ms on one core; 18,395 entries, about 4.6 MB. Importing
    the module builds nothing.

    Returns:
        A map from the sum of :data:`holdem.engine._fasteval.RANK_KEYS` of 6
        cards (their rank multiset, each rank at most 4 times) to 13 treys
        ranks: entry ``r`` is the best non-flush rank of the 6 cards and a
        seventh of rank ``r`` (0 = deuce ... 12 = ace). An entry for a rank the
        6 cards hold 4 times names no hand and is never read (0 or a
        meaningless rank).
    """
    global _ROWS
    table = _ROWS
    if table is None:
        with _LOCK:
            table = _ROWS
            if table is None:
                table = _ROWS = _build()
    return table


def _build() -> dict[int, tuple[int, ...]]:
    by_sum = _fasteval._by_sum()
    top = len(by_sum)
    # Key sums of every multiset of 6 ranks, each rank at most 4 times.
    levels: list[list[int]] = [[0]] + [[] for _ in range(6)]
    for rank_key in RANK_KEYS:
        for size in range(6, 0, -1):  # downwards: each rank joins once
            into = levels[size]
            for m in range(1, min(4, size) + 1):
                step = rank_key * m
                into.extend([q + step for q in levels[size - m]])
    values = list(range(7463))  # one int object per rank, shared by every row
    pick = values.__getitem__
    look = by_sum.__getitem__
    table: dict[int, tuple[int, ...]] = {}
    for key in levels[6]:
        if key + RANK_KEYS[-1] < top:
            table[key] = tuple(map(pick, map(look, map(key.__add__, RANK_KEYS))))
        else:  # four aces held: their fifth would lie past the array's end
            table[key] = tuple([pick(look(key + k)) if key + k < top else 0 for k in RANK_KEYS])
    return table


def classes(
    holes: Sequence[tuple[int, int]],
    board: Sequence[int],
    dead: Sequence[int],
    winners_only: bool = False,
) -> tuple[list[tuple[int, ...]], Sequence[int], int]:
    """Every completion of a 4- or 5-card board, in classes of river cards
    that give every player the same value.

    Args:
        holes: each player's two hole cards (card indices); 2 to 10 players,
            no card twice (with ``board`` and ``dead``).
        board: 4 or 5 board cards (card indices).
        dead: cards known to be out of the deck.
        winners_only: only who wins or ties matters (not the order of the
            others): the river cards that give one player a flush beating
            everyone may share one class, whose tuple is ``0`` for him and
            ``1`` for the others instead of treys ranks.

    Returns:
        ``(values, weights, boards)``: per class, the tuple of the players'
        values (treys ranks, lower is better) and the number of river cards
        in it (0 for a rank with none left; the one board on the river);
        ``boards`` is the number of river cards left (1 on the river). Equal
        tuples may appear in several classes.
    """
    card_key = CARD_KEY
    flush = _fasteval.tables()[1]
    if len(board) == 5:
        b0, b1, b2, b3, b4 = board
        total = card_key[b0] + card_key[b1] + card_key[b2] + card_key[b3] + card_key[b4]
        by_sum = _fasteval._by_sum()
        suits = [b0 & 3, b1 & 3, b2 & 3, b3 & 3, b4 & 3]
        suit = -1
        for s in range(4):
            if suits.count(s) >= 3:  # at most one suit of 5 cards has 3
                suit = s
        if suit < 0:  # no flush possible: the rank multiset decides
            return [tuple([by_sum[total + card_key[a] + card_key[b]] for a, b in holes])], (1,), 1
        base = 0
        for c in board:
            if c & 3 == suit:
                base |= 1 << (c >> 2)
        out = []
        for a, b in holes:
            mask = base
            if a & 3 == suit:
                mask |= 1 << (a >> 2)
            if b & 3 == suit:
                mask |= 1 << (b >> 2)
            out.append(
                flush[mask] if mask.bit_count() >= 5 else by_sum[total + card_key[a] + card_key[b]]
            )
        return [tuple(out)], (1,), 1
    table = _ROWS if _ROWS is not None else rows()
    b0, b1, b2, b3 = board
    total = card_key[b0] + card_key[b1] + card_key[b2] + card_key[b3]
    by_rank = [table[total + card_key[a] + card_key[b]] for a, b in holes]
    left = [4] * 13  # river cards left by rank
    for a, b in holes:
        left[a >> 2] -= 1
        left[b >> 2] -= 1
    for c in board:
        left[c >> 2] -= 1
    for c in dead:
        left[c >> 2] -= 1
    boards = sum(left)
    s0, s1, s2, s3 = b0 & 3, b1 & 3, b2 & 3, b3 & 3
    if s0 != s1 and s0 != s2 and s0 != s3 and s1 != s2 and s1 != s3 and s2 != s3:
        return list(zip(*by_rank)), left, boards  # four suits: no flush possible
    board_suits = (s0, s1, s2, s3)
    extra: list[tuple[int, ...]] = []
    extra_weights: list[int] = []
    for s in {s0, s1, s2, s3}:
        on_board = board_suits.count(s)
        if on_board < 2:
            continue
        # A flush needs 5 of s in 7 cards: hole cards of s with the board's, and the river.
        need = 4 - on_board
        drawing = [p for p, (a, b) in enumerate(holes) if (a & 3 == s) + (b & 3 == s) >= need]
        if not drawing:
            continue
        base = 0
        for c in board:
            if c & 3 == s:
                base |= 1 << (c >> 2)
        taken = base
        for a, b in holes:
            if a & 3 == s:
                taken |= 1 << (a >> 2)
            if b & 3 == s:
                taken |= 1 << (b >> 2)
        for c in dead:
            if c & 3 == s:
                taken |= 1 << (c >> 2)
        ranks = [r for r in range(13) if not taken >> r & 1]  # river cards of s left
        for r in ranks:
            left[r] -= 1  # scored on its own below
        if winners_only and len(drawing) == 1:
            # One player draws to the flush: each river card of s is his
            # alone when his flush beats every other player's hand with that
            # river rank (no full house or better); those cards make one class.
            p = drawing[0]
            a, b = holes[p]
            mask = base
            if a & 3 == s:
                mask |= 1 << (a >> 2)
            if b & 3 == s:
                mask |= 1 << (b >> 2)
            if mask.bit_count() >= 5:  # a flush already (see below)
                by_rank[p] = (flush[mask],) * 13
            others = by_rank[:p] + by_rank[p + 1 :]
            floor = others[0] if len(others) == 1 else list(map(min, *others))
            alone = 0
            for r in ranks:
                value = flush[mask | 1 << r]
                if value < floor[r]:
                    alone += 1
                else:
                    row = [values[r] for values in by_rank]
                    row[p] = value
                    extra.append(tuple(row))
                    extra_weights.append(1)
            if alone:
                extra.append(_ALONE[len(holes)][p])
                extra_weights.append(alone)
            continue
        columns = [list(map(row.__getitem__, ranks)) for row in by_rank]
        for p in drawing:
            a, b = holes[p]
            mask = base
            if a & 3 == s:
                mask |= 1 << (a >> 2)
            if b & 3 == s:
                mask |= 1 << (b >> 2)
            columns[p] = [flush[mask | 1 << r] for r in ranks]
            if mask.bit_count() >= 5:
                # A flush whatever the river (3+ board cards of s: the only
                # drawing suit): a river card of another suit leaves it as it is.
                by_rank[p] = (flush[mask],) * 13
        extra += zip(*columns)
        extra_weights += [1] * len(ranks)
    if not extra:
        return list(zip(*by_rank)), left, boards
    return list(zip(*by_rank)) + extra, left + extra_weights, boards


def outcomes(
    holes: Sequence[tuple[int, int]], board: Sequence[int], dead: Sequence[int]
) -> tuple[dict[tuple[int, ...], int], int]:
    """Value tuples with their counts over the river cards left, and the number of boards.

    Args:
        holes, board, dead: as for :func:`classes`.

    Returns:
        ``(counts, boards)``: a map from a tuple of values (one per player,
        treys ranks, lower is better) to the number of boards giving it, and
        the number of boards (1 on the river, the river cards left on the turn).
    """
    values, weights, boards = classes(holes, board, dead)
    counts: Counter[tuple[int, ...]] = Counter()
    for row, weight in zip(values, weights):
        if weight:
            counts[row] += weight
    return dict(counts), boards


def shares(
    holes: Sequence[tuple[int, int]], board: Sequence[int], dead: Sequence[int], unit: int
) -> tuple[list[int], list[int], list[int], int]:
    """Each player's boards won alone, boards tied and pot share, counted directly.

    Args:
        holes, board, dead: as for :func:`classes`.
        unit: parts of a pot, divisible by every number of players who may
            tie (``lcm(1..n)`` for ``n`` players).

    Returns:
        ``(win, tie, share, boards)``: per player the boards won alone, the
        boards tied for the best hand, and the pot won summed over the boards
        in ``1/unit`` of a pot (a tie of ``k`` players gives each
        ``unit // k``); ``boards`` as for :func:`classes`.
    """
    values, weights, boards = classes(holes, board, dead, True)
    if len(holes) == 2:
        won0 = won1 = tied = 0
        for (v0, v1), weight in zip(values, weights):
            if v0 < v1:
                won0 += weight
            elif v1 < v0:
                won1 += weight
            else:
                tied += weight
        half = unit // 2
        return (
            [won0, won1],
            [tied, tied],
            [won0 * unit + tied * half, won1 * unit + tied * half],
            boards,
        )
    n = len(holes)
    win = [0] * n
    tie = [0] * n
    bests = list(map(min, values))
    ties = list(map(tuple.count, values, bests))
    if ties.count(1) == len(ties):  # no split pot at all
        for first, weight in zip(map(tuple.index, values, bests), weights):
            win[first] += weight
        return win, tie, [w * unit for w in win], boards
    share = [0] * n
    for row, weight, best, k in zip(values, weights, bests, ties):
        if k == 1:
            win[row.index(best)] += weight
            continue
        part = weight * unit // k
        for i, value in enumerate(row):
            if value == best:
                tie[i] += weight
                share[i] += part
    for i, w in enumerate(win):
        share[i] += w * unit
    return win, tie, share, boards
