"""Shared helpers for the rule-book tests (docs/rules.md R1..R9).

Seats are 0-based and clockwise; unless a test says otherwise the button is
seat 0, so with three or more seats seat 1 posts the small blind and seat 2
the big blind, and heads-up seat 0 (the button) posts the small blind (R2.1,
R2.2). The bug-report seats S1, S2, ... are seats 0, 1, ...
"""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from holdem import Hand, IllegalActionError, LegalActions, Reason, TableConfig
from holdem.cli.command import main
from holdem.engine.events import Acted, Event, Posted, StreetDealt

# A board on which no hole cards used below make an accident (no straight,
# no flush): the bug reports' "2c 7d 9h / Ts / 3s".
BOARD = "2c7d9hTs3s"


def table(stacks: Sequence[int], small_blind: int, big_blind: int, **options: Any) -> TableConfig:
    """A :class:`TableConfig` with the button on seat 0 unless ``button`` is given."""
    options.setdefault("button", 0)
    return TableConfig(stacks=list(stacks), small_blind=small_blind, big_blind=big_blind, **options)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Runs ``holdem`` with ``argv``; returns its exit status, stdout and stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_cli_in_memory(argv: list[str]) -> tuple[int, str, str]:
    """:func:`run_cli` without the ``capsys`` fixture (for hypothesis tests,
    which run many examples in one test): stdout and stderr caught in memory."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def new_hand(
    stacks: Sequence[int],
    small_blind: int,
    big_blind: int,
    *,
    holes: Sequence[str | None] | None = None,
    board: str | None = BOARD,
    show_policy: str = "auto",
    **options: Any,
) -> Hand:
    """A hand with fixed cards (``holes`` per seat, ``board``); the rest seeded."""
    return Hand(
        table(stacks, small_blind, big_blind, **options),
        hole_cards=holes,
        board=board,
        show_policy=show_policy,
        seed=0,
    )


def play(hand: Hand, *actions: tuple[int, str]) -> None:
    """Apply ``(seat, "raise to 300")`` actions in order.

    The words are mapped onto the action methods here (``fold``, ``check``,
    ``call``, ``all-in``, ``bet N``, ``raise to N``) so that the rule tests do
    not depend on the text parser, which has tests of its own (R3.1).
    """
    for seat, text in actions:
        words = text.split()
        if words == ["fold"]:
            hand.fold(seat)
        elif words == ["check"]:
            hand.check(seat)
        elif words == ["call"]:
            hand.call(seat)
        elif words == ["all-in"]:
            hand.all_in(seat)
        elif len(words) == 2 and words[0] == "bet":
            hand.bet(seat, int(words[1]))
        elif len(words) == 3 and words[:2] == ["raise", "to"]:
            hand.raise_to(seat, int(words[2]))
        else:
            raise AssertionError(f"unknown test action {text!r}")


def check_down(hand: Hand) -> list[int]:
    """Check every remaining decision until betting stops; the seats asked, in order."""
    asked = []
    while not hand.is_over and hand.to_act is not None:
        asked.append(hand.to_act)
        hand.check(hand.to_act)
    return asked


def of_type(hand: Hand, cls: type) -> list[Event]:
    """The log records of one type, in order."""
    return [event for event in hand.log if isinstance(event, cls)]


def streets_dealt(hand: Hand) -> list[StreetDealt]:
    return of_type(hand, StreetDealt)  # type: ignore[return-value]


def postings(hand: Hand) -> list[Posted]:
    return of_type(hand, Posted)  # type: ignore[return-value]


def actions(hand: Hand) -> list[Acted]:
    return of_type(hand, Acted)  # type: ignore[return-value]


def pots_summary(hand: Hand) -> list[tuple[str, int, tuple[int, ...]]]:
    """``(name, amount, eligible)`` for each pot as the layering stands now (R7)."""
    return [(p.name, p.amount, p.eligible) for p in hand.pots().pots]


def awards_summary(
    hand: Hand,
) -> list[tuple[str, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """``(name, amount, eligible, winners, shares)`` for each pot awarded (R7, R8)."""
    assert hand.result is not None, "the hand is not over"
    return [
        (a.pot.name, a.pot.amount, a.pot.eligible, a.winners, a.shares) for a in hand.result.awards
    ]


def snapshot(hand: Hand) -> dict[str, Any]:
    """Everything observable about a hand, to prove an error changed nothing (R3.7)."""
    return {
        "stacks": hand.stacks,
        "bets": hand.bets,
        "contributions": hand.contributions,
        "folded": hand.folded,
        "to_act": hand.to_act,
        "legal": hand.legal_actions(),
        "log": hand.log,
        "board": hand.board,
        "street": hand.street,
        "current_bet": hand.current_bet,
        "min_raise_size": hand.min_raise_size,
        "pot_total": hand.pot_total,
        "dead_money": hand.dead_money,
        "is_over": hand.is_over,
        "result": hand.result,
        "showdown_seat": hand.showdown_seat,
    }


def refused(
    hand: Hand,
    attempt: Callable[[], object],
    *,
    reason: Reason,
    seat: int,
    action: str,
    amount: int | None = None,
) -> IllegalActionError:
    """Run ``attempt``, expect an IllegalActionError with these fields, and
    check the hand is exactly as it was (R3.7). Returns the error."""
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as caught:
        attempt()
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.reason is reason
    assert error.seat == seat
    assert error.action == action
    assert error.amount == amount
    assert snapshot(hand) == before
    return error


def random_hand(rnd: random.Random) -> Hand:
    """A random legal hand played to the end: 2 to 7 seats, every ante type, short
    and deep stacks, bets and raises at the minimum, the maximum or in between."""
    n = rnd.randint(2, 7)
    kind = rnd.choice(["none", "uniform", "big_blind"])
    config = TableConfig(
        stacks=[rnd.choice([rnd.randint(1, 25), rnd.randint(25, 400)]) for _ in range(n)],
        small_blind=rnd.choice([0, 5]),
        big_blind=10,
        button=rnd.randrange(n),
        ante=0 if kind == "none" else rnd.randint(1, 10),
        ante_type=kind,
    )
    hand = Hand(config, seed=rnd.random())
    while (legal := hand.legal_actions()) is not None:
        random_action(hand, legal, rnd, ["cc", "cc", "f", "cbr"])
    return hand


def random_action(hand: Hand, legal: LegalActions, rnd: random.Random, picks: list[str]) -> None:
    """Makes one random legal action for ``legal.seat``, the seat to act.

    Args:
        hand: the hand.
        legal: its legal options now.
        rnd: the random source (one ``choice`` of ``picks``, then one or two
            draws for a bet or raise amount).
        picks: the kinds to draw from, repeated for weight: ``"cc"`` check or
            call, ``"f"`` fold, ``"cbr"`` bet or raise to the minimum, the
            maximum or in between, ``"allin"``. A fold or all-in that is not
            legal, or a raise when none is, becomes a check or call.
    """
    pick = rnd.choice(picks)
    if pick == "f" and legal.can_fold:
        hand.fold(legal.seat)
    elif pick == "allin" and legal.can_all_in:
        hand.all_in(legal.seat)
    elif pick == "cbr" and legal.min_raise_to is not None and legal.max_raise_to is not None:
        low, high = legal.min_raise_to, legal.max_raise_to
        hand.bet_or_raise(legal.seat, rnd.choice([low, high, rnd.randint(low, high)]))
    else:
        hand.check_or_call(legal.seat)


def pokerkit_order(config: TableConfig) -> list[int]:
    """Our seats in PokerKit's player order: the small blind first, the button last."""
    n = config.seats
    return [(config.button + 1 + i) % n for i in range(n)]


def pokerkit_act(state: Any, event: Acted) -> None:
    """Applies one of our betting actions to a PokerKit state (its player to act)."""
    if event.action == "fold":
        state.fold()
    elif event.action in ("check", "call"):
        state.check_or_call()
    else:
        state.complete_bet_or_raise_to(event.to)


def where_pokerkit_differs(hand: Hand) -> bool:
    """Hands on which PokerKit 0.7.7 departs from the rule book: a short blind or ante
    (R2.4, R2.5) or odd chips in more than one place (R8.1, R8.2); the tests in
    tests/engine/test_pokerkit_differential.py pin each difference."""
    config = hand.config
    ante = config.ante if config.ante_type.value == "uniform" else 0
    left = [s - ante for s in config.stacks]
    bb = config.big_blind_seat
    bba = config.ante if config.ante_type.value == "big_blind" else 0
    short = (
        min(left) <= 0
        or left[bb] < config.big_blind + bba
        or (
            config.small_blind_seat is not None
            and left[config.small_blind_seat] < config.small_blind
        )
    )
    assert hand.result is not None
    odd = [a.pot.amount % len(a.winners) for a in hand.result.awards]
    return short or max(odd, default=0) >= 2 or sum(1 for r in odd if r) >= 2
