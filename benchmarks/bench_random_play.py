"""Random-play speed of holdem against PokerKit 0.7.7, pot settlement cost, and
where holdem's time goes.

Both engines play 6-max hands (blinds 1/2, every stack 400 chips at the start
of every hand, the button moving one seat each hand) with the same ``random``
policy (:func:`holdem.selfplay.agents.random_action`): uniform over the legal kinds
(fold only when facing a bet, check or call, bet or raise when legal), then a
raise-to amount uniform between the minimum and the maximum. PokerKit's state
automates everything but the betting decisions (posting, dealing, burning,
showdown, pushing and pulling chips).

The driver's choices: each engine in this process, the runs alternating
engine by engine (the best of ``--repeat`` kept), in CPU time of this process
(``time.process_time``: on a shared machine, time spent waiting for a core
is no engine's speed). PokerKit is driven through its public state methods
with the fewest calls the policy needs (``can_fold()``, the minimum raise-to
amount, the maximum only when raising). holdem's raw engine deals every hand
from the run's one random source (``Hand(config, rng=rng)``, its fastest
public way, as ``simulate`` deals each hand from its own), so that the
self-play ratio to the raw engine is not flattered by a slower raw path.

Run from the repository root::

    .venv/bin/python benchmarks/bench_random_play.py             # defaults below
    .venv/bin/python benchmarks/bench_random_play.py --hands 2000 --top 15

It prints, in order: hands per second of each engine and their ratio (and of
holdem's self-play path, ``holdem.selfplay.simulate.simulate`` in one process with the
``random`` agent on every seat, and its ratio to the engine), the cost of one
pot settlement (``layer_pots`` + ``award_pots`` on a 6-way contribution
vector), the share of time spent inside treys, and the top costs inside
``holdem/`` by cProfile.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path

from holdem import Hand, TableConfig, award_pots, layer_pots
from holdem.selfplay.agents import random_action
from holdem.selfplay.simulate import simulate

SEATS, SMALL, BIG, STACK = 6, 1, 2, 400
CONFIGS = [TableConfig([STACK] * SEATS, SMALL, BIG, button=b) for b in range(SEATS)]


# ----------------------------------------------------------------- holdem
def holdem_hands(hands: int, seed: int) -> tuple[int, int]:
    """Play ``hands`` random hands on the engine directly; return (hands, actions)."""
    rng = random.Random(seed)
    actions = 0
    for index in range(hands):
        hand = Hand(CONFIGS[index % SEATS], rng=rng)
        while (legal := hand.legal_actions()) is not None:
            hand.act(legal.seat, random_action(legal, rng))
            actions += 1
    return hands, actions


def holdem_agent_hands(hands: int, seed: int) -> tuple[int, int]:
    """The self-play path, ``holdem.selfplay.simulate.simulate`` in one process: the
    ``random`` agent on every seat acting on a decision view."""
    simulation = simulate(SEATS, hands, seed, ["random"], big_blind=BIG, stack=STACK)
    return simulation.hands, 0


# --------------------------------------------------------------- PokerKit
def pokerkit_hands(hands: int, seed: int) -> tuple[int, int]:
    """The same policy on PokerKit's NoLimitTexasHoldem; return (hands, actions)."""
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles with the global random module
    actions = 0
    stacks = (STACK,) * SEATS
    for _ in range(hands):
        # PokerKit seats the blinds first and the button last; the button's
        # position is irrelevant to the speed.
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (SMALL, BIG), BIG, stacks, SEATS
        )
        while state.status:
            if state.actor_index is None:
                raise RuntimeError("PokerKit waits for a step that is not automated")
            low = state.min_completion_betting_or_raising_to_amount
            can_fold = state.can_fold()
            kinds = 1 + can_fold + (low is not None)
            pick = rng.randrange(kinds)
            if can_fold:
                if pick == 0:
                    state.fold()
                    actions += 1
                    continue
                pick -= 1
            if pick == 0:
                state.check_or_call()
            else:
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                state.complete_bet_or_raise_to(rng.randint(low, high))
            actions += 1
    return hands, actions


# --------------------------------------------------------------- measures
Play = Callable[[int, int], tuple[int, int]]


def rates(
    plays: dict[str, Play], hands: int, seed: int, repeat: int
) -> dict[str, tuple[float, float]]:
    """Per engine: (hands per second, actions per hand), the best of ``repeat``
    runs. The engines take turns run by run, so that a busy machine slows
    them alike."""
    best = dict.fromkeys(plays, 0.0)
    per_hand = dict.fromkeys(plays, 0.0)
    for run in range(repeat):
        for name, play in plays.items():
            began = time.process_time()
            played, actions = play(hands, seed + run)
            seconds = time.process_time() - began
            best[name] = max(best[name], played / seconds)
            per_hand[name] = actions / played
    return {name: (best[name], per_hand[name]) for name in plays}


CONTRIBUTIONS = [400, 150, 150, 75, 20, 400]
FOLDED = [False, False, False, False, True, False]
RANKS = [3, 1, 2, 2, None, 4]


def settle() -> None:
    """One 6-way settlement: uncalled bet, three pots, a split, a fold."""
    layering = layer_pots(CONTRIBUTIONS, FOLDED, 0)
    award_pots(layering.pots, RANKS, 5, 1)


def profile(play: Play, hands: int, seed: int) -> pstats.Stats:
    profiler = cProfile.Profile()
    profiler.runcall(play, hands, seed)
    return pstats.Stats(profiler)


def shares(stats: pstats.Stats, top: int) -> tuple[float, float, list[str]]:
    """(treys share, holdem share, top holdem lines) of the total tottime."""
    total = treys = ours = 0.0
    rows = []
    package = str(Path(__file__).resolve().parent.parent / "holdem")
    for (filename, line, name), (_, calls, tottime, cumtime, _) in stats.stats.items():  # type: ignore[attr-defined]
        total += tottime
        if "treys" in filename:
            treys += tottime
        if filename.startswith(package):
            ours += tottime
            rows.append((tottime, cumtime, calls, f"{Path(filename).name}:{line} {name}"))
    rows.sort(reverse=True)
    lines = [
        f"  {t / total:6.1%} self  {c / total:6.1%} cumulative  {n:>9,} calls  {where}"
        for t, c, n, where in rows[:top]
    ]
    return treys / total, ours / total, lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per timed run")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per engine (best kept)")
    parser.add_argument("--profile-hands", type=int, default=3000, help="hands under cProfile")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=12, help="holdem functions to list")
    args = parser.parse_args(argv)

    print(
        f"6-max random play, blinds {SMALL}/{BIG}, stacks {STACK}, {args.hands} hands per run, "
        f"best of {args.repeat} runs, Python {sys.version.split()[0]}"
    )
    measured = rates(
        {"holdem": holdem_hands, "self-play": holdem_agent_hands, "pokerkit": pokerkit_hands},
        args.hands,
        args.seed,
        args.repeat,
    )
    ours, ours_actions = measured["holdem"]
    agents, _ = measured["self-play"]
    theirs, their_actions = measured["pokerkit"]
    print(f"holdem engine:      {ours:9,.0f} hands/s  ({ours_actions:.2f} actions per hand)")
    print(f"holdem self-play:   {agents:9,.0f} hands/s  (simulate, the random agent on every seat)")
    print(f"PokerKit 0.7.7:     {theirs:9,.0f} hands/s  ({their_actions:.2f} actions per hand)")
    print(
        f"ratio holdem / PokerKit: {ours / theirs:.1f}x (self-play / PokerKit: "
        f"{agents / theirs:.1f}x)"
    )
    print(f"ratio self-play / holdem engine: {agents / ours:.2f}x (goal: at least 0.8x)")

    number = 20000
    seconds = min(timeit.repeat(settle, number=number, repeat=5)) / number
    print(f"pot settlement (layer_pots + award_pots, 6 seats, 3 pots): {seconds * 1e6:.2f} µs")

    for label, play in (("holdem engine", holdem_hands), ("holdem self-play", holdem_agent_hands)):
        stats = profile(play, args.profile_hands, args.seed)
        treys, package, lines = shares(stats, args.top)
        print(
            f"cProfile, {label}, {args.profile_hands} hands: treys {treys:.1%} of the time, "
            f"holdem/ {package:.1%} (self time); top costs inside holdem/:"
        )
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
