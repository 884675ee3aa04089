"""Search speed: holdem's game-tree state against OpenSpiel 2.0.2's peers.

Driver's choices (both sides get the same workload and the same policy):

* Game: 6-max no-limit hold'em, blinds 1/2, every stack 400 chips (200 big
  blinds), full game (every raise-to amount a separate action id).
* Policy: uniform over the legal kinds (fold when facing a bet, check or
  call, bet or raise when legal), then a raise-to amount uniform between the
  minimum and the maximum; chance steps uniform over ``chance_outcomes()``.
* Clock: CPU time of this process (``time.process_time``; a shared machine's
  waits are nobody's speed; ``--wall`` for elapsed time); each measurement
  alternates the engines and keeps the best of ``--repeat`` runs.

1. **clone + apply**: random hands are played once in each engine and every
   node met (chance and decision) is kept with the action taken there; the
   timed loop is ``child = state.clone(); child.apply_action(action)`` over
   all of them. Peers: ``holdem.search.SearchState`` (used directly from
   Python, as a search bot would), ``python_holdem`` through ``pyspiel``
   (``pyspiel.State.clone`` goes through ``copy.deepcopy``), and OpenSpiel's
   C++ ``universal_poker`` state driven from Python through ``pyspiel`` (the
   fastest public API: there is no batched clone; ``bettingAbstraction=
   fullgame``, a chance step per card as ours). Then the same with one call,
   ``child = state.child(action)`` (pyspiel's ``State.child``: clone and
   apply in C++, one crossing from Python; ours is ``SearchState.child``),
   the fastest way either API allows. Then, as a search walks a tree, the
   same with ``is_terminal()`` asked of every child and ``returns()`` read
   at every terminal one: ``SearchState`` settles a hand (showdown and
   payout, through the engine) only when its result is first read, so this
   row counts that work, wherever each side does it.

   What the timed loops do on our side: ``clone()`` copies two references
   (the node is an immutable tuple); ``apply_action`` checks the id and
   builds the child's node. Nothing is kept from one run to the next but
   the text of each raise-to amount (``b<to>``/``r<to>``, built once per
   game); every child node is built anew from its parent's.
2. **random play**: whole hands through ``pyspiel`` (``new_initial_state``,
   ``legal_actions``, ``chance_outcomes``, ``apply_action``) on
   ``python_holdem`` and on ``python_pokerkit_wrapper`` (PokerKit 0.7.7, the
   same table: player 0 small blind, ``stack_sizes`` 400 each).

Run from the repository root (needs the ``peer`` extra: OpenSpiel 2.0.2 and
PokerKit 0.7.7, ``pip install -e '.[peer]'``; without them it says so in one
line)::

    python benchmarks/bench_search.py [--hands 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from importlib.util import find_spec
from typing import Any

# One line, not OpenSpiel's traceback listing every game, when a peer is missing.
_MISSING = [name for name in ("pyspiel", "pokerkit") if find_spec(name) is None]
if _MISSING:
    raise SystemExit(
        f"bench_search.py: needs {' and '.join(_MISSING)}: the peer extra "
        "(pip install -e '.[peer]': open_spiel 2.0.2, pokerkit 0.7.7)"
    )

import pyspiel  # noqa: E402

import holdem.openspiel  # noqa: E402, F401  (registers python_holdem)
from holdem import TableConfig  # noqa: E402
from holdem.search import SearchGame  # noqa: E402

SEATS, SMALL, BIG, STACK = 6, 1, 2, 400
STACKS = " ".join([str(STACK)] * SEATS)


def pick(state: Any, rng: random.Random) -> int:
    """The benchmark policy on any state with the OpenSpiel-style interface."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return int(outcomes[rng.randrange(len(outcomes))][0])
    legal = state.legal_actions()
    can_fold = legal[0] == 0
    raises = len(legal) - 1 - can_fold
    choice = rng.randrange(1 + can_fold + (raises > 0))
    if can_fold:
        if choice == 0:
            return 0
        choice -= 1
    if choice == 0:
        return 1
    return rng.randint(legal[1 + can_fold], legal[-1])


def universal_poker() -> Any:
    return pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "bettingAbstraction": "fullgame",
            "numPlayers": SEATS,
            "numRounds": 4,
            "blind": " ".join([str(SMALL), str(BIG)] + ["0"] * (SEATS - 2)),
            "firstPlayer": "3 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": STACKS,
        },
    )


def python_holdem() -> Any:
    return pyspiel.load_game(
        "python_holdem",
        {"num_players": SEATS, "blinds": f"{SMALL} {BIG}", "stack_sizes": STACKS},
    )


def pokerkit_wrapper() -> Any:
    from open_spiel.python.games import pokerkit_wrapper  # noqa: F401  (registers it)

    return pyspiel.load_game(
        "python_pokerkit_wrapper",
        {"num_players": SEATS, "blinds": f"{SMALL} {BIG}", "stack_sizes": STACKS},
    )


def search_game() -> SearchGame:
    # Player 0 posts the small blind, as in the OpenSpiel games: the button is the last seat.
    return SearchGame(TableConfig([STACK] * SEATS, SMALL, BIG, button=SEATS - 1))


def nodes(new_state: Callable[[], Any], hands: int, seed: int) -> list[tuple[Any, int]]:
    """Every node of ``hands`` random hands with the action taken there."""
    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        state = new_state()
        while not state.is_terminal():
            action = pick(state, rng)
            out.append((state.clone(), action))
            state.apply_action(action)
    return out


def clone_apply(pairs: list[tuple[Any, int]]) -> int:
    for state, action in pairs:
        child = state.clone()
        child.apply_action(action)
    return len(pairs)


def child(pairs: list[tuple[Any, int]]) -> int:
    for state, action in pairs:
        state.child(action)
    return len(pairs)


def clone_apply_returns(pairs: list[tuple[Any, int]]) -> int:
    for state, action in pairs:
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal():
            child.returns()
    return len(pairs)


def play(new_state: Callable[[], Any], hands: int, seed: int) -> int:
    rng = random.Random(seed)
    for _ in range(hands):
        state = new_state()
        while not state.is_terminal():
            state.apply_action(pick(state, rng))
    return hands


def best(
    runs: dict[str, Callable[[], int]], repeat: int, clock: Callable[[], float]
) -> dict[str, float]:
    rate = dict.fromkeys(runs, 0.0)
    for _ in range(repeat):
        for name, run in runs.items():
            began = clock()
            count = run()
            rate[name] = max(rate[name], count / (clock() - began))
    return rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per run")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wall", action="store_true", help="elapsed instead of CPU time")
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time
    print(
        f"{SEATS}-max, blinds {SMALL}/{BIG}, stacks {STACK}, {args.hands} hands, "
        f"best of {args.repeat}, {'wall' if args.wall else 'CPU'} time, "
        f"Python {sys.version.split()[0]}, open_spiel {version('open_spiel')}"
    )
    search, ours, up, pk = search_game(), python_holdem(), universal_poker(), pokerkit_wrapper()
    pairs = {
        "holdem SearchState": nodes(search.new_initial_state, args.hands, args.seed),
        "python_holdem (pyspiel)": nodes(ours.new_initial_state, args.hands, args.seed),
        "universal_poker (C++)": nodes(up.new_initial_state, args.hands, args.seed),
    }
    for name, items in pairs.items():
        print(f"  {name}: {len(items)} nodes ({len(items) / args.hands:.1f} per hand)")
    rates = best({k: (lambda v=v: clone_apply(v)) for k, v in pairs.items()}, args.repeat, clock)
    theirs = rates["universal_poker (C++)"]
    print("clone + apply_action:")
    for name, rate in rates.items():
        print(
            f"  {name + ':':<26} {rate:10,.0f} per s   "
            f"ratio to universal_poker {rate / theirs:.2f}x"
        )
    one = {k: pairs[k] for k in ("holdem SearchState", "universal_poker (C++)")}
    for title, walk in (
        ("child(action):", child),
        ("clone + apply_action, returns() at the end:", clone_apply_returns),
    ):
        rates = best({k: (lambda v=v, w=walk: w(v)) for k, v in one.items()}, args.repeat, clock)
        theirs = rates["universal_poker (C++)"]
        print(title)
        for name, rate in rates.items():
            print(
                f"  {name + ':':<26} {rate:10,.0f} per s   "
                f"ratio to universal_poker {rate / theirs:.2f}x"
            )
    plays = best(
        {
            "python_holdem": lambda: play(ours.new_initial_state, args.hands, args.seed),
            "python_pokerkit_wrapper": lambda: play(pk.new_initial_state, args.hands, args.seed),
        },
        args.repeat,
        clock,
    )
    print("random play through pyspiel:")
    theirs = plays["python_pokerkit_wrapper"]
    for name, rate in plays.items():
        print(
            f"  {name + ':':<26} {rate:10,.1f} hands/s   "
            f"ratio to pokerkit wrapper {rate / theirs:.2f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
