"""The readable hand history (holdem.history.format_history)."""

from __future__ import annotations

from pathlib import Path

from holdem.history import format_history
from holdem.scenarios import load_scenario, run_scenario

SEEDS = Path(__file__).resolve().parent.parent / "scenarios" / "seeds"


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
