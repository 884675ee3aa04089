"""The compiled batch kernel (numba): whole hands played lane by lane.

:func:`run` plays every hand of a batch to its end in one compiled loop: the
deal, the forced bets with straddles (R2, R11), the betting (R3 to R5) with
the decisions of per-seat weight tables (the built-in policies of
:mod:`holdem.batch.policies`), the run question and several runs of the board
(R12), showdown by rank (R6), then pots, side pots, odd chips and rake (R7,
R8, R13), by the same rules as :class:`holdem.engine.hand.Hand`, step for
step as :class:`holdem.batch.engine.BatchState` takes them.

Random draws: hand ``i`` of a batch draws from its own SplitMix64 stream,
started at ``mix(seed ^ mix(i))`` (``seed`` one 63-bit draw from the
caller's generator); a uniform number is the stream's next 53 bits. The deal
is a partial Fisher-Yates shuffle of the 52 cards (hole cards of seat ``s``
at positions ``2s`` and ``2s + 1``, the board after them); a decision draws
one number for the kind and one more for a raise's amount; each seat asked
the run question draws one. numba is imported only here, and this module
only by :func:`holdem.batch.play` when it plays a built-in policy.
"""

from __future__ import annotations

import threading

import numpy as np
import numpy.typing as npt
from numba import njit

from holdem.batch.engine import RUNS as RUNS_CODE
from holdem.batch.evaluate import _tables

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
I32Array = npt.NDArray[np.int32]
U16Array = npt.NDArray[np.uint16]

# Indices into the rules vector given to run().
SMALL, BIG, ANTE, ANTE_TYPE, MIN_BET, UNIT, RUNS, RAKE_NUM, RAKE_DEN, RAKE_CAP, NO_DROP = range(11)
RULES = 11
"""Length of the rules vector."""

ANTE_UNIFORM, ANTE_BIG_BLIND = 1, 2
"""Ante types in the rules vector (0: no ante)."""


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)
_SCALE = 1.0 / 9007199254740992.0  # 2**-53


SHIFT = 9
"""The non-flush ranks are found by a displaced perfect hash of the key sum
(:func:`tables`): row ``key >> SHIFT``, column ``key & MASK``."""
MASK = (1 << SHIFT) - 1

_LOCK = threading.Lock()
_TABLES: tuple[IntArray, I32Array, U16Array, IntArray] | None = None


@njit(cache=True)
def _displace(
    used: IntArray, values: U16Array
) -> tuple[I32Array, U16Array]:  # pragma: no cover - compiled
    """A row-displacement perfect hash of the sorted ``used`` keys: each row
    of ``2**SHIFT`` columns is placed, fullest first, at the first offset
    where its keys fall on free slots. Returns (offset per row, values by slot)."""
    rows = (used[-1] >> SHIFT) + 1
    counts = np.zeros(rows, dtype=np.int64)
    for key in used:
        counts[key >> SHIFT] += 1
    begin = np.zeros(rows + 1, dtype=np.int64)
    for r in range(rows):
        begin[r + 1] = begin[r] + counts[r]
    order = np.argsort(-counts, kind="mergesort")
    size = used.shape[0] * 8 + MASK + 1
    taken = np.zeros(size, dtype=np.bool_)
    table = np.zeros(size, dtype=np.uint16)
    offsets = np.zeros(rows, dtype=np.int32)
    top = 0
    lowest = 0  # every slot below it is taken
    for r in order:
        if counts[r] == 0:
            break
        while taken[lowest]:
            lowest += 1
        d = max(0, lowest - (used[begin[r]] & MASK))
        while True:
            free = True
            for i in range(begin[r], begin[r + 1]):
                if taken[d + (used[i] & MASK)]:
                    free = False
                    break
            if free:
                break
            d += 1
        if d + MASK >= size:
            raise ValueError("the displaced hash outgrew its table")
        for i in range(begin[r], begin[r + 1]):
            slot = d + (used[i] & MASK)
            taken[slot] = True
            table[slot] = values[i]
            top = max(top, slot)
        offsets[r] = d
    return offsets, table[: top + 1].copy()


def tables() -> tuple[IntArray, I32Array, U16Array, IntArray]:
    """The kernel's evaluator tables, built once: ``(keys by card, offsets,
    ranks7, flush ranks by 13-bit mask)``. The non-flush ranks of
    :mod:`holdem.batch.evaluate` (7.8 million entries by key sum, 15 MB)
    are packed by a perfect hash into about 90,000 (under 250 KB with the
    offsets), so that they stay in the processor's cache."""
    global _TABLES
    if _TABLES is None:
        with _LOCK:
            if _TABLES is None:
                by_sum, flush, _, keys = _tables()
                used = np.flatnonzero(by_sum).astype(np.int64)
                offsets, ranks7 = _displace(used, by_sum[used])
                _TABLES = (keys, offsets, ranks7, flush.astype(np.int64))
    return _TABLES


@njit(cache=True)
def _mix(z: np.uint64) -> np.uint64:  # pragma: no cover - compiled
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def _uniform(state: npt.NDArray[np.uint64]) -> float:  # pragma: no cover - compiled
    state[0] += _GOLDEN
    return float(_mix(state[0]) >> _S11) * _SCALE


@njit(cache=True)
def _first(
    stack: IntArray,
    bet: IntArray,
    folded: BoolArray,
    acted: BoolArray,
    current: int,
    begin: int,
    able: int,
) -> int:  # pragma: no cover - compiled
    """The seat to act next from ``begin`` clockwise, or -1 (R5.1, R5.1a);
    ``able`` is the number of seats still in with chips behind."""
    if able == 0:
        return -1
    p = stack.shape[0]
    s = begin - 1
    for _ in range(p):
        s += 1
        if s == p:
            s = 0
        if folded[s] or stack[s] <= 0:
            continue
        if able == 1:
            # R5.1a: the only seat able to bet is asked only when it owes chips.
            return s if bet[s] < current else -1
        if not acted[s] or bet[s] < current:
            return s
    return -1


@njit(cache=True)
def _rank(
    cards: IntArray, keys: IntArray, offsets: I32Array, ranks7: U16Array, flush: IntArray
) -> int:  # pragma: no cover - compiled
    """The treys rank (1 best .. 7462) of seven cards (indices ``4 * rank + suit``)."""
    key = 0
    counts = 0
    for c in cards:
        key += keys[c]
        counts += 1 << ((c & 3) << 2)
    return _finish(cards, key, counts, offsets, ranks7, flush)


@njit(cache=True)
def _finish(
    cards: IntArray, key: int, counts: int, offsets: I32Array, ranks7: U16Array, flush: IntArray
) -> int:  # pragma: no cover - compiled
    """The rank of seven cards given the sum of their keys and their suit
    counts (4 bits a suit): the best flush when a suit has five or more
    cards, else the rank of the multiset of ranks."""
    for suit in range(4):
        if (counts >> (suit << 2)) & 15 >= 5:
            mask = 0
            for c in cards:
                if c & 3 == suit:
                    mask |= 1 << (c >> 2)
            return int(flush[mask])
    return int(ranks7[offsets[key >> SHIFT] + (key & MASK)])


@njit(cache=True)
def rank_many(
    cards: IntArray, keys: IntArray, offsets: I32Array, ranks7: U16Array, flush: IntArray
) -> IntArray:  # pragma: no cover - compiled
    """treys ranks of rows of seven card indices, shape ``(rows, 7)`` -> ``(rows,)``."""
    out = np.empty(cards.shape[0], dtype=np.int64)
    for i in range(cards.shape[0]):
        out[i] = _rank(cards[i], keys, offsets, ranks7, flush)
    return out


@njit(cache=True)
def _award(
    amount: int, mask: int, ranks: IntArray, button: int, unit: int, stack: IntArray
) -> None:  # pragma: no cover - compiled
    """Pay one pot (R8): the best rank among the eligible seats (bit mask)
    wins; ties split in whole units, odd units one at a time from the first
    winner left of the button, a remainder under one unit to that winner."""
    p = stack.shape[0]
    best = -1
    count = 0
    for s in range(p):
        if mask >> s & 1:
            if best < 0 or ranks[s] < best:
                best = ranks[s]
                count = 1
            elif ranks[s] == best:
                count += 1
    units = amount // unit
    rest = amount - units * unit
    share = units // count
    odd = units - share * count
    place = 0
    s = button
    for _ in range(p):
        s += 1
        if s == p:
            s = 0
        if mask >> s & 1 and ranks[s] == best:
            if count == 1:
                stack[s] += amount
            else:
                chips = share * unit
                if place < odd:
                    chips += unit
                if place == 0:
                    chips += rest
                stack[s] += chips
            place += 1


@njit(cache=True)
def _settle(
    stack: IntArray,
    contrib: IntArray,
    folded: BoolArray,
    dead: int,
    ranks: IntArray,
    runs: int,
    button: int,
    rules: IntArray,
    raked: bool,
    scratch: IntArray,
) -> int:  # pragma: no cover - compiled
    """Return the layers nobody can win, rake the pots, share them between
    runs and award them (R7, R8, R12.3, R13); ``ranks`` is ``(runs, seats)``,
    ``scratch`` ``(4, seats + 1)`` work space. Returns the chips raked."""
    p = stack.shape[0]
    unit = rules[UNIT]
    levels = scratch[0]
    amounts = scratch[1]
    masks = scratch[2]
    parts = scratch[3]
    # The contributions in rising order (insertion sort: a few seats).
    for i in range(p):
        value = contrib[i]
        j = i
        while j > 0 and levels[j - 1] > value:
            levels[j] = levels[j - 1]
            j -= 1
        levels[j] = value
    pots = 0
    previous = 0
    for k in range(p):
        level = levels[k]
        if level == 0 or level == previous:
            continue
        step = level - previous
        previous = level
        count = 0
        mask = 0
        payer = -1
        for s in range(p):
            if contrib[s] >= level:
                count += 1
                payer = s
                if not folded[s]:
                    mask |= 1 << s
        if count == 1:
            stack[payer] += step
        elif mask == 0:
            for s in range(p):
                if contrib[s] >= level:
                    stack[s] += step
        elif pots and masks[pots - 1] == mask:
            amounts[pots - 1] += step * count
        else:
            amounts[pots] = step * count
            masks[pots] = mask
            pots += 1
    if dead:
        if pots:
            amounts[0] += dead
        else:
            mask = 0
            for s in range(p):
                if not folded[s]:
                    mask |= 1 << s
            amounts[0] = dead
            masks[0] = mask
            pots = 1
    taken = 0
    if raked:
        total = 0
        for k in range(pots):
            total += amounts[k]
        if total:
            rake = rules[RAKE_NUM] * total // rules[RAKE_DEN]
            if rules[RAKE_CAP] >= 0 and rules[RAKE_CAP] < rake:
                rake = rules[RAKE_CAP]
            rake = rake // unit * unit
            short = rake
            for k in range(pots):
                parts[k] = rake * amounts[k] // total // unit * unit
                short -= parts[k]
            for k in range(pots):
                if short <= 0:
                    break
                if parts[k] + unit <= amounts[k]:
                    parts[k] += unit
                    short -= unit
            for k in range(pots):
                amounts[k] -= parts[k]
                taken += parts[k]
    for k in range(pots):
        amount = amounts[k]
        share = amount // unit // runs * unit
        for r in range(runs):
            chips = amount - share * (runs - 1) if r == 0 else share
            _award(chips, masks[k], ranks[r], button, unit, stack)
    return taken


@njit(cache=True)
def run(
    start: IntArray,
    buttons: IntArray,
    rules: IntArray,
    straddles: IntArray,
    tables: FloatArray,
    owner: IntArray,
    keys: IntArray,
    offsets: I32Array,
    ranks7: U16Array,
    flush: IntArray,
    seed: int,
    deal: bool,
    hole: IntArray,
    board: IntArray,
    stacks: IntArray,
    raked: IntArray,
    record: bool,
) -> tuple[int, IntArray, int]:  # pragma: no cover - compiled
    """Play one hand per button (see the module doc).

    Args:
        start: starting stacks ``(seats,)``.
        buttons: ``(hands,)`` button seats.
        rules: the :data:`RULES` numbers (blinds, antes, chip unit, runs, rake).
        straddles: straddle seats as offsets from the button, in posting order.
        tables: policy weights ``(k, 4, 169, 3)`` (table, street, hand
            class, fold/call/raise).
        owner: ``(seats,)`` each seat's table, or -1: every legal kind alike.
        keys, offsets, ranks7, flush: the evaluator's tables (:func:`tables`).
        seed: the batch's seed (0 to 2**63 - 1).
        deal: deal the cards into ``hole``/``board``, else play the cards there.
        hole: ``(hands, seats, 2)`` card indices (written when ``deal``).
        board: ``(hands, 5 * max_runs)``: run 1's board, then the later runs' cards.
        stacks: ``(hands, seats)`` final stacks, written.
        raked: ``(hands,)`` chips raked (R13), written.
        record: keep the log.

    Returns:
        ``(betting actions, log rows (hand, seat, code, to, min_to, max_to),
        rows used)``.
    """
    n = buttons.shape[0]
    p = start.shape[0]
    small, big, ante, ante_type = rules[SMALL], rules[BIG], rules[ANTE], rules[ANTE_TYPE]
    min_bet, max_runs = rules[MIN_BET], rules[RUNS]
    rake_on = rules[RAKE_DEN] > 0
    no_drop = rules[NO_DROP] != 0
    width = board.shape[1]
    need = 2 * p + width
    stack = np.empty(p, dtype=np.int64)
    bet = np.empty(p, dtype=np.int64)
    contrib = np.empty(p, dtype=np.int64)
    level = np.empty(p, dtype=np.int64)
    folded = np.empty(p, dtype=np.bool_)
    acted = np.empty(p, dtype=np.bool_)
    ranks = np.zeros((3, p), dtype=np.int64)
    seven = np.empty(7, dtype=np.int64)
    deck = np.empty(52, dtype=np.int64)
    state = np.zeros(1, dtype=np.uint64)
    scratch = np.zeros((4, p + 1), dtype=np.int64)
    log = np.empty((16 * n + 16 if record else 1, 6), dtype=np.int64)
    rows = 0
    actions = 0
    base = np.uint64(seed)
    for h in range(n):
        state[0] = _mix(base ^ _mix(np.uint64(h)))
        button = buttons[h]
        if deal:
            for i in range(52):
                deck[i] = i
            for i in range(need):
                j = i + int(_uniform(state) * (52 - i))
                if j > 51:
                    j = 51
                deck[i], deck[j] = deck[j], deck[i]
            for s in range(p):
                hole[h, s, 0] = deck[2 * s]
                hole[h, s, 1] = deck[2 * s + 1]
            for k in range(width):
                board[h, k] = deck[2 * p + k]
        for s in range(p):
            stack[s] = start[s]
            bet[s] = 0
            contrib[s] = 0
            level[s] = 0
            folded[s] = False
            acted[s] = False
        dead = 0
        # Forced bets (R2, R11): uniform antes, blinds, big-blind ante, straddles.
        if p == 2:
            sb, bb = button, (button + 1) % p
        else:
            sb, bb = (button + 1) % p, (button + 2) % p
        if ante_type == ANTE_UNIFORM:
            for i in range(p):
                s = (button + 1 + i) % p
                paid = min(ante, stack[s])
                stack[s] -= paid
                contrib[s] += paid
        paid = min(small, stack[sb])
        stack[sb] -= paid
        bet[sb] += paid
        contrib[sb] += paid
        paid = min(big, stack[bb])
        stack[bb] -= paid
        bet[bb] += paid
        contrib[bb] += paid
        if ante_type == ANTE_BIG_BLIND:
            paid = min(ante, stack[bb])
            stack[bb] -= paid
            dead += paid
        current = big
        first = (bb + 1) % p
        for k in range(straddles.shape[0]):
            s = (button + straddles[k]) % p
            amount = big << (k + 1)
            paid = min(amount, stack[s])
            stack[s] -= paid
            bet[s] += paid
            contrib[s] += paid
            current = amount
            first = (s + 1) % p
        min_raise = max(current, min_bet)
        street = 0
        runs = 1
        live = p
        able = 0
        for s in range(p):
            if stack[s] > 0:
                able += 1
        to_act = _first(stack, bet, folded, acted, current, first, able)
        while True:
            if to_act >= 0:
                seat = to_act
                my_bet = bet[seat]
                my_stack = stack[seat]
                owed = current - my_bet
                call = min(owed, my_stack)
                reopened = (not acted[seat]) or (current - level[seat] >= min_raise)
                others = False
                for s in range(p):
                    if s != seat and not folded[s] and bet[s] + stack[s] > current:
                        others = True
                        break
                can_raise = my_stack > owed and reopened and others
                high = my_bet + my_stack
                low = min(current + min_raise, high)
                mine = owner[seat]
                if mine < 0:
                    w0, w1, w2 = 1.0, 1.0, 1.0
                else:
                    a, b = hole[h, seat, 0], hole[h, seat, 1]
                    hi, lo = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
                    cls = 13 * hi + lo if (a & 3) == (b & 3) else 13 * lo + hi
                    w0 = tables[mine, street, cls, 0]
                    w1 = tables[mine, street, cls, 1]
                    w2 = tables[mine, street, cls, 2]
                if owed <= 0:
                    w0 = 0.0
                if not can_raise:
                    w2 = 0.0
                total = w0 + w1 + w2
                draw = _uniform(state) * total
                code = 1
                if total > 0:
                    code = int(w0 <= draw) + int(w0 + w1 <= draw) + int(total <= draw)
                    if code > 2:
                        code = 2
                    weight = w0 if code == 0 else (w1 if code == 1 else w2)
                    if weight <= 0:
                        code = 1
                if code == 0:
                    folded[seat] = True
                    live -= 1
                    if my_stack > 0:
                        able -= 1
                    to = my_bet
                else:
                    if code == 2:
                        to = low + int(_uniform(state) * (high - low + 1))
                        if to > high:
                            to = high
                    else:
                        to = my_bet + call
                    added = to - my_bet
                    stack[seat] -= added
                    if added == my_stack and my_stack > 0:
                        able -= 1
                    bet[seat] = to
                    contrib[seat] += added
                    if to > current and to - current >= min_raise:
                        min_raise = to - current
                    if to > current:
                        current = to
                    acted[seat] = True
                    level[seat] = current
                actions += 1
                if record:
                    if rows == log.shape[0]:
                        bigger = np.empty((2 * rows, 6), dtype=np.int64)
                        bigger[:rows] = log[:rows]
                        log = bigger
                    log[rows, 0] = h
                    log[rows, 1] = seat
                    log[rows, 2] = code
                    log[rows, 3] = to
                    log[rows, 4] = low if can_raise else -1
                    log[rows, 5] = high if can_raise else -1
                    rows += 1
                if live == 1:
                    to_act = -1
                else:
                    to_act = _first(stack, bet, folded, acted, current, (seat + 1) % p, able)
                if to_act >= 0:
                    continue
            # The street is over: the uncalled bet goes back (R7.4).
            top = 0
            second = 0
            for s in range(p):
                if contrib[s] > contrib[top]:
                    top = s
            for s in range(p):
                if s != top and contrib[s] > second:
                    second = contrib[s]
            chips = contrib[top] - second
            if chips > 0:
                contrib[top] -= chips
                bet[top] -= min(chips, bet[top])
                stack[top] += chips
            live = 0
            able = 0
            for s in range(p):
                if not folded[s]:
                    live += 1
                    if stack[s] > 0:
                        able += 1
            if live == 1:
                break
            if able < 2 or street == 3:
                if able < 2 and street < 3 and max_runs > 1:
                    # The run question (R12.1): every seat still in, from left of the button.
                    offer = max_runs
                    for i in range(p):
                        s = (button + 1 + i) % p
                        if folded[s]:
                            continue
                        answer = 1 + int(_uniform(state) * max_runs)
                        if answer > max_runs:
                            answer = max_runs
                        if record:
                            if rows == log.shape[0]:
                                bigger = np.empty((2 * rows, 6), dtype=np.int64)
                                bigger[:rows] = log[:rows]
                                log = bigger
                            log[rows, 0] = h
                            log[rows, 1] = s
                            log[rows, 2] = RUNS_CODE
                            log[rows, 3] = answer
                            log[rows, 4] = 1
                            log[rows, 5] = max_runs
                            rows += 1
                        offer = min(offer, answer)
                        if offer == 1:
                            break
                    runs = offer
                break
            street += 1
            for s in range(p):
                bet[s] = 0
                acted[s] = False
                level[s] = 0
            current = 0
            min_raise = min_bet
            to_act = _first(stack, bet, folded, acted, current, (button + 1) % p, able)
        showdown = live > 1
        if showdown:
            common = 0 if street == 0 else street + 2
            for r in range(runs):
                for k in range(5):
                    if r == 0 or k < common:
                        seven[2 + k] = board[h, k]
                    else:
                        seven[2 + k] = board[h, 5 + (r - 1) * (5 - common) + k - common]
                key = 0
                counts = 0
                for k in range(2, 7):
                    key += keys[seven[k]]
                    counts += 1 << ((seven[k] & 3) << 2)
                for s in range(p):
                    if not folded[s]:
                        a = seven[0] = hole[h, s, 0]
                        b = seven[1] = hole[h, s, 1]
                        ranks[r, s] = _finish(
                            seven,
                            key + keys[a] + keys[b],
                            counts + (1 << ((a & 3) << 2)) + (1 << ((b & 3) << 2)),
                            offsets,
                            ranks7,
                            flush,
                        )
        else:
            for s in range(p):
                ranks[0, s] = 0
        take = rake_on and not (no_drop and not showdown and street == 0)
        raked[h] = _settle(stack, contrib, folded, dead, ranks, runs, button, rules, take, scratch)
        for s in range(p):
            stacks[h, s] = stack[s]
    return actions, log, rows
