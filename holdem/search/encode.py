"""Information-state and observation strings and tensors of a search state.

Neither ever reads a hole card the observing player may not see: they are
built from the player's own cards (:meth:`SearchState.hole_ids`), the board,
the public betting (:meth:`SearchState.public_actions`), public amounts, and
the cards shown (at the showdown, or when betting ended early before an
all-in run-out, R6.4: from the moment they are shown).

Information-state tensor (perfect recall, the whole history), with ``n``
players and ``M = game.max_betting_actions``, size ``53 * n + 208 + 5 * M``:

===========================  ================================================
index                        meaning
===========================  ================================================
``0 .. n-1``                 one-hot: the observing player
``n .. n+51``                the player's hole cards (1 at each card id)
``n+52 .. n+103``            the flop cards
``n+104 .. n+155``           the turn card
``n+156 .. n+207``           the river card
``n+208+5k .. n+212+5k``     betting action ``k`` (0-based, in order):
                             fold, check, call, bet-or-raise flags, then the
                             raise-to amount in big blinds (0 unless a bet
                             or raise); all zeros after the last action
``n+208+5M+52s ..            the hole cards seat ``s`` has shown (1 at each
n+259+5M+52s``               card id; R6, R6.4), for each seat ``s`` in
                             ``0 .. n-1``; all zeros while not shown
===========================  ================================================

The seat acting and the street of each action follow from the order of the
actions (the engine is deterministic), so they are not repeated.

Observation tensor (what the player sees now, no history), size ``58n + 108``:

===========================  ================================================
index                        meaning
===========================  ================================================
``0 .. n-1``                 one-hot: the observing player
``n .. n+51``                the player's hole cards
``n+52 .. n+103``            the board cards
``n+104 .. n+107``           one-hot street: preflop, flop, turn, river
``n+108 .. 2n+107``          one-hot: the seat to act (zeros at a chance node
                             or the end)
``2n+108 .. 3n+107``         chips each seat put in this hand, in big blinds
``3n+108 .. 4n+107``         each seat's bet on this street, in big blinds
``4n+108 .. 5n+107``         each seat's stack behind, in big blinds
``5n+108 .. 6n+107``         1 for each seat that folded
``6n+108+52s .. 6n+159+52s`` the hole cards seat ``s`` has shown (as in the
                             information-state tensor), for each seat ``s``
===========================  ================================================
"""

from __future__ import annotations

import re
from typing import Protocol

from holdem.engine.cards import DECK
from holdem.engine.config import TableConfig
from holdem.engine.streets import STREETS
from holdem.search._errors import player_index

_TOKEN = re.compile(r"[fkc]|[br]\d+")


Chips = tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[bool, ...]]
"""``(street name, contributions, bets, stacks, folded)`` per seat, as a hand has them."""


class _Game(Protocol):
    """What the encoders read of a :class:`~holdem.search.state.SearchGame`."""

    @property
    def num_players(self) -> int: ...
    @property
    def max_betting_actions(self) -> int: ...
    @property
    def config(self) -> TableConfig: ...


class SearchState(Protocol):
    """What the encoders read of a :class:`holdem.search.state.SearchState` (a protocol,
    so that this module does not import the state, which imports it: no import circle)."""

    @property
    def game(self) -> _Game: ...
    @property
    def cards(self) -> tuple[int, ...]: ...
    def _chips(self) -> Chips: ...
    def current_player(self) -> int: ...
    def hole_ids(self, seat: int) -> tuple[int, ...]: ...
    def board_ids(self) -> tuple[int, ...]: ...
    def shown_seats(self) -> tuple[int, ...]: ...
    def public_actions(self) -> str: ...


__all__ = [
    "information_state_size",
    "information_state_string",
    "information_state_tensor",
    "observation_size",
    "observation_string",
    "observation_tensor",
]


def information_state_size(num_players: int, max_betting_actions: int) -> int:
    """The length of :func:`information_state_tensor`: ``53 * n + 208 + 5 * M``."""
    return 53 * num_players + 208 + 5 * max_betting_actions


def observation_size(num_players: int) -> int:
    """The length of :func:`observation_tensor`: ``58 * n + 108``."""
    return 58 * num_players + 108


def _check(state: SearchState, player: object) -> int:
    return player_index(player, state.game.num_players)


def _text(ids: tuple[int, ...] | list[int]) -> str:
    return "".join(DECK[c] for c in ids)


def information_state_string(state: SearchState, player: int) -> str:
    """``P<player> D<cards dealt> H<own> B<flop>|<turn>|<river> A<actions>``,
    then ``S<seat>:<cards>`` for each seat whose cards are shown: at the
    showdown (R6), or from the moment betting ended early before an all-in
    run-out (R6.4).

    Hole cards and flop cards are written in card-id order: the order in
    which one's two cards or the three flop cards arrived never matters (no
    one acts in between), so it is left out, as in the tensor."""
    player = _check(state, player)
    board = state.board_ids()
    text = (
        f"P{player} D{len(state.cards)} H{_text(sorted(state.hole_ids(player)))} "
        f"B{_text(sorted(board[:3]))}|{_text(board[3:4])}|{_text(board[4:5])} "
        f"A{state.public_actions()}"
    )
    for seat in state.shown_seats():
        text += f" S{seat}:{_text(sorted(state.hole_ids(seat)))}"
    return text


def observation_string(state: SearchState, player: int) -> str:
    """``P<player> H<own> B<board> <street> T<seat to act or -> C<put in> S<stacks>
    F<folded seats>``: amounts in chips, per seat in seat order; then
    `` S<seat>:<cards>`` for each seat whose cards are shown (R6, R6.4)."""
    player = _check(state, player)
    street, contrib, _, stacks, folded = state._chips()
    to_act = state.current_player()
    out = "".join("1" if f else "0" for f in folded)
    text = (
        f"P{player} H{_text(sorted(state.hole_ids(player)))} B{_text(state.board_ids())} "
        f"{street} T{to_act if to_act >= 0 else '-'} "
        f"C{' '.join(map(str, contrib))} S{' '.join(map(str, stacks))} F{out}"
    )
    for seat in state.shown_seats():
        text += f" S{seat}:{_text(sorted(state.hole_ids(seat)))}"
    return text


def information_state_tensor(state: SearchState, player: int) -> list[float]:
    """The information-state tensor (layout in the module docstring)."""
    player = _check(state, player)
    game = state.game
    n = game.num_players
    out = [0.0] * information_state_size(n, game.max_betting_actions)
    out[player] = 1.0
    for card in state.hole_ids(player):
        out[n + card] = 1.0
    for k, card in enumerate(state.board_ids()):
        out[n + 52 * (1 + (0 if k < 3 else k - 2)) + card] = 1.0
    bb = game.config.big_blind
    base = n + 208
    for token in _TOKEN.findall(state.public_actions()):
        first = token[0]
        if first == "f":
            out[base] = 1.0
        elif first == "k":
            out[base + 1] = 1.0
        elif first == "c":
            out[base + 2] = 1.0
        else:
            out[base + 3] = 1.0
            out[base + 4] = int(token[1:]) / bb
        base += 5
    _shown(state, out, n + 208 + 5 * game.max_betting_actions)
    return out


def _shown(state: SearchState, out: list[float], base: int) -> None:
    """Set ``out[base + 52 * seat + card]`` for each card a seat has shown."""
    for seat in state.shown_seats():
        for card in state.hole_ids(seat):
            out[base + 52 * seat + card] = 1.0


def observation_tensor(state: SearchState, player: int) -> list[float]:
    """The observation tensor (layout in the module docstring)."""
    player = _check(state, player)
    n = state.game.num_players
    street, contrib, bets, stacks, folded = state._chips()
    bb = state.game.config.big_blind
    out = [0.0] * observation_size(n)
    out[player] = 1.0
    for card in state.hole_ids(player):
        out[n + card] = 1.0
    for card in state.board_ids():
        out[n + 52 + card] = 1.0
    out[n + 104 + STREETS.index(street)] = 1.0
    to_act = state.current_player()
    if to_act >= 0:
        out[n + 108 + to_act] = 1.0
    base = 2 * n + 108
    for seat in range(n):
        out[base + seat] = contrib[seat] / bb
        out[base + n + seat] = bets[seat] / bb
        out[base + 2 * n + seat] = stacks[seat] / bb
        out[base + 3 * n + seat] = 1.0 if folded[seat] else 0.0
    _shown(state, out, 6 * n + 108)
    return out
