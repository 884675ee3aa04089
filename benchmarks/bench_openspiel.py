"""Random-play speed of holdem against OpenSpiel 2.0.2's ``universal_poker``.

Both engines play 6-max no-limit hands, blinds 1/2, every stack 200 big
blinds (400 chips) at the start of every hand, with the same ``random``
policy (:func:`holdem.selfplay.agents.random_action`): uniform over the legal kinds
(fold only when facing a bet, check or call, bet or raise when legal), then a
raise-to amount uniform between the minimum and the maximum.

OpenSpiel (C++, driven from Python through ``pyspiel``) plays the full game
(``bettingAbstraction=fullgame``: action 0 folds, 1 checks or calls, and
every other legal action id is a raise-to amount).

The driver's choices, made to drive OpenSpiel the fastest way its public API
allows (each one measured against the alternatives on the development
machine; a reviewer's job is to find a faster one):

* each hand starts from ``clone()`` of one initial state (about 0.3 us)
  instead of ``game.new_initial_state()`` (about 2.5 us);
* one ``state.current_player()`` call per step tells a chance node (-1), the
  end of the hand (-4) or the player to act, instead of ``is_terminal()``
  then ``is_chance_node()``;
* a chance step applies a card drawn without replacement from the hand's own
  pool of the 52 card ids, in Python (a uniform deal, the same distribution
  as drawing from ``state.legal_actions()`` or ``chance_outcomes()`` there,
  which build a list of the undealt cards at every card: the earlier
  driver's ``chance_outcomes()`` cost about 40% of OpenSpiel's time, see
  ``--drivers``); only the cards the hand uses are drawn;
* the cards of a street are applied in a row, without a ``current_player()``
  call between them: the game deals ``numHoleCards`` to each player, then
  ``numBoardCards`` (0 3 1 1) at the street's first chance node, so the
  driver asks who is to act once per street's deal (12 + 3 + 1 + 1 cards,
  4 calls instead of up to 17; the same hands, action for action, as asking
  at every card: about 2% faster, checked when the benchmark starts);
* a decision reads ``state.legal_actions()`` once (the only public call that
  gives the raise range) and draws with ``random()`` (one float per draw:
  ``int(random() * n)``, uniform to within 2**-53, cheaper than
  ``randrange``/``randint``, which holdem's policy uses).

The holdem paths keep what a user writes: ``Hand``, ``legal_actions()``,
:func:`holdem.selfplay.agents.random_action` and ``act()``.

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
  array policy (needs numpy and numba, the ``batch`` extra: the compiled
  kernel), in one process, the same hands per run as the others;
* ``OpenSpiel``.

Run from the repository root::

    .venv/bin/python benchmarks/bench_openspiel.py
    .venv/bin/python benchmarks/bench_openspiel.py --hands 3000 --repeat 5
    .venv/bin/python benchmarks/bench_openspiel.py --drivers   # also the slower OpenSpiel drivers
    .venv/bin/python benchmarks/bench_openspiel.py --parts     # and where a raw hand's time goes

It prints hands per second and actions per hand of each, and each holdem
path's ratio to OpenSpiel.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import cache, partial
from typing import Any

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


@cache
def _game() -> object:
    """The game, loaded once (outside the timed runs after the warm-up)."""
    import pyspiel

    return pyspiel.load_game(
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


DECK = tuple(range(52))
"""OpenSpiel's card ids (a chance action at a dealing step is the card's id)."""

DEALS = (2 * SEATS, 3, 1, 1)
"""Cards dealt in a row at each street's first chance node (``numHoleCards``
times ``numPlayers``, then ``numBoardCards``)."""


def openspiel(hands: int, seed: int) -> tuple[int, float]:
    """OpenSpiel's ``universal_poker``, the same game and policy, the fastest driver."""
    game: Any = _game()
    rng = random.Random(seed)
    rnd = rng.random
    actions = 0
    clone = game.new_initial_state().clone
    for _ in range(hands):
        state = clone()
        apply, player, legal_actions = state.apply_action, state.current_player, state.legal_actions
        pool = list(DECK)
        left = 52
        street = 0
        while (who := player()) != -4:  # -4: the hand is over
            if who == -1:  # chance: the street's cards, each uniform over the undealt ones
                for _ in range(DEALS[street]):
                    pick = int(rnd() * left)
                    left -= 1
                    apply(pool[pick])
                    pool[pick] = pool[left]
                street += 1
                continue
            legal = legal_actions()
            if legal[0] == 0:  # fold offered: facing a bet
                pick = int(rnd() * (3 if len(legal) > 2 else 2))
                if pick < 2:
                    apply(pick)  # 0 folds, 1 calls
                else:  # the raise-to amounts are consecutive: uniform over them
                    first = legal[2]
                    apply(first + int(rnd() * (legal[-1] - first + 1)))
            elif len(legal) > 1 and rnd() >= 0.5:
                first = legal[1]
                apply(first + int(rnd() * (legal[-1] - first + 1)))
            else:
                apply(1)
            actions += 1
    return hands, actions / hands


def check_deals(hands: int, seed: int) -> None:
    """Check that each street's cards may be applied in a row (``DEALS``): over
    ``hands`` random hands played card by card (``is_chance_node()`` at every
    step), every run of chance nodes is whole streets of ``DEALS`` in order
    (an all-in deals the streets left in one run), and the chips add up.

    Raises:
        RuntimeError: a run of chance nodes splits a street, or chips were
            created or lost.
    """
    game: Any = _game()
    rng = random.Random(seed)
    for _ in range(hands):
        state = game.new_initial_state()
        runs, run = [], 0
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.is_chance_node():
                run += 1
            else:
                if run:
                    runs.append(run)
                run = 0
                legal = [1] if rng.random() < 0.5 else legal  # some calls, some all-ins
            state.apply_action(legal[rng.randrange(len(legal))])
        runs += [run] if run else []
        street = 0
        for run in runs:
            dealt = 0
            while dealt < run and street < len(DEALS):
                dealt += DEALS[street]
                street += 1
            if dealt != run:
                raise RuntimeError(f"chance nodes in runs {runs}, not whole streets of {DEALS}")
        if abs(sum(state.returns())) > 1e-9:
            raise RuntimeError(f"chips not conserved: {state.returns()}")


def openspiel_slow(hands: int, seed: int, chance: str) -> tuple[int, float]:
    """The slower drivers (``--drivers``): a new initial state each hand,
    ``is_terminal()`` and ``is_chance_node()``, a card drawn from
    ``chance_outcomes()`` (the benchmark before issue 21) or from
    ``legal_actions()`` at every chance step, ``randrange``/``randint``."""
    game: Any = _game()
    rng = random.Random(seed)
    randrange, randint = rng.randrange, rng.randint
    actions = 0
    outcomes = chance == "chance_outcomes"
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                if outcomes:
                    dealt = state.chance_outcomes()
                    state.apply_action(dealt[randrange(len(dealt))][0])
                else:
                    cards = state.legal_actions()
                    state.apply_action(cards[randrange(len(cards))])
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
                state.apply_action(randint(legal[1 + can_fold], legal[-1]))
            actions += 1
    return hands, actions / hands


def parts(hands: int, seed: int, repeat: int) -> dict[str, float]:
    """Where a raw hand's time goes (``--parts``), in microseconds of CPU time
    per hand, by subtraction: the same ``hands`` random hands (their actions
    recorded first) built only; replayed through ``legal_actions`` and ``act``
    but for their last action; replayed whole; and played with the policy (the
    :func:`holdem_hand` loop). Each the best of ``repeat`` alternated runs.

    Returns:
        ``build`` (deal and forced bets), ``actions`` (every action but the
        last, ends of streets included), ``last`` (the hand's last action: the
        cards left, showdown and settlement, or the win by folds), ``policy``
        (``random_action``), ``hand`` (the whole loop), ``count`` (actions per hand).
    """
    recorded: list[list[tuple[int, Any]]] = []
    rng = random.Random(seed)
    for index in range(hands):
        hand = Hand(CONFIGS[index % SEATS], rng=rng)
        steps = []
        while (legal := hand.legal_actions()) is not None:
            action = random_action(legal, rng)
            steps.append((legal.seat, action))
            hand.act(legal.seat, action)
        recorded.append(steps)

    def replay(cut: int | None) -> None:
        rng = random.Random(seed)
        for index in range(hands):
            hand = Hand(CONFIGS[index % SEATS], rng=rng)
            for seat, action in recorded[index] if cut is None else recorded[index][:cut]:
                hand.legal_actions()
                hand.act(seat, action)

    runs: dict[str, Callable[[], object]] = {
        "build": partial(replay, 0),
        "but_last": partial(replay, -1),
        "replay": partial(replay, None),
        "hand": partial(holdem_hand, hands, seed),
    }
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            began = time.process_time()
            run()
            best[name] = min(best[name], (time.process_time() - began) / hands * 1e6)
    return {
        "build": best["build"],
        "actions": best["but_last"] - best["build"],
        "last": best["replay"] - best["but_last"],
        "policy": best["hand"] - best["replay"],
        "hand": best["hand"],
        "count": sum(len(steps) for steps in recorded) / hands,
    }


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
    parser.add_argument(
        "--drivers",
        action="store_true",
        help="also time OpenSpiel through the slower drivers (chance_outcomes, legal_actions)",
    )
    parser.add_argument(
        "--parts",
        action="store_true",
        help="also print where a raw hand's time goes (CPU time per hand, by subtraction)",
    )
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time
    plays: dict[str, Play] = {
        "holdem Hand": holdem_hand,
        "holdem simulate": holdem_simulate,
    }
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        print("numpy or numba is not installed (the batch extra): no batch figures")
    else:
        plays["holdem batch"] = holdem_batch
    plays["OpenSpiel"] = openspiel
    if args.drivers:
        for chance in ("legal_actions", "chance_outcomes"):
            plays[f"OpenSpiel ({chance})"] = partial(openspiel_slow, chance=chance)
    check_deals(300, args.seed)
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
        print(f"{name + ':':<31} {speed:9,.0f} hands/s  {actions:<22}{ratio}")
    if args.parts:
        cost = parts(args.hands, args.seed, args.repeat)
        count = cost["count"]
        print(f"where a raw hand's time goes (CPU us per hand, {count:.2f} actions):")
        print(f"  build (deal, forced bets)        {cost['build']:6.2f}")
        print(
            f"  actions but the last             {cost['actions']:6.2f}"
            f"  ({cost['actions'] / (count - 1):.2f} per action: legal_actions + act)"
        )
        print(f"  last action (showdown, payout)   {cost['last']:6.2f}")
        print(f"  random_action                    {cost['policy']:6.2f}")
        print(f"  whole hand                       {cost['hand']:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
