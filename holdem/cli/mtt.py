"""``holdem icm`` (chip stacks to prize equity) and ``holdem mtt`` (a whole
multi-table tournament between agents, R15).

:func:`add_parser` adds both subcommands; :func:`run_icm` and
:func:`run_mtt` are their handlers (exit status 0, or 2 for bad input with
one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from typing import Any

from holdem.cli.common import OK, USAGE, Parser, items
from holdem.errors import HoldemError, value_text

__all__ = ["add_parser", "run_icm", "run_mtt"]


def _numbers(text: str, what: str, whole: bool) -> list[int | Fraction]:
    out: list[int | Fraction] = []
    for item in items(text):
        try:
            out.append(int(item) if whole else Fraction(item))
        except (ValueError, ZeroDivisionError):
            kind = "whole numbers" if whole else "numbers"
            got = value_text(item, True)
            raise HoldemError(f"{what}: {kind} separated by commas, got {got}") from None
    if not out:
        raise HoldemError(f"{what}: give at least one number")
    return out


def add_parser(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Add the ``icm`` and ``mtt`` subcommands."""
    from holdem.selfplay.agents import AGENTS

    icm = subparsers.add_parser(
        "icm",
        help="ICM: each stack's expected prize (Malmuth-Harville)",
        description="Each player's prize equity under the Independent Chip Model "
        "(Malmuth-Harville): exact when the work fits a budget (16 players with every "
        "place paid), else sampled with the standard error of each equity.",
        epilog="Example: holdem icm --stacks 5000,3000,2000 --payouts 50,30,20 --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    icm.add_argument("--stacks", required=True, metavar="N,N,...", help="chips of each player")
    icm.add_argument(
        "--payouts",
        required=True,
        metavar="P,P,...",
        help="prizes, 1st place first (at most one per stack)",
    )
    icm.add_argument("--samples", type=int, metavar="N", help="sample N finishing orders")
    icm.add_argument("--seed", type=int, default=0, help="sampling seed (default 0)")
    icm.add_argument(
        "--deal",
        action="store_true",
        help="an ICM deal in whole units (prizes must be whole numbers)",
    )
    icm.add_argument(
        "--left-to-play",
        type=int,
        default=0,
        metavar="N",
        help="with --deal: units of the first prize left to play for (default 0)",
    )
    icm.add_argument("--json", action="store_true", help='print {"equity": [...], "exact": ...}')
    icm.set_defaults(handler=run_icm)

    mtt = subparsers.add_parser(
        "mtt",
        help="a multi-table tournament between agents, played to the end (R15)",
        description="Draw N players to tables of S seats, play every table with the "
        "agents (one per player, in turn from the list), balance and break tables, play "
        "hand-for-hand from the bubble, and print the places and prizes, with the hands "
        "played, players moved and tables broken (R15). Blinds by level: 10/20, 15/30, "
        "25/50, 50/100, 75/150, 100/200 ante 25, 150/300 ante 25, 200/400 ante 50, 300/600 "
        "ante 75, 400/800 ante 100, 600/1200 ante 200, 1000/2000 ante 300, 1500/3000 ante "
        "400, 2000/4000 ante 500, 3000/6000 ante 1000 (the last stays); a --colour-up unit "
        "must divide the blinds and antes from its level on and the stack (e.g. 4:25,11:100). "
        "Hand numbers count the hands of all tables in the order they start.",
    )
    mtt.add_argument("--players", type=int, required=True, help="players registered (>= 2)")
    mtt.add_argument("--seats", type=int, default=9, help="seats per table, 3 to 10 (default 9)")
    mtt.add_argument("--stack", type=int, default=1500, help="starting stack (default 1500)")
    mtt.add_argument(
        "--agents",
        default="call,random",
        metavar="NAME[,NAME...]",
        help=f"agents, taken in turn: {', '.join(AGENTS)}, or module:Class (default call,random)",
    )
    mtt.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    mtt.add_argument("--hands-per-level", type=int, default=10, help="hands per level (default 10)")
    mtt.add_argument("--payouts", metavar="W,W,...", help="payout weights, 1st place first")
    mtt.add_argument(
        "--prize-pool", type=int, help="prize pool in whole units (default 100 per player)"
    )
    mtt.add_argument("--buy-in", type=int, default=100, help="units per entry (default 100)")
    mtt.add_argument("--late", type=int, default=0, metavar="N", help="N players register late")
    mtt.add_argument(
        "--late-until", type=int, default=0, metavar="L", help="late registration to level L"
    )
    mtt.add_argument("--reentries", type=int, default=0, metavar="N", help="re-entries each")
    mtt.add_argument("--rebuy-until", type=int, default=0, metavar="L", help="rebuys to level L")
    mtt.add_argument("--rebuys", type=int, metavar="N", help="rebuys each (default no limit)")
    mtt.add_argument("--add-on-level", type=int, metavar="L", help="add-on at level L (from 1)")
    mtt.add_argument("--breaks-after", metavar="L,L,...", help="a break after these levels")
    mtt.add_argument(
        "--colour-up", metavar="L:U,...", help="from level L the smallest chip is U (R15.10)"
    )
    mtt.add_argument(
        "--tournaments",
        type=int,
        default=1,
        metavar="K",
        help="K tournaments, seeds seed..seed+K-1",
    )
    mtt.add_argument("--backend", choices=("local", "ray"), default="local", help="where they run")
    mtt.add_argument(
        "--json",
        action="store_true",
        help='print one JSON object ({"tournaments": [...]} for several)',
    )
    mtt.set_defaults(handler=run_mtt)


def run_icm(args: argparse.Namespace) -> int:
    """``holdem icm``: print each stack's equity in payout units."""
    from holdem.icm import icm

    try:
        stacks = [int(s) for s in _numbers(args.stacks, "--stacks", True)]
        payouts = _numbers(args.payouts, "--payouts", False)
        if len(payouts) > len(stacks):
            raise HoldemError(
                f"--payouts: {len(payouts)} places for {len(stacks)} stacks: "
                f"place {len(stacks) + 1} and below are never reached (give at most {len(stacks)})"
            )
        result = icm(stacks, payouts, samples=args.samples, seed=args.seed)
    except HoldemError as error:
        print(f"holdem icm: error: {error}", file=sys.stderr)
        return USAGE
    equity = [float(e) for e in result.equity]
    if args.deal:
        return _deal(args, stacks, payouts)
    if args.json:
        data: dict[str, object] = {"equity": equity, "exact": result.exact}
        if not result.exact:
            data["stderr"] = list(result.stderr)
            data["samples"] = result.samples
        print(json.dumps(data))
        return OK
    how = "exact" if result.exact else f"sampled, {result.samples:,} finishing orders"
    print(f"ICM (Malmuth-Harville), {how}")
    print(f"{'Player':>6}  {'Stack':>12}  {'Equity':>12}" + ("" if result.exact else "  ± s.e."))
    for i, (stack, e) in enumerate(zip(stacks, equity)):
        extra = "" if result.exact else f"  ± {result.stderr[i]:.4f}"
        print(f"{i + 1:>6}  {stack:>12,}  {e:>12.4f}{extra}")
    return OK


def _deal(args: argparse.Namespace, stacks: list[int], payouts: list[int | Fraction]) -> int:
    from holdem.icm import icm_deal

    try:
        whole = [int(p) for p in payouts]
        if whole != payouts:
            raise HoldemError("--payouts: a deal pays whole units")
        deal = icm_deal(stacks, whole, left_to_play=args.left_to_play)
    except HoldemError as error:
        print(f"holdem icm: error: {error}", file=sys.stderr)
        return USAGE
    if args.json:
        data = {"deal": list(deal.amounts), "left_to_play": deal.left_to_play}
        print(json.dumps(data))
        return OK
    print(f"ICM deal: {sum(deal.amounts):,} units dealt, {deal.left_to_play:,} left to play for")
    print(f"{'Player':>6}  {'Stack':>12}  {'Takes':>12}  {'ICM':>12}")
    for i, (stack, amount) in enumerate(zip(stacks, deal.amounts)):
        print(f"{i + 1:>6}  {stack:>12,}  {amount:>12,}  {float(deal.equity[i]):>12.4f}")
    return OK


def _spec(args: argparse.Namespace) -> Any:
    from holdem.mtt.entries import Entries
    from holdem.mtt.simulate import Spec

    if args.hands_per_level < 1:
        raise HoldemError(f"--hands-per-level must be at least 1, got {args.hands_per_level}")
    if args.tournaments < 1:
        raise HoldemError(f"--tournaments must be at least 1, got {args.tournaments}")
    payouts = None if args.payouts is None else _numbers(args.payouts, "--payouts", False)
    breaks = (
        () if args.breaks_after is None else _numbers(args.breaks_after, "--breaks-after", True)
    )
    colour: list[tuple[int, int]] = []
    for item in items(args.colour_up or ""):
        level, _, unit = item.partition(":")
        if not (level.isdigit() and unit.isdigit()):
            raise HoldemError(f"--colour-up: expected LEVEL:UNIT, got {value_text(item, True)}")
        colour.append((int(level), int(unit)))
    if args.add_on_level is not None and args.add_on_level < 1:
        raise HoldemError(
            f"--add-on-level: a level from 1, got {value_text(args.add_on_level)} "
            "(leave it out for no add-on)"
        )
    entries = Entries(
        buy_in=args.buy_in,
        late_until=args.late_until,
        reentries=args.reentries,
        rebuy_until=args.rebuy_until,
        rebuys=args.rebuys,
        add_on_level=args.add_on_level or 0,
    )
    if args.late and not args.late_until:
        raise HoldemError("--late needs --late-until (the last level of late registration)")
    return Spec(
        agents=tuple(items(args.agents)),
        players=args.players,
        seats=args.seats,
        stack=args.stack,
        hands_per_level=args.hands_per_level,
        payouts=None if payouts is None else tuple(payouts),
        prize_pool=args.prize_pool,
        entries=entries,
        late=args.late,
        breaks_after=tuple(int(b) for b in breaks),
        colour_ups=tuple(colour),
    )


def run_mtt(args: argparse.Namespace) -> int:
    """``holdem mtt``: simulate whole tournaments and print the results."""
    from holdem.mtt.simulate import agents_director, run_many
    from holdem.selfplay.agent_specs import AgentFailure
    from holdem.selfplay.tournament import ordinal

    try:
        spec = _spec(args)
        agents_director(  # check every option at once, before any play
            spec.agents,
            players=spec.players,
            seats=spec.seats,
            stack=spec.stack,
            payouts=spec.payouts,
            prize_pool=spec.prize_pool,
            entries=spec.entries,
            late=spec.late,
            breaks_after=spec.breaks_after,
            colour_ups=dict(spec.colour_ups),
        )
    except HoldemError as error:
        print(f"holdem mtt: error: {error}", file=sys.stderr)
        return USAGE
    seeds = list(range(args.seed, args.seed + args.tournaments))
    try:
        if args.backend == "ray":
            from holdem.mtt.simulate_ray import run_many_ray

            results = run_many_ray(spec, seeds)
        else:
            results = run_many(spec, seeds)
    except (AgentFailure, HoldemError) as error:
        print(f"holdem mtt: error: {error}", file=sys.stderr)
        return USAGE
    if args.json:
        print(json.dumps(results[0] if len(results) == 1 else {"tournaments": results}))
        return OK
    for data in results:
        print(
            f"Tournament: {data['players']:,} players ({data['entries']:,} entries) at "
            f"{args.seats}-seat tables, {args.stack:,} chips each, seed {data['seed']}: "
            f"{data['hands']:,} hands, {data['move_count']:,} players moved, "
            f"{data['break_count']:,} tables broken, prize pool {data['prize_pool']:,}"
        )
        print(f"{'Place':>6}  {'Player':<20}  {'Prize':>10}  {'Out in hand':>11}")
        for row in data["places"]:
            if row["prize"] == 0 and row["place"] > 20:
                continue
            place = ordinal(row["place"]) + ("=" if row["shared"] else "")
            out = "" if row["eliminated_in_hand"] is None else f"{row['eliminated_in_hand']:,}"
            print(f"{place:>6}  {row['player']:<20}  {row['prize']:>10,}  {out:>11}")
        print(
            f"chips: {data['chips_start']:,} at the start, {data['chips_bought']:,} bought, "
            f"{data['chips_raced']:+,} by colour-ups, {data['chips_end']:,} at the end"
        )
    return OK


def run_tournament_file(path: str, name: str, quiet: bool) -> bool | None:
    """``holdem run`` on a tournament scenario file (:mod:`holdem.mtt.scenarios`):
    print its result as for a hand scenario; True when it passed, False when it
    failed, ``None`` when the file is broken (it cannot be read or played)."""
    from holdem.mtt.scenarios import run_tournament
    from holdem.scenarios.model import ScenarioError, printable

    try:
        result = run_tournament(path)
    except ScenarioError as error:
        print(f"ERROR {name}: broken scenario: {error.step or 'file'}: {printable(error.problem)}")
        return None
    rule = result.rule
    if not quiet:
        print(f"=== {name} ({rule}) ===")
        for line in result.log:
            print(printable(line))
    if result.passed:
        print(f"PASS {name} ({rule})")
    elif quiet:
        print(f"FAIL {name} ({rule}): " + "; ".join(result.failures))
    else:
        print(f"FAIL {name} ({rule})")
        for failure in result.failures:
            print(f"  {failure}")
    if not quiet:
        print()
    return result.passed
