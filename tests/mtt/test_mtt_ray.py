"""``holdem mtt --backend ray``: many tournaments side by side as Ray tasks,
with results identical to the local run (R15)."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator

import pytest

from conftest import require
from holdem.cli.command import main
from holdem.mtt.entries import Entries
from holdem.mtt.simulate import Spec, run_many

ray = require("ray", "the ray extra: pip install -e '.[ray]'")

from holdem.mtt.simulate_ray import run_many_ray  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::FutureWarning")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_r15_ray_tournaments_equal_the_local_run(local_ray: None) -> None:
    spec = Spec(
        agents=("call", "random"),
        players=14,
        seats=6,
        entries=Entries(late_until=2, reentries=1, rebuy_until=2, add_on_level=3),
        late=2,
        breaks_after=(2,),
    )
    seeds = [3, 4, 5]
    remote = run_many_ray(spec, seeds)
    assert remote == run_many(spec, seeds)
    assert [r["seed"] for r in remote] == seeds
    assert all(sum(p["prize"] for p in r["places"]) == r["prize_pool"] for r in remote)


def test_cli_mtt_backend_ray(local_ray: None, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["mtt", "--players", "10", "--seats", "5", "--seed", "1", "--tournaments", "2"]
    assert main([*args, "--json", "--backend", "ray"]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert main([*args, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == remote
    assert len(remote["tournaments"]) == 2
