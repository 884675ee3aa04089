"""Self-play subcommands: ``holdem simulate`` (hands between agents),
``holdem merge`` (merge shard results) and ``holdem tournament`` (a
sit-and-go to the end); wired by :mod:`holdem.cli.command`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from holdem.cli.common import FAILED, OK, USAGE, Parser, items, plural
from holdem.errors import HoldemError

if TYPE_CHECKING:
    from holdem.selfplay.simulate import Simulation


# --------------------------------------------------------------- simulate
def _add_simulate(subparsers: argparse._SubParsersAction[Parser]) -> None:
    from holdem.selfplay.agents import AGENTS

    simulate = subparsers.add_parser(
        "simulate",
        help="self-play: many hands between reference agents, with each agent's win rate",
        description="Play independent hands between agents (blinds 1/2, every stack 200 big "
        "blinds at the start of every hand, the button moving one seat each hand, agents "
        "given to the seats cyclically) and print each agent's chips won (over all its "
        "seats) and bb/100/seat, the big blinds it won per 100 hands per seat (an agent on "
        "two seats: the average of the two), with a 95% confidence interval, and hands per "
        "second. The same seed gives the same results with any number of workers.",
    )
    simulate.add_argument("--players", type=int, default=6, help="seats, 2 to 10 (default 6)")
    how_many = simulate.add_mutually_exclusive_group()
    how_many.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    simulate.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    simulate.add_argument(
        "--agent",
        default="random",
        metavar="NAME[,NAME...]",
        help=f"agents for the seats, cyclically: {', '.join(AGENTS)}, or your own class as "
        "module:Class or path/to/file.py:Class (default random)",
    )
    simulate.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes (default 1; 0: one per CPU); at most one per chunk of hands is used",
    )
    simulate.add_argument(
        "--json",
        action="store_true",
        help='print one JSON line: {"hands", "seconds", "hands_per_second", "results": '
        '{AGENT: {"seats", "hands", "chips", "bb_per_100" (per seat), "ci95", '
        '"chips_squared"}}, "start", "players", "seed", "agents", "small_blind", '
        '"big_blind", "stack"}; shards merge exactly with holdem merge',
    )
    simulate.add_argument(
        "--start",
        type=int,
        default=0,
        metavar="K",
        help="the index of the first hand (default 0): with --count N, play the shard of "
        "hands K to K+N-1 of the run (hand i is seeded from the seed and i)",
    )
    how_many.add_argument(
        "--count", type=int, dest="hands", metavar="N", help="the same as --hands"
    )
    simulate.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local processes (default) or Ray tasks (extra ray); the results are the same",
    )
    simulate.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: the Ray cluster to use (default: a local Ray; auto: the "
        "cluster of this machine)",
    )
    simulate.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress line (it is shown on standard error when it is a terminal)",
    )
    simulate.add_argument(
        "--batch",
        action="store_true",
        help="play on the batched numpy engine (extra 'batch'), agents random, call, table "
        "or table:FILE (.npy or .json weights of fold, call, raise: shape 169x3 or 4x169x3); "
        "its own random source, so other results than without --batch",
    )
    simulate.set_defaults(handler=_simulate)


def _simulate(args: argparse.Namespace) -> int:
    from holdem.cli.progress import Progress
    from holdem.selfplay.agent_specs import AgentFailure
    from holdem.selfplay.agent_specs import factories as agent_factories
    from holdem.selfplay.simulate import simulate

    progress = Progress.on_terminal(sys.stderr, enabled=not args.no_progress)
    try:
        if args.batch:
            return _print_simulation(args, _simulate_batch(args, progress))
        runner = None
        if args.backend == "ray":
            from holdem.selfplay.simulate_ray import RayRunner

            runner = RayRunner(args.address)
        elif args.address is not None:
            raise HoldemError("--address needs --backend ray")
        agents = items(args.agent)
        result = simulate(
            args.players,
            args.hands,
            args.seed,
            agents,
            workers=args.workers,
            factories=agent_factories(agents),
            progress=progress,
            start=args.start,
            runner=runner,
        )
    except HoldemError as error:
        again = ""
        if isinstance(error, AgentFailure):  # hand n (from 1) is seed index n - 1
            again = f" (to play this hand alone: --start {error.hand - 1} --count 1)"
        print(f"holdem simulate: error: {error}{again}", file=sys.stderr)
        return USAGE
    finally:
        if progress is not None:
            progress.close()
    return _print_simulation(args, result)


def _print_simulation(args: argparse.Namespace, result: Simulation) -> int:
    from holdem.selfplay.simulate import format_results

    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(format_results(result))
    return OK


def _simulate_batch(
    args: argparse.Namespace, progress: Callable[[int, int], None] | None
) -> Simulation:
    """``simulate --batch``: the batched engine's report (HoldemError when
    numpy, the batch extra, is missing, or with a setting it does not take)."""
    try:
        from holdem.batch import simulate_batch
    except ImportError:
        raise HoldemError("--batch needs numpy: pip install 'holdem[batch]'") from None
    if args.backend != "local" or args.address is not None or args.start:
        raise HoldemError("--batch plays in local processes from hand 0 (no --backend, --start)")
    return simulate_batch(
        args.players,
        args.hands,
        args.seed,
        items(args.agent),
        workers=args.workers,
        progress=progress,
    ).simulation


# ------------------------------------------------------------------ merge
def _add_merge(subparsers: argparse._SubParsersAction[Parser]) -> None:
    merge = subparsers.add_parser(
        "merge",
        help="combine the JSON of holdem simulate shards into the result of the whole run",
        description="Read the JSON lines of holdem simulate --json runs that are shards of one "
        "run (--start K --count N, the same other settings) and print the result of the whole "
        "run: exactly what one run of all the hands gives (seconds: the shards' sum).",
    )
    merge.add_argument("files", nargs="+", metavar="FILE", help="JSON lines files (-: stdin)")
    merge.add_argument("--text", action="store_true", help="the text table instead of JSON")
    merge.set_defaults(handler=_merge)


def _merge(args: argparse.Namespace) -> int:
    from holdem.selfplay.shards import ShardError, merge, read_shards
    from holdem.selfplay.simulate import format_results

    data, labels, problems = read_shards(args.files)
    if data or not problems:  # the records that were read are checked too
        try:
            result = merge(data, labels)
        except ShardError as error:
            problems = problems + error.problems
    if problems:
        for problem in problems:
            print(f"holdem merge: error: {problem}", file=sys.stderr)
        return USAGE
    print(format_results(result, "shard") if args.text else json.dumps(result.to_dict()))
    return OK


# ------------------------------------------------------------- tournament
def _add_tournament(subparsers: argparse._SubParsersAction[Parser]) -> None:
    from holdem.selfplay.agents import AGENTS

    tournament = subparsers.add_parser(
        "tournament",
        help="a sit-and-go between reference agents, played to the end, with the places",
        description="Seat one reference agent per player (in the order given, from seat 0, "
        "the first button), play hands with rising blinds and the dead-button rule until one "
        "player has every chip, and print each elimination and the places (R9.1: players "
        "out in the same hand place by the stacks they started it with; equal stacks share).",
    )
    tournament.add_argument(
        "--agents",
        default="random,call,potodds,random,call,potodds",
        metavar="NAME[,NAME...]",
        help=f"one agent per player, 2 to 10: {', '.join(AGENTS)}, or module:Class or "
        "path/to/file.py:Class (default: six players)",
    )
    tournament.add_argument("--stack", type=int, default=1500, help="starting stack (default 1500)")
    tournament.add_argument(
        "--hands-per-level", type=int, default=10, help="hands per blind level (default 10)"
    )
    tournament.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    tournament.add_argument(
        "--max-hands", type=int, default=10_000, help="stop after this many hands (default 10000)"
    )
    tournament.add_argument(
        "-q", "--quiet", action="store_true", help="only the results table, no eliminations"
    )
    tournament.set_defaults(handler=_tournament)


def _tournament(args: argparse.Namespace) -> int:
    from holdem.selfplay import tournament as sng
    from holdem.selfplay.agent_specs import AgentFailure
    from holdem.table.table import Busted, Schedule

    try:
        if args.hands_per_level < 1:
            raise HoldemError(f"--hands-per-level must be at least 1, got {args.hands_per_level}")
        if args.stack < 1:
            raise HoldemError(f"--stack must be at least 1 chip, got {args.stack}")
        if args.max_hands < 1:
            raise HoldemError(f"--max-hands must be at least 1, got {args.max_hands}")
        levels = sng.DEFAULT_SCHEDULE.levels
        schedule = Schedule(levels, hands_per_level=args.hands_per_level)
        table, decide = sng.agents_table(
            items(args.agents), stack=args.stack, schedule=schedule, seed=args.seed
        )
    except HoldemError as error:
        print(f"holdem tournament: error: {error}", file=sys.stderr)
        return USAGE
    players = len(table.players_with_chips)
    if not args.quiet:
        print(
            f"Sit-and-go: {players} players, {plural(args.stack, 'chip')} each, "
            f"blinds up every {plural(args.hands_per_level, 'hand')}, seed {args.seed}"
        )
    seen = 0
    while not table.is_over and table.hands_played < args.max_hands:
        try:
            table.play_hand(decide)
        except AgentFailure as error:
            print(f"holdem tournament: error: {error}", file=sys.stderr)
            return USAGE
        events = table.events
        for event in events[seen:]:
            if isinstance(event, Busted) and not args.quiet and event.place is not None:
                place = sng.ordinal(event.place) + (" (shared)" if event.shared else "")
                print(
                    f"hand {event.hand}: {event.name} finishes {place}, "
                    f"having started the hand with {event.starting_stack:,}"
                )
        seen = len(events)
    standings = table.standings()
    if not args.quiet:
        if table.is_over:
            print(
                f"hand {table.hands_played}: {standings[0].name} wins with "
                f"{plural(standings[0].chips, 'chip')}"
            )
        print()
    print(sng.format_standings(standings))
    if not table.is_over:
        print(
            f"holdem tournament: stopped after {plural(args.max_hands, 'hand')} with no winner",
            file=sys.stderr,
        )
        return FAILED
    return OK
