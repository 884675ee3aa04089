"""The rule numbers of the project's rule book, ``docs/rules.md``, with their titles.

Code, tests, scenario files and error messages cite rules by number
(``"R5.3"``). The rule book itself is a document that an installed package
does not carry, so its numbers and one-line titles are kept here; a test
checks that this table and ``docs/rules.md`` list exactly the same rules with
the same titles.

>>> RULES["R4.2"]
'A short all-in does not reopen the betting'
>>> anchor("R5.1a")
'r5-1a'
>>> undefined("R4.2, R7.4, R99.9")
('R99.9',)
"""

from __future__ import annotations

import re
from types import MappingProxyType

_TITLES = {
    "R1": "Table stakes",
    "R1.1": "Only the chips in front of a player play",
    "R1.2": "Nobody is forced out of a hand",
    "R2": "Seats, button and forced bets",
    "R2.1": "Blinds and the order of action with three or more players",
    "R2.2": "Heads-up",
    "R2.3": "Antes",
    "R2.4": "Forced bets a player cannot cover",
    "R2.5": "A short big blind",
    "R3": "Actions",
    "R3.1": "What a player may do",
    "R3.2": "The minimum bet",
    "R3.3": "The minimum raise",
    "R3.4": "No-limit: the largest bet",
    "R3.5": "Pot-limit: the largest bet",
    "R3.6": "No raise when nobody could call it",
    "R3.7": "Illegal actions are refused",
    "R4": "Short all-ins and reopening the betting",
    "R4.1": "Full and short bets and raises",
    "R4.2": "A short all-in does not reopen the betting",
    "R4.3": "Short all-ins that add up",
    "R4.4": "Players yet to act",
    "R4.5": "The big blind's option",
    "R5": "The end of a betting round and of the hand",
    "R5.1": "When a street's betting ends",
    "R5.1a": "The last player able to bet is not asked",
    "R5.2": "Everyone else folded",
    "R5.3": "Betting over with cards to come",
    "R5.4": "Dealing",
    "R6": "Showdown",
    "R6.1": "Hand strength",
    "R6.2": "Showing order",
    "R6.3": "Showing and mucking",
    "R6.4": "All hands shown when betting ended early",
    "R7": "Pots: the layering rule",
    "R7.1": "Layers from contributions",
    "R7.2": "Who may win a layer",
    "R7.3": "Main pot and side pots",
    "R7.4": "The uncalled bet",
    "R7.5": "A layer nobody can win",
    "R7.6": "Dead money",
    "R8": "Splitting a pot",
    "R8.1": "Each pot on its own",
    "R8.2": "Odd chips",
    "R8.3": "A table chip larger than one",
    "R9": "Tournament eliminations",
    "R9.1": "Places of players eliminated",
    "R10": "Between hands",
    "R10.1": "The button moves",
    "R10.2": "Rebuys and held seats",
    "R11": "Straddles",
    "R11.1": "Who may straddle, and how much",
    "R11.2": "The straddle takes the big blind's part",
    "R11.3": "Who acts first preflop",
    "R12": "Running the board more than once",
    "R12.1": "Agreeing on the number of runs",
    "R12.2": "Dealing the runs",
    "R12.3": "Dividing the pots among runs",
    "R13": "Rake",
    "R13.1": "How much rake is taken",
    "R13.2": "Which pots give the rake",
    "R14": "Sitting out, missed blinds, new players",
    "R14.1": "Sitting out",
    "R14.2": "Missed blinds",
    "R14.3": "Live and dead posts",
    "R15": "Multi-table tournaments",
    "R15.1": "Seating",
    "R15.2": "Balancing tables",
    "R15.3": "Breaking tables",
    "R15.4": "Players out together; hand-for-hand",
    "R15.5": "Levels",
    "R15.6": "Payouts",
    "R15.7": "Colour-up",
    "R15.8": "Late registration, re-entries, rebuys and add-ons",
    "R15.9": "Breaks",
    "R15.10": "Colour-up at a level change",
}

RULES = MappingProxyType(_TITLES)
"""Every rule number defined by ``docs/rules.md`` (a group such as ``"R7"``
or a rule such as ``"R7.3"`` or ``"R5.1a"``), in the book's order, mapped to
its one-line title."""

CITATION = re.compile(r"R\d+(?:\.\d+[a-z]?)?")
"""The form of one rule number: ``R7``, ``R7.3``, ``R5.1a``."""


def anchor(number: str) -> str:
    """The anchor of rule ``number`` in ``docs/rules.md``: ``"R5.1a"`` -> ``"r5-1a"``.

    Raises:
        KeyError: ``number`` is not a rule of the book.
    """
    if number not in _TITLES:
        raise KeyError(number)
    return number.lower().replace(".", "-")


def undefined(citation: str) -> tuple[str, ...]:
    """The rule numbers in ``citation`` (``"R4.2, R7.4"``) that the rule book
    does not define, in the order cited; empty when every one is defined.

    Only well-formed numbers (:data:`CITATION`) are looked at; checking the
    form of the whole text is the caller's work.
    """
    return tuple(n for n in CITATION.findall(citation) if n not in _TITLES)
