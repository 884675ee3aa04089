"""ACPC MATCHSTATE and Slumbot action strings (holdem.search.acpc): known
strings, round trips through the engine (R3), refusals."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem import Action, Hand, Kind, TableConfig
from holdem.engine.events import Acted
from holdem.errors import IllegalActionError, NotationError
from holdem.search.acpc import (
    MatchState,
    decode_acpc,
    decode_slumbot,
    encode_acpc,
    encode_slumbot,
    parse_matchstate,
)
from holdem.selfplay.agents import random_action
from tests.strategies import table_configs

ACPC_2P = TableConfig([20000, 20000], 50, 100, button=1)  # position 0 posts the big blind


def acted(config: TableConfig, steps: list[tuple[int, Action]]) -> list[tuple[object, ...]]:
    """The engine's record of the steps: (seat, action word, to, added) per action."""
    hand = Hand(config, seed=0)
    for seat, action in steps:
        hand.act(seat, action)
    return [(e.seat, e.action, e.to, e.added) for e in hand.log if isinstance(e, Acted)]


def test_near_all_in_slumbot_sequence_decodes_with_per_street_totals_r3_3_r4_1() -> None:
    """Slumbot's b<N> is the bet on this street: after 1,250 each preflop, the flop
    b18650 is a bet of 18,650 and b18750 an all-in raise short of a full raise
    (R4.1, legal as an all-in), 20,000 in all, the ACPC r20000."""
    steps = decode_slumbot("b1250c/b18650b18750c//", ACPC_2P)
    assert steps == [
        (1, Action(Kind.RAISE, 1250)),
        (0, Action(Kind.CALL)),
        (0, Action(Kind.BET, 18650)),
        (1, Action(Kind.RAISE, 18750)),
        (0, Action(Kind.CALL)),
    ]
    hand = Hand(ACPC_2P, seed=0)
    for seat, action in steps:
        hand.act(seat, action)
    assert hand.contributions == (20000, 20000) and hand.is_over
    assert encode_acpc(steps, ACPC_2P) == "r1250c/r19900r20000c//"
    assert decode_acpc("r1250c/r19900r20000c//", ACPC_2P) == [
        (1, Action(Kind.RAISE, 1250)),
        (0, Action(Kind.CALL)),
        (0, Action(Kind.BET, 18650)),
        (1, Action(Kind.RAISE, 18750)),
        (0, Action(Kind.CALL)),
    ]


def test_known_slumbot_and_acpc_strings() -> None:
    """b200c/kk/kb300f: raise to 200, call; the flop checked; on the turn a check,
    a bet of 300 and a fold."""
    steps = decode_slumbot("b200c/kk/kb300f", ACPC_2P)
    assert [(s, str(a)) for s, a in steps] == [
        (1, "raise to 200"),
        (0, "call"),
        (0, "check"),
        (1, "check"),
        (0, "check"),
        (1, "bet 300"),
        (0, "fold"),
    ]
    assert encode_acpc(steps, ACPC_2P) == "r200c/cc/cr500f"
    assert decode_acpc("r200c/cc/cr500f", ACPC_2P) == steps
    assert encode_slumbot(steps, ACPC_2P) == "b200c/kk/kb300f"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("b200c/kkk", NotationError),  # the turn's '/' is missing
        ("b200c//", NotationError),  # a '/' before the flop's betting is over
        ("b200x", NotationError),
        ("b150", IllegalActionError),  # below the minimum raise to 200 (R3.3)
        ("k", IllegalActionError),  # the small blind owes 50: no check (R3.1)
        ("b200cc", NotationError),  # "/" missing: the flop has begun
        ("b200c/c", IllegalActionError),  # Slumbot checks with k: c is a call of nothing
    ],
)
def test_bad_strings_are_refused(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        decode_slumbot(text, ACPC_2P)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=table_configs(), seed=st.integers(0, 2**32 - 1))
def test_round_trips_through_both_notations_r3(config: TableConfig, seed: int) -> None:
    """Random legal hands (2 to 10 seats, antes, pot-limit): encode then decode
    gives the same actions to the engine, and decode then encode the same text."""
    rng = random.Random(seed)
    hand = Hand(config, seed=seed)
    steps = []
    while (legal := hand.legal_actions()) is not None:
        action = random_action(legal, rng)
        steps.append((legal.seat, action))
        hand.act(legal.seat, action)
    record = acted(config, steps)
    for encode, decode in ((encode_acpc, decode_acpc), (encode_slumbot, decode_slumbot)):
        text = encode(steps, config)
        again = decode(text, config)
        assert acted(config, again) == record
        assert encode(again, config) == text


def test_matchstate_parses_and_writes_back() -> None:
    """A MATCHSTATE line parses into its fields and str() writes it back unchanged."""
    line = "MATCHSTATE:0:30:cc/r250c/r500c/:Ah5c|/KsQd7h/2c/9d"
    state = parse_matchstate(line)
    assert state == MatchState(
        0, 30, "cc/r250c/r500c/", (("Ah", "5c"), ()), (("Ks", "Qd", "7h"), ("2c",), ("9d",))
    )
    assert str(state) == line
    shown = parse_matchstate("MATCHSTATE:1:7:r300c/cc/cc/cc:Ah5c|KdKs/2s3s4s/5s/6s\r\n")
    assert shown.hole == (("Ah", "5c"), ("Kd", "Ks"))
    steps = decode_acpc(shown.betting, ACPC_2P)
    assert encode_acpc(steps, ACPC_2P) == shown.betting


@pytest.mark.parametrize(
    "line",
    [
        "MATCHSTATE:0:30:cc",
        "MATCHSTATE:x:30:cc:Ah5c|",
        "MATCHSTATE:0:30:cq:Ah5c|",
        "MATCHSTATE:0:30:cc:Ah5z|",
        "MATCHSTATE:3:30:cc:Ah5c|",
        "MATCH:0:30:cc:Ah5c|",
    ],
)
def test_bad_matchstate_lines_are_refused(line: str) -> None:
    with pytest.raises(NotationError):
        parse_matchstate(line)


def test_all_in_steps_encode_as_bets_and_calls_r3_1() -> None:
    """R3.1: an all-in is written as the bet or call it amounts to; the run-out
    to the river writes the three '/' of the streets dealt (R5.3)."""
    steps = [(1, Action(Kind.ALL_IN)), (0, Action(Kind.ALL_IN))]
    assert encode_slumbot(steps, ACPC_2P) == "b20000c///"
    assert encode_acpc(steps, ACPC_2P) == "r20000c///"
    assert decode_acpc("r20000c///", ACPC_2P) == [
        (1, Action(Kind.RAISE, 20000)),
        (0, Action(Kind.CALL)),
    ]
    blinds_all_in = TableConfig([100, 50], 50, 100, button=1)
    assert encode_acpc([], blinds_all_in) == "///"
    assert decode_slumbot("///", blinds_all_in) == []


@pytest.mark.parametrize(
    ("line", "seats", "message"),
    [
        ("MATCHSTATE:²:0::|", None, "must be 1 to 30 ASCII digits"),  # was a bare ValueError
        ("MATCHSTATE:0:٣::Ah5c|", None, "must be 1 to 30 ASCII digits"),
        ("MATCHSTATE:0:0::Ah5c|Ah5c", None, "Ah 5c seen twice"),
        ("MATCHSTATE:0:0:cc:Ah5c|/Ah5d7h", None, "Ah seen twice"),
        ("MATCHSTATE:0:0:c:Ah5c|Kd|Qd", None, "position 1 has 1 hole cards"),
        ("MATCHSTATE:0:0:c:Ah5c|KdKs|QdQs", 2, "3 hole-card fields, expected 2"),
        ("MATCHSTATE:0:0::Ah5c", None, "1 hole-card fields, expected 2 to 10"),
        ("MATCHSTATE:0:0:cc:Ah5c|/KsQd", None, "board street 1 has 2 cards, expected 3"),
        ("MATCHSTATE:0:0:cc:Ah5c|/KsQd7h/2c3c", None, "board street 2 has 2 cards"),
        ("MATCHSTATE:0:0::Ah5c|/KsQd7h/2c/3c/4c", None, "4 board streets, at most 3"),
    ],
)
def test_matchstate_refuses_foreign_digits_repeated_cards_and_wrong_counts(
    line: str, seats: int | None, message: str
) -> None:
    """Every bad MATCHSTATE is a NotationError naming the problem (R1: each card
    is dealt once; two hole cards a player)."""
    with pytest.raises(NotationError, match=message):
        parse_matchstate(line, seats)


@pytest.mark.parametrize("text", ["r٣٠٠c/", "r３００c/"])
def test_acpc_amounts_are_ascii_digits_only(text: str) -> None:
    """Arabic-Indic or full-width digits are not an ACPC amount (``\\d`` took them)."""
    config = TableConfig([20000, 20000], 50, 100, button=1)
    with pytest.raises(NotationError, match="not a ACPC action string"):
        decode_acpc(text, config)
    with pytest.raises(NotationError, match="not a Slumbot action string"):
        decode_slumbot(text.replace("r", "b"), config)
