"""Doctest collection of the optional subpackages (``holdem/server``, ``holdem/envs``...).

pytest collects the doctests of every module under ``holdem/``, which imports
them. A subpackage behind an extra (the ``server``, ``rl``, ``ray`` or
``batch`` extra) cannot be imported without it, so in a plain clone with only
the ``test`` extra its modules are left out of collection, and the summary
says which and why; a doctest that imports a missing extra itself skips.
Under ``HOLDEM_REQUIRE_ALL=1`` (CI, every extra installed) nothing is left
out, and a subpackage that cannot be imported is a collection error. The
test helpers for extras are in ``tests/conftest.py``.
"""

from __future__ import annotations

import doctest
import importlib
import os
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from _pytest.doctest import DoctestItem

PACKAGE = Path(__file__).resolve().parent / "holdem"
_LEFT_OUT: dict[str, str] = {}


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave out a module of ``holdem`` that cannot be imported for lack of an extra."""
    if os.environ.get("HOLDEM_REQUIRE_ALL") == "1":
        return None
    path = Path(collection_path)
    if path.suffix != ".py" or path.name == "__main__.py" or PACKAGE not in path.parents:
        return None
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is None or error.name.split(".")[0] == "holdem":
            raise
        _LEFT_OUT[name] = f"{error.name} is not installed"
        return True
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    """A doctest that imports a missing extra (``>>> import numpy``) skips, saying why."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("HOLDEM_REQUIRE_ALL") == "1" or not report.failed:
        return
    if not isinstance(item, DoctestItem) or call.excinfo is None:
        return
    error = call.excinfo.value
    if isinstance(error, doctest.UnexpectedException):
        missing = error.exc_info[1]
        if (
            isinstance(missing, ModuleNotFoundError)
            and missing.name is not None
            and missing.name.split(".")[0] != "holdem"
        ):
            report.outcome = "skipped"
            report.longrepr = (str(item.path), 0, f"{missing.name} is not installed (its extra)")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for name, reason in sorted(_LEFT_OUT.items()):
        terminalreporter.write_line(
            f"doctests of {name} not collected: {reason} (install its extra; "
            "HOLDEM_REQUIRE_ALL=1 makes this an error)"
        )
