"""``holdem import``: poker sites' hand histories replayed strictly and checked
against the site's own figures (see docs/sites.md); wired by :mod:`holdem.cli.command`.

    holdem import PATH... [-o OUT] [--site NAME] [--json]

Prints one line per hand that is not matched (file, site hand number,
status, reason and words), then ``N hands: N matched, N differed, N rejected,
N skipped``. ``--json`` prints one JSON object per hand instead (the summary
goes to stderr). ``-o`` writes the matched hands as records: ``.jsonl``,
``.phh`` (exactly one hand), ``.phhs`` or a folder of ``.phh`` files. Exit
status 0 when no hand differed or was rejected, 1 when one did (or a file
could not be read), 2 for bad usage (a missing path, an unknown site, an
unusable output).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

from holdem.cli.common import FAILED, OK, USAGE, Parser
from holdem.records.record import PHHError
from holdem.records.sites import PARSERS, import_paths
from holdem.records.sites.check import Imported, as_mapping
from holdem.records.sites.model import DIFFERED, MATCHED, REJECTED, SKIPPED
from holdem.records.writer import dumps, export_fields
from holdem.scenarios.scenario import printable


def add_parser(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Add ``holdem import`` to the ``holdem`` command's subparsers."""
    command = subparsers.add_parser(
        "import",
        help="read poker sites' hand histories, replay each hand strictly, check the site's "
        "figures",
        description="Read hand histories of poker sites (PokerStars, GGPoker, Winamax, "
        "888poker, PartyPoker, iPoker XML, ACPC, PokerNow; see "
        "docs/sites.md) from files or folders, the site detected from the text unless "
        "--site is given; replay every hand strictly and compare the engine's pot, rake and "
        "every player's net with what the site wrote. Each hand is matched, differed, "
        "rejected (the engine refused it) or skipped (with a reason code: not_nlhe, "
        "cancelled, partial, cash_drop, unknown_action...). Exit status 0 when no hand "
        "differed or was rejected, 1 otherwise, 2 for bad usage.",
    )
    command.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    command.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="write the matched hands to OUT: a .jsonl, .phh (one hand) or .phhs file, or a folder",
    )
    command.add_argument("--site", choices=sorted(PARSERS), help="the site (default: detected)")
    command.add_argument("--json", action="store_true", help="one JSON object per hand")
    command.set_defaults(handler=run)


def _texts(hands: list[Imported], suffix: str) -> list[str]:
    """The matched hands as record texts for an output with ``suffix``."""
    texts: list[str] = []
    for hand in hands:
        if hand.status != MATCHED or hand.record is None or hand.replayed is None:
            continue
        record = as_mapping(hand)
        if suffix == ".jsonl":
            texts.append(json.dumps(record, ensure_ascii=False))
        else:
            texts.append(dumps(export_fields(record, hand.replayed)))
    return texts


def write(hands: list[Imported], out: Path) -> int:
    """Write the matched hands to ``out``; return how many were written.

    Raises:
        PHHError: a ``.phh`` output for several hands, or a folder that holds
            hand histories already.
        OSError: the output cannot be written.
    """
    suffix = out.suffix.lower()
    if suffix not in (".jsonl", ".phh", ".phhs") and out.is_dir() and any(out.iterdir()):
        raise PHHError(f"{out} is not empty (import to a new or empty folder)")
    texts = _texts(hands, suffix)
    if not texts:
        return 0
    if suffix == ".jsonl":
        out.write_text("".join(t + "\n" for t in texts), encoding="utf-8")
    elif suffix == ".phh":
        if len(texts) > 1:
            raise PHHError(
                f"{out.name} holds one hand and there are {len(texts)} to write "
                "(use a .phhs or .jsonl file or a folder)"
            )
        out.write_text(texts[0], encoding="utf-8")
    elif suffix == ".phhs":
        out.write_text("\n".join(f"[{k}]\n{t}" for k, t in enumerate(texts, 1)), encoding="utf-8")
    else:
        out.mkdir(parents=True, exist_ok=True)
        width = len(str(len(texts)))
        for number, text in enumerate(texts, 1):
            (out / f"{number:0{width}d}.phh").write_text(text, encoding="utf-8")
    return len(texts)


def line(hand: Imported) -> str:
    """The one line printed for a hand that is not matched (or holds a cash-out)."""
    words = f": {hand.detail}" if hand.detail else ""
    reason = f" {hand.reason}" if hand.reason else ""
    return printable(f"{hand.file}: {hand.site} hand {hand.hand}: {hand.status}{reason}{words}")


def run(args: argparse.Namespace) -> int:
    """Run ``holdem import`` with parsed arguments; return the exit status."""
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        print(f"holdem import: error: {missing[0]}: no such file or folder", file=sys.stderr)
        return USAGE
    if args.output is not None and not args.output:
        print("holdem import: error: the output name is empty", file=sys.stderr)
        return USAGE
    counts: Counter[str] = Counter()
    problems = 0
    hands: list[Imported] = []
    for _path, found in import_paths(args.paths, args.site):
        if isinstance(found, str):
            problems += 1
            print(printable(found), file=sys.stderr)
            continue
        for hand in found:
            counts[hand.status] += 1
            if args.output:
                hands.append(hand)
            if args.json:
                data: dict[str, Any] = hand.to_json()
                print(json.dumps(data, ensure_ascii=False))
            elif hand.status != MATCHED or hand.cash_out:
                print(line(hand))
    total = sum(counts.values())
    summary = (
        f"{total} hands: {counts[MATCHED]} matched, {counts[DIFFERED]} differed, "
        f"{counts[REJECTED]} rejected, {counts[SKIPPED]} skipped"
    )
    if args.output:
        try:
            written = write(hands, Path(args.output))
        except PHHError as error:
            print(f"holdem import: error: {error}", file=sys.stderr)
            return USAGE
        except OSError as error:
            print(
                f"holdem import: error: cannot write {args.output}: {error.strerror}",
                file=sys.stderr,
            )
            return USAGE
        summary += f"; {written} written to {args.output}"
    print(summary, file=sys.stderr if args.json else sys.stdout)
    return FAILED if counts[DIFFERED] or counts[REJECTED] or problems else OK


def export_pokerstars(args: argparse.Namespace) -> int:
    """``holdem export --format pokerstars INPUT... -o FILE.txt [--seat S]``.

    Replays every hand of the PHH or JSON-lines inputs strictly and writes
    each one that replays (and ends on its finishing stacks, when given) as
    PokerStars text to one file; every other hand is listed with its reason.
    """
    from holdem.records import DIFFERED as PHH_DIFFERED
    from holdem.records import iter_paths, replay_outcomes
    from holdem.records.sites.pokerstars_write import write_hand

    if args.format != "pokerstars":
        print("holdem export: error: --seat needs --format pokerstars", file=sys.stderr)
        return USAGE
    if not args.output:
        print("holdem export: error: the output name is empty", file=sys.stderr)
        return USAGE
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        print(f"holdem export: error: no such file or folder: {missing[0]}", file=sys.stderr)
        return USAGE
    out = Path(args.output)
    if out.is_dir():
        print(
            f"holdem export: error: {out} is a folder: PokerStars text is one file", file=sys.stderr
        )
        return USAGE
    texts: list[str] = []
    total = 0
    for result, record, replayed in replay_outcomes(iter_paths(args.paths)):
        total += 1
        if replayed is None or result.status == PHH_DIFFERED:
            print(printable(f"{result.status} {result.id}: {result.divergence()}"))
            continue
        hand = replayed.hand
        if args.seat is not None and not 0 <= args.seat < hand.config.seats:
            print(
                printable(
                    f"skipped {result.id}: no seat {args.seat} (the hand has {hand.config.seats})"
                )
            )
            continue
        if hand.config.structure.value != "no_limit":
            print(printable(f"skipped {result.id}: not no-limit hold'em"))
            continue
        number = result.id if result.id.isdigit() else len(texts) + 1
        unit = Decimal(1)
        if record is not None and isinstance(record.get("_unit"), str):
            try:  # a hand imported from a site: its amounts in the site's units
                unit = Decimal(record["_unit"])
            except ArithmeticError:
                unit = Decimal(1)
        texts.append(write_hand(hand, number, seat=args.seat, unit=unit))
    if texts:
        try:
            out.write_text("".join(t + "\n\n\n" for t in texts), encoding="utf-8")
        except OSError as error:
            print(f"holdem export: error: cannot write {out}: {error.strerror}", file=sys.stderr)
            return USAGE
    print(f"{len(texts)} of {total} hands written to {out}")
    return OK if len(texts) == total else FAILED
