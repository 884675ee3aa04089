"""The layering module: main pot, side pots, uncalled bets, dead money, odd chips.

Pure functions over per-seat sequences (indexed by seat, 0-based, clockwise).
This module knows nothing of streets, cards or turns; the hand engine settles
every hand through it and nowhere else (R7, R8).

>>> layering = layer_pots([5000, 12000, 20000], [False, False, False])
>>> [(p.name, p.amount, p.eligible) for p in layering.pots]
[('main pot', 15000, (0, 1, 2)), ('side pot 1', 14000, (1, 2))]
>>> layering.returns
(0, 0, 8000)
>>> award_pots(layering.pots, [2, 1, 3], button=2).payouts
(0, 29000, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from holdem.errors import HoldemError


@attrs.frozen
class Pot:
    """One pot: ``amount`` chips that only the ``eligible`` seats can win (R7.2).

    Attributes:
        amount: chips in the pot.
        eligible: seats that may win it, in seat order.
        name: ``"main pot"``, ``"side pot 1"``, ``"side pot 2"``... (R7.3).
    """

    amount: int
    eligible: tuple[int, ...]
    name: str


@attrs.frozen
class Layering:
    """What :func:`layer_pots` gives back.

    Attributes:
        returns: chips going straight back to each seat before any pot is
            awarded (indexed by seat): the uncalled bet (R7.4) and layers
            nobody can win (R7.5).
        pots: the pots, main pot first (R7.3).
    """

    returns: tuple[int, ...]
    pots: tuple[Pot, ...]


@attrs.frozen
class PotAward:
    """How one pot was awarded.

    Attributes:
        pot: the pot.
        winners: the seats that share it, in odd-chip order (first left of the
            button first, R8.2).
        shares: chips each winner receives from it, parallel to ``winners``.
    """

    pot: Pot
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@attrs.frozen
class Awards:
    """What :func:`award_pots` gives back.

    Attributes:
        awards: one :class:`PotAward` per pot, in pot order.
        payouts: chips each seat receives from the pots (indexed by seat).
    """

    awards: tuple[PotAward, ...]
    payouts: tuple[int, ...]


def _check_chips(name: str, values: Sequence[int]) -> None:
    for seat, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise HoldemError(f"{name}[{seat}] must be a whole number of chips >= 0, got {value!r}")


def uncalled_bet(contributions: Sequence[int]) -> tuple[int, int] | None:
    """The uncalled bet (R7.4): the part of the largest contribution nobody matched.

    Args:
        contributions: chips each seat put in (indexed by seat), folded seats
            included; dead money excluded.

    Returns:
        ``(seat, chips)`` to give back, or ``None`` when the top contribution
        is matched.

    >>> uncalled_bet([100, 1000, 250])
    (1, 750)
    >>> uncalled_bet([300, 300, 50]) is None
    True
    """
    top = second = 0
    seat = -1
    for s, c in enumerate(contributions):
        if c > top:
            second = top
            top = c
            seat = s
        elif c > second:
            second = c
    if top > second:
        return seat, top - second
    return None


def layer_pots(contributions: Sequence[int], folded: Sequence[bool], dead: int = 0) -> Layering:
    """Build the pots from each seat's contribution for the whole hand (R7.1 to R7.6).

    Args:
        contributions: chips each seat put in (indexed by seat): blinds,
            uniform antes and bets; never the big-blind ante.
        folded: whether each seat has folded (indexed by seat); a folded
            seat's chips stay in every layer it paid into, but it wins none
            (R7.2).
        dead: dead money outside the layers (the big-blind ante, R2.3), added
            whole to the main pot (R7.6).

    Returns:
        A :class:`Layering`: the chips returned (uncalled bet, R7.4; layers
        with no eligible seat go back to their payers, R7.5) and the pots,
        adjacent layers with the same eligible seats merged (R7.3).

    Raises:
        HoldemError: lengths differ, a value is negative or not an integer,
            or there is dead money but no seat left to win it.
    """
    n = len(contributions)
    if len(folded) != n:
        raise HoldemError(f"folded has {len(folded)} entries for {n} contributions")
    _check_chips("contributions", contributions)
    _check_chips("dead", [dead])
    returns = [0] * n
    amounts: list[int] = []
    eligibles: list[tuple[int, ...]] = []
    previous = 0
    for level in sorted(set(contributions)):
        if level == 0:
            continue
        payers = [s for s in range(n) if contributions[s] >= level]
        step = level - previous
        previous = level
        if len(payers) == 1:
            returns[payers[0]] += step
            continue
        eligible = tuple(s for s in payers if not folded[s])
        if not eligible:
            for s in payers:
                returns[s] += step
        elif eligibles and eligibles[-1] == eligible:
            amounts[-1] += step * len(payers)
        else:
            amounts.append(step * len(payers))
            eligibles.append(eligible)
    if dead:
        if amounts:
            amounts[0] += dead
        else:
            live = tuple(s for s in range(n) if not folded[s])
            if not live:
                raise HoldemError(f"{dead} chips of dead money but every seat folded")
            amounts.append(dead)
            eligibles.append(live)
    pots = tuple(
        Pot(amount, eligible, "main pot" if i == 0 else f"side pot {i}")
        for i, (amount, eligible) in enumerate(zip(amounts, eligibles))
    )
    return Layering(tuple(returns), pots)


def award_pots(
    pots: Sequence[Pot],
    ranks: Sequence[int | None],
    button: int,
    chip_unit: int = 1,
) -> Awards:
    """Award each pot to the best hand among its eligible seats (R8).

    Args:
        pots: the pots, as from :func:`layer_pots`.
        ranks: hand strength per seat (indexed by seat): lower is better,
            equal values tie; ``None`` for a seat that cannot win (folded,
            mucked, or cards unknown).
        button: the button seat; odd chips go one at a time to the tied
            winners starting with the first left of the button, clockwise
            (R8.2).
        chip_unit: pots are split in whole units of this many chips; odd
            units follow R8.2, and a remainder smaller than one unit goes to
            the first winner (R8.3).

    Returns:
        :class:`Awards`: per-pot winners and shares, and per-seat payouts.

    Raises:
        HoldemError: a pot has no eligible seat with a rank, the button is not
            a seat, or the chip unit is not positive.
    """
    n = len(ranks)
    if not 0 <= button < n:
        raise HoldemError(f"button {button} is not a seat (0 to {n - 1})")
    if isinstance(chip_unit, bool) or not isinstance(chip_unit, int) or chip_unit < 1:
        raise HoldemError(f"chip_unit must be a whole number >= 1, got {chip_unit!r}")
    payouts = [0] * n
    result: list[PotAward] = []
    for pot in pots:
        best: int | None = None
        for s in pot.eligible:
            r = ranks[s]
            if r is not None and (best is None or r < best):
                best = r
        if best is None:
            raise HoldemError(f"no seat eligible for the {pot.name} has a hand that can win it")
        winners = sorted(
            (s for s in pot.eligible if ranks[s] == best), key=lambda s: (s - button - 1) % n
        )
        units, rest = divmod(pot.amount, chip_unit)
        share, odd = divmod(units, len(winners))
        shares = [share * chip_unit + (chip_unit if i < odd else 0) for i in range(len(winners))]
        shares[0] += rest
        for s, chips in zip(winners, shares):
            payouts[s] += chips
        result.append(PotAward(pot, tuple(winners), tuple(shares)))
    return Awards(tuple(result), tuple(payouts))
