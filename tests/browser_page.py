"""What the browser-table tests share: the engine's saved table, the cards a
page shows, and opening the page to sit down (used with Playwright's sync API
and Chromium, see tests/server/test_server_browser*.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

TIMEOUT_MS = 60_000
"""How long a page may take to reach what a test waits for (milliseconds): generous,
so that a busy machine (the whole suite, other jobs) slows a test down but does not fail it."""


def saved_table(state: Path) -> dict[str, Any]:
    """The engine's saved state of table 0 in the server's ``--state-dir``."""
    data: dict[str, Any] = json.loads((state / "table-0.json").read_text())
    return data


def card_codes(page: Any, selector: str) -> list[str]:
    """The cards (``"As"``, ...) of the face-up card elements matching ``selector``."""
    cards: list[str] = page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")
    return cards


def open_page(browser: Any) -> tuple[Any, list[str]]:
    """A new 1400x860 page of ``browser`` and the list its script errors go to."""
    page = browser.new_page(viewport={"width": 1400, "height": 860})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def sit_down(page: Any, url: str, name: str = "Ann") -> None:
    """Opens the table at ``url`` and takes a seat as ``name``."""
    page.goto(url, timeout=TIMEOUT_MS)
    page.fill("#name", name)
    page.click("#sit")
    page.wait_for_selector(".seat.me", timeout=TIMEOUT_MS)
