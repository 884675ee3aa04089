"""Private fast hand evaluation, built only from treys' own tables.

treys stays the evaluator of record (:mod:`holdem.engine.showdown`); this module
re-packages treys' :class:`treys.lookup.LookupTable` so that a 7-card hand
costs one table look-up, which the equity enumerator needs. Every value is a
treys rank (1 = royal flush ... 7462 = seven-high, lower is better), and the
tests check the tables against treys exhaustively (every rank multiset and
every flush pattern) and on random 7-card hands.

Two facts make 7-card evaluation a look-up:

* With 7 cards, a flush (5 or more cards of one suit) rules out a full house
  or four of a kind (they need 8 cards together with 5 suited ones), so when a
  flush exists the best hand is the best flush or straight flush of that
  suit, which depends only on the set of ranks in the suit.
* Without a flush, the best hand depends only on the multiset of ranks,
  keyed as in treys by the product of the rank primes
  (:data:`treys.Card.PRIMES`).

Card indices: ``4 * rank + suit``, rank 0 (deuce) to 12 (ace) as in treys,
suit 0 to 3 for ``c d h s`` (the order of :data:`holdem.engine.cards.DECK`).
"""

from __future__ import annotations

import math
import threading
from array import array
from collections.abc import Iterable, Sequence

from treys import Card
from treys.lookup import LookupTable

from holdem.engine.cards import DECK

PRIMES: tuple[int, ...] = tuple(Card.PRIMES)
"""The prime of each rank (index 0 = deuce ... 12 = ace), as treys encodes cards."""
INDEX: dict[str, int] = {card: i for i, card in enumerate(DECK)}
"""Card text -> card index (``4 * rank + suit``)."""
CARD_PRIME: tuple[int, ...] = tuple(PRIMES[i >> 2] for i in range(52))
"""The rank prime of each card index."""

RANK_KEYS: tuple[int, ...] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181
)  # fmt: skip
"""Additive rank keys (index 0 = deuce ... 12 = ace): two different multisets
of 7 ranks, each rank at most 4 times, never have the same sum (checked when
the tables are built), so the sum of the keys of 7 cards names their rank
multiset, as does the product of the primes. The counting code uses the sums
to index a flat array, which is faster than the product-keyed dict. Each key
is the smallest integer above the one before that keeps every sum of up to
7 ranks distinct, found by a greedy search (the same keys Kenneth
Shackleton's SKPokerEval uses)."""
CARD_KEY: tuple[int, ...] = tuple(RANK_KEYS[i >> 2] for i in range(52))
"""The additive rank key of each card index."""

_TABLES: tuple[dict[int, int], list[int]] | None = None
_BY_SUM: array[int] | None = None
_LOCK = threading.Lock()
"""Held while the tables are built: threads asking at once build them once."""


def _build() -> tuple[dict[int, int], list[int]]:
    lookup = LookupTable()
    unsuited: dict[int, int] = dict(lookup.unsuited_lookup)  # 5 ranks, no flush
    fours = [p**4 for p in PRIMES]
    # The best of n+1 ranks is the best over dropping one rank: push each
    # n-rank multiset up into every (n+1)-rank multiset containing it.
    level = unsuited
    for _ in range(2):
        nxt: dict[int, int] = {}
        get = nxt.get
        for key, value in level.items():
            for prime, four in zip(PRIMES, fours):
                if key % four == 0:  # already four of this rank
                    continue
                up = key * prime
                old = get(up)
                if old is None or value < old:
                    nxt[up] = value
        level = nxt
    rank7 = level
    flush = [0] * 8192  # 13-bit rank mask of one suit -> best flush (0: fewer than 5)
    masks_by_size: list[list[int]] = [[] for _ in range(14)]
    for mask in range(8192):
        masks_by_size[mask.bit_count()].append(mask)
    for mask in masks_by_size[5]:
        product = 1
        for r in range(13):
            if mask >> r & 1:
                product *= PRIMES[r]
        flush[mask] = lookup.flush_lookup[product]
    for size in range(6, 14):
        for mask in masks_by_size[size]:
            best = 7463
            bits = mask
            while bits:
                low = bits & -bits
                bits ^= low
                best = min(best, flush[mask ^ low])
            flush[mask] = best
    return rank7, flush


def tables() -> tuple[dict[int, int], list[int]]:
    """The two evaluation tables, built from treys' tables on first use (0.1 to 0.2 s,
    with the counting code's own copy, :func:`_by_sum`).

    Returns:
        ``(rank7, flush)``: ``rank7`` maps the product of the rank primes of 7
        cards (each rank at most 4 times) to the best non-flush treys rank
        (49,205 keys); ``flush`` is a list of 8,192 entries indexed by a 13-bit
        mask of the ranks held in one suit, giving the best flush or straight
        flush treys rank when 5 or more bits are set, else 0.
    """
    global _TABLES, _BY_SUM
    tables = _TABLES
    if tables is None:
        with _LOCK:
            tables = _TABLES
            if tables is None:
                built = _build()
                # The counting helpers' tables, built with the rest; the
                # tables are published last, once everything is ready.
                _BY_SUM = _build_by_sum(built[0])
                _RANK_SETS[:] = _build_rank_sets()
                tables = _TABLES = built
    return tables


def _by_sum() -> array[int]:
    """``rank7`` keyed by the sum of :data:`RANK_KEYS` instead: a flat array
    of 7,825,760 entries, 2 bytes each (treys rank, 0 where no multiset sums to the index)."""
    if _BY_SUM is None:
        tables()
    assert _BY_SUM is not None
    return _BY_SUM


def _build_by_sum(rank7: dict[int, int]) -> array[int]:
    # (prime product, key sum) of every multiset of up to 7 ranks, each at most 4 times.
    levels: list[list[tuple[int, int]]] = [[(1, 0)]] + [[] for _ in range(7)]
    for prime, rank_key in zip(PRIMES, RANK_KEYS):
        for size in range(7, 0, -1):  # downwards: each rank joins once
            into = levels[size]
            for m in range(1, min(4, size) + 1):
                power = prime**m
                step = rank_key * m
                into.extend([(q * power, k + step) for q, k in levels[size - m]])
    table = array("H", bytes(2 * (4 * RANK_KEYS[12] + 3 * RANK_KEYS[11] + 1)))
    for product, key in levels[7]:
        if table[key]:
            raise AssertionError("RANK_KEYS sums are not unique")
        table[key] = rank7[product]
    assert len(levels[7]) == len(rank7)
    return table


def evaluate7(cards: Sequence[int]) -> int:
    """treys rank of the best five of seven cards given as card indices.

    Args:
        cards: 7 distinct card indices (``4 * rank + suit``).

    Returns:
        The treys rank, 1 (royal flush) to 7462; lower is better.
    """
    rank7, flush = tables()
    product = 1
    masks = [0, 0, 0, 0]
    for c in cards:
        product *= CARD_PRIME[c]
        masks[c & 3] |= 1 << (c >> 2)
    for mask in masks:
        if mask.bit_count() >= 5:
            return flush[mask]
    return rank7[product]


def indices(cards: Iterable[str]) -> list[int]:
    """Card texts (``"As"``) -> card indices."""
    return [INDEX[c] for c in cards]


# ---------------------------------------------------------------- counting
# Exact enumeration by rank multiset. Boards are split in two:
#
# A. Every board, scored as if no flush were possible: the dealt cards'
#    rank multiset M decides every player's non-flush value, and the number
#    of boards with that multiset is prod over ranks of C(available, m).
# B. The flush boards of each suit s (some player holds 5+ cards of s; at
#    most one suit per board, since a flush needs 3+ board cards of it):
#    enumerated by the exact set S of dealt cards of suit s and the rank
#    multiset R of the other dealt cards; each adds its true outcome and
#    takes back the non-flush outcome that part A counted for it.
#
# Multiway, part B is gathered by the dealt multiset M = S + R before any
# look-up. A flush board changes only the flushers' values, and treys' bands
# keep flushes apart from every non-flush value (straight flushes 1-10, quads
# and full houses 11-322, flushes 323-1599, the rest 1600+). So each
# flusher's value can be replaced by a stand-in that compares the same way
# with everything else on that board: a straight flush keeps its rank, any
# other flush becomes 323 + its place among the flushers' flushes. Part B then
# counts boards per (flushers, stand-ins, M): the weight taken back from M is
# subtracted before part A looks M up, and the true outcomes reuse part A's
# look-up of M. With 0 to 2 cards to deal there are few flush boards and
# little to gather, so each is handled on its own. Outcomes are accumulated
# per tuple of values (one per player, ordered like treys ranks); the caller
# turns them into finishing orders.
#
# A rank multiset is named by the sum of its cards' RANK_KEYS (unique among
# multisets of the same size), so a player's 7 cards are looked up in the
# flat array _by_sum() at (hole + board keys) + (dealt keys), a player at a
# time over every multiset.

_CHOOSE = [[math.comb(n, k) for k in range(6)] for n in range(14)]
_MAX_STRAIGHT_FLUSH = LookupTable.MAX_STRAIGHT_FLUSH  # 10
_FLUSH_STAND_IN = LookupTable.MAX_FULL_HOUSE + 1  # 323, the best plain flush
_RANK_SETS: list[list[tuple[int, int]]] = []


def _rank_sets(size: int) -> list[tuple[int, int]]:
    """(13-bit rank mask, sum of rank keys) of each set of ``size`` distinct ranks (0 to 5)."""
    if _TABLES is None:
        tables()
    return _RANK_SETS[size]


def _build_rank_sets() -> list[list[tuple[int, int]]]:
    from itertools import combinations

    sets = []
    for k in range(6):
        found = []
        for combo in combinations(range(13), k):
            mask = 0
            key = 0
            for r in combo:
                mask |= 1 << r
                key += RANK_KEYS[r]
            found.append((mask, key))
        sets.append(found)
    return sets


def _weighted(size: int, available: Sequence[int]) -> list[tuple[int, int]]:
    """(sum of rank keys, number of card sets) for each rank multiset of ``size`` dealt cards.

    Args:
        size: cards dealt, 0 to 5.
        available: cards left per rank (13 entries, 0 to 4).

    Returns:
        One entry per multiset that can be dealt (weight at least 1).
    """
    choose = _CHOOSE
    if size <= 2:
        if size == 0:
            return [(0, 1)]
        singles = [(RANK_KEYS[r], left) for r, left in enumerate(available) if left]
        if size == 1:
            return singles
        out = [(q + q, choose[left][2]) for q, left in singles if left >= 2]
        for i, (q, w) in enumerate(singles):
            out.extend([(q + q2, w * w2) for q2, w2 in singles[i + 1 :]])
        return out
    # levels[k]: the multisets of k cards over the ranks taken so far.
    levels: list[list[tuple[int, int]]] = [[(0, 1)]] + [[] for _ in range(size)]
    for r in range(13):
        left = available[r]
        if not left:
            continue
        rank_key = RANK_KEYS[r]
        for k in range(size, 0, -1):  # downwards: each rank joins once
            into = levels[k]
            for m in range(1, min(left, k) + 1):
                c = choose[left][m]
                step = rank_key * m
                into.extend([(q + step, w * c) for q, w in levels[k - m]])
    return levels[size]


def _non_flush(
    keys: Sequence[int], weighted: list[tuple[int, int]]
) -> tuple[list[int], list[int], list[tuple[int, ...]]]:
    """Part A's look-ups, a player at a time (the loops run in C).

    Returns:
        The multisets' keys, their weights, and per multiset the tuple of
        every player's non-flush value.
    """
    value = _by_sum().__getitem__
    sums = [q for q, _ in weighted]
    columns = [list(map(value, map(k.__add__, sums))) for k in keys]
    return sums, [w for _, w in weighted], list(zip(*columns))


def count_outcomes(
    holes: Sequence[tuple[int, int]], board: Sequence[int], dead: Iterable[int] = ()
) -> dict[tuple[int, ...], int]:
    """Exact outcome counts over every completion of the board.

    Args:
        holes: each player's two hole cards (card indices); 2 to 10 players.
        board: 0 to 5 known board cards (card indices).
        dead: cards known to be out of the deck.

    Returns:
        A map from a tuple of values (one per player, lower is better, equal
        values tie: treys ranks or stand-ins ordered like them) to the number
        of boards giving it; entries may share a finishing order, and counts
        of 0 may remain. The counts sum to ``C(cards left, 5 - len(board))``.
    """
    used = {c for pair in holes for c in pair} | set(board) | set(dead)
    free_masks = [0, 0, 0, 0]
    available = [0] * 13
    for c in range(52):
        if c not in used:
            free_masks[c & 3] |= 1 << (c >> 2)
            available[c >> 2] += 1
    deal = 5 - len(board)
    board_key = sum(CARD_KEY[c] for c in board)
    keys = [CARD_KEY[a] + CARD_KEY[b] + board_key for a, b in holes]
    n = len(holes)

    # The suits that can give someone a flush; suits alike for every player count once.
    plan: dict[tuple[tuple[int, ...], int, int], list[int]] = {}
    for s in range(4):
        hole_masks = [0] * n
        for p, (a, b) in enumerate(holes):
            if a & 3 == s:
                hole_masks[p] |= 1 << (a >> 2)
            if b & 3 == s:
                hole_masks[p] |= 1 << (b >> 2)
        board_mask = 0
        for c in board:
            if c & 3 == s:
                board_mask |= 1 << (c >> 2)
        most = max(m.bit_count() for m in hole_masks)
        low = max(5 - board_mask.bit_count() - most, 0)
        high = min(deal, free_masks[s].bit_count())
        if low > high:
            continue
        signature = (tuple(hole_masks), board_mask, free_masks[s])
        if signature in plan:
            plan[signature][0] += 1
        else:
            plan[signature] = [1, low, high]
    if n == 2:
        return _heads_up(keys, available, deal, plan)
    if deal <= 2:
        return _multiway_direct(keys, available, deal, plan)
    return _multiway(keys, available, deal, plan)


def _multiway_direct(
    keys: Sequence[int],
    available: Sequence[int],
    deal: int,
    plan: dict[tuple[tuple[int, ...], int, int], list[int]],
) -> dict[tuple[int, ...], int]:
    """:func:`_multiway` for 0 to 2 cards to deal: few flush boards, each handled on its own."""
    flush = tables()[1]
    n = len(keys)
    acc: dict[tuple[int, ...], int] = {}
    acc_get = acc.get

    # Part A, keeping each multiset's outcome for part B.
    sums, weights, outcomes = _non_flush(keys, _weighted(deal, available))
    seen = dict(zip(sums, outcomes))
    for t, weight in zip(outcomes, weights):
        acc[t] = acc_get(t, 0) + weight

    # Part B: each flush board's true outcome replaces its part A outcome.
    for (hole_masks, board_mask, free_mask), (factor, low, high) in plan.items():
        board_count = board_mask.bit_count()
        counts = [m.bit_count() for m in hole_masks]
        others = [available[r] - (free_mask >> r & 1) for r in range(13)]
        outside = ~free_mask
        for j in range(low, high + 1):
            rest = _weighted(deal - j, others)
            if not rest:
                continue
            if factor > 1:
                rest = [(q, w * factor) for q, w in rest]
            flushers = [p for p in range(n) if counts[p] + board_count + j >= 5]
            fl_masks = [hole_masks[p] | board_mask for p in flushers]
            everyone = len(flushers) == n
            single = flushers[0] if len(flushers) == 1 else -1
            for mask, set_key in _rank_sets(j):
                if mask & outside:
                    continue
                values = [flush[m | mask] for m in fl_masks]
                if everyone:
                    t = tuple(values)
                    acc[t] = acc_get(t, 0) + sum(w for _, w in rest)
                    for q, w in rest:
                        base = seen[set_key + q]
                        acc[base] = acc[base] - w
                    continue
                if single >= 0:
                    head = (values[0],)
                    for q, w in rest:
                        base = seen[set_key + q]
                        acc[base] = acc[base] - w
                        t = base[:single] + head + base[single + 1 :]
                        acc[t] = acc_get(t, 0) + w
                    continue
                for q, w in rest:
                    base = seen[set_key + q]
                    acc[base] = acc[base] - w
                    t = _replaced(base, flushers, values)
                    acc[t] = acc_get(t, 0) + w
    return acc


def _replaced(
    base: tuple[int, ...], players: Sequence[int], values: Sequence[int]
) -> tuple[int, ...]:
    """``base`` with ``values`` put in at the ``players`` positions."""
    changed = list(base)
    for p, v in zip(players, values):
        changed[p] = v
    return tuple(changed)


def _multiway(
    keys: Sequence[int],
    available: Sequence[int],
    deal: int,
    plan: dict[tuple[tuple[int, ...], int, int], list[int]],
) -> dict[tuple[int, ...], int]:
    flush = tables()[1]
    n = len(keys)
    acc: dict[tuple[int, ...], int] = {}
    acc_get = acc.get
    sub: dict[int, int] = {}  # M -> flush boards to take back from part A
    sub_get = sub.get
    # (flushers, their stand-ins) -> M -> flush boards
    classes: dict[tuple[tuple[int, ...], tuple[int, ...]], dict[int, int]] = {}

    # Part B, gathered by M.
    for (hole_masks, board_mask, free_mask), (factor, low, high) in plan.items():
        board_count = board_mask.bit_count()
        counts = [m.bit_count() for m in hole_masks]
        others = [available[r] - (free_mask >> r & 1) for r in range(13)]
        outside = ~free_mask
        for j in range(low, high + 1):
            rest = _weighted(deal - j, others)
            if not rest:
                continue
            if factor > 1:
                rest = [(q, w * factor) for q, w in rest]
            sets = [(m, q) for m, q in _rank_sets(j) if not m & outside]
            flushers = tuple(p for p in range(n) if counts[p] + board_count + j >= 5)
            fl_masks = [hole_masks[p] | board_mask for p in flushers]
            if len(flushers) == n:
                # Everyone has a flush: the outcome depends on S alone.
                total = sum(w for _, w in rest)
                for mask, set_key in sets:
                    t = tuple([flush[m | mask] for m in fl_masks])
                    acc[t] = acc_get(t, 0) + total
                    for q, w in rest:
                        key = set_key + q
                        sub[key] = sub_get(key, 0) + w
                continue
            if len(flushers) == 1:
                m0 = fl_masks[0]
                straight = classes.setdefault((flushers, (1,)), {})
                plain = classes.setdefault((flushers, (_FLUSH_STAND_IN,)), {})
                for mask, set_key in sets:
                    d = straight if flush[m0 | mask] <= _MAX_STRAIGHT_FLUSH else plain
                    get = d.get
                    for q, w in rest:
                        key = set_key + q
                        d[key] = get(key, 0) + w
                continue
            for mask, set_key in sets:
                values = [flush[m | mask] for m in fl_masks]
                plains = sorted({v for v in values if v > _MAX_STRAIGHT_FLUSH})
                stand = tuple(
                    [
                        v if v <= _MAX_STRAIGHT_FLUSH else _FLUSH_STAND_IN + plains.index(v)
                        for v in values
                    ]
                )
                d = classes.setdefault((flushers, stand), {})
                get = d.get
                for q, w in rest:
                    key = set_key + q
                    d[key] = get(key, 0) + w
    for d in classes.values():
        for key, w in d.items():
            sub[key] = sub_get(key, 0) + w

    # Part A: every M looked up once, less its flush boards.
    seen: dict[int, tuple[int, ...]] = {}
    sums, weights, outcomes = _non_flush(keys, _weighted(deal, available))
    for key, weight, t in zip(sums, weights, outcomes):
        taken = sub_get(key)
        if taken is not None:
            weight -= taken
            seen[key] = t
        acc[t] = acc_get(t, 0) + weight

    # The flush boards' true outcomes.
    for (flushers, stand), d in classes.items():
        if len(flushers) == 1:
            p = flushers[0]
            for key, w in d.items():
                base = seen[key]
                t = base[:p] + stand + base[p + 1 :]
                acc[t] = acc_get(t, 0) + w
            continue
        for key, w in d.items():
            t = _replaced(seen[key], flushers, stand)
            acc[t] = acc_get(t, 0) + w
    return acc


def _heads_up(
    keys: Sequence[int],
    available: Sequence[int],
    deal: int,
    plan: dict[tuple[tuple[int, ...], int, int], list[int]],
) -> dict[tuple[int, ...], int]:
    """Two players: count wins and ties directly; same result shape as :func:`_multiway`."""
    rank7 = _by_sum()
    flush = tables()[1]
    k0, k1 = keys
    part = [0, 0, 0]  # wins of 0, wins of 1, ties

    # Part A.
    _, weights, outcomes = _non_flush(keys, _weighted(deal, available))
    for (r0, r1), weight in zip(outcomes, weights):
        part[0 if r0 < r1 else 1 if r1 < r0 else 2] += weight

    # Part B.
    for (hole_masks, board_mask, free_mask), (factor, low, high) in plan.items():
        board_count = board_mask.bit_count()
        m0 = hole_masks[0] | board_mask
        m1 = hole_masks[1] | board_mask
        c0 = hole_masks[0].bit_count() + board_count
        c1 = hole_masks[1].bit_count() + board_count
        others = [available[r] - (free_mask >> r & 1) for r in range(13)]
        outside = ~free_mask
        for j in range(low, high + 1):
            rest = _weighted(deal - j, others)
            if not rest:
                continue
            if factor > 1:
                rest = [(q, w * factor) for q, w in rest]
            total = sum(w for _, w in rest)
            f0 = c0 + j >= 5
            f1 = c1 + j >= 5
            for mask, set_key in _rank_sets(j):
                if mask & outside:
                    continue
                a = k0 + set_key
                b = k1 + set_key
                if f0 and f1:
                    v0 = flush[m0 | mask]
                    v1 = flush[m1 | mask]
                    part[0 if v0 < v1 else 1 if v1 < v0 else 2] += total
                    for q, w in rest:
                        r0 = rank7[a + q]
                        r1 = rank7[b + q]
                        part[0 if r0 < r1 else 1 if r1 < r0 else 2] -= w
                else:
                    # One player has the flush; the other keeps his non-flush value.
                    v = flush[(m0 if f0 else m1) | mask]
                    for q, w in rest:
                        r0 = rank7[a + q]
                        r1 = rank7[b + q]
                        before = 0 if r0 < r1 else 1 if r1 < r0 else 2
                        if f0:
                            after = 0 if v < r1 else 1
                        else:
                            after = 1 if v < r0 else 0
                        if before != after:
                            part[before] -= w
                            part[after] += w
    return {(0, 1): part[0], (1, 0): part[1], (0, 0): part[2]}
