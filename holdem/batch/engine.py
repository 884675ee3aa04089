"""The batched hand engine: many no-limit hands played at once on numpy arrays.

Every hand of a batch is played by the rules of :class:`holdem.engine.hand.Hand`
(forced bets R2, betting R3 and R4, turn order R5, pots R7, odd chips R8,
showdown R6 by rank), with the state of all hands held as arrays of shape
``(hands, seats)`` or ``(hands,)``. Each step asks the policy for the action
of the seat to act in every hand still betting, applies all of them at once,
and moves each hand on; a hand whose betting is over waits for the
settlement, done for the whole batch at the end. The tests play the same
deals and actions through :class:`~holdem.engine.hand.Hand` and compare every legal
range and every final stack.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from holdem.batch.evaluate import rank7
from holdem.batch.settle import settle, uncalled
from holdem.engine.config import AnteType, TableConfig
from holdem.errors import ConfigError, HoldemError

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

FOLD, CALL, RAISE = 0, 1, 2
"""Action codes: fold; check or call (all-in for less when short, R1.2); bet
or raise to an amount (R3.1)."""

RUNS = 3
"""The log code of a seat's answer to the run question (R12.1): the row's
``to`` is the runs it accepts, chosen from ``min_to`` = 1 to ``max_to`` =
the table's ``max_runs`` (only the compiled kernel asks it)."""

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
    "straddles",
    "max_runs",
    "rake",
}

_STEP_WISE: dict[str, object] = {"straddles": (), "max_runs": 1, "rake": None}
"""The settings only the compiled kernel plays (:mod:`holdem.batch.kernel`)."""

MAX_RAKED_CHIPS = 3_037_000_499
"""The most chips in all of a raked batch table: the rake's products (a pot
times the rake) then stay within int64."""

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
            A seat's answer to the run question (R12.1) is a row of code
            :data:`RUNS` (3): ``to`` the runs it accepts, from ``min_to`` = 1
            to ``max_to`` = ``max_runs``.
        hole: the hole cards dealt, ``(hands, seats, 2)`` card indices.
        board: the board, ``(hands, 5 * max_runs)`` card indices: run 1's
            five cards in dealing order, then the cards of the later runs
            (R12.2), each later run taking the next ``5 - common`` of them.
        rake: chips raked from each hand (R13), ``(hands,)``; ``net`` sums
            to minus it.
    """

    stacks: IntArray
    net: IntArray
    actions: int
    log: IntArray | None
    hole: IntArray
    board: IntArray
    rake: IntArray


@functools.cache
def compiled_first_to_act() -> Callable[..., None] | None:
    """:func:`holdem.batch.turns.first_to_act` (numba), or ``None`` when numba
    is not installed (:class:`BatchState` then searches on numpy arrays)."""
    try:
        from holdem.batch.turns import first_to_act
    except ImportError:  # numba (the batch extra) is not installed
        return None
    return first_to_act


def check_config(config: TableConfig) -> None:
    """Refuse a configuration the batch engine does not play.

    It plays no-limit hands with blinds at their usual seats (from the button,
    R2.1, R2.2), uniform or big-blind antes, any minimum bet and chip unit,
    straddles (R11; the config's straddling seats are taken relative to its
    button, and move with the button hand by hand: see :func:`hand_config`),
    several runs of the board (R12) and rake (R13); the last three only on
    the compiled kernel (built-in policies, :func:`holdem.batch.play`).

    Raises:
        ConfigError: naming the first field it does not support (pot-limit,
            a moved or dead blind, posts, or any setting added to the table
            later, when not at its default); ``straddles`` when the straddles
            are not legal (R11.1) with the button on some seat; ``stacks``
            when they hold more than :data:`MAX_CHIPS` in all (the arrays are
            int64); ``rake`` when a raked table holds more than
            :data:`MAX_RAKED_CHIPS` or its rate's numerator times the chips
            overflows int64.
    """
    total = sum(config.stacks)
    if total > MAX_CHIPS:
        raise ConfigError(
            "stacks",
            f"the batch engine plays at most 2**62 chips in all (int64), got {total}",
        )
    if config.rake is not None and (
        total > MAX_RAKED_CHIPS or config.rake.rate.numerator * total >= 1 << 63
    ):
        raise ConfigError(
            "rake",
            f"the batch engine rakes tables of at most {MAX_RAKED_CHIPS:,} chips in all "
            f"(int64) whose rate's numerator times the chips stays below 2**63, got {total} "
            f"chips at {config.rake.rate_text}",
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
    if config.straddles:
        for button in range(config.seats):
            try:
                hand_config(config, button)
            except ConfigError as error:
                raise ConfigError(
                    "straddles",
                    f"the straddles move with the button; with the button on seat {button}: "
                    f"{error}",
                ) from None


def hand_config(config: TableConfig, button: int) -> TableConfig:
    """The table of one batch hand: ``config`` with the button on ``button``
    and its straddles (R11.1) moved with it: a straddle ``k`` seats left of
    the config's button is ``k`` seats left of ``button``.

    Raises:
        ConfigError: the straddles are not legal with that button (a short
            stack, R11.1).
    """
    seats = config.seats
    moved = tuple((s - config.button + button) % seats for s in config.straddles)
    return TableConfig(
        config.stacks,
        config.small_blind,
        config.big_blind,
        button=button,
        ante=config.ante,
        ante_type=config.ante_type,
        min_bet=config.min_bet,
        chip_unit=config.chip_unit,
        straddles=moved,
        max_runs=config.max_runs,
        rake=config.rake,
    )


def check_steps(config: TableConfig) -> None:
    """Refuse what only the compiled kernel plays: straddles, several runs
    and rake (R11, R12, R13) on the step-wise engine (:class:`BatchState`,
    and :func:`holdem.batch.play` with a policy other than the built-in ones).

    Raises:
        ConfigError: as :func:`check_config`, or naming the first of those
            settings given.
    """
    check_config(config)
    for name, default in _STEP_WISE.items():
        if getattr(config, name) != default:
            raise ConfigError(
                name,
                f"the step-wise batch engine (BatchState, or a policy other than the "
                f"built-in random, call and table policies) does not support "
                f"{name}={getattr(config, name)!s}",
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


def _cards(
    cards: tuple[IntArray, IntArray], hands: int, seats: int, width: int = 5
) -> tuple[IntArray, IntArray]:
    """Given cards checked (ConfigError, field ``cards``): hole ``(hands,
    seats, 2)`` and board ``(hands, width)`` whole card indices 0 to 51, no
    card twice in a hand."""
    try:
        hole, board = (np.asarray(part) for part in cards)
    except (TypeError, ValueError):
        raise ConfigError("cards", "must be a pair (hole, board) of card index arrays") from None
    for name, array, shape in (("hole", hole, (hands, seats, 2)), ("board", board, (hands, width))):
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


class BatchState:
    """Hands being played at once, step by step: the step-wise form of
    :func:`play`, for callers (such as :class:`holdem.envs.vector.HoldemVectorEnv`)
    that choose some of the actions themselves.

    The state of lane ``i`` is row ``i`` of every array; a lane holds one
    hand at a time and :meth:`deal` starts a new one in any lanes. The arrays
    are public for reading (amounts in chips, per-seat arrays of shape
    ``(lanes, seats)``); only :meth:`deal` and :meth:`apply` change them.

    Args:
        config: the table (see :func:`check_config`; its button is replaced
            by the buttons given to :meth:`deal`).
        lanes: the number of lanes.

    Raises:
        ConfigError: the configuration is not supported (:func:`check_steps`).

    Attributes:
        stack, bet, contrib, folded: chips behind, this street's bets, the
            chips put in over the hand, folded seats.
        current: the bet to match on the street, per lane.
        street: 0 preflop .. 3 river: the street being bet (a hand over keeps
            the street it ended on).
        to_act: the seat to act, or -1 (the betting is over).
        buttons, hole, board: the button and the cards of each lane's hand.
        dead: the big-blind ante of each lane (dead money, R2.3).
    """

    def __init__(self, config: TableConfig, lanes: int) -> None:
        check_steps(config)
        self.config = config
        n = lanes
        p = self.seats = config.seats
        self.seat_ids = np.arange(p)
        self.start = np.array(config.stacks, dtype=np.int64)
        self.stack = np.tile(self.start, (n, 1))
        self.bet = np.zeros((n, p), dtype=np.int64)
        self.contrib = np.zeros((n, p), dtype=np.int64)
        self.folded = np.zeros((n, p), dtype=bool)
        self.acted = np.zeros((n, p), dtype=bool)
        self.level = np.zeros((n, p), dtype=np.int64)
        self.dead = np.zeros(n, dtype=np.int64)
        self.street = np.zeros(n, dtype=np.int64)
        self.current = np.zeros(n, dtype=np.int64)
        self.min_raise = np.zeros(n, dtype=np.int64)
        self.to_act = np.full(n, -1, dtype=np.int64)
        self.buttons = np.zeros(n, dtype=np.int64)
        self.hole = np.zeros((n, p, 2), dtype=np.int64)
        self.board = np.zeros((n, 5), dtype=np.int64)

    def deal(self, lanes: IntArray, buttons: IntArray, hole: IntArray, board: IntArray) -> None:
        """Start a new hand in each of ``lanes``: the cards given (``hole``
        ``(len(lanes), seats, 2)``, ``board`` ``(len(lanes), 5)`` card
        indices), the forced bets (R2), then on to the first seat to act (or
        the end of the betting when nobody can act)."""
        config = self.config
        h = np.asarray(lanes, dtype=np.int64)
        k = len(h)
        r = np.arange(k)
        p = self.seats
        buttons = np.asarray(buttons, dtype=np.int64)
        self.buttons[h] = buttons
        self.hole[h] = hole
        self.board[h] = board
        stack = np.tile(self.start, (k, 1))
        bet = np.zeros((k, p), dtype=np.int64)
        contrib = np.zeros((k, p), dtype=np.int64)
        dead = np.zeros(k, dtype=np.int64)
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
            paid = np.minimum(stack[r, poster], blind)
            stack[r, poster] -= paid
            bet[r, poster] += paid
            contrib[r, poster] += paid
        if config.ante_type is AnteType.BIG_BLIND:
            paid = np.minimum(stack[r, bb_seat], config.ante)
            stack[r, bb_seat] -= paid
            dead += paid
        self.stack[h] = stack
        self.bet[h] = bet
        self.contrib[h] = contrib
        self.dead[h] = dead
        self.folded[h] = False
        self.acted[h] = False
        self.level[h] = 0
        self.street[h] = 0
        self.current[h] = config.big_blind
        self.min_raise[h] = max(config.big_blind, config.min_bet)
        first = self._first_to_act(h, (bb_seat + 1) % p)
        self.to_act[h] = first
        if (first < 0).any():
            self._end_streets(h[first < 0])

    def _first_to_act(self, h: IntArray, begin: IntArray) -> IntArray:
        """The seat that must act next in lanes ``h``, from ``begin``
        clockwise, or -1 (R5.1, R5.1a: a lone seat able to bet is asked
        only when it owes chips). Compiled when numba is installed
        (:mod:`holdem.batch.turns`, the same seats), else on numpy arrays."""
        compiled = compiled_first_to_act()
        if compiled is not None:
            out = np.empty(len(h), dtype=np.int64)
            compiled(
                self.folded,
                self.stack,
                self.bet,
                self.current,
                self.acted,
                np.asarray(h, dtype=np.int64),
                np.asarray(begin, dtype=np.int64),
                out,
            )
            return out
        return self._first_to_act_numpy(h, begin)

    def _first_to_act_numpy(self, h: IntArray, begin: IntArray) -> IntArray:
        """:meth:`_first_to_act` on numpy arrays."""
        p = self.seats
        able = ~self.folded[h] & (self.stack[h] > 0)
        owes = self.bet[h] < self.current[h, None]
        needs = able & (~self.acted[h] | owes)
        place = (self.seat_ids[None, :] - begin[:, None]) % p
        first = np.argmin(np.where(needs, place, p), axis=1)
        found = needs[np.arange(len(h)), first]
        count = able.sum(axis=1)
        lone = np.argmax(able, axis=1)
        lone_owes = owes[np.arange(len(h)), lone]
        result: IntArray = np.where(
            count >= 2,
            np.where(found, first, -1),
            np.where((count == 1) & lone_owes, lone, -1),
        )
        return result

    def _end_streets(self, h: IntArray) -> None:
        """Close the street in lanes ``h``: return the uncalled bet (R7.4),
        then deal on until a street needs betting (R5.3) or the hand is over."""
        contrib, bet, stack, street = self.contrib, self.bet, self.stack, self.street
        seat, chips = uncalled(contrib[h])
        contrib[h, seat] -= chips
        bet[h, seat] -= np.minimum(chips, bet[h, seat])
        stack[h, seat] += chips
        live = ~self.folded[h]
        alone = live.sum(axis=1) == 1
        # Won by a fold (R5.2), all-in run-out (R5.3) or the river done: showdown.
        over = alone | ((live & (stack[h] > 0)).sum(axis=1) < 2) | (street[h] == 3)
        self.to_act[h] = -1
        h = h[~over]
        while len(h):
            street[h] += 1
            bet[h] = 0
            self.acted[h] = False
            self.level[h] = 0
            self.current[h] = 0
            self.min_raise[h] = self.config.min_bet
            nxt = self._first_to_act(h, (self.buttons[h] + 1) % self.seats)
            self.to_act[h] = nxt
            waiting = nxt < 0
            h = h[waiting & (street[h] < 3)]

    def decisions(self, lanes: IntArray) -> Decisions:
        """The decisions of the seats to act in ``lanes`` (each with a seat to act)."""
        h = np.asarray(lanes, dtype=np.int64)
        r = np.arange(len(h))
        seat = self.to_act[h]
        st = self.stack[h]
        bt = self.bet[h]
        cur = self.current[h]
        my_stack = st[r, seat]
        my_bet = bt[r, seat]
        owed = cur - my_bet
        call = np.minimum(owed, my_stack)
        reopened = ~self.acted[h, seat] | (cur - self.level[h, seat] >= self.min_raise[h])
        others = ~self.folded[h] & (bt + st > cur[:, None])
        others[r, seat] = False
        can_raise = (my_stack > owed) & reopened & others.any(axis=1)
        high = my_bet + my_stack
        low = np.minimum(cur + self.min_raise[h], high)
        min_to = np.where(can_raise, low, -1)
        max_to = np.where(can_raise, high, -1)
        pot = self.contrib[h].sum(axis=1) + self.dead[h]
        return Decisions(
            h, seat, self.street[h], self.hole[h, seat], owed > 0, call, min_to, max_to, pot
        )

    def apply(self, decisions: Decisions, code: IntArray, amount: IntArray) -> IntArray:
        """Apply one action per row of ``decisions`` (action codes, raise-to
        amounts read where the code is :data:`RAISE`), then move each lane on
        to its next seat to act or the end of its betting.

        Returns:
            Each acting seat's bet on the street after its action (its bet
            unchanged for a fold), in chips.

        Raises:
            PolicyError: not one whole action code (and, for a raise, a whole
                raise-to amount) per row, or an illegal action (a fold when
                nothing is owed, a raise when none is allowed or outside the
                range, an unknown code); nothing is changed.
        """
        h, seat = decisions.hands, decisions.seat
        code, amount = _policy_output((code, amount), len(h))
        call, min_to, max_to = decisions.call, decisions.min_to, decisions.max_to
        my_bet = self.bet[h, seat]
        fold = code == FOLD
        raising = code == RAISE
        bad = (fold & ~decisions.can_fold) | (
            raising & ((min_to < 0) | (amount < min_to) | (amount > max_to))
        )
        bad |= ~(fold | raising | (code == CALL))
        if bad.any():
            i = int(np.argmax(bad))
            raise PolicyError(
                f"the policy chose an illegal action in hand {int(h[i])}: code "
                f"{int(code[i])}, amount {int(amount[i])} (seat {int(seat[i])}, "
                f"call {int(call[i])}, raise to {int(min_to[i])}..{int(max_to[i])})"
            )
        to = np.where(raising, amount, my_bet + call)
        self.folded[h[fold], seat[fold]] = True
        put = ~fold
        hp, sp, tp = h[put], seat[put], to[put]
        added = tp - my_bet[put]
        self.stack[hp, sp] -= added
        self.bet[hp, sp] = tp
        self.contrib[hp, sp] += added
        cp = self.current[hp]
        full = tp - cp >= self.min_raise[hp]
        raised = tp > cp
        self.min_raise[hp] = np.where(raised & full, tp - cp, self.min_raise[hp])
        self.current[hp] = np.maximum(cp, tp)
        self.acted[hp, sp] = True
        self.level[hp, sp] = self.current[hp]
        # Move on (R5.1): the next seat to act, or the end of the street.
        alone = (~self.folded[h]).sum(axis=1) == 1
        nxt = self._first_to_act(h, (seat + 1) % self.seats)
        nxt = np.where(alone, -1, nxt)
        self.to_act[h] = nxt
        ended = h[nxt < 0]
        if len(ended):
            self._end_streets(ended)
        result: IntArray = np.where(fold, my_bet, to)
        return result

    def payout(self, lanes: IntArray) -> IntArray:
        """Chips each seat gets back from the middle in ``lanes`` (hands whose
        betting is over): returned layers and pots won (R7, R8), shape
        ``(len(lanes), seats)``."""
        h = np.asarray(lanes, dtype=np.int64)
        ranks = rank7(self.hole[h], self.board[h])
        return settle(
            self.contrib[h],
            self.folded[h],
            self.dead[h],
            ranks,
            self.buttons[h],
            self.config.chip_unit,
        )


def play_steps(
    config: TableConfig,
    buttons: IntArray,
    policy: Policy,
    rng: np.random.Generator,
    cards: tuple[IntArray, IntArray] | None,
    record: bool,
) -> BatchResult:
    """:func:`holdem.batch.play` on the step-wise engine (:class:`BatchState`),
    for any array policy: each step asks ``policy`` for every hand still
    betting. Arguments and errors as for :func:`holdem.batch.play`
    (``buttons`` checked already); straddles, several runs and rake are
    refused (:func:`check_steps`)."""
    n = len(buttons)
    state = BatchState(config, n)
    hole, board = deal(rng, n, config.seats) if cards is None else _cards(cards, n, config.seats)
    rows = np.arange(n)
    state.deal(rows, buttons, hole, board)
    actions = 0
    log: list[IntArray] = []
    active = rows[state.to_act >= 0]
    while len(active):
        decisions = state.decisions(active)
        code, amount = _policy_output(policy(decisions, rng), len(active))
        to = state.apply(decisions, code, amount)
        actions += len(active)
        if record:
            log.append(
                np.stack([active, decisions.seat, code, to, decisions.min_to, decisions.max_to], 1)
            )
        active = active[state.to_act[active] >= 0]
    final = state.stack + state.payout(rows)
    return BatchResult(
        final,
        final - state.start[None, :],
        actions,
        np.concatenate(log) if record and log else (np.zeros((0, 6), np.int64) if record else None),
        state.hole,
        state.board,
        np.zeros(n, dtype=np.int64),
    )
