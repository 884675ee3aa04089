"""A game-tree state over the exact engine, with explicit chance nodes.

:class:`SearchGame` fixes the table (a :class:`~holdem.engine.config.TableConfig`,
2 to 10 seats, blinds, antes, straddles, posts, stacks, pot-limit, chip unit)
and the action abstraction; :meth:`SearchGame.new_initial_state` gives the
root, a chance node. Every card is one chance step: first the hole cards, one
card at a time in dealing order (from the seat left of the button, clockwise,
twice: R5.4), then each board card (three for the flop, one for the turn, one
for the river) when the engine reaches that street. The betting, pots and
settlement are those of :class:`~holdem.engine.hand.Hand` (R1-R9, R11, R13, R14).

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

from holdem.engine.betting import Action, Kind, LegalActions
from holdem.engine.cards import DECK
from holdem.engine.config import TableConfig, plain_int
from holdem.engine.events import HoleCardsDealt
from holdem.engine.settlement import OVER
from holdem.errors import ConfigError
from holdem.search import encode
from holdem.search._errors import SearchError
from holdem.search._hand import SINK, SearchHand, game_copier
from holdem.views.abstraction import Abstraction

__all__ = [
    "CARD_INDEX",
    "CHANCE",
    "CHECK_CALL",
    "FOLD",
    "RAISE_BASE",
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
CARD_INDEX: dict[str, int] = {card: i for i, card in enumerate(DECK)}
"""The chance-action id of each card: its index in :data:`holdem.engine.cards.DECK`."""

_FOLD_ACTION, _CHECK_ACTION, _CALL_ACTION = Action(Kind.FOLD), Action(Kind.CHECK), Action(Kind.CALL)
_ALL_CARDS = frozenset(range(52))
_new = object.__new__


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
        keep_log: keep each hand's event log (:attr:`holdem.engine.hand.Hand.log`,
            read through :attr:`SearchState.hand`); off by default, as the
            log costs time on every action and every clone and a search does
            not read it (the log is then empty).

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
        "_hole_log",
        "_order",
        "_full",
        "_raises",
        "_hole_count",
        "_places",
        "_copy",
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
        self._hole_log = tuple(
            (i, record[1])
            for i, record in enumerate(self._template._log)
            if type(record) is tuple and record[0] is HoleCardsDealt
        )
        self._order = tuple((config.button + 1 + i) % n for i in range(n))
        self._full = abstraction == "full"
        self._hole_count = 2 * n
        # Per seat: the indices of its two hole cards in the dealing order (R5.4).
        self._places = tuple((p, n + p) for p in (self._order.index(s) for s in range(n)))
        # Per raise-to amount: the bet and raise actions and their tokens.
        self._raises: dict[int, tuple[Action, str, Action, str]] = {}
        if not keep_log:
            self._template._log = SINK
            self._hole_log = ()
        self._copy = game_copier(self._template)

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

    Built by :meth:`SearchGame.new_initial_state`. :meth:`clone` copies
    nothing but a few references: the engine's hand is shared, copy on write
    (the first action that changes a shared hand copies it; a board card that
    does not complete its street changes no hand). :meth:`undo` replays the
    history from the root (cost grows with depth).
    """

    __slots__ = (
        "game",
        "_hand",
        "_own",
        "_cards",
        "_dealt",
        "_path",
        "_actions",
        "_street",
    )

    def __init__(self, game: SearchGame) -> None:
        self.game = game
        self._hand: SearchHand | None = None
        # Copy on write: clone() shares the hand and both states lose ``_own``;
        # the first change to a shared hand copies it (_mine).
        self._own = True
        # Immutable values only, so that clone() copies none of them: the cards
        # dealt (a tuple and a bit mask), the history as a linked list of
        # (parent, action) pairs, the public actions as text, and their street.
        self._cards: tuple[int, ...] = ()
        self._dealt = 0
        self._path: tuple[object, int] | None = None
        self._actions = ""
        self._street = 0

    # ------------------------------------------------------------ node kinds
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
        hand = self._hand
        if hand is None or hand._pending is not None:
            return CHANCE
        if hand._phase == OVER:
            return TERMINAL
        seat = hand._to_act
        assert seat is not None
        return seat

    def is_chance_node(self) -> bool:
        """A card is to be dealt."""
        hand = self._hand
        return hand is None or hand._pending is not None

    def is_terminal(self) -> bool:
        """The hand is settled."""
        hand = self._hand
        return hand is not None and hand._phase == OVER

    @property
    def hand(self) -> SearchHand | None:
        """The engine's hand (``None`` while hole cards are being dealt).

        Warning: it holds every hole card dealt; never show it to a bot that
        must not see them (use :meth:`information_state_string`). Read it
        only: it may be shared with clones of this state (copy on write), and
        while a street's board is being dealt its board cards are in
        :meth:`board_ids`, not yet in the hand."""
        hand = self._hand
        if hand is not None and hand._lazy is not None:
            hand.finish()
        return hand

    @property
    def history(self) -> tuple[int, ...]:
        """Every action id applied from the root, chance steps included."""
        out = []
        path = self._path
        while path is not None:
            out.append(path[1])
            path = path[0]  # type: ignore[assignment]
        out.reverse()
        return tuple(out)

    @property
    def cards(self) -> tuple[int, ...]:
        """The card ids dealt so far: the hole cards in dealing order, then the board."""
        return self._cards

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card not dealt yet, each with probability ``1 / count``, by id.

        Raises:
            SearchError: this is not a chance node.
        """
        if not self.is_chance_node():
            raise SearchError("chance_outcomes() needs a chance node")
        dealt = self._dealt
        unseen = [c for c in range(52) if not dealt >> c & 1]
        p = 1.0 / len(unseen)
        return [(c, p) for c in unseen]

    # ----------------------------------------------------------------- betting
    def _legal(self) -> tuple[SearchHand, int, LegalActions]:
        hand = self._hand
        if hand is None or hand._pending is not None or hand._phase == OVER:
            raise SearchError("no seat is to act here (a chance node or the end of the hand)")
        seat = hand._to_act
        assert seat is not None
        legal = hand._memo
        if legal is None:
            legal = hand._memo = hand._legal(seat)
        return hand, seat, legal

    def legal_actions(self) -> list[int]:
        """The legal action ids, ascending: card ids at a chance node, betting
        ids at a decision (R3), none at the end."""
        hand = self._hand
        if hand is None or hand._pending is not None:
            return [c for c, _ in self.chance_outcomes()]
        if hand._phase == OVER:
            return []
        _, _, legal = self._legal()
        abstraction = self.game.abstraction
        if abstraction == "full":
            ids = [FOLD, CHECK_CALL] if legal.can_fold else [CHECK_CALL]
            low, high = legal.min_raise_to, legal.max_raise_to
            if low is not None and high is not None:
                ids.extend(range(RAISE_BASE + low, RAISE_BASE + high + 1))
            return ids
        return sorted(self._abstract_ids(hand, legal))

    def _abstract_ids(self, hand: SearchHand, legal: LegalActions) -> set[int]:
        abstraction = self.game.abstraction
        if isinstance(abstraction, Abstraction):
            out = {FOLD} if legal.can_fold else set()
            for action in abstraction.actions(legal, hand.pot_total, hand._current)[1:]:
                if action is not None:
                    out.add(CHECK_CALL if action.amount is None else RAISE_BASE + action.amount)
            return out
        # push_fold
        out = {FOLD} if legal.can_fold else set()
        stacks, folded = hand._stacks, hand._folded
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
        hand = self._hand
        if hand is None:  # a hole card
            dealt = self._dealt
            if not 0 <= action < 52 or dealt >> action & 1:
                raise SearchError(f"card id {action!r} is not an undealt card (0..51)")
            cards = self._cards = self._cards + (action,)
            self._dealt = dealt | 1 << action
            self._path = (self._path, action)
            if len(cards) == self.game._hole_count:
                self._start(cards)
            return
        if hand._pending is not None:
            self._board_card(hand, action)
            return
        seat = hand._to_act
        if seat is None:  # neither a chance node nor a decision: the end (R5.2, R6)
            raise SearchError("the hand is over: no action applies")
        legal = hand._memo
        if legal is None:
            legal = hand._memo = hand._legal(seat)
        game = self.game
        if not game._full and action not in self._abstract_ids(hand, legal):
            raise SearchError(f"action {action!r} is not legal for seat {seat}: {self._allowed()}")
        if action == CHECK_CALL:
            if legal.can_check:
                move, token = _CHECK_ACTION, "k"
            else:
                move, token = _CALL_ACTION, "c"
        elif action == FOLD:
            if not legal.can_fold:
                raise SearchError(f"seat {seat} may not fold now (R3.1): {self._allowed()}")
            move, token = _FOLD_ACTION, "f"
        elif action > FOLD:
            to = action - RAISE_BASE
            low, high = legal.min_raise_to, legal.max_raise_to
            if low is None or high is None or not low <= to <= high:
                raise SearchError(
                    f"action {action} (to {to}) is not legal for seat {seat}: {self._allowed()}"
                )
            known = game._raises.get(to)
            if known is None:
                known = game._raises[to] = (
                    Action(Kind.BET, to),
                    f"b{to}",
                    Action(Kind.RAISE, to),
                    f"r{to}",
                )
            if legal.raise_word == "bet":
                move, token = known[0], known[1]
            else:
                move, token = known[2], known[3]
        else:
            raise SearchError(f"not an action id: {action!r}")
        street = hand._street
        if street != self._street:
            token = "/" * (street - self._street) + token
            self._street = street
        if not self._own:  # copy on write
            hand = self._hand = game._copy(hand)
            self._own = True
        hand._act(seat, move, legal)
        hand._decision += 1
        self._actions += token
        self._path = (self._path, action)

    def _allowed(self) -> str:
        ids = self.legal_actions()
        if len(ids) > 8:
            return f"legal ids {ids[:4]}...{ids[-2:]}"
        return f"legal ids {ids}"

    def _board_card(self, hand: SearchHand, card: int) -> None:
        """Deal a board card: the hand reads the street's cards once they are
        all dealt (a card that does not complete the street changes no hand)."""
        if not 0 <= card < 52 or self._dealt >> card & 1:
            raise SearchError(f"card id {card!r} is not an undealt card (0..51)")
        game = self.game
        cards = self._cards = self._cards + (card,)
        self._dealt |= 1 << card
        self._path = (self._path, card)
        board = cards[game._hole_count :]
        if len(board) == hand._pending[2]:  # type: ignore[index]
            if not self._own:  # copy on write
                hand = self._hand = game._copy(hand)
                self._own = True
            hand.add_board(tuple([DECK[c] for c in board]))

    def _start(self, cards: tuple[int, ...]) -> None:
        """Every hole card is dealt: the engine's hand starts (forced bets posted)."""
        game = self.game
        hole = [(DECK[cards[a]], DECK[cards[b]]) for a, b in game._places]
        hand = game._copy(game._template)
        hand._hole = hole
        log = hand._log
        for index, seat in game._hole_log:
            log[index] = (HoleCardsDealt, seat, hole[seat])
        self._hand = hand
        self._own = True

    # ------------------------------------------------------------------ copies
    def clone(self) -> SearchState:
        """An independent copy (acting on one never changes the other)."""
        twin = _new(SearchState)
        twin.game = self.game
        twin._hand = self._hand
        twin._own = self._own = False  # both share the hand now: copy on write
        twin._cards = self._cards
        twin._dealt = self._dealt
        twin._path = self._path
        twin._actions = self._actions
        twin._street = self._street
        return twin

    def child(self, action: int) -> SearchState:
        """A clone with ``action`` applied (OpenSpiel's ``State.child``); this
        state is unchanged.

        Raises:
            SearchError: the id is not legal here.
        """
        twin = self.clone()
        twin.apply_action(action)
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> SearchState:
        """``copy.deepcopy`` is :meth:`clone` (the game is shared, not copied)."""
        return self.clone()

    def undo(self) -> None:
        """Take back the last action (chance or betting) by replaying the rest.

        Raises:
            SearchError: at the root.
        """
        if self._path is None:
            raise SearchError("nothing to undo at the root")
        other = self.game.replay(self.history[:-1])
        for name in SearchState.__slots__:
            setattr(self, name, getattr(other, name))

    # ----------------------------------------------------------------- results
    def returns(self) -> tuple[int, ...]:
        """Chips won (+) or lost (-) per seat: final minus starting stack
        (zeros before the end; they sum to minus the rake, R13)."""
        hand = self._hand
        if hand is None:
            return (0,) * self.game.num_players
        if hand._lazy is not None:
            hand.finish()
        if hand._result is None:
            return (0,) * self.game.num_players
        return hand._result.net

    def returns_bb(self) -> tuple[float, ...]:
        """:meth:`returns` in big blinds."""
        bb = self.game.config.big_blind
        return tuple(chips / bb for chips in self.returns())

    # ---------------------------------------------------------- information
    def hole_ids(self, seat: int) -> tuple[int, ...]:
        """The card ids dealt to ``seat`` so far (0, 1 or 2)."""
        n = self.game.num_players
        place = (seat - self.game.config.button - 1) % n
        return tuple(self._cards[k] for k in (place, n + place) if k < len(self._cards))

    def board_ids(self) -> tuple[int, ...]:
        """The board card ids dealt so far, in dealing order."""
        return tuple(self._cards[2 * self.game.num_players :])

    def shown_seats(self) -> tuple[int, ...]:
        """Seats whose cards were shown at the showdown (public at the end, R6)."""
        hand = self.hand
        if hand is None or hand._result is None:
            return ()
        return hand._result.shown

    def public_actions(self) -> str:
        """The betting so far: ``f`` fold, ``k`` check, ``c`` call, ``b<to>`` /
        ``r<to>`` bet / raise to ``to`` chips on the street, ``/`` between
        streets (chance steps are not written)."""
        return self._actions

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

        Every hole card ``player`` cannot see (other seats' cards, unless shown
        at the showdown) is drawn again uniformly, without replacement, from
        the cards ``player`` has not seen; the board and ``player``'s own
        cards stay. Cards not dealt yet are not in the state at all (chance
        steps deal them later). The draw reads only what ``player`` knows and
        ``rng``: the true hidden cards cannot leak. It is the uniform deal,
        not a posterior weighted by the other seats' actions.

        Args:
            player: the seat whose information is kept.
            rng: the random source.

        Returns:
            A new state with the same public history.
        """
        game = self.game
        n = game.num_players
        if not 0 <= player < n:
            raise SearchError(f"no such player: {player} (0 to {n - 1})")
        known = set(self.hole_ids(player)) | set(self.board_ids())
        for seat in self.shown_seats():
            known.update(self.hole_ids(seat))
        hidden = [k for k in range(min(len(self._cards), 2 * n)) if self._cards[k] not in known]
        pool = [c for c in range(52) if c not in known]
        drawn = rng.sample(pool, len(hidden))
        cards = list(self._cards)
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
