"""A readable hand history, built from a hand's log (:mod:`holdem.engine.events`).

Players appear by name and chips with thousands separators. The history
lists the seats and stacks, the forced bets, each street with its board and
actions, uncalled chips returned, the hands shown and mucked with their
category, each pot with its amount, eligible players and winners, and the
final stacks with net results.

>>> from holdem import Hand, TableConfig
>>> config = TableConfig([1000, 1000], 50, 100, names=["Anna", "Bjarni"])
>>> hand = Hand(config, hole_cards=["AhAs", "KhKs"], board="2c7d9hTs3s")
>>> hand.all_in(0)
>>> hand.fold(1)
>>> print(format_history(hand))  # doctest: +NORMALIZE_WHITESPACE
No-limit hold'em, blinds 50/100, 2 players
Seat 0: Anna, 1,000 (button, small blind)
Seat 1: Bjarni, 1,000 (big blind)
Anna posts the small blind, 50
Bjarni posts the big blind, 100
*** Preflop ***
Anna raises to 1,000, all-in
Bjarni folds
Uncalled bet of 900 returned to Anna
*** Pots ***
Main pot 200, eligible: Anna
  Anna wins the main pot, 200
*** Result ***
Anna: 1,100 (+100)
Bjarni: 900 (-100)
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence

from holdem.engine.config import AnteType, Structure
from holdem.engine.events import (
    Acted,
    HandEnded,
    HoleCardsDealt,
    Mucked,
    Posted,
    PotAwarded,
    RakeTaken,
    RunsAgreed,
    RunsChosen,
    Shown,
    StreetDealt,
    UncalledReturned,
)
from holdem.engine.hand import Hand
from holdem.engine.showdown import describe
from holdem.errors import HoldemError


def chips(amount: int) -> str:
    """Chips with thousands separators: ``4800`` -> ``"4,800"``.

    >>> chips(3350), chips(-1500)
    ('3,350', '-1,500')
    """
    return f"{amount:,}"


def signed(amount: int) -> str:
    """A net result in chips with its sign: ``"+3,300"``, ``"-300"``, ``"0"``."""
    return f"{amount:+,}" if amount else "0"


def _printable(name: str) -> str:
    """A name as one line of plain text: a control character (a newline, an escape
    sequence from a hostile hand file) is written as its escape, ``\\x1b``."""
    return (
        name
        if name.isprintable()
        else "".join(c if c.isprintable() else repr(c)[1:-1] for c in name)
    )


def join_names(names: Sequence[str]) -> str:
    """``["A", "B", "C"]`` -> ``"A, B and C"``.

    >>> join_names(["Ahmose", "Nefertari"])
    'Ahmose and Nefertari'
    """
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def pot_award_line(pot: str, winners: Sequence[str], shares: Sequence[int]) -> str:
    """One pot's settlement in words (R8.2): ``"Tiya wins the main pot, 4,800"``,
    ``"Ahmose and Nefertari split side pot 1, 2,500 each"``; unequal shares
    (odd chips) are listed per winner, in odd-chip order.
    """
    title = "the main pot" if pot == "main pot" else pot
    if len(winners) == 1:
        return f"{winners[0]} wins {title}, {chips(shares[0])}"
    if len(set(shares)) == 1:
        return f"{join_names(winners)} split {title}, {chips(shares[0])} each"
    each = ", ".join(f"{w} {chips(s)}" for w, s in zip(winners, shares))
    return f"{join_names(winners)} split {title}, {chips(sum(shares))}: {each}"


def _header(hand: Hand) -> list[str]:
    config = hand.config
    structure = "Pot-limit" if config.structure is Structure.POT_LIMIT else "No-limit"
    line = f"{structure} hold'em, blinds {chips(config.small_blind)}/{chips(config.big_blind)}"
    if config.ante_type is AnteType.UNIFORM:
        line += f", ante {chips(config.ante)}"
    elif config.ante_type is AnteType.BIG_BLIND:
        line += f", big blind ante {chips(config.ante)}"
    if config.rake is not None:
        rake = config.rake
        line += f", rake {rake.rate_text}"
        if rake.cap is not None:
            line += f" capped at {chips(rake.cap)}"
        if rake.no_flop_no_drop:
            line += " (no flop, no drop)"
    if config.max_runs > 1:
        line += f", up to {config.max_runs} runs"
    lines = [f"{line}, {config.seats} players"]
    for seat, (name, stack) in enumerate(zip(map(_printable, config.names), config.stacks)):
        roles = [
            role
            for role, at in (
                ("button", config.button),
                ("small blind", config.small_blind_seat),
                ("big blind", config.big_blind_seat),
            )
            if at == seat
        ]
        lines.append(
            f"Seat {seat}: {name}, {chips(stack)}" + (f" ({', '.join(roles)})" if roles else "")
        )
    return lines


def _action(name: str, event: Acted) -> str:
    if event.action in ("fold", "check"):
        text = f"{name} {event.action}s"
    elif event.action == "call":
        text = f"{name} calls {chips(event.added)}"
    elif event.action == "bet":
        text = f"{name} bets {chips(event.to)}"
    else:
        text = f"{name} raises to {chips(event.to)}"
    return text + (", all-in" if event.all_in else "")


def format_history(hand: Hand, *, seat: int | None = None, show_equity: bool = True) -> str:
    """The hand so far, in words, one line per event (see the module docstring).

    Nothing secret appears before it is public: hole cards only once shown
    (R6), mucked cards never, and the all-in equity line only once every hand
    it is computed from is shown. With ``seat``, the history is the one that
    seat may see: its own hole cards too (``Dealt to Anna: As Ah``), and the
    equity line as soon as every hand in it is its own or shown. That
    per-seat history may be sent to the player of that seat; the full one
    (``seat=None``) is the server's.

    Args:
        hand: a hand, finished or not; an unfinished hand's history stops at
            the last event.
        seat: the seat whose history it is (0-based; any integer type), or
            ``None`` for the full history.
        show_equity: when betting ends with an all-in before the river, add
            each live player's equity at that moment (before the run-out):
            exact on the flop and turn and heads-up preflop, a seeded Monte
            Carlo (2,000 samples, seed 0) preflop with three or more players.

    Returns:
        The history as text, lines separated by ``\\n``, no final newline; a
        name's control characters are escaped (``\\n``, ``\\x1b``).

    Raises:
        HoldemError: ``seat`` is not a seat of the hand.
    """
    names = [_printable(name) for name in hand.config.names]
    viewer = None if seat is None else _seat(hand, seat)
    known = {e.seat: e.cards for e in hand.log if isinstance(e, Shown)}
    if viewer is not None:
        known.setdefault(viewer, hand.hole_cards(viewer))
    lines = _header(hand)
    started = showdown = pots = ran_out = several = False
    for event in hand.log:
        if isinstance(event, HoleCardsDealt):
            if event.seat == viewer:
                lines.append(f"Dealt to {names[viewer]}: {' '.join(event.cards)}")
        elif isinstance(event, Posted):
            lines.append(
                f"{names[event.seat]} posts the {event.kind}, {chips(event.amount)}"
                + (", all-in" if event.all_in else "")
            )
        elif isinstance(event, Acted):
            if not started:
                lines.append("*** Preflop ***")
                started = True
            lines.append(_action(names[event.seat], event))
        elif isinstance(event, StreetDealt):
            started = True
            if show_equity and event.run_out and not ran_out:
                lines.extend(_equity_line(hand, event, known))
            ran_out = ran_out or event.run_out
            note = " (no betting: run out, R5.3)" if event.run_out else ""
            street = f"Run {event.run} {event.street}" if several else event.street.capitalize()
            lines.append(f"*** {street}: {' '.join(event.board)} ***{note}")
        elif isinstance(event, RunsChosen):
            runs = "1 run" if event.count == 1 else f"{event.count} runs"
            lines.append(f"{names[event.seat]} accepts {runs}")
        elif isinstance(event, RunsAgreed):
            times = {1: "once", 2: "twice", 3: "three times"}[event.count]
            lines.append(f"The board is run {times} (R12)")
            several = event.count > 1
        elif isinstance(event, UncalledReturned):
            lines.append(f"Uncalled bet of {chips(event.amount)} returned to {names[event.seat]}")
        elif isinstance(event, (Shown, Mucked)):
            if not showdown:
                lines.append("*** Showdown ***")
                showdown = True
            lines.append(_shown(hand, event))
        elif isinstance(event, (RakeTaken, PotAwarded)):
            if not pots:
                lines.append("*** Pots ***")
                pots = True
            if isinstance(event, RakeTaken):
                title = "the main pot" if event.pot == "main pot" else event.pot
                lines.append(f"Rake of {chips(event.amount)} from {title} (R13)")
                continue
            eligible = ", ".join(names[s] for s in event.eligible)
            title = event.name.capitalize() + (f" (run {event.run})" if hand.run_count > 1 else "")
            lines.append(f"{title} {chips(event.amount)}, eligible: {eligible}")
            winners = [names[s] for s in event.winners]
            lines.append("  " + pot_award_line(event.name, winners, event.shares))
        elif isinstance(event, HandEnded):
            lines.append("*** Result ***")
            start = hand.config.stacks
            for seat, final in enumerate(event.stacks):
                lines.append(f"{names[seat]}: {chips(final)} ({signed(final - start[seat])})")
            places = hand.eliminations()
            if places:
                order = "; ".join(join_names([names[s] for s in place]) for place in places)
                lines.append(f"Eliminated, best finish first (R9.1): {order}")
    return "\n".join(lines)


def _shown(hand: Hand, event: Shown | Mucked) -> str:
    name = _printable(hand.config.names[event.seat])
    if isinstance(event, Shown):
        if len(hand.boards) > 1:  # R12.3: the hand on each run's board
            return f"{name} shows {' '.join(event.cards)}: " + "; ".join(
                f"run {run} {describe(event.cards, board)}"
                for run, board in enumerate(hand.boards, start=1)
            )
        return f"{name} shows {' '.join(event.cards)}: {event.description}"
    return f"{name} mucks"  # mucked cards stay hidden (R6.3)


def _seat(hand: Hand, seat: object) -> int:
    """``seat`` as a plain ``int`` seat of ``hand`` (a bool is refused)."""
    if not isinstance(seat, bool):
        try:
            index = operator.index(seat)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if 0 <= index < hand.config.seats:
                return int(index)
    raise HoldemError(f"no such seat: {seat!r} (0 to {hand.config.seats - 1})")


def _equity_line(
    hand: Hand, street: StreetDealt, known: Mapping[int, tuple[str, ...]]
) -> list[str]:
    """``All-in equity (exact, 990 boards): Anna 82.64%, Bjarni 17.36%`` before a run-out,
    when every live hand is in ``known`` (the hole cards the reader may see)."""
    from holdem.equity.allin import equity  # here: equity is optional for a history

    names = [_printable(name) for name in hand.config.names]
    dealt: list[int] = []
    folded: set[int] = set()
    for event in hand.log:
        if isinstance(event, HoleCardsDealt):
            dealt.append(event.seat)
        elif isinstance(event, Acted) and event.action == "fold":
            folded.add(event.seat)
        elif event is street:
            break
    live = sorted(s for s in dealt if s not in folded)
    if len(live) < 2 or any(s not in known or "??" in known[s] for s in live):
        return []
    board = street.board[: len(street.board) - len(street.cards)]
    hands = ["".join(known[s]) for s in live]
    if board or len(live) == 2:
        result = equity(hands, board, exact=True)
        how = f"exact, {chips(result.boards)} boards"
    else:
        result = equity(hands, board, samples=2000, seed=0)
        how = f"Monte Carlo, {chips(result.boards)} samples, seed 0"
    shares = ", ".join(f"{names[s]} {p.equity_float:.2%}" for s, p in zip(live, result.players))
    return [f"All-in equity ({how}): {shares}"]
