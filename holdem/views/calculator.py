"""The pot calculator behind ``holdem pots``: pots from contributions and ranks.

Seats are listed from the first seat left of the button, so the button is
the last seat (the odd-chip order of R8.2). Everything goes through
:func:`holdem.engine.pots.layer_pots` and :func:`holdem.engine.pots.award_pots`, the code
that settles every hand.

>>> calc = calculate([5000, 12000, 20000], ranks=[1, 2, 3], names=["Anna", "Bjarni", "Davíð"])
>>> calc.received
(15000, 14000, 8000)
>>> print(format_text(calc))
Seats from the first left of the button (the button last): Anna, Bjarni, Davíð
Returned to Davíð: 8,000 (nobody matched it, R7.4)
Main pot 15,000, eligible: Anna, Bjarni, Davíð
  Anna wins the main pot, 15,000
Side pot 1 14,000, eligible: Bjarni, Davíð
  Bjarni wins side pot 1, 14,000
Received: Anna 15,000, Bjarni 14,000, Davíð 8,000
Net: Anna +10,000, Bjarni +2,000, Davíð -12,000
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from holdem.engine.betting import MAX_CHIPS
from holdem.engine.pots import Awards, Layering, award_pots, layer_pots
from holdem.errors import HoldemError
from holdem.views.history import chips, pot_award_line, signed


class CalculatorError(HoldemError):
    """Bad input to the pot calculator: a negative or malformed chip count,
    a rank for a folded seat, a missing rank, lists of different lengths."""


@attrs.frozen
class Calculation:
    """What :func:`calculate` gives back; per-seat tuples follow ``names``.

    Attributes:
        names: seat names, the first left of the button first, the button last.
        contributions: chips each seat put in over the hand (R7.1).
        folded: whether each seat folded.
        dead: dead money added to the main pot (R7.6), in chips.
        dead_from: the seat that paid the dead money, or ``None``.
        layering: the pots and returned chips (R7).
        awards: each pot's winners and shares (R8).
        received: chips each seat gets back in all: returned plus won.
        net: received minus what the seat put in (its dead money included);
            sums to zero when ``dead_from`` is given or there is no dead money.
    """

    names: tuple[str, ...]
    contributions: tuple[int, ...]
    folded: tuple[bool, ...]
    dead: int
    dead_from: int | None
    layering: Layering
    awards: Awards
    received: tuple[int, ...]
    net: tuple[int, ...]


def calculate(
    contributions: Sequence[int],
    ranks: Sequence[int | None],
    folded: Sequence[bool] | None = None,
    *,
    names: Sequence[str] | None = None,
    dead: int = 0,
    dead_from: int | None = None,
) -> Calculation:
    """Layer the pots and award them (R7, R8).

    Args:
        contributions: chips each seat put in over the hand, seats listed
            from the first left of the button (the button last).
        ranks: per seat, 1 for the best hand, equal numbers tie; ``None``
            for exactly the folded seats.
        folded: whether each seat folded; all ``False`` when omitted.
        names: seat names; ``Player 1``, ``Player 2``... when omitted.
        dead: chips of dead money for the main pot (a big-blind ante, R7.6).
        dead_from: the seat (index) that paid ``dead``, charged in ``net``.

    Raises:
        CalculatorError: any input is inconsistent (see the class).
    """
    n = len(contributions)
    if n < 2:
        raise CalculatorError(f"need at least 2 seats, got {n}")
    folded = [False] * n if folded is None else list(folded)
    names = [f"Player {i + 1}" for i in range(n)] if names is None else list(names)
    for what, values in (("ranks", ranks), ("folded", folded), ("names", names)):
        if len(values) != n:
            raise CalculatorError(f"{len(values)} {what} for {n} contributions")
    if not all(isinstance(name, str) and name.strip() for name in names) or len(set(names)) != n:
        raise CalculatorError("names must be non-empty and different")
    if not all(name.isprintable() for name in names):
        raise CalculatorError("names must be printable text (no control characters)")
    for seat, chip_count in enumerate(contributions):
        if not _chips(chip_count):
            raise CalculatorError(
                f"{names[seat]}: contribution must be a whole number of chips "
                f"from 0 to 2**63 - 1, got {_describe(chip_count)}"
            )
    if not _chips(dead):
        raise CalculatorError(
            f"dead money must be a whole number of chips from 0 to 2**63 - 1, got {_describe(dead)}"
        )
    if dead_from is not None and not (_chips(dead_from) and dead_from < n):
        raise CalculatorError(f"dead money paid by an unknown seat: {_describe(dead_from)}")
    for seat, (rank, out) in enumerate(zip(ranks, folded)):
        if out and rank is not None:
            raise CalculatorError(
                f"{names[seat]} folded and cannot have a rank (use x), got {_describe(rank)}"
            )
        if not out and (isinstance(rank, bool) or not isinstance(rank, int) or rank < 1):
            raise CalculatorError(
                f"{names[seat]} needs a rank of 1 or more (1 = best), got {_describe(rank)}"
            )
    if all(folded):
        raise CalculatorError("every seat folded; somebody must be left to win")
    layering = layer_pots(contributions, folded, dead)
    awards = award_pots(layering.pots, list(ranks), button=n - 1)
    received = tuple(r + p for r, p in zip(layering.returns, awards.payouts))
    net = tuple(received[s] - contributions[s] - (dead if s == dead_from else 0) for s in range(n))
    return Calculation(
        tuple(names),
        tuple(contributions),
        tuple(folded),
        dead,
        dead_from,
        layering,
        awards,
        received,
        net,
    )


def _chips(value: object) -> bool:
    """True for a whole number of chips from 0 to :data:`~holdem.engine.betting.MAX_CHIPS`."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_CHIPS


def _describe(value: object) -> str:
    """``value`` for an error line: integers too long to print are described, not printed."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_CHIPS:
        return f"a number of about {value.bit_length() * 3 // 10:,} digits"
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text):,} characters)"


def format_text(calc: Calculation) -> str:
    """The calculation for people: returned chips, each pot with its eligible
    seats and winners, chips received and net results."""
    names = calc.names
    lines = [f"Seats from the first left of the button (the button last): {', '.join(names)}"]
    for seat, chip_count in enumerate(calc.layering.returns):
        if chip_count:
            lines.append(
                f"Returned to {names[seat]}: {chips(chip_count)} (nobody matched it, R7.4)"
            )
    if calc.dead:
        payer = f", paid by {names[calc.dead_from]}" if calc.dead_from is not None else ""
        lines.append(f"Dead money in the main pot: {chips(calc.dead)}{payer} (R7.6)")
    for award in calc.awards.awards:
        pot = award.pot
        eligible = ", ".join(names[s] for s in pot.eligible)
        lines.append(f"{pot.name.capitalize()} {chips(pot.amount)}, eligible: {eligible}")
        winners = [names[s] for s in award.winners]
        lines.append("  " + pot_award_line(pot.name, winners, award.shares))
    lines.append("Received: " + ", ".join(f"{n} {chips(c)}" for n, c in zip(names, calc.received)))
    lines.append("Net: " + ", ".join(f"{n} {signed(c)}" for n, c in zip(names, calc.net)))
    return "\n".join(lines)


def to_json(calc: Calculation) -> dict[str, Any]:
    """The calculation for machines: plain JSON types, chips as integers,
    per-seat values as objects keyed by name in seat order."""
    names = calc.names

    def per_seat(values: Sequence[int]) -> dict[str, int]:
        return dict(zip(names, values))

    return {
        "seats": list(names),
        "button": names[-1],
        "contributions": per_seat(calc.contributions),
        "folded": [names[s] for s, out in enumerate(calc.folded) if out],
        "dead": calc.dead,
        "returned": per_seat(calc.layering.returns),
        "pots": [
            {
                "name": a.pot.name,
                "amount": a.pot.amount,
                "eligible": [names[s] for s in a.pot.eligible],
                "winners": [names[s] for s in a.winners],
                "shares": {names[s]: c for s, c in zip(a.winners, a.shares)},
            }
            for a in calc.awards.awards
        ],
        "received": per_seat(calc.received),
        "net": per_seat(calc.net),
    }
