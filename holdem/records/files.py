"""Reading hand-history files (``.phh``, ``.phhs``, ``.jsonl``) and exporting them.

Hostile input never ends in a traceback: a part of a file that cannot be read
(invalid UTF-8, a number of more than 4,300 digits, nesting too deep for the
parser, not JSON or TOML) becomes one error naming the file and, for JSON
lines, the line number; the good hands before and after it are still read.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from holdem.records.record import DIFFERED, REJECTED, PHHError, ReplayResult
from holdem.records.replayer import Replayed, replay_outcome
from holdem.records.writer import dumps, export_fields

#: The file suffixes read as hand histories (in any case: ``.PHHS`` is ``.phhs``).
SUFFIXES = (".phh", ".phhs", ".jsonl")
_MAX_DIGITS = 4300  # Python's own limit on converting digits to an int


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise PHHError("a number has more than 4,300 digits")
    return int(text)


def _unreadable(error: BaseException) -> str:
    if isinstance(error, RecursionError):
        return "nested too deeply"
    if isinstance(error, UnicodeDecodeError):
        return f"not UTF-8 (byte {error.start + 1})"
    if isinstance(error, PHHError):
        return str(error)
    if isinstance(error, json.JSONDecodeError):
        return f"not JSON: {error.msg} (column {error.colno})"
    if isinstance(error, tomllib.TOMLDecodeError):
        return f"not TOML: {error}"
    if "digits" in str(error):
        return "a number has more than 4,300 digits"
    return f"cannot be read: {error}"


def suffix(path: str | Path) -> str:
    """The suffix of ``path`` in lower case: ``"Sample.PHHS"`` -> ``".phhs"``."""
    return Path(path).suffix.lower()


def read_records(path: str | Path) -> Iterator[tuple[str, Mapping[str, Any] | Exception]]:
    """Hands in a ``.phh`` file (one), a ``.phhs`` file (several) or a ``.jsonl`` file.

    Yields ``(id, record)`` pairs; a part that cannot be read yields
    ``(id, PHHError)`` instead, so one bad hand never hides the others. In a
    ``.jsonl`` file each line is read on its own: a line that is not UTF-8 or
    not a JSON object is one error with its line number. Suffixes compare in
    any case; a file with none of them (a pipe, ``<(zcat hands.jsonl.gz)``,
    ``/dev/stdin``) is read as JSON lines when its first character that is not blank is
    ``{``, else as PHH.
    """
    path = Path(path)
    try:
        if path.is_dir():
            yield path.name, PHHError(f"{path.name}: {_folder_problem(path)}")
            return
        if suffix(path) == ".jsonl":
            with path.open("rb") as lines:
                yield from _json_lines(path.name, lines)
            return
        data = path.read_bytes()
    except OSError as error:
        yield path.name, PHHError(f"{path.name}: cannot be read: {error.strerror}")
        return
    if suffix(path) not in SUFFIXES and data.lstrip()[:1] == b"{":
        yield from _json_lines(path.name, data.splitlines(keepends=True))
        return
    yield from _toml_hands(path, data)


def unknown_input(paths: Iterable[str | Path]) -> Path | None:
    """The first of ``paths`` that is a regular file with an extension other
    than ``.phh``, ``.phhs`` or ``.jsonl`` (in any case), else ``None``: such a
    file is refused rather than read as PHH (``hands.json``, ``notes.txt``).
    Folders, missing paths, pipes (``<(zcat hands.jsonl.gz)``) and names with
    no extension (``/dev/stdin``) are not refused here."""
    for p in map(Path, paths):
        if p.suffix and suffix(p) not in SUFFIXES and p.is_file():
            return p
    return None


def output_kind(out: str | Path) -> str:
    """What :func:`export_paths` writes to ``out``: ``".phh"`` (one hand),
    ``".phhs"`` (several) or ``""`` (a folder), the suffix compared in any case.

    Raises:
        PHHError: any other extension, unless ``out`` is an existing folder
            (``out.txt`` would silently become a folder), or a name without
            one that is an existing file.
    """
    out = Path(out)
    kind = suffix(out)
    if kind in (".phh", ".phhs") or out.is_dir():
        return kind if kind in (".phh", ".phhs") else ""
    if kind:
        raise PHHError(
            f"{out}: unknown extension {out.suffix!r}: write to a .phh file (one hand), "
            "a .phhs file (several) or a folder (a name without an extension)"
        )
    if out.exists():
        raise PHHError(f"{out} is not a .phh or .phhs file or a folder")
    return ""


def _folder_problem(path: Path) -> str:
    """Why the folder ``path`` (a subfolder :func:`iter_paths` could not list) is not read."""
    try:
        with os.scandir(path):
            pass
    except OSError as error:
        return f"folder cannot be read: {error.strerror}"
    return "a folder, not a file"


def _json_lines(
    name: str, data: Iterable[bytes]
) -> Iterator[tuple[str, Mapping[str, Any] | Exception]]:
    for number, line in enumerate(data, 1):
        if not line.strip():
            continue
        ident = f"{name}:{number}"
        try:
            record = json.loads(line.decode("utf-8"), parse_int=_parse_int)
        except (ValueError, RecursionError) as error:
            yield ident, PHHError(f"line {number}: {_unreadable(error)}")
            continue
        if not isinstance(record, dict):
            yield ident, PHHError(f"line {number}: not a JSON object")
            continue
        raw_id = record.get("id")
        yield raw_id if isinstance(raw_id, str) else ident, record


def _toml_hands(path: Path, data: bytes) -> Iterator[tuple[str, Mapping[str, Any] | Exception]]:
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as error:
        yield path.name, PHHError(f"{path.name}: {_unreadable(error)}")
        return
    if "variant" in table or suffix(path) == ".phh":
        hand = table.get("hand")
        yield hand if isinstance(hand, str) else path.name, table
        return
    for key, value in table.items():
        ident = f"{path.name}#{key}"
        if isinstance(value, dict):
            yield ident, value
        else:
            yield ident, PHHError(f"{ident}: not a hand table")


def iter_paths(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Files named, and ``.phh``/``.phhs``/``.jsonl`` files under folders named, sorted.

    Under a folder, every regular file with one of these suffixes is yielded,
    and so are a broken link and a subfolder that cannot be read, for
    :func:`read_records` to report, so that nothing it may hold is skipped in
    silence; a named pipe or other special file there is left alone (nobody
    writes to it: reading it would wait for ever), and links to folders are
    not followed. A file named is read whatever it is, so a named pipe given
    on the command line (``<(zcat hands.jsonl.gz)``) works.
    """
    for p in map(Path, paths):
        if p.is_dir():
            yield from _walk(p)
        else:
            yield p


def _walk(folder: Path) -> list[Path]:
    found: list[Path] = []

    def unreadable(error: OSError) -> None:
        if error.filename is not None:
            found.append(Path(error.filename))

    for root, _, names in os.walk(folder, onerror=unreadable):
        for name in names:
            entry = Path(root, name)
            if suffix(entry) in SUFFIXES and (entry.is_file() or not entry.exists()):
                found.append(entry)
    return sorted(found)


def replay_outcomes(
    paths: Iterable[str | Path],
) -> Iterator[tuple[ReplayResult, Mapping[str, Any] | None, Replayed | None]]:
    """Every hand in the given files and folders, in order: its result, record and replay."""
    for path in iter_paths(paths):
        if not path.exists():
            error = {"action_index": None, "action": None, "message": f"{path}: no such file"}
            yield ReplayResult(str(path), REJECTED, None, None, error), None, None
            continue
        for ident, record in read_records(path):
            if isinstance(record, Exception):
                error = {"action_index": None, "action": None, "message": str(record)}
                yield ReplayResult(ident, REJECTED, None, None, error), None, None
            else:
                result, replayed = replay_outcome(record, ident)
                yield result, record, replayed


def replay_paths(paths: Iterable[str | Path]) -> Iterator[ReplayResult]:
    """Replay every hand in the given files and folders (see :func:`read_records`)."""
    for result, _, _ in replay_outcomes(paths):
        yield result


def export_paths(paths: Iterable[str | Path], out: str | Path) -> Iterator[ReplayResult]:
    """Export every replayable hand of the inputs to ``out``, in input order.

    A hand is written when it replays and, if the record has finishing
    stacks, ends on them (``matched`` or ``replayed``); the others are
    yielded with their reason and not written. ``out`` is a ``.phh`` file (one
    hand), a ``.phhs`` file (tables ``[1]``, ``[2]``...) or a folder (one
    ``.phh`` file per hand, numbered in input order), the suffix compared in
    any case (``.PHHS`` is ``.phhs``). Nothing is written
    until every input is read, so ``out`` may be one of the inputs; nothing at
    all is written when no hand can be. A folder that already holds
    ``.phh``, ``.phhs`` or ``.jsonl`` files is refused before anything is
    read: the numbered files of an earlier export would stay beside the new
    ones.

    Yields:
        One :class:`ReplayResult` per hand of the inputs.

    A hand that replays but cannot be written (a name holding a lone
    surrogate, say) is yielded as ``rejected`` with the reason.

    Raises:
        PHHError: a ``.phh`` output for more than one hand, an output
            folder that already holds hand histories, or an output name with
            another extension (see :func:`output_kind`).
        OSError: the output cannot be written.
    """
    out = Path(out)
    kind = output_kind(out)
    if not kind and out.is_dir() and any(_walk(out)):
        raise PHHError(f"{out} already holds hand histories (export to a new or empty folder)")
    texts: list[str] = []
    for result, record, replayed in replay_outcomes(paths):
        if record is not None and replayed is not None and result.status != DIFFERED:
            try:
                texts.append(dumps(export_fields(record, replayed)))
            except PHHError as error:
                message = f"cannot be written as PHH: {error}"
                error_data = {"action_index": None, "action": None, "message": message}
                result = ReplayResult(result.id, REJECTED, None, result.expected, error_data)
        yield result
    if not texts:
        return
    if kind == ".phh":
        if len(texts) > 1:
            raise PHHError(
                f"{out.name} holds one hand and there are {len(texts)} to write "
                "(use a .phhs file or a folder)"
            )
        out.write_text(texts[0], encoding="utf-8")
    elif kind == ".phhs":
        out.write_text(
            "\n".join(f"[{k}]\n{text}" for k, text in enumerate(texts, 1)), encoding="utf-8"
        )
    else:
        out.mkdir(parents=True, exist_ok=True)
        width = len(str(len(texts)))
        for number, text in enumerate(texts, 1):
            (out / f"{number:0{width}d}.phh").write_text(text, encoding="utf-8")
