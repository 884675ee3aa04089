"""The MCCFR push/fold example runs on python_holdem through OpenSpiel's solver
(a small run: its figures are printed, not timed)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="needs the openspiel extra (open_spiel)")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "mccfr_push_fold.py"


def test_mccfr_push_fold_example_prints_falling_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """Two checkpoints (0 and 1,000 iterations) on a small showdown sample: the
    uniform start is exploitable (NashConv well above 0) and the rows are printed."""
    spec = importlib.util.spec_from_file_location("mccfr_push_fold", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--seconds", "60", "--samples", "8", "--checkpoints", "2"])
    out = capsys.readouterr().out
    rows = [
        line.split() for line in out.splitlines() if line.split()[:1] and line.split()[0].isdigit()
    ]
    assert [row[0] for row in rows] == ["0", "1000"]
    start = float(rows[0][-3])  # NashConv (max) of the uniform strategies, in bb
    assert start > 0.5
    assert "AsAh: shove" in out
