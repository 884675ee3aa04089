"""The browser table in a real browser: Playwright drives Chromium against a
`holdem serve` process, plays a hand against the bots by clicking, and checks
what the page shows against the engine's saved state."""

from __future__ import annotations

import re
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

from conftest import require, require_chromium

require("starlette", "the server extra: pip install -e '.[server]'")
require("uvicorn", "the server extra: pip install -e '.[server]'")
sync_api = require("playwright.sync_api", "the browser extra: pip install -e '.[browser]'")
CHROMIUM = require_chromium()

from browser_page import TIMEOUT_MS, card_codes, open_page, saved_table, sit_down  # noqa: E402
from server_process import ServerProcess  # noqa: E402

from holdem.engine import snapshot  # noqa: E402
from holdem.views.abstraction import Abstraction  # noqa: E402

STACK, BOTS = 200, 3


def _check_against_engine(page: Any, state: Path, me: int) -> bool:
    """At my turn nothing moves: the page must show the engine's cards, chips
    and options. True when a bet or raise was possible (its sizing checked)."""
    data = saved_table(state)
    hand = data["table"]["hand"]
    names = hand["config"]["names"]
    table_seat = {p["name"]: p["seat"] for p in data["players"]}
    mine = names.index("Ann")
    shown = card_codes(page, ".seat.me .card[data-card]")
    assert shown == hand["hole_cards"][mine]
    board = card_codes(page, "#board .card[data-card]")
    assert board == hand["state"]["board"]
    pot = sum(hand["state"]["contributions"]) + hand["state"]["dead_money"]
    assert page.locator("#pot-total").inner_text().replace(",", "") == str(pot)
    for i, name in enumerate(names):
        seat = table_seat[name]
        stack = page.locator(f'.seat[data-seat="{seat}"] .stack').inner_text()
        assert stack.replace(",", "") == str(hand["state"]["stacks"][i])
    # Only my cards are face up before a showdown.
    assert page.locator(f'.seat:not([data-seat="{me}"]) .card[data-card]').count() == 0
    # The buttons are the engine's legal options (R3), and my clock runs.
    legal = snapshot.restore(hand).legal_actions()
    assert legal is not None and legal.seat == mine
    call = "Check" if legal.can_check else f"Call {legal.call}"
    assert page.locator("#check").inner_text() == call
    assert page.locator("#fold").is_disabled() == (not legal.can_fold)
    if legal.min_raise_to is not None:
        word = "Bet" if legal.raise_word == "bet" else "Raise to"
        if legal.min_raise_to == legal.max_raise_to:
            word = "All-in"
        assert page.locator("#raise").inner_text() == f"{word} {legal.min_raise_to}"
        assert page.locator("#slider").get_attribute("min") == str(legal.min_raise_to)
        assert page.locator("#slider").get_attribute("max") == str(legal.max_raise_to)
        # Pot-fraction shortcuts: the amounts of holdem.views.abstraction's buttons.
        restored = snapshot.restore(hand)
        buttons = Abstraction([Fraction(1, 2), Fraction(3, 4), 1])
        amounts = buttons.amounts(legal, restored.pot_total, restored.current_bet)
        assert amounts is not None
        for frac, amount in zip(("0.5", "0.75", "1", "all"), amounts[1:]):
            page.click(f'.shortcuts button[data-frac="{frac}"]')
            assert page.locator("#amount").input_value() == str(amount)
        assert page.locator("#raise").inner_text() == f"All-in {legal.max_raise_to}"
    assert page.locator(".seat.me .clock").count() == 1
    return legal.min_raise_to is not None


def test_play_a_hand_by_clicking(tmp_path: Path) -> None:
    state = tmp_path / "state"
    args = ("--bots", str(BOTS), "--bot-delay", "0.05", "--decision-seconds", "60")
    with ServerProcess(*args, "--state-dir", str(state)) as server:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            try:
                page, errors = open_page(browser)
                sit_down(page, server.url)
                me = int(page.locator(".seat.me").get_attribute("data-seat") or "-1")
                assert me == BOTS  # the first free seat
                clicks = sized = 0
                while True:
                    page.wait_for_function(
                        "() => !document.getElementById('actions').hidden"
                        " || document.querySelector('#history li.win')",
                        timeout=TIMEOUT_MS,
                    )
                    if page.locator("#history li.win").count():
                        break
                    sized += _check_against_engine(page, state, me)
                    if clicks == 0:
                        page.screenshot(path=str(tmp_path / "table.png"))
                    _click_and_wait(page, "#check")
                    clicks += 1
                assert clicks >= 1 and sized >= 1
                history = page.locator("#history li").all_inner_texts()
                assert any(line.startswith("Hand #1") for line in history)
                assert any(line.startswith("Ann ") for line in history)  # my clicks
                # No chip created or lost on the page: stacks plus the pot.
                total = page.evaluate(
                    "() => [...document.querySelectorAll('.seat .stack')]"
                    ".reduce((a, e) => a + Number(e.textContent.replace(/,/g, '') || 0), 0)"
                    " + Number(document.getElementById('pot-total').dataset.middle)"
                )
                # Every buy-in is a "sits at seat" line (a busted stack is bought back in).
                buy_ins = page.locator("#history li", has_text=" sits at seat ").count()
                assert buy_ins >= BOTS + 1
                assert total == STACK * buy_ins
                assert errors == []
                assert (tmp_path / "table.png").stat().st_size > 10_000
            finally:
                browser.close()


def _click_and_wait(page: Any, button: str) -> None:
    """Click an action button, then wait until the page has taken the action:
    my buttons are gone, or they are for a later decision (the bots may act
    before the page is looked at again)."""
    decision = page.locator("#actions").get_attribute("data-d")
    page.click(button)
    page.wait_for_function(
        "d => document.getElementById('actions').hidden"
        " || document.getElementById('actions').dataset.d !== d",
        arg=decision,
        timeout=TIMEOUT_MS,
    )


def _seconds_left(page: Any) -> int:
    """The seconds the page says I have left ("Your turn — 57 s")."""
    page.wait_for_function(
        "() => /Your turn/.test(document.getElementById('message').textContent)",
        timeout=TIMEOUT_MS,
    )
    found = re.search(r"(\d+) s", page.locator("#message").inner_text())
    assert found is not None
    return int(found.group(1))


def _wait_turn_or_win(page: Any) -> None:
    page.wait_for_function(
        "() => !document.getElementById('actions').hidden"
        " || document.querySelector('#history li.win')",
        timeout=TIMEOUT_MS,
    )


def test_the_page_lives_through_a_kill_9(tmp_path: Path) -> None:
    """Crash recovery seen from the page: the server is killed on the flop and
    started again; the page reconnects by itself and shows the same hand once
    (the replayed hand does not write the history twice), the engine's cards
    and chips, and the hand finishes with no chip created or lost."""
    state = tmp_path / "state"
    args = ("--bots", str(BOTS), "--bot-delay", "0.05", "--decision-seconds", "60")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page, errors = open_page(browser)
            with ServerProcess(*args, "--state-dir", str(state)) as server:
                sit_down(page, server.url)
                for _ in range(40):  # check or call until a hand of mine reaches the flop
                    page.wait_for_function(
                        "() => !document.getElementById('actions').hidden", timeout=TIMEOUT_MS
                    )
                    if page.locator("#board .card[data-card]").count() >= 3:
                        break
                    _click_and_wait(page, "#check")
                else:
                    raise AssertionError("no hand of mine reached the flop")
                # A reload in the middle of my decision: the clock goes on
                # from what is left, it does not start again.
                time.sleep(2.5)
                page.reload()
                page.wait_for_function(
                    "() => !document.getElementById('actions').hidden", timeout=TIMEOUT_MS
                )
                assert _seconds_left(page) <= 58
                number = saved_table(state)["table"]["hands_played"] + 1
                mine = card_codes(page, ".seat.me .card[data-card]")
                server.kill()
            page.wait_for_function(
                "() => document.getElementById('status').textContent !== 'connected'",
                timeout=TIMEOUT_MS,
            )
            with ServerProcess(*args, "--state-dir", str(state), port=server.port):
                page.wait_for_function(
                    "() => document.getElementById('status').textContent === 'connected'"
                    " && !document.getElementById('actions').hidden",
                    timeout=TIMEOUT_MS,
                )
                me = int(page.locator(".seat.me").get_attribute("data-seat") or "-1")
                assert me == BOTS
                lines = page.locator("#history li.hand").all_inner_texts()
                assert [line.split(" ")[1] for line in lines].count(f"#{number}") == 1
                _check_against_engine(page, state, me)
                assert card_codes(page, ".seat.me .card[data-card]") == mine
                for _ in range(10):
                    _click_and_wait(page, "#check")
                    _wait_turn_or_win(page)
                    if page.locator("#history li.win").count():
                        break
                else:
                    raise AssertionError("the hand did not end")
                total = page.evaluate(
                    "() => [...document.querySelectorAll('.seat .stack')]"
                    ".reduce((a, e) => a + Number(e.textContent.replace(/,/g, '') || 0), 0)"
                    " + Number(document.getElementById('pot-total').dataset.middle)"
                )
                data = saved_table(state)
                chips = sum(s["stack"] for s in data["table"]["seats"] if s)
                if data["table"]["hand"] is not None:  # the next hand already began
                    hand = data["table"]["hand"]
                    chips = sum(hand["config"]["stacks"]) + sum(
                        s["stack"]
                        for i, s in enumerate(data["table"]["seats"])
                        if s and i not in data["table"]["hand_seats"]
                    )
                assert total == chips
            assert errors == []
        finally:
            browser.close()
