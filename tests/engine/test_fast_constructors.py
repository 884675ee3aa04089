"""The engine's fast constructors build the same frozen objects as the classes'
own ``__init__`` (holdem.engine._frozen): equal, same hash, repr, fields and
immutability, on every object a random hand builds (R3, R7, R8 results)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import Hand
from holdem.engine._frozen import fast_constructor
from holdem.engine.betting import Action, Kind, LegalActions, fast_legal_actions, sized_action
from holdem.engine.forced_bets import Preflop
from holdem.engine.pots import Awards, Layering, Pot, PotAward
from holdem.engine.settlement import HandResult
from tests.strategies import hands, play_random_hand


def _rebuilt(obj: object) -> object:
    """``obj`` built again through its class's attrs ``__init__``, nested objects too."""
    values = []
    for field in attrs.fields(type(obj)):
        value = getattr(obj, field.name)
        if attrs.has(type(value)):
            value = _rebuilt(value)
        elif isinstance(value, tuple):
            value = tuple(_rebuilt(v) if attrs.has(type(v)) else v for v in value)
        values.append(value)
    return type(obj)(*values)


def _assert_same(fast: object, general: object) -> None:
    assert type(fast) is type(general)
    assert fast == general
    assert hash(fast) == hash(general)
    assert repr(fast) == repr(general)
    assert attrs.astuple(fast, recurse=False) == attrs.astuple(general, recurse=False)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(fast, attrs.fields(type(fast))[0].name, 0)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_hand_objects_equal_the_general_constructors(data: st.DataObject) -> None:
    """Every LegalActions of a random hand, its pots and its HandResult (with
    its awards) equal the objects attrs' ``__init__`` builds from the same values."""
    hand = data.draw(hands())
    seen = []

    def before(h: Hand) -> None:
        legal = h.legal_actions()
        assert legal is not None
        seen.append(legal)

    play_random_hand(data, hand, before=before)
    for legal in seen:
        _assert_same(legal, _rebuilt(legal))
    layering = hand.pots()
    _assert_same(layering, _rebuilt(layering))
    for pot in layering.pots:
        _assert_same(pot, _rebuilt(pot))
    result = hand.result
    assert result is not None
    _assert_same(result, _rebuilt(result))
    for award in result.awards:
        _assert_same(award, _rebuilt(award))


@given(
    seat=st.integers(0, 9),
    can_fold=st.booleans(),
    can_check=st.booleans(),
    call=st.integers(0, 10**6),
    low=st.none() | st.integers(1, 10**6),
    high=st.none() | st.integers(1, 10**6),
    word=st.sampled_from(["bet", "raise"]),
    can_all_in=st.booleans(),
)
def test_fast_legal_actions_equals_legal_actions(
    seat: int,
    can_fold: bool,
    can_check: bool,
    call: int,
    low: int | None,
    high: int | None,
    word: str,
    can_all_in: bool,
) -> None:
    """R3: ``fast_legal_actions`` gives the LegalActions the class gives, text included."""
    values = (seat, can_fold, can_check, call, low, high, word, can_all_in)
    fast, general = fast_legal_actions(*values), LegalActions(*values)
    _assert_same(fast, general)
    assert str(fast) == str(general)


def test_fast_constructor_covers_every_settlement_class() -> None:
    """R2, R7, R8: Preflop, Pot, Layering, PotAward, Awards and HandResult built
    fast equal the same values built by the class."""
    pot = fast_constructor(Pot)(300, (0, 2), "main pot")
    _assert_same(pot, Pot(300, (0, 2), "main pot"))
    _assert_same(fast_constructor(Layering)((0, 5), (pot,)), Layering((0, 5), (pot,)))
    award = fast_constructor(PotAward)(pot, (2,), (300,), 1)
    _assert_same(award, PotAward(pot, (2,), (300,)))
    _assert_same(fast_constructor(Awards)((award,), (0, 0, 300)), Awards((award,), (0, 0, 300)))
    values = (
        (0, 700),
        (-300, 300),
        (award,),
        (0, 300),
        (0, 0),
        (0, 1),
        (None, 9),
        (0,),
        0,
        (("Ah", "Kd", "2c", "7s", "9h"),),
        ((None, 9),),
    )
    _assert_same(fast_constructor(HandResult)(*values), HandResult(*values))
    _assert_same(fast_constructor(Preflop)(5, 200, 200, 3), Preflop(5, 200, 200, 3))


def test_fast_constructor_refuses_classes_whose_init_does_more() -> None:
    """A validator, converter, unslotted class or cached hash would be skipped: refused."""

    @attrs.frozen
    class Checked:
        amount: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen(cache_hash=True)
    class Hashed:
        amount: int

    @attrs.define(slots=False)
    class Plain:
        amount: int

    for cls in (Checked, Hashed, Plain):
        with pytest.raises(TypeError, match=cls.__name__):
            fast_constructor(cls)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([Kind.BET, Kind.RAISE]),
    st.integers(min_value=0, max_value=10**12),
)
def test_policy_sized_action_equals_action(kind: Kind, to: int) -> None:
    """R3.3: the random policy's bet or raise-to action (holdem.engine.betting.sized_action)
    is the object ``Action(kind, to)`` gives: equal, same hash, repr, text and
    fields, and just as immutable."""
    fast, general = sized_action(kind, to), Action(kind, to)
    assert type(fast) is Action
    assert fast == general
    assert hash(fast) == hash(general)
    assert repr(fast) == repr(general)
    assert str(fast) == str(general) == f"{kind.value}{' to' if kind is Kind.RAISE else ''} {to}"
    assert (fast.kind, fast.amount) == (kind, to)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        fast.amount = to + 1  # type: ignore[misc]
