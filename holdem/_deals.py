"""Deals of hole cards from ranges with card removal, for :mod:`holdem.equity`:
every consistent deal, a deal's suit-isomorphism class, and which players
the Monte Carlo sampler may draw straight from the deck (exactly)."""

from __future__ import annotations

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
    distribution over every consistent deal, as in :func:`holdem.equity._exact`.

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
