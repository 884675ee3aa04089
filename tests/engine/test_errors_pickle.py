"""Errors cross processes: every :class:`holdem.errors.HoldemError` pickles with its message
and attributes (a Ray task or a worker process sends its exception back pickled). Before,
`pickle.loads(pickle.dumps(error))` raised `TypeError: IllegalActionError.__init__() missing
4 required positional arguments` for every error built from more than its message."""

from __future__ import annotations

import pickle

import pytest

from holdem import ConfigError, Hand, IllegalActionError, Reason, TableConfig
from holdem.errors import HoldemError
from holdem.records.record import PHHError
from holdem.scenarios.model import ScenarioError


def _round_trip(error: HoldemError) -> HoldemError:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert (str(copy), copy.args, vars(copy)) == (str(error), error.args, vars(error))
    return copy


def test_an_illegal_action_pickles_with_seat_reason_and_legal_options_r3_7() -> None:
    hand = Hand(TableConfig([100, 100], 1, 2), seed=1)
    with pytest.raises(IllegalActionError) as caught:
        hand.raise_to(0, 3)
    copy = _round_trip(caught.value)
    assert isinstance(copy, IllegalActionError)
    assert (copy.seat, copy.action, copy.amount) == (0, "raise", 3)
    assert copy.reason is Reason.BELOW_MINIMUM
    assert str(copy.legal) == "fold, call 1, raise to 4..100"
    assert str(copy) == (
        "seat 0 (Seat 0) cannot raise to 3: the minimum is 4 (legal: fold, call 1, raise to 4..100)"
    )


def test_errors_built_from_several_arguments_pickle() -> None:
    with pytest.raises(ConfigError) as caught:
        TableConfig([100], 1, 2)
    copy = _round_trip(caught.value)
    assert isinstance(copy, ConfigError) and copy.field == "stacks"
    phh = _round_trip(PHHError("refused", 3, "p1 cbr 50"))
    assert isinstance(phh, PHHError) and (phh.action_index, phh.action) == (3, "p1 cbr 50")
    scenario = _round_trip(ScenarioError("a.toml", "actions[2]", "bad"))
    assert isinstance(scenario, ScenarioError) and scenario.step == "actions[2]"
    assert isinstance(_round_trip(HoldemError("plain")), HoldemError)
