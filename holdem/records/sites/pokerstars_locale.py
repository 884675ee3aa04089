"""PokerStars hand histories written by a client in another language.

PokerStars writes its histories in the client's language. :func:`translate`
turns the lines of a language it knows into the English the PokerStars
reader reads; the figures are untouched, so the check against the site's
totals is the same as for an English file. The languages read, each learned
line by line from real histories:

* Portuguese: ``Mão PokerStars #N: Torneio #T, ... - Nível I (10/20)``,
  ``Lugar 1: Ann (500 em fichas)``, ``Ann: paga o small blind 10``,
  ``Ann: aumenta 20 para 40``, ``Aposta não-igualada (20) voltou para Ann``,
  ``Ann recebeu 50 do pote``, ``*** SUMÁRIO ***``, ``Total pote 50 |
  comissão 0``.
* Russian (cash): ``Раздача PokerStars №N:  Холдем Безлимитный ($0.01/$0.02
  USD)``, ``Место 1: Ann ($2 фишек)``, ``Ann: ставит малый блайнд $0.01``,
  ``Ann: делает рейз $0.04 $0.06 и олл-ин``, ``Неуравненная ставка ($0.04)
  возвращается игроку Ann``, ``Ann получил $0.05 ( банк)``, ``*** ИТОГ ***``,
  ``Общий банк $0.05 | Доля $0``.
* Spanish (cash, Zoom): ``Mano n.º N de Zoom de PokerStars:  Hold'em No Limit
  (0.02 €/0.05 €)``, ``Asiento 1: Ann (5 € en fichas)``, ``Ann: pone la ciega
  pequeña 0.02 €``, ``Ann: sube 0.07 € a 0.12 €``, ``La apuesta no igualada
  (0.03 €) ha sido devuelta a Ann``, ``Ann se lleva 0.04 € del bote``, ``***
  RESUMEN ***``, ``Bote total 0.04 € | Comisión 0 €`` (an amount's currency
  sign written after it is put before it: ``0.02 €`` is read as ``€0.02``).

Russian and Spanish are read strictly: the first line must be a form learned
(a tournament's is not yet), every line before the summary must be one
learned (else the hand is skipped with the line: ``unknown_action``), and a
player's action that is not learned is left as it is, so the reader skips
the hand. A hand in a language the importer does not know (German
``PokerStars - Spiel #``, French ``PokerStars Main n°``, ...) is found and
reported on its own (``skipped`` with ``language``), never read by
guesswork.
"""

from __future__ import annotations

import re
from typing import NamedTuple

#: A PokerStars hand's first line in any language: the words before and
#: after ``PokerStars``, the hand number after ``#`` (or ``n°``, ``№``), a
#: colon; or a number before ``PokerStars`` (``Mano n.º N de PokerStars:``).
HEADER_ANY = re.compile(
    r"^(?:(?:[^\s#:][^#:\n]{0,24} )?(?:PokerStars|PokerMaster)\b[^#:\n]{0,40}?"
    r"(?:#|n°|nº|№|No\.|Nr\.) ?([A-Za-z0-9-]+) ?: *(.*)"
    r"|[^\s#:\"]+ (?:n\.º|nº|n°|n\.|№) ?([0-9]+) (?:\S+ ){0,3}?PokerStars ?: *(.*))$"
)


def hand_number(match: re.Match[str]) -> str:
    """The hand number of a :data:`HEADER_ANY` match."""
    return match.group(1) or match.group(3)


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

_Rules = tuple[tuple[re.Pattern[str], str], ...]


def _rules(*pairs: tuple[str, str]) -> _Rules:
    return tuple((re.compile(pattern), english) for pattern, english in pairs)


class _Tongue(NamedTuple):
    """The learned lines of one language: each pattern matches a whole line
    (or, for ``verbs`` and ``outcomes``, the whole of its part)."""

    name: str
    header: re.Pattern[str]  # groups: number, "Zoom " or None, game and stakes, the rest
    game: str  # the game's words in the first line
    streets: dict[str, str]  # "*** WORDS ***" -> the English words
    seat: _Rules  # header seat lines
    lines: _Rules  # other lines of the play (dealt, uncalled, collected, read past)
    verbs: _Rules  # what follows "Name: "
    allin: str  # the words after an amount that mean all-in ("" when not learned)
    total: tuple[str, _Rules]  # the total line's first word, its rule
    board: _Rules
    seat_word: str  # the summary's seat lines' first word
    positions: tuple[tuple[str, str], ...]
    outcomes: _Rules  # what follows a summary seat line's name and position


_AMOUNT = r"(\S+)"
_WITH_AMOUNT = ("posts ", "calls ", "bets ", "raises ")  # the actions that may be all-in
_CARDS = r"(\[[^\]]*\])"

_RU = _Tongue(
    name="Russian",
    header=re.compile(
        r"^Раздача PokerStars №([0-9]+):()\s+Холдем Безлимитный (\([^()]*\)) - (.*)$"
    ),
    game="Hold'em No Limit",
    streets={
        "ЗАКРЫТЫЕ КАРТЫ": "HOLE CARDS",
        "ФЛОП": "FLOP",
        "ТЕРН": "TURN",
        "РИВЕР": "RIVER",
        "ВСКРЫТИЕ КАРТ": "SHOW DOWN",
        "ИТОГ": "SUMMARY",
    },
    seat=_rules((rf"^Место (\d+): (.+) \({_AMOUNT} фишек\)$", r"Seat \1: \2 (\3 in chips)")),
    lines=_rules(
        (r"^Стол '(.*)' (.*?)Баттон на месте №(\d+)$", r"Table '\1' \2Seat #\3 is the button"),
        (r"^Карты (.+) \[([^\]]*)\]$", r"Dealt to \1 [\2]"),
        (
            rf"^Неуравненная ставка \({_AMOUNT}\) возвращается игроку (.+)$",
            r"Uncalled bet (\1) returned to \2",
        ),
        (rf"^(.+) получил {_AMOUNT} \( банк\)$", r"\1 collected \2 from pot"),
        (r"^(.+) покидает стол$", r"\1 leaves the table"),
        (r"^(.+) садится за стол на место №(\d+)$", r"\1 joins the table at seat #\2"),
        (r"^время на ход игрока (.+) истекло$", r"\1 has timed out"),
    ),
    verbs=_rules(
        (rf"^ставит малый блайнд {_AMOUNT}$", r"posts small blind \1"),
        (rf"^ставит большой блайнд {_AMOUNT}$", r"posts big blind \1"),
        (r"^делает фолд$", "folds"),
        (r"^делает чек$", "checks"),
        (rf"^делает колл {_AMOUNT}$", r"calls \1"),
        (rf"^делает бет {_AMOUNT}$", r"bets \1"),
        (rf"^делает рейз {_AMOUNT} {_AMOUNT}$", r"raises \1 to \2"),
        (rf"^открывает {_CARDS}(.*)$", r"shows \1\2"),
        (r"^не показывает руку$", "doesn't show hand"),
    ),
    allin=" и олл-ин",
    total=(
        "Общий банк",
        _rules((rf"^Общий банк {_AMOUNT} \| Доля {_AMOUNT}$", r"Total pot \1 | Rake \2")),
    ),
    board=_rules((r"^Борд \[([^\]]*)\]$", r"Board [\1]")),
    seat_word="Место",
    positions=(
        ("(баттон)", "(button)"),
        ("(малый блайнд)", "(small blind)"),
        ("(большой блайнд)", "(big blind)"),
    ),
    outcomes=_rules(
        (rf"^собрал \({_AMOUNT}\)$", r"collected (\1)"),
        (rf"^открыл {_CARDS} и выиграл \({_AMOUNT}\)(.*)$", r"showed \1 and won (\2)\3"),
        (rf"^открыл {_CARDS} и проиграл(.*)$", r"showed \1 and lost\2"),
        (r"^сделал фолд (.*)$", r"folded \1"),
    ),
)

_ES = _Tongue(
    name="Spanish",
    header=re.compile(
        r"^Mano n\.º ([0-9]+) de (Zoom )?(?:de )?PokerStars:\s+"
        r"Hold'em No Limit (\([^()]*\)) - (.*)$"
    ),
    game="Hold'em No Limit",
    streets={
        "CARTAS DE MANO": "HOLE CARDS",
        "FLOP": "FLOP",
        "TURN": "TURN",
        "RIVER": "RIVER",
        "SHOW DOWN": "SHOW DOWN",
        "RESUMEN": "SUMMARY",
    },
    seat=_rules((rf"^Asiento (\d+): (.+) \({_AMOUNT} en fichas\)$", r"Seat \1: \2 (\3 in chips)")),
    lines=_rules(
        (
            r"^Mesa \"(.*)\" (.*?)El asiento n\.º (\d+) es el botón$",
            r"Table '\1' \2Seat #\3 is the button",
        ),
        (r"^Repartidas a (.+) \[([^\]]*)\]$", r"Dealt to \1 [\2]"),
        (
            rf"^La apuesta no igualada \({_AMOUNT}\) ha sido devuelta a (.+)$",
            r"Uncalled bet (\1) returned to \2",
        ),
        (rf"^(.+) se lleva {_AMOUNT} del bote$", r"\1 collected \2 from pot"),
        (r"^(.+) no tiene conexión$", r"\1 is disconnected"),
        (
            r"^(.+) ha agotado su tiempo mientras siga sin conexión$",
            r"\1 has timed out while disconnected",
        ),
    ),
    verbs=_rules(
        (rf"^pone la ciega pequeña {_AMOUNT}$", r"posts small blind \1"),
        (rf"^pone la ciega grande {_AMOUNT}$", r"posts big blind \1"),
        (r"^se retira$", "folds"),
        (r"^pasa$", "checks"),
        (rf"^iguala {_AMOUNT}$", r"calls \1"),
        (rf"^apuesta {_AMOUNT}$", r"bets \1"),
        (rf"^sube {_AMOUNT} a {_AMOUNT}$", r"raises \1 to \2"),
        (rf"^muestra {_CARDS}(.*)$", r"shows \1\2"),
        (r"^descarta su mano sin mostrar$", "mucks hand"),
        (r"^no muestra su mano$", "doesn't show hand"),
    ),
    allin="",
    total=(
        "Bote total",
        _rules((rf"^Bote total {_AMOUNT} \| Comisión {_AMOUNT}$", r"Total pot \1 | Rake \2")),
    ),
    board=_rules((r"^Comunitarias \[([^\]]*)\]$", r"Board [\1]")),
    seat_word="Asiento",
    positions=(
        ("(botón)", "(button)"),
        ("(ciega pequeña)", "(small blind)"),
        ("(ciega grande)", "(big blind)"),
    ),
    outcomes=_rules(
        (rf"^recaudó \({_AMOUNT}\)$", r"collected (\1)"),
        (rf"^muestra {_CARDS} y ganó \({_AMOUNT}\)(.*)$", r"showed \1 and won (\2)\3"),
        (rf"^descartó sin mostrar {_CARDS}$", r"mucked \1"),
        (r"^se retiró (antes del|en el) (.*)$", r"folded \1 \2"),
    ),
)

_TONGUES = {"ru": _RU, "es": _ES}
#: PokerStars' e-mailed histories separate hands with ``*********** # 1 ****``
#: (``№1``, ``n. 1``): not part of a hand.
SEPARATOR = re.compile(r"^\*{5,} ?(?:#|№|n\.)? ?[0-9]+ ?\*{5,}$")
_SIGN_AFTER = re.compile(r"([0-9][0-9.,]*) ([€£$])")


def language(header: str) -> str | None:
    """The language of a PokerStars first line: ``"en"``, ``"pt"``, ``"ru"``,
    ``"es"``, or ``None`` for one the importer does not read (also a first
    line of a known language in a form not learned, such as a Russian
    tournament's)."""
    if re.match(r"^(?:PokerStars|PokerMaster)\b[^#\n]*?(?:Hand|Game) #", header):
        return "en"
    if _PT_HEADER.match(header):
        return "pt"
    for code, tongue in _TONGUES.items():
        if tongue.header.match(header):
            return code
    return None


def translate(lines: list[str], lang: str) -> tuple[list[str], str | None]:
    """The lines of a hand in ``lang`` (see :func:`language`) in English, and
    the first line before the summary that is not learned (``None`` when
    every line is)."""
    if lang in _TONGUES:
        return _strict(lines, _TONGUES[lang])
    if lang != "pt":
        return lines, None
    out = []
    for number, line in enumerate(lines):
        text = line.strip()
        if number == 0:
            for word, english in _PT_TITLE:
                text = text.replace(word, english)
        text = _pt_line(text)
        out.append(text)
    return out, None


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


def _first(rules: _Rules, text: str) -> str | None:
    """``text`` rewritten by the first rule matching all of it, or ``None``."""
    for pattern, english in rules:
        if pattern.match(text):
            return pattern.sub(english, text, count=1)
    return None


def _strict(lines: list[str], tongue: _Tongue) -> tuple[list[str], str | None]:
    """A hand of a strictly read language in English (see :func:`translate`)."""
    sign = tongue is _ES  # Spanish writes the currency sign after the amount
    head = tongue.header.match(_SIGN_AFTER.sub(r"\2\1", lines[0]) if sign else lines[0])
    if head is None:
        return lines, f"a first line not learned: {lines[0][:60]!r}"
    number, zoom, stakes, rest = head.groups()
    out = [f"PokerStars {zoom or ''}Hand #{number}:  {tongue.game} {stakes} - {rest}"]
    names: list[str] = []
    section = "header"
    problem: str | None = None
    for raw in lines[1:]:
        text = raw.strip()
        if sign:
            text = _SIGN_AFTER.sub(r"\2\1", text)
        if not text or SEPARATOR.match(text):
            continue
        street = re.match(r"^\*\*\* (.+?) \*\*\*(.*)$", text)
        if street and street.group(1) in tongue.streets:
            words = tongue.streets[street.group(1)]
            section = {"HOLE CARDS": "play", "SUMMARY": "summary"}.get(words, section)
            out.append(f"*** {words} ***{street.group(2)}")
            continue
        if section == "summary":
            out.append(_summary_line(text, tongue))
            continue
        english, name = _play_line(text, tongue, names, section)
        if name is not None:
            names.append(name)
        if english is None:
            problem = problem or f"a line not learned: {text[:80]!r}"
        out.append(text if english is None else english)
    if section != "summary":
        return out, problem
    total = [line for line in out if line.startswith(tongue.total[0])]
    if total and problem is None:
        problem = f"a total not learned: {total[0][:80]!r}"
    return out, problem


def _play_line(
    text: str, tongue: _Tongue, names: list[str], section: str
) -> tuple[str | None, str | None]:
    """A line before the summary in English (``None`` when not learned; a
    player's action not learned is left as it is, for the reader to skip),
    and the name a seat line gives."""
    if section == "header":
        seat = _first(tongue.seat, text)
        if seat is not None:
            return seat, tongue.seat[0][0].sub(r"\2", text)
    for name in sorted(names, key=len, reverse=True):
        if text.startswith(name + ": "):
            action = text[len(name) + 2 :]
            allin = bool(tongue.allin) and action.endswith(tongue.allin)
            if allin:
                action = action[: -len(tongue.allin)]
            english = _first(tongue.verbs, action)
            if english is None or (allin and not english.startswith(_WITH_AMOUNT)):
                return text, None
            return f"{name}: {english}{' and is all-in' if allin else ''}", None
    return _first(tongue.lines, text), None


def _summary_line(text: str, tongue: _Tongue) -> str:
    """A summary line in English; one not learned is left as it is (the
    reader reads past it; the total line is checked by :func:`_strict`)."""
    english = _first(tongue.total[1], text) or _first(tongue.board, text)
    if english is not None:
        return english
    seat = re.match(rf"^{tongue.seat_word} (\d+): (.+)$", text)
    if seat is None:
        return text
    words = seat.group(2)
    for position, english_position in tongue.positions:
        words = words.replace(f" {position} ", f" {english_position} ")
    for pattern, english in tongue.outcomes:
        for found in re.finditer(" ", words):
            outcome = words[found.end() :]
            if pattern.match(outcome):
                name = words[: found.start()]
                return f"Seat {seat.group(1)}: {name} {pattern.sub(english, outcome, count=1)}"
    return text
