"""Subgames: a search state that starts at a public state, with ranges for the hole cards.

For re-solving (DeepStack, ReBeL, Libratus-style subgame solving) a search
starts at a public state: the betting so far and the board. The public
state is given as its betting, action ids from the root
(:mod:`holdem.search.state`), which fixes contributions, bets, minimum raise
and the seat to act exactly as the engine has them (R1-R5), and its board.
Instead of known hole cards each seat has a range
(:class:`holdem.equity.ranges.Range`, its text, or ``None`` for any two cards,
optionally a mapping of combos to weights).

The root of a subgame is a chance node per seat, in dealing order, whose
outcomes are that seat's combos (id ``52 * a + b`` for the card ids
``a < b``). The probabilities are the exact marginals of the joint deal:
every assignment of combos to seats that shares no card (and no card with
the board) has probability proportional to the product of the combos'
weights (card removal, R5.4). Once every seat has its cards, the state
continues as a :class:`~holdem.search.state.SearchState` at the given public
state.

>>> from holdem import TableConfig
>>> from holdem.search import CHECK_CALL, RAISE_BASE, SearchGame
>>> game = SearchGame(TableConfig(stacks=[200, 200], small_blind=1, big_blind=2))
>>> root = subgame(game, [RAISE_BASE + 6, CHECK_CALL], "AsKd7c", ["QQ+", "random"])
>>> root.is_chance_node(), len(root.chance_outcomes())  # seat 1 is dealt first
(True, 1176)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from holdem.engine.cards import parse_cards
from holdem.equity.ranges import Range, parse_range
from holdem.search.state import CARD_INDEX, SearchError, SearchGame, SearchState

__all__ = ["RangeDeal", "combo_id", "subgame"]

Weights = Mapping[tuple[str, str], float]
_Plan = tuple[tuple[int, ...], tuple[int, ...], tuple[dict[int, Fraction], ...], tuple[int, ...]]
"""(betting ids, board card ids, ranges in dealing order, combos dealt so far)."""


def combo_id(first: int, second: int) -> int:
    """The chance id of the combo of card ids ``first`` and ``second``: ``52 * low + high``."""
    low, high = (first, second) if first < second else (second, first)
    return 52 * low + high


def _weights(value: Range | str | Weights | None, dead: int) -> dict[int, Fraction]:
    if value is None:
        value = "random"
    if isinstance(value, str):
        value = parse_range(value)
    items: list[tuple[tuple[str, str], object]]
    if isinstance(value, Range):
        items = [(combo, 1) for combo in value.combos]
    else:
        items = list(value.items())
    out: dict[int, Fraction] = {}
    for cards, weight in items:
        a, b = (CARD_INDEX[c] for c in parse_cards(cards))
        if dead >> a & 1 or dead >> b & 1:
            continue
        try:
            if isinstance(weight, bool):
                raise TypeError
            w = Fraction(str(weight)) if isinstance(weight, float) else Fraction(weight)  # type: ignore[call-overload]
        except (TypeError, ValueError, ZeroDivisionError):
            raise SearchError(
                f"the weight of {cards!r} must be a finite number >= 0, got {weight!r}"
            ) from None
        if w < 0:
            raise SearchError(f"a combo weight must be >= 0, got {weight!r}")
        if w:
            out[combo_id(a, b)] = w
    return out


def _mask(combo: int) -> int:
    return 1 << (combo // 52) | 1 << (combo % 52)


def _total(ranges: Sequence[dict[int, Fraction]], used: int, budget: list[int]) -> Fraction:
    """The weight of every assignment of combos to ``ranges`` sharing no card with ``used``."""
    if not ranges:
        return Fraction(1)
    first, rest = ranges[0], ranges[1:]
    total = Fraction(0)
    for combo, weight in first.items():
        budget[0] -= 1
        if budget[0] < 0:
            raise SearchError("the ranges are too wide for an exact joint deal (3+ players)")
        mask = _mask(combo)
        if not used & mask:
            total += weight * _total(rest, used | mask, budget)
    return total


class RangeDeal(SearchState):
    """A subgame node: while seats are being dealt their combos, a chance node
    (:meth:`chance_outcomes` lists combo ids); then the search state at the
    public state. Built by :func:`subgame`."""

    __slots__ = ("_plan",)

    def __init__(self, game: SearchGame) -> None:
        super().__init__(game)
        # While dealing: (betting ids, board card ids, ranges in dealing order, combos dealt).
        self._plan: _Plan | None = None

    def is_chance_node(self) -> bool:
        """A combo or a card is to be dealt."""
        return self._plan is not None or super().is_chance_node()

    def current_player(self) -> int:
        """As :meth:`SearchState.current_player` (chance while combos are dealt)."""
        return -1 if self._plan is not None else super().current_player()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """While dealing combos: each possible combo of the next seat with its
        probability (exact values: :meth:`exact_chance_outcomes`); then as
        :meth:`SearchState.chance_outcomes`."""
        if self._plan is None:
            return super().chance_outcomes()
        return [(combo, float(p)) for combo, p in self.exact_chance_outcomes()]

    def exact_chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """While dealing combos: each combo of the next seat (in dealing order)
        that some full deal allows, with its exact marginal probability.

        Raises:
            SearchError: no combos are being dealt, no deal is possible, or 3+
                ranges too wide to count exactly.
        """
        plan = self._plan
        if plan is None:
            raise SearchError("exact_chance_outcomes() is for the combo-dealing nodes")
        _, board, ranges, dealt = plan
        used = 0
        for card in board:
            used |= 1 << card
        for combo in dealt:
            used |= _mask(combo)
        k = len(dealt)
        rest = [{c: w for c, w in r.items() if not used & _mask(c)} for r in ranges[k + 1 :]]
        if len(rest) == 1:  # one seat left: subtract the combos sharing a card
            last = rest[0]
            total_last = sum(last.values(), Fraction(0))
            by_card = [Fraction(0)] * 52
            for combo, weight in last.items():
                by_card[combo // 52] += weight
                by_card[combo % 52] += weight
        budget = [5_000_000]
        weights: dict[int, Fraction] = {}
        for combo, weight in ranges[k].items():
            mask = _mask(combo)
            if used & mask:
                continue
            if not rest:
                value = weight
            elif len(rest) == 1:
                a, b = combo // 52, combo % 52
                value = weight * (total_last - by_card[a] - by_card[b] + last.get(combo, 0))
            else:
                value = weight * _total(rest, used | mask, budget)
            if value:
                weights[combo] = value
        total = sum(weights.values(), Fraction(0))
        if not total:
            raise SearchError("no deal of the ranges shares no card")
        return [(combo, value / total) for combo, value in sorted(weights.items())]

    def legal_actions(self) -> list[int]:
        """Combo ids while dealing combos, else as :meth:`SearchState.legal_actions`."""
        if self._plan is not None:
            return [combo for combo, _ in self.chance_outcomes()]
        return super().legal_actions()

    def apply_action(self, action: int) -> None:
        """Deal a combo (while dealing combos), else as :meth:`SearchState.apply_action`.

        Raises:
            SearchError: the combo is not possible here.
        """
        plan = self._plan
        if plan is None:
            super().apply_action(action)
            return
        if action not in dict(self.exact_chance_outcomes()):
            raise SearchError(f"combo id {action!r} is not possible here")
        betting, board, ranges, dealt = plan
        dealt = (*dealt, action)
        if len(dealt) < len(ranges):
            self._plan = (betting, board, ranges, dealt)
            return
        self._plan = None
        n = self.game.num_players
        cards = [c // 52 for c in dealt] + [c % 52 for c in dealt]  # dealing order, twice
        history = iter(betting)
        pending = iter(board)
        for card in cards[: 2 * n]:
            SearchState.apply_action(self, card)
        for action_id in history:
            while SearchState.is_chance_node(self):
                SearchState.apply_action(self, _next(pending))
            SearchState.apply_action(self, action_id)
        for card in pending:
            if not SearchState.is_chance_node(self):
                raise SearchError("more board cards than the betting reaches")
            SearchState.apply_action(self, card)

    def clone(self) -> RangeDeal:
        """An independent copy."""
        twin = RangeDeal.__new__(RangeDeal)
        base = SearchState.clone(self)
        for name in SearchState.__slots__:
            setattr(twin, name, getattr(base, name))
        twin._plan = self._plan
        return twin

    def child(self, action: int) -> RangeDeal:
        """A clone with ``action`` applied; this state is unchanged.

        Raises:
            SearchError: the id is not possible or not legal here.
        """
        twin = self.clone()
        twin.apply_action(action)
        return twin

    def resample_from_infostate(self, player: int, rng: object) -> SearchState:
        """Not available in a subgame: the other seats' cards would have to be
        drawn from their ranges, not uniformly. Build a new :func:`subgame`
        with ``player``'s range narrowed to its cards and sample its combo
        chance nodes instead.

        Raises:
            SearchError: always.
        """
        raise SearchError("resample_from_infostate() is not available in a subgame")

    def undo(self) -> None:
        """Not available in a subgame (replay from :func:`subgame` instead).

        Raises:
            SearchError: always.
        """
        raise SearchError("undo() is not available in a subgame: clone before branching")


def _next(cards: object) -> int:
    card = next(cards, None)  # type: ignore[call-overload]
    if card is None:
        raise SearchError("the betting reaches a street whose board cards were not given")
    return int(card)


def subgame(
    game: SearchGame,
    betting: Sequence[int],
    board: str | Sequence[str],
    ranges: Sequence[Range | str | Weights | None],
) -> RangeDeal:
    """The root of a subgame (see the module).

    Args:
        game: the game.
        betting: the betting action ids from the root (no chance ids).
        board: the board cards dealt, as the betting reaches their streets.
        ranges: per seat, a range, its text, ``None`` (any two cards), or a
            mapping of combos (two cards) to weights.

    Raises:
        SearchError: the betting is not legal, does not match the board,
            no deal of the ranges is possible, or a combo weight is not a
            finite number >= 0 (``nan``, ``inf``, a bool, text; the message
            names the combo and the weight).
        RangeError: a range cannot be parsed.
    """
    n = game.num_players
    if len(ranges) != n:
        raise SearchError(f"{len(ranges)} ranges for {n} seats")
    board_ids = tuple(CARD_INDEX[c] for c in parse_cards(board))
    dead = 0
    for card in board_ids:
        dead |= 1 << card
    by_seat = [_weights(r, dead) for r in ranges]
    order = [game.hole_owner(k) for k in range(n)]
    root = RangeDeal(game)
    root._plan = (tuple(betting), board_ids, tuple(by_seat[s] for s in order), ())
    # Check the public state now: replay it with any cards that fit.
    probe = game.new_initial_state()
    free = [c for c in range(52) if not dead >> c & 1]
    for card in free[: 2 * n]:
        probe.apply_action(card)
    pending = iter(board_ids)
    for action in betting:
        while probe.is_chance_node():
            probe.apply_action(_next(pending))
        probe.apply_action(action)
    for card in pending:
        if not probe.is_chance_node():
            raise SearchError("more board cards than the betting reaches")
        probe.apply_action(card)
    root.exact_chance_outcomes()  # raises when no deal is possible
    return root
