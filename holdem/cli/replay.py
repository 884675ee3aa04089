"""``holdem replay`` (replay hand histories, PHH) and ``holdem export`` (write
them back as PHH); wired by :mod:`holdem.cli.command`."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from holdem.cli.common import FAILED, OK, USAGE, Parser, plural
from holdem.records import (
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
from holdem.records.files import output_kind, unknown_input
from holdem.scenarios.scenario import (
    printable,
)
from holdem.views.history import format_history

if TYPE_CHECKING:
    pass


# ----------------------------------------------------------------- replay
def _add_replay(subparsers: argparse._SubParsersAction[Parser]) -> None:
    replay = subparsers.add_parser(
        "replay",
        help="replay hand histories (PHH .phh/.phhs, or JSON lines) and compare the results",
        description="Replay every hand through the same legality checks as live play and "
        "compare the final stacks with the recorded finishing_stacks. Prints "
        "'N hands: N matched, N differed, N rejected, N unsupported' and, for each hand "
        "that did not match, its id and the first divergence. Files are .phh, .phhs or "
        ".jsonl (in any case); a file named with another extension is refused, one with "
        "none (a pipe) is read as JSON lines when it starts with '{', else as PHH. Exit "
        "status 0 only if no hand differed or was rejected, 2 for unusable input.",
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
    printing the one-line error when there are none, a path is missing or a
    file named has an extension other than .phh, .phhs or .jsonl (any case)."""
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        print(f"holdem {command}: error: no such file or folder: {missing[0]}", file=sys.stderr)
        return None
    unknown = unknown_input(paths)
    if unknown is not None:
        print(
            f"holdem {command}: error: {printable(str(unknown))}: unknown extension "
            f"{printable(unknown.suffix)!r} (hand histories are .phh, .phhs or .jsonl files)",
            file=sys.stderr,
        )
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
            print(printable(f"Hand {result.id}"))
            print(format_history(replayed.hand))
            print()
        if not args.json and result.status not in (MATCHED, REPLAYED):
            print(printable(f"{result.status} {result.id}: {result.divergence()}"))
        if show and total % 250 == 0:
            done = counts[MATCHED] + counts[REPLAYED]
            sys.stderr.write(f"\rreplaying: {plural(total, 'hand')}, {done:,} ok ")
            sys.stderr.flush()
    if show:
        sys.stderr.write("\r" + " " * 40 + "\r")
    summary = (
        f"{plural(total, 'hand')}: {counts[MATCHED]:,} matched, {counts[DIFFERED]:,} differed, "
        f"{counts[REJECTED]:,} rejected, {counts[UNSUPPORTED]:,} unsupported"
    )
    if counts[REPLAYED]:
        summary += f" ({counts[REPLAYED]:,} replayed with no finishing stacks to compare)"
    print(summary, file=sys.stderr if args.json else sys.stdout)
    return FAILED if counts[DIFFERED] or counts[REJECTED] else OK


# ----------------------------------------------------------------- export
def _add_export(subparsers: argparse._SubParsersAction[Parser]) -> None:
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
        "-o",
        "--output",
        required=True,
        metavar="OUT",
        help="a .phh file, a .phhs file (any case: .PHHS) or a folder (a name without an "
        "extension, or an existing folder); any other extension is refused",
    )
    export.add_argument(
        "--format",
        choices=("phh", "pokerstars"),
        default="phh",
        help="phh (default), or pokerstars: PokerStars text in one file (docs/sites.md)",
    )
    export.add_argument(
        "--seat",
        type=int,
        metavar="S",
        help="with --format pokerstars: seat S's view (other hole cards hidden unless shown)",
    )
    export.set_defaults(handler=_export)


def _export(args: argparse.Namespace) -> int:
    if args.format == "pokerstars" or args.seat is not None:
        from holdem.cli.sites import export_pokerstars

        return export_pokerstars(args)
    if not args.output:
        print("holdem export: error: the output name is empty", file=sys.stderr)
        return USAGE
    files = _history_files("export", args.paths)
    if files is None:
        return USAGE
    out = Path(args.output)
    try:
        output_kind(out)
    except PHHError as error:
        print(f"holdem export: error: {printable(str(error))}", file=sys.stderr)
        return USAGE
    total = written = 0
    try:
        for result in export_paths(files, out):
            total += 1
            if result.status in (MATCHED, REPLAYED):
                written += 1
            else:
                print(printable(f"{result.status} {result.id}: {result.divergence()}"))
    except PHHError as error:
        print(f"holdem export: error: {error}", file=sys.stderr)
        return USAGE
    except OSError as error:
        print(f"holdem export: error: cannot write {out}: {error.strerror}", file=sys.stderr)
        return USAGE
    if written == 0 and total:
        print(f"0 of {plural(total, 'hand')} written: nothing to write to {out}")
    else:
        print(f"{written:,} of {plural(total, 'hand')} written to {out}")
    return OK if written == total else FAILED
