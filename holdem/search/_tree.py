"""The search state's nodes: the betting of R1-R5 on a few ints and lists (internal).

A node of :class:`~holdem.search.state.SearchState` is one tuple (layout
below), never changed once built: ``clone()`` shares it, ``apply_action``
builds the child's tuple (the lists it changes are new lists; the others are
the parent's, shared and never written to), and the parent is the child's
first field, so ``undo()`` is one step back and the history a walk up the
chain. The betting fields are a tuple of their own (``BET``), which a card
that completes no street shares with its parent.

The betting follows :class:`~holdem.engine.hand.Hand` step for step: the legal
amounts of ``Hand._legal`` (R3.3-R3.6, the reopening of R4.2 and R4.3,
pot-limit R3.5), the chips of ``Hand._put`` (a full raise sets the minimum
raise, R4.1), the seat to act of ``_first_to_act`` (R5.1, R5.1a), the end of
a street of ``_end_street`` (the uncalled bet as
:func:`holdem.engine.pots.uncalled_bet` finds it, R7.4; the hand won by
folds, R5.2; the run-out, R5.3) and the streets of ``_deal``. Nothing is
settled here: a finished node is turned into the engine's own hand
(:func:`materialize`), whose showdown and payout (R6-R8, R13) give the
chips. The hypothesis tests of ``tests/search/test_search_tree.py`` compare
every node with a plain :class:`~holdem.engine.hand.Hand` and with the
engine's replay (:func:`engine_hand`).

The engine's ``_level`` (the bet to match when a seat last acted, for R4.2)
is not kept: for a seat that has acted on the street and still has chips it
is the seat's bet (a check or a call matches the bet to match, a bet or
raise makes it), and a seat with no chips never acts again on the street
(an uncalled bet may give it chips back, but only once the street is over),
so the engine never reads another seat's level.

Node fields (``n`` seats; seats are 0-based):

==============  =============================================================
``PARENT``      the parent node, ``None`` at the root
``ACTION``      the action id that led here (``None`` at the root)
``PLAYER``      the seat to act, ``CHANCE`` (-1) or ``TERMINAL`` (-4)
``CARDS``       card ids dealt: the hole cards in dealing order, then the board
``DEALT``       the same as a bit mask (bit ``c`` for card id ``c``)
``BET``         the betting state, a tuple with the fields below
==============  =============================================================

Betting fields (``node[BET][TEXT]`` ...):

==============  =============================================================
``TEXT``        the public betting (``SearchState.public_actions``)
``TSTREET``     the street of the last betting token written (for ``/``)
``STREET``      the engine's street, 0 preflop .. 3 river
``CHIPS``       one list of ``3 * n`` ints, never written to: chips behind
                per seat (``[0, n)``), bet on this street (``[n, 2n)``),
                put in during the hand (``[2n, 3n)``, ``Hand._contrib``)
``ACTED``       bit ``s`` set when seat ``s`` has acted on this street
``FOLDED``      per seat, folded (a list of bools)
``CURRENT``     the bet to match on this street
``MIN_RAISE``   the minimum raise increment (R3.3, R4.1)
``AGGRESSOR``   the last seat to bet or raise on the street, or ``None``
``PENDING``     while board cards are dealt: ``(run_out, need)``, ``need``
                the board length the engine waits for
``RETURNED``    uncalled chips returned per seat so far (a tuple)
``RANOUT``      the board was run out (R5.3, read by R6.4's shows)
``END``         at the end: ``[showdown, hand, net]``: ``showdown`` false
                when the hand was won by folds; ``hand`` the settled engine
                hand and ``net`` the chips won or lost per seat, each
                filled in when first read
==============  =============================================================
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

from holdem.engine import pots as _pots
from holdem.engine.betting import Action, Kind
from holdem.engine.cards import DECK
from holdem.engine.config import TableConfig
from holdem.engine.settlement import BETTING, OVER, settle
from holdem.engine.showdown import rank_on_board
from holdem.search._hand import SINK, SearchHand


class SearchGame(Protocol):
    """What the nodes read of a :class:`holdem.search.state.SearchGame` (a
    protocol: the state module imports this one, not the other way round)."""

    config: TableConfig
    _template: SearchHand
    _copy: Callable[[SearchHand], SearchHand]
    _hole_count: int
    _places: tuple[tuple[int, int], ...]
    _others: tuple[tuple[int, ...], ...]
    _rot: tuple[tuple[int, ...], ...]
    _left: int
    _pot_limit: bool
    _dead: int


Node = tuple[Any, ...]
"""A search node (see the module for its fields)."""

PARENT, ACTION, PLAYER, CARDS, DEALT, BET = range(6)
(
    TEXT,
    TSTREET,
    STREET,
    CHIPS,
    ACTED,
    FOLDED,
    CURRENT,
    MIN_RAISE,
    AGGRESSOR,
    PENDING,
    RETURNED,
    RANOUT,
    END,
) = range(13)

CHANCE = -1
TERMINAL = -4
BOARD_SIZE = (0, 3, 4, 5)
_TOKEN = re.compile(r"[fkc]|[br]\d+")


def first_to_act(
    order: tuple[int, ...], chips: list[int], acted: int, folded: list[bool], current: int
) -> int | None:
    """``Hand._first_to_act`` from ``order[0]`` (``order``: every seat, clockwise, R5.1).

    The first seat that is in, has chips and has not acted or owes chips,
    when two seats or more can bet; a lone seat able to bet acts only when
    it owes chips (R5.1a); else ``None``."""
    n = len(folded)
    start = order[0]
    if chips[n + start] < current and chips[start] and not folded[start]:
        return start
    first = None
    able = 0
    last = -1
    for s in order:
        if folded[s] or not chips[s]:
            continue
        able += 1
        last = s
        if first is None and (not acted >> s & 1 or chips[n + s] < current):
            first = s
        if able > 1 and first is not None:
            return first
    if able == 1:
        return last if chips[n + last] < current else None
    return first


def bounds(game: SearchGame, node: Node, seat: int) -> tuple[int | None, int | None]:
    """``(min_raise_to, max_raise_to)`` of ``seat`` at ``node`` as ``Hand._legal``
    gives them (R3.3-R3.6, R4.2, R4.3), ``(None, None)`` when it may not raise."""
    state = node[BET]
    chips, folded = state[CHIPS], state[FOLDED]
    current, min_raise = state[CURRENT], state[MIN_RAISE]
    n = len(folded)
    stack, bet = chips[seat], chips[n + seat]
    owed = current - bet
    if stack <= owed:
        return None, None
    if state[ACTED] >> seat & 1 and owed < min_raise:  # not reopened (R4.2, R4.3)
        return None, None
    for other in game._others[seat]:  # R3.6: somebody else can put in more
        if not folded[other] and chips[n + other] + chips[other] > current:
            high = bet + stack
            low = current + min_raise
            if game._pot_limit:  # R3.5: the pot after the call, at least a full raise
                cap = current + sum(chips[2 * n :]) + game._dead + owed
                if cap < low:
                    cap = low
                if cap < high:
                    high = cap
            if low > high:
                low = high
            return low, high
    return None, None


def end_street(
    game: SearchGame,
    node: Node,
    action: int,
    text: str,
    tstreet: int,
    chips: list[int],
    acted: int,
    folded: list[bool],
    current: int,
    min_raise: int,
    aggressor: int | None,
    able: int,
) -> Node:
    """The child of ``node`` after ``action``, the last of a betting round
    (``Hand._end_street``): the uncalled bet back (R7.4), then the end (one
    seat left, R5.2; the river's showdown) or a chance node for the next
    board cards (all five when fewer than two seats can bet, R5.3).
    ``able``: the seats in with chips after the action (any number when one
    seat is left)."""
    state = node[BET]
    returned = state[RETURNED]
    n = len(folded)
    contrib = chips[2 * n :]
    top = max(contrib)
    if contrib.count(top) == 1:  # as pots.uncalled_bet: the top nobody matched
        seat = contrib.index(top)
        contrib[seat] = 0
        back = top - max(contrib)
        if not chips[seat] and not folded[seat]:
            able += 1  # chips again: it counts for the run-out (R5.3)
        chips = chips[:]
        chips[seat] += back
        bet = chips[n + seat]
        chips[n + seat] = bet - (back if back < bet else bet)
        chips[2 * n + seat] -= back
        given = list(returned)
        given[seat] += back
        returned = tuple(given)
    street = state[STREET]
    pending: tuple[bool, int] | None = None
    end: list[Any] | None = None
    if folded.count(False) == 1:
        player, end = TERMINAL, [False, None, None]
    elif street < 3:
        run_out = able < 2
        player, pending = CHANCE, (run_out, 5 if run_out else BOARD_SIZE[street + 1])
    else:
        player, end = TERMINAL, [True, None, None]
    return (
        node,
        action,
        player,
        node[CARDS],
        node[DEALT],
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
            pending,
            returned,
            state[RANOUT],
            end,
        ),
    )


def board_done(game: SearchGame, node: Node) -> Node:
    """``node`` has the board cards its ``PENDING`` waits for: the engine's
    ``_deal`` goes on, to the next street's first seat or the showdown."""
    state = node[BET]
    run_out = state[PENDING][0]
    street = state[STREET]
    chips, acted = state[CHIPS], state[ACTED]
    current, min_raise, aggressor = state[CURRENT], state[MIN_RAISE], state[AGGRESSOR]
    player = TERMINAL
    end: list[Any] | None = [True, None, None]
    ranout = state[RANOUT] or run_out
    while street < 3:
        street += 1
        if not run_out:  # a new betting round: no bets, nobody has acted (R5.1)
            n = len(state[FOLDED])
            chips = chips[:n] + [0] * n + chips[2 * n :]
            acted, current, min_raise, aggressor = 0, 0, game.config.min_bet, None
            seat = first_to_act(game._rot[game._left], chips, 0, state[FOLDED], 0)
            # Two seats or more could bet when the street ended (else run_out):
            # one of them acts first (R5.1).
            assert seat is not None
            player, end = seat, None
            break
    return (
        node[PARENT],
        node[ACTION],
        player,
        node[CARDS],
        node[DEALT],
        (
            state[TEXT],
            state[TSTREET],
            street,
            chips,
            acted,
            state[FOLDED],
            current,
            min_raise,
            aggressor,
            None,
            state[RETURNED],
            ranout,
            end,
        ),
    )


def materialize(game: SearchGame, node: Node) -> SearchHand:
    """The engine's hand at ``node`` (after the hole cards), built from its
    fields; at the end it is settled by the engine (R6-R8, R13). Without a
    log only (a game that keeps one replays: :func:`engine_hand`). The
    level of a seat that has acted is its bet (see the module; the engine's
    differs only for a seat with no chips, which it never reads)."""
    hand = game._copy(game._template)
    state = node[BET]
    cards = node[CARDS]
    folded = state[FOLDED]
    n = len(folded)
    chips = state[CHIPS]
    acted = state[ACTED]
    live = [s for s in range(n) if not folded[s]]
    hand._hole = [(DECK[cards[a]], DECK[cards[b]]) for a, b in game._places]
    hand._stacks = chips[:n]
    hand._bets = bets = chips[n : 2 * n]
    hand._contrib = chips[2 * n :]
    hand._folded = list(folded)
    hand._acted = [bool(acted >> s & 1) for s in range(n)]
    hand._level = [bets[s] if acted >> s & 1 else 0 for s in range(n)]
    hand._returned = list(state[RETURNED])
    hand._current = state[CURRENT]
    hand._min_raise = state[MIN_RAISE]
    hand._aggressor = state[AGGRESSOR]
    street = state[STREET]
    hand._street = street
    first = game._hole_count
    board = tuple([DECK[c] for c in cards[first : first + BOARD_SIZE[street]]])
    hand._board = hand._known = hand._deck_board = board
    pending = state[PENDING]
    hand._pending = None if pending is None else (live, pending[0], pending[1])
    hand._ranout = state[RANOUT]
    player = node[PLAYER]
    hand._to_act = player if player >= 0 else None
    hand._memo = None
    hand._decision = len(_TOKEN.findall(state[TEXT]))
    hand._phase = BETTING
    hand._result = None
    hand._lazy = None
    end = state[END]
    if end is not None:
        hand._phase = OVER
        if end[0]:
            hand._lazy = (True, live, None)
        else:  # won by folds (R5.2): settled without a showdown
            layering = _pots._layer(tuple(hand._contrib), hand._folded, hand._dead)
            hand._lazy = (False, None, layering)
        hand.finish()
    return hand


def net(game: SearchGame, node: Node) -> tuple[int, ...]:
    """The chips won or lost per seat at an end ``node``, from the engine's
    own functions without building a hand: the ranks of the hands still in
    (:func:`holdem.engine.showdown.rank_on_board`), the layering
    (:mod:`holdem.engine.pots`) and :func:`holdem.engine.settlement.settle`
    (uncalled layers back, rake, awards and odd chips: R7, R8, R13).

    Every hand still in is ranked: the engine mucks the hands that win no
    pot (R6.3), and a hand that wins no pot it is eligible for changes no
    award, so the chips are those of the engine's showdown (the tests
    compare them with a plain hand's)."""
    state = node[BET]
    folded = state[FOLDED]
    chips = state[CHIPS]
    n = len(folded)
    contrib = chips[2 * n :]
    dead = game._dead
    cards = node[CARDS]
    first = game._hole_count
    board = tuple([DECK[c] for c in cards[first : first + BOARD_SIZE[state[STREET]]]])
    ranks: list[int | None] | None = None
    if state[END][0]:  # a showdown: five board cards (a run-out deals them all, R5.3)
        live = [s for s in range(n) if not folded[s]]
        places = game._places
        holes = [(DECK[cards[places[s][0]]], DECK[cards[places[s][1]]]) for s in live]
        ranks = [None] * n
        for s, value in zip(live, rank_on_board(holes, board)):
            ranks[s] = value
    layering = _pots._layer(tuple(contrib), folded, dead)
    result = settle(
        game.config,
        chips[:n],
        contrib,
        folded,
        dead,
        ranks,
        list(state[RETURNED]),
        (),
        SINK,
        boards=(board,),  # one run: the hole cards are read through ``ranks``
        layering=layering,
    )
    return result.net


def engine_hand(game: SearchGame, history: tuple[int, ...]) -> SearchHand | None:
    """The engine's hand reached by ``history`` from the root, played through
    :class:`~holdem.search._hand.SearchHand` itself (its betting, its log when
    the game keeps one, its settlement); ``None`` while hole cards are dealt.

    Raises:
        AssertionError: ``history`` is not legal (it comes from a state)."""
    hand: SearchHand | None = None
    cards: list[int] = []
    hole = game._hole_count
    for action in history:
        if hand is None:
            cards.append(action)
            if len(cards) == hole:
                hand = game._copy(game._template)
                holes = [(DECK[cards[a]], DECK[cards[b]]) for a, b in game._places]
                hand._hole = holes  # the log's hole cards record reads them (Hand.log)
            continue
        pending = hand._pending
        if pending is not None:
            cards.append(action)
            if len(cards) - hole == pending[2]:
                hand.add_board(tuple([DECK[c] for c in cards[hole:]]))
            continue
        seat = hand._to_act
        assert seat is not None
        legal = hand._legal(seat)
        move: Action
        if action == 0:
            move = Action(Kind.FOLD)
        elif action == 1:
            move = Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)
        else:
            kind = Kind.BET if legal.raise_word == "bet" else Kind.RAISE
            move = Action(kind, action - 2)
        hand._act(seat, move, legal)
        hand._decision += 1
    if hand is not None:
        hand.finish()
    return hand
