"""The importer reads a file hand by hand: a hand is imported and checked as
soon as its lines are read, whatever the encoding, and the file is never held
whole (memory bounded by one hand; figures in docs/sites.md)."""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import run_cli

from holdem.records.sites import decode, import_lines, import_text, iter_imported, read_lines

DATA = Path(__file__).parents[1] / "data" / "sites"
STARS = DATA / "pokerstars-cash.txt"


def test_a_hand_is_checked_before_the_next_hands_are_read() -> None:
    lines = decode(STARS.read_bytes()).splitlines()
    starts = [k for k, line in enumerate(lines) if line.startswith("PokerStars Hand #")]
    read = 0

    def feed() -> Iterator[str]:
        nonlocal read
        for line in lines:
            read += 1
            yield line

    first = next(import_lines(feed(), "f"))
    assert first.hand == "200000000001" and first.status == "matched"
    assert read <= max(starts[1] + 1, 40)  # the first hand, or the first block sniffed
    assert read < len(lines)


@pytest.mark.parametrize(
    ("encoding", "bom"),
    [
        ("utf-8", b""),
        ("utf-8", codecs.BOM_UTF8),
        ("utf-16-le", codecs.BOM_UTF16_LE),
        ("utf-16-le", b""),
        ("utf-16-be", codecs.BOM_UTF16_BE),
        ("latin-1", b""),
    ],
)
def test_read_lines_reads_every_encoding_as_decode_does(
    encoding: str, bom: bytes, tmp_path: Path
) -> None:
    text = decode(STARS.read_bytes()).replace("Ann", "Anné")
    path = tmp_path / "h.txt"
    path.write_bytes(bom + text.replace("\n", "\r\n").encode(encoding))
    assert list(read_lines(path)) == decode(path.read_bytes()).splitlines()
    found = [h.status for _, h in iter_imported([path]) if not isinstance(h, str)]
    assert found == [h.status for h in import_text(text, "x")]


def test_a_hand_number_written_twice_is_a_warning_and_both_are_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = decode(STARS.read_bytes())
    first = text.split("\n\n\n")[0].strip()
    path = tmp_path / "dup.txt"
    path.write_text(first + "\n\n\n" + first + "\n", encoding="utf-8")
    status, out, err = run_cli(capsys, "import", str(path), "-o", str(tmp_path / "o.jsonl"))
    assert out.splitlines()[-1].startswith("2 hands: 2 matched")
    second = len(first.splitlines()) + 3  # the line the copy starts on
    assert err.splitlines() == [
        f"{path} line {second}: warning: pokerstars hand 200000000001 was already read"
        f" ({path} line 1); both kept"
    ]
    assert len((tmp_path / "o.jsonl").read_text(encoding="utf-8").splitlines()) == 2
    assert status == 0


def _mixed_bytes() -> tuple[bytes, str]:
    """Our cash fixture with ``Anné`` in its first hand saved as UTF-8 and in
    its second as Latin-1 (two saves of a client joined in one file), CRLF
    ends; and the text it must read as."""
    text = decode(STARS.read_bytes()).replace("Ann", "Anné")
    hands = text.split("\n\n\n")
    assert len(hands) > 2 and "Anné" in hands[0] and "Anné" in hands[1]
    encodings = ["utf-8", "latin-1"] + ["utf-8"] * (len(hands) - 2)
    data = b"\r\n\r\n\r\n".join(
        h.replace("\n", "\r\n").encode(e) for h, e in zip(hands, encodings, strict=True)
    )
    return data, text


def test_each_line_is_utf8_where_it_is_and_latin1_where_not(tmp_path: Path) -> None:
    """A file joining UTF-8 and Latin-1 hands: each line is decoded by itself,
    so ``Anné`` is one player in both (never ``AnnÃ©`` in the UTF-8 hands,
    which reading the whole file as Latin-1 gave)."""
    data, text = _mixed_bytes()
    assert decode(data) == text
    path = tmp_path / "mixed.txt"
    path.write_bytes(data)
    assert list(read_lines(path)) == text.splitlines()
    names = {
        name
        for _, hand in iter_imported([path])
        if not isinstance(hand, str) and hand.record is not None
        for name in hand.record["players"]
    }
    assert "Anné" in names and not any("Ã" in name for name in names)


@pytest.mark.parametrize("block", [1, 2, 3, 7, 1 << 20])
def test_read_lines_cuts_blocks_only_at_line_ends(block: int, tmp_path: Path) -> None:
    """Blocks of any size (a CRLF or a UTF-8 character across two blocks, CR
    ends, a line longer than a block, a last line without an end) read the
    same lines; the Latin-1 line by itself."""
    data = "Anné\r\nBob\rCid\n\néé\r\n\rlast é\r\n".encode() + "Deé".encode("latin-1")
    path = tmp_path / "f.txt"
    path.write_bytes(data)
    expected = ["Anné", "Bob", "Cid", "", "éé", "", "last é", "Deé"]
    assert list(read_lines(path, block=block)) == expected
    assert decode(data).split("\n") == expected
