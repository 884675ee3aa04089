"""The PettingZoo and Gymnasium environments (extra ``rl``)."""

from __future__ import annotations

import subprocess
import sys
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402

with warnings.catch_warnings():
    # pettingzoo.test imports connect_four_v3 through PettingZoo's deprecated loader.
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

from holdem import ConfigError, Hand, TableConfig  # noqa: E402
from holdem.envs import ENV_ID, NoLimitHoldemEnv, aec_env  # noqa: E402
from holdem.selfplay.agents import CallAgent  # noqa: E402
from holdem.views.abstraction import ButtonError  # noqa: E402

# What PettingZoo's api_test says of every dict observation (with its space) whose env
# is not on its own lists, and of the mask of an agent after the hand is over (nobody
# may act then).
EXPECTED_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    "Action mask numpy array is all zeros (no legal actions).",
}


def run_quietly(check: object, *args: object, **kwargs: object) -> set[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check(*args, **kwargs)  # type: ignore[operator]
    return {str(w.message) for w in caught}


@pytest.mark.parametrize("players", range(2, 11))
def test_pettingzoo_api_test_2_to_10_seats(
    players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    env = aec_env(players=players, stacks=100, blinds=(1, 2))
    messages = run_quietly(api_test, env, num_cycles=60)
    assert messages <= EXPECTED_WARNINGS
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize("players", range(2, 11))
def test_pettingzoo_seed_test_2_to_10_seats(players: int) -> None:
    messages = run_quietly(seed_test, lambda: aec_env(players=players), num_cycles=40)
    assert messages == set()


def test_gymnasium_check_env_and_registration() -> None:
    env = gymnasium.make(ENV_ID, opponents=["call", "random"])
    assert isinstance(env.unwrapped, NoLimitHoldemEnv)
    messages = run_quietly(check_env, env.unwrapped)
    assert messages == set()


def play_aec(env: object, pick: object = None) -> dict[str, float]:
    """Play one hand with the first legal button (or ``pick(mask)``); the final rewards."""
    final: dict[str, float] = {}
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = env.last()  # type: ignore[attr-defined]
        if terminated or truncated:
            final[agent] = reward
            env.step(None)  # type: ignore[attr-defined]
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.any(), "the seat to act always has a button"
        button = pick(mask) if pick else int(np.flatnonzero(mask)[-1])  # type: ignore[operator]
        env.step(button)  # type: ignore[attr-defined]
    return final


def test_aec_rewards_are_the_hand_result_in_big_blinds_zero_sum() -> None:
    env = aec_env(players=3, stacks=[100, 60, 200], blinds=(5, 10))
    env.reset(seed=11)
    hand = env.hand
    assert hand is not None
    final = play_aec(env)  # everybody goes all-in (the last button)
    assert hand.result is not None
    assert final == {f"player_{s}": chips / 10 for s, chips in enumerate(hand.result.net)}
    assert sum(hand.result.net) == 0 and abs(sum(final.values())) < 1e-9


def test_aec_seed_drives_the_engine_rng() -> None:
    """Hand i after reset(seed=s) is Hand(config, seed=f"{s}:{i}") with the button on i % n."""
    env = aec_env(players=3, stacks=100, blinds=(1, 2))
    env.reset(seed=42)
    first = env.hand
    assert first is not None
    same = Hand(TableConfig([100] * 3, 1, 2, button=0), seed="42:0")
    assert [first.hole_cards(s) for s in range(3)] == [same.hole_cards(s) for s in range(3)]
    play_aec(env)
    env.reset()
    second = env.hand
    assert second is not None and second.config.button == 1
    again = Hand(TableConfig([100] * 3, 1, 2, button=1), seed="42:1")
    assert [second.hole_cards(s) for s in range(3)] == [again.hole_cards(s) for s in range(3)]
    env.reset(seed=42)
    assert env.hand is not None and env.hand.log == first.log[: len(env.hand.log)]


def test_aec_observation_hides_other_seats_cards() -> None:
    env = aec_env(players=2, stacks=100)
    env.reset(seed=5)
    hand = env.hand
    assert hand is not None
    obs = env.observe("player_0")["observation"]
    held = set(np.flatnonzero(obs[:52]).tolist())
    from holdem.engine.cards import DECK

    assert held == {DECK.index(c) for c in hand.hole_cards(0)}


def test_strict_mode_raises_and_changes_nothing() -> None:
    env = aec_env(players=2, stacks=100, illegal="raise")
    env.reset(seed=1)
    hand = env.hand
    assert hand is not None
    before = hand.log
    agent = env.agent_selection
    with pytest.raises(ButtonError) as error:
        env.step(3)  # raise 1/2 pot lands on the min raise preflop: masked
    assert error.value.seat == 0
    assert hand.log == before and env.agent_selection == agent
    with pytest.raises(ButtonError):
        env.step(99)


def test_penalty_mode_ends_the_hand_zero_sum() -> None:
    env = aec_env(players=3, stacks=[100, 200, 300], blinds=(1, 2))  # penalty by default
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(3)  # masked
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": -50.0, "player_1": 25.0, "player_2": 25.0}
    assert env.infos[agent]["illegal_action"] == 3
    custom = aec_env(players=2, illegal="penalty", penalty=1.5)
    custom.reset(seed=1)
    custom.step(3)
    assert custom.rewards == {"player_0": -1.5, "player_1": 1.5}


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"players": 1}, "players"),
        ({"players": 11}, "players"),
        ({"stacks": [100, 100, 100]}, "stacks"),
        ({"stacks": 2}, "stacks"),  # all-in on the big blind: a hand with no decision
        ({"blinds": (1,)}, "blinds"),
        ({"blinds": (2, 1)}, "small_blind"),
        ({"illegal": "ignore"}, "illegal"),
        ({"penalty": -1}, "penalty"),
        ({"history": -1}, "history"),
        ({"render_mode": "rgb_array"}, "render_mode"),
        ({"abstraction": "pot"}, "abstraction"),
    ],
)
def test_bad_settings_fail_at_construction(options: dict[str, object], field: str) -> None:
    with pytest.raises(ConfigError) as error:
        aec_env(**options)  # type: ignore[arg-type]
    assert error.value.field == field


def test_gym_plays_hands_against_the_call_agent() -> None:
    env = NoLimitHoldemEnv(opponents=["call"], stacks=100, blinds=(1, 2))
    obs, info = env.reset(seed=9)
    assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
    assert (env.action_masks() == info["action_mask"]).all()
    episodes = 0
    while episodes < 20:
        assert env.action_masks()[1] == 1
        obs, reward, terminated, truncated, info = env.step(1)  # check/call
        assert not truncated
        if terminated:
            assert env.hand is not None and env.hand.result is not None
            assert reward == env.hand.result.net[0] / 2
            assert len(env.hand.board) == 5  # two calling stations see every showdown
            episodes += 1
            obs, info = env.reset()
        else:
            assert reward == 0.0
    assert env.game.index == 21  # 20 hands played, the 21st dealt


def test_gym_same_seed_same_episode_and_agent_objects() -> None:
    def run(seed: int) -> list[tuple[list[float], float]]:
        env = NoLimitHoldemEnv(opponents=["random", CallAgent()], stacks=50)
        out = []
        obs, _ = env.reset(seed=seed)
        for _ in range(30):
            button = int(np.flatnonzero(env.action_masks())[-1])
            obs, reward, terminated, _, _ = env.step(button)
            out.append((obs.tolist(), reward))
            if terminated:
                obs, _ = env.reset()
        return out

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_gym_penalty_and_strict() -> None:
    env = NoLimitHoldemEnv(opponents=["call"], stacks=100, illegal="penalty")
    _, info = env.reset(seed=3)
    masked = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(masked)
    assert terminated and reward == -50.0 and info["illegal_action"] == masked
    strict = NoLimitHoldemEnv(opponents=["call"], stacks=100, illegal="raise")
    _, info = strict.reset(seed=3)
    with pytest.raises(ButtonError):
        strict.step(masked)


def test_gym_skipped_hands_are_accounted() -> None:
    """A learner in the big blind whose opponent folds has no decision: reset() plays
    that hand out and reports it in info (the learner wins the small blind, 0.5 bb)."""

    class Folder:
        def act(self, view: object) -> object:
            from holdem import Action, Kind

            legal = view.legal  # type: ignore[attr-defined]
            return Action(Kind.FOLD) if legal.can_fold else Action(Kind.CHECK)

    env = NoLimitHoldemEnv(opponents=[Folder()], stacks=100, blinds=(1, 2))
    # Hand 0: button (small blind) on the learner's seat 0: it acts first.
    _, info = env.reset(seed=0)
    assert "skipped_hands" not in info
    terminated = False
    while not terminated:  # the learner calls, then checks; the folder checks down
        _, reward, terminated, _, _ = env.step(1)
    # Hand 1: the folder has the button and folds: skipped; hand 2 is the learner's again.
    _, info = env.reset()
    assert info["skipped_hands"] == 1 and info["skipped_result"] == 0.5
    assert env.hand is not None and env.hand.config.button == 0


def test_core_does_not_import_the_extras() -> None:
    code = (
        "import sys, holdem, holdem.views.abstraction, holdem.views.observation, holdem.selfplay.agent_specs, "
        "holdem.selfplay.shards, holdem.cli.progress, holdem.selfplay.simulate_ray, holdem.cli.command; "
        "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'ray') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_learning_example_runs_and_prints_its_curve() -> None:
    """examples/learn_vs_call.py, shortened: one line per block, then the evaluation."""
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "examples" / "learn_vs_call.py"
    args = ["--hands", "600", "--blocks", "2", "--evaluation", "100"]
    out = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0].split() == ["hands", "epsilon", "bb/100"]
    assert [line.split()[0] for line in out[1:3]] == ["300", "600"]
    assert out[3].startswith("greedy policy over 100 new hands: ")


def test_observation_key_for_rllib() -> None:
    env = aec_env(players=2, observation_key="observations")
    env.reset(seed=1)
    obs = env.observe("player_0")
    assert sorted(obs) == ["action_mask", "observations"]
    assert env.observation_space("player_0").contains(obs)
    with pytest.raises(ConfigError) as error:
        aec_env(observation_key="obs")
    assert error.value.field == "observation_key"


def test_gym_opponents_by_spec(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    (folder / "env_bots.py").write_text(
        "from holdem import Action, Kind\n"
        "class Shove:\n"
        "    def act(self, view):\n"
        "        return Action(Kind.ALL_IN)\n"
    )
    monkeypatch.chdir(folder)
    env = NoLimitHoldemEnv(opponents=["env_bots:Shove", f"{folder / 'env_bots.py'}:Shove"])
    env.reset(seed=2)
    assert env.hand is not None
    with pytest.raises(ConfigError) as error:
        NoLimitHoldemEnv(opponents=["env_bots:Nobody"])
    assert error.value.field == "agent"


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 10),
    stacks=st.lists(st.integers(4, 600), min_size=10, max_size=10),
    seed=st.integers(0, 2**32),
    picks=st.lists(st.integers(0, 7), min_size=40, max_size=40),
)
def test_aec_random_buttons_zero_sum_rewards_equal_the_hand(
    players: int, stacks: list[int], seed: int, picks: list[int]
) -> None:
    """Any legal buttons: each agent's reward is its net in big blinds, summing to zero,
    and the agent to act always has a legal button (never an all-zero mask)."""
    env = aec_env(players=players, stacks=stacks[:players], blinds=(1, 2))
    env.reset(seed=seed)
    hand = env.hand
    step = 0

    def pick(mask: object) -> int:
        nonlocal step
        legal = np.flatnonzero(mask)
        step += 1
        return int(legal[picks[step % len(picks)] % len(legal)])

    final = play_aec(env, pick)
    assert hand is not None and hand.result is not None
    assert final == {f"player_{s}": net / 2 for s, net in enumerate(hand.result.net)}
    assert sum(hand.result.net) == 0


def test_gym_render_shows_the_learners_own_cards_and_no_other() -> None:
    """Issue 19: render() is the learner's history: its hole cards, never an
    opponent's until shown (R6)."""
    env = NoLimitHoldemEnv(opponents=["call"], stacks=100, blinds=(1, 2), render_mode="ansi")
    env.reset(seed=3)
    assert env.hand is not None
    text = env.render()
    assert isinstance(text, str)
    mine = " ".join(env.hand.hole_cards(0))
    theirs = env.hand.hole_cards(1)
    assert f"Dealt to {env.hand.config.names[0]}: {mine}" in text
    assert not any(card in text for card in theirs if card not in env.hand.board)
