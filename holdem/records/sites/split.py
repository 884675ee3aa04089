"""A file's text cut into hands by each site's hand-start line.

Every hand of a text site starts with a line that names its site
(``PokerStars Hand #``, ``Poker Hand #`` for GGPoker, ``Winamax Poker - ``,
``***** Hand History for Game`` for PartyPoker, ``#Game No :`` followed by
``***** 888poker Hand History`` for 888, ``GAME #`` for iPoker's text), so a
file that holds the hands of several sites (histories pasted or ``cat``-ed
together) is read hand by hand, each by its own site's reader. The first
lines of hands of sites no reader reads (ACR/WPN's ``Game Hand #``,
Ignition's, Bovada's and Bodog's ``... Hand #``, Full Tilt's, Ongame's,
Everleaf's, ...) also start hands, given as the site ``"unknown"`` (reported
``skipped`` with ``unknown_site``, never read into the hand before them),
and so does a PokerStars first line that lost its ``#`` (its reader reports
it). A hand glued
onto the end of the previous line (a file cut short and appended to) starts
a line of its own, and byte-order marks (U+FEFF) at line starts, as ``cat``
of files that each begin with one leaves them, are dropped.

>>> text = "PokerStars Hand #1: x\\nSeat 1: a\\n***** Hand History for Game 2 *****\\nb"
>>> [(site, line, lines[0][:10]) for site, line, lines in hands(text.splitlines())]
[('pokerstars', 1, 'PokerStars'), ('partypoker', 3, '***** Hand')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from holdem.records.sites.pokerstars import HEADER
from holdem.records.sites.pokerstars_locale import HEADER_ANY

_BOM = "\ufeff"

#: A hand start anywhere in a line; the text before it belongs to the previous hand.
_GLUED = re.compile(
    r"(?<=[^\n\ufeff])(?=\ufeff?(?:PokerStars (?:Zoom )?(?:Hand|Game) #[0-9]+: |"
    r"Poker Hand #[A-Z]*[0-9]+: |Winamax Poker - |GAME #[0-9]+ Version:|#Game No : [0-9]|"
    r"\*\*\*\*\* (?:Hand History [Ff]or Game |888poker Hand History|Cassava Hand)))"
)
_GAME_NO = re.compile(r"^#Game No\s*:\s*\w+")
_PARTY = re.compile(r"^\*\*\*\*\* Hand History [Ff]or Game ")
_PACIFIC = re.compile(r"^\*\*\*\*\* (?:888|Cassava)")
_IPOKER = re.compile(r"^GAME #[0-9]+")
#: The first lines of hands of sites no reader reads (real files' forms).
FOREIGN = re.compile(
    r"^(?:Game Hand #[0-9]+ - |Hand #[0-9]+ - (?:Holdem|Omaha|Tournament)|"
    r"(?:Ignition|Bovada|Bodog|Bovada\.lv) Hand #[0-9]+|Stage #[0-9]+:|"
    r"Full ?Tilt ?Poker (?:Game|Hand) #[0-9]+|\*\*\*\*\* History for hand |"
    r"Everleaf Gaming Game #[0-9]+|\*\*\*\*\* Betfair Poker Hand History)"
)
#: A PokerStars first line that lost its ``#`` (``PokerStars Hand 2001:``).
_STARS_BROKEN = re.compile(r"^PokerStars (?:Zoom )?(?:Hand|Game) [0-9]+: ")


def unglue(line: str) -> list[str]:
    """``line`` cut before every hand start written in it after other text,
    without byte-order marks at the start of each piece.

    >>> unglue("Bob wins $1 USD\\ufeffPoker Hand #HD2: Hold'em")
    ['Bob wins $1 USD', "Poker Hand #HD2: Hold'em"]
    """
    if _BOM not in line and "#" not in line and "*****" not in line and " - " not in line:
        return [line]
    return [part.lstrip(_BOM) for part in _GLUED.split(line)]


def start_site(line: str) -> str | None:
    """The site whose hands start with ``line``, or ``None``; a ``#Game No :``
    line (PartyPoker's and 888's) gives ``"#game"``: the next line tells which;
    a site no reader reads gives ``"unknown"``.

    >>> start_site("Game Hand #718596771 - Tournament #24139358 - Holdem(No Limit)")
    'unknown'
    """
    if line.startswith("Poker Hand #"):
        return "ggpoker"
    if line.startswith("Winamax Poker - "):
        return "winamax"
    if _GAME_NO.match(line):
        return "#game"
    if _PARTY.match(line):
        return "partypoker"
    if _PACIFIC.match(line):
        return "888"
    if _IPOKER.match(line):
        return "ipoker"
    if HEADER.match(line) or HEADER_ANY.match(line) or _STARS_BROKEN.match(line):
        return "pokerstars"
    if FOREIGN.match(line):
        return "unknown"
    return None


def lines_of(text_lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The lines of a file with their line numbers (1-based), glued hands cut
    apart (each piece keeps its line's number), right-hand whitespace and
    byte-order marks at line starts removed."""
    for number, part, _ in _pieces(text_lines):
        yield number, part


def _pieces(text_lines: Iterable[str]) -> Iterator[tuple[int, str, bool]]:
    """:func:`lines_of` with, for each piece, whether a hand glued onto it
    follows it on the same line (the piece was cut there)."""
    for number, raw in enumerate(text_lines, 1):
        parts = unglue(raw.rstrip("\r\n"))
        for k, part in enumerate(parts):
            yield number, part.rstrip(), k + 1 < len(parts)


def hands(text_lines: Iterable[str], default: str = "") -> Iterator[tuple[str, int, list[str]]]:
    """Each hand of a file as ``(site, first line number (1-based), lines)``.

    A hand runs from its start line to the next hand's start line, of any
    site. Text before the first hand is given as a hand of the first hand's
    site (``default`` when there is none), for its reader to report.
    """
    for site, first, lines, _ in glued_hands(text_lines, default):
        yield site, first, lines


def glued_hands(
    text_lines: Iterable[str], default: str = ""
) -> Iterator[tuple[str, int, list[str], bool]]:
    """:func:`hands` with, for each hand, whether its last line is one that
    the next hand was glued onto (a file cut short mid-line and appended to).

    >>> [h[3] for h in glued_hands(["PokerStars Hand #1: x", "Bob wins $2.7PokerStars Hand #2: y"])]
    [True, False]
    """
    site = ""
    lines: list[str] = []
    first = 1
    glued = False
    before = default  # the site of the hand before a "#Game No" line
    for number, line, cut in _pieces(text_lines):
        if site == "#game" and line.strip():
            # The line after "#Game No" names the hand's site (888 or PartyPoker).
            if _PARTY.match(line) or _PACIFIC.match(line):
                site = "888" if _PACIFIC.match(line) else "partypoker"
                lines.append(line)
                continue
            site = before if before in ("888", "partypoker") else "888"
        kind = start_site(line)
        if kind is not None:
            if any(x.strip() for x in lines):
                yield _named(site or kind, before), first, lines, glued
            before = site or before
            site, first, lines, glued = kind, number, [line], cut
            continue
        if not lines and not line.strip():
            first = number + 1
            continue
        lines.append(line)
        glued = cut
    if any(x.strip() for x in lines):
        yield _named(site, before) or default, first, lines, False


def _named(site: str, before: str) -> str:
    """``site``, or for a hand whose ``#Game No`` line is all there is, the site
    of the hand before it when that is 888 or PartyPoker, else 888."""
    if site == "#game":
        return before if before in ("888", "partypoker") else "888"
    return site
