"""Straddles (R11), live and dead posts (R14.3), free folds (R3.1) and the
preflop minimum bet (R3.2): the rule book's examples with their figures, the
configurations the rules refuse, and properties over random hands."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest
from helpers import new_hand, play, postings, refused, snapshot, table
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import full_table_configs, illegal_attempts, play_random_hand, seeds

from holdem import ConfigError, Hand, IllegalActionError, Reason, TableConfig
from holdem.engine.events import Posted

# ------------------------------------------------------------------ straddles


def s1(**options: Any) -> Hand:
    """Example S1: six seats, button seat 0, blinds 1/2, stacks 400; seat 3 straddles 4."""
    options.setdefault("straddles", [3])
    return new_hand([400] * 6, 1, 2, **options)


def test_r11_example_s1_utg_straddle_is_the_amount_to_call_and_has_the_option():
    """R11.2, R11.3 Example S1: seat 4 acts first: fold, call 4, raise to 8..400; when
    seats 4, 5, 0, 1 and 2 all call, seat 3 may check or raise to 8..400."""
    hand = s1()
    assert [(p.seat, p.kind, p.amount) for p in postings(hand)] == [
        (1, "small blind", 1),
        (2, "big blind", 2),
        (3, "straddle", 4),
    ]
    assert hand.to_act == 4
    assert str(hand.legal_actions()) == "fold, call 4, raise to 8..400"
    assert hand.current_bet == 4 and hand.min_raise_size == 4
    play(hand, (4, "call"), (5, "call"), (0, "call"), (1, "call"), (2, "call"))
    assert hand.to_act == 3
    assert str(hand.legal_actions()) == "check, raise to 8..400"
    assert hand.pot_total == 24
    play(hand, (3, "check"))
    assert hand.street == "flop"
    assert hand.to_act == 1  # R11.2: later streets unchanged, left of the button
    assert hand.min_raise_size == 2


def test_r11_example_s1_straddler_raises_on_the_option():
    """R11.2: the straddler's option includes a raise; the callers then act again."""
    hand = s1()
    play(hand, (4, "call"), (5, "call"), (0, "call"), (1, "call"), (2, "call"))
    play(hand, (3, "raise to 12"))
    assert hand.to_act == 4
    assert str(hand.legal_actions()) == "fold, call 8, raise to 20..400"


def test_r11_example_s2_re_straddle():
    """R11.1, R11.3 Example S2: seat 4 re-straddles 8; seat 5 acts first: fold, call 8,
    raise to 16..400."""
    hand = s1(straddles=[3, 4])
    assert [(p.seat, p.kind, p.amount) for p in postings(hand)][2:] == [
        (3, "straddle", 4),
        (4, "straddle", 8),
    ]
    assert hand.config.straddle_amounts == (4, 8)
    assert hand.to_act == 5
    assert str(hand.legal_actions()) == "fold, call 8, raise to 16..400"
    play(hand, (5, "call"), (0, "call"), (1, "call"), (2, "call"), (3, "call"))
    assert hand.to_act == 4  # the last straddler has the option
    assert str(hand.legal_actions()) == "check, raise to 16..400"


def test_r11_example_s3_button_straddle():
    """R11.3 Example S3: the button straddles 4; seat 1 (small blind) acts first: fold,
    call 4 (adding 3), raise to 8..400; the button acts last preflop; seat 1 first on
    the flop."""
    hand = s1(straddles=[0])
    assert hand.to_act == 1
    legal = hand.legal_actions()
    assert str(legal) == "fold, call 3, raise to 8..400"
    assert legal is not None and legal.call == 3
    asked = []
    for _ in range(5):
        asked.append(hand.to_act)
        hand.call(hand.to_act)  # type: ignore[arg-type]
    assert asked == [1, 2, 3, 4, 5]
    assert hand.to_act == 0
    assert str(hand.legal_actions()) == "check, raise to 8..400"
    play(hand, (0, "check"))
    assert hand.street == "flop" and hand.to_act == 1


def test_r11_2_min_bet_above_the_straddle_sets_the_preflop_raise_size():
    """R11.2 with R3.2: the larger of the straddle and min_bet is the preflop raise size."""
    hand = s1(min_bet=10)
    assert str(hand.legal_actions()) == "fold, call 4, raise to 14..400"


def test_r11_straddle_with_a_short_stack_behind_it():
    """R11.2, R4.2, R1.2: seat 4 has 6 chips behind the straddle of 4 and goes all-in
    (a short raise to 6); the straddler still has the option, the minimum raise stays
    to 6 + 4 = 10, and the main pot is 31 (6 x 5 + the folded small blind)."""
    hand = new_hand([400, 400, 400, 400, 6, 400], 1, 2, straddles=[3])
    play(hand, (4, "all-in"))
    assert hand.current_bet == 6 and hand.min_raise_size == 4
    play(hand, (5, "call"), (0, "call"), (1, "fold"), (2, "call"))
    assert hand.to_act == 3
    assert str(hand.legal_actions()) == "fold, call 2, raise to 10..400"
    play(hand, (3, "call"))
    assert hand.street == "flop"
    assert [(p.name, p.amount) for p in hand.pots().pots] == [("main pot", 31)]


def test_r11_straddle_with_a_stack_that_cannot_call_it():
    """R1.2: a seat with 3 chips behind a straddle of 4 calls all-in for 3."""
    hand = new_hand([400, 400, 400, 400, 3, 400], 1, 2, straddles=[3])
    assert str(hand.legal_actions()) == "fold, call 3"
    play(hand, (4, "call"))
    assert hand.stacks[4] == 0


def test_r11_1_straddle_after_uniform_ante_must_be_exceeded():
    """R11.1: the straddler's stack after the ante must exceed the straddle: 5 behind
    after an ante of 1 covers a straddle of 4, 4 behind does not."""
    config = table([400, 400, 400, 6, 400, 400], 1, 2, ante=1, straddles=[3])
    hand = Hand(config, seed=0)
    assert hand.stacks[3] == 1 and hand.bets[3] == 4
    with pytest.raises(ConfigError) as caught:
        table([400, 400, 400, 5, 400, 400], 1, 2, ante=1, straddles=[3])
    assert caught.value.field == "straddles[0]"


REFUSED_STRADDLES = [
    ("heads-up", [400, 400], dict(straddles=[0]), "straddles"),
    ("utg-not-left-of-bb", [400] * 6, dict(straddles=[4]), "straddles[0]"),
    ("blind-straddles", [400] * 6, dict(straddles=[2]), "straddles[0]"),
    ("re-straddle-after-button", [400] * 6, dict(straddles=[0, 1]), "straddles"),
    ("re-straddle-skips-a-seat", [400] * 6, dict(straddles=[3, 5]), "straddles[1]"),
    ("re-straddle-past-button", [400] * 4, dict(straddles=[3, 0, 1]), "straddles[2]"),
    ("stack-equals-straddle", [400, 400, 400, 4, 400, 400], dict(straddles=[3]), "straddles[0]"),
    ("re-straddle-too-short", [400, 400, 400, 400, 8, 400], dict(straddles=[3, 4]), "straddles[1]"),
    ("not-a-seat", [400] * 6, dict(straddles=[6]), "straddles[0]"),
    ("bool-seat", [400] * 6, dict(straddles=[True]), "straddles[0]"),
    ("text", [400] * 6, dict(straddles="3"), "straddles"),
    (
        "poster-straddles",
        [400] * 6,
        dict(straddles=[3], live_posts=[0, 0, 0, 2, 0, 0]),
        "live_posts[3]",
    ),
]


@pytest.mark.parametrize(
    "stacks, options, field",
    [case[1:] for case in REFUSED_STRADDLES],
    ids=[case[0] for case in REFUSED_STRADDLES],
)
def test_r11_1_refused_straddles(stacks: list[int], options: dict[str, Any], field: str):
    """R11.1: straddles the rules do not allow fail at construction, naming the field."""
    with pytest.raises(ConfigError) as caught:
        table(stacks, 1, 2, **options)
    assert caught.value.field == field


def test_r11_1_three_handed_straddle_from_the_button():
    """R11.1, R11.3: three-handed, the seat left of the big blind is the button: a
    button straddle, and the small blind acts first."""
    hand = new_hand([400] * 3, 1, 2, straddles=[0])
    assert hand.to_act == 1
    assert str(hand.legal_actions()) == "fold, call 3, raise to 8..400"


def test_r11_straddle_round_trips_through_to_dict():
    config = table([400] * 6, 1, 2, straddles=[3, 4, 5])
    assert TableConfig(**config.to_dict()) == config
    assert config.straddle_amounts == (4, 8, 16)


# ---------------------------------------------------------------------- posts


def mb1() -> Hand:
    """Example MB1: six seats, blinds 50/100, button seat 0; seat 4 posts 100 live
    and 50 dead."""
    return new_hand(
        [10_000] * 6,
        50,
        100,
        live_posts=[0, 0, 0, 0, 100, 0],
        dead_posts=[0, 0, 0, 0, 50, 0],
    )


def test_r14_3_example_mb1():
    """R14.3 Example MB1: seat 3 acts first: fold, call 100, raise to 200..; seat 3
    raises to 300 and everyone folds: 200 comes back uncalled and seat 3 wins the pot
    of 400, a net gain of 300; seat 4 loses 150."""
    hand = mb1()
    assert [(p.seat, p.kind, p.amount) for p in postings(hand)] == [
        (1, "small blind", 50),
        (2, "big blind", 100),
        (4, "live post", 100),
        (4, "dead post", 50),
    ]
    assert hand.dead_money == 50
    assert hand.contributions == (0, 50, 100, 0, 100, 0)
    assert hand.to_act == 3
    assert str(hand.legal_actions()) == "fold, call 100, raise to 200..10000"
    play(hand, (3, "raise to 300"))
    play(hand, (4, "fold"), (5, "fold"), (0, "fold"), (1, "fold"), (2, "fold"))
    result = hand.result
    assert result is not None
    assert result.returned == (0, 0, 0, 200, 0, 0)
    assert [(a.pot.name, a.pot.amount, a.winners) for a in result.awards] == [
        ("main pot", 400, (3,))
    ]
    assert result.net == (0, -50, -100, 300, -150, 0)


def test_r14_3_live_post_has_the_option():
    """R14.3: the live poster has the option when the action returns unraised, and the
    minimum raise size stays the big blind."""
    hand = mb1()
    play(hand, (3, "call"))
    assert hand.to_act == 4
    assert str(hand.legal_actions()) == "check, raise to 200..9950"  # 150 posted
    play(hand, (4, "check"), (5, "call"), (0, "call"), (1, "call"), (2, "check"))
    assert hand.street == "flop"
    assert hand.pot_total == 650  # 6 x 100 + the dead 50


def test_r14_3_dead_post_is_won_in_full_by_a_short_all_in():
    """R14.3, R7.6: a dead post is outside the layering: a player all-in for less can
    still win all of it."""
    hand = new_hand(
        [10_000, 10_000, 30, 10_000],
        10,
        20,
        holes=["2h3d", "4s5c", "AhAs", "KdQc"],
        dead_posts=[0, 0, 0, 10],
        live_posts=[0, 0, 0, 20],
    )
    play(hand, (3, "raise to 1000"), (0, "fold"), (1, "fold"), (2, "call"))
    result = hand.result
    assert result is not None
    assert [(a.pot.name, a.pot.amount, a.winners) for a in result.awards] == [
        ("main pot", 80, (2,))  # 30 + 30 + the small blind 10 + the dead 10
    ]
    assert result.returned == (0, 0, 0, 970)
    assert result.net == (0, -10, 50, -40)


def test_r14_3_short_live_post_is_all_in():
    """R2.4 with R14.3: a poster short of the live post posts what they have, all-in;
    the amount to call stays the big blind."""
    hand = new_hand([1000, 1000, 1000, 60], 50, 100, live_posts=[0, 0, 0, 100])
    post = postings(hand)[-1]
    assert post == Posted(3, "live post", 60, True)
    assert hand.current_bet == 100 and hand.to_act == 0


REFUSED_POSTS = [
    ("heads-up", [1000, 1000], dict(live_posts=[0, 100]), "live_posts"),
    ("live-not-one-big-blind", [1000] * 4, dict(live_posts=[0, 0, 0, 50]), "live_posts[3]"),
    ("live-from-big-blind", [1000] * 4, dict(live_posts=[0, 0, 100, 0]), "live_posts[2]"),
    ("dead-from-small-blind", [1000] * 4, dict(dead_posts=[0, 50, 0, 0]), "dead_posts[1]"),
    ("wrong-length", [1000] * 4, dict(dead_posts=[0, 50]), "dead_posts"),
    ("negative", [1000] * 4, dict(dead_posts=[0, 0, 0, -5]), "dead_posts[3]"),
    ("not-a-list", [1000] * 4, dict(live_posts=100), "live_posts"),
]


@pytest.mark.parametrize(
    "stacks, options, field",
    [case[1:] for case in REFUSED_POSTS],
    ids=[case[0] for case in REFUSED_POSTS],
)
def test_r14_3_refused_posts(stacks: list[int], options: dict[str, Any], field: str):
    """R14.3: posts need three or more players, a live post is one big blind, and
    no post comes from a seat that posts a blind or a straddle."""
    with pytest.raises(ConfigError) as caught:
        table(stacks, 50, 100, **options)
    assert caught.value.field == field


def test_r14_3_no_posts_is_the_same_config():
    config = table([1000] * 4, 50, 100, live_posts=[0, 0, 0, 0], dead_posts=None)
    assert config == table([1000] * 4, 50, 100)
    posting = table([1000] * 4, 50, 100, live_posts=[0, 0, 0, 100], dead_posts=[0, 0, 0, 50])
    assert TableConfig(**posting.to_dict()) == posting


# ------------------------------------------------------------- R3.1 and R3.2


def test_r3_1_free_fold_stands_when_the_table_allows_it():
    """R3.1: with free_fold a seat owing nothing may fold, and the fold stands."""
    hand = new_hand([1000] * 3, 5, 10, free_fold=True)
    play(hand, (0, "call"), (1, "call"))
    legal = hand.legal_actions()
    assert legal is not None and legal.can_fold and legal.can_check
    assert str(legal) == "fold, check, raise to 20..1000"
    play(hand, (2, "fold"))
    assert hand.folded == (False, False, True)
    assert hand.street == "flop"
    assert hand.contributions == (10, 10, 10)


def test_r3_1_free_fold_is_refused_by_default():
    """R3.1: without free_fold, a fold with nothing owed is refused, state unchanged."""
    hand = new_hand([1000] * 3, 5, 10)
    play(hand, (0, "call"), (1, "call"))
    refused(hand, lambda: hand.fold(2), reason=Reason.CANNOT_FOLD, seat=2, action="fold")


def test_r3_1_free_fold_must_be_a_bool():
    with pytest.raises(ConfigError) as caught:
        table([1000] * 3, 5, 10, free_fold="yes")
    assert caught.value.field == "free_fold"


def test_r3_2_min_bet_applies_preflop():
    """R3.2: blinds 25/50 and min_bet 250: the smallest preflop raise is to 300."""
    hand = new_hand([10_000] * 3, 25, 50, min_bet=250)
    assert str(hand.legal_actions()) == "fold, call 50, raise to 300..10000"
    refused(
        hand,
        lambda: hand.raise_to(0, 299),
        reason=Reason.BELOW_MINIMUM,
        seat=0,
        action="raise",
        amount=299,
    )
    play(hand, (0, "raise to 300"))
    assert hand.min_raise_size == 250
    assert str(hand.legal_actions()) == "fold, call 275, raise to 550..10000"


# ----------------------------------------------------------------- properties


@settings(max_examples=150, deadline=None)
@given(config=full_table_configs(), seed=seeds, data=st.data())
def test_r11_r14_3_chips_conserved_and_every_hand_ends(
    config: TableConfig, seed: int, data: st.DataObject
):
    """R11, R14.3, R3.1, R1.1: with straddles, posts and free folds, every random hand
    ends, no chip is created or lost, and refused actions change nothing (R3.7)."""
    hand = Hand(config, seed=seed)
    if not hand.is_over:  # (everyone may be all-in from the forced bets alone)
        posted = sum(p.amount for p in postings(hand))
        assert posted == sum(config.stacks) - sum(hand.stacks) == hand.pot_total

    def refusals(hand: Hand) -> None:
        for method, args, reasons in illegal_attempts(hand)[:6]:
            if config.free_fold and reasons == {Reason.CANNOT_FOLD}:
                continue
            before = snapshot(hand)
            with pytest.raises(IllegalActionError) as caught:
                getattr(hand, method)(*args)
            assert caught.value.reason in reasons
            assert snapshot(hand) == before

    play_random_hand(data, hand, before=refusals)
    assert hand.is_over
    result = hand.result
    assert result is not None
    assert sum(result.stacks) == sum(config.stacks)
    assert sum(result.net) == 0
    assert min(result.stacks) >= 0


@settings(max_examples=300, deadline=None)
@given(
    n=st.integers(2, 7),
    button=st.integers(0, 6),
    straddles=st.lists(st.integers(0, 7), max_size=4),
    stacks=st.lists(st.integers(1, 60), min_size=7, max_size=7),
    ante=st.sampled_from([0, 1]),
)
def test_r11_1_a_straddle_config_is_refused_or_follows_the_rules(
    n: int, button: int, straddles: list[int], stacks: list[int], ante: int
):
    """R11.1, R11.2: any straddle list is either refused (a ConfigError naming a
    straddles field) or follows R11.1, and the hand then posts each straddle in
    full and makes the largest one the amount to call."""
    button %= n
    try:
        config = TableConfig(stacks[:n], 1, 2, button=button, ante=ante, straddles=straddles)
    except ConfigError as error:
        assert error.field.startswith("straddles")
        return
    assert config.straddles == tuple(straddles)
    if not straddles:
        return
    blinds = {config.small_blind_seat, config.big_blind_seat}
    assert n >= 3
    if straddles[0] == button:
        assert len(straddles) == 1
    else:
        assert n >= 4 and straddles[0] == (config.big_blind_seat + 1) % n
    hand = Hand(config, seed=0)
    for k, (seat, amount) in enumerate(zip(straddles, config.straddle_amounts)):
        assert amount == 2 ** (k + 2)
        assert seat not in blinds and stacks[seat] - ante > amount
        assert k == 0 or (seat == (straddles[k - 1] + 1) % n and straddles[k - 1] != button)
    # Each straddle is posted in full (the log keeps the post even when part of
    # it comes back uncalled because the blinds are all-in for less).
    posted = [
        (e.seat, e.amount) for e in hand.log if isinstance(e, Posted) and e.kind == "straddle"
    ]
    assert posted == list(zip(straddles, config.straddle_amounts))
    if hand.to_act is not None and hand.street == "preflop":
        assert hand.current_bet == config.straddle_amounts[-1]


def test_r11_docs_example_runs():
    """The example of docs/forced_bets.md runs as written (R11 Example S1's start)."""
    path = Path(__file__).parents[2] / "docs" / "forced_bets.md"
    result = doctest.testfile(str(path), module_relative=False)
    assert result.attempted == 3 and result.failed == 0
