"""Hands per second through the PettingZoo AEC loop: holdem.envs against PettingZoo's
``texas_holdem_no_limit_v6`` (over RLCard).

Both environments run the same loop: ``agent_iter()``, ``last()``, then a
uniformly random legal action drawn from the observation's ``action_mask``
(``None`` for a terminated agent), one hand per ``reset()``. Heads-up by
default, as in PettingZoo's own environment. The engines take turns run by
run (the best of ``--repeat`` runs of ``--hands`` hands each is kept), so that
a busy machine slows them alike; actions per hand are printed too.

A second line compares the Gymnasium envs: steps and hands per second of the
vector env over the batched engine (``HoldemVectorEnv``, ``--lanes`` lanes)
against the single-agent ``NoLimitHoldemEnv``, both with random opponents and
a uniformly random legal button for the learner.

Needs the extras ``rl`` and ``peer`` (PettingZoo's classic poker needs rlcard)::

    .venv/bin/python benchmarks/bench_envs.py
    .venv/bin/python benchmarks/bench_envs.py --hands 3000 --repeat 5 --players 6
"""

from __future__ import annotations

import argparse
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np


def play(env: Any, hands: int, seed: int) -> tuple[int, int]:
    """Play ``hands`` hands with random legal actions; return (hands, actions)."""
    rng = np.random.default_rng(seed)
    actions = 0
    for index in range(hands):
        env.reset(seed=seed + index)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            actions += 1
    return hands, actions


def holdem_env(players: int) -> Any:
    from holdem.envs import aec_env

    # 100 big blinds, as deep as PettingZoo's environment (its stacks are 100 chips, blinds 1/2).
    return aec_env(players=players, stacks=200, blinds=(1, 2))


def pettingzoo_env(players: int) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import texas_holdem_no_limit_v6

        return texas_holdem_no_limit_v6.env(num_players=players)


def play_single(players: int, steps: int, seed: int) -> tuple[int, int]:
    """``steps`` learner steps of ``NoLimitHoldemEnv``; return (hands, steps)."""
    from holdem.envs import NoLimitHoldemEnv

    env = NoLimitHoldemEnv(["random"] * (players - 1), stacks=200, blinds=(1, 2))
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    hands = 0
    for _ in range(steps):
        legal = np.flatnonzero(info["action_mask"])
        _, _, terminated, _, info = env.step(int(legal[rng.integers(len(legal))]))
        if terminated:
            hands += 1
            _, info = env.reset()
    return hands, steps


def play_vector(
    players: int, lanes: int, steps: int, seed: int, cards: str = "seeded"
) -> tuple[int, int]:
    """``steps`` lane-steps of ``HoldemVectorEnv`` (``steps // lanes`` vector
    steps); return (hands, lane-steps)."""
    from holdem.envs.vector import HoldemVectorEnv

    env = HoldemVectorEnv(lanes, ["random"] * (players - 1), stacks=200, blinds=(1, 2), cards=cards)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    hands = 0
    rounds = max(1, steps // lanes)
    for _ in range(rounds):
        # A uniformly random legal button per lane (any button where the lane resets).
        buttons = (info["action_mask"] * rng.random(info["action_mask"].shape)).argmax(axis=1)
        _, _, terminated, _, info = env.step(buttons)
        hands += int(terminated.sum())
    return hands, rounds * lanes


def timed(run: Callable[[], tuple[int, int]], times: list[float]) -> tuple[int, int]:
    """Run ``run``, append its wall-clock seconds to ``times``, return its result."""
    began = time.perf_counter()
    result = run()
    times.append(time.perf_counter() - began)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per run (default 2000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per engine (default 3)")
    parser.add_argument("--players", type=int, default=2, help="seats (default 2)")
    parser.add_argument(
        "--lanes", type=int, default=256, help="lanes of the vector env (default 256)"
    )
    args = parser.parse_args()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        engines = {
            "holdem.envs aec_env": holdem_env(args.players),
            "PettingZoo texas_holdem_no_limit_v6": pettingzoo_env(args.players),
        }
        times: dict[str, list[float]] = {name: [] for name in engines}
        counts: dict[str, tuple[int, int]] = {}
        for run in range(args.repeat):
            for name, env in engines.items():
                counts[name] = timed(
                    lambda env=env, run=run: play(env, args.hands, 1000 * run), times[name]
                )
    print(
        f"AEC loop, {args.players} players, random legal actions from the mask, "
        f"best of {args.repeat} runs of {args.hands} hands"
    )
    rates = {}
    for name in engines:
        hands, actions = counts[name]
        rates[name] = hands / min(times[name])
        print(f"{name:<38} {rates[name]:>9,.0f} hands/s  {actions / hands:5.2f} actions/hand")
    mine, theirs = rates.values()
    print(f"ratio: holdem.envs is {mine / theirs:.2f}x PettingZoo's texas_holdem_no_limit_v6")
    gym_engines = {
        "NoLimitHoldemEnv": lambda run: play_single(args.players, 2 * args.hands, run),
        f"HoldemVectorEnv ({args.lanes} lanes)": lambda run: play_vector(
            args.players, args.lanes, 20 * args.hands, run
        ),
        f"HoldemVectorEnv ({args.lanes}, cards=numpy)": lambda run: play_vector(
            args.players, args.lanes, 20 * args.hands, run, "numpy"
        ),
    }
    gym_times: dict[str, list[float]] = {name: [] for name in gym_engines}
    gym_counts: dict[str, tuple[int, int]] = {}
    for run in range(args.repeat):
        for name, go in gym_engines.items():
            gym_counts[name] = timed(lambda go=go, run=run: go(1000 * run), gym_times[name])
    print(
        f"Gymnasium envs, {args.players} players, random opponents, random legal buttons, "
        f"best of {args.repeat} runs"
    )
    steps_rate = {}
    for name in gym_engines:
        hands, steps = gym_counts[name]
        best = min(gym_times[name])
        steps_rate[name] = steps / best
        print(f"{name:<38} {steps / best:>9,.0f} steps/s  {hands / best:>9,.0f} hands/s")
    single_rate, vector_rate, numpy_rate = steps_rate.values()
    print(
        f"ratio: HoldemVectorEnv is {vector_rate / single_rate:.2f}x NoLimitHoldemEnv "
        f"(steps/s), {numpy_rate / single_rate:.2f}x with cards=numpy"
    )


if __name__ == "__main__":
    main()
