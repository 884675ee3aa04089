"""holdem simulate --backend ray: chunks of hands as Ray tasks, results equal to a local run."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="the ray extra is not installed")

from holdem.cli.command import main  # noqa: E402
from holdem.selfplay.agent_specs import AgentFailure, factories  # noqa: E402
from holdem.selfplay.simulate import simulate  # noqa: E402
from holdem.selfplay.simulate_ray import RayRunner  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::FutureWarning")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def untimed(data: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in data.items() if k not in ("seconds", "hands_per_second")}


def test_ray_run_equals_the_local_run(local_ray: None, capsys: pytest.CaptureFixture[str]) -> None:
    settings = {"players": 3, "hands": 60, "seed": 5, "agents": ["potodds", "random", "call"]}
    local = simulate(**settings)  # type: ignore[arg-type]
    remote = simulate(**settings, workers=2, runner=RayRunner())  # type: ignore[arg-type]
    assert untimed(remote.to_dict()) == untimed(local.to_dict())
    argv = ["simulate", "--players", "3", "--hands", "60", "--seed", "5", "--agent"]
    assert main([*argv, "potodds,random,call", "--json", "--backend", "ray"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert untimed(out) == untimed(local.to_dict())


def test_a_shard_on_ray_and_a_bad_agent(
    local_ray: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shard = simulate(2, 20, 1, ["random", "call"], start=40, workers=2, runner=RayRunner())
    assert untimed(shard.to_dict()) == untimed(
        simulate(2, 20, 1, ["random", "call"], start=40).to_dict()
    )
    bots = tmp_path / "crash.py"
    bots.write_text("class Crash:\n    def act(self, view):\n        raise KeyError('x')\n")
    spec = f"{bots}:Crash"
    with pytest.raises(AgentFailure) as error:
        simulate(2, 4, 1, [spec, "call"], factories=factories([spec]), runner=RayRunner())
    assert str(error.value) == f"agent {spec} (seat 0) failed in hand 1: it raised KeyError: 'x'"


def test_ray_reports_the_first_failing_hand_like_a_local_run(
    local_ray: None, tmp_path: Path
) -> None:
    """Every chunk fails, the first one last: the error still names the first failing
    hand, as the local run does (it used to name whichever task failed first)."""
    bots = tmp_path / "late.py"
    bots.write_text(
        "import time\n"
        "class Late:\n"
        "    def __init__(self, seed):\n"
        "        self.hand = int(seed.split(':')[1])\n"
        "    def act(self, view):\n"
        "        if self.hand == 0:\n"
        "            time.sleep(2)\n"
        "        raise KeyError('x')\n"
    )
    spec = f"{bots}:Late"
    expected = f"agent {spec} (seat 0) failed in hand 1: it raised KeyError: 'x'"
    with pytest.raises(AgentFailure) as error:
        simulate(2, 200, 1, [spec, "call"], workers=2, factories=factories([spec]))
    assert str(error.value) == expected
    with pytest.raises(AgentFailure) as error:
        simulate(
            2, 200, 1, [spec, "call"], workers=4, factories=factories([spec]), runner=RayRunner()
        )
    assert str(error.value) == expected
