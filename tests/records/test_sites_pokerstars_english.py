"""Real English PokerStars variants (composed here with our own names and
figures, worked out by hand): the head of a tournament transcript e-mailed in
English, and a seat moved in from another table that is not dealt in (R14.1)."""

from __future__ import annotations

from pathlib import Path

from holdem.records.sites import import_text
from holdem.records.sites.check import Imported

DATA = Path(__file__).resolve().parents[1] / "data" / "sites"


def _nets(hand: Imported) -> dict[str, str]:
    assert hand.net is not None
    return {name: format(value, "f") for name, value in hand.net.items()}


def test_r14_1_an_english_transcript_head_is_not_a_hand_and_out_of_hand_seats_sit_out() -> None:
    """``Transcript for tournament #N requested by Ann Lee (ann@...)`` is the
    head of an e-mailed history: no hand is reported for it (it was a
    ``partial``). The seat ``out of hand (moved from another table ...)`` is
    dealt no cards and posts nothing (R14.1); the ante (R2.3) is dead money."""
    text = (DATA / "pokerstars-transcript.txt").read_text(encoding="utf-8")
    hands = import_text(text, "transcript.txt")
    assert [(h.hand, h.status) for h in hands] == [
        ("900000000101", "matched"),
        ("900000000102", "matched"),
    ]
    first, second = hands
    # 3 antes of 5, Bob's small blind 25, Ann 150 and Dee 150: a pot of 340.
    assert _nets(first) == {"Ann Lee": "185", "Bob": "-30", "Dee": "-155"}
    assert first.pot is not None and format(first.pot, "f") == "340"
    # Cid's 1495 all-in called by Dee: 4 antes of 20 plus 2 x 1495 = 3010.
    assert _nets(second) == {"Ann Lee": "-5", "Bob": "-5", "Cid": "-1500", "Dee": "1510"}


def test_a_line_naming_an_address_inside_a_hand_is_not_taken_for_a_head() -> None:
    """Only a head made of the request's line and separators is dropped: text
    before the first hand that is not one still gives a ``partial``."""
    text = (DATA / "pokerstars-transcript.txt").read_text(encoding="utf-8")
    body = text[text.index("*********** # 1") :]
    hands = import_text("Ann Lee: see #1 (ann@example.com) [Ah]\n" + body, "x.txt")
    assert [(h.status, h.reason) for h in hands[:1]] == [("skipped", "partial")]


def test_r13_a_hand_whose_number_was_left_out_is_still_a_hand_of_its_own() -> None:
    """``PokerStars Hand #:  Hold'em No Limit ...`` (a real file's first line
    with the number left out) starts a hand, named by its line: before, its
    lines ran on into the hand above, whose seats were then written twice.
    The rake (R13) is taken from the pot before the winner is paid."""
    text = (DATA / "pokerstars-numberless.txt").read_text(encoding="utf-8")
    hands = import_text(text, "numberless.txt")
    assert [(h.hand, h.status) for h in hands] == [
        ("900000000201", "matched"),
        ("line-27", "matched"),
        ("900000000203", "matched"),
    ]
    # Pot 0.70 (three calls of 0.10, two bets of 0.20), rake 0.03: Ann gets 0.67.
    assert _nets(hands[1]) == {"Ann": "0.37", "Bob": "-0.30", "Cid": "-0.10"}
    assert _nets(hands[0]) == {"Ann": "0.32", "Bob": "-0.05", "Cid": "-0.30"}
