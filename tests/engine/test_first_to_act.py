"""R5.1: the engine's shortcut for the next seat to act (a seat that owes chips
and can pay acts at once) gives the seat the full clockwise search gives, at
every decision of random hands and from every starting seat."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import Hand
from tests.strategies import hands, play_random_hand


def _search(hand: Hand, start: int) -> int | None:
    """The first seat from ``start`` clockwise that must act (R5.1, R5.1a),
    seat by seat, as the rule reads."""
    n = hand.config.seats
    stacks, bets, folded = hand.stacks, hand.bets, hand.folded
    able = [s for s in (i % n for i in range(start, start + n)) if not folded[s] and stacks[s]]
    owing = [s for s in able if not hand._acted[s] or bets[s] < hand.current_bet]
    if len(able) == 1:
        only = able[0]
        return only if bets[only] < hand.current_bet else None
    return owing[0] if owing else None


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_r5_1_next_seat_shortcut_is_the_full_search(data: st.DataObject) -> None:
    """R5.1: ``_first_to_act(start)`` equals the seat-by-seat search for every
    start seat, before every decision of a random hand; ``to_act`` is it."""
    hand = data.draw(hands())
    checked = 0

    def before(h: Hand) -> None:
        nonlocal checked
        for start in range(h.config.seats):
            assert h._first_to_act(start) == _search(h, start)
            checked += 1

    played = play_random_hand(data, hand, before=before)
    assert checked == len(played) * hand.config.seats  # every decision was checked
