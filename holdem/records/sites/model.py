"""The shared model of a site hand: what a poker site's hand history says, site-neutral.

Each site module (:mod:`holdem.records.sites.pokerstars`, ...) reads its text
into :class:`SiteHand` objects; :mod:`holdem.records.sites.check` turns one
into a PHH record, replays it strictly with the engine and compares the
engine's pot, rake and nets with the site's own figures.

Money is exact: every amount is a :class:`~decimal.Decimal` as the site wrote
it (in the file's currency or chips), never a float. The replay maps amounts
to whole chips with one ``chip_unit`` per hand (``0.01`` for cents).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

import attrs

#: Statuses of an imported hand.
MATCHED = "matched"
DIFFERED = "differed"
REJECTED = "rejected"
SKIPPED = "skipped"
STATUSES = (MATCHED, DIFFERED, REJECTED, SKIPPED)

#: Reason codes (docs/sites.md lists them with their meaning).
REASONS = {
    "not_nlhe": "not no-limit hold'em (another game, limit or pot-limit)",
    "cancelled": "the site cancelled the hand",
    "partial": "the hand's text is cut short (no summary, no seats, or no header)",
    "cash_drop": "the site added money to the pot (a promotion), not from a player",
    "unknown_action": "a line the importer does not understand",
    "language": "a history in a language the importer does not read",
    "bad_amount": "an amount that is not a number, or of more than 30 digits",
    "unknown_site": "a hand of a site the importer does not read (ACR, Ignition, ...)",
    "read_error": "the importer failed on the hand (a bug to report); the other hands are read",
    "no_names": "the file names no players (an anonymized export)",
    "bad_seats": "a name or a seat number written twice in the seats",
    "unsupported": "a table the engine does not play (blinds, antes or seats)",
    "replay_refused": "the engine refused an action of the hand (R3.7)",
    "pot": "the engine's pot differs from the site's total pot",
    "rake": "the engine's rake differs from the site's",
    "net": "a player's net differs from what the site wrote",
}

PREFLOP, FLOP, TURN, RIVER = 0, 1, 2, 3

_CURRENCY = re.compile(
    r"R\$|[$€£¥₹₽₩]|zł|kr(?=[\s\d.,]|$)|"
    r"(?<![A-Za-z])(?:USD|EUR|GBP|CAD|CNY|INR|SEK|RUB|BRL|PLN|RSD|NOK|DKK|CHF|AUD|JPY|KRW|HKD|"
    r"Chips|chips|T)(?![A-Za-z])"
)
_SPACES = re.compile(r"[\s\u00a0\u202f\u2009']")


#: The most digits an amount may have (leading zeros aside, decimals counted).
MOST_DIGITS = 30


def _short(text: str) -> str:
    """``text`` quoted, its middle left out when it is long."""
    return repr(text) if len(text) <= 40 else repr(text[:20] + "..." + text[-10:])


def parse_amount(text: str, decimal_comma: bool = False) -> Decimal:
    """An amount as a site writes it, as an exact decimal.

    Currency symbols and codes (also written against the digits, as iPoker's
    ``"RSD45.70"``), spaces (also no-break and thin spaces) and thousands
    separators are removed: ``"$1,234.50"`` -> ``Decimal("1234.50")``.
    With ``decimal_comma`` (Winamax, localized clients) ``"1.234,50 €"`` and
    ``"0,50€"`` read as 1234.50 and 0.50. When both ``,`` and ``.`` appear,
    the last one is the decimal mark whatever ``decimal_comma`` says, and a
    comma followed by one or two digits only (``"0,35"``) is a decimal mark.

    An amount of more than :data:`MOST_DIGITS` digits (leading zeros aside,
    decimals counted) is refused: no site writes one, and the replay's whole
    chips could not hold it.

    Raises:
        ValueError: the text is not an amount, or has more than 30 digits.
    """
    raw = _SPACES.sub("", _CURRENCY.sub("", text))
    if "," in raw and "." in raw:
        decimal_comma = raw.rfind(",") > raw.rfind(".")
    elif "," in raw and re.search(r",[0-9]{1,2}$", raw):
        decimal_comma = True  # a thousands group has three digits: "0,35" is a decimal
    if decimal_comma:
        raw = raw.replace(".", "").replace(",", ".")
    else:
        raw = raw.replace(",", "")
    if not re.fullmatch(r"[0-9]+(?:\.[0-9]+)?|\.[0-9]+", raw):
        raise ValueError(f"not an amount: {_short(text)}")
    whole, _, decimals = raw.partition(".")
    if len(whole.lstrip("0")) + len(decimals) > MOST_DIGITS:
        raise ValueError(f"an amount of more than {MOST_DIGITS} digits: {_short(text)}")
    try:
        return Decimal(raw)
    except InvalidOperation:  # pragma: no cover - the pattern excludes it
        raise ValueError(f"not an amount: {text!r}") from None


def decimal_text(value: Decimal) -> str:
    """A decimal as a plain string, without exponent: ``Decimal("1E+3")`` -> ``"1000"``."""
    text = format(value, "f")
    return text


@attrs.define
class Post:
    """A forced bet a player posted.

    Attributes:
        player: the poster's name.
        kind: ``"sb"``, ``"bb"``, ``"ante"``, ``"straddle"``, ``"dead"`` (a dead
            small blind posted out of turn) or ``"sb_bb"`` (both blinds posted
            together by a returning player: a live big blind and a dead small).
        amount: what the site says was posted.
    """

    player: str
    kind: str
    amount: Decimal


@attrs.define
class SiteAction:
    """A betting action.

    Attributes:
        street: 0 preflop to 3 river.
        player: the actor's name.
        kind: ``"f"`` fold, ``"x"`` check, ``"c"`` call, ``"b"`` bet, ``"r"`` raise.
        amount: for a call, the chips added; for a bet or raise, the player's
            total bet on the street after it (raise-to); 0 for fold and check.
        allin: the site says the player is all-in.
    """

    street: int
    player: str
    kind: str
    amount: Decimal = Decimal(0)
    allin: bool = False


@attrs.define
class SiteHand:
    """One hand as a site wrote it.

    Attributes:
        site: the site's short name (``"pokerstars"``, ``"888"``, ...).
        hand_id: the site's hand number, as a string.
        file: the file it was read from, as given.
        line: the line number of its first line in the file (1-based).
        skip: a reason code when the hand cannot be imported, else ``None``.
        detail: words about ``skip`` (the line at fault, say).
        tournament: a tournament hand (chips) or a cash hand (money).
        seats: ``(seat number, name, stack)`` of every seated player, in seat order.
        out: names seated but not dealt in (sitting out).
        button: the button's seat number.
        small_blind, big_blind, ante: the table's stakes as the header says.
        posts: forced bets in the order written.
        hole: known hole cards by name (``("Ah", "Kd")``).
        actions: betting actions in order.
        boards: the board of each run, run 1 first (a list of cards each).
        shows: cards shown at the showdown by name, in showing order.
        mucks: names that mucked at the showdown, in order.
        collected: what each player took from the pots (after rake).
        uncalled: chips returned uncalled to a player, as the site says.
        total_pot: the site's total pot (without uncalled bets), if written.
        rake: the site's rake plus its other fees (jackpot...), if written.
        cash_out: money paid outside the pot (cash-out, insurance) by name.
        runs: how many times the board was run.
        site_net: each player's net as the site itself writes it (iPoker XML's
            ``win - bet``), when it does; the check then compares the engine's
            nets with these figures, not with ones derived from the actions.
        rake_inferred: the site writes no rake (888poker, PartyPoker): ``rake``
            is the chips put in and neither collected nor returned, and the
            check holds it to a plausible share of the pot.
        cash_drop: money the site added to the pot from nobody at the table
            (GGPoker's ``Cash Drop to Pot : total $X``); the winners' nets
            hold it on top of the engine's pot.
        conflicts: figures of the hand that contradict each other as the site
            wrote them (a summary's ``won ($X)`` against the play's
            ``collected``, a summary board against the dealt one), each as
            words; a hand with any is ``differed`` with ``summary``.
        meta: PHH metadata fields the hand's header writes (``currency``,
            ``table``, ``year``, ``month``, ``day``, ``time``,
            ``time_zone_abbreviation``, ``seat_count``: see
            :mod:`holdem.records.sites.header`), copied into its record.
    """

    site: str
    hand_id: str
    file: str = ""
    line: int = 1
    skip: str | None = None
    detail: str = ""
    tournament: bool = False
    seats: list[tuple[int, str, Decimal]] = attrs.Factory(list)
    out: set[str] = attrs.Factory(set)
    button: int | None = None
    small_blind: Decimal = Decimal(0)
    big_blind: Decimal = Decimal(0)
    ante: Decimal = Decimal(0)
    posts: list[Post] = attrs.Factory(list)
    hole: dict[str, tuple[str, ...]] = attrs.Factory(dict)
    actions: list[SiteAction] = attrs.Factory(list)
    boards: list[list[str]] = attrs.Factory(list)
    shows: dict[str, tuple[str, ...]] = attrs.Factory(dict)
    mucks: list[str] = attrs.Factory(list)
    collected: dict[str, Decimal] = attrs.Factory(dict)
    uncalled: dict[str, Decimal] = attrs.Factory(dict)
    total_pot: Decimal | None = None
    rake: Decimal | None = None
    cash_out: dict[str, Decimal] = attrs.Factory(dict)
    runs: int = 1
    site_net: dict[str, Decimal] | None = None
    rake_inferred: bool = False
    cash_drop: Decimal = Decimal(0)
    conflicts: list[str] = attrs.Factory(list)
    meta: dict[str, Any] = attrs.Factory(dict)

    def skipped(self, reason: str, detail: str = "") -> SiteHand:
        """Mark the hand skipped with ``reason`` (first reason wins) and return it."""
        if self.skip is None:
            self.skip, self.detail = reason, detail
        return self

    def add(self, table: dict[str, Decimal], name: str, amount: Decimal) -> None:
        """Add ``amount`` to ``table[name]``."""
        table[name] = table.get(name, Decimal(0)) + amount


def split_cards(text: str) -> tuple[str, ...]:
    """Cards as sites write them (``"Ah Kd"``, ``"[ 8h, Kd ]"``, ``"10h"``) in ``Ah`` form."""
    cards = re.findall(r"(10|[2-9TJQKA])([cdhs])", text.replace("X", ""), flags=re.I)
    return tuple(("T" if r == "10" else r.upper()) + s.lower() for r, s in cards)


def split_hands(
    lines: list[str], starts: Callable[[int], bool], *, trim: bool = False
) -> Iterator[tuple[int, list[str]]]:
    """The hands of a file: ``(first line number, 1-based; its lines)``, a hand
    beginning at each line number ``k`` where ``starts(k)`` is true. Text
    before the first hand is a hand of its own (reported, not dropped); with
    ``trim``, blank lines at the end of a hand are left out."""
    start: int | None = None
    for number, line in enumerate(lines):
        if starts(number):
            if start is not None:
                yield start + 1, _trimmed(lines[start:number], trim)
            start = number
        elif start is None and line.strip():
            start = number
    if start is not None:
        yield start + 1, _trimmed(lines[start:], trim)


def _trimmed(lines: list[str], trim: bool) -> list[str]:
    while trim and lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines
