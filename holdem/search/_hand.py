"""The engine's :class:`~holdem.engine.hand.Hand` with its board dealt by explicit chance steps.

A :class:`~holdem.engine.hand.Hand` decides every card when it is built. The search
layer needs each street to be a chance node, so this subclass changes one
thing: when betting ends and the hand would deal board cards it does not have
yet (``_known``), it stops and remembers where it stopped (``_pending``); the
search state adds cards one at a time and resumes the engine's own dealing
(``Hand._deal``), which then starts the next street or goes to the showdown
exactly as a plain hand does. Betting, pots and settlement are the engine's.
The search state bets on its own nodes (:mod:`holdem.search._tree`) and makes
a search hand only to settle an end or to show ``SearchState.hand``: built from
a node, or replayed through this class from the root (a game that keeps a log,
and the tests' reference).

The one other change is the time of the settlement: when the hand ends (one
seat left, or the showdown), the hand is over at once (``_phase`` is
``OVER``) but the engine's showdown and payout (``_showdown``, ``_settle``,
R6-R8) run only when something reads the result (:meth:`SearchHand.finish`,
called when a search state reads an end): nothing changes the hand in
between, so the chips are those of an immediate settlement.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, SupportsIndex, cast

from holdem.engine.hand import Hand
from holdem.engine.pots import Layering
from holdem.engine.settlement import OVER

_BOARD_SIZE = (0, 3, 4, 5)
_FINISHING: tuple[Any, ...] = ("finishing",)
"""``_lazy`` while :meth:`SearchHand.finish` runs the engine's settlement."""


class SearchHand(Hand):
    """A :class:`~holdem.engine.hand.Hand` that waits for its board cards (internal).

    ``_known`` is the board dealt so far by chance steps (``None`` while the
    hand is being built); ``_pending`` is ``(live, run_out, need)`` while the
    hand waits for board cards: ``need`` is how many board cards the engine
    reads before it can go on (the next street's, or all five when the board
    is run out, R5.3). ``_ranout`` tells that the board was run out (the
    engine reads it from the log, which a search hand may not keep: R6.1's
    shows at an all-in showdown depend on it). ``_lazy`` is the settlement still to run once the
    hand is over (see :meth:`finish`).
    """

    __slots__ = ("_known", "_pending", "_lazy", "_ranout")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._known: tuple[str, ...] | None = None
        self._pending: tuple[list[int], bool, int] | None = None
        self._lazy: tuple[Any, ...] | None = None
        self._ranout = False
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

    def add_board(self, board: tuple[str, ...]) -> None:
        """Resume the engine with the board dealt so far, ``need`` cards long
        (see :attr:`_pending`): the next street starts, or the showdown comes."""
        assert self._pending is not None
        live, run_out, need = self._pending
        assert len(board) == need
        self._known = board
        if run_out:
            self._ranout = True
        self._pending = None
        self._deal(live, run_out)

    def _ran_out(self) -> bool:
        return self._ranout or Hand._ran_out(self)

    def _showdown(self, live: list[int]) -> None:
        if self._lazy is _FINISHING:
            Hand._showdown(self, live)
            return
        self._lazy = (True, live, None)
        self._phase = OVER

    def _settle(self, ranks: list[int | None] | None, layering: Layering | None = None) -> None:
        if self._lazy is _FINISHING:
            Hand._settle(self, ranks, layering)
            return
        self._lazy = (False, ranks, layering)
        self._phase = OVER

    def finish(self) -> None:
        """Run the settlement the hand put off (R6-R8): the showdown's ranks and
        shows, then the payout and :attr:`result`. Nothing to do unless the hand
        is over and was not settled yet; idempotent."""
        lazy = self._lazy
        if lazy is None or lazy is _FINISHING:
            return
        self._lazy = _FINISHING
        # The showdown's lists: shared between the copies of a search hand
        # until now (game_copier), as nothing before the settlement changes them.
        self._show_queue = self._show_queue[:]
        self._shown = self._shown[:]
        self._ranks = self._ranks[:]
        try:
            if lazy[0]:
                Hand._showdown(self, lazy[1])
            else:
                Hand._settle(self, lazy[1], lazy[2])
        finally:
            self._lazy = None

    def copy(self) -> SearchHand:
        """An independent copy (see :meth:`holdem.engine.hand.Hand.copy`)."""
        twin: SearchHand = _copy(self)
        return twin

    __copy__ = copy


class _Sink(deque):  # type: ignore[type-arg]
    """An event log that keeps nothing: a deque of length 0, whose ``append``
    (C code) costs no Python call; it pickles as the shared :data:`SINK`."""

    __slots__ = ()

    def __reduce__(self) -> str:  # type: ignore[override]
        return "SINK"

    def __copy__(self) -> _Sink:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> _Sink:
        return self


SINK: list[Any] = cast("list[Any]", _Sink(maxlen=0))
"""The shared log of search hands built without a log (see :class:`SearchGame`)."""

_SLOTS = tuple(dict.fromkeys((*Hand._ALL_SLOTS, *SearchHand.__slots__)))


def _make_copy(
    cls: type[SearchHand] | None = None,
    shared: frozenset[str] = frozenset(),
    by_reference: frozenset[str] = frozenset(),
) -> Any:
    """A copy function with one plain assignment per slot (no getattr loop),
    making instances of ``cls``, copying no slot in ``shared`` and the lists
    in ``by_reference`` by reference."""
    lines = ["def copy(self):", "    twin = new(SearchHand)"]
    for name in _SLOTS:
        if name in shared:
            continue
        if name == "_log":
            lines.append("    log = self._log")
            lines.append("    twin._log = log if log is SINK else log[:]")
        elif name in Hand._LISTS and name not in by_reference:
            lines.append(f"    twin.{name} = self.{name}[:]")
        else:
            lines.append(f"    twin.{name} = self.{name}")
    lines.append("    return twin")
    namespace: dict[str, Any] = {
        "new": object.__new__,
        "SearchHand": cls or SearchHand,
        "SINK": SINK,
    }
    exec("\n".join(lines), namespace)  # noqa: S102 - our own generated source
    return namespace["copy"]


_copy = _make_copy()


_SHOWDOWN_LISTS = frozenset(("_show_queue", "_shown", "_ranks"))
"""Lists only the settlement changes: a search hand settles in
:meth:`SearchHand.finish`, which copies them first, so copies share them."""

_CONSTANT = (
    # Set when the hand is built and never again in a search hand: the table,
    # the forced bets' dead money, and the run-it-twice state (a search game
    # has max_runs 1: no run question is ever asked, R12).
    "config",
    "_n",
    "_manual",
    "_dead",
    "_unknown",
    "_run_cards",
    "_run_stub",
    "_run_offer",
    "_runs",
    "_run_boards",
    "_run_queue",
)


def game_copier(template: SearchHand) -> Callable[[SearchHand], SearchHand]:
    """A copy function for the hands of one search game (``max_runs`` 1).

    The values every hand of the game shares and the engine never assigns
    after building a hand (:data:`_CONSTANT`, and the log when it is
    :data:`SINK`) become class attributes of a subclass made for the game, so
    a copy sets about two thirds of the slots (an assignment to one of them
    would raise ``AttributeError`` rather than change every hand); and the
    showdown's lists (:data:`_SHOWDOWN_LISTS`) are shared until
    :meth:`SearchHand.finish`. The copies
    pickle and deep-copy as plain :class:`SearchHand` objects.

    Args:
        template: a hand of the game, as built (its constant values are kept).

    Returns:
        ``copy(hand)``: an independent copy of ``hand`` (a hand of this game).
    """
    assert template.config.max_runs == 1
    names = list(_CONSTANT)
    if template._log is SINK:
        names += ["_log", "_built"]
    values = {name: getattr(template, name) for name in names}
    values["__slots__"] = ()
    values["__reduce_ex__"] = _reduce_ex
    values["__deepcopy__"] = _deepcopy
    cls = type("GameSearchHand", (SearchHand,), values)
    copy: Callable[[SearchHand], SearchHand] = _make_copy(cls, frozenset(names), _SHOWDOWN_LISTS)
    return copy


def _reduce_ex(self: SearchHand, protocol: SupportsIndex) -> Any:
    return _restore, (tuple([getattr(self, name) for name in _SLOTS]),)


def _restore(values: tuple[Any, ...]) -> SearchHand:
    """Unpickle a game's hand as a plain :class:`SearchHand`."""
    hand: SearchHand = object.__new__(SearchHand)
    for name, value in zip(_SLOTS, values):
        setattr(hand, name, value)
    return hand


def _deepcopy(self: SearchHand, memo: dict[int, object]) -> SearchHand:
    twin: SearchHand = _copy(self)
    return twin
