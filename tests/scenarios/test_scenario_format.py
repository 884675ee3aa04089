"""The scenario format: refusals, checks, failures and broken files."""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.errors import HoldemError, Reason
from holdem.scenarios.scenario import (
    Refuse,
    ScenarioError,
    find_scenarios,
    load_scenario,
    parse_scenario,
    run_scenario,
)

BAD = sorted((Path(__file__).parents[1] / "data" / "bad_scenarios").glob("*.toml"))

HEADER = """
rule = "R3.3"
description = "Heads-up 50/100."
[table]
small_blind = 50
big_blind = 100
button = "Anna"
[[seats]]
name = "Anna"
stack = 1000
[[seats]]
name = "Bjarni"
stack = 1000
"""


def scenario(actions: str, expect: str = "") -> str:
    return f"{HEADER}[hand]\nactions = [{actions}]\n{expect}"


def failures(actions: str, expect: str = "") -> tuple[str, ...]:
    return run_scenario(parse_scenario(scenario(actions, expect))).failures


@pytest.mark.parametrize("path", BAD, ids=[p.name for p in BAD])
def test_broken_file_names_file_step_and_problem(path: Path) -> None:
    expected = path.read_bytes().split(b"\n")[0].decode("utf-8").removeprefix("# expect: ")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    error = caught.value
    assert isinstance(error, HoldemError) and isinstance(error, ValueError)
    assert error.path == str(path)
    assert str(error).startswith(f"{path}: ")
    assert expected in str(error)


def test_scenario_error_carries_step_and_problem() -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(scenario('"Anna calls", "Anna dances"'), "x.toml")
    assert caught.value.step == "step 2 ('Anna dances')"
    assert "not an action" in caught.value.problem


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(tmp_path / "missing.toml")


def test_refusal_then_the_hand_goes_on_unchanged() -> None:
    steps = (
        '{ refuse = "Anna raises to 150", reason = "below_minimum" },'
        '{ refuse = "Bjarni checks", reason = "not_your_turn" },'
        '{ to_act = "Anna", legal = "fold, call 50, raise to 200..1,000", pot = 150 },'
        '"Anna folds"'
    )
    assert failures(steps, "[expect]\nstacks = { Anna = 950, Bjarni = 1050 }") == ()


def test_refusal_step_is_parsed() -> None:
    parsed = parse_scenario(
        scenario('{ refuse = "Anna checks", reason = "cannot_check" }', "[expect]\nover = false")
    )
    step = parsed.steps[0]
    assert isinstance(step, Refuse) and step.seat == 0 and step.reason is Reason.CANNOT_CHECK


def test_refusal_with_another_reason_fails() -> None:
    (failure,) = failures(
        '{ refuse = "Anna raises to 150", reason = "cannot_raise" }', "[expect]\nover = false"
    )
    assert failure.startswith(
        "step 1 (refuse 'Anna raises to 150'): refused for below_minimum, expected cannot_raise"
    )


def test_expected_refusal_that_is_accepted_fails() -> None:
    (failure,) = failures(
        '{ refuse = "Anna calls", reason = "cannot_raise" }', "[expect]\nover = false"
    )
    assert "accepted, expected a refusal (cannot_raise)" in failure


def test_unexpected_refusal_stops_the_steps() -> None:
    result = failures('"Anna raises to 150", "Bjarni folds"')
    assert result[0].startswith("step 1 ('Anna raises to 150'): refused (below_minimum): ")
    assert "minimum is 200" in result[0]
    assert result[1] == "the hand is not over after the last step (Anna to act on the preflop)"
    assert len(result) == 2


def test_check_step_differences() -> None:
    result = failures(
        '{ to_act = "Bjarni", legal = "check", street = "flop", pot = 10 }',
        "[expect]\nover = false",
    )
    assert result == (
        "step 1: to act: expected Bjarni, got Anna",
        "step 1: legal: expected 'check', got 'fold, call 50, raise to 200..1000'",
        "step 1: street: expected flop, got preflop",
        "step 1: pot: expected 10, got 150",
    )


def test_expectation_differences_are_precise() -> None:
    expect = """[expect]
stacks = { Anna = 1000, Bjarni = 1000 }
net = { Anna = -50, Bjarni = 50 }
payouts = { Anna = 150 }
returned = { Bjarni = 40 }
shown = ["Anna"]
[[expect.pots]]
name = "side pot 1"
amount = 100
eligible = ["Anna", "Bjarni"]
winners = ["Anna"]
"""
    assert failures('"Anna folds"', expect) == (
        "stacks: Anna expected 1,000, got 950",
        "stacks: Bjarni expected 1,000, got 1,050",
        "payouts: Anna expected 150, got 0",
        "payouts: Bjarni expected 0, got 100",
        "returned: Bjarni expected 40, got 50",
        "shown: expected Anna, got nobody",
        "pots[0] (main pot): name expected 'side pot 1', got 'main pot'",
        "pots[0] (main pot): eligible expected Anna, Bjarni, got Bjarni",
        "pots[0] (main pot): winners expected Anna, got Bjarni",
    )


def test_wrong_number_of_pots() -> None:
    expect = "[expect]\npots = []"
    assert failures('"Anna folds"', expect) == ("pots: expected 0, got 1 (main pot 100)",)


def test_hands_and_eliminations() -> None:
    text = (
        HEADER.replace('name = "Anna"', 'name = "Anna"\ncards = "Ah As"')
        + """
[hand]
board = "2c 7d 9h Ts 3s"
actions = ["Anna all-in", "Bjarni calls"]
[expect]
hands = { Anna = "pair, kings", Bjarni = "straight, ten-high" }
eliminated = [["Anna"]]
"""
    )
    result = run_scenario(parse_scenario(text))
    assert result.failures[0] == "hands: Anna expected 'pair, kings', got 'pair, aces'"
    assert result.failures[1].startswith("hands: Bjarni expected 'straight, ten-high', got '")
    assert result.failures[2] == "eliminated: expected Anna, got Bjarni"


def test_cards_not_given_are_dealt_from_the_seed() -> None:
    text = scenario('"Anna all-in", "Bjarni calls"')
    first = run_scenario(parse_scenario(text)).hand
    again = run_scenario(parse_scenario(text)).hand
    assert first.board == again.board and first.stacks == again.stacks
    other = run_scenario(parse_scenario(text.replace("[hand]", "[hand]\nseed = 99"))).hand
    assert (other.hole_cards(0), other.board) != (first.hole_cards(0), first.board)


def test_names_with_spaces_and_blind_seats() -> None:
    text = f"""{HEADER.replace('"Anna"', '"Anna Maria"')}
[hand]
actions = ["Anna Maria folds"]
[expect]
stacks = {{ "Anna Maria" = 950, Bjarni = 1050 }}
"""
    assert run_scenario(parse_scenario(text)).passed


def test_find_scenarios(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "two.toml").write_text("", encoding="utf-8")
    (tmp_path / "one.toml").write_text("", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    assert find_scenarios([tmp_path]) == [tmp_path / "b" / "two.toml", tmp_path / "one.toml"]
    with pytest.raises(ScenarioError, match="no such file or folder"):
        find_scenarios([tmp_path / "nowhere"])
