"""The ``holdem`` command: ``holdem run`` plays scenario files, ``holdem pots``
is the pot calculator, ``holdem replay`` replays hand histories (PHH).

Each subcommand is one ``_add_<name>(subparsers)`` function that builds its
parser and sets ``handler``, a function from the parsed arguments to the exit
status; :func:`build_parser` lists them. Exit status: 0 success, 1 a scenario
failed or was broken (or a replayed hand differed or was rejected), 2 bad
usage or bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from holdem.calculator import CalculatorError, calculate, format_text, to_json
from holdem.errors import HoldemError
from holdem.history import format_history
from holdem.phh import DIFFERED, MATCHED, REJECTED, REPLAYED, UNSUPPORTED, replay_paths
from holdem.scenarios import ScenarioError, find_scenarios, load_scenario, run_scenario

OK, FAILED, USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE, f"{self.prog}: error: {message}\n")


# -------------------------------------------------------------------- run
def _add_run(subparsers: argparse._SubParsersAction[_Parser]) -> None:
    run = subparsers.add_parser(
        "run",
        help="play scenario files and check their expectations",
        description="Play each scenario file (folders are searched for *.toml), print its "
        "hand history and a PASS or FAIL line with every difference.",
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
    passed = failed = 0
    for path in paths:
        try:
            result = run_scenario(load_scenario(path))
        except ScenarioError as error:
            failed += 1
            print(f"ERROR {path}: broken scenario: {error.step or 'file'}: {error.problem}")
            continue
        rule = result.scenario.rule
        if not args.quiet:
            print(f"=== {path} ({rule}) ===")
            print(format_history(result.hand))
        if result.passed:
            passed += 1
            print(f"PASS {path} ({rule})")
        elif args.quiet:
            failed += 1
            print(f"FAIL {path} ({rule}): " + "; ".join(result.failures))
        else:
            failed += 1
            print(f"FAIL {path} ({rule})")
            for failure in result.failures:
                print(f"  {failure}")
        if not args.quiet:
            print()
    print(f"{passed} passed, {failed} failed")
    return FAILED if failed else OK


# ------------------------------------------------------------------- pots
_POTS_EPILOG = """\
Seats are listed from the first seat left of the button, so the button is
the last seat. Example (seed 000):
  holdem pots --names Anna,Bjarni,Davíð --contributions 5000,12000,20000 --ranks 1,2,3
With a fold and a big-blind ante paid by the folder:
  holdem pots --names Anna,Bjarni,Eva,Davíð --contributions 5000,12000,200,20000 \\
      --folded Eva --ranks 1,2,x,3 --dead 200 --dead-from Eva
"""


def _add_pots(subparsers: argparse._SubParsersAction[_Parser]) -> None:
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
        help="dead money for the main pot, e.g. a big-blind ante (R7.6)",
    )
    pots.add_argument("--dead-from", metavar="SEAT", help="the seat that paid the dead money")
    pots.add_argument("--json", action="store_true", help="print JSON instead of text")
    pots.set_defaults(handler=_pots)


def _items(text: str) -> list[str]:
    return [item.strip() for item in text.split(",")] if text.strip() else []


def _whole(what: str, text: str) -> int:
    digits = text.replace("_", "")
    if not digits.isdigit():
        raise CalculatorError(f"{what} must be a whole number of chips >= 0, got {text!r}")
    return int(digits)


def _seat(text: str, names: Sequence[str]) -> int:
    if text in names:
        return list(names).index(text)
    if text.isdigit() and 1 <= int(text) <= len(names):
        return int(text) - 1
    raise CalculatorError(
        f"unknown seat {text!r} (names: {', '.join(names)}; or 1 to {len(names)})"
    )


def _pots(args: argparse.Namespace) -> int:
    try:
        contributions = [_whole("each contribution", c) for c in _items(args.contributions)]
        n = len(contributions)
        names = (
            _items(args.names) if args.names is not None else [f"Player {i + 1}" for i in range(n)]
        )
        if len(names) != n:
            raise CalculatorError(f"{len(names)} names for {n} contributions")
        folded = [False] * n
        for item in _items(args.folded):
            folded[_seat(item, names)] = True
        ranks: list[int | None] = []
        for seat, item in enumerate(_items(args.ranks)):
            if item in ("x", "X", "-"):
                ranks.append(None)
            elif item.isdigit():
                ranks.append(int(item))
            else:
                who = names[seat] if seat < n else f"rank {seat + 1}"
                raise CalculatorError(
                    f"{who}: a rank is a whole number >= 1, or x if folded, got {item!r}"
                )
        if len(ranks) != n:
            raise CalculatorError(f"{len(ranks)} ranks for {n} contributions")
        for seat, (rank, out) in enumerate(zip(ranks, folded)):
            if rank is None and not out:
                raise CalculatorError(
                    f"{names[seat]} has rank x but did not fold (add to --folded)"
                )
        dead = _whole("--dead", args.dead)
        dead_from = None if args.dead_from is None else _seat(args.dead_from, names)
        calc = calculate(contributions, ranks, folded, names=names, dead=dead, dead_from=dead_from)
    except HoldemError as error:
        print(f"holdem pots: error: {error}", file=sys.stderr)
        return USAGE
    if args.json:
        print(json.dumps(to_json(calc), ensure_ascii=False, indent=2))
    else:
        print(format_text(calc))
    return OK


# ----------------------------------------------------------------- replay
def _add_replay(subparsers: argparse._SubParsersAction[_Parser]) -> None:
    replay = subparsers.add_parser(
        "replay",
        help="replay hand histories (PHH .phh/.phhs, or JSON lines) and compare the results",
        description="Replay every hand through the same legality checks as live play and "
        "compare the final stacks with the recorded finishing_stacks. Prints "
        "'N hands: N matched, N differed, N rejected, N unsupported' and, for each hand "
        "that did not match, its id and the first divergence. Exit status 0 only if no "
        "hand differed or was rejected.",
    )
    replay.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    replay.add_argument(
        "--json", action="store_true",
        help="one JSON object per hand: id, status, finishing_stacks, expected, error",
    )
    replay.add_argument(
        "--progress", choices=("auto", "always", "never"), default="auto",
        help="progress bar on stderr (auto: only when stderr is a terminal)",
    )
    replay.set_defaults(handler=_replay)


def _replay(args: argparse.Namespace) -> int:
    counts = dict.fromkeys((MATCHED, DIFFERED, REJECTED, UNSUPPORTED, REPLAYED), 0)
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    total = 0
    for result in replay_paths(args.paths):
        total += 1
        counts[result.status] += 1
        if args.json:
            print(result.to_json())
        elif result.status not in (MATCHED, REPLAYED):
            print(f"{result.status} {result.id}: {result.divergence()}")
        if show and total % 250 == 0:
            done = counts[MATCHED] + counts[REPLAYED]
            sys.stderr.write(f"\rreplaying: {total} hands, {done} ok ")
            sys.stderr.flush()
    if show:
        sys.stderr.write("\r" + " " * 40 + "\r")
    summary = (
        f"{total} hands: {counts[MATCHED]} matched, {counts[DIFFERED]} differed, "
        f"{counts[REJECTED]} rejected, {counts[UNSUPPORTED]} unsupported"
    )
    if counts[REPLAYED]:
        summary += f" ({counts[REPLAYED]} replayed with no finishing stacks to compare)"
    print(summary, file=sys.stderr if args.json else sys.stdout)
    return FAILED if counts[DIFFERED] or counts[REJECTED] else OK


# ------------------------------------------------------------------- main
def build_parser() -> argparse.ArgumentParser:
    """The ``holdem`` parser with one subparser per subcommand."""
    parser = _Parser(prog="holdem", description="One hand of Texas hold'em, exactly by the rules.")
    subparsers = parser.add_subparsers(
        title="commands", metavar="COMMAND", required=True, parser_class=_Parser
    )
    _add_run(subparsers)
    _add_pots(subparsers)
    _add_replay(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``holdem`` command with ``argv`` (default: the command line).

    Returns:
        The exit status: 0 success, 1 a scenario failed or was broken,
        2 bad usage or bad input.
    """
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exit_:  # --help, or a usage error already printed
        return exit_.code if isinstance(exit_.code, int) else USAGE
    handler = args.handler
    try:
        status: int = handler(args)
    except BrokenPipeError:  # e.g. `holdem replay --json ... | head`
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        return OK
    return status
