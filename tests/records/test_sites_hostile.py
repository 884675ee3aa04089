"""Hostile site files: any damage to a hand history gives statuses and reasons,
never an exception, and every hand still in the text is accounted for (R3.7:
a replay refuses what it cannot play, it does not crash)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.records.sites import PARSERS, decode, import_paths, import_text
from holdem.records.sites.model import STATUSES

DATA = Path(__file__).parents[1] / "data" / "sites"
FILES = sorted(p.name for p in DATA.iterdir())
PIECES = ["", "x", "9", "$", "[", "]", ":", " ", "-1", "9" * 30, "\x00", "é", "€", ",", "."]


@st.composite
def damaged(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(FILES))
    lines = (DATA / name).read_text(encoding="utf-8").split("\n")
    for _ in range(draw(st.integers(1, 4))):
        k = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "copy", "poke", "cut"]))
        if how == "drop" and len(lines) > 1:
            del lines[k]
        elif how == "copy":
            lines.insert(k, lines[draw(st.integers(0, len(lines) - 1))])
        elif how == "poke" and lines[k]:
            i = draw(st.integers(0, len(lines[k]) - 1))
            lines[k] = lines[k][:i] + draw(st.sampled_from(PIECES)) + lines[k][i + 1 :]
        else:
            lines[k] = lines[k][: draw(st.integers(0, len(lines[k])))]
    return name, "\n".join(lines)


@settings(max_examples=200, deadline=None)
@given(damaged(), st.sampled_from([None, *sorted(PARSERS)]))
def test_damaged_files_give_statuses_not_exceptions(
    case: tuple[str, str], site: str | None
) -> None:
    name, text = case
    try:
        hands = import_text(text, name, site)
    except ValueError as error:  # only: no site detected in what is left
        assert "site" in str(error)
        return
    for hand in hands:
        assert hand.status in STATUSES
        assert hand.status == "matched" or hand.reason
        hand.to_json()


@pytest.mark.parametrize(
    "data",
    [b"", b"\xff\xfe\x00", b"\x00\x00\x00", "PokerStars Hand #1: ".encode("utf-16")],
    ids=["empty", "bom-only", "nul", "utf16-header-only"],
)
def test_files_that_hold_no_hand(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_bytes(data)
    [(found, result)] = list(import_paths([path]))
    assert found == path
    if isinstance(result, str):
        assert result.startswith(str(path))
    else:
        assert all(h.status == "skipped" for h in result)
    assert isinstance(decode(data), str)


def _first_stars_hand() -> str:
    return (DATA / "pokerstars-cash.txt").read_text(encoding="utf-8").split("\n\n\n")[0]


@pytest.mark.parametrize(
    ("old", "new", "reason", "words"),
    [
        ("Seat 2: Bob", "Seat 2: Ann", "bad_seats", "Ann is seated twice (seats 1 and 2)"),
        ("Seat 2: Bob", "Seat 1: Bob", "bad_seats", "seat 1 is written twice (Ann, Bob)"),
        ("($10 in chips)", "($-10 in chips)", "bad_amount", "not an amount: '$-10'"),
        ("($10 in chips)", "($1e999 in chips)", "bad_amount", "not an amount: '$1e999'"),
    ],
    ids=["player-twice", "seat-twice", "negative-stack", "exponent"],
)
def test_a_damaged_seat_is_one_reason(old: str, new: str, reason: str, words: str) -> None:
    """One clear line per problem; the hand after it still imports (R3.7)."""
    first = _first_stars_hand()
    after = first.replace("200000000001", "200000000099")
    hands = import_text(first.replace(old, new, 1) + "\n\n\n" + after, "x.txt")
    assert [(h.status, h.reason, h.detail) for h in hands] == [
        ("skipped", reason, words),
        ("matched", None, ""),
    ]


def test_a_huge_stack_is_refused_in_one_line() -> None:
    """A stack of 20 digits (over 2**63 cents) is the engine's to refuse; one
    of 400 digits is no amount a site writes: ``bad_amount``, named shortly."""
    first = _first_stars_hand().replace("($10 in chips)", "($" + "9" * 20 + " in chips)", 1)
    [hand] = import_text(first, "x.txt")
    assert (hand.status, hand.reason) == ("rejected", "replay_refused")
    assert "\n" not in hand.detail and "2**63 - 1" in hand.detail
    first = _first_stars_hand().replace("($10 in chips)", "($" + "9" * 400 + " in chips)", 1)
    [hand] = import_text(first, "x.txt")
    assert (hand.status, hand.reason) == ("skipped", "bad_amount")
    assert hand.detail == "an amount of more than 30 digits: '$9999999999999999999...9999999999'"


def test_garbage_between_hands_leaves_both_hands() -> None:
    first = _first_stars_hand()
    text = (
        first
        + "\n\nlorem ipsum\n\x00\x00 garbage\n\n"
        + first.replace("200000000001", "200000000002")
    )
    assert [(h.hand, h.status) for h in import_text(text, "x.txt")] == [
        ("200000000001", "matched"),
        ("200000000002", "matched"),
    ]


@pytest.mark.parametrize(
    "game", ["6+ Hold'em No Limit", "Hold'em No Limit Short Deck", "Six Plus Hold'em No Limit"]
)
def test_short_deck_is_not_nlhe(game: str) -> None:
    first = _first_stars_hand().replace("Hold'em No Limit", game, 1)
    [hand] = import_text(first, "x.txt")
    assert (hand.status, hand.reason) == ("skipped", "not_nlhe")


def test_partypoker_file_cut_after_a_game_number_reports_that_hand() -> None:
    """PartyPoker separates hands with ``Game #N starts.``; a file cut after
    the next ``#Game No : N`` line still reports that hand (``partial``)."""
    text = (DATA / "partypoker.txt").read_text(encoding="utf-8")
    before = import_text(text, "p.txt")
    cut = text.rstrip("\n") + "\nGame #777 starts.\n\n#Game No : 777\n"
    after = import_text(cut, "p.txt")
    assert [h.status for h in after[:-1]] == [h.status for h in before]
    assert (after[-1].hand, after[-1].status, after[-1].reason) == ("777", "skipped", "partial")


def test_partypoker_file_beginning_inside_a_hand_reports_it() -> None:
    lines = (DATA / "partypoker.txt").read_text(encoding="utf-8").split("\n")
    whole = import_text("\n".join(lines), "p.txt")
    cut = import_text("\n".join(lines[8:]), "p.txt", site="partypoker")
    assert (cut[0].status, cut[0].reason) == ("skipped", "partial")
    assert [h.hand for h in cut[1:]] == [h.hand for h in whole[1:]]
