"""Running it twice and the rake on the browser table (R12, R13): Playwright
drives Chromium against `holdem serve --max-runs 2 --rake 5%:30`, goes all-in
until a bot calls, answers the run question with the page's buttons and
checks every run's board and the rake shown against the engine's saved state."""

from __future__ import annotations

from pathlib import Path

from conftest import require, require_chromium

require("starlette", "the server extra: pip install -e '.[server]'")
require("uvicorn", "the server extra: pip install -e '.[server]'")
sync_api = require("playwright.sync_api", "the browser extra: pip install -e '.[browser]'")
CHROMIUM = require_chromium()

from browser_page import TIMEOUT_MS, card_codes, open_page, saved_table, sit_down  # noqa: E402
from server_process import ServerProcess  # noqa: E402

MAX_HANDS = 25  # hands to wait for a bot to call an all-in (each call is likely)


def test_r12_r13_run_it_twice_by_clicking(tmp_path: Path) -> None:
    """R12.1-R12.3, R13: the page offers "Run it once" and "Run it twice"
    only when asked; after both accept two runs it shows run 2's board (run
    1's is the main board, both the engine's), the awards per run and the
    rake the engine took."""
    state = tmp_path / "state"
    args = ("--seats", "2", "--bots", "1", "--bot-delay", "0.05", "--decision-seconds", "60")
    extra = ("--max-runs", "2", "--rake", "5%:30", "--between-hands", "0.5")
    with ServerProcess(*args, *extra, "--state-dir", str(state)) as server:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            try:
                page, errors = open_page(browser)
                sit_down(page, server.url)
                asked = False
                for _ in range(MAX_HANDS * 4):
                    page.wait_for_function(
                        "() => !document.getElementById('actions').hidden"
                        " || !document.getElementById('run-choice').hidden",
                        timeout=TIMEOUT_MS,
                    )
                    if not page.locator("#run-choice").is_hidden():
                        asked = True
                        break
                    if page.locator("#raise").is_disabled():
                        page.click("#check")  # call the bot's all-in
                    else:
                        page.click('.shortcuts button[data-frac="all"]')
                        page.click("#raise")
                    page.wait_for_function(
                        "() => document.getElementById('actions').hidden", timeout=TIMEOUT_MS
                    )
                assert asked, "no bot called an all-in"
                buttons = page.locator("#run-choice button").all_inner_texts()
                assert buttons == ["Run it once", "Run it twice"]
                assert page.locator("#actions").is_hidden()
                page.click('#run-choice button[data-runs="2"]')
                page.wait_for_selector("#history li.win", timeout=TIMEOUT_MS)
                page.wait_for_function(
                    "() => [...document.querySelectorAll('#history li')]"
                    ".some(li => li.textContent.startsWith('The board is run'))",
                    timeout=TIMEOUT_MS,
                )
                history = page.locator("#history li").all_inner_texts()
                agreed = [line for line in history if line.startswith("The board is run")]
                assert agreed[-1] == "The board is run twice"  # the potodds bot accepts two
                page.wait_for_function(
                    "() => document.getElementById('street').textContent === 'hand over'",
                    timeout=TIMEOUT_MS,
                )
                hand = saved_table(state)["table"]["last_hand"]
                boards = hand["result"]["boards"]
                assert len(boards) == 2
                assert card_codes(page, "#board .card[data-card]") == boards[0]
                assert card_codes(page, '.run-board[data-run="2"] .card[data-card]') == boards[1]
                history = page.locator("#history li").all_inner_texts()
                assert any(" on run 2 (" in line for line in history)
                rake = sum(hand["result"]["rake"])
                assert rake > 0
                assert f"Rake {rake} from the main pot" in history
                assert page.locator("#rake").inner_text() == f"rake {rake}"
                assert errors == []
                page.screenshot(path=str(tmp_path / "runs.png"))
            finally:
                browser.close()
