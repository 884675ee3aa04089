"""ACPC ``MATCHSTATE`` strings and Slumbot action strings, both ways.

Both notations write a hand's betting as one string, streets separated by
``/`` (one ``/`` each time the hand reaches a new street, run-outs after an
all-in included):

- **ACPC** (the Annual Computer Poker Competition protocol): ``f`` fold,
  ``c`` check or call, ``r<N>`` a bet or raise to ``N`` chips *in the whole
  hand* (every chip the seat has put in, earlier streets included; with a
  uniform ante, the ante counts, as in :attr:`holdem.engine.hand.Hand.contributions`).
- **Slumbot**: ``f`` fold, ``k`` check, ``c`` call, ``b<N>`` a bet or raise
  to ``N`` chips *on this street*.

Decoding replays the string through a :class:`~holdem.engine.hand.Hand` of the
given table, so every action is checked by the engine (R3): an illegal bet
raises :class:`~holdem.errors.IllegalActionError`, a malformed string or a
``/`` in the wrong place :class:`~holdem.errors.NotationError`.

Seats: the codec's seat ``k`` is ACPC position ``k``. ACPC's two-player
no-limit game (``blind = 100 50``: position 0 posts the big blind) is
``TableConfig([20000, 20000], 50, 100, button=1)`` (heads-up the button
posts the small blind).

>>> from holdem import TableConfig
>>> config = TableConfig([20000, 20000], 50, 100, button=1)
>>> steps = decode_slumbot("b1250c/b18650b18750c//", config)
>>> [(seat, str(action)) for seat, action in steps]  # doctest: +NORMALIZE_WHITESPACE
[(1, 'raise to 1250'), (0, 'call'), (0, 'bet 18650'), (1, 'raise to 18750'), (0, 'call')]
>>> encode_acpc(steps, config)
'r1250c/r19900r20000c//'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from holdem.engine.betting import Action, Kind
from holdem.engine.cards import parse_cards
from holdem.engine.config import TableConfig
from holdem.engine.events import Acted
from holdem.engine.hand import STREETS, Hand
from holdem.errors import CardError, NotationError

__all__ = [
    "MAX_DIGITS",
    "MatchState",
    "decode_acpc",
    "decode_slumbot",
    "encode_acpc",
    "encode_slumbot",
    "parse_matchstate",
]

Step = tuple[int, Action]
"""One betting action: (seat, action), amounts as :class:`~holdem.engine.betting.Action`'s
(a bet or raise "to" chips on the street, R3.1)."""

_ACPC = re.compile(r"[fc]|r[0-9]+|/")  # ASCII digits only: \d matches any script's
_SLUMBOT = re.compile(r"[fkc]|b[0-9]+|/")
MAX_DIGITS = 30
"""The most digits a number in a line may have (an amount, a position, a hand
number): longer numbers are refused before ``int()``, whose limit (4,300 digits
in Python 3.11) would raise a bare ``ValueError``."""
_NUMBER = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_BOARD_CARDS = (3, 1, 1)  # flop, turn, river
_STREET_INDEX = {name: i for i, name in enumerate(STREETS)}


def _tokens(text: object, pattern: re.Pattern[str], what: str) -> list[str]:
    if not isinstance(text, str):
        raise NotationError(f"not a {what} action string: {text!r}")
    tokens = pattern.findall(text)
    if "".join(tokens) != text:
        raise NotationError(f"not a {what} action string: {text!r}")
    return tokens


def _decode(text: str, config: TableConfig, slumbot: bool) -> list[Step]:
    what = "Slumbot" if slumbot else "ACPC"
    tokens = _tokens(text, _SLUMBOT if slumbot else _ACPC, what)
    hand = Hand(config, seed=0)  # the betting does not depend on the cards
    steps: list[Step] = []
    slashes = 0
    for index, token in enumerate(tokens):
        street = _STREET_INDEX[hand.street]
        if token == "/":
            slashes += 1
            if slashes > street:
                raise NotationError(
                    f"{what} {text!r}: '/' at token {index} but the {hand.street} is not over"
                )
            continue
        legal = hand.legal_actions()
        if legal is None:
            raise NotationError(f"{what} {text!r}: token {index} ({token!r}) after the betting")
        if slashes != street:
            raise NotationError(
                f"{what} {text!r}: token {index} ({token!r}) is on the {hand.street}, "
                f"expected {street} '/' before it, got {slashes}"
            )
        seat = legal.seat
        if token == "f":
            action = Action(Kind.FOLD)
        elif token == "k":
            action = Action(Kind.CHECK)
        elif token == "c":
            action = Action(Kind.CHECK) if (legal.can_check and not slumbot) else Action(Kind.CALL)
        else:
            if len(token) - 1 > MAX_DIGITS:
                raise NotationError(
                    f"{what} {text[:80]!r}...: token {index} has {len(token) - 1} digits, "
                    f"at most {MAX_DIGITS}"
                )
            amount = int(token[1:])
            if not slumbot:  # ACPC: the whole hand's total -> this street's "to"
                amount -= hand.contributions[seat] - hand.bets[seat]
            action = Action(Kind.BET if legal.raise_word == "bet" else Kind.RAISE, amount)
        hand.act(seat, action)
        steps.append((seat, action))
    reached = _STREET_INDEX[hand.street]
    if slashes != reached:
        raise NotationError(
            f"{what} {text!r}: the hand reached the {hand.street}: expected {reached} '/', "
            f"got {slashes}"
        )
    return steps


def decode_acpc(text: str, config: TableConfig) -> list[Step]:
    """The betting of an ACPC string (``r<N>``: to ``N`` chips in the whole hand).

    Args:
        text: the betting part of a ``MATCHSTATE`` (``"r300c/cr900f"``).
        config: the table (seat ``k`` is position ``k``).

    Returns:
        The (seat, action) steps, amounts per street (R3.1).

    Raises:
        NotationError: a malformed string, an amount of more than
            :data:`MAX_DIGITS` digits, or ``/`` where a street does not end.
        IllegalActionError: an action the rules refuse (R3.7).
    """
    return _decode(text, config, slumbot=False)


def decode_slumbot(text: str, config: TableConfig) -> list[Step]:
    """The betting of a Slumbot string (``b<N>``: to ``N`` chips on the street).

    Raises:
        NotationError: a malformed string, an amount of more than
            :data:`MAX_DIGITS` digits, or ``/`` where a street does not end.
        IllegalActionError: an action the rules refuse (R3.7), ``k`` facing
            a bet or ``c`` with nothing to call (R3.1).
    """
    return _decode(text, config, slumbot=True)


def _encode(steps: Sequence[Step], config: TableConfig, slumbot: bool) -> str:
    hand = Hand(config, seed=0)
    street = _STREET_INDEX[hand.street]  # the blinds may put everyone all-in (R5.3)
    out: list[str] = ["/" * street]
    for seat, action in steps:
        hand.act(seat, action)
        kind = action.kind
        if kind is Kind.FOLD:
            out.append("f")
        elif kind is Kind.CHECK:
            out.append("k" if slumbot else "c")
        elif kind is Kind.CALL:
            out.append("c")
        else:
            record = next(e for e in reversed(hand.log) if isinstance(e, Acted))
            to, word = record.to, record.action
            if word == "call":  # an all-in that only calls
                out.append("c")
            elif slumbot:
                out.append(f"b{to}")
            else:
                out.append(f"r{hand.contributions[seat] - hand.bets[seat] + to}")
        reached = _STREET_INDEX[hand.street]
        out.append("/" * (reached - street))
        street = reached
    return "".join(out)


def encode_acpc(steps: Sequence[Step], config: TableConfig) -> str:
    """The ACPC betting string of ``steps`` (``c`` for checks and calls, ``r<N>``
    with ``N`` the seat's total in the hand, ``/`` at each new street).

    Raises:
        IllegalActionError: a step the rules refuse (R3.7).
    """
    return _encode(steps, config, slumbot=False)


def encode_slumbot(steps: Sequence[Step], config: TableConfig) -> str:
    """The Slumbot action string of ``steps`` (``k`` check, ``c`` call,
    ``b<N>`` to ``N`` chips on the street, ``/`` at each new street).

    Raises:
        IllegalActionError: a step the rules refuse (R3.7).
    """
    return _encode(steps, config, slumbot=True)


@attrs.frozen
class MatchState:
    """One ACPC ``MATCHSTATE`` line:
    ``MATCHSTATE:<position>:<hand number>:<betting>:<cards>``.

    Attributes:
        position: the receiving player's position (0-based).
        hand_number: the hand's number in the match.
        betting: the ACPC betting string (see :func:`decode_acpc`).
        hole: per position, its hole cards, or ``()`` when not visible.
        board: the board cards per street reached after preflop (flop, turn,
            river), each a tuple of cards.
    """

    position: int
    hand_number: int
    betting: str
    hole: tuple[tuple[str, ...], ...]
    board: tuple[tuple[str, ...], ...] = ()

    def __str__(self) -> str:
        holes = "|".join("".join(cards) for cards in self.hole)
        streets = "".join("/" + "".join(cards) for cards in self.board)
        return f"MATCHSTATE:{self.position}:{self.hand_number}:{self.betting}:{holes}{streets}"


def parse_matchstate(line: str, seats: int | None = None) -> MatchState:
    """Parse ``MATCHSTATE:0:30:cc/r250c:Ah5c|/KsQd7h`` (``str()`` writes it back).

    Args:
        line: the line (a trailing ``\\r\\n`` is ignored).
        seats: the game's number of players, when known: the line must then
            have exactly that many hole-card fields (else 2 to 10).

    Raises:
        NotationError: not a ``MATCHSTATE`` line, the message saying which
            field: not 5 ``:`` fields; a position or hand number that is not
            1 to :data:`MAX_DIGITS` ASCII digits; a malformed betting string (or
            an amount of more than :data:`MAX_DIGITS` digits); a malformed card; a
            hole-card field with other than 0 or 2 cards; a board street with
            the wrong number of cards (flop 3, turn 1, river 1) or more than 3
            streets; a card seen twice; the wrong number of hole-card fields;
            a position with no field.
    """
    if not isinstance(line, str):
        raise NotationError(f"not a MATCHSTATE line: {line!r}")
    parts = line.rstrip("\r\n").split(":")
    if len(parts) != 5 or parts[0] != "MATCHSTATE":
        raise NotationError(f"not a MATCHSTATE line (5 ':' fields): {line!r}")
    _, position, number, betting, cards = parts
    if not _NUMBER.fullmatch(position) or not _NUMBER.fullmatch(number):
        raise NotationError(
            f"MATCHSTATE position and hand number must be 1 to {MAX_DIGITS} ASCII digits: "
            f"{line[:120]!r}"
        )
    _tokens(betting, _ACPC, "ACPC")
    sections = cards.split("/")
    try:
        hole = tuple(parse_cards(text) if text else () for text in sections[0].split("|"))
        board = tuple(parse_cards(text) for text in sections[1:])
    except CardError as error:
        raise NotationError(f"MATCHSTATE cards {cards!r}: {error}") from None
    low, high = (2, 10) if seats is None else (seats, seats)
    if not low <= len(hole) <= high:
        expected = f"{low} to {high}" if low != high else str(low)
        raise NotationError(
            f"MATCHSTATE cards {cards!r}: {len(hole)} hole-card fields, expected {expected}"
        )
    for k, cards_of in enumerate(hole):
        if len(cards_of) not in (0, 2):
            raise NotationError(
                f"MATCHSTATE position {k} has {len(cards_of)} hole cards, expected 0 or 2"
            )
    if len(board) > len(_BOARD_CARDS):
        raise NotationError(f"MATCHSTATE cards {cards!r}: {len(board)} board streets, at most 3")
    for street, (dealt, count) in enumerate(zip(board, _BOARD_CARDS, strict=False)):
        if len(dealt) != count:
            raise NotationError(
                f"MATCHSTATE cards {cards!r}: board street {street + 1} has {len(dealt)} "
                f"cards, expected {count}"
            )
    seen = [card for group in (*hole, *board) for card in group]
    if len(set(seen)) != len(seen):
        twice = dict.fromkeys(card for card in seen if seen.count(card) > 1)
        raise NotationError(f"MATCHSTATE cards {cards!r}: {' '.join(twice)} seen twice")
    if int(position) >= len(hole):
        raise NotationError(f"MATCHSTATE position {position} but {len(hole)} hole-card fields")
    return MatchState(int(position), int(number), betting, hole, board)
