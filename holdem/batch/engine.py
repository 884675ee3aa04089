"""The batched hand engine: many no-limit hands played at once on numpy arrays.

Every hand of a batch is played by the rules of :class:`holdem.hand.Hand`
(forced bets R2, betting R3 and R4, turn order R5, pots R7, odd chips R8,
showdown R6 by rank), with the state of all hands held as arrays of shape
``(hands, seats)`` or ``(hands,)``. Each step asks the policy for the action
of the seat to act in every hand still betting, applies all of them at once,
and moves each hand on; a hand whose betting is over waits for the
settlement, done for the whole batch at the end. The tests play the same
deals and actions through :class:`~holdem.hand.Hand` and compare every legal
range and every final stack.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from holdem.batch.evaluate import rank7
from holdem.batch.settle import settle, uncalled
from holdem.config import AnteType, TableConfig
from holdem.errors import ConfigError, HoldemError

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

FOLD, CALL, RAISE = 0, 1, 2
"""Action codes: fold; check or call (all-in for less when short, R1.2); bet
or raise to an amount (R3.1)."""

_SUPPORTED = {
    "names",
    "stacks",
    "button",
    "small_blind",
    "big_blind",
    "ante",
    "ante_type",
    "min_bet",
    "chip_unit",
}

MAX_CHIPS = 1 << 62
"""The most chips a batch table may hold in all (every amount, a pot or a
raise-to included, then stays below 2**63 and fits numpy's int64)."""


class PolicyError(HoldemError):
    """An array policy chose an action that is not legal (R3.7): a fold when
    nothing is owed, a raise when none is allowed or outside the range, or
    an unknown action code. The batch is abandoned."""


class Decisions(NamedTuple):
    """The decisions asked of a policy at one step: one row per hand still
    betting. Amounts in chips; ``min_to``/``max_to`` are raise-to amounts.

    Attributes:
        hands: the hands' indices in the batch.
        seat: the seat to act.
        street: 0 preflop, 1 flop, 2 turn, 3 river.
        hole: the seat's hole cards as card indices (``4 * rank + suit``),
            shape ``(rows, 2)``.
        can_fold: a bet is owed (a free fold is never offered).
        call: chips a call adds (0: a check).
        min_to: the smallest bet or raise-to, or -1 when the seat may not
            bet or raise (R3.3, R3.6, R4.2).
        max_to: the largest bet or raise-to (its whole stack), or -1.
        pot: every chip in the middle, bets on this street included.
    """

    hands: IntArray
    seat: IntArray
    street: IntArray
    hole: IntArray
    can_fold: BoolArray
    call: IntArray
    min_to: IntArray
    max_to: IntArray
    pot: IntArray


class Policy(Protocol):
    """An array policy: an action code per row and a raise-to amount (read
    only where the code is :data:`RAISE`, and then within ``min_to`` to
    ``max_to``)."""

    def __call__(
        self, decisions: Decisions, rng: np.random.Generator
    ) -> tuple[IntArray, IntArray]: ...


class BatchResult(NamedTuple):
    """A played batch. Per-seat arrays have shape ``(hands, seats)``.

    Attributes:
        stacks: final stacks.
        net: final minus starting stack; each row sums to zero.
        actions: betting actions taken over the batch.
        log: with ``record=True``, one ``(hand, seat, code, to, min_to,
            max_to)`` array of shape ``(steps_rows, 6)`` in play order: the
            action of every step (``to`` is the seat's bet after it) and the
            range it was chosen from; else ``None``.
        hole: the hole cards dealt, ``(hands, seats, 2)`` card indices.
        board: the board, ``(hands, 5)`` card indices, in dealing order.
    """

    stacks: IntArray
    net: IntArray
    actions: int
    log: IntArray | None
    hole: IntArray
    board: IntArray


def check_config(config: TableConfig) -> None:
    """Refuse a configuration the batch engine does not play.

    It plays no-limit hands with blinds at their usual seats (from the button,
    R2.1, R2.2), uniform or big-blind antes, any minimum bet and chip unit.

    Raises:
        ConfigError: naming the first field it does not support (pot-limit,
            a moved or dead blind, or any setting added to the table later,
            such as straddles, runs, rake or posts, when not at its default),
            or ``stacks`` when they hold more than :data:`MAX_CHIPS` in all
            (the arrays are int64).
    """
    if sum(config.stacks) > MAX_CHIPS:
        raise ConfigError(
            "stacks",
            f"the batch engine plays at most 2**62 chips in all (int64), got {sum(config.stacks)}",
        )
    plain = TableConfig(
        config.stacks,
        config.small_blind,
        config.big_blind,
        button=config.button,
        ante=config.ante,
        ante_type=config.ante_type,
        min_bet=config.min_bet,
        chip_unit=config.chip_unit,
    )
    for name in config.to_dict():
        if name not in _SUPPORTED and getattr(config, name) != getattr(plain, name):
            raise ConfigError(
                name,
                f"the batch engine does not support {name}={getattr(config, name)!s}; "
                f"play such hands with holdem.Hand",
            )


def _buttons(buttons: npt.ArrayLike, seats: int) -> IntArray:
    """``buttons`` as int64 seats, or ConfigError (field ``buttons``): one
    whole seat number from 0 to ``seats - 1`` per hand, in one dimension."""
    array = np.asarray(buttons)
    if array.ndim != 1 or (array.size and array.dtype.kind not in "iu"):
        raise ConfigError(
            "buttons",
            f"must be one whole seat number per hand (shape (hands,)), got shape "
            f"{array.shape} of {array.dtype}",
        )
    bad = (array < 0) | (array >= seats)
    if bad.any():
        i = int(np.argmax(bad))
        raise ConfigError(
            "buttons", f"hand {i}: button seat {array[i]} is not a seat of 0 to {seats - 1}"
        )
    return array.astype(np.int64)


def _cards(cards: tuple[IntArray, IntArray], hands: int, seats: int) -> tuple[IntArray, IntArray]:
    """Given cards checked (ConfigError, field ``cards``): hole ``(hands,
    seats, 2)`` and board ``(hands, 5)`` whole card indices 0 to 51, no card
    twice in a hand."""
    try:
        hole, board = (np.asarray(part) for part in cards)
    except (TypeError, ValueError):
        raise ConfigError("cards", "must be a pair (hole, board) of card index arrays") from None
    for name, array, shape in (("hole", hole, (hands, seats, 2)), ("board", board, (hands, 5))):
        if array.shape != shape or (array.size and array.dtype.kind not in "iu"):
            raise ConfigError(
                "cards",
                f"{name} cards must be whole card indices of shape {shape}, got shape "
                f"{array.shape} of {array.dtype}",
            )
    every = np.concatenate([hole.reshape(hands, 2 * seats), board], axis=1).astype(np.int64)
    if every.size and (every.min() < 0 or every.max() > 51):
        raise ConfigError("cards", "a card index is outside 0 to 51")
    ordered = np.sort(every, axis=1)
    twice = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    if twice.any():
        raise ConfigError("cards", f"hand {int(np.argmax(twice))}: a card is dealt twice")
    return hole.astype(np.int64), board.astype(np.int64)


def _policy_output(output: object, rows: int) -> tuple[IntArray, IntArray]:
    """A policy's ``(codes, amounts)`` as int64 arrays of shape ``(rows,)``,
    or PolicyError: another shape, or a code (or the amount of a raise) that
    is not a whole number (NaN, infinite, fractional, out of int64, bool)."""
    parts: tuple[object, ...] = tuple(output) if isinstance(output, (tuple, list)) else ()
    if len(parts) != 2:
        raise PolicyError(f"the policy must return (codes, amounts), got {type(output).__name__}")
    code, amount = parts
    arrays = []
    for name, value in (("codes", code), ("amounts", amount)):
        array = np.asarray(value)
        if array.shape != (rows,):
            raise PolicyError(
                f"the policy returned {name} of shape {array.shape}, not ({rows},): one per row"
            )
        arrays.append(array)
    codes, amounts = arrays
    _whole("code", codes, np.ones(rows, dtype=bool))
    _whole("raise-to amount", amounts, codes == RAISE)
    return codes.astype(np.int64), np.where(codes == RAISE, amounts, 0).astype(np.int64)


def _whole(name: str, array: npt.NDArray[np.generic], read: BoolArray) -> None:
    """PolicyError unless the entries of ``array`` where ``read`` are whole
    numbers within int64."""
    kind = array.dtype.kind
    if kind in "iu":
        if kind == "u" and read.any() and int(array[read].max()) >= 1 << 63:
            raise PolicyError(f"the policy returned a {name} beyond int64")
        return
    if kind == "f":
        values = array[read].astype(np.float64)
        good = np.isfinite(values) & (values == np.round(values)) & (np.abs(values) < 2.0**63)
        if good.all():
            return
        raise PolicyError(
            f"the policy returned a {name} that is not a whole number: {float(values[~good][0])}"
        )
    if not read.any():
        return
    raise PolicyError(f"the policy returned {name}s of {array.dtype}, not whole numbers")


def deal(rng: np.random.Generator, hands: int, seats: int) -> tuple[IntArray, IntArray]:
    """Uniformly random cards for ``hands`` hands: ``(hole (hands, seats, 2),
    board (hands, 5))`` card indices, no card twice in a hand. Each hand's
    deck is shuffled on its own (``Generator.permuted``), then dealt from the
    top: every seat and board position is alike."""
    needed = 2 * seats + 5
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (hands, 1)), axis=1)
    hole = decks[:, : 2 * seats].reshape(hands, seats, 2)
    return hole, decks[:, 2 * seats : needed]


def play(
    config: TableConfig,
    buttons: IntArray,
    policy: Policy,
    rng: np.random.Generator,
    *,
    cards: tuple[IntArray, IntArray] | None = None,
    record: bool = False,
) -> BatchResult:
    """Play one hand per entry of ``buttons``, all at once.

    Args:
        config: the table: stacks, blinds, antes, minimum bet, chip unit
            (its button is replaced by ``buttons``; see :func:`check_config`).
        buttons: the button seat of each hand, shape ``(hands,)``.
        policy: the array policy deciding for every seat.
        rng: the random source of the deal and of the policy.
        cards: fixed ``(hole, board)`` card indices (as :func:`deal` gives);
            dealt from ``rng`` when ``None``.
        record: keep the log of every action (for checks; slower).

    Raises:
        ConfigError: the configuration is not supported (:func:`check_config`),
            a button is not a seat of the table (field ``buttons``), or the
            given cards have another shape, an index outside 0 to 51 or a
            card twice in a hand (field ``cards``).
        PolicyError: the policy returned something else than one whole
            action code (and, for a raise, a whole raise-to amount) per row,
            or an illegal action (R3.7).
    """
    check_config(config)
    p = config.seats
    buttons = _buttons(buttons, p)
    n = len(buttons)
    hole, board = deal(rng, n, p) if cards is None else _cards(cards, n, p)
    rows = np.arange(n)
    seat_ids = np.arange(p)
    start = np.array(config.stacks, dtype=np.int64)
    stack = np.tile(start, (n, 1))
    bet = np.zeros((n, p), dtype=np.int64)
    contrib = np.zeros((n, p), dtype=np.int64)
    folded = np.zeros((n, p), dtype=bool)
    acted = np.zeros((n, p), dtype=bool)
    level = np.zeros((n, p), dtype=np.int64)
    dead = np.zeros(n, dtype=np.int64)
    street = np.zeros(n, dtype=np.int64)
    current = np.full(n, config.big_blind, dtype=np.int64)
    min_raise = np.full(n, max(config.big_blind, config.min_bet), dtype=np.int64)
    heads_up = p == 2
    sb_seat = buttons if heads_up else (buttons + 1) % p
    bb_seat = (buttons + 1) % p if heads_up else (buttons + 2) % p

    # Forced bets (R2): uniform antes (dead to the betting, R2.3), the blinds,
    # then the big-blind ante; each short post is all-in.
    if config.ante_type is AnteType.UNIFORM:
        paid = np.minimum(stack, config.ante)
        stack -= paid
        contrib += paid
    for poster, blind in ((sb_seat, config.small_blind), (bb_seat, config.big_blind)):
        paid = np.minimum(stack[rows, poster], blind)
        stack[rows, poster] -= paid
        bet[rows, poster] += paid
        contrib[rows, poster] += paid
    if config.ante_type is AnteType.BIG_BLIND:
        paid = np.minimum(stack[rows, bb_seat], config.ante)
        stack[rows, bb_seat] -= paid
        dead += paid

    def first_to_act(h: IntArray, begin: IntArray) -> IntArray:
        """The seat that must act next in hands ``h``, from ``begin``
        clockwise, or -1 (R5.1, R5.1a: a lone seat able to bet is asked
        only when it owes chips)."""
        able = ~folded[h] & (stack[h] > 0)
        owes = bet[h] < current[h, None]
        needs = able & (~acted[h] | owes)
        place = (seat_ids[None, :] - begin[:, None]) % p
        first = np.argmin(np.where(needs, place, p), axis=1)
        found = needs[np.arange(len(h)), first]
        count = able.sum(axis=1)
        lone = np.argmax(able, axis=1)
        lone_owes = owes[np.arange(len(h)), lone]
        return np.where(
            count >= 2,
            np.where(found, first, -1),
            np.where((count == 1) & lone_owes, lone, -1),
        )

    to_act = np.full(n, -1, dtype=np.int64)
    betting = np.ones(n, dtype=bool)  # not yet at showdown or won by a fold

    def end_streets(h: IntArray) -> None:
        """Close the street in hands ``h``: return the uncalled bet (R7.4),
        then deal on until a street needs betting (R5.3) or the hand is over."""
        seat, chips = uncalled(contrib[h])
        contrib[h, seat] -= chips
        bet[h, seat] -= np.minimum(chips, bet[h, seat])
        stack[h, seat] += chips
        live = ~folded[h]
        alone = live.sum(axis=1) == 1
        # Won by a fold (R5.2), all-in run-out (R5.3) or the river done: showdown.
        over = alone | ((live & (stack[h] > 0)).sum(axis=1) < 2) | (street[h] == 3)
        to_act[h] = -1
        betting[h[over]] = False
        h = h[~over]
        while len(h):
            street[h] += 1
            bet[h] = 0
            acted[h] = False
            level[h] = 0
            current[h] = 0
            min_raise[h] = config.min_bet
            nxt = first_to_act(h, (buttons[h] + 1) % p)
            to_act[h] = nxt
            waiting = nxt < 0
            over = waiting & (street[h] == 3)
            betting[h[over]] = False
            h = h[waiting & ~over]

    first = first_to_act(rows, (bb_seat + 1) % p)
    to_act[:] = first
    if (first < 0).any():
        end_streets(rows[first < 0])

    actions = 0
    log: list[IntArray] = []
    active = rows[to_act >= 0]
    while len(active):
        h = active
        k = len(h)
        r = np.arange(k)
        seat = to_act[h]
        st = stack[h]
        bt = bet[h]
        cur = current[h]
        my_stack = st[r, seat]
        my_bet = bt[r, seat]
        owed = cur - my_bet
        call = np.minimum(owed, my_stack)
        reopened = ~acted[h, seat] | (cur - level[h, seat] >= min_raise[h])
        others = ~folded[h] & (bt + st > cur[:, None])
        others[r, seat] = False
        can_raise = (my_stack > owed) & reopened & others.any(axis=1)
        high = my_bet + my_stack
        low = np.minimum(cur + min_raise[h], high)
        min_to = np.where(can_raise, low, -1)
        max_to = np.where(can_raise, high, -1)
        pot = contrib[h].sum(axis=1) + dead[h]
        decisions = Decisions(
            h, seat, street[h], hole[h, seat], owed > 0, call, min_to, max_to, pot
        )
        code, amount = _policy_output(policy(decisions, rng), k)
        fold = code == FOLD
        raising = code == RAISE
        bad = (fold & (owed <= 0)) | (raising & (~can_raise | (amount < low) | (amount > high)))
        bad |= ~(fold | raising | (code == CALL))
        if bad.any():
            i = int(np.argmax(bad))
            raise PolicyError(
                f"the policy chose an illegal action in hand {int(h[i])}: code "
                f"{int(code[i])}, amount {int(amount[i])} (seat {int(seat[i])}, "
                f"call {int(call[i])}, raise to {int(min_to[i])}..{int(max_to[i])})"
            )
        to = np.where(raising, amount, my_bet + call)
        hf, sf = h[fold], seat[fold]
        folded[hf, sf] = True
        put = ~fold
        hp, sp, tp = h[put], seat[put], to[put]
        added = tp - my_bet[put]
        stack[hp, sp] -= added
        bet[hp, sp] = tp
        contrib[hp, sp] += added
        cp = cur[put]
        full = tp - cp >= min_raise[hp]
        raised = tp > cp
        min_raise[hp] = np.where(raised & full, tp - cp, min_raise[hp])
        current[hp] = np.maximum(cp, tp)
        acted[hp, sp] = True
        level[hp, sp] = current[hp]
        actions += k
        if record:
            log.append(np.stack([h, seat, code, np.where(fold, my_bet, to), min_to, max_to], 1))
        # Move on (R5.1): the next seat to act, or the end of the street.
        alone = (~folded[h]).sum(axis=1) == 1
        nxt = first_to_act(h, (seat + 1) % p)
        nxt = np.where(alone, -1, nxt)
        to_act[h] = nxt
        ended = h[nxt < 0]
        if len(ended):
            end_streets(ended)
        active = h[to_act[h] >= 0]

    ranks = rank7(hole, board)
    payout = settle(contrib, folded, dead, ranks, buttons, config.chip_unit)
    final = stack + payout
    return BatchResult(
        final,
        final - start[None, :],
        actions,
        np.concatenate(log) if record and log else (np.zeros((0, 6), np.int64) if record else None),
        hole,
        board,
    )
