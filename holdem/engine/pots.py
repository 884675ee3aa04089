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

Rake (R13) and the division of a pot between several runs of the board (R12.3)
are pure functions here too; whether a hand is raked at all (no flop, no drop)
is the settlement's call, since only it knows the streets.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from fractions import Fraction

import attrs

from holdem.engine._frozen import fast_constructor
from holdem.errors import ConfigError, HoldemError, value_text


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
        run: the run of the board it was awarded on (R12.3): 1 unless the
            board was run more than once, when ``pot`` is that run's share.
    """

    pot: Pot
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    run: int = 1


@attrs.frozen
class Awards:
    """What :func:`award_pots` gives back.

    Attributes:
        awards: one :class:`PotAward` per pot, in pot order.
        payouts: chips each seat receives from the pots (indexed by seat).
    """

    awards: tuple[PotAward, ...]
    payouts: tuple[int, ...]


# The same objects as the classes' constructors give, built faster (settlement's hot path).
_new_pot = fast_constructor(Pot)
_new_layering = fast_constructor(Layering)
_new_award = fast_constructor(PotAward)
_new_awards = fast_constructor(Awards)


def _check_chips(name: str, values: Sequence[int]) -> None:
    for seat, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise HoldemError(f"{name}[{seat}] must be a whole number of chips >= 0, got {value!r}")


def _check_unit(chip_unit: object) -> int:
    if isinstance(chip_unit, bool) or not isinstance(chip_unit, int) or chip_unit < 1:
        raise HoldemError(f"chip_unit must be a whole number >= 1, got {chip_unit!r}")
    return chip_unit


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


# The last layering built, by its arguments: a hand at showdown asks for the
# same pots more than once (who must show, then the payout). Layerings are
# immutable values, so giving the same one back is safe.
_Key = tuple[tuple[int, ...], tuple[bool, ...], int]
_last_layering: tuple[_Key, Layering] = (((), (), -1), Layering((), ()))


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
    for value in contributions:
        if type(value) is not int or value < 0:
            _check_chips("contributions", contributions)
            break
    if type(dead) is not int or dead < 0:
        _check_chips("dead", [dead])
    global _last_layering
    key = (tuple(contributions), tuple(folded), dead)
    last = _last_layering
    if last[0] == key:
        return last[1]
    layering = _layer(key[0], folded, dead)
    _last_layering = (key, layering)
    return layering


def _layer(contributions: tuple[int, ...], folded: Sequence[bool], dead: int) -> Layering:
    """:func:`layer_pots` on checked input: at once when every seat still in
    put in the same chips as the most any seat did, two seats or more (one
    pot, nothing returned, the same as :func:`_layer_levels` gives)."""
    top = max(contributions, default=0)
    if top and contributions.count(top) > 1:
        live = []
        for s, out in enumerate(folded):
            if not out:
                if contributions[s] != top:
                    break
                live.append(s)
        else:
            if live:
                pot = _new_pot(sum(contributions) + dead, tuple(live), "main pot")
                return _new_layering((0,) * len(contributions), (pot,))
    return _layer_levels(contributions, folded, dead)


def _layer_levels(contributions: Sequence[int], folded: Sequence[bool], dead: int) -> Layering:
    """:func:`layer_pots` on checked input, level by level (R7.1 to R7.6)."""
    n = len(contributions)
    returns = [0] * n
    amounts: list[int] = []
    eligibles: list[tuple[int, ...]] = []
    previous = 0
    payers = [s for s in range(n) if contributions[s]]
    for level in sorted(set(contributions)):
        if level == 0:
            continue
        # The levels rise: the payers of this one are among the last one's.
        payers = [s for s in payers if contributions[s] >= level]
        step = level - previous
        previous = level
        if len(payers) == 1:
            returns[payers[0]] += step
            continue
        eligible = tuple([s for s in payers if not folded[s]])
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
        [
            _new_pot(amount, eligible, f"side pot {i}" if i else "main pot")
            for i, (amount, eligible) in enumerate(zip(amounts, eligibles))
        ]
    )
    return _new_layering(tuple(returns), pots)


def award_pots(
    pots: Sequence[Pot],
    ranks: Sequence[int | None],
    button: int,
    chip_unit: int = 1,
    run: int = 1,
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
        run: the run of the board the ranks are for (R12.3), recorded in
            each :class:`PotAward`.

    Returns:
        :class:`Awards`: per-pot winners and shares, and per-seat payouts.

    Raises:
        HoldemError: a pot has no eligible seat with a rank, the button is not
            a seat, or the chip unit is not positive.
    """
    awards, payouts = _award(pots, ranks, button, chip_unit, run)
    return _new_awards(awards, payouts)


def _award(
    pots: Sequence[Pot], ranks: Sequence[int | None], button: int, chip_unit: int, run: int
) -> tuple[tuple[PotAward, ...], tuple[int, ...]]:
    """:func:`award_pots` as ``(awards, payouts)``, without the :class:`Awards`
    around them (the settlement reads both at once)."""
    n = len(ranks)
    if not 0 <= button < n:
        raise HoldemError(f"button {button} is not a seat (0 to {n - 1})")
    if type(chip_unit) is not int or chip_unit < 1:
        _check_unit(chip_unit)
    payouts = [0] * n
    result: list[PotAward] = []
    for pot in pots:
        best: int | None = None
        winners: list[int] = []  # the seats holding ``best``, in eligible order
        for s in pot.eligible:
            r = ranks[s]
            if r is not None:
                if best is None or r < best:
                    best = r
                    winners = [s]
                elif r == best:
                    winners.append(s)
        if best is None:
            raise HoldemError(f"no seat eligible for the {pot.name} has a hand that can win it")
        shares = _split_pot(pot.amount, winners, button, n, chip_unit)
        for s, chips in zip(winners, shares):
            payouts[s] += chips
        result.append(_new_award(pot, tuple(winners), tuple(shares), run))
    return tuple(result), tuple(payouts)


def _split_pot(
    amount: int, winners: list[int], button: int, seats: int, chip_unit: int
) -> list[int]:
    """The shares of a pot of ``amount`` chips won by ``winners`` (R8.1 to R8.3).

    One winner takes every chip. Tied winners are sorted in place clockwise
    from the seat left of the button; each gets an equal number of whole
    ``chip_unit`` units, the odd units go one each to the first of them, and
    chips below one unit to the first (R8.2, R8.3).

    Args:
        amount: the pot, in chips.
        winners: the winning seats (sorted in place when two or more).
        button: the button seat.
        seats: the number of seats at the table.
        chip_unit: the smallest chip in play, in chips.

    Returns:
        Each winner's share in chips, in the order of ``winners``.
    """
    if len(winners) == 1:
        return [amount]  # one winner takes every chip, odd ones included
    winners.sort(key=lambda s: (s - button - 1) % seats)
    units, rest = divmod(amount, chip_unit)
    share, odd = divmod(units, len(winners))
    shares = [share * chip_unit + (chip_unit if i < odd else 0) for i in range(len(winners))]
    shares[0] += rest
    return shares


# A rate in text: a decimal or a percent ("5%", "2.5 %", "0.05") or a fraction
# ("1/20"); no exponent, and few enough digits that reading it costs nothing.
_RATE_TEXT = re.compile(r"(\d{1,9})(?:\.(\d{1,9}))?\s*(%?)|(\d{1,12})\s*/\s*(\d{1,12})", re.ASCII)


# The largest numerator or denominator of a rate (a text rate never has more), and
# the largest cap: the bound of a stack (holdem.engine.config.MAX_STACK), so that every
# figure of a rake can be written out.
_MAX_RATE_TERM = 10**12
_MAX_CAP = 2**62


def _rate(value: object) -> Fraction:
    """The rake rate as an exact fraction from ``"5%"``, ``"1/20"``, ``"0.05"``,
    a :class:`~fractions.Fraction` or the integer 0; floats are refused."""
    if isinstance(value, Fraction):
        rate = value
    elif isinstance(value, int) and not isinstance(value, bool):
        rate = Fraction(value)
    elif isinstance(value, str):
        match = _RATE_TEXT.fullmatch(value.strip()[:64])
        if match is None or (match.group(5) is not None and int(match.group(5)) == 0):
            raise ConfigError(
                "rake.rate",
                f"must be a percent or a fraction such as '5%' or '1/20', got {value[:64]!r}",
            )
        whole, decimals, percent, numerator, denominator = match.groups()
        if numerator is not None:
            rate = Fraction(int(numerator), int(denominator))
        else:
            rate = Fraction(int(whole + (decimals or "")), 10 ** len(decimals or ""))
            if percent:
                rate /= 100
    else:
        raise ConfigError(
            "rake.rate",
            f"must be exact (a string such as '5%' or '1/20', or a Fraction), got {value!r}",
        )
    if abs(rate.numerator) > _MAX_RATE_TERM or rate.denominator > _MAX_RATE_TERM:
        raise ConfigError(
            "rake.rate",
            f"must be a fraction with terms of at most 10**12 (as a text rate has), got a "
            f"{max(abs(rate.numerator), rate.denominator).bit_length()}-bit term",
        )
    if not 0 <= rate < 1:
        hint = ""
        if isinstance(value, str) and "%" not in value and "/" not in value and rate < 100:
            hint = f" (a fraction of the pot: for {value.strip()} percent write '{value.strip()}%')"
        raise ConfigError("rake.rate", f"must be at least 0 and below 1, got {value!r}{hint}")
    return rate


def _cap(value: object) -> int | None:
    if value is None:
        return None
    if not isinstance(value, bool):
        try:
            value = int(operator.index(value))  # type: ignore[arg-type]
        except TypeError:
            pass
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_CAP:
        raise ConfigError(
            "rake.cap",
            f"must be a whole number of chips from 0 to 2**62 or None, "
            f"got {value_text(value, True)}",
        )
    return value


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ConfigError("rake.no_flop_no_drop", f"must be true or false, got {value!r}")
    return value


@attrs.frozen
class Rake:
    """The rake a table takes (R13).

    Attributes:
        rate: the share of the pots taken, an exact fraction ``0 <= rate < 1``.
            Built from a percent string (``"5%"``, ``"2.5%"``), a fraction
            string (``"1/20"``), a decimal string, or a
            :class:`~fractions.Fraction` with terms of at most 10**12 (ASCII
            digits only); a float is refused, being inexact.
        cap: the most chips raked from one hand (0 to 2**62), or ``None``
            for no cap.
        no_flop_no_drop: when true, a hand that ends before a flop is dealt
            is not raked (a flop dealt in an all-in run-out counts, R13.1).

    Raises:
        ConfigError: a field is invalid (``field`` is ``rake.rate``,
            ``rake.cap`` or ``rake.no_flop_no_drop``).

    >>> Rake("5%", cap=30)
    Rake(rate=Fraction(1, 20), cap=30, no_flop_no_drop=False)
    >>> Rake("1/40").rate_text
    '2.5%'
    """

    rate: Fraction = attrs.field(converter=_rate)
    cap: int | None = attrs.field(default=None, converter=_cap)
    no_flop_no_drop: bool = attrs.field(default=False, converter=_flag, kw_only=True)

    @property
    def rate_text(self) -> str:
        """The rate as text that builds the same rate: a percent when it has a
        finite decimal form (``"5%"``, ``"2.5%"``), else a fraction (``"1/30"``)."""
        percent = self.rate * 100
        for digits in range(7):
            scaled = percent * 10**digits
            if scaled.denominator == 1:
                text = str(scaled.numerator).rjust(digits + 1, "0")
                if digits:
                    text = f"{text[:-digits]}.{text[-digits:]}"
                return f"{text}%"
        return f"{self.rate.numerator}/{self.rate.denominator}"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data, ``{"rate": "5%", "cap": 30, "no_flop_no_drop": true}``;
        ``Rake(**rake.to_dict()) == rake``."""
        return {"rate": self.rate_text, "cap": self.cap, "no_flop_no_drop": self.no_flop_no_drop}


def rake_pots(pots: Sequence[Pot], rake: Rake, chip_unit: int = 1) -> tuple[int, ...]:
    """The rake each pot gives (R13.1, R13.2).

    The pots are those left after uncalled bets are returned (R7.4). The rake
    of the hand is ``rate`` times the chips in all pots, rounded down to a
    whole ``chip_unit``, and at most ``cap`` (itself rounded down to a whole
    unit). Each pot gives that rake times its amount divided by the total,
    rounded down to a whole unit; the units still short come one at a time
    from the main pot, then side pot 1, and so on. A pot never gives a unit
    it does not hold; a unit no pot can give is not raked. This function
    knows no streets: "no flop, no drop" is for the caller to apply.

    Args:
        pots: the pots, main pot first, as from :func:`layer_pots`.
        rake: the table's :class:`Rake`.
        chip_unit: the smallest chip on the table (R8.3).

    Returns:
        Chips raked from each pot, parallel to ``pots``.

    Raises:
        HoldemError: the chip unit is not a whole number >= 1.

    Example RK1 (main pot 600, side pot 400, 5%, cap 30):

    >>> pots = [Pot(600, (0, 1, 2), "main pot"), Pot(400, (1, 2), "side pot 1")]
    >>> rake_pots(pots, Rake("5%", cap=30))
    (18, 12)
    """
    unit = _check_unit(chip_unit)
    total = sum(pot.amount for pot in pots)
    if not total:
        return tuple(0 for _ in pots)
    taken = rake.rate * total
    if rake.cap is not None and rake.cap < taken:
        taken = Fraction(rake.cap)
    raked = int(taken // unit) * unit
    parts = [(raked * pot.amount // total) // unit * unit for pot in pots]
    short = raked - sum(parts)
    for i, pot in enumerate(pots):
        if short <= 0:
            break
        if parts[i] + unit <= pot.amount:
            parts[i] += unit
            short -= unit
    return tuple(parts)


def split_runs(amount: int, runs: int, chip_unit: int = 1) -> tuple[int, ...]:
    """Divide ``amount`` chips into one share per run of the board (R12.3).

    The shares are equal, rounded down to whole ``chip_unit`` s; the chips
    left over (whole units and any remainder below one unit) go to the
    first run's share.

    Args:
        amount: the chips in the pot (after its rake, R13.2).
        runs: the number of runs agreed, at least 1.
        chip_unit: the smallest chip on the table (R8.3).

    Returns:
        Chips for each run, run 1 first.

    Raises:
        HoldemError: the amount is negative, or runs or the chip unit is not
            a whole number >= 1.

    Example RIT2:

    >>> split_runs(2000, 3)
    (668, 666, 666)
    """
    _check_chips("amount", [amount])
    unit = _check_unit(chip_unit)
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise HoldemError(f"runs must be a whole number >= 1, got {runs!r}")
    share = amount // unit // runs * unit
    return (amount - share * (runs - 1),) + (share,) * (runs - 1)


def share_pots(pots: Sequence[Pot], runs: int, chip_unit: int = 1) -> tuple[tuple[Pot, ...], ...]:
    """Each run's share of every pot (R12.3), for :func:`award_pots` per run.

    Args:
        pots: the pots (after their rake, R13.2), main pot first.
        runs: the number of runs agreed, at least 1.
        chip_unit: the smallest chip on the table (R8.3).

    Returns:
        One tuple of pots per run, run 1 first; each keeps its pot's name and
        eligible seats and holds that run's share of its chips
        (:func:`split_runs`).

    Raises:
        HoldemError: as :func:`split_runs`.
    """
    shares = [split_runs(pot.amount, runs, chip_unit) for pot in pots]
    return tuple(
        tuple(Pot(share[run], pot.eligible, pot.name) for pot, share in zip(pots, shares))
        for run in range(runs)
    )
