"""Random-play speed of holdem against OpenSpiel 2.0.2's ``universal_poker``.

Both engines play 6-max no-limit hands, blinds 1/2, every stack 200 big
blinds (400 chips) at the start of every hand, with the same ``random``
policy (:func:`holdem.selfplay.agents.random_action`): uniform over the legal kinds
(fold only when facing a bet, check or call, bet or raise when legal), then a
raise-to amount uniform between the minimum and the maximum.

OpenSpiel (C++, driven from Python through ``pyspiel``) plays the full game
(``bettingAbstraction=fullgame``: action 0 folds, 1 checks or calls, and
every other legal action id is a raise-to amount); its dealing is a chance
step per card, sampled uniformly from ``chance_outcomes()``.

Measured, each in this process, the runs alternating engine by engine so that
a busy machine slows them alike (the best of ``--repeat`` runs is kept), in
CPU time of this process (``time.process_time``: on a shared machine the
time spent waiting for a core is nobody's speed; ``--wall`` measures the
elapsed time instead):

* ``holdem Hand``: the raw engine, ``Hand`` + ``legal_actions`` + ``act``,
  every hand dealt from the run's one seeded ``random.Random``
  (``Hand(config, rng=rng)``), as OpenSpiel's chance steps draw from it;
* ``holdem simulate``: :func:`holdem.selfplay.simulate.simulate` with the ``random``
  agent on every seat (the self-play path of ``holdem simulate``);
* ``holdem batch``: :func:`holdem.batch.simulate_batch` with the random
  array policy (needs numpy, the ``batch`` extra), in one process;
* ``OpenSpiel``.

Run from the repository root::

    .venv/bin/python benchmarks/bench_openspiel.py
    .venv/bin/python benchmarks/bench_openspiel.py --hands 3000 --repeat 5

It prints hands per second and actions per hand of each, and each holdem
path's ratio to OpenSpiel.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from holdem import Hand, TableConfig
from holdem.selfplay.agents import random_action
from holdem.selfplay.simulate import simulate

SEATS, SMALL, BIG, STACK = 6, 1, 2, 400
CONFIGS = [TableConfig([STACK] * SEATS, SMALL, BIG, button=b) for b in range(SEATS)]

Play = Callable[[int, int], tuple[int, float]]
"""``play(hands, seed) -> (hands played, actions per hand or nan)``."""


def holdem_hand(hands: int, seed: int) -> tuple[int, float]:
    """The raw engine: ``Hand`` (dealt from ``rng``), ``legal_actions``, ``act``."""
    rng = random.Random(seed)
    actions = 0
    for index in range(hands):
        hand = Hand(CONFIGS[index % SEATS], rng=rng)
        while (legal := hand.legal_actions()) is not None:
            hand.act(legal.seat, random_action(legal, rng))
            actions += 1
    return hands, actions / hands


def holdem_simulate(hands: int, seed: int) -> tuple[int, float]:
    """``holdem.selfplay.simulate.simulate`` in this process, ``random`` on every seat."""
    result = simulate(SEATS, hands, seed, ["random"], small_blind=SMALL, big_blind=BIG, stack=STACK)
    return result.hands, float("nan")


def holdem_batch(hands: int, seed: int) -> tuple[int, float]:
    """``holdem.batch.simulate_batch`` with the random array policy."""
    from holdem.batch import simulate_batch

    result = simulate_batch(
        SEATS, hands, seed, ["random"], small_blind=SMALL, big_blind=BIG, stack=STACK
    )
    return result.hands, result.actions / result.hands


def openspiel(hands: int, seed: int) -> tuple[int, float]:
    """OpenSpiel's ``universal_poker``, the same game and policy."""
    import pyspiel

    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "bettingAbstraction": "fullgame",
            "numPlayers": SEATS,
            "numRounds": 4,
            # Player 0 posts the small blind, player 1 the big blind: the
            # button is player 5; UTG (player 2) acts first preflop, the
            # small blind first after.
            "blind": " ".join([str(SMALL), str(BIG)] + ["0"] * (SEATS - 2)),
            "firstPlayer": "3 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": " ".join([str(STACK)] * SEATS),
        },
    )
    rng = random.Random(seed)
    randrange, randint = rng.randrange, rng.randint
    actions = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            can_fold = legal[0] == 0  # offered only when facing a bet
            raises = len(legal) - 1 - can_fold
            pick = randrange(1 + can_fold + (raises > 0))
            if can_fold:
                if pick == 0:
                    state.apply_action(0)
                    actions += 1
                    continue
                pick -= 1
            if pick == 0:
                state.apply_action(1)
            else:
                # The raise-to amounts are consecutive: uniform over them.
                first = legal[1 + can_fold]
                state.apply_action(randint(first, legal[-1]))
            actions += 1
    return hands, actions / hands


def rates(
    plays: dict[str, Play],
    hands: int,
    seed: int,
    repeat: int,
    clock: Callable[[], float] = time.process_time,
) -> dict[str, float]:
    """Hands per second of each by ``clock``, the best of ``repeat`` alternated runs."""
    best = dict.fromkeys(plays, 0.0)
    for run in range(repeat):
        for name, play in plays.items():
            began = clock()
            played, _ = play(hands, seed + run)
            best[name] = max(best[name], played / (clock() - began))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000, help="hands per timed run")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per engine (best kept)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--wall", action="store_true", help="elapsed time instead of this process's CPU time"
    )
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time
    plays: dict[str, Play] = {
        "holdem Hand": holdem_hand,
        "holdem simulate": holdem_simulate,
    }
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("numpy is not installed (the batch extra): no batch figures")
    else:
        plays["holdem batch"] = holdem_batch
    plays["OpenSpiel"] = openspiel
    # Warm up: the evaluation tables are built on first use, not timed.
    for play in plays.values():
        play(50, args.seed)
    print(
        f"6-max random play, blinds {SMALL}/{BIG}, stacks {STACK}, {args.hands} hands per run, "
        f"best of {args.repeat} alternated runs, {'wall' if args.wall else 'CPU'} time, "
        f"Python {sys.version.split()[0]}"
    )
    per_hand = {name: play(500, args.seed)[1] for name, play in plays.items()}
    measured = rates(plays, args.hands, args.seed, args.repeat, clock)
    theirs = measured["OpenSpiel"]
    for name, speed in measured.items():
        known = per_hand[name] == per_hand[name]  # not nan
        actions = f"{per_hand[name]:.2f} actions per hand" if known else ""
        ratio = "" if name == "OpenSpiel" else f"  ratio to OpenSpiel {speed / theirs:.2f}x"
        print(f"{name + ':':<17} {speed:9,.0f} hands/s  {actions:<22}{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
