"""Hands the engine played, written in PokerStars' hand-history text format.

The text is what trackers read and what :mod:`holdem.records.sites.pokerstars`
reads back to the same hand: seats, antes (``posts the ante``), blinds, live
and dead posts (``posts big blind``, ``posts small & big blinds``), straddles
(``posts straddle``), every action (``raises X to Y``), uncalled bets, the
board of each run (``*** FIRST FLOP ***``...), shows and mucks, each pot
collected and the summary with the rake. ``seat=`` writes one player's view:
hole cards of that seat only, and of the hands shown at the showdown.

>>> from holdem import Hand, TableConfig
>>> hand = Hand(TableConfig(stacks=[200, 200], small_blind=1, big_blind=2),
...             hole_cards=["AsAh", "KsKh"], board="2c7d9hTs3s")
>>> hand.fold(0)
>>> print(write_hand(hand, 7).splitlines()[0])
PokerStars Hand #7: Hold'em No Limit (1/2) - 2026/01/01 00:00:00 ET
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

from holdem.engine.events import (
    Acted,
    Mucked,
    Posted,
    PotAwarded,
    RunsAgreed,
    Shown,
    StreetDealt,
    UncalledReturned,
)
from holdem.engine.hand import Hand

_RUN_WORDS = {1: "FIRST", 2: "SECOND", 3: "THIRD"}
_RUN_TIMES = {2: "twice", 3: "three times"}
_STREET_WORDS = {"flop": "Flop", "turn": "Turn", "river": "River"}


class _Money:
    """Chips as the file writes them: ``chips * unit`` with a currency sign."""

    def __init__(self, unit: Decimal, currency: str) -> None:
        self.unit, self.currency = unit, currency

    def __call__(self, chips: int) -> str:
        value = chips * self.unit
        text = format(value.quantize(self.unit) if self.unit < 1 else value, "f")
        return f"{self.currency}{text}"


def write_hand(
    hand: Hand,
    number: int | str = 1,
    *,
    seat: int | None = None,
    table: str = "holdem",
    tournament: int | None = None,
    unit: Decimal = Decimal(1),
    currency: str = "",
    currency_code: str = "",
    time: str = "2026/01/01 00:00:00 ET",
    seat_numbers: Sequence[int] | None = None,
    max_seats: int | None = None,
) -> str:
    """One finished hand as PokerStars text (no trailing blank lines).

    Args:
        hand: a finished :class:`~holdem.engine.hand.Hand` (no-limit, over).
        number: the hand number written after ``Hand #``.
        seat: write that seat's view only (hidden hole cards left out), or
            ``None`` for every hole card (as a tracker's full export).
        table: the table's name.
        tournament: a tournament number: writes a tournament header (chips).
        unit: the money one chip is worth in the file (``Decimal("0.01")``
            with ``currency="$"`` for cents); amounts are ``chips * unit``.
        currency: the currency sign written before amounts.
        currency_code: the currency written after the stakes (``"USD"``:
            ``($0.50/$1 USD)``), or ``""`` for none (chips).
        time: the time written in the header.
        seat_numbers: the seat number written for each hand seat (a table's
            own numbers when seats are empty, or a site's), going round the
            table as :func:`seat_order` says; the seat lines are written in
            number order. ``None``: ``1`` to ``seats``.
        max_seats: the table's size written as ``N-max``, or ``None``: the
            hand's seats (at least 2).

    Raises:
        ValueError: the hand is not over, or ``seat_numbers`` does not give
            each seat a number going round the table (:func:`seat_order`).
    """
    result = hand.result
    if result is None:
        raise ValueError("the hand is not over")
    config = hand.config
    money = _Money(unit, currency)
    names = config.names
    n = config.seats
    numbers = tuple(range(1, n + 1)) if seat_numbers is None else tuple(seat_numbers)
    if len(numbers) != n:
        raise ValueError(f"seat_numbers: {len(numbers)} numbers for {n} seats")
    in_order = seat_order(numbers)
    size = max(n, 2) if max_seats is None else max_seats
    code = f" {currency_code}" if currency_code else ""
    stakes = f"({money(config.small_blind)}/{money(config.big_blind)}{code})"
    if tournament is not None:
        title = f"Tournament #{tournament}, Hold'em No Limit - Level I {stakes}"
    else:
        title = f"Hold'em No Limit {stakes}"
    lines = [
        f"PokerStars Hand #{number}: {title} - {time}",
        f"Table '{table}' {size}-max Seat #{numbers[config.button]} is the button",
    ]
    for s in in_order:
        lines.append(f"Seat {numbers[s]}: {names[s]} ({money(config.stacks[s])} in chips)")
    log = hand.log
    posted: dict[int, list[Posted]] = {}
    for event in log:
        if isinstance(event, Posted):
            posted.setdefault(event.seat, []).append(event)
    lines += _posts(posted, names, money)
    lines.append("*** HOLE CARDS ***")
    for s in range(n):
        if seat is None or s == seat:
            cards = hand.hole_cards(s)
            if cards and "??" not in cards and "?" not in "".join(cards):
                lines.append(f"Dealt to {names[s]} [{' '.join(cards)}]")
    lines += _play(hand, money, seat)
    lines += _summary(hand, money, numbers, in_order)
    return "\n".join(lines)


def seat_order(numbers: Sequence[int]) -> list[int]:
    """The hand's seats (indices of ``numbers``) in the order of their seat
    numbers, as the seat lines are written.

    Args:
        numbers: the seat number of each hand seat, the hand's seats being in
            clockwise order: distinct numbers from 1 that increase round the
            table (``[2, 3, 1]``: seat 1 follows seat 3), so that the table
            read back in number order is the same table.

    Raises:
        ValueError: the numbers are not distinct, below 1, or do not go round
            the table in the hand's order.
    """
    n = len(numbers)
    if not n or len(set(numbers)) != n or min(numbers) < 1:
        raise ValueError(f"seat_numbers: {list(numbers)} are not distinct numbers from 1")
    first = min(range(n), key=numbers.__getitem__)
    order = [(first + k) % n for k in range(n)]
    if any(numbers[a] >= numbers[b] for a, b in zip(order, order[1:], strict=False)):
        raise ValueError(f"seat_numbers: {list(numbers)} do not go round the table in order")
    return order


def _posts(posted: dict[int, list[Posted]], names: tuple[str, ...], money: _Money) -> list[str]:
    lines: list[str] = []
    order = sorted(
        (e for events in posted.values() for e in events),
        key=lambda e: (e.kind not in ("ante", "big blind ante"), e.kind == "straddle"),
    )
    done: set[int] = set()
    for event in order:
        name = names[event.seat]
        tail = " and is all-in" if event.all_in else ""
        kinds = {e.kind for e in posted[event.seat]}
        if event.kind in ("ante", "big blind ante"):
            lines.append(f"{name}: posts the ante {money(event.amount)}{tail}")
        elif {"live post", "dead post"} <= kinds:
            if event.seat in done:
                continue
            done.add(event.seat)
            both = sum(e.amount for e in posted[event.seat] if e.kind in ("live post", "dead post"))
            all_in = any(e.all_in for e in posted[event.seat])
            lines.append(
                f"{name}: posts small & big blinds {money(both)}"
                f"{' and is all-in' if all_in else ''}"
            )
        elif event.kind == "small blind":
            lines.append(f"{name}: posts small blind {money(event.amount)}{tail}")
        elif event.kind in ("big blind", "live post"):
            lines.append(f"{name}: posts big blind {money(event.amount)}{tail}")
        elif event.kind == "dead post":
            lines.append(f"{name}: posts small blind {money(event.amount)}{tail}")
        else:
            lines.append(f"{name}: posts straddle {money(event.amount)}{tail}")
    return lines


def _play(hand: Hand, money: _Money, seat: int | None) -> list[str]:
    names = hand.config.names
    lines: list[str] = []
    top = hand.config.big_blind
    bets = [0] * hand.config.seats
    for event in hand.log:
        if isinstance(event, Posted) and event.kind not in ("ante", "big blind ante", "dead post"):
            bets[event.seat] += event.amount
            top = max(top, bets[event.seat])
    runs = 1
    # Shows and mucks are written after "*** SHOW DOWN ***", once the board is
    # out, as PokerStars writes them (the engine shows all-in hands at once,
    # before the board: R5.3); with several runs, before each run's pots.
    shows: list[str] = []
    run_shown = 0
    for event in hand.log:
        if isinstance(event, Acted):
            name = names[event.seat]
            tail = " and is all-in" if event.all_in else ""
            if event.action == "fold":
                lines.append(f"{name}: folds")
            elif event.action == "check":
                lines.append(f"{name}: checks")
            elif event.action == "call":
                lines.append(f"{name}: calls {money(event.added)}{tail}")
            elif event.action == "bet":
                lines.append(f"{name}: bets {money(event.to)}{tail}")
            else:
                lines.append(f"{name}: raises {money(event.to - top)} to {money(event.to)}{tail}")
            bets[event.seat] = event.to
            top = max(top, event.to)
        elif isinstance(event, StreetDealt):
            bets = [0] * hand.config.seats
            top = 0
            word = event.street.upper()
            if runs > 1:
                word = f"{_RUN_WORDS[event.run]} {word}"
            before = event.board[: len(event.board) - len(event.cards)]
            cards = f"[{' '.join(event.cards)}]"
            if before:
                cards = f"[{' '.join(before)}] {cards}"
            lines.append(f"*** {word} *** {cards}")
        elif isinstance(event, RunsAgreed):
            runs = event.count
        elif isinstance(event, UncalledReturned):
            lines.append(f"Uncalled bet ({money(event.amount)}) returned to {names[event.seat]}")
        elif isinstance(event, (Shown, Mucked)):
            if isinstance(event, Shown):
                text = f"{names[event.seat]}: shows [{' '.join(event.cards)}] ({event.description})"
            else:
                text = f"{names[event.seat]}: mucks hand"
            shows.append(text)
            if run_shown:  # the showdown is already written: in its place
                lines.append(text)
        elif isinstance(event, PotAwarded):
            if event.amount == 0:
                continue
            if shows and event.run != run_shown:
                word = "" if runs == 1 else f"{_RUN_WORDS[event.run]} "
                lines.append(f"*** {word}SHOW DOWN ***")
                lines.extend(shows)
                run_shown = event.run
            pots = [e for e in hand.log if isinstance(e, PotAwarded) and e.run == event.run]
            where = (
                "pot"
                if len({p.name for p in pots}) == 1
                else event.name.replace("side pot ", "side pot-")
            )
            for winner, share in zip(event.winners, event.shares, strict=True):
                if share:
                    lines.append(f"{names[winner]} collected {money(share)} from {where}")
    del seat
    return lines


def _summary(hand: Hand, money: _Money, numbers: tuple[int, ...], in_order: list[int]) -> list[str]:
    result = hand.result
    assert result is not None
    names = hand.config.names
    pot = sum(result.payouts) + result.rake_total
    lines = ["*** SUMMARY ***", f"Total pot {money(pot)} | Rake {money(result.rake_total)}"]
    boards = result.boards or (hand.board,)
    if len(boards) > 1:
        lines.append(f"Hand was run {_RUN_TIMES[len(boards)]}")
        for k, board in enumerate(boards, 1):
            lines.append(f"{_RUN_WORDS[k]} Board [{' '.join(board)}]")
    elif boards[0]:
        lines.append(f"Board [{' '.join(boards[0])}]")
    folded_on = _folds(hand)
    shown = {e.seat: e for e in hand.log if isinstance(e, Shown)}
    for s in in_order:
        tags = []
        if s == hand.config.button:
            tags.append(" (button)")
        text = f"Seat {numbers[s]}: {names[s]}{''.join(tags)}"
        won = result.payouts[s]
        if s in folded_on:
            text += f" folded {folded_on[s]}"
        elif s in shown:
            cards = " ".join(shown[s].cards)
            text += (
                f" showed [{cards}] and won ({money(won)})"
                if won
                else f" showed [{cards}] and lost"
            )
        elif won:
            text += f" collected ({money(won)})"
        else:
            text += " mucked"
        lines.append(text)
    return lines


def _folds(hand: Hand) -> dict[int, str]:
    street = "before Flop"
    out: dict[int, str] = {}
    for event in hand.log:
        if isinstance(event, StreetDealt) and event.run == 1:
            street = f"on the {_STREET_WORDS[event.street]}"
        elif isinstance(event, Acted) and event.action == "fold":
            out[event.seat] = street
    return out


def write_hands(hands: Iterable[Hand], *, seat: int | None = None, first: int = 1) -> str:
    """Several finished hands as one PokerStars file: hands numbered from
    ``first``, separated by blank lines as the site writes them."""
    texts = [write_hand(h, first + k, seat=seat) for k, h in enumerate(hands)]
    return "".join(text + "\n\n\n" for text in texts)
