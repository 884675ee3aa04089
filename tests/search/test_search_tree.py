"""The search nodes' own betting (holdem.search._tree) against the engine, node for node.

The search state bets on a few ints and lists and hands the end to the engine's
settlement; these tests play random hands over every table the strategies
draw (2 to 10 seats, antes of both kinds, blinds short of the stacks, UTG and
button straddles, live and dead posts, free folds, pot-limit, chip units,
rakes) and
check at every node that a plain :class:`~holdem.engine.hand.Hand` given the same
cards and actions has the same seat to act, the same legal actions (R3, R4),
the same chips (R1, R2, R7.4, R11, R14.3), the same end (R5.2, R5.3) and the
same result (R6-R8, R13), and that the node equals the engine's own replay
(the engine's SearchHand played from the root) and a replay from the root."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem import Hand, TableConfig
from holdem.engine.cards import DECK
from holdem.engine.settlement import OVER
from holdem.search import CHANCE, CHECK_CALL, FOLD, RAISE_BASE, TERMINAL, SearchGame, SearchState
from holdem.search._tree import engine_hand, materialize
from holdem.views.abstraction import Abstraction
from tests.strategies import full_table_configs, rakes, table_configs


@st.composite
def raked_configs(draw: st.DrawFn) -> TableConfig:
    """A table of the strategies with a rake (R13), one run of the board."""
    data = draw(table_configs() | full_table_configs()).to_dict()
    data.update(rake=draw(rakes()))
    return TableConfig(**data)  # type: ignore[arg-type]


configs = table_configs() | full_table_configs() | raked_configs()
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_BOARD = (0, 3, 4, 5)


def expected_ids(hand: Hand, abstraction: Any) -> list[int]:
    """The action ids of the seat to act in a plain hand, from its LegalActions (R3)."""
    legal = hand.legal_actions()
    assert legal is not None
    if abstraction == "full":
        ids = [FOLD, CHECK_CALL] if legal.can_fold else [CHECK_CALL]
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            ids += range(RAISE_BASE + legal.min_raise_to, RAISE_BASE + legal.max_raise_to + 1)
        return ids
    out = {FOLD} if legal.can_fold else set()
    for action in abstraction.actions(legal, hand.pot_total, hand.current_bet)[1:]:
        if action is not None:
            out.add(CHECK_CALL if action.amount is None else RAISE_BASE + action.amount)
    return sorted(out)


def pick(ids: list[int], rng: random.Random) -> int:
    """Fold, check or call, the smallest, the largest or any raise."""
    raises = [a for a in ids if a >= RAISE_BASE]
    choices = [a for a in ids if a < RAISE_BASE] * 2
    if raises:
        choices += [raises[0], raises[-1], rng.choice(raises)]
    return rng.choice(choices)


def hand_slots(hand: Any) -> tuple[object, ...]:
    """Every part of an engine hand that the betting or the settlement sets
    (the levels of R4.2 only for seats with chips while the street is bet:
    the engine reads no other)."""
    result = hand.result
    n = len(hand._stacks)
    return (
        list(hand._hole),
        hand._stacks,
        hand._bets,
        hand._contrib,
        hand._folded,
        hand._acted,
        hand._to_act is not None
        and [hand._level[s] for s in range(n) if hand._stacks[s] and not hand._folded[s]],
        hand._returned,
        hand._current,
        hand._min_raise,
        hand._aggressor,
        hand._to_act,
        hand._street,
        hand._board,
        hand._pending,
        hand._ranout,
        hand._phase,
        hand._decision,
        hand._dead,
        result,
    )


def lockstep(config: TableConfig, seed: int, abstraction: Any = "full") -> list[SearchState]:
    """Play one random hand in a search state and in a plain Hand with the
    same cards, comparing them at every decision and at the end; return every
    state met, root first."""
    rng = random.Random(seed)
    n = config.seats
    deck = list(range(52))
    rng.shuffle(deck)
    game = SearchGame(config, abstraction)
    # The search deals hole cards in dealing order (R5.4), then the board.
    order = [game.hole_owner(k) for k in range(n)]
    hole: list[list[str]] = [[] for _ in range(n)]
    for k in range(2 * n):
        hole[order[k % n]].append(DECK[deck[k]])
    board = deck[2 * n : 2 * n + 5]
    hand = Hand(config, hole_cards=["".join(h) for h in hole], board=[DECK[c] for c in board])
    state = game.new_initial_state()
    states = [state.clone()]
    cards = iter(deck)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:  # the plain hand has dealt the street already (R5.4)
            state.apply_action(next(cards))
        else:
            # R5.1: the same seat to act; R3, R4: the same options; the same chips.
            assert player == hand.to_act
            ids = state.legal_actions()
            assert ids == expected_ids(hand, abstraction)
            street, contrib, bets, stacks, folded = state._chips()
            assert street == hand.street
            assert contrib == hand.contributions and bets == hand.bets
            assert stacks == hand.stacks and folded == hand.folded
            assert (
                len(state.board_ids()) == _BOARD[["preflop", "flop", "turn", "river"].index(street)]
            )
            action = pick(ids, rng)
            if action == FOLD:
                hand.fold(player)
            elif action == CHECK_CALL:
                hand.check_or_call(player)
            else:
                hand.bet_or_raise(player, action - RAISE_BASE)
            state.apply_action(action)
        states.append(state.clone())
    # R5.2, R5.3, R6-R8, R13: the same end, board, shows and chips.
    assert hand.is_over and hand.result is not None
    assert state.current_player() == TERMINAL
    assert state.returns() == hand.result.net
    assert state.shown_seats() == hand.result.shown
    assert tuple(DECK[c] for c in state.board_ids()) == hand.board
    assert state._chips()[1:] == (hand.contributions, hand.bets, hand.stacks, hand.folded)
    return states


@SETTINGS
@given(config=configs, seed=st.integers(0, 2**32 - 1))
def test_every_node_has_the_plain_hands_seat_options_and_chips_r1_r8(
    config: TableConfig, seed: int
) -> None:
    """R1-R8, R11, R13, R14.3: node for node, the search state and a plain Hand
    with the same cards agree on the seat to act, the legal ids, the chips,
    the end and the result."""
    lockstep(config, seed)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(["push", "buttons"]))
def test_abstract_ids_are_the_plain_hands_r3(config: TableConfig, seed: int, kind: str) -> None:
    """R3: with the button abstraction the ids are the buttons' amounts of the
    plain hand's options; push/fold keeps the engine's chips too."""
    if kind == "buttons":
        lockstep(config, seed, Abstraction())
        return
    game = SearchGame(config, "push_fold")
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    hand = engine_hand(game, state.history)
    assert hand is not None and hand._result is not None
    assert state.returns() == hand.result.net


@SETTINGS
@given(config=configs, seed=st.integers(0, 2**32 - 1))
def test_each_node_is_the_engines_own_replay_and_a_replay_from_the_root(
    config: TableConfig, seed: int
) -> None:
    """At every node (chance nodes too), the engine hand built from the node
    equals the engine's own SearchHand played from the root through the same
    ids (every betting and settlement field, R1-R8), and a state replayed from
    the root, or reached by undo() from a child, reads the same."""
    game = SearchGame(config)
    states = lockstep(config, seed)
    for before, after in zip(states, [*states[1:], None]):
        history = before.history
        replayed = game.replay(history)
        assert replayed.current_player() == before.current_player()
        assert replayed.legal_actions() == before.legal_actions()
        assert replayed._chips() == before._chips()
        assert replayed.public_actions() == before.public_actions()
        assert replayed.returns() == before.returns()
        if len(before.cards) >= 2 * config.seats:
            engine = engine_hand(game, history)
            assert engine is not None
            assert hand_slots(materialize(game, before._s)) == hand_slots(engine)
            assert (engine._phase == OVER) == before.is_terminal()
            if before.is_terminal():  # the chips without a hand are the engine hand's
                assert engine._result is not None
                assert before.returns() == engine.result.net
        if after is not None:
            back = after.clone()
            back.undo()
            assert back.history == history and back._s is before._s


def test_a_short_all_in_does_not_reopen_the_betting_r4_2() -> None:
    """R4.2, R4.3: 3 seats, blinds 5/10, the button raises to 30 (a full raise
    of 20); the small blind's all-in to 40 raises by 10 only; the big blind,
    who has not acted, may raise, but once it calls, the button may only call
    or fold, as in a plain Hand."""
    config = TableConfig([40, 200, 200], 5, 10, button=2)
    game = SearchGame(config)
    state = game.new_initial_state()
    for card in range(6):
        state.apply_action(card)
    assert state.current_player() == 2
    state.apply_action(RAISE_BASE + 30)
    assert state.legal_actions() == [FOLD, CHECK_CALL, RAISE_BASE + 40]  # all-in for less
    state.apply_action(RAISE_BASE + 40)
    assert state.legal_actions()[:3] == [FOLD, CHECK_CALL, RAISE_BASE + 60]
    state.apply_action(CHECK_CALL)
    assert state.current_player() == 2
    assert state.legal_actions() == [FOLD, CHECK_CALL]
    hand = Hand(config, seed=0)
    hand.raise_to(2, 30)
    hand.all_in(0)
    hand.call(1)
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to is None and legal.call == 10


def test_min_raise_follows_the_last_full_raise_r4_1() -> None:
    """R4.1, R3.3: heads-up 1/2: a raise to 6 (by 4) makes the next minimum 10;
    a raise to 20 (by 14) makes it 34."""
    game = SearchGame(TableConfig([100, 100], 1, 2))
    state = game.new_initial_state()
    for card in range(4):
        state.apply_action(card)
    state.apply_action(RAISE_BASE + 6)
    assert state.legal_actions()[2] == RAISE_BASE + 10
    state.apply_action(RAISE_BASE + 20)
    assert state.legal_actions()[2] == RAISE_BASE + 34
