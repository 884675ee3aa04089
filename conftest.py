"""Doctest collection of the optional subpackages (``holdem/server``, ``holdem/envs``...).

pytest collects the doctests of every module under ``holdem/``, which imports
them. A subpackage behind an extra (the ``server``, ``rl``, ``ray`` or
``batch`` extra) cannot be imported without it, so in a plain clone with only
the ``test`` extra its modules are left out of collection, and the summary
says which and why. Under ``HOLDEM_REQUIRE_ALL=1`` (CI, every extra
installed) nothing is left out, and a subpackage that cannot be imported is
a collection error. The test helpers for extras are in ``tests/conftest.py``.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent / "holdem"
_LEFT_OUT: dict[str, str] = {}


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave out a subpackage of ``holdem`` whose extra is not installed."""
    if os.environ.get("HOLDEM_REQUIRE_ALL") == "1":
        return None
    path = Path(collection_path)
    if path.parent != PACKAGE or not (path / "__init__.py").is_file():
        return None
    name = f"holdem.{path.name}"
    if name in _LEFT_OUT:
        return True
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is None or error.name.split(".")[0] == "holdem":
            raise
        _LEFT_OUT[name] = f"{error.name} is not installed"
        return True
    return None


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for name, reason in sorted(_LEFT_OUT.items()):
        terminalreporter.write_line(
            f"doctests of {name} not collected: {reason} (install its extra; "
            "HOLDEM_REQUIRE_ALL=1 makes this an error)"
        )
