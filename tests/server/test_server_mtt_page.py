"""The browser table follows a tournament move (R15.3), in Chromium driven by
Playwright against an in-process ``holdem serve --mtt`` (uvicorn in a thread,
127.0.0.1 only, stopped at the end).

The person registers on the page and is seated at table #2, which breaks at
the first bust; the page is sent ``moved``, joins table #1 with its token and
shows the person's seat there. With re-entries open (R15.8), a person
blinded out is offered Re-enter and seated again."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from conftest import require, require_chromium

require("starlette", "the server extra: pip install -e '.[server]'")
uvicorn = require("uvicorn", "the server extra: pip install -e '.[server]'")
sync_api = require("playwright.sync_api", "the browser extra: pip install -e '.[browser]'")
CHROMIUM = require_chromium()

from browser_page import TIMEOUT_MS, open_page  # noqa: E402
from server_process import free_port  # noqa: E402

from holdem.server.mtt import MttServer, MttSettings, create_mtt_app  # noqa: E402

LAYOUT = {
    1: {0: ("Ann", 100), 1: ("Bob", 100)},
    2: {0: ("Me", 1000), 2: ("Cy", 100)},
}


@contextmanager
def serving(server: MttServer) -> Iterator[str]:
    port = free_port()
    config = uvicorn.Config(
        create_mtt_app(server),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=1,  # open connections do not hold the server up
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        running.should_exit = True
        thread.join(15)
        # a server left running would keep playing its tournament in this process
        assert not thread.is_alive(), "the tournament server did not stop"


def test_r15_the_page_follows_a_move() -> None:
    settings = MttSettings(
        players=4,
        seats=3,
        stack=100,
        small_blind=5,
        big_blind=10,
        hands_per_level=1,
        start_seconds=None,
        bot_delay=0.02,
        between_hands=0.1,
        decision_seconds=0.3,
        agent="call",
        seed=7,
        layout=LAYOUT,
        bot_names=("Ann", "Bob", "Cy"),
    )
    server = MttServer(settings)
    with serving(server) as url, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page, errors = open_page(browser)
            page.goto(url + "?table=0", timeout=TIMEOUT_MS)
            page.fill("#name", "Me")
            page.click("#sit")
            page.wait_for_function("() => location.search === '?table=1'", timeout=TIMEOUT_MS)
            page.wait_for_selector(".seat.me", timeout=TIMEOUT_MS)
            # The first bust breaks table #2 (R15.3): the page follows to table #1.
            page.wait_for_function("() => location.search === '?table=0'", timeout=TIMEOUT_MS)
            page.wait_for_selector(".seat.me", timeout=TIMEOUT_MS)
            mine: Any = page.locator(".seat.me").inner_text()
            assert "Me" in mine
            assert page.locator("#table-select").input_value() == "0"
            assert errors == []
        finally:
            browser.close()


def test_r15_8_the_page_reenters_a_busted_person() -> None:
    """R15.8 on the page: the person (20 chips, blinds 5/10, no action taken:
    the clock checks or folds for them) is blinded out while re-entry is
    open; the page offers to re-enter, the click seats them again (``moved``,
    reason ``re-entry``) and the page shows their seat with a new stack."""
    settings = MttSettings(
        players=3,
        seats=3,
        stack=100,
        small_blind=5,
        big_blind=10,
        hands_per_level=100,
        start_seconds=None,
        bot_delay=0.02,
        between_hands=0.05,
        decision_seconds=0.5,
        agent="call",
        seed=7,
        layout={1: {0: ("Me", 20), 1: ("Ann", 1000), 2: ("Bob", 1000)}},
        bot_names=("Ann", "Bob"),
        late_until=1,
        reentries=1,
    )
    server = MttServer(settings)
    with serving(server) as url, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page, errors = open_page(browser)
            page.goto(url + "?table=0", timeout=TIMEOUT_MS)
            page.fill("#name", "Me")
            page.click("#sit")
            # no wait for the seat here: 20 chips may be blinded out before a
            # busy machine draws it, and the seat is gone once they are
            page.wait_for_selector("#reenter-ask:not([hidden])", timeout=TIMEOUT_MS)
            page.click("#reenter")
            page.wait_for_selector(".seat.me", timeout=TIMEOUT_MS)
            mine: Any = page.locator(".seat.me").inner_text()
            assert "Me" in mine
            assert page.locator("#reenter-ask").is_hidden()
            assert errors == []
        finally:
            browser.close()
        assert server.director is not None and server.director.bought("Me") == (1, 0, 0)
