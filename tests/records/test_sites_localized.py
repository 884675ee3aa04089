"""PokerStars histories written by clients in other languages.

tests/data/sites/pokerstars-localized.txt is composed for the project (the
Portuguese client's words; the figures worked out by hand). A language the
importer reads is checked like English (R3.7 strict replay, R13 the site's
rake); one it does not read is reported hand by hand, never dropped.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from holdem.records.sites import decode, detect, import_text
from holdem.records.sites.check import Imported
from holdem.records.sites.model import parse_amount
from holdem.records.sites.pokerstars_locale import language

DATA = Path(__file__).parents[1] / "data" / "sites"


def _hands() -> list[Imported]:
    text = decode((DATA / "pokerstars-localized.txt").read_bytes())
    return import_text(text, "pokerstars-localized.txt")


def _nets(hand: Imported) -> dict[str, str]:
    assert hand.net is not None
    return {name: format(value, "f") for name, value in hand.net.items()}


def test_portuguese_tournament_with_antes_r2_and_an_uncalled_raise() -> None:
    """``coloca ante``, ``paga o small blind``, ``aumenta X para Y e está
    all-in``, ``Aposta não-igualada``: Bia's 258 comes back, she nets 266."""
    hand = _hands()[0]
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ana": "-242", "Bia": "266", "Caio": "-22", "Duda": "-2"}
    assert (hand.pot, hand.rake) == (Decimal(508), Decimal(0))


def test_portuguese_cash_hand_r13_rake_from_the_summary() -> None:
    """``Total pote $0.74 | comissão $0.03``: the site's rake."""
    hand = _hands()[1]
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ana": "-0.02", "Bia": "0.35", "Caio": "-0.36"}
    assert (hand.pot, hand.rake) == (Decimal("0.74"), Decimal("0.03"))


def test_a_language_not_read_is_reported_per_hand() -> None:
    hands = _hands()
    assert [(h.hand, h.status, h.reason) for h in hands[2:]] == [
        ("310000000003", "skipped", "language"),
        ("310000000004", "skipped", "language"),
    ]
    assert len(hands) == 4


def test_languages_of_first_lines() -> None:
    assert language("PokerStars Hand #1: Hold'em No Limit (1/2)") == "en"
    assert language("PokerStars Zoom Hand #1:  Hold'em No Limit ($0.01/$0.02)") == "en"
    assert language("Mão PokerStars #1: Torneio #2, Hold'em No Limit") == "pt"
    assert language("PokerStars - Spiel #1: Hold'em No Limit") is None
    text = decode((DATA / "pokerstars-localized.txt").read_bytes())
    assert detect(text) == "pokerstars"


def test_first_lines_in_other_languages_start_hands() -> None:
    """Whatever the language, each hand is found by its own first line and
    reported on its own (``language``), never read into the hand before it."""
    english = (DATA / "pokerstars-cash.txt").read_text(encoding="utf-8").split("\n\n\n")[0]
    heads = [
        "PokerStars Main n°400000000001: Hold'em No Limit (0,01 €/0,02 €) - 2026/01/09",
        "Раздача PokerStars #400000000002: Холдем Безлимитный (0,01/0,02) - 2026/01/09",
        "PokerStars-spil #400000000003: Hold'em No Limit (0,01 kr/0,02 kr) - 2026/01/09",
    ]
    text = english + "\n\n\n" + "\n\n\n".join(h + "\nSeat 1: Ann (2 in chips)" for h in heads)
    hands = import_text(text, "mixed.txt")
    assert [(h.hand, h.status, h.reason) for h in hands] == [
        ("200000000001", "matched", None),
        ("400000000001", "skipped", "language"),
        ("400000000002", "skipped", "language"),
        ("400000000003", "skipped", "language"),
    ]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("R$10.50", "10.50"),
        ("10,50 zł", "10.50"),
        ("kr1,50", "1.50"),
        ("1.234,56 kr", "1234.56"),
        ("RSD 120", "120"),
        ("1 010,70 €", "1010.70"),
        ("T$100", "100"),
    ],
)
def test_amounts_in_other_currencies_and_number_formats(text: str, value: str) -> None:
    assert parse_amount(text) == Decimal(value)
