"""``holdem mtt --backend ray``: many tournaments side by side as Ray tasks (extra ``ray``).

Each tournament is one task running :func:`holdem.mtt.simulate.run_spec`, the
same code as the local backend; a tournament depends only on its spec and
seed, so the results are exactly those of a local run, in seed order, on any
cluster. Every node needs ``holdem`` (and any ``module:Class`` agent)
importable. (The tables of one tournament are not spread over tasks: between
two balancing points a table plays a single hand, too little to ship.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from holdem.mtt.simulate import Spec, run_spec
from holdem.selfplay.simulate_ray import ray_session, task_result

__all__ = ["run_many_ray"]


def run_many_ray(
    spec: Spec, seeds: Sequence[int], *, address: str | None = None
) -> list[dict[str, Any]]:
    """:func:`~holdem.mtt.simulate.run_spec` for each seed as a Ray task; the
    summaries in seed order.

    Uses the running Ray when ``ray.init`` was called already; otherwise starts
    (or joins, with ``address``) one for the run and shuts it down after.

    Raises:
        HoldemError: Ray is not installed; or the error of holdem's raised in
            the first failing tournament (in seed order), as in a local run.
    """
    with ray_session(address) as ray:
        task = ray.remote(run_spec)
        refs = [task.remote(spec, seed) for seed in seeds]
        return [task_result(ray, ref) for ref in refs]
