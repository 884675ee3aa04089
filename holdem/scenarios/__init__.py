"""Scenario files: a hand and its expected outcome in TOML, played and checked.

What lives here: reading and checking a file (:mod:`~holdem.scenarios.scenario`),
its data model (:mod:`~holdem.scenarios.model`), playing it through the engine
(:mod:`~holdem.scenarios.play`) and the several-runs part of the format
(:mod:`~holdem.scenarios.runs`). ``holdem run`` is the command; the format is
documented in ``docs/scenarios.md``.

What it may import: :mod:`holdem.engine` and :mod:`holdem.errors`.
"""

from __future__ import annotations

from holdem.scenarios.scenario import (
    Check,
    Play,
    Refuse,
    Scenario,
    ScenarioError,
    ScenarioResult,
    Step,
    find_scenarios,
    load_scenario,
    parse_scenario,
    printable,
    run_scenario,
)

__all__ = [
    "Check",
    "Play",
    "Refuse",
    "Scenario",
    "ScenarioError",
    "ScenarioResult",
    "Step",
    "find_scenarios",
    "load_scenario",
    "parse_scenario",
    "printable",
    "run_scenario",
]
