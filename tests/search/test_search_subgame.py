"""Subgames (holdem.search.subgame): a public state with ranges; the combo
chance nodes give the exact joint deal with card removal (R5.4)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from holdem import TableConfig
from holdem.engine.cards import DECK
from holdem.equity.ranges import parse_range
from holdem.search import CHECK_CALL, RAISE_BASE, SearchError, SearchGame
from holdem.search.state import CARD_INDEX
from holdem.search.subgame import combo_id, subgame


def ids(text: str) -> list[int]:
    return [combo_id(CARD_INDEX[a], CARD_INDEX[b]) for a, b in parse_range(text).combos]


def joint(ranges: list[list[int]], board: set[int]) -> dict[tuple[int, ...], Fraction]:
    """Brute force: every assignment of combos sharing no card, equally likely."""
    deals = []
    for combos in itertools.product(*ranges):
        cards = [c // 52 for c in combos] + [c % 52 for c in combos]
        if len(set(cards)) == len(cards) and not set(cards) & board:
            deals.append(combos)
    return {deal: Fraction(1, len(deals)) for deal in deals}


@pytest.mark.parametrize("players", [2, 3])
def test_combo_chance_nodes_give_the_exact_joint_deal_r5_4(players: int) -> None:
    """R5.4 with card removal: the product of the sequential chance
    probabilities of every deal equals its probability in the uniform joint
    deal of the ranges (brute force), and impossible deals get none."""
    config = TableConfig([200] * players, 1, 2, button=players - 1)
    game = SearchGame(config)
    texts = ["AA, KK, AKs", "AK, KK, QQ", "AQs, KQs, AA"][:players]
    board = "Ah7c2d"
    root = subgame(
        game, [CHECK_CALL] * players if players > 2 else [CHECK_CALL, CHECK_CALL], board, texts
    )
    order = [game.hole_owner(k) for k in range(players)]
    expected = joint([ids(texts[s]) for s in order], {CARD_INDEX[c] for c in ("Ah", "7c", "2d")})
    seen: dict[tuple[int, ...], Fraction] = {}

    def walk(node: object, prefix: tuple[int, ...], p: Fraction) -> None:
        if len(prefix) == players:
            seen[prefix] = p
            return
        for combo, q in node.exact_chance_outcomes():  # type: ignore[attr-defined]
            child = node.clone()  # type: ignore[attr-defined]
            if len(prefix) + 1 < players:
                child.apply_action(combo)
            walk(child, (*prefix, combo), p * q)

    walk(root, (), Fraction(1))
    assert seen == expected
    assert sum(seen.values()) == 1


def test_after_the_deal_the_state_is_the_public_state_r1_r5() -> None:
    """The betting and board given are replayed by the engine: the same chips
    in, the same seat to act and the same public actions as the full game."""
    game = SearchGame(TableConfig(stacks=[200, 200], small_blind=1, big_blind=2))
    betting = [RAISE_BASE + 6, CHECK_CALL, CHECK_CALL, RAISE_BASE + 8]
    root = subgame(game, betting, "AsKd7c", ["QQ+", None])
    assert root.current_player() == -1
    state = root.clone()
    state.apply_action(combo_id(CARD_INDEX["2c"], CARD_INDEX["3d"]))  # seat 1, dealt first
    state.apply_action(combo_id(CARD_INDEX["Qh"], CARD_INDEX["Qs"]))
    assert root.is_chance_node()  # the clone moved, not the root
    assert state.current_player() == 1  # the big blind, facing the flop bet
    hand = state.hand
    assert hand is not None
    assert hand.contributions == (14, 6) and hand.bets == (8, 0)
    assert [DECK[c] for c in state.board_ids()] == ["As", "Kd", "7c"]
    assert [DECK[c] for c in state.hole_ids(0)] == ["Qh", "Qs"]
    assert state.public_actions() == "r6c/kb8"
    assert state.information_state_string(1).endswith("A" + "r6c/kb8")
    assert state.legal_actions()[:3] == [0, 1, RAISE_BASE + 16]


def test_bad_subgames_are_refused() -> None:
    game = SearchGame(TableConfig(stacks=[200, 200], small_blind=1, big_blind=2))
    with pytest.raises(SearchError, match="board"):
        subgame(game, [CHECK_CALL, CHECK_CALL, CHECK_CALL], "", ["AA", "KK"])
    with pytest.raises(SearchError, match="more board"):
        subgame(game, [0], "AsKd7c", ["AA", "KK"])  # a fold ends the hand preflop
    with pytest.raises(SearchError, match="no deal"):
        subgame(game, [], "", ["AsKs", "AsKs"])
    with pytest.raises(SearchError):
        subgame(game, [], "", ["AA"])
    root = subgame(game, [], "", ["AA", "KK"])
    with pytest.raises(SearchError, match="not possible"):
        root.apply_action(combo_id(CARD_INDEX["As"], CARD_INDEX["Ah"]))  # seat 1 holds KK


@pytest.mark.parametrize("weight", [float("nan"), float("inf"), "x", True, None])
def test_a_weight_that_is_not_a_finite_number_is_refused_naming_it(weight: object) -> None:
    """A nan weight was a bare Fraction error that named neither the combo nor the weight."""
    game = SearchGame(TableConfig(stacks=[200, 200], small_blind=1, big_blind=2))
    with pytest.raises(
        SearchError,
        match=f"the weight of 'AhAd' must be a finite number >= 0, got {weight!r}",
    ):
        subgame(game, [], "", [{"AhAd": weight, "KhKs": 1}, "QQ"])  # type: ignore[dict-item]
