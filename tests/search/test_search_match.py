"""Evaluation matches (holdem.search.match, holdem match): duplicate deals,
bb/100 and its interval, all-in adjusted results from the exact equity (R7, R8)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from holdem import Hand, TableConfig, pot_equity
from holdem.cli.command import main
from holdem.errors import ConfigError
from holdem.search.match import adjusted_net, play_match


def test_duplicate_deals_cancel_the_cards_between_identical_agents() -> None:
    """Two calling stations, every deal played in both seats: each deal's
    chips cancel exactly, so both agents are at 0 with a zero interval."""
    report = play_match(["call", "call"], 30, 4, duplicate=True)
    assert report.hands == 60 and report.deals == 30
    for result in report.results:
        assert result.chips == 0 and result.bb_per_100 == 0.0 and result.ci95 == 0.0
        assert result.adjusted_chips == 0.0


def test_bb_per_100_is_chips_over_hands_and_sums_to_zero() -> None:
    """bb/100 = chips / big blind / hands * 100; chips sum to zero (no rake)."""
    report = play_match(["potodds", "random", "call"], 40, 2)
    assert sum(r.chips for r in report.results) == 0
    assert abs(sum(r.adjusted_chips for r in report.results)) < 1e-6
    for result in report.results:
        assert result.hands == 40
        assert result.bb_per_100 == result.chips / 2 / 40 * 100
        assert result.ci95 > 0


def test_all_in_adjusted_result_is_the_exact_pot_equity_r7_r8() -> None:
    """R7, R8: all-in preflop with side pots, each seat is credited its exact
    expected chips from pot_equity on an empty board, less what it put in."""
    config = TableConfig([100, 300, 500], 5, 10, button=2)
    hand = Hand(config, hole_cards=["AsAh", "KsKh", "7c2d"], board="2s3s4sQdJc")
    for seat in (2, 0, 1):
        hand.all_in(seat)
    assert hand.is_over
    exact = pot_equity(["AsAh", "KsKh", "7c2d"], hand.contributions, exact=True, button=2)
    expected = tuple(exact.expected[s] - hand.contributions[s] for s in range(3))
    assert adjusted_net(hand) == expected
    assert sum(expected) == 0
    assert adjusted_net(hand) != tuple(Fraction(c) for c in hand.result.net)  # type: ignore[union-attr]
    folded = Hand(config, seed=1)
    folded.fold(2)
    folded.fold(0)
    assert adjusted_net(folded) == tuple(Fraction(c) for c in folded.result.net)  # type: ignore[union-attr]


def test_holdem_match_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "call", "call", "--hands", "6", "--duplicate", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 12 and data["duplicate"] is True
    assert [r["name"] for r in data["results"]] == ["call", "call"]
    assert data["results"][0]["chips"] == 0
    assert main(["match", "call"]) == 2
    assert "2 to 10 agents" in capsys.readouterr().err


def test_bad_matches_fail_before_playing() -> None:
    with pytest.raises(ConfigError):
        play_match(["call", "nobody"], 5)
    with pytest.raises(ConfigError):
        play_match(["call", "call"], 0)
