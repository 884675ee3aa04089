"""The page's "Download my hands" (issues 18 and 22), in Chromium driven by
Playwright against a `holdem serve` process: after a few hands the button
saves the hands I played as a PokerStars text file, which `holdem import`
reads back with every hand `matched`, in my own view only (R6)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from conftest import require, require_chromium

require("starlette", "the server extra: pip install -e '.[server]'")
require("uvicorn", "the server extra: pip install -e '.[server]'")
sync_api = require("playwright.sync_api", "the browser extra: pip install -e '.[browser]'")
CHROMIUM = require_chromium()

from browser_page import TIMEOUT_MS, open_page, sit_down  # noqa: E402
from server_process import ROOT, ServerProcess  # noqa: E402

HANDS = 2
CARD = re.compile(r"[2-9TJQKA][cdhs]")


def _hands_begun(page: Any) -> int:
    return sum(x.startswith("Hand #") for x in page.locator("#history li").all_inner_texts())


def test_download_my_hands_reads_back_with_holdem_import(tmp_path: Path) -> None:
    """I play two hands against three bots (checking or calling), click
    "Download my hands" and get a .txt file: `holdem import --json` reads
    every hand as `matched`, my cards are dealt to me in each, and no other
    player's cards are written but those shown at the showdown (R6). After I
    leave the table the button still gives my hands."""
    args = ("--bots", "3", "--bot-delay", "0.05", "--between-hands", "0.3")
    with ServerProcess(*args, "--decision-seconds", "60") as server:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            try:
                page, errors = open_page(browser)
                sit_down(page, server.url, "Ann")
                assert page.locator("#download").is_visible()
                seat = str(page.locator(".seat.me").get_attribute("data-seat"))
                # Each hand I was dealt into: the first begins after I sat down.
                while _hands_begun(page) < HANDS + 1 or page.evaluate("() => state.hand === null"):
                    if not page.locator("#actions").is_hidden():
                        decision = page.locator("#actions").get_attribute("data-d")
                        page.keyboard.press("c")
                        page.wait_for_function(
                            "d => document.getElementById('actions').hidden"
                            " || document.getElementById('actions').dataset.d !== d",
                            arg=decision,
                            timeout=TIMEOUT_MS,
                        )
                    else:
                        page.wait_for_timeout(50)
                with page.expect_download(timeout=TIMEOUT_MS) as info:
                    page.click("#download")
                download = info.value
                assert re.fullmatch(r"holdem-table-1-hands\.txt", download.suggested_filename)
                path = tmp_path / download.suggested_filename
                download.save_as(path)
                # After leaving the table the button stays and gives the same
                # hands, and the hand played out while leaving.
                page.click("#leave")
                page.wait_for_selector(".seat.me", state="detached", timeout=TIMEOUT_MS)
                assert page.locator("#download").is_visible()
                with page.expect_download(timeout=TIMEOUT_MS) as info:
                    page.click("#download")
                later = tmp_path / "later.txt"
                info.value.save_as(later)
                assert errors == []
            finally:
                browser.close()
    text = path.read_text(encoding="utf-8")
    assert later.read_text(encoding="utf-8").startswith(text)
    assert text.count("PokerStars Hand #") >= HANDS
    me = int(seat) + 1  # the table's own seat numbers, 1-based
    assert re.search(r"^Table 'holdem 1' 6-max Seat #\d is the button$", text, re.M)
    assert text.count(f"\nSeat {me}: Ann (") == text.count("PokerStars Hand #")
    run = subprocess.run(
        [sys.executable, "-m", "holdem", "import", "--json", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert run.returncode == 0, run.stderr
    rows = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert len(rows) == text.count("PokerStars Hand #")
    assert [row["status"] for row in rows] == ["matched"] * len(rows)
    for hand in text.split("PokerStars Hand #")[1:]:
        assert re.search(r"^Dealt to Ann \[\w\w \w\w\]$", hand, re.M)
        assert not re.search(r"^Dealt to (?!Ann )", hand, re.M)
        shown = set(CARD.findall(" ".join(re.findall(r": shows \[([^\]]*)\]", hand))))
        board = set(CARD.findall(" ".join(re.findall(r"^\*\*\* .*$", hand, re.M))))
        mine = set(CARD.findall(re.findall(r"^Dealt to Ann \[([^\]]*)\]", hand, re.M)[0]))
        written = {c for inside in re.findall(r"\[([^\]]*)\]", hand) for c in CARD.findall(inside)}
        assert written <= shown | board | mine
