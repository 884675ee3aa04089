"""Hand ranges in the usual notation: ``QQ+``, ``AKs``, ``A5s-A2s``, ``T9o``, ``random``.

A range is the set of two-card *combos* it names. Tokens are separated by
commas or spaces:

* a pair ``QQ`` (6 combos), ``QQ+`` (queens or better), ``QQ-99``;
* two ranks, high first or not: ``AKs`` (4 suited combos), ``AKo`` (12
  offsuit), ``AK`` (all 16); ``ATs+`` raises the kicker up to one below the
  top card (``ATs AJs AQs AKs``); ``A5s-A2s`` runs the kicker between the two;
* exact cards ``AsKd``;
* ``random`` (or ``any``): all 1,326 combos.

Cards seen elsewhere (the board, dead cards, another player's exact hand)
are removed at enumeration time (card removal), not here.

>>> len(parse_range("QQ+, AKs").combos)
22
>>> parse_range("A5s-A2s").text
'A5s-A2s'
>>> len(parse_range("random").combos)
1326
"""

from __future__ import annotations

import itertools

import attrs

from holdem.engine.cards import DECK, RANKS, SUITS, parse_cards
from holdem.errors import CardError, HoldemError, value_text


class RangeError(HoldemError):
    """A range cannot be parsed, or names no combo."""


@attrs.frozen
class Range:
    """A set of two-card combos.

    Attributes:
        text: the notation it was parsed from.
        combos: each combo as two cards (higher card first, in deck order),
            without repeats, in deck order.
    """

    text: str
    combos: tuple[tuple[str, str], ...]

    def __len__(self) -> int:
        return len(self.combos)

    def __str__(self) -> str:
        return self.text


_ORDER = {card: i for i, card in enumerate(DECK)}


def _pairs(rank: str) -> list[tuple[str, str]]:
    return [(rank + a, rank + b) for a, b in itertools.combinations(SUITS, 2)]


def _two(high: str, low: str, kind: str) -> list[tuple[str, str]]:
    out = []
    for a in SUITS:
        for b in SUITS:
            if (kind == "s" and a != b) or (kind == "o" and a == b):
                continue
            out.append((high + a, low + b))
    return out


def _split(token: str, typed: str | None = None) -> tuple[str, str, str]:
    """``"AKs"`` -> ``("A", "K", "s")``, high rank first; kind is ``s``, ``o`` or ``""``.
    Errors quote ``typed`` (the token as the user wrote it, ``QQ++``), else ``token``."""
    shown = value_text(token if typed is None else typed, True)
    body = token[:2].upper()
    kind = token[2:].lower()
    if len(token) not in (2, 3) or kind not in ("", "s", "o") or any(r not in RANKS for r in body):
        raise RangeError(f"not a hand class: {shown} (like QQ, AKs, T9o, AK, QQ+)")
    high, low = sorted(body, key=RANKS.index, reverse=True)
    if high == low and kind:
        raise RangeError(f"a pair is neither suited nor offsuit: {shown}")
    return high, low, kind


def _expand(token: str) -> list[tuple[str, str]]:
    if token.lower() in ("random", "any"):
        return [(DECK[j], DECK[i]) for i, j in itertools.combinations(range(52), 2)]
    if len(token) == 4 and token[1].lower() in SUITS and token[3].lower() in SUITS:
        try:
            a, b = parse_cards(token)
        except CardError as error:
            raise RangeError(f"bad combo {value_text(token, True)}: {error}") from None
        return [(a, b)]
    if "-" in token:
        left, _, right = token.partition("-")
        try:
            h1, l1, k1 = _split(left)
            h2, l2, k2 = _split(right)
        except RangeError:
            raise RangeError(
                f"bad span {value_text(token, True)}: "
                "a span joins two hand classes, like A5s-A2s or QQ-99"
            ) from None
        if k1 != k2 or (h1 == l1) != (h2 == l2) or (h1 != l1 and h1 != h2):
            raise RangeError(f"bad span {value_text(token, True)} (like A5s-A2s or QQ-99)")
        if h1 == l1:
            lo, hi = sorted((RANKS.index(h1), RANKS.index(h2)))
            return [c for r in RANKS[lo : hi + 1] for c in _pairs(r)]
        lo, hi = sorted((RANKS.index(l1), RANKS.index(l2)))
        return [c for r in RANKS[lo : hi + 1] for c in _two(h1, r, k1)]
    plus = token.endswith("+")
    high, low, kind = _split(token[:-1] if plus else token, token)
    if high == low:
        ranks = RANKS[RANKS.index(high) :] if plus else high
        return [c for r in ranks for c in _pairs(r)]
    kickers = RANKS[RANKS.index(low) : RANKS.index(high)] if plus else low
    return [c for r in kickers for c in _two(high, r, kind)]


def parse_range(text: str) -> Range:
    """Parse a range (see the module docstring for the notation).

    Args:
        text: tokens separated by commas or spaces.

    Raises:
        RangeError: a token is malformed, or the range is empty.
    """
    if not isinstance(text, str):
        raise RangeError(f"a range is text, got {value_text(text, True)}")
    tokens = [t for t in text.replace(",", " ").split() if t]
    if not tokens:
        raise RangeError(f"empty range: {value_text(text, True)}")
    seen: set[tuple[str, str]] = set()
    for token in tokens:
        for a, b in _expand(token):
            if _ORDER[a] < _ORDER[b]:
                a, b = b, a
            seen.add((a, b))
    combos = tuple(sorted(seen, key=lambda c: (_ORDER[c[1]], _ORDER[c[0]])))
    return Range(" ".join(tokens) if len(tokens) > 1 else tokens[0], combos)
