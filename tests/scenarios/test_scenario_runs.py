"""Scenario files with several runs and rake (R12, R13): run answers as steps,
the ``run_seat`` check, and the ``runs``/``boards``/``rake``/``rake_pots``
expectations and a pot's ``run`` (docs/scenarios.md)."""

from __future__ import annotations

import pytest

from holdem.scenarios.scenario import ScenarioError, parse_scenario, run_scenario

RIT = """
rule = "R12.1"
description = "RIT1."
[table]
small_blind = 50
big_blind = 100
max_runs = 2
rake = { rate = "5%%", cap = 30 }
[[seats]]
name = "Anna"
stack = 1000
cards = "As Ah"
[[seats]]
name = "Bjarni"
stack = 1000
cards = "Ks Kh"
[hand]
board = "2c 7d 9h Ts 3s Kd 8c 4h 5s 6d"
actions = [%s]
[expect]
%s
"""
STEPS = '"Anna all-in", "Bjarni calls", "Bjarni accepts 2 runs", "Anna accepts 2 runs"'


def test_r12_r13_expectations_that_hold_pass():
    """R12.3, R13.2: the right runs, boards, rake and per-run pots pass."""
    expect = """stacks = { Anna = 985, Bjarni = 985 }
runs = 2
boards = ["2c 7d 9h Ts 3s", "Kd 8c 4h 5s 6d"]
rake = 30
rake_pots = [30]
[[expect.pots]]
run = 2
amount = 985
eligible = ["Anna", "Bjarni"]
winners = ["Bjarni"]
[[expect.pots]]
run = 1
amount = 985
eligible = ["Anna", "Bjarni"]
winners = ["Anna"]"""
    result = run_scenario(parse_scenario(RIT % (STEPS, expect)))
    # The pots are listed run 1 first: the swapped runs are caught.
    assert result.failures == (
        "pots[0] (main pot): run expected 2, got 1",
        "pots[0] (main pot): winners expected Bjarni, got Anna",
        "pots[1] (main pot): run expected 1, got 2",
        "pots[1] (main pot): winners expected Anna, got Bjarni",
    )


def test_r12_r13_expectation_differences_are_precise():
    """R12, R13: each wrong expectation gives its own line."""
    expect = """runs = 3
boards = ["2c 7d 9h Ts 3s"]
rake = 29
rake_pots = [29]"""
    result = run_scenario(parse_scenario(RIT % (STEPS, expect)))
    assert result.failures == (
        "runs: expected 3, got 2",
        "boards: expected 2c 7d 9h Ts 3s, got 2c 7d 9h Ts 3s / Kd 8c 4h 5s 6d",
        "rake: expected 29, got 30",
        "rake_pots: expected 29, got 30",
    )


def test_r12_1_run_seat_check_and_refused_answers():
    """R12.1, R3.7: ``run_seat`` checks who is asked; a refused answer must be
    refused with its reason and leave the hand unchanged."""
    steps = """"Anna all-in", "Bjarni calls", { run_seat = "Anna" },
{ refuse = "Bjarni accepts 5 runs", reason = "bad_run_count" },
{ refuse = "Bjarni accepts 2 runs", reason = "not_your_turn" }"""
    result = run_scenario(parse_scenario(RIT % (steps, "over = false")))
    assert result.failures[0] == "step 3: run question: expected Anna, got Bjarni"
    assert result.failures[1].startswith(
        "step 5 (refuse 'Bjarni accepts 2 runs'): accepted, expected a refusal (not_your_turn)"
    )
    assert len(result.failures) == 2


@pytest.mark.parametrize(
    ("expect", "where"),
    [
        ("runs = true", "expect.runs"),
        ('rake = "30"', "expect.rake"),
        ("rake_pots = 30", "expect.rake_pots"),
        ('boards = "2c 7d 9h Ts 3s"', "expect.boards"),
        ('boards = ["2c 7d 9h Ts 1s"]', "expect.boards"),
    ],
)
def test_r12_r13_bad_expectations_are_broken_files(expect, where):
    """A run or rake expectation of the wrong kind makes the file broken, naming the key."""
    with pytest.raises(ScenarioError) as info:
        parse_scenario(RIT % (STEPS, expect))
    assert info.value.step == where


def test_r13_bad_rake_in_the_table_is_a_broken_file():
    """R13.1: a float rate is refused when the file is read."""
    text = (RIT % (STEPS, "")).replace('rate = "5%"', "rate = 0.05")
    with pytest.raises(ScenarioError, match="rake.rate") as info:
        parse_scenario(text)
    assert info.value.step == "table"
