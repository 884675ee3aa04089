"""Monte Carlo for :mod:`holdem.equity.allin`: deals drawn uniformly from the
consistent deals (no card twice), with a seeded :class:`random.Random`, so the
same input and seed always give the same counts."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from holdem.engine import _fasteval
from holdem.equity._deals import unrestricted
from holdem.errors import EquityError

_CHUNK = 2000
"""Samples drawn between two checks of the standard error, time and progress."""
NO_DEAL = "the ranges leave no deal without a card twice"
"""The message when no consistent deal exists."""

_SEARCH_LIMIT = 200_000
"""Combos tried by :func:`_feasible` before it gives up (no answer)."""
_MAX_REJECTIONS = 100_000
"""Random draws of hole cards in a row that clash before :func:`_sample` gives up."""


def _feasible(combos: list[list[tuple[int, int]]]) -> bool | None:
    """Whether one combo per player can be dealt with no card twice;
    ``None`` when :data:`_SEARCH_LIMIT` combos were tried without an answer."""
    limit = _SEARCH_LIMIT
    order = sorted(combos, key=len)  # the most constrained players first
    n = len(order)
    if len({c for combo in combos for pair in combo for c in pair}) < 2 * n:
        return False  # too few cards between them
    used: set[int] = set()
    tried = 0

    def walk(i: int) -> bool | None:
        nonlocal tried
        if i == n:
            return True
        for a, b in order[i]:
            tried += 1
            if tried > limit:
                return None
            if a in used or b in used:
                continue
            used.add(a)
            used.add(b)
            found = walk(i + 1)
            used.discard(a)
            used.discard(b)
            if found is not False:
                return found
        return False

    return walk(0)


def _sample(
    combos: list[list[tuple[int, int]]],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    rng: random.Random,
    count: int,
    acc: dict[tuple[int, ...], int],
) -> None:
    """Add ``count`` random deals' finishing orders to ``acc``.

    Each deal is drawn uniformly from the consistent deals (no card twice):
    the players with a narrower range by rejection among themselves, the
    unrestricted ones (:func:`holdem.equity._deals.unrestricted`) with the board from the rest
    of the deck.
    """
    rank7, flush = _fasteval.tables()
    prime = _fasteval.CARD_PRIME
    base = [c for c in range(52) if c not in set(board) | set(dead)]
    deal = 5 - len(board)
    n = len(combos)
    wide, free = unrestricted(combos)
    narrow = [i for i in range(n) if i not in wide]
    narrow_combos = [combos[i] for i in narrow]
    fixed = all(len(c) == 1 for c in narrow_combos)
    # The deck left by the narrow players is ``free`` and nothing else when the
    # cards of the deck outside ``free`` are all held by known hands: then the
    # unrestricted holes and the board are one draw; else two.
    known_cards = {x for c in narrow_combos if len(c) == 1 for x in c[0]}
    one_draw = not wide or set(base) - free <= known_cards
    if fixed:
        known0 = [c[0] for c in narrow_combos]
        used0 = {x for h in known0 for x in h}
        deck0 = [c for c in base if c not in used0]
    choice = rng.choice
    sample = rng.sample
    width = 2 * len(narrow)
    holes: list[tuple[int, int]] = [(0, 0)] * n
    for _ in range(count):
        if fixed:
            known = known0
            deck = deck0
        else:
            for _ in range(_MAX_REJECTIONS):
                known = [choice(c) for c in narrow_combos]
                used = {x for h in known for x in h}
                if len(used) == width:
                    break
            else:
                raise EquityError(
                    f"the ranges almost never leave a deal without a card twice "
                    f"({_MAX_REJECTIONS:,} random deals in a row had one); narrow them"
                )
            deck = [c for c in base if c not in used]
        if one_draw:
            drawn = sample(deck, 2 * len(wide) + deal)
        else:
            drawn = sample([c for c in deck if c in free], 2 * len(wide))
            drawn += sample([c for c in deck if c not in drawn], deal)
        for j, i in enumerate(narrow):
            holes[i] = known[j]
        for j, i in enumerate(wide):
            holes[i] = (drawn[2 * j], drawn[2 * j + 1])
        cards = [*board, *drawn[2 * len(wide) :]]
        product = 1
        masks = [0, 0, 0, 0]
        for c in cards:
            product *= prime[c]
            masks[c & 3] |= 1 << (c >> 2)
        suit = -1
        for s in range(4):
            if masks[s].bit_count() >= 3:
                suit = s
        values = []
        for a, b in holes:
            value = rank7[product * prime[a] * prime[b]]
            if suit >= 0:
                m = masks[suit]
                if a & 3 == suit:
                    m |= 1 << (a >> 2)
                if b & 3 == suit:
                    m |= 1 << (b >> 2)
                if m.bit_count() >= 5:
                    value = flush[m]
            values.append(value)
        places = sorted(set(values))
        key = tuple([places.index(v) for v in values])
        acc[key] = acc.get(key, 0) + 1


def _stderr(counts: dict[tuple[int, ...], int], samples: int, n: int) -> list[float]:
    """Standard error of each player's mean pot share over ``samples`` deals."""
    out = []
    for i in range(n):
        s1 = s2 = 0.0
        for key, count in counts.items():
            if key[i] == 0:
                share = 1.0 / key.count(0)
                s1 += count * share
                s2 += count * share * share
        mean = s1 / samples
        var = max(s2 / samples - mean * mean, 0.0)
        out.append(math.sqrt(var / max(samples - 1, 1)))
    return out


def monte_carlo(
    combos: list[list[tuple[int, int]]],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    cap: int,
    seed: int,
    target: float | None,
    time_limit: float | None,
    progress: Callable[[float], None] | None,
) -> tuple[dict[tuple[int, ...], int], int, list[float]]:
    """Sample deals until ``cap`` samples, a standard error of ``target`` for
    every player (checked every 2,000 samples, from 4,000 on) or
    ``time_limit`` seconds, whichever comes first.

    Args:
        combos: each player's combos (card indices), card removal done.
        board, dead: the known board and dead cards (card indices).
        cap: the most samples.
        seed: the seed of the run's :class:`random.Random`.
        target: the standard error to reach, or ``None``.
        time_limit: seconds, or ``None``.
        progress: called with the fraction done after each 2,000 samples.

    Returns:
        ``(counts, samples, errors)``: winners' finishing orders (with ties)
        with their counts, the samples drawn, each player's standard error.

    Raises:
        EquityError: no consistent deal, or the ranges almost never give one.
    """
    if _feasible(combos) is False:
        raise EquityError(NO_DEAL)
    rng = random.Random(seed)
    acc: dict[tuple[int, ...], int] = {}
    done = 0
    start = time.perf_counter()
    errors = [math.inf] * len(combos)
    while done < cap:
        step = min(_CHUNK, cap - done)
        _sample(combos, board, dead, rng, step, acc)
        done += step
        errors = _stderr(acc, done, len(combos))
        elapsed = time.perf_counter() - start
        if progress is not None:
            parts = [done / cap]
            if time_limit:
                parts.append(elapsed / time_limit)
            if target is not None and done >= 2 * _CHUNK:
                parts.append(min((target / max(errors)) ** 2, 1.0) if max(errors) else 1.0)
            progress(min(max(parts), 1.0))
        if target is not None and done >= 2 * _CHUNK and max(errors) <= target:
            break
        if time_limit is not None and elapsed >= time_limit:
            break
    return acc, done, errors
