"""An OpenSpiel game over the exact engine: ``python_holdem`` (the ``openspiel`` extra).

Importing this module registers the game with ``pyspiel`` (the only module of
``holdem`` that imports it). Load it like any OpenSpiel game::

    import pyspiel
    import holdem.openspiel  # registers python_holdem
    game = pyspiel.load_game("python_holdem", {"num_players": 3, "blinds": "1 2",
                                               "stack_sizes": "200 200 200"})

Parameters (named as OpenSpiel 2.0.2's ``python_pokerkit_wrapper`` names
them where they overlap):

- ``num_players`` (int, 2 to 10, default 2);
- ``blinds`` (str ``"SB BB"`` in chips, default ``"50 100"``);
- ``stack_sizes`` (str, space-separated chips, one per player; default
  ``""``: 200 big blinds each. OpenSpiel reads a lone number as an int, so
  give every player's stack);
- ``ante`` (int, a uniform ante in chips, default 0, R2.3);
- ``pot_limit`` (bool, default ``False``: no-limit, R3.4; pot-limit R3.5);
- ``abstraction`` (str: ``"full"``, every legal raise-to amount, default;
  ``"push_fold"``: fold, check, all-in and calls of an all-in; ``"buttons"``:
  :class:`holdem.views.abstraction.Abstraction`'s default buttons).

Players are positions as in PokerKit and ``universal_poker``: player 0 posts
the small blind, player 1 the big blind (heads-up, player 0 is the button).
Action ids are :mod:`holdem.search.state`'s: card ids 0..51 at chance nodes;
0 fold, 1 check/call, ``2 + to`` a bet or raise to ``to`` chips on the street.
Returns are chips won or lost (zero-sum). The information-state tensor and
the observation tensor are :mod:`holdem.search.encode`'s. An observer with
``private_info`` ``NONE`` (the public observation) is the same for every
player, as OpenSpiel's ``kuhn_poker`` public observer is: the observing-player
one-hot and the hole-card block left zero in the tensors, and the strings
written ``P- ... H ...`` (no player, no cards); shown cards are public.
(``universal_poker`` has no public observer to follow.)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from holdem.engine.cards import DECK
from holdem.engine.config import Structure, TableConfig, plain_int
from holdem.errors import ConfigError
from holdem.search._errors import player_index
from holdem.search.encode import (
    information_state_size,
    information_state_string,
    information_state_tensor,
    observation_size,
    observation_string,
    observation_tensor,
)
from holdem.search.state import RAISE_BASE, SearchError, SearchGame, SearchState
from holdem.views.abstraction import Abstraction

__all__ = ["DEFAULT_PARAMS", "HoldemGame", "HoldemObserver", "HoldemState", "table_config"]

DEFAULT_PARAMS: dict[str, Any] = {
    "num_players": 2,
    "blinds": "50 100",
    "stack_sizes": "",
    "ante": 0,
    "pot_limit": False,
    "abstraction": "full",
}
"""The parameters and their defaults."""

_GAME_TYPE = pyspiel.GameType(
    short_name="python_holdem",
    long_name="Python holdem (exact no-limit Texas hold'em)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=DEFAULT_PARAMS,
)


def _ints(name: str, text: object) -> list[int]:
    """The whole numbers of ``text``: ASCII digits only (``int()`` also takes
    other scripts' digits and ``_``), at most 30 digits each."""
    if not isinstance(text, str):
        raise ConfigError(name, f"must be a string of whole numbers, got {text!r}")
    parts = text.split()
    for part in parts:
        if not part.isascii() or not part.isdigit() or len(part) > 30:
            raise ConfigError(
                name,
                f"must be space-separated whole numbers in ASCII digits, got {part!r} in {text!r}",
            )
    return [int(part) for part in parts]


def table_config(params: dict[str, Any]) -> tuple[TableConfig, str]:
    """The :class:`~holdem.engine.config.TableConfig` and abstraction name of ``params``.

    Raises:
        ConfigError: a parameter is malformed or the table is invalid.
    """
    merged = DEFAULT_PARAMS | dict(params)
    unknown = sorted(set(merged) - set(DEFAULT_PARAMS))
    if unknown:
        raise ConfigError("params", f"unknown parameters {unknown}; known {sorted(DEFAULT_PARAMS)}")
    n = merged["num_players"]
    if type(n) is not int or not 2 <= n <= 10:
        raise ConfigError("num_players", f"must be 2 to 10, got {n!r}")
    blinds = _ints("blinds", merged["blinds"])
    if len(blinds) != 2:
        raise ConfigError("blinds", f"must be 'SB BB', got {merged['blinds']!r}")
    stacks = _ints("stack_sizes", merged["stack_sizes"]) or [200 * blinds[1]] * n
    if len(stacks) != n:
        raise ConfigError("stack_sizes", f"needs {n} values, got {len(stacks)}")
    abstraction = merged["abstraction"]
    if abstraction not in ("full", "push_fold", "buttons"):
        raise ConfigError("abstraction", f"must be full, push_fold or buttons, got {abstraction!r}")
    config = TableConfig(
        stacks=stacks,
        small_blind=blinds[0],
        big_blind=blinds[1],
        button=0 if n == 2 else n - 1,
        ante=merged["ante"],
        structure=Structure.POT_LIMIT if merged["pot_limit"] else Structure.NO_LIMIT,
    )
    return config, abstraction


class HoldemGame(pyspiel.Game):  # type: ignore[misc]
    """The ``python_holdem`` game (see the module for the parameters).

    Raises:
        ConfigError: bad parameters (see :func:`table_config`).
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = DEFAULT_PARAMS | dict(params or {})
        config, abstraction = table_config(params)
        self.search = SearchGame(config, Abstraction() if abstraction == "buttons" else abstraction)
        n = config.seats
        top = max(config.stacks)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.search.num_distinct_actions,
            max_chance_outcomes=52,
            num_players=n,
            min_utility=-float(top),
            max_utility=float(sum(config.stacks) - min(config.stacks)),
            utility_sum=0.0,
            max_game_length=self.search.max_game_length,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> HoldemState:
        """The root (a chance node: the first hole card)."""
        return HoldemState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> HoldemObserver:
        """An observer: information state when ``iig_obs_type.perfect_recall``,
        else the observation."""
        return HoldemObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class HoldemState(pyspiel.State):  # type: ignore[misc]
    """A ``python_holdem`` state: a :class:`~holdem.search.state.SearchState` inside.

    Serialization is OpenSpiel's for Python games (``state.serialize()``,
    ``game.deserialize_state(text)``): a ``history=`` line, a ``move_number=``
    line and the state's attributes as a base64 *pickle*, which OpenSpiel's C++
    side loads before any code of this module runs. **Never deserialize text
    from an untrusted source**: unpickling can run arbitrary code (see
    docs/security.md). What this module can check, it does: the state set
    from the pickle must be a state of this game whose history is the
    ``history=`` line's (the line is replayed through the engine, every action
    checked, R1-R14); anything else raises :class:`SearchError`. (An empty
    ``history=`` line cannot be told from OpenSpiel's clone, which sets the
    attributes before the history: the pickled state is then only checked to
    be of this game.)
    """

    def __init__(self, game: HoldemGame) -> None:
        super().__init__(game)
        self.__dict__["state"] = game.search.new_initial_state()

    @property
    def state(self) -> SearchState:
        """The :class:`~holdem.search.state.SearchState` inside."""
        inner: SearchState = self.__dict__["state"]
        return inner

    @state.setter
    def state(self, value: object) -> None:
        # OpenSpiel sets it in two places: deserialize_state, after reading the
        # history= line (replay that line, validated, and require the same
        # history), and clone, before copying the history (a deep copy of a
        # state of this game, kept as it is: no replay on the clone path).
        search = self.get_game().search
        if not isinstance(value, SearchState) or value.game.config != search.config:
            raise SearchError("a python_holdem state holds a SearchState of its own game")
        history = [int(action) for action in self.history()]
        if history:
            if tuple(value.history) != tuple(history):
                raise SearchError(
                    "a serialized python_holdem state does not match its history= line"
                )
            value = search.replay(history)
        self.__dict__["state"] = value

    def current_player(self) -> int:
        """The player to act, or ``pyspiel.PlayerId.CHANCE`` / ``TERMINAL``."""
        return self.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every undealt card with probability ``1 / count``."""
        return self.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """``Deal <card>``, ``Fold``, ``Check/Call`` or ``Raise to <to>``.

        Raises:
            SearchError: ``player`` is neither a player nor chance (-1), or
                ``action`` is not a card id (at chance) or an action id of the
                game (``0`` to ``num_distinct_actions - 1``, a raise to at least 1).
        """
        search = self.state.game
        if plain_int(player) == pyspiel.PlayerId.CHANCE:
            card = player_index(action, len(DECK), "card id")
            return f"Deal {DECK[card]}"
        player_index(player, search.num_players)
        action = plain_int(action)  # type: ignore[assignment]
        if action is None or not (0 <= action < search.num_distinct_actions) or action == 2:
            raise SearchError(
                f"no such action id: {action!r} (0 fold, 1 check/call, {RAISE_BASE} + to "
                f"for a raise to 'to' chips, below {search.num_distinct_actions})"
            )
        if action == 0:
            return "Fold"
        if action == 1:
            return "Check/Call"
        return f"Raise to {action - RAISE_BASE}"

    def is_terminal(self) -> bool:
        """The hand is settled."""
        return self.state.is_terminal()

    def returns(self) -> list[float]:
        """Chips won or lost per player (zeros before the end)."""
        return [float(chips) for chips in self.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HoldemState:
        """A state ``player_id`` cannot tell from this one, the hidden hole cards
        redrawn (:meth:`holdem.search.state.SearchState.resample_from_infostate`),
        for Python algorithms such as OpenSpiel's ``ismcts``.

        Args:
            player_id: the player whose information is kept.
            probability_sampler: a callable returning a float in [0, 1)
                (``pyspiel.UniformProbabilitySampler``); one draw seeds the
                resampling.

        Raises:
            SearchError: ``player_id`` is not a player (a bool or out of range),
                ``probability_sampler`` is not callable or returns something
                other than a number in [0, 1), or (at a terminal state) see
                :meth:`~holdem.search.state.SearchState.resample_from_infostate`.
        """
        player_id = player_index(player_id, self.state.game.num_players)
        if not callable(probability_sampler):
            raise SearchError(
                f"probability_sampler must be a callable returning a float in [0, 1), "
                f"got {probability_sampler!r}"
            )
        draw = probability_sampler()
        if isinstance(draw, bool) or not isinstance(draw, int | float) or not 0 <= draw < 1:
            raise SearchError(f"probability_sampler returned {draw!r}, not a float in [0, 1)")
        seed = int(float(draw) * 2**53)
        inner = self.state.resample_from_infostate(player_id, random.Random(seed))
        twin = self.get_game().new_initial_state()
        for action in inner.history:
            twin.apply_action(action)
        return twin  # type: ignore[no-any-return]

    def __str__(self) -> str:
        state = self.state
        n = state.game.num_players
        holes = " ".join("".join(DECK[c] for c in state.hole_ids(p)) or "-" for p in range(n))
        board = "".join(DECK[c] for c in state.board_ids())
        return f"hole[{holes}] board[{board}] actions[{state.public_actions()}]"


class HoldemObserver:
    """OpenSpiel's observer for ``python_holdem``: fills ``tensor`` and writes strings.

    Raises:
        ValueError: observation parameters are given, or ``private_info`` is
            ``ALL_PLAYERS`` (not provided).
    """

    def __init__(self, game: HoldemGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("python_holdem observes one player's cards at most")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        search = game.search
        n = search.num_players
        size = (
            information_state_size(n, search.max_betting_actions)
            if self.perfect_recall
            else observation_size(n)
        )
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HoldemState, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` as ``player`` sees it (the public
        part alone, the same for every player, when ``private_info`` is ``NONE``)."""
        inner = state.state
        values = (
            information_state_tensor(inner, player)
            if self.perfect_recall
            else observation_tensor(inner, player)
        )
        self.tensor[:] = values
        if not self.private:  # public: the same for every player (no observer, no cards)
            n = inner.game.num_players
            self.tensor[: n + 52] = 0.0

    def string_from(self, state: HoldemState, player: int) -> str:
        """The information-state or observation string of ``player``."""
        inner = state.state
        text = (
            information_state_string(inner, player)
            if self.perfect_recall
            else observation_string(inner, player)
        )
        if not self.private:  # public: the same for every player
            own = "".join(DECK[c] for c in sorted(inner.hole_ids(player)))
            text = "P-" + text[len(f"P{player}") :].replace(f" H{own} ", " H ", 1)
        return text


pyspiel.register_game(_GAME_TYPE, HoldemGame)
