"""PokerStars hand histories written by a client in another language.

PokerStars writes its histories in the client's language: the Portuguese
client writes ``Mão PokerStars #N: Torneio #T, ... - Nível I (10/20)``,
``Lugar 1: Ann (500 em fichas)``, ``Ann: paga o small blind 10``,
``Ann: aumenta 20 para 40``, ``Aposta não-igualada (20) voltou para Ann``,
``Ann recebeu 50 do pote``, ``*** SUMÁRIO ***``, ``Total pote 50 | comissão
0``. :func:`translate` turns the lines of a language it knows into the
English the PokerStars reader reads; the figures are untouched, so the check
against the site's totals is the same as for an English file.

A hand in a language the importer does not know (German ``PokerStars -
Spiel #``, Spanish ``Juego de PokerStars #``, ...) is found and reported on
its own (``skipped`` with ``language``), never read by guesswork.
"""

from __future__ import annotations

import re

#: A PokerStars hand's first line in any language: the words before and
#: after ``PokerStars``, the hand number after ``#`` (or ``n°``), a colon.
HEADER_ANY = re.compile(
    r"^(?:[^\s#:][^#:\n]{0,24} )?(?:PokerStars|PokerMaster)\b[^#:\n]{0,40}?"
    r"(?:#|n°|nº|No\.|Nr\.) ?([A-Za-z0-9-]+) ?: *(.*)$"
)

_PT_HEADER = re.compile(r"^Mão PokerStars #")

# Portuguese (the client's own words, in the order PokerStars writes them).
_PT_LINES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), english)
    for pattern, english in (
        (r"^Mão PokerStars (Zoom )?#", r"PokerStars \1Hand #"),
        (r"^Mesa ('.*') (.*)Lugar #(\d+) é o botão", r"Table \1 \2Seat #\3 is the button"),
        (r"^Lugar (\d+): (.+?) \(([^()]*?),? em fichas([^()]*)\)", r"Seat \1: \2 (\3 in chips\4)"),
        (r"^\*\*\* CARTAS DA MÃO \*\*\*", "*** HOLE CARDS ***"),
        (r"^\*\*\* SUMÁRIO \*\*\*", "*** SUMMARY ***"),
        (r"^Aposta não-igualada \((.+?)\) voltou para (.+)$", r"Uncalled bet (\1) returned to \2"),
        (r"^(.+?) recebeu (\S+) do pote", r"\1 collected \2 from pot"),
        (r"^(.+?) recebe \[(.*)\]$", r"Dealt to \1 [\2]"),
        (r"^Total pote (\S+)(.*?)\| comissão (\S+)", r"Total pot \1\2| Rake \3"),
        (r"^Mesa \[", "Board ["),
        (r"^Lugar (\d+): ", r"Seat \1: "),
    )
)
_PT_TITLE = ((" Torneio #", " Tournament #"), (" Nível ", " Level "))
_PT_VERBS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^coloca (?:o )?ante "), "posts the ante "),
    (re.compile(r"^paga (?:o )?small blind "), "posts small blind "),
    (re.compile(r"^paga (?:o )?big blind "), "posts big blind "),
    (re.compile(r"^paga (?:o )?small (?:e|&) (?:o )?big blind "), "posts small & big blinds "),
    (re.compile(r"^desiste"), "folds"),
    (re.compile(r"^passa"), "checks"),
    (re.compile(r"^iguala "), "calls "),
    (re.compile(r"^aposta "), "bets "),
    (re.compile(r"^aumenta (\S+) para "), r"raises \1 to "),
    (re.compile(r"^mostra "), "shows "),
    (re.compile(r"^não mostra"), "doesn't show"),
)
_PT_SUMMARY = (
    (" recebeu (", " collected ("),
    (" desistiu ", " folded "),
    (" mostrou ", " showed "),
    (" (Botão)", " (button)"),
)


def language(header: str) -> str | None:
    """The language of a PokerStars first line: ``"en"``, ``"pt"``, or
    ``None`` for one the importer does not read."""
    if re.match(r"^(?:PokerStars|PokerMaster)\b[^#\n]*?(?:Hand|Game) #", header):
        return "en"
    if _PT_HEADER.match(header):
        return "pt"
    return None


def translate(lines: list[str], lang: str) -> list[str]:
    """The lines of a hand in ``lang`` (see :func:`language`) in English."""
    if lang != "pt":
        return lines
    out = []
    for number, line in enumerate(lines):
        text = line.strip()
        if number == 0:
            for word, english in _PT_TITLE:
                text = text.replace(word, english)
        text = _pt_line(text)
        out.append(text)
    return out


def _pt_line(text: str) -> str:
    for pattern, english in _PT_LINES:
        if pattern.search(text):
            text = pattern.sub(english, text, count=1)
            if text.startswith("Seat ") and " in chips" not in text:
                for word, summary in _PT_SUMMARY:
                    text = text.replace(word, summary)
            return text.replace(" e está all-in", " and is all-in").replace(
                "está sit out", "is sitting out"
            )
    head, colon, rest = text.partition(": ")
    if colon and head:
        for pattern, english in _PT_VERBS:
            if pattern.match(rest):
                rest = pattern.sub(english, rest, count=1)
                break
        rest = rest.replace(" e está all-in", " and is all-in")
        return f"{head}: {rest}"
    return text
