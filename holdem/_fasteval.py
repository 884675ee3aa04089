"""Private fast hand evaluation, built only from treys' own tables.

treys stays the evaluator of record (:mod:`holdem.showdown`); this module
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
suit 0 to 3 for ``c d h s`` (the order of :data:`holdem.cards.DECK`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from treys import Card
from treys.lookup import LookupTable

from holdem.cards import DECK

PRIMES: tuple[int, ...] = tuple(Card.PRIMES)
"""The prime of each rank (index 0 = deuce ... 12 = ace), as treys encodes cards."""
INDEX: dict[str, int] = {card: i for i, card in enumerate(DECK)}
"""Card text -> card index (``4 * rank + suit``)."""
CARD_PRIME: tuple[int, ...] = tuple(PRIMES[i >> 2] for i in range(52))
"""The rank prime of each card index."""

_TABLES: tuple[dict[int, int], list[int]] | None = None


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
    """The two evaluation tables, built from treys' tables on first use (about 0.2 s).

    Returns:
        ``(rank7, flush)``: ``rank7`` maps the product of the rank primes of 7
        cards (each rank at most 4 times) to the best non-flush treys rank
        (49,205 keys); ``flush`` is a list of 8,192 entries indexed by a 13-bit
        mask of the ranks held in one suit, giving the best flush or straight
        flush treys rank when 5 or more bits are set, else 0.
    """
    global _TABLES
    if _TABLES is None:
        _TABLES = _build()
    return _TABLES


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
#    multiset of the other dealt cards; each adds its true outcome and takes
#    back the non-flush outcome that part A counted for it.
#
# Outcomes are accumulated per tuple of treys ranks (one per player); the
# caller turns them into finishing orders.

_CHOOSE = [[math.comb(n, k) for k in range(6)] for n in range(14)]
_MULTISETS: dict[int, list[tuple[int, tuple[tuple[int, int], ...]]]] = {}


def _multisets(size: int) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """Every multiset of ``size`` ranks, each at most 4 times.

    Returns ``(prime product, ((rank, count), ...))`` pairs.
    """
    found = _MULTISETS.get(size)
    if found is None:
        from itertools import combinations_with_replacement

        found = []
        for combo in combinations_with_replacement(range(13), size):
            counts: dict[int, int] = {}
            product = 1
            for r in combo:
                counts[r] = counts.get(r, 0) + 1
                product *= PRIMES[r]
            if max(counts.values(), default=0) <= 4:
                found.append((product, tuple(counts.items())))
        _MULTISETS[size] = found
    return found


def _weighted(size: int, available: Sequence[int]) -> list[tuple[int, int]]:
    """(prime product, number of card sets) for each rank multiset of ``size`` dealt cards.

    Args:
        size: cards dealt, 0 to 5.
        available: cards left per rank (13 entries, 0 to 4).
    """
    choose = _CHOOSE
    out = []
    for product, items in _multisets(size):
        weight = 1
        for r, m in items:
            weight *= choose[available[r]][m]
        if weight:
            out.append((product, weight))
    return out


def count_outcomes(
    holes: Sequence[tuple[int, int]], board: Sequence[int], dead: Iterable[int] = ()
) -> dict[tuple[int, ...], int]:
    """Exact outcome counts over every completion of the board.

    Args:
        holes: each player's two hole cards (card indices); 2 to 10 players.
        board: 0 to 5 known board cards (card indices).
        dead: cards known to be out of the deck.

    Returns:
        A map from a tuple of treys ranks (one per player, lower is better)
        to the number of boards giving it; entries may share a finishing
        order, and counts of 0 may remain. The counts sum to
        ``C(cards left, 5 - len(board))``.
    """
    rank7 = tables()[0]
    used = {c for pair in holes for c in pair} | set(board) | set(dead)
    free = [c for c in range(52) if c not in used]
    is_free = [False] * 52
    for c in free:
        is_free[c] = True
    deal = 5 - len(board)
    available = [0] * 13
    for c in free:
        available[c >> 2] += 1
    board_product = 1
    for c in board:
        board_product *= CARD_PRIME[c]
    keys = [CARD_PRIME[a] * CARD_PRIME[b] * board_product for a, b in holes]
    n = len(holes)
    heads_up = n == 2
    acc: dict[tuple[int, ...], int] = {}
    get = acc.get

    # Part A: every board, without flushes.
    if heads_up:
        k0, k1 = keys
        w0 = w1 = tie = 0
        for product, weight in _weighted(deal, available):
            r0 = rank7[k0 * product]
            r1 = rank7[k1 * product]
            if r0 < r1:
                w0 += weight
            elif r1 < r0:
                w1 += weight
            else:
                tie += weight
        hu = [w0, w1, tie]
    else:
        for product, weight in _weighted(deal, available):
            t = tuple([rank7[k * product] for k in keys])
            acc[t] = get(t, 0) + weight

    # Part B: the flush boards of each suit.
    done: dict[tuple[object, ...], object] = {}
    for s in range(4):
        hole_masks = [0] * n
        for p, pair in enumerate(holes):
            for c in pair:
                if c & 3 == s:
                    hole_masks[p] |= 1 << (c >> 2)
        hole_counts = [m.bit_count() for m in hole_masks]
        board_mask = 0
        for c in board:
            if c & 3 == s:
                board_mask |= 1 << (c >> 2)
        board_count = board_mask.bit_count()
        suit_ranks = tuple(r for r in range(13) if is_free[4 * r + s])
        low = max(5 - board_count - max(hole_counts), 0)
        high = min(deal, len(suit_ranks))
        if low > high:
            continue
        signature = (tuple(hole_masks), board_mask, suit_ranks)
        if signature in done:
            part = done[signature]
        else:
            others = list(available)
            for r in suit_ranks:
                others[r] -= 1
            if heads_up:
                part = _flush_part_hu(
                    keys,
                    hole_masks,
                    hole_counts,
                    board_mask,
                    board_count,
                    suit_ranks,
                    others,
                    deal,
                    low,
                    high,
                )
            else:
                part = _flush_part(
                    keys,
                    hole_masks,
                    hole_counts,
                    board_mask,
                    board_count,
                    suit_ranks,
                    others,
                    deal,
                    low,
                    high,
                )
            done[signature] = part
        if heads_up:
            for i in range(3):
                hu[i] += part[i]  # type: ignore[index]
        else:
            for t, weight in part.items():  # type: ignore[attr-defined]
                acc[t] = get(t, 0) + weight
    if heads_up:
        return {(0, 1): hu[0], (1, 0): hu[1], (0, 0): hu[2]}
    return acc


def _suit_sets(suit_ranks: Sequence[int], size: int) -> list[tuple[int, int]]:
    """(rank mask, prime product) of each set of ``size`` ranks among ``suit_ranks``."""
    from itertools import combinations

    out = []
    for combo in combinations(suit_ranks, size):
        mask = 0
        product = 1
        for r in combo:
            mask |= 1 << r
            product *= PRIMES[r]
        out.append((mask, product))
    return out


def _flush_part(
    keys: Sequence[int],
    hole_masks: Sequence[int],
    hole_counts: Sequence[int],
    board_mask: int,
    board_count: int,
    suit_ranks: Sequence[int],
    others: Sequence[int],
    deal: int,
    low: int,
    high: int,
) -> dict[tuple[int, ...], int]:
    rank7, flush = tables()
    part: dict[tuple[int, ...], int] = {}
    get = part.get
    n = len(keys)
    for j in range(low, high + 1):
        rest = _weighted(deal - j, others)
        if not rest:
            continue
        total = sum(w for _, w in rest)
        flushers = [p for p in range(n) if hole_counts[p] + board_count + j >= 5]
        everyone = len(flushers) == n
        for mask, product in _suit_sets(suit_ranks, j):
            shown = mask | board_mask
            true = [0] * n
            for p in flushers:
                true[p] = flush[hole_masks[p] | shown]
            scaled = [k * product for k in keys]
            if everyone:
                t = tuple(true)
                part[t] = get(t, 0) + total
                for rest_product, weight in rest:
                    r = tuple([rank7[k * rest_product] for k in scaled])
                    part[r] = get(r, 0) - weight
                continue
            for rest_product, weight in rest:
                values = [rank7[k * rest_product] for k in scaled]
                r = tuple(values)
                part[r] = get(r, 0) - weight
                for p in flushers:
                    values[p] = true[p]
                t = tuple(values)
                part[t] = get(t, 0) + weight
    return part


def _flush_part_hu(
    keys: Sequence[int],
    hole_masks: Sequence[int],
    hole_counts: Sequence[int],
    board_mask: int,
    board_count: int,
    suit_ranks: Sequence[int],
    others: Sequence[int],
    deal: int,
    low: int,
    high: int,
) -> list[int]:
    """Heads-up version of :func:`_flush_part`: [wins of 0, wins of 1, ties]."""
    rank7, flush = tables()
    k0, k1 = keys
    m0, m1 = hole_masks
    part = [0, 0, 0]
    for j in range(low, high + 1):
        rest = _weighted(deal - j, others)
        if not rest:
            continue
        total = sum(w for _, w in rest)
        f0 = hole_counts[0] + board_count + j >= 5
        f1 = hole_counts[1] + board_count + j >= 5
        for mask, product in _suit_sets(suit_ranks, j):
            shown = mask | board_mask
            a = k0 * product
            b = k1 * product
            if f0 and f1:
                v0 = flush[m0 | shown]
                v1 = flush[m1 | shown]
                part[0 if v0 < v1 else 1 if v1 < v0 else 2] += total
                for rest_product, weight in rest:
                    r0 = rank7[a * rest_product]
                    r1 = rank7[b * rest_product]
                    part[0 if r0 < r1 else 1 if r1 < r0 else 2] -= weight
            else:
                # One player has the flush; the other keeps his non-flush value.
                v = flush[(m0 if f0 else m1) | shown]
                for rest_product, weight in rest:
                    r0 = rank7[a * rest_product]
                    r1 = rank7[b * rest_product]
                    before = 0 if r0 < r1 else 1 if r1 < r0 else 2
                    if f0:
                        after = 0 if v < r1 else 1
                    else:
                        after = 1 if v < r0 else 0
                    if before != after:
                        part[before] -= weight
                        part[after] += weight
    return part
