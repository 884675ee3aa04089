"""A game-tree state over the exact engine, with explicit chance nodes.

:class:`SearchGame` fixes the table (a :class:`~holdem.engine.config.TableConfig`,
2 to 10 seats, blinds, antes, straddles, posts, stacks, pot-limit, chip unit)
and the action abstraction; :meth:`SearchGame.new_initial_state` gives the
root, a chance node. Every card is one chance step: first the hole cards, one
card at a time in dealing order (from the seat left of the button, clockwise,
twice: R5.4), then each board card (three for the flop, one for the turn, one
for the river) when the engine reaches that street. The betting is that of
:class:`~holdem.engine.hand.Hand` (R1-R5, R11, R14), played on a few ints and
lists (:mod:`holdem.search._tree`, checked against a plain hand node for
node); the showdown, pots and settlement are the engine's own (R6-R9, R13).

Action ids (one integer space for chance and betting, as OpenSpiel wants):

- at a chance node, a card id ``0..51``: the index of the card in
  :data:`holdem.engine.cards.DECK` (``2c`` = 0, ``2d`` = 1, ... ``As`` = 51);
- at a decision, :data:`FOLD` = 0, :data:`CHECK_CALL` = 1 (check when
  nothing is owed, else call, all-in for less when short, R1.2), and
  ``RAISE_BASE + to`` = ``2 + to`` for a bet or raise *to* ``to`` chips (the
  seat's bet on the street after the action, R3.1). With the full game every
  legal raise-to amount is listed (R3.3-R3.6); ``abstraction="push_fold"``
  keeps fold, check, all-in and calls of an all-in; an
  :class:`~holdem.views.abstraction.Abstraction` keeps its buttons' amounts.

>>> from holdem import TableConfig
>>> game = SearchGame(TableConfig(stacks=[20, 20], small_blind=1, big_blind=2))
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
>>> for card in (0, 1, 2, 3):
...     state.apply_action(card)
>>> state.current_player(), state.legal_actions()[:4]
(0, [0, 1, 6, 7])
>>> state.apply_action(FOLD)
>>> state.is_terminal(), state.returns(), state.returns_bb()
(True, (-1, 1), (-0.5, 0.5))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from holdem.engine.betting import LegalActions, fast_legal_actions
from holdem.engine.cards import DECK
from holdem.engine.config import Structure, TableConfig, plain_int
from holdem.engine.settlement import OVER
from holdem.engine.streets import STREETS
from holdem.errors import ConfigError
from holdem.search import _tree, encode
from holdem.search._errors import SearchError, player_index
from holdem.search._hand import SINK, SearchHand, game_copier
from holdem.search._tree import Node, board_done, bounds, end_street
from holdem.views.abstraction import Abstraction

__all__ = [
    "CARD_INDEX",
    "CHANCE",
    "CHECK_CALL",
    "FOLD",
    "RAISE_BASE",
    "RESAMPLE_TRIES",
    "TERMINAL",
    "SearchError",
    "SearchGame",
    "SearchState",
]

FOLD = 0
"""Action id of a fold."""
CHECK_CALL = 1
"""Action id of a check, or a call when chips are owed."""
RAISE_BASE = 2
"""A bet or raise to ``to`` chips has the id ``RAISE_BASE + to``."""
CHANCE = -1
""":meth:`SearchState.current_player` at a chance node (OpenSpiel's value)."""
TERMINAL = -4
""":meth:`SearchState.current_player` once the hand is over (OpenSpiel's value)."""
RESAMPLE_TRIES = 10_000
"""The most draws :meth:`SearchState.resample_from_infostate` makes at a terminal
state for a deal consistent with the showdown."""
CARD_INDEX: dict[str, int] = {card: i for i, card in enumerate(DECK)}
"""The chance-action id of each card: its index in :data:`holdem.engine.cards.DECK`."""

_new = object.__new__
_PENDING = _tree.PENDING


class SearchGame:
    """The rules of a searchable game: one table configuration and an abstraction.

    Args:
        config: the table (2 to 10 seats; blinds, antes, straddles, posts,
            stacks, pot-limit, chip unit, free folds and rake as in
            :class:`~holdem.engine.config.TableConfig`).
        abstraction: ``"full"`` (every legal raise-to amount), ``"push_fold"``
            (fold, check, all-in, and a call only of a bet from a seat that is
            all-in or when the call is all-in) or an
            :class:`~holdem.views.abstraction.Abstraction` (its buttons' amounts).
        keep_log: give :attr:`SearchState.hand` the hand's event log
            (:attr:`holdem.engine.hand.Hand.log`): the hand is then the
            engine's own, replayed from the root when read (its cost grows
            with the depth); off by default: the hand is built from the node
            at once and its log is empty. The search itself never reads a
            log: acting and cloning cost the same either way.

    Raises:
        ConfigError: ``max_runs`` above 1 (running the board more than once,
            R12, is a player's choice the tree does not model), or an unknown
            abstraction.

    Attributes:
        config: the table.
        num_players: the number of seats.
        num_distinct_actions: ``RAISE_BASE + max(stacks) + 1``: every id a
            decision may use (card ids ``0..51`` share the space).
        max_betting_actions: an upper bound of the betting actions in one
            hand: ``4 * n + (max(stacks) // min_bet + n) * (n - 1)`` (every
            street once around, and one more turn for the others after each
            bet or raise; full raises add at least ``min_bet`` to a stack's
            contribution, short all-ins happen at most once per seat).
        max_game_length: ``2 * n + 5 + max_betting_actions`` (chance steps included).
    """

    __slots__ = (
        "config",
        "abstraction",
        "num_players",
        "num_distinct_actions",
        "max_betting_actions",
        "max_game_length",
        "_template",
        "_order",
        "_full",
        "_raises",
        "_hole_count",
        "_places",
        "_copy",
        "_root",
        "_start",
        "_dead",
        "_seats",
        "_others",
        "_rot",
        "_after",
        "_left",
        "_pot_limit",
        "_free_fold",
    )

    def __init__(
        self,
        config: TableConfig,
        abstraction: str | Abstraction = "full",
        *,
        keep_log: bool = False,
    ) -> None:
        if not isinstance(config, TableConfig):
            raise ConfigError("config", f"must be a TableConfig, got {type(config).__name__}")
        if config.max_runs != 1:
            raise ConfigError("max_runs", "search states deal one board: max_runs must be 1")
        if not (abstraction in ("full", "push_fold") or isinstance(abstraction, Abstraction)):
            raise ConfigError(
                "abstraction", f"must be 'full', 'push_fold' or an Abstraction, got {abstraction!r}"
            )
        n = config.seats
        top = max(config.stacks)
        self.config = config
        self.abstraction = abstraction
        self.num_players = n
        self.num_distinct_actions = RAISE_BASE + top + 1
        self.max_betting_actions = 4 * n + (top // config.min_bet + n) * (n - 1)
        self.max_game_length = 2 * n + 5 + self.max_betting_actions
        self._template = SearchHand(config, rng=random.Random(0))
        self._order = tuple((config.button + 1 + i) % n for i in range(n))
        self._full = abstraction == "full"
        self._hole_count = 2 * n
        # Per seat: the indices of its two hole cards in the dealing order (R5.4).
        self._places = tuple((p, n + p) for p in (self._order.index(s) for s in range(n)))
        # Per raise-to amount: the bet and the raise token.
        self._raises: dict[int, tuple[str, str]] = {}
        if not keep_log:
            self._template._log = SINK
        self._copy = game_copier(self._template)
        self._nodes(self._template)

    def _nodes(self, template: SearchHand) -> None:
        """The constants of the search nodes (:mod:`holdem.search._tree`): the
        root (forced bets posted, R2, R11, R14.3), the first player once the
        hole cards are dealt, and per-seat tables."""
        config = self.config
        n = config.seats
        self._dead = template._dead  # the big-blind ante and dead posts (R2.3, R14.3)
        self._seats = tuple(range(n))
        self._others = tuple(tuple(o for o in range(n) if o != s) for s in range(n))
        self._rot = tuple(tuple((s + i) % n for i in range(n)) for s in range(n))
        self._after = tuple(self._rot[(s + 1) % n] for s in range(n))
        self._left = (config.button + 1) % n
        self._pot_limit = config.structure is Structure.POT_LIMIT
        self._free_fold = config.free_fold
        pending = template._pending
        assert template._phase != OVER  # forced bets never end a hand
        betting = (
            "",
            0,
            template._street,
            [*template._stacks, *template._bets, *template._contrib],
            sum(1 << s for s in range(n) if template._acted[s]),
            list(template._folded),
            template._current,
            template._min_raise,
            template._aggressor,
            None,
            tuple(template._returned),
            False,
            None,
        )
        self._root: Node = (None, None, CHANCE, (), 0, betting)
        # Once the hole cards are dealt: the seat to act, or a chance node for
        # the board when the forced bets put all but one seat all-in (R5.3).
        if pending is None:
            assert template._to_act is not None
            self._start: tuple[int, tuple[Any, ...]] = (template._to_act, betting)
        else:
            self._start = (CHANCE, betting[:9] + ((pending[1], pending[2]),) + betting[10:])

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle as the arguments that built the game (its copy function is made again)."""
        return (_game, (self.config, self.abstraction, self._template._log is not SINK))

    def new_initial_state(self) -> SearchState:
        """The root: a chance node dealing the first hole card (forced bets posted)."""
        return SearchState(self)

    def replay(self, history: Sequence[int]) -> SearchState:
        """The state reached from the root by ``history`` (action ids).

        Raises:
            SearchError: an id is not legal where it is applied.
        """
        state = SearchState(self)
        for action in history:
            state.apply_action(action)
        return state

    def hole_owner(self, k: int) -> int:
        """The seat receiving the ``k``-th hole card dealt (0-based, R5.4)."""
        return self._order[k % self.num_players]


def _game(config: TableConfig, abstraction: str | Abstraction, keep_log: bool) -> SearchGame:
    """Unpickle a :class:`SearchGame`."""
    return SearchGame(config, abstraction, keep_log=keep_log)


class SearchState:
    """One node of the game tree (see the module for the action ids).

    Built by :meth:`SearchGame.new_initial_state`. The node is one immutable
    tuple (:mod:`holdem.search._tree`): :meth:`clone` shares it (two
    references copied), :meth:`apply_action` builds the child's and keeps
    the parent, so :meth:`undo` is one step back. The betting is that of
    :class:`~holdem.engine.hand.Hand` on a few ints and lists (R1-R5, R7.4);
    the showdown and payout are the engine's own, run when the end's result
    is first read (R6-R8, R13).
    """

    __slots__ = ("game", "_s")

    def __init__(self, game: SearchGame) -> None:
        self.game = game
        self._s: Node = game._root

    # ------------------------------------------------------------ node kinds
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
        player: int = self._s[2]
        return player

    def is_chance_node(self) -> bool:
        """A card is to be dealt."""
        return self._s[2] == CHANCE  # type: ignore[no-any-return]

    def is_terminal(self) -> bool:
        """The hand is settled."""
        return self._s[2] == TERMINAL  # type: ignore[no-any-return]

    @property
    def hand(self) -> SearchHand | None:
        """The engine's hand (``None`` while hole cards are being dealt).

        Built when read, from the node (or, when the game keeps a log, by
        replaying the history through the engine); once the hand is over,
        the settled hand, shared with clones of this state. Warning: it holds
        every hole card dealt; never show it to a bot that must not see them
        (use :meth:`information_state_string`). Read it only; while a
        street's board is being dealt its board cards are in
        :meth:`board_ids`, not yet in the hand."""
        node = self._s
        if node[_tree.BET][_tree.END] is not None:
            return self._settled()
        if len(node[_tree.CARDS]) < self.game._hole_count:
            return None
        if self.game._template._log is not SINK:
            return _tree.engine_hand(self.game, self.history)
        return _tree.materialize(self.game, node)

    def _settled(self) -> SearchHand:
        """The engine's settled hand at the end (built once, kept in the node)."""
        end = self._s[_tree.BET][_tree.END]
        hand: SearchHand | None = end[1]
        if hand is None:
            game = self.game
            if game._template._log is not SINK:
                hand = _tree.engine_hand(game, self.history)
            else:
                hand = _tree.materialize(game, self._s)
            assert hand is not None and hand._result is not None
            end[1] = hand
        return hand

    @property
    def history(self) -> tuple[int, ...]:
        """Every action id applied from the root, chance steps included."""
        out = []
        node = self._s
        while node[0] is not None:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return tuple(out)

    @property
    def cards(self) -> tuple[int, ...]:
        """The card ids dealt so far: the hole cards in dealing order, then the board."""
        cards: tuple[int, ...] = self._s[_tree.CARDS]
        return cards

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card not dealt yet, each with probability ``1 / count``, by id.

        Raises:
            SearchError: this is not a chance node.
        """
        if not self.is_chance_node():
            raise SearchError("chance_outcomes() needs a chance node")
        dealt = self._s[_tree.DEALT]
        unseen = [c for c in range(52) if not dealt >> c & 1]
        p = 1.0 / len(unseen)
        return [(c, p) for c in unseen]

    # ----------------------------------------------------------------- betting
    def _legal(self) -> LegalActions:
        """The engine's :class:`~holdem.engine.betting.LegalActions` of the seat to act."""
        node = self._s
        seat = node[2]
        if seat < 0:
            raise SearchError("no seat is to act here (a chance node or the end of the hand)")
        chips = node[_tree.BET][_tree.CHIPS]
        stack = chips[seat]
        bet = chips[self.game.num_players + seat]
        current = node[_tree.BET][_tree.CURRENT]
        owed = current - bet
        low, high = bounds(self.game, node, seat)
        return fast_legal_actions(
            seat,
            owed > 0 or self.game._free_fold,
            owed <= 0,
            owed if owed < stack else stack,
            low,
            high,
            "raise" if current else "bet",
            stack <= owed if high is None else high == bet + stack,
        )

    def legal_actions(self) -> list[int]:
        """The legal action ids, ascending: card ids at a chance node, betting
        ids at a decision (R3), none at the end."""
        node = self._s
        seat = node[2]
        if seat < 0:
            return [c for c, _ in self.chance_outcomes()] if seat == CHANCE else []
        game = self.game
        if not game._full:
            return sorted(self._abstract_ids())
        bet = node[_tree.BET][_tree.CHIPS][game.num_players + seat]
        owed = node[_tree.BET][_tree.CURRENT] - bet
        ids = [FOLD, CHECK_CALL] if owed > 0 or game._free_fold else [CHECK_CALL]
        low, high = bounds(game, node, seat)
        if low is not None and high is not None:
            ids.extend(range(RAISE_BASE + low, RAISE_BASE + high + 1))
        return ids

    def _abstract_ids(self) -> set[int]:
        legal = self._legal()
        node = self._s
        n = self.game.num_players
        chips = node[_tree.BET][_tree.CHIPS]
        stacks = chips[:n]
        abstraction = self.game.abstraction
        if isinstance(abstraction, Abstraction):
            out = {FOLD} if legal.can_fold else set()
            pot = sum(chips[2 * n :]) + self.game._dead
            for action in abstraction.actions(legal, pot, node[_tree.BET][_tree.CURRENT])[1:]:
                if action is not None:
                    out.add(CHECK_CALL if action.amount is None else RAISE_BASE + action.amount)
            return out
        # push_fold
        out = {FOLD} if legal.can_fold else set()
        folded = node[_tree.BET][_tree.FOLDED]
        if legal.can_check or legal.call >= stacks[legal.seat]:
            out.add(CHECK_CALL)
        elif any(not folded[s] and stacks[s] == 0 for s in range(len(stacks))):
            out.add(CHECK_CALL)
        if legal.max_raise_to is not None:
            out.add(RAISE_BASE + legal.max_raise_to)
        if out == {FOLD}:
            out.add(CHECK_CALL)
        return out

    def apply_action(self, action: int) -> None:
        """Apply a card id at a chance node or a betting id at a decision.

        Raises:
            SearchError: the id is not legal here (the state is unchanged, R3.7).
        """
        if type(action) is not int:
            index = plain_int(action)
            if index is None:
                raise SearchError(f"not an action id: {action!r}")
            action = index
        node = self._s
        _, _, seat, cards, dealt, state = node
        game = self.game
        if seat < 0:
            if seat != CHANCE:  # the end (R5.2, R6)
                raise SearchError("the hand is over: no action applies")
            if not 0 <= action < 52 or dealt >> action & 1:
                raise SearchError(f"card id {action!r} is not an undealt card (0..51)")
            cards += (action,)
            pending = state[_PENDING]
            if pending is None:  # a hole card
                if len(cards) == game._hole_count:  # the hand starts (R5.1)
                    seat, state = game._start
            elif len(cards) - game._hole_count == pending[1]:  # the street's board is in
                self._s = board_done(game, (node, action, seat, cards, dealt | 1 << action, state))
                return
            self._s = (node, action, seat, cards, dealt | 1 << action, state)
            return
        (
            text,
            tstreet,
            street,
            chips,
            acted,
            folded,
            current,
            min_raise,
            aggressor,
            _,
            returned,
            ranout,
            _,
        ) = state
        if not game._full and action not in self._abstract_ids():
            raise SearchError(f"action {action!r} is not legal for seat {seat}: {self._allowed()}")
        n = game.num_players
        stack = chips[seat]
        bet = chips[n + seat]
        owed = current - bet
        if action == CHECK_CALL:
            if owed > 0:  # a call, all-in for less when short (R1.2)
                added = owed if owed < stack else stack
                chips = chips[:]
                chips[seat] = stack - added
                chips[n + seat] = bet + added
                chips[2 * n + seat] += added
                token = "c"
            else:
                token = "k"
            acted |= 1 << seat
        elif action == FOLD:
            if owed <= 0 and not game._free_fold:
                raise SearchError(f"seat {seat} may not fold now (R3.1): {self._allowed()}")
            folded = folded[:]
            folded[seat] = True
            token = "f"
        elif action > FOLD:
            to = action - RAISE_BASE
            # bounds(game, node, seat), inlined: R3.3-R3.6, R4.2, R4.3, pot-limit R3.5
            low = high = -1
            if stack > owed and (not acted >> seat & 1 or owed >= min_raise):
                for other in game._others[seat]:
                    if not folded[other] and chips[n + other] + chips[other] > current:
                        high = bet + stack
                        low = current + min_raise
                        if game._pot_limit:
                            cap = current + sum(chips[2 * n :]) + game._dead + owed
                            if cap < low:
                                cap = low
                            if cap < high:
                                high = cap
                        if low > high:
                            low = high
                        break
            if not low <= to <= high or low < 0:
                raise SearchError(
                    f"action {action} (to {to}) is not legal for seat {seat}: {self._allowed()}"
                )
            words = game._raises.get(to)
            if words is None:
                words = game._raises[to] = (f"b{to}", f"r{to}")
            token = words[1] if current else words[0]
            chips = chips[:]
            chips[seat] = stack - to + bet
            chips[n + seat] = to
            chips[2 * n + seat] += to - bet
            if to > current:
                if to - current >= min_raise:  # a full bet or raise (R4.1)
                    min_raise = to - current
                current = to
                aggressor = seat
            acted |= 1 << seat
        else:
            raise SearchError(f"not an action id: {action!r}")
        if street != tstreet:
            token = "/" * (street - tstreet) + token
            tstreet = street
        text += token
        to_act = None
        able = 0
        if action != FOLD or folded.count(False) > 1:
            # The next seat to act (R5.1, R5.1a): _tree.first_to_act, inlined;
            # at once when the next seat can bet and owes chips, or has not
            # acted while the seat that just acted can still bet too.
            order = game._after[seat]
            start = order[0]
            if (
                chips[start]
                and not folded[start]
                and (
                    chips[n + start] < current
                    or (not acted >> start & 1 and chips[seat] and not folded[seat])
                )
            ):
                to_act = start
            else:
                last = -1
                for other in order:
                    if folded[other] or not chips[other]:
                        continue
                    able += 1
                    last = other
                    if to_act is None and (not acted >> other & 1 or chips[n + other] < current):
                        to_act = other
                    if able > 1 and to_act is not None:
                        break
                else:
                    if able == 1:
                        to_act = last if chips[n + last] < current else None
        if to_act is None:
            self._s = end_street(
                game, node, action, text, tstreet, chips, acted, folded, current, min_raise,
                aggressor, able,
            )  # fmt: skip
            return
        self._s = (
            node, action, to_act, cards, dealt,
            (text, tstreet, street, chips, acted, folded, current, min_raise, aggressor, None,
             returned, ranout, None),
        )  # fmt: skip

    def _allowed(self) -> str:
        ids = self.legal_actions()
        if len(ids) > 8:
            return f"legal ids {ids[:4]}...{ids[-2:]}"
        return f"legal ids {ids}"

    # ------------------------------------------------------------------ copies
    def clone(self) -> SearchState:
        """An independent copy (acting on one never changes the other)."""
        twin = _new(SearchState)
        twin.game = self.game
        twin._s = self._s
        return twin

    def child(self, action: int) -> SearchState:
        """A clone with ``action`` applied (OpenSpiel's ``State.child``); this
        state is unchanged.

        Raises:
            SearchError: the id is not legal here.
        """
        twin = _new(SearchState)  # clone(), inlined
        twin.game = self.game
        twin._s = self._s
        twin.apply_action(action)
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> SearchState:
        """``copy.deepcopy`` is :meth:`clone` (the game is shared, not copied)."""
        return self.clone()

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """Pickle as the game and the history (replayed when unpickled)."""
        values = {
            name: getattr(self, name)
            for cls in type(self).__mro__
            for name in getattr(cls, "__slots__", ())
            if name != "_s"
        }
        values["_s"] = self.history
        return None, values

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        """Unpickle: replay the history from the game's root."""
        values = dict(state[1])
        history = values.pop("_s")
        for name, value in values.items():
            setattr(self, name, value)
        self._s = self.game._root
        for action in history:
            SearchState.apply_action(self, action)

    def undo(self) -> None:
        """Take back the last action (chance or betting): the parent node.

        Raises:
            SearchError: at the root.
        """
        parent = self._s[0]
        if parent is None:
            raise SearchError("nothing to undo at the root")
        self._s = parent

    # ----------------------------------------------------------------- results
    def returns(self) -> tuple[int, ...]:
        """Chips won (+) or lost (-) per seat: final minus starting stack
        (zeros before the end; they sum to minus the rake, R13)."""
        end = self._s[_tree.BET][_tree.END]
        if end is None:
            return (0,) * self.game.num_players
        chips: tuple[int, ...] | None = end[2]
        if chips is None:
            chips = end[2] = _tree.net(self.game, self._s)
        return chips

    def returns_bb(self) -> tuple[float, ...]:
        """:meth:`returns` in big blinds."""
        bb = self.game.config.big_blind
        return tuple(chips / bb for chips in self.returns())

    # ---------------------------------------------------------- information
    def hole_ids(self, seat: int) -> tuple[int, ...]:
        """The card ids dealt to ``seat`` so far (0, 1 or 2).

        Raises:
            SearchError: ``seat`` is not a whole number from 0 to ``num_players - 1``
                (a bool, a negative or too large seat: never wrapped around).
        """
        n = self.game.num_players
        seat = player_index(seat, n, "seat")
        place = (seat - self.game.config.button - 1) % n
        cards = self.cards
        return tuple(cards[k] for k in (place, n + place) if k < len(cards))

    def board_ids(self) -> tuple[int, ...]:
        """The board card ids dealt so far, in dealing order."""
        return tuple(self.cards[2 * self.game.num_players :])

    def shown_seats(self) -> tuple[int, ...]:
        """Seats whose hole cards are shown, in seat order: every seat still in
        from the moment betting ended early (an all-in run-out, R6.4: shown
        before the rest of the board is dealt), else those shown at the
        showdown (R6); ``()`` before."""
        bet = self._s[_tree.BET]
        if bet[_tree.END] is None:
            pending = bet[_tree.PENDING]
            if pending is not None and pending[0]:  # the run-out's chance nodes
                return tuple(seat for seat, out in enumerate(bet[_tree.FOLDED]) if not out)
            return ()
        result = self._settled().result
        assert result is not None
        return result.shown

    def public_actions(self) -> str:
        """The betting so far: ``f`` fold, ``k`` check, ``c`` call, ``b<to>`` /
        ``r<to>`` bet / raise to ``to`` chips on the street, ``/`` between
        streets (chance steps are not written)."""
        text: str = self._s[_tree.BET][_tree.TEXT]
        return text

    def _chips(self) -> encode.Chips:
        """The public chips now: ``(street, contributions, bets, stacks, folded)``
        per seat, as :class:`~holdem.engine.hand.Hand` has them (``street`` its
        name; at the end the settled stacks, R8; while the hole cards are
        dealt, the forced bets posted, R2)."""
        node = self._s
        if node[_tree.BET][_tree.END] is not None:
            hand = self._settled()
            return (
                STREETS[hand._street],
                tuple(hand._contrib),
                tuple(hand._bets),
                tuple(hand._stacks),
                tuple(hand._folded),
            )
        n = self.game.num_players
        chips = node[_tree.BET][_tree.CHIPS]
        return (
            STREETS[node[_tree.BET][_tree.STREET]],
            tuple(chips[2 * n :]),
            tuple(chips[n : 2 * n]),
            tuple(chips[:n]),
            tuple(node[_tree.BET][_tree.FOLDED]),
        )

    def information_state_string(self, player: int) -> str:
        """Everything ``player`` knows, over the whole history (perfect recall).

        Format: ``P<player> D<cards dealt> H<own cards> B<flop>|<turn>|<river>
        A<public actions>`` (with the cards shown at the showdown at the end
        as ``S<seat>:<cards>``). Never contains another seat's hidden cards.
        """
        return encode.information_state_string(self, player)

    def observation_string(self, player: int) -> str:
        """What ``player`` sees now: own cards, board, pot, bets, stacks (see
        :func:`holdem.search.encode.observation_string`)."""
        return encode.observation_string(self, player)

    def information_state_tensor(self, player: int) -> list[float]:
        """The information state as floats (layout in :mod:`holdem.search.encode`)."""
        return encode.information_state_tensor(self, player)

    def observation_tensor(self, player: int) -> list[float]:
        """The observation as floats (layout in :mod:`holdem.search.encode`)."""
        return encode.observation_tensor(self, player)

    def resample_from_infostate(self, player: int, rng: random.Random) -> SearchState:
        """A state ``player`` cannot tell from this one, the hidden cards redrawn.

        Every hole card ``player`` cannot see (other seats' cards, unless shown:
        at the showdown, R6, or before an all-in run-out, R6.4) is drawn again
        uniformly, without replacement, from the cards ``player`` has not seen;
        the board and ``player``'s own cards stay. Cards not dealt yet are not
        in the state at all (chance steps deal them later). The draw reads
        only what ``player`` knows and ``rng``: the true hidden cards cannot
        leak. It is the uniform deal, not a posterior weighted by the other
        seats' actions.

        At a terminal state after a showdown, the result is public too: a hand
        mucked there lost (R6), and the chips each seat won are known. The
        draw is then repeated (rejection sampling, at most
        :data:`RESAMPLE_TRIES` times) until the new state gives ``player`` the
        same information state and every seat the same :meth:`returns`: the
        uniform deal conditioned on everything public, so the resampled state
        cannot be told from this one. (Search algorithms such as IS-MCTS
        resample at decision nodes, where no condition is needed.)

        Limit: the rejection sampler needs a uniform deal in which every
        mucked hand loses as it did and the same seats show. With many mucked
        hands this is rare: at a 9-way showdown where one hand shows and
        eight muck, none of 20,000 uniform draws qualified, so such a
        terminal state raises :class:`SearchError` (after about a second).

        Args:
            player: the seat whose information is kept (a whole number, not a bool).
            rng: the random source (a :class:`random.Random`).

        Returns:
            A new state with the same public history.

        Raises:
            SearchError: ``player`` is not a seat; ``rng`` has no ``sample``
                method; or, at a terminal state, no consistent deal was drawn
                in :data:`RESAMPLE_TRIES` tries.
        """
        game = self.game
        n = game.num_players
        player = player_index(player, n)
        if not callable(getattr(rng, "sample", None)):
            raise SearchError(f"rng must be a random.Random, got {rng!r}")
        if not self.is_terminal():
            return self._redraw(player, rng)
        want = (self.information_state_string(player), self.returns())
        for _ in range(RESAMPLE_TRIES):
            state = self._redraw(player, rng)
            if (state.information_state_string(player), state.returns()) == want:
                return state
        raise SearchError(
            f"no deal consistent with player {player}'s information in {RESAMPLE_TRIES} draws"
        )

    def _redraw(self, player: int, rng: random.Random) -> SearchState:
        """The state with every card ``player`` cannot see drawn again (see
        :meth:`resample_from_infostate`)."""
        game = self.game
        n = game.num_players
        known = set(self.hole_ids(player)) | set(self.board_ids())
        for seat in self.shown_seats():
            known.update(self.hole_ids(seat))
        dealt = self.cards
        hidden = [k for k in range(min(len(dealt), 2 * n)) if dealt[k] not in known]
        pool = [c for c in range(52) if c not in known]
        drawn = rng.sample(pool, len(hidden))
        cards = list(dealt)
        for k, card in zip(hidden, drawn):
            cards[k] = card
        # The chance ids of the history are the cards, in order: swap them.
        state = SearchState(game)
        k = 0
        for action in self.history:
            if state.is_chance_node():
                action = cards[k]
                k += 1
            state.apply_action(action)
        return state
