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
    assert [(h.hand, h.status, h.reason) for h in hands[2:4]] == [
        ("310000000003", "skipped", "language"),
        ("310000000004", "skipped", "language"),
    ]
    assert len(hands) == 8


def test_languages_of_first_lines() -> None:
    assert language("PokerStars Hand #1: Hold'em No Limit (1/2)") == "en"
    assert language("PokerStars Zoom Hand #1:  Hold'em No Limit ($0.01/$0.02)") == "en"
    assert language("Mão PokerStars #1: Torneio #2, Hold'em No Limit") == "pt"
    assert language("PokerStars - Spiel #1: Hold'em No Limit") is None
    assert language("Раздача PokerStars №1:  Холдем Безлимитный ($0.01/$0.02 USD) - x") == "ru"
    assert (
        language("Mano n.º 1 de Zoom de PokerStars:  Hold'em No Limit (0.02 €/0.05 €) - x") == "es"
    )
    assert language("Mano n.º 1 de PokerStars:  Hold'em No Limit (0.02 €/0.05 €) - x") == "es"
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


# ------------------------------------------- Russian and Spanish (read strictly)


def _hand(number: str) -> Imported:
    return {h.hand: h for h in _hands()}[number]


def test_russian_cash_r4_all_in_reraise_called_r6_showdown_r13_rake() -> None:
    """``делает рейз $3.70 $4 и олл-ин`` (raises 3.70 to 4 all-in), ``делает
    колл``, ``открывает``, ``получил $7.70 ( банк)``, ``Общий банк $8.10 |
    Доля $0.40``: Anya wins 7.70 of her 4 and Boris's 4 and Vera's 0.10."""
    hand = _hand("320000000001")
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Anya": "3.70", "Boris": "-4.00", "Vera": "-0.10"}
    assert (hand.pot, hand.rake) == (Decimal("8.10"), Decimal("0.40"))


def test_russian_heads_up_r2_button_posts_small_r5_uncalled_bet_returned() -> None:
    """``Неуравненная ставка ($0.20) возвращается игроку Anya``; a player
    joining (``садится за стол``) and a time-out are read past."""
    hand = _hand("320000000002")
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Anya": "0.10", "Vera": "-0.10"}
    assert (hand.pot, hand.rake) == (Decimal("0.20"), Decimal(0))


def test_spanish_zoom_r5_uncalled_bet_r13_rake_amounts_with_the_sign_after() -> None:
    """``sube 0.20 € a 0.30 €``, ``La apuesta no igualada (1 €) ha sido
    devuelta a Ana``, ``Bote total 1.45 € | Comisión 0.06 €``."""
    hand = _hand("320000000004")
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ana": "0.69", "Bea": "-0.05", "Ciro": "-0.70"}
    assert (hand.pot, hand.rake) == (Decimal("1.45"), Decimal("0.06"))


def test_spanish_r6_showdown_with_a_muck() -> None:
    """``descarta su mano sin mostrar`` (mucks) and ``muestra [Kh 6h] y ganó
    (1.62 €)``: Ciro wins 1.62 of a 1.70 pot."""
    hand = _hand("320000000005")
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ana": "-0.80", "Bea": "-0.10", "Ciro": "0.82"}
    assert (hand.pot, hand.rake) == (Decimal("1.70"), Decimal("0.08"))


def _one(number: str, old: str, new: str) -> Imported:
    text = decode((DATA / "pokerstars-localized.txt").read_bytes())
    assert old in text
    return {h.hand: h for h in import_text(text.replace(old, new), "x.txt")}[number]


@pytest.mark.parametrize(
    ("number", "old", "new"),
    [
        # a player's action not learned: never guessed (R3.7 would need its amount)
        ("320000000002", "Vera: делает фолд", "Vera: делает что-то"),
        ("320000000002", "Anya: делает чек", "Anya: делает чек и олл-ин"),
        # a line of the play not learned
        ("320000000002", "Gleb садится за стол на место №4", "Gleb делает что-то"),
        ("320000000001", "Anya получил $7.70 ( банк)", "Anya получил $7.70 (основной банк)"),
        # a seat line with words not learned after the chips
        ("320000000001", "Место 3: Vera ($12.50 фишек)", "Место 3: Vera ($12.50 фишек) что-то"),
        # Spanish all-in: not learned
        ("320000000005", "Ciro: apuesta 0.50 €", "Ciro: apuesta 0.50 € y va all-in"),
        ("320000000004", "Bote total 1.45 € | Comisión 0.06 €", "Bote total 1.45 € | Bote 0"),
    ],
)
def test_r3_a_line_not_learned_skips_the_hand(number: str, old: str, new: str) -> None:
    hand = _one(number, old, new)
    assert (hand.status, hand.reason) == ("skipped", "unknown_action")
    assert new.split(" ")[-1] in hand.detail


@pytest.mark.parametrize(
    "head",
    [
        "Раздача PokerStars №320000000009: Турнир №900, $1+$0.10 USD Холдем Безлимитный - x",
        "Раздача PokerStars №320000000009:  Омаха Пот-лимит ($0.05/$0.10 USD) - x",
        "Mano n.º 320000000009 de PokerStars: Torneo n.º 900, Hold'em No Limit - x",
    ],
)
def test_a_first_line_not_learned_is_a_language_not_read(head: str) -> None:
    """A Russian or Spanish first line in a form not learned (a tournament's,
    another game's) starts its own hand and is skipped, never read by guess."""
    text = decode((DATA / "pokerstars-localized.txt").read_bytes())
    hands = import_text(text + "\n\n" + head + "\nМесто 1: Anya ($1 фишек)\n", "x.txt")
    assert [(h.hand, h.status, h.reason) for h in hands[-2:]] == [
        ("320000000005", "matched", None),
        ("320000000009", "skipped", "language"),
    ]


def test_the_head_of_an_e_mailed_history_is_not_a_hand() -> None:
    """PokerStars' e-mailed histories start with the request's line (naming
    the address) and separate hands with ``*********** №1 ****``: no hand is
    reported for them; other text before the first hand still is."""
    text = decode((DATA / "pokerstars-localized.txt").read_bytes())
    russian = text[text.index("*********** №1") :]
    head = "Hands 1-2 for Anya (anya@example.com)\n\n"
    hands = import_text(head + russian, "x.txt")
    assert [h.hand for h in hands] == [
        "320000000001",
        "320000000002",
        "320000000004",
        "320000000005",
    ]
    hands = import_text("Anya: hello\n" + russian, "x.txt")
    assert [(h.status, h.reason) for h in hands[:1]] == [("skipped", "partial")]
