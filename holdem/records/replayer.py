"""Strict replay of one PHH record: every action through the live legality checks (R3.7).

The replay builds a :class:`~holdem.engine.hand.Hand` with the record's cards and a
manual showdown, then applies the actions in order. It refuses whatever live
play refuses, and what a history cannot say:

* a betting action out of turn, after the hand is over, or on a street the
  history has not dealt yet (the one exception is R5.1a's no-op check);
* a show or muck during the betting; a muck of a hand that must be shown
  (R6.3, R6.4); a show or muck out of the showing order (R6.2);
* hole cards dealt after the betting started, or a player never dealt;
  board cards dealt while a street's betting is still on or after the hand
  is over; a card dealt twice (naming the action that deals it again).

A show after the hand ended without a showdown (a voluntary show by a player
still holding cards) changes no chips; it is kept for the export.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from holdem.engine.cards import UNKNOWN, parse_cards
from holdem.engine.events import (
    Acted,
    Posted,
    PotAwarded,
    RunsAgreed,
    StreetDealt,
    UncalledReturned,
)
from holdem.engine.hand import Hand, ShowdownError
from holdem.errors import HoldemError
from holdem.records.record import (
    DIFFERED,
    MATCHED,
    MAX_CHIPS,
    REJECTED,
    REPLAYED,
    UNSUPPORTED,
    PHHError,
    ReplayResult,
    UnsupportedError,
    chip_list,
    describe,
    run_count,
    table_config,
)

_PLAYER = re.compile(r"p[0-9]{1,2}")
_CHIPS = re.compile(r"[0-9]{1,19}")
_Parsed = list[tuple[str, list[str]]]
_RUN_ONE = (("flop", 3), ("turn", 1), ("river", 1))
"""The streets of the first run, one ``d db`` action each (R5.4)."""


@attrs.frozen
class LateShow:
    """A show after the hand ended without a showdown; it changes no chips.

    Attributes:
        position: the length of the hand's log when the show was made.
        seat: the seat that showed.
        cards: the cards shown.
    """

    position: int
    seat: int
    cards: tuple[str, ...]


@attrs.frozen
class Replayed:
    """A replayed hand and what its log does not hold.

    Attributes:
        hand: the finished :class:`~holdem.engine.hand.Hand`.
        late_shows: shows after a hand won without a showdown, in order.
        unknown_shows: seats whose record shows ``????`` at the showdown.
    """

    hand: Hand
    late_shows: tuple[LateShow, ...]
    unknown_shows: frozenset[int]


def replay(record: Mapping[str, Any]) -> Hand:
    """Replay one PHH hand and return the finished hand.

    Args:
        record: the hand's PHH fields (as read from a ``.phh`` file by
            :mod:`tomllib`, or one JSON line of a ``.jsonl`` file). Player
            ``pK`` is seat ``K - 1``; the button is the last player.

    Returns:
        The :class:`~holdem.engine.hand.Hand`, over, with its log, result and
        history (:func:`holdem.views.history.format_history`). The record's
        ``finishing_stacks`` are not compared here: :func:`replay_record`
        does that.

    Raises:
        UnsupportedError: the record uses something the engine does not play
            (another variant, straddles, a field that could change the game).
        PHHError: the record is malformed, or an action is refused; the
            error's ``action_index`` and ``action`` name the action at fault
            (R3.7).
    """
    return play_record(record).hand


def replay_record(record: Mapping[str, Any], hand_id: str | None = None) -> ReplayResult:
    """Replay one PHH hand (a mapping of its fields) and compare its finishing stacks.

    Never raises for a bad record: every fault becomes a ``rejected`` or
    ``unsupported`` result with the reason.
    """
    return replay_outcome(record, hand_id)[0]


def replay_outcome(
    record: Mapping[str, Any], hand_id: str | None = None
) -> tuple[ReplayResult, Replayed | None]:
    """:func:`replay_record`'s result, with the replayed hand when it could be played."""
    if not isinstance(record, Mapping):
        error = _error(None, None, f"a hand must be a table of fields, got {describe(record)}")
        return ReplayResult(hand_id or "?", REJECTED, None, None, error), None
    raw_id = record.get("id", record.get("_id", record.get("hand", hand_id or "?")))
    ident = _text(raw_id) if isinstance(raw_id, str) else describe(raw_id)
    expected: tuple[int, ...] | None = None
    try:
        if record.get("finishing_stacks") is not None:
            players = record.get("starting_stacks")
            count = len(players) if isinstance(players, list) else None
            expected = tuple(chip_list(record, "finishing_stacks", count))
        replayed = play_record(record)
    except UnsupportedError as error:
        return ReplayResult(
            ident, UNSUPPORTED, None, expected, _error(None, None, str(error))
        ), None
    except PHHError as error:
        return ReplayResult(
            ident, REJECTED, None, expected, _error(error.action_index, error.action, str(error))
        ), None
    except HoldemError as error:
        return ReplayResult(ident, REJECTED, None, expected, _error(None, None, str(error))), None
    stacks = replayed.hand.stacks
    if expected is None:
        return ReplayResult(ident, REPLAYED, stacks, None, None), replayed
    status = MATCHED if stacks == expected else DIFFERED
    return ReplayResult(ident, status, stacks, expected, None), replayed


def _text(text: str) -> str:
    """``text`` printable in UTF-8: a lone surrogate becomes its escape."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _error(index: int | None, action: str | None, message: str) -> dict[str, Any]:
    if action is not None:
        action = _text(action if len(action) <= 100 else action[:97] + "...")
    return {"action_index": index, "action": action, "message": _text(message)}


def play_record(record: Mapping[str, Any]) -> Replayed:
    """Replay one record strictly; see :func:`replay` (this also returns the late shows)."""
    if not isinstance(record, Mapping):
        raise PHHError(f"a hand must be a table of fields, got {describe(record)}")
    config = table_config(record)
    n = config.seats
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise PHHError("actions must be an array of strings")
    parsed = _parse_actions(actions)
    runs = run_count(record)
    deal = _Deal(parsed, n, 5 if runs is None else 5 * runs)
    try:
        hand = Hand(config, hole_cards=deal.hole, board=deal.board, seed=0, show_policy="manual")
    except HoldemError as error:
        raise PHHError(str(error)) from None
    return _Play(hand, parsed, deal, runs).run()


def _parse_actions(actions: Sequence[object]) -> _Parsed:
    parsed = []
    for index, raw in enumerate(actions):
        if not isinstance(raw, str):
            raise PHHError(f"an action must be a string, got {describe(raw)}", index, None)
        tokens = raw.split("#", 1)[0].split()
        if len(tokens) < 2:
            raise PHHError("an action needs an actor and a code", index, raw)
        parsed.append((raw, tokens))
    return parsed


def _seat(token: str, n: int, index: int, action: str) -> int:
    if not _PLAYER.fullmatch(token):
        raise PHHError(f"not a player: {describe(token)}", index, action)
    seat = int(token[1:]) - 1
    if not 0 <= seat < n:
        raise PHHError(f"no player {token} in a {n}-player hand", index, action)
    return seat


def _cards(text: str, index: int, action: str) -> tuple[str, ...] | None:
    """Parsed cards, or ``None`` when any of them is unknown (``??``)."""
    if "?" in text:
        return None
    try:
        return parse_cards(text)
    except HoldemError as error:
        raise PHHError(str(error), index, action) from None


class _Deal:
    """The cards a history deals and shows, checked before any action is played (R5.4)."""

    def __init__(self, parsed: _Parsed, n: int, most: int) -> None:
        self.most = most  # board cards the history may deal (more with several runs)
        self.hole: list[tuple[str, ...] | str | None] = [None] * n
        self.board: list[str] = []
        self.streets: dict[int, int] = {}  # action index -> board cards dealt there
        self.db_order: dict[int, int] = {}  # action index -> its place among the board deals
        self.unknown_shows: set[int] = set()
        self._where: dict[str, int] = {}
        first_act: int | None = None
        for index, (raw, tokens) in enumerate(parsed):
            if tokens[0] == "d":
                self._dealer(index, raw, tokens, n, first_act is not None)
                continue
            seat = _seat(tokens[0], n, index, raw)
            if first_act is None:
                first_act = index
                self._all_dealt(index, raw)
            if tokens[1] == "sm" and len(tokens) == 3:
                self._shown(index, raw, tokens, seat)
        if first_act is None:
            self._all_dealt(len(parsed), None)

    def _all_dealt(self, index: int, raw: str | None) -> None:
        for seat, cards in enumerate(self.hole):
            if cards is None:
                raise PHHError(f"p{seat + 1} is never dealt hole cards", index, raw)

    def _place(self, cards: tuple[str, ...], index: int, raw: str) -> None:
        for card in cards:
            if card in self._where:
                raise PHHError(
                    f"{card} is dealt twice (first by action {self._where[card]})", index, raw
                )
            self._where[card] = index

    def _dealer(self, index: int, raw: str, tokens: list[str], n: int, started: bool) -> None:
        if tokens[1] == "dh" and len(tokens) == 4:
            seat = _seat(tokens[2], n, index, raw)
            if started:
                raise PHHError("hole cards dealt after the betting started", index, raw)
            if self.hole[seat] is not None:
                raise PHHError(f"{tokens[2]} is dealt hole cards twice", index, raw)
            cards = _cards(tokens[3], index, raw)
            if cards is None:
                self.hole[seat] = UNKNOWN
                return
            if len(cards) != 2:
                raise UnsupportedError(f"{len(cards)} hole cards: only hold'em (2) is supported")
            self._place(cards, index, raw)
            self.hole[seat] = cards
        elif tokens[1] == "db" and len(tokens) == 3:
            cards = _cards(tokens[2], index, raw)
            if cards is None:
                raise PHHError("unknown board cards", index, raw)
            place = len(self.streets)
            if place < 3 and len(cards) != _RUN_ONE[place][1]:
                street, size = _RUN_ONE[place]
                raise PHHError(
                    f"the {street} is {size} card{'s' if size > 1 else ''}, "
                    f"this deals {len(cards)}",
                    index,
                    raw,
                )
            self._place(cards, index, raw)
            self.board.extend(cards)
            self.streets[index] = len(cards)
            self.db_order[index] = place
            if len(self.board) > self.most:
                raise UnsupportedError(
                    f"more than {self.most} board cards"
                    + ("" if self.most > 5 else " (a run_count is needed to run it twice)")
                )
        else:
            raise PHHError(f"unknown dealer action {' '.join(tokens[1:])!r}", index, raw)

    def _shown(self, index: int, raw: str, tokens: list[str], seat: int) -> None:
        cards = _cards(tokens[2], index, raw)
        held = self.hole[seat]
        if cards is None:
            if held == UNKNOWN:
                self.unknown_shows.add(seat)
                return
            raise PHHError(f"{tokens[0]} shows ???? but was dealt known cards", index, raw)
        if held == UNKNOWN:
            if len(cards) != 2:
                raise PHHError(f"{tokens[0]} shows {len(cards)} cards, not 2", index, raw)
            self._place(cards, index, raw)
            self.hole[seat] = cards
        elif held is None or set(held) != set(cards):
            raise PHHError(f"{tokens[0]} shows cards other than those dealt", index, raw)


class _Play:
    """Applies a history's actions to a hand, one at a time."""

    def __init__(
        self,
        hand: Hand,
        parsed: _Parsed,
        deal: _Deal,
        runs: int | None,
    ) -> None:
        self.hand = hand
        self.runs = runs  # the record's run_count (R12)
        self._seen = 0  # log events counted in _cards
        self._cards = 0  # board cards the hand has dealt, every run
        self._sizes: list[int] = []  # cards of each street the hand has dealt, in order
        self._streets: list[str] = []  # and the street's name
        self.parsed = parsed
        self.deal = deal
        self.dealt = 0  # board cards the history has dealt so far
        self.late: list[LateShow] = []
        self.decided: set[int] = set()
        self.pending: dict[int, tuple[int, str, bool]] = {}  # seat -> its show or muck
        self.no_ops: set[int] = set()  # board sizes of the streets with an R5.1a check

    def run(self) -> Replayed:
        hand = self.hand
        for index, (raw, tokens) in enumerate(self.parsed):
            try:
                self._apply(index, raw, tokens)
            except ShowdownError as error:
                raise PHHError(
                    f"the showdown needs unknown hole cards: {error}", index, raw
                ) from None
            except PHHError:
                raise
            except HoldemError as error:
                raise PHHError(str(error), index, raw) from None
            self._answer_runs(index, raw)
            self._decide()
            if self._board_cards() > len(self.deal.board):
                raise PHHError(
                    f"the hand needs {self._board_cards()} board cards "
                    f"and the history deals {len(self.deal.board)}",
                    index,
                    raw,
                )
        end = len(self.parsed)
        if self.runs is not None and not any(isinstance(e, RunsAgreed) for e in hand.log):
            raise PHHError(
                f"run_count is {self.runs} but the board was never to be run more than "
                "once (R12.1: an all-in with cards to come)",
                end,
                None,
            )
        if hand.showdown_seat is not None:
            raise PHHError(
                f"the history ends before the showdown is over "
                f"(p{hand.showdown_seat + 1} to show or muck)",
                end,
                None,
            )
        if not hand.is_over:
            raise PHHError(
                f"the history ends before the hand is over (p{(hand.to_act or 0) + 1} to act)",
                end,
                None,
            )
        return Replayed(hand, tuple(self.late), frozenset(self.deal.unknown_shows))

    def _apply(self, index: int, raw: str, tokens: list[str]) -> None:
        hand = self.hand
        actor, code = tokens[0], tokens[1]
        if actor == "d":
            size = self.deal.streets.get(index, 0)
            place = self.deal.db_order.get(index)
            self.dealt += size
            needed = self._board_cards()
            if place is not None and place < len(self._sizes) and self._sizes[place] != size:
                street = self._streets[place]
                dealt = self._sizes[place]
                raise PHHError(
                    f"the {street} is {dealt} card{'s' if dealt > 1 else ''}, this deals {size}",
                    index,
                    raw,
                )
            if self.dealt > needed:
                if hand.is_over:
                    raise PHHError("board cards dealt after the hand is over", index, raw)
                raise PHHError(f"board dealt while {hand.street} betting is still on", index, raw)
            return
        seat = _seat(actor, len(hand.folded), index, raw)
        if code == "sm":
            self._show_or_muck(index, raw, tokens, seat)
            return
        if code in ("cc", "f") and len(tokens) != 2:
            raise PHHError(f"{code} takes no amount", index, raw)
        if code == "cc" and self._no_op_check(seat):
            return  # R5.1a: a recorded check with no decision to make
        if code not in ("cc", "f", "cbr"):
            raise PHHError(f"unknown action code {describe(code)}", index, raw)
        if hand.to_act is not None and self.dealt < self._board_cards():
            raise PHHError(f"{actor} acts before the history deals the {hand.street}", index, raw)
        if code == "cc":
            hand.check_or_call(seat)
        elif code == "f":
            hand.fold(seat)
        else:
            if len(tokens) != 3 or not _CHIPS.fullmatch(tokens[2]) or int(tokens[2]) > MAX_CHIPS:
                raise PHHError("cbr needs a whole number of chips", index, raw)
            hand.bet_or_raise(seat, int(tokens[2]))

    def _no_op_check(self, seat: int) -> bool:
        """R5.1a: betting is over, the hand goes to a showdown, and ``seat`` is
        the one seat still in with chips behind (one such check per street)."""
        hand = self.hand
        if hand.to_act is not None or hand.folded.count(False) < 2:
            return False
        if self.dealt in self.no_ops:
            return False  # one recorded check per street at most
        behind = list(hand.config.stacks)  # chips behind before any pot is paid
        for event in hand.log:
            if isinstance(event, Posted):
                behind[event.seat] -= event.amount
            elif isinstance(event, Acted):
                behind[event.seat] -= event.added
            elif isinstance(event, UncalledReturned):
                behind[event.seat] += event.amount
            elif isinstance(event, PotAwarded):
                break
        able = [s for s in range(len(behind)) if not hand.folded[s] and behind[s] > 0]
        if able != [seat]:
            return False
        self.no_ops.add(self.dealt)
        return True

    def _show_or_muck(self, index: int, raw: str, tokens: list[str], seat: int) -> None:
        """Record a show or muck; it is played when the hand asks that seat (R6.2).

        A history lists the shows in the order its source wrote them, which
        need not be the showing order: the decisions wait for their turn, and
        a refused one (a muck of a hand that must be shown, R6.3, R6.4) is
        reported at its own action.
        """
        hand = self.hand
        actor = tokens[0]
        if len(tokens) > 3:
            raise PHHError("sm takes at most the cards shown", index, raw)
        if not hand.is_over and hand.showdown_seat is None:
            raise PHHError(f"{actor} shows or mucks during the {hand.street} betting", index, raw)
        if hand.folded[seat]:
            raise PHHError(f"{actor} has folded and has no cards to show", index, raw)
        if hand.hole_cards(seat)[0] == UNKNOWN or (len(tokens) == 3 and "?" in tokens[2]):
            return  # cards nobody knows (yet) take no part in a showdown: nothing to do
        if seat in self.decided:
            raise PHHError(f"{actor} has already shown or mucked", index, raw)
        self.decided.add(seat)
        if hand.is_over:
            if hand.folded.count(False) > 1:
                raise PHHError(f"{actor} shows or mucks after the showdown", index, raw)
            if len(tokens) == 3:  # a voluntary show by the player who won uncontested
                self.late.append(LateShow(len(hand.log), seat, hand.hole_cards(seat)))
            return
        self.pending[seat] = (index, raw, len(tokens) == 3)

    def _board_cards(self) -> int:
        """Board cards the hand has dealt so far, over every run (R12.2)."""
        log = self.hand.log
        for event in log[self._seen :]:
            if isinstance(event, StreetDealt):
                self._cards += len(event.cards)
                self._sizes.append(len(event.cards))
                self._streets.append(event.street)
        self._seen = len(log)
        return self._cards

    def _answer_runs(self, index: int, raw: str) -> None:
        """Answer the run question with the record's ``run_count`` (R12.1)."""
        hand = self.hand
        while hand.run_seat is not None:
            assert self.runs is not None  # the question is asked only with max_runs > 1
            try:
                hand.choose_runs(hand.run_seat, self.runs)
            except HoldemError as error:
                raise PHHError(str(error), index, raw) from None

    def _decide(self) -> None:
        """Play the recorded shows and mucks whose turn has come."""
        hand = self.hand
        while hand.showdown_seat is not None and hand.showdown_seat in self.pending:
            seat = hand.showdown_seat
            index, raw, show = self.pending.pop(seat)
            try:
                if show:
                    hand.show(seat)
                else:
                    hand.muck(seat)
            except ShowdownError as error:
                raise PHHError(
                    f"the showdown needs unknown hole cards: {error}", index, raw
                ) from None
            except HoldemError as error:
                raise PHHError(str(error), index, raw) from None
