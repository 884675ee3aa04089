"""The engine's fast paths give exactly what the general paths give.

The seeded deal with nothing fixed (R5.4), the direct ``act`` path for the seat
to act, the event log recorded compactly and built when read (the hole cards
one record), the layering kept for a repeated question (R7) and the one-pot
settlement with its result built when read (R8) are checked against the
general paths.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import draw_action, hands

from holdem import ConfigError, Hand, HoldemError, TableConfig
from holdem.engine import events as ev
from holdem.engine.cards import DECK, Dealer
from holdem.engine.forced_bets import post_forced_bets
from holdem.engine.pots import Rake, _layer, _layer_levels, layer_pots
from holdem.engine.showdown import category, rank, rank_on_board
from holdem.selfplay.agents import random_action

EVENT_TYPES = (
    ev.Posted,
    ev.HoleCardsDealt,
    ev.StreetDealt,
    ev.Acted,
    ev.UncalledReturned,
    ev.Shown,
    ev.Mucked,
    ev.PotAwarded,
    ev.HandEnded,
)


@pytest.mark.parametrize("seats", [2, 3, 6, 9, 10])
def test_r5_4_seeded_deal_is_the_general_deal(seats: int) -> None:
    """R5.4: a seed deals the same cards whichever path deals them (no card
    fixed, or every hole card given as ``None``, which takes the general path)."""
    for seed in [*range(60), "holdem", "x" * 50, 2**64 - 1, 2**80]:
        button = hash(seed) % seats
        fast = Dealer(seats, button, None, None, seed)
        general = Dealer(seats, button, [None] * seats, None, seed)
        assert fast.hole == general.hole
        assert fast.board == general.board
        assert fast.burns == general.burns
        dealt = [c for pair in fast.hole for c in pair] + [*fast.board, *fast.burns]
        assert len(set(dealt)) == 2 * seats + 8


def test_r5_4_seeded_deal_known_cards() -> None:
    """R5.4: the cards of a given seed do not change (dealing order: one card a
    seat from left of the button, twice; burn, flop; burn, turn; burn, river)."""
    dealer = Dealer(3, 0, None, None, 7)
    assert dealer.hole == [("8d", "3c"), ("7c", "Qd"), ("4d", "2s")]
    assert dealer.board == ("3h", "7s", "Jd", "Tc", "2h")
    assert dealer.burns == ("Th", "Ks", "5d")


def _play(data: st.DataObject, hand: Hand, twin: Hand) -> None:
    """Play ``hand`` through the direct path and ``twin`` through the general
    one (a decision number), reading the log of ``hand`` only now and then."""
    steps = 0
    while hand.to_act is not None:
        assert twin.to_act == hand.to_act
        assert twin.legal_actions() == hand.legal_actions()
        action = draw_action(data, hand, allow_raise=steps < 12)
        seat = hand.to_act
        hand.act(seat, action)
        twin.act(seat, action, decision=twin.decision)
        steps += 1
        if data.draw(st.booleans(), label="read log"):
            assert hand.log == twin.log


@settings(max_examples=150, deadline=None)
@given(hand=hands(), data=st.data())
def test_r3_direct_act_and_lazy_log_match_the_general_path(hand: Hand, data: st.DataObject) -> None:
    """R3, R7: the direct path and the general path make the same hand: the
    same state, result and log, every record an event object, built once."""
    twin = hand.copy()
    _play(data, hand, twin)
    assert hand.is_over and twin.is_over
    assert hand.stacks == twin.stacks
    assert hand.result == twin.result
    assert hand.decision == twin.decision
    log = hand.log
    assert log == twin.log
    assert all(type(event) in EVENT_TYPES for event in log)
    again = hand.log
    assert all(a is b for a, b in zip(log, again))
    assert sum(hand.stacks) == sum(hand.config.stacks)


def test_log_read_midway_then_copied() -> None:
    """A copy made after part of the log was read keeps its own records: both
    hands' logs stay right as each goes on."""
    hand = Hand(TableConfig([100, 100, 100], 1, 2), seed=3)
    hand.call(0)
    first = hand.log
    assert first[-1] == ev.Acted(0, "call", 2, 2, False)
    twin = hand.copy()
    hand.fold(1)
    twin.raise_to(1, 10)
    assert hand.log[:-1] == first and twin.log[:-1] == first
    assert hand.log[-1] == ev.Acted(1, "fold", 1, 0, False)
    assert twin.log[-1] == ev.Acted(1, "raise", 10, 9, False)


def test_r7_layering_repeated_and_changed() -> None:
    """R7: asking again gives the same pots; changed contributions (the same
    list changed in place) or folds give new ones; bad input is still refused."""
    contributions = [50, 100, 100]
    folded = [False, False, False]
    first = layer_pots(contributions, folded)
    assert layer_pots(contributions, folded) == first
    assert [(p.amount, p.eligible) for p in first.pots] == [(150, (0, 1, 2)), (100, (1, 2))]
    contributions[1] = contributions[2] = 300
    changed = layer_pots(contributions, folded)
    assert changed.returns == (0, 0, 0)
    assert [(p.amount, p.eligible) for p in changed.pots] == [(150, (0, 1, 2)), (500, (1, 2))]
    folded[0] = True
    assert layer_pots(contributions, folded).pots[0].eligible == (1, 2)
    with pytest.raises(HoldemError, match=r"contributions\[1\]"):
        layer_pots([50, True, 300], folded)
    with pytest.raises(HoldemError, match=r"dead\[0\]"):
        layer_pots(contributions, folded, -1)


@settings(max_examples=300, deadline=None)
@given(cards=st.permutations(DECK).map(lambda deck: deck[:17]))
def test_r6_1_ranks_on_one_board_are_the_single_ranks(cards: list[str]) -> None:
    """R6.1: ranking several hands on one board gives each hand's own rank."""
    board, rest = cards[:5], cards[5:]
    holes = [tuple(rest[i : i + 2]) for i in range(0, 12, 2)]
    assert rank_on_board(holes, board) == [rank(hole, board) for hole in holes]


@settings(max_examples=300, deadline=None)
@given(cards=st.permutations([c for c in DECK if c[1] in "hs"]).map(lambda deck: deck[:17]))
def test_r6_1_ranks_on_two_suit_boards_are_the_single_ranks(cards: list[str]) -> None:
    """R6.1: on boards and hands of two suits only (flushes from three, four or
    five board cards, straight flushes), one pass gives each hand's own rank."""
    board, rest = cards[:5], cards[5:]
    holes = [tuple(rest[i : i + 2]) for i in range(0, 12, 2)]
    assert rank_on_board(holes, board) == [rank(hole, board) for hole in holes]


def test_r6_1_ranks_on_one_board_flushes() -> None:
    """R6.1: flushes from the board alone, from both hole cards, and a straight
    flush beside a flush, as treys ranks them."""
    board = ("2h", "7h", "9h", "Jh", "Kd")
    holes = [("Ah", "3c"), ("Th", "8h"), ("Kc", "Ks"), ("4d", "5s")]
    assert rank_on_board(holes, board) == [rank(h, board) for h in holes]
    assert rank_on_board([("Ah", "3c")], board) == [rank("Ah3c", board)]
    assert category(rank_on_board([("Th", "8h")], board)[0]) == "straight flush"
    assert category(rank_on_board([("Kc", "Ks")], board)[0]) == "three of a kind"


def test_r5_4_hands_dealt_from_one_rng_are_reproducible() -> None:
    """R5.4: hands dealt from one seeded ``rng`` deal the same cards again from
    the same seed, each hand its own cards, as ``rng.sample`` draws them."""
    config = TableConfig([100] * 6, 1, 2, button=2)
    first = Hand(config, rng=random.Random(11))
    rng, again = random.Random(11), random.Random(11)
    hands_dealt = [Hand(config, rng=rng) for _ in range(20)]
    assert hands_dealt[0].log == first.log
    assert len({tuple(h.hole_cards(s) for s in range(6)) for h in hands_dealt}) == 20
    for hand in hands_dealt:
        cards = again.sample(list(DECK), 20)
        order = [(2 + 1 + i) % 6 for i in range(6)]
        assert [hand.hole_cards(s) for s in order] == list(zip(cards[:6], cards[6:12]))
        assert hand._deck_board == (*cards[13:16], cards[17], cards[19])
    # The general path (a fixed card list) draws from the rng the same way.
    fixed = Hand(config, rng=random.Random(11), hole_cards=[None] * 6)
    assert [fixed.hole_cards(s) for s in range(6)] == [first.hole_cards(s) for s in range(6)]


def test_r5_4_rng_refused_with_a_seed_or_when_not_a_random() -> None:
    """R5.4: a deal has one source: a seed and an rng together are refused at
    construction (ConfigError naming ``rng``), and so is an rng that is not a
    ``random.Random``."""
    config = TableConfig([100] * 3, 1, 2)
    with pytest.raises(ConfigError, match="^rng: give a seed or an rng, not both"):
        Hand(config, seed=1, rng=random.Random(1))
    with pytest.raises(ConfigError, match=r"^rng: not a random\.Random \(got int\)"):
        Hand(config, rng=3)  # type: ignore[arg-type]
    system = Hand(config, rng=random.SystemRandom())
    dealt = [c for s in range(3) for c in system.hole_cards(s)]
    assert len(set(dealt)) == 6


@settings(max_examples=400, deadline=None)
@given(
    chips=st.lists(st.sampled_from([0, 1, 2, 5, 50, 100]), min_size=2, max_size=10),
    data=st.data(),
)
def test_r7_one_pot_at_once_is_the_level_by_level_layering(
    chips: list[int], data: st.DataObject
) -> None:
    """R7.1-R7.6: the one-pot shortcut gives what layering level by level gives
    (returns, pots, eligible seats, dead money in the main pot)."""
    folded = data.draw(st.lists(st.booleans(), min_size=len(chips), max_size=len(chips)))
    dead = data.draw(st.sampled_from([0, 0, 3]))
    try:
        expected = _layer_levels(chips, folded, dead)
    except HoldemError:
        return  # dead money with every seat folded: refused either way
    assert _layer(tuple(chips), folded, dead) == expected


def test_a_subclass_hooking_run_sees_every_decision() -> None:
    """A subclass of Hand that hooks ``_run`` (as a table's timed hand does)
    is told of every decision, plain actions included."""
    seen: list[int] = []

    class Counting(Hand):
        __slots__ = ()

        def _run(self, apply: Any, *args: Any) -> None:
            super()._run(apply, *args)
            seen.append(self.decision)

    hand = Counting(TableConfig([100, 100, 100], 1, 2), seed=3)
    hand.call(0)
    hand.fold(1)
    hand.check(2)
    assert seen == [1, 2, 3]


@pytest.mark.parametrize("seats", [2, 3, 6, 10])
def test_r5_4_hand_dealt_by_seed_is_the_general_deal(seats: int) -> None:
    """R5.4: a hand dealt from a seed or a plain ``rng`` without the ``Dealer``
    holds the cards the general path (hole cards given as ``None``) deals."""
    config = TableConfig([100] * seats, 1, 2, button=seats - 1)
    for seed in [*range(20), "holdem", 2**70]:
        fast, general = Hand(config, seed=seed), Hand(config, seed=seed, hole_cards=[None] * seats)
        assert fast.log == general.log
        assert fast._deck_board == general._deck_board
        assert (
            (fast._run_cards, fast._run_stub) == (general._run_cards, general._run_stub) == ((), ())
        )


class _PostsNothing:
    """A table's configuration with ``live_posts`` of zeros: the general
    forced-bets path, posting exactly what the blinds-only path posts."""

    def __init__(self, config: TableConfig) -> None:
        self._config = config
        self.live_posts = (0,) * config.seats

    def __getattr__(self, name: str) -> Any:
        return getattr(self._config, name)


@given(
    stacks=st.lists(st.integers(1, 12), min_size=2, max_size=10),
    small=st.integers(0, 4),
    extra=st.integers(0, 4),
    data=st.data(),
)
@settings(max_examples=200, deadline=None)
def test_r2_blinds_only_posting_is_the_general_posting(
    stacks: list[int], small: int, extra: int, data: st.DataObject
) -> None:
    """R2.1, R2.4, R2.5: a table with blinds only posts them (short blinds
    all-in, a dead small blind, heads-up) as the general forced-bets path does."""
    seats = len(stacks)
    big = small + extra or 1
    options: dict[str, Any] = {
        "button": data.draw(st.integers(0, seats - 1)),
        "min_bet": big + data.draw(st.integers(0, 3)),
    }
    if seats > 2 and data.draw(st.booleans()):
        options["small_blind_seat"] = None  # a dead small blind
    config = TableConfig(stacks, small, big, **options)
    results = []
    for table_config in (config, _PostsNothing(config)):
        lists: list[list[Any]] = [list(stacks), [0] * seats, [0] * seats, []]
        preflop = post_forced_bets(table_config, *lists)  # type: ignore[arg-type]
        results.append((preflop, lists))
    assert results[0] == results[1]


@given(hand=hands(), data=st.data())
def test_r6_4_run_out_read_from_the_last_street_is_any_street_run_out(
    hand: Hand, data: st.DataObject
) -> None:
    """R5.3, R6.4: whether the board was run out, read from the last street
    dealt, is whether any street was dealt without betting, after every action
    (log records unbuilt, then built)."""
    while hand.to_act is not None:
        hand.act(hand.to_act, draw_action(data, hand, allow_raise=hand.decision < 12))
        ran_out = hand._ran_out()
        streets = [e for e in hand.log if isinstance(e, ev.StreetDealt)]
        assert ran_out == any(e.run_out for e in streets) == hand._ran_out()
        if ran_out:
            assert all(e.run_out for e in streets[[e.run_out for e in streets].index(True) :])


def _random_hand(config: TableConfig, seed: int) -> Hand:
    """A hand of ``config`` dealt from ``seed``, played out with the random policy."""
    rng = random.Random(seed)
    hand = Hand(config, rng=random.Random(seed))
    while (legal := hand.legal_actions()) is not None:
        hand.act(legal.seat, random_action(legal, rng))
    return hand


@settings(max_examples=200, deadline=None)
@given(
    stacks=st.lists(st.sampled_from([1, 3, 40, 400, 400, 400]), min_size=2, max_size=9),
    button=st.integers(0, 8),
    seed=st.integers(0, 2**32),
)
def test_r8_r13_one_pot_settlement_is_the_general_settlement(
    stacks: list[int], button: int, seed: int
) -> None:
    """R7, R8, R13.1: a hand ending with one pot that every seat still in paid
    in full is settled in one pass, its result built when first read; the same
    hand on a table with a 0% rake (which takes nothing) goes through the
    general layering, award and settlement: the same events, result and chips.
    Short stacks make side pots, which both tables settle the general way."""
    plain = TableConfig(stacks, 1, 2, button=button % len(stacks))
    raked = TableConfig(stacks, 1, 2, button=button % len(stacks), rake=Rake("0%"))
    fast, general = _random_hand(plain, seed), _random_hand(raked, seed)
    assert fast.stacks == general.stacks
    assert fast.log == general.log
    result = fast.result
    assert result is not None and result == general.result
    assert fast.result is result
    assert result.rake_total == 0 and sum(result.net) == 0
    assert pickle.loads(pickle.dumps(fast)).result == result


def test_r5_4_hole_cards_logged_once_read_after_a_pickle_and_a_copy() -> None:
    """R5.4: every seat's hole cards are logged in dealing order (from the seat
    left of the button), whether the log is read at once, after a pickle, or
    on a copy that acted on."""
    hand = Hand(TableConfig([100] * 4, 1, 2, button=2), seed=11)
    expected = [ev.HoleCardsDealt(s, hand.hole_cards(s)) for s in (3, 0, 1, 2)]
    twin = pickle.loads(pickle.dumps(hand))
    copy = hand.copy()
    copy.fold(1)
    for h in (twin, copy, hand):
        dealt = [e for e in h.log if isinstance(e, ev.HoleCardsDealt)]
        assert dealt == expected
    assert copy.log[-1] == ev.Acted(1, "fold", 0, 0, False)
    assert len(hand.log) == len(twin.log) == 2 + 4
