"""ICM (Malmuth-Harville) against independent brute force, sampling within its error, deals."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cli.command import main
from holdem.errors import ConfigError
from holdem.icm import icm, icm_deal


def brute_force(stacks: list[int], payouts: list[int], exact: bool = True) -> list[Fraction]:
    """Every finishing order of the top ``len(payouts)`` places, its Harville
    chance as a product (exact, or in floats), summed: independent of the
    module's recursion."""
    n = len(stacks)
    paid = min(len(payouts), n)
    one = Fraction(1) if exact else 1.0
    equity = [one * 0] * n
    for order in itertools.permutations(range(n), paid):
        chance = one
        left = sum(stacks)
        for i in order:
            chance = chance * stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order):
            equity[i] += chance * payouts[place]
    return equity  # type: ignore[return-value]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 10_000), min_size=2, max_size=7),
    st.lists(st.integers(0, 1000), min_size=1, max_size=7),
)
def test_icm_equals_brute_force_permutations(stacks: list[int], payouts: list[int]) -> None:
    expected = brute_force(stacks, payouts)
    result = icm(stacks, payouts)
    assert result.exact
    for got, want in zip(result.equity, expected):
        assert abs(got - float(want)) <= 1e-9 * max(1.0, float(want))
    assert icm(stacks, payouts, fractions=True).equity == tuple(expected)


@settings(max_examples=10, deadline=None)
@given(st.lists(st.integers(1, 10_000), min_size=8, max_size=8))
def test_icm_8_players_every_place_paid(stacks: list[int]) -> None:
    payouts = [40, 25, 15, 8, 5, 4, 2, 1]
    expected = brute_force(stacks, payouts, exact=False)
    for got, want in zip(icm(stacks, payouts).equity, expected):
        assert abs(got - float(want)) <= 1e-9


@settings(max_examples=10, deadline=None)
@given(
    st.lists(st.integers(1, 10_000), min_size=9, max_size=10),
    st.lists(st.integers(0, 1000), min_size=1, max_size=3),
)
def test_icm_9_to_10_players_few_places(stacks: list[int], payouts: list[int]) -> None:
    expected = brute_force(stacks, payouts)
    for got, want in zip(icm(stacks, payouts).equity, expected):
        assert abs(got - float(want)) <= 1e-9 * max(1.0, float(want))


def test_icm_equity_sums_to_the_prizes_paid() -> None:
    result = icm([5000, 3000, 2000], [50, 30, 20, 10])  # 4th prize unused: 3 players
    assert sum(result.equity) == pytest.approx(100)
    assert icm([100, 100], [7]).equity == (3.5, 3.5)


def test_icm_9_player_sample_within_its_stated_error() -> None:
    stacks = [12_000, 9_500, 8_000, 6_000, 5_000, 4_200, 3_000, 1_800, 500]
    payouts = [350, 220, 150, 100, 70, 50, 30, 20, 10]
    exact = icm(stacks, payouts)
    sampled = icm(stacks, payouts, samples=40_000, seed=5)
    assert exact.exact and not sampled.exact and sampled.samples == 40_000
    for e, s, err in zip(exact.equity, sampled.equity, sampled.stderr):
        assert 0 < err < 2.0
        assert abs(e - s) <= 4 * err
    assert icm(stacks, payouts, samples=1000, seed=1) == icm(stacks, payouts, samples=1000, seed=1)


def test_icm_large_field_is_sampled_with_error() -> None:
    stacks = [1000 + 37 * i for i in range(17)]
    result = icm(stacks, list(range(17, 0, -1)), seed=3)  # every place paid: over budget
    assert not result.exact and result.samples == 200_000
    assert sum(result.equity) == pytest.approx(sum(range(1, 18)))
    assert icm(stacks[:16], list(range(16, 0, -1))).exact  # 16 players: within budget
    assert all(err > 0 for err in result.stderr)


@pytest.mark.parametrize(
    "stacks, payouts, field",
    [
        ([], [1], "stacks"),
        ([0, 5], [1], "stacks"),
        ([True, 5], [1], "stacks"),
        ([5, 5], [], "payouts"),
        ([5, 5], [-1], "payouts"),
        ([5, 5], [float("nan")], "payouts"),
    ],
)
def test_icm_bad_input(stacks: list[int], payouts: list[int], field: str) -> None:
    with pytest.raises(ConfigError) as info:
        icm(stacks, payouts)
    assert info.value.field == field


def test_icm_deal_in_whole_units() -> None:
    deal = icm_deal([5000, 3000, 2000], [50, 30, 20])
    assert deal.amounts == (38, 33, 29) and sum(deal.amounts) == 100
    assert deal.equity == (Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7))
    kept = icm_deal([5000, 3000, 2000], [50, 30, 20], left_to_play=10)
    assert sum(kept.amounts) == 90 and kept.left_to_play == 10
    # ICM of prizes 40, 30, 20: exact values rounded by largest remainder
    want = icm([5000, 3000, 2000], [40, 30, 20], fractions=True).equity
    assert all(abs(a - w) < 1 for a, w in zip(kept.amounts, want))
    with pytest.raises(ConfigError):
        icm_deal([5000, 3000], [50, 30], left_to_play=51)
    with pytest.raises(ConfigError):
        icm_deal([5000, 3000], [50.5, 30])


def test_cli_icm_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["icm", "--stacks", "5000,3000,2000", "--payouts", "50,30,20", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is True
    assert data["equity"] == pytest.approx([38.392857142857146, 32.75, 28.857142857142858])


def test_cli_icm_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["icm", "--stacks", "5000,3000,2000", "--payouts", "50,30,20"]) == 0
    out = capsys.readouterr().out
    assert "38.3929" in out and "32.7500" in out
    assert main(["icm", "--stacks", "5000,x", "--payouts", "50"]) == 2
    assert "stacks" in capsys.readouterr().err


def test_cli_icm_deal(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["icm", "--stacks", "5000,3000,2000", "--payouts", "50,30,20", "--deal"]
    assert main([*args, "--left-to-play", "10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"deal": [33, 30, 27], "left_to_play": 10}
    assert main(args) == 0
    assert "100 units dealt, 0 left to play for" in capsys.readouterr().out
    assert main([*args, "--left-to-play", "60"]) == 2
    assert "left_to_play" in capsys.readouterr().err


def test_cli_icm_plain_errors_and_places_beyond_the_stacks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """R15.6: a negative prize is shown as a number (not a Python Fraction);
    more places than stacks is refused in one line (those places are never
    reached), for ``holdem icm`` and ``holdem mtt --payouts`` alike."""
    assert main(["icm", "--stacks", "100,200", "--payouts", "60,-30"]) == 2
    err = capsys.readouterr().err
    assert err == "holdem icm: error: payouts: prize 1 must be a number >= 0, got -30\n"
    assert main(["icm", "--stacks", "100,200", "--payouts", "60,30,10"]) == 2
    assert capsys.readouterr().err == (
        "holdem icm: error: --payouts: 3 places for 2 stacks: place 3 and below are never "
        "reached (give at most 2)\n"
    )
    assert main(["mtt", "--players", "4", "--agents", "call", "--payouts", "60,-30"]) == 2
    err = capsys.readouterr().err
    assert err == "holdem mtt: error: payouts: place 2 must be a number >= 0, got -30\n"
