"""What a hand's header says beyond the play: its currency, table, date and
time, and the table's size, as PHH metadata fields.

PokerStars, GGPoker and Winamax write one header of the same shape: the
stakes in brackets and the date on the first line, the table and its size on
the next::

    PokerStars Hand #200000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2026/01/02 10:00:00 ET
    Table 'Alpha II' 6-max Seat #1 is the button
    Winamax Poker - CashGame - HandId: #5000001-1-1767000000 - Holdem no limit
    (0.05€/0.10€) - 2026/01/05 18:00:00 UTC  [one line in the file]
    Table: 'Lyon 01' 5-max (real money) Seat #1 is the button

:func:`read` gives the fields docs/phh.md names: ``currency`` (an ISO
code; a cash hand's only: a tournament's amounts are chips),
``table``, ``year``, ``month``, ``day``, ``time`` (``HH:MM:SS``),
``time_zone_abbreviation`` (when written: GGPoker writes none) and
``seat_count`` (the ``N-max``). The export writes them back
(:mod:`holdem.records.sites.pokerstars_write`).

>>> read(["PokerStars Hand #7: Hold'em No Limit ($0.05/$0.10 USD) - 2026/01/02 9:00:00 ET",
...       "Table 'Alpha II' 6-max Seat #1 is the button"], tournament=False)
... # doctest: +NORMALIZE_WHITESPACE
{'currency': 'USD', 'year': 2026, 'month': 1, 'day': 2, 'time': '09:00:00',
 'time_zone_abbreviation': 'ET', 'table': 'Alpha II', 'seat_count': 6}
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

#: The sites whose header :func:`read` reads.
SITES = ("pokerstars", "ggpoker", "winamax")

_DATE = re.compile(
    r"(?<![0-9])([0-9]{4})[/-]([0-9]{1,2})[/-]([0-9]{1,2})[ T]+([0-9]{1,2}):([0-9]{2}):([0-9]{2})"
    r"(?:[ ]+([A-Z]{2,5})(?![A-Za-z]))?"
)
_TABLE = re.compile(r"^Table:?\s+'(.*)'\s+([0-9]{1,2})-max\b")
_CODE = re.compile(r"(?<![A-Za-z])(USD|EUR|GBP|CAD|AUD|INR|SEK|CHF|CNY|RUB|BRL|PLN)(?![A-Za-z])")
_SIGN = {"€": "EUR", "£": "GBP", "$": "USD"}
_STAKES = re.compile(r"\(([^()]*/[^()]*)[()]")


def read(lines: Sequence[str], *, tournament: bool) -> dict[str, Any]:
    """The PHH metadata fields a hand's first lines write (see the module).

    Args:
        lines: the hand's lines, its first line the hand's own (``... Hand #``).
        tournament: a tournament hand (its amounts are chips: no currency).

    Returns:
        The fields found; none is guessed (a field not written is left out).
    """
    fields: dict[str, Any] = {}
    head = [line for line in lines[:3] if line.strip()]
    if not head:
        return fields
    first = head[0]
    if not tournament:
        stakes = _STAKES.search(first)
        code = _CODE.search(stakes.group(1) if stakes else "")
        words = stakes.group(1) if stakes else ""
        # A sign alone names the currency ("R$", "C$" name others: left out).
        signs = {_SIGN[c] for c in words if c in _SIGN}
        if re.search(r"[A-Za-z]\$", words):
            signs = set()
        if code is not None:
            fields["currency"] = code.group(1)
        elif len(signs) == 1:
            fields["currency"] = signs.pop()
    date = _DATE.search(first)
    if date is not None:
        year, month, day, hour, minute, second = (int(x) for x in date.groups()[:6])
        if 1 <= month <= 12 and 1 <= day <= 31 and hour < 24 and minute < 60 and second < 60:
            fields.update(
                year=year, month=month, day=day, time=f"{hour:02d}:{minute:02d}:{second:02d}"
            )
            if date.group(7):
                fields["time_zone_abbreviation"] = date.group(7)
    for line in head[1:]:
        table = _TABLE.match(line)
        if table is not None:
            fields["table"] = table.group(1)
            if int(table.group(2)) >= 2:
                fields["seat_count"] = int(table.group(2))
            break
    return fields
