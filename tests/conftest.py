"""Test-suite wide helpers: optional extras, the browser and the shared corpus.

A plain clone with only the ``test`` extra must pass the suite: a test that
needs another extra (numpy, gymnasium, starlette, ray, pokerkit, playwright...)
or a browser skips there with a visible reason. CI installs everything and
sets ``HOLDEM_REQUIRE_ALL=1``; then the same tests *fail* instead of skipping,
so that a broken install can never pass unnoticed.

For that, never call ``pytest.importorskip`` directly; use :func:`require`::

    from conftest import require

    np = require("numpy", "the rl extra: pip install -e '.[rl]'")

and :func:`require_chromium` for the browser tests (the path to pass to
Playwright as ``executable_path``). Both work at module level (the whole file
skips) and inside a test.

The full public corpus is not part of the repository. ``.ci/run`` sets
``HOLDEM_CORPUS`` to its folder when it is present; :func:`corpus_file`
returns a file of it, or skips with the reason (also under
``HOLDEM_REQUIRE_ALL``, since the corpus is optional even in CI).

As a safety net, under ``HOLDEM_REQUIRE_ALL=1`` every other skip fails too,
``pytest.importorskip`` and ``pytest.skip`` included, whether it happens
while a test file is collected or while a test runs: in CI nothing may pass
on nothing.
"""

from __future__ import annotations

import importlib
import os
import shutil
from collections.abc import Generator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REQUIRE_ALL = os.environ.get("HOLDEM_REQUIRE_ALL") == "1"
"""True when every optional dependency must be there (CI)."""


def _missing(reason: str) -> None:
    if REQUIRE_ALL:
        pytest.fail(f"HOLDEM_REQUIRE_ALL=1 but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def require(module: str, reason: str) -> ModuleType:
    """Import ``module``, or skip (fail under ``HOLDEM_REQUIRE_ALL=1``).

    Args:
        module: the dotted module name, such as ``"gymnasium"``.
        reason: where it comes from, shown in the skip or failure line, such
            as ``"the rl extra: pip install -e '.[rl]'"``.

    Returns:
        The imported module.
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        _missing(f"{module} is not installed ({reason}): {error}")
        raise  # not reached: _missing skips or fails


def require_chromium() -> str:
    """The path of a Chromium browser, or skip (fail under ``HOLDEM_REQUIRE_ALL=1``).

    Looks at ``HOLDEM_CHROMIUM`` first (set by ``.ci/run``), then for
    ``chromium`` and ``chromium-browser`` on the ``PATH`` (Debian's package:
    ``apt-get install chromium``).
    """
    for candidate in (os.environ.get("HOLDEM_CHROMIUM"), "chromium", "chromium-browser"):
        if candidate:
            found = shutil.which(candidate)
            if found:
                return found
    _missing("no Chromium browser found (apt-get install chromium, or set HOLDEM_CHROMIUM)")
    raise AssertionError("not reached")


def corpus_file(name: str) -> Path:
    """The corpus file ``name`` under ``$HOLDEM_CORPUS``, or skip with the reason."""
    folder = os.environ.get("HOLDEM_CORPUS")
    if not folder:
        pytest.skip("HOLDEM_CORPUS is not set (.ci/run sets it when the public corpus is there)")
    path = Path(folder) / name
    if not path.is_file():
        pytest.skip(f"{name} is not in HOLDEM_CORPUS ({folder})")
    return path


_CORPUS_SKIP = "HOLDEM_CORPUS"
"""Skips that mention it are the corpus's, allowed even under ``HOLDEM_REQUIRE_ALL``."""


def _fail_skip(report: pytest.CollectReport | pytest.TestReport) -> None:
    """Turn a skip into a failure under ``HOLDEM_REQUIRE_ALL=1`` (the corpus's aside)."""
    if not REQUIRE_ALL or not report.skipped or hasattr(report, "wasxfail"):
        return
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    if _CORPUS_SKIP in reason:
        return
    report.outcome = "failed"
    report.longrepr = f"HOLDEM_REQUIRE_ALL=1 but this was skipped: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, None]:
    outcome = yield
    _fail_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    outcome = yield
    _fail_skip(outcome.get_result())
