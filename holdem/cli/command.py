"""The ``holdem`` command: ``run`` (scenario files), ``pots`` (the pot
calculator), ``equity``, ``replay`` and ``export`` (hand histories, PHH),
``simulate`` and ``merge`` (self-play), ``tournament`` and ``serve``.

Each subcommand is one ``_add_<name>(subparsers)`` function that builds its
parser and sets ``handler``, a function from the parsed arguments to the exit
status; :func:`build_parser` lists them. The subcommands live in modules of
their own, by group: :mod:`holdem.cli.run` (run, pots), :mod:`holdem.cli.replay`
(replay, export), :mod:`holdem.cli.play` (simulate, merge, tournament),
:mod:`holdem.cli.mtt` (icm, mtt), :mod:`holdem.cli.match` (match, acpc-dealer),
:mod:`holdem.cli.serve` (serve); ``equity`` is here. Exit status: 0 success, 1 a
check did not pass (a scenario failed or was broken, a replayed hand differed or
was rejected, a hand was not exported, a tournament stopped with no winner), 2
bad usage or bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from holdem.cli.common import OK, USAGE, plural
from holdem.cli.common import Parser as _Parser
from holdem.cli.match import _add_acpc_dealer, _add_match
from holdem.cli.mtt import add_parser as _add_mtt
from holdem.cli.play import _add_merge, _add_simulate, _add_tournament
from holdem.cli.replay import _add_export, _add_replay
from holdem.cli.run import _add_pots, _add_run
from holdem.cli.serve import _add_serve
from holdem.cli.serve import _serve_rake as _serve_rake
from holdem.cli.sites import add_parser as _add_import
from holdem.cli.verify import add_parser as _add_verify_deal
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
    equity.add_argument("--board", "-b", help="0, 3, 4 or 5 board cards, like 2c7d9h")
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

    from holdem.equity.allin import equity
    from holdem.selfplay.simulate import Z95

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
    print(f"Board: {board}; {plural(result.boards, 'deal')} ({how})")
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
_DESCRIPTION = """\
No-limit Texas hold'em exactly by the rules, on the command line: play
scenario files and check them (run), the pot calculator (pots), all-in equity
of hands and ranges (equity), replay hand histories and write them as PHH
(replay, export), self-play between agents and the merge of its shards
(simulate, merge), a sit-and-go played to the end (tournament), ICM equity
of tournament stacks (icm), a multi-table tournament played to the end (mtt),
a table server for people and bots in a browser (serve), evaluation matches
between agents (match) and a local ACPC dealer for bots that speak that
protocol (acpc-dealer).
"""

_EPILOG = """\
Run 'holdem COMMAND --help' for the options of one command.

Exit status: 0 success; 1 a check did not pass: a scenario failed or was broken
(run), a hand differed or was rejected (replay), a hand was not written
(export), a tournament stopped with no winner; 2 bad usage or unusable input,
with one line on standard error.
"""


def build_parser() -> argparse.ArgumentParser:
    """The ``holdem`` parser with one subparser per subcommand."""
    parser = _Parser(
        prog="holdem",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    subparsers = parser.add_subparsers(
        title="commands", metavar="COMMAND", required=True, parser_class=_Parser
    )
    _add_run(subparsers)
    _add_pots(subparsers)
    _add_replay(subparsers)
    _add_export(subparsers)
    _add_import(subparsers)
    _add_equity(subparsers)
    _add_simulate(subparsers)
    _add_merge(subparsers)
    _add_tournament(subparsers)
    _add_mtt(subparsers)
    _add_serve(subparsers)
    _add_match(subparsers)
    _add_acpc_dealer(subparsers)
    _add_verify_deal(subparsers)
    for command in subparsers.choices.values():  # whose usage an unknown argument gets
        command.set_defaults(command_parser=command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``holdem`` command with ``argv`` (default: the command line).

    Without arguments it prints the usage and the list of commands on
    standard error, exit status 2.

    Returns:
        The exit status: 0 success, 1 a check did not pass (a scenario failed
        or was broken, a replayed hand differed or was rejected, a hand was not
        exported, a tournament stopped with no winner), 2 bad usage or bad input.
    """
    parser = build_parser()
    if not (sys.argv[1:] if argv is None else argv):  # `holdem` alone: what can it do?
        parser.print_help(sys.stderr)
        return USAGE
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # the command's usage and name, not only "holdem: error: ..."
            args.command_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as exit_:  # --help, or a usage error already printed
        return exit_.code if isinstance(exit_.code, int) else USAGE
    handler = args.handler
    try:
        status: int = handler(args)
    except BrokenPipeError:  # e.g. `holdem replay --json ... | head`
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        return OK
    return status
