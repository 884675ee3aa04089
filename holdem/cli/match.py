"""``holdem match`` (an evaluation match between agents: duplicate deals,
bb/100 with a 95% interval, all-in adjusted) and ``holdem acpc-dealer`` (a
local ACPC dealer); wired by :mod:`holdem.cli.command`."""

from __future__ import annotations

import argparse
import json
import math
import sys

from holdem.cli.common import OK, USAGE, Parser, plural
from holdem.errors import HoldemError


def _add_match(subparsers: argparse._SubParsersAction[Parser]) -> None:
    from holdem.selfplay.agents import AGENTS

    match = subparsers.add_parser(
        "match",
        help="an evaluation match: duplicate deals, bb/100 with a 95%% interval, all-in adjusted",
        description="Play a match between 2 to 10 agents, one seat each (blinds 1/2, every "
        "stack 200 big blinds at every hand unless --stack, the button moving one seat per "
        "deal), and print each agent's bb/100 with a 95% confidence interval over the deals, "
        "and the all-in adjusted bb/100 (a player all-in with cards to come is credited its "
        "exact equity share of every pot instead of the run-out). With --duplicate every "
        "deal is played once per rotation of the agents (the same cards, each agent in "
        "each seat).",
    )
    match.add_argument(
        "agents",
        nargs="+",
        metavar="AGENT",
        help=f"agents, one per seat: {', '.join(AGENTS)}, or module:Class or file.py:Class",
    )
    match.add_argument("--hands", type=int, default=1000, help="deals to play (default 1000)")
    match.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    match.add_argument("--duplicate", action="store_true", help="play every deal once per rotation")
    match.add_argument("--stack", type=int, default=None, help="chips per seat (default 400)")
    match.add_argument("--json", action="store_true", help="print the report as one JSON line")
    match.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="where the chunks of deals run: here (default) or as Ray tasks (the ray extra); "
        "the results are the same",
    )
    match.add_argument(
        "--address",
        default=None,
        help="with --backend ray: the Ray cluster to use (default: a local Ray; auto: the "
        "cluster this machine belongs to)",
    )
    match.set_defaults(handler=_match)


def _match(args: argparse.Namespace) -> int:
    from holdem.search.match import play_match

    try:
        runner = None
        if args.backend == "ray":
            from holdem.search.match_ray import RayMatchRunner

            runner = RayMatchRunner(args.address)
        elif args.address is not None:
            raise HoldemError("--address needs --backend ray")
        report = play_match(
            args.agents,
            args.hands,
            args.seed,
            duplicate=args.duplicate,
            stack=args.stack,
            runner=runner,
        )
    except HoldemError as error:
        print(f"holdem match: error: {error}", file=sys.stderr)
        return USAGE
    if args.json:
        print(json.dumps(report.to_dict(), sort_keys=True))
        return OK
    kind = "duplicate " if report.duplicate else ""
    hands, deals = plural(report.hands, "hand"), plural(report.deals, f"{kind}deal")
    print(f"{hands} ({deals}), seed {report.seed}")
    names = [result.name for result in report.results]
    for k, result in enumerate(report.results):
        # the same agent twice (`holdem match random call random`): which line is which?
        name = result.name if names.count(result.name) == 1 else f"{result.name} #{k + 1}"
        ci = "" if math.isnan(result.ci95) else f" ± {result.ci95:.1f}"
        adjusted_ci = "" if math.isnan(result.adjusted_ci95) else f" ± {result.adjusted_ci95:.1f}"
        print(
            f"{name:<16} {result.bb_per_100:+9.1f}{ci} bb/100   "
            f"all-in adjusted {result.adjusted_bb_per_100:+9.1f}{adjusted_ci}"
        )
    return OK


def _add_acpc_dealer(subparsers: argparse._SubParsersAction[Parser]) -> None:
    dealer = subparsers.add_parser(
        "acpc-dealer",
        help="a local dealer speaking the ACPC protocol on 127.0.0.1",
        description="Deal a match to ACPC bots on 127.0.0.1: prints one line with the ports "
        "(one per position, player 0 first), waits for every bot to connect, plays the hands "
        "(seeded, stacks reset every hand, positions rotating), writes the match log and "
        "prints each player's chips won. Heads-up, position 0 posts the big blind (the ACPC "
        "two-player games); with 3 or more, positions 0 and 1 post the blinds.",
    )
    dealer.add_argument(
        "--stacks",
        default="20000 20000",
        help="chips per position, one number per player: 2 to 10 (default '20000 20000')",
    )
    dealer.add_argument("--blinds", default="50 100", help="'SB BB' in chips (default '50 100')")
    dealer.add_argument("--hands", type=int, default=1000, help="hands (default 1000)")
    dealer.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    dealer.add_argument("--log", default=None, help="the match log file (default: none)")
    dealer.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        help="seconds a bot may take to connect or answer (default 60)",
    )
    dealer.set_defaults(handler=_acpc_dealer)


def _chips(text: str, option: str) -> list[int]:
    """The whole numbers of chips in ``text``, separated by spaces or commas."""
    numbers = text.replace(",", " ").split()
    for item in numbers:
        if not item.isascii() or not item.isdigit() or len(item) > 19:
            raise HoldemError(f"{option}: each amount is a whole number of chips, got {item!r}")
    return [int(item) for item in numbers]


def _acpc_dealer(args: argparse.Namespace) -> int:
    from holdem.search.dealer import main as dealer_main

    try:
        _chips(args.stacks, "--stacks")
        if len(_chips(args.blinds, "--blinds")) != 2:
            raise HoldemError(f"--blinds: two amounts, 'SB BB', got {args.blinds!r}")
    except HoldemError as error:
        print(f"holdem acpc-dealer: error: {error}", file=sys.stderr)
        return USAGE
    args.stacks, args.blinds = args.stacks.replace(",", " "), args.blinds.replace(",", " ")
    argv = ["--stacks", args.stacks, "--blinds", args.blinds, "--hands", str(args.hands)]
    argv += ["--seed", str(args.seed), "--timeout", str(args.timeout)]
    if args.log is not None:
        argv += ["--log", args.log]
    try:
        return dealer_main(argv)
    except (HoldemError, ValueError) as error:
        print(f"holdem acpc-dealer: error: {error}", file=sys.stderr)
        return USAGE
