"""A single-agent Gymnasium environment: the learner against fixed opponents.

The learner sits on seat 0; the opponents on seats 1, 2, ... in the order
given. One episode is one hand. The button moves one seat each hand (hand
``i`` after ``reset(seed=s)`` has it on seat ``i % players``; see
:mod:`holdem.envs`), so the learner plays every position in turn.

The observation is the float32 encoding of :class:`~holdem.views.observation.Encoder`
(chip amounts in big blinds); the action a button index of the
:class:`~holdem.views.abstraction.Abstraction`. The mask of legal buttons is in
``info["action_mask"]`` and given by :meth:`NoLimitHoldemEnv.action_masks`
(as sb3-contrib's ``MaskablePPO`` expects). The reward is 0 until the hand is
over, then the learner's net result in big blinds.

Hands in which the learner has no decision (everybody folds to its big blind,
or an all-in on the forced bets) are played out inside ``reset()`` and
``step()`` and not returned as episodes; their count and the learner's net
result over them (big blinds) are in ``info["skipped_hands"]`` and
``info["skipped_result"]`` of the first observation after them, so that
accounting stays exact.

>>> import gymnasium, holdem.envs
>>> env = gymnasium.make("holdem/NoLimitHoldem-v0", opponents=["call"])
>>> obs, info = env.reset(seed=3)
>>> obs.shape, info["action_mask"].tolist()
((203,), [1, 1, 1, 0, 1, 1, 1, 1])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium

from holdem.engine.hand import Hand
from holdem.envs._core import Game, ResetNeeded, check_opponents, check_render_mode
from holdem.errors import ConfigError
from holdem.selfplay.agent_specs import AgentFailure, checked_act, factory, takes_seed
from holdem.selfplay.agents import Agent
from holdem.views.abstraction import Abstraction
from holdem.views.history import format_history
from holdem.views.seat import seat_view

Opponent = str | Agent | Callable[[str], Agent]
"""An agent spec (a name of :data:`holdem.selfplay.agents.AGENTS`, ``module:Class`` or
``path/to/file.py:Class``, see :mod:`holdem.selfplay.agent_specs`), an agent class
(built with the seed when its constructor takes one, else with none) or a
factory from a seed (text) to an agent, all built fresh for every hand; or an
agent object, used as it is."""

LEARNER = 0
"""The learner's seat."""


class NoLimitHoldemEnv(gymnasium.Env[Any, Any]):
    """The single-agent environment (see the module).

    Args:
        opponents: one per opponent seat (1 to 9), see :data:`Opponent`;
            named and factory agents get the seed ``f"{s}:{i}:{seat}"`` for
            hand ``i`` of seed ``s``.
        stacks, blinds, ante, abstraction, history, illegal, penalty: as for
            :class:`holdem.envs._core.Game` (``illegal="penalty"``: an illegal
            button ends the episode with reward ``-penalty``).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.

    Raises:
        ConfigError: a setting is invalid (its name is the error's ``field``).
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        opponents: Sequence[Opponent] = ("call",),
        stacks: int | Sequence[int] | None = None,
        blinds: tuple[int, int] = (1, 2),
        *,
        ante: int = 0,
        abstraction: Abstraction | None = None,
        history: int = 8,
        illegal: str = "penalty",
        penalty: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        check_opponents(opponents, "agents")
        self._factories: dict[str, Callable[[str], Agent]] = {}
        for opponent in opponents:
            if isinstance(opponent, str):
                self._factories[opponent] = factory(opponent)  # ConfigError when unknown
            elif not (callable(opponent) or hasattr(opponent, "act")):
                raise ConfigError("opponents", f"not an agent: {opponent!r}")
        check_render_mode(render_mode)
        players = len(opponents) + 1
        self.game = Game(players, stacks, blinds, ante, abstraction, history, illegal, penalty)
        self.opponents = list(opponents)
        self._names = [_name_of(opponent) for opponent in opponents]
        self.render_mode = render_mode
        self.observation_space = self.game.observation_space
        self.action_space = self.game.action_space
        self.hand: Hand | None = None
        self._index = 0
        self._playing = False  # an episode is under way: step() may be called
        self._agents: list[Agent] = []
        self._skipped = 0
        self._skipped_chips = 0

    def _seated(self, index: int) -> list[Agent]:
        out: list[Agent] = []
        for i, opponent in enumerate(self.opponents):
            seed = f"{self.game.seed}:{index}:{i + 1}"
            if isinstance(opponent, str):
                out.append(self._factories[opponent](seed))
            elif hasattr(opponent, "act") and not isinstance(opponent, type):
                out.append(opponent)
            else:  # a factory, or an agent class (built with the seed when it takes one)
                name = self._names[i]
                try:
                    if isinstance(opponent, type) and not takes_seed(opponent):
                        agent = opponent()
                    else:
                        agent = opponent(seed)
                except Exception as error:
                    detail = f"building it raised {type(error).__name__}: {error}"
                    raise AgentFailure(name, i + 1, index + 1, detail) from None
                if not callable(getattr(agent, "act", None)):
                    detail = f"its factory returned {agent!r}, not an agent"
                    raise AgentFailure(name, i + 1, index + 1, detail)
                out.append(agent)
        return out

    def _advance(self) -> None:
        """Let the opponents act until the learner is to act or the hand is over."""
        hand = self.hand
        assert hand is not None
        while (seat := hand.to_act) is not None and seat != LEARNER:
            view = seat_view(hand, seat)
            agent, name = self._agents[seat - 1], self._names[seat - 1]
            self.game.act(hand, seat, checked_act(agent, name, view, self._index + 1))

    def _next_decision(self) -> None:
        """Deal hands until the learner has a decision."""
        while True:
            self._index = index = self.game.index
            self.hand = self.game.deal()
            self._agents = self._seated(index)
            self._advance()
            if not self.hand.is_over:
                return
            assert self.hand.result is not None
            self._skipped += 1
            self._skipped_chips += self.hand.result.net[LEARNER]

    def _info(self) -> dict[str, Any]:
        assert self.hand is not None
        info: dict[str, Any] = {"action_mask": self.game.mask(self.hand, LEARNER)}
        if self._skipped:
            info["skipped_hands"] = self._skipped
            info["skipped_result"] = self._skipped_chips / self.game.big_blind
            self._skipped = self._skipped_chips = 0
        return info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal the next hand the learner acts in; with ``seed``, start from hand 0 of it."""
        super().reset(seed=seed)
        self.game.reseed(seed)
        self._playing = False
        self._skipped = self._skipped_chips = 0
        self._next_decision()  # AgentFailure: an opponent failed
        self._playing = True
        assert self.hand is not None
        return self.game.observation(self.hand, LEARNER), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Press button ``action`` for the learner, then let the opponents act.

        Returns:
            ``(observation, reward, terminated, truncated, info)``; the reward
            (big blinds) is non-zero only when the hand is over.

        Raises:
            ButtonError: the button is not legal now, in ``illegal="raise"`` mode
                (nothing changes); with ``illegal="penalty"`` the episode ends instead.
            ResetNeeded: no episode is under way (never reset, or it is over).
            AgentFailure: an opponent raised or chose an illegal action (it is
                named, with its seat and the hand); the episode is over.
        """
        hand = self.hand
        if not self._playing or hand is None or hand.to_act != LEARNER:
            raise ResetNeeded("the episode is over or never started: call reset()")
        if not self.game.press(hand, LEARNER, action):
            self._playing = False
            info = self._info()
            info["illegal_action"] = action
            reward = -self.game.penalty_of(LEARNER)
            return self.game.observation(hand, LEARNER), reward, True, False, info
        self._playing = False
        self._advance()  # AgentFailure: an opponent failed
        observation = self.game.observation(hand, LEARNER)
        if hand.is_over:
            return observation, self.game.rewards(hand)[LEARNER], True, False, self._info()
        self._playing = True
        return observation, 0.0, False, False, self._info()

    def action_masks(self) -> Any:
        """The legal buttons of the learner now (int8), for ``MaskablePPO``
        (all zeros once the episode is over).

        Raises:
            ResetNeeded: the environment was never reset.
        """
        if self.hand is None:
            raise ResetNeeded("the environment was never reset: call reset()")
        return self.game.mask(self.hand, LEARNER)

    def render(self) -> str | None:
        """The hand so far as the learner may see it: its own hole cards and the
        public events, as text (``ansi``), printed (``human``), or nothing."""
        if self.render_mode is None or self.hand is None:
            return None
        text = format_history(self.hand, seat=LEARNER, show_equity=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _name_of(opponent: Opponent) -> str:
    """An opponent's name in error messages: its spec, or its class or function name."""
    if isinstance(opponent, str):
        return opponent
    if hasattr(opponent, "act") and not isinstance(opponent, type):
        return type(opponent).__name__
    return str(getattr(opponent, "__name__", None) or repr(opponent))
