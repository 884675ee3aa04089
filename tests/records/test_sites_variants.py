"""Variants real site files write, read like the fixtures they are derived
from: the same hands give the same statuses and nets (R3.7 strict replay)."""

from __future__ import annotations

from pathlib import Path

from holdem.records.sites import decode, detect, import_text

DATA = Path(__file__).parents[1] / "data" / "sites"


def _summary(text: str) -> list[tuple[str, str, object]]:
    return [(h.hand, h.status, h.net) for h in import_text(text, "x.txt")]


def test_888_cassava_banner_and_jackpot_tables() -> None:
    """Older 888 files (``***** Cassava Hand History for Game``) and
    ``No Limit Holdem Jackpot table`` stakes lines are 888 no-limit hold'em."""
    text = decode((DATA / "888.txt").read_bytes())
    variant = text.replace("***** 888poker Hand History", "***** Cassava Hand History")
    variant = variant.replace("Blinds No Limit Holdem -", "Blinds No Limit Holdem Jackpot table -")
    assert variant != text
    assert detect(variant) == "888"
    assert _summary(variant) == _summary(text)
    assert "matched" in {status for _, status, _ in _summary(variant)}
