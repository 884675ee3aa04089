"""Every scenario file under scenarios/ is one test, named by its path."""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.scenarios.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
# Tournament scenarios (R15) have their own reader: tests/mtt/test_mtt_scenarios.py.
SCENARIOS = sorted(p for p in (ROOT / "scenarios").rglob("*.toml") if "tournaments" not in p.parts)


def test_scenarios_exist() -> None:
    assert len(SCENARIOS) >= 25


@pytest.mark.parametrize(
    "path", SCENARIOS, ids=[p.relative_to(ROOT / "scenarios").as_posix() for p in SCENARIOS]
)
def test_scenario(path: Path) -> None:
    result = run_scenario(load_scenario(path))
    assert result.passed, "\n".join(result.failures)
