"""Running the board more than once (docs/rules.md R12): dividing a pot into one
share per run (R12.3)."""

from __future__ import annotations

import pytest

from holdem import HoldemError
from holdem.pots import Pot, share_pots, split_runs


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
