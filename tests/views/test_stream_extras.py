"""The stream's extra messages for a player's screen (holdem.views.stream_extras):
pots by name (R7.3), hands turned up before an all-in run-out (R6.4) with their
equity as the board comes, and the best five cards of a shown hand (R6.1).
Above all: none of them gives a seat or a spectator a card it may not see (R6)."""

from __future__ import annotations

import random
import re

import pytest
from helpers import random_action

from holdem import Hand, TableConfig
from holdem.engine.betting import Action, Kind
from holdem.equity.allin import equity
from holdem.views.streams import TableStream, encode

CARD = re.compile(r"[2-9TJQKA][cdhs]")
EXTRA = ("pots", "allin", "equity")


def _all_in_three_ways() -> tuple[Hand, TableStream]:
    hand = Hand(
        TableConfig(stacks=[100, 300, 500], small_blind=5, big_blind=10),
        hole_cards=["AhAs", "KdKc", "7c8c"],
        board="7h2h8s7s9s",
    )
    stream = TableStream(extras=True)
    stream.begin_hand(hand, [2, 4, 5])
    while (legal := hand.legal_actions()) is not None:
        if legal.max_raise_to is not None:
            hand.act(legal.seat, Action(Kind.RAISE, legal.max_raise_to))
        else:
            hand.act(legal.seat, Action(Kind.CALL))
        stream.sync(hand)
    return hand, stream


def test_r7_3_pots_are_the_engines_main_and_side_pots() -> None:
    hand, stream = _all_in_three_ways()
    messages = stream.since(None, 0)[1]
    pots = [m for m in messages if m["t"] == "pots"]
    assert pots[-1]["p"] == [
        {"name": "main pot", "a": 300, "el": [2, 4, 5]},
        {"name": "side pot 1", "a": 400, "el": [4, 5]},
    ]
    awarded = [(m["name"], m["a"]) for m in messages if m["t"] == "pot"]
    assert awarded == [("main pot", 300), ("side pot 1", 400)]


def test_r6_4_hands_turned_up_before_the_run_out_with_equity() -> None:
    hand, stream = _all_in_three_ways()
    kinds = [m["t"] for m in stream.since(None, 0)[1]]
    messages = stream.since(None, 0)[1]
    first_board = kinds.index("board")
    reveal = kinds.index("allin")
    assert reveal < first_board  # turned up before the flop comes
    assert "act" not in kinds[reveal:]  # no betting after the reveal
    allin = messages[reveal]
    assert allin["s"] == [2, 4, 5] and allin["c"] == ["AhAs", "KdKc", "7c8c"]
    equities = [m for m in messages if m["t"] == "equity"]
    assert [m["st"] for m in equities] == ["preflop", "flop", "turn"]
    assert [m["x"] for m in equities] == [0, 1, 1]
    flop = equity(["AhAs", "KdKc", "7c8c"], "7h2h8s", exact=True)
    assert equities[1]["eq"] == [round(p.equity_float, 4) for p in flop.players]
    for m in equities:
        assert sum(m["eq"]) == pytest.approx(1, abs=1e-3)
    # Each equity follows the board it is computed on.
    assert kinds[kinds.index("equity", first_board) - 1] == "board"
    shows = {m["s"]: m for m in messages if m["t"] == "show"}
    assert shows[5]["h"] == "full house, sevens full of eights"
    assert shows[5]["b"] == "7c7h7s8c8s"


def test_no_extra_without_the_option() -> None:
    """Without ``extras`` the stream is as it was: no new message, no ``b``."""
    hand = Hand(
        TableConfig(stacks=[100, 100], small_blind=5, big_blind=10),
        hole_cards=["AhAs", "KdKc"],
    )
    stream = TableStream()
    stream.begin_hand(hand)
    hand.all_in(0)
    hand.check_or_call(1)
    stream.sync(hand)
    messages = stream.since(None, 0)[1]
    assert not any(m["t"] in EXTRA for m in messages)
    assert all("b" not in m for m in messages if m["t"] == "show")


def _played(rnd: random.Random) -> tuple[Hand, TableStream]:
    n = rnd.randint(2, 6)
    config = TableConfig(
        stacks=[rnd.choice([rnd.randint(1, 30), rnd.randint(30, 400)]) for _ in range(n)],
        small_blind=5,
        big_blind=10,
        button=rnd.randrange(n),
        ante=(ante := rnd.choice([0, 0, 2])),
        ante_type="none" if not ante else rnd.choice(["uniform", "big_blind"]),
        max_runs=rnd.choice([1, 1, 2, 3]),
    )
    hand = Hand(config, seed=rnd.random())
    stream = TableStream(extras=True)
    seats = rnd.sample(range(10), n)
    stream.begin_hand(hand, seats)
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal is None:
            asked = hand.run_seat
            assert asked is not None
            hand.choose_runs(asked, rnd.randint(1, config.max_runs))
        else:
            random_action(hand, legal, rnd, ["cc", "f", "cbr", "allin", "allin"])
        stream.sync(hand)
    return hand, stream


@pytest.mark.parametrize("seed", range(8))
def test_r6_no_new_message_shows_a_card_a_seat_may_not_see(seed: int) -> None:
    """R6 for the new messages, for every seat and a spectator, in 50 random
    hands a seed, most of them all-in: a card in an ``allin`` message is
    one that seat shows at the showdown anyway (R6.4), never a folded or
    mucked hand's, and comes only once no more betting can happen; ``pots``
    and ``equity`` carry no card; a ``show``'s best five is its cards and
    the board's. At any point of a stream, the cards it holds are the
    viewer's own, the board dealt so far and the hands turned up so far."""
    rnd = random.Random(seed)
    reveals = 0
    for _ in range(50):
        hand, stream = _played(rnd)
        seats = stream.since(None, 0)[1][0]["seats"]
        hole = {seats[i]: set(hand.hole_cards(i)) for i in range(hand.config.seats)}
        for viewer in [None, *seats]:
            messages = stream.since(viewer, 0)[1]
            shown = {m["s"]: m["c"] for m in messages if m["t"] == "show"}
            mucked = {m["s"] for m in messages if m["t"] == "muck"}
            public: set[str] = set()
            own = hole[viewer] if viewer is not None else set()
            closed = False
            for m in messages:
                kind = m["t"]
                if kind in ("pots", "equity"):
                    assert not CARD.findall(encode(m))
                elif kind == "allin":
                    reveals += viewer is None
                    closed = True
                    for s, cards in zip(m["s"], m["c"]):
                        assert shown.get(s) == cards, "turned up but not shown at the showdown"
                        assert s not in mucked
                        public |= set(CARD.findall(cards))
                elif kind == "act":
                    assert not closed, "betting after the hands were turned up"
                elif kind == "board":
                    public |= set(CARD.findall(m["c"]))
                elif kind == "show":
                    public |= set(CARD.findall(m["c"]))
                    board = set().union(*map(set, hand.boards))
                    assert set(CARD.findall(m["b"])) <= set(CARD.findall(m["c"])) | board
                    continue
                cards = set(CARD.findall(encode({k: v for k, v in m.items() if k != "name"})))
                assert cards <= public | own, (viewer, m)
    assert reveals >= 20  # the all-in path is really exercised
