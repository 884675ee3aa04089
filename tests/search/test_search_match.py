"""Evaluation matches (holdem.search.match, holdem match): duplicate deals,
bb/100 and its interval, all-in adjusted results from the exact equity (R7, R8)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from holdem import Action, Hand, Kind, TableConfig, pot_equity
from holdem.cli.command import main
from holdem.errors import ConfigError
from holdem.search.match import (
    CHUNK,
    DealResult,
    MatchJob,
    adjusted_net,
    play_chunk,
    play_match,
)
from holdem.selfplay.agent_specs import AgentFailure


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


BOTS = """
from holdem.engine.betting import Action, Kind


class Boom:
    def act(self, view):
        raise RuntimeError("boom")


class Huge:
    def act(self, view):
        return Action(Kind.RAISE, 10**9)


class Quit:
    def act(self, view):
        raise SystemExit(0)
"""


@pytest.mark.parametrize(
    ("spec", "seat", "hand", "detail"),
    [
        ("Boom", 1, 1, "it raised RuntimeError: boom"),
        ("Huge", 1, 1, "it chose raise to 1000000000, which is not legal"),
        ("Quit", 1, 1, "it raised SystemExit: 0"),  # was: status 0, no output
    ],
)
def test_holdem_match_names_a_failing_agent_its_seat_and_hand_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, spec: str, seat: int, hand: int, detail: str
) -> None:
    """An agent that raises (was a traceback, status 1) or raises to more than
    it has (was the engine's message without the agent, R3.7): one line naming
    the agent, its seat and the hand, status 2, as ``holdem simulate``."""
    bots = tmp_path / "bots.py"
    bots.write_text(BOTS)
    agent = f"{bots}:{spec}"
    assert main(["match", "call", agent, "--hands", "3"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(
        f"holdem match: error: agent {agent} (seat {seat}) failed in hand {hand}: {detail}"
    )
    assert err.count("\n") == 1


def test_a_failure_in_a_later_duplicate_hand_counts_hands_from_one() -> None:
    """Deal d, rotation r is hand d * rotations + r + 1: an agent that fails
    only in seat 0 sits in seat 1 in rotation 0 and in seat 0 in rotation 1 of
    deal 0, so it fails in hand 2, seat 0."""

    class SeatZeroBoom:
        def act(self, view: Any) -> Action:
            if view.seat == 0:
                raise RuntimeError("seat 0")
            return Action(Kind.CHECK) if view.legal.can_check else Action(Kind.CALL)

    with pytest.raises(AgentFailure) as caught:
        play_match(["call", "z"], 2, 0, duplicate=True, factories={"z": lambda _: SeatZeroBoom()})
    failure = caught.value
    assert (failure.agent, failure.seat, failure.hand) == ("z", 0, 2)
    assert failure.detail == "it raised RuntimeError: seat 0"


@pytest.mark.parametrize("hands", ["99999999999999999999999", "100000001", "0"])
def test_holdem_match_bounds_the_number_of_hands_in_one_line(
    capsys: pytest.CaptureFixture[str], hands: str
) -> None:
    """--hands above 100,000,000 (was a MemoryError building every chunk)
    or below 1: one line, status 2, at once."""
    assert main(["match", "call", "random", "--hands", hands]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"holdem match: error: hands: must be a whole number from 1 to 100,000,000, got {hands}\n"
    )


def test_chunks_are_asked_for_lazily_and_folded_in_deal_order() -> None:
    """The runner receives an iterator (not a list of every chunk) and may
    answer out of order: the report is the local one, exactly."""
    seen: list[object] = []

    def backwards(jobs: Iterable[MatchJob]) -> Iterator[tuple[int, list[DealResult]]]:
        seen.append(jobs)
        return iter([play_chunk(job) for job in jobs][::-1])

    local = play_match(["random", "potodds"], CHUNK * 2 + 7, 3)
    shuffled = play_match(["random", "potodds"], CHUNK * 2 + 7, 3, runner=backwards)
    assert not isinstance(seen[0], list | tuple)
    assert shuffled == local
    assert local.results[0].chips + local.results[1].chips == 0


def test_ci95_is_the_exact_sample_interval() -> None:
    """The interval from the running sums is 1.96 standard errors of the per-deal
    chips, computed directly here from the same deals."""
    import math

    from holdem.search.match import play_chunk as chunk

    report = play_match(["random", "call"], 40, 9)
    table = (("random", "call"), 9, False, 1, 2, 400, None)
    deals = [float(won[0]) for won, _ in chunk((table, 0, 40))[1]]
    mean = sum(deals) / 40
    sd = math.sqrt(sum((x - mean) ** 2 for x in deals) / 39)
    assert report.results[0].ci95 == pytest.approx(1.96 * sd / math.sqrt(40) / 2 * 100)
    assert report.results[0].chips == sum(deals)


def test_holdem_match_help_writes_one_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    """The description is not %-formatted by argparse: it said "95%% confidence"."""
    assert main(["match", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "bb/100 with a 95% confidence interval" in out and "%%" not in out
