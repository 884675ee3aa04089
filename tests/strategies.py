"""Shared hypothesis strategies and a random-legal-play driver for the engine.

Nothing here asserts: the tests in ``test_properties.py`` do. This module
builds table configurations (R2, R3.4, R3.5, R8.3), picks random legal actions
(R3.1) and lists illegal attempts with the refusal code each must get (R3.7).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from holdem import Action, Hand, Kind, Rake, Reason, TableConfig
from holdem.engine.events import Acted, StreetDealt

# --------------------------------------------------------------------- configs


@st.composite
def table_configs(
    draw: st.DrawFn,
    min_seats: int = 2,
    max_seats: int = 10,
    structures: tuple[str, ...] = ("no_limit", "pot_limit"),
    with_min_bet: bool = False,
) -> TableConfig:
    """A valid table: 2 to 10 seats, stacks from 1 chip (short of the blinds or
    the ante, R2.4) to deep, every ante type (R2.3), no-limit or pot-limit,
    any button, an optional chip unit (R8.3)."""
    n = draw(st.integers(min_seats, max_seats))
    bb = draw(st.sampled_from([1, 2, 10, 100]) | st.integers(1, 400))
    sb = draw(st.sampled_from([bb // 2, 0, bb]) | st.integers(0, bb))
    ante_type = draw(st.sampled_from([None, "none", "uniform", "big_blind"]))
    if ante_type == "none":
        ante = 0
    elif ante_type is None:
        ante = draw(st.just(0) | st.integers(1, 2 * bb))  # positive means uniform
    else:
        ante = draw(st.integers(1, 2 * bb))
    forced = bb + ante
    # Cannot cover (or barely covers) the ante, or blind + ante (R2.4).
    short = st.integers(1, max(ante, 1)) | st.integers(1, forced + 1)
    medium = st.integers(1, 20 * forced)
    deep = st.integers(1, 200 * forced)
    profile = draw(st.sampled_from(["mixed", "deep", "equal"]))
    if profile == "mixed":
        stacks = draw(st.lists(short | medium | deep, min_size=n, max_size=n))
    elif profile == "deep":
        stacks = draw(st.lists(st.integers(30 * forced, 300 * forced), min_size=n, max_size=n))
    else:
        stacks = [draw(short | medium | deep)] * n
    button = draw(st.integers(0, n - 1))
    structure = draw(st.sampled_from(structures))
    chip_unit = draw(st.sampled_from([1, 1, 1, 5, 25]))
    min_bet = draw(st.none() | st.integers(bb, 3 * bb)) if with_min_bet else None
    return TableConfig(
        stacks=stacks,
        small_blind=sb,
        big_blind=bb,
        button=button,
        ante=ante,
        ante_type=ante_type,
        structure=structure,
        min_bet=min_bet,
        chip_unit=chip_unit,
    )


seeds = st.integers(0, 2**32 - 1)


@st.composite
def hands(draw: st.DrawFn, **config_kwargs: Any) -> Hand:
    """A freshly dealt hand (forced bets posted) from a random config and seed."""
    return Hand(draw(table_configs(**config_kwargs)), seed=draw(seeds))


# ----------------------------------------------------------------- the driver


def street_actions(hand: Hand) -> list[Acted]:
    """The betting actions of the current street, from the log."""
    out: list[Acted] = []
    for event in hand.log:
        if isinstance(event, StreetDealt):
            out = []
        elif isinstance(event, Acted):
            out.append(event)
    return out


def legal_choices(
    hand: Hand, allow_raise: bool = True
) -> list[tuple[Kind, tuple[int, int] | None]]:
    """The kinds the seat to act may choose, passive ones first (so hypothesis
    shrinks towards check/call), with the amount range for bet/raise."""
    legal = hand.legal_actions()
    assert legal is not None
    seat = legal.seat
    choices: list[tuple[Kind, tuple[int, int] | None]] = []
    choices.append((Kind.CHECK, None) if legal.can_check else (Kind.CALL, None))
    if legal.can_fold:
        choices.append((Kind.FOLD, None))
    raises = legal.min_raise_to is not None and legal.max_raise_to is not None
    if raises and allow_raise:
        word = Kind.BET if legal.raise_word == "bet" else Kind.RAISE
        choices.append((word, (legal.min_raise_to, legal.max_raise_to)))  # type: ignore[arg-type]
    if legal.can_all_in:
        is_raise = hand.bets[seat] + hand.stacks[seat] > hand.current_bet
        if allow_raise or not is_raise:
            choices.append((Kind.ALL_IN, None))
    return choices


# Passive actions are likelier, so that hands often see several streets.
WEIGHTS = {Kind.CHECK: 5, Kind.CALL: 5, Kind.FOLD: 2, Kind.BET: 2, Kind.RAISE: 2, Kind.ALL_IN: 1}


def draw_action(data: st.DataObject, hand: Hand, allow_raise: bool = True) -> Action:
    """One random legal action for the seat to act (amounts in [min, max])."""
    choices = legal_choices(hand, allow_raise)
    weighted = [c for c in choices for _ in range(WEIGHTS[c[0]])]
    kind, span = data.draw(st.sampled_from(weighted), label="kind")
    if span is None:
        return Action(kind)
    low, high = span
    return Action(kind, data.draw(st.integers(low, high), label="amount"))


MAX_RAISES_PER_STREET = 6
HARD_CAP = 2000  # a loop guard far above any bound the tests assert


def play_random_hand(
    data: st.DataObject,
    hand: Hand,
    before: Callable[[Hand], None] | None = None,
    after: Callable[[Hand, int, Action], None] | None = None,
    max_raises_per_street: int = MAX_RAISES_PER_STREET,
) -> list[tuple[int, Action]]:
    """Play ``hand`` to the end with random legal actions; return them.

    ``before(hand)`` runs before each action, ``after(hand, seat, action)``
    after it. Bets and raises are withheld after ``max_raises_per_street``
    aggressive actions on a street so that hypothesis' buffer stays small; the
    engine must still end the hand by itself (R5.1).
    """
    played: list[tuple[int, Action]] = []
    while hand.to_act is not None:
        if len(played) > HARD_CAP:
            raise AssertionError(f"hand did not end after {HARD_CAP} actions")
        if before is not None:
            before(hand)
        raises = sum(1 for a in street_actions(hand) if a.action in ("bet", "raise"))
        action = draw_action(data, hand, allow_raise=raises < max_raises_per_street)
        seat = hand.to_act
        hand.act(seat, action)
        played.append((seat, action))
        if after is not None:
            after(hand, seat, action)
    return played


# ----------------------------------------------------------- illegal attempts


Attempt = tuple[str, tuple[Any, ...], frozenset[Reason]]


def _r(*reasons: Reason) -> frozenset[Reason]:
    return frozenset(reasons)


def illegal_attempts(hand: Hand) -> list[Attempt]:
    """Actions that are not legal now, each as ``(method, args, reasons)``:
    calling ``getattr(hand, method)(*args)`` must raise IllegalActionError with
    a reason in ``reasons`` and change nothing (R3.7)."""
    n = hand.config.seats
    if hand.is_over:
        return [
            ("act", (s, Action(kind, amount)), _r(Reason.HAND_OVER))
            for s in range(n)
            for kind, amount in (
                (Kind.FOLD, None),
                (Kind.CHECK, None),
                (Kind.CALL, None),
                (Kind.BET, 100),
                (Kind.RAISE, 100),
                (Kind.ALL_IN, None),
            )
        ]
    legal = hand.legal_actions()
    assert legal is not None
    s = legal.seat
    out: list[Attempt] = []
    # Wrong seat (R3.7): every other seat, with each kind of action.
    for t in range(n):
        if t != s:
            for method, args in (
                ("fold", (t,)),
                ("check", (t,)),
                ("call", (t,)),
                ("all_in", (t,)),
                ("check_or_call", (t,)),
                ("bet_or_raise", (t, legal.min_raise_to or 1)),
                ("act", (t, Action(Kind.RAISE, legal.max_raise_to or 1))),
            ):
                out.append((method, args, _r(Reason.NOT_YOUR_TURN)))
    for bad in (-1, n, n + 3, True, 1.0, "0", None):
        out.append(("act", (bad, Action(Kind.CALL)), _r(Reason.UNKNOWN_SEAT)))
    # Fold when a check is free; check when owing; call with nothing owed.
    if legal.can_check:
        out.append(("fold", (s,), _r(Reason.CANNOT_FOLD)))
        out.append(("call", (s,), _r(Reason.NOTHING_TO_CALL)))
    else:
        out.append(("check", (s,), _r(Reason.CANNOT_CHECK)))
    # The wrong word: bet facing a bet, raise with no bet to raise.
    stack_to = hand.bets[s] + hand.stacks[s]
    if legal.raise_word == "raise":
        out.append(("bet", (s, stack_to), _r(Reason.CANNOT_BET)))
    else:
        out.append(("raise_to", (s, stack_to), _r(Reason.CANNOT_RAISE)))
    word = "bet" if legal.raise_word == "bet" else "raise_to"
    if legal.min_raise_to is None:
        # Raise when not allowed (R3.6, R4.2).
        for amount in (stack_to, hand.current_bet + hand.min_raise_size, hand.current_bet + 1):
            out.append((word, (s, amount), _r(Reason.CANNOT_RAISE)))
    else:
        low, high = legal.min_raise_to, legal.max_raise_to
        assert high is not None
        for amount in {low - 1, 0, -1, -low, hand.current_bet, hand.bets[s]}:
            if amount < low:
                out.append((word, (s, amount), _r(Reason.BELOW_MINIMUM)))
        for amount in (high + 1, high + 10**6, stack_to + 1):
            if amount > high:
                out.append((word, (s, amount), _r(Reason.ABOVE_MAXIMUM)))
                out.append(("bet_or_raise", (s, amount), _r(Reason.ABOVE_MAXIMUM)))
    if not legal.can_all_in:
        out.append(("all_in", (s,), _r(Reason.CANNOT_RAISE)))
    # Amounts that are not whole numbers of chips, whatever the word.
    probe = legal.min_raise_to if legal.min_raise_to is not None else stack_to
    for amount in (float(probe), str(probe), None, True, False, Fraction(probe), probe + 0.5):
        for kind in (Kind.BET, Kind.RAISE):
            out.append(("act", (s, Action(kind, amount)), _r(Reason.BAD_AMOUNT)))  # type: ignore[arg-type]
    return out


def snapshot(hand: Hand) -> dict[str, Any]:
    """Everything observable about a hand, for "left exactly as it was" (R3.7)."""
    return {
        "stacks": hand.stacks,
        "bets": hand.bets,
        "contributions": hand.contributions,
        "dead_money": hand.dead_money,
        "pot_total": hand.pot_total,
        "folded": hand.folded,
        "board": hand.board,
        "street": hand.street,
        "current_bet": hand.current_bet,
        "min_raise_size": hand.min_raise_size,
        "to_act": hand.to_act,
        "legal": hand.legal_actions(),
        "log_len": len(hand.log),
        "log": hand.log,
        "is_over": hand.is_over,
        "result": hand.result,
        "pots": hand.pots(),
    }


@st.composite
def full_table_configs(draw: st.DrawFn) -> TableConfig:
    """A valid table with the full-table options on top of :func:`table_configs`:
    a UTG straddle and re-straddles or a button straddle (R11.1), live and dead
    posts (R14.3) and free folds (R3.1), each only where the rules allow it."""
    base = draw(table_configs(min_seats=3, max_seats=8, with_min_bet=True))
    n = base.seats
    stacks = list(base.stacks)
    blinds = {base.small_blind_seat, base.big_blind_seat}
    ante = base.ante if base.ante_type.value == "uniform" else 0
    mode = draw(st.sampled_from(["none", "utg", "button"]))
    straddles: list[int] = []
    utg = (base.big_blind_seat + 1) % n
    if mode == "button" or (mode == "utg" and utg == base.button):
        straddles = [base.button]
    elif mode == "utg":
        seat = utg
        while True:
            straddles.append(seat)
            if seat == base.button or (seat + 1) % n in blinds or not draw(st.booleans()):
                break
            seat = (seat + 1) % n
    for k, seat in enumerate(straddles):
        amount = base.big_blind << (k + 1)
        stacks[seat] = max(stacks[seat], ante + amount + draw(st.integers(1, 10 * amount)))
    posters = [s for s in range(n) if s not in blinds and s not in straddles]
    live = [0] * n
    dead = [0] * n
    for seat in posters:
        if draw(st.integers(0, 3)) == 0:
            live[seat] = base.big_blind
        if draw(st.integers(0, 3)) == 0:
            dead[seat] = draw(st.integers(1, base.big_blind))
    data = base.to_dict()
    data.update(
        stacks=stacks,
        straddles=straddles,
        live_posts=live,
        dead_posts=dead,
        free_fold=draw(st.booleans()),
    )
    return TableConfig(**data)  # type: ignore[arg-type]


# ---------------------------------------------------------- runs and rake


@st.composite
def rakes(draw: st.DrawFn) -> Rake:
    """A table's rake (R13): an exact rate from 0 to 1/4 (percent strings and
    fractions), a cap or none, with or without "no flop, no drop"."""
    rate = draw(
        st.sampled_from(["5%", "10%", "2.5%", "1/30", "0%"])
        | st.fractions(min_value=0, max_value=Fraction(1, 4), max_denominator=100)
    )
    cap = draw(st.none() | st.integers(0, 500))
    return Rake(rate, cap=cap, no_flop_no_drop=draw(st.booleans()))


@st.composite
def settle_configs(draw: st.DrawFn) -> TableConfig:
    """A valid table (plain, or with straddles and posts) allowing one to three
    runs of the board (R12.1), with a rake or none (R13)."""
    base = draw(table_configs() | full_table_configs())
    data = base.to_dict()
    runs = draw(st.sampled_from([3, 2, 1]))
    data.update(max_runs=runs, rake=draw(st.none() | rakes()))
    return TableConfig(**data)  # type: ignore[arg-type]


def play_to_the_end(
    data: st.DataObject, hand: Hand, after: Callable[[Hand], None] | None = None
) -> int:
    """Play ``hand`` to the end with random legal actions (all-ins often, so
    that the board is often run out) and answers to the run question (R12.1):
    in half the hands everyone accepts the most runs, in the others each
    answer is random. ``after(hand)`` runs after each decision. Returns the
    number of decisions."""
    decisions = 0
    agree: bool | None = None
    while not hand.is_over:
        if decisions > HARD_CAP:
            raise AssertionError(f"hand did not end after {HARD_CAP} decisions")
        seat = hand.run_seat
        if seat is not None:
            top = hand.config.max_runs
            if agree is None:  # half the hands: everyone accepts the most runs
                agree = data.draw(st.sampled_from([True, False]), label="agree")
            count = top if agree else data.draw(st.integers(1, top), label="runs")
            hand.choose_runs(seat, count)
        else:
            legal = hand.legal_actions()
            assert legal is not None
            raises = sum(1 for a in street_actions(hand) if a.action in ("bet", "raise"))
            if legal.can_all_in and data.draw(st.integers(0, 3), label="shove") == 0:
                action = Action(Kind.ALL_IN)  # all-ins often, so that runs are asked for
            else:
                action = draw_action(data, hand, allow_raise=raises < MAX_RAISES_PER_STREET)
            hand.act(legal.seat, action)
        decisions += 1
        if after is not None:
            after(hand)
    return decisions
