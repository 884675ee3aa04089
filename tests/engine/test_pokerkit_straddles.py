"""Straddles (R11) against PokerKit 0.7.7, driven through its state API.

Random hands with a UTG straddle, re-straddles or a button straddle are played
here with random legal actions, then the same actions are applied to
PokerKit: at every step the same seat must be to act, and the final stacks
must match. The rule books differ on one point, kept as a named test: PokerKit
lets the first raise over a straddle go to straddle + big blind (R11 notes).
Every raise drawn here is within our range, which lies above both minimums.
"""

from __future__ import annotations

import random
from typing import Any

from helpers import new_hand, pokerkit_act, pokerkit_order, random_action

from conftest import require
from holdem import Hand, TableConfig
from holdem.engine.events import Acted, StreetDealt

pokerkit = require("pokerkit", "the test extra: pip install -e '.[test]'")

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def pokerkit_state(hand: Hand) -> Any:
    """A PokerKit state with the same table, straddles and hole cards as ``hand``."""
    config = hand.config
    seats = pokerkit_order(config)
    blinds = [0] * config.seats
    blinds[0], blinds[1] = config.small_blind, config.big_blind
    for seat, amount in zip(config.straddles, config.straddle_amounts):
        blinds[seats.index(seat)] = amount
    state = pokerkit.NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        True,
        config.ante,
        blinds,
        config.big_blind,
        [config.stacks[s] for s in seats],
        config.seats,
    )
    for seat in seats:
        state.deal_hole("".join(hand.hole_cards(seat)))
    return state


def random_straddle_hand(rnd: random.Random) -> Hand:
    """A random hand with straddles, deep stacks (no forced bet is short), played
    to the end with random legal actions (raises anywhere in our range)."""
    n = rnd.randint(3, 8)
    bb = rnd.choice([2, 10, 100])
    mode = "button" if n == 3 else rnd.choice(["utg", "utg", "button"])
    if mode == "button":
        straddles = [0]
    else:
        straddles = [3 % n]
        while straddles[-1] != 0 and rnd.random() < 0.4:
            straddles.append((straddles[-1] + 1) % n)
    top = bb << len(straddles)
    ante = rnd.choice([0, 0, bb // 2])
    config = TableConfig(
        stacks=[rnd.randint(top + ante + 1, 60 * top) for _ in range(n)],
        small_blind=bb // 2,
        big_blind=bb,
        ante=ante,
        straddles=straddles,
    )
    hand = Hand(config, seed=rnd.random())
    while (legal := hand.legal_actions()) is not None:
        random_action(hand, legal, rnd, ["cc", "cc", "cc", "f", "cbr"])
    return hand


def play_on_pokerkit(hand: Hand) -> list[int]:
    """Apply ``hand``'s log to PokerKit; return its final stacks in our seat order."""
    seats = pokerkit_order(hand.config)
    state = pokerkit_state(hand)
    for event in hand.log:
        if isinstance(event, Acted):
            assert seats[state.actor_index] == event.seat, "a different seat is to act"
            pokerkit_act(state, event)
        elif isinstance(event, StreetDealt):
            state.burn_card("??")  # an unknown card: the deck is ours
            state.deal_board("".join(event.cards))
    assert not state.status, "PokerKit's hand is not over"
    final = [0] * hand.config.seats
    for index, seat in enumerate(seats):
        final[seat] = state.stacks[index]
    return final


def _odd_chips_differ(hand: Hand) -> bool:
    """R8.2: PokerKit shares odd chips differently when a pot leaves two or more,
    or when several pots leave one (see test_pokerkit_differential.py)."""
    assert hand.result is not None
    odd = [a.pot.amount % len(a.winners) for a in hand.result.awards]
    return max(odd, default=0) >= 2 or sum(1 for r in odd if r) >= 2


def test_r11_random_straddle_hands_end_as_pokerkit_ends_them():
    """R11.1-R11.3: over 300 seeded random hands with UTG straddles, re-straddles and
    button straddles, the same seat acts at every step in both engines, and the
    final stacks match wherever the odd-chip rules agree (R8.2)."""
    compared = 0
    for i in range(300):
        hand = random_straddle_hand(random.Random(i))
        final = play_on_pokerkit(hand)
        if _odd_chips_differ(hand):
            continue
        assert final == list(hand.stacks), f"hand {i}"
        compared += 1
    assert compared >= 280


def test_r11_2_pokerkit_lets_the_first_raise_go_to_straddle_plus_big_blind():
    """R11.2 Example S1: over Dan's straddle of 4 (blinds 1/2) our smallest raise is
    to 8, twice the straddle; PokerKit 0.7.7 allows a raise to 6 (4 + 2)."""
    hand = new_hand([400] * 6, 1, 2, straddles=[3])
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to == 8
    state = pokerkit_state(hand)
    assert state.min_completion_betting_or_raising_to_amount == 6
    assert state.can_complete_bet_or_raise_to(6)
