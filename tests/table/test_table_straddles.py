"""Straddles at a Table (docs/rules.md R11): players straddle whenever they may,
the table builds each hand's straddles (examples S1 to S3 through a Table)."""

from __future__ import annotations

import pytest

from holdem import Action, Hand, Kind
from holdem.table.table import Level, Table, TableError, TableReason


def s_table(stacks: list[int] | None = None, **options: object) -> Table:
    """Examples S1-S3: six seats, button seat 0, blinds 1/2, stacks 400."""
    table = Table(6, schedule=Level(1, 2), button=0, seed=11, **options)  # type: ignore[arg-type]
    for seat, chips in enumerate(stacks or [400] * 6):
        table.sit(seat, "ABCDEF"[seat], chips)
    return table


def fold(hand: Hand, seat: int) -> Action:
    legal = hand.legal_actions()
    assert legal is not None
    return Action(Kind.FOLD) if legal.can_fold else Action(Kind.CHECK)


def test_s1_utg_straddle_through_a_table() -> None:
    """S1 (R11.1-R11.3): seat 3 straddles 4; seat 4 acts first: fold, call 4,
    raise to 8..400; when everyone calls, seat 3 may check or raise."""
    table = s_table(straddles=True)
    table.set_straddle(3)
    assert table.seats[3].straddle  # type: ignore[union-attr]
    hand = table.start_hand()
    assert hand.config.straddles == (3,)
    assert str(hand.legal_actions()) == "fold, call 4, raise to 8..400"
    for seat in (4, 5, 0, 1, 2):
        hand.act(seat, "call")
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3
    assert str(legal) == "check, raise to 8..400"


def test_s2_re_straddle_through_a_table() -> None:
    """S2: seat 4 re-straddles 8; seat 5 acts first: fold, call 8, raise to 16..400."""
    table = s_table(straddles=True)
    table.set_straddle(3)
    table.set_straddle(4)
    hand = table.start_hand()
    assert hand.config.straddles == (3, 4)
    assert str(hand.legal_actions()) == "fold, call 8, raise to 16..400"


def test_s3_button_straddle_through_a_table() -> None:
    """S3: the button (seat 0) straddles 4; seat 1, the small blind, acts
    first: fold, call 4 (adding 3), raise to 8..400; seat 0 acts last."""
    table = s_table(button_straddles=True)
    table.set_straddle(0)
    table.set_straddle(3)  # no UTG straddle at this table, and none after a button one
    hand = table.start_hand()
    assert hand.config.straddles == (0,)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 1 and legal.call == 3
    assert str(legal) == "fold, call 3, raise to 8..400"


def test_straddle_follows_the_wish_as_the_button_moves() -> None:
    table = s_table(straddles=True)
    table.set_straddle(4)
    assert table.start_hand().config.straddles == ()  # seat 3 is UTG and does not straddle
    hand = table.hand
    assert hand is not None
    while (seat := hand.to_act) is not None:
        hand.act(seat, fold(hand, seat))
    table.finish_hand()
    assert table.start_hand().config.straddles == (4,)  # button 1: seat 4 is UTG


def test_a_stack_that_does_not_exceed_the_straddle_cannot_straddle() -> None:
    """R11.1: seat 3 has 4 chips, not more than its straddle of 4; seat 4's
    re-straddle has nothing to follow."""
    table = s_table([400, 400, 400, 4, 400, 400], straddles=True)
    table.set_straddle(3)
    table.set_straddle(4)
    assert table.start_hand().config.straddles == ()


def test_straddle_wish_can_be_withdrawn_and_needs_a_table_that_allows_it() -> None:
    table = s_table(straddles=True)
    table.set_straddle(3)
    table.set_straddle(3, False)
    assert table.start_hand().config.straddles == ()
    plain = s_table()
    with pytest.raises(TableError) as info:
        plain.set_straddle(3)
    assert info.value.reason is TableReason.NO_STRADDLES
    with pytest.raises(TableError) as info:
        table.set_straddle(3)  # a hand is in progress
    assert info.value.reason is TableReason.HAND_IN_PROGRESS
