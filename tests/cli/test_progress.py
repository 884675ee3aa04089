"""The progress line of long runs: rate and time left, on a terminal only."""

from __future__ import annotations

import io

import pytest

from holdem.cli import command as cli
from holdem.cli.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_line_rate_and_time_left() -> None:
    ticks = iter([10.0, 10.05, 11.0, 14.0, 15.0])
    screen = Terminal()
    bar = Progress(screen, clock=lambda: next(ticks), width=4)
    bar(100, 1000)  # 0.05 s after the start: drawn (the first draw)
    bar(200, 1000)  # 1 s: drawn
    bar(1000, 1000)  # the end is always drawn
    bar.close()
    frames = screen.getvalue().split("\r")[1:]
    assert frames == [
        "[....] 100/1,000 hands, 2,000 hands/s, 0 s left ",
        "[....] 200/1,000 hands, 200 hands/s, 4 s left   ",
        "[####] 1,000/1,000 hands, 250 hands/s, 0 s left ",
        " " * 48,
        "",
    ]


def test_throttled_and_long_durations() -> None:
    ticks = iter([0.0, 1.0, 1.01, 100.0])
    screen = Terminal()
    bar = Progress(screen, clock=lambda: next(ticks), width=2, unit="runs")
    bar(1, 1000)
    bar(2, 1000)  # within 0.1 s of the last draw: skipped
    bar(10, 1000)
    assert screen.getvalue().split("\r")[1:] == [
        "[..] 1/1,000 runs, 1 runs/s, 16 min 39 s left ",
        "[..] 10/1,000 runs, 0 runs/s, 2 h 45 min left ",
    ]


def test_only_on_a_terminal_and_when_enabled() -> None:
    assert Progress.on_terminal(io.StringIO()) is None
    assert Progress.on_terminal(Terminal(), enabled=False) is None
    assert isinstance(Progress.on_terminal(Terminal()), Progress)


def test_simulate_shows_progress_on_a_terminal_unless_no_progress(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    screen = Terminal()
    monkeypatch.setattr(cli.sys, "stderr", screen)
    assert cli.main(["simulate", "--players", "2", "--hands", "300", "--json"]) == 0
    shown = screen.getvalue()
    assert "/300 hands" in shown and "hands/s" in shown and shown.endswith("\r")
    assert capsys.readouterr().out.count("\n") == 1  # the JSON line only
    quiet = Terminal()
    monkeypatch.setattr(cli.sys, "stderr", quiet)
    assert cli.main(["simulate", "--players", "2", "--hands", "300", "--no-progress"]) == 0
    assert quiet.getvalue() == ""
