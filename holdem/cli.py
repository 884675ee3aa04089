"""The ``holdem`` command: ``holdem run`` plays scenario files, ``holdem pots``
is the pot calculator, ``holdem replay`` replays hand histories (PHH) and
``holdem export`` writes them back as PHH.

Each subcommand is one ``_add_<name>(subparsers)`` function that builds its
parser and sets ``handler``, a function from the parsed arguments to the exit
status; :func:`build_parser` lists them. The subcommands live in modules of
their own, by group: :mod:`holdem.cli_run` (run, pots), :mod:`holdem.cli_replay`
(replay, export), :mod:`holdem.cli_play` (simulate, merge, tournament),
:mod:`holdem.cli_serve` (serve); ``equity`` is here. Exit status: 0 success, 1 a scenario
failed or was broken (or a replayed hand differed or was rejected), 2 bad
usage or bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from holdem.cli_common import OK, USAGE
from holdem.cli_common import Parser as _Parser
from holdem.cli_play import _add_merge, _add_simulate, _add_tournament
from holdem.cli_replay import _add_export, _add_replay
from holdem.cli_run import _add_pots, _add_run
from holdem.cli_serve import _add_serve
from holdem.cli_serve import _serve_rake as _serve_rake
from holdem.cli_verify import add_parser as _add_verify_deal
from holdem.errors import HoldemError


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
    _add_verify_deal(subparsers)
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
