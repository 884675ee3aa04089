"""The showdown on the browser table (issue 22), in Chromium: the page is fed
the real stream of an engine hand (holdem.views.streams with the extras the
server turns on) through a stand-in WebSocket, so that a three-way all-in
with a side pot is shown exactly as the server would send it to one seat.

R6.4: the hands still in are face up before the run-out, with their all-in
equity as the board comes; R7.3: the main pot and the side pot are shown
apart, as the engine names them; R6.1: the winner, the winning hand's name
and its five cards are marked, and the pot does not read 0 afterwards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import require, require_chromium

require("starlette", "the server extra: pip install -e '.[server]'")
require("uvicorn", "the server extra: pip install -e '.[server]'")
sync_api = require("playwright.sync_api", "the browser extra: pip install -e '.[browser]'")
CHROMIUM = require_chromium()

from browser_page import TIMEOUT_MS, card_codes, open_page  # noqa: E402
from server_process import ServerProcess  # noqa: E402

from holdem import Hand, TableConfig  # noqa: E402
from holdem.engine.betting import Action, Kind  # noqa: E402
from holdem.views.streams import TableStream  # noqa: E402

FAKE_SOCKET = """
window.__sent = [];
class FakeSocket {
  constructor(url) {
    this.readyState = 1; window.__ws = this;
    setTimeout(() => this.onopen && this.onopen(), 0);
  }
  send(text) { window.__sent.push(JSON.parse(text)); }
  close() {}
}
FakeSocket.OPEN = 1;
window.WebSocket = FakeSocket;
"""

SEATS = [2, 4, 5]
NAMES = ["Bob", "Ann", "Cid"]
ME = 4


def _stream() -> list[dict[str, Any]]:
    """Ann's stream of a three-way all-in: Bob 100 (aces), Ann 300 (kings),
    Cid 500 (7c8c), a board that makes Cid a full house."""
    hand = Hand(
        TableConfig(stacks=[100, 300, 500], small_blind=5, big_blind=10, names=NAMES),
        hole_cards=["AhAs", "KdKc", "7c8c"],
        board="7h2h8s7s9s",
    )
    stream = TableStream(extras=True)
    stream.begin_hand(hand, SEATS)
    while (legal := hand.legal_actions()) is not None:
        if legal.max_raise_to is not None:
            hand.act(legal.seat, Action(Kind.RAISE, legal.max_raise_to))
        else:
            hand.act(legal.seat, Action(Kind.CALL))
        stream.sync(hand)
    return stream.since(ME, 0)[1]


def _welcome() -> dict[str, Any]:
    seats: list[dict[str, Any] | None] = [None] * 6
    for seat, name, stack in zip(SEATS, NAMES, (100, 300, 500)):
        seats[seat] = {"name": name, "stack": stack, "bot": False, "out": False}
    settings = {"size": 6, "small_blind": 5, "big_blind": 10, "buy_in": 200}
    settings.update({"decision_seconds": 30, "max_runs": 1, "rake": None})
    return {
        "type": "welcome",
        "table": 0,
        "tables": 1,
        "seat": ME,
        "seats": seats,
        "last": 0,
        "settings": settings,
        "decision": None,
        "clock_left": None,
    }


def _feed(page: Any, message: dict[str, Any]) -> None:
    page.evaluate("m => window.__ws.onmessage({data: m})", json.dumps(message))


def _events(events: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "events", "reset": False, "events": events}


def test_r6_4_r7_3_all_in_showdown_on_the_page(tmp_path: Path) -> None:
    events = _stream()
    kinds = [e["t"] for e in events]
    before_flop = kinds.index("board")
    # The other seats' cards reach Ann only in the `allin` turn-up (R6.4).
    assert all("c" not in e for e in events if e["t"] == "deal" and e["s"] != ME)
    with ServerProcess("--bots", "0") as server:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            try:
                page, errors = open_page(browser)
                page.add_init_script(FAKE_SOCKET)
                page.goto(server.url, timeout=TIMEOUT_MS)
                page.wait_for_function(
                    "() => window.__ws && window.__sent.length", timeout=TIMEOUT_MS
                )
                _feed(page, _welcome())
                _feed(page, _events(events[:before_flop]))
                # Before the run-out: every hand face up, the equities, the pots apart.
                assert card_codes(page, "#board .card[data-card]") == []
                assert card_codes(page, '.seat[data-seat="2"] .card[data-card]') == ["Ah", "As"]
                assert card_codes(page, '.seat[data-seat="4"] .card[data-card]') == ["Kd", "Kc"]
                assert card_codes(page, '.seat[data-seat="5"] .card[data-card]') == ["7c", "8c"]
                preflop = next(e for e in events if e["t"] == "equity")
                for seat, eq in zip(preflop["s"], preflop["eq"]):
                    badge = page.locator(f'.seat[data-seat="{seat}"] .equity').inner_text()
                    assert badge == f"{100 * eq:.1f}%"
                assert page.locator("#pots .pot-chip").all_inner_texts() == [
                    "Main pot 300",
                    "Side pot 1 400",
                ]
                assert page.locator("#pot-total").inner_text() == "700"
                history = page.locator("#history li").all_inner_texts()
                assert "All-in: Bob A♥ A♠, Ann K♦ K♣, Cid 7♣ 8♣" in history
                shares = ", ".join(f"{n} {100 * e:.1f}%" for n, e in zip(NAMES, preflop["eq"]))
                assert f"Equity: {shares} (estimated)" in history
                # The flop comes: the equities follow it.
                flop_equity = kinds.index("equity", before_flop)
                _feed(page, _events(events[before_flop : flop_equity + 1]))
                assert len(card_codes(page, "#board .card[data-card]")) == 3
                flop = events[flop_equity]
                badge = page.locator('.seat[data-seat="5"] .equity').inner_text()
                assert badge == f"{100 * flop['eq'][2]:.1f}%"
                page.screenshot(path=str(tmp_path / "allin.png"))
                # The rest: the showdown.
                _feed(page, _events(events[flop_equity + 1 :]))
                page.wait_for_function(
                    "() => document.getElementById('street').textContent === 'hand over'",
                    timeout=TIMEOUT_MS,
                )
                assert page.locator(".seat.winner").count() == 1
                assert page.locator(".seat.winner").get_attribute("data-seat") == "5"
                assert page.locator(".seat .equity").count() == 0
                best = card_codes(page, ".card.best")
                assert sorted(best) == sorted(["7h", "8s", "7s", "7c", "8c"])
                assert sorted(card_codes(page, "#board .card.dim")) == ["2h", "9s"]
                name = "full house, sevens full of eights"
                assert page.locator('.seat[data-seat="5"] .hand-name').inner_text() == name
                assert page.locator('.seat[data-seat="5"] .last').inner_text() == "wins 700"
                assert page.locator("#result").inner_text() == f"Cid wins 700 with {name}"
                assert page.locator('.seat[data-seat="2"] .hand-name').inner_text() == (
                    "two pair, aces and sevens"
                )
                assert page.locator('.seat[data-seat="2"] .last').inner_text() == ""
                assert page.locator("#pots .pot-chip.won").all_inner_texts() == [
                    "Main pot 300 → Cid",
                    "Side pot 1 400 → Cid",
                ]
                assert page.locator("#pot-total").inner_text() == "700"  # not 0
                assert page.locator("#pot-total").get_attribute("data-middle") == "0"
                stacks = page.locator(".seat .stack").all_inner_texts()
                assert [s for s in stacks if s] == ["0", "0", "900"]
                wins = page.locator("#history li.win").all_inner_texts()
                assert wins == [
                    f"Cid wins the main pot (300) with {name}",
                    f"Cid wins the side pot 1 (400) with {name}",
                ]
                page.screenshot(path=str(tmp_path / "showdown.png"))
                page.set_viewport_size({"width": 390, "height": 844})
                page.screenshot(path=str(tmp_path / "showdown-phone.png"), full_page=True)
                assert errors == []
            finally:
                browser.close()
