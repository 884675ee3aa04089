"""Full-table rules (R3.1, R3.2, R11, R12, R13, R14.3), figures computed by hand from docs/rules.md.

Every figure here was worked out from the rule book alone, before reading the
implementation; each test names the rule and the worked example it checks.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from holdem import Hand, Rake, TableConfig
from holdem.engine.pots import Pot, rake_pots, split_runs
from holdem.errors import ConfigError, IllegalActionError, Reason


def _conserved(hand: Hand, start: list[int]) -> None:
    """No chip created or lost: final stacks plus the rake equal the starting stacks."""
    assert sum(hand.stacks) + hand.result.rake_total == sum(start)
    assert sum(hand.result.net) == -hand.result.rake_total


# --- R11 straddles -----------------------------------------------------------


def test_s1_utg_straddle_order_call_min_raise_and_option() -> None:
    """Example S1 (R11.2, R11.3): seat 4 first, call 4, raise to 8..400; seat 3 has the option."""
    hand = Hand(TableConfig([400] * 6, 1, 2, straddles=[3]), seed=3)
    assert hand.to_act == 4
    assert str(hand.legal_actions()) == "fold, call 4, raise to 8..400"
    for seat in (4, 5, 0, 1, 2):
        hand.call(seat)
    assert hand.to_act == 3
    legal = hand.legal_actions()
    assert legal is not None and legal.can_check and legal.call == 0
    assert (legal.min_raise_to, legal.max_raise_to) == (8, 400)
    hand.check(3)
    assert hand.street == "flop" and hand.pot_total == 24
    assert hand.to_act == 1  # R2.1: first seat left of the button after the flop
    # R11.2: later streets are not affected, the minimum bet is the big blind again.
    assert str(hand.legal_actions()) == "check, bet 2..396"


def test_s2_re_straddle() -> None:
    """Example S2 (R11.1, R11.2): seat 4 re-straddles 8; seat 5 first with call 8, raise to 16..400."""
    hand = Hand(TableConfig([400] * 6, 1, 2, straddles=[3, 4]), seed=3)
    assert hand.to_act == 5
    assert str(hand.legal_actions()) == "fold, call 8, raise to 16..400"


def test_s3_button_straddle() -> None:
    """Example S3 (R11.3): the small blind first (call adds 3), the button last preflop, seat 1 first on the flop."""
    hand = Hand(TableConfig([400] * 6, 1, 2, straddles=[0]), seed=3)
    assert hand.to_act == 1
    assert str(hand.legal_actions()) == "fold, call 3, raise to 8..400"
    for seat in (1, 2, 3, 4, 5):
        hand.call(seat)
    assert hand.to_act == 0
    legal = hand.legal_actions()
    assert legal is not None and legal.can_check and legal.min_raise_to == 8
    hand.check(0)
    assert hand.street == "flop" and hand.to_act == 1 and hand.pot_total == 24


def test_r11_2_straddler_loses_the_option_after_a_raise() -> None:
    """R11.2: a raise takes the straddler's option away; the straddler must call, fold or re-raise."""
    hand = Hand(TableConfig([400] * 6, 1, 2, straddles=[3]), seed=3)
    hand.raise_to(4, 10)
    for seat in (5, 0, 1, 2):
        hand.fold(seat)
    assert hand.to_act == 3
    assert str(hand.legal_actions()) == "fold, call 6, raise to 16..400"


def test_r11_1_straddle_with_a_short_stack_behind_it() -> None:
    """R11.2, R5.1a, R7.1: seat 4 calls all-in for 3 under the straddle of 4; the others fold.

    Layers: 1 x4 (seats 1, 2, 3, 4) = 4, 1 x3 = 3, 1 x2 = 2: a main pot of 9 for
    seats 3 and 4; seat 3's fourth chip comes back uncalled. Seat 3 owes nothing
    and nobody can call a raise, so it is not asked.
    """
    start = [400, 400, 400, 400, 3, 400]
    hand = Hand(
        TableConfig(start, 1, 2, straddles=[3]),
        hole_cards=[None, None, None, "KsKh", "AsAh", None],
        board="2c7d9hTs3s",
    )
    assert hand.to_act == 4 and str(hand.legal_actions()) == "fold, call 3"
    hand.call(4)
    assert str(hand.legal_actions()) == "fold, call 4, raise to 8..400"
    for seat in (5, 0, 1, 2):
        hand.fold(seat)
    assert hand.is_over
    assert hand.stacks == (400, 399, 398, 397, 9, 400)
    assert [(a.pot.amount, a.winners) for a in hand.result.awards] == [(9, (4,))]
    _conserved(hand, start)


def test_r11_re_straddles_with_uniform_antes() -> None:
    """R11.1, R2.3: ante 1, straddles 4, 8, 16; the button first with call 16, raise to 32..399."""
    hand = Hand(TableConfig([400] * 6, 1, 2, ante=1, straddles=[3, 4, 5]), seed=3)
    assert hand.to_act == 0
    assert str(hand.legal_actions()) == "fold, call 16, raise to 32..399"
    assert hand.pot_total == 6 + 1 + 2 + 4 + 8 + 16


def test_r11_1_straddle_must_exceed_stack_after_ante() -> None:
    """R11.1: a stack of 17 with an ante of 1 leaves 16, not larger than the 16 straddle: refused."""
    stacks = [400, 400, 400, 400, 400, 17]
    with pytest.raises(ConfigError, match="straddles"):
        TableConfig(stacks, 1, 2, ante=1, straddles=[3, 4, 5])
    stacks[5] = 18
    hand = Hand(TableConfig(stacks, 1, 2, ante=1, straddles=[3, 4, 5]), seed=1)
    assert hand.stacks[5] == 1


@pytest.mark.parametrize("straddles", [[0], [1], [0, 1], [1, 0]])
def test_r11_1_no_straddle_heads_up(straddles: list[int]) -> None:
    """R11.1: there are no straddles heads-up."""
    with pytest.raises(ConfigError, match="straddles"):
        TableConfig([400, 400], 1, 2, straddles=straddles)


def test_r11_button_straddle_three_handed() -> None:
    """R11.1, R11.3: a button straddle three-handed; the small blind acts first, the button last."""
    hand = Hand(TableConfig([400] * 3, 1, 2, straddles=[0]), seed=3)
    assert hand.to_act == 1 and str(hand.legal_actions()) == "fold, call 3, raise to 8..400"
    hand.call(1)
    assert hand.to_act == 2 and str(hand.legal_actions()) == "fold, call 2, raise to 8..400"
    hand.call(2)
    assert hand.to_act == 0 and str(hand.legal_actions()) == "check, raise to 8..400"
    hand.check(0)
    assert hand.street == "flop" and hand.to_act == 1 and hand.pot_total == 12


@pytest.mark.parametrize(
    "straddles",
    [[4], [3, 5], [0, 1], [3, 3], [3, 4, 4], [1], [2], [3, 4, 5, 0, 1], [-1], [6], [True]],
)
def test_r11_1_illegal_straddle_seats_refused(straddles: list[int]) -> None:
    """R11.1: not the UTG or button seat first, a skipped seat, a duplicate, a blind, past the button."""
    with pytest.raises(ConfigError, match="straddles"):
        TableConfig([400] * 6, 1, 2, straddles=straddles)


# --- R3.1, R3.2 ---------------------------------------------------------------


def test_r3_2_min_bet_example() -> None:
    """R3.2 example: blinds 25/50, min_bet 250: the smallest raise preflop is to 300."""
    hand = Hand(TableConfig([5000] * 3, 25, 50, min_bet=250), seed=1)
    assert str(hand.legal_actions()) == "fold, call 50, raise to 300..5000"


def test_r3_1_free_fold_off_and_on() -> None:
    """R3.1: with nothing owed a fold is refused (cannot_fold) unless free_fold, where it stands."""
    off = Hand(TableConfig([1000] * 3, 50, 100), seed=1)
    off.call(0)
    off.call(1)
    with pytest.raises(IllegalActionError) as err:
        off.fold(2)
    assert err.value.reason == Reason.CANNOT_FOLD
    assert off.to_act == 2 and off.pot_total == 300
    on = Hand(TableConfig([1000] * 3, 50, 100, free_fold=True), seed=1)
    on.call(0)
    on.call(1)
    legal = on.legal_actions()
    assert legal is not None and legal.can_fold and legal.can_check
    on.fold(2)
    assert on.folded[2] and on.street == "flop" and on.pot_total == 300


# --- R14.3 posts --------------------------------------------------------------


def test_mb1_live_and_dead_post() -> None:
    """Example MB1 (R14.3): seat 3 raises to 300, all fold; 200 back, a pot of 400, +300 / -150."""
    start = [10000] * 6
    hand = Hand(
        TableConfig(
            start, 50, 100, live_posts=[0, 0, 0, 0, 100, 0], dead_posts=[0, 0, 0, 0, 50, 0]
        ),
        seed=1,
    )
    assert hand.to_act == 3
    assert str(hand.legal_actions()) == "fold, call 100, raise to 200..10000"
    hand.raise_to(3, 300)
    for seat in (4, 5, 0, 1, 2):
        hand.fold(seat)
    assert [a.pot.amount for a in hand.result.awards] == [400]
    assert hand.result.net == (0, -50, -100, 300, -150, 0)
    _conserved(hand, start)


def test_r14_3_live_and_dead_post_with_big_blind_ante() -> None:
    """R14.3, R7.6: with a BB ante of 100 the main pot is 50+100+100+100+50+100 = 500.

    The live poster owes nothing on its first turn: check or raise (R14.3 option).
    """
    start = [10000] * 6
    config = TableConfig(
        start,
        50,
        100,
        ante=100,
        ante_type="big_blind",
        live_posts=[0, 0, 0, 0, 100, 0],
        dead_posts=[0, 0, 0, 0, 50, 0],
    )
    hand = Hand(config, seed=1)
    assert hand.pot_total == 400
    assert str(hand.legal_actions()) == "fold, call 100, raise to 200..10000"
    hand.call(3)
    assert hand.to_act == 4 and str(hand.legal_actions()) == "check, raise to 200..9950"
    hand2 = Hand(config, seed=1)
    hand2.raise_to(3, 300)
    for seat in (4, 5, 0, 1, 2):
        hand2.fold(seat)
    assert [a.pot.amount for a in hand2.result.awards] == [500]
    assert hand2.result.net == (0, -50, -200, 400, -150, 0)
    _conserved(hand2, start)


@pytest.mark.parametrize(
    ("live", "dead"),
    [
        ([0, 100, 0, 0, 0, 0], None),  # a live post on the small blind
        ([0, 0, 100, 0, 0, 0], None),  # a live post on the big blind
        (None, [0, 0, 50, 0, 0, 0]),  # a dead post on the big blind
        ([0, 0, 0, 0, 50, 0], None),  # a live post is one big blind
        ([0, 0, 0, 0, 200, 0], None),
        (None, [0, 0, 0, 0, -50, 0]),  # negative dead post
        ([0, 0, 0, 0, -100, 0], None),
        ([0, 0, 0, 100, 0], None),  # wrong length
        (None, [0, 0, 0, 0, True, 0]),  # bool
        ([0, 0, 0, 100.0, 0, 0], None),  # float
    ],
)
def test_r14_3_illegal_posts_refused(live: list[int] | None, dead: list[int] | None) -> None:
    """R14.3: posts come from a seat with no blind, a live post is one big blind, amounts are whole chips."""
    with pytest.raises(ConfigError):
        TableConfig([10000] * 6, 50, 100, live_posts=live, dead_posts=dead)


def test_r14_3_live_post_on_straddler_refused() -> None:
    """R14.3: a post comes from a seat that posts no straddle."""
    with pytest.raises(ConfigError):
        TableConfig([10000] * 6, 50, 100, straddles=[3], live_posts=[0, 0, 0, 100, 0, 0])


@pytest.mark.parametrize("field", ["live_posts", "dead_posts"])
def test_r14_3_no_posts_heads_up(field: str) -> None:
    """R14.3: posts need three or more players."""
    with pytest.raises(ConfigError, match=field):
        TableConfig([10000] * 2, 50, 100, **{field: [100, 0]})  # type: ignore[arg-type]


# --- R12 runs -----------------------------------------------------------------


def test_rit1_run_twice_heads_up() -> None:
    """Example RIT1 (R12.1-R12.3): 1,000 per run, one run each: 1,000 / 1,000."""
    hand = Hand(
        TableConfig([1000, 1000], 50, 100, max_runs=2),
        hole_cards=["AsAh", "KsKh"],
        board="2c7d9hTs3s Kd8c4h5s6d",
    )
    hand.all_in(0)
    hand.call(1)
    assert hand.run_seat == 1 and hand.to_act is None and hand.legal_actions() is None
    hand.choose_runs(1, 2)
    assert hand.run_seat == 0
    hand.choose_runs(0, 2)
    assert hand.boards == (("2c", "7d", "9h", "Ts", "3s"), ("Kd", "8c", "4h", "5s", "6d"))
    assert hand.stacks == (1000, 1000)
    assert [(a.run, a.pot.amount, a.winners) for a in hand.result.awards] == [
        (1, 1000, (0,)),
        (2, 1000, (1,)),
    ]


def test_rit2_three_runs_share_668_666_666() -> None:
    """Example RIT2 (R12.3): a pot of 2,000 run three times is 668 / 666 / 666."""
    assert split_runs(2000, 3) == (668, 666, 666)
    hand = Hand(
        TableConfig([1000, 1000], 50, 100, max_runs=3),
        hole_cards=["AsAh", "KsKh"],
        board="Kd8c4h5s6d 2c7d9hTs3s 2d7c9sTh3h",
    )
    hand.all_in(0)
    hand.call(1)
    for seat in (1, 0):
        hand.choose_runs(seat, 3)
    assert hand.run_count == 3
    assert [(a.run, a.pot.amount, a.winners) for a in hand.result.awards] == [
        (1, 668, (1,)),
        (2, 666, (0,)),
        (3, 666, (0,)),
    ]
    assert hand.stacks == (1332, 668)


def test_r12_run_twice_side_pots_odd_chips() -> None:
    """R12.3, R8.2: main 303 -> 152 / 151, side 398 -> 199 / 199; run 2 is a board-plays tie.

    Run 2: main 151 split three ways 51 (seat 1, first left of the button) / 50 / 50;
    side 199 split 100 (seat 1) / 99. Totals 202 / 350 / 149.
    """
    start = [101, 300, 300]
    hand = Hand(
        TableConfig(start, 1, 2, max_runs=2),
        hole_cards=["AsAh", "KsKh", "QsQh"],
        board="2c7d9hTs3s TcJcQcKcAc",
    )
    hand.all_in(0)
    hand.all_in(1)
    hand.call(2)
    assert hand.run_seat == 1
    hand.choose_runs(1, 2)
    assert hand.run_seat == 2
    hand.choose_runs(2, 2)
    assert hand.run_seat == 0
    hand.choose_runs(0, 2)
    assert hand.stacks == (202, 350, 149)
    assert [(a.run, a.pot.amount, a.winners, a.shares) for a in hand.result.awards] == [
        (1, 152, (0,), (152,)),
        (1, 199, (1,), (199,)),
        (2, 151, (1, 2, 0), (51, 50, 50)),
        (2, 199, (1, 2), (100, 99)),
    ]
    _conserved(hand, start)


def _three_runs_three_pots(rake: Rake | None) -> Hand:
    start = [100, 200, 400, 400]
    hand = Hand(
        TableConfig(start, 5, 10, max_runs=3, rake=rake),
        hole_cards=["AsAh", "KsKh", "QsQh", "JsJh"],
        board="2c7d9hTs3s Jd8c4h5s2d Qd6c8d4c3d",
    )
    hand.all_in(3)
    hand.all_in(0)
    hand.all_in(1)
    hand.call(2)
    for seat in (1, 2, 3, 0):
        assert hand.run_seat == seat
        hand.choose_runs(seat, 3)
    _conserved(hand, start)
    return hand


def test_r12_three_runs_three_pots() -> None:
    """R12.3: pots 400 / 300 / 400 run three times: 134/133/133, 100 x3, 134/133/133."""
    hand = _three_runs_three_pots(None)
    assert hand.stacks == (134, 100, 500, 366)


def test_r13_rake_cap_binding_across_three_pots_three_runs() -> None:
    """R13.1, R13.2, R12.3: 5% of 1,100 is 55, capped at 30: 10 + 8 + 10 = 28, two short from
    the main pot and side pot 1: 11 / 9 / 10. The pots pay 389 / 291 / 390, run three times
    131/129/129, 97 x3, 130 x3. Stacks 131 / 97 / 486 / 356."""
    hand = _three_runs_three_pots(Rake("5%", cap=30))
    assert hand.result.rake == (11, 9, 10) and hand.result.rake_total == 30
    assert hand.stacks == (131, 97, 486, 356)


def test_rk1_rake_cap_binds() -> None:
    """Example RK1 (R13.2): pots 600 / 400, 5% capped at 30: 18 / 12, paying 582 / 388."""
    start = [200, 400, 400]
    hand = Hand(
        TableConfig(start, 50, 100, rake=Rake("5%", cap=30)),
        hole_cards=["AsAh", "KsKh", "QsQh"],
        board="2c7d9hTs3s",
    )
    hand.all_in(0)
    hand.all_in(1)
    hand.call(2)
    assert hand.result.rake == (18, 12)
    assert [a.pot.amount for a in hand.result.awards] == [582, 388]
    assert hand.stacks == (582, 388, 0)
    _conserved(hand, start)


def test_rk2_short_chip_from_main_pot() -> None:
    """Example RK2 (R13.2): pots 333 / 334 at 5%: 33, 16 + 1 / 16, paying 316 / 318."""
    start = [111, 278, 278]
    hand = Hand(
        TableConfig(start, 1, 2, rake={"rate": "5%"}),
        hole_cards=["AsAh", "KsKh", "QsQh"],
        board="2c7d9hTs3s",
    )
    hand.all_in(0)
    hand.all_in(1)
    hand.call(2)
    assert hand.result.rake == (17, 16)
    assert [a.pot.amount for a in hand.result.awards] == [316, 318]
    assert hand.stacks == (316, 318, 0)
    _conserved(hand, start)
    pots = [Pot(333, (0, 1, 2), "main pot"), Pot(334, (1, 2), "side pot 1")]
    assert rake_pots(pots, Rake("5%")) == (17, 16)


def test_r13_1_no_flop_no_drop() -> None:
    """R13.1: a hand ended preflop by folds is not raked; a flop dealt in an all-in run-out is."""
    rake = Rake("5%", cap=30, no_flop_no_drop=True)
    folded = Hand(TableConfig([1000, 1000], 50, 100, rake=rake), seed=1)
    folded.raise_to(0, 300)
    folded.fold(1)
    assert folded.result.rake_total == 0 and folded.stacks == (1100, 900)
    allin = Hand(
        TableConfig([1000, 1000], 50, 100, rake=rake),
        hole_cards=["AsAh", "KsKh"],
        board="2c7d9hTs3s",
    )
    allin.all_in(0)
    allin.call(1)
    assert allin.result.rake_total == 30 and allin.stacks == (1970, 0)


def test_r13_1_pot_won_by_folds_is_raked() -> None:
    """R13.1: without no-flop-no-drop, 200 back uncalled, the pot of 200 raked 10: 1,090 / 900."""
    hand = Hand(TableConfig([1000, 1000], 50, 100, rake=Rake("5%")), seed=1)
    hand.raise_to(0, 300)
    hand.fold(1)
    assert hand.result.rake == (10,)
    assert hand.stacks == (1090, 900)
    _conserved(hand, [1000, 1000])


def test_r13_1_rake_with_chip_unit() -> None:
    """R13.1, R8.3: 1/30 of 2,000 is 66.67, rounded down to whole units of 5: 65."""
    hand = Hand(
        TableConfig([1000, 1000], 5, 10, chip_unit=5, rake=Rake("1/30")),
        hole_cards=["AsAh", "KsKh"],
        board="2c7d9hTs3s",
    )
    hand.all_in(0)
    hand.call(1)
    assert hand.result.rake == (65,) and hand.stacks == (1935, 0)


def test_r13_rate_is_exact() -> None:
    """R13.1: the rate is exact: "5%", "1/20" and Fraction(1, 20) are the same rate."""
    pots = [Pot(1000, (0, 1), "main pot")]
    for rate in ("5%", "1/20", Fraction(1, 20), "2.5%"):
        expected = 25 if rate == "2.5%" else 50
        assert rake_pots(pots, Rake(rate)) == (expected,)


@pytest.mark.parametrize(
    "rate",
    [
        0.05,
        "105%",
        "100%",
        "1/0",
        "-5%",
        "abc",
        "",
        None,
        True,
        "nan%",
        "1e3%",
        "5 %%",
        "\uff15%",
        "\u0665%",
        "1/\u0662\u0660",
    ],
)
def test_r13_hostile_rates_refused(rate: object) -> None:
    """R13.1: a rate that is a float, not below 1, negative or unreadable (non-ASCII digits
    included: they used to read as 5%) is a ConfigError."""
    with pytest.raises(ConfigError, match="rate"):
        Rake(rate)


@pytest.mark.parametrize("cap", [-1, 1.5, "30", True])
def test_r13_hostile_caps_refused(cap: object) -> None:
    """R13.1: a cap is a whole number of chips or None."""
    with pytest.raises(ConfigError, match="cap"):
        Rake("5%", cap=cap)


def test_r13_huge_cap_does_not_bind() -> None:
    """R13.1: a cap far above the rake changes nothing."""
    pots = [Pot(600, (0, 1, 2), "main pot"), Pot(400, (1, 2), "side pot 1")]
    assert rake_pots(pots, Rake("5%", cap=10**18)) == (30, 20)


@pytest.mark.parametrize("max_runs", [0, 4, -1, True, False, 2.0, "2", None])
def test_r12_hostile_max_runs_refused(max_runs: object) -> None:
    """R12.1: the board may be run 1, 2 or 3 times."""
    with pytest.raises(ConfigError, match="max_runs"):
        TableConfig([1000, 1000], 50, 100, max_runs=max_runs)  # type: ignore[arg-type]


# --- hostile input around the run question ------------------------------------


def _at_run_question() -> Hand:
    hand = Hand(
        TableConfig([101, 300, 300], 1, 2, max_runs=3),
        hole_cards=["AsAh", "KsKh", "QsQh"],
        board="2c7d9hTs3s TcJcQcKcAc 2d7c9sTh3h",
    )
    hand.all_in(0)
    hand.all_in(1)
    hand.call(2)
    hand.choose_runs(1, 3)
    return hand


@pytest.mark.parametrize(("keep", "run_deck"), [(0, []), (0, ["3d"]), (3, []), (3, None)])
def test_r12_2_snapshot_without_cards_for_every_run_refused(
    keep: int, run_deck: list[str] | None
) -> None:
    """R12.2: a snapshot whose later-run cards cannot deal ``max_runs`` runs is refused
    (it used to restore and then fail half-way through dealing the runs)."""
    from holdem.engine import snapshot
    from holdem.engine.snapshot import SnapshotError

    data = snapshot.snapshot(_at_run_question())
    data["run_cards"] = data["run_cards"][:keep]
    if run_deck is not None:
        data["run_deck"] = run_deck
    with pytest.raises(SnapshotError, match="run"):
        snapshot.restore(data)


def test_r12_run_question_snapshot_round_trip_and_answers() -> None:
    """R12.1: a snapshot at the run question restores to the same question, and both go on alike."""
    from holdem.engine import snapshot

    hand = _at_run_question()
    restored = snapshot.loads(snapshot.dumps(hand))
    assert (restored.run_seat, restored.decision) == (hand.run_seat, hand.decision) == (2, 4)
    for h in (hand, restored):
        h.choose_runs(2, 2)
        h.choose_runs(0, 3)
    assert hand.stacks == restored.stacks == (202, 350, 149)
    assert hand.boards == restored.boards


_RUN_SCENARIO = """
rule = "R12.1"
description = "a run answer that is not a plain count"
[table]
small_blind = 1
big_blind = 2
button = "A"
max_runs = 2
[[seats]]
name = "A"
stack = 100
[[seats]]
name = "B"
stack = 100
[hand]
actions = ["A all-in", "B calls", "B accepts {count} runs"]
"""


@pytest.mark.parametrize("count", ["\\uff12", "\\u0662", "9" * 5000])
def test_r12_1_scenario_run_answer_needs_ascii_digits(count: str) -> None:
    """R12.1: a scenario's run answer is a count in ASCII digits; a fullwidth "２" was read as 2
    and a 5,000-digit count ended in a traceback. Both are now one clear ScenarioError."""
    from holdem.scenarios.scenario import ScenarioError, parse_scenario

    with pytest.raises(ScenarioError, match="step 3"):
        parse_scenario(_RUN_SCENARIO.replace("{count}", count))


def test_r12_1_scenario_run_answer_out_of_range_is_refused() -> None:
    """R12.1: a long but readable count is the engine's refusal (bad_run_count), not a crash."""
    from holdem.scenarios.scenario import parse_scenario, run_scenario

    result = run_scenario(parse_scenario(_RUN_SCENARIO.replace("{count}", "9" * 18)))
    assert any("bad_run_count" in line for line in result.failures)
    assert result.hand.run_seat == 1 and not result.hand.is_over


# --- more edge cases, figures by hand -------------------------------------------


def test_r13_1_mb1_raked_dead_post_in_the_pot() -> None:
    """R13.1, R7.6, R14.3: MB1 at 5%: the pot of 400 (dead post included) gives 20 and pays 380;
    with no-flop-no-drop the hand ends preflop and nothing is raked."""
    posts = {"live_posts": [0, 0, 0, 0, 100, 0], "dead_posts": [0, 0, 0, 0, 50, 0]}
    for rake, net3, raked in ((Rake("5%"), 280, 20), (Rake("5%", no_flop_no_drop=True), 300, 0)):
        hand = Hand(TableConfig([10000] * 6, 50, 100, rake=rake, **posts), seed=1)  # type: ignore[arg-type]
        hand.raise_to(3, 300)
        for seat in (4, 5, 0, 1, 2):
            hand.fold(seat)
        assert hand.result.rake_total == raked
        assert hand.result.net == (0, -50, -100, net3, -150, 0)


def test_r11_1_button_re_straddle_four_handed() -> None:
    """R11.1, R11.3: four-handed, UTG straddles 4 and the button re-straddles 8; the small
    blind acts first: call 7, raise to 16..400."""
    hand = Hand(TableConfig([400] * 4, 1, 2, straddles=[3, 0]), seed=1)
    assert hand.to_act == 1 and str(hand.legal_actions()) == "fold, call 7, raise to 16..400"
    assert hand.pot_total == 1 + 2 + 4 + 8


def test_r14_3_live_post_under_a_straddle() -> None:
    """R14.3, R11.2: a live post of one big blind under a straddle of 4 owes 2 more, and the
    straddler, not the poster, has the option."""
    hand = Hand(TableConfig([400] * 6, 1, 2, straddles=[3], live_posts=[0, 0, 0, 0, 0, 2]), seed=1)
    assert hand.pot_total == 1 + 2 + 4 + 2
    hand.call(4)
    assert hand.to_act == 5 and str(hand.legal_actions()) == "fold, call 2, raise to 8..400"
    for seat in (5, 0, 1, 2):
        hand.call(seat)
    assert hand.to_act == 3 and str(hand.legal_actions()) == "check, raise to 8..400"


def test_r12_1_no_question_while_two_players_can_still_bet() -> None:
    """R12.1, R5.3: with one player all-in preflop and two still able to bet, betting goes on
    and nobody is asked; once the turn's betting puts the others all-in, all three are asked,
    from the first seat left of the button."""
    hand = Hand(TableConfig([100, 1000, 1000], 5, 10, max_runs=3), seed=4)
    hand.all_in(0)
    hand.call(1)
    hand.call(2)
    assert (hand.street, hand.run_seat) == ("flop", None)
    hand.check(1)
    hand.check(2)
    hand.bet(1, 900)
    hand.call(2)
    assert hand.street == "turn" and hand.run_seat == 1
    for seat in (1, 2, 0):
        hand.choose_runs(seat, 3)
    assert hand.run_count == 3 and [len(b) for b in hand.boards] == [5, 5, 5]
    assert len({b[4] for b in hand.boards}) == 3  # three different rivers on a common turn
    assert sum(hand.stacks) == 2100


def test_r12_1_no_question_after_a_river_all_in() -> None:
    """R12.1: with no cards to come there is nothing to run twice."""
    hand = Hand(TableConfig([1000, 1000], 5, 10, max_runs=3), seed=4)
    hand.call(0)
    hand.check(1)
    for _ in range(2):
        hand.check(1)
        hand.check(0)
    hand.all_in(1)
    hand.call(0)
    assert hand.is_over and hand.run_seat is None and len(hand.boards) == 1


@pytest.mark.parametrize(
    "rate",
    [
        Fraction(1, 10**5000),
        Fraction(10**5000 - 1, 10**5000),
        Fraction(-(10**5000), 3),
        Fraction(1, 10**12 + 1),
    ],
)
def test_r13_rate_with_a_huge_fraction_refused(rate: Fraction) -> None:
    """R13.1: a Fraction rate is held to the precision a text rate can have (numerator and
    denominator at most 10**12); a 5,000-digit one used to be accepted and then broke every
    view, history and snapshot of the hand with a traceback."""
    with pytest.raises(ConfigError, match="rake.rate"):
        Rake(rate)


def test_r13_cap_above_any_stack_refused() -> None:
    """R13.1: a cap is bounded like a stack (2**62 chips); a 5,000-digit cap used to be accepted
    and then broke the hand's snapshot with a traceback."""
    with pytest.raises(ConfigError, match="rake.cap"):
        Rake("5%", cap=10**5000)
    with pytest.raises(ConfigError, match="rake.cap"):
        Rake("5%", cap=2**62 + 1)
    assert Rake("5%", cap=2**62).cap == 2**62
    assert Rake(Fraction(1, 10**12)).rate == Fraction(1, 10**12)


def test_r12_1_nobody_sees_a_card_they_may_not_during_the_run_question() -> None:
    """R12.1, R5.4: while the run question is open, a seat's view and readable history hold its
    own hole cards only, and no view holds a card of any run's board (none is dealt yet)."""
    from holdem.views.history import format_history
    from holdem.views.seat import seat_view, spectator_view

    holes = ["AsAh", "KsKh", "QsQh"]
    hand = _at_run_question()  # seat 1 has answered; seat 2 is asked
    board_cards = {
        "2c",
        "7d",
        "9h",
        "Ts",
        "3s",
        "Tc",
        "Jc",
        "Qc",
        "Kc",
        "Ac",
        "2d",
        "7c",
        "9s",
        "Th",
        "3h",
    }
    assert spectator_view(hand).to_dict()["boards"] == [[]]
    for seat in range(3):
        secret = board_cards | {
            h[i : i + 2] for s, h in enumerate(holes) if s != seat for i in (0, 2)
        }
        view = seat_view(hand, seat)
        assert view.hole_cards == (holes[seat][:2], holes[seat][2:])
        assert view.run_choices == ((1, 2, 3) if seat == 2 else None)
        words = set(view.to_json().replace('"', " ").replace(",", " ").replace("]", " ").split())
        words |= set(format_history(hand, seat=seat).split())
        words |= set(spectator_view(hand).to_json().replace('"', " ").split())
        assert set(view.hole_cards) <= words  # the check reads the cards it looks for
        assert not words & secret, words & secret
