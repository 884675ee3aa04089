r"""Poker sites' hand histories: read, replayed strictly by the engine, checked.

``import_paths(paths)`` reads every hand of the given files and folders (the
site detected from each file's text, or given), replays it under the rule
book and compares the engine's pot, rake and every player's net with what
the site wrote. Each hand comes back as an
:class:`~holdem.records.sites.check.Imported` with its status (``matched``,
``differed``, ``rejected``, ``skipped``) and reason code; docs/sites.md lists
the sites, the formats and the codes.

>>> from holdem.records.sites import import_text
>>> text = "\n".join([
...     "PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD) - 2026/01/02 10:00:00 ET",
...     "Table 'T' 6-max Seat #1 is the button",
...     "Seat 1: Ann ($10 in chips)",
...     "Seat 2: Bob ($10 in chips)",
...     "Ann: posts small blind $0.05",
...     "Bob: posts big blind $0.10",
...     "*** HOLE CARDS ***",
...     "Ann: folds",
...     "Uncalled bet ($0.05) returned to Bob",
...     "Bob collected $0.10 from pot",
...     "*** SUMMARY ***",
...     "Total pot $0.10 | Rake $0",
... ])
>>> [hand] = import_text(text, "hands.txt")
>>> hand.status, hand.to_json()["net"]
('matched', {'Ann': '-0.05', 'Bob': '0.05'})
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from pathlib import Path
from typing import BinaryIO, TypeVar

from holdem.records.sites import (
    acpc,
    ggpoker,
    header,
    ipoker,
    pacific,
    partypoker,
    pokernow,
    pokerstars,
    split,
    winamax,
)
from holdem.records.sites.check import Imported, check
from holdem.records.sites.model import SKIPPED, SiteHand

_T = TypeVar("_T")

#: Site parsers by name: each takes (text, file) and returns the site hands.
PARSERS: dict[str, Callable[[str, str], list[SiteHand]]] = {
    "pokerstars": pokerstars.parse,
    "888": pacific.parse,
    "ggpoker": ggpoker.parse,
    "winamax": winamax.parse,
    "partypoker": partypoker.parse,
    "ipoker": ipoker.parse,
    "acpc": acpc.parse,
    "pokernow": pokernow.parse,
}

#: What each site's files start with (after a byte-order mark and blank lines).
_SIGNS = (
    ("888", ("***** 888poker Hand History", "***** 888.es", "888poker", "***** Cassava Hand")),
    ("partypoker", ("***** Hand History for Game", "***** Hand History For Game")),
    (
        "pokerstars",
        (
            "PokerStars ",
            "POKERSTARS ",
            "PokerMaster",
            "Mão PokerStars",
            "de PokerStars:",
            "Juego de PokerStars",
        ),
    ),
    ("ggpoker", ("Poker Hand #",)),
    ("winamax", ("Winamax Poker - ",)),
    ("ipoker", ("<?xml", "<session", "GAME #", "<game gamecode=")),
    ("acpc", ("STATE:",)),
    ("pokernow", ("entry,at,order", "-- starting hand #")),
)

#: The file suffixes a folder is searched for.
SUFFIXES = (".txt", ".log", ".hh", ".xml", ".csv")


def _line_text(line: bytes) -> str:
    """One line of a file that is not UTF-16: UTF-8, else Latin-1 (a file
    may join hands saved in either)."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("latin-1")


def decode(data: bytes) -> str:
    """A site file's text: UTF-16 (with or without a byte-order mark), else
    each line UTF-8 where it is valid UTF-8 and Latin-1 where it is not (a
    file may join hands saved in either); CRLF and CR line ends read as LF."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = data.decode("utf-16", "replace")
    elif len(data) > 1 and data[1:2] == b"\0" and data[0:1] != b"\0":
        text = data.decode("utf-16-le", "replace")
    elif len(data) > 1 and data[0:1] == b"\0":
        text = data.decode("utf-16-be", "replace")
    else:
        data = data.removeprefix(codecs.BOM_UTF8)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = "".join(map(_line_text, data.splitlines(keepends=True)))
    return text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")


def detect(text: str) -> str | None:
    """The site whose format ``text`` is in, or ``None``."""
    head = text.lstrip()[:2000]
    first = head.split("\n", 1)[0]
    for site, signs in _SIGNS:
        if any(first.startswith(sign) for sign in signs):
            return site
    for site, signs in _SIGNS:
        if any(sign in head for sign in signs):
            return site
    return None


def import_text(text: str, file: str = "", site: str | None = None) -> list[Imported]:
    """Every hand of one file's text, imported and checked, in order.

    Args:
        text: the file's text (see :func:`decode` for bytes).
        file: the file's name as given, for the report.
        site: the site's name (a key of :data:`PARSERS`), or ``None`` to detect
            it hand by hand (a file may hold several sites' hands).

    Raises:
        ValueError: the site is unknown, or cannot be detected from the text.
    """
    return list(import_lines(text.splitlines(), file, site))


def import_lines(
    lines: Iterable[str], file: str = "", site: str | None = None, *, cut: bool = False
) -> Iterator[Imported]:
    """Every hand of a file given line by line, imported and checked one hand
    at a time (memory bounded by the longest hand): each hand is read by the
    reader of the site its first line names (see :mod:`.split`). Whole-file
    formats (iPoker XML, ACPC, PokerNow) and a ``site`` given are read whole.
    A hand of a site no reader reads is ``skipped`` with ``unknown_site``.
    With ``cut`` (the file's last line has no line end), a last hand whose
    last line is cut short mid-line (see :func:`_looks_cut`) is ``skipped``
    with ``partial``; so is a hand whose last line the next hand was glued
    onto (a file cut short and appended to), when that line looks cut.

    Raises:
        ValueError: the site is unknown, or cannot be detected from the text.
    """
    if site is not None and site not in PARSERS:
        raise ValueError(f"unknown site {site!r} (known: {', '.join(sorted(PARSERS))})")
    lines = iter(lines)
    head: list[str] = []
    for line in lines:
        head.append(line)
        if len(head) >= 40 or sum(map(len, head)) >= 2000:
            break
    text = "\n".join(head)
    name = site or detect(text)
    if site is not None or name in _WHOLE or text.lstrip("\ufeff \n\t").startswith("<"):
        text = "\n".join(chain(head, lines)).lstrip("\ufeff")
        name = name or detect(text)
        if name is None:
            raise ValueError("no hand history of a known site (use --site)")
        yield from (check(hand) for hand in PARSERS[name](text, file))
        return
    found = False
    hands = split.glued_hands(chain(head, lines), name or "")
    for (which, first, chunk, glued), last in _marked_last(hands, cut):
        if not which:
            continue
        found = True
        if which == "unknown":
            yield _unknown_site(chunk, file, first)
            continue
        where = (
            "the file's last line"
            if last
            else "the line the next hand is glued to"
            if glued
            else ""
        )
        yield from _read_chunk(which, chunk, file, first, where)
    if not found:
        raise ValueError("no hand history of a known site (use --site)")


def _marked_last(items: Iterator[_T], look: bool) -> Iterator[tuple[_T, bool]]:
    """Each item with whether it is the last; only with ``look`` (reading one
    item ahead), else every item marked ``False`` as soon as it comes."""
    if not look:
        yield from ((item, False) for item in items)
        return
    before = next(items, None)
    for item in items:
        assert before is not None
        yield before, False
        before = item
    if before is not None:
        yield before, True


def _unknown_site(chunk: list[str], file: str, first: int) -> Imported:
    """A hand of a site no reader reads (its first line is one of
    :data:`.split.FOREIGN`): reported ``skipped`` with ``unknown_site``."""
    number = re.search(r"#\s*([0-9]+)", chunk[0])
    hand = SiteHand("unknown", number.group(1) if number else f"line-{first}", file, first)
    words = chunk[0].split("#")[0].strip() or chunk[0][:40]
    return check(hand.skipped("unknown_site", f"a hand of a site not read ({words!r})"))


def _read_chunk(
    which: str, chunk: list[str], file: str, first: int, cut: str
) -> Iterator[Imported]:
    """The hands of one chunk of a file, read by ``which``'s reader and
    checked; ``cut``: words naming the chunk's last line when it may be cut
    short (the file's last line, without a line end, or the line the next
    hand is glued to), else empty. A reader or check that fails on a hand (any exception: a bug)
    reports that hand ``skipped`` with ``read_error`` naming the error's type
    and words, and the file's other hands are read on."""
    try:
        hands = PARSERS[which]("\n".join(chunk), file)
    except Exception as error:  # a bug met on one chunk: reported, the others read
        yield _failed(which, f"line-{first}", file, first, error)
        return
    for k, hand in enumerate(hands):
        if which in header.SITES and len(hands) == 1:
            hand.meta.update(header.read(chunk, tournament=hand.tournament))
        if hand.hand_id == f"line-{hand.line}":
            hand.hand_id = f"line-{hand.line + first - 1}"
        hand.line += first - 1
        if cut and k == len(hands) - 1 and _looks_cut(chunk):
            # the cut explains any unknown line or figure the reader met first
            hand.skip, hand.detail = None, ""
            hand.skipped("partial", f"{cut} is cut short: {chunk[-1][-40:]!r}")
        try:
            imported = check(hand)
        except Exception as error:  # a bug met on one hand: reported, the others read
            imported = _failed(hand.site, hand.hand_id, file, hand.line, error)
        yield imported


def _failed(site: str, ident: str, file: str, line: int, error: Exception) -> Imported:
    """The report of a hand the importer failed on: ``skipped`` with
    ``read_error``, the error's type and words (cut to 120 characters)."""
    words = str(error)
    words = words if len(words) <= 120 else words[:117] + "..."
    detail = f"the importer failed on this hand ({type(error).__name__}: {words}): please report it"
    return Imported(file, site, ident, SKIPPED, "read_error", detail, line=line)


#: The end of a line cut short whatever the hand: an open bracket, a colon,
#: a currency sign or a decimal mark with nothing after it.
_CUT_END = re.compile(r"[(\[$:,]$|[0-9][.,]$")
#: Money with decimals (``2.71``, ``0,35``), as a hand writes its amounts.
_DECIMALS = re.compile(r"(?<![0-9.,])[0-9]{1,3}(?:,[0-9]{3})*[.,]([0-9]{1,2})(?![0-9])")


def _looks_cut(chunk: list[str]) -> bool:
    """Whether the last line of a file (read without its line end) is cut
    short: it ends as no complete line does (:data:`_CUT_END`), or in a
    figure with fewer decimals than the hand writes its money with
    (``wins €2.7`` in a hand of cents). A complete line may end in a figure
    (``Bob: wins €0.30``, ``won 215``); a figure of whole chips cut short is
    not seen here (its hand then differs from the site's figures)."""
    last = next((line for line in reversed(chunk) if line.strip()), "").rstrip()
    if _CUT_END.search(last):
        return True
    figure = re.search(r"[0-9]+(?:[.,]([0-9]+))?$", last)
    if figure is None:
        return False
    most = max((len(m.group(1)) for line in chunk for m in _DECIMALS.finditer(line)), default=0)
    return len(figure.group(1) or "") < most


#: Sites whose files are read whole (not one hand at a time).
_WHOLE = ("acpc", "pokernow")


#: What a reader may raise on text it was not written for; a file that does
#: this is reported on one line (never silently dropped).
_READ_ERRORS = (ValueError, IndexError, KeyError, ArithmeticError)


def site_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named, and in folders every file with a site suffix, sorted."""
    for path in paths:
        path = Path(path)
        if path.is_dir():
            yield from sorted(
                p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES
            )
        else:
            yield path


def read_lines(path: Path, *, block: int = 1 << 20) -> Iterator[str]:
    """The lines of a site file, read as it is consumed (never whole, ``block``
    bytes at a time): UTF-16 with or without a byte-order mark, else each line
    UTF-8 where it is valid UTF-8 and Latin-1 where it is not (as
    :func:`decode`); CRLF and CR line ends read as LF, without the line end.

    Raises:
        OSError: the file cannot be read.
        ValueError: ``block`` is below 1.
    """
    if block < 1:
        raise ValueError(f"block must be at least 1 byte, got {block}")
    with path.open("rb") as raw:
        head = raw.read(4)
        encoding = ""
        if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            encoding = "utf-16"
        elif len(head) > 1 and head[1:2] == b"\0" and head[0:1] != b"\0":
            encoding = "utf-16-le"
        elif len(head) > 1 and head[0:1] == b"\0":
            encoding = "utf-16-be"
        if not encoding:
            raw.seek(len(codecs.BOM_UTF8) if head.startswith(codecs.BOM_UTF8) else 0)
            yield from _byte_lines(raw, block)
            return
    with path.open(encoding=encoding, errors="replace", newline=None) as text:
        for line in text:
            yield line.rstrip("\n")


def _no_line_end(path: Path) -> bool:
    """Whether a file's last bytes are not a line end (its last line may be cut)."""
    with path.open("rb") as raw:
        raw.seek(0, 2)
        size = raw.tell()
        raw.seek(max(0, size - 2))
        tail = raw.read()
    return bool(tail) and tail.rstrip(b"\0")[-1:] not in (b"\n", b"\r")


def _byte_lines(raw: BinaryIO, size: int) -> Iterator[str]:
    """The lines of a binary file (LF, CRLF or CR ends), decoded as
    :func:`decode` does, reading ``size`` bytes at a time: each block is cut
    after its last line end (never after a final CR, which may begin a CRLF)
    and the rest joined to the next (a line longer than a block is joined
    once)."""
    parts: list[bytes] = []  # what is read after the last line end
    while block := raw.read(size):
        cut = max(block.rfind(b"\n"), block.rfind(b"\r", 0, len(block) - 1))
        if cut < 0:
            parts.append(block)
            continue
        parts.append(block[: cut + 1])
        yield from _ended_lines(b"".join(parts))
        parts = [block[cut + 1 :]]
    rest = b"".join(parts)
    if rest:
        yield from _ended_lines(rest + b"\n")


def _ended_lines(data: bytes) -> list[str]:
    """The lines of ``data``, which ends with a line end: all UTF-8 when it
    is, else each line by :func:`_line_text` (no UTF-8 character holds a CR
    or LF byte, so a line is never cut inside one)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = "".join(map(_line_text, data.splitlines(keepends=True)))
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    lines.pop()  # after the last line end
    return lines


def iter_imported(
    paths: Iterable[str | Path], site: str | None = None
) -> Iterator[tuple[Path, Imported | str]]:
    """Each hand of the files of ``paths`` as it is imported and checked (one
    hand in memory at a time), with its file; or the one-line problem that
    kept a file, or the rest of it, from being read (missing, unreadable, no
    known site)."""
    for path in site_files(paths):
        try:
            for hand in import_lines(read_lines(path), str(path), site, cut=_no_line_end(path)):
                yield path, hand
        except OSError as error:
            yield path, f"{path}: cannot read: {error.strerror}"
        except ValueError as error:
            yield path, f"{path}: {error}"
        except _READ_ERRORS as error:
            yield path, f"{path}: cannot be read: {type(error).__name__}: {error}"


def import_paths(
    paths: Iterable[str | Path], site: str | None = None
) -> Iterator[tuple[Path, list[Imported] | str]]:
    """Each file of ``paths`` with its imported hands, or the one-line problem
    that kept it from being read (missing, unreadable, no known site); see
    :func:`iter_imported` to read hand by hand."""
    for path in site_files(paths):
        hands: list[Imported] = []
        problem = ""
        for _, found in iter_imported([path], site):
            if isinstance(found, str):
                problem = found
            else:
                hands.append(found)
        yield path, problem or hands


__all__ = [
    "PARSERS",
    "Imported",
    "SiteHand",
    "check",
    "decode",
    "detect",
    "import_lines",
    "import_paths",
    "iter_imported",
    "import_text",
    "read_lines",
    "site_files",
]
