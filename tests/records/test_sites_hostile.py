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
