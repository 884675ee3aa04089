"""Playing a scenario file: :func:`run_scenario` plays a read
:class:`~holdem.scenarios.model.Scenario` through :class:`~holdem.engine.hand.Hand` and
lists every difference from its expectations (see ``docs/scenarios.md``).

Import :func:`run_scenario` from :mod:`holdem.scenarios.scenario`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from holdem.engine.events import Mucked, Shown
from holdem.engine.hand import Hand
from holdem.engine.pots import PotAward
from holdem.errors import IllegalActionError
from holdem.scenarios import runs as _runs
from holdem.scenarios.model import Check, Refuse, Scenario, ScenarioResult


# ------------------------------------------------------------------ running
def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Play ``scenario`` and compare every expectation.

    An action the engine refuses unexpectedly stops the steps and is a
    failure; so is a refusal with another reason, or a refused action that
    changed the hand (R3.7).

    Returns:
        A :class:`ScenarioResult` whose ``failures`` list every difference.
    """
    hand = Hand(
        scenario.config,
        seed=scenario.seed,
        hole_cards=list(scenario.hole_cards),
        board=scenario.board,
    )
    names = scenario.config.names
    failures: list[str] = []
    for index, step in enumerate(scenario.steps, 1):
        if isinstance(step, Check):
            failures.extend(f"step {index}: {f}" for f in _check(hand, step, names))
        elif isinstance(step, Refuse):
            failures.extend(
                f"step {index} (refuse {step.text!r}): {f}" for f in _refuse(hand, step)
            )
        else:
            try:
                _runs.apply(hand, step.seat, step.action)
            except IllegalActionError as error:
                failures.append(f"step {index} ({step.text!r}): refused ({error.reason}): {error}")
                break
    failures.extend(_compare(hand, scenario.expect, names))
    return ScenarioResult(scenario, hand, tuple(failures))


def _state(hand: Hand) -> tuple[object, ...]:
    return (
        hand.log,
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.to_act,
        hand.street,
        hand.current_bet,
        hand.min_raise_size,
        hand.run_seat,
    )


def _refuse(hand: Hand, step: Refuse) -> list[str]:
    before = _state(hand)
    try:
        _runs.apply(hand, step.seat, step.action)
    except IllegalActionError as error:
        problems = []
        if error.reason is not step.reason:
            problems.append(f"refused for {error.reason}, expected {step.reason}: {error}")
        if _state(hand) != before:
            problems.append("the refused action changed the hand (R3.7)")
        return problems
    return [f"accepted, expected a refusal ({step.reason}); the scenario is now off track"]


def _check(hand: Hand, step: Check, names: Sequence[str]) -> list[str]:
    problems = []
    if step.to_act is not None and hand.to_act != step.to_act:
        problems.append(
            f"to act: expected {_who(names, step.to_act)}, got {_who(names, hand.to_act)}"
        )
    if step.legal is not None:
        legal = hand.legal_actions()
        actual = "none" if legal is None else str(legal)
        if actual != step.legal:
            problems.append(f"legal: expected {step.legal!r}, got {actual!r}")
    if step.street is not None and hand.street != step.street:
        problems.append(f"street: expected {step.street}, got {hand.street}")
    if step.pot is not None and hand.pot_total != step.pot:
        problems.append(f"pot: expected {step.pot:,}, got {hand.pot_total:,}")
    if step.run_seat is not None and hand.run_seat != step.run_seat:
        problems.append(
            f"run question: expected {_who(names, step.run_seat)}, got {_who(names, hand.run_seat)}"
        )
    return problems


def _who(names: Sequence[str], seat: int | None) -> str:
    return "nobody" if seat is None else names[seat]


def _per_seat(
    key: str,
    names: Sequence[str],
    expected: Mapping[int, int],
    actual: Sequence[int],
    default: bool,
) -> list[str]:
    problems = []
    for seat, name in enumerate(names):
        if seat in expected or default:
            want = expected.get(seat, 0)
            if actual[seat] != want:
                problems.append(f"{key}: {name} expected {want:,}, got {actual[seat]:,}")
    return problems


def _names(names: Sequence[str], seats: Iterable[int]) -> str:
    listed = [names[s] for s in seats]
    return ", ".join(listed) if listed else "nobody"


def _compare(hand: Hand, expect: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    problems: list[str] = []
    if expect["over"] and not hand.is_over:
        problems.append(
            f"the hand is not over after the last step "
            f"({_who(names, hand.to_act)} to act on the {hand.street})"
        )
        return problems
    if "stacks" in expect:
        problems += _per_seat("stacks", names, expect["stacks"], hand.stacks, False)
    if "board" in expect and hand.board != expect["board"]:
        problems.append(f"board: expected {' '.join(expect['board'])}, got {' '.join(hand.board)}")
    result = hand.result
    if result is None:
        return problems
    payouts = [0] * len(names)
    for award in result.awards:
        for seat, chips in zip(award.winners, award.shares):
            payouts[seat] += chips
    if "net" in expect:
        problems += _per_seat("net", names, expect["net"], result.net, False)
    if "payouts" in expect:
        problems += _per_seat("payouts", names, expect["payouts"], payouts, True)
    if "returned" in expect:
        problems += _per_seat("returned", names, expect["returned"], result.returned, True)
    log = hand.log
    shown = tuple(e.seat for e in log if isinstance(e, Shown))
    if "shown" in expect and shown != expect["shown"]:
        problems.append(
            f"shown: expected {_names(names, expect['shown'])}, got {_names(names, shown)}"
        )
    mucked = tuple(e.seat for e in log if isinstance(e, Mucked))
    if "mucked" in expect and sorted(mucked) != sorted(expect["mucked"]):
        problems.append(
            f"mucked: expected {_names(names, expect['mucked'])}, got {_names(names, mucked)}"
        )
    described = {e.seat: e.description for e in log if isinstance(e, Shown)}
    for seat, want in expect.get("hands", {}).items():
        got = described.get(seat)
        if got != want:
            problems.append(f"hands: {names[seat]} expected {want!r}, got {got or 'not shown'!r}")
    if "eliminated" in expect:
        got_places = hand.eliminations()
        if got_places != expect["eliminated"]:
            want = "; ".join(_names(names, p) for p in expect["eliminated"]) or "nobody"
            got_text = "; ".join(_names(names, p) for p in got_places) or "nobody"
            problems.append(f"eliminated: expected {want}, got {got_text}")
    if "pots" in expect:
        problems += _compare_pots(expect["pots"], result.awards, names)
    return problems + _runs.compare(hand, expect)


def _compare_pots(
    expected: Sequence[Mapping[str, Any]], awards: Sequence[PotAward], names: Sequence[str]
) -> list[str]:
    problems = []
    if len(expected) != len(awards):
        got = ", ".join(f"{a.pot.name} {a.pot.amount:,}" for a in awards) or "none"
        problems.append(f"pots: expected {len(expected)}, got {len(awards)} ({got})")
    for i, (want, award) in enumerate(zip(expected, awards)):
        pot = award.pot
        label = f"pots[{i}] ({pot.name})"
        if "name" in want and want["name"] != pot.name:
            problems.append(f"{label}: name expected {want['name']!r}, got {pot.name!r}")
        if want.get("run", 1) != award.run:
            problems.append(f"{label}: run expected {want.get('run', 1)}, got {award.run}")
        if want["amount"] != pot.amount:
            problems.append(f"{label}: amount expected {want['amount']:,}, got {pot.amount:,}")
        if want["eligible"] != frozenset(pot.eligible):
            problems.append(
                f"{label}: eligible expected {_names(names, sorted(want['eligible']))}, "
                f"got {_names(names, pot.eligible)}"
            )
        if want["winners"] != frozenset(award.winners):
            problems.append(
                f"{label}: winners expected {_names(names, sorted(want['winners']))}, "
                f"got {_names(names, award.winners)}"
            )
        if "shares" in want:
            shares = dict(zip(award.winners, award.shares))
            problems += _per_seat(
                f"{label} shares",
                names,
                want["shares"],
                [shares.get(s, 0) for s in range(len(names))],
                True,
            )
    return problems
