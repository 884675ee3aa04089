"""The README works in a plain clone: its quickstart runs as written (a complete hand,
Example E: R7.2, R7.3), and its commands name only files inside the repository."""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import require
from holdem.cli.command import main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
# Subcommands quick enough to run here; the others only have their paths checked.
RUN = {"run", "pots", "replay", "equity", "tournament", "import"}


def test_readme_quickstart() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8
    assert result.failed == 0


def _commands() -> list[list[str]]:
    """Every `holdem ...` command of the README's code blocks, continuations joined."""
    text = README.read_text(encoding="utf-8").replace("\\\n", " ")
    lines = re.findall(r"^(?: {4}|```\w*\n)?\s*(holdem [^\n]*)$", text, re.M)
    return [shlex.split(line, comments=True) for line in lines]


def test_readme_has_commands() -> None:
    assert {c[1] for c in _commands()} >= RUN


@pytest.mark.parametrize("command", _commands(), ids=lambda c: " ".join(c[1:4]))
def test_readme_command_needs_nothing_outside_the_clone(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 10: a README command replayed a corpus file beside the checkout, which a
    plain clone does not have."""
    for arg in command[1:]:
        assert not arg.startswith(("/", "~")) and ".." not in Path(arg).parts, arg
        if "/" in arg and not arg.startswith("-"):
            assert (ROOT / arg).exists(), f"{arg} is not in the repository"
    if command[1] in RUN:
        monkeypatch.chdir(ROOT)
        assert main(command[1:]) == 0, capsys.readouterr().err


def test_no_test_or_document_points_outside_the_repository() -> None:
    """Issue 10: tests and documents cite docs/rules.md, never the shared folder's
    rule book or a path beside the checkout (CI's .ci/run alone may look there)."""
    outside = re.compile(r"\.\./shared|[/]work[/]|\bRULES\.md")
    found = []
    for pattern in ("*.md", "*.py", "*.toml", "*.jsonl"):
        for path in ROOT.rglob(pattern):
            parts = path.relative_to(ROOT).parts
            if parts[0].startswith(".") or "egg-info" in parts[0]:
                continue
            for number, line in enumerate(
                path.read_text(encoding="utf-8", errors="replace").splitlines(), 1
            ):
                if outside.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def _gymnasium_snippets() -> list[str]:
    """The README's Gymnasium lines as written: the indented code block that makes the
    env, and the module-prefixed id given in the text."""
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"\n\n((?: {6}[^\n]+\n)+)", text)
    made = [b for b in blocks if 'gymnasium.make("holdem/NoLimitHoldem-v0"' in b]
    inline = re.findall(r"`(gymnasium\.make\(\"holdem\.envs:holdem/NoLimitHoldem-v0\"[^`]*)`", text)
    assert len(made) == 1 and len(inline) == 1, (made, inline)
    return [textwrap.dedent(made[0]), f"import gymnasium\nenv = {inline[0]}\n"]


@pytest.mark.parametrize("snippet", _gymnasium_snippets(), ids=["import", "module-prefix"])
def test_readme_gymnasium_lines_run_as_written(snippet: str) -> None:
    """Issue 17: the README's `gymnasium.make("holdem/NoLimitHoldem-v0", ...)` failed with
    `NamespaceNotFound` in a fresh interpreter (Gymnasium 1.x loads no plugins); each
    way the README gives runs as written, in a fresh process, and deals a hand."""
    require("gymnasium", "the rl extra: pip install -e '.[rl]'")
    check = "\nobs, info = env.reset(seed=0)\nprint(type(env.unwrapped).__name__, obs.shape)\n"
    done = subprocess.run(
        [sys.executable, "-c", snippet + check],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("NoLimitHoldemEnv (")
