"""Playing a batch: :func:`play`, on the compiled kernel for the built-in
policies and on the step-wise engine for any other array policy."""

from __future__ import annotations

import numpy as np

from holdem.batch.engine import (
    BatchResult,
    IntArray,
    Policy,
    _buttons,
    _cards,
    check_config,
    play_steps,
)
from holdem.batch.policies import kernel_tables
from holdem.engine.config import AnteType, TableConfig

_ANTE_TYPES = {AnteType.NONE: 0, AnteType.UNIFORM: 1, AnteType.BIG_BLIND: 2}


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

    The built-in policies (:func:`~holdem.batch.random_policy`,
    :func:`~holdem.batch.call_policy`, a :class:`~holdem.batch.TablePolicy`,
    or :class:`~holdem.batch.policies.SeatPolicies` of them) are played by
    the compiled kernel (:mod:`holdem.batch.kernel`, numba), which also takes
    straddles, several runs of the board and rake (R11, R12, R13); any other
    policy by the step-wise engine (:class:`~holdem.batch.BatchState`), which
    refuses those three. The two draw their random numbers differently: the
    same ``rng`` gives other hands on each.

    Args:
        config: the table: stacks, blinds, antes, minimum bet, chip unit,
            straddles (relative to its button), runs and rake (its button is
            replaced by ``buttons``; see :func:`~holdem.batch.check_config`).
        buttons: the button seat of each hand, shape ``(hands,)``.
        policy: the array policy deciding for every seat.
        rng: the random source of the deal and of the policy (the kernel
            draws one 63-bit seed from it).
        cards: fixed ``(hole, board)`` card indices, board ``(hands, 5 *
            max_runs)`` (as :func:`~holdem.batch.deal` gives for one run);
            dealt from ``rng`` when ``None``.
        record: keep the log of every action (for checks; slower).

    Raises:
        ConfigError: the configuration is not supported
            (:func:`~holdem.batch.check_config`, and
            :func:`~holdem.batch.engine.check_steps` for a policy of the
            step-wise engine), a button is not a seat of the table (field
            ``buttons``), or the given cards have another shape, an index
            outside 0 to 51 or a card twice in a hand (field ``cards``).
        PolicyError: (step-wise engine) the policy returned something else
            than one whole action code (and, for a raise, a whole raise-to
            amount) per row, or an illegal action (R3.7).
    """
    check_config(config)
    buttons = _buttons(buttons, config.seats)
    weights = kernel_tables(policy, config.seats)
    if weights is None:
        return play_steps(config, buttons, policy, rng, cards, record)
    from holdem.batch import kernel  # numba: compiled on first use, then cached

    n, seats = len(buttons), config.seats
    width = 5 * config.max_runs
    if cards is None:
        hole = np.zeros((n, seats, 2), dtype=np.int64)
        board = np.zeros((n, width), dtype=np.int64)
    else:
        hole, board = (part.copy() for part in _cards(cards, n, seats, width))
    rules = np.zeros(kernel.RULES, dtype=np.int64)
    rules[kernel.SMALL] = config.small_blind
    rules[kernel.BIG] = config.big_blind
    rules[kernel.ANTE] = config.ante
    rules[kernel.ANTE_TYPE] = _ANTE_TYPES[config.ante_type]
    rules[kernel.MIN_BET] = config.min_bet
    rules[kernel.UNIT] = config.chip_unit
    rules[kernel.RUNS] = config.max_runs
    rules[kernel.RAKE_CAP] = -1
    rake = config.rake
    if rake is not None:
        rules[kernel.RAKE_NUM] = rake.rate.numerator
        rules[kernel.RAKE_DEN] = rake.rate.denominator
        rules[kernel.RAKE_CAP] = -1 if rake.cap is None else rake.cap
        rules[kernel.NO_DROP] = rake.no_flop_no_drop
    straddles = np.array(
        [(s - config.button) % seats for s in config.straddles], dtype=np.int64
    ).reshape(-1)
    keys, offsets, ranks7, flush = kernel.tables()
    start = np.array(config.stacks, dtype=np.int64)
    stacks = np.empty((n, seats), dtype=np.int64)
    raked = np.empty(n, dtype=np.int64)
    seed = int(rng.integers(0, 1 << 63))
    actions, log, rows = kernel.run(
        start,
        buttons,
        rules,
        straddles,
        *weights,
        keys,
        offsets,
        ranks7,
        flush,
        seed,
        cards is None,
        hole,
        board,
        stacks,
        raked,
        record,
    )
    return BatchResult(
        stacks,
        stacks - start[None, :],
        int(actions),
        log[:rows].copy() if record else None,
        hole,
        board,
        raked,
    )
