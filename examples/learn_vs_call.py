"""Learn to beat a calling station: tabular Monte Carlo control on the Gymnasium env.

Run from the repository root (extra ``rl`` installed; numpy is the only
learning library used)::

    python examples/learn_vs_call.py [--hands 24000] [--seed 1]

The learner sits heads-up against the ``call`` agent (it checks or calls,
never folds or raises) with 100 big blinds each. It reads its own hole cards
and the board from the observation (indexes 0-103, one-hot by deck order),
sorts each decision into one of 64 states (street x 8 hand-strength buckets x
facing a bet or not) and keeps, per state and button, the mean reward of the
hands in which it pressed that button there. It presses the best legal
button, or a random legal one with a probability that decays from 1 to 0.05.

Every block of hands it prints its win rate over the block in big blinds per
100 hands: the first block (nearly random play) loses, the later ones win as
the learner learns to bet its strong hands and check its weak ones. A final
evaluation plays the greedy policy on fresh seeds. Takes well under a minute.
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np

import holdem.envs  # noqa: F401 - registers holdem/NoLimitHoldem-v0
from holdem.engine.cards import DECK
from holdem.engine.showdown import rank
from holdem.selfplay.agents import preflop_strength

BUCKETS = 8
WORST = 7462  # treys' weakest five-card rank


def state_of(obs: np.ndarray) -> int:
    """The state index of an observation: street, strength bucket, facing a bet."""
    hole = [DECK[i] for i in np.flatnonzero(obs[:52])]
    board = [DECK[i] for i in np.flatnonzero(obs[52:104])]
    street = int(np.argmax(obs[104:108]))
    if board:
        strength = 1.0 - (rank(hole, board) - 1) / WORST
    else:
        strength = (preflop_strength(tuple(hole)) - 0.32) / 0.53
    bucket = min(BUCKETS - 1, int(strength * BUCKETS))
    facing = 1 if obs[108 + 6 * 2 + 1] > 0 else 0  # "to call" for two seats
    return (street * BUCKETS + bucket) * 2 + facing


def choose(
    q: np.ndarray, state: int, mask: np.ndarray, epsilon: float, rng: np.random.Generator
) -> int:
    """The best legal button in ``state``, or a random legal one with probability epsilon."""
    legal = np.flatnonzero(mask)
    if rng.random() < epsilon:
        return int(rng.choice(legal))
    return int(legal[np.argmax(q[state, legal])])


def play(
    env: gymnasium.Env,
    q: np.ndarray,
    epsilon: float,
    rng: np.random.Generator,
    counts: np.ndarray | None = None,
) -> float:
    """One hand; returns the learner's result in big blinds (and learns when counts given)."""
    obs, info = env.reset()
    result = info.get("skipped_result", 0.0)
    visited = []
    while True:
        state = state_of(obs)
        button = choose(q, state, info["action_mask"], epsilon, rng)
        visited.append((state, button))
        obs, reward, terminated, _, info = env.step(button)
        if terminated:
            break
    if counts is not None:
        for state, button in visited:
            counts[state, button] += 1
            q[state, button] += (reward - q[state, button]) / counts[state, button]
    return result + reward


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=24000, help="training hands")
    parser.add_argument("--blocks", type=int, default=8, help="learning-curve points")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--evaluation", type=int, default=4000, help="evaluation hands")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    env = gymnasium.make("holdem/NoLimitHoldem-v0", opponents=["call"], stacks=200, blinds=(1, 2))
    env.reset(seed=args.seed)
    buttons = env.action_space.n
    q = np.zeros((4 * BUCKETS * 2, buttons))
    counts = np.zeros_like(q)
    began = time.perf_counter()
    per_block = args.hands // args.blocks
    print(f"{'hands':>7} {'epsilon':>8} {'bb/100':>8}")
    for block in range(args.blocks):
        total = 0.0
        for i in range(per_block):
            done = block * per_block + i
            epsilon = max(0.05, 1.0 - done / (0.6 * args.hands))
            total += play(env, q, epsilon, rng, counts)
        print(f"{(block + 1) * per_block:>7} {epsilon:>8.2f} {100 * total / per_block:>+8.1f}")
    env.reset(seed=args.seed + 10_000)  # fresh hands for the evaluation
    evaluation = args.evaluation
    total = sum(play(env, q, 0.0, rng) for _ in range(evaluation))
    print(
        f"greedy policy over {evaluation} new hands: {100 * total / evaluation:+.1f} bb/100 "
        f"({time.perf_counter() - began:.0f} s in all)"
    )


if __name__ == "__main__":
    main()
