"""GGPoker hand histories (``Poker Hand #HD...``, ``#RC...``, ``#TM...``).

GGPoker writes PokerStars' layout with its own header (``Poker Hand #``
and a prefix naming the table's kind: ``HD``, ``RC``, ``TM``, ``SG``...),
the ante in the stakes (``($0.02/$0.05($0.01))``), straddles without
``posts`` (``P: straddle $0.2``, R11.1), runs of the board two or three
times (a later run's summary board without the shared cards), and fees
beside the rake (``Jackpot``, ``Bingo``, ``Fortune``, ``Tax``: all part of
the hand's rake). EV cash-outs and all-in insurance are paid outside the
pot: the hand is checked as any other and the payments are kept in its
``cash_out`` ledger; a ``Cash Drop`` (money the site adds to the pot) is
replayed outside the pot and matched when the winners' nets exceed the
engine's by exactly the drop. A bomb pot (antes only, no blinds, no
pre-flop round) is skipped as ``not_nlhe`` (docs/sites.md).
"""

from __future__ import annotations

from holdem.records.sites import pokerstars
from holdem.records.sites.model import SiteHand

SITE = "ggpoker"


def parse(text: str, file: str = "") -> list[SiteHand]:
    """Every hand of a GGPoker text, in order."""
    return pokerstars.parse(text, file, SITE)
