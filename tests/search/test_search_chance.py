"""Chance layer against the exact equity calculator (R7, R8) and resampling
from an information state without leaking the true cards (R5.4, R6)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem import TableConfig, pot_equity
from holdem.engine.cards import DECK
from holdem.search import CHECK_CALL, FOLD, RAISE_BASE, SearchError, SearchGame, SearchState

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def tree_value(state: SearchState) -> tuple[Fraction, ...]:
    """Expected chips per seat by enumerating every chance outcome below ``state``
    (the state must have no decision left)."""
    if state.is_terminal():
        return tuple(Fraction(c) for c in state.returns())
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    total = [Fraction(0)] * state.game.num_players
    for card, _ in outcomes:
        child = state.clone()
        child.apply_action(card)
        for seat, value in enumerate(tree_value(child)):
            total[seat] += value
    return tuple(v / len(outcomes) for v in total)


def deal(state: SearchState, cards: list[int]) -> None:
    for card in cards:
        state.apply_action(card)


@SETTINGS
@given(cards=st.permutations(range(52)), flop=st.booleans())
def test_heads_up_two_big_blind_push_fold_tree_matches_the_equity_calculator_r7_r8(
    cards: list[int], flop: bool
) -> None:
    """Heads-up, stacks of 2 big blinds, all-in or fold: every leaf of the push/fold
    tree, with the chance steps below it enumerated, is worth exactly the expected
    chips of holdem.equity.allin's exact pot_equity (the same board, R7, R8)."""
    config = TableConfig(stacks=[4, 4], small_blind=1, big_blind=2)
    game = SearchGame(config, "push_fold")
    root = game.new_initial_state()
    deal(root, cards[:4])
    assert root.legal_actions() == [FOLD, RAISE_BASE + 4]
    folded = root.clone()
    folded.apply_action(FOLD)
    assert folded.returns() == (-1, 1)
    shoved = root.clone()
    shoved.apply_action(RAISE_BASE + 4)
    assert shoved.legal_actions() == [FOLD, CHECK_CALL]
    gives_up = shoved.clone()
    gives_up.apply_action(FOLD)
    assert gives_up.returns() == (2, -2)
    shoved.apply_action(CHECK_CALL)
    board = cards[4:8] if flop else cards[4:7] + cards[7:8]
    deal(shoved, board)  # flop and turn dealt: the river is enumerated (44 cards)
    value = tree_value(shoved)
    hands = ["".join(DECK[c] for c in shoved.hole_ids(s)) for s in range(2)]
    exact = pot_equity(
        hands,
        [4, 4],
        board=[DECK[c] for c in board],
        button=config.button,
        exact=True,
    )
    assert exact.boards == 44
    assert value == tuple(e - 4 for e in exact.expected)
    assert sum(value) == 0


def test_three_way_side_pots_turn_and_river_enumerated_match_the_equity_calculator_r7() -> None:
    """R7 side pots: 3 players all-in for 2, 4 and 6 big blinds (4 of the 6 returned
    uncalled, R7.4); the 43 * 42 turn
    and river outcomes below the flop give exactly pot_equity's expected chips."""
    config = TableConfig(stacks=[4, 8, 12], small_blind=1, big_blind=2, button=2)
    game = SearchGame(config, "push_fold")
    state = game.new_initial_state()
    deal(state, list(range(0, 48, 8)))  # 2c 4c 6c 8c Tc Qc
    order = []
    while not state.is_chance_node():
        order.append(state.current_player())
        legal = state.legal_actions()
        state.apply_action(CHECK_CALL if CHECK_CALL in legal else legal[-1])
    assert order == [2, 0, 1]  # button, small blind, big blind
    hand = state.hand
    assert hand is not None
    assert hand.contributions == (4, 8, 8)
    deal(state, [51, 50, 49])  # As Ah Ad: flop
    value = tree_value(state)
    hands = ["".join(DECK[c] for c in state.hole_ids(s)) for s in range(3)]
    exact = pot_equity(hands, list(hand.contributions), board="AsAhAd", button=2, exact=True)
    assert exact.boards == 43 * 42 // 2
    assert value == tuple(e - c for e, c in zip(exact.expected, hand.contributions))


def _after_flop(seed: int) -> SearchState:
    game = SearchGame(TableConfig(stacks=[200, 200], small_blind=1, big_blind=2))
    rng = random.Random(seed)
    state = game.new_initial_state()
    deal(state, rng.sample(range(52), 4))
    state.apply_action(CHECK_CALL)
    state.apply_action(CHECK_CALL)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    return state


def test_resampling_reads_only_the_players_information_r6() -> None:
    """R6: two states the player cannot tell apart (its cards and the board the
    same, the opponent's cards different) resample to the very same state
    from the same random source: the true hidden cards cannot leak."""
    state = _after_flop(7)
    other_game = state.game
    hidden = set(range(52)) - set(state.hole_ids(0)) - set(state.board_ids())
    hidden -= set(state.hole_ids(1))
    swap = sorted(hidden)[:2]
    history = list(state.history)
    # Seat 1 (the big blind) is dealt first heads-up: its cards are chance steps 0 and 2.
    history[0], history[2] = swap
    twin = other_game.replay(history)
    assert twin.hole_ids(1) != state.hole_ids(1)
    assert twin.information_state_string(0) == state.information_state_string(0)
    for seed in range(20):
        a = state.resample_from_infostate(0, random.Random(seed))
        b = twin.resample_from_infostate(0, random.Random(seed))
        assert a.history == b.history
        assert a.hole_ids(0) == state.hole_ids(0) and a.board_ids() == state.board_ids()
        assert a.information_state_string(0) == state.information_state_string(0)
        assert a.public_actions() == state.public_actions()


def test_resampled_cards_are_uniform_over_the_unseen_cards() -> None:
    """Statistical check (fixed seed): over 4,700 resamples the opponent's
    cards are spread uniformly over the 47 cards seat 0 has not seen (chi-square
    with 46 degrees of freedom under 81.4, the 0.1% critical value), and the
    true cards are drawn no more often than the others (within 4 sigma)."""
    state = _after_flop(11)
    rng = random.Random(2024)
    counts: dict[int, int] = {}
    draws = 4700
    for _ in range(draws):
        resampled = state.resample_from_infostate(0, rng)
        for card in resampled.hole_ids(1):
            counts[card] = counts.get(card, 0) + 1
    unseen = set(range(52)) - set(state.hole_ids(0)) - set(state.board_ids())
    assert set(counts) == unseen and len(unseen) == 47
    expected = 2 * draws / 47
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in unseen)
    assert chi2 < 81.4
    sigma = (2 * draws * (1 / 47) * (46 / 47)) ** 0.5
    for card in state.hole_ids(1):
        assert counts[card] < expected + 4 * sigma


def _showdown(seed: int, players: int = 2) -> SearchState:
    """A hand checked and called down to a showdown, cards dealt from ``seed``."""
    game = SearchGame(TableConfig([200] * players, 1, 2))
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(CHECK_CALL)
    return state


def test_resampling_after_a_showdown_keeps_the_mucked_hand_losing_r6() -> None:
    """R6: at a showdown the loser may muck; a mucked hand redrawn at random
    could win, which the player would see (the review found such a state in
    the first 1,000 showdowns). The redraw is conditioned: the same
    information state for the player and the same returns for every seat."""
    checked = mucked = 0
    for seed in range(300):
        state = _showdown(seed, 2 + seed % 2)
        for player in range(state.game.num_players):
            twin = state.resample_from_infostate(player, random.Random(seed))
            assert twin.information_state_string(player) == state.information_state_string(player)
            assert twin.returns() == state.returns()
            assert twin.board_ids() == state.board_ids()
            checked += 1
        mucked += len(state.shown_seats()) < state.game.num_players
    assert checked == 750 and mucked > 50  # many showdowns had a mucked hand


def test_resampling_checks_the_player_and_the_random_source() -> None:
    """A player is a whole number (numpy integers too), not a bool, never
    wrapped; the random source must have ``sample`` (None was an AttributeError)."""
    np = pytest.importorskip("numpy", reason="numpy integers as seats (the openspiel extra)")

    state = _after_flop(3)
    assert state.resample_from_infostate(np.int64(0), random.Random(1)).history == (
        state.resample_from_infostate(0, random.Random(1)).history
    )
    for player in (True, 2, -1, 0.0, "0"):
        with pytest.raises(SearchError, match=f"no such player: {player!r} \\(0 to 1\\)"):
            state.resample_from_infostate(player, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(SearchError, match="rng must be a random.Random, got None"):
        state.resample_from_infostate(0, None)  # type: ignore[arg-type]


def test_hole_ids_refuses_a_seat_out_of_range_instead_of_wrapping() -> None:
    """hole_ids(2) and hole_ids(-2) in a 2-player game gave seat 0's cards."""
    np = pytest.importorskip("numpy", reason="numpy integers as seats (the openspiel extra)")

    state = _after_flop(5)
    assert state.hole_ids(np.int64(1)) == state.hole_ids(1) and len(state.hole_ids(1)) == 2
    for seat in (2, -2, -1, True):
        with pytest.raises(SearchError, match=f"no such seat: {seat!r} \\(0 to 1\\)"):
            state.hole_ids(seat)
    assert state.information_state_string(np.int64(0)) == state.information_state_string(0)
    with pytest.raises(SearchError, match="no such player: True"):
        state.information_state_string(True)
