"""Per-seat event streams (holdem.views.streams): masking (R6), numbering, reconnect, bounds."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import hands, play_random_hand

from holdem import Hand, TableConfig
from holdem.engine.betting import Action, Kind
from holdem.errors import HoldemError
from holdem.table.table import Level, Table
from holdem.views.streams import TableStream, encode

CARD = re.compile(r"[2-9TJQKA][cdhs]")


def _cards_in(messages: list[dict[str, object]]) -> set[str]:
    return set(CARD.findall("".join(encode(m) for m in messages)))


def _allowed(hand: Hand, seat: int | None) -> set[str]:
    """The cards ``seat`` may know at the end of ``hand``: its own, the board,
    and cards shown at showdown (R6)."""
    allowed = set(hand.board)
    if seat is not None:
        allowed |= set(hand.hole_cards(seat))
    for event in hand.log:
        if type(event).__name__ == "Shown":
            allowed |= set(event.cards)  # type: ignore[attr-defined]
    return allowed


@settings(max_examples=60, deadline=None)
@given(hand=hands(), data=st.data())
def test_no_stream_holds_a_card_its_seat_may_not_see(hand: Hand, data: st.DataObject) -> None:
    """R6: a seat's stream never holds another seat's unshown hole cards, a
    mucked card or an undealt board card; a spectator sees only public cards."""
    stream = TableStream()
    stream.begin_hand(hand)
    play_random_hand(data, hand, after=lambda h, seat, action: stream.sync(h))
    n = hand.config.seats
    secret = {card for s in range(n) for card in hand.hole_cards(s)} | set(hand._deck_board)
    for seat in [*range(n), None]:
        reset, messages = stream.since(seat, 0)
        assert not reset
        seen = _cards_in(messages)
        assert seen <= _allowed(hand, seat)
        assert not (seen - _allowed(hand, seat)) & secret
        if seat is not None:
            # Its own cards are there, once.
            deals = [m for m in messages if m["t"] == "deal" and m["s"] == seat]
            assert [m["c"] for m in deals] == ["".join(hand.hole_cards(seat))]
    # Numbers run 1, 2, 3... and every record of the log was streamed once.
    numbers = [m["n"] for m in stream.since(None, 0)[1]]
    assert numbers == list(range(1, stream.last + 1))
    kinds = [m["t"] for m in stream.since(None, 0)[1] if m["t"] not in ("hand", "turn")]
    assert len(kinds) == len(hand.log)


def test_legal_options_go_only_to_the_seat_to_act() -> None:
    hand = Hand(
        TableConfig(stacks=[500, 500, 500], small_blind=5, big_blind=10),
        hole_cards=["AhAs", "KdKc", "7c2d"],
    )
    stream = TableStream()
    stream.begin_hand(hand)
    turn = stream.since(0, 0)[1][-1]
    assert turn == {
        "n": 7,
        "t": "turn",
        "s": 0,
        "d": 7,
        "legal": {"fold": 1, "check": 0, "call": 10, "min": 20, "max": 500, "w": "raise"},
    }
    assert "legal" not in stream.since(1, 0)[1][-1]
    assert "legal" not in stream.since(None, 0)[1][-1]
    # Syncing again without an action announces nothing new.
    stream.sync(hand)
    assert stream.last == 7


def test_reconnect_gets_everything_after_its_last_number() -> None:
    hand = Hand(TableConfig(stacks=[500, 500, 500], small_blind=5, big_blind=10), seed=3)
    stream = TableStream()
    stream.begin_hand(hand)
    seen = stream.last
    hand.call(0)
    stream.sync(hand)
    hand.fold(1)
    stream.sync(hand)
    reset, messages = stream.since(2, seen)
    assert not reset
    assert [(m["t"], m.get("s"), m.get("a")) for m in messages] == [
        ("act", 0, "call"),
        ("turn", 1, None),
        ("act", 1, "fold"),
        ("turn", 2, None),
    ]
    assert [m["n"] for m in messages] == list(range(seen + 1, stream.last + 1))
    assert stream.since(2, stream.last) == (False, [])


def test_table_seats_and_bounded_memory() -> None:
    """Messages use table seats; only the current and ``keep_hands`` previous hands
    are kept, and an old client restarts from the current hand's ``hand`` message."""
    table = Table(6, schedule=Level(5, 10), seed=11)
    for seat, name in ((1, "Ann"), (3, "Bo"), (4, "Cy")):
        table.sit(seat, name, 1000)
    stream = TableStream(keep_hands=1)
    for _ in range(3):
        hand = table.start_hand()
        stream.begin_hand(hand, table.hand_seats, table.hands_played + 1)
        while (seat := hand.to_act) is not None:
            hand.act(seat, Action(Kind.CHECK if hand.bets[seat] == hand.current_bet else Kind.CALL))
            stream.sync(hand)
        table.finish_hand()
    everything = stream.since(None, 0)
    assert everything[0] is True  # hand 1 was dropped
    first = everything[1][0]
    assert first["t"] == "hand" and first["h"] == 3 and first["seats"] == [1, 3, 4]
    assert {m["s"] for m in everything[1] if "s" in m} == {1, 3, 4}
    kept = stream.first
    assert stream.since(None, kept - 1)[0] is False
    assert stream.since(None, kept - 1)[1][0]["h"] == 2
    assert stream.since(None, stream.last + 5)[0] is True  # ahead of the stream


def test_restarted_stream_continues_the_numbers() -> None:
    hand = Hand(TableConfig(stacks=[500, 500], small_blind=5, big_blind=10), seed=1)
    stream = TableStream(start=40)
    stream.begin_hand(hand, number=7)
    reset, messages = stream.since(0, 40)
    assert not reset and messages[0]["n"] == 41 and messages[0]["h"] == 7


def test_bad_arguments() -> None:
    for bad in (-1, True, "1"):
        try:
            TableStream(keep_hands=bad)  # type: ignore[arg-type]
        except HoldemError as error:
            assert "keep_hands" in str(error)
        else:
            raise AssertionError("accepted")
    stream = TableStream()
    hand = Hand(TableConfig(stacks=[500, 500], small_blind=5, big_blind=10), seed=1)
    try:
        stream.sync(hand)
    except HoldemError as error:
        assert "begin_hand" in str(error)
    else:
        raise AssertionError("accepted")


def test_table_changes_are_public_messages() -> None:
    """A table's own events (R10) go to every seat alike, fields as recorded."""
    table = Table(6, schedule=Level(5, 10), seed=2)
    table.sit(2, "Ann", 1000)
    table.sit(4, "Bo", 800)
    stream = TableStream()
    for event in table.drain_events():
        stream.table_event(event)
    stream.note("chat", s=2, text="hello")
    expected = [
        {"n": 1, "t": "table", "e": "SeatTaken", "seat": 2, "name": "Ann", "chips": 1000},
        {"n": 2, "t": "table", "e": "SeatTaken", "seat": 4, "name": "Bo", "chips": 800},
        {"n": 3, "t": "chat", "s": 2, "text": "hello"},
    ]
    for seat in (None, 2, 4):
        assert stream.since(seat, 0) == (False, expected)


@settings(max_examples=30, deadline=None)
@given(
    size=st.integers(3, 9),
    data=st.data(),
)
def test_table_streams_never_leak_across_hands(size: int, data: st.DataObject) -> None:
    """R6 at a table, hand after hand: each table seat's stream holds only its
    own hole cards of each hand, that hand's board and shown cards; seats in
    messages are table seats."""
    seats = data.draw(
        st.lists(st.integers(0, size - 1), min_size=2, max_size=size, unique=True), label="seats"
    )
    table = Table(size, schedule=Level(1, 2), seed=data.draw(st.integers(0, 2**32), label="seed"))
    for seat in seats:
        table.sit(seat, f"P{seat}", data.draw(st.integers(3, 300), label="stack"))
    stream = TableStream(keep_hands=0)
    for _ in range(3):
        if len(table.players_with_chips) < 2:
            break
        hand = table.start_hand()
        stream.begin_hand(hand, table.hand_seats, table.hands_played + 1)
        play_random_hand(data, hand, after=lambda h, seat, action: stream.sync(h))
        mapped = table.hand_seats
        table.finish_hand()
        for seat in range(size):
            reset, messages = stream.since(seat, 0)
            assert reset == (table.hands_played > 1)  # older hands were dropped
            assert messages[0]["t"] == "hand" and messages[0]["seats"] == list(mapped)
            allowed = _allowed(hand, mapped.index(seat) if seat in mapped else None)
            assert _cards_in(messages) <= allowed
            assert {m["s"] for m in messages if "s" in m} <= set(mapped)
