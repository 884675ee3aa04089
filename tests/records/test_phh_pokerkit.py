"""The export read back by PokerKit 0.7.7 strictly: every action applied exactly as written.

PokerKit's ``HandHistory`` iteration repairs a history (it checks, folds and
shows for players when an action does not apply). The strict replay below
applies each action with ``parse_action`` and allows only what no player
decides: posting, collecting, burning, killing hands and pushing chips.
"""

from __future__ import annotations

import json
import random
import tomllib
import warnings
from pathlib import Path

import pytest
from helpers import random_hand, where_pokerkit_differs
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import corpus_file, require
from holdem import Action, Hand, Kind
from holdem.records import MATCHED, dumps, record_to_phh, replay_record, to_phh
from holdem.table.table import Level, Table

pokerkit = require("pokerkit", "the test extra: pip install -e '.[test]'")
notation = require("pokerkit.notation", "the test extra: pip install -e '.[test]'")

SAMPLE = Path(__file__).parents[1] / "data" / "corpus-sample.jsonl"


def strict_pokerkit_stacks(text: str) -> list[int]:
    """Final stacks of a PHH text replayed by PokerKit with no automatic repair.

    Raises:
        ValueError: an action PokerKit refuses (with its index), or a hand
            not over after the last action.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the user fields PokerKit does not know
        history = pokerkit.HandHistory.loads(text)
    state = history.create_state()

    def housekeeping() -> None:
        while True:
            if state.can_burn_card():
                state.burn_card("??")
            elif state.can_push_chips():
                state.push_chips()
            elif state.can_pull_chips():
                state.pull_chips()
            elif state.can_kill_hand():
                state.kill_hand()
            else:
                return

    for index, action in enumerate(history.actions):
        housekeeping()
        try:
            notation.parse_action(state, action)
        except ValueError as error:
            raise ValueError(f"action {index} {action!r}: {error}") from None
    housekeeping()
    if state.status:
        raise ValueError("the hand is not over after the last action")
    return list(state.stacks)


def test_the_strict_replay_refuses_what_the_repairing_one_fixes() -> None:
    """A missing check is an error here, where HandHistory's iteration would add it."""
    text = dumps(
        {
            "variant": "NT",
            "antes": [0, 0],
            "blinds_or_straddles": [50, 100],
            "min_bet": 100,
            "starting_stacks": [1000, 1000],
            "actions": ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cc", "d db 2c7d9h"],
        }
    )
    with pytest.raises(ValueError, match="action 3"):
        strict_pokerkit_stacks(text)


def _corpus_records() -> list[dict]:
    path = corpus_file("phh-nlhe-public.jsonl")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _exported_stacks_differ(records: list[dict]) -> list[tuple[str, str]]:
    wrong = []
    for record in records:
        text = dumps(record_to_phh(record))
        try:
            stacks = strict_pokerkit_stacks(text)
        except ValueError as error:
            wrong.append((record["id"], str(error)))
            continue
        if stacks != record["finishing_stacks"]:
            wrong.append((record["id"], f"{stacks} != {record['finishing_stacks']}"))
    return wrong


def test_the_bundled_sample_exports_for_a_strict_pokerkit_replay() -> None:
    """Every bundled hand, exported, ends on its stacks in a strict PokerKit replay."""
    records = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 68
    assert _exported_stacks_differ(records) == []


def test_every_public_corpus_hand_exports_for_a_strict_pokerkit_replay() -> None:
    """2,047 of 2,047: shows before the run-out, shows kept, blinds at their posters."""
    records = _corpus_records()
    assert len(records) == 2047
    assert _exported_stacks_differ(records) == []


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_engine_hands_export_for_a_strict_pokerkit_replay(rnd: random.Random) -> None:
    """Random engine hands (2 to 7 seats, antes, short stacks): PokerKit applies every
    exported action as written, R5.1a's unasked check included, and ends on our stacks
    (hands where PokerKit departs from the rule book are left to the differential tests)."""
    hand = random_hand(rnd)
    if where_pokerkit_differs(hand):
        return
    record = to_phh(hand)
    assert strict_pokerkit_stacks(dumps(record)) == record["finishing_stacks"]


def _random_decision(rnd: random.Random):  # type: ignore[no-untyped-def]
    def decide(hand: Hand, seat: int) -> Action:
        legal = hand.legal_actions()
        assert legal is not None
        pick = rnd.random()
        if pick < 0.15 and legal.can_all_in:
            return Action(Kind.ALL_IN)
        if pick < 0.3 and legal.can_fold and not legal.can_check:
            return Action(Kind.FOLD)
        return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)

    return decide


def test_r2_1_table_hands_with_dead_blinds_export_for_pokerkit() -> None:
    """R2.1, R10.1: tournament tables' hands (busts give dead small blinds and dead
    buttons) export, replay here and in a strict PokerKit to the same stacks."""
    dead = 0
    for seed in range(20):
        rnd = random.Random(seed)
        table = Table(6, schedule=Level(50, 100), mode="tournament")
        for k in range(6):
            table.sit(k, f"Player {k}", rnd.choice([300, 1000, 3000]))
        for number in range(40):
            if table.is_over:
                break
            hand = table.play_hand(_random_decision(rnd), seed=seed * 100 + number)
            dead += hand.config.small_blind_seat is None
            record = to_phh(hand)
            text = dumps(record)
            assert replay_record(tomllib.loads(text)).status == MATCHED
            if not where_pokerkit_differs(hand):
                assert strict_pokerkit_stacks(text) == record["finishing_stacks"]
    assert dead >= 5  # the seeds give dead small blinds
