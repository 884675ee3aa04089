"""The data of a scenario file: its steps, the scenario itself and the
outcome of playing it, and :class:`ScenarioError` for a broken file.

Read by :mod:`holdem.scenarios.scenario`, played by :mod:`holdem.scenarios.play`; import
these names from :mod:`holdem.scenarios.scenario`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from holdem.engine.betting import Action
from holdem.engine.config import TableConfig
from holdem.engine.hand import Hand
from holdem.errors import HoldemError, Reason
from holdem.scenarios import runs as _runs


class ScenarioError(HoldemError):
    """A scenario file is broken: unreadable TOML, a missing or unknown key,
    an unknown player, an action that does not parse, an unknown reason code.

    A broken file is not a failed scenario: the file must be fixed.

    Attributes:
        path: the scenario file (``"<string>"`` when parsed from text).
        step: where the problem is: ``"step 3 ('Ramses folds')"``,
            ``"expect.stacks"``, ``"seats[1]"``... or ``None`` for the whole file.
        problem: what is wrong, in one line.
    """

    def __init__(self, path: str, step: str | None, problem: str) -> None:
        self.path = path
        self.step = step
        self.problem = problem
        where = f"{printable(path)}: {step}" if step else printable(path)
        super().__init__(f"{where}: {problem}")


def printable(text: str) -> str:
    """``text`` with every character that is not printable escaped (``\\n``,
    ``\\udcff``), so that a file name or value stays on one line of output."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


@attrs.frozen
class Play:
    """A step that applies one action: ``seat`` plays ``action`` (R3.1), or
    answers the run question (R12.1)."""

    text: str
    seat: int
    action: Action | _runs.RunAnswer


@attrs.frozen
class Refuse:
    """A step whose action the engine must refuse with ``reason`` (R3.7); the
    hand must be unchanged afterwards and the scenario goes on from it."""

    text: str
    seat: int
    action: Action | _runs.RunAnswer
    reason: Reason


@attrs.frozen
class Check:
    """A step that checks the hand without acting. Each field is ``None``
    when not checked.

    Attributes:
        to_act: the seat expected to act.
        legal: the text form of the legal options (``"fold, call 100, raise
            to 200..4000"``, amounts in chips) or ``"none"`` when nobody is
            to act.
        street: ``preflop``, ``flop``, ``turn`` or ``river``.
        pot: every chip in the middle, bets included, in chips.
        run_seat: the seat expected to answer the run question (R12.1).
    """

    to_act: int | None
    legal: str | None
    street: str | None
    pot: int | None
    run_seat: int | None = None


Step = Play | Refuse | Check


@attrs.frozen
class Scenario:
    """A scenario file, read and checked (see ``docs/scenarios.md``).

    Attributes:
        path: where it was read from.
        rule: the rule it cites (``"R7.3"``); several are comma-separated.
        description: what it shows, in words.
        config: the table.
        hole_cards: per seat, the fixed hole cards or ``None`` (dealt).
        board: fixed board cards, or ``None``.
        seed: the seed for every card not fixed (0 unless given).
        steps: the steps, in order.
        expect: the checked ``[expect]`` table (names already resolved).
    """

    path: str
    rule: str
    description: str
    config: TableConfig
    hole_cards: tuple[str | None, ...]
    board: str | None
    seed: int | str
    steps: tuple[Step, ...]
    expect: Mapping[str, Any]


@attrs.frozen
class ScenarioResult:
    """The outcome of :func:`run_scenario`.

    Attributes:
        scenario: the scenario played.
        hand: the hand as it stands after the last step.
        failures: one line per difference between expected and actual; empty
            when the scenario passes.
    """

    scenario: Scenario
    hand: Hand
    failures: tuple[str, ...]

    @property
    def passed(self) -> bool:
        """True when nothing differed."""
        return not self.failures
