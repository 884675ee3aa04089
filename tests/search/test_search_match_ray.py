"""holdem match --backend ray: the chunks of deals as Ray tasks, the report equal
to a local run's (the same deals, R5.4 dealing, the same agents' seeds)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from conftest import require
from holdem.cli.command import main
from holdem.search.match import CHUNK, play_match

ray = require("ray", "the ray extra: pip install -e '.[ray]'")

from holdem.search.match_ray import RayMatchRunner  # noqa: E402


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_a_ray_match_equals_the_local_match(local_ray: None) -> None:
    """Three chunks (the last one short), duplicate: every figure of the report
    is the local run's, to the last chip and the last float."""
    deals = 2 * CHUNK + 7
    local = play_match(["potodds", "random"], deals, 5, duplicate=True)
    remote = play_match(["potodds", "random"], deals, 5, duplicate=True, runner=RayMatchRunner())
    assert remote == local
    assert local.hands == 2 * deals and sum(r.chips for r in local.results) == 0


def test_holdem_match_backend_ray_prints_the_local_json(
    local_ray: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "random", "call", "potodds", "--hands", "12", "--seed", "3", "--json"]
    assert main(argv) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*argv, "--backend", "ray"]) == 0
    assert json.loads(capsys.readouterr().out) == local
    assert local["hands"] == 12


def test_address_without_ray_backend_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "call", "call", "--hands", "2", "--address", "auto"]) == 2
    assert capsys.readouterr().err == "holdem match: error: --address needs --backend ray\n"
