"""A PettingZoo ``AECEnv``: one hand of no-limit hold'em per episode.

Agents ``player_0`` .. ``player_{n-1}`` sit on seats 0 .. n-1. Each
observation is a dict: ``observation`` (the float32 encoding of
:class:`~holdem.views.observation.Encoder`, chip amounts in big blinds) and
``action_mask`` (int8, one entry per button of the
:class:`~holdem.views.abstraction.Abstraction`; all zeros for an agent that is not
to act). An action is a button index. Every agent is rewarded once, when the
hand is over: its net result in big blinds (the rewards sum to zero); then
every agent is terminated. Folded agents stay in ``agents`` until then.

>>> env = aec_env(players=3, stacks=100, blinds=(1, 2))
>>> env.reset(seed=7)
>>> env.agent_selection, env.observe("player_0")["action_mask"].tolist()
('player_0', [1, 1, 1, 0, 1, 1, 1, 1])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pettingzoo import AECEnv

from holdem.engine.hand import Hand
from holdem.envs._core import Game, ResetNeeded, check_render_mode, penalty_rewards
from holdem.errors import ConfigError
from holdem.views.abstraction import Abstraction
from holdem.views.history import format_history


class HoldemAECEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """The PettingZoo environment; build it with :func:`aec_env` (see the module).

    Args:
        players, stacks, blinds, ante, abstraction, history, illegal, penalty:
            as for :class:`holdem.envs._core.Game`.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the hand as
            text) or ``"human"`` (prints it).
        observation_key: the key of the encoding in the observation dict:
            ``"observation"`` (PettingZoo's convention, default) or
            ``"observations"`` (what RLlib's action-masking modules read).

    Raises:
        ConfigError: a setting is invalid (its name is the error's ``field``).
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "holdem_nlhe_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        stacks: int | Sequence[int] | None = None,
        blinds: tuple[int, int] = (1, 2),
        *,
        ante: int = 0,
        abstraction: Abstraction | None = None,
        history: int = 8,
        illegal: str = "penalty",
        penalty: float | None = None,
        render_mode: str | None = None,
        observation_key: str = "observation",
    ) -> None:
        super().__init__()
        if observation_key not in ("observation", "observations"):
            raise ConfigError(
                "observation_key", f"observation or observations, got {observation_key!r}"
            )
        self._key = observation_key
        self.game = Game(players, stacks, blinds, ante, abstraction, history, illegal, penalty)
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        # What reset() copies: every reward 0.0, nobody terminated or truncated.
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)
        self._nos = dict.fromkeys(self.possible_agents, False)
        space: dict[str, Any] = {
            observation_key: self.game.observation_space,
            "action_mask": self.game.mask_space,
        }
        from gymnasium import spaces

        self.observation_spaces = {a: spaces.Dict(space) for a in self.possible_agents}
        self.action_spaces = {a: self.game.action_space for a in self.possible_agents}
        self.hand: Hand | None = None

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """``Discrete(buttons)``, the same object every call."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal the next hand; with ``seed``, hand 0 of that seed (see :mod:`holdem.envs`)."""
        game = self.game
        if seed is not None:
            game.reseed(seed)
        self.hand = hand = game.deal()
        agents = self.possible_agents
        self.agents = agents[:]
        zeros, nos = self._zeros, self._nos
        self.rewards = zeros.copy()
        self._cumulative_rewards = zeros.copy()
        self.terminations = nos.copy()
        self.truncations = nos.copy()
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        # Stacks exceed the forced bets (Game), so somebody is to act.
        to_act = hand.to_act
        assert to_act is not None
        self.agent_selection = agents[to_act]

    def observe(self, agent: str) -> dict[str, Any]:
        """``{"observation": float32 encoding, "action_mask": int8 buttons}`` of ``agent``.

        Raises:
            ResetNeeded: the environment was never reset.
        """
        hand = self.hand
        if hand is None:
            raise ResetNeeded("the environment was never reset: call reset()")
        seat = self._seat[agent]
        return {
            self._key: self.game.observation(hand, seat),
            "action_mask": self.game.mask(hand, seat),
        }

    def step(self, action: Any) -> None:
        """Press button ``action`` for the agent to act (``None`` for a terminated agent).

        Raises:
            ButtonError: the button is not legal now, in ``illegal="raise"`` mode
                (nothing changes); with ``illegal="penalty"`` the hand ends instead.
            ResetNeeded: never reset, or every agent is done (the episode is over).
        """
        hand = self.hand
        if hand is None or not self.agents:
            raise ResetNeeded("the episode is over or never started: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        if not self.game.press(hand, seat, action):
            self._cumulative_rewards[agent] = 0.0
            self.infos[agent]["illegal_action"] = action
            self._finish(penalty_rewards(self.game, len(self.possible_agents), seat))
            self._accumulate_rewards()
            return
        to_act = hand.to_act
        if to_act is not None:
            # Every reward is 0.0 until the hand is over, and so is every
            # cumulative reward: PettingZoo's zeroing of the acting agent's
            # and the accumulation would change nothing.
            self.agent_selection = self.possible_agents[to_act]
        else:
            assert hand.is_over  # nobody to act: the hand is settled (shows are automatic)
            self._cumulative_rewards[agent] = 0.0
            self._finish(self.game.rewards(hand))
            self._accumulate_rewards()

    def _was_dead_step(self, action: Any) -> None:
        """PettingZoo's ``AECEnv._was_dead_step``, the same changes in fewer
        steps: every agent is terminated at once here (when the hand is over),
        so the next dead agent is the first one left."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        del self.terminations[agent]
        del self.truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        skip: str | None = getattr(self, "_skip_agent_selection", None)
        if agents:
            if skip is None:
                self._skip_agent_selection: str | None = agent
            self.agent_selection = agents[0]
        else:
            if skip is not None:
                self.agent_selection = skip
            self._skip_agent_selection = None
        rewards = self.rewards
        for other in rewards:
            rewards[other] = 0

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``: what the agent to act sees.

        Raises:
            ResetNeeded: never reset, or every agent is done (the episode is over).
        """
        self._check_playing()
        return super().last(observe)  # type: ignore[no-any-return]

    def _check_playing(self) -> None:
        if self.hand is None or not self.agents:
            raise ResetNeeded("the episode is over or never started: call reset()")

    def _finish(self, rewards: list[float]) -> None:
        for agent in self.agents:
            self.rewards[agent] = rewards[self._seat[agent]]
            self.terminations[agent] = True

    def render(self) -> str | None:
        """The hand so far as text (``ansi``), printed (``human``), or nothing."""
        if self.render_mode is None or self.hand is None:
            return None
        text = format_history(self.hand, show_equity=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def aec_env(
    players: int = 2,
    stacks: int | Sequence[int] | None = None,
    blinds: tuple[int, int] = (1, 2),
    abstraction: Abstraction | None = None,
    **options: Any,
) -> HoldemAECEnv:
    """A :class:`HoldemAECEnv` (keyword ``options``: ``ante``, ``history``,
    ``illegal``, ``penalty``, ``render_mode``, ``observation_key``).

    Raises:
        ConfigError: a setting is invalid (its name is the error's ``field``).
    """
    return HoldemAECEnv(players, stacks, blinds, abstraction=abstraction, **options)
