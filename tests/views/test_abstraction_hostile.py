"""Buttons and encodings given integer-like values (NumPy integers and the like
implement ``__index__``): accepted as the whole number they are; anything else
is refused with ``ButtonError`` / ``HoldemError`` and nothing changes."""

from __future__ import annotations

import pytest

from holdem import Hand, HoldemError, TableConfig
from holdem.views.abstraction import Abstraction, ButtonError
from holdem.views.observation import Encoder


class Index:
    """An integer-like value, as ``numpy.int64(n)`` or a 0-d integer array is."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


class FloatLike:
    def __index__(self) -> int:
        raise TypeError("only integer scalar arrays can be converted to a scalar index")


def hand() -> Hand:
    return Hand(TableConfig(stacks=[200, 200], small_blind=1, big_blind=2), seed=1)


def test_integer_like_buttons_are_the_button() -> None:
    buttons = Abstraction()
    played = hand()
    assert str(buttons.action_of(played, Index(5))) == "raise to 6"  # R3.1 "raise to"
    with pytest.raises(ButtonError, match="no such button"):
        buttons.action_of(played, Index(8))
    with pytest.raises(ButtonError, match=r"\(raise 1/2 pot\)"):  # masked behind min raise
        buttons.action_of(played, Index(3))


@pytest.mark.parametrize("button", [FloatLike(), 1.0, "1", None, True, [1]])
def test_what_is_not_a_whole_number_is_not_a_button(button: object) -> None:
    played = hand()
    before = played.log
    with pytest.raises(ButtonError, match="not a button index"):
        Abstraction().action_of(played, button)  # type: ignore[arg-type]
    assert played.log == before


def test_encoder_seat_may_be_integer_like() -> None:
    encoder = Encoder(2)
    played = hand()
    assert encoder.encode_hand(played, Index(1)) == encoder.encode_hand(played, 1)  # type: ignore[arg-type]
    for seat in (True, 1.0, 2, -1, FloatLike()):
        with pytest.raises(HoldemError, match="no such seat"):
            encoder.encode_hand(played, seat)  # type: ignore[arg-type]
