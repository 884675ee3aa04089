"""Reproducible equity (issue 10, section 7): the default Monte Carlo stops at
a sample count or a standard error, never at a time, so the same input and
seed give the same answer on any machine; the CLI labels its interval."""

from __future__ import annotations

import importlib
import itertools

import pytest

from holdem.cli.command import main
from holdem.equity.allin import equity

# The module (the package's ``holdem.equity.allin`` attribute is the function).
equity_module = importlib.import_module("holdem.equity.allin")

HANDS = ["QQ+, AKs", "random", "random"]  # over the exact budget: sampled


def test_default_monte_carlo_does_not_depend_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(equity_module, "DEFAULT_SAMPLES", 6000)
    normal = equity(HANDS)
    ticks = itertools.count()
    # A machine a thousand times slower: every clock reading is 100 s later.
    sampler = importlib.import_module("holdem.equity._sampling")
    monkeypatch.setattr(sampler.time, "perf_counter", lambda: 100.0 * next(ticks))
    slow = equity(HANDS)
    assert not normal.exact and normal.boards == 6000 and normal.seed == 0
    assert slow == normal
    assert equity(HANDS, seed=1) != normal


def test_cli_prints_the_same_labelled_answer_twice(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(equity_module, "DEFAULT_SAMPLES", 4000)
    outputs = []
    for _ in range(2):
        assert main(["equity", *HANDS, "--seed", "5"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    lines = outputs[0].splitlines()
    assert lines[0] == "Board: none; 4,000 deals (Monte Carlo, seed 5)"
    assert all("95% CI ± " in line for line in lines[1:4])
    assert lines[4].startswith("95% CI: half-width of the 95% confidence interval")


def test_exact_answers_carry_no_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAh", "KsKh", "--board", "2c7d9h"]) == 0
    out = capsys.readouterr().out
    assert "(exact)" in out and "±" not in out and "95% CI" not in out
