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
import re
import sys
from collections import Counter
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO

from holdem.cli.common import FAILED, OK, USAGE, Parser
from holdem.records.record import PHHError
from holdem.records.sites import PARSERS, iter_imported
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


def _text(hand: Imported, suffix: str) -> str | None:
    """A matched hand as a record text for an output with ``suffix``, else ``None``."""
    if hand.status != MATCHED or hand.record is None or hand.replayed is None:
        return None
    record = as_mapping(hand)
    if suffix == ".jsonl":
        return json.dumps(record, ensure_ascii=False)
    return dumps(export_fields(record, hand.replayed))


class Output:
    """The matched hands written to ``out`` as they come (one hand in memory
    at a time): a ``.jsonl``, ``.phh`` (exactly one hand) or ``.phhs`` file,
    or a folder of ``.phh`` files numbered from 1 (zero-padded to the count
    when the import ends).

    Raises:
        PHHError: a folder that holds hand histories already; a second hand for
            a ``.phh`` output.
        OSError: the output cannot be written.
    """

    def __init__(self, out: Path) -> None:
        self.out, self.suffix, self.count = out, out.suffix.lower(), 0
        self.one: str | None = None
        self.file: TextIO | None = None
        if self.suffix not in (".jsonl", ".phh", ".phhs") and out.is_dir() and any(out.iterdir()):
            raise PHHError(f"{out} is not empty (import to a new or empty folder)")

    def add(self, hand: Imported) -> None:
        """Write ``hand`` if it matched."""
        text = _text(hand, self.suffix)
        if text is None:
            return
        self.count += 1
        if self.suffix == ".phh":
            if self.one is not None:
                raise PHHError(
                    f"{self.out.name} holds one hand and there are more to write "
                    "(use a .phhs or .jsonl file or a folder)"
                )
            self.one = text
        elif self.suffix in (".jsonl", ".phhs"):
            if self.file is None:
                self.file = self.out.open("w", encoding="utf-8")
            if self.suffix == ".jsonl":
                self.file.write(text + "\n")
            else:
                self.file.write(("\n" if self.count > 1 else "") + f"[{self.count}]\n{text}")
        else:
            self.out.mkdir(parents=True, exist_ok=True)
            (self.out / f"{self.count}.phh").write_text(text, encoding="utf-8")

    def close(self) -> int:
        """Finish the output; return how many hands were written."""
        if self.file is not None:
            self.file.close()
        if self.one is not None:
            self.out.write_text(self.one, encoding="utf-8")
        if self.suffix not in (".jsonl", ".phh", ".phhs") and self.count:
            width = len(str(self.count))
            for number in range(1, self.count + 1):
                (self.out / f"{number}.phh").rename(self.out / f"{number:0{width}d}.phh")
        return self.count


def write(hands: list[Imported], out: Path) -> int:
    """Write the matched hands to ``out``; return how many were written.

    Raises:
        PHHError: a ``.phh`` output for several hands, or a folder that holds
            hand histories already.
        OSError: the output cannot be written.
    """
    output = Output(out)
    try:
        for hand in hands:
            output.add(hand)
    finally:
        written = output.close()
    return written


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
    output = None
    seen: dict[tuple[str, str], str] = {}
    try:
        if args.output:
            output = Output(Path(args.output))
        for path, hand in iter_imported(args.paths, args.site):
            if isinstance(hand, str):
                problems += 1
                print(printable(hand), file=sys.stderr)
                continue
            counts[hand.status] += 1
            key = (hand.site, hand.hand)
            if not hand.hand.startswith("line-") and key in seen:
                print(
                    printable(
                        f"{path} line {hand.line}: warning: {hand.site} hand {hand.hand} "
                        f"was already read ({seen[key]}); both kept"
                    ),
                    file=sys.stderr,
                )
            seen[key] = f"{path} line {hand.line}"
            if output is not None:
                output.add(hand)
            if args.json:
                data: dict[str, Any] = hand.to_json()
                print(json.dumps(data, ensure_ascii=False))
            elif hand.status != MATCHED or hand.cash_out:
                print(line(hand))
        written = output.close() if output is not None else 0
    except PHHError as error:
        print(f"holdem import: error: {error}", file=sys.stderr)
        return USAGE
    except OSError as error:
        print(
            f"holdem import: error: cannot write {args.output}: {error.strerror}",
            file=sys.stderr,
        )
        return USAGE
    total = sum(counts.values())
    summary = (
        f"{total} hands: {counts[MATCHED]} matched, {counts[DIFFERED]} differed, "
        f"{counts[REJECTED]} rejected, {counts[SKIPPED]} skipped"
    )
    if args.output:
        summary += f"; {written} written to {args.output}"
    print(summary, file=sys.stderr if args.json else sys.stdout)
    return FAILED if counts[DIFFERED] or counts[REJECTED] or problems else OK


#: Currency signs of the PHH ``currency`` codes the exporter writes.
_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "C$", "AUD": "A$", "INR": "₹"}


def _header(record: Mapping[str, Any] | None) -> dict[str, Any]:
    """What a record says of its hand's header, as :func:`write_hand`'s
    keywords: the money unit and currency (a site import's ``_unit``, the
    corpus's ``chip_unit: "cent"``, PHH's ``currency`` and
    ``currency_symbol``), the table's name and the date and time."""
    from holdem.records.sites.pokerstars_write import seat_order

    if record is None:
        return {}
    keywords: dict[str, Any] = {}
    unit = Decimal(1)
    if isinstance(record.get("_unit"), str):
        try:  # a hand imported from a site: its amounts in the site's units
            unit = Decimal(record["_unit"])
        except ArithmeticError:
            unit = Decimal(1)
    elif record.get("chip_unit") == "cent":
        unit = Decimal("0.01")
    keywords["unit"] = unit
    code = record.get("currency")
    sign = record.get("currency_symbol")
    if unit < 1 and not record.get("tournament") and not code and not sign:
        code = "USD"  # money in cents and no currency said: the corpus's sites' dollars
    if isinstance(code, str) and code:
        keywords["currency_code"] = code
        keywords["currency"] = _SIGNS.get(code, "")
    if isinstance(sign, str) and sign:
        keywords["currency"] = sign
    table = record.get("table")
    if isinstance(table, (str, int)) and not isinstance(table, bool) and str(table):
        keywords["table"] = str(table)
    year, month, day = record.get("year"), record.get("month"), record.get("day")
    if all(isinstance(x, int) and not isinstance(x, bool) for x in (year, month, day)):
        clock = record.get("time")
        clock = clock if isinstance(clock, str) and clock else "00:00:00"
        zone = record.get("time_zone_abbreviation")
        zone = zone if isinstance(zone, str) and zone else "ET"
        keywords["time"] = f"{year:04d}/{month:02d}/{day:02d} {clock} {zone}"
    players = record.get("players")
    seats = record.get("seats")
    count = len(players) if isinstance(players, list) else 0
    if (
        isinstance(seats, list)
        and len(seats) == count
        and all(isinstance(x, int) and not isinstance(x, bool) for x in seats)
    ):
        try:
            seat_order(seats)
            keywords["seat_numbers"] = seats  # the site's seat of each player
        except ValueError:
            pass  # numbers that do not go round the table: 1 to n
    size = record.get("seat_count")
    highest = max(keywords.get("seat_numbers", [count]), default=0)
    if isinstance(size, int) and not isinstance(size, bool) and size >= max(highest, 2):
        keywords["max_seats"] = size
    return keywords


def _hand_number(ident: str, record: Mapping[str, Any] | None, place: int) -> int | str:
    """The number a hand is written with: its record's ``id`` when that is a
    number, else its ``hand`` (a site's hand id) when that is one, else the
    digits of its ``hand`` in order (Winamax's ``5000001-1-1767000000`` is
    ``500000111767000000``, GGPoker's ``HD100000001`` is ``100000001``),
    else its place among the hands read."""
    hand = record.get("hand") if record is not None else None
    for value in (ident, hand):
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        if isinstance(value, str) and value.isascii() and value.isdigit():
            return value
    digits = "".join(re.findall(r"[0-9]", hand)) if isinstance(hand, str) else ""
    return digits or place


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
        # The hand's own number (its record's or its site's), else its place
        # among all the hands read (the same with --seat, where hands without
        # that seat are left out).
        number = _hand_number(result.id, record, total)
        texts.append(write_hand(hand, number, seat=args.seat, **_header(record)))
    if texts:
        try:
            out.write_text("".join(t + "\n\n\n" for t in texts), encoding="utf-8")
        except OSError as error:
            print(f"holdem export: error: cannot write {out}: {error.strerror}", file=sys.stderr)
            return USAGE
    print(f"{len(texts)} of {total} hands written to {out}")
    return OK if len(texts) == total else FAILED
