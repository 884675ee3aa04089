"""All-in equity: each player's chance to win, tie and share the pot.

Two to ten players, each with exact hole cards (``"AsAh"``) or a range
(``"QQ+, AKs"``, ``"random"``, see :mod:`holdem.equity.ranges`), an optional board of
0, 3 or 4 cards, and dead cards. Every consistent deal (hole cards from the
ranges with card removal, then the rest of the board) counts once.

The work is done exactly when its estimated cost fits a budget: boards are
counted by rank multiset with their multiplicities, flush boards per suit on
their own, suit-isomorphic matchups once (:mod:`holdem.engine._fasteval`, built
from treys' tables and tested equal to treys). Beyond the budget a seeded
Monte Carlo runs until a target standard error or a sample count, so the
same input and seed always give the same answer; only a ``time_limit``
given by the caller makes the result depend on the machine.

>>> result = equity(["AsAh", "KdKc", "QhJh"], board="2c7d9h")
>>> result.boards, result.exact
(903, True)
>>> [f"{p.equity_float:.2%}" for p in result.players]
['84.83%', '7.31%', '7.86%']
>>> equity(["AsAh", "KsKh"]).players[0].equity
Fraction(707495, 856152)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

import attrs

from holdem.engine import _fasteval
from holdem.engine._frozen import fast_constructor
from holdem.engine.cards import DECK, parse_cards
from holdem.engine.pots import Pot, award_pots, layer_pots
from holdem.equity._deals import canonical, consistent_deals, orders
from holdem.equity._late import outcomes as _late_outcomes
from holdem.equity._late import shares as _late_shares
from holdem.equity._sampling import NO_DEAL, monte_carlo
from holdem.equity.ranges import Range, RangeError, parse_range
from holdem.errors import CardError, value_text
from holdem.errors import EquityError as EquityError  # its home before holdem.errors

DEFAULT_BUDGET = 2.0
"""Estimated seconds of exact work above which :func:`equity` samples instead."""
DEFAULT_TARGET = 0.0005
"""Monte Carlo stops once every player's equity has this standard error (a fraction, 0.05 %)."""
DEFAULT_SAMPLES = 200_000
"""Monte Carlo stops after this many samples unless told otherwise (with
:data:`DEFAULT_TARGET`: whichever comes first; both are reproducible)."""
MAX_SAMPLES = 100_000_000
"""The most samples one call may ask for, and the cap of a run bounded only by
``target_stderr`` or ``time_limit`` (about an hour of work on one core)."""
_MOST_CARD_TEXT = 160
"""Longest board or dead cards read (52 cards with separators fit)."""
_NORMAL_LENGTHS = frozenset(range(2, 105, 2))
"""Lengths of 1 to 52 cards written without separators (``"2c7d9h"``)."""
_CARD_TEXTS = frozenset(DECK)
_HOLE_CARDS = {a + b: (i, j) for i, a in enumerate(DECK) for j, b in enumerate(DECK) if i != j}
"""Two different cards in normal form (``"AsAh"``) -> their card indices (2,652 entries)."""

Progress = Callable[[float], None]
"""Called now and then with the fraction of the work done, 0.0 to 1.0."""


@attrs.frozen
class PlayerEquity:
    """One player's result.

    Attributes:
        hand: the hand or range as given (normal form).
        win: share of boards the player wins alone (exact, or of the samples).
        tie: share of boards the player ties for the best hand.
        equity: expected share of the pot (ties split equally), 0 to 1.
        stderr: standard error of ``equity`` (Monte Carlo only), else ``None``.
    """

    hand: str
    win: Fraction
    tie: Fraction
    equity: Fraction
    stderr: float | None = None

    @property
    def win_float(self) -> float:
        """``win`` as a float."""
        return float(self.win)

    @property
    def tie_float(self) -> float:
        """``tie`` as a float."""
        return float(self.tie)

    @property
    def equity_float(self) -> float:
        """``equity`` as a float."""
        return float(self.equity)


@attrs.frozen
class EquityResult:
    """What :func:`equity` gives back.

    Attributes:
        players: one :class:`PlayerEquity` per player, in the order given.
        boards: deals counted: every consistent (hole cards, board) deal when
            exact, the number of samples otherwise.
        exact: whether every deal was counted.
        board: the known board cards.
        dead: the dead cards.
        seed: the Monte Carlo seed (``None`` when exact).
    """

    players: tuple[PlayerEquity, ...]
    boards: int
    exact: bool
    board: tuple[str, ...]
    dead: tuple[str, ...]
    seed: int | None = None


# ------------------------------------------------------------------ input
def _cards(what: str, cards: object) -> tuple[str, ...]:
    """Parse ``board`` or ``dead``: ``None``, text (``"2c7d9h"``) or a sequence of cards."""
    if cards is None:
        return ()
    if type(cards) is str and len(cards) in _NORMAL_LENGTHS:
        # Cards in normal form ("2c7d9h"), the common case, taken as they are.
        plain = tuple([cards[i : i + 2] for i in range(0, len(cards), 2)])
        distinct = set(plain)
        if len(distinct) == len(plain) and distinct <= _CARD_TEXTS:
            return plain
    if isinstance(cards, (str, Sequence)) and len(cards) > _MOST_CARD_TEXT:
        # parse_cards echoes what it cannot read: keep the error line short.
        raise EquityError(f"{what}: too many cards in {value_text(cards, True)}")
    if not isinstance(cards, str) and not (
        isinstance(cards, Iterable) and not isinstance(cards, (bytes, bytearray))
    ):
        raise EquityError(
            f"{what} must be cards as text or a list of cards, got {value_text(cards, True)}"
        )
    items = cards if isinstance(cards, str) else list(cards)
    if not isinstance(items, str) and not all(isinstance(c, str) for c in items):
        raise EquityError(
            f"{what} must be cards as text or a list of cards, got {value_text(cards, True)}"
        )
    try:
        return parse_cards(items)
    except CardError as error:
        raise EquityError(f"{what}: {error}") from None


def _check_settings(
    samples: object, seed: object, target_stderr: object, time_limit: object, budget: object
) -> None:
    """Check the settings of :func:`equity` (each may be ``None`` but ``budget``)."""
    if samples is not None and (
        isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES
    ):
        raise EquityError(
            f"samples must be a whole number from 1 to {MAX_SAMPLES:,}, "
            f"got {value_text(samples, True)}"
        )
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise EquityError(f"seed must be a whole number, got {value_text(seed, True)}")
    for name, value in (("target_stderr", target_stderr), ("time_limit", time_limit)):
        if value is not None and (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not 0 < value < math.inf
        ):
            raise EquityError(f"{name} must be a number > 0, got {value_text(value, True)}")
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not budget >= 0:
        raise EquityError(
            f"budget must be a number of seconds >= 0, got {value_text(budget, True)}"
        )


def _hands(
    hands: Sequence[str | Range],
    board: str | Iterable[str] | None,
    dead: str | Iterable[str] | None,
) -> tuple[list[list[tuple[int, int]]], list[str], tuple[int, ...], tuple[int, ...]]:
    """Parse and check the input; return combos per player (card removal done)."""
    if type(hands) is not list and (
        isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence)
    ):
        raise EquityError("hands must be a list of hands or ranges, one per player")
    if not 2 <= len(hands) <= 10:
        raise EquityError(f"2 to 10 players, got {len(hands)}")
    board_cards = _cards("board", board)
    dead_cards = _cards("dead", dead)
    if len(board_cards) not in (0, 3, 4, 5):
        raise EquityError(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)}")
    index = _fasteval.INDEX
    pairs = []
    texts: list[str] = []
    hole = _HOLE_CARDS.get
    for h in hands:
        if type(h) is not str:
            break
        pair = hole(h)
        if pair is None:
            break
        pairs.append(pair)
        texts.append(h)
    else:
        # Every player's hole cards in normal form (the common case late in
        # the hand): taken as they are when no card repeats; any problem is
        # reported by the general checks below.
        board_ix = [index[c] for c in board_cards]
        dead_ix = [index[c] for c in dead_cards]
        known = board_ix + dead_ix
        for pair in pairs:
            known += pair
        if len(set(known)) == len(known) and len(known) + 5 - len(board_ix) <= 52:
            return [[pair] for pair in pairs], texts, tuple(board_ix), tuple(dead_ix)
    names: list[str] = []
    fixed: list[tuple[str, ...] | None] = []
    ranges: list[Range | None] = []
    for i, hand in enumerate(hands):
        if isinstance(hand, Range):
            names.append(hand.text)
            fixed.append(None)
            ranges.append(hand)
            continue
        text = "".join(str(hand).split())
        first, second = text[:2], text[2:]
        if first in index and second in index and first != second:  # hole cards in normal form
            names.append(text)
            fixed.append((first, second))
            ranges.append(None)
            continue
        try:
            cards = parse_cards(text) if len(text) == 4 and text[1].lower() in "cdhs" else None
        except CardError as error:
            raise EquityError(f"player {i + 1}: {error}") from None
        if cards is not None:
            names.append("".join(cards))
            fixed.append(cards)
            ranges.append(None)
            continue
        try:
            parsed = parse_range(str(hand))
        except RangeError as error:
            raise EquityError(f"player {i + 1}: {error}") from None
        names.append(parsed.text)
        fixed.append(None)
        ranges.append(parsed)
    seen: dict[str, str] = {}
    for where, cards in [("board", board_cards), ("dead", dead_cards)] + [
        (f"player {i + 1}", f) for i, f in enumerate(fixed) if f is not None
    ]:
        for c in cards:
            if c in seen:
                raise EquityError(f"card {c} given twice ({seen[c]} and {where})")
            seen[c] = where
    dealt = 5 - len(board_cards) + 2 * sum(1 for f in fixed if f is None)
    if len(seen) + dealt > 52:
        raise EquityError(f"too many cards: {len(seen)} known and {dealt} more to deal")
    combos: list[list[tuple[int, int]]] = []
    for i, (f, r) in enumerate(zip(fixed, ranges)):
        if f is not None:
            combos.append([(index[f[0]], index[f[1]])])
            continue
        assert r is not None
        left = [(index[a], index[b]) for a, b in r.combos if a not in seen and b not in seen]
        if not left:
            raise EquityError(
                f"player {i + 1}: no combo of {value_text(r.text, True)} is left by the known cards"
            )
        combos.append(left)
    return (
        combos,
        names,
        tuple(index[c] for c in board_cards),
        tuple(index[c] for c in dead_cards),
    )


# ------------------------------------------------------------------ exact
def _unit_cost(players: int, deal: int) -> float:
    """Rough seconds per distinct exact matchup (measured on one core)."""
    return {5: 0.012, 2: 0.0004, 1: 0.00005, 0: 0.00001}[deal] * players


def _exact(
    combos: list[list[tuple[int, int]]],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    budget: float | None,
    progress: Progress | None,
    full: bool,
) -> tuple[dict[tuple[int, ...], int], int] | None:
    """Exact finishing-order counts (see :func:`holdem.equity._deals.orders` for ``full``), or
    ``None`` when over ``budget`` (seconds)."""
    size = math.prod(len(c) for c in combos)
    if budget is not None and size > 200_000:
        return None
    holes_of: dict[tuple[tuple[int, ...], ...], list[tuple[int, int]]] = {}
    weight_of: dict[tuple[tuple[int, ...], ...], int] = {}
    for holes in consistent_deals(combos):
        key = canonical(holes, board, dead) if size > 1 else ()
        if key in weight_of:
            weight_of[key] += 1
        else:
            holes_of[key] = holes
            weight_of[key] = 1
    if not weight_of:
        raise EquityError(NO_DEAL)
    deal = 5 - len(board)
    if budget is not None and len(weight_of) * _unit_cost(len(combos), deal) > budget:
        return None
    total: dict[tuple[int, ...], int] = {}
    boards = 0
    for done, (key, holes) in enumerate(holes_of.items()):
        weight = weight_of[key]
        counts = orders(_fasteval.count_outcomes(holes, board, dead), len(holes), full)
        for order, count in counts.items():
            total[order] = total.get(order, 0) + count * weight
        boards += sum(counts.values()) * weight
        if progress is not None:
            progress((done + 1) / len(holes_of))
    return total, boards


# -------------------------------------------------------------------- API
_new_player = fast_constructor(PlayerEquity)
_new_result = fast_constructor(EquityResult)
"""``PlayerEquity(...)`` and ``EquityResult(...)`` with every field given, built faster."""
_UNITS = [math.lcm(*range(1, n + 1)) for n in range(11)]
"""Parts of a pot for ``n`` players: every split among them is a whole number of parts."""


@functools.lru_cache(maxsize=4096)
def _fraction(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)``, the common small ones (late in
    the hand: a river card out of 44) made once."""
    return Fraction(numerator, denominator)


def _parsed(
    hands: Sequence[str | Range],
    board: str | Iterable[str] | None,
    dead: str | Iterable[str] | None,
    exact: bool | None,
    samples: int | None,
    seed: int | None,
    target_stderr: float | None,
    time_limit: float | None,
    budget: float,
) -> tuple[list[list[tuple[int, int]]], list[str], tuple[int, ...], tuple[int, ...]]:
    """Check the settings and parse the cards (see :func:`_hands`)."""
    _check_settings(samples, seed, target_stderr, time_limit, budget)
    if exact is not None and not isinstance(exact, bool):
        raise EquityError(f"exact must be True, False or None, got {value_text(exact, True)}")
    parsed = _hands(hands, board, dead)
    if exact is True and samples is not None:
        raise EquityError("choose exact or a number of samples, not both")
    return parsed


def _late(
    combos: list[list[tuple[int, int]]],
    board: tuple[int, ...],
    exact: bool | None,
    samples: int | None,
) -> bool:
    """Whether the deal is counted river card by river card (:mod:`holdem.equity._late`):
    exact, known hole cards, on the turn or river."""
    return exact is not False and samples is None and len(board) >= 4 and max(map(len, combos)) == 1


def _finishing_orders(
    hands: Sequence[str | Range],
    board: str | Iterable[str] | None,
    dead: str | Iterable[str] | None,
    exact: bool | None,
    samples: int | None,
    seed: int | None,
    target_stderr: float | None,
    time_limit: float | None,
    budget: float,
    progress: Progress | None,
    full: bool = True,
) -> tuple[
    list[str],
    tuple[int, ...],
    tuple[int, ...],
    dict[tuple[int, ...], int],
    int,
    list[float] | None,
    int | None,
]:
    combos, names, board_ix, dead_ix = _parsed(
        hands, board, dead, exact, samples, seed, target_stderr, time_limit, budget
    )
    return (names, board_ix, dead_ix) + _counted(
        combos,
        board_ix,
        dead_ix,
        exact,
        samples,
        seed,
        target_stderr,
        time_limit,
        budget,
        progress,
        full,
    )


def _counted(
    combos: list[list[tuple[int, int]]],
    board_ix: tuple[int, ...],
    dead_ix: tuple[int, ...],
    exact: bool | None,
    samples: int | None,
    seed: int | None,
    target_stderr: float | None,
    time_limit: float | None,
    budget: float,
    progress: Progress | None,
    full: bool,
) -> tuple[dict[tuple[int, ...], int], int, list[float] | None, int | None]:
    """Finishing orders with their counts (see :func:`holdem.equity._deals.orders` for
    ``full``), the deals counted or sampled, the standard errors and seed (Monte Carlo)."""
    if _late(combos, board_ix, exact, samples):
        raw, boards = _late_outcomes([c[0] for c in combos], board_ix, dead_ix)
        return orders(raw, len(combos), full), boards, None, None
    if exact is not False and samples is None:
        found = _exact(combos, board_ix, dead_ix, None if exact else budget, progress, full)
        if found is not None:
            return found[0], found[1], None, None
    seed = 0 if seed is None else seed
    if samples is None and target_stderr is None and time_limit is None:
        samples, target_stderr = DEFAULT_SAMPLES, DEFAULT_TARGET
    counts, done, errors = monte_carlo(
        combos,
        board_ix,
        dead_ix,
        MAX_SAMPLES if samples is None else samples,
        seed,
        target_stderr,
        time_limit,
        progress,
    )
    return counts, done, errors, seed


def equity(
    hands: Sequence[str | Range],
    board: str | Iterable[str] | None = None,
    dead: str | Iterable[str] | None = None,
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    target_stderr: float | None = None,
    time_limit: float | None = None,
    budget: float = DEFAULT_BUDGET,
    progress: Progress | None = None,
) -> EquityResult:
    """Each player's win, tie and equity for the rest of the board.

    Args:
        hands: one entry per player (2 to 10): exact hole cards (``"AsAh"``),
            a range in text (``"QQ+, AKs"``, ``"random"``) or a
            :class:`~holdem.equity.ranges.Range`.
        board: 0, 3 or 4 known board cards (5 is accepted: nothing to deal).
        dead: cards known to be out of the deck.
        exact: ``True`` to count every deal whatever it costs, ``False`` to
            sample; ``None`` (default) counts exactly when the estimated work
            is under ``budget`` seconds and samples otherwise.
        samples: sample this many deals (at most) instead of counting.
        seed: Monte Carlo seed (default 0: runs are reproducible).
        target_stderr: Monte Carlo stops once every equity's standard error
            is at most this (a fraction of the pot), checked every 2,000
            samples. When none of ``samples``, ``target_stderr``,
            ``time_limit`` is given: :data:`DEFAULT_TARGET` and at most
            :data:`DEFAULT_SAMPLES` samples (the same answer on every run).
        time_limit: Monte Carlo stops after about this many seconds (the
            answer then depends on the machine's speed).
        budget: estimated seconds of exact work allowed by ``exact=None``.
        progress: called with the fraction done, now and then.

    Returns:
        An :class:`EquityResult`. Exact results are fractions of all
        consistent deals; Monte Carlo results are fractions of the samples.

    Raises:
        EquityError: a card is unknown or given twice, too many cards, a
            bad range or board, fewer than 2 or more than 10 players,
            ``hands`` not a list, or a setting of the wrong type or range.
    """
    combos, names, board_ix, dead_ix = _parsed(
        hands, board, dead, exact, samples, seed, target_stderr, time_limit, budget
    )
    n = len(names)
    # Pot shares in units of 1/lcm(1..n) of a pot: integers, whatever the split.
    unit = _UNITS[n]
    errors: list[float] | None = None
    used_seed: int | None = None
    if _late(combos, board_ix, exact, samples):
        win, tie, share, boards = _late_shares([c[0] for c in combos], board_ix, dead_ix, unit)
    else:
        counts, boards, errors, used_seed = _counted(
            combos,
            board_ix,
            dead_ix,
            exact,
            samples,
            seed,
            target_stderr,
            time_limit,
            budget,
            progress,
            False,
        )
        win = [0] * n
        tie = [0] * n
        share = [0] * n
        for key, count in counts.items():
            firsts = key.count(0)
            if firsts == 1:
                i = key.index(0)
                win[i] += count
                share[i] += count * unit
                continue
            part = count * unit // firsts
            for i, place in enumerate(key):
                if place == 0:
                    tie[i] += count
                    share[i] += part
    frac = _fraction
    whole = boards * unit
    if errors is None:
        players = tuple(
            [
                _new_player(name, frac(w, boards), frac(t, boards), frac(s, whole), None)
                for name, w, t, s in zip(names, win, tie, share)
            ]
        )
    else:
        players = tuple(
            [
                _new_player(name, frac(w, boards), frac(t, boards), frac(s, whole), error)
                for name, w, t, s, error in zip(names, win, tie, share, errors)
            ]
        )
    return _new_result(
        players,
        boards,
        errors is None,
        tuple(map(DECK.__getitem__, board_ix)),
        tuple(map(DECK.__getitem__, dead_ix)),
        used_seed,
    )


# -------------------------------------------------------------- side pots
@attrs.frozen
class PotChance:
    """Each seat's chances in one pot.

    Attributes:
        pot: the pot (from :func:`holdem.engine.pots.layer_pots`).
        win: per seat (indexed by seat), the share of deals it wins the pot alone.
        equity: per seat, its expected share of the pot's chips (ties split,
            odd chips as :func:`holdem.engine.pots.award_pots` gives them), 0 to 1.
    """

    pot: Pot
    win: tuple[Fraction, ...]
    equity: tuple[Fraction, ...]


@attrs.frozen
class PotEquityResult:
    """What :func:`pot_equity` gives back; per-seat tuples are indexed by seat.

    Attributes:
        pots: one :class:`PotChance` per pot, main pot first.
        returns: chips going straight back (uncalled bet, R7.4).
        expected: each seat's expected chips from the pots plus its returns.
        boards: deals counted (exact) or sampled.
        exact: whether every deal was counted.
        seed: the Monte Carlo seed (``None`` when exact).
    """

    pots: tuple[PotChance, ...]
    returns: tuple[int, ...]
    expected: tuple[Fraction, ...]
    boards: int
    exact: bool
    seed: int | None = None


def pot_equity(
    hands: Sequence[str | Range | None],
    contributions: Sequence[int],
    board: str | Iterable[str] | None = None,
    dead: str | Iterable[str] | None = None,
    *,
    button: int | None = None,
    chip_unit: int = 1,
    dead_money: int = 0,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    target_stderr: float | None = None,
    time_limit: float | None = None,
    budget: float = DEFAULT_BUDGET,
    progress: Progress | None = None,
) -> PotEquityResult:
    """Each seat's chance of winning each pot and its expected chips (R7, R8).

    The pots come from :func:`holdem.engine.pots.layer_pots` and every deal's pots
    are settled by :func:`holdem.engine.pots.award_pots`, the code that settles real
    hands, so side pots, splits and odd chips are exactly the engine's.

    Args:
        hands: per seat (indexed by seat): hole cards or a range, or ``None``
            for a seat that folded (its chips stay in the pots it paid into).
        contributions: chips each seat put in over the whole hand.
        board, dead, exact, samples, seed, target_stderr, time_limit, budget,
            progress: as for :func:`equity`.
        button: the button seat, for odd chips (R8.2); default the last seat.
        chip_unit: the smallest chip (R8.3).
        dead_money: dead chips added to the main pot (R7.6).

    Returns:
        A :class:`PotEquityResult`.

    Raises:
        EquityError: bad cards or ranges, fewer than 2 live seats.
        HoldemError: bad contributions (from :mod:`holdem.engine.pots`).
    """
    n = len(contributions)
    if len(hands) != n:
        raise EquityError(f"{len(hands)} hands for {n} contributions")
    if isinstance(dead_money, bool) or not isinstance(dead_money, int) or dead_money < 0:
        raise EquityError(
            f"dead_money must be a whole number of chips >= 0, got {value_text(dead_money, True)}"
        )
    live = [s for s in range(n) if hands[s] is not None]
    folded = [hands[s] is None for s in range(n)]
    layering = layer_pots(contributions, folded, dead_money)
    _, _, _, counts, boards, errors, used_seed = _finishing_orders(
        [hand for hand in hands if hand is not None],
        board,
        dead,
        exact,
        samples,
        seed,
        target_stderr,
        time_limit,
        budget,
        progress,
    )
    button = n - 1 if button is None else button
    pots = layering.pots
    wins = [[0] * n for _ in pots]
    chips = [[0] * n for _ in pots]
    expected = [Fraction(r) for r in layering.returns]
    for key, count in counts.items():
        ranks: list[int | None] = [None] * n
        for place, seat in zip(key, live):
            ranks[seat] = place
        awards = award_pots(pots, ranks, button, chip_unit)
        for p, award in enumerate(awards.awards):
            if len(award.winners) == 1:
                wins[p][award.winners[0]] += count
            for seat, got in zip(award.winners, award.shares):
                chips[p][seat] += count * got
        for seat in range(n):
            expected[seat] += Fraction(count * awards.payouts[seat], boards)
    chances = tuple(
        PotChance(
            pot,
            tuple(Fraction(w, boards) for w in wins[p]),
            tuple(
                Fraction(c, boards * pot.amount) if pot.amount else Fraction(0) for c in chips[p]
            ),
        )
        for p, pot in enumerate(pots)
    )
    return PotEquityResult(
        chances, layering.returns, tuple(expected), boards, errors is None, used_seed
    )
