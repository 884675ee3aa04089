"""Cards, the deck and the dealer (R5.4).

A card is a two-character string, rank then suit: ``"As"``, ``"Td"``, ``"2c"``.
Ranks are ``23456789TJQKA``; suits are ``c d h s``. The text form is the value,
so ``parse_card(str(card)) == card`` always holds.
"""

from __future__ import annotations

import functools
import operator
import random
import secrets
from collections.abc import Iterable, Sequence

from holdem.errors import CardError, ConfigError, value_text

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
_VALID = frozenset(DECK)
UNKNOWN = "??"
"""A hole card that nobody knows (a replayed history that never showed it)."""


def parse_card(text: str) -> str:
    """Return the card named by ``text`` in normal form (``"ah"`` -> ``"Ah"``).

    Raises:
        CardError: ``text`` is not a card.

    >>> parse_card("tD")
    'Td'
    """
    if not isinstance(text, str) or len(text) != 2:
        raise CardError(f"not a card: {text!r} (expected rank and suit, like 'As')")
    card = text[0].upper() + text[1].lower()
    if card not in _VALID:
        raise CardError(f"not a card: {text!r} (ranks {RANKS}, suits {SUITS})")
    return card


def parse_cards(cards: str | Iterable[str]) -> tuple[str, ...]:
    """Parse cards written together (``"AsKd"``), spaced (``"As Kd"``) or as a sequence.

    Raises:
        CardError: a card is malformed or appears twice.

    >>> parse_cards("2c 7d9h")
    ('2c', '7d', '9h')
    """
    if isinstance(cards, str):
        text = "".join(cards.split()).replace(",", "")
        if len(text) % 2:
            raise CardError(f"not a list of cards: {cards!r}")
        items: Sequence[str] = [text[i : i + 2] for i in range(0, len(text), 2)]
    else:
        items = list(cards)
    parsed = tuple(parse_card(c) for c in items)
    if len(set(parsed)) != len(parsed):
        raise CardError(f"card given twice in {cards!r}")
    return parsed


def seed_value(seed: object) -> int | float | str | bytes | bytearray:
    """``seed`` as :class:`random.Random` takes it: an ``int``, ``float``,
    text or bytes as it is, anything else with ``__index__`` (a numpy
    integer) as a plain ``int``, as seats are read.

    Raises:
        ConfigError: (field ``seed``) anything else.
    """
    if isinstance(seed, (int, float, str, bytes, bytearray)):
        return seed
    try:
        return int.__index__(operator.index(seed))  # type: ignore[arg-type]
    except TypeError:
        pass
    raise ConfigError("seed", f"must be a number, a text or bytes, got {value_text(seed, True)}")


class Dealer:
    """Decides every card of one hand when the hand starts (R5.4).

    Cards not fixed by the caller come from a shuffled deck: a
    cryptographically secure shuffle (``secrets.SystemRandom``) by default, or
    ``random.Random(seed)`` when a seed is given, so the same seed always deals
    the same hand, or the caller's own ``rng``. Dealing order is the
    casino's: one card at a time to each seat starting left of the button,
    twice; burn, flop; burn, turn; burn, river.

    Args:
        seats: the number of seats.
        button: the button seat.
        hole_cards: optional per-seat sequence (indexed by seat) of two-card
            hands; an entry may be ``None`` (dealt from the deck) or
            :data:`UNKNOWN` (a hand nobody knows, which can never win).
        board: optional fixed board cards in dealing order: 0 to 5, then,
            when ``runs`` allows more than one run of the board (R12), up to 5
            more per extra run: the cards of run 2 and run 3, in the order
            they are dealt (each later run starts at the first street not
            common to every run, so how many of them are used is known only
            when the runs are agreed).
        seed: seed for a reproducible shuffle of the cards not fixed.
        runs: the most runs of the board the hand may deal (R12.1), 1 to 3.
            With more than one, the cards for the later runs are drawn after
            every other card, so the first run's cards do not depend on it.
        rng: a ``random.Random`` to draw the cards not fixed from, instead of
            a seed: every card the hand needs is drawn in one call
            (``rng.sample``), so a program dealing many hands from one seeded
            ``rng`` deals them reproducibly without seeding each (R5.4). Not
            with ``seed``.

    Attributes:
        hole: the two hole cards per seat.
        board: run 1's five board cards, in dealing order.
        burns: run 1's three burn cards.
        run_cards: the fixed board cards beyond the first five (later runs).
        stub: with ``runs`` above 1, the deck after run 1, in order: what the
            later runs burn and deal when their cards are not fixed (see
            :func:`run_boards`); else empty.

    Raises:
        CardError: a card is malformed or given twice, or too many board cards.
    """

    __slots__ = ("hole", "board", "burns", "run_cards", "stub")

    def __init__(
        self,
        seats: int,
        button: int,
        hole_cards: Sequence[str | Iterable[str] | None] | None = None,
        board: str | Iterable[str] | None = None,
        seed: int | str | None = None,
        runs: int = 1,
        *,
        rng: random.Random | None = None,
    ) -> None:
        if hole_cards is None and board is None and runs == 1 and _FAST_SAMPLE:
            if rng is None and seed is not None:
                self._deal_seeded(seats, button, random.Random(seed))
                return
            if type(rng) is random.Random and seed is None:
                self._deal_seeded(seats, button, rng)
                return
        if rng is not None and seed is not None:
            raise CardError("give a seed or an rng for the deal, not both")
        fixed_hole: list[tuple[str, ...] | None] = [None] * seats
        used: set[str] = set()
        if hole_cards is not None:
            if len(hole_cards) != seats:
                raise CardError(f"hole_cards has {len(hole_cards)} entries for {seats} seats")
            for seat, cards in enumerate(hole_cards):
                if cards is None:
                    continue
                if not isinstance(cards, str):
                    cards = tuple(cards)
                if cards == UNKNOWN or cards == (UNKNOWN, UNKNOWN) or cards == "????":
                    fixed_hole[seat] = (UNKNOWN, UNKNOWN)
                    continue
                pair = parse_cards(cards)
                if len(pair) != 2:
                    raise CardError(f"seat {seat} needs 2 hole cards, got {len(pair)}")
                fixed_hole[seat] = pair
        fixed_board = parse_cards(board) if board is not None else ()
        most = 5 * runs
        if len(fixed_board) > most:
            extra = f" ({runs} runs of at most 5)" if runs > 1 else ""
            raise CardError(f"a board has at most {most} cards{extra}, got {len(fixed_board)}")
        fixed_board, run_cards = fixed_board[:5], fixed_board[5:]
        for cards in (*fixed_hole, fixed_board, run_cards):
            for card in cards or ():
                if card == UNKNOWN:
                    continue
                if card in used:
                    raise CardError(f"card {card} dealt twice")
                used.add(card)
        if rng is None:
            rng = secrets.SystemRandom() if seed is None else random.Random(seed)
        deck = [c for c in DECK if c not in used] if used else list(DECK)
        needed = 2 * fixed_hole.count(None) + 3 + 5 - len(fixed_board)
        # A uniform sample in dealing order is a shuffle of the cards that are used.
        draw = iter(rng.sample(deck, needed)).__next__
        first: list[str] = [""] * seats
        second: list[str] = [""] * seats
        order = [(button + 1 + i) % seats for i in range(seats)]
        for dealt in (first, second):
            for seat in order:
                if fixed_hole[seat] is None:
                    dealt[seat] = draw()
        self.hole: list[tuple[str, str]] = [
            (first[s], second[s]) if fixed_hole[s] is None else fixed_hole[s]  # type: ignore[misc]
            for s in range(seats)
        ]
        burns: list[str] = []
        cards = list(fixed_board)
        for size in (3, 4, 5):
            burns.append(draw())
            while len(cards) < size:
                cards.append(draw())
        self.board: tuple[str, ...] = tuple(cards)
        self.burns: tuple[str, ...] = tuple(burns)
        self.run_cards: tuple[str, ...] = run_cards
        self.stub: tuple[str, ...] = ()
        if runs > 1:
            # Enough for every later run starting preflop: 3 burns and the
            # board cards not fixed. Drawn after the rest, so they change nothing.
            taken = set(self.board) | set(burns) | {c for pair in self.hole for c in pair}
            rest = [c for c in deck if c not in taken]
            want = 3 * (runs - 1) + max(0, 5 * (runs - 1) - len(run_cards))
            self.stub = tuple(rng.sample(rest, min(want, len(rest))))

    def _deal_seeded(self, seats: int, button: int, rng: random.Random) -> None:
        """Deal every card from ``rng`` (a plain ``random.Random``) with nothing
        fixed (see :func:`deal_seeded`)."""
        self.hole, self.board, self.burns = deal_seeded(seats, button, rng)
        self.run_cards = ()
        self.stub = ()


def deal_seeded(
    seats: int, button: int, rng: random.Random
) -> tuple[list[tuple[str, str]], tuple[str, ...], tuple[str, ...]]:
    """The hole cards, board and burn cards of one run dealt from ``rng`` with
    nothing fixed: what :class:`Dealer` deals (``rng.sample`` of the deck in
    dealing order, R5.4), drawn in one loop, without a :class:`Dealer`.

    Only for a plain ``random.Random`` and when :data:`_FAST_SAMPLE` holds
    (the caller checks both).
    """
    cards = _sample_deck(rng, 2 * seats + 8)
    # Seat s got the card dealt k-th in each round, k its place from the button.
    hole = [(cards[k], cards[seats + k]) for k in _dealt_place(seats, button)]
    rest = 2 * seats
    board = (cards[rest + 1], cards[rest + 2], cards[rest + 3], cards[rest + 5], cards[rest + 7])
    return hole, board, (cards[rest], cards[rest + 4], cards[rest + 6])


def run_boards(
    fixed: Sequence[str], stub: Sequence[str], common: int, runs: int
) -> tuple[tuple[str, ...], ...]:
    """The new board cards of runs 2 to ``runs`` (R12.2).

    Each later run is dealt in full after the one before it, from the first
    street not common to every run, with a burn card before each street.

    Args:
        fixed: fixed cards for the later runs, in dealing order (a
            :class:`Dealer`'s ``run_cards``); used first.
        stub: the deck after run 1 (a :class:`Dealer`'s ``stub``): burn
            cards, and the board cards not fixed.
        common: board cards dealt before the runs were agreed (0, 3 or 4).
        runs: the runs agreed, 2 or more.

    Returns:
        One tuple of ``5 - common`` cards per later run, run 2 first.

    Raises:
        CardError: the stub runs out (a dealer made for fewer runs).
    """
    fixed_cards = iter(fixed)
    deck = iter(stub)
    boards: list[tuple[str, ...]] = []
    for _ in range(runs - 1):
        cards: list[str] = []
        for size in (3, 4, 5):
            if size <= common:
                continue
            next(deck, None)  # the burn card
            while common + len(cards) < size:
                card = next(fixed_cards, None)
                if card is None:
                    card = next(deck, None)
                if card is None:
                    raise CardError(f"no cards left for run {len(boards) + 2}")
                cards.append(card)
        boards.append(tuple(cards))
    return tuple(boards)


@functools.lru_cache(maxsize=128)
def _dealt_place(seats: int, button: int) -> tuple[int, ...]:
    """Per seat, its place in the dealing order (0 for the first seat left of the button)."""
    return tuple([(s - button - 1) % seats for s in range(seats)])


# (pool size, its bit length) for each card drawn from a full deck, in order.
_POOL_BITS = tuple((size, size.bit_length()) for size in range(52, 0, -1))


def _sample_deck(rng: random.Random, count: int) -> list[str]:
    """``rng.sample(list(DECK), count)``, the same cards in the same order
    (CPython's selection from a pool with ``getrandbits``), in one loop."""
    getrandbits = rng.getrandbits
    pool = list(DECK)
    last = 51
    dealt = []
    for size, bits in _POOL_BITS[:count]:
        index = getrandbits(bits)
        while index >= size:
            index = getrandbits(bits)
        dealt.append(pool[index])
        pool[index] = pool[last]
        last -= 1
    return dealt


# The fast deal is used only where it gives exactly what ``Random.sample`` gives.
_FAST_SAMPLE = all(
    _sample_deck(random.Random(seed), count) == random.Random(seed).sample(list(DECK), count)
    for seed, count in ((1, 20), ("holdem", 28), (2**64 - 1, 12))
)
