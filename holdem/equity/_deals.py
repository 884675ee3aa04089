"""Deals of hole cards from ranges with card removal, for :mod:`holdem.equity.allin`:
every consistent deal, a deal's suit-isomorphism class, which players
the Monte Carlo sampler may draw straight from the deck (exactly), and the
finishing orders that value tuples give."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence

_PERMS = tuple(itertools.permutations(range(4)))


def canonical(
    holes: Sequence[tuple[int, int]], board: Sequence[int], dead: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    """The least image of a deal under the 24 suit permutations (same outcomes)."""
    best: tuple[tuple[int, ...], ...] | None = None
    for perm in _PERMS:
        key = tuple(
            tuple(sorted(((c & ~3) | perm[c & 3]) for c in cards))
            for cards in (*holes, board, dead)
        )
        if best is None or key < best:
            best = key
    assert best is not None
    return best


def consistent_deals(combos: list[list[tuple[int, int]]]) -> Iterable[list[tuple[int, int]]]:
    """Every assignment of one combo per player with no card twice."""
    n = len(combos)
    chosen: list[tuple[int, int]] = []
    used: set[int] = set()

    def walk(i: int) -> Iterable[list[tuple[int, int]]]:
        if i == n:
            yield list(chosen)
            return
        for a, b in combos[i]:
            if a in used or b in used:
                continue
            used.add(a)
            used.add(b)
            chosen.append((a, b))
            yield from walk(i + 1)
            chosen.pop()
            used.discard(a)
            used.discard(b)

    return walk(0)


def unrestricted(combos: list[list[tuple[int, int]]]) -> tuple[list[int], set[int]]:
    """The players who may hold any two cards left (``random`` after card
    removal), when drawing them from the rest of the deck is exact.

    Those players' combos are every pair of one card set ``free``, and every
    other player's combos each hold the same number of cards of ``free``
    (two for a range inside it, none for a known hand). Then whatever the
    other players hold, ``free`` keeps the same number of cards for the
    unrestricted players and the deck the same number for the board, so every
    consistent deal of the other players has the same number of completions:
    their conditional distribution is uniform over their consistent deals
    (rejection sampling among them alone), and given theirs, the unrestricted
    holes are a uniform draw without replacement from what is left of
    ``free``, and the board one from the rest of the deck
    (:func:`random.Random.sample`). Together that is exactly the uniform
    distribution over every consistent deal, as in :func:`holdem.equity.allin._exact`.

    Returns:
        The unrestricted players' indices (empty when drawing them apart
        would not be exact) and ``free``.
    """
    best: set[int] = set()
    for combo in combos:
        cards = {c for pair in combo for c in pair}
        if len(cards) > len(best) and len(combo) == len(cards) * (len(cards) - 1) // 2:
            best = cards
    if len(best) < 3:
        return [], best
    free = best
    wide = [
        i
        for i, combo in enumerate(combos)
        if len(combo) == len(free) * (len(free) - 1) // 2
        and all(a in free and b in free for a, b in combo)
    ]
    need = 2 * len(wide)
    for i, combo in enumerate(combos):
        if i in wide:
            continue
        overlaps = {(a in free) + (b in free) for a, b in combo}
        if len(overlaps) != 1:
            return [], free
        need += overlaps.pop()
    if need > len(free):
        return [], free  # no consistent deal: rejection sampling reports it
    return wide, free


def orders(raw: dict[tuple[int, ...], int], n: int, full: bool) -> dict[tuple[int, ...], int]:
    """Value tuples (``n`` players, lower is better) -> finishing orders.

    With ``full``, a player's place is the number of players with a better
    value (0 = best; equal values share a place, as in 0, 1, 1, 3). Without,
    only the winners are told apart: place 0 for each, 1 for everyone else.
    """
    out: dict[tuple[int, ...], int] = {}
    get = out.get
    if full:
        for values, count in raw.items():
            if count:
                key = tuple(map(sorted(values).index, values))
                out[key] = get(key, 0) + count
    else:
        rows = list(raw)
        bests = list(map(min, rows))
        ties = list(map(tuple.count, rows, bests))
        alone = [0] * n  # boards won by player i alone
        if ties.count(1) == len(ties):  # no split pot at all
            for first, count in zip(map(tuple.index, rows, bests), raw.values()):
                alone[first] += count
        else:
            for values, count, best, tied in zip(rows, raw.values(), bests, ties):
                if tied == 1:
                    alone[values.index(best)] += count
                else:
                    key = tuple([0 if v == best else 1 for v in values])
                    out[key] = get(key, 0) + count
        for key, count in zip(_alone_keys(n), alone):
            if count:
                out[key] = count
    return {k: v for k, v in out.items() if v}


@functools.lru_cache(maxsize=16)
def _alone_keys(n: int) -> tuple[tuple[int, ...], ...]:
    """The winners-only finishing orders where one of ``n`` players wins alone."""
    return tuple((1,) * i + (0,) + (1,) * (n - 1 - i) for i in range(n))
