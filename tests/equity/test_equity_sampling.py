"""Monte Carlo equity: the sampler draws unrestricted ("random") players from
what is left of the deck, exactly the conditional distribution given card
removal (checked against exact enumeration), so ten ``random`` players no
longer redraw colliding deals; ``samples`` is bounded; error lines never
echo a huge input in full (break-in test of the equity calculator)."""

from __future__ import annotations

import math
import sys

import pytest

from holdem.cli.command import main
from holdem.equity.allin import MAX_SAMPLES, EquityError, _finishing_orders, equity

# 4 board cards and 30 dead cards leave 18 cards: exact enumeration is cheap.
BOARD = "2c7d9hTs"
DEAD = "3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s8c8d8h8sJcJdJhJsQcQdQhQsAcAd"


def _dense(counts: dict[tuple[int, ...], int]) -> dict[tuple[int, ...], int]:
    out: dict[tuple[int, ...], int] = {}
    for key, count in counts.items():
        places = sorted(set(key))
        dense = tuple(places.index(v) for v in key)
        out[dense] = out.get(dense, 0) + count
    return out


def _chi_square(
    exact: dict[tuple[int, ...], int], total: int, sampled: dict[tuple[int, ...], int], n: int
) -> tuple[float, int]:
    """Pearson's statistic of ``sampled`` (``n`` deals) against ``exact`` and its
    degrees of freedom (finishing orders compared as dense places: 0, 0, 1)."""
    exact = _dense(exact)
    sampled = _dense(sampled)
    assert set(sampled) <= set(exact), "the sampler produced a finishing order no deal has"
    stat = 0.0
    for key, count in exact.items():
        expected = n * count / total
        stat += (sampled.get(key, 0) - expected) ** 2 / expected
    return stat, len(exact) - 1


@pytest.mark.parametrize(
    "hands",
    [
        ["random", "random", "KK", "AhAs"],  # unrestricted players beside a range and a hand
        ["random", "random", "KhKs"],  # unrestricted players beside a hand
        ["KK", "7s9s", "TT+"],  # no unrestricted player: rejection among the ranges
        ["random", "AK", "Kh9c"],  # a range overlapping the other hand
    ],
)
def test_monte_carlo_matches_the_exact_distribution(hands: list[str]) -> None:
    """Sampled finishing orders follow the exact conditional distribution given
    card removal: Pearson's chi-square against exact enumeration (fixed seed)
    stays under the 1-in-a-million tail of its degrees of freedom."""
    _, _, _, exact, total, _, _ = _finishing_orders(
        hands, BOARD, DEAD, True, None, None, None, None, 0.0, None, True
    )
    n = 40_000
    _, _, _, sampled, done, _, _ = _finishing_orders(
        hands, BOARD, DEAD, None, n, 17, None, None, 0.0, None, True
    )
    assert done == n and sum(sampled.values()) == n
    stat, df = _chi_square(exact, total, sampled, n)
    assert df >= 2
    assert stat < df + 7 * math.sqrt(2 * df), (stat, df)


def test_ten_random_players_never_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten ``random`` players took over 5 minutes: nearly every random deal of
    ten independent combos had a card twice and was redrawn. With a single
    attempt allowed per deal, sampling them from the deck still works."""
    monkeypatch.setattr(sys.modules["holdem.equity._sampling"], "_MAX_REJECTIONS", 1)
    result = equity(["random"] * 10, samples=4000, seed=2)
    assert result.boards == 4000 and not result.exact
    assert sum(p.equity for p in result.players) == 1
    for p in result.players:
        assert abs(p.equity_float - 0.1) < 5 * (p.stderr or 0.0) + 1e-9


def test_samples_are_bounded() -> None:
    with pytest.raises(EquityError, match=r"samples must be a whole number from 1 to 100,000,000"):
        equity(["AsAh", "KsKd"], samples=MAX_SAMPLES + 1)
    with pytest.raises(EquityError, match=r"got <a 133-bit number>"):
        equity(["AsAh", "KsKd"], samples=10**40)
    assert equity(["AsAh", "KsKd"], board="2c7d9h", samples=10, seed=1).boards == 10


def test_cli_rejects_too_many_samples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAh", "KsKh", "--samples", str(10**20)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "from 1 to 100,000,000" in err


HUGE = "x" * 100_000


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"hands": ["AsAh", HUGE]}, "not a hand class"),
        ({"hands": ["AsAh", "KsKh", "AsAh " * 20_000]}, "no combo of"),
        ({"hands": ["AsAh", "KK-" + HUGE]}, "bad span"),
        ({"hands": ["AsAh", "KsKh"], "board": "As" * 50_000}, "board"),
        ({"hands": ["AsAh", "KsKh"], "dead": HUGE}, "dead"),
        ({"hands": ["AsAh", "KsKh"], "dead": ["2c"] * 100_000}, "dead"),
        ({"hands": ["AsAh", "KsKh"], "samples": HUGE}, "samples"),
        ({"hands": ["AsAh", "KsKh"], "seed": [1] * 100_000}, "seed"),
        ({"hands": ["AsAh", "KsKh"], "target_stderr": HUGE}, "target_stderr"),
    ],
)
def test_error_lines_never_echo_a_huge_input(kwargs: dict[str, object], words: str) -> None:
    """A 100,000-character range gave a 100,000-character error line."""
    with pytest.raises(EquityError, match=words) as info:
        equity(**kwargs)  # type: ignore[arg-type]
    message = str(info.value)
    assert len(message) < 200 and "\n" not in message, message[:300]


def test_cli_error_line_is_short(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAh", HUGE]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 200
    assert "100,000 characters" in err
