"""Scenario files for several runs of the board and rake (R12, R13).

The parts of :mod:`holdem.scenarios.scenario` that read and check run answers and the
expectations about runs and rake (see ``docs/scenarios.md``):

- a step ``"Bjarni accepts 2 runs"`` answers the run question
  (:meth:`holdem.engine.hand.Hand.choose_runs`), and may be refused like an action;
- ``[expect]`` may give ``runs`` (the runs agreed), ``boards`` (every run's
  board), ``rake`` (the chips raked from the hand) and ``rake_pots`` (per pot,
  main pot first).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from holdem.engine.betting import Action
from holdem.engine.cards import parse_cards
from holdem.engine.hand import Hand
from holdem.errors import HoldemError

EXPECT_KEYS = frozenset({"runs", "boards", "rake", "rake_pots"})
_ANSWER = re.compile(r"accepts? +([0-9]{1,18}) +runs?")  # ASCII digits, few enough to read


@attrs.frozen
class RunAnswer:
    """The decision of a run answer step: accept at most ``count`` runs (R12.1)."""

    count: int

    def __str__(self) -> str:
        return f"accepts {self.count} run{'s' if self.count != 1 else ''}"


def parse_run_answer(text: str) -> RunAnswer | None:
    """``"accepts 2 runs"`` (after the player's name) as a :class:`RunAnswer`,
    or ``None`` when the text is not a run answer."""
    match = _ANSWER.fullmatch(text.strip())
    return RunAnswer(int(match.group(1))) if match else None


def apply(hand: Hand, seat: int, decision: Action | RunAnswer) -> None:
    """Play a step's decision for ``seat``: an action, or a run answer.

    Raises:
        IllegalActionError: the engine refuses it (the hand is unchanged).
    """
    if isinstance(decision, RunAnswer):
        hand.choose_runs(seat, decision.count)
    else:
        hand.act(seat, decision)


def read_expect(data: Mapping[str, Any], fail: Callable[[str, str], Exception]) -> dict[str, Any]:
    """The run and rake expectations of an ``[expect]`` table, checked.

    Args:
        data: the ``[expect]`` table.
        fail: builds the error to raise from ``(where, problem)``.

    Raises:
        The error from ``fail`` for a value of the wrong kind.
    """
    out: dict[str, Any] = {}
    for key in ("runs", "rake"):
        if key in data:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise fail(f"expect.{key}", f"must be a whole number >= 0, got {value!r}")
            out[key] = value
    if "rake_pots" in data:
        value = data["rake_pots"]
        if not isinstance(value, list) or any(
            isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value
        ):
            raise fail("expect.rake_pots", "must be a list of chips per pot, main pot first")
        out["rake_pots"] = tuple(value)
    if "boards" in data:
        value = data["boards"]
        if not isinstance(value, list) or not all(isinstance(b, str) for b in value):
            raise fail("expect.boards", "must be a list of boards like '2c 7d 9h Ts 3s'")
        try:
            out["boards"] = tuple(parse_cards(b) for b in value)
        except HoldemError as error:
            raise fail("expect.boards", str(error)) from None
    return out


def compare(hand: Hand, expect: Mapping[str, Any]) -> list[str]:
    """One line per difference between the run and rake expectations and ``hand``."""
    problems: list[str] = []
    result = hand.result
    if "runs" in expect and hand.run_count != expect["runs"]:
        problems.append(f"runs: expected {expect['runs']}, got {hand.run_count}")
    if "boards" in expect and hand.boards != expect["boards"]:
        problems.append(f"boards: expected {_boards(expect['boards'])}, got {_boards(hand.boards)}")
    if result is None:
        return problems
    if "rake" in expect and result.rake_total != expect["rake"]:
        problems.append(f"rake: expected {expect['rake']:,}, got {result.rake_total:,}")
    if "rake_pots" in expect and result.rake != expect["rake_pots"]:
        want = ", ".join(f"{r:,}" for r in expect["rake_pots"])
        got = ", ".join(f"{r:,}" for r in result.rake)
        problems.append(f"rake_pots: expected {want}, got {got}")
    return problems


def _boards(boards: Sequence[Sequence[str]]) -> str:
    return " / ".join(" ".join(board) for board in boards)
