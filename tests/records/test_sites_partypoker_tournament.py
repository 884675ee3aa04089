"""PartyPoker tournament hands: older files write the level and no blind
posts; the blinds are placed by seat (R2) and the hands replayed strictly
(R3.7). Fixture composed for the project; figures worked out by hand."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from holdem.records.sites import decode, import_text
from holdem.records.sites.check import Imported

DATA = Path(__file__).parents[1] / "data" / "sites"


def _hands() -> dict[str, Imported]:
    text = decode((DATA / "partypoker-tournament.txt").read_bytes())
    return {h.hand: h for h in import_text(text, "partypoker-tournament.txt")}


def _nets(hand: Imported) -> dict[str, str]:
    assert hand.net is not None
    return {name: format(value, "f") for name, value in hand.net.items()}


def test_r2_heads_up_the_button_posts_the_unwritten_small_blind() -> None:
    """``Blinds-Antes(200/400 -25)``: Ann (button) 200, Bob 400; Bob's
    all-in adds 2,575 to his blind (3,000 less the ante)."""
    hand = _hands()["720000001"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Ann": "3000", "Bob": "-3000"}
    assert (hand.pot, hand.rake) == (Decimal("6000"), Decimal("0"))
    assert hand.record is not None and hand.record["antes"] == [25, 25]
    # heads-up the button (Ann, last) posts the small blind (R2)
    assert hand.record["players"] == ["Bob", "Ann"]
    assert hand.record["blinds_or_straddles"] == [200, 400]


def test_r2_a_level_line_changes_the_blinds_and_a_short_stack_posts_all_it_has() -> None:
    """``Blinds(300/600)`` after the seats overrides the header's level; Dee
    posts 150 (all she has) as the small blind and is all-in: a main pot of
    450 and a side pot of 2,700, both Cid's (R7, R8)."""
    hand = _hands()["720000002"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Cid": "1650", "Dee": "-150", "Eve": "-1500", "Fay": "0"}
    assert hand.pot == Decimal("3150")


def test_fastforward_files_write_seat_lines_in_lower_case() -> None:
    """``seat 1: Ann ( $50 USD )`` (fastforward tables) reads like ``Seat``."""
    text = (DATA / "partypoker.txt").read_text(encoding="utf-8")
    lower = "\n".join(
        "s" + line[1:] if line.startswith("Seat ") and ":" in line else line
        for line in text.splitlines()
    )
    assert lower != text
    before = [(h.hand, h.status, h.net) for h in import_text(text, "x.txt")]
    after = [(h.hand, h.status, h.net) for h in import_text(lower, "x.txt")]
    assert after == before and {s for _, s, _ in after} >= {"matched"}


def test_r7_the_2020_format_raises_by_and_a_balance_summary() -> None:
    """``Hand History For Game <letters>``: ``raises 500 to 500`` and ``calls
    (400)`` add chips; ``is all-In.`` only marks; the summary's ``collected``
    (uncalled chips included) and the cards after ``balance`` are the site's."""
    hand = _hands()["1767600000abcdefgh01"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Ann": "1210", "Bob": "-1000", "Cid": "-210"}
    assert hand.pot == Decimal("2210")
