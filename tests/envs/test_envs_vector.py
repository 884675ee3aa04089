"""The vector environment (``holdem.envs.vector.HoldemVectorEnv``) over the
batched engine: lane for lane the single-agent env's observations, masks,
rewards, skipped hands and penalties.

The exactness tests step the vector env and Gymnasium's ``SyncVectorEnv`` over
``NoLimitHoldemEnv`` side by side with the same seed and the same learner
buttons. The vector env's opponents are array policies (random, call) whose
every action is recorded per lane; the single envs' opponents replay them, so
both play the same hands (R2-R8 through ``Hand`` on one side, the batch engine
on the other) and every step must agree exactly.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

from holdem import Action, Kind  # noqa: E402
from holdem.batch import CALL, FOLD, PolicyError, call_policy, random_policy  # noqa: E402
from holdem.envs import ENV_ID, NoLimitHoldemEnv, ResetNeeded  # noqa: E402
from holdem.envs.vector import HoldemVectorEnv  # noqa: E402
from holdem.errors import ConfigError  # noqa: E402
from holdem.views.abstraction import ButtonError  # noqa: E402
from tests.strategies import seeds  # noqa: E402


class Recorder:
    """An array policy that records every action it takes, per lane."""

    def __init__(self, policy: Any, queues: list[deque[tuple[int, int]]]) -> None:
        self.policy = policy
        self.queues = queues

    def __call__(self, decisions: Any, rng: Any) -> Any:
        code, amount = self.policy(decisions, rng)
        for lane, c, a in zip(decisions.hands.tolist(), code.tolist(), amount.tolist()):
            self.queues[lane].append((c, a))
        return code, amount


class Replayer:
    """An agent that plays the recorded actions of one lane, in order."""

    def __init__(self, queue: deque[tuple[int, int]]) -> None:
        self.queue = queue

    def act(self, view: Any) -> Action:
        code, amount = self.queue.popleft()
        legal = view.legal
        if code == FOLD:
            return Action(Kind.FOLD)
        if code == CALL:
            return Action(Kind.CHECK if legal.can_check else Kind.CALL)
        return Action(Kind.BET if legal.raise_word == "bet" else Kind.RAISE, amount)


def pair(
    lanes: int, players: int, policies: list[Any], **options: Any
) -> tuple[HoldemVectorEnv, SyncVectorEnv, list[deque[tuple[int, int]]]]:
    queues: list[deque[tuple[int, int]]] = [deque() for _ in range(lanes)]
    opponents = [Recorder(policies[s % len(policies)], queues) for s in range(players - 1)]
    vector = HoldemVectorEnv(lanes, opponents, **options)

    def single(j: int) -> Any:
        return lambda: NoLimitHoldemEnv([Replayer(queues[j])] * (players - 1), **options)

    sync = SyncVectorEnv([single(j) for j in range(lanes)])
    return vector, sync, queues


def same_info(ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    assert set(ours) == set(theirs)
    for key, value in theirs.items():
        assert ours[key].dtype == value.dtype, key
        assert np.array_equal(ours[key], value), key


def play_side_by_side(
    vector: HoldemVectorEnv,
    sync: SyncVectorEnv,
    queues: list[deque[tuple[int, int]]],
    steps: int,
    seed: int,
    illegal_rate: float = 0.0,
) -> dict[str, int]:
    """Step both with the same buttons; every output must be equal. Returns counts."""
    rng = np.random.default_rng(seed)
    obs, info = vector.reset(seed=seed)
    obs2, info2 = sync.reset(seed=seed)
    assert obs.dtype == np.float32 and np.array_equal(obs, obs2)
    same_info(info, info2)
    counts = {"hands": 0, "skipped": 0, "illegal": 0, "showdowns": 0}
    for _ in range(steps):
        assert vector.observation_space.contains(obs)
        masks = info["action_mask"]
        assert np.array_equal(vector.action_masks(), masks)
        buttons = np.zeros(vector.num_envs, dtype=np.int64)
        for lane, mask in enumerate(masks):
            legal = np.flatnonzero(mask)
            illegal = np.flatnonzero(mask == 0)
            if len(illegal) and rng.random() < illegal_rate:
                buttons[lane] = illegal[rng.integers(len(illegal))]
            elif len(legal):
                buttons[lane] = legal[rng.integers(len(legal))]
        obs, reward, terminated, truncated, info = vector.step(buttons)
        obs2, reward2, terminated2, truncated2, info2 = sync.step(buttons)
        assert np.array_equal(obs, obs2)
        assert reward.dtype == np.float64 and np.array_equal(reward, reward2)
        assert np.array_equal(terminated, terminated2)
        assert np.array_equal(truncated, truncated2) and not truncated.any()
        same_info(info, info2)
        counts["hands"] += int(terminated.sum())
        counts["skipped"] += int(info.get("skipped_hands", np.zeros(1)).sum())
        counts["illegal"] += int(info.get("_illegal_action", np.zeros(1, dtype=bool)).sum())
        board = obs[:, 52:104].sum(axis=1)
        counts["showdowns"] += int((terminated & (board == 5)).sum())
    assert all(not queue for queue in queues), "every recorded opponent action was replayed"
    return counts


@pytest.mark.parametrize(
    ("players", "policies", "options"),
    [
        (2, [random_policy], {}),
        (3, [random_policy, call_policy], {"stacks": [60, 200, 35], "ante": 1}),
        (6, [random_policy], {"stacks": 100, "blinds": (5, 10), "history": 3}),
        (10, [random_policy, call_policy], {"stacks": 50}),
    ],
)
def test_lanes_equal_the_single_env_step_for_step(
    players: int, policies: list[Any], options: dict[str, Any]
) -> None:
    """R2-R8 through the batch engine: the same observations, masks, rewards
    (big blinds), skipped hands and info as ``NoLimitHoldemEnv`` over a few
    hundred hands per table (side pots with unequal stacks, antes, all-ins)."""
    vector, sync, queues = pair(8, players, policies, **options)
    counts = play_side_by_side(vector, sync, queues, steps=150, seed=players)
    assert counts["hands"] >= 150
    assert counts["showdowns"] > 0
    if policies == [random_policy]:
        assert counts["skipped"] > 0  # the random opponents fold to the learner's big blind


def test_penalty_lanes_equal_the_single_env() -> None:
    """A masked button ends the lane's hand with -penalty big blinds, as the single env."""
    vector, sync, queues = pair(6, 4, [random_policy], penalty=7)
    counts = play_side_by_side(vector, sync, queues, steps=120, seed=11, illegal_rate=0.1)
    assert counts["illegal"] > 0 and counts["hands"] >= 100


def test_calling_opponents_by_name_and_make_vec() -> None:
    """``make_vec`` builds the vector env; with "call" opponents it equals
    ``SyncVectorEnv`` over ``gymnasium.make`` with the call agent."""
    vector = gymnasium.make_vec(
        ENV_ID, num_envs=5, vectorization_mode="vector_entry_point", opponents=["call", "call"]
    )
    assert isinstance(vector, HoldemVectorEnv)
    assert vector.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    sync = gymnasium.make_vec(
        ENV_ID, num_envs=5, vectorization_mode="sync", opponents=["call", "call"]
    )
    counts = play_side_by_side(vector, sync, [], steps=100, seed=5)  # type: ignore[arg-type]
    assert counts["hands"] >= 60


def test_spaces_shapes_dtypes_and_seeding() -> None:
    """Gymnasium 1.x has no checker for vector envs: its contract, checked by hand."""
    env = HoldemVectorEnv(4, ["random", "table"], stacks=100)
    single = NoLimitHoldemEnv(["call", "call"], stacks=100)
    assert env.single_observation_space == single.observation_space
    assert env.single_action_space == single.action_space
    assert env.observation_space.shape == (4, single.observation_space.shape[0])
    assert env.observation_space.dtype == np.float32
    assert env.action_space == gymnasium.spaces.MultiDiscrete([8] * 4)
    obs, info = env.reset(seed=9)
    assert obs.shape == (4, 217) and env.observation_space.contains(obs)
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].shape == (4, 8)
    assert (info["action_mask"][:, 1] == 1).all()  # check/call is always legal
    again, _ = env.reset(seed=9)
    assert np.array_equal(obs, again)
    lanes, _ = env.reset(seed=[9, 10, 11, 12])
    assert np.array_equal(lanes, obs)
    calls = HoldemVectorEnv(4, ["call", "call"], stacks=100)
    first, _ = calls.reset(seed=9)
    other, _ = calls.reset(seed=10)  # lane j plays the hands of seed 10 + j
    assert np.array_equal(other[:3], first[1:])
    total = np.zeros(4)
    for _ in range(200):
        masks = env.action_masks()
        obs, reward, terminated, truncated, info = env.step(masks.argmax(axis=1))
        assert obs.shape == (4, 217) and reward.shape == (4,) and terminated.dtype == bool
        total += reward
    assert np.isfinite(total).all()


def test_strict_mode_raises_and_changes_nothing() -> None:
    env = HoldemVectorEnv(3, ["call"], illegal="raise")
    obs, info = env.reset(seed=1)
    buttons = np.ones(3, dtype=np.int64)
    masked = np.flatnonzero(info["action_mask"][1] == 0)
    buttons[1] = masked[0]
    with pytest.raises(ButtonError, match="seat 0 cannot press button"):
        env.step(buttons)
    assert np.array_equal(env.action_masks(), info["action_mask"])
    single = NoLimitHoldemEnv(["call"])
    single.reset(seed=2)
    obs2, *_ = single.step(1)
    obs, *_ = env.step(np.ones(3, dtype=np.int64))
    assert np.array_equal(obs[1], obs2)


def test_bad_settings_and_order() -> None:
    with pytest.raises(ConfigError, match="num_envs"):
        HoldemVectorEnv(0)
    with pytest.raises(ConfigError, match="opponents: unknown batch agent 'potodds'"):
        HoldemVectorEnv(2, ["potodds"], engine="batch")
    with pytest.raises(ConfigError, match="opponents"):
        HoldemVectorEnv(2, [42])  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="stacks"):
        HoldemVectorEnv(2, ["call"], stacks=2)
    env = HoldemVectorEnv(2)
    with pytest.raises(ResetNeeded):
        env.step(np.ones(2, dtype=np.int64))
    with pytest.raises(ResetNeeded):
        env.action_masks()
    env.reset(seed=0)
    with pytest.raises(ConfigError, match="actions"):
        env.step(np.ones(3, dtype=np.int64))
    with pytest.raises(ConfigError, match="seed"):
        env.reset(seed=[1, 2, 3])


def test_failing_opponent_policy_needs_a_reset() -> None:
    def bad(decisions: Any, rng: Any) -> Any:
        rows = len(decisions.seat)
        return np.full(rows, 7, dtype=np.int64), np.zeros(rows, dtype=np.int64)

    env = HoldemVectorEnv(2, [bad])
    env.reset(seed=0)  # hand 0: the learner has the button and acts first
    with pytest.raises(PolicyError, match="code 7"):
        env.step(np.ones(2, dtype=np.int64))
    with pytest.raises(ResetNeeded):
        env.step(np.ones(2, dtype=np.int64))


def test_the_docs_example_runs() -> None:
    """docs/rl.md: the vector environment's example, run as written."""
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    section = text.split("## The vector environment", 1)[1]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    scope: dict[str, Any] = {}
    exec(compile(block, "docs/rl.md", "exec"), scope)
    assert scope["obs"].shape == (256, 217) and scope["obs"].dtype == np.float32
    assert isinstance(scope["envs"], HoldemVectorEnv)


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 7),
    big=st.integers(1, 6),
    ante=st.integers(0, 3),
    depth=st.lists(st.integers(3, 80), min_size=7, max_size=7),
    seed=seeds,
    fractions=st.lists(st.sampled_from(["1/3", "1/2", "2/3", 1, "3/2", 3]), unique=True),
)
def test_any_table_lane_for_lane(
    players: int, big: int, ante: int, depth: list[int], seed: int, fractions: list[Any]
) -> None:
    """Invariant: for any table (unequal stacks, blinds, antes, any buttons) the
    vector env equals ``SyncVectorEnv`` over the single env at every step."""
    from holdem.views.abstraction import Abstraction

    small = max(1, big // 2)
    stacks = [big + ante + 1 + d * big // 2 for d in depth[:players]]
    vector, sync, queues = pair(
        4,
        players,
        [random_policy],
        stacks=stacks,
        blinds=(small, big),
        ante=ante,
        abstraction=Abstraction(fractions),
    )
    play_side_by_side(vector, sync, queues, steps=25, seed=seed % 1000)


def test_numpy_cards_lane_for_lane_and_reproducible(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cards="numpy"``: the same rules (the single envs are dealt the vector
    env's cards, hand for hand, and must agree at every step) and one seed
    reproduces the whole vector env."""
    from holdem import Hand
    from holdem.engine.cards import DECK

    lanes, players = 6, 3
    vector, sync, queues = pair(lanes, players, [random_policy], stacks=[90, 150, 40], ante=1)
    recorders = [Recorder(random_policy, queues) for _ in range(players - 1)]
    vector = HoldemVectorEnv(lanes, recorders, stacks=[90, 150, 40], ante=1, cards="numpy")
    dealt: list[deque[tuple[int, list[str], str]]] = [deque() for _ in range(lanes)]
    deal = vector._deal

    def recording(which: Any) -> None:
        deal(which)
        state = vector.state
        for lane in which.tolist():
            hole = ["".join(DECK[c] for c in pair) for pair in state.hole[lane].tolist()]
            board = "".join(DECK[c] for c in state.board[lane].tolist())
            cards = [*state.hole[lane].ravel().tolist(), *state.board[lane].tolist()]
            assert len(set(cards)) == 2 * players + 5  # no card twice in a hand
            dealt[lane].append((int(state.buttons[lane]), hole, board))

    monkeypatch.setattr(vector, "_deal", recording)
    for j, env in enumerate(sync.envs):
        game = env.unwrapped.game  # type: ignore[attr-defined]

        def replayed(game: Any = game, queue: Any = dealt[j]) -> Hand:
            button, hole, board = queue.popleft()
            game.index += 1
            return Hand(game.configs[button], hole_cards=hole, board=board)

        monkeypatch.setattr(game, "deal", replayed)
    counts = play_side_by_side(vector, sync, queues, steps=120, seed=4)
    assert counts["hands"] >= 100 and counts["showdowns"] > 0
    again = HoldemVectorEnv(lanes, ["call", "call"], cards="numpy")
    other = HoldemVectorEnv(lanes, ["call", "call"], cards="numpy")
    a, _ = again.reset(seed=8)
    b, _ = other.reset(seed=8)
    assert np.array_equal(a, b)
    for _ in range(30):
        a, *_ = again.step(np.ones(lanes, dtype=np.int64))
        b, *_ = other.step(np.ones(lanes, dtype=np.int64))
        assert np.array_equal(a, b)
    with pytest.raises(ConfigError, match="cards"):
        HoldemVectorEnv(2, cards="python")


def test_a_policy_given_for_several_seats_decides_them_in_one_call() -> None:
    """One policy object on seats 1 and 3 is called once per round for the rows
    of both (as ``holdem simulate --batch`` calls it); the lanes still equal the
    single env step for step (R2-R8)."""
    lanes, players = 6, 4
    queues: list[deque[tuple[int, int]]] = [deque() for _ in range(lanes)]
    seats_seen: list[set[int]] = []

    class Shared(Recorder):
        def __call__(self, decisions: Any, rng: Any) -> Any:
            seats_seen.append(set(decisions.seat.tolist()))
            return super().__call__(decisions, rng)

    shared = Shared(random_policy, queues)
    opponents = [shared, Recorder(call_policy, queues), shared]
    vector = HoldemVectorEnv(lanes, opponents, stacks=120)

    def single(j: int) -> Any:
        return lambda: NoLimitHoldemEnv([Replayer(queues[j])] * (players - 1), stacks=120)

    sync = SyncVectorEnv([single(j) for j in range(lanes)])
    counts = play_side_by_side(vector, sync, queues, steps=80, seed=21)
    assert counts["hands"] >= 40
    assert any(seen == {1, 3} for seen in seats_seen)
    assert all(seen <= {1, 3} for seen in seats_seen)


def test_seeded_lanes_without_numba_deal_the_same_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """R5.4: without numba (the batch extra), each lane's hands are dealt by
    seeding ``random.Random`` lane by lane: the same cards, so the same
    episodes as the single env, step for step."""
    from holdem.envs import vector as vector_module

    monkeypatch.setattr(vector_module, "_seeded_samples", lambda: None)
    vector, sync, queues = pair(8, 3, [random_policy], stacks=[60, 200, 35])
    counts = play_side_by_side(vector, sync, queues, steps=80, seed=5)
    assert counts["hands"] >= 60
