"""Files that hold several sites' hands, hands glued onto the previous line and
byte-order marks in the middle of a file: every hand of every site is found,
read by its own site's reader and reported (none vanishes into another hand)."""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.records.sites import decode, import_text

DATA = Path(__file__).parents[1] / "data" / "sites"
TEXT_SITES = [
    ("pokerstars-cash.txt", "pokerstars"),
    ("partypoker.txt", "partypoker"),
    ("888.txt", "888"),
    ("ggpoker.txt", "ggpoker"),
    ("winamax.txt", "winamax"),
    ("ipoker-text.txt", "ipoker"),
]


def _text(name: str) -> str:
    return decode((DATA / name).read_bytes()).strip("\n")


def _alone() -> dict[str, list[tuple[str, str, str]]]:
    return {
        name: [(h.site, h.hand, h.status) for h in import_text(_text(name), "f")]
        for name, _ in TEXT_SITES
    }


@pytest.mark.parametrize("first", [name for name, _ in TEXT_SITES])
@pytest.mark.parametrize("second", [name for name, _ in TEXT_SITES])
def test_a_file_of_two_sites_reports_every_hand_of_both(first: str, second: str) -> None:
    """Each hand's first line names its site: a PokerStars hand followed by
    PartyPoker hands (say) gives all of them, each as read alone."""
    if first == second:
        return
    alone = _alone()
    hands = import_text(_text(first) + "\n\n" + _text(second) + "\n", "mixed.txt")
    assert [(h.site, h.hand, h.status) for h in hands] == alone[first] + alone[second]


@pytest.mark.parametrize(("name", "site"), TEXT_SITES)
def test_a_byte_order_mark_in_the_middle_of_a_file_loses_no_hand(name: str, site: str) -> None:
    """``cat`` of two files that each start with a BOM leaves U+FEFF at the
    start of the second file's first hand."""
    text = _text(name)
    alone = [(h.site, h.hand, h.status) for h in import_text(text, "f")]
    hands = import_text(text + "\n\ufeff" + text + "\n", "cat.txt")
    assert [(h.site, h.hand, h.status) for h in hands] == alone + alone
    assert {h.site for h in hands} == {site}


@pytest.mark.parametrize(("name", "site"), TEXT_SITES)
@pytest.mark.parametrize("bom", ["", "\ufeff"])
def test_a_hand_glued_onto_the_last_line_is_split_off(name: str, site: str, bom: str) -> None:
    """A file cut short and appended to: the next hand starts in the middle of
    the previous hand's last line; both files' hands are still all there."""
    text = _text(name)
    alone = [(h.site, h.hand, h.status) for h in import_text(text, "f")]
    hands = import_text(text + bom + text + "\n", "glued.txt")
    assert [(h.site, h.hand, h.status) for h in hands] == alone + alone


def test_a_mixed_file_gives_each_hand_its_own_line_number() -> None:
    stars, party = _text("pokerstars-cash.txt"), _text("partypoker.txt")
    hands = import_text(stars + "\n" + party, "mixed.txt")
    first_party = next(h for h in hands if h.site == "partypoker")
    assert first_party.line == stars.count("\n") + 2
