"""``holdem simulate --backend ray``: the chunks of hands as Ray tasks (extra ``ray``).

Each chunk of consecutive hands is one task running the same code as a local
worker; hand ``i`` depends only on ``(seed, i)`` and the per-agent sums are
exact integers, so a Ray run gives exactly the results of a local run with the
same settings, on any cluster. Every node needs ``holdem`` (and any
``module:Class`` agent) importable.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from holdem.errors import HoldemError
from holdem.selfplay.simulate import Job, _work


class RayRunner:
    """A :data:`holdem.selfplay.simulate.Runner` that runs each chunk as a Ray task.

    Uses the running Ray when ``ray.init`` was called already; otherwise it
    connects to ``address`` (``None``: a new local Ray; ``"auto"``: the
    cluster this machine belongs to) for the run and disconnects after.

    Args:
        address: the Ray cluster address, as for ``ray.init``.

    Raises:
        HoldemError: Ray is not installed.
    """

    def __init__(self, address: str | None = None) -> None:
        require_ray()
        self.address = address

    def __call__(
        self, jobs: list[Job], workers: int
    ) -> Iterator[tuple[int, list[tuple[int, int]]]]:
        """Run ``jobs`` as Ray tasks; yield each one's result as it finishes.

        Raises:
            HoldemError: raised in a task (e.g. an agent's
                :class:`~holdem.selfplay.agent_specs.AgentFailure`): the one of the first
                chunk that fails, as in a local run.
        """
        with ray_session(self.address) as ray:
            task = ray.remote(_work)
            refs = [task.remote(job) for job in jobs]
            pending = list(refs)
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                try:
                    result = task_result(ray, done[0])
                except HoldemError:
                    # Name the first failing hand, as a local run does: an earlier
                    # chunk's failure comes before this one.
                    for ref in pending:
                        if refs.index(ref) > refs.index(done[0]):
                            ray.cancel(ref)
                    for ref in refs[: refs.index(done[0])]:
                        task_result(ray, ref)
                    raise
                yield result


def require_ray() -> ModuleType:
    """The ``ray`` module.

    Raises:
        HoldemError: Ray is not installed (one line saying how to get it).
    """
    try:
        import ray
    except ImportError:
        raise HoldemError("the ray backend needs Ray: pip install 'holdem[ray]'") from None
    return ray


@contextmanager
def ray_session(address: str | None) -> Iterator[Any]:
    """The ``ray`` module, connected for the block: the running Ray when
    ``ray.init`` was called already; otherwise a new local Ray (``address``
    ``None``) or the cluster at ``address``, checked first, shut down after.

    Raises:
        HoldemError: Ray is not installed, or nothing answers at ``address``.
    """
    ray = require_ray()
    started = not ray.is_initialized()
    if started:
        if address is not None:
            _check_reachable(address)
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def task_result(ray: Any, ref: Any) -> Any:
    """A Ray task's result; an error of holdem's raised in the task is raised as itself."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as error:
        cause = getattr(error, "cause", None)
        if isinstance(cause, HoldemError):
            raise cause from None
        raise


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail at once, in one line, when nothing answers at ``host:port`` (Ray itself
    retries for minutes); ``auto``, ``local`` and the like are left to Ray.

    Raises:
        HoldemError: ``address`` is not ``host:port`` or nothing listens there.
    """
    where = address.removeprefix("ray://")
    if ":" not in where:
        return  # "auto", "local": Ray finds the cluster itself
    host, _, port = where.rpartition(":")
    if not port.isdigit() or not host or not 0 < int(port) < 65536:
        raise HoldemError(
            f"cannot reach the Ray cluster at {address}: expected host:port, auto or "
            "ray://host:port"
        )
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise HoldemError(f"cannot reach the Ray cluster at {address}: {reason}") from None
