"""The compiled batch kernel (``holdem.batch.kernel``): straddles (R11), several
runs of the board (R12) and rake (R13), hand for hand against ``Hand``.

Every batch here is replayed through :class:`holdem.Hand` by
:func:`holdem.batch.replay`: the same seat to act and raise range at every
action, the same seat answering the run question, the same final stacks and
the same rake. The kernel's evaluator is checked against treys and the numpy
one, and what only the kernel plays is refused by field on the step-wise
engine.
"""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the batch engine needs numpy (extra 'batch')")
pytest.importorskip("numba", reason="the batch kernel needs numba (extra 'batch')")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from strategies import seeds  # noqa: E402
from treys import Card, Evaluator  # noqa: E402

from holdem import DECK, ConfigError, Hand, TableConfig  # noqa: E402
from holdem.batch import (  # noqa: E402
    RAISE,
    RUNS,
    BatchState,
    Decisions,
    Policy,
    SeatPolicies,
    TablePolicy,
    call_policy,
    check_config,
    hand_config,
    play,
    random_policy,
    replay,
)
from holdem.batch.evaluate import rank7  # noqa: E402
from holdem.batch.kernel import rank_many, tables  # noqa: E402


def replay_all(config: TableConfig, hands: int, seed: int, policy: Policy) -> list[Hand]:
    """Play ``hands`` (button on seat ``i % seats``) and replay each through
    Hand (MismatchError on any difference); the finished Hands."""
    buttons = np.arange(hands) % config.seats
    result = play(config, buttons, policy, np.random.default_rng(seed), record=True)
    done = list(replay(config, buttons, result))
    assert len(done) == hands
    assert ((result.net.sum(axis=1) + result.rake) == 0).all()
    assert (result.stacks == result.net + np.array(config.stacks)).all()
    return done


RAKE = {"rate": "5%", "cap": 7}

TABLES = [
    TableConfig([400] * 6, 1, 2, straddles=[3]),
    TableConfig([400] * 6, 1, 2, straddles=[3, 4, 5]),
    TableConfig([400] * 6, 1, 2, straddles=[0]),
    TableConfig([90, 400, 300, 120, 400, 250, 80, 60], 2, 4, straddles=[3, 4], ante=1),
    TableConfig([400, 50, 120, 400, 7, 300], 1, 2, max_runs=2),
    TableConfig([400, 50, 120, 400, 7, 300], 1, 2, max_runs=3),
    TableConfig([100, 37, 250, 60, 8, 3], 5, 10, ante=10, ante_type="big_blind", rake=RAKE),
    TableConfig([30, 31, 45, 100, 5, 60, 75], 2, 4, ante=1, chip_unit=2, rake={"rate": "1/30"}),
    TableConfig([200] * 4, 1, 2, rake={"rate": "10%", "no_flop_no_drop": True}),
    TableConfig(
        [300, 120, 400, 80, 400, 260],
        2,
        4,
        straddles=[3, 4],
        max_runs=3,
        chip_unit=2,
        rake={"rate": "5%", "cap": 9, "no_flop_no_drop": True},
    ),
    TableConfig([100, 30], 1, 2, max_runs=3, rake={"rate": "10%"}),
]


@pytest.mark.parametrize("config", TABLES, ids=range(len(TABLES)))
def test_new_rules_same_chips_as_hand_hand_for_hand(config: TableConfig) -> None:
    """R11, R12, R13 (with R2-R8): 800 hands per table, random and table
    policies, each replayed through Hand."""
    done = replay_all(config, 400, 11, random_policy)
    done += replay_all(config, 400, 12, TablePolicy.tight())
    if config.max_runs > 1:
        # R12.1: the question is asked and more than one run is agreed.
        assert any(hand.run_count > 1 for hand in done)
        assert any(len(hand.result.boards) > 1 for hand in done if hand.result)
    if config.rake is not None:
        assert sum(hand.result.rake_total for hand in done if hand.result) > 0
    if config.straddles:
        # R11.1: each hand's straddles moved with its button.
        offsets = [(s - config.button) % config.seats for s in config.straddles]
        for i, hand in enumerate(done):
            button = i % 400 % config.seats
            expected = tuple((button + k) % config.seats for k in offsets)
            assert hand.config.straddles == expected


@st.composite
def rule_tables(draw: st.DrawFn) -> TableConfig:
    """A table with optional straddles (legal for every button), runs and rake."""
    n = draw(st.integers(2, 9))
    bb = draw(st.sampled_from([1, 2, 10]))
    sb = draw(st.integers(0, bb))
    ante_type = draw(st.sampled_from(["none", "uniform", "big_blind"]))
    ante = 0 if ante_type == "none" else draw(st.integers(1, 2 * bb))
    straddles: list[int] = []
    if n >= 3 and draw(st.booleans()):
        if n >= 4 and draw(st.booleans()):
            first = 3 % n
            count = draw(st.integers(1, n - 3))
            straddles = [(first + k) % n for k in range(count)]
        else:
            straddles = [0]
    need = ante + (bb << (len(straddles) + 1)) + 1 if straddles else 1
    low = st.integers(need, need + 3 * bb)
    stacks = draw(st.lists(low | st.integers(need, 300 * bb), min_size=n, max_size=n))
    unit = draw(st.sampled_from([1, 1, 2, 5]))
    runs = draw(st.integers(1, 3))
    rake = None
    if draw(st.booleans()):
        rate = draw(st.sampled_from(["5%", "1/30", "10%", "0", "2.5%"]))
        cap = draw(st.none() | st.integers(0, 40))
        rake = {"rate": rate, "cap": cap, "no_flop_no_drop": draw(st.booleans())}
    return TableConfig(
        stacks,
        sb,
        bb,
        ante=ante,
        ante_type=ante_type,
        chip_unit=unit,
        min_bet=draw(st.sampled_from([None, 3 * bb])),
        straddles=straddles,
        max_runs=runs,
        rake=rake,
    )


POLICIES = [random_policy, call_policy, TablePolicy.tight()]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=rule_tables(), seed=seeds, which=st.integers(0, 3))
def test_any_table_with_the_new_rules_matches_hand(
    config: TableConfig, seed: int, which: int
) -> None:
    """R11-R13 on any table (short stacks, antes, chip units, minimum bets,
    2 to 9 seats), any built-in policy or one per seat: 40 hands replayed."""
    if which == 3:
        policy: Policy = SeatPolicies([POLICIES[s % 3] for s in range(config.seats)])
    else:
        policy = POLICIES[which]
    replay_all(config, 40, seed, policy)


def test_example_s1_straddle_sets_the_price() -> None:
    """Example S1 (R11.2, R11.3): six seats, button 0, blinds 1/2, seat 3
    straddles 4. Seat 4 acts first: fold, call 4, raise to 8..400; if all
    call, seat 3 has the option (check or raise to 8..400)."""
    config = TableConfig([400] * 6, 1, 2, straddles=[3])
    result = play(config, np.zeros(3, np.int64), call_policy, np.random.default_rng(1), record=True)
    assert result.log is not None
    first = result.log[result.log[:, 0] == 0]
    assert first[0].tolist() == [0, 4, 1, 4, 8, 400]
    assert first[5].tolist() == [0, 3, 1, 4, 8, 400]  # the straddler's option
    # The straddles move with the button: with the button on seat 2, seat 5 straddles.
    assert hand_config(config, 2).straddles == (5,)


def test_example_s3_button_straddle() -> None:
    """Example S3 (R11.3): the button straddles; the small blind acts first
    and the button last preflop."""
    config = TableConfig([400] * 6, 1, 2, straddles=[0])
    result = play(config, np.zeros(2, np.int64), call_policy, np.random.default_rng(1), record=True)
    assert result.log is not None
    preflop = result.log[result.log[:, 0] == 0][:6]
    assert preflop[:, 1].tolist() == [1, 2, 3, 4, 5, 0]
    assert preflop[0].tolist() == [0, 1, 1, 4, 8, 400]


def test_runs_are_answered_in_order_and_the_smallest_wins() -> None:
    """R12.1: the seats still in answer from left of the button; an answer of
    1 ends the question; the runs agreed are the smallest answer."""

    config = TableConfig([50, 50, 50], 1, 2, max_runs=3)
    buttons = np.arange(3000) % 3
    result = play(config, buttons, random_policy, np.random.default_rng(3), record=True)
    assert result.log is not None
    asked = result.log[result.log[:, 2] == RUNS]
    assert len(asked) > 100
    assert set(asked[:, 3].tolist()) == {1, 2, 3}
    assert (asked[:, 4] == 1).all() and (asked[:, 5] == 3).all()
    counts = {hand.run_count for hand in replay(config, buttons, result)}
    assert counts == {1, 2, 3}


def test_rake_is_capped_and_no_flop_no_drop() -> None:
    """R13.1: the rake never exceeds the cap; with "no flop, no drop" a hand
    that ends before the flop pays none, and the others are raked (each
    hand's rake equals Hand's: :func:`replay` checks it)."""
    config = TableConfig([200] * 4, 1, 2, rake={"rate": "10%", "cap": 5, "no_flop_no_drop": True})
    buttons = np.arange(2000) % 4
    result = play(config, buttons, random_policy, np.random.default_rng(9), record=True)
    hands = list(replay(config, buttons, result))
    assert result.rake.min() == 0 and result.rake.max() == 5
    flops = [hand.result is not None and len(hand.result.boards[0]) >= 3 for hand in hands]
    raked = result.rake.tolist()
    assert all(chips == 0 for chips, flop in zip(raked, flops) if not flop)
    assert sum(1 for chips, flop in zip(raked, flops) if flop and chips) > 500


def test_kernel_evaluation_agrees_with_treys_and_numpy() -> None:
    """R6.1: the kernel's seven-card ranks are treys' ranks (2,000 hands) and
    the numpy evaluator's (200,000 hands, every flush suit)."""
    rng = np.random.default_rng(17)
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (200_000, 1)), axis=1)[:, :7]
    keys, offsets, ranks7, flush = tables()
    ours = rank_many(np.ascontiguousarray(decks), keys, offsets, ranks7, flush)
    theirs = rank7(decks[:, None, :2], decks[:, 2:])[:, 0]
    assert (ours == theirs).all()
    evaluator = Evaluator()
    for row, rank in zip(decks[:2000].tolist(), ours[:2000].tolist()):
        cards = [Card.new(DECK[c]) for c in row]
        assert evaluator.evaluate(cards[2:], cards[:2]) == rank
    # Seven cards of one suit: the best flush among them.
    spades = np.array([[3, 7, 11, 15, 19, 23, 51]], dtype=np.int64)
    expected = rank7(spades[:, None, :2], spades[:, 2:])[0, 0]
    assert (
        rank_many(spades, keys, offsets, ranks7, flush)[0] == expected == 8
    )  # the 7-high straight flush


def test_kernel_deal_is_uniform_and_reproducible() -> None:
    """R5.4: every position gets every card alike, no card twice in a hand;
    the same generator state gives the same hands."""
    config = TableConfig([400] * 6, 1, 2, max_runs=3)
    buttons = np.arange(26_000) % 6
    one = play(config, buttons, call_policy, np.random.default_rng(8))
    two = play(config, buttons, call_policy, np.random.default_rng(8))
    assert (one.stacks == two.stacks).all() and (one.board == two.board).all()
    cards = np.concatenate([one.hole.reshape(26_000, 12), one.board], axis=1)
    ordered = np.sort(cards, axis=1)
    assert (ordered[:, 1:] != ordered[:, :-1]).all()
    for position in (one.hole[:, 0, 0], one.hole[:, 5, 1], one.board[:, 4], one.board[:, 14]):
        counts = np.bincount(position, minlength=52)
        assert counts.min() > 380 and counts.max() < 620


def test_given_cards_with_several_runs() -> None:
    """The board given holds run 1's five cards, then the later runs' cards."""
    config = TableConfig([30, 30], 1, 2, max_runs=2)
    n = 200
    rng = np.random.default_rng(4)
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (n, 1)), axis=1)
    hole, board = decks[:, :4].reshape(n, 2, 2), decks[:, 4:14]
    result = play(config, np.arange(n) % 2, random_policy, rng, cards=(hole, board), record=True)
    assert (result.board == board).all() and (result.hole == hole).all()
    list(replay(config, np.arange(n) % 2, result))
    with pytest.raises(ConfigError, match="board cards"):
        play(config, np.arange(n) % 2, random_policy, rng, cards=(hole, board[:, :5]))


def test_straddles_must_hold_for_every_button() -> None:
    """R11.1: the straddles move with the button; a stack that cannot post
    its straddle with the button on some seat is refused at once."""
    config = TableConfig([400, 400, 400, 400, 4, 400], 1, 2, straddles=[3])
    with pytest.raises(ConfigError, match="button on seat 1") as caught:
        check_config(config)
    assert caught.value.field == "straddles"


def test_a_raked_table_beyond_int64_products_is_refused() -> None:
    config = TableConfig([2_000_000_000] * 2, 1, 2, rake={"rate": "5%"})
    with pytest.raises(ConfigError) as caught:
        check_config(config)
    assert caught.value.field == "rake"


@pytest.mark.parametrize(
    ("config", "field"),
    [
        (TableConfig([100] * 4, 1, 2, straddles=[3]), "straddles"),
        (TableConfig([100] * 4, 1, 2, max_runs=2), "max_runs"),
        (TableConfig([100] * 4, 1, 2, rake={"rate": "5%"}), "rake"),
    ],
)
def test_the_step_wise_engine_refuses_the_kernels_rules(config: TableConfig, field: str) -> None:
    """Straddles, runs and rake are played by the kernel only: BatchState and a
    custom policy refuse them by field."""

    def raiser(decisions: Decisions, rng: np.random.Generator) -> tuple[object, object]:
        return np.full(len(decisions.seat), RAISE), decisions.min_to

    with pytest.raises(ConfigError) as caught:
        BatchState(config, 4)
    assert caught.value.field == field
    with pytest.raises(ConfigError) as caught:
        play(config, np.zeros(3, np.int64), raiser, np.random.default_rng(0))  # type: ignore[arg-type]
    assert caught.value.field == field
    check_config(config)
