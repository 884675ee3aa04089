"""The readable hand history (holdem.views.history.format_history), full and per seat: no
secret appears before it is public (R6.3, R6.4; issue 10 section 6)."""

from __future__ import annotations

import operator
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import play_random_hand, seeds, table_configs

from holdem import Hand, HoldemError, IllegalActionError, TableConfig
from holdem.engine.events import Mucked, Shown
from holdem.scenarios.scenario import load_scenario, run_scenario
from holdem.views.history import format_history

SEEDS = Path(__file__).resolve().parents[2] / "scenarios" / "seeds"


def history(name: str) -> str:
    result = run_scenario(load_scenario(SEEDS / name))
    assert result.passed, result.failures
    return format_history(result.hand)


def test_example_e_history() -> None:
    assert history("seed002_example_e_folded_raiser.toml").splitlines() == [
        "No-limit hold'em, blinds 50/100, 4 players",
        "Seat 0: Tiya, 1,500 (button)",
        "Seat 1: Ahmose, 4,000 (small blind)",
        "Seat 2: Nefertari, 9,000 (big blind)",
        "Seat 3: Ramses, 10,000",
        "Ahmose posts the small blind, 50",
        "Nefertari posts the big blind, 100",
        "*** Preflop ***",
        "Ramses raises to 300",
        "Tiya raises to 1,500, all-in",
        "Ahmose raises to 4,000, all-in",
        "Nefertari calls 3,900",
        "Ramses folds",
        "All-in equity (Monte Carlo, 2,000 samples, seed 0): Tiya 62.95%, Ahmose 18.18%, Nefertari 18.88%",
        "*** Flop: 9s 5h 2d *** (no betting: run out, R5.3)",
        "*** Turn: 9s 5h 2d Kc *** (no betting: run out, R5.3)",
        "*** River: 9s 5h 2d Kc 7s *** (no betting: run out, R5.3)",
        "*** Showdown ***",
        "Ahmose shows As Qc: high card, ace-high",
        "Nefertari shows Ad Qh: high card, ace-high",
        "Tiya shows 9c 9d: three of a kind, nines",
        "*** Pots ***",
        "Main pot 4,800, eligible: Tiya, Ahmose, Nefertari",
        "  Tiya wins the main pot, 4,800",
        "Side pot 1 5,000, eligible: Ahmose, Nefertari",
        "  Ahmose and Nefertari split side pot 1, 2,500 each",
        "*** Result ***",
        "Tiya: 4,800 (+3,300)",
        "Ahmose: 2,500 (-1,500)",
        "Nefertari: 7,500 (-1,500)",
        "Ramses: 9,700 (-300)",
    ]


def test_mucked_hand_has_its_category_and_eliminations() -> None:
    result = run_scenario(load_scenario(SEEDS.parent / "showdown" / "kicker_decides.toml"))
    lines = format_history(result.hand).splitlines()
    assert lines[lines.index("*** Showdown ***") + 1 :][:2] == [
        "S2 shows Ah 4c: pair, kings",
        "S1 mucks",
    ]
    text = history("seed002_short_all_in_no_reopen.toml")
    assert "Ramses bets 1,000" in text
    assert "Nefertari raises to 1,400, all-in" in text
    assert "Tiya calls 1,400" in text
    text = history("seed000_example_c_two_side_pots.toml")
    assert "Eliminated, best finish first (R9.1): Davíð; Bjarni" in text


def test_odd_chips_and_antes() -> None:
    text = history("seed002_example_f_odd_chips_3350.toml")
    assert (
        "Nefertari, Ramses and Tiya split the main pot, 3,350: Nefertari 1,117, "
        "Ramses 1,117, Tiya 1,116" in text
    )
    text = history("seed000_example_b_eva_dead_money.toml")
    assert text.splitlines()[0] == "No-limit hold'em, blinds 100/200, big blind ante 200, 4 players"
    assert "Eva posts the big blind ante, 200" in text
    assert "Eva folds" in text


# ------------------------------------------------- no secret before it is public
EQUITY = "All-in equity"


def _manual_all_in() -> Hand:
    config = TableConfig([1000, 1000, 1000], 50, 100, names=["Anna", "Bjarni", "Cara"])
    hand = Hand(
        config, hole_cards=["AsAh", "KsKh", "7c2d"], board="2c7d9hTs3s", show_policy="manual"
    )
    hand.all_in(0)
    hand.call(1)
    hand.fold(2)
    return hand


def test_no_equity_line_while_a_manual_showdown_is_pending() -> None:
    """Issue 10: the all-in equities were printed before any card was shown (R6.4)."""
    hand = _manual_all_in()
    assert hand.showdown_seat == 0
    full = format_history(hand)
    assert EQUITY not in full and "As" not in full and "Ks" not in full
    hand.show(0)
    assert EQUITY not in format_history(hand)  # Bjarni's kings are not shown yet
    assert "Anna shows As Ah: pair, aces" in format_history(hand)
    hand.show(1)
    assert hand.is_over
    assert (
        "All-in equity (exact, 1,712,304 boards): Anna 82.64%, Bjarni 17.36%"
        in format_history(hand).splitlines()
    )


def test_a_seat_history_has_its_own_cards_and_nobody_elses() -> None:
    hand = _manual_all_in()
    bjarni = format_history(hand, seat=1).splitlines()
    assert "Dealt to Bjarni: Ks Kh" in bjarni
    assert not any(line.startswith("Dealt to") and "Bjarni" not in line for line in bjarni)
    assert "As" not in "\n".join(bjarni) and "7c" not in "\n".join(bjarni)
    assert not any(line.startswith(EQUITY) for line in bjarni)
    hand.show(0)
    # Anna's cards are public now; with his own, Bjarni knows every live hand.
    bjarni = format_history(hand, seat=1)
    assert "Anna shows As Ah" in bjarni and f"{EQUITY} (exact" in bjarni
    cara = format_history(hand, seat=2)
    assert "Dealt to Cara: 7c 2d" in cara and EQUITY not in cara and "Ks" not in cara


def test_the_full_history_prints_no_dealt_cards() -> None:
    assert "Dealt to" not in format_history(_manual_all_in())


class _Seat:
    """An integer-like seat, as numpy's integers are (operator.index)."""

    def __index__(self) -> int:
        return 1


@pytest.mark.parametrize("seat", [True, -1, 3, "1", 1.0, [0]])
def test_a_bad_seat_is_refused(seat: object) -> None:
    with pytest.raises(HoldemError, match="no such seat"):
        format_history(_manual_all_in(), seat=seat)  # type: ignore[arg-type]


def test_an_integer_like_seat_is_read_with_operator_index() -> None:
    hand = _manual_all_in()
    assert operator.index(_Seat()) == 1
    assert format_history(hand, seat=_Seat()) == format_history(hand, seat=1)  # type: ignore[arg-type]


def _hidden_cards(hand: Hand, viewer: int | None) -> set[str]:
    shown = {e.seat for e in hand.log if isinstance(e, Shown)}
    return {
        card
        for seat in range(hand.config.seats)
        if seat != viewer and seat not in shown
        for card in hand.hole_cards(seat)
    }


def _check_no_secret(hand: Hand, equity: bool) -> None:
    shown = {e.seat for e in hand.log if isinstance(e, Shown)}
    for viewer in [None, *range(hand.config.seats)]:
        text = format_history(hand, seat=viewer, show_equity=equity)
        tokens = set(re.findall(r"\b[2-9TJQKA][cdhs]\b", text))
        assert not tokens & _hidden_cards(hand, viewer), (viewer, text)
        if EQUITY in text:
            live = [s for s in range(hand.config.seats) if not hand.folded[s]]
            assert all(s in shown or s == viewer for s in live), (viewer, text)


@settings(max_examples=60, deadline=None)
@given(table_configs(max_seats=6), seeds, st.data())
def test_no_history_shows_a_secret_at_any_moment(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """Random hands with a manual showdown: at every action and every show or muck, no
    history shows a hole card that its reader may not see (own cards; others only once
    shown, R6.3; mucked never), nor an equity line built on one."""
    hand = Hand(config, seed=seed, show_policy="manual")
    play_random_hand(data, hand, after=lambda h, _s, _a: _check_no_secret(h, equity=False))
    while hand.showdown_seat is not None:
        _check_no_secret(hand, equity=True)
        seat = hand.showdown_seat
        if data.draw(st.booleans(), label="muck"):
            try:
                hand.muck(seat)
            except IllegalActionError:
                hand.show(seat)
        else:
            hand.show(seat)
    assert hand.is_over
    _check_no_secret(hand, equity=True)
    mucked = {e.seat for e in hand.log if isinstance(e, Mucked)}
    for seat in mucked:
        cards = set(hand.hole_cards(seat))
        for viewer in [None, *range(config.seats)]:
            if viewer != seat:
                text = format_history(hand, seat=viewer)
                assert not set(re.findall(r"\b[2-9TJQKA][cdhs]\b", text)) & cards


def test_control_characters_in_names_are_escaped_one_line_per_event() -> None:
    """A hostile hand file may name a player ``"x\\nSeat 0 wins 9,999"`` or put an
    escape sequence in a name: the history escapes them, so it cannot forge a line
    or drive the reader's terminal."""
    config = TableConfig(
        [1000, 1000, 1000], 5, 10, names=["a\nSeat 0 wins 9,999", "b\x1b[2J", "c"], button=2
    )
    hand = Hand(config, hole_cards=["AsAh", "KsKh", "QdJd"], board="2c7d9hTs3s")
    hand.all_in(2)
    hand.all_in(0)
    hand.all_in(1)
    text = format_history(hand)
    assert all(line.isprintable() for line in text.split("\n"))
    assert "Seat 0: a\\nSeat 0 wins 9,999, 1,000 (small blind)" in text
    assert "b\\x1b[2J posts the big blind, 10" in text
    assert "All-in equity (Monte Carlo, 2,000 samples, seed 0): a\\nSeat 0 wins 9,999 6" in text
    assert format_history(hand, seat=1).count("\n") == text.count("\n") + 1  # Dealt to
