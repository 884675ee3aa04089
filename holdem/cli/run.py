"""``holdem run`` (play scenario files, :mod:`holdem.scenarios.scenario`) and ``holdem pots``
(the pot calculator, :mod:`holdem.views.calculator`); wired by :mod:`holdem.cli.command`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from holdem.cli.common import FAILED, OK, USAGE, Parser, items, plural
from holdem.cli.mtt import run_tournament_file
from holdem.engine.betting import parse_chips
from holdem.errors import HoldemError, NotationError
from holdem.mtt.scenarios import is_tournament
from holdem.scenarios.scenario import (
    ScenarioError,
    find_scenarios,
    load_scenario,
    printable,
    run_scenario,
)
from holdem.views.calculator import CalculatorError, calculate, format_text, to_json
from holdem.views.history import format_history

if TYPE_CHECKING:
    pass


# -------------------------------------------------------------------- run
def _add_run(subparsers: argparse._SubParsersAction[Parser]) -> None:
    run = subparsers.add_parser(
        "run",
        help="play scenario files and check their expectations",
        description="Play each scenario file (folders are searched for *.toml), print its "
        "hand history and a PASS or FAIL line with every difference, or an ERROR line for a "
        "broken file (one that cannot be read or checked), then 'N passed, N failed, N "
        "broken'. Exit status: 0 when every scenario passed, 1 when one failed or was "
        "broken, 2 for bad usage or no scenario files (one line on stderr).",
    )
    run.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
    run.add_argument(
        "-q", "--quiet", action="store_true", help="one line per scenario, no histories"
    )
    run.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    try:
        paths = find_scenarios(args.paths)
    except ScenarioError as error:
        print(f"holdem run: error: {error}", file=sys.stderr)
        return USAGE
    if not paths:
        print("holdem run: error: no scenario files (*.toml) found", file=sys.stderr)
        return USAGE
    passed = failed = broken = 0
    for path in paths:
        name = printable(str(path))
        if is_tournament(path):  # a tournament scenario (R15, holdem.mtt.scenarios)
            outcome = run_tournament_file(str(path), name, args.quiet)
            if outcome is None:
                broken += 1
            elif outcome:
                passed += 1
            else:
                failed += 1
            continue
        try:
            result = run_scenario(load_scenario(path))
        except ScenarioError as error:
            broken += 1
            print(
                f"ERROR {name}: broken scenario: {error.step or 'file'}: {printable(error.problem)}"
            )
            continue
        rule = result.scenario.rule
        if not args.quiet:
            print(f"=== {name} ({rule}) ===")
            print(format_history(result.hand))
        if result.passed:
            passed += 1
            print(f"PASS {name} ({rule})")
        elif args.quiet:
            failed += 1
            print(f"FAIL {name} ({rule}): " + "; ".join(result.failures))
        else:
            failed += 1
            print(f"FAIL {name} ({rule})")
            for failure in result.failures:
                print(f"  {failure}")
        if not args.quiet:
            print()
    print(f"{passed} passed, {failed} failed, {broken} broken")
    return FAILED if failed or broken else OK


# ------------------------------------------------------------------- pots
_POTS_EPILOG = """\
Seats are listed from the first seat left of the button, so the button is
the last seat. Example (seed 000):
  holdem pots --names Anna,Bjarni,Davíð --contributions 5000,12000,20000 --ranks 1,2,3
With a fold and a big-blind ante paid by the folder:
  holdem pots --names Anna,Bjarni,Eva,Davíð --contributions 5000,12000,200,20000 \\
      --folded Eva --ranks 1,2,x,3 --dead 200 --dead-from Eva
"""


def _add_pots(subparsers: argparse._SubParsersAction[Parser]) -> None:
    pots = subparsers.add_parser(
        "pots",
        help="the pot calculator: pots, winners and net results from contributions",
        description="Build the main pot and side pots from what each seat put in (R7), "
        "award them by hand rank (R8) and print the net results.",
        epilog=_POTS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    pots.add_argument(
        "--contributions",
        "-c",
        required=True,
        metavar="N,N,...",
        help="chips each seat put in over the whole hand, blinds included",
    )
    pots.add_argument(
        "--ranks",
        "-r",
        required=True,
        metavar="R,R,...",
        help="hand rank per seat: 1 = best, equal numbers tie, x for a folded seat",
    )
    pots.add_argument(
        "--folded",
        "-f",
        default="",
        metavar="SEAT,...",
        help="seats that folded, by name or position (1 = first left of the button)",
    )
    pots.add_argument("--names", "-n", metavar="NAME,...", help="seat names (default Player 1...)")
    pots.add_argument(
        "--dead",
        type=str,
        default="0",
        metavar="N",
        help="dead money for the main pot, e.g. a big-blind ante (R7.6); needs --dead-from",
    )
    pots.add_argument(
        "--dead-from",
        metavar="SEAT",
        help="the seat that paid the dead money, by name or position (as --folded)",
    )
    pots.add_argument("--json", action="store_true", help="print JSON instead of text")
    pots.set_defaults(handler=_pots)


def _whole(what: str, text: str) -> int:
    try:
        return parse_chips(text)
    except NotationError:
        digits = text.replace(",", "").replace("_", "")
        bound = " (at most 2**63 - 1)" if digits.isascii() and digits.isdigit() else ""
        raise CalculatorError(
            f"{what} must be a whole number of chips >= 0, got {_quote(text)}{bound}"
        ) from None


def _quote(text: str) -> str:
    """``text`` quoted, cut short so that an error stays one short line."""
    return repr(text) if len(text) <= 40 else f"{text[:20]!r}... ({len(text):,} characters)"


def _number(text: str) -> int | None:
    """A whole number of at most 19 ASCII digits (leading zeros aside), else ``None``."""
    if text.isascii() and text.isdigit() and len(text.lstrip("0")) <= 19:
        return int(text)
    return None


def _seat(text: str, names: Sequence[str]) -> int:
    if text in names:
        return list(names).index(text)
    position = _number(text)
    if position is not None and 1 <= position <= len(names):
        return position - 1
    raise CalculatorError(
        f"unknown seat {_quote(text)} "
        f"(names: {', '.join(_quote(name) for name in names)}; or 1 to {len(names)})"
    )


def _pots(args: argparse.Namespace) -> int:
    try:
        contributions = [_whole("each contribution", c) for c in items(args.contributions)]
        n = len(contributions)
        names = (
            items(args.names) if args.names is not None else [f"Player {i + 1}" for i in range(n)]
        )
        if len(names) != n:
            raise CalculatorError(f"{plural(len(names), 'name')} for {plural(n, 'contribution')}")
        folded = [False] * n
        for item in items(args.folded):
            folded[_seat(item, names)] = True
        ranks: list[int | None] = []
        for seat, item in enumerate(items(args.ranks)):
            if item in ("x", "X", "-"):
                ranks.append(None)
            elif _number(item) is not None:
                ranks.append(int(item))
            else:
                who = printable(names[seat]) if seat < n else f"rank {seat + 1}"
                raise CalculatorError(
                    f"{who}: a rank is a whole number >= 1, or x if folded, got {_quote(item)}"
                )
        if len(ranks) != n:
            raise CalculatorError(f"{plural(len(ranks), 'rank')} for {plural(n, 'contribution')}")
        for seat, (rank, out) in enumerate(zip(ranks, folded)):
            if rank is None and not out:
                raise CalculatorError(
                    f"{printable(names[seat])} has rank x but did not fold (add to --folded)"
                )
        dead = _whole("--dead", args.dead)
        dead_from = None if args.dead_from is None else _seat(args.dead_from, names)
        if dead and dead_from is None:
            raise CalculatorError(
                f"--dead {dead:,} needs --dead-from SEAT, the seat that paid it "
                "(else the net results would not sum to zero)"
            )
        calc = calculate(contributions, ranks, folded, names=names, dead=dead, dead_from=dead_from)
    except HoldemError as error:
        print(f"holdem pots: error: {error}", file=sys.stderr)
        return USAGE
    if args.json:
        print(json.dumps(to_json(calc), ensure_ascii=False, indent=2))
    else:
        print(format_text(calc))
    return OK
