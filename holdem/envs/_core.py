"""What the PettingZoo and Gymnasium environments share: the table settings, the
deal of hand ``i``, the observation, the mask and the rewards.

Hand ``i`` after ``reset(seed=s)`` is ``Hand(config, seed=f"{s}:{i}")`` with
the button on seat ``i % players``: the engine's own RNG deals it, so one seed
reproduces every episode that follows it.
"""

from __future__ import annotations

import math
import secrets
import struct
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from holdem.engine.betting import Action, LegalActions
from holdem.engine.config import TableConfig
from holdem.engine.hand import Hand
from holdem.errors import ConfigError, HoldemError
from holdem.views.abstraction import Abstraction, ButtonError
from holdem.views.observation import Encoder

ILLEGAL_MODES = ("penalty", "raise")
"""``penalty`` (the environments' default): an illegal button ends the hand with
a penalty (PettingZoo style); ``raise`` (strict): it raises
:class:`~holdem.views.abstraction.ButtonError` and changes nothing."""


class ResetNeeded(HoldemError, gymnasium.error.ResetNeeded):
    """The environment has no hand to play: ``reset()`` was never called, or the
    episode is over (the hand was scored, an illegal button ended it, or an
    opponent failed). Call ``reset()``. Both a
    :class:`~holdem.errors.HoldemError` and Gymnasium's ``ResetNeeded``."""


def _plain(value: Any) -> Any:
    """A NumPy integer as a Python ``int``; anything else as it is (the table
    configuration checks it)."""
    return int(value) if isinstance(value, np.integer) else value


class Game:
    """The settings of an environment and the arithmetic shared by both envs.

    Args:
        players: seats, 2 to 10.
        stacks: every seat's stack at the start of every hand, in chips: one
            number for all, or one per seat (default 200 big blinds); each more
            than the big blind and the ante, so that every hand has a decision.
        blinds: ``(small blind, big blind)`` in chips (default ``(1, 2)``).
        ante: a uniform ante in chips (default 0).
        abstraction: the buttons (default :class:`~holdem.views.abstraction.Abstraction`).
        history: actions remembered in the observation (default 8).
        illegal: ``"penalty"`` or ``"raise"``, see :data:`ILLEGAL_MODES`.
        penalty: big blinds an illegal button costs in ``penalty`` mode
            (default: the offender's starting stack, the most a hand can cost).

    Raises:
        ConfigError: a setting is invalid (its name is the error's ``field``).
    """

    def __init__(
        self,
        players: int,
        stacks: int | Sequence[int] | None,
        blinds: tuple[int, int],
        ante: int,
        abstraction: Abstraction | None,
        history: int,
        illegal: str,
        penalty: float | None,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
            raise ConfigError("players", f"must be 2 to 10, got {players!r}")
        try:
            small, big = map(_plain, blinds)
        except (TypeError, ValueError):
            raise ConfigError("blinds", f"(small blind, big blind), got {blinds!r}") from None
        if stacks is None:  # 200 big blinds; with a bad big blind, the config names it
            stacks = 200 * big if isinstance(big, int) and big > 0 else 200
        if isinstance(stacks, str | bytes) or (isinstance(stacks, np.ndarray) and stacks.ndim != 1):
            raise ConfigError("stacks", f"chips: one number or one per seat, got {stacks!r}")
        if isinstance(stacks, Sequence | np.ndarray):
            chips = [_plain(chip) for chip in stacks]
        else:
            chips = [_plain(stacks)] * players
        ante = _plain(ante)
        if len(chips) != players:
            raise ConfigError("stacks", f"one stack per seat ({players}), got {len(chips)}")
        self.configs = [TableConfig(chips, small, big, button=b, ante=ante) for b in range(players)]
        # Nobody all-in on the forced bets: every hand has a decision to make.
        forced = big + ante
        if min(chips) <= forced:
            raise ConfigError(
                "stacks",
                f"every stack must be more than the big blind and the ante ({forced} chips), "
                f"got {min(chips)}",
            )
        if illegal not in ILLEGAL_MODES:
            raise ConfigError("illegal", f"must be raise or penalty, got {illegal!r}")
        penalty = _plain(penalty)
        if penalty is not None and (
            isinstance(penalty, bool)
            or not isinstance(penalty, int | float)
            or not 0 <= penalty < math.inf
        ):
            raise ConfigError("penalty", f"big blinds, 0 or more and finite, got {penalty!r}")
        if abstraction is not None and not isinstance(abstraction, Abstraction):
            raise ConfigError("abstraction", f"an Abstraction, got {abstraction!r}")
        self.players = players
        self.big_blind: int = big
        self.abstraction = abstraction or Abstraction()
        self.encoder = Encoder(players, history)
        self.illegal = illegal
        self.penalty: float | None = penalty
        total = sum(chips) + ante * players
        high = float(max(total / big, big, 10))
        self.observation_space = spaces.Box(0.0, high, (self.encoder.size,), np.float32)
        self.mask_space = spaces.Box(0, 1, (self.abstraction.size,), np.int8)
        self.action_space = spaces.Discrete(self.abstraction.size)
        self.seed: int | str = secrets.randbits(63)
        self.index = 0
        self._cached: tuple[Hand, LegalActions, list[Action | None]] | None = None
        self._pack = struct.Struct(f"={self.encoder.size}f").pack

    def reseed(self, seed: int | str | None) -> None:
        """Start the hands over from ``seed`` (when given)."""
        if seed is not None:
            self.seed = seed
            self.index = 0

    def deal(self) -> Hand:
        """The next hand: hand ``index`` of the seed, button on ``index % players``."""
        index = self.index
        self.index += 1
        return Hand(self.configs[index % self.players], seed=f"{self.seed}:{index}")

    def observation(self, hand: Hand, seat: int) -> Any:
        """The encoding of what ``seat`` may know, float32."""
        # The floats packed as float32 (rounded to nearest, as numpy's cast)
        # into a writable array: the conversion in about a third of the time
        # np.asarray takes on a list of floats.
        packed = self._pack(*self.encoder.encode_hand(hand, seat))
        return np.frombuffer(bytearray(packed), dtype=np.float32)

    def buttons(self, hand: Hand) -> list[Action | None]:
        """The action of each button for the seat to act (``None`` where masked),
        worked out once per decision."""
        legal = hand.legal_actions()
        assert legal is not None
        cached = self._cached
        if cached is not None and cached[0] is hand and cached[1] is legal:
            return cached[2]
        actions = self.abstraction.actions(legal, hand.pot_total, hand.current_bet)
        self._cached = (hand, legal, actions)
        return actions

    def mask(self, hand: Hand, seat: int) -> Any:
        """The legal buttons of ``seat`` (int8), all zeros when it is not to act."""
        if hand.to_act != seat:
            return np.zeros(self.abstraction.size, dtype=np.int8)
        return np.array([a is not None for a in self.buttons(hand)], dtype=np.int8)

    def action(self, hand: Hand, button: object) -> Action | None:
        """The action of ``button`` for the seat to act, or ``None`` (penalty mode)
        when the button is not legal now.

        Raises:
            ButtonError: the button is not legal now, in ``raise`` mode.
        """
        if isinstance(button, np.integer):
            button = int(button)
        elif (
            isinstance(button, np.ndarray)
            and button.shape == ()
            and np.issubdtype(button.dtype, np.integer)
        ):
            button = int(button)  # Discrete.contains accepts a 0-d integer array
        if type(button) is int and 0 <= button < self.abstraction.size:
            found = self.buttons(hand)[button]
            if found is not None:
                return found
        try:
            return self.abstraction.action_of(hand, button)  # type: ignore[arg-type]
        except ButtonError:
            if self.illegal == "raise":
                raise
            return None

    def penalty_of(self, seat: int) -> float:
        """Big blinds an illegal button costs ``seat``."""
        if self.penalty is not None:
            return float(self.penalty)
        return self.configs[0].stacks[seat] / self.big_blind

    def rewards(self, hand: Hand) -> list[float]:
        """Each seat's result in big blinds once the hand is over (sums to zero in chips)."""
        assert hand.result is not None
        return [chips / self.big_blind for chips in hand.result.net]


def check_opponents(opponents: object, kind: str) -> Sequence[Any]:
    """Checks that ``opponents`` is a list of 1 to 9 entries (one per opponent seat).

    Args:
        opponents: the setting as given.
        kind: what the entries are, for the message (``"agents"``, ``"array policies"``).

    Returns:
        ``opponents``, typed as a sequence.

    Raises:
        ConfigError: ``opponents`` is a string, not a sequence, or has fewer than
            1 or more than 9 entries (field ``"opponents"``).
    """
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        raise ConfigError("opponents", f"a list of {kind}, got {opponents!r}")
    if not 1 <= len(opponents) <= 9:
        raise ConfigError("opponents", f"1 to 9 opponents, got {len(opponents)}")
    return opponents


def check_render_mode(render_mode: str | None) -> None:
    """Checks the ``render_mode`` setting of the rendering environments.

    Raises:
        ConfigError: ``render_mode`` is not ``None``, ``"human"`` or ``"ansi"``
            (field ``"render_mode"``).
    """
    if render_mode is not None and render_mode not in ("human", "ansi"):
        raise ConfigError("render_mode", f"None, human or ansi, got {render_mode!r}")


def penalty_rewards(game: Game, seats: int, offender: int) -> list[float]:
    """The offender loses its penalty, shared equally by the other seats (zero-sum)."""
    cost = game.penalty_of(offender)
    return [-cost if s == offender else cost / (seats - 1) for s in range(seats)]
