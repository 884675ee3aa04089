"""The browser table as a player judges it (issue 22), in Chromium driven by
Playwright against a `holdem serve` process: the page fits a phone and a
desktop, the betting controls refuse what the server would, the keyboard
works, the buttons and the clock stop while the server is away, sitting out
and coming back, leaving in the middle of a hand, the lobby and choosing a seat."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

from conftest import require, require_chromium

require("starlette", "the server extra: pip install -e '.[server]'")
require("uvicorn", "the server extra: pip install -e '.[server]'")
sync_api = require("playwright.sync_api", "the browser extra: pip install -e '.[browser]'")
CHROMIUM = require_chromium()

from browser_page import TIMEOUT_MS, card_codes, open_page, sit_down  # noqa: E402
from server_process import ServerProcess  # noqa: E402

FAST = ("--bot-delay", "0.05", "--between-hands", "0.3")
SIZES = ((390, 844), (1280, 800), (360, 740), (1920, 1080))

LAYOUT = """() => {
  const w = innerWidth, out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > w) out.push(`page ${doc.scrollWidth} px wide`);
  const header = document.querySelector('header').getBoundingClientRect();
  for (const el of document.querySelectorAll('button, input, select')) {
    if (!el.offsetParent) continue;  // not shown
    const r = el.getBoundingClientRect();
    if (r.left < 0 || r.right > w + 0.5) out.push(`${el.id || el.textContent}: ${r.left}..${r.right}`);
  }
  for (const el of document.querySelectorAll('.seat')) {
    const r = el.getBoundingClientRect();
    if (r.left < 0 || r.right > w + 0.5) out.push(`seat ${el.dataset.seat}: ${r.left}..${r.right}`);
    if (r.top < header.bottom) out.push(`seat ${el.dataset.seat} overlaps the header`);
  }
  for (const el of document.querySelectorAll('#board .card')) {
    const r = el.getBoundingClientRect();
    if (r.left < 0 || r.right > w + 0.5) out.push(`a board slot: ${r.left}..${r.right}`);
  }
  return out;
}"""


def _browser(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


def _my_turn(page: Any) -> None:
    page.wait_for_function("() => !document.getElementById('actions').hidden", timeout=TIMEOUT_MS)


def _decision(page: Any) -> str:
    return str(page.locator("#actions").get_attribute("data-d"))


def _acted(page: Any, decision: str) -> None:
    """Wait until the page has taken my action on ``decision``."""
    page.wait_for_function(
        "d => document.getElementById('actions').hidden"
        " || document.getElementById('actions').dataset.d !== d",
        arg=decision,
        timeout=TIMEOUT_MS,
    )


def _lines(page: Any, start: str) -> list[str]:
    return [x for x in page.locator("#history li").all_inner_texts() if x.startswith(start)]


def test_the_page_fits_phones_and_desktops(tmp_path: Path) -> None:
    """390x844 and 1280x800 (and 360 and 1920 wide): no horizontal scrolling,
    every button and box within the screen, every seat and board slot on it,
    no seat under the header; the action buttons are there to press."""
    with ServerProcess("--bots", "5", *FAST, "--decision-seconds", "120") as server:
        with sync_api.sync_playwright() as playwright:
            browser = _browser(playwright)
            try:
                page, errors = open_page(browser)
                sit_down(page, server.url)
                _my_turn(page)
                for width, height in SIZES:
                    page.set_viewport_size({"width": width, "height": height})
                    page.wait_for_timeout(150)
                    assert page.evaluate(LAYOUT) == [], (width, height)
                    for control in ("#fold", "#check", "#raise", "#amount", "#leave"):
                        assert page.locator(control).is_visible(), (control, width)
                    if width >= 1280:  # a desktop: the actions in sight without scrolling
                        bottom = page.evaluate(
                            "() => document.getElementById('amount').getBoundingClientRect().bottom"
                        )
                        assert bottom <= height, (width, height, bottom)
                    assert page.locator(".seat").count() == 6
                    page.screenshot(path=str(tmp_path / f"table-{width}.png"), full_page=True)
                assert errors == []
            finally:
                browser.close()


def test_a_typed_amount_below_the_minimum_is_refused_and_keys_play() -> None:
    """R3.3: an amount under the minimum raise (or not whole) is refused on the
    page: the button is disabled, says what was typed and nothing is sent
    (Enter neither). The big-blind multiples set 2x, 2.5x, 3x the big blind
    preflop. Keys: R goes to the amount box, Enter raises what it holds, C
    checks or calls, F folds."""
    args = ("--bots", "3", *FAST, "--decision-seconds", "120")
    with ServerProcess(*args) as server:
        with sync_api.sync_playwright() as playwright:
            browser = _browser(playwright)
            try:
                page, errors = open_page(browser)
                sit_down(page, server.url)
                for _ in range(30):  # a preflop turn where I may raise
                    _my_turn(page)
                    preflop = page.locator("#board .card[data-card]").count() == 0
                    if preflop and page.locator("#sizing").is_visible():
                        break
                    decision = _decision(page)
                    page.keyboard.press("c")
                    _acted(page, decision)
                else:
                    raise AssertionError("no preflop raise for me")
                decision = _decision(page)
                low = int(page.locator("#slider").get_attribute("min") or "0")
                high = int(page.locator("#slider").get_attribute("max") or "0")
                word = page.locator("#raise").inner_text().rsplit(" ", 1)[0]
                for typed, why in ((low - 1, f"At least {low}"), ("4.5", "whole number")):
                    page.fill("#amount", str(typed))
                    assert page.locator("#raise").is_disabled()
                    assert page.locator("#raise").inner_text() == f"{word} {typed}"
                    page.wait_for_function(
                        "w => document.getElementById('message').textContent.includes(w)",
                        arg=why,
                        timeout=TIMEOUT_MS,
                    )
                    page.locator("#amount").press("Enter")
                    page.wait_for_timeout(400)
                    assert _decision(page) == decision and page.locator("#actions").is_visible()
                assert _lines(page, "Ann raise") == [] and _lines(page, "Ann bet") == []
                for k, to in (("2", 4), ("2.5", 5), ("3", 6)):
                    button = page.locator(f'.shortcuts button[data-bb="{k}"]')
                    assert button.is_visible()
                    if low <= to <= high:
                        button.click()
                        assert page.locator("#amount").input_value() == str(to)
                    else:
                        assert button.is_disabled()
                page.keyboard.press("r")
                assert page.evaluate("() => document.activeElement.id") == "amount"
                page.fill("#amount", str(low))
                assert not page.locator("#raise").is_disabled()
                page.keyboard.press("Enter")
                _acted(page, decision)
                page.wait_for_function(
                    "() => [...document.querySelectorAll('#history li')]"
                    ".some(li => /^Ann (raise|bet) /.test(li.textContent))",
                    timeout=TIMEOUT_MS,
                )
                raised = _lines(page, "Ann raise") + _lines(page, "Ann bet")
                assert raised[0].split(" ")[2] == str(low)
                used = set()
                for _ in range(60):  # then C and F, as the turns come
                    _my_turn(page)
                    decision = _decision(page)
                    key = "f" if "c" in used and not page.locator("#fold").is_disabled() else "c"
                    before = len(_acts(page))
                    page.keyboard.press(key)
                    _acted(page, decision)
                    page.wait_for_function(
                        "n => [...document.querySelectorAll('#history li')]"
                        ".filter(li => /^Ann (check|call|fold|bet|raise)/.test(li.textContent))"
                        ".length > n",
                        arg=before,
                        timeout=TIMEOUT_MS,
                    )
                    last = _acts(page)[-1]
                    if key == "c":
                        assert last.split(" ")[1] in ("check", "call"), last
                    else:
                        assert last == "Ann fold"
                    used.add(key)
                    if used == {"c", "f"}:
                        break
                assert used == {"c", "f"}
                assert errors == []
            finally:
                browser.close()


def test_the_buttons_and_the_clock_stop_while_the_server_is_down() -> None:
    with sync_api.sync_playwright() as playwright:
        browser = _browser(playwright)
        try:
            page, errors = open_page(browser)
            with ServerProcess("--bots", "3", *FAST, "--decision-seconds", "60") as server:
                sit_down(page, server.url)
                _my_turn(page)
                server.kill()
            page.wait_for_function(
                "() => document.getElementById('status').textContent !== 'connected'",
                timeout=TIMEOUT_MS,
            )
            for button in ("#fold", "#check", "#raise"):
                assert page.locator(button).is_disabled(), button
            assert "Connection lost" in page.locator("#message").inner_text()
            width = page.locator(".seat.turn .clock i").evaluate("e => e.style.width")
            page.wait_for_timeout(1500)
            assert page.locator(".seat.turn .clock i").evaluate("e => e.style.width") == width
            assert "Connection lost" in page.locator("#message").inner_text()
            assert errors == []
        finally:
            browser.close()


def test_r14_sit_out_next_hand_and_come_back() -> None:
    """R14.1, R14.2: "Sit out next hand" lets the hand in play finish, then I
    sit out (the seat says so, "I'm back" is offered); "I'm back" deals me in again."""
    with ServerProcess("--bots", "3", *FAST, "--decision-seconds", "60") as server:
        with sync_api.sync_playwright() as playwright:
            browser = _browser(playwright)
            try:
                page, errors = open_page(browser)
                sit_down(page, server.url)
                _my_turn(page)
                page.check("#sit-out-next")
                page.wait_for_function(
                    "() => [...document.querySelectorAll('#history li')]"
                    ".some(li => li.textContent === 'Ann sits out')"
                    " || (!document.getElementById('actions').hidden"
                    "     && !document.getElementById('fold').disabled)",
                    timeout=TIMEOUT_MS,
                )
                for _ in range(20):  # fold the hand in play out
                    if _lines(page, "Ann sits out"):
                        break
                    if page.locator("#actions").is_visible():
                        decision = _decision(page)
                        page.keyboard.press("f" if not page.locator("#fold").is_disabled() else "c")
                        _acted(page, decision)
                    page.wait_for_timeout(200)
                page.wait_for_function(
                    "() => document.querySelector('.seat.me .last').textContent === 'sitting out'",
                    timeout=TIMEOUT_MS,
                )
                assert page.locator("#back").is_visible()
                assert not page.locator("#sit-out-next").is_checked()
                hands = len(_lines(page, "Hand #"))
                page.wait_for_timeout(800)  # nobody plays: the only person sits out
                assert len(_lines(page, "Hand #")) == hands
                page.click("#back")
                _my_turn(page)
                assert _lines(page, "Ann is back")
                assert page.locator("#back").is_hidden()
                assert errors == []
            finally:
                browser.close()


def test_leaving_in_the_middle_of_a_hand() -> None:
    """No "Take a seat" while the hand plays on for the leaver; once gone, the
    empty seat shows neither their cards nor what they won."""
    with ServerProcess("--bots", "3", *FAST, "--decision-seconds", "60") as server:
        with sync_api.sync_playwright() as playwright:
            browser = _browser(playwright)
            try:
                page, errors = open_page(browser)
                sit_down(page, server.url)
                _my_turn(page)
                me = page.locator(".seat.me").get_attribute("data-seat")
                page.click("#leave")
                assert page.locator("#sit-form").is_hidden()
                assert page.locator(".seat.free").count() == 0  # no seat to click either
                page.wait_for_function(
                    "() => [...document.querySelectorAll('#history li')]"
                    ".some(li => li.textContent.startsWith('Ann leaves the table'))",
                    timeout=TIMEOUT_MS,
                )
                assert page.locator("#sit-form").is_visible()
                seat = page.locator(f'.seat[data-seat="{me}"]')
                assert seat.get_attribute("class") == "seat empty free"
                assert seat.locator(".card").count() == 0
                assert seat.locator(".last").inner_text() == ""
                assert errors == []
            finally:
                browser.close()


def test_the_lobby_and_choosing_a_seat() -> None:
    """``GET /tables`` (the lobby): stakes, buy-in, seats taken, waiting
    players; a table is chosen in the lobby and a seat by clicking it, and
    "Seated: you are dealt in from the next hand" stays until I am."""
    args = ("--tables", "2", "--bots", "2", *FAST, "--decision-seconds", "60")
    with ServerProcess(*args) as server:
        with urllib.request.urlopen(server.url + "tables", timeout=10) as answer:
            tables = json.load(answer)
        assert [t["table"] for t in tables] == [0, 1]
        first = tables[0]
        assert (first["small_blind"], first["big_blind"], first["size"]) == (1, 2, 6)
        assert (first["min_buy_in"], first["max_buy_in"]) == (40, 200)
        assert (first["taken"], first["people"], first["waiting"], first["hand"]) == (2, 0, 0, 0)
        assert len(first["seats"]) == 6
        with sync_api.sync_playwright() as playwright:
            browser = _browser(playwright)
            try:
                page, errors = open_page(browser)
                page.goto(server.url, timeout=TIMEOUT_MS)
                page.click("#lobby-toggle")
                page.wait_for_selector("#lobby tr.row", timeout=TIMEOUT_MS)
                rows = page.locator("#lobby tr.row").all_inner_texts()
                assert len(rows) == 2
                assert rows[1].split("\t")[:4] == ["#2", "1/2", "40–200", "2/6"]
                page.click('#lobby tr.row[data-table="1"]')
                page.wait_for_url("**/?table=1", timeout=TIMEOUT_MS)
                page.wait_for_selector(".seat.free", timeout=TIMEOUT_MS)
                page.click('.seat[data-seat="4"]')  # no name yet: asked for one
                assert "Type your name" in page.locator("#message").inner_text()
                page.fill("#name", "Ann")
                page.click('.seat[data-seat="4"]')
                page.wait_for_selector('.seat.me[data-seat="4"]', timeout=TIMEOUT_MS)
                started = time.monotonic()
                text = page.locator("#message").inner_text()
                assert text == "Seated — you are dealt in from the next hand."
                page.wait_for_timeout(150)
                assert page.locator("#message").inner_text() == text or _lines(page, "Hand #")
                assert time.monotonic() - started < 60
                with urllib.request.urlopen(server.url + "tables", timeout=10) as answer:
                    second = json.load(answer)[1]
                assert second["taken"] == 3 and second["people"] == 1
                assert second["seats"][4]["name"] == "Ann"
                assert errors == []
            finally:
                browser.close()


def test_r10_2_buy_in_top_up_and_asked_after_busting_on_the_page() -> None:
    """R10.2 on the page: the buy-in typed is refused outside the table's
    range and taken inside it; a top-up is added after the hand; after
    busting the page asks (no silent rebuy) and a new buy-in deals me in."""
    args = ("--seats", "2", "--bots", "1", "--min-buy-in", "40", *FAST)
    with ServerProcess(*args, "--decision-seconds", "60") as server:
        with sync_api.sync_playwright() as playwright:
            browser = _browser(playwright)
            try:
                page, errors = open_page(browser)
                page.goto(server.url, timeout=TIMEOUT_MS)
                page.wait_for_function(
                    "() => document.getElementById('buy-in').value === '200'", timeout=TIMEOUT_MS
                )
                page.fill("#name", "Ann")
                page.fill("#buy-in", "30")
                page.click("#sit")
                assert page.locator("#message").inner_text() == "A buy-in is 40 to 200 chips"
                page.wait_for_timeout(300)
                assert page.locator(".seat.me").count() == 0
                page.fill("#buy-in", "40")
                page.click("#sit")
                page.wait_for_selector(".seat.me", timeout=TIMEOUT_MS)
                assert _lines(page, "Ann sits at seat 2 with 40")
                _my_turn(page)
                page.fill("#top-up", "500")
                page.click("#top-up-go")
                assert page.locator("#message").inner_text().startswith("A top-up is 1 to 1")
                page.fill("#top-up", "10")
                page.click("#top-up-go")
                while True:  # fold or check this hand out; the top-up comes after it
                    decision = _decision(page)
                    page.keyboard.press("f" if not page.locator("#fold").is_disabled() else "c")
                    _acted(page, decision)
                    page.wait_for_function(
                        "() => !document.getElementById('actions').hidden"
                        " || [...document.querySelectorAll('#history li')]"
                        ".some(li => li.textContent.startsWith('Ann tops up 10 to '))",
                        timeout=TIMEOUT_MS,
                    )
                    if _lines(page, "Ann tops up 10 to "):
                        break
                busted = False
                for _ in range(80):  # all-in at every turn until busted
                    page.wait_for_function(
                        "() => !document.getElementById('actions').hidden"
                        " || !document.getElementById('rebuy-ask').hidden",
                        timeout=TIMEOUT_MS,
                    )
                    if page.locator("#rebuy-ask").is_visible():
                        busted = True
                        break
                    decision = _decision(page)
                    if page.locator("#sizing").is_visible():
                        page.click('.shortcuts button[data-frac="all"]')
                        page.click("#raise")
                    else:
                        page.click("#check")
                    _acted(page, decision)
                assert busted, "never busted"
                assert _lines(page, "Ann is out of chips")
                hands = len(_lines(page, "Hand #"))
                page.wait_for_timeout(800)
                assert len(_lines(page, "Hand #")) == hands  # not dealt in without chips
                assert page.locator("#back").is_hidden()
                page.fill("#rebuy-amount", "20")
                page.click("#rebuy-yes")
                assert page.locator("#message").inner_text() == "A buy-in is 40 to 200 chips"
                page.fill("#rebuy-amount", "60")
                page.click("#rebuy-yes")
                page.wait_for_function(
                    "() => [...document.querySelectorAll('#history li')]"
                    ".some(li => li.textContent === 'Ann sits at seat 2 with 60')",
                    timeout=TIMEOUT_MS,
                )
                assert page.locator("#rebuy-ask").is_hidden()
                _my_turn(page)
                assert errors == []
            finally:
                browser.close()


def test_a_time_bank_shown_to_everyone_and_a_timeout_in_one_line() -> None:
    """``--time-bank``: the seat to act shows its bank on every page (a
    spectator's too); once the decision's own time is spent the bank runs
    ("in use"); when it is spent too the timeout is one history line."""
    args = ("--bots", "3", *FAST, "--decision-seconds", "2", "--time-bank", "2")
    with ServerProcess(*args) as server:
        with sync_api.sync_playwright() as playwright:
            browser = _browser(playwright)
            try:
                page, errors = open_page(browser)
                watcher, watcher_errors = open_page(browser)
                watcher.goto(server.url, timeout=TIMEOUT_MS)
                sit_down(page, server.url)
                _my_turn(page)
                assert page.locator(".seat.me .bank").inner_text() == "bank 2 s"
                me = page.locator(".seat.me").get_attribute("data-seat")
                watcher.wait_for_function(
                    "s => { const b = document.querySelector"
                    "(`.seat.turn[data-seat='${s}'] .bank`); return b && /^bank /.test(b.textContent); }",
                    arg=me,
                    timeout=TIMEOUT_MS,
                )
                page.wait_for_function(
                    "() => /in use/.test(document.querySelector('.seat.me .bank')"
                    "?.textContent || '')",
                    timeout=TIMEOUT_MS,
                )
                page.wait_for_function(
                    "() => [...document.querySelectorAll('#history li')]"
                    ".some(li => li.textContent.startsWith('Ann ran out of time'))",
                    timeout=TIMEOUT_MS,
                )
                page.wait_for_timeout(300)
                lines = page.locator("#history li").all_inner_texts()
                out = next(i for i, x in enumerate(lines) if x.startswith("Ann ran out of time"))
                action = lines[out].rsplit(": ", 1)[1]
                assert action in ("check", "fold")
                assert f"Ann {action}" not in lines[out + 1 :]  # one line, not two
                assert errors == [] and watcher_errors == []
            finally:
                browser.close()


def _acts(page: Any) -> list[str]:
    """My action lines in the history (not my posts or seat changes)."""
    words = ("check", "call", "fold", "bet", "raise")
    return [x for x in _lines(page, "Ann ") if x.split(" ")[1] in words]


def test_pre_action_boxes_act_when_the_turn_comes() -> None:
    """Pre-actions: ticked while others act, "Call any" checks or calls and
    "Check/Fold" checks or folds as soon as my turn comes, without a click;
    each is used once. They are not offered on my own turn."""
    args = ("--bots", "3", "--bot-delay", "0.7", "--between-hands", "0.3")
    with ServerProcess(*args, "--decision-seconds", "60") as server:
        with sync_api.sync_playwright() as playwright:
            browser = _browser(playwright)
            try:
                page, errors = open_page(browser)
                sit_down(page, server.url)
                used: list[str] = []
                for _ in range(40):
                    page.wait_for_function(
                        "() => !document.getElementById('actions').hidden"
                        " || !document.getElementById('pre-actions').hidden",
                        timeout=TIMEOUT_MS,
                    )
                    if page.locator("#actions").is_visible():
                        assert page.locator("#pre-actions").is_hidden()
                        decision = _decision(page)
                        page.keyboard.press("c")
                        _acted(page, decision)
                        continue
                    pre = "callany" if not used else "checkfold"
                    before = len(_acts(page))
                    page.check(f'#pre-actions input[data-pre="{pre}"]')
                    page.wait_for_function(
                        "n => [...document.querySelectorAll('#history li')]"
                        ".filter(li => /^Ann (check|call|fold|bet|raise)/.test(li.textContent))"
                        ".length > n || document.getElementById('pre-actions').hidden",
                        arg=before,
                        timeout=TIMEOUT_MS,
                    )
                    if len(_acts(page)) == before:
                        continue  # the hand ended before my turn came
                    word = _acts(page)[before].split(" ")[1]
                    expected = ("check", "call") if pre == "callany" else ("check", "fold")
                    assert word in expected, (pre, word)
                    assert not page.locator(f'#pre-actions input[data-pre="{pre}"]').is_checked()
                    used.append(pre)
                    if len(used) == 2:
                        break
                assert used == ["callany", "checkfold"]
                assert errors == []
            finally:
                browser.close()


def test_the_history_outlives_a_reload() -> None:
    """The history panel keeps the hands played across a reload: the lines
    from before it come back in order, and a hand streamed again is not
    written twice."""
    with ServerProcess("--bots", "3", *FAST, "--decision-seconds", "60") as server:
        with sync_api.sync_playwright() as playwright:
            browser = _browser(playwright)
            try:
                page, errors = open_page(browser)
                sit_down(page, server.url)
                # Play (check or call) until a hand has ended. No wait for my own
                # turn: in the hand I am dealt I may be all-in, or bust, and not
                # be asked again.
                deadline = time.monotonic() + 120
                while not page.locator("#history li.win").count():
                    assert time.monotonic() < deadline, "no hand ended"
                    if not page.locator("#actions").is_hidden():
                        decision = _decision(page)
                        page.keyboard.press("c")
                        _acted(page, decision)
                    else:
                        page.wait_for_timeout(50)
                before = page.locator("#history li").all_inner_texts()
                page.reload()
                page.wait_for_function(
                    "n => document.getElementById('status').textContent === 'connected'"
                    " && document.querySelectorAll('#history li').length >= n",
                    arg=len(before),
                    timeout=TIMEOUT_MS,
                )
                after = page.locator("#history li").all_inner_texts()
                assert after[: len(before)] == before
                starts = [line.split(" ")[1] for line in after if line.startswith("Hand #")]
                assert len(starts) == len(set(starts)) >= 1
                assert errors == []
            finally:
                browser.close()


def test_r6_3_show_my_cards_after_folding() -> None:
    """After a hand I folded, "Show my cards" shows them to everyone (a
    watching page gets them); it is not offered once they are shown."""
    args = ("--seats", "2", "--bots", "1", "--bot-delay", "0.05", "--between-hands", "4")
    with ServerProcess(*args, "--decision-seconds", "60") as server:
        with sync_api.sync_playwright() as playwright:
            browser = _browser(playwright)
            try:
                page, errors = open_page(browser)
                watcher, watcher_errors = open_page(browser)
                watcher.goto(server.url, timeout=TIMEOUT_MS)
                sit_down(page, server.url)
                me = page.locator(".seat.me").get_attribute("data-seat")
                for _ in range(30):  # until a hand I fold
                    _my_turn(page)
                    decision = _decision(page)
                    folding = not page.locator("#fold").is_disabled()
                    page.keyboard.press("f" if folding else "c")
                    _acted(page, decision)
                    if folding:
                        break
                page.wait_for_function(
                    "() => !document.getElementById('reveal').hidden", timeout=TIMEOUT_MS
                )
                mine = page.evaluate("() => state.hand.cards[state.me]")
                assert watcher.locator(f'.seat[data-seat="{me}"] .card[data-card]').count() == 0
                page.click("#reveal")
                watcher.wait_for_function(
                    "s => document.querySelectorAll(`.seat[data-seat='${s}'] .card[data-card]`)"
                    ".length === 2",
                    arg=me,
                    timeout=TIMEOUT_MS,
                )
                shown = card_codes(watcher, f'.seat[data-seat="{me}"] .card[data-card]')
                assert shown == mine
                page.wait_for_function(
                    "() => document.getElementById('reveal').hidden", timeout=TIMEOUT_MS
                )
                assert errors == [] and watcher_errors == []
            finally:
                browser.close()
