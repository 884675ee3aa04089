"""The batched engine checked decision by decision, and fed hostile input.

An independent check of ``holdem.batch.play`` against :class:`holdem.Hand`:
every decision a policy is asked (seat, street, whether a fold is offered,
the call, the raise range, the pot) and every final stack, on tables with
tiny stacks where the forced bets put players all-in (R2.4, R2.5), each ante
type (R2.3), short all-ins (R4), side pots (R7) and odd chips (R8). Then bad
input: buttons, cards, policy outputs, table sizes beyond int64, policy
table files, huge hand counts; each is refused with an error of the
project's hierarchy (R3.7 for illegal actions), never a traceback.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the batch engine needs numpy (extra 'batch')")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from holdem import DECK, ConfigError, Hand, TableConfig  # noqa: E402
from holdem.batch import (  # noqa: E402
    CALL,
    FOLD,
    RAISE,
    BatchState,
    Decisions,
    Policy,
    PolicyError,
    SeatPolicies,
    TablePolicy,
    call_policy,
    deal,
    play,
    random_policy,
    simulate_batch,
)
from holdem.batch.simulate import BLOCK, MAX_TABLE_BYTES, load_policy  # noqa: E402
from holdem.cli.command import main  # noqa: E402

STREETS = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}


class Recorder:
    """Wraps a policy and keeps every decision row with the action chosen."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.rows: list[object] = []

    def __call__(self, decisions: Decisions, rng: np.random.Generator) -> tuple[object, object]:
        code, amount = self.policy(decisions, rng)
        d = decisions
        self.rows.append(
            np.stack(
                [d.hands, d.seat, d.street, d.can_fold, d.call, d.min_to, d.max_to, d.pot]
                + [np.asarray(code), np.asarray(amount)],
                axis=1,
            )
        )
        return code, amount


def check_against_hand(config: TableConfig, buttons: object, policy: Policy, seed: int) -> int:
    """Play a batch, then every hand through Hand with the same cards and
    actions, asserting each decision and the final stacks; the decisions."""
    recorder = Recorder(policy)
    result = play(config, buttons, recorder, np.random.default_rng(seed))
    rows = np.concatenate(recorder.rows) if recorder.rows else np.zeros((0, 10), np.int64)
    rows = rows[np.argsort(rows[:, 0], kind="stable")]
    buttons = np.asarray(buttons)
    bounds = np.searchsorted(rows[:, 0], np.arange(len(buttons) + 1)).tolist()
    for i, button in enumerate(buttons.tolist()):
        table = TableConfig(
            config.stacks,
            config.small_blind,
            config.big_blind,
            button=button,
            ante=config.ante,
            ante_type=config.ante_type,
            min_bet=config.min_bet,
            chip_unit=config.chip_unit,
        )
        hand = Hand(
            table,
            hole_cards=[DECK[a] + DECK[b] for a, b in result.hole[i].tolist()],
            board="".join(DECK[c] for c in result.board[i].tolist()),
        )
        for row in rows[bounds[i] : bounds[i + 1]].tolist():
            _, seat, street, can_fold, call, low, high, pot, code, amount = row
            legal = hand.legal_actions()
            assert legal is not None, f"hand {i}: the batch asks seat {seat}, Hand is over"
            assert (legal.seat, STREETS[hand.street]) == (seat, street), f"hand {i}"
            assert (legal.can_fold, legal.call) == (bool(can_fold), call), f"hand {i}"
            ours = (low, high) if low >= 0 else (None, None)
            assert (legal.min_raise_to, legal.max_raise_to) == ours, f"hand {i}"
            assert hand.pot_total == pot, f"hand {i}"
            if code == FOLD:
                hand.fold(seat)
            elif code == CALL:
                hand.check_or_call(seat)
            else:
                hand.bet_or_raise(seat, amount)
        assert hand.is_over, f"hand {i}: Hand still asks {hand.legal_actions()}"
        assert hand.stacks == tuple(result.stacks[i].tolist()), f"hand {i}"
    assert len(rows) == result.actions
    return len(rows)


def random_table(r: random.Random) -> TableConfig:
    """2 to 10 seats; often stacks of 1 to 3 big blinds, so that the forced
    bets put players all-in; any ante type, minimum bet and chip unit."""
    players = r.randint(2, 10)
    bb = r.choice([1, 2, 4, 10, 100])
    sb = min(bb, r.choice([0, bb // 2, bb, max(1, bb // 3)]))
    kind = r.choice(["none", "uniform", "big_blind"])
    ante = 0 if kind == "none" else r.choice([1, max(1, bb // 2), bb, 2 * bb, 3])
    if r.random() < 0.4:
        stacks = [r.randint(1, 3 * bb + ante + 1) for _ in range(players)]
    else:
        stacks = [
            r.choice([1, bb, 2 * bb, 50 * bb, r.randint(1, 300 * bb)]) for _ in range(players)
        ]
    min_bet = r.choice([None, None, 2 * bb, 3 * bb + 1])
    unit = r.choice([1, 1, 2, 5, 25])
    return TableConfig(stacks, sb, bb, ante=ante, ante_type=kind, min_bet=min_bet, chip_unit=unit)


def test_every_decision_and_stack_matches_hand_on_random_tables() -> None:
    """R2-R8, decision by decision: 60 random tables x 40 hands (2,400),
    tiny stacks all-in from the blinds or antes (R2.4), short big blinds
    (R2.5), short all-ins (R4.2, R4.3), side pots (R7), odd chips (R8.3),
    heads-up (R2.2) to 10 seats, each array policy."""
    r = random.Random(14)
    policies: list[Policy] = [random_policy, random_policy, call_policy, TablePolicy.tight()]
    decisions = 0
    for _ in range(60):
        config = random_table(r)
        buttons = np.array([r.randrange(config.seats) for _ in range(40)])
        decisions += check_against_hand(config, buttons, r.choice(policies), r.randrange(2**32))
    assert decisions > 2400


def test_all_in_from_the_forced_bets() -> None:
    """R2.4, R5.3: every player all-in from the ante and blinds; no decision
    is asked and the board runs out. R7.6: the big-blind ante is dead money."""
    heads_up = TableConfig([1, 1], 1, 2, ante=2, ante_type="big_blind")
    assert check_against_hand(heads_up, np.arange(50) % 2, random_policy, 5) == 0
    antes = TableConfig([1] * 5, 1, 2, ante=1)
    assert check_against_hand(antes, np.arange(50) % 5, random_policy, 5) == 0
    # Some all-in from the forced bets, the others still decide.
    short = TableConfig([1, 2, 3, 2], 1, 2, ante=2, ante_type="big_blind")
    assert check_against_hand(short, np.arange(50) % 4, random_policy, 5) > 50


def test_the_largest_tables_int64_can_hold() -> None:
    """Stacks up to 2**62 chips in all play exactly (no int64 overflow in a
    pot or a raise-to); more are refused by field, not silently wrapped."""
    config = TableConfig([2**61, 2**61 - 1], 2**59, 2**60)
    check_against_hand(config, np.arange(40) % 2, random_policy, 1)
    with pytest.raises(ConfigError, match="stacks") as caught:
        play(
            TableConfig([2**62] * 6, 1, 2),
            np.zeros(2, np.int64),
            call_policy,
            np.random.default_rng(),
        )
    assert caught.value.field == "stacks"
    with pytest.raises(ConfigError, match="stacks"):
        simulate_batch(2, 10, stack=2**62)


@pytest.mark.parametrize(
    "buttons",
    [np.array([0, 6]), np.array([-1]), np.array([1.5, 0.0]), np.zeros((2, 2), int), np.int64(3)],
    ids=["beyond", "negative", "fraction", "2-d", "scalar"],
)
def test_buttons_must_be_seats(buttons: object) -> None:
    """A button that is not a seat used to be wrapped or truncated silently."""
    config = TableConfig([100] * 6, 1, 2)
    with pytest.raises(ConfigError) as caught:
        play(config, buttons, random_policy, np.random.default_rng(0))  # type: ignore[arg-type]
    assert caught.value.field == "buttons"


def test_given_cards_are_checked() -> None:
    config = TableConfig([100] * 3, 1, 2)
    hole, board = deal(np.random.default_rng(0), 4, 3)
    twice = board.copy()
    twice[2, 0] = hole[2, 1, 0]
    outside = board.copy()
    outside[0, 0] = 52
    for bad, words in [
        ((hole, twice), "hand 2: a card is dealt twice"),
        ((hole, outside), "outside 0 to 51"),
        ((hole[:, :2], board), "shape"),
        ((hole, board.astype(float)), "whole card indices"),
        ((hole,), "pair"),
    ]:
        with pytest.raises(ConfigError, match=words):
            play(config, np.zeros(4, np.int64), call_policy, np.random.default_rng(), cards=bad)  # type: ignore[arg-type]
    result = play(
        config, np.zeros(4, np.int64), call_policy, np.random.default_rng(), cards=(hole, board)
    )
    assert (result.board == board).all()


def _returning(output: object) -> Policy:
    def policy(decisions: Decisions, rng: np.random.Generator) -> tuple[object, object]:
        rows = len(decisions.seat)
        value = output(decisions, rows) if callable(output) else output
        return value  # type: ignore[no-any-return]

    return policy  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("output", "words"),
    [
        (lambda d, n: (np.full(n, np.nan), np.zeros(n)), "code that is not a whole number: nan"),
        (lambda d, n: (np.full(n, 1.7), np.zeros(n)), "not a whole number: 1.7"),
        (lambda d, n: (np.full(n, True), np.zeros(n)), "codes of bool"),
        (lambda d, n: (np.array(["call"] * n), np.zeros(n)), "codes of <U4"),
        (lambda d, n: (np.ones(n - 1, int), np.zeros(n - 1, int)), r"shape \(\d+,\)"),
        (lambda d, n: (np.ones((n, 2), int), np.zeros(n, int)), r"shape \(\d+, 2\)"),
        (lambda d, n: (1, 0), r"shape \(\)"),
        (lambda d, n: None, "must return \\(codes, amounts\\), got NoneType"),
        (lambda d, n: (np.full(n, RAISE), np.full(n, np.inf)), "raise-to amount that is not"),
        (lambda d, n: (np.full(n, RAISE), d.min_to + 0.5), "raise-to amount that is not"),
        (lambda d, n: (np.full(n, RAISE), np.full(n, 2**64 - 1, np.uint64)), "beyond int64"),
        (lambda d, n: (np.full(n, -1), np.zeros(n, int)), "illegal action .* code -1"),
        (lambda d, n: (np.full(n, 7), np.zeros(n, int)), "illegal action .* code 7"),
    ],
)
def test_bad_policy_outputs_are_refused(output: object, words: str) -> None:
    """R3.7: a policy output that is not one whole action per row is refused
    (NaN codes were cast to huge numbers, 1.7 truncated to a call, short
    arrays crashed numpy) and nothing is played on."""
    with pytest.raises(PolicyError, match=words):
        play(
            TableConfig([100] * 6, 1, 2),
            np.arange(12) % 6,
            _returning(output),
            np.random.default_rng(0),
        )


def test_amounts_of_non_raises_are_not_read() -> None:
    """Only a raise's amount is read: NaN amounts beside calls are fine."""
    policy = _returning(lambda d, n: (np.full(n, CALL), np.full(n, np.nan)))
    result = play(
        TableConfig([100] * 3, 1, 2), np.zeros(20, np.int64), policy, np.random.default_rng(0)
    )
    assert (result.net.sum(axis=1) == 0).all()


@settings(max_examples=40, deadline=None)
@given(
    codes=st.lists(st.integers(-2, 4) | st.floats(allow_nan=True), min_size=1, max_size=8),
    amounts=st.lists(st.integers(-(2**63), 2**63 - 1) | st.floats(), min_size=1, max_size=8),
)
def test_any_policy_output_is_played_or_refused(codes: list[object], amounts: list[object]) -> None:
    """Whatever a policy returns, the batch is played (every chip kept) or
    refused with PolicyError: never another exception."""

    def policy(decisions: Decisions, rng: np.random.Generator) -> tuple[object, object]:
        n = len(decisions.seat)
        return np.resize(np.array(codes), n), np.resize(np.array(amounts), n)

    try:
        result = play(
            TableConfig([50] * 4, 1, 2), np.arange(8) % 4, policy, np.random.default_rng(0)
        )  # type: ignore[arg-type]
    except PolicyError:
        return
    assert (result.net.sum(axis=1) == 0).all()


def _write(path: Path, content: bytes | str) -> Path:
    if isinstance(content, str):
        content = content.encode()
    path.write_bytes(content)
    return path


TABLE_FILES = {
    "missing.npy": None,
    "corrupt.npy": b"garbage",
    "text.json": b"\xff\xfe[[1",
    "digits.json": "[" + "1" * 5000 + "]",
    "big.json": "[[" + "1" * 400 + ", 1, 1]]",
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "ragged.json": "[[1, 2], [3]]",
    "object.json": '{"a": 1}',
    "booleans.json": json.dumps([[True, 1, 1]] * 169),
    "text-weights.json": json.dumps([["1", 1, 1]] * 169),
    "nulls.json": json.dumps([[None, 1, 1]] * 169),
    "infinite.json": json.dumps([[1e308 * 10, 1, 1]] * 169),
    "negative.json": json.dumps([[-1, 1, 1]] * 169),
    "shape.json": json.dumps([[1, 1, 1]] * 168),
    "huge.json": "[" + " " * MAX_TABLE_BYTES + "]",
}


@pytest.mark.parametrize("name", sorted(TABLE_FILES))
def test_hostile_policy_table_files(tmp_path: Path, name: str) -> None:
    """``--agent table:FILE`` with a bad file: exit 2 and one line naming
    the agent field, never a traceback (deep nesting raised RecursionError,
    big numbers OverflowError; text and booleans were taken as weights)."""
    content = TABLE_FILES[name]
    path = tmp_path / name if content is None else _write(tmp_path / name, content)
    with pytest.raises(ConfigError, match="cannot read the policy table") as caught:
        load_policy(f"table:{path}")
    assert caught.value.field == "agent"


def test_hostile_policy_table_files_on_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    complex_table = tmp_path / "complex.npy"
    np.save(complex_table, np.ones((169, 3), dtype=complex))
    deep = _write(tmp_path / "deep.json", "[" * 100_000 + "]" * 100_000)
    for path in (complex_table, deep):
        code = main(["simulate", "--batch", "--agent", f"table:{path}", "--hands", "5"])
        err = capsys.readouterr().err
        assert code == 2
        assert err.count("\n") == 1 and err.startswith("holdem simulate: error: agent:")


def test_a_good_npy_table_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "calls.npy"
    np.save(path, np.tile(np.array([0, 1, 0], dtype=np.int8), (4, 169, 1)))
    policy = load_policy(f"table:{path}")
    result = play(
        TableConfig([100] * 3, 1, 2),
        np.zeros(30, np.int64),
        policy,
        np.random.default_rng(1),
        record=True,
    )
    assert result.log is not None and set(result.log[:, 2].tolist()) == {CALL}


class Stop(Exception):
    pass


@pytest.mark.parametrize("workers", [1, 2])
def test_a_huge_hand_count_starts_at_once(workers: int) -> None:
    """``--hands 10**15`` used to build a list of every block before playing
    the first (memory for 10**11 jobs); blocks are now made as needed."""
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        raise Stop

    with pytest.raises(Stop):
        simulate_batch(2, 10**15, 1, ["call"], workers=workers, progress=progress)
    assert seen == [BLOCK]


def test_chips_squared_is_exact_with_large_stacks() -> None:
    """The sum of squared results is exact beyond int64 (it merges shards)."""
    stack = 2**40
    simulation = simulate_batch(2, 50, 7, ["random", "call"], stack=stack).simulation
    config = TableConfig([stack] * 2, 1, 2)
    seats = SeatPolicies([random_policy, call_policy])
    result = play(config, np.arange(50) % 2, seats, np.random.default_rng([7, 0]))
    expected = sum(v * v for v in result.net[:, 0].tolist())
    assert simulation.results[0].chips_squared == expected > 2**63


@pytest.mark.parametrize("weight", [1e308, 5e-324, 3.0])
def test_table_weights_are_ratios_at_any_scale(weight: float) -> None:
    """Only the ratios of a row's weights count: rows of 1e308 used to
    overflow the sum and always raise, subnormal rows drew lopsidedly."""
    config = TableConfig([400] * 6, 1, 2)
    buttons = np.arange(600) % 6

    def log_of(table: TablePolicy) -> object:
        result = play(config, buttons, table, np.random.default_rng(4), record=True)
        return result.log

    scaled = log_of(TablePolicy(np.full((169, 3), weight)))
    assert np.array_equal(scaled, log_of(TablePolicy(np.ones((169, 3)))))


def test_step_wise_apply_refuses_bad_actions_and_changes_nothing() -> None:
    """R3.7 on :meth:`BatchState.apply` (the vector environment's path): a
    NaN code or a fractional raise is refused and the state is unchanged."""
    config = TableConfig([100] * 3, 1, 2)
    state = BatchState(config, 4)
    hole, board = deal(np.random.default_rng(0), 4, 3)
    lanes = np.arange(4)
    state.deal(lanes, np.zeros(4, np.int64), hole, board)
    decisions = state.decisions(lanes)
    before = (state.stack.copy(), state.bet.copy(), state.to_act.copy())
    for code, amount in [
        (np.full(4, np.nan), np.zeros(4)),
        (np.full(4, RAISE), decisions.min_to + 0.5),
        (np.full(3, CALL), np.zeros(3, np.int64)),
    ]:
        with pytest.raises(PolicyError):
            state.apply(decisions, code, amount)
        assert all(
            np.array_equal(a, b) for a, b in zip(before, (state.stack, state.bet, state.to_act))
        )
    to = state.apply(decisions, np.full(4, CALL), np.zeros(4, np.int64))
    assert to.tolist() == [2] * 4
