"""The ``holdem`` command: ``holdem run`` plays scenario files, ``holdem pots``
is the pot calculator, ``holdem replay`` replays hand histories (PHH) and
``holdem export`` writes them back as PHH.

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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from holdem.betting import parse_chips
from holdem.calculator import CalculatorError, calculate, format_text, to_json
from holdem.errors import ConfigError, HoldemError, NotationError
from holdem.history import format_history
from holdem.phh import (
    DIFFERED,
    MATCHED,
    REJECTED,
    REPLAYED,
    UNSUPPORTED,
    PHHError,
    export_paths,
    iter_paths,
    replay_outcomes,
)
from holdem.pots import Rake
from holdem.scenarios import (
    ScenarioError,
    find_scenarios,
    load_scenario,
    printable,
    run_scenario,
)

if TYPE_CHECKING:
    from holdem.simulate import Simulation

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
        name = printable(str(path))
        try:
            result = run_scenario(load_scenario(path))
        except ScenarioError as error:
            failed += 1
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
        f"unknown seat {_quote(text)} (names: {', '.join(names)}; or 1 to {len(names)})"
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
            elif _number(item) is not None:
                ranks.append(int(item))
            else:
                who = names[seat] if seat < n else f"rank {seat + 1}"
                raise CalculatorError(
                    f"{who}: a rank is a whole number >= 1, or x if folded, got {_quote(item)}"
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
    output = replay.add_mutually_exclusive_group()
    output.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per hand: id, status, finishing_stacks, expected, error",
    )
    output.add_argument(
        "--print",
        action="store_true",
        help="print each replayed hand's history in words",
    )
    replay.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="progress bar on stderr (auto: only when stderr is a terminal)",
    )
    replay.set_defaults(handler=_replay)


def _history_files(command: str, paths: Sequence[str]) -> list[Path] | None:
    """The hand-history files named or under the folders named; ``None`` after
    printing the one-line error when there are none or a path is missing."""
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        print(f"holdem {command}: error: no such file or folder: {missing[0]}", file=sys.stderr)
        return None
    files = list(iter_paths(paths))
    if not files:
        print(
            f"holdem {command}: error: no hand histories (.phh, .phhs, .jsonl) found",
            file=sys.stderr,
        )
        return None
    return files


def _replay(args: argparse.Namespace) -> int:
    files = _history_files("replay", args.paths)
    if files is None:
        return USAGE
    counts = dict.fromkeys((MATCHED, DIFFERED, REJECTED, UNSUPPORTED, REPLAYED), 0)
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    total = 0
    for result, _, replayed in replay_outcomes(files):
        total += 1
        counts[result.status] += 1
        if args.json:
            print(result.to_json())
        elif args.print and replayed is not None:
            print(f"Hand {result.id}")
            print(format_history(replayed.hand))
            print()
        if not args.json and result.status not in (MATCHED, REPLAYED):
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


# ----------------------------------------------------------------- export
def _add_export(subparsers: argparse._SubParsersAction[_Parser]) -> None:
    export = subparsers.add_parser(
        "export",
        help="write every replayable hand of hand histories as PHH (.phh, .phhs or a folder)",
        description="Replay every hand of the inputs (.phh, .phhs, .jsonl files or folders) "
        "strictly and write each hand that replays (and ends on its finishing_stacks, when "
        "it has them) as PHH, in input order: to OUT.phh (exactly one hand), OUT.phhs "
        "(tables [1], [2]...) or the folder OUT (one numbered .phh file per hand). Each "
        "hand not written is listed with its reason. Exit status 0 when every hand was "
        "written, 1 when some were not, 2 for unusable input or output.",
    )
    export.add_argument("paths", nargs="+", metavar="INPUT", help="files or folders")
    export.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="a .phh file, a .phhs file or a folder"
    )
    export.set_defaults(handler=_export)


def _export(args: argparse.Namespace) -> int:
    files = _history_files("export", args.paths)
    if files is None:
        return USAGE
    out = Path(args.output)
    if out.suffix not in (".phh", ".phhs") and out.exists() and not out.is_dir():
        print(
            f"holdem export: error: {out} is not a .phh or .phhs file or a folder", file=sys.stderr
        )
        return USAGE
    total = written = 0
    try:
        for result in export_paths(files, out):
            total += 1
            if result.status in (MATCHED, REPLAYED):
                written += 1
            else:
                print(f"{result.status} {result.id}: {result.divergence()}")
    except PHHError as error:
        print(f"holdem export: error: {error}", file=sys.stderr)
        return USAGE
    except OSError as error:
        print(f"holdem export: error: cannot write {out}: {error.strerror}", file=sys.stderr)
        return USAGE
    print(f"{written} of {total} hands written to {out}")
    return OK if written == total else FAILED


# --------------------------------------------------------------- simulate
def _add_simulate(subparsers: argparse._SubParsersAction[_Parser]) -> None:
    from holdem.agents import AGENTS

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
    from holdem.agent_specs import factories as agent_factories
    from holdem.progress import Progress
    from holdem.simulate import simulate

    progress = Progress.on_terminal(sys.stderr, enabled=not args.no_progress)
    try:
        if args.batch:
            return _print_simulation(args, _simulate_batch(args, progress))
        runner = None
        if args.backend == "ray":
            from holdem.simulate_ray import RayRunner

            runner = RayRunner(args.address)
        elif args.address is not None:
            raise HoldemError("--address needs --backend ray")
        agents = _items(args.agent)
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
        print(f"holdem simulate: error: {error}", file=sys.stderr)
        return USAGE
    finally:
        if progress is not None:
            progress.close()
    return _print_simulation(args, result)


def _print_simulation(args: argparse.Namespace, result: Simulation) -> int:
    from holdem.simulate import format_results

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
        _items(args.agent),
        workers=args.workers,
        progress=progress,
    ).simulation


# ------------------------------------------------------------------ merge
def _add_merge(subparsers: argparse._SubParsersAction[_Parser]) -> None:
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
    from holdem.shards import ShardError, merge, read_shards
    from holdem.simulate import format_results

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
    print(format_results(result) if args.text else json.dumps(result.to_dict()))
    return OK


# ----------------------------------------------------------------- equity
def _add_equity(subparsers: argparse._SubParsersAction[_Parser]) -> None:
    equity = subparsers.add_parser(
        "equity",
        help="all-in equity: each hand's chance to win, tie and share the pot",
        description="Win, tie and equity of 2 to 10 hands or ranges (quote a range with "
        "spaces: 'QQ+, AKs'), exact when the work fits a budget, else a seeded Monte Carlo "
        "(at most 200,000 samples unless --samples says otherwise) with the 95% confidence "
        "interval of each equity: the same input and seed always print the same answer.",
        epilog="Example: holdem equity AsAh KsKh --board 2c7d9h\n"
        "         holdem equity QQ 87s --exact\n"
        "         holdem equity 2s2h random --samples 100000 --seed 7",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    equity.add_argument("hands", nargs="+", metavar="HAND", help="hole cards or a range")
    equity.add_argument("--board", "-b", help="0, 3 or 4 board cards, like 2c7d9h")
    equity.add_argument("--dead", "-d", help="dead cards, like 5s6s")
    how = equity.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="count every deal, however long")
    how.add_argument(
        "--samples", "-n", type=int, metavar="N", help="Monte Carlo with N samples (1 to 10**8)"
    )
    equity.add_argument("--seed", type=int, default=0, help="Monte Carlo seed (default 0)")
    equity.add_argument("--json", action="store_true", help="print JSON instead of text")
    equity.set_defaults(handler=_equity)


def _equity(args: argparse.Namespace) -> int:
    import time

    from holdem.equity import equity
    from holdem.simulate import Z95

    started = time.perf_counter()
    drawn = [False]
    tty = sys.stderr.isatty()

    def progress(done: float) -> None:
        if tty and time.perf_counter() - started > 0.5:
            filled = int(30 * done)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done:4.0%}")
            sys.stderr.flush()
            drawn[0] = True

    try:
        result = equity(
            args.hands,
            args.board,
            args.dead,
            exact=True if args.exact else None,
            samples=args.samples,
            seed=args.seed,
            progress=progress,
        )
    except HoldemError as error:
        print(f"holdem equity: error: {error}", file=sys.stderr)
        return USAGE
    finally:
        if drawn[0]:
            sys.stderr.write("\r" + " " * 40 + "\r")
    if args.json:
        out = {
            "board": list(result.board),
            "dead": list(result.dead),
            "exact": result.exact,
            "boards": result.boards,
            "seed": result.seed,
            "players": [
                {
                    "hand": p.hand,
                    "win": str(p.win),
                    "tie": str(p.tie),
                    "equity": str(p.equity),
                    "win_float": p.win_float,
                    "tie_float": p.tie_float,
                    "equity_float": p.equity_float,
                    "stderr": p.stderr,
                    "ci95": None if p.stderr is None else Z95 * p.stderr,
                }
                for p in result.players
            ],
        }
        print(json.dumps(out, indent=2))
        return OK
    how = "exact" if result.exact else f"Monte Carlo, seed {result.seed}"
    board = " ".join(result.board) or "none"
    print(f"Board: {board}; {result.boards:,} deals ({how})")
    width = max(len(p.hand) for p in result.players)
    for p in result.players:
        line = (
            f"{p.hand:<{width}}  equity {p.equity_float:8.4%}  win {p.win_float:8.4%}  "
            f"tie {p.tie_float:8.4%}"
        )
        if p.stderr is not None:
            line += f"  95% CI ± {Z95 * p.stderr:.4%}"
        print(line)
    if not result.exact:
        print(
            "95% CI: half-width of the 95% confidence interval of the equity "
            "(1.96 standard errors of the Monte Carlo mean)"
        )
    return OK


# ------------------------------------------------------------- tournament
def _add_tournament(subparsers: argparse._SubParsersAction[_Parser]) -> None:
    from holdem.agents import AGENTS

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
    from holdem import tournament as sng
    from holdem.agent_specs import AgentFailure
    from holdem.table import Busted, Schedule

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
            _items(args.agents), stack=args.stack, schedule=schedule, seed=args.seed
        )
    except HoldemError as error:
        print(f"holdem tournament: error: {error}", file=sys.stderr)
        return USAGE
    players = len(table.players_with_chips)
    if not args.quiet:
        print(
            f"Sit-and-go: {players} players, {args.stack:,} chips each, "
            f"blinds up every {args.hands_per_level} hands, seed {args.seed}"
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
                f"{standings[0].chips:,} chips"
            )
        print()
    print(sng.format_standings(standings))
    if not table.is_over:
        print(
            f"holdem tournament: stopped after {args.max_hands} hands with no winner",
            file=sys.stderr,
        )
        return FAILED
    return OK


# ------------------------------------------------------------------ serve
def _add_serve(subparsers: argparse._SubParsersAction[_Parser]) -> None:
    serve = subparsers.add_parser(
        "serve",
        help="the reference table server: a browser table and a WebSocket protocol",
        description="Start one process with N tables, each with seats for people and built-in "
        "bots. Open http://HOST:PORT/ in a browser to play; the protocol is in docs/server.md. "
        "Needs the server extra (pip install 'holdem[server]').",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--tables", type=int, default=1, help="number of tables (default 1)")
    serve.add_argument("--bots", type=int, default=3, help="bot seats per table (default 3)")
    serve.add_argument("--seats", type=int, default=6, help="seats per table (default 6)")
    serve.add_argument(
        "--state-dir",
        metavar="DIR",
        help="save every table after every action here; a restart continues the hands",
    )
    serve.add_argument(
        "--state-key-file",
        metavar="FILE",
        help="sign the saved tables with the secret key in FILE (HMAC-SHA256, 16 bytes or "
        "more); a saved table altered by anyone without the key is refused",
    )
    serve.add_argument(
        "--bot-delay", type=float, default=0.8, help="seconds a bot waits before acting (0.8)"
    )
    serve.add_argument(
        "--decision-seconds", type=float, default=30.0, help="a person's time to act (30)"
    )
    serve.add_argument(
        "--between-hands", type=float, default=2.0, help="seconds between two hands (2)"
    )
    serve.add_argument(
        "--away-seconds",
        type=float,
        default=600.0,
        help="a person sitting out this long leaves with their chips, freeing the seat (600)",
    )
    serve.add_argument(
        "--max-runs",
        type=int,
        default=1,
        metavar="N",
        help="the most runs of the board (1 to 3, R12); with 2 or 3 the players of an all-in "
        "hand are asked how many runs they accept (default 1)",
    )
    serve.add_argument(
        "--rake",
        metavar="RATE[:CAP]",
        help="rake every hand (R13): a rate such as 5%% or 1/20, and optionally a cap per "
        "hand in chips, e.g. 5%%:30 (default: no rake)",
    )
    serve.add_argument(
        "--no-flop-no-drop",
        action="store_true",
        help="with --rake, a hand that ends before a flop is dealt is not raked (R13.1)",
    )
    serve.set_defaults(handler=_serve)


def _serve_rake(text: str | None, no_flop_no_drop: bool) -> Rake | None:
    """The rake of ``--rake RATE[:CAP]`` (R13), or ``None`` without one.

    Raises:
        ConfigError: a bad rate or cap (field ``rake.rate`` or ``rake.cap``),
            or ``--no-flop-no-drop`` without ``--rake``.
    """
    if text is None:
        if no_flop_no_drop:
            raise ConfigError("rake", "--no-flop-no-drop needs --rake")
        return None
    rate, colon, cap = text.partition(":")
    if not colon:
        return Rake(rate, no_flop_no_drop=no_flop_no_drop)
    if not cap.isascii() or not cap.isdigit():
        raise ConfigError("rake.cap", f"the cap after ':' is a whole number of chips, got {cap!r}")
    return Rake(rate, cap=int(cap), no_flop_no_drop=no_flop_no_drop)


def _serve(args: argparse.Namespace) -> int:
    try:
        from holdem.server import RoomSettings, Server, serve
    except ImportError as error:
        print(
            f"holdem serve: error: the server extra is missing ({error}); "
            "install it with: pip install 'holdem[server]'",
            file=sys.stderr,
        )
        return USAGE
    from pathlib import Path

    try:
        settings = RoomSettings(
            size=args.seats,
            bots=args.bots,
            bot_delay=args.bot_delay,
            decision_seconds=args.decision_seconds,
            between_hands=args.between_hands,
            away_seconds=args.away_seconds,
            max_runs=args.max_runs,
            rake=_serve_rake(args.rake, args.no_flop_no_drop),
        )
        settings.check()
        if not 0 < args.port < 65536:
            raise HoldemError(f"--port must be 1 to 65535, got {args.port}")
        state_dir = None if args.state_dir is None else Path(args.state_dir)
        key = None
        if args.state_key_file is not None:
            try:
                key = Path(args.state_key_file).read_bytes().strip()
            except OSError as error:
                raise HoldemError(f"--state-key-file: {error.strerror}: {error.filename}") from None
        server = Server(args.tables, settings, state_dir, state_key=key)
        _check_listen(args.host, args.port)
        tables = f"{args.tables} table{'s' if args.tables != 1 else ''}"
        print(f"holdem serve: http://{args.host}:{args.port}/ ({tables})", flush=True)
        serve(server, args.host, args.port)
    except HoldemError as error:
        print(f"holdem serve: error: {error}", file=sys.stderr)
        return USAGE
    return OK


def _check_listen(host: str, port: int) -> None:
    """Raise one clear line now if ``holdem serve`` cannot listen on ``host:port``
    (taken, or an unknown address), rather than a server log after start-up."""
    import socket

    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise HoldemError(f"--port: cannot listen on {host}:{port}: {reason}") from None


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
    _add_export(subparsers)
    _add_equity(subparsers)
    _add_simulate(subparsers)
    _add_merge(subparsers)
    _add_tournament(subparsers)
    _add_serve(subparsers)
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
