"""Hostile files and folders given to ``holdem replay`` and ``holdem export``.

Found by using the commands as a new user would (issue 10, section 5: hostile
input never ends in a traceback, a hang or a silent loss): a named pipe in a
folder is not waited on, what a folder holds but cannot be read is listed
instead of being skipped in silence, and an export never leaves a misleading or mixed output.
Exit status as the README gives it: 0 success, 1 a failure, 2 bad usage or
input, each problem on one line.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from holdem.cli.command import main
from holdem.records import MATCHED, iter_paths, replay_paths

SAMPLE = Path(__file__).parents[1] / "data" / "corpus-sample.jsonl"


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def _hands(folder: Path, count: int, name: str = "hands.jsonl") -> Path:
    path = folder / name
    lines = SAMPLE.read_bytes().splitlines(keepends=True)[:count]
    path.write_bytes(b"".join(lines))
    return path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_named_pipe_is_read_when_named_and_left_alone_in_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Named on the command line, a pipe is read, as ``<(zcat hands.jsonl.gz)`` is;
    found in a folder, nobody writes to it and reading it would wait for ever."""
    _hands(tmp_path, 2)
    pipe = tmp_path / "pipe.jsonl"
    os.mkfifo(pipe)
    status, out, _ = _cli(["replay", str(tmp_path)], capsys)
    assert (status, out) == (0, "2 hands: 2 matched, 0 differed, 0 rejected, 0 unsupported\n")
    writer = threading.Thread(target=pipe.write_bytes, args=(SAMPLE.read_bytes().splitlines()[0],))
    writer.start()
    status, out, _ = _cli(["replay", str(pipe)], capsys)
    writer.join()
    assert (status, out) == (0, "1 hand: 1 matched, 0 differed, 0 rejected, 0 unsupported\n")


def test_a_broken_link_in_a_folder_is_listed_not_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _hands(tmp_path, 2)
    (tmp_path / "gone.phh").symlink_to(tmp_path / "nowhere.phh")
    status, out, _ = _cli(["replay", str(tmp_path)], capsys)
    assert status == 1
    assert out.splitlines() == [
        f"rejected {tmp_path / 'gone.phh'}: {tmp_path / 'gone.phh'}: no such file",
        "3 hands: 2 matched, 0 differed, 1 rejected, 0 unsupported",
    ]


def test_a_folder_that_cannot_be_read_is_listed_and_the_rest_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unreadable subfolder may hold hands: saying nothing would hide them. (Root
    reads every folder, so the refusal is made by the operating system call itself.)"""
    _hands(tmp_path, 2)
    locked = tmp_path / "locked"
    locked.mkdir()
    _hands(locked, 1)
    real_scandir = os.scandir

    def scandir(path: object = ".") -> object:
        if Path(str(path)) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    assert list(iter_paths([tmp_path])) == [tmp_path / "hands.jsonl", locked]
    status, out, _ = _cli(["replay", str(tmp_path)], capsys)
    assert status == 1
    assert out.splitlines() == [
        "rejected locked: locked: folder cannot be read: Permission denied",
        "3 hands: 2 matched, 0 differed, 1 rejected, 0 unsupported",
    ]


def test_json_lines_are_read_one_at_a_time(tmp_path: Path) -> None:
    """A huge file of junk lines is read line by line, each junk line rejected with
    its number, and the good hands around them still replayed."""
    good = SAMPLE.read_bytes().splitlines(keepends=True)
    path = tmp_path / "junk.jsonl"
    path.write_bytes(good[0] + b"\x00junk\xff\n" * 20_000 + good[1])
    results = list(replay_paths([path]))
    assert len(results) == 20_002
    assert [r.status for r in (results[0], results[-1])] == [MATCHED, MATCHED]
    assert results[1].error is not None
    assert results[1].error["message"] == "line 2: not UTF-8 (byte 6)"
    assert results[-2].id == "junk.jsonl:20001"


def test_export_to_an_empty_output_name_is_bad_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``-o ""`` would otherwise write numbered files into the current folder."""
    source = _hands(tmp_path, 1)
    monkeypatch.chdir(tmp_path)
    status, out, err = _cli(["export", str(source), "-o", ""], capsys)
    assert (status, out) == (2, "")
    assert err == "holdem export: error: the output name is empty\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.jsonl"]


def test_export_refuses_a_folder_that_already_holds_hand_histories(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Numbered files of an earlier, longer export would stay beside the new ones and
    read back as hands of this one: such a folder is refused and left as it was."""
    source = _hands(tmp_path, 3)
    folder = tmp_path / "out"
    assert _cli(["export", str(source), "-o", str(folder)], capsys)[0] == 0
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert sorted(before) == ["1.phh", "2.phh", "3.phh"]
    one = _hands(tmp_path, 1, "one.jsonl")
    status, out, err = _cli(["export", str(one), "-o", str(folder)], capsys)
    assert (status, out) == (2, "")
    assert err == (
        f"holdem export: error: {folder} already holds hand histories "
        "(export to a new or empty folder)\n"
    )
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    empty = tmp_path / "empty"
    empty.mkdir()
    assert _cli(["export", str(one), "-o", str(empty)], capsys)[0] == 0
    assert [p.name for p in empty.iterdir()] == ["1.phh"]


def test_export_with_no_hand_to_write_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not "x.phh holds one hand and there are 0 to write": every hand was refused,
    each is listed with its reason, and no empty or invalid file is left."""
    bad = tmp_path / "bad.phh"
    bad.write_bytes(b"variant = ")
    for name in ("x.phh", "x.phhs", "folder"):
        out = tmp_path / name
        status, printed, err = _cli(["export", str(bad), "-o", str(out)], capsys)
        assert (status, err) == (1, "")
        assert printed.splitlines()[-1] == f"0 of 1 hand written: nothing to write to {out}"
        assert not out.exists()


def test_export_over_its_own_input_file_keeps_the_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every input is read before anything is written, so OUT may be an input."""
    source = tmp_path / "hand.phh"
    first = _hands(tmp_path, 1)
    assert _cli(["export", str(first), "-o", str(source)], capsys)[0] == 0
    text = source.read_text(encoding="utf-8")
    assert _cli(["export", str(source), "-o", str(source)], capsys)[0] == 0
    assert source.read_text(encoding="utf-8") == text
    assert [r.status for r in replay_paths([source])] == [MATCHED]


def test_a_hostile_hand_id_or_name_prints_as_one_plain_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An ``id`` with a newline and an escape sequence could forge a summary line or
    drive the terminal: each hand not matched is still one plain line."""
    record = json.loads(SAMPLE.read_bytes().splitlines()[0])
    evil = dict(record, id="x\n68 hands: 68 matched\x1b[2J", finishing_stacks=[1] * 6)
    named = dict(record, players=["a\x1b[2J", "b\nc", "d", "e", "f", "g"])
    source = tmp_path / "evil.jsonl"
    source.write_text(f"{json.dumps(evil)}\n{json.dumps(named)}\n", encoding="utf-8")
    status, out, _ = _cli(["replay", "--print", str(source)], capsys)
    assert status == 1
    assert all(line.isprintable() for line in out.splitlines())
    assert "Hand x\\n68 hands: 68 matched\\x1b[2J" in out.splitlines()
    differed = [line for line in out.splitlines() if line.startswith("differed ")]
    assert len(differed) == 1
    assert differed[0].startswith("differed x\\n68 hands: 68 matched\\x1b[2J: p1 ")
    assert "a\\x1b[2J posts the small blind, 50" in out.splitlines()
    status, out, _ = _cli(["export", str(source), "-o", str(tmp_path / "o.phhs")], capsys)
    assert status == 1
    assert out.splitlines()[0].startswith("differed x\\n68 hands: 68 matched\\x1b[2J: p1 ")
