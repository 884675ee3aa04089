"""Shown hole cards are part of the information state from the moment they are
shown (R6 at the showdown, R6.4 before an all-in run-out): in the strings, the
tensors, and kept by resampling (review 19b)."""

from __future__ import annotations

import random

from holdem import TableConfig
from holdem.search import CARD_INDEX, CHECK_CALL, RAISE_BASE, SearchGame, SearchState
from holdem.search.encode import information_state_size, observation_size

GAME = SearchGame(TableConfig([100, 100], 1, 2))
N, M = 2, GAME.max_betting_actions


def _deal(cards: list[str]) -> SearchState:
    state = GAME.new_initial_state()
    for card in cards:  # seat 1 first (left of the button), then seat 0...
        state.apply_action(CARD_INDEX[card])
    return state


def test_r6_4_hands_shown_before_the_run_out_are_in_the_information_state() -> None:
    """All-in and called preflop: both hands are shown before the board (R6.4),
    so at the run-out's chance nodes they are in every view of player 0."""
    state = _deal(["As", "Kd", "Ah", "Kc"])
    state.apply_action(RAISE_BASE + 100)  # all-in
    state.apply_action(CHECK_CALL)  # called: betting ended early (R5.3)
    assert state.is_chance_node()
    assert state.shown_seats() == (0, 1)
    assert state.information_state_string(0).endswith(" S0:KcKd S1:AhAs")
    assert state.observation_string(0).endswith(" S0:KcKd S1:AhAs")
    info = state.information_state_tensor(0)
    base = N + 208 + 5 * M
    assert len(info) == information_state_size(N, M)
    assert [k - base for k, v in enumerate(info) if k >= base and v] == sorted(
        [CARD_INDEX["Kc"], CARD_INDEX["Kd"], 52 + CARD_INDEX["Ah"], 52 + CARD_INDEX["As"]]
    )
    obs = state.observation_tensor(0)
    assert len(obs) == observation_size(N)
    assert sum(obs[6 * N + 108 + 52 + CARD_INDEX[c]] for c in ("Ah", "As")) == 2.0
    for seed in range(20):
        again = state.resample_from_infostate(0, random.Random(seed))
        assert sorted(again.hole_ids(1)) == sorted(state.hole_ids(1))
        assert again.information_state_string(0) == state.information_state_string(0)


def test_no_card_is_shown_before_betting_ends() -> None:
    """R6: while the betting goes on, the other seat's cards are in no view."""
    state = _deal(["As", "Kd", "Ah", "Kc"])
    state.apply_action(CHECK_CALL)
    assert state.shown_seats() == ()
    info = state.information_state_tensor(0)
    assert not any(info[N + 208 + 5 * M :])
    assert not any(state.observation_tensor(0)[6 * N + 108 :])


def test_different_showdowns_give_different_tensors() -> None:
    """The same betting and board, a different hand shown at the showdown (and
    another winner): the information-state tensors differ, as the strings do."""

    def play(opponent: tuple[str, str]) -> SearchState:
        state = _deal([opponent[0], "Kd", opponent[1], "Kc"])
        board = iter(["2c", "3d", "7h", "9s", "Jc"])
        while not state.is_terminal():
            state.apply_action(CARD_INDEX[next(board)] if state.is_chance_node() else CHECK_CALL)
        return state

    aces, queens = play(("As", "Ah")), play(("Qs", "Qh"))
    assert aces.returns() != queens.returns()
    assert aces.information_state_string(0) != queens.information_state_string(0)
    assert aces.information_state_tensor(0) != queens.information_state_tensor(0)
