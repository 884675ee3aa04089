"""Property tests over random legal play and over the pure layering functions.

Every test cites the rules of docs/rules.md it checks.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from strategies import (
    draw_action,
    full_table_configs,
    illegal_attempts,
    play_random_hand,
    seeds,
    snapshot,
    street_actions,
    table_configs,
)

from holdem import (
    Action,
    Hand,
    HoldemError,
    IllegalActionError,
    Kind,
    LegalActions,
    Pot,
    Reason,
    TableConfig,
    award_pots,
    layer_pots,
    parse_action,
)
from holdem.engine.events import Acted, Posted, StreetDealt

SETTINGS = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FEW = settings(SETTINGS, max_examples=100)


# ------------------------------------------------------------------ helpers


def start_total(hand: Hand) -> int:
    return sum(hand.config.stacks)


def check_step_invariants(hand: Hand) -> None:
    """R1.1: chips are conserved; no stack, bet or contribution is negative."""
    total = start_total(hand)
    assert all(s >= 0 for s in hand.stacks), hand.stacks
    assert all(c >= 0 for c in hand.contributions), hand.contributions
    assert hand.dead_money >= 0
    if hand.is_over:
        assert hand.to_act is None and hand.legal_actions() is None
        assert sum(hand.stacks) == total
    else:
        assert sum(hand.stacks) + hand.pot_total == total
        assert hand.pot_total == sum(hand.contributions) + hand.dead_money
        # With show_policy="auto", the hand is either waiting on a seat or over.
        assert hand.to_act is not None
        seat = hand.to_act
        assert not hand.folded[seat] and hand.stacks[seat] > 0
        # The pots as they stand now account for every chip in the middle (R7).
        layering = hand.pots()
        assert sum(p.amount for p in layering.pots) + sum(layering.returns) == hand.pot_total


class StreetModel:
    """An independent reading of R3.3, R4.1-R4.3 from the log of the street."""

    def __init__(self, hand: Hand) -> None:
        config = hand.config
        preflop = hand.street == "preflop"
        # R2.5: full BB to call; R11.2: the largest straddle instead, if any.
        top = config.straddle_amounts[-1] if config.straddles else config.big_blind
        self.current = top if preflop else 0
        self.min_raise = max(top, config.min_bet) if preflop else config.min_bet
        self.level: dict[int, int] = {}  # the current bet when the seat last acted
        for event in street_actions(hand):
            if event.action != "fold" and event.to > self.current:
                if event.to - self.current >= self.min_raise:  # a full bet or raise (R4.1)
                    self.min_raise = event.to - self.current
                self.current = event.to
            self.level[event.seat] = self.current


def expected_legal(hand: Hand) -> LegalActions:
    """The legal options of the seat to act, derived from the rules alone."""
    seat = hand.to_act
    assert seat is not None
    model = StreetModel(hand)
    current = model.current
    stack, bet = hand.stacks[seat], hand.bets[seat]
    owed = current - bet
    call = min(owed, stack)
    # R4.2, R4.3: a seat that acted may raise again only if the bet grew by a full raise.
    reopened = seat not in model.level or current - model.level[seat] >= model.min_raise
    # R3.6: someone else still in must be able to put in more than the current bet.
    callers = any(
        o != seat and not hand.folded[o] and hand.bets[o] + hand.stacks[o] > current
        for o in range(hand.config.seats)
    )
    low = high = None
    can_all_in = stack <= owed
    if stack > owed and reopened and callers:
        high = bet + stack  # R3.4
        if hand.config.structure == "pot_limit":
            # R3.5, and a full minimum raise stays legal when the pot is smaller
            # (only a min_bet above the big blind makes it so).
            high = min(high, max(current + hand.pot_total + owed, current + model.min_raise))
        low = min(current + model.min_raise, high)  # R3.3, all-in for less
        can_all_in = high == bet + stack
    word = "raise" if current else "bet"
    can_fold = owed > 0 or hand.config.free_fold  # R3.1
    return LegalActions(seat, can_fold, owed <= 0, call, low, high, word, can_all_in)


def expected_to_act(hand: Hand, start: int) -> int | None:
    """R5.1, R5.1a: the first seat from ``start`` clockwise that still has to act."""
    n = hand.config.seats
    model = StreetModel(hand)
    able = [s for s in range(n) if not hand.folded[s] and hand.stacks[s] > 0]
    if len([s for s in range(n) if not hand.folded[s]]) < 2 or not able:
        return None
    if len(able) == 1:
        only = able[0]
        return only if hand.bets[only] < model.current else None
    for i in range(n):
        s = (start + i) % n
        if s in able and (s not in model.level or hand.bets[s] < model.current):
            return s
    return None


def posted_model(config: TableConfig) -> tuple[list[int], list[int], list[int], int]:
    """R2.1-R2.4: stacks, bets and contributions after the forced bets, and dead money."""
    n = config.seats
    stacks = list(config.stacks)
    bets = [0] * n
    contrib = [0] * n
    dead = 0
    if config.ante_type == "uniform":
        for s in range(n):
            paid = min(config.ante, stacks[s])
            stacks[s] -= paid
            contrib[s] += paid
    for seat, amount in (
        (config.small_blind_seat, config.small_blind),
        (config.big_blind_seat, config.big_blind),
    ):
        paid = min(amount, stacks[seat])
        stacks[seat] -= paid
        bets[seat] += paid
        contrib[seat] += paid
    if config.ante_type == "big_blind":
        paid = min(config.ante, stacks[config.big_blind_seat])
        stacks[config.big_blind_seat] -= paid
        dead += paid
    return stacks, bets, contrib, dead


def check_settlement(hand: Hand) -> None:
    """R7, R8, R5.2: the final accounting of a finished hand."""
    assert hand.is_over
    result = hand.result
    assert result is not None
    n = hand.config.seats
    start = hand.config.stacks
    assert result.stacks == hand.stacks
    assert sum(result.net) == 0
    assert result.net == tuple(f - s for f, s in zip(result.stacks, start))
    assert sum(result.stacks) == sum(start)
    contributions = hand.contributions
    layering = layer_pots(contributions, hand.folded, hand.dead_money)
    pots_total = sum(p.amount for p in layering.pots)
    assert pots_total + sum(layering.returns) == sum(contributions) + hand.dead_money
    # The engine settled exactly these pots.
    assert tuple(a.pot for a in result.awards) == layering.pots
    payouts = [0] * n
    for award in result.awards:
        assert sum(award.shares) == award.pot.amount
        assert set(award.winners) <= set(award.pot.eligible)
        for seat, chips in zip(award.winners, award.shares):
            payouts[seat] += chips
    assert sum(payouts) == pots_total
    # Folded seats win nothing (R7.2).
    assert all(payouts[s] == 0 for s in range(n) if hand.folded[s])
    # Each seat's chips: start - paid in + returned + won.
    bba_seat = hand.config.big_blind_seat
    for s in range(n):
        paid = contributions[s] + (hand.dead_money if s == bba_seat else 0)
        assert result.stacks[s] == start[s] - paid + layering.returns[s] + payouts[s], s
    live = [s for s in range(n) if not hand.folded[s]]
    if len(live) == 1:  # R5.2: the last player wins every pot, no cards shown
        assert result.shown == ()
        assert all(a.winners == (live[0],) for a in result.awards)
    else:  # R5.3: the board is dealt out, the winners are shown (R6.3)
        assert len(hand.board) == 5
        for award in result.awards:
            assert set(award.winners) <= set(result.shown)
            best = min(result.ranks[s] for s in award.pot.eligible if result.ranks[s] is not None)
            assert all(result.ranks[w] == best for w in award.winners)
        # R6.2: showing order starts with the last aggressor of the final
        # betting round, else the first seat left of the button; then clockwise.
        streets: list[list[Acted]] = [[]]
        for event in hand.log:
            if isinstance(event, StreetDealt):
                streets.append([])
            elif isinstance(event, Acted):
                streets[-1].append(event)
        final = [a for a in streets if a][-1] if any(streets) else []
        raisers = [a.seat for a in final if a.action in ("bet", "raise")]
        first = raisers[-1] if raisers else (hand.config.button + 1) % n
        order = [(first + i) % n for i in range(n)]
        assert list(result.shown) == [s for s in order if s in result.shown]
        ran_out = any(isinstance(e, StreetDealt) and e.run_out for e in hand.log)
        if ran_out:  # R6.4: betting ended early (R5.3), every hand still in is shown
            assert set(result.shown) == set(live)
        else:  # R6.3: only the hands that win a share of some pot are shown
            winners = {w for award in result.awards for w in award.winners}
            assert set(result.shown) == winners
    # R9.1: eliminations are exactly the seats with no chips, larger start first.
    busted = [s for pl in hand.eliminations() for s in pl]
    assert sorted(busted) == [s for s in range(n) if result.stacks[s] == 0]
    places = hand.eliminations()
    for upper, lower in zip(places, places[1:]):
        assert start[upper[0]] > start[lower[0]]


def check_refused(hand: Hand, method: str, args: tuple, reasons: frozenset) -> None:
    """R3.7: refused with a reason and the seat, naming the legal options; nothing changes."""
    before = snapshot(hand)
    legal = hand.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        getattr(hand, method)(*args)
    err = info.value
    assert err.reason in reasons, (method, args, err.reason, reasons)
    assert err.seat == args[0] or err.seat is args[0]
    assert snapshot(hand) == before, (method, args)
    assert err.legal == legal
    if legal is not None:
        assert str(legal) in str(err)
    assert "seat" in str(err)


# ------------------------------------------------------------ random play


@SETTINGS
@given(config=table_configs(), seed=seeds, data=st.data())
def test_chips_conserved_and_never_negative_at_every_step(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R1.1, R1.2, R7: sum(stacks) + pot == starting chips after every action;
    no stack is ever negative; the hand ends with every chip back in a stack."""
    hand = Hand(config, seed=seed)
    check_step_invariants(hand)
    play_random_hand(data, hand, after=lambda h, seat, action: check_step_invariants(h))
    check_step_invariants(hand)
    assert hand.is_over


@SETTINGS
@given(config=table_configs(), seed=seeds, data=st.data())
def test_hand_ends_within_a_bounded_number_of_actions(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R5.1: between two raises of the current bet on a street every seat acts
    at most once, so a hand takes at most 4 streets x seats x (raises + 1)
    actions; betting stops at once when fewer than two can bet (R5.3)."""
    hand = Hand(config, seed=seed)
    played = play_random_hand(data, hand)
    assert hand.is_over
    n = config.seats
    streets: list[list[Acted]] = [[]]
    for event in hand.log:
        if isinstance(event, StreetDealt):
            streets.append([])
        elif isinstance(event, Acted):
            streets[-1].append(event)
    assert sum(len(s) for s in streets) == len(played)
    raises = 0
    for actions in streets:
        seen: set[int] = set()
        current = config.big_blind if actions is streets[0] else 0
        for event in actions:
            if event.action != "fold" and event.to > current:
                current = event.to
                raises += 1
                seen = {event.seat}
                continue
            assert event.seat not in seen, f"seat {event.seat} acted twice without a raise"
            seen.add(event.seat)
    assert len(played) <= 4 * n * (raises + 1)
    assert len(streets) <= 4


@SETTINGS
@given(config=table_configs(), seed=seeds, data=st.data())
def test_settlement_accounts_for_every_chip(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R7.1-R7.6, R8.1, R5.2, R6.3, R6.4, R9.1: at the end, pots + returns ==
    contributions + dead money; payouts sum to the pots; net sums to zero;
    folded seats win nothing; winners hold the best shown hand."""
    hand = Hand(config, seed=seed)
    play_random_hand(data, hand)
    check_settlement(hand)


@SETTINGS
@given(config=table_configs(with_min_bet=False), seed=seeds, data=st.data())
def test_legal_actions_follow_the_rules(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R3.1-R3.6, R4.1-R4.5, R2.5: at every step the legal options equal those
    derived from the rule book (min bet, min raise from the largest full raise,
    short all-ins not reopening, nobody-to-call, pot-limit cap) and the
    ``in`` test agrees with them."""
    check_legal_actions(Hand(config, seed=seed), data)


@SETTINGS
@given(config=full_table_configs(), seed=seeds, data=st.data())
def test_legal_actions_follow_the_rules_with_straddles_posts_and_free_folds(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R11.2, R14.3, R3.1, R3.2: with straddles (the largest is the amount to call
    and the preflop raise size), live and dead posts and free folds, the legal
    options still equal those derived from the rule book at every step."""
    check_legal_actions(Hand(config, seed=seed), data)


def check_legal_actions(hand: Hand, data: st.DataObject) -> None:
    """Play ``hand`` at random, comparing the legal options with the model at each step."""

    def before(h: Hand) -> None:
        legal = h.legal_actions()
        assert legal == expected_legal(h), (legal, expected_legal(h))
        model = StreetModel(h)
        assert h.current_bet == model.current
        assert h.min_raise_size == model.min_raise
        assert legal is not None
        if legal.min_raise_to is not None:
            word = Kind.BET if legal.raise_word == "bet" else Kind.RAISE
            assert Action(word, legal.min_raise_to) in legal
            assert Action(word, legal.max_raise_to) in legal
            assert Action(word, legal.min_raise_to - 1) not in legal
            assert Action(word, legal.max_raise_to + 1) not in legal  # type: ignore[operator]

    def after(h: Hand, seat: int, action: Action) -> None:
        # The action just taken was legal and logged as the seat's (R3.1).
        acted = [e for e in h.log if isinstance(e, Acted)][-1]
        assert acted.seat == seat
        if action.kind in (Kind.BET, Kind.RAISE):
            assert acted.to == action.amount

    play_random_hand(data, hand, before=before, after=after)


@SETTINGS
@given(config=table_configs(), seed=seeds, data=st.data())
def test_turn_order(config: TableConfig, seed: int, data: st.DataObject) -> None:
    """R2.1, R2.2, R5.1, R5.1a: preflop the first to act is left of the BB
    (heads-up the button), on later streets the first active seat left of the
    button; then clockwise to the next seat that has not acted or owes."""
    hand = Hand(config, seed=seed)
    n = config.seats
    stacks, bets, _, _ = posted_model(config)
    able = [s for s in range(n) if stacks[s] > 0]
    if len(able) >= 2:
        first = next(
            s for s in ((config.big_blind_seat + 1 + i) % n for i in range(n)) if s in able
        )
        assert hand.to_act == first
    elif len(able) == 1 and bets[able[0]] < config.big_blind:
        assert hand.to_act == able[0]  # R5.1a: it owes, so it must act
    else:
        assert hand.to_act is None and hand.is_over  # R5.3
    if n == 2 and hand.to_act is not None and hand.stacks[config.button] > 0:
        assert hand.to_act == config.button  # R2.2
    state = {"street": hand.street}

    def after(h: Hand, seat: int, action: Action) -> None:
        if h.is_over:
            return
        if h.street == state["street"]:
            assert h.to_act == expected_to_act(h, (seat + 1) % n)
        else:
            state["street"] = h.street
            assert h.to_act == expected_to_act(h, (config.button + 1) % n)
            assert all(b == 0 for b in h.bets)
            assert h.current_bet == 0

    play_random_hand(data, hand, after=after)


@SETTINGS
@given(config=table_configs(), seed=seeds)
def test_forced_bets(config: TableConfig, seed: int) -> None:
    """R2.1-R2.5: uniform antes first, then the blinds, then the big-blind
    ante from what the BB has left; a short seat posts what it has; the BB
    ante is dead money; the amount to call is the full big blind."""
    hand = Hand(config, seed=seed)
    stacks, bets, contrib, dead = posted_model(config)
    posts = [e for e in hand.log if isinstance(e, Posted)]
    kinds = [p.kind for p in posts]
    if "ante" in kinds:
        last_ante = max(i for i, k in enumerate(kinds) if k == "ante")
        assert all(k == "ante" for k in kinds[: last_ante + 1])
    if "big blind ante" in kinds:
        assert kinds[-1] == "big blind ante"
    assert all(p.amount > 0 for p in posts)
    if hand.to_act is not None:  # nothing has happened yet
        assert list(hand.stacks) == stacks
        assert list(hand.bets) == bets
        assert list(hand.contributions) == contrib
        assert hand.dead_money == dead
        assert hand.current_bet == config.big_blind
    else:  # betting was over before it began (R5.3): settled at once
        check_settlement(hand)


@SETTINGS
@given(config=table_configs(), seed=seeds, data=st.data())
def test_illegal_actions_are_refused_and_change_nothing(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R3.7: wrong seat, fold when a check is free, check when owing, call
    with nothing owed, bet facing a bet, raise with no bet, raise when not
    reopened or nobody can call (R3.6, R4.2), amounts below the minimum or
    above the maximum, amounts that are not whole chips, and any action after
    the hand is over: each raises IllegalActionError with a reason, names the
    seat and the legal options, and leaves the hand exactly as it was."""
    hand = Hand(config, seed=seed)

    def before(h: Hand) -> None:
        for method, args, reasons in illegal_attempts(h):
            check_refused(h, method, args, reasons)

    play_random_hand(data, hand, before=before)
    for method, args, reasons in illegal_attempts(hand):
        check_refused(hand, method, args, reasons)


@SETTINGS
@given(config=table_configs(), seed=seeds, data=st.data())
def test_same_seed_and_actions_give_the_same_hand(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R5.4: a seeded deal is reproducible: the same seed and the same actions
    give the same log and the same result (text actions included)."""
    hand = Hand(config, seed=seed)
    played = play_random_hand(data, hand)
    again = Hand(config, seed=seed)
    for seat, action in played:
        assert again.to_act == seat
        again.act(seat, action)
    assert again.log == hand.log
    assert again.result == hand.result


@SETTINGS
@given(config=table_configs(), seed=seeds, data=st.data())
def test_text_actions_replay_the_same_hand(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R3.1, R5.4: every action in its text form ("call", "raise to 300") is
    the same action, so replaying the text gives the same hand."""
    hand = Hand(config, seed=seed)
    played = play_random_hand(data, hand)
    as_text = Hand(config, seed=seed)
    for seat, action in played:
        as_text.act(seat, str(action))
    assert as_text.log == hand.log


@SETTINGS
@given(kind=st.sampled_from(list(Kind)), amount=st.integers(0, 10**7))
def test_action_text_round_trips(kind: Kind, amount: int) -> None:
    """R3.1: ``parse_action(str(a)) == a`` for every action (the Action
    docstring's promise); "call" is a call, not an all-in."""
    action = Action(kind, amount if kind in (Kind.BET, Kind.RAISE) else None)
    assert parse_action(str(action)) == action


@SETTINGS
@given(config=table_configs(), seed=seeds, data=st.data())
def test_bets_are_never_negative(config: TableConfig, seed: int, data: st.DataObject) -> None:
    """R3.1, R7.4: a seat's bet on the street is chips it put in this street;
    returning an uncalled bet never drives it below zero (an uncalled part
    made of dead ante chips is not part of the bet, R2.3)."""
    hand = Hand(config, seed=seed)

    def check(h: Hand, *_: object) -> None:
        assert all(b >= 0 for b in h.bets), h.bets
        assert all(b <= c for b, c in zip(h.bets, h.contributions)), (h.bets, h.contributions)

    check(hand)
    play_random_hand(data, hand, after=check)
    check(hand)


def test_uncalled_ante_does_not_make_a_bet_negative() -> None:
    """R2.3, R7.4 regression (shrunk from test_bets_are_never_negative): seat 0
    is all-in for 1 chip of a 2-chip uniform ante; seat 1's ante takes its
    whole stack, so it posts no big blind. The 1 unmatched ante chip goes back
    to seat 1, but it was never part of seat 1's bet: bets must stay (0, 0)."""
    config = TableConfig(stacks=[1, 2], small_blind=0, big_blind=1, ante=2, ante_type="uniform")
    hand = Hand(config, seed=0)
    assert hand.is_over
    assert hand.contributions == (1, 1)
    assert sum(hand.stacks) == 3
    assert hand.bets == (0, 0)


def test_big_blind_ante_example() -> None:
    """R7.6 example: blinds 100/200, BBA 200; the first player is all-in for
    150 and everyone else folds; the BB owes nothing and is not asked (R5.1a).
    Main pot 600 between the all-in player and the BB; 50 back to the BB."""
    config = TableConfig(
        stacks=[150, 1000, 1000],
        small_blind=100,
        big_blind=200,
        ante=200,
        ante_type="big_blind",
        button=0,
    )
    hand = Hand(config, seed=7)
    assert hand.to_act == 0
    hand.all_in(0)
    hand.fold(1)
    assert hand.is_over
    result = hand.result
    assert result is not None
    assert [(a.pot.amount, a.pot.eligible) for a in result.awards] == [(600, (0, 2))]
    assert result.returned == (0, 0, 50)


def test_example_d() -> None:
    """R7 example D (seed 002): three all-ins; main 6,000 to Ahmose, side
    6,000 to Nefertari, 7,000 back to Ramses."""
    config = TableConfig(stacks=[12000, 2000, 5000], small_blind=50, big_blind=100, button=0)
    hand = Hand(config, hole_cards=["QcQd", "AcAd", "KcKd"], board="2s7h9sJd4c")
    hand.all_in(0)
    hand.call(1)
    hand.call(2)
    assert hand.is_over
    assert hand.stacks == (7000, 6000, 6000)


@SETTINGS
@given(config=table_configs(), seed=seeds, data=st.data())
def test_manual_showdown(config: TableConfig, seed: int, data: st.DataObject) -> None:
    """R6.2-R6.4, R3.7: with show_policy="manual" seats show or muck in
    showing order; out of turn is refused; a winning hand, or any hand after
    an all-in, cannot be mucked; refusals change nothing; a mucked hand wins
    nothing and the settlement still accounts for every chip."""
    hand = Hand(config, seed=seed, show_policy="manual")
    play_random_hand(data, hand)
    mucked: list[int] = []
    steps = 0
    while not hand.is_over:
        steps += 1
        assert steps <= config.seats
        seat = hand.showdown_seat
        assert seat is not None and not hand.folded[seat]
        assert hand.to_act is None and hand.legal_actions() is None
        check_refused(hand, "call", (seat,), frozenset({Reason.NO_BETTING}))
        for other in range(config.seats):
            if other != seat:
                check_refused(hand, "show", (other,), frozenset({Reason.NOT_YOUR_TURN}))
                check_refused(hand, "muck", (other,), frozenset({Reason.NOT_YOUR_TURN}))
        if data.draw(st.booleans(), label="show"):
            hand.show(seat)
        else:
            try:
                hand.muck(seat)
                mucked.append(seat)
            except IllegalActionError as err:
                assert err.reason is Reason.MUST_SHOW
                hand.show(seat)
    check_refused(hand, "show", (0,), frozenset({Reason.NOT_SHOWDOWN}))
    result = hand.result
    assert result is not None
    assert sum(result.stacks) == sum(config.stacks) and sum(result.net) == 0
    for award in result.awards:
        assert not set(award.winners) & set(mucked)
        assert (
            set(award.winners) <= set(result.shown)
            or len(award.pot.eligible) == 1
            or (result.shown == () and len([f for f in hand.folded if not f]) == 1)
        )
    for s in mucked:
        assert result.ranks[s] is None


# ---------------------------------------------------------------- layering

contribution_lists = st.integers(1, 10).flatmap(
    lambda n: st.tuples(
        st.lists(
            st.sampled_from([0, 50, 100, 150, 300]) | st.integers(0, 2000), min_size=n, max_size=n
        ),
        st.lists(st.booleans(), min_size=n, max_size=n),
        st.sampled_from([0, 0, 1, 100]) | st.integers(0, 500),
    )
)


def reference_layers(
    contributions: Sequence[int], folded: Sequence[bool], dead: int
) -> tuple[list[int], list[tuple[int, tuple[int, ...]]]]:
    """R7.1-R7.6 written out once more, independently, layer by layer."""
    n = len(contributions)
    returns = [0] * n
    layers: list[tuple[int, tuple[int, ...]]] = []
    levels = sorted({c for c in contributions if c > 0})
    previous = 0
    for level in levels:
        payers = [s for s in range(n) if contributions[s] >= level]
        step = level - previous
        previous = level
        eligible = tuple(s for s in payers if not folded[s])
        if len(payers) == 1 or not eligible:  # R7.4, R7.5
            for s in payers:
                returns[s] += step
        elif layers and layers[-1][1] == eligible:  # R7.3
            layers[-1] = (layers[-1][0] + step * len(payers), eligible)
        else:
            layers.append((step * len(payers), eligible))
    if dead:  # R7.6
        if layers:
            layers[0] = (layers[0][0] + dead, layers[0][1])
        else:
            layers.append((dead, tuple(s for s in range(n) if not folded[s])))
    return returns, layers


@settings(SETTINGS, max_examples=300)
@given(case=contribution_lists)
def test_layering_partitions_the_contributions(case) -> None:
    """R7.1, R7.3, R7.6: pots plus returns are exactly the contributions plus
    dead money; every pot is positive and named main pot, side pot 1, ..."""
    contributions, folded, dead = case
    if dead and all(folded):
        with pytest.raises(HoldemError):
            layer_pots(contributions, folded, dead)
        return
    layering = layer_pots(contributions, folded, dead)
    assert len(layering.returns) == len(contributions)
    assert all(r >= 0 for r in layering.returns)
    assert sum(p.amount for p in layering.pots) + sum(layering.returns) == sum(contributions) + dead
    assert all(p.amount > 0 for p in layering.pots)
    assert [p.name for p in layering.pots] == (
        ["main pot"] + [f"side pot {i}" for i in range(1, len(layering.pots))]
    )[: len(layering.pots)]
    # Nobody gets back more than they put in.
    assert all(r <= c for r, c in zip(layering.returns, contributions))
    returns, layers = reference_layers(contributions, folded, dead)
    assert list(layering.returns) == returns
    assert [(p.amount, p.eligible) for p in layering.pots] == layers


@settings(SETTINGS, max_examples=300)
@given(case=contribution_lists)
def test_layering_eligibility(case) -> None:
    """R7.2, R7.3: eligible seats have not folded; eligible sets shrink
    strictly going up; a live seat that covers another live seat is eligible
    wherever that seat is; every live payer is in the main pot."""
    contributions, folded, dead = case
    if dead and all(folded):
        return
    layering = layer_pots(contributions, folded, dead)
    pots = layering.pots
    for pot in pots:
        assert pot.eligible, pot
        assert list(pot.eligible) == sorted(set(pot.eligible))
        assert not any(folded[s] for s in pot.eligible)
    for lower, upper in zip(pots, pots[1:]):
        assert set(upper.eligible) < set(lower.eligible)
    live = [s for s in range(len(contributions)) if not folded[s]]
    for pot in pots:
        for s in pot.eligible:
            for t in live:
                if contributions[t] >= contributions[s]:
                    assert t in pot.eligible
    payers = [s for s in range(len(contributions)) if contributions[s] > 0]
    if pots and len(payers) >= 2 and any(not folded[s] for s in payers):
        assert set(pots[0].eligible) == {s for s in payers if not folded[s]}


@settings(SETTINGS, max_examples=300)
@given(case=contribution_lists)
def test_layering_returns(case) -> None:
    """R7.4, R7.5: chips come back only to the top contributor (the part
    nobody matched) or to the payers of layers no live seat paid in full:
    a live seat gets back top - second only when it alone is on top; a
    folded seat gets back what it put in above the highest live contribution."""
    contributions, folded, dead = case
    if dead and all(folded):
        return
    layering = layer_pots(contributions, folded, dead)
    ordered = sorted(contributions, reverse=True) + [0]
    top, second = ordered[0], ordered[1]
    live_top = max((c for c, f in zip(contributions, folded) if not f), default=0)
    for s, (c, f) in enumerate(zip(contributions, folded)):
        if f:
            assert layering.returns[s] == max(0, c - live_top)
        elif c == top and top > second:
            assert layering.returns[s] == top - second
        else:
            assert layering.returns[s] == 0


def test_layering_examples() -> None:
    """R7 examples A, B and C (seed 000) as fixed vectors."""
    a = layer_pots([5000, 12000, 20000], [False] * 3)
    assert [(p.amount, p.eligible) for p in a.pots] == [(15000, (0, 1, 2)), (14000, (1, 2))]
    assert a.returns == (0, 0, 8000)
    b = layer_pots([5000, 12000, 20000, 200], [False, False, False, True], dead=200)
    assert [(p.amount, p.eligible) for p in b.pots] == [(15400, (0, 1, 2)), (14000, (1, 2))]
    assert b.returns == (0, 0, 8000, 0)
    c = layer_pots([2000, 4500, 9000, 9000], [False] * 4)
    assert [(p.amount, p.eligible) for p in c.pots] == [
        (8000, (0, 1, 2, 3)),
        (7500, (1, 2, 3)),
        (9000, (2, 3)),
    ]


@st.composite
def pots_and_ranks(draw: st.DrawFn):
    n = draw(st.integers(2, 10))
    count = draw(st.integers(0, 4))
    pots = []
    for i in range(count):
        eligible = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
        amount = draw(st.integers(1, 100000))
        pots.append(Pot(amount, tuple(sorted(eligible)), "main pot" if i == 0 else f"side pot {i}"))
    ranks = draw(st.lists(st.none() | st.integers(1, 6), min_size=n, max_size=n))
    for pot in pots:  # every pot needs someone able to win it
        if all(ranks[s] is None for s in pot.eligible):
            ranks[pot.eligible[0]] = draw(st.integers(1, 6))
    button = draw(st.integers(0, n - 1))
    unit = draw(st.sampled_from([1, 1, 5, 25, 100]))
    return pots, ranks, button, unit


@settings(SETTINGS, max_examples=300)
@given(case=pots_and_ranks())
def test_award_pots(case) -> None:
    """R8.1-R8.3: each pot goes to the best eligible hand(s); payouts sum to
    the pots; tied winners differ by at most one chip unit, the extra units
    going clockwise from the first winner left of the button; a remainder
    smaller than one unit goes to the first winner."""
    pots, ranks, button, unit = case
    n = len(ranks)
    awards = award_pots(pots, ranks, button, unit)
    assert sum(awards.payouts) == sum(p.amount for p in pots)
    assert len(awards.awards) == len(pots)
    for award, pot in zip(awards.awards, pots):
        assert award.pot == pot
        best = min(ranks[s] for s in pot.eligible if ranks[s] is not None)
        assert sorted(award.winners) == sorted(s for s in pot.eligible if ranks[s] == best)
        assert list(award.winners) == sorted(award.winners, key=lambda s: (s - button - 1) % n)
        assert sum(award.shares) == pot.amount
        units, rest = divmod(pot.amount, unit)
        base, odd = divmod(units, len(award.winners))
        expected = [base * unit + (unit if i < odd else 0) for i in range(len(award.winners))]
        expected[0] += rest
        assert list(award.shares) == expected
        assert all(a >= b for a, b in zip(award.shares, award.shares[1:]))


def test_award_example_f() -> None:
    """R8.2 example F (seed 002): 3,350 among seats 0, 2, 3 with the button at 0."""
    pot = Pot(3350, (0, 2, 3), "main pot")
    awards = award_pots([pot], [1, None, 1, 1], button=0)
    assert awards.payouts == (1116, 0, 1117, 1117)


# ------------------------------------------------------------ state machine


class HandMachine(RuleBasedStateMachine):
    """Random legal hands with random illegal attempts in between (R1, R3.7,
    R5, R7): invariants hold after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.hand: Hand | None = None
        self.raises = 0
        self.street = "preflop"

    @initialize(config=table_configs(), seed=seeds)
    def deal(self, config: TableConfig, seed: int) -> None:
        self.hand = Hand(config, seed=seed)

    @precondition(lambda self: self.hand is not None and not self.hand.is_over)
    @rule(data=st.data())
    def act_legally(self, data: st.DataObject) -> None:
        hand = self.hand
        assert hand is not None and hand.to_act is not None
        if hand.street != self.street:
            self.street, self.raises = hand.street, 0
        legal = hand.legal_actions()
        assert legal == expected_legal(hand)
        action = draw_action(data, hand, allow_raise=self.raises < 6)
        assert action in legal
        if action.kind in (Kind.BET, Kind.RAISE):
            self.raises += 1
        hand.act(hand.to_act, action)

    @precondition(lambda self: self.hand is not None)
    @rule(data=st.data())
    def try_illegal(self, data: st.DataObject) -> None:
        hand = self.hand
        assert hand is not None
        method, args, reasons = data.draw(st.sampled_from(illegal_attempts(hand)))
        check_refused(hand, method, args, reasons)

    @invariant()
    def chips_conserved(self) -> None:
        if self.hand is not None:
            check_step_invariants(self.hand)

    @invariant()
    def bets_never_negative(self) -> None:
        if self.hand is not None:
            assert all(b >= 0 for b in self.hand.bets), self.hand.bets

    @invariant()
    def settled_when_over(self) -> None:
        if self.hand is not None and self.hand.is_over:
            check_settlement(self.hand)


HandMachine.TestCase.settings = settings(SETTINGS, max_examples=60, stateful_step_count=80)
TestHandMachine = HandMachine.TestCase
