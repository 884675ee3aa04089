"""Agents named on the command line (module:Class, path/to/file.py:Class) and bad agents."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli

from holdem import Action, ConfigError, Hand, Kind, TableConfig
from holdem.selfplay.agent_specs import AgentFailure, SpecFactory, checked_act, factories, factory
from holdem.selfplay.simulate import simulate
from holdem.views.seat import seat_view

AGENTS_FILE = '''
from holdem import Action, Kind


class Shover:
    """Goes all-in every time."""

    def __init__(self, seed):
        self.seed = seed

    def act(self, view):
        return Action(Kind.ALL_IN)


class Caller:
    """Takes no seed."""

    def act(self, view):
        return Action(Kind.CHECK) if view.legal.can_check else Action(Kind.CALL)


class Crasher:
    def act(self, view):
        return 1 / 0


class Cheater:
    def act(self, view):
        return Action(Kind.CHECK)


class Texter:
    def act(self, view):
        return "call"


NOT_AN_AGENT = 3
'''


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``bots.py`` in a temporary directory that is also the current directory."""
    path = tmp_path / "bots.py"
    path.write_text(AGENTS_FILE)
    monkeypatch.chdir(tmp_path)
    return path


def _simulate_json(capsys: pytest.CaptureFixture[str], agents: str) -> dict[str, Any]:
    """``holdem simulate --json`` of 30 heads-up hands of ``agents``: its results by agent."""
    status, out, err = run_cli(
        capsys, "simulate", "--players", "2", "--hands", "30", "--agent", agents, "--json"
    )
    assert status == 0, err
    results: dict[str, Any] = json.loads(out)["results"]
    return results


def test_file_and_module_specs_in_simulate(bots: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file_spec = f"{bots}:Shover"
    results = _simulate_json(capsys, f"call,{file_spec}")
    assert list(results) == ["call", file_spec]
    assert results["call"]["chips"] == -results[file_spec]["chips"]
    assert _simulate_json(capsys, "call,bots:Shover")["bots:Shover"] == results[file_spec]


def test_a_class_without_a_seed_argument(bots: Path) -> None:
    result = simulate(2, 10, 1, ["bots:Caller", "call"], factories=factories(["bots:Caller"]))
    assert [r.agent for r in result.results] == ["bots:Caller", "call"]
    assert sum(r.chips for r in result.results) == 0


def test_file_agents_in_worker_processes_give_the_same_result(bots: Path) -> None:
    specs = [f"{bots}:Shover", "random"]
    one = simulate(2, 40, 3, specs, factories=factories(specs), workers=1)
    two = simulate(2, 40, 3, specs, factories=factories(specs), workers=2)
    assert [r.chips for r in one.results] == [r.chips for r in two.results]
    made = pickle.loads(pickle.dumps(SpecFactory(specs[0])))
    assert made.spec == specs[0] and made("x").seed == "x"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("agent", "detail"),
    [
        ("Crasher", "it raised ZeroDivisionError: division by zero"),
        ("Cheater", "it chose check, which is not legal (legal: fold, call 1, raise to 4..400)"),
        ("Texter", "it returned 'call', not an Action (legal: fold, call 1, raise to 4..400)"),
    ],
)
def test_a_bad_agent_is_named_with_its_hand_no_traceback(
    bots: Path, capsys: pytest.CaptureFixture[str], agent: str, detail: str
) -> None:
    """The first hand (seed index 0, shown as hand 1 as in `holdem tournament`) has the
    button (small blind, first to act heads-up) on seat 0; the line says how to play
    that hand again alone."""
    status, out, err = run_cli(
        capsys, "simulate", "--players", "2", "--hands", "5", "--agent", f"bots:{agent},call"
    )
    assert status == 2 and out == ""
    assert err == (
        f"holdem simulate: error: agent bots:{agent} (seat 0) failed in hand 1: {detail} "
        "(to play this hand alone: --start 0 --count 1)\n"
    )


def test_a_bad_agent_in_a_tournament(bots: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "tournament", "--agents", "call,bots:Crasher", "-q")
    assert status == 2
    assert err == (
        "holdem tournament: error: agent bots:Crasher (seat 1) failed in hand 1: "
        "it raised ZeroDivisionError: division by zero\n"
    )


def test_tournament_with_class_specs(bots: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(
        capsys, "tournament", "--agents", f"bots:Shover,{bots}:Shover,call", "--seed", "2", "-q"
    )
    assert status == 0, err
    assert "bots:Shover" in out and f"{bots}:Shover" in out


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nosuchmodule_xyz:Agent", "nosuchmodule_xyz:Agent: no module named 'nosuchmodule_xyz'"),
        ("bots:Nobody", "bots:Nobody: bots has no Nobody"),
        ("bots:NOT_AN_AGENT", "bots:NOT_AN_AGENT: NOT_AN_AGENT has no act(view) method"),
        ("missing/file.py:Agent", "missing/file.py:Agent: no such file missing/file.py"),
        ("bots:", "bots:: expected module:Class or path/to/file.py:Class"),
        ("nobody", "unknown agent 'nobody'"),
    ],
)
def test_bad_specs_fail_before_play(
    bots: Path, capsys: pytest.CaptureFixture[str], spec: str, message: str
) -> None:
    with pytest.raises(ConfigError) as error:
        factory(spec)
    assert error.value.field == "agent" and message in str(error.value)
    status, out, err = run_cli(
        capsys, "simulate", "--players", "2", "--hands", "5", "--agent", spec
    )
    assert status == 2 and out == "" and message in err and len(err.splitlines()) == 1


def test_a_file_that_raises_on_import(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("raise RuntimeError('no luck')\n")
    with pytest.raises(ConfigError, match=r"loading .*broken.py raised RuntimeError: no luck"):
        factory(f"{broken}:Agent")


def test_checked_act_checks_the_call_amount() -> None:
    hand = Hand(TableConfig(stacks=[100, 100], small_blind=1, big_blind=2), seed=1)

    class Amount:
        def __init__(self, amount: int) -> None:
            self.amount = amount

        def act(self, view: object) -> Action:
            return Action(Kind.CALL, self.amount)

    view = seat_view(hand, 0)
    assert checked_act(Amount(2), "a", view, 7) == Action(Kind.CALL, 2)
    with pytest.raises(AgentFailure) as error:
        checked_act(Amount(3), "a", view, 7)
    assert (error.value.agent, error.value.seat, error.value.hand) == ("a", 0, 7)
    again = pickle.loads(pickle.dumps(error.value))
    assert str(again) == str(error.value)
