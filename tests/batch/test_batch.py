"""The batched engine (``holdem.batch``): hand for hand the chips of ``Hand``.

The exactness tests play batches on arrays, then replay every hand through
:class:`holdem.Hand` with the same cards and actions, and require at every
step the same seat to act and the same raise range (R3.3, R3.6, R4.2, short
all-ins and reopening), and at the end the same stacks (blinds and antes
R2, side pots R7, odd chips R8, the run-out R5.3): over 12,000 hands of
fixed tables plus hypothesis-drawn ones.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the batch engine needs numpy (extra 'batch')")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from strategies import seeds, table_configs  # noqa: E402
from treys import Card, Evaluator  # noqa: E402

from holdem import DECK, ConfigError, HoldemError, TableConfig, award_pots, layer_pots  # noqa: E402
from holdem.batch import (  # noqa: E402
    CALL,
    FOLD,
    RAISE,
    Decisions,
    MismatchError,
    Policy,
    PolicyError,
    TablePolicy,
    call_policy,
    check_config,
    deal,
    hand_class,
    play,
    random_policy,
    replay,
    simulate_batch,
)
from holdem.batch.evaluate import rank7  # noqa: E402
from holdem.batch.settle import settle  # noqa: E402
from holdem.cli.command import main  # noqa: E402
from holdem.selfplay.simulate import format_results  # noqa: E402


def replay_and_compare(config: TableConfig, hands: int, seed: int, policy: Policy) -> int:
    """Play ``hands`` on the batch engine (button on seat ``i % seats``), replay
    each through Hand (same seat, raise range and final stacks, or
    MismatchError); return the number of actions."""
    buttons = np.arange(hands) % config.seats
    result = play(config, buttons, policy, np.random.default_rng(seed), record=True)
    assert sum(1 for _ in replay(config, buttons, result)) == hands
    assert (result.net.sum(axis=1) == 0).all()
    assert (result.stacks == result.net + np.array(config.stacks)).all()
    assert result.log is not None
    return len(result.log)


TABLES = [
    TableConfig([400] * 6, 1, 2),
    TableConfig([400, 50, 120, 400, 7, 300], 1, 2),
    TableConfig([100, 37, 250, 60], 5, 10, ante=2, ante_type="big_blind"),
    TableConfig([100, 37, 250, 60, 8, 3], 5, 10, ante=10, ante_type="big_blind"),
    TableConfig([30, 31, 45, 100, 5], 2, 4, ante=1),
    TableConfig([100, 3], 1, 2),
    TableConfig([1000, 990, 13, 400, 400, 777, 12, 90, 300], 5, 10, ante=3, chip_unit=5),
    TableConfig([200] * 10, 1, 2, min_bet=6),
    TableConfig([41, 41, 41], 0, 2),
    TableConfig([25, 60, 25, 60, 25, 60], 10, 20, chip_unit=25, ante=5),
]


@pytest.mark.parametrize("config", TABLES, ids=range(len(TABLES)))
def test_same_chips_as_hand_hand_for_hand(config: TableConfig) -> None:
    """R2-R8: 1,000 random-policy hands per table (10,000 in all), each
    replayed through Hand: the same seat, raise range and final stacks."""
    assert replay_and_compare(config, 1000, 7, random_policy) > 1000


def test_same_chips_as_hand_with_the_table_policy() -> None:
    """The table-driven policy folds, calls and raises by hand class: 2,000
    more hands replayed through Hand."""
    for config in TABLES[:2]:
        replay_and_compare(config, 1000, 3, TablePolicy.tight())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=table_configs(structures=("no_limit",), with_min_bet=True), seed=seeds)
def test_same_chips_as_hand_on_any_supported_table(config: TableConfig, seed: int) -> None:
    """Any no-limit table (short stacks, every ante type, chip units, minimum
    bets): 30 hands replayed through Hand."""
    replay_and_compare(config, 30, seed, random_policy)


def test_evaluation_agrees_with_treys() -> None:
    """R6.1: every seat's rank is treys' rank of its seven cards."""
    rng = np.random.default_rng(5)
    hole, board = np.zeros((400, 5, 2), np.int64), np.zeros((400, 5), np.int64)
    for i in range(400):
        cards = rng.choice(52, 15, replace=False)
        hole[i] = cards[:10].reshape(5, 2)
        board[i] = cards[10:]
    ranks = rank7(hole, board)
    evaluator = Evaluator()
    for i in range(400):
        table = [Card.new(DECK[c]) for c in board[i]]
        for s in range(5):
            expected = evaluator.evaluate(table, [Card.new(DECK[c]) for c in hole[i, s]])
            assert ranks[i, s] == expected


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_settlement_is_layer_pots_then_award_pots(data: st.DataObject) -> None:
    """R7, R8: the array settlement pays each seat what layer_pots and
    award_pots pay it (dead money, layers nobody can win, ties, odd chips)."""
    seats = data.draw(st.integers(2, 8))
    contrib = data.draw(st.lists(st.integers(0, 60), min_size=seats, max_size=seats))
    folded = data.draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    if all(folded):
        folded[data.draw(st.integers(0, seats - 1))] = False
    ranks = data.draw(st.lists(st.integers(1, 4), min_size=seats, max_size=seats))
    dead = data.draw(st.integers(0, 7))
    button = data.draw(st.integers(0, seats - 1))
    unit = data.draw(st.sampled_from([1, 1, 2, 5]))
    layering = layer_pots(contrib, folded, dead)
    awards = award_pots(
        layering.pots, [None if f else r for f, r in zip(folded, ranks)], button, unit
    )
    expected = [a + b for a, b in zip(layering.returns, awards.payouts)]
    got = settle(
        np.array([contrib]),
        np.array([folded]),
        np.array([dead]),
        np.array([ranks]),
        np.array([button]),
        unit,
    )
    assert got[0].tolist() == expected


def test_replay_names_the_hand_that_disagrees() -> None:
    config = TABLES[0]
    buttons = np.arange(20) % 6
    result = play(config, buttons, random_policy, np.random.default_rng(4), record=True)
    stacks = result.stacks.copy()
    stacks[13] += (1, -1, 0, 0, 0, 0)
    with pytest.raises(MismatchError, match="hand 13: stacks"):
        list(replay(config, buttons, result._replace(stacks=stacks)))
    with pytest.raises(HoldemError, match="record=True"):
        list(replay(config, buttons, result._replace(log=None)))


def test_deal_is_uniform_and_never_repeats_a_card() -> None:
    """R5.4: every position (a seat's first card, the river) gets every card
    alike; no card twice in a hand."""
    hole, board = deal(np.random.default_rng(8), 26_000, 6)
    cards = np.concatenate([hole.reshape(26_000, 12), board], axis=1)
    assert (np.sort(cards, axis=1)[:, 1:] != np.sort(cards, axis=1)[:, :-1]).all()
    for position in (hole[:, 0, 0], hole[:, 5, 1], board[:, 4]):
        counts = np.bincount(position, minlength=52)
        # 500 expected per card, standard deviation about 22: within 5.5.
        assert counts.min() > 380 and counts.max() < 620


def test_hand_class() -> None:
    cards = np.array(
        [
            [DECK.index(a), DECK.index(b)]
            for a, b in [("As", "Ah"), ("Ks", "As"), ("Kd", "As"), ("2c", "7d")]
        ]
    )
    assert hand_class(cards).tolist() == [12 * 13 + 12, 12 * 13 + 11, 11 * 13 + 12, 0 * 13 + 5]


@pytest.mark.parametrize(
    ("config", "field"),
    [
        (TableConfig([100] * 3, 1, 2, structure="pot_limit"), "structure"),
        (TableConfig([100] * 3, 1, 2, small_blind_seat=None), "small_blind_seat"),
        (TableConfig([100] * 3, 1, 2, big_blind_seat=0, small_blind_seat=2), "small_blind_seat"),
        (TableConfig([100] * 4, 1, 2, live_posts=[0, 0, 0, 2]), "live_posts"),
        (TableConfig([100] * 4, 1, 2, free_fold=True), "free_fold"),
    ],
)
def test_unsupported_tables_are_refused_by_field(config: TableConfig, field: str) -> None:
    with pytest.raises(ConfigError) as caught:
        check_config(config)
    assert caught.value.field == field
    assert "holdem.Hand" in str(caught.value)
    with pytest.raises(ConfigError):
        play(config, np.zeros(3, np.int64), random_policy, np.random.default_rng(0))


def test_an_illegal_policy_is_refused() -> None:
    """R3.7: a fold when nothing is owed, or a raise outside the range, is refused."""

    def folder(decisions: Decisions, rng: np.random.Generator) -> tuple[object, object]:
        # Calls a bet, folds when it could check (a free fold, refused).
        return np.where(decisions.can_fold, CALL, FOLD), np.zeros(len(decisions.seat))

    def overbet(decisions: Decisions, rng: np.random.Generator) -> tuple[object, object]:
        return np.full(len(decisions.seat), RAISE), decisions.max_to + 1

    config = TableConfig([100] * 3, 1, 2)
    with pytest.raises(PolicyError, match="illegal action"):
        play(config, np.zeros(5, np.int64), folder, np.random.default_rng(0))  # type: ignore[arg-type]
    with pytest.raises(PolicyError, match="raise to"):
        play(config, np.zeros(5, np.int64), overbet, np.random.default_rng(0))  # type: ignore[arg-type]


def test_call_policy_checks_it_down() -> None:
    result = play(
        TableConfig([100] * 4, 1, 2),
        np.arange(200) % 4,
        call_policy,
        np.random.default_rng(2),
        record=True,
    )
    assert result.log is not None and set(result.log[:, 2].tolist()) == {CALL}
    # Everyone puts in 2 chips: each hand's winners share the 8 chips.
    assert (result.net.sum(axis=1) == 0).all()
    assert ((result.net == -2) | (result.net >= 0)).all()


def test_simulate_batch_is_zero_sum_reproducible_and_worker_independent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    one = simulate_batch(6, 20_000, 3, ["random", "call", "table"])
    again = simulate_batch(6, 20_000, 3, ["random", "call", "table"])
    # A worker per 2**20 hands at most: its start costs more than it plays.
    assert simulate_batch(6, 20_000, 3, ["random"], workers=2).simulation.workers == 1
    monkeypatch.setattr("holdem.batch.simulate.WORKER_HANDS", 1000)
    two = simulate_batch(6, 20_000, 3, ["random", "call", "table"], workers=2)
    assert two.simulation.workers == 2
    assert one.simulation.results == again.simulation.results == two.simulation.results
    assert sum(r.chips for r in one.simulation.results) == 0
    assert [(r.agent, r.seats, r.hands) for r in one.simulation.results] == [
        ("random", 2, 20_000),
        ("call", 2, 20_000),
        ("table", 2, 20_000),
    ]
    assert one.actions > 20_000
    assert simulate_batch(6, 5000, 4, ["random"]).simulation.results[0].chips == 0
    assert "hands per second" in format_results(one.simulation)


def test_table_policy_from_a_file(tmp_path: Path) -> None:
    """A table of weights that only ever checks or calls acts as the call agent."""
    path = tmp_path / "calls.json"
    path.write_text(json.dumps([[0.0, 1.0, 0.0]] * 169))
    simulation = simulate_batch(4, 300, 1, [f"table:{path}", "random"]).simulation
    assert [r.agent for r in simulation.results] == [f"table:{path}", "random"]
    assert sum(r.chips for r in simulation.results) == 0
    policy = TablePolicy(json.loads(path.read_text()))
    result = play(TABLES[0], np.arange(100) % 6, policy, np.random.default_rng(1), record=True)
    assert result.log is not None and set(result.log[:, 2].tolist()) == {CALL}
    with pytest.raises(ValueError, match="shape"):
        TablePolicy(np.ones((3, 3)))
    with pytest.raises(ConfigError, match="cannot read"):
        simulate_batch(4, 10, 1, [f"table:{tmp_path / 'missing.npy'}"])


def test_cli_batch(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "simulate",
                "--batch",
                "--hands",
                "3000",
                "--seed",
                "2",
                "--agent",
                "random,call",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert {"hands", "seconds", "hands_per_second", "results"} <= set(data)
    assert data["hands"] == 3000 and set(data["results"]) == {"random", "call"}
    assert data["results"]["random"]["chips"] == -data["results"]["call"]["chips"]
    assert main(["simulate", "--batch", "--hands", "50", "--agent", "potodds"]) == 2
    assert "unknown batch agent 'potodds'" in capsys.readouterr().err
    assert main(["simulate", "--batch", "--hands", "100", "--players", "3"]) == 0
    assert capsys.readouterr().out.startswith("3 players, 100 hands, seed 0")


def test_random_policy_is_uniform_over_kinds() -> None:
    """The random agent's policy: with fold, call and raise legal, each a third."""
    n = 30000
    decisions = Decisions(
        np.arange(n),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros((n, 2), np.int64),
        np.ones(n, bool),
        np.full(n, 2),
        np.full(n, 4),
        np.full(n, 9),
        np.full(n, 3),
    )
    code, amount = random_policy(decisions, np.random.default_rng(random.randrange(2**32)))
    counts = np.bincount(code, minlength=3) / n
    assert np.allclose(counts, 1 / 3, atol=0.02)
    raised = amount[code == RAISE]
    assert raised.min() == 4 and raised.max() == 9
