"""Records for the table's rules: straddles (R11), runs (R12), rake (R13), posts (R14.3),
free folds (R3.1).

Straddles are in ``blinds_or_straddles`` as PHH writes them; the runs, the
rake, the posts and the free fold are ``run_count``, ``rake_rule``,
``live_posts``, ``dead_posts`` and ``free_fold`` in JSON lines and the same
names with a leading underscore in ``.phh`` files. The rule
book's worked examples are replayed as records with their exact figures.
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from holdem.records import (
    MATCHED,
    REJECTED,
    UNSUPPORTED,
    dumps,
    record_to_phh,
    replay,
    replay_record,
    table_config,
)

DEALS = [
    f"d dh p{k} {cards}"
    for k, cards in enumerate(["2s3h", "4s5h", "6s7h", "8s9h", "TsJh", "QsKh"], 1)
]


def six(blinds: list[int], actions: list[str], **fields: Any) -> dict[str, Any]:
    """Six players, p6 the button; stacks 400 unless given."""
    record: dict[str, Any] = {
        "variant": "NT",
        "antes": [0] * 6,
        "blinds_or_straddles": blinds,
        "min_bet": blinds[1],
        "starting_stacks": [400] * 6,
        "actions": DEALS + actions,
    }
    record.update(fields)
    return record


def test_r11_example_s1_a_utg_straddle() -> None:
    """R11.2, R11.3, example S1: blinds 1/2, p3 straddles 4; p4 acts first and may
    raise to 8 at least (PokerKit 0.7.7 would allow 6)."""
    folds = ["p5 f", "p6 f", "p1 f", "p2 f", "p3 f"]
    record = six([1, 2, 4, 0, 0, 0], ["p4 cbr 8", *folds])
    record["finishing_stacks"] = [399, 398, 396, 407, 400, 400]
    assert replay_record(record).status == MATCHED
    config = table_config(record)
    assert (config.straddles, config.big_blind, config.min_bet) == ((2,), 2, 2)
    short = replay_record(six([1, 2, 4, 0, 0, 0], ["p4 cbr 6", *folds]))
    assert short.status == REJECTED and short.error is not None
    assert short.error["action_index"] == 6 and "8" in short.error["message"]


def test_r11_example_s2_a_re_straddle() -> None:
    """Example S2: p4 re-straddles 8; p5 acts first: call 8 or raise to 16 at least."""
    record = six([1, 2, 4, 8, 0, 0], ["p5 cbr 16", "p6 f", "p1 f", "p2 f", "p3 f", "p4 f"])
    record["finishing_stacks"] = [399, 398, 396, 392, 415, 400]
    assert replay_record(record).status == MATCHED
    assert replay_record(six([1, 2, 4, 8, 0, 0], ["p5 cbr 12"])).status == REJECTED


def test_r11_example_s3_a_button_straddle() -> None:
    """Example S3: the button (p6) straddles 4: the small blind acts first, the
    button last."""
    record = six([1, 2, 0, 0, 0, 4], ["p1 f", "p2 f", "p3 f", "p4 f", "p5 f"])
    record["finishing_stacks"] = [399, 398, 400, 400, 400, 403]
    assert replay_record(record).status == MATCHED
    wrong = replay_record(six([1, 2, 0, 0, 0, 4], ["p3 f"]))
    assert wrong.status == REJECTED and wrong.error is not None
    assert wrong.error["action_index"] == 6


def test_r11_a_straddle_that_is_not_twice_the_one_before_is_unsupported() -> None:
    result = replay_record(six([1, 2, 5, 0, 0, 0], []))
    assert result.status == UNSUPPORTED
    assert result.error is not None and "not a straddle of 4" in result.error["message"]


def test_r11_straddles_are_exported_in_blinds_or_straddles() -> None:
    record = six([1, 2, 4, 8, 0, 0], ["p5 f", "p6 f", "p1 f", "p2 f", "p3 f"])
    written = record_to_phh(record)
    assert written["blinds_or_straddles"] == [1, 2, 4, 8, 0, 0]
    assert replay(tomllib.loads(dumps(written))).stacks == (399, 398, 396, 407, 400, 400)


def mb1(**fields: Any) -> dict[str, Any]:
    """Example MB1 as a record: blinds 50/100, stacks 1,000; p4 posts 100 live and 50 dead."""
    record = six(
        [50, 100, 0, 0, 0, 0],
        ["p3 cbr 300", "p4 f", "p5 f", "p6 f", "p1 f", "p2 f"],
        starting_stacks=[1000] * 6,
    )
    record.update(fields)
    return record


@pytest.mark.parametrize("prefix", ["", "_"], ids=["JSON lines", "PHH file"])
def test_r14_3_example_mb1_live_and_dead_posts(prefix: str) -> None:
    """R14.3, example MB1: p3 raises to 300 and everyone folds; 200 comes back, p3 wins
    the pot of 400 (a net gain of 300) and the poster loses 150."""
    record = mb1(
        **{f"{prefix}live_posts": [0, 0, 0, 100, 0, 0], f"{prefix}dead_posts": [0, 0, 0, 50, 0, 0]}
    )
    record["finishing_stacks"] = [950, 900, 1300, 850, 1000, 1000]
    assert replay_record(record).status == MATCHED
    written = record_to_phh(record)
    assert (written["_live_posts"], written["_dead_posts"]) == (
        [0, 0, 0, 100, 0, 0],
        [0, 0, 0, 50, 0, 0],
    )
    assert replay_record(tomllib.loads(dumps(written))).status == MATCHED


def test_r14_3_the_two_spellings_of_one_field_are_refused_together() -> None:
    record = mb1(live_posts=[0, 0, 0, 100, 0, 0], _live_posts=[0, 0, 0, 100, 0, 0])
    result = replay_record(record)
    assert result.status == REJECTED and result.error is not None
    assert "live_posts and _live_posts are both given" in result.error["message"]


def test_r14_3_a_live_post_other_than_one_big_blind_is_refused() -> None:
    result = replay_record(mb1(live_posts=[0, 0, 0, 60, 0, 0]))
    assert result.status == REJECTED and result.error is not None
    assert "live_posts[3]" in result.error["message"]


@pytest.mark.parametrize("field", ["free_fold", "_free_fold"])
def test_r3_1_a_free_fold_stands_only_where_the_table_allows_it(field: str) -> None:
    """R3.1: the big blind folds when checking is free: refused unless ``free_fold``."""
    actions = ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cc", "p1 f"]
    record: dict[str, Any] = {
        "variant": "NT",
        "antes": [0, 0],
        "blinds_or_straddles": [50, 100],
        "min_bet": 100,
        "starting_stacks": [1000, 1000],
        "actions": actions,
        "finishing_stacks": [900, 1100],
    }
    refused = replay_record(record)
    assert refused.status == REJECTED and refused.error is not None
    assert refused.error["action_index"] == 3
    record[field] = True
    assert replay_record(record).status == MATCHED
    written = record_to_phh(record)
    assert written["_free_fold"] is True
    assert replay_record(tomllib.loads(dumps(written))).status == MATCHED


def heads_up(actions: list[str], **fields: Any) -> dict[str, Any]:
    """Heads-up, blinds 50/100, stacks 1,000: p1 (big blind) KsKh, p2 (button) AsAh."""
    record: dict[str, Any] = {
        "variant": "NT",
        "antes": [0, 0],
        "blinds_or_straddles": [50, 100],
        "min_bet": 100,
        "starting_stacks": [1000, 1000],
        "actions": ["d dh p1 KsKh", "d dh p2 AsAh", *actions],
    }
    record.update(fields)
    return record


ALL_IN = ["p2 cbr 1000", "p1 cc", "p2 sm AsAh", "p1 sm KsKh"]
RUN_1 = ["d db 2c7d9h", "d db Ts", "d db 3s"]
RUN_2 = ["d db Kd8c4h", "d db 5s", "d db 6d"]


@pytest.mark.parametrize("field", ["run_count", "_run_count"])
def test_r12_example_rit1_two_runs(field: str) -> None:
    """R12.3, example RIT1: all-in preflop, run twice; run 1 (2c 7d 9h Ts 3s) to the
    aces, run 2 (Kd 8c 4h 5s 6d) to the kings: 1,000 / 1,000. The later run's board
    is further ``d db`` actions, in run order."""
    record = heads_up(ALL_IN + RUN_1 + RUN_2, finishing_stacks=[1000, 1000], **{field: 2})
    assert replay_record(record).status == MATCHED
    hand = replay(record)
    assert hand.run_count == 2
    assert hand.boards == (("2c", "7d", "9h", "Ts", "3s"), ("Kd", "8c", "4h", "5s", "6d"))
    written = record_to_phh(record)
    assert written["_run_count"] == 2
    assert written["actions"][-6:] == RUN_1 + RUN_2
    assert replay_record(tomllib.loads(dumps(written))).status == MATCHED


def test_r12_a_later_run_from_the_first_street_not_common() -> None:
    """R12.2: all-in on the flop, run twice: run 2 deals only a turn and a river."""
    actions = ["p2 cc", "p1 cc", "d db 2c7d9h", "p1 cbr 900", "p2 cc", "p2 sm AsAh"]
    record = heads_up(
        [*actions, "p1 sm KsKh", "d db Ts", "d db 3s", "d db Kd", "d db 5s"], run_count=2
    )
    hand = replay(record)
    assert hand.boards == (("2c", "7d", "9h", "Ts", "3s"), ("2c", "7d", "9h", "Kd", "5s"))
    assert hand.stacks == (1000, 1000)


def test_r12_run_count_one_keeps_one_board() -> None:
    """R12.1: somebody declined: run_count 1, one board."""
    record = heads_up(ALL_IN + RUN_1, run_count=1, finishing_stacks=[0, 2000])
    assert replay_record(record).status == MATCHED
    assert record_to_phh(record)["_run_count"] == 1


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"run_count": 4}, "run_count must be 1, 2 or 3"),
        ({"run_count": True}, "run_count must be 1, 2 or 3"),
        ({"run_count": 2, "_run_count": 2}, "run_count and _run_count are both given"),
        ({"actions": ["p2 f"], "run_count": 2}, "never to be run more than once"),
        ({"actions": ALL_IN + RUN_1 + RUN_2[:2], "run_count": 2}, "history deals 9"),
    ],
)
def test_r12_a_run_count_that_does_not_fit_is_refused(change: dict, fragment: str) -> None:
    record = heads_up(ALL_IN + RUN_1 + RUN_2)
    record.update(change)
    if "actions" in change:
        record["actions"] = heads_up(change["actions"])["actions"]
    result = replay_record(record)
    assert result.status == REJECTED and result.error is not None
    assert fragment in result.error["message"]


def test_r12_more_boards_than_one_run_without_run_count_is_unsupported() -> None:
    result = replay_record(heads_up(ALL_IN + RUN_1 + RUN_2))
    assert result.status == UNSUPPORTED and result.error is not None
    assert "a run_count is needed" in result.error["message"]


@pytest.mark.parametrize("field", ["rake_rule", "_rake_rule"])
def test_r13_a_pot_won_when_everyone_folds_is_raked(field: str) -> None:
    """R13.1: p2 raises to 300 and p1 folds: 200 comes back uncalled and the pot of 200
    is raked 5% (10) like any other; with "no flop, no drop" it is not raked."""
    record = heads_up(["p2 cbr 300", "p1 f"], **{field: {"rate": "5%", "cap": 30}})
    assert replay(record).stacks == (900, 1090)
    written = record_to_phh(record)
    assert written["_rake_rule"] == {"rate": "5%", "cap": 30, "no_flop_no_drop": False}
    assert replay(tomllib.loads(dumps(written))).stacks == (900, 1090)
    record[field] = {"rate": "5%", "no_flop_no_drop": True}
    assert replay(record).stacks == (900, 1100)
    assert "cap" not in record_to_phh(record)["_rake_rule"]  # no cap: TOML has no null


def test_r13_rake_with_the_runs() -> None:
    """R13.2 with R12: a pot is raked once, before it is divided between the runs:
    2,000 at 5% capped at 30 leaves 1,970, shared 985 / 985."""
    record = heads_up(ALL_IN + RUN_1 + RUN_2, run_count=2, rake_rule={"rate": "5%", "cap": 30})
    assert replay(record).stacks == (985, 985)


@pytest.mark.parametrize(
    ("rule", "fragment"),
    [({"rate": "500%"}, "rake.rate"), ({"cap": 30}, "rake"), ("5%", "rake_rule must be a table")],
)
def test_r13_a_bad_rake_rule_is_refused(rule: object, fragment: str) -> None:
    result = replay_record(heads_up(["p2 f"], rake_rule=rule))
    assert result.status == REJECTED and result.error is not None
    assert fragment in result.error["message"]
