"""The compiled turn order of the batched engine (:mod:`holdem.batch.turns`)
finds the same seat as the numpy search (R5.1, R5.1a), on random states and
on the states of played batches."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the batch engine needs numpy (extra 'batch')")
pytest.importorskip("numba", reason="the compiled turn order needs numba (extra 'batch')")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from holdem import TableConfig  # noqa: E402
from holdem.batch import BatchState, random_policy  # noqa: E402
from holdem.batch.engine import compiled_first_to_act  # noqa: E402


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 10), st.integers(1, 40), st.integers(0, 2**32 - 1))
def test_r5_1_compiled_first_to_act_equals_the_numpy_search(
    seats: int, lanes: int, seed: int
) -> None:
    """R5.1, R5.1a: any folds, stacks (some empty), bets, current bets and
    acted flags, any first seat: the same seat to act, or -1 alike."""
    rng = np.random.default_rng(seed)
    state = BatchState(TableConfig([100] * seats, 1, 2), lanes)
    state.folded[:] = rng.random((lanes, seats)) < 0.3
    state.stack[:] = rng.integers(0, 3, (lanes, seats)) * rng.integers(0, 50, (lanes, seats))
    state.bet[:] = rng.integers(0, 6, (lanes, seats))
    state.current[:] = rng.integers(0, 6, lanes)
    state.acted[:] = rng.random((lanes, seats)) < 0.5
    h = rng.permutation(lanes)[: rng.integers(1, lanes + 1)]
    begin = rng.integers(0, seats, len(h))
    compiled = compiled_first_to_act()
    assert compiled is not None
    out = np.empty(len(h), dtype=np.int64)
    compiled(state.folded, state.stack, state.bet, state.current, state.acted, h, begin, out)
    assert out.tolist() == state._first_to_act_numpy(h, begin).tolist()


def test_r5_1_played_batches_ask_the_same_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """R5.1: a batch played step by step with the compiled search and with
    the numpy one (the same draws) ends with the same stacks, hand for hand."""
    config = TableConfig([60, 200, 35, 100, 80, 150], 1, 2)
    results = []
    for search in ("compiled", "numpy"):
        if search == "numpy":
            monkeypatch.setattr(BatchState, "_first_to_act", BatchState._first_to_act_numpy)
        rng = np.random.default_rng(7)
        state = BatchState(config, 300)
        lanes = np.arange(300)
        hole = np.array([rng.permutation(52)[:17] for _ in lanes])
        state.deal(lanes, lanes % 6, hole[:, :12].reshape(300, 6, 2), hole[:, 12:])
        while (state.to_act >= 0).any():
            decisions = state.decisions(lanes[state.to_act >= 0])
            state.apply(decisions, *random_policy(decisions, rng))
        results.append(state.stack + state.payout(lanes))
    assert np.array_equal(*results)
