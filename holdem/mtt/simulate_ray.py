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

from holdem.errors import HoldemError
from holdem.mtt.simulate import Spec, run_spec

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
    try:
        import ray
    except ImportError:
        raise HoldemError("the ray backend needs Ray: pip install 'holdem[ray]'") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(run_spec)
        refs = [task.remote(spec, seed) for seed in seeds]
        results: list[dict[str, Any]] = []
        for ref in refs:
            try:
                results.append(ray.get(ref))
            except ray.exceptions.RayTaskError as error:
                cause = getattr(error, "cause", None)
                if isinstance(cause, HoldemError):
                    raise cause from None
                raise
        return results
    finally:
        if started:
            ray.shutdown()
