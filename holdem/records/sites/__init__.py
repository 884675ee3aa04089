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
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from pathlib import Path

from holdem.records.sites import (
    acpc,
    ggpoker,
    ipoker,
    pacific,
    partypoker,
    pokernow,
    pokerstars,
    split,
    winamax,
)
from holdem.records.sites.check import Imported, check
from holdem.records.sites.model import SiteHand

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


def decode(data: bytes) -> str:
    """A site file's text: UTF-8 or UTF-16 (with or without a byte-order
    mark), else Latin-1; CRLF and CR line ends read as LF."""
    if data.startswith(codecs.BOM_UTF8):
        text = data[3:].decode("utf-8", "replace")
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = data.decode("utf-16", "replace")
    elif len(data) > 1 and data[1:2] == b"\0" and data[0:1] != b"\0":
        text = data.decode("utf-16-le", "replace")
    elif len(data) > 1 and data[0:1] == b"\0":
        text = data.decode("utf-16-be", "replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
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
    lines: Iterable[str], file: str = "", site: str | None = None
) -> Iterator[Imported]:
    """Every hand of a file given line by line, imported and checked one hand
    at a time (memory bounded by the longest hand): each hand is read by the
    reader of the site its first line names (see :mod:`.split`). Whole-file
    formats (iPoker XML, ACPC, PokerNow) and a ``site`` given are read whole.

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
    for which, first, chunk in split.hands(chain(head, lines), name or ""):
        if not which:
            continue
        found = True
        for hand in PARSERS[which]("\n".join(chunk), file):
            if hand.hand_id == f"line-{hand.line}":
                hand.hand_id = f"line-{hand.line + first - 1}"
            hand.line += first - 1
            yield check(hand)
    if not found:
        raise ValueError("no hand history of a known site (use --site)")


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


def read_lines(path: Path) -> Iterator[str]:
    """The lines of a site file, read as it is consumed (never whole): UTF-8
    or UTF-16 with or without a byte-order mark, else Latin-1 (as
    :func:`decode`); CRLF and CR line ends read as LF, without the line end.

    Raises:
        OSError: the file cannot be read.
    """
    with path.open("rb") as raw:
        head = raw.read(4)
        encoding = "utf-8"
        if head.startswith(codecs.BOM_UTF8):
            encoding = "utf-8-sig"
        elif head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            encoding = "utf-16"
        elif len(head) > 1 and head[1:2] == b"\0" and head[0:1] != b"\0":
            encoding = "utf-16-le"
        elif len(head) > 1 and head[0:1] == b"\0":
            encoding = "utf-16-be"
        else:
            raw.seek(0)
            checker = codecs.getincrementaldecoder("utf-8")()
            try:
                while block := raw.read(1 << 20):
                    checker.decode(block)
                checker.decode(b"", final=True)
            except UnicodeDecodeError:
                encoding = "latin-1"
    with path.open(encoding=encoding, errors="replace", newline=None) as text:
        for line in text:
            yield line.rstrip("\n")


def iter_imported(
    paths: Iterable[str | Path], site: str | None = None
) -> Iterator[tuple[Path, Imported | str]]:
    """Each hand of the files of ``paths`` as it is imported and checked (one
    hand in memory at a time), with its file; or the one-line problem that
    kept a file, or the rest of it, from being read (missing, unreadable, no
    known site)."""
    for path in site_files(paths):
        try:
            for hand in import_lines(read_lines(path), str(path), site):
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
