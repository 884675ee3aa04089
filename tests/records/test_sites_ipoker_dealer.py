"""iPoker XML games whose ``dealer="1"`` is missing (a tracker's export of
another site's hands writes every player ``dealer="0"``) or contradicts the
blinds posted: the button is the dealt-in seat before the small blind (R2),
heads-up the small blind itself (R14), and only when the posts fix it.

tests/data/sites/ipoker-no-dealer.xml is composed for the project; every
figure asserted here was worked out by hand.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from holdem.records.sites import decode, import_text
from holdem.records.sites.check import Imported

DATA = Path(__file__).parents[1] / "data" / "sites"


def _hands() -> dict[str, Imported]:
    text = decode((DATA / "ipoker-no-dealer.xml").read_bytes())
    return {h.hand: h for h in import_text(text, "ipoker-no-dealer.xml")}


def _nets(hand: Imported) -> dict[str, str]:
    assert hand.net is not None
    return {name: format(value, "f") for name, value in hand.net.items() if value}


def test_r2_no_dealer_marked_button_is_the_seat_before_the_small_blind() -> None:
    """Tournament game, every player ``dealer="0"``: Cy (seat 4) posts the
    small blind 15, Dee (seat 6) the big 30, so Bob (seat 3) has the button.
    Bob's 800 all-in is called by Dee; aces hold: pot 800 + 800 + 15 = 1615."""
    hand = _hands()["830000001"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Bob": "815", "Cy": "-15", "Dee": "-800"}
    assert hand.pot == Decimal(1615)
    assert hand.record is not None
    assert hand.record["players"] == ["Cy", "Dee", "Ann", "Bob"]
    assert hand.record["blinds_or_straddles"] == [15, 30, 0, 0]


def test_r2_a_dealer_the_blinds_contradict_is_corrected() -> None:
    """``dealer="1"`` on Ann (seat 1) would put the small blind on Bob, but Cy
    (seat 4) posts it and Dee (seat 6) the big: Bob has the button. Bob's
    0.40 flop bet is uncalled; 0.65 pot, 0.02 rake (1.05 in, 1.03 out)."""
    hand = _hands()["830000002"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Bob": "0.33", "Cy": "-0.05", "Dee": "-0.30"}
    assert (hand.pot, hand.rake) == (Decimal("0.65"), Decimal("0.02"))


def test_r14_heads_up_without_dealer_the_small_blind_is_the_button() -> None:
    """Heads-up, no dealer marked: Fay posts the small blind, so Fay has the
    button and acts first preflop (R14); Eve's flop bet takes the 0.20 pot."""
    hand = _hands()["830000003"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Eve": "0.10", "Fay": "-0.10"}
    assert hand.record is not None and hand.record["players"] == ["Eve", "Fay"]


def test_r2_posts_that_do_not_fix_the_button_name_the_players() -> None:
    """No dealer marked and only a big blind posted (a dead small blind): the
    button is not known, so the hand is skipped with the posters and seats
    named, never a replay's ``p1``/``p2`` and a row of zeros."""
    hand = _hands()["830000004"]
    assert (hand.status, hand.reason) == ("skipped", "unsupported")
    assert "no dealer marked" in hand.detail
    assert "Cy bb 0.10" in hand.detail and "Ann, Bob, Cy" in hand.detail
    assert "p1" not in hand.detail
