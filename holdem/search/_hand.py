"""The engine's :class:`~holdem.engine.hand.Hand` with its board dealt by explicit chance steps.

A :class:`~holdem.engine.hand.Hand` decides every card when it is built. The search
layer needs each street to be a chance node, so this subclass changes one
thing: when betting ends and the hand would deal board cards it does not have
yet (``_known``), it stops and remembers where it stopped (``_pending``); the
search state adds cards one at a time and resumes the engine's own dealing
(``Hand._deal``), which then starts the next street or goes to the showdown
exactly as a plain hand does. Betting, pots and settlement are the engine's.
"""

from __future__ import annotations

from typing import Any

from holdem.engine.hand import Hand

_BOARD_SIZE = (0, 3, 4, 5)


class SearchHand(Hand):
    """A :class:`~holdem.engine.hand.Hand` that waits for its board cards (internal).

    ``_known`` is the board dealt so far by chance steps (``None`` while the
    hand is being built); ``_pending`` is ``(live, run_out, need)`` while the
    hand waits for board cards: ``need`` is how many board cards the engine
    reads before it can go on (the next street's, or all five when the board
    is run out, R5.3).
    """

    __slots__ = ("_known", "_pending")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._known: tuple[str, ...] | None = None
        self._pending: tuple[list[int], bool, int] | None = None
        super().__init__(*args, **kwargs)
        self._known = ()
        self._deck_board = ()

    def _deal(
        self, live: list[int], run_out: bool, later: tuple[tuple[str, ...], ...] = ()
    ) -> None:
        if self._street < 3:
            need = 5 if run_out else _BOARD_SIZE[self._street + 1]
            known = self._known
            if known is None or len(known) < need:
                self._pending = (live, run_out, need)
                return
            self._deck_board = known
        Hand._deal(self, live, run_out, later)

    def add_board_card(self, card: str) -> None:
        """Deal one board card; resume the engine when the street is complete."""
        assert self._known is not None and self._pending is not None
        known = self._known = (*self._known, card)
        live, run_out, need = self._pending
        if len(known) == need:
            self._pending = None
            self._deal(live, run_out)

    def copy(self) -> SearchHand:
        """An independent copy (see :meth:`holdem.engine.hand.Hand.copy`)."""
        twin: SearchHand = _copy(self)
        return twin

    __copy__ = copy


class _Sink(list):  # type: ignore[type-arg]
    """An event log that keeps nothing (search hands skip the log's cost)."""

    __slots__ = ()

    def append(self, item: object) -> None:
        """Drop ``item``."""

    def extend(self, items: object) -> None:
        """Drop ``items``."""


SINK: list[Any] = _Sink()
"""The shared log of search hands built without a log (see :class:`SearchGame`)."""

_SLOTS = tuple(dict.fromkeys((*Hand._ALL_SLOTS, *SearchHand.__slots__)))


def _make_copy() -> Any:
    """A copy function with one plain assignment per slot (no getattr loop)."""
    lines = ["def copy(self):", "    twin = new(SearchHand)"]
    for name in _SLOTS:
        if name == "_log":
            lines.append("    log = self._log")
            lines.append("    twin._log = log if log is SINK else log[:]")
        elif name in Hand._LISTS:
            lines.append(f"    twin.{name} = self.{name}[:]")
        else:
            lines.append(f"    twin.{name} = self.{name}")
    lines.append("    return twin")
    namespace: dict[str, Any] = {
        "new": object.__new__,
        "SearchHand": SearchHand,
        "SINK": SINK,
    }
    exec("\n".join(lines), namespace)  # noqa: S102 - our own generated source
    return namespace["copy"]


_copy = _make_copy()
