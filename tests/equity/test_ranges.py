"""Range notation (holdem.equity.ranges)."""

from __future__ import annotations

import pytest

from holdem.equity.ranges import Range, RangeError, parse_range
from holdem.errors import HoldemError


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("QQ", 6),
        ("QQ+", 18),
        ("22+", 78),
        ("QQ-99", 24),
        ("99-QQ", 24),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("KAs", 4),
        ("87s", 4),
        ("T9o", 12),
        ("A5s-A2s", 16),
        ("ATs+", 16),
        ("K9o+", 4 * 12),
        ("AsKd", 1),
        ("random", 1326),
        ("any", 1326),
        ("QQ+, AKs", 22),
        ("QQ+ AKs AsKs", 22),
    ],
)
def test_counts(text: str, count: int) -> None:
    assert len(parse_range(text).combos) == count


def test_combos_are_distinct_cards_and_suits() -> None:
    r = parse_range("AKs")
    assert set(r.combos) == {("Ac", "Kc"), ("Ad", "Kd"), ("Ah", "Kh"), ("As", "Ks")}
    offsuit = parse_range("T9o").combos
    assert all(a[1] != b[1] for a, b in offsuit)
    assert len(set(parse_range("random").combos)) == 1326
    assert all(a != b for a, b in parse_range("random").combos)


def test_span_runs_the_kicker() -> None:
    kickers = {a[0] + b[0] for a, b in parse_range("A5s-A2s").combos}
    assert kickers == {"A5", "A4", "A3", "A2"}
    assert {a[0] + b[0] for a, b in parse_range("ATs+").combos} == {"AT", "AJ", "AQ", "AK"}


def test_text_form() -> None:
    r = parse_range("QQ+,  AKs")
    assert isinstance(r, Range) and r.text == "QQ+ AKs" and str(r) == "QQ+ AKs" and len(r) == 22


@pytest.mark.parametrize(
    "text", ["", "QQs", "AKx", "A1s", "AK-QJ", "AKs-A2o", "QQ-AKs", "AsAs", "XYZ", "AKs++"]
)
def test_bad_notation(text: str) -> None:
    with pytest.raises(RangeError) as info:
        parse_range(text)
    assert isinstance(info.value, HoldemError)


@pytest.mark.parametrize("token", ["JJ-", "-JJ", "QQ-9", "A5s-Z2s"])
def test_bad_span_names_the_token(token: str) -> None:
    with pytest.raises(RangeError) as info:
        parse_range(f"QQ+, AKs {token}")
    assert str(info.value) == (
        f"bad span {token!r}: a span joins two hand classes, like A5s-A2s or QQ-99"
    )


def test_cli_bad_span(capsys: pytest.CaptureFixture[str]) -> None:
    from holdem.cli.command import main

    assert main(["equity", "QQ+, AKs", "JJ-"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'JJ-'" in err and "like A5s-A2s or QQ-99" in err
