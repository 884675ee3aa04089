"""PHH import, replay and export (R3.7 legality on replay, R5.1a no-op checks)."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest
from helpers import random_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import corpus_file
from holdem.records import (
    DIFFERED,
    MATCHED,
    REJECTED,
    REPLAYED,
    UNSUPPORTED,
    dumps,
    replay_paths,
    replay_record,
    to_phh,
)

HERE = Path(__file__).parents[1]
SAMPLE = HERE / "data" / "corpus-sample.jsonl"


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _corpus(name: str) -> list[dict]:
    return _records(corpus_file(name))


def test_bundled_sample_replays_exactly() -> None:
    """The bundled Pluribus and WSOP hands (big-blind ante, R2.3, R7.6) end on their records."""
    results = [replay_record(r) for r in _records(SAMPLE)]
    assert len(results) == 68
    assert [r.id for r in results if r.status != MATCHED] == []


@pytest.mark.parametrize("name", ["phh-nlhe-public.jsonl", "rulebook-random.jsonl"])
def test_corpus_replays_to_the_exact_chip(name: str) -> None:
    """Every real hand (2,047) and every rule-book hand (5,000) ends on its finishing stacks."""
    records = _corpus(name)
    wrong = []
    for record in records:
        result = replay_record(record)
        if result.status != MATCHED:
            wrong.append((result.id, result.status, result.divergence()))
    assert wrong == []
    assert len(records) == {"phh-nlhe-public.jsonl": 2047, "rulebook-random.jsonl": 5000}[name]


BASE = {
    "variant": "NT",
    "antes": [0, 0, 0],
    "blinds_or_straddles": [50, 100, 0],
    "min_bet": 100,
    "starting_stacks": [1000, 1000, 1000],
    "actions": [
        "d dh p1 AhAs",
        "d dh p2 KhKs",
        "d dh p3 QhQs",
        "p3 cbr 300",
        "p1 f",
        "p2 cc",
        "d db 2c7d9h",
        "p2 cc",
        "p3 cbr 200",
        "p2 f",
    ],
    "finishing_stacks": [950, 700, 1350],
}


def _with(**changes: object) -> dict:
    record = json.loads(json.dumps(BASE))
    record.update(changes)
    return record


def test_a_clean_record_matches_and_reports_its_stacks() -> None:
    result = replay_record(BASE)
    assert (result.status, result.finishing_stacks, result.error) == (
        MATCHED,
        (950, 700, 1350),
        None,
    )
    line = json.loads(result.to_json())
    assert set(line) == {"id", "status", "finishing_stacks", "expected", "error"}


def test_without_finishing_stacks_the_hand_is_replayed() -> None:
    record = _with()
    del record["finishing_stacks"]
    assert replay_record(record).status == REPLAYED


def test_a_wrong_record_differs_and_names_the_first_divergence() -> None:
    result = replay_record(_with(finishing_stacks=[950, 700, 1351]))
    assert result.status == DIFFERED
    assert result.divergence() == "p3 finishes with 1350, the record says 1351"


@pytest.mark.parametrize(
    ("change", "index", "fragment"),
    [
        (
            {"actions": [*BASE["actions"][:3], "p3 cbr 150", *BASE["actions"][4:]]},
            3,
            "minimum is 200",
        ),
        ({"actions": [*BASE["actions"][:3], "p1 cc", *BASE["actions"][4:]]}, 3, "turn"),
        (
            {"actions": [*BASE["actions"][:3], "p3 cbr 3x0", *BASE["actions"][4:]]},
            3,
            "whole number",
        ),
        (
            {"actions": [*BASE["actions"][:3], "p3 xyz", *BASE["actions"][4:]]},
            3,
            "unknown action code",
        ),
        ({"actions": [*BASE["actions"][:3], "p7 cc", *BASE["actions"][4:]]}, 3, "no player p7"),
        ({"actions": ["d dh p1 AhAs", "d dh p2 AhKs", *BASE["actions"][2:]]}, 1, "dealt twice"),
        ({"actions": ["d dh p1 AhZz", *BASE["actions"][1:]]}, 0, "not a card"),
        ({"actions": BASE["actions"][:5]}, 5, "ends before the hand is over"),
        ({"actions": [*BASE["actions"][:5], "d db 2c7d9h", "p2 cc"]}, 5, "still on"),
    ],
)
def test_malformed_actions_are_rejected_with_the_action_index(
    change: dict, index: int | None, fragment: str
) -> None:
    """R3.7: the replay uses the live legality checks; a refusal names the action."""
    result = replay_record(_with(**change))
    assert result.status == REJECTED
    assert result.error is not None
    assert result.error["action_index"] == index
    assert fragment in result.error["message"]


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"starting_stacks": [1000, -5, 1000]}, "whole numbers"),
        ({"starting_stacks": [1000, 10.5, 1000]}, "whole numbers"),
        ({"antes": [0, 0]}, "2 entries for 3 players"),
        ({"actions": "p1 f"}, "array of strings"),
    ],
)
def test_malformed_fields_are_rejected(change: dict, fragment: str) -> None:
    result = replay_record(_with(**change))
    assert result.status == REJECTED
    assert result.error is not None and fragment in result.error["message"]


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"variant": "FT"}, "is not no-limit (NT) or pot-limit (PT) hold'em"),
        ({"blinds_or_straddles": [50, 100, 300]}, "not a straddle of 200"),
        ({"antes": [5, 10, 0]}, "neither uniform nor a big-blind ante"),
        (
            {"actions": [*BASE["actions"][:7], "d db 8c", "d db 8d", "d db 8h8s6c"]},
            "more than 5 board cards",
        ),
    ],
)
def test_what_the_engine_does_not_play_is_unsupported(change: dict, fragment: str) -> None:
    result = replay_record(_with(**change))
    assert result.status == UNSUPPORTED
    assert result.error is not None and fragment in result.error["message"]


def test_a_recorded_check_with_no_decision_is_a_no_op() -> None:
    """R5.1a: the only player able to bet, owing nothing, may be recorded as checking."""
    record = _showdown_record(
        starting_stacks=[1000, 500],
        actions=[
            "d dh p1 AhAs",
            "d dh p2 KhKs",
            "p2 cbr 500",
            "p1 cc",
            "d db 2c7d9h",
            "p1 cc",
            "d db Ts",
            "p1 cc",
            "d db 3s",
            "p1 sm AhAs",
            "p2 sm KhKs",
        ],
        finishing_stacks=[1500, 0],
    )
    assert replay_record(record).status == MATCHED


CHECKED_DOWN = ["p3 cc", "p1 cc", "p2 cc"] + [
    action
    for street in ("d db 2c7d9h", "d db Ts", "d db 3s")
    for action in (street, "p1 cc", "p2 cc", "p3 cc")
]


def test_unknown_cards_never_win_and_an_all_unknown_showdown_is_rejected() -> None:
    """Unknown hole cards can never win; a showdown with only unknown hands is refused."""
    known = ["d dh p1 ????", "d dh p2 ????", "d dh p3 QhQs"]
    record = _with(actions=known + CHECKED_DOWN + ["p3 sm QhQs"], finishing_stacks=[900, 900, 1200])
    assert replay_record(record).status == MATCHED
    hidden = _with(actions=["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"] + CHECKED_DOWN)
    result = replay_record(hidden)
    assert result.status == REJECTED
    assert result.error is not None and "unknown hole cards" in result.error["message"]


def test_phh_and_phhs_files_and_folders(tmp_path: Path) -> None:
    (tmp_path / "one.phh").write_text(dumps(BASE), encoding="utf-8")
    (tmp_path / "two.phhs").write_text(
        "[1]\n" + dumps(BASE) + "\n[2]\n" + dumps(_with(finishing_stacks=[1, 2, 3])),
        encoding="utf-8",
    )
    (tmp_path / "bad.phh").write_text("variant = [", encoding="utf-8")
    statuses = sorted(r.status for r in replay_paths([tmp_path]))
    assert statuses == [DIFFERED, MATCHED, MATCHED, REJECTED]


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_export_then_replay_gives_the_same_hand(rnd: random.Random) -> None:
    """Round trip: any hand the engine plays writes a PHH file that replays to the same stacks."""
    hand = random_hand(rnd)
    record = tomllib.loads(dumps(to_phh(hand)))
    result = replay_record(record)
    assert result.status == MATCHED, result.divergence()


def _showdown_record(**changes: object) -> dict:
    record = {
        "variant": "NT",
        "antes": [0, 0],
        "blinds_or_straddles": [50, 100],
        "min_bet": 100,
        "starting_stacks": [1000, 1000],
        "actions": [
            "d dh p1 AhAs",
            "d dh p2 KhKs",
            "p2 cbr 1000",
            "p1 cc",
            "d db 2c7d9h",
            "d db Ts",
            "d db 3s",
            "p1 sm AhAs",
            "p2 sm KhKs",
        ],
        "finishing_stacks": [2000, 0],
    }
    record.update(changes)
    return record


@pytest.mark.parametrize(
    ("actions", "fragment"),
    [
        (["d dh p1 AhAs", "d dh p2 KhKs", "p2 cbr 1000", "p1 cc"], "history deals 0"),
        (
            [
                "d dh p1 AhAs",
                "d dh p2 KhKs",
                "p2 cbr 1000",
                "p1 cc",
                "d db 2c7d9h",
                "d db Ts",
                "d db 3s",
                "p1 sm AhAs junk",
            ],
            "at most the cards",
        ),
        (["d dh p1 AhAs", "d dh p2 KhKs", "p2 cbr 1000", "p1 cc 999"], "takes no amount"),
        (["d dh p1 AhAs", "d dh p2 KhKs", "p2 cbr ²"], "whole number"),
        (["d dh p² AhAs", "d dh p2 KhKs", "p2 cbr 1000"], "not a player"),
        (["d dh p1 AhAs", "d dh p2 KhKs", "p2 cbr ٣٠٠"], "whole number"),
    ],
)
def test_what_a_history_does_not_say_is_never_guessed(actions: list[str], fragment: str) -> None:
    """R5.4: board cards are never made up; malformed actions are refused, not ignored."""
    result = replay_record(_showdown_record(actions=actions))
    assert result.status == REJECTED
    assert result.error is not None and fragment in result.error["message"]


def test_shown_cards_may_be_written_in_any_order() -> None:
    record = _showdown_record()
    record["actions"][-2] = "p1 sm AsAh"
    assert replay_record(record).status == MATCHED


def test_a_check_after_the_hand_is_over_is_refused_unless_it_is_r5_1a() -> None:
    """R5.1a covers the one seat left able to bet; nobody else may check once betting is over."""
    record = _with(actions=[*BASE["actions"], "p1 cc"])
    result = replay_record(record)
    assert result.status == REJECTED
    assert result.error is not None and result.error["action_index"] == len(BASE["actions"])


@pytest.mark.parametrize("stacks", [[950, 700], "950,700,1350"])
def test_malformed_finishing_stacks_are_rejected(stacks: object) -> None:
    result = replay_record(_with(finishing_stacks=stacks))
    assert result.status == REJECTED
