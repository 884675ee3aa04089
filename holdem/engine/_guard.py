"""A cheap check that one :class:`~holdem.engine.hand.Hand` is not changed by two
threads at once (issue 22, item 10).

A ``Hand`` is not thread-safe: its actions read and write many fields. Each
public action enters the guard with :func:`enter` (one atomic
``dict.setdefault``, so two threads can never both get in) and leaves it with
:func:`leave`. A thread that finds another inside the same hand gets
:class:`~holdem.errors.ConcurrentUseError` and changes nothing; the other
call completes whole. Within one thread the guard lets calls nest.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from threading import get_ident
from typing import Any, TypeVar, cast

from holdem.errors import ConcurrentUseError

_INSIDE: dict[int, int] = {}
"""``id(hand) -> thread id`` for each hand an action is running on."""


def enter(hand: object) -> bool:
    """Enter ``hand``'s guard for the running thread.

    Returns:
        Whether this call entered it (false when this thread was inside
        already: the outer call leaves it).

    Raises:
        ConcurrentUseError: another thread is inside an action of ``hand``.
    """
    me = get_ident()
    key = id(hand)
    if _INSIDE.get(key) == me:  # only this thread can have written ``me``
        return False
    holder = _INSIDE.setdefault(key, me)
    if holder != me:
        raise ConcurrentUseError(
            "this Hand is in the middle of an action in another thread: a Hand is not "
            "thread-safe; give each thread its own hands, or hold a lock around each action"
        )
    return True


def leave(hand: object, entered: bool) -> None:
    """Leave ``hand``'s guard if :func:`enter` returned true (``entered``)."""
    if entered:
        _INSIDE.pop(id(hand), None)


_Method = TypeVar("_Method", bound=Callable[..., Any])


def guarded(method: _Method) -> _Method:
    """``method`` (of a hand) run inside the hand's guard (:func:`enter`)."""

    @functools.wraps(method)
    def run(self: object, *args: Any, **kwargs: Any) -> Any:
        entered = enter(self)
        try:
            return method(self, *args, **kwargs)
        finally:
            leave(self, entered)

    return cast(_Method, run)


@contextlib.contextmanager
def inside(hand: object) -> Iterator[None]:
    """Hold ``hand``'s guard for the ``with`` block: other threads' actions
    on it are refused meanwhile (:class:`~holdem.errors.ConcurrentUseError`)."""
    entered = enter(hand)
    try:
        yield
    finally:
        leave(hand, entered)
