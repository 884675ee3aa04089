"""Properties of running the board more than once (R12) and rake (R13), on
random tables (plain, or with straddles and posts) and random legal play."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import play_to_the_end, seeds, settle_configs

from holdem import Hand, IllegalActionError, Reason, TableConfig
from holdem.engine import snapshot as snapshots
from holdem.engine.events import Acted, RunsAgreed, RunsChosen, StreetDealt

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _start(config: TableConfig) -> int:
    return sum(config.stacks)


@SETTINGS
@given(config=settle_configs(), seed=seeds, data=st.data())
def test_r13_chips_are_conserved_with_the_rake_counted(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R1.1, R13: at every step the stacks and the middle hold every chip; at the
    end the stacks and the rake do, ``net`` sums to minus the rake, the rake is
    within the rate and the cap, and each pot pays out exactly what is left of
    it after its rake, over all the runs."""
    hand = Hand(config, seed=seed)
    start = _start(config)

    def conserved(h: Hand) -> None:
        assert min(h.stacks) >= 0
        if not h.is_over:
            assert sum(h.stacks) + h.pot_total == start

    play_to_the_end(data, hand, conserved)
    result = hand.result
    assert result is not None
    assert sum(result.stacks) + result.rake_total == start
    assert sum(result.net) == -result.rake_total
    assert result.rake_total == sum(result.rake)
    pots = hand.pots().pots
    assert len(result.rake) == len(pots)
    total = sum(p.amount for p in pots)
    rake = config.rake
    if rake is None or (rake.no_flop_no_drop and len(result.boards[0]) < 3):
        assert result.rake_total == 0
    else:
        assert result.rake_total <= rake.rate * total
        assert rake.cap is None or result.rake_total <= rake.cap
        assert rake.rate * total - result.rake_total < config.chip_unit or (
            rake.cap is not None and rake.cap - result.rake_total < config.chip_unit
        )
    for index, (pot, raked) in enumerate(zip(pots, result.rake)):
        assert 0 <= raked <= pot.amount
        shares = [a for a in result.awards if a.pot.name == pot.name]
        assert len(shares) == hand.run_count
        assert sum(a.pot.amount for a in shares) == pot.amount - raked, index
        assert [a.run for a in shares] == list(range(1, hand.run_count + 1))
        for award in shares:
            assert sum(award.shares) == award.pot.amount
    assert sum(result.payouts) == total - result.rake_total


@SETTINGS
@given(config=settle_configs(), seed=seeds, data=st.data())
def test_r12_every_hand_ends_and_the_runs_follow_the_answers(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R5, R12.1, R12.2: every hand ends; a run question is asked only when a
    player is all-in with cards to come, of the seats still in, left of the
    button first; the smallest answer is used; each run has its own five-card
    board sharing the cards dealt before the agreement, and no card is dealt
    twice."""
    hand = Hand(config, seed=seed)
    decisions = play_to_the_end(data, hand)
    assert hand.is_over and decisions <= 2000
    log = hand.log
    answers = [e for e in log if isinstance(e, RunsChosen)]
    agreed = [e.count for e in log if isinstance(e, RunsAgreed)]
    shared: tuple[str, ...] = ()
    if config.max_runs == 1:
        assert not answers and not agreed and hand.run_count == 1
    if answers:
        assert agreed == [min(e.count for e in answers)] == [hand.run_count]
        n = config.seats
        live = [s for s in range(n) if not hand.folded[s]]
        order = [s for s in ((config.button + 1 + i) % n for i in range(n)) if s in live]
        seats = [e.seat for e in answers]
        assert seats == order[: len(seats)]
        assert len(seats) == len(order) or answers[-1].count == 1
        before = log.index(answers[0])
        assert not any(isinstance(e, Acted) for e in log[before:])
        common = [e for e in log[:before] if isinstance(e, StreetDealt)]
        shared = common[-1].board if common else ()
        assert len(shared) < 5
        assert all(board[: len(shared)] == shared for board in hand.boards)
    boards = hand.result.boards
    assert len(boards) == hand.run_count
    if hand.run_count > 1:
        assert all(len(b) == 5 for b in boards)
    dealt = list(boards[0]) + [c for b in boards[1:] for c in b[len(shared) :]]
    holes = [c for s in range(config.seats) for c in hand.hole_cards(s)]
    assert len(set(dealt + holes)) == len(dealt) + len(holes) or "??" in holes


@SETTINGS
@given(config=settle_configs(), seed=seeds, data=st.data())
def test_r12_1_illegal_run_answers_are_refused_and_change_nothing(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R12.1, R3.7: at every decision, a run answer from the wrong seat, a count
    out of 1..max_runs, a count that is not a whole number, or any answer
    outside the run question is refused with its reason code, and the hand is
    exactly as it was."""
    hand = Hand(config, seed=seed)

    def refused(h: Hand) -> None:
        n = h.config.seats
        asked = h.run_seat
        if h.is_over:
            tries = [(0, 1, Reason.HAND_OVER)]
        elif asked is None:
            tries = [(s, 1, Reason.NO_RUN_QUESTION) for s in range(n)]
        else:
            top = h.config.max_runs
            tries = [(s, 1, Reason.NOT_YOUR_TURN) for s in range(n) if s != asked]
            tries += [(n, 1, Reason.UNKNOWN_SEAT), (True, 1, Reason.UNKNOWN_SEAT)]
            tries += [(asked, c, Reason.BAD_RUN_COUNT) for c in (0, top + 1, True, 1.0, "1")]
        before = (h.log, h.stacks, h.contributions, h.run_seat, h.to_act, h.boards, h.result)
        for seat, count, reason in tries:
            try:
                h.choose_runs(seat, count)  # type: ignore[arg-type]
            except IllegalActionError as error:
                assert error.reason is reason, (seat, count, error)
            else:
                raise AssertionError(f"choose_runs({seat!r}, {count!r}) was accepted")
            after = (h.log, h.stacks, h.contributions, h.run_seat, h.to_act, h.boards, h.result)
            assert after == before
        if asked is not None:
            try:
                h.check(asked)
            except IllegalActionError as error:
                assert error.reason is Reason.NO_BETTING
            else:
                raise AssertionError("a check was accepted during the run question")

    refused(hand)
    play_to_the_end(data, hand, refused)


@settings(SETTINGS, max_examples=60)
@given(config=settle_configs(), seed=seeds, data=st.data())
def test_r12_r13_snapshots_restore_exactly_at_every_decision(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R12, R13 with snapshots: at every decision, the run question included,
    a hand restored from its JSON snapshot has exactly the same state."""
    hand = Hand(config, seed=seed)

    def same(h: Hand) -> None:
        data_now = snapshots.snapshot(h)
        twin = snapshots.restore(json.loads(json.dumps(data_now)))
        assert snapshots.snapshot(twin) == data_now
        assert twin.run_seat == h.run_seat and twin.boards == h.boards

    same(hand)
    play_to_the_end(data, hand, same)
    assert hand.result is not None
