"""Multi-table tournaments by the TDA rules (R15): the director, balancing,
breaking, hand-for-hand, payouts, entries (late registration, re-entry,
rebuys, add-ons), breaks, colour-ups and snapshots.

What it may import: :mod:`holdem.engine`, :mod:`holdem.table` (the director
owns several tables), :mod:`holdem.views`, :mod:`holdem.scenarios`
(tournament scenario files), :mod:`holdem.selfplay` (agents for ``holdem
mtt``) and :mod:`holdem.errors`; ``ray`` only in
:mod:`~holdem.mtt.simulate_ray`.

>>> from holdem.engine.betting import Action, Kind
>>> from holdem.table.schedule import Level, Schedule
>>> names = [f"p{i}" for i in range(20)]
>>> director = Director(names, seats=9, stack=100, schedule=Level(5, 10), seed=1)
>>> sorted(director.counts().values())
[6, 7, 7]
>>> def shove(hand, seat):  # all-in when it may, else call or check
...     legal = hand.legal_actions()
...     if legal.can_all_in:
...         return Action(Kind.ALL_IN)
...     return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)
>>> results = director.run(shove)
>>> director.is_over, sum(r.prize for r in results), director.prize_pool
(True, 2000, 2000)
"""

from holdem.mtt.director import Director, DirectorError, Result, Waiting
from holdem.mtt.entries import Entries, EntryError
from holdem.mtt.events import (
    Bought,
    BreakEnded,
    BreakStarted,
    Busted,
    ColouredUp,
    Eliminated,
    Entered,
    EntriesClosed,
    HandForHand,
    LevelChanged,
    Moved,
    MttEvent,
    Seated,
    TableBroken,
    Won,
)
from holdem.mtt.payouts import colour_up, prizes, shared_prizes, standard_payouts

__all__ = [
    "Bought",
    "BreakEnded",
    "BreakStarted",
    "Busted",
    "ColouredUp",
    "Director",
    "DirectorError",
    "Eliminated",
    "Entered",
    "Entries",
    "EntriesClosed",
    "EntryError",
    "HandForHand",
    "LevelChanged",
    "Moved",
    "MttEvent",
    "Result",
    "Seated",
    "TableBroken",
    "Waiting",
    "Won",
    "colour_up",
    "prizes",
    "shared_prizes",
    "standard_payouts",
]
