"""Sitting out, missed blinds and new players at a Table (docs/rules.md R14, with
R10.1; posts by the hand engine, R14.3).

Table seats are hand seats in these tests whenever every seat is dealt in.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from holdem import Action, Hand, Kind
from holdem.engine.events import Posted
from holdem.selfplay.agents import random_action
from holdem.table.clock import TurnClock
from holdem.table.sitout import dealt_in_count
from holdem.table.table import (
    ActedForAbsent,
    ButtonMoved,
    DealtIn,
    Level,
    MissedBlind,
    SatIn,
    SatOut,
    Table,
    TableError,
    TableMode,
    TableReason,
    TimedOut,
)


class FakeClock:
    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def fold(hand: Hand, seat: int) -> Action:
    """Fold when facing a bet, else check: the big blind wins the blinds."""
    legal = hand.legal_actions()
    assert legal is not None
    return Action(Kind.FOLD) if legal.can_fold else Action(Kind.CHECK)


def six(button: int = 1, **options: object) -> Table:
    """Six seats A..F with 10,000 chips, blinds 50/100 (as MB1)."""
    table = Table(6, schedule=Level(50, 100), button=button, seed=1, **options)  # type: ignore[arg-type]
    for seat in range(6):
        table.sit(seat, "ABCDEF"[seat], 10_000)
    return table


def moved(table: Table) -> ButtonMoved:
    return [e for e in table.events if isinstance(e, ButtonMoved)][-1]


def posts(hand: Hand) -> list[tuple[int, str, int]]:
    return [
        (e.seat, e.kind, e.amount)
        for e in hand.log
        if isinstance(e, Posted) and e.kind in ("live post", "dead post")
    ]


def stacks(table: Table) -> list[int]:
    return [s.stack for s in table.seats if s is not None]


# ------------------------------------------------------------------ R14.1
def test_r14_1_button_and_blinds_pass_to_the_players_dealt_in() -> None:
    """R14.1, R10.1: seat 4 sits out; it is dealt no cards, posts nothing, and
    the blinds go round the five others."""
    table = six()
    table.play_hand(fold)  # button 1, blinds 2 and 3
    table.sit_out(4)
    assert table.events[-1] == SatOut(4, "E", "by choice")
    seen = []
    for _ in range(5):
        hand = table.play_hand(fold)
        assert table.hand_seats == (0, 1, 2, 3, 5)
        assert hand.config.names == ("A", "B", "C", "D", "F")
        e = moved(table)
        seen.append((e.seat, e.small_blind_seat, e.big_blind_seat))
    assert seen == [(2, 3, 5), (3, 5, 0), (5, 0, 1), (0, 1, 2), (1, 2, 3)]
    assert stacks(table)[4] == 10_000


# ------------------------------------------------------------------ R14.2
def test_r14_2_missing_the_big_blind_then_the_small_blind() -> None:
    """R14.2: the big blind passes seat 4 in hand 2 (5 gets it), the small
    blind in hand 3 (it moves from 3 to 5)."""
    table = six()
    table.play_hand(fold)
    table.sit_out(4)
    table.play_hand(fold)
    assert table.events[-2] == MissedBlind(2, 4, "E", "big blind")
    state = table.seats[4]
    assert state is not None and (state.missed_small_blind, state.missed_big_blind) == (
        False,
        True,
    )
    table.play_hand(fold)
    assert table.events[-2] == MissedBlind(3, 4, "E", "small blind")
    state = table.seats[4]
    assert state is not None and state.missed_small_blind and state.missed_big_blind
    table.play_hand(fold)  # nothing more to miss: no new MissedBlind
    assert sum(isinstance(e, MissedBlind) for e in table.events) == 2


def test_r14_2_out_only_as_the_small_blind_passed() -> None:
    """R14.2: seat 2 pays the big blind in hand 1 and sits out: in hand 2 the
    small blind skips it (3 posts it); it missed the small blind only."""
    table = six(button=0)
    table.play_hand(fold)  # button 0, blinds 1 and 2
    table.sit_out(2)
    table.play_hand(fold)
    assert (moved(table).small_blind_seat, moved(table).big_blind_seat) == (3, 4)
    state = table.seats[2]
    assert state is not None and state.missed_small_blind and not state.missed_big_blind


def test_r14_2_back_before_any_blind_passes_costs_nothing() -> None:
    table = six()
    table.play_hand(fold)  # button 1, blinds 2 and 3
    table.sit_out(5)
    table.play_hand(fold)  # button 2, blinds 3 and 4: nothing passed seat 5
    assert table.sit_in(5) == "dealt in"
    assert table.events[-1] == SatIn(5, "F", "dealt in", False)
    hand = table.play_hand(fold)
    assert table.hand_seats == (0, 1, 2, 3, 4, 5) and posts(hand) == []


def test_mb1_returning_player_posts_live_and_dead() -> None:
    """Example MB1 (R14.2, R14.3) through a Table: six seats, blinds 50/100,
    button seat 0; seat 4 comes back having missed both blinds and posts 100
    live and 50 dead. Seat 3 acts first: fold, call 100, raise to 200..
    Seat 3 raises to 300 and everyone folds: 200 comes back uncalled, seat 3
    wins 400 (50 + 100 + 100 live + 50 dead + 100), net +300; seat 4 loses
    150."""
    table = six()
    table.play_hand(fold)  # button 1
    table.sit_out(4)
    for _ in range(3):  # buttons 2, 3, 5: seat 4 misses the big, then the small blind
        table.play_hand(fold)
    before = stacks(table)
    assert table.sit_in(4, post=True) == "post"
    assert table.seats[4].posting  # type: ignore[union-attr]
    hand = table.start_hand()
    assert (table.button, moved(table).small_blind_seat, moved(table).big_blind_seat) == (0, 1, 2)
    assert table.events[-2] == DealtIn(5, 4, "E", 100, 50)
    assert posts(hand) == [(4, "live post", 100), (4, "dead post", 50)]
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3
    assert str(legal) == "fold, call 100, raise to 200..10000"
    hand.act(3, "raise to 300")
    while (seat := hand.to_act) is not None:
        hand.act(seat, "fold")
    table.finish_hand()
    result = hand.result
    assert result is not None
    assert [(a.pot.amount, a.winners) for a in result.awards] == [(400, (3,))]
    assert result.net == (0, -50, -100, 300, -150, 0)
    assert result.returned[3] == 200
    after = stacks(table)
    assert [a - b for a, b in zip(after, before)] == [0, -50, -100, 300, -150, 0]
    state = table.seats[4]
    assert state is not None and not (state.missed_small_blind or state.missed_big_blind)
    assert not state.posting and not state.sitting_out


def test_r14_2_missed_small_blind_only_posts_both() -> None:
    """R14.2 as written: a player dealt in at once posts the big blind live
    and the missed small blind dead, even with only the small blind missed."""
    table = six(button=0)
    table.play_hand(fold)
    table.sit_out(2)
    table.play_hand(fold)  # seat 2 missed the small blind only
    table.sit_in(2, post=True)
    hand = table.start_hand()  # button 3, blinds 4 and 5
    assert posts(hand) == [(2, "live post", 100), (2, "dead post", 50)]


def test_r14_2_waiting_for_the_big_blind() -> None:
    """R14.2: seat 4 waits; it is dealt in when the big blind reaches it,
    posts only that big blind, and owes nothing after."""
    table = six()
    table.play_hand(fold)
    table.sit_out(4)
    table.play_hand(fold)
    table.play_hand(fold)  # seat 4 missed both
    assert table.sit_in(4) == "wait"
    assert table.seats[4].waiting  # type: ignore[union-attr]
    dealt = []
    while 4 not in table.hand_seats or not dealt:
        hand = table.play_hand(fold)
        e = moved(table)
        dealt.append((e.seat, e.big_blind_seat, 4 in table.hand_seats))
    # Buttons 5, 0, 1: in the hand of button 2 the big blind would pass seat 4.
    assert dealt == [(5, 1, False), (0, 2, False), (1, 3, False), (2, 4, True)]
    assert table.events[-2] == DealtIn(7, 4, "E", 0, 0)
    assert posts(hand) == []
    assert [e.amount for e in hand.log if isinstance(e, Posted) and e.seat == 4] == [100]
    state = table.seats[4]
    assert state is not None and not (state.waiting or state.missed_big_blind)


def test_waiting_player_may_switch_to_posting() -> None:
    table = six()
    table.play_hand(fold)
    table.sit_out(4)
    table.play_hand(fold)  # button 2, blinds 3 and 5: seat 4 missed the big blind
    assert table.sit_in(4) == "wait"
    table.play_hand(fold)  # button 3, blinds 5 and 0: the small blind passes seat 4
    assert 4 not in table.hand_seats
    assert table.sit_in(4, post=True) == "post"
    hand = table.start_hand()  # button 5, blinds 0 and 1
    assert posts(hand) == [(4, "live post", 100), (4, "dead post", 50)]


def test_a_missed_blind_returning_on_the_button() -> None:
    """The button moves onto a returning poster: they post 100 live and 50
    dead on the button (R14.3: the button posts no blind); seat 3 acts first
    and the chips add up."""
    table = six(button=4)
    table.play_hand(fold)  # button 4, blinds 5 and 0
    table.sit_out(0)
    table.play_hand(fold)  # button 5, blinds 1 and 2: seat 0 missed the small blind
    table.play_hand(fold)  # button 1, blinds 2 and 3
    table.play_hand(fold)  # button 2
    table.play_hand(fold)  # button 3, blinds 4 and 5
    table.play_hand(fold)  # button 4, blinds 5 and 1: the big blind passed seat 0
    state = table.seats[0]
    assert state is not None and state.missed_small_blind and state.missed_big_blind
    table.play_hand(fold)  # button 5, blinds 1 and 2
    table.sit_in(0, post=True)
    total = sum(stacks(table))
    hand = table.start_hand()
    e = moved(table)
    assert (e.seat, e.small_blind_seat, e.big_blind_seat) == (0, 1, 2)
    assert posts(hand) == [(0, "live post", 100), (0, "dead post", 50)]
    assert hand.to_act == 3
    hand.act(3, "call")
    for seat in (4, 5):
        hand.act(seat, "fold")
    hand.act(0, "check")  # already in for 100 live: nothing to call
    assert hand.contributions[0] == 100  # the dead 50 is outside the layering (R7.6)
    while (seat := hand.to_act) is not None:
        hand.act(seat, fold(hand, seat))
    table.finish_hand()
    assert sum(stacks(table)) == total


def test_a_poster_on_the_big_blind_posts_the_blind_only() -> None:
    """R14.3: posts come from a seat that posts no blind. A newcomer posting
    to come in at once lands on the big blind: that blind is all they post."""
    table = Table(6, schedule=Level(50, 100), button=0, seed=1)
    for seat in (0, 1, 2, 4, 5):
        table.sit(seat, "ABCEF"[(0, 1, 2, 4, 5).index(seat)], 10_000)
    table.play_hand(fold)  # button 0, blinds 1 and 2
    table.sit(3, "D", 10_000, post=True)
    hand = table.start_hand()  # button 1, blinds 2 and 3
    assert (moved(table).small_blind_seat, moved(table).big_blind_seat) == (2, 3)
    assert posts(hand) == []
    assert [e for e in hand.log if isinstance(e, Posted)][1] == Posted(3, "big blind", 100, False)
    assert table.events[-2] == DealtIn(2, 3, "D", 0, 0)


def test_a_poster_who_missed_the_big_blind_does_not_come_in_on_the_small_blind() -> None:
    """R14.2, R14.3: seat 3 missed the big blind and comes back posting just
    as the small blind reaches them. Posting only that small blind would
    skip the big blind they owe, and a post never comes from a blind: they
    sit out one more hand (the small blind passes them too) and come in on
    the button, posting 100 live and 50 dead: 150, what the two blinds they
    missed cost everyone else."""
    table = six(button=0)
    table.play_hand(fold)  # button 0, blinds 1 and 2
    table.sit_out(3)
    table.play_hand(fold)  # button 1, blinds 2 and 4: the big blind passed 3
    table.sit_in(3, post=True)
    total = sum(stacks(table))
    table.start_hand()  # button 2: the small blind goes past 3 to 4
    e = moved(table)
    assert (e.seat, e.small_blind_seat, e.big_blind_seat) == (2, 4, 5)
    assert 3 not in table.hand_seats
    assert MissedBlind(3, 3, "D", "small blind") in table.events
    while (seat := table.hand.to_act) is not None:  # type: ignore[union-attr]
        table.hand.act(seat, fold(table.hand, seat))  # type: ignore[union-attr]
    table.finish_hand()
    state = table.seats[3]
    assert state is not None and state.posting
    assert state.missed_small_blind and state.missed_big_blind
    hand = table.start_hand()
    e = moved(table)
    assert (e.seat, e.small_blind_seat, e.big_blind_seat) == (3, 4, 5)
    assert posts(hand) == [(3, "live post", 100), (3, "dead post", 50)]
    assert table.events[-2] == DealtIn(4, 3, "D", 100, 50)
    while (seat := hand.to_act) is not None:
        hand.act(seat, fold(hand, seat))
    table.finish_hand()
    assert sum(stacks(table)) == total


def test_short_poster_is_all_in_for_the_post() -> None:
    """R2.4 with R14.3: a returning player with 60 chips posts 60 live, all-in."""
    table = Table(4, schedule=Level(50, 100), button=0, seed=3)
    for seat, chips in enumerate([1000, 1000, 1000, 60]):
        table.sit(seat, "ABCD"[seat], chips)
    table.sit_out(3)
    table.play_hand(fold)  # button 0, blinds 1 and 2
    table.play_hand(fold)  # button 1, blinds 2 and 0: the big blind passed 3
    table.play_hand(fold)  # button 2, blinds 0 and 1: the small blind passed 3
    table.sit_in(3, post=True)
    total = sum(stacks(table))
    hand = table.start_hand()  # seat 3 on the button
    assert table.button == 3
    assert posts(hand) == [(3, "live post", 60)]  # all-in: nothing left for the dead post
    assert table.events[-2] == DealtIn(4, 3, "D", 100, 50)  # what was owed
    while (seat := hand.to_act) is not None:
        hand.act(seat, "call" if hand.legal_actions().call else "check")  # type: ignore[union-attr]
    table.finish_hand()
    assert sum(stacks(table)) == total


def test_fewer_than_three_players_deal_everyone_in_without_posts() -> None:
    """R14.3: posts need three or more players. With two playing, a waiting
    player is dealt in at the next hand and posts nothing."""
    table = Table(3, schedule=Level(5, 10), button=0, seed=2)
    for seat in range(3):
        table.sit(seat, "ABC"[seat], 500)
    table.play_hand(fold)
    table.sit_out(2)
    table.play_hand(fold)
    table.play_hand(fold)
    state = table.seats[2]
    assert state is not None and (state.missed_small_blind or state.missed_big_blind)
    assert table.sit_in(2) == "wait"
    hand = table.play_hand(fold)
    assert table.hand_seats == (0, 1, 2) and posts(hand) == []
    assert isinstance(table.events[-2], DealtIn) and table.events[-2].live_post == 0


# ------------------------------------------------------------------ R14.3
def test_r14_3_new_player_posts_one_big_blind_live() -> None:
    """R14.3: a newcomer may post one big blind live to be dealt in at once;
    it is their bet, so they have the option when nobody raises."""
    table = Table(6, schedule=Level(50, 100), button=1, seed=1, newcomers_wait=True)
    for seat in range(5):
        table.sit(seat, "ABCDE"[seat], 10_000)
    table.play_hand(fold)  # button 1, blinds 2 and 3
    table.sit(5, "F", 5_000, post=True)
    assert table.events[-1] == SatIn(5, "F", "post", True)
    hand = table.start_hand()  # button 2, blinds 3 and 4; seat 5 posts
    assert posts(hand) == [(5, "live post", 100)]
    assert hand.to_act == 5  # left of the big blind: already in for 100
    legal = hand.legal_actions()
    assert legal is not None and legal.can_check and legal.min_raise_to == 200
    hand.act(5, "check")
    for seat in (0, 1, 2):
        hand.act(seat, "fold")
    hand.act(3, "call")
    hand.act(4, "check")
    assert hand.street == "flop"


def test_r14_3_new_player_waits_for_the_big_blind() -> None:
    table = Table(6, schedule=Level(50, 100), button=1, seed=1, newcomers_wait=True)
    for seat in range(5):
        table.sit(seat, "ABCDE"[seat], 10_000)
    table.play_hand(fold)  # button 1, blinds 2 and 3
    table.sit(5, "F", 5_000)
    assert table.events[-1] == SatIn(5, "F", "wait", True)
    table.play_hand(fold)  # button 2, blinds 3 and 4: seat 5 waits
    assert 5 not in table.hand_seats
    table.play_hand(fold)  # button 3, blinds 4 and 5: its big blind
    assert 5 in table.hand_seats and moved(table).big_blind_seat == 5


def test_newcomers_are_dealt_in_free_by_default() -> None:
    """Without ``newcomers_wait`` the table deals a newcomer in at the next
    hand, as before R14."""
    table = six()
    table.play_hand(fold)
    table.leave(4)
    table.sit(4, "G", 3_000)
    hand = table.play_hand(fold)
    assert 4 in table.hand_seats and posts(hand) == []
    assert not any(isinstance(e, SatIn) for e in table.events)


# ------------------------------------------------------------ busted seats
def bust_seat_4() -> Table:
    """Six seats at 50/100, button 0; seat 4 (E) goes all-in for 100 with 7-2
    against the big blind's aces in hand 1 and busts: the seat is held (R10.2)."""
    table = Table(6, schedule=Level(50, 100), button=0, seed=1)
    for seat in range(6):
        table.sit(seat, "ABCDEF"[seat], 100 if seat == 4 else 10_000)
    hand = table.start_hand(hole_cards={2: "AsAh", 4: "7c2d"}, board="KsQd8h5c3s")
    hand.act(3, "fold")
    hand.act(4, "all-in")
    for seat in (5, 0, 1):
        hand.act(seat, "fold")
    assert hand.is_over  # the big blind has no option against an all-in call (R3.6)
    table.finish_hand()
    state = table.seats[4]
    assert state is not None and state.stack == 0 and state.held_until is not None
    return table


def test_r14_2_a_held_seat_misses_blinds_and_a_rebuy_waits_for_the_big_blind() -> None:
    """R14.2 with R10.2: a busted player whose seat is held is not dealt in,
    so the blinds that pass their seat are missed as when sitting out; a
    rebuy then waits for the big blind (it used to deal them in free)."""
    table = bust_seat_4()
    table.play_hand(fold)  # button 1, blinds 2 and 3
    table.play_hand(fold)  # button 2, blinds 3 and 5: the big blind passed 4
    table.play_hand(fold)  # button 3, blinds 5 and 0: so did the small blind
    assert [e for e in table.events if isinstance(e, MissedBlind)] == [
        MissedBlind(3, 4, "E", "big blind"),
        MissedBlind(4, 4, "E", "small blind"),
    ]
    table.rebuy(4, 10_000)
    assert table.events[-1] == SatIn(4, "E", "wait", False)
    state = table.seats[4]
    assert state is not None and state.waiting and state.missed_big_blind
    for button in (5, 0, 1):
        table.play_hand(fold)
        assert table.button == button and 4 not in table.hand_seats
    table.start_hand()  # button 2, small blind 3: the big blind reaches 4
    e = moved(table)
    assert (e.seat, e.small_blind_seat, e.big_blind_seat) == (2, 3, 4)
    assert table.events[-2] == DealtIn(8, 4, "E", 0, 0)


def test_r14_2_a_rebuy_may_post_the_missed_blinds() -> None:
    """R14.2, R14.3: rebuying after the blinds passed a held seat, the player
    may post 100 live and 50 dead to be dealt in at once; chips add up."""
    table = bust_seat_4()
    for _ in range(3):
        table.play_hand(fold)  # the big blind, then the small blind pass seat 4
    table.rebuy(4, 10_000, post=True)
    assert table.events[-1] == SatIn(4, "E", "post", False)
    total = sum(stacks(table))
    hand = table.start_hand()  # button 4: the button posts no blind
    assert (moved(table).seat, table.hand_seats) == (4, (0, 1, 2, 3, 4, 5))
    assert posts(hand) == [(4, "live post", 100), (4, "dead post", 50)]
    while (seat := hand.to_act) is not None:
        hand.act(seat, fold(hand, seat))
    table.finish_hand()
    assert sum(stacks(table)) == total


def test_a_rebuy_before_any_blind_passes_deals_in_at_once() -> None:
    """R10.2: a player who rebuys before the blinds pass their held seat owes
    nothing and is dealt in at the next hand (``post`` changes nothing)."""
    table = bust_seat_4()
    table.rebuy(4, 5_000, post=True)
    assert not any(isinstance(e, SatIn) for e in table.events)
    hand = table.start_hand()  # button 1, blinds 2 and 3
    assert 4 in table.hand_seats and posts(hand) == []
    table.finish_hand() if hand.is_over else None
    with pytest.raises(TableError) as info:
        table.rebuy(4, 100, post=1)  # type: ignore[arg-type]
    assert info.value.reason is TableReason.HAND_IN_PROGRESS


# ------------------------------------------------------- tournaments, clock
def test_tournament_player_sitting_out_is_dealt_in_and_folded() -> None:
    """In a tournament nobody skips the blinds: a player sitting out is dealt
    in and the table folds (or checks) for them at once."""
    table = Table(3, schedule=Level(5, 10), mode=TableMode.TOURNAMENT, button=0, seed=5)
    for seat in range(3):
        table.sit(seat, "ABC"[seat], 500)
    table.sit_out(0)

    def call(hand: Hand, seat: int) -> Action:
        assert hand.config.names[seat] != "A", "asked a player who sits out"
        legal = hand.legal_actions()
        assert legal is not None
        return Action(Kind.CALL) if legal.call else Action(Kind.CHECK)

    hand = table.play_hand(call)
    assert table.hand_seats == (0, 1, 2) and hand.folded[0]
    # Not a timeout (the player is away, not slow): the count stays at 0.
    assert not any(isinstance(e, TimedOut) for e in table.events)
    assert [e for e in table.events if isinstance(e, ActedForAbsent)] == [
        ActedForAbsent(1, 0, "A", "fold")
    ]
    assert table.seats[0].timeouts == 0  # type: ignore[union-attr]
    assert table.sit_in(0) == "dealt in"
    assert table.events[-1] == SatIn(0, "A", "dealt in", False)


def test_the_clock_sits_a_player_out_after_timeouts_in_a_row() -> None:
    """Issue 12 item 5 with R14.1: two timeouts in a row sit the player out;
    the cash table deals them no cards from the next hand."""
    clock = FakeClock()
    table = Table(
        3,
        schedule=Level(5, 10),
        button=0,
        seed=4,
        clock=clock,
        turn_clock=TurnClock(10, sit_out_after=2),
    )
    for seat in range(3):
        table.sit(seat, "ABC"[seat], 500)
    table.start_hand()  # button 0 acts first: A times out
    clock.now += 11
    assert table.poll_clock() == (TimedOut(1, 0, "A", "fold", 1),)
    table.act(1, "fold")
    table.finish_hand()
    table.start_hand()  # button 1, blinds 2 and 0: B acts first
    table.act(1, "call")
    table.act(2, "call")
    clock.now += 30  # A, the big blind, times out on its option: a check
    assert table.poll_clock() == (TimedOut(2, 0, "A", "check", 2),)
    assert table.events[-1] == SatOut(0, "A", "timeouts")
    hand = table.hand
    assert hand is not None
    while (to_act := hand.to_act) is not None:
        if to_act == 0:
            (event,) = table.poll_clock()  # sitting out: no time given
            assert isinstance(event, ActedForAbsent) and event.seat == 0
            assert table.seats[0].timeouts == 2  # type: ignore[union-attr]
        else:
            table.act(to_act, "check")
    table.finish_hand()
    table.start_hand()
    assert table.hand_seats == (1, 2)
    table.act(2, "fold")  # heads-up: button 2 acts first
    table.finish_hand()
    assert table.seats[0].timeouts == 2  # type: ignore[union-attr]
    table.sit_in(0)  # coming back counts as being there: the count starts again
    assert table.seats[0].timeouts == 0  # type: ignore[union-attr]
    hand = table.start_hand()
    assert 0 in table.hand_seats
    seat = table.hand_seats[hand.to_act]  # type: ignore[index]
    while seat != 0:
        table.act(seat, "call" if hand.legal_actions().call else "check")  # type: ignore[union-attr]
        seat = table.hand_seats[hand.to_act]  # type: ignore[index]
    clock.now += 100
    (event,) = table.poll_clock()
    assert isinstance(event, TimedOut) and event.in_a_row == 1
    assert not table.seats[0].sitting_out  # type: ignore[union-attr]


# ------------------------------------------------------------------ errors
def test_sitting_out_errors_leave_the_table_unchanged() -> None:
    table = six()
    table.sit_out(4)
    before = (table.seats, table.events)
    for call, reason in [
        (lambda: table.sit_out(4), TableReason.SITTING_OUT),
        (lambda: table.sit_in(3), TableReason.NOT_SITTING_OUT),
        (lambda: table.sit_in(4, post="yes"), TableReason.BAD_AMOUNT),  # type: ignore[arg-type]
        (lambda: table.sit_out(9), TableReason.NO_SUCH_SEAT),
        (lambda: table.sit(4, "Z", 100, post=1), TableReason.BAD_AMOUNT),  # type: ignore[arg-type]
    ]:
        with pytest.raises(TableError) as info:
            call()
        assert info.value.reason is reason
        assert (table.seats, table.events) == before
    table.start_hand()
    with pytest.raises(TableError) as info:
        table.sit_in(4)
    assert info.value.reason is TableReason.HAND_IN_PROGRESS


def test_a_hand_needs_two_players_who_are_not_sitting_out() -> None:
    table = Table(3, schedule=Level(5, 10), seed=1)
    for seat in range(3):
        table.sit(seat, "ABC"[seat], 100)
    table.sit_out(0)
    table.sit_out(1)
    with pytest.raises(TableError) as info:
        table.start_hand()
    assert info.value.reason is TableReason.NOT_ENOUGH_PLAYERS
    assert table.run(fold) == table.standings()  # nothing to play
    assert table.hands_played == 0


# ---------------------------------------------------------------- property
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(3, 7),
    newcomers=st.booleans(),
    dead_button=st.booleans(),
)
# A poster owing the big blind skips the small blind's hand, leaving two dealt in.
@example(seed=9290, seats=6, newcomers=False, dead_button=False)
def test_r14_invariants_over_random_sessions(
    seed: int, seats: int, newcomers: bool, dead_button: bool
) -> None:
    """R14.1-R14.3 over random cash sessions of sitting out, coming back,
    newcomers, posts and busts: chips are only bought or taken away; a
    player sitting out is never dealt in; a player with a missed blind is
    dealt in only posting, on the big blind, in a blind, or in a short game,
    and never on the small blind when they owe the big blind; the big blind,
    and the button unless the table uses the dead-button
    rule, are players dealt in."""
    rng = random.Random(seed)
    table = Table(
        seats,
        schedule=Level(5, 10),
        seed=seed,
        newcomers_wait=newcomers,
        dead_button=dead_button,
    )
    bought = 0
    for seat in range(seats - 1):
        chips = rng.randint(30, 400)
        table.sit(seat, f"P{seat}", chips)
        bought += chips
    for _ in range(40):
        states = table.seats
        pick = rng.randrange(5)
        ins = [s.seat for s in states if s is not None and not s.sitting_out]
        outs = [s.seat for s in states if s is not None and (s.sitting_out or s.waiting)]
        if pick == 0 and len(ins) > 2:
            table.sit_out(rng.choice(ins))
        elif pick == 1 and outs:
            table.sit_in(rng.choice(outs), post=rng.random() < 0.5)
        elif pick == 2 and None in states:
            chips = rng.randint(30, 400)
            table.sit(
                states.index(None), f"N{table.events_recorded}", chips, post=rng.random() < 0.4
            )
            bought += chips
        for s in table.seats:
            if s is not None and s.stack == 0 and rng.random() < 0.5:  # else held a while
                table.rebuy(s.seat, 100, post=rng.random() < 0.5)
                bought += 100
        if dealt_in_count(table._players, table.mode) < 2:
            continue
        before = {s.seat: s for s in table.seats if s is not None}
        mark = table.events_recorded
        hand = table.start_hand()
        dealt = set(table.hand_seats)
        new_events = table.events[len(table.events) - (table.events_recorded - mark) :]
        entering = {e.seat: e for e in new_events if isinstance(e, DealtIn)}
        e = moved(table)
        assert e.big_blind_seat in dealt and (dead_button or e.seat in dealt)
        # A short game: fewer than three dealt in (posts need three, R14.3),
        # also when a poster owing the big blind skips the small blind's hand.
        short = len(dealt) < 3 or (
            sum(1 for s in before.values() if s.stack and not s.sitting_out and not s.waiting) < 3
        )
        for seat, state in before.items():
            if state.sitting_out:
                assert seat not in dealt
            elif state.stack and not state.waiting:
                # Only a poster owing the big blind skips a hand: the small blind's.
                assert seat in dealt or (state.posting and state.missed_big_blind)
            if seat in dealt and state.posting and state.missed_big_blind and not short:
                assert seat != e.small_blind_seat
            owes = state.missed_small_blind or state.missed_big_blind
            if seat in dealt and (owes or state.waiting or state.posting):
                assert seat in entering
                post = entering[seat]
                blinds = (e.small_blind_seat, e.big_blind_seat)
                if post.live_post == 0:
                    assert short or seat in blinds
                else:
                    assert post.live_post == 10 and state.posting and not short
                    assert post.dead_post == (5 if state.missed_small_blind else 0)
        while (seat := hand.to_act) is not None:
            legal = hand.legal_actions()
            assert legal is not None
            hand.act(seat, random_action(legal, rng))
        table.finish_hand()
        total = sum(s.stack for s in table.seats if s is not None)
        assert total == bought


def test_an_illegal_action_at_the_table_names_table_seats() -> None:
    """With seat 1 sitting out (R14.1) hand seats and table seats differ:
    the IllegalActionError of Table.act names table seats, as the caller
    does, and changes nothing."""
    from holdem import IllegalActionError, Reason

    table = six(button=0)
    table.sit_out(1)
    hand = table.start_hand()  # button 0, blinds 2 and 3: seat 4 acts first
    assert table.hand_seats == (0, 2, 3, 4, 5)
    log = hand.log
    with pytest.raises(IllegalActionError) as info:
        table.act(5, "call")
    assert info.value.seat == 5 and info.value.reason is Reason.NOT_YOUR_TURN
    assert str(info.value) == (
        "seat 5 (F) cannot call: it is seat 4's turn (E)"
        " (legal: fold, call 100, raise to 200..10000)"
    )
    with pytest.raises(IllegalActionError) as info:
        table.act(4, "raise to 150")
    assert info.value.seat == 4 and info.value.reason is Reason.BELOW_MINIMUM
    assert str(info.value) == (
        "seat 4 (E) cannot raise to 150: the minimum is 200"
        " (legal: fold, call 100, raise to 200..10000)"
    )
    assert hand.log == log


def test_tournament_player_sitting_out_is_acted_for_without_a_clock() -> None:
    """R14.1 when a server drives the hand (start_hand, act) with no turn
    clock: poll_clock folds for the tournament player sitting out at once,
    and their own action is then refused (sitting_out)."""
    table = Table(3, schedule=Level(5, 10), mode=TableMode.TOURNAMENT, button=0, seed=5)
    for seat in range(3):
        table.sit(seat, "ABC"[seat], 500)
    table.sit_out(0)
    hand = table.start_hand()  # three-handed: the button, seat 0, acts first
    assert hand.to_act == 0 and table.deadline is None
    assert table.poll_clock() == (ActedForAbsent(1, 0, "A", "fold"),)
    assert hand.folded[0] and hand.to_act == 1
    assert table.poll_clock() == ()  # B is not sitting out: nothing to do
    table.act(1, "fold")
    table.finish_hand()
    table.sit_out(1)
    hand = table.start_hand()  # button 1 (sitting out) acts first
    assert hand.to_act == 1
    with pytest.raises(TableError) as info:
        table.act(1, "call")
    assert info.value.reason is TableReason.SITTING_OUT
    assert hand.folded[1] and table.events[-1] == ActedForAbsent(2, 1, "B", "fold")
