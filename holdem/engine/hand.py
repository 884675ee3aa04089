"""One hand of no-limit (or pot-limit) Texas hold'em as a state machine.

>>> from holdem import Hand, TableConfig
>>> config = TableConfig(stacks=[1000, 1000], small_blind=5, big_blind=10)
>>> hand = Hand(config, hole_cards=["KhKs", "AhAs"], board="2c7d9hTs3s")
>>> hand.to_act, str(hand.legal_actions())
(0, 'fold, call 5, raise to 20..1000')
>>> hand.all_in(0)
>>> hand.call(1)
>>> hand.is_over, hand.stacks
(True, (0, 2000))
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence
from threading import get_ident as _get_ident
from typing import Any, NoReturn

from holdem.engine._guard import _INSIDE
from holdem.engine._guard import enter as _enter
from holdem.engine._guard import leave as _leave
from holdem.engine.betting import Action, Kind, LegalActions, fast_legal_actions, parse_action
from holdem.engine.cards import _FAST_SAMPLE, UNKNOWN, Dealer, deal_seeded, seed_value
from holdem.engine.config import Structure, TableConfig, plain_int
from holdem.engine.events import (
    Acted,
    Event,
    HoleCardsDealt,
)
from holdem.engine.forced_bets import forced_bets
from holdem.engine.runs import HandRuns
from holdem.engine.settlement import (
    BETTING,
    OVER,
    RUNS,
    SHOWDOWN,
    HandResult,
    ShowdownError,
    ShowdownPhase,
    plain_result,
)
from holdem.engine.streets import STREETS, StreetProgression
from holdem.errors import (
    ConfigError,
    HoldemError,
    IllegalActionError,
    NotationError,
    Reason,
    value_text,
)

__all__ = ["BETTING", "OVER", "RUNS", "SHOWDOWN", "STREETS", "Hand", "HandResult", "ShowdownError"]

_FOLD, _CHECK, _CALL, _ALL_IN, _BET = Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.ALL_IN, Kind.BET
_FOLD_ACTION, _CHECK_ACTION = Action(_FOLD), Action(_CHECK)
_CALL_ACTION, _ALL_IN_ACTION = Action(_CALL), Action(_ALL_IN)
_POT_LIMIT = Structure.POT_LIMIT


class _HoleCards:
    """The first field of the log record ``(_HoleCards, seats in dealing order)``:
    one :class:`~holdem.engine.events.HoleCardsDealt` per seat (R5.4). A class,
    so that a pickled hand's record keeps it."""


_HOLE_CARDS = _HoleCards


@functools.cache
def _deal_order(seats: int, button: int) -> tuple[int, ...]:
    """The seats in dealing order: from the first seat left of the button, clockwise."""
    return tuple([(button + 1 + i) % seats for i in range(seats)])


class Hand(StreetProgression):
    """One hand, from the forced bets to the last chip awarded.

    Args:
        config: the :class:`~holdem.engine.config.TableConfig`.
        seed: seed for a reproducible deal; without it (and without fixed
            cards) the deck is shuffled by a cryptographically secure source
            (R5.4).
        rng: instead of ``seed``, a ``random.Random`` to draw the cards from:
            the hand draws every card it may deal in one call when it is
            built, so many hands dealt from one seeded ``rng`` are
            reproducible without seeding each (R5.4). Not with ``seed``.
        hole_cards: optional fixed hole cards per seat (indexed by seat); an
            entry may be ``None`` (dealt from the deck) or ``"????"`` (unknown:
            that hand can never win a pot). An action that would lead to a
            showdown where only unknown hands can win some pot is refused with
            :class:`ShowdownError` and undone, with either ``show_policy``.
        board: optional fixed board cards, in dealing order: up to five, then,
            when the table allows more than one run (``max_runs``, R12), the
            cards of run 2 and run 3 in the order they are dealt, each later
            run starting at the first street not common to every run.
        show_policy: ``"auto"`` (default: at showdown a seat shows when it must
            or when it wins, and mucks otherwise, R6.3, R6.4) or ``"manual"``
            (the hand waits for :meth:`show` or :meth:`muck` from each seat in
            showing order, R6.2).

    Raises:
        ConfigError: ``show_policy`` is unknown, ``seed`` is not a number
            (anything with ``__index__``, such as a numpy integer, is read
            as an ``int``), a text or bytes, or ``rng`` is given with a
            ``seed`` or is not a ``random.Random``.
        CardError: a card is malformed or dealt twice.

    The forced bets (blinds, antes, posts and straddles, R2, R11, R14.3; see
    :mod:`holdem.engine.forced_bets`) are posted when the hand is built; then the
    seat in :attr:`to_act` acts with :meth:`act` (or :meth:`fold`,
    :meth:`check`, :meth:`call`, :meth:`bet`, :meth:`raise_to`,
    :meth:`all_in`). An illegal action raises
    :class:`~holdem.errors.IllegalActionError` and changes nothing (R3.7).
    Every action method takes an optional ``decision=`` number
    (:attr:`decision`): a stale or duplicate one is refused. Showdown and
    settlement are in :class:`~holdem.engine.settlement.ShowdownPhase`.

    When the table allows more than one run of the board (``max_runs``) and
    betting ends with a player all-in and cards to come, the hand asks each
    seat still in, in turn (:attr:`run_seat`, while :attr:`to_act` is
    ``None``), how many runs it accepts: :meth:`choose_runs` (R12.1).
    """

    __slots__ = (
        "config",
        "_n",
        "_manual",
        "_hole",
        "_deck_board",
        "_stacks",
        "_contrib",
        "_folded",
        "_returned",
        "_dead",
        "_log",
        "_unknown",
        "_decision",
        "_built",
    )
    _ALL_SLOTS = (
        StreetProgression.__slots__ + HandRuns.__slots__ + ShowdownPhase.__slots__ + __slots__
    )
    _LISTS = (
        "_stacks",
        "_bets",
        "_contrib",
        "_folded",
        "_acted",
        "_level",
        "_returned",
        "_log",
        "_show_queue",
        "_shown",
        "_ranks",
        "_run_queue",
    )

    def __init__(
        self,
        config: TableConfig,
        *,
        seed: int | str | None = None,
        rng: random.Random | None = None,
        hole_cards: Sequence[str | Iterable[str] | None] | None = None,
        board: str | Iterable[str] | None = None,
        show_policy: str = "auto",
    ) -> None:
        if show_policy not in ("auto", "manual"):
            raise ConfigError("show_policy", f"must be auto or manual, got {show_policy!r}")
        if rng is not None and (seed is not None or not isinstance(rng, random.Random)):
            detail = (
                "give a seed or an rng, not both" if seed is not None else "not a random.Random"
            )
            raise ConfigError("rng", f"{detail} (got {type(rng).__name__})")
        if seed is not None and type(seed) is not int:
            seed = seed_value(seed)  # type: ignore[assignment]
        n = config.seats
        self.config = config
        self._n = n
        self._manual = show_policy == "manual"
        if (
            hole_cards is None
            and board is None
            and config.max_runs == 1
            and _FAST_SAMPLE
            and (type(rng) is random.Random if seed is None else rng is None)
        ):
            # Dealer's own deal from a plain random.Random, without the Dealer.
            self._hole, self._deck_board, _ = deal_seeded(
                n, config.button, random.Random(seed) if rng is None else rng
            )
            self._run_cards = self._run_stub = ()
        else:
            dealer = Dealer(n, config.button, hole_cards, board, seed, config.max_runs, rng=rng)
            self._hole = dealer.hole
            self._deck_board = dealer.board
            self._run_cards = dealer.run_cards
            self._run_stub = dealer.stub
        self._run_queue: list[int] = []
        self._run_offer = self._runs = 1
        self._run_boards: tuple[tuple[str, ...], ...] = ()
        self._unknown = hole_cards is not None and any(cards[0] == UNKNOWN for cards in dealer.hole)
        self._stacks = list(config.stacks)
        self._bets = [0] * n
        self._contrib = [0] * n
        self._folded = [False] * n
        self._acted = [False] * n
        self._level = [0] * n
        self._returned = [0] * n
        self._street = 0
        self._board: tuple[str, ...] = ()
        # Records: Event objects, or (event class, *fields) tuples built into
        # events when ``log`` is read (the hot path builds no objects).
        self._log: list[Any] = []
        self._built = 0
        self._aggressor: int | None = None
        self._phase = BETTING
        self._show_queue: list[int] = []
        self._shown: list[int] = []
        self._ranks: list[int | None] = [None] * n
        self._result: HandResult | tuple[Any, ...] | None = None
        self._memo: LegalActions | None = None
        self._decision = 0
        self._dead, self._current, self._min_raise, first = forced_bets(
            config, self._stacks, self._bets, self._contrib, self._log
        )
        # One record for every seat's HoleCardsDealt, in dealing order (built
        # from the hole cards when ``log`` is read).
        self._log.append((_HOLE_CARDS, _deal_order(n, config.button)))
        self._to_act = self._first_to_act(first)
        if self._to_act is None:
            self._end_street()

    # ------------------------------------------------------------- properties
    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind per seat (not counting bets already made)."""
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has put in on the current street (0 when a street starts)."""
        return tuple(self._bets)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in during the whole hand: blinds, uniform
        antes, live posts, straddles and bets, less uncalled chips returned;
        never the big-blind ante or a dead post."""
        return tuple(self._contrib)

    @property
    def dead_money(self) -> int:
        """Chips in the middle outside the layers: the big-blind ante and dead
        posts (R2.3, R7.6, R14.3)."""
        return self._dead

    @property
    def pot_total(self) -> int:
        """Every chip in the middle, bets on this street included; 0 once the
        hand is over (every pot has been awarded, R8)."""
        if self._phase == OVER:
            return 0
        return sum(self._contrib) + self._dead

    @property
    def folded(self) -> tuple[bool, ...]:
        """Whether each seat has folded."""
        return tuple(self._folded)

    @property
    def board(self) -> tuple[str, ...]:
        """The board cards dealt so far."""
        return self._board

    @property
    def street(self) -> str:
        """``preflop``, ``flop``, ``turn`` or ``river``."""
        return STREETS[self._street]

    @property
    def current_bet(self) -> int:
        """The bet to match on this street, in chips (preflop the largest
        straddle, R11.2, else at least the big blind, even when the big blind
        was posted short, R2.5)."""
        return self._current

    @property
    def min_raise_size(self) -> int:
        """The minimum raise increment on this street (R3.3)."""
        return self._min_raise

    @property
    def to_act(self) -> int | None:
        """The seat whose betting decision it is, or ``None``."""
        return self._to_act

    @property
    def showdown_seat(self) -> int | None:
        """With ``show_policy="manual"``, the seat to show or muck next."""
        return self._show_queue[0] if self._phase == SHOWDOWN else None

    @property
    def is_over(self) -> bool:
        """The hand is settled."""
        return self._phase == OVER

    @property
    def log(self) -> tuple[Event, ...]:
        """Everything that happened, in order (see :mod:`holdem.engine.events`)."""
        log = self._log
        index = self._built
        if index < len(log):
            while index < len(log):
                record = log[index]
                if type(record) is tuple:
                    if record[0] is _HOLE_CARDS:
                        hole = self._hole
                        log[index : index + 1] = [HoleCardsDealt(s, hole[s]) for s in record[1]]
                        index += len(record[1])
                        continue
                    log[index] = record[0](*record[1:])
                index += 1
            self._built = index
        return tuple(log)

    @property
    def result(self) -> HandResult | None:
        """The settlement once the hand is over, else ``None``."""
        result = self._result
        if isinstance(result, tuple):  # a one-pot settlement's values (ShowdownPhase._close)
            result = self._result = plain_result(*result)
        return result

    def hole_cards(self, seat: int) -> tuple[str, ...]:
        """The two hole cards of ``seat`` (``("??", "??")`` when unknown).

        Raises:
            HoldemError: ``seat`` is not a seat of the hand (a bool, a negative
                number or one past the last seat are refused).
        """
        index = seat if type(seat) is int else plain_int(seat)
        if index is None or not 0 <= index < self._n:
            raise HoldemError(f"no such seat: {value_text(seat, True)} (0 to {self._n - 1})")
        return self._hole[index]

    def eliminations(self) -> tuple[tuple[int, ...], ...]:
        """Seats left with no chips after the hand, best finish first (R9.1).

        Seats eliminated in the same hand finish in order of their starting
        stacks, larger first; equal starting stacks share a place (one tuple).
        Empty until the hand is over.
        """
        if self._phase != OVER:
            return ()
        start = self.config.stacks
        busted = [s for s in range(self._n) if self._stacks[s] == 0]
        places: list[tuple[int, ...]] = []
        for chips in sorted({start[s] for s in busted}, reverse=True):
            places.append(tuple(s for s in busted if start[s] == chips))
        return tuple(places)

    def copy(self) -> Hand:
        """An independent copy of the hand, cheap enough for search bots.

        The copy shares only immutable values (the configuration, the cards,
        the log records); acting on one never changes the other.
        """
        if isinstance(self._result, tuple):
            self.result  # noqa: B018  # built once, so that both share it
        twin = Hand.__new__(Hand)
        for name in Hand._ALL_SLOTS:
            setattr(twin, name, getattr(self, name))
        for name in Hand._LISTS:
            setattr(twin, name, list(getattr(self, name)))
        return twin

    __copy__ = copy

    # ---------------------------------------------------------------- betting
    def legal_actions(self) -> LegalActions | None:
        """The legal options of the seat to act, or ``None`` when nobody is to act."""
        seat = self._to_act
        if seat is None:
            return None
        memo = self._memo
        if memo is None:
            memo = self._memo = self._legal(seat)
        return memo

    def _reopened(self, seat: int) -> bool:
        """R4.2, R4.3: a seat that has acted on this street may raise again only when
        the bet has grown by a full raise since (short all-ins adding up count)."""
        return not self._acted[seat] or self._current - self._level[seat] >= self._min_raise

    def _legal(self, seat: int) -> LegalActions:
        stack = self._stacks[seat]
        bet = self._bets[seat]
        current = self._current
        owed = current - bet
        call = owed if owed < stack else stack
        word = "raise" if current else "bet"
        low = high = None
        can_all_in = stack <= owed
        # R4.2, R4.3 (as _reopened): betting is open to this seat.
        if stack > owed and (
            not self._acted[seat] or current - self._level[seat] >= self._min_raise
        ):
            # R3.6: somebody else must be able to put in more than the current bet.
            stacks, bets, folded = self._stacks, self._bets, self._folded
            for other in range(self._n):
                if other != seat and not folded[other] and bets[other] + stacks[other] > current:
                    high = bet + stack
                    low = current + self._min_raise
                    if self.config.structure is _POT_LIMIT:
                        # R3.5; a full minimum raise stays legal when the pot is smaller.
                        cap = current + self.pot_total + owed
                        if cap < low:
                            cap = low
                        if cap < high:
                            high = cap
                    if low > high:
                        low = high
                    can_all_in = high == bet + stack
                    break
        can_fold = owed > 0 or self.config.free_fold  # R3.1
        return fast_legal_actions(seat, can_fold, owed <= 0, call, low, high, word, can_all_in)

    def act(self, seat: int, action: Action | str, *, decision: int | None = None) -> None:
        """Apply ``action`` (an :class:`~holdem.engine.betting.Action` or its text) for ``seat``.

        Args:
            seat: the seat acting (an ``int``, or anything with ``__index__``
                such as a numpy integer; never a bool).
            action: the action.
            decision: optionally, the :attr:`decision` number this action
                answers; any other number is refused as stale.

        Raises:
            NotationError: the text is not an action.
            IllegalActionError: the action or amount is not legal now (R3.7),
                or ``decision`` is stale (``Reason.STALE``); the hand is
                unchanged.
            ConcurrentUseError: another thread is in the middle of an action
                on this hand (a ``Hand`` is not thread-safe); nothing changed.
        """
        if type(action) is not Action:
            if isinstance(action, str):
                action = parse_action(action)
            elif not isinstance(action, Action):
                raise NotationError(
                    f"not an action: {action!r} (an Action, or text like 'raise to 300')"
                )
        key = id(self)  # holdem._guard inlined: ConcurrentUseError from another thread
        me = _get_ident()
        if _INSIDE.get(key) == me:
            entered = False  # called from an action of this thread
        elif _INSIDE.setdefault(key, me) == me:
            entered = True
        else:
            entered = _enter(self)  # raises, unless the other thread just left
        try:
            if (
                decision is None
                and type(seat) is int
                and seat == self._to_act  # a seat is to act only while betting
                and not self._unknown
                and type(self) is Hand  # a subclass may hook _run (a table's timed hand)
            ):
                legal = self._memo
                if legal is None:
                    legal = self._memo = self._legal(seat)
                self._act(seat, action, legal)
                self._decision += 1
                return
            legal = self._check_turn(seat, action.kind.value, action.amount, decision)
            self._run(self._act, legal.seat, action, legal)
        finally:
            if entered:
                del _INSIDE[key]

    @property
    def decision(self) -> int:
        """The number of the decision now awaited: how many decisions (betting
        actions, shows and mucks) the hand has accepted so far. Send it back
        with an action (``decision=``) to have a stale or duplicate action
        refused (``Reason.STALE``)."""
        return self._decision

    def _run(self, apply: Callable[..., None], *args: Any) -> None:
        """Apply a checked decision and count it; with unknown hole cards in the
        hand, undo it if the showdown it leads to needs them (then raise
        ShowdownError)."""
        if not self._unknown:
            apply(*args)
            self._decision += 1
            return
        backup = self.copy()
        try:
            apply(*args)
        except ShowdownError:
            for name in Hand._ALL_SLOTS:
                setattr(self, name, getattr(backup, name))
            raise
        self._decision += 1

    def _act(self, seat: int, action: Action, legal: LegalActions) -> None:
        kind = action.kind
        if action.amount is not None and (kind is _FOLD or kind is _CHECK or kind is _ALL_IN):
            self._refuse(
                seat,
                kind.value,
                Reason.BAD_AMOUNT,
                f"{'an' if kind is _ALL_IN else 'a'} {kind.value} takes no amount",
                legal,
                action.amount,
            )
        if kind is _FOLD:
            if not legal.can_fold:
                self._refuse(
                    seat, "fold", Reason.CANNOT_FOLD, "nothing to call; check instead", legal
                )
            self._folded[seat] = True
            self._log.append((Acted, seat, "fold", self._bets[seat], 0, False))
        elif kind is _CHECK:
            if not legal.can_check:
                self._refuse(seat, "check", Reason.CANNOT_CHECK, f"{legal.call} to call", legal)
            self._check(seat)
        elif kind is _CALL:
            if legal.can_check:
                self._refuse(seat, "call", Reason.NOTHING_TO_CALL, "nothing to call", legal)
            to = self._bets[seat] + legal.call
            amount = action.amount
            if amount is not None and plain_int(amount) not in (to, legal.call):
                self._refuse(
                    seat,
                    "call",
                    Reason.BAD_AMOUNT,
                    f"a call adds {legal.call} and makes the bet {to}",
                    legal,
                    amount,
                )
            self._put(seat, "call", to)
        elif kind is _ALL_IN:
            if not legal.can_all_in:
                detail = (
                    "betting is not reopened or nobody can call more"
                    if legal.min_raise_to is None
                    else f"the maximum is {legal.max_raise_to}"
                )
                self._refuse(seat, "all-in", Reason.CANNOT_RAISE, detail, legal)
            to = self._bets[seat] + self._stacks[seat]
            if legal.call == self._stacks[seat]:
                self._put(seat, "call", to)
            else:
                self._put(seat, legal.raise_word, to)
        else:
            self._raise(seat, "bet" if kind is _BET else "raise", action.amount, legal)
        # _advance(seat), inlined on the hot path
        self._memo = None
        if kind is _FOLD and self._folded.count(False) == 1:
            self._end_street()
            return
        to_act = self._to_act = self._first_to_act((seat + 1) % self._n)
        if to_act is None:
            self._end_street()

    def _check_stale(self, seat: object, what: str, amount: int | None, decision: object) -> None:
        if decision != self._decision or type(decision) is not int:
            raise IllegalActionError(
                seat,  # type: ignore[arg-type]
                what,
                Reason.STALE,
                f"decision {value_text(decision, True)} is not the one awaited ({self._decision})",
                self.legal_actions(),
                amount,
                self._name(seat),
            )

    def _seat(self, seat: object, what: str, amount: int | None) -> int:
        """``seat`` as a plain int (R3.7: a bool or a non-seat is refused)."""
        index = seat if type(seat) is int else plain_int(seat)
        if index is None or not 0 <= index < self._n:
            raise IllegalActionError(
                seat,  # type: ignore[arg-type]
                what,
                Reason.UNKNOWN_SEAT,
                f"no such seat (0 to {self._n - 1})",
                self.legal_actions(),
                amount,
            )
        return index

    def _check_turn(
        self, seat: object, what: str, amount: int | None, decision: int | None
    ) -> LegalActions:
        """The legal options when ``seat`` may make a betting decision now (the
        seat acting is then ``legal.seat``); else refuse."""
        if decision is not None:
            self._check_stale(seat, what, amount, decision)
        if self._phase != BETTING:
            reason = Reason.HAND_OVER if self._phase == OVER else Reason.NO_BETTING
            detail = {
                OVER: "the hand is over",
                RUNS: "betting is over (the players choose how many runs, R12.1)",
            }.get(self._phase, "betting is over (showdown)")
            raise IllegalActionError(
                seat,  # type: ignore[arg-type]
                what,
                reason,
                detail,
                None,
                amount,
                self._name(seat),
            )
        if type(seat) is not int or not 0 <= seat < self._n:
            seat = self._seat(seat, what, amount)
        to_act = self._to_act
        assert to_act is not None
        legal = self._memo
        if legal is None:
            legal = self._memo = self._legal(to_act)
        if seat != to_act:
            self._refuse(
                seat,
                what,
                Reason.NOT_YOUR_TURN,
                f"it is seat {to_act}'s turn ({self.config.names[to_act]})",
                legal,
                amount,
            )
        return legal

    def _refuse(
        self,
        seat: int,
        what: str,
        reason: Reason,
        detail: str,
        legal: LegalActions,
        amount: int | None = None,
    ) -> NoReturn:
        raise IllegalActionError(seat, what, reason, detail, legal, amount, self._name(seat))

    def _raise(self, seat: int, word: str, to: object, legal: LegalActions) -> None:
        amount = to if type(to) is int else plain_int(to)
        if amount is None:
            self._refuse(
                seat,
                word,
                Reason.BAD_AMOUNT,
                f"the amount must be a whole number of chips, got {to!r}",
                legal,
                to,  # type: ignore[arg-type]
            )
        if word != legal.raise_word:
            if word == "bet":
                detail = f"there is already a bet of {self._current}; raise instead"
                self._refuse(seat, word, Reason.CANNOT_BET, detail, legal, amount)
            self._refuse(
                seat,
                word,
                Reason.CANNOT_RAISE,
                "there is no bet to raise; bet instead",
                legal,
                amount,
            )
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            if self._stacks[seat] <= self._current - self._bets[seat]:
                detail = "the stack only covers a call"
            elif not self._reopened(seat):
                detail = "betting was not reopened by a full raise (R4.2)"
            else:
                detail = "nobody left can call a raise (R3.6)"
            self._refuse(seat, word, Reason.CANNOT_RAISE, detail, legal, amount)
        if amount < low:
            self._refuse(seat, word, Reason.BELOW_MINIMUM, f"the minimum is {low}", legal, amount)
        if amount > high:
            self._refuse(seat, word, Reason.ABOVE_MAXIMUM, f"the maximum is {high}", legal, amount)
        self._put(seat, word, amount)

    def bet_or_raise(self, seat: int, to: int, *, decision: int | None = None) -> None:
        """Bet or raise to ``to`` chips, whichever applies now (PHH's ``cbr``)."""
        entered = _enter(self)
        try:
            legal = self._check_turn(seat, "raise", to, decision)
            self._run(self._bet_or_raise, legal.seat, to, legal)
        finally:
            _leave(self, entered)

    def _bet_or_raise(self, seat: int, to: int, legal: LegalActions) -> None:
        self._raise(seat, legal.raise_word, to, legal)
        self._advance(seat)

    def check_or_call(self, seat: int, *, decision: int | None = None) -> None:
        """Check when nothing is owed, else call (PHH's ``cc``)."""
        entered = _enter(self)
        try:
            legal = self._check_turn(seat, "call", None, decision)
            self._run(self._check_or_call, legal.seat, legal)
        finally:
            _leave(self, entered)

    def _check_or_call(self, seat: int, legal: LegalActions) -> None:
        if legal.can_check:
            self._check(seat)
        else:
            self._put(seat, "call", self._bets[seat] + legal.call)
        self._advance(seat)

    def fold(self, seat: int, *, decision: int | None = None) -> None:
        """Fold (only when facing a bet, unless the table allows free folds, R3.1).
        Raises IllegalActionError otherwise."""
        self.act(seat, _FOLD_ACTION, decision=decision)

    def check(self, seat: int, *, decision: int | None = None) -> None:
        """Check (nothing owed). Raises IllegalActionError otherwise."""
        self.act(seat, _CHECK_ACTION, decision=decision)

    def call(self, seat: int, *, decision: int | None = None) -> None:
        """Call the current bet, all-in for less if the stack is short (R1.2)."""
        self.act(seat, _CALL_ACTION, decision=decision)

    def bet(self, seat: int, to: int, *, decision: int | None = None) -> None:
        """Open the betting on this street for ``to`` chips (R3.2)."""
        self.act(seat, Action(Kind.BET, to), decision=decision)

    def raise_to(self, seat: int, to: int, *, decision: int | None = None) -> None:
        """Raise so that the seat's bet on this street becomes ``to`` chips (R3.3)."""
        self.act(seat, Action(Kind.RAISE, to), decision=decision)

    def all_in(self, seat: int, *, decision: int | None = None) -> None:
        """Put in the whole stack: a call, bet or raise as it amounts to (R3.1)."""
        self.act(seat, _ALL_IN_ACTION, decision=decision)

    def _check(self, seat: int) -> None:
        self._acted[seat] = True
        self._level[seat] = self._current
        self._log.append((Acted, seat, "check", self._bets[seat], 0, False))

    def _put(self, seat: int, word: str, to: int) -> None:
        bets = self._bets
        added = to - bets[seat]
        left = self._stacks[seat] - added
        self._stacks[seat] = left
        bets[seat] = to
        self._contrib[seat] += added
        current = self._current
        if to > current:
            if to - current >= self._min_raise:  # a full bet or raise (R4.1)
                self._min_raise = to - current
            self._current = current = to
            self._aggressor = seat
        self._acted[seat] = True
        self._level[seat] = current
        self._log.append((Acted, seat, word, to, added, left == 0))
