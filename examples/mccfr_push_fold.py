"""OpenSpiel's external-sampling MCCFR on heads-up push/fold at 10 big blinds.

Run from the repository root (needs the ``openspiel`` extra)::

    python examples/mccfr_push_fold.py [--seconds 80] [--samples 200] [--seed 1]

The game is ``python_holdem`` (:mod:`holdem.openspiel`) with blinds 50/100,
stacks of 1,000 chips and ``abstraction=push_fold``: the small blind (player
0) folds or goes all-in, the big blind folds or calls. Every card is an
explicit chance step and the all-in hands are settled by the engine's own
showdown. The solver is OpenSpiel's C++ ``ExternalSamplingMCCFRSolver``
driven on the Python game.

At each checkpoint the script prints each player's best-response value
against the other's average strategy, and their sum (NashConv; the
exploitability is half of it), in big blinds per hand. An exact best
response needs the all-in equity of every pair of hands (812,175 of them),
too slow for this example, so the values are Monte Carlo estimates on one
fixed sample (the same at every checkpoint, so the trend is not sampling
noise): for each of the 1,326 hands of the responding player, ``--samples``
opponent hands and boards, dealt uniformly from the cards left. Two
estimates are printed: ``max`` takes the better action on the whole sample
(biased upward: noise makes some wrong action look better) and ``held-out``
chooses the action on one half and scores it on the other (biased downward:
a noisy choice is sometimes wrong). The true value lies between them in
expectation.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time

import pyspiel

import holdem.openspiel  # noqa: F401  (registers python_holdem)
from holdem.engine.cards import DECK
from holdem.engine.showdown import rank_on_board
from holdem.search import CHECK_CALL, RAISE_BASE

BB, STACK = 100, 1000
SHOVE = RAISE_BASE + STACK
HANDS = list(itertools.combinations(range(52), 2))


def showdown_sample(rng: random.Random, samples: int) -> list[list[tuple[tuple[int, int], int]]]:
    """For each hand, ``samples`` (opponent hand, net chips of the hand) when both are all-in."""
    out = []
    for hand in HANDS:
        rest = [c for c in range(52) if c not in hand]
        rows = []
        for _ in range(samples):
            cards = rng.sample(rest, 7)
            board = [DECK[c] for c in cards[2:]]
            mine, theirs = rank_on_board(
                [[DECK[hand[0]], DECK[hand[1]]], [DECK[cards[0]], DECK[cards[1]]]], board
            )
            net = STACK if mine < theirs else -STACK if mine > theirs else 0
            rows.append(((min(cards[0], cards[1]), max(cards[0], cards[1])), net))
        out.append(rows)
    return out


def strategy(game: object, policy: object) -> tuple[dict[tuple[int, int], float], ...]:
    """Per hand: the average probability of shoving (player 0) and of calling (player 1)."""
    shove: dict[tuple[int, int], float] = {}
    call: dict[tuple[int, int], float] = {}
    for hand in HANDS:
        other = [c for c in range(52) if c not in hand][:2]
        # Heads-up the big blind (player 1) is dealt first: chance steps go 1, 0, 1, 0.
        state = game.new_initial_state()  # type: ignore[attr-defined]
        for card in (other[0], hand[0], other[1], hand[1]):
            state.apply_action(card)
        shove[hand] = policy.action_probabilities(state).get(SHOVE, 0.0)  # type: ignore[attr-defined]
        state = game.new_initial_state()  # type: ignore[attr-defined]
        for card in (hand[0], other[0], hand[1], other[1]):
            state.apply_action(card)
        state.apply_action(SHOVE)
        call[hand] = policy.action_probabilities(state).get(CHECK_CALL, 0.0)  # type: ignore[attr-defined]
    return shove, call


def best_responses(
    shove: dict[tuple[int, int], float],
    call: dict[tuple[int, int], float],
    sb_sample: list[list[tuple[tuple[int, int], int]]],
    bb_sample: list[list[tuple[tuple[int, int], int]]],
) -> tuple[tuple[float, float], tuple[float, float]]:
    """(max, held-out) best-response values of the small blind and the big blind, in chips."""

    def sb_value(rows: list[tuple[tuple[int, int], int]]) -> tuple[float, float]:
        # (shove value, fold value) averaged over the rows
        total = sum(call[b] * net + (1 - call[b]) * BB for b, net in rows)
        return total / len(rows), -BB / 2

    def bb_value(rows: list[tuple[tuple[int, int], int]]) -> tuple[float, float, float]:
        # (value when not shoved into, call value, fold value) over the rows
        rest = sum((1 - shove[h]) * BB / 2 for h, _ in rows) / len(rows)
        called = sum(shove[h] * net for h, net in rows) / len(rows)
        folded = sum(shove[h] * -BB for h, _ in rows) / len(rows)
        return rest, called, folded

    results = []
    for sample, value in ((sb_sample, sb_value), (bb_sample, bb_value)):
        best = held = 0.0
        for rows in sample:
            half = len(rows) // 2
            parts = (rows, rows[:half], rows[half:])
            if value is sb_value:
                (a, f), (a1, _), (a2, _) = (sb_value(p) for p in parts)
                best += max(a, f)
                held += ((a2 if a1 > f else f) + (a1 if a2 > f else f)) / 2
            else:
                (r, c, f), (r1, c1, f1), (r2, c2, f2) = (bb_value(p) for p in parts)
                best += r + max(c, f)
                held += (r2 + (c2 if c1 > f1 else f2) + r1 + (c1 if c2 > f2 else f1)) / 2
        results.append((best / len(sample), held / len(sample)))
    return results[0], results[1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=80.0, help="MCCFR time budget")
    parser.add_argument("--samples", type=int, default=200, help="showdowns per hand")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--checkpoints", type=int, default=6, help="how many (0, 1000, 4000...)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    game = pyspiel.load_game(
        "python_holdem",
        {
            "blinds": f"{BB // 2} {BB}",
            "stack_sizes": f"{STACK} {STACK}",
            "abstraction": "push_fold",
        },
    )
    rng = random.Random(args.seed)
    sb_sample = showdown_sample(rng, args.samples)
    bb_sample = showdown_sample(rng, args.samples)
    print(
        f"fixed showdown sample: 2 x 1326 hands x {args.samples}"
        f" ({time.perf_counter() - start:.1f} s)"
    )
    solver = pyspiel.ExternalSamplingMCCFRSolver(game, seed=args.seed)
    print("iterations  seconds  BR(SB) bb    BR(BB) bb    NashConv bb (max / held-out)")
    done = 0
    checkpoints = [0, 1000, 4000, 16000, 64000, 256000][: args.checkpoints]
    budget_end = time.perf_counter() + args.seconds
    for target in checkpoints:
        while done < target and time.perf_counter() < budget_end:
            solver.run_iteration()
            done += 1
        shove, call = strategy(game, solver.average_policy())
        (sb, sb_held), (bb, bb_held) = best_responses(shove, call, sb_sample, bb_sample)
        print(
            f"{done:>10}  {time.perf_counter() - start:7.1f}  "
            f"{sb / BB:+.3f}/{sb_held / BB:+.3f}  {bb / BB:+.3f}/{bb_held / BB:+.3f}  "
            f"{(sb + bb) / BB:.3f} / {(sb_held + bb_held) / BB:.3f}"
        )
        if done < target:
            print(f"time budget of {args.seconds:.0f} s reached")
            break
    for name in ("AsAh", "Ks7d", "9c8c", "7h2d"):
        cards = tuple(sorted(DECK.index(name[i : i + 2]) for i in (0, 2)))
        print(f"{name}: shove {shove[cards]:.2f}  call {call[cards]:.2f}")  # type: ignore[index]


if __name__ == "__main__":
    main()
