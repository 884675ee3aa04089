"""``holdem match --backend ray``: the chunks of deals as Ray tasks (extra ``ray``).

Each chunk of :data:`holdem.search.match.CHUNK` deals is one task running
:func:`holdem.search.match.play_chunk`, the code of a local run; a chunk makes
its own agents from the match seed and its first deal, and the chips are exact
integers and fractions, so a Ray run gives exactly the report of a local run
with the same settings. Every node needs ``holdem`` (and any ``module:Class``
agent) importable.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from holdem.search.match import DealResult, MatchJob, play_chunk
from holdem.selfplay.simulate_ray import ray_session, require_ray, task_result

__all__ = ["RayMatchRunner"]


class RayMatchRunner:
    """A :data:`holdem.search.match.MatchRunner` that runs each chunk as a Ray task.

    Uses the running Ray when ``ray.init`` was called already; otherwise it
    connects to ``address`` (``None``: a new local Ray; ``"auto"``: the
    cluster this machine belongs to) for the match and disconnects after.

    Args:
        address: the Ray cluster address, as for ``ray.init``.

    Raises:
        HoldemError: Ray is not installed.
    """

    def __init__(self, address: str | None = None) -> None:
        require_ray()
        self.address = address

    window = 64
    """The most chunks submitted and not yet returned (the jobs are taken
    from their iterator as earlier ones finish)."""

    def __call__(self, jobs: Iterable[MatchJob]) -> Iterator[tuple[int, list[DealResult]]]:
        """Run ``jobs`` as Ray tasks, at most :attr:`window` at a time; yield
        each one's result as it finishes.

        Raises:
            HoldemError: raised in a task (e.g. an agent's failure), as itself.
        """
        with ray_session(self.address) as ray:
            task = ray.remote(play_chunk)
            todo = iter(jobs)
            pending = [task.remote(job) for job in itertools.islice(todo, self.window)]
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                pending += [task.remote(job) for job in itertools.islice(todo, 1)]
                yield task_result(ray, done[0])
