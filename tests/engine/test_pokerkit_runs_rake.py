"""Running the board more than once (R12) and rake (R13) against PokerKit 0.7.7.

Random hands with several runs and a rake are played by both engines, from
the same cards and actions. Where the rules agree they must end with the same
stacks, to the chip: several runs always (when every player asks for the same
count); rake when there is one pot, the cap does not bind and PokerKit's
rounding to the nearest chip gives R13.1's rounding down. Where the rules
differ, a named test below pins both answers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any

from helpers import pokerkit_act, pokerkit_order, random_action, where_pokerkit_differs
from test_pokerkit_straddles import AUTOMATIONS

from conftest import require
from holdem import Hand, Rake, TableConfig
from holdem.engine.events import Acted, Event, HoleCardsDealt, RunsAgreed, RunsChosen, StreetDealt

pokerkit = require("pokerkit", "the test extra: pip install -e '.[test]'")
_utilities = require("pokerkit.utilities", "the test extra: pip install -e '.[test]'")


def pokerkit_stacks(config: TableConfig, log: Sequence[Event]) -> list[int]:
    """Final stacks by seat from PokerKit playing the cards and actions of a
    hand's ``log`` on ``config``'s table, with PokerKit's own rake function for
    ``config.rake`` and its runout selection."""
    rake = config.rake
    n = config.seats
    order = pokerkit_order(config)
    index = {seat: k for k, seat in enumerate(order)}
    antes = [0] * n
    if config.ante_type.value == "uniform":
        antes = [config.ante] * n
    elif config.ante_type.value == "big_blind":
        antes[1] = config.ante
    blinds = [0] * n
    blinds[0], blinds[1] = config.small_blind, config.big_blind
    kwargs: dict[str, Any] = {"mode": pokerkit.Mode.CASH_GAME}
    if rake is not None:
        kwargs["rake"] = partial(
            _utilities.rake,
            percentage=rake.rate,
            cap=rake.cap if rake.cap is not None else float("inf"),
            no_flop_no_drop=rake.no_flop_no_drop,
        )
    state = pokerkit.NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        config.ante_type.value != "big_blind",
        antes,
        blinds,
        config.min_bet,
        [config.stacks[s] for s in order],
        n,
        **kwargs,
    )
    agreed: int | None = None

    def select_runs() -> None:
        # PokerKit asks every player still in (its select picks the next one);
        # without a question here every player says "no preference".
        while any(state.runout_count_selector_statuses):
            state.select_runout_count(agreed)

    for event in log:
        if isinstance(event, HoleCardsDealt):
            state.deal_hole("".join(event.cards), index[event.seat])
        elif isinstance(event, Acted):
            pokerkit_act(state, event)
        elif isinstance(event, RunsChosen):
            state.select_runout_count(event.count)
        elif isinstance(event, RunsAgreed):
            agreed = event.count
        elif isinstance(event, StreetDealt):
            select_runs()
            state.burn_card("??")
            state.deal_board("".join(event.cards))
    select_runs()
    assert not state.status, "PokerKit's hand is not over"
    return [state.stacks[index[s]] for s in range(n)]


RATES = ("5%", "1/30", "10%", "3%", "1/7")


def random_hand(rnd: random.Random) -> tuple[Hand, int]:
    """A random hand on a table allowing up to three runs, with a random rake;
    every seat asked answers the same count (drawn per hand). No antes: PokerKit
    keeps them in pots of their own, which it rakes and divides between the
    runs on their own (the antes are compared in test_pokerkit_differential).
    Returns the hand and that count."""
    n = rnd.randint(2, 6)
    rake = None
    if rnd.random() < 0.8:
        cap = rnd.choice([None, None, rnd.randint(1, 60)])
        rake = Rake(rnd.choice(RATES), cap=cap, no_flop_no_drop=rnd.random() < 0.5)
    config = TableConfig(
        stacks=[rnd.choice([rnd.randint(20, 120), rnd.randint(100, 600)]) for _ in range(n)],
        small_blind=rnd.choice([0, 5]),
        big_blind=10,
        button=rnd.randrange(n),
        max_runs=rnd.choice([1, 2, 3, 3]),
        rake=rake,
    )
    answer = rnd.randint(1, config.max_runs)
    hand = Hand(config, seed=rnd.random())
    while not hand.is_over:
        if hand.run_seat is not None:
            hand.choose_runs(hand.run_seat, answer)
            continue
        legal = hand.legal_actions()
        assert legal is not None
        random_action(hand, legal, rnd, ["cc", "cc", "cc", "f", "cbr", "allin"])
    return hand, answer


def _rake_rules_differ(hand: Hand) -> bool:
    """R13 cases where PokerKit's rake departs from the rule book: it rakes and
    caps each pot on its own, rounds to the nearest chip, not down, and leaves
    the winner's bet on the last street unraked when the others fold."""
    rake = hand.config.rake
    result = hand.result
    assert result is not None
    if rake is None or (rake.no_flop_no_drop and len(result.boards[0]) < 3):
        return False
    if len(result.rake) != 1:
        return True
    if hand.folded.count(False) == 1:
        return True  # (PokerKit hands the last street's bets back unraked)
    exact = rake.rate * hand.pots().pots[0].amount
    if rake.cap is not None and exact >= rake.cap:
        return True
    return round(exact) != int(exact)


def _runs_differ(hand: Hand) -> bool:
    """R12.3 cases where PokerKit's division departs from the rule book: it
    works out its pots after the losing hands are killed, so side pots whose
    eligible players then look alike are merged before the division between
    the runs, and the chips left over land in another run's share."""
    result = hand.result
    assert result is not None
    pots = hand.pots().pots
    left = [p.amount - r for p, r in zip(pots, result.rake)]
    return hand.run_count > 1 and len(pots) > 1 and any(a % hand.run_count for a in left)


def test_r12_r13_random_hands_with_runs_and_rake_end_as_pokerkit_ends_them() -> None:
    """R12, R13: 1,000 random hands (2 to 6 seats, up to three runs, a rake in
    most) end with PokerKit's stacks wherever the rules agree; enough of them
    run the board more than once and are raked to make the check count."""
    rnd = random.Random(20261201)
    compared = several = raked = 0
    for _ in range(1000):
        hand, _answer = random_hand(rnd)
        if where_pokerkit_differs(hand) or _rake_rules_differ(hand) or _runs_differ(hand):
            continue
        result = hand.result
        assert result is not None
        assert pokerkit_stacks(hand.config, hand.log) == list(result.stacks), hand.log
        compared += 1
        several += hand.run_count > 1
        raked += result.rake_total > 0
    assert compared >= 250 and several >= 60 and raked >= 80, (compared, several, raked)


def _rk1_hand() -> Hand:
    """Example RK1 played: main pot 600, side pot 400, 5% capped at 30."""
    hand = Hand(
        TableConfig(stacks=[200, 400, 400], small_blind=50, big_blind=100, rake=Rake("5%", cap=30)),
        hole_cards=["AsAh", "KsKh", "QsQh"],
        board="2c7d9hTs3s",
    )
    hand.all_in(0)
    hand.all_in(1)
    hand.call(2)
    return hand


def test_r13_2_pokerkit_rakes_and_caps_each_pot_on_its_own() -> None:
    """R13.2: the cap is per hand and the rake is shared in proportion: RK1
    rakes 30 (18 + 12). PokerKit caps each pot at 30 on its own: 30 from the
    main pot and 20 from the side pot, 50 in all."""
    hand = _rk1_hand()
    assert hand.result.rake == (18, 12)
    assert hand.result.stacks == (582, 388, 0)
    assert pokerkit_stacks(hand.config, hand.log) == [570, 380, 0]


def test_r13_1_pokerkit_rounds_the_rake_to_the_nearest_chip() -> None:
    """R13.1: the rake is rounded down. Heads-up all-in for 1,000 and 999: the
    uncalled chip comes back and the pot of 1,998 at 5% (99.9) gives 99 here
    (final stacks 1,900 / 0); PokerKit rounds to 100 (1,899 / 0)."""
    hand = Hand(
        TableConfig(stacks=[1000, 999], small_blind=50, big_blind=100, rake=Rake("5%")),
        hole_cards=["AsAh", "KsKh"],
        board="2c7d9hTs3s",
    )
    hand.all_in(0)
    hand.call(1)
    assert hand.result.rake_total == 99
    assert hand.result.stacks == (1900, 0)
    assert pokerkit_stacks(hand.config, hand.log) == [1899, 0]


def test_r12_1_pokerkit_runs_once_when_the_answers_differ() -> None:
    """R12.1: the smallest count asked for is used: answers 3 and 2 run the
    board twice (RIT1's boards and stacks). PokerKit runs it once when the
    players ask for different counts, and the aces hold: 2,000 / 0."""
    hand = Hand(
        TableConfig(stacks=[1000, 1000], small_blind=50, big_blind=100, max_runs=3),
        hole_cards=["AsAh", "KsKh"],
        board="2c7d9hTs3s" + "Kd8c4h5s6d",
    )
    hand.all_in(0)
    hand.call(1)
    hand.choose_runs(1, 3)
    hand.choose_runs(0, 2)
    assert hand.run_count == 2 and hand.result.stacks == (1000, 1000)
    # PokerKit deals no second run: its board is run 1's.
    once = [e for e in hand.log if not isinstance(e, StreetDealt) or e.run == 1]
    assert pokerkit_stacks(hand.config, once) == [2000, 0]


def test_r13_1_pokerkit_leaves_the_winners_last_bet_unraked_on_a_fold() -> None:
    """R13.1: a pot won when everyone else folds is raked like any other, the
    winner's own matched chips included: the button raises to 300 and the big
    blind folds; the pot is 200 (100 each) and 5% of it is 10. PokerKit hands
    the winner's whole bet back and rakes only the big blind's 100: 5."""
    hand = Hand(
        TableConfig(stacks=[1000, 1000], small_blind=50, big_blind=100, rake=Rake("5%")),
        hole_cards=["AsAh", "KsKh"],
    )
    hand.raise_to(0, 300)
    hand.fold(1)
    assert hand.result.rake_total == 10
    assert hand.result.stacks == (1090, 900)
    assert pokerkit_stacks(hand.config, hand.log) == [1095, 900]
