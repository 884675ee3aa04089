"""Rake (docs/rules.md R13): the rate, the cap, the proportional share of each pot
and its rounding (R13.2), and the value that describes a table's rake."""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import play

from holdem import ConfigError, Hand, HoldemError, TableConfig
from holdem.engine.events import RakeTaken
from holdem.engine.pots import Pot, Rake, rake_pots


def _pots(*amounts: int) -> list[Pot]:
    names = ["main pot"] + [f"side pot {i}" for i in range(1, len(amounts))]
    return [
        Pot(a, tuple(range(len(amounts) + 1 - i)), n)
        for i, (a, n) in enumerate(zip(amounts, names))
    ]


def test_r13_example_rk1_cap_binds_and_each_pot_gives_its_share():
    """Example RK1 (R13.2): main 600, side 400, 5%, cap 30: rake 30; the main pot
    gives 18 (pays 582), the side pot 12 (pays 388)."""
    pots = _pots(600, 400)
    parts = rake_pots(pots, Rake("5%", cap=30))
    assert parts == (18, 12)
    assert [p.amount - r for p, r in zip(pots, parts)] == [582, 388]


def test_r13_example_rk2_short_chip_comes_from_the_main_pot():
    """Example RK2 (R13.2): main 333, side 334, 5%, no cap: rake 33 of 667; the
    main pot gives 16 + 1 = 17 (pays 316), the side pot 16 (pays 318)."""
    pots = _pots(333, 334)
    parts = rake_pots(pots, Rake("5%"))
    assert parts == (17, 16)
    assert [p.amount - r for p, r in zip(pots, parts)] == [316, 318]


def test_r13_1_rake_rounds_down_to_a_whole_chip():
    """R13.1: 5% of 999 is 49.95: 49 chips."""
    assert rake_pots(_pots(999), Rake("5%")) == (49,)


def test_r13_1_rake_rounds_down_to_a_whole_chip_unit():
    """R13.1, R8.3: with a chip unit of 25, 5% of 1,000 (50) stays 50; of 990
    (49.5) it is 25; the shares of the pots are whole units too."""
    assert rake_pots(_pots(1000), Rake("5%"), chip_unit=25) == (50,)
    assert rake_pots(_pots(990), Rake("5%"), chip_unit=25) == (25,)
    # 10% of 1,500 = 150 = 6 units; 500/1,000 -> 50 and 100: whole units already.
    assert rake_pots(_pots(500, 1000), Rake("10%"), chip_unit=25) == (50, 100)
    # 10% of 1,250 = 125 = 5 units; 125*750/1250 = 75 (3 units), 125*500/1250 = 50.
    assert rake_pots(_pots(750, 500), Rake("10%"), chip_unit=25) == (75, 50)
    # 10% of 1,000 = 100 = 4 units; proportional 33.3 -> 25, 33.3 -> 25, 33.3 -> 25;
    # the unit still short comes from the main pot.
    assert rake_pots(_pots(334, 333, 333), Rake("10%"), chip_unit=25) == (50, 25, 25)


def test_r13_1_cap_is_rounded_down_to_a_whole_chip_unit():
    """R13.1: a cap of 30 with a chip unit of 25 takes 25."""
    assert rake_pots(_pots(10_000), Rake("5%", cap=30), chip_unit=25) == (25,)


def test_r13_2_short_chips_go_main_pot_first_then_side_pots_in_order():
    """R13.2: 10% of 1,001 = 100; shares 33.3, 33.3, 33.3 -> 33 each; the one
    chip still short comes from the main pot; with two short, the main pot and
    side pot 1 give one each."""
    assert rake_pots(_pots(334, 334, 333), Rake("10%")) == (34, 33, 33)
    # 10% of 1,002 = 100 (100.2); 334 each: 33.3 -> 33, short 1 -> main pot.
    assert rake_pots(_pots(334, 334, 334), Rake("10%")) == (34, 33, 33)
    # 1/5 of 15 = 3; pots 5, 5, 5 give 1 each exactly.
    assert rake_pots(_pots(5, 5, 5), Rake("1/5")) == (1, 1, 1)
    # 1/5 of 10 = 2 over four pots of 2, 3, 2, 3: shares 0.4, 0.6, 0.4, 0.6 -> 0;
    # the two short chips come from the main pot then side pot 1.
    assert rake_pots(_pots(2, 3, 2, 3), Rake("1/5")) == (1, 1, 0, 0)


def test_r13_1_three_pots_total_and_parts_add_up():
    """R13.1, R13.2: three pots 1,500 / 900 / 600 at 5% capped at 100: 5% of
    3,000 = 150 capped to 100; shares 50, 30, 20 exactly."""
    parts = rake_pots(_pots(1500, 900, 600), Rake("5%", cap=100))
    assert parts == (50, 30, 20)
    assert sum(parts) == 100


def test_r13_1_no_pots_or_zero_rate_takes_nothing():
    """R13.1: nothing in the pots, or a rate of 0, rakes nothing; a cap of 0 too."""
    assert rake_pots([], Rake("5%")) == ()
    assert rake_pots(_pots(1000, 500), Rake("0%")) == (0, 0)
    assert rake_pots(_pots(1000, 500), Rake("5%", cap=0)) == (0, 0)


def test_r13_1_rate_forms_are_exact():
    """R13.1: the rate is an exact fraction: percent, fraction and decimal
    strings and Fractions give the same value; its text builds it back."""
    assert Rake("5%").rate == Rake("1/20").rate == Rake("0.05").rate == Fraction(1, 20)
    assert Rake(Fraction(1, 20)) == Rake("5%")
    assert Rake("2.5%").rate == Fraction(1, 40)
    assert Rake("5%").rate_text == "5%"
    assert Rake("1/40").rate_text == "2.5%"
    assert Rake("1/30").rate_text == "1/30"
    for text in ("5%", "1/30", "12.125%", "0%", "1/7"):
        rake = Rake(text, cap=7, no_flop_no_drop=True)
        assert Rake(**rake.to_dict()) == rake
    assert Rake("5%", cap=30, no_flop_no_drop=True).to_dict() == {
        "rate": "5%",
        "cap": 30,
        "no_flop_no_drop": True,
    }


@pytest.mark.parametrize(
    ("rate", "words"),
    [
        (0.05, "must be exact"),
        (Fraction(1, 1), "below 1"),
        ("100%", "below 1"),
        ("-1%", "a percent or a fraction"),
        ("1e-999999999", "a percent or a fraction"),
        (".5", "a percent or a fraction"),
        (Fraction(-1, 20), "at least 0"),
        ("five percent", "a percent or a fraction"),
        ("1/0", "a percent or a fraction"),
        (True, "must be exact"),
        (None, "must be exact"),
        (1, "below 1"),
    ],
)
def test_r13_1_bad_rates_are_refused_naming_the_field(rate, words):
    """R13.1: a float, a negative rate, a rate of 1 or more, or text that is not
    a rate fails with ConfigError on ``rake.rate``."""
    with pytest.raises(ConfigError, match=words) as info:
        Rake(rate)
    assert info.value.field == "rake.rate"


@pytest.mark.parametrize("cap", [-1, 2.5, True, "30"])
def test_r13_1_bad_caps_are_refused(cap):
    """R13.1: the cap is a whole number of chips >= 0 or None."""
    with pytest.raises(ConfigError) as info:
        Rake("5%", cap=cap)
    assert info.value.field == "rake.cap"


def test_r13_1_no_flop_no_drop_must_be_a_bool():
    """R13.1: no_flop_no_drop is true or false, nothing else."""
    with pytest.raises(ConfigError) as info:
        Rake("5%", no_flop_no_drop="yes")
    assert info.value.field == "rake.no_flop_no_drop"


def test_r13_bad_chip_unit_is_refused():
    """R8.3: the chip unit must be a whole number >= 1."""
    with pytest.raises(HoldemError, match="chip_unit"):
        rake_pots(_pots(100), Rake("5%"), chip_unit=0)


# ------------------------------------------------------------ in a hand (R13)


def _hand(stacks, rake, holes, board="2c7d9hTs3s", **options):
    return Hand(
        TableConfig(stacks=stacks, small_blind=50, big_blind=100, rake=rake, **options),
        hole_cards=holes,
        board=board,
    )


def test_r13_2_rake_with_three_pots_in_a_hand():
    """R13.1, R13.2 with R7: contributions 600 / 1,000 / 1,000 / 300 make a
    main pot 1,200 (all four), side pot 1 900 (seats 0-2), side pot 2 800
    (seats 1, 2): 2,900 in all. At 1/30 the rake is 96 (96.67 rounded down);
    the pots give 39, 29 and 26 in proportion, and the 2 chips still short
    come from the main pot and side pot 1: 40, 30, 26. Seat 3 wins the main
    pot (1,160), seat 0 side pot 1 (870), seat 1 side pot 2 (774)."""
    hand = _hand([600, 1000, 2000, 300], Rake("1/30"), ["KsKh", "QsQh", "JsJh", "AsAh"])
    play(hand, (3, "all-in"), (0, "all-in"), (1, "all-in"), (2, "call"))
    result = hand.result
    assert result.rake == (40, 30, 26)
    assert result.rake_total == 96
    assert [(a.pot.name, a.pot.amount, a.winners) for a in result.awards] == [
        ("main pot", 1160, (3,)),
        ("side pot 1", 870, (0,)),
        ("side pot 2", 774, (1,)),
    ]
    assert result.stacks == (870, 774, 1000, 1160)
    assert sum(result.net) == -96
    taken = [(e.pot, e.amount) for e in hand.log if isinstance(e, RakeTaken)]
    assert taken == [("main pot", 40), ("side pot 1", 30), ("side pot 2", 26)]
    kinds = [type(e).__name__ for e in hand.log]
    assert kinds.index("RakeTaken") < kinds.index("PotAwarded")


def test_r13_example_rk1_in_a_hand():
    """Example RK1 played: main pot 600 (three seats), side pot 400 (two), 5%
    capped at 30: the main pot gives 18 and pays 582, the side pot 12 and pays 388."""
    hand = _hand([200, 400, 400], Rake("5%", cap=30), ["AsAh", "KsKh", "QsQh"])
    play(hand, (0, "all-in"), (1, "all-in"), (2, "call"))
    result = hand.result
    assert [p.amount for p in hand.pots().pots] == [600, 400]
    assert result.rake == (18, 12)
    assert [(a.pot.amount, a.winners, a.shares) for a in result.awards] == [
        (582, (0,), (582,)),
        (388, (1,), (388,)),
    ]
    assert result.stacks == (582, 388, 0)
    assert result.net == (382, -12, -400)


def test_r13_1_uncalled_bet_is_never_raked_and_a_folded_pot_is():
    """R13.1: the uncalled bet comes back first, unraked; a pot won when
    everyone else folds is raked like any other (5% of the 200 in the pot: 10)."""
    hand = _hand([1000, 1000], Rake("5%"), ["AsAh", "KsKh"])
    play(hand, (0, "raise to 300"), (1, "fold"))
    result = hand.result
    assert result.returned == (200, 0)
    assert result.rake == (10,) and result.rake_total == 10
    assert result.net == (90, -100)


def test_r13_1_no_flop_no_drop():
    """R13.1: with no flop, no drop, a hand that ends before the flop is not raked."""
    hand = _hand([1000, 1000], Rake("5%", no_flop_no_drop=True), ["AsAh", "KsKh"])
    play(hand, (0, "raise to 300"), (1, "fold"))
    assert hand.result.rake == (0,) and hand.result.rake_total == 0
    assert hand.result.net == (100, -100)
    assert not any(isinstance(e, RakeTaken) for e in hand.log)
    # A flop dealt, then a fold: raked.
    hand = _hand([1000, 1000], Rake("5%", no_flop_no_drop=True), ["AsAh", "KsKh"])
    play(hand, (0, "call"), (1, "check"), (1, "bet 100"), (0, "fold"))
    assert hand.result.rake_total == 10
    assert hand.result.net == (-100, 90)


def test_r13_1_a_flop_dealt_in_an_all_in_run_out_counts():
    """R13.1: all-in preflop, the flop comes in the run-out: the hand is raked
    (5% of 2,000 = 100, capped at 30)."""
    hand = _hand([1000, 1000], Rake("5%", cap=30, no_flop_no_drop=True), ["AsAh", "KsKh"])
    play(hand, (0, "all-in"), (1, "call"))
    assert hand.result.rake_total == 30
    assert hand.result.stacks == (1970, 0)


def test_r13_2_rake_before_the_runs_are_divided():
    """R13.2 with R12.3: RIT1 with 5% capped at 30: the 2,000 pot is raked once
    (30), then 1,970 is divided 985 / 985."""
    hand = _hand(
        [1000, 1000],
        Rake("5%", cap=30),
        ["AsAh", "KsKh"],
        board="2c7d9hTs3s" + "Kd8c4h5s6d",
        max_runs=2,
    )
    play(hand, (0, "all-in"), (1, "call"))
    hand.choose_runs(1, 2)
    hand.choose_runs(0, 2)
    result = hand.result
    assert result.rake == (30,)
    assert [(a.run, a.pot.amount, a.winners) for a in result.awards] == [
        (1, 985, (0,)),
        (2, 985, (1,)),
    ]
    assert result.stacks == (985, 985)
    assert sum(result.net) == -30


def test_r13_1_rake_in_the_table_config():
    """R13.1: the table's rake is a Rake or a mapping, kept by to_dict."""
    config = TableConfig(
        stacks=[100, 100], small_blind=1, big_blind=2, rake={"rate": "5%", "cap": 3}
    )
    assert config.rake == Rake("5%", cap=3)
    assert config.to_dict()["rake"] == {"rate": "5%", "cap": 3, "no_flop_no_drop": False}
    assert TableConfig(**config.to_dict()) == config
    assert TableConfig(stacks=[100, 100], small_blind=1, big_blind=2).rake is None
    for bad, field in (({"rate": 0.05}, "rake.rate"), ({"cap": 3}, "rake"), ("5%", "rake")):
        with pytest.raises(ConfigError) as info:
            TableConfig(stacks=[100, 100], small_blind=1, big_blind=2, rake=bad)
        assert info.value.field == field
