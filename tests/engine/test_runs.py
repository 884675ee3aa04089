"""Running the board more than once (docs/rules.md R12): dividing a pot into one
share per run (R12.3)."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest
from helpers import play, snapshot

from holdem import ConfigError, Hand, HoldemError, IllegalActionError, Rake, Reason, TableConfig
from holdem.engine import snapshot as snapshots
from holdem.engine.events import PotAwarded, RunsAgreed, RunsChosen, StreetDealt
from holdem.engine.pots import Pot, share_pots, split_runs
from holdem.engine.snapshot import SnapshotError
from holdem.selfplay.agents import AgentError, answer_runs, make_agent
from holdem.selfplay.simulate import play_hand
from holdem.views.history import format_history
from holdem.views.seat import seat_view, spectator_view, view_from_dict


def test_r12_example_rit2_three_runs_share_668_666_666():
    """Example RIT2 (R12.3): a pot of 2,000 run three times is shared 668 / 666 / 666."""
    assert split_runs(2000, 3) == (668, 666, 666)


def test_r12_3_equal_shares_and_the_remainder_to_run_one():
    """R12.3: equal shares rounded down; the chips left over go to run 1."""
    assert split_runs(2000, 2) == (1000, 1000)
    assert split_runs(2001, 2) == (1001, 1000)
    assert split_runs(7, 3) == (3, 2, 2)
    assert split_runs(1, 3) == (1, 0, 0)
    assert split_runs(0, 2) == (0, 0)
    assert split_runs(555, 1) == (555,)


def test_r12_3_shares_are_whole_chip_units():
    """R12.3, R8.3: with a chip unit of 25, 2,000 three ways is 26 units + 2:
    8 units each and the 2 units left to run 1; a remainder below one unit
    goes to run 1 as well."""
    assert split_runs(2000, 3, chip_unit=25) == (700, 650, 650)
    assert split_runs(2010, 2, chip_unit=25) == (1010, 1000)


def test_r12_3_share_pots_keeps_names_and_eligible_seats():
    """R12.3: each run gets its share of every pot, with the pot's eligible seats."""
    pots = [Pot(2001, (0, 1, 2), "main pot"), Pot(600, (1, 2), "side pot 1")]
    runs = share_pots(pots, 2)
    assert runs == (
        (Pot(1001, (0, 1, 2), "main pot"), Pot(300, (1, 2), "side pot 1")),
        (Pot(1000, (0, 1, 2), "main pot"), Pot(300, (1, 2), "side pot 1")),
    )


@pytest.mark.parametrize(("amount", "runs"), [(-1, 2), (100, 0), (100, True), (100, 1.5)])
def test_r12_3_bad_input_is_refused(amount, runs):
    """R12.3: a negative amount or a run count that is not a whole number >= 1 is refused."""
    with pytest.raises(HoldemError):
        split_runs(amount, runs)


# ------------------------------------------------------------ in a hand (R12)


def _rit1(max_runs: int = 2, **options):
    """Example RIT1's hand up to the run question: heads-up, blinds 50/100,
    stacks 1,000, the button (seat 0, AsAh) all-in preflop, seat 1 (KsKh) calls."""
    hand = Hand(
        TableConfig(
            stacks=[1000, 1000], small_blind=50, big_blind=100, max_runs=max_runs, **options
        ),
        hole_cards=["AsAh", "KsKh"],
        board="2c7d9hTs3s" + ("Kd8c4h5s6d" if max_runs > 1 else ""),
    )
    hand.all_in(0)
    hand.call(1)
    return hand


def test_r12_example_rit1_two_runs_split_the_pot_1000_1000():
    """Example RIT1 (R12.1 to R12.3): asked from the first seat left of the
    button (seat 1, then the button); two runs; run 1 (2c 7d 9h Ts 3s) to seat
    0, run 2 (Kd 8c 4h 5s 6d) to seat 1: 1,000 each; final stacks 1,000 / 1,000."""
    hand = _rit1()
    assert hand.to_act is None and hand.legal_actions() is None
    assert hand.run_seat == 1
    assert not hand.is_over
    hand.choose_runs(1, 2)
    assert hand.run_seat == 0
    hand.choose_runs(0, 2)
    assert hand.is_over
    assert hand.run_count == 2
    assert hand.boards == (
        ("2c", "7d", "9h", "Ts", "3s"),
        ("Kd", "8c", "4h", "5s", "6d"),
    )
    assert hand.board == ("2c", "7d", "9h", "Ts", "3s")
    result = hand.result
    assert result.stacks == (1000, 1000)
    assert result.net == (0, 0)
    assert result.boards == hand.boards
    assert [(a.run, a.pot.name, a.pot.amount, a.winners, a.shares) for a in result.awards] == [
        (1, "main pot", 1000, (0,), (1000,)),
        (2, "main pot", 1000, (1,), (1000,)),
    ]
    assert result.rake == (0,) and result.rake_total == 0
    events = hand.log
    chosen = [(e.seat, e.count) for e in events if isinstance(e, RunsChosen)]
    assert chosen == [(1, 2), (0, 2)]
    assert [e.count for e in events if isinstance(e, RunsAgreed)] == [2]
    dealt = [(e.run, e.street, e.cards) for e in events if isinstance(e, StreetDealt)]
    assert dealt == [
        (1, "flop", ("2c", "7d", "9h")),
        (1, "turn", ("Ts",)),
        (1, "river", ("3s",)),
        (2, "flop", ("Kd", "8c", "4h")),
        (2, "turn", ("5s",)),
        (2, "river", ("6d",)),
    ]
    awarded = [(e.run, e.amount, e.winners) for e in events if isinstance(e, PotAwarded)]
    assert awarded == [(1, 1000, (0,)), (2, 1000, (1,))]


def test_r12_1_smallest_answer_wins():
    """R12.1: the smallest count asked for is used; one player can keep it to one run."""
    hand = _rit1(max_runs=3)
    hand.choose_runs(1, 3)
    hand.choose_runs(0, 2)
    assert hand.run_count == 2
    assert hand.result.stacks == (1000, 1000)

    hand = _rit1(max_runs=3)
    hand.choose_runs(1, 1)
    # One run: nothing more to ask; the board is run once and the aces hold.
    assert hand.is_over and hand.run_count == 1
    assert [e.count for e in hand.log if isinstance(e, RunsAgreed)] == [1]
    assert hand.result.stacks == (2000, 0)
    assert hand.boards == (("2c", "7d", "9h", "Ts", "3s"),)


def test_r12_1_no_question_with_one_run_allowed_or_no_card_to_come():
    """R12.1: max_runs 1 never asks; nor does an all-in on the river (no cards to come)."""
    hand = _rit1(max_runs=1)
    assert hand.is_over and hand.run_seat is None
    assert hand.result.stacks == (2000, 0)
    assert not any(isinstance(e, (RunsChosen, RunsAgreed)) for e in hand.log)

    hand = Hand(
        TableConfig(stacks=[1000, 1000], small_blind=50, big_blind=100, max_runs=3),
        hole_cards=["AsAh", "KsKh"],
        board="2c7d9hTs3s",
    )
    play(hand, (0, "call"), (1, "check"), (1, "check"), (0, "check"), (1, "check"), (0, "check"))
    assert hand.street == "river"
    play(hand, (1, "all-in"), (0, "call"))
    assert hand.is_over and hand.run_count == 1


def test_r12_2_runs_from_the_flop_share_the_flop():
    """R12.2: cards dealt before the agreement are common: all-in on the flop,
    run twice; run 2 deals only a turn and a river (the fixed board continues
    in run order)."""
    hand = Hand(
        TableConfig(stacks=[1000, 1000], small_blind=50, big_blind=100, max_runs=2),
        hole_cards=["AsAh", "KsKh"],
        board="2c7d9hTs3s" + "Kd8c",
    )
    play(hand, (0, "call"), (1, "check"), (1, "all-in"), (0, "call"))
    assert hand.run_seat == 1
    hand.choose_runs(1, 2)
    hand.choose_runs(0, 2)
    assert hand.boards == (("2c", "7d", "9h", "Ts", "3s"), ("2c", "7d", "9h", "Kd", "8c"))
    later = [e for e in hand.log if isinstance(e, StreetDealt) and e.run == 2]
    assert [(e.street, e.cards, e.board) for e in later] == [
        ("turn", ("Kd",), ("2c", "7d", "9h", "Kd")),
        ("river", ("8c",), ("2c", "7d", "9h", "Kd", "8c")),
    ]
    assert hand.result.stacks == (1000, 1000)


def test_r12_2_runs_come_from_the_same_deck_after_run_one():
    """R12.2: with a seeded deck, run 1 is what a one-run table deals (same seed),
    and each later run uses cards no other run or hand holds."""
    config = dict(stacks=[1000, 1000, 1000], small_blind=50, big_blind=100)
    for seed in range(20):
        once = Hand(TableConfig(**config), seed=seed)
        twice = Hand(TableConfig(**config, max_runs=3), seed=seed)
        for h in (once, twice):
            play(h, (0, "all-in"), (1, "call"), (2, "call"))
        for seat in (1, 2, 0):
            twice.choose_runs(seat, 3)
        assert twice.boards[0] == once.board
        assert len(twice.boards) == 3
        cards = [c for b in twice.boards for c in b] + [
            c for s in range(3) for c in twice.hole_cards(s)
        ]
        assert len(cards) == len(set(cards)) == 21


def test_r12_3_side_pots_and_an_odd_chip_over_two_runs():
    """R12.3 with R7, R8.2: contributions 301 / 1,000 / 1,000: main pot 903
    (shares 452 / 451), side pot 1,398 (699 / 699). Run 1 (2c 7d 9h Ts 3s):
    the aces win the main share 452; the kings tie for the side share, 699 =
    350 + 349, the odd chip to seat 1 (first left of the button). Run 2 (Qd 8d
    4d Jd 6c): seat 2's diamond flush wins 451 and 699. Final stacks 452 /
    350 / 1,499."""
    hand = Hand(
        TableConfig(stacks=[301, 1000, 1000], small_blind=50, big_blind=100, max_runs=2),
        hole_cards=["AsAh", "KsKh", "KdKc"],
        board="2c7d9hTs3s" + "Qd8d4dJd6c",
    )
    play(hand, (0, "all-in"), (1, "all-in"), (2, "call"))
    assert hand.run_seat == 1
    hand.choose_runs(1, 2)
    hand.choose_runs(2, 2)
    hand.choose_runs(0, 2)
    result = hand.result
    assert [(a.run, a.pot.name, a.pot.amount, a.winners, a.shares) for a in result.awards] == [
        (1, "main pot", 452, (0,), (452,)),
        (1, "side pot 1", 699, (1, 2), (350, 349)),
        (2, "main pot", 451, (2,), (451,)),
        (2, "side pot 1", 699, (2,), (699,)),
    ]
    assert result.stacks == (452, 350, 1499)
    assert result.payouts == (452, 350, 1499)
    assert sum(result.net) == 0


def test_r12_1_folded_players_are_not_asked():
    """R12.1: only the players still in are asked, from the first seat left of the button."""
    hand = Hand(
        TableConfig(stacks=[500, 1000, 1000, 1000], small_blind=50, big_blind=100, max_runs=2),
        seed=3,
    )
    play(hand, (3, "fold"), (0, "all-in"), (1, "fold"), (2, "call"))
    assert hand.run_seat == 2
    hand.choose_runs(2, 2)
    assert hand.run_seat == 0
    hand.choose_runs(0, 2)
    assert hand.is_over and hand.run_count == 2


@pytest.mark.parametrize(
    ("seat", "count", "reason"),
    [
        (0, 2, Reason.NOT_YOUR_TURN),
        (5, 2, Reason.UNKNOWN_SEAT),
        (True, 2, Reason.UNKNOWN_SEAT),
        (1, 0, Reason.BAD_RUN_COUNT),
        (1, 3, Reason.BAD_RUN_COUNT),
        (1, True, Reason.BAD_RUN_COUNT),
        (1, 2.0, Reason.BAD_RUN_COUNT),
        (1, "2", Reason.BAD_RUN_COUNT),
    ],
)
def test_r12_1_bad_run_answers_are_refused_and_change_nothing(seat, count, reason):
    """R12.1, R3.7: a wrong seat, a count out of 1..max_runs, or not a whole
    number is refused with a reason code; the hand is unchanged."""
    hand = _rit1()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.choose_runs(seat, count)
    assert info.value.reason is reason
    assert info.value.action == "choose runs"
    assert snapshot(hand) == before


def test_r12_1_no_run_question_outside_its_phase():
    """R12.1: choose_runs while betting, or once the hand is over, is refused;
    betting actions during the run question are refused too."""
    hand = Hand(TableConfig(stacks=[1000, 1000], small_blind=50, big_blind=100, max_runs=2), seed=1)
    with pytest.raises(IllegalActionError) as info:
        hand.choose_runs(0, 2)
    assert info.value.reason is Reason.NO_RUN_QUESTION
    hand = _rit1()
    with pytest.raises(IllegalActionError) as info:
        hand.check(1)
    assert info.value.reason is Reason.NO_BETTING
    hand.choose_runs(1, 1)
    with pytest.raises(IllegalActionError) as info:
        hand.choose_runs(0, 1)
    assert info.value.reason is Reason.HAND_OVER


def test_r12_1_max_runs_is_checked_at_construction():
    """R12.1: max_runs is 1, 2 or 3."""
    for bad in (0, 4, True, "2", 2.0):
        with pytest.raises(ConfigError) as info:
            TableConfig(stacks=[100, 100], small_blind=1, big_blind=2, max_runs=bad)
        assert info.value.field == "max_runs"


def test_r12_1_views_show_the_run_question_and_every_board():
    """R12.1, R12.2: the seat asked sees its choices; everyone sees who is asked
    and, at the end, every run's board; the JSON form parses back."""
    hand = _rit1(max_runs=3)
    asked, other = seat_view(hand, 1), seat_view(hand, 0)
    assert asked.run_seat == other.run_seat == spectator_view(hand).run_seat == 1
    assert asked.run_choices == (1, 2, 3)
    assert other.run_choices is None and asked.legal is None
    assert asked.to_dict()["run_choices"] == [1, 2, 3]
    assert view_from_dict(asked.to_dict()) == asked
    hand.choose_runs(1, 2)
    assert seat_view(hand, 0).run_choices == (1, 2, 3)
    hand.choose_runs(0, 3)
    view = spectator_view(hand)
    assert view.run_seat is None
    assert view.boards == (("2c", "7d", "9h", "Ts", "3s"), ("Kd", "8c", "4h", "5s", "6d"))
    assert view.to_dict()["boards"] == [list(b) for b in view.boards]
    assert view_from_dict(view.to_dict()) == view
    assert view.net == (0, 0)


def test_r12_1_reference_agents_answer_the_run_question():
    """R12.1: ``call`` and ``potodds`` accept the most runs, ``random`` one of the
    choices; an agent without ``choose_runs`` keeps one run; an agent is only
    asked on the view of the seat asked."""
    hand = _rit1(max_runs=3)
    view = seat_view(hand, 1)
    assert answer_runs(make_agent("call"), view) == 3
    assert answer_runs(make_agent("potodds", seed=1), view) == 3
    assert {answer_runs(make_agent("random", seed=s), view) for s in range(30)} == {1, 2, 3}

    class Plain:
        def act(self, view):  # pragma: no cover - never asked to bet here
            raise AssertionError

    assert answer_runs(Plain(), view) == 1
    with pytest.raises(AgentError):
        answer_runs(make_agent("call"), seat_view(hand, 0))


def test_r12_simulated_hands_with_runs_and_rake_end_and_conserve_chips():
    """R12, R13: agents play hands at a table allowing three runs and a rake;
    every hand ends, some run the board more than once, and the chips in the
    stacks plus the rake are the chips at the start."""
    counts = {1: 0, 2: 0, 3: 0}
    for seed in range(60):
        config = TableConfig(
            stacks=[500, 800, 1200, 300],
            small_blind=5,
            big_blind=10,
            button=seed % 4,
            max_runs=3,
            rake=Rake("5%", cap=30),
        )
        names = ["random", "random", "call", "random"]
        agents = [make_agent(name, seed=seed + i) for i, name in enumerate(names)]
        hand = play_hand(config, agents, seed=seed)
        assert hand.is_over
        result = hand.result
        assert sum(result.stacks) + result.rake_total == 2800
        assert sum(result.net) == -result.rake_total
        assert len(result.boards) == hand.run_count
        counts[hand.run_count] += 1
    assert counts[2] + counts[3] > 0


def test_r12_r13_history_shows_answers_runs_rake_and_per_run_awards():
    """R12, R13: the readable history lists each answer, the agreed runs, each
    run's streets after the agreement (common cards before it unlabelled),
    each hand on each board, the rake and each run's share of each pot."""
    hand = Hand(
        TableConfig(
            stacks=[1000, 1000],
            small_blind=50,
            big_blind=100,
            max_runs=2,
            rake=Rake("5%", cap=30),
            names=["Anna", "Bjarni"],
        ),
        hole_cards=["AsAh", "KsKh"],
        board="2c7d9hTs3s" + "Kd8c",
    )
    play(hand, (0, "call"), (1, "check"), (1, "all-in"), (0, "call"))
    hand.choose_runs(1, 2)
    hand.choose_runs(0, 2)
    lines = format_history(hand, show_equity=False).splitlines()
    assert lines[0] == (
        "No-limit hold'em, blinds 50/100, rake 5% capped at 30, up to 2 runs, 2 players"
    )
    start = lines.index("Bjarni accepts 2 runs")
    assert lines[start:] == [
        "Bjarni accepts 2 runs",
        "Anna accepts 2 runs",
        "The board is run twice (R12)",
        "*** Run 1 turn: 2c 7d 9h Ts *** (no betting: run out, R5.3)",
        "*** Run 1 river: 2c 7d 9h Ts 3s *** (no betting: run out, R5.3)",
        "*** Run 2 turn: 2c 7d 9h Kd *** (no betting: run out, R5.3)",
        "*** Run 2 river: 2c 7d 9h Kd 8c *** (no betting: run out, R5.3)",
        "*** Showdown ***",
        "Bjarni shows Ks Kh: run 1 pair, kings; run 2 three of a kind, kings",
        "Anna shows As Ah: run 1 pair, aces; run 2 pair, aces",
        "*** Pots ***",
        "Rake of 30 from the main pot (R13)",
        "Main pot (run 1) 985, eligible: Anna, Bjarni",
        "  Anna wins the main pot, 985",
        "Main pot (run 2) 985, eligible: Anna, Bjarni",
        "  Bjarni wins the main pot, 985",
        "*** Result ***",
        "Anna: 985 (-15)",
        "Bjarni: 985 (-15)",
    ]
    assert "*** Flop: 2c 7d 9h ***" in lines


def test_r12_snapshots_restore_runs_exactly_at_every_step():
    """R12 with snapshots: a seeded hand on a table allowing three runs (and a
    rake) snapshots and restores exactly at every decision, the run question
    included; the restored hand deals the same later runs."""
    config = TableConfig(
        stacks=[300, 800, 1200],
        small_blind=5,
        big_blind=10,
        max_runs=3,
        rake=Rake("5%", cap=20, no_flop_no_drop=True),
    )
    hand = Hand(config, seed=11)
    twins = []
    steps = [(0, "all-in"), (1, "call"), (2, "raise to 800"), (1, "call")]
    for seat, text in steps:
        play(hand, (seat, text))
        twins.append(snapshots.restore(json.loads(snapshots.dumps(hand))))
    assert hand.run_seat == 1 and snapshots.snapshot(hand)["state"]["run_queue"] == [1, 2, 0]
    hand.choose_runs(1, 3)
    twins.append(snapshots.restore(json.loads(snapshots.dumps(hand))))
    hand.choose_runs(2, 2)
    twins.append(snapshots.restore(json.loads(snapshots.dumps(hand))))
    hand.choose_runs(0, 3)
    assert hand.is_over and hand.run_count == 2
    data = snapshots.snapshot(hand)
    assert data["result"]["boards"] == [list(b) for b in hand.boards]
    assert data["result"]["rake"] == list(hand.result.rake)
    assert snapshots.restore(data).log == hand.log
    # Each twin, played on the same way, ends exactly as the original.
    answers = [(1, 3), (2, 2), (0, 3)]
    for k, twin in enumerate(twins):
        for seat, text in steps[k + 1 :]:
            play(twin, (seat, text))
        for seat, count in answers[max(0, k - 3) :]:
            twin.choose_runs(seat, count)
        assert twin.log == hand.log and twin.result == hand.result


def test_r12_snapshot_with_an_altered_run_deck_is_refused():
    """R12.2 with snapshots: the later runs' deck is part of the hand; a card
    repeated from elsewhere, or a changed later run, is refused."""
    hand = _rit1()
    data = snapshots.snapshot(hand)
    assert data["run_cards"] == ["Kd", "8c", "4h", "5s", "6d"]
    bad = json.loads(json.dumps(data))
    bad["run_deck"][0] = "As"
    with pytest.raises(SnapshotError, match="repeats a card"):
        snapshots.restore(bad)
    hand.choose_runs(1, 2)
    hand.choose_runs(0, 2)
    data = snapshots.snapshot(hand)
    bad = json.loads(json.dumps(data))
    bad["run_cards"][0], bad["run_cards"][1] = bad["run_cards"][1], bad["run_cards"][0]
    with pytest.raises(SnapshotError, match="does not follow"):
        snapshots.restore(bad)


def test_r12_1_run_answers_are_decisions_with_numbers():
    """R12.1, R3.7: each run answer is a decision; an answer with a stale
    decision number is refused (``stale``) and changes nothing."""
    hand = _rit1()
    awaited = hand.decision
    with pytest.raises(IllegalActionError) as info:
        hand.choose_runs(1, 2, decision=awaited - 1)
    assert info.value.reason is Reason.STALE
    assert hand.decision == awaited and hand.run_seat == 1
    hand.choose_runs(1, 2, decision=awaited)
    assert hand.decision == awaited + 1 and hand.run_seat == 0
    assert seat_view(hand, 0).decision == awaited + 1
    hand.choose_runs(0, 2, decision=awaited + 1)
    assert hand.is_over


def test_r12_r13_docs_example_runs():
    """The example of docs/runs_and_rake.md runs as written (RIT1 with a rake)."""
    path = Path(__file__).parents[2] / "docs" / "runs_and_rake.md"
    result = doctest.testfile(str(path), module_relative=False)
    assert result.attempted == 10 and result.failed == 0
