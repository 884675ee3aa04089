"""A replay is as strict as live play (R3.7): what the live API refuses, a replay refuses."""

from __future__ import annotations

import json
import tomllib
from typing import Any

import pytest

from holdem import Hand
from holdem.records import (
    MATCHED,
    REJECTED,
    UNSUPPORTED,
    PHHError,
    UnsupportedError,
    dumps,
    record_to_phh,
    replay,
    replay_record,
)

CHECKS = ["p1 cc", "p2 cc"]
STREETS = ["d db 2c7d9h", *CHECKS, "d db Ts", *CHECKS, "d db 3d", *CHECKS]


def heads_up(actions: list[str], **fields: Any) -> dict[str, Any]:
    """Heads-up, blinds 50/100, stacks 1,000: p1 (the big blind) AsAh, p2 (button) KsKh."""
    record: dict[str, Any] = {
        "variant": "NT",
        "antes": [0, 0],
        "blinds_or_straddles": [50, 100],
        "min_bet": 100,
        "starting_stacks": [1000, 1000],
        "actions": ["d dh p1 AsAh", "d dh p2 KsKh", *actions],
    }
    record.update(fields)
    return record


def refusal(record: dict[str, Any]) -> tuple[int | None, str]:
    result = replay_record(record)
    assert result.status == REJECTED, result
    assert result.error is not None
    return result.error["action_index"], result.error["message"]


def test_replay_returns_the_finished_hand() -> None:
    """holdem.records.replay is public: a record in, the finished Hand out."""
    hand = replay(heads_up(["p2 cc", "p1 cc", *STREETS, "p1 sm AsAh", "p2 sm"]))
    assert isinstance(hand, Hand)
    assert hand.is_over
    assert hand.stacks == (1100, 900)


def test_replay_raises_the_projects_errors() -> None:
    with pytest.raises(PHHError) as caught:
        replay(heads_up(["p1 cc"]))
    assert caught.value.action_index == 2
    assert caught.value.action == "p1 cc"
    with pytest.raises(UnsupportedError):
        replay(heads_up([], variant="FT"))


@pytest.mark.parametrize(
    "shows", [["p1 sm", "p2 sm KsKh"], ["p2 sm KsKh", "p1 sm"]], ids=["in order", "reversed"]
)
def test_r6_3_a_winning_hand_cannot_be_mucked(shows: list[str]) -> None:
    """R6.3, R3.7: checked down, AsAh mucks and KsKh shows: refused (it used to end 900/1100)."""
    index, message = refusal(heads_up(["p2 cc", "p1 cc", *STREETS, *shows]))
    assert index == 2 + 2 + len(STREETS) + shows.index("p1 sm")
    assert "cannot muck" in message and "R6.3" in message


def test_r6_3_a_losing_hand_may_be_mucked() -> None:
    """R6.3: KsKh cannot win and nobody is all-in: the muck stands and is written back."""
    record = heads_up(
        ["p2 cc", "p1 cc", *STREETS, "p1 sm AsAh", "p2 sm"], finishing_stacks=[1100, 900]
    )
    assert replay_record(record).status == MATCHED
    assert record_to_phh(record)["actions"][-2:] == ["p1 sm AsAh", "p2 sm"]


def test_r6_2_shows_listed_in_any_order_are_played_in_showing_order() -> None:
    """R6.2: a history lists shows as its source wrote them; they wait for their turn."""
    record = heads_up(
        ["p2 cc", "p1 cc", "d db 2c7d9h", "p1 cbr 100", "p2 cc", "d db Ts", *CHECKS, "d db 3d"]
        + [*CHECKS, "p2 sm KsKh", "p1 sm AsAh"],
        finishing_stacks=[1200, 800],
    )
    assert replay_record(record).status == MATCHED
    assert record_to_phh(record)["actions"][-2:] == ["p1 sm AsAh", "p2 sm KsKh"]


def test_r6_4_a_losing_hand_mucked_after_an_all_in_keeps_its_chips() -> None:
    """R6.4: the engine shows every hand after an all-in; sites let a loser muck there.

    A recorded muck of a hand that wins no pot replays as a hand nobody saw
    (no chip changes); the export writes the cards and the muck as recorded.
    """
    record = {
        "variant": "NT",
        "antes": [0, 0, 0],
        "blinds_or_straddles": [50, 100, 0],
        "min_bet": 100,
        "starting_stacks": [300, 1000, 1000],
        "actions": ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 8c4d", "p3 cc", "p1 cbr 300"]
        + ["p2 cc", "p3 cc", "d db 2c7d9h", "p2 cc", "p3 cc", "d db Ts", "p2 cc", "p3 cc"]
        + ["d db 3d", "p2 cc", "p3 cc", "p1 sm AsAh", "p2 sm KsKh", "p3 sm"],
        "finishing_stacks": [900, 700, 700],
    }
    assert replay_record(record).status == MATCHED
    written = record_to_phh(record)
    assert "d dh p3 8c4d" in written["actions"]
    assert written["actions"][-1] == "p3 sm"
    assert replay_record(tomllib.loads(dumps(written))).status == MATCHED


def test_r6_4_a_winning_hand_mucked_after_an_all_in_is_refused() -> None:
    """R6.3 with an all-in: the best hand may never be mucked."""
    record = heads_up(["p2 cbr 1000", "p1 cc", "p2 sm KsKh", "p1 sm"])
    record["actions"] += ["d db 2c7d9h", "d db Ts", "d db 3d"]
    index, message = refusal(record)
    assert (index, "R6.3" in message) == (5, True)


def test_a_show_during_the_betting_is_refused() -> None:
    """R3.7: no show or muck until the showdown."""
    index, message = refusal(heads_up(["p2 cc", "p1 cc", "d db 2c7d9h", "p1 sm AsAh"]))
    assert index == 5
    assert "during the flop betting" in message
    index, message = refusal(heads_up(["p2 cc", "p2 sm"]))
    assert (index, "during the preflop betting" in message) == (3, True)


def test_an_action_after_everyone_else_folded_is_refused() -> None:
    """R5.2, R3.7: p2 folds and the hand is over; p1's check is refused."""
    index, message = refusal(heads_up(["p2 f", "p1 cc"]))
    assert index == 3
    assert "the hand is over" in message


def test_board_cards_after_the_hand_is_over_are_refused() -> None:
    index, message = refusal(heads_up(["p2 f", "d db 2c7d9h"]))
    assert (index, message) == (3, "board cards dealt after the hand is over")


def test_hole_cards_dealt_after_the_betting_started_are_refused() -> None:
    record = heads_up(["p2 cc"])
    record["actions"] = ["d dh p1 AsAh", "p2 cc", "d dh p2 KsKh", "p1 cc"]
    index, message = refusal(record)
    assert index == 1  # p2 acts before being dealt
    assert "never dealt" in message
    record["actions"] = ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cc", "d dh p1 2c3c"]
    assert refusal(record) == (3, "hole cards dealt after the betting started")


@pytest.mark.parametrize(
    ("actions", "index", "card"),
    [
        (["p2 cc", "p1 cc", "d db 2cAs9h"], 4, "As"),
        (["p2 cbr 1000", "p1 cc", "p1 sm AsAh", "p2 sm KsKh", "d db 2c7d9h", "d db 2c"], 7, "2c"),
    ],
)
def test_a_card_dealt_twice_names_the_action_that_deals_it(
    actions: list[str], index: int, card: str
) -> None:
    """R5.4: each card is dealt once; the refusal points at the second deal."""
    found, message = refusal(heads_up(actions))
    assert found == index
    assert message.startswith(f"{card} is dealt twice")


def test_a_shown_unknown_hand_holding_a_dealt_card_names_the_show() -> None:
    record = heads_up(["p2 cbr 1000", "p1 cc", "p1 sm AsAh", "p2 sm KsAs"])
    record["actions"][1] = "d dh p2 ????"
    record["actions"] += ["d db 2c7d9h", "d db Ts", "d db 3d"]
    assert refusal(record) == (5, "As is dealt twice (first by action 0)")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rake_rate", "5%"),
        ("max_runs", 2),
        ("straddle", 200),
        ("bring_in", 5),
    ],
)
def test_fields_that_could_change_the_game_make_the_hand_unsupported(
    field: str, value: object
) -> None:
    """An unknown field may change the game (a rake, more runs, a straddle): never
    ignored."""
    result = replay_record(heads_up(["p2 f"], **{field: value}))
    assert result.status == UNSUPPORTED
    assert result.error is not None and repr(field) in result.error["message"]


def test_metadata_and_user_fields_are_allowed() -> None:
    """PHH's metadata, the corpus's own fields and ``_`` user fields change nothing."""
    record = heads_up(
        ["p2 f"],
        author="someone",
        event="a game",
        seat_count=6,
        source="here",
        rake=3,  # the corpus's: the amount a site took, for information
        notes="n",
        _any_note={"a": 1},
        finishing_stacks=[1050, 950],
    )
    assert replay_record(record).status == MATCHED


POT_LIMIT = ["p2 cbr 300", "p1 cbr 900", "p2 cbr 1000", "p1 cc", "p1 sm AsAh", "p2 sm KsKh"]
BOARD = ["d db 2c7d9h", "d db Ts", "d db 3d"]


def test_r3_5_pot_limit_records_replay_with_variant_pt() -> None:
    """R3.5: "PT" is pot-limit (our extension of PHH's naming): raises up to the pot."""
    record = heads_up(POT_LIMIT + BOARD, variant="PT")
    result = replay_record(record)
    assert (result.status, result.finishing_stacks) == ("replayed", (2000, 0))
    over_the_pot = heads_up(["p2 cbr 400"], variant="PT")
    index, message = refusal(over_the_pot)
    assert index == 2 and "300" in message
    assert replay_record(heads_up(["p2 cbr 400", "p1 f"], variant="NT")).status == "replayed"
    assert record_to_phh(record)["variant"] == "PT"


def test_r5_1a_one_recorded_check_per_street_at_most() -> None:
    """R5.1a: the seat left with chips may be recorded checking once; twice is refused."""
    record = {
        "variant": "NT",
        "antes": [0, 0],
        "blinds_or_straddles": [50, 100],
        "min_bet": 100,
        "starting_stacks": [1000, 500],
        "actions": ["d dh p1 AhAs", "d dh p2 KhKs", "p2 cbr 500", "p1 cc", "p1 sm AhAs"]
        + ["p2 sm KhKs", "d db 2c7d9h", "p1 cc", "d db Ts", "d db 3s"],
        "finishing_stacks": [1500, 0],
    }
    assert replay_record(record).status == MATCHED
    record["actions"].insert(8, "p1 cc")
    result = replay_record(record)
    assert result.status == REJECTED and result.error is not None
    assert result.error["action_index"] == 8


def test_unknown_cards_shown_as_unknown_take_no_part() -> None:
    """``pK sm ????``: the player stayed to the showdown; the cards can never win."""
    record = heads_up(["p2 cbr 1000", "p1 cc", "p1 sm ????", "p2 sm KsKh"])
    record["actions"][0] = "d dh p1 ????"
    record["actions"] += ["d db 2c7d9h", "d db Ts", "d db 3d"]
    record["finishing_stacks"] = [0, 2000]
    assert replay_record(record).status == MATCHED
    assert "p1 sm ????" in record_to_phh(record)["actions"]
    known = heads_up(["p2 cbr 1000", "p1 cc", "p1 sm ????", "p2 sm KsKh"])
    index, message = refusal(known)
    assert index == 4 and "???? but was dealt known cards" in message


def test_a_voluntary_show_after_a_fold_is_kept_and_a_folded_hand_is_not_shown() -> None:
    record = heads_up(["p2 cbr 300", "p1 f", "p2 sm KsKh"], finishing_stacks=[900, 1100])
    assert replay_record(record).status == MATCHED
    assert record_to_phh(record)["actions"][-1] == "p2 sm KsKh"
    index, message = refusal(heads_up(["p2 cbr 300", "p1 f", "p1 sm AsAh"]))
    assert index == 4 and "folded" in message


def test_the_history_must_finish_the_showdown() -> None:
    """R6.2: the showdown waits for each hand to be shown or mucked."""
    index, message = refusal(heads_up(["p2 cc", "p1 cc", *STREETS]))
    assert index == 2 + 2 + len(STREETS)
    assert "before the showdown is over (p1 to show or muck)" in message


def test_records_read_from_json_lines_and_toml_agree() -> None:
    record = heads_up(["p2 cc", "p1 cc", *STREETS, "p1 sm AsAh", "p2 sm"])
    from_json = replay_record(json.loads(json.dumps(record)))
    from_toml = replay_record(tomllib.loads(dumps(record)))
    assert from_json.finishing_stacks == from_toml.finishing_stacks == (1100, 900)


# Strict replay precision (issue 18): a wrong board count during an all-in run-out, a
# later run dealt as one action, or an action during the run-out is reported at the
# action at fault (R5.3, R5.4, R12.2).
_RUN_OUT = {
    "variant": "NT",
    "antes": [0, 0],
    "blinds_or_straddles": [50, 100],
    "min_bet": 100,
    "starting_stacks": [1000, 1000],
}
_ALL_IN = ["d dh p1 AhAs", "d dh p2 KhKs", "p2 cbr 1000", "p1 cc", "p1 sm AhAs", "p2 sm KhKs"]


@pytest.mark.parametrize(
    "board, runs, index, message",
    [
        (["d db 2c3d4h5s", "d db 9c", "d db Tc"], None, 6, "the flop is 3 cards, this deals 4"),
        (
            ["d db 2c3d", "d db 4h", "d db 9c", "d db Tc"],
            None,
            6,
            "the flop is 3 cards, this deals 2",
        ),
        (["d db 2c3d4h", "d db 9cTc"], None, 7, "the turn is 1 card, this deals 2"),
        (
            ["d db 2c3d4h", "d db 9c", "d db Tc", "d db 5c6c8h", "d db 7sJd"],
            2,
            10,
            "the turn is 1 card, this deals 2",
        ),
        (
            ["d db 2c3d4h", "d db 9c", "d db Tc", "d db 5c6c8h7s", "d db Jd"],
            2,
            9,
            "the flop is 3 cards, this deals 4",
        ),
    ],
)
def test_r5_4_a_wrong_board_count_in_a_run_out_names_its_action(
    board: list[str], runs: int | None, index: int, message: str
) -> None:
    record = dict(_RUN_OUT, actions=_ALL_IN + board)
    if runs is not None:
        record["run_count"] = runs
    with pytest.raises(PHHError, match=message) as caught:
        replay(record)
    assert caught.value.action_index == index
    assert caught.value.action == record["actions"][index]


def test_r5_3_an_action_during_the_run_out_names_its_action() -> None:
    actions = ["d dh p1 AhAs", "d dh p2 KhKs", "p2 cbr 1000", "p1 cc", "d db 2c3d4h", "p1 cc"]
    record = dict(_RUN_OUT, actions=actions + ["d db 9c", "d db Tc", "p1 sm AhAs", "p2 sm KhKs"])
    with pytest.raises(PHHError, match="betting is over") as caught:
        replay(record)
    assert (caught.value.action_index, caught.value.action) == (5, "p1 cc")


def test_r12_2_later_runs_street_by_street_replay() -> None:
    board = ["d db 2c3d4h", "d db 9c", "d db Tc", "d db 5c6c8h", "d db 7s", "d db Jd"]
    hand = replay(dict(_RUN_OUT, run_count=2, actions=_ALL_IN + board))
    assert hand.is_over and sum(hand.stacks) == 2000
