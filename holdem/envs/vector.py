"""A Gymnasium vector environment: ``num_envs`` copies of the single-agent
environment, stepped together as arrays over the batched engine
(:class:`holdem.batch.BatchState`).

Lane ``j`` behaves exactly as a :class:`~holdem.envs.gym.NoLimitHoldemEnv`
reset with seed ``s + j`` (Gymnasium's convention for vector seeds) would with
the same learner buttons and the same opponent actions: the same hands
(hand ``i`` of lane seed ``t`` is dealt as ``Hand(config, seed=f"{t}:{i}")``,
the button on seat ``i % players``), the same float32 observations
(:class:`~holdem.views.observation.Encoder`), the same masks
(:class:`~holdem.views.abstraction.Abstraction`), the same rewards (big blinds),
the same skipped hands and penalties. The tests check this lane for lane
against ``gymnasium.vector.SyncVectorEnv`` over ``NoLimitHoldemEnv``.

Opponents are array policies of :mod:`holdem.batch` (``"call"``, ``"random"``,
``"table"``, ``"table:PATH"`` or any :class:`~holdem.batch.Policy`), deciding
for all lanes at once; or, as in the single env, agents (``"potodds"``,
``module:Class`` specs, agent objects with ``act(view)``, agent classes,
factories from a seed), which decide from a seat view of a ``Hand``: then
every lane is a :class:`~holdem.envs.gym.NoLimitHoldemEnv` reset with the
lane's seed (``engine="hands"``), the same episodes by construction, at
about the single env's speed. The learner sits on seat 0.

Autoreset is Gymnasium 1.x's default, ``AutoresetMode.NEXT_STEP``
(``metadata["autoreset_mode"]``): the step that ends a lane's hand returns its
last observation with ``terminated`` set; the next ``step()`` ignores that
lane's action, deals its next hand and returns the first observation with
reward 0 and ``terminated`` false.

>>> import gymnasium, holdem.envs
>>> envs = gymnasium.make_vec("holdem/NoLimitHoldem-v0", num_envs=4,
...                           vectorization_mode="vector_entry_point")
>>> obs, info = envs.reset(seed=3)
>>> obs.shape, obs.dtype.name, info["action_mask"].shape
((4, 203), 'float32', (4, 8))
"""

from __future__ import annotations

import functools
import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from holdem.batch import CALL, FOLD, RAISE, BatchState, Decisions, Policy, deal
from holdem.batch.simulate import POLICIES, load_policy
from holdem.engine.betting import LegalActions
from holdem.engine.cards import DECK
from holdem.envs._agent_lanes import AgentLanes, is_agent
from holdem.envs._core import Game, ResetNeeded, check_opponents
from holdem.envs.gym import Opponent
from holdem.errors import ConfigError
from holdem.views.abstraction import Abstraction

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

_CARD = {card: i for i, card in enumerate(DECK)}
_BOARD_SIZE = np.array([0, 3, 4, 5])
_FIVE = np.arange(5)
# (pool size, its bit length) for each card drawn from a full deck, in order.
_POOL_BITS = tuple((size, size.bit_length()) for size in range(52, 0, -1))


def _sample_indices(rng: random.Random, count: int) -> list[int]:
    """``rng.sample(range(52), count)``, the same indices in the same order
    (CPython's selection from a pool with ``getrandbits``), in one loop."""
    getrandbits = rng.getrandbits
    pool = list(range(52))
    last = 51
    dealt = []
    for size, bits in _POOL_BITS[:count]:
        pick = getrandbits(bits)
        while pick >= size:
            pick = getrandbits(bits)
        dealt.append(pool[pick])
        pool[pick] = pool[last]
        last -= 1
    return dealt


def _sample_by_python(rng: random.Random, count: int) -> list[int]:
    """``rng.sample(range(52), count)``: what the deal draws, by definition."""
    return rng.sample(range(52), count)


# The one-loop draw is used only where it gives exactly what ``Random.sample`` gives.
_sample = (
    _sample_indices
    if all(
        _sample_indices(random.Random(seed), count) == _sample_by_python(random.Random(seed), count)
        for seed, count in ((1, 20), ("holdem:3", 28), (2**64 - 1, 12))
    )
    else _sample_by_python
)


# The board's cards among those dealt after the hole cards: burn, flop, burn, turn, burn, river.
_BOARD_PLACES = np.array([1, 2, 3, 5, 7])


@functools.cache
def _seeded_samples() -> Callable[[Sequence[str], int], IntArray] | None:
    """:func:`holdem.batch.seeded.seeded_samples`, or ``None`` without numba."""
    try:
        from holdem.batch.seeded import seeded_samples
    except ImportError:  # the batch extra (numba) is not installed
        return None
    return seeded_samples


LEARNER = 0
"""The learner's seat in every lane."""


def _is_policy(opponent: object) -> bool:
    """Whether ``opponent`` names or is an array policy (the batch engine's)."""
    if isinstance(opponent, str):
        return opponent in POLICIES or opponent.startswith("table:")
    return callable(opponent) and not is_agent(opponent)


class HoldemVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` single-agent environments in lock step (see the module).

    Args:
        num_envs: lanes, 1 or more.
        opponents: one per opponent seat (1 to 9): an array policy (a name
            of :data:`holdem.batch.POLICIES` or a :class:`~holdem.batch.Policy`
            callable ``policy(decisions, rng)``), or anything the single env
            takes (:data:`holdem.envs.gym.Opponent`: an agent name or spec
            such as ``"potodds"``, an object with ``act(view)``, an agent
            class, a factory ``make(seed)`` of one positional argument).
            Default: one calling station.
        stacks, blinds, ante, abstraction, history, illegal, penalty: as for
            :class:`~holdem.envs.gym.NoLimitHoldemEnv`.
        cards: ``"seeded"`` (default): lane ``j`` deals the single env's
            hands of its seed (see the module), CPython's seeded shuffle
            reproduced for all lanes at once with numba (lane by lane with
            ``random`` without it); ``"numpy"``: 5% to 15% more steps per
            second, the cards drawn
            for all lanes at once from the env's ``np_random`` (so
            ``reset(seed=s)`` reproduces the whole vector env, but the hands
            are not the single env's). Only with ``engine="batch"``.
        engine: ``"auto"`` (default): ``"batch"`` when every opponent is an
            array policy, else ``"hands"``. ``"batch"``: the lanes are arrays
            of :class:`holdem.batch.BatchState`, the opponents array policies.
            ``"hands"``: one single env per lane, with the single env's
            agents; names are read as the single env reads them (``"random"``
            is then the ``random`` agent, drawing from its own seed, not the
            array policy), so lane ``j`` equals the single env seeded ``s + j``
            with the same opponents.

    Raises:
        ConfigError: a setting is invalid (its name is the error's ``field``).

    Attributes:
        single_observation_space: ``Box(float32, (size,))``, as the single env's.
        observation_space: ``Box(float32, (num_envs, size))``.
        single_action_space: ``Discrete(buttons)``.
        action_space: ``MultiDiscrete([buttons] * num_envs)``.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int = 1,
        opponents: Sequence[Opponent | Policy] = ("call",),
        stacks: int | Sequence[int] | None = None,
        blinds: tuple[int, int] = (1, 2),
        *,
        ante: int = 0,
        abstraction: Abstraction | None = None,
        history: int = 8,
        illegal: str = "penalty",
        penalty: float | None = None,
        cards: str = "seeded",
        engine: str = "auto",
    ) -> None:
        if cards not in ("seeded", "numpy"):
            raise ConfigError("cards", f"seeded or numpy, got {cards!r}")
        if engine not in ("auto", "batch", "hands"):
            raise ConfigError("engine", f"auto, batch or hands, got {engine!r}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ConfigError("num_envs", f"1 or more lanes, got {num_envs!r}")
        check_opponents(opponents, "agents or array policies")
        if engine == "auto":
            engine = "batch" if all(map(_is_policy, opponents)) else "hands"
        self.engine = engine
        policies: list[Policy] = []
        if engine == "hands":
            if cards != "seeded":
                raise ConfigError("cards", "agents play hands dealt by seed: cards='seeded' only")
            for opponent in opponents:
                if not isinstance(opponent, str) and not is_agent(opponent):
                    what = (
                        "an array policy cannot play with engine='hands'"
                        if callable(opponent)
                        else "not an agent or an array policy"
                    )
                    raise ConfigError("opponents", f"{what}: {opponent!r}")
        for opponent in opponents if engine == "batch" else ():
            if isinstance(opponent, str):
                try:
                    policies.append(load_policy(opponent))
                except ConfigError as error:
                    message = str(error).removeprefix(f"{error.field}: ")
                    raise ConfigError("opponents", message) from None
            elif callable(opponent) and not is_agent(opponent):
                policies.append(cast(Policy, opponent))
            else:
                raise ConfigError("opponents", f"not an array policy: {opponent!r}")
        players = len(opponents) + 1
        self.game = game = Game(
            players, stacks, blinds, ante, abstraction, history, illegal, penalty
        )
        self.num_envs = num_envs
        self.single_observation_space = game.observation_space
        self.single_action_space = game.action_space
        self.observation_space = batch_space(game.observation_space, num_envs)
        self.action_space = batch_space(game.action_space, num_envs)
        self.state = BatchState(game.configs[0], num_envs)
        # Seat s >= 1 is decided by policies[s - 1]; a policy given for several
        # seats (the same object) decides all their rows in one call.
        self._distinct: list[Policy] = []
        for policy in policies:
            if all(policy is not other for other in self._distinct):
                self._distinct.append(policy)
        owners = [next(i for i, d in enumerate(self._distinct) if d is p) for p in policies]
        self._owner = np.array([-1, *owners], dtype=np.int64)
        self._numpy_cards = cards == "numpy"
        self._ratios = [(f.numerator, f.denominator) for f in game.abstraction.fractions]
        n = num_envs
        self._lanes = np.arange(n)
        # Per button, where each seat's two hole cards are among those dealt:
        # seat s got the card dealt k-th in each round, k its place from the button.
        places = [[(s - b - 1) % players for s in range(players)] for b in range(players)]
        self._hole_places = np.array(
            [[k + players * card for k in row for card in (0, 1)] for row in places]
        )
        self._seeds: list[int | str] = [secrets.randbits(63) for _ in range(n)]
        self._index = np.zeros(n, dtype=np.int64)
        self._paid = np.zeros((n, players), dtype=np.int64)
        self._over = np.zeros(n, dtype=bool)  # the lane's episode has ended
        self._started = False
        self._skipped = np.zeros(n, dtype=np.int64)
        self._skipped_chips = np.zeros(n, dtype=np.int64)
        k = game.encoder.history
        self._hist_seat = np.full((n, k), -1, dtype=np.int64)
        self._hist_kind = np.zeros((n, k), dtype=np.int64)
        self._hist_all_in = np.zeros((n, k), dtype=bool)
        self._hist_to = np.zeros((n, k), dtype=np.int64)
        # The history is a ring per lane: action c of the hand in place c % k.
        self._hist_count = np.zeros(n, dtype=np.int64)
        self._agents: AgentLanes | None = None
        if engine == "hands":
            options = {
                "stacks": stacks,
                "blinds": blinds,
                "ante": ante,
                "abstraction": abstraction,
                "history": history,
                "illegal": illegal,
                "penalty": penalty,
            }
            agents = cast(Sequence[Opponent], opponents)  # checked above: no array policy
            self._agents = AgentLanes(n, agents, options, self._add_info)

    # ------------------------------------------------------------ the API
    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """Deal every lane its next hand the learner acts in.

        Args:
            seed: an int ``s`` (lane ``j`` starts over from hand 0 of seed
                ``s + j``), one seed (or ``None``) per lane, or ``None`` (the
                lanes go on from where they are).
            options: unused.

        Raises:
            ConfigError: a list of seeds of another length than ``num_envs``.
            PolicyError: an opponent policy chose an illegal action.
            AgentFailure: an opponent agent failed (``engine="hands"``).
        """
        if isinstance(seed, Sequence):
            if len(seed) != self.num_envs:
                raise ConfigError("seed", f"one seed per lane ({self.num_envs}), got {len(seed)}")
            seeds: list[int | None] = list(seed)
            first = seed[0]
        else:
            seeds = [None if seed is None else seed + j for j in range(self.num_envs)]
            first = seed
        super().reset(seed=first)
        if self._agents is not None:
            self._started = False
            observations, info = self._agents.reset(seeds)  # AgentFailure: an opponent failed
            self._started = True
            return observations, info
        for j, lane_seed in enumerate(seeds):
            if lane_seed is not None:
                self._seeds[j] = lane_seed
                self._index[j] = 0
        self._started = False
        self._over[:] = False
        self._skipped[:] = 0
        self._skipped_chips[:] = 0
        self._start(self._lanes)
        self._started = True
        acting, decisions = self._learner()
        return self._observe(acting, decisions), self._info(self._lanes, acting, decisions)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Press one button per lane (lanes whose hand ended at the last
        step are reset instead, their button ignored).

        Returns:
            ``(observations, rewards, terminations, truncations, info)``:
            float32 ``(num_envs, size)``; float64 rewards in big blinds,
            non-zero only where a hand ended; bool arrays; ``info`` with
            ``action_mask`` (int8, ``(num_envs, buttons)``, all zeros in a
            lane whose hand is over), and where they apply ``skipped_hands``,
            ``skipped_result`` and ``illegal_action`` with their ``_key``
            masks (Gymnasium's vector info convention).

        Raises:
            ResetNeeded: ``reset()`` was never called (or an opponent failed).
            ConfigError: ``actions`` is not one button per lane.
            ButtonError: a masked button, with ``illegal="raise"`` (nothing changes).
            PolicyError: an opponent policy chose an illegal action; call ``reset()``.
            AgentFailure: an opponent agent raised or chose an illegal action
                (``engine="hands"``); call ``reset()``.
        """
        if not self._started:
            raise ResetNeeded("the vector environment needs reset() first")
        buttons = np.asarray(actions)
        if buttons.shape != (self.num_envs,):
            raise ConfigError("actions", f"one button per lane, shape ({self.num_envs},)")
        if self._agents is not None:
            self._agents.check(buttons)  # ButtonError: nothing changed
            self._started = False  # until the step is through (an opponent may fail)
            result = self._agents.step(buttons)
            self._started = True
            return result
        n = self.num_envs
        rewards = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=bool)
        restart = self._lanes[self._over]
        lanes = self._lanes[~self._over]
        decisions = self.state.decisions(lanes)
        mask, targets = self._buttons(decisions)
        size = self.game.abstraction.size
        if np.issubdtype(buttons.dtype, np.integer):
            pressed = buttons[lanes].astype(np.int64)
            inside = (pressed >= 0) & (pressed < size)
            legal = inside & mask[np.arange(len(lanes)), np.where(inside, pressed, 0)]
        else:
            pressed = np.zeros(len(lanes), dtype=np.int64)
            legal = np.zeros(len(lanes), dtype=bool)
        if not legal.all() and self.game.illegal == "raise":
            i = int(np.argmin(legal))
            self._refuse(decisions, i, buttons[lanes[i]])
        self._started = False  # until the step is through (an opponent may fail)
        self._skipped[restart] = 0
        self._skipped_chips[restart] = 0
        self._start(restart)
        self._over[restart] = False
        bad = lanes[~legal]
        rewards[bad] = -self.game.penalty_of(LEARNER)
        terminated[bad] = True
        rows = np.flatnonzero(legal)
        go = lanes[rows]
        if len(go):
            chosen = Decisions._make(field[rows] for field in decisions)
            press = pressed[rows]
            code = np.where(press == 0, FOLD, np.where(press == 1, CALL, RAISE))
            self._apply(chosen, code, targets[rows, np.maximum(press, 2)])
            self._advance(go)
            ended = go[self.state.to_act[go] < 0]
            net = self._finish(ended)
            rewards[ended] = net / self.game.big_blind
            terminated[ended] = True
        self._over[terminated] = True
        acting, decisions = self._learner()
        observations = self._observe(acting, decisions)
        info = self._info(restart, acting, decisions)
        if len(bad):
            info["illegal_action"] = np.zeros(n, dtype=buttons.dtype)
            info["illegal_action"][bad] = buttons[bad]
            info["_illegal_action"] = np.isin(self._lanes, bad)
        self._started = True
        truncated = np.zeros(n, dtype=bool)
        return observations, rewards, terminated, truncated, info

    def action_masks(self) -> Any:
        """The legal buttons of every lane now, int8 ``(num_envs, buttons)``
        (all zeros in a lane whose hand is over), for ``MaskablePPO``.

        Raises:
            ResetNeeded: the environment was never reset.
        """
        if not self._started:
            raise ResetNeeded("the vector environment needs reset() first")
        if self._agents is not None:
            return self._agents.masks()
        return self._masks(*self._learner())

    # ------------------------------------------------------------ internals
    def _start(self, lanes: IntArray) -> None:
        """Deal hands in ``lanes`` until the learner has a decision in each,
        counting the hands it has none in (skipped, as the single env does)."""
        while len(lanes):
            self._deal(lanes)
            self._advance(lanes)
            done = lanes[self.state.to_act[lanes] < 0]
            if len(done):
                self._skipped[done] += 1
                self._skipped_chips[done] += self._finish(done)
            lanes = done

    def _deal(self, lanes: IntArray) -> None:
        """The next hand of each lane: dealt as ``Hand(config, seed=f"{t}:{i}")``
        (or from ``np_random`` with ``cards="numpy"``)."""
        players = self.game.players
        buttons = self._index[lanes] % players
        if self._numpy_cards:
            hole, board = deal(self.np_random, len(lanes), players)
        else:
            hole, board = self._seeded_cards(lanes, buttons)
        self.state.deal(lanes, buttons, hole, board)
        self._index[lanes] += 1
        self._paid[lanes] = 0
        self._hist_seat[lanes] = -1
        self._hist_count[lanes] = 0

    def _seeded_cards(self, lanes: IntArray, buttons: IntArray) -> tuple[IntArray, IntArray]:
        """The hole cards ``(lanes, players, 2)`` and boards ``(lanes, 5)`` of
        the lanes' next hands, as card indices: Dealer's seeded deal
        (:mod:`holdem.engine.cards`), hole cards one round at a time from the
        seat left of the button, then burn, flop, burn, turn, burn, river.
        The draws of ``random.Random(f"{t}:{i}")`` for all lanes at once
        (:func:`holdem.batch.seeded.seeded_samples`, numba), or one lane at a
        time without numba."""
        players = self.game.players
        rest = 2 * players
        seeds = self._seeds
        texts = [
            f"{seeds[lane]}:{index}"
            for lane, index in zip(lanes.tolist(), self._index[lanes].tolist())
        ]
        samples = _seeded_samples()
        if samples is not None:
            dealt = samples(texts, rest + 8)
        else:
            dealt = np.array([_sample(random.Random(text), rest + 8) for text in texts])
        rows = np.arange(len(texts))[:, None]
        hole = dealt[rows, self._hole_places[buttons]].reshape(len(texts), players, 2)
        return hole, dealt[:, rest + _BOARD_PLACES]

    def _advance(self, lanes: IntArray) -> None:
        """Let the opponents act in ``lanes`` until the learner is to act or
        the betting is over."""
        to_act = self.state.to_act
        active = lanes[to_act[lanes] > LEARNER]
        while len(active):
            decisions = self.state.decisions(active)
            code = np.zeros(len(active), dtype=np.int64)
            amount = np.zeros(len(active), dtype=np.int64)
            if len(self._distinct) == 1:  # one policy decides every row at once
                code[:], amount[:] = self._distinct[0](decisions, self.np_random)
            else:
                owner = self._owner[decisions.seat]
                for i, policy in enumerate(self._distinct):
                    rows = np.flatnonzero(owner == i)
                    if len(rows):
                        part = Decisions._make(field[rows] for field in decisions)
                        c, a = policy(part, self.np_random)
                        code[rows] = c
                        amount[rows] = a
            self._apply(decisions, code, amount)
            active = active[to_act[active] > LEARNER]

    def _apply(self, decisions: Decisions, code: IntArray, amount: IntArray) -> None:
        """Apply the actions and remember them for the observation's history."""
        h = decisions.hands
        opened = self.state.current[h] > 0
        to = self.state.apply(decisions, code, amount)
        if not self.game.encoder.history:
            return
        # fold, check, call, bet, raise: as the Acted events of Hand.
        kind = np.where(
            code == FOLD,
            0,
            np.where(code == CALL, np.where(decisions.can_fold, 2, 1), np.where(opened, 4, 3)),
        )
        all_in = (code != FOLD) & (self.state.stack[h, decisions.seat] == 0)
        count = self._hist_count[h]
        place = count % self.game.encoder.history
        self._hist_seat[h, place] = decisions.seat
        self._hist_kind[h, place] = kind
        self._hist_all_in[h, place] = all_in
        self._hist_to[h, place] = to
        self._hist_count[h] = count + 1

    def _finish(self, lanes: IntArray) -> IntArray:
        """Settle the hands over in ``lanes``; the learner's net result in chips."""
        if not len(lanes):
            return np.zeros(0, dtype=np.int64)
        paid = self.state.payout(lanes)
        self._paid[lanes] = paid
        net: IntArray = (self.state.stack[lanes, LEARNER] + paid[:, LEARNER]) - self.state.start[
            LEARNER
        ]
        return net

    def _buttons(self, decisions: Decisions) -> tuple[BoolArray, IntArray]:
        """The mask and the raise-to amount of every button, per row
        (:meth:`holdem.views.abstraction.Abstraction.actions` on arrays)."""
        rows = len(decisions.hands)
        size = self.game.abstraction.size
        low, high = decisions.min_to, decisions.max_to
        can_raise = low >= 0
        current = self.state.current[decisions.hands]
        after_call = decisions.pot + decisions.call
        targets = np.zeros((rows, size), dtype=np.int64)
        targets[:, 2] = low
        for i, (num, den) in enumerate(self._ratios, start=3):
            targets[:, i] = np.clip(current + after_call * num // den, low, high)
        targets[:, -1] = high
        mask = np.zeros((rows, size), dtype=bool)
        mask[:, 0] = decisions.can_fold
        mask[:, 1] = True
        mask[:, 2] = can_raise
        for i in range(3, size):
            repeated = (targets[:, 2:i] == targets[:, i : i + 1]).any(axis=1)
            mask[:, i] = can_raise & ~repeated
        return mask, targets

    def _learner(self) -> tuple[IntArray, Decisions]:
        """The lanes where the learner is to act, and its decisions there."""
        acting = self._lanes[self.state.to_act == LEARNER]
        return acting, self.state.decisions(acting)

    def _masks(self, acting: IntArray, decisions: Decisions) -> Any:
        """The mask of every lane, all zeros where the learner is not to act
        (``acting``, ``decisions``: from :meth:`_learner`)."""
        masks = np.zeros((self.num_envs, self.game.abstraction.size), dtype=np.int8)
        if len(acting):
            masks[acting] = self._buttons(decisions)[0]
        return masks

    def _refuse(self, decisions: Decisions, i: int, button: object) -> None:
        """Raise the single env's ButtonError for row ``i`` of ``decisions``."""
        low, high = int(decisions.min_to[i]), int(decisions.max_to[i])
        lane, seat = int(decisions.hands[i]), int(decisions.seat[i])
        can_fold = bool(decisions.can_fold[i])
        stack = int(self.state.stack[lane, seat])
        legal = LegalActions(
            seat,
            can_fold,
            not can_fold,
            int(decisions.call[i]),
            low if low >= 0 else None,
            high if high >= 0 else None,
            "raise" if self.state.current[lane] else "bet",
            low >= 0 or stack <= int(decisions.call[i]),
        )
        pot, current = int(decisions.pot[i]), int(self.state.current[lane])
        value = button.item() if isinstance(button, np.generic) else button
        self.game.abstraction.action(legal, pot, current, value)  # type: ignore[arg-type]
        raise AssertionError("unreachable: the button was found illegal")  # pragma: no cover

    def _observe(self, acting: IntArray, decisions: Decisions) -> Any:
        """The learner's observation in every lane (:class:`Encoder` on arrays);
        ``acting``, ``decisions``: from :meth:`_learner`."""
        state, game = self.state, self.game
        n, p = self.num_envs, game.players
        bb = game.big_blind
        config = game.configs[0]
        rows = self._lanes
        out = np.zeros((n, game.encoder.size), dtype=np.float32)  # float64 values cast on write
        out[rows, state.hole[:, LEARNER, 0]] = 1.0
        out[rows, state.hole[:, LEARNER, 1]] = 1.0
        folded = state.folded
        live = (~folded).sum(axis=1)
        over = state.to_act < 0  # a lane ended by an illegal button keeps its decision
        # A hand that reached the showdown shows the whole board (Hand deals it out).
        street = np.where(over & (live > 1), 3, state.street)
        dealt = _BOARD_SIZE[street]
        lane, card = np.nonzero(dealt[:, None] > _FIVE)
        out[lane, 52 + state.board[lane, card]] = 1.0
        out[rows, 104 + street] = 1.0
        out[rows, 108 + (LEARNER - state.buttons) % p] = 1.0
        stacks = state.stack + self._paid
        base = 108 + p  # the learner is seat 0: the rotation is the identity
        out[:, base : base + p] = stacks / bb
        out[:, base + p : base + 2 * p] = state.bet / bb
        out[:, base + 2 * p : base + 3 * p] = state.contrib / bb
        out[:, base + 3 * p : base + 4 * p] = folded
        # all-in: no chips behind before the payout (an all-in winner stays all-in)
        out[:, base + 4 * p : base + 5 * p] = (state.stack == 0) & ~folded
        at = 108 + 6 * p
        out[:, at] = (state.contrib.sum(axis=1) + state.dead) / bb
        owed = np.maximum(0, state.current - state.bet[:, LEARNER])
        out[:, at + 1] = np.minimum(owed, stacks[:, LEARNER]) / bb
        if len(acting):
            can_raise = decisions.min_to >= 0
            out[acting, at + 2] = np.where(can_raise, decisions.min_to, 0) / bb
            out[acting, at + 3] = np.where(can_raise, decisions.max_to, 0) / bb
            out[acting, at + 4] = 1.0
        out[:, at + 5] = float(bb)
        out[:, at + 6] = config.small_blind / bb
        out[:, at + 7] = config.ante / bb
        out[:, at + 8] = config.stacks[LEARNER] / bb
        out[:, at + 9] = live
        out[:, at + 10] = dealt
        at += 11
        # Every (lane, slot) of the history at once; slot 0 the most recent.
        lane, place = np.nonzero(self._hist_seat >= 0)
        slot = (self._hist_count[lane] - 1 - place) % game.encoder.history  # 0: the last
        block = at + slot * (p + 7)
        out[lane, block + (self._hist_seat[lane, place] - LEARNER) % p] = 1.0
        out[lane, block + p + self._hist_kind[lane, place]] = 1.0
        out[lane, block + p + 5] = self._hist_all_in[lane, place]
        out[lane, block + p + 6] = self._hist_to[lane, place] / bb
        return out

    def _info(self, started: IntArray, acting: IntArray, decisions: Decisions) -> dict[str, Any]:
        """The step's info: masks for all (``acting``, ``decisions``: from
        :meth:`_learner`), skipped hands where ``started`` had any."""
        n = self.num_envs
        info: dict[str, Any] = {
            "action_mask": self._masks(acting, decisions),
            "_action_mask": np.ones(n, dtype=bool),
        }
        reported = started[self._skipped[started] > 0]
        if len(reported):
            has = np.zeros(n, dtype=bool)
            has[reported] = True
            info["skipped_hands"] = np.where(has, self._skipped, 0)
            info["_skipped_hands"] = has
            info["skipped_result"] = np.where(has, self._skipped_chips / self.game.big_blind, 0.0)
            info["_skipped_result"] = has.copy()
            self._skipped[reported] = 0
            self._skipped_chips[reported] = 0
        return info
