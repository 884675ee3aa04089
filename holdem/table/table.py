"""The table: hand after hand, between-hand changes and eliminations (R9, R10).

A :class:`Table` has physical seats ``0 .. size - 1`` (clockwise), each empty
or holding a player with a stack. Between hands players sit down, leave,
rebuy and top up; each hand is an ordinary :class:`~holdem.engine.hand.Hand`.

**Seat mapping.** A hand sees only the players dealt in, in table-seat
order: hand seat ``i`` is the ``i``-th table seat dealt in, counting up from
table seat 0 (``Table.hand_seats[i]`` is its table seat). Empty seats, seats
held for a player without chips and cash players not dealt in (R14) are
left out, so the hand's seats stay dense and clockwise. The hand's ``names``
are the players' names, so ``hand.config.names[seat]`` identifies a player
whatever the seat.

**Button and blinds** (R10.1, R2.2, the dead-button rule in tournaments):
see :mod:`holdem.table.button`. Players who sit down are dealt in at the
next hand, unless the table makes newcomers wait for the big blind.

**Sitting out** (R14): a cash player sitting out is dealt no cards (left
out of the hand seats like an empty seat), the blinds they miss are noted,
and coming back they wait for the big blind or post; see
:mod:`holdem.table.sitout`.

**Time.** A ``clock`` (a function returning seconds, ``time.monotonic`` by
default) drives time levels, the seat hold and the turn clock
(:mod:`holdem.table.clock`, :mod:`holdem.table.turns`); tests pass a fake clock.

**Snapshots**: :mod:`holdem.table.snapshot`. The modules ``table_seats``
(errors, seat values, buy-ins), ``table_args`` (argument checks),
``table_seating`` (sitting down, leaving, rebuys, held seats),
``table_button``, ``table_sitout``, ``table_straddles``, ``table_turns``
and ``table_events`` hold the parts; everything a caller
needs is importable from here.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence

from holdem.engine.config import Structure, TableConfig
from holdem.engine.hand import Hand
from holdem.engine.pots import Rake
from holdem.errors import value_text
from holdem.table.args import check_arguments
from holdem.table.button import Positions
from holdem.table.clock import TurnClock
from holdem.table.events import (
    ActedForAbsent,
    Busted,
    ButtonMoved,
    DealtIn,
    HandStarted,
    LevelUp,
    MissedBlind,
    Rebought,
    SatIn,
    SatOut,
    SeatLeft,
    SeatTaken,
    TableEvent,
    TimedOut,
)
from holdem.table.schedule import Level, Schedule
from holdem.table.seating import TableSeating
from holdem.table.seats import (
    BuyInError,
    Player,
    SeatState,
    Standing,
    TableError,
    TableMode,
    TableReason,
    check_seed,
)
from holdem.table.sitout import TableSitOut, dealt_in_count, plan_hand
from holdem.table.straddles import TableStraddles, plan_straddles
from holdem.table.turns import Decide, Runs, TableTurns, TimedHand

__all__ = [
    "ActedForAbsent",
    "BuyInError",
    "Busted",
    "ButtonMoved",
    "Clock",
    "DealtIn",
    "Decide",
    "HandStarted",
    "Level",
    "LevelUp",
    "MissedBlind",
    "Rebought",
    "Runs",
    "SatIn",
    "SatOut",
    "Schedule",
    "SeatLeft",
    "SeatState",
    "SeatTaken",
    "Standing",
    "Table",
    "TableError",
    "TableEvent",
    "TableMode",
    "TableReason",
    "TimedHand",
    "TimedOut",
    "TurnClock",
]

Clock = Callable[[], float]
"""A clock: seconds as a float, only differences matter."""


class Table(TableTurns, TableSitOut, TableStraddles, TableSeating):
    """A table that plays hand after hand (R9, R10).

    Args:
        size: the number of table seats, 2 to 10.
        schedule: a :class:`Schedule`, or one :class:`Level` for fixed blinds.
        mode: ``cash`` or ``tournament`` (:class:`TableMode`).
        min_buy_in: the smallest stack a cash player may sit down or rebuy
            with (R10.2); 1 chip unless given.
        max_buy_in: the largest stack a cash buy-in or top-up may make, or
            ``None`` (no maximum).
        hold_seconds: how long the seat of a cash player without chips is held
            (R10.2; ten minutes by default, as in seed 002).
        clock: seconds as a float; ``time.monotonic`` unless given.
        dead_button: use the dead-button rule; by default only in tournaments.
        button: the table seat of the first button (the first seat with chips
            from there); the lowest seat with chips unless given.
        seed: with a seed, hand ``k`` is dealt with the seed ``"{seed}/{k}"``
            so a whole session is reproducible; without one every deck is
            shuffled securely (R5.4).
        structure, chip_unit: passed to every hand's ``TableConfig``.
        turn_clock: a :class:`~holdem.table.clock.TurnClock` (time per decision,
            time bank, sitting out after timeouts), or ``None`` (no clock).
        newcomers_wait: in a cash game in play, a player who sits down waits
            for the big blind or posts one big blind live (R14.3, see
            :mod:`holdem.table.sitout`); by default they are dealt in at the
            next hand.
        straddles: players may straddle from the seat left of the big blind
            and re-straddle (R11, :mod:`holdem.table.straddles`).
        button_straddles: the button may straddle (R11.1).
        max_runs: the most runs of the board (1 to 3, R12): with more than
            one, the players still in are asked (:meth:`choose_runs`).
        rake: the rake of every hand (R13), a :class:`~holdem.engine.pots.Rake` or
            a mapping such as ``{"rate": "5%", "cap": 30}``; ``None``: none.
        max_events: how many events :attr:`events` keeps (10,000 unless
            given; a whole number >= 1).

    Between hands: :meth:`sit`, :meth:`leave`, :meth:`rebuy`,
    :meth:`reset_stacks`, :meth:`expire_holds`, :meth:`sit_out` and
    :meth:`sit_in` (R14, :mod:`holdem.table.sitout`), :meth:`set_straddle`
    (R11, :mod:`holdem.table.straddles`). A hand: :meth:`play_hand`
    with a decision callback, or :meth:`start_hand`, the actions on the
    returned hand, then :meth:`finish_hand`. Every table change is recorded
    as an event (:mod:`holdem.table.events`).

    **Events** are kept in a bounded buffer so that a table that runs for
    ever uses flat memory: :attr:`events` holds the last ``max_events``
    events recorded and not yet drained, oldest first; older ones are
    dropped. A consumer that must see every event calls
    :meth:`drain_events` at least every ``max_events`` events (after each
    hand is plenty: a hand records a few events per seat at most).
    :attr:`events_recorded` counts every event ever recorded, so event
    number ``k`` (0-based) is ``events[k - (events_recorded - len(events))]``
    while it is kept.

    A held seat (R10.2) shows its ``held_until`` in :attr:`seats`; it is freed
    by the first between-hands operation or hand that starts at or after that
    time. To give every player the same stack each hand (a simulation), call
    :meth:`reset_stacks` between hands: the button moves on as usual.

    Raises:
        ConfigError: an argument is invalid.

    >>> from holdem.engine.betting import Action, Kind
    >>> table = Table(3, schedule=Level(5, 10), mode="tournament", seed=1)
    >>> for seat, name in enumerate(["Anna", "Bjarni", "Eva"]):
    ...     table.sit(seat, name, 100)
    >>> hand = table.play_hand(lambda hand, seat: Action(Kind.ALL_IN))
    >>> sum(s.stack for s in table.seats if s), table.button
    (300, 0)
    """

    def __init__(
        self,
        size: int = 9,
        *,
        schedule: Schedule | Level,
        mode: TableMode | str = TableMode.CASH,
        min_buy_in: int = 1,
        max_buy_in: int | None = None,
        hold_seconds: float = 600.0,
        clock: Clock = time.monotonic,
        dead_button: bool | None = None,
        button: int | None = None,
        seed: int | str | None = None,
        structure: Structure | str = Structure.NO_LIMIT,
        chip_unit: int = 1,
        turn_clock: TurnClock | None = None,
        newcomers_wait: bool = False,
        straddles: bool = False,
        button_straddles: bool = False,
        max_events: int = 10_000,
        max_runs: int = 1,
        rake: Rake | Mapping[str, object] | None = None,
    ) -> None:
        schedule, self.mode, self.rake = check_arguments(
            size=size,
            schedule=schedule,
            mode=mode,
            min_buy_in=min_buy_in,
            max_buy_in=max_buy_in,
            hold_seconds=hold_seconds,
            clock=clock,
            button=button,
            seed=seed,
            structure=structure,
            chip_unit=chip_unit,
            turn_clock=turn_clock,
            newcomers_wait=newcomers_wait,
            straddles=straddles,
            button_straddles=button_straddles,
            max_events=max_events,
            max_runs=max_runs,
            rake=rake,
        )
        self.max_runs = max_runs
        self.size = size
        self.schedule = schedule
        self.min_buy_in = min_buy_in
        self.max_buy_in = max_buy_in
        self.hold_seconds = float(hold_seconds)
        self.turn_clock = turn_clock
        self.newcomers_wait = newcomers_wait
        self.straddles = straddles
        self.button_straddles = button_straddles
        self.dead_button = self.mode is TableMode.TOURNAMENT if dead_button is None else dead_button
        self._clock = clock
        self._seed = seed
        self._structure = structure
        self._chip_unit = chip_unit
        self._first_button = button
        self._players: list[Player | None] = [None] * size
        self._events: deque[TableEvent] = deque(maxlen=max_events)
        self._recorded = 0  # events ever recorded
        self._hands = 0  # hands finished
        self._level: int | None = None
        self._started_at: float | None = None
        self._positions: Positions | None = None  # the current or last hand's
        self._hand: Hand | None = None
        self._last: Hand | None = None
        self._hand_seats: tuple[int, ...] = ()
        self._turn_started = None  # the decision in progress (TableTurns)
        # Recent hands' configurations (frozen), reused when a hand repeats
        # one: with stacks reset every hand, the button comes round again.
        self._configs: dict[tuple[object, ...], TableConfig] = {}
        self._out: list[Standing] = []  # tournament eliminations, best place first
        self._winner: Standing | None = None

    # ------------------------------------------------------------- queries
    @property
    def seats(self) -> tuple[SeatState | None, ...]:
        """Every table seat: a :class:`SeatState`, or ``None`` when empty."""
        return tuple(
            None
            if p is None
            else SeatState(
                seat,
                p.name,
                p.stack,
                self._held_until(p),
                None if self.turn_clock is None else p.time_bank,
                p.timeouts,
                p.sitting_out,
                p.entry == "wait",
                p.entry == "post",
                p.missed_small,
                p.missed_big,
                p.straddle,
            )
            for seat, p in enumerate(self._players)
        )

    @property
    def events(self) -> tuple[TableEvent, ...]:
        """The table changes kept, oldest first: the last ``max_events``
        recorded since the last :meth:`drain_events`."""
        return tuple(self._events)

    @property
    def max_events(self) -> int:
        """How many events :attr:`events` keeps."""
        assert self._events.maxlen is not None
        return self._events.maxlen

    @property
    def events_recorded(self) -> int:
        """How many events were ever recorded at this table (kept, drained or dropped)."""
        return self._recorded

    def drain_events(self) -> tuple[TableEvent, ...]:
        """The events kept (as :attr:`events`), which are then forgotten.

        >>> table = Table(2, schedule=Level(1, 2))
        >>> table.sit(0, "Anna", 100)
        >>> table.drain_events(), table.events, table.events_recorded
        ((SeatTaken(seat=0, name='Anna', chips=100),), (), 1)
        """
        events = tuple(self._events)
        self._events.clear()
        return events

    @property
    def button(self) -> int | None:
        """The table seat of the button in the current or last hand (may be a
        dead button: an empty or busted seat), ``None`` before the first hand."""
        return None if self._positions is None else self._positions.button

    @property
    def positions(self) -> Positions | None:
        """The button and blinds of the current or last hand as table seats
        (:class:`~holdem.table_button.Positions`), ``None`` before the first hand."""
        return self._positions

    @property
    def hand(self) -> Hand | None:
        """The hand in progress (started and not yet finished), or ``None``."""
        return self._hand

    @property
    def last_hand(self) -> Hand | None:
        """The last finished hand, or ``None``."""
        return self._last

    @property
    def hand_seats(self) -> tuple[int, ...]:
        """The table seat of each hand seat in the current or last hand."""
        return self._hand_seats

    @property
    def hands_played(self) -> int:
        """Hands finished at this table."""
        return self._hands

    @property
    def level(self) -> Level:
        """The level in force for the current or last hand (the first level before any)."""
        return self.schedule.levels[self._level or 0]

    @property
    def level_number(self) -> int:
        """The 1-based number of :attr:`level`."""
        return (self._level or 0) + 1

    @property
    def players_with_chips(self) -> tuple[int, ...]:
        """The table seats of players with chips, in seat order."""
        return tuple([s for s, p in enumerate(self._players) if p is not None and p.stack > 0])

    @property
    def is_over(self) -> bool:
        """A tournament is over when one player holds every chip."""
        return self._winner is not None

    def standings(self) -> tuple[Standing, ...]:
        """The results table (R9.1): players still in by chips (place 1 once a
        tournament is won, else ``None``), then the eliminated by place.
        Cash games list the seated players by chips."""
        if self._winner is not None:
            return (self._winner, *self._out)
        alive = sorted(
            ((p.stack, p.name) for p in self._players if p is not None and p.stack > 0),
            key=lambda item: -item[0],
        )
        return (
            *(Standing(None, name, False, chips, None, None) for chips, name in alive),
            *self._out,
        )

    # --------------------------------------------------------------- hands
    def play_hand(
        self,
        decide: Decide,
        *,
        seed: int | str | None = None,
        hole_cards: Mapping[int, str | Sequence[str]] | None = None,
        board: str | Sequence[str] | None = None,
        runs: Runs | None = None,
    ) -> Hand:
        """Play one whole hand, asking ``decide(hand, seat)`` for every action.

        Returns the finished hand (its seats are hand seats, see
        :attr:`hand_seats`). An exception from ``decide`` or ``runs``, or an
        illegal action or answer (``IllegalActionError``), propagates and
        leaves the hand in progress as :attr:`hand`: act on it and call
        :meth:`finish_hand`. ``runs(hand, seat)`` answers the run question
        (R12.1; an agent's answer is :func:`holdem.selfplay.agents.answer_runs`);
        without it every seat asked keeps it to one run. Other arguments as
        for :meth:`start_hand`.
        """
        hand = self.start_hand(seed=seed, hole_cards=hole_cards, board=board)
        players, seats = self._players, self._hand_seats
        while (seat := self._deciding()) is not None:
            player = players[seats[seat]]
            if player is not None and player.sitting_out:
                self._time_out()
            elif hand.to_act is not None:
                hand.act(seat, decide(hand, seat))
            else:  # the run question (R12.1)
                hand.choose_runs(seat, 1 if runs is None else runs(hand, seat))
        return self.finish_hand()

    def start_hand(
        self,
        *,
        seed: int | str | None = None,
        hole_cards: Mapping[int, str | Sequence[str]] | None = None,
        board: str | Sequence[str] | None = None,
    ) -> Hand:
        """Free expired holds, set the level, move the button, deal a hand.

        Args:
            seed: the hand's seed (else derived from the table's seed).
            hole_cards: fixed hole cards by **table** seat (others dealt).
            board: fixed board cards.

        Raises:
            TableError: a hand is in progress, or fewer than two players have chips.
            ConfigError: ``seed`` is not a whole number, text, bytes or ``None``.
        """
        if self._hand is not None:
            raise TableError(None, TableReason.HAND_IN_PROGRESS, "a hand is in progress")
        check_seed(seed)
        self._expire()
        number = self._hands + 1
        now = self._clock()
        started = now if self._started_at is None else self._started_at
        index = max(self._level or 0, self.schedule.level_index(self._hands, now - started))
        level = self.schedule.levels[index]
        plan = plan_hand(
            self._players,
            self._positions,
            mode=self.mode,
            dead_button=self.dead_button,
            first_button=self._first_button,
            small_blind=level.small_blind,
            big_blind=level.big_blind,
        )
        if plan is None:
            raise TableError(
                None,
                TableReason.NOT_ENOUGH_PLAYERS,
                "a hand needs two players with chips who are not sitting out",
            )
        live = plan.dealt_in
        placed = plan.positions
        button, hand_button, sb_pos, bb = (
            placed.button,
            placed.hand_button,
            placed.small_blind,
            placed.big_blind,
        )
        sb = sb_pos if sb_pos in live else None
        table = self._players
        players = [p for p in [table[s] for s in live] if p is not None]
        stacks = tuple([p.stack for p in players])
        names = tuple([p.name for p in players])
        positions = (
            live.index(hand_button),
            None if sb is None else live.index(sb),
            live.index(bb),
        )
        live_posts = dead_posts = None
        if any(chips for post in plan.posts for chips in post[1:]):
            owed = {post[0]: post[1:] for post in plan.posts}
            live_posts = tuple([owed.get(s, (0, 0))[0] for s in live])
            dead_posts = tuple([owed.get(s, (0, 0))[1] for s in live])
        straddles: tuple[int, ...] = ()
        if self.straddles or self.button_straddles:
            straddling = plan_straddles(
                table, plan, level, utg=self.straddles, button=self.button_straddles
            )
            straddles = tuple([live.index(s) for s in straddling])
        # The level itself is in the key: a tournament director may replace the schedule.
        key = (stacks, names, index, level, positions, live_posts, dead_posts, straddles)
        config = self._configs.get(key)
        if config is None:
            config = TableConfig(
                stacks,
                level.small_blind,
                level.big_blind,
                names=names,
                button=positions[0],
                ante=level.ante,
                ante_type=level.ante_type,
                structure=self._structure,
                chip_unit=self._chip_unit,
                small_blind_seat=positions[1],
                big_blind_seat=positions[2],
                live_posts=live_posts,
                dead_posts=dead_posts,
                straddles=straddles,
                max_runs=self.max_runs,
                rake=self.rake,
            )
            if len(self._configs) >= 2 * self.size:
                self._configs.clear()
            self._configs[key] = config
        holes: list[str | Sequence[str] | None] | None = None
        if hole_cards is not None:
            unknown = set(hole_cards) - set(live)
            if unknown:
                raise TableError(
                    min(unknown), TableReason.EMPTY_SEAT, "no player with chips to deal to"
                )
            holes = [hole_cards.get(s) for s in live]
        if seed is None and self._seed is not None:
            seed = f"{self._seed}/{number}"
        hand: Hand
        if self.turn_clock is None:
            hand = Hand(config, seed=seed, hole_cards=holes, board=board)
        else:
            hand = TimedHand(
                config, seed=seed, hole_cards=holes, board=board, on_decision=self._decided
            )
        # Nothing above changed the table: a bad card or seed leaves it as it was.
        self._started_at = started
        if index != self._level:
            self._level = index
            self._record(
                LevelUp(
                    number,
                    index + 1,
                    level.small_blind,
                    level.big_blind,
                    level.ante,
                    str(level.ante_type),
                )
            )
        self._positions = placed
        self._record(ButtonMoved(number, button, button not in live, sb, bb))
        self._note_entries(number, plan)
        self._record(HandStarted(number, live))
        self._hand = hand
        self._hand_seats = live
        if self.turn_clock is not None:
            self._turn_started = now
        return hand

    def finish_hand(self) -> Hand:
        """Settle the finished hand at the table: stacks, busts, places (R9.1).

        Returns the hand. Raises TableError when no hand was started or the
        hand is not over.
        """
        hand = self._hand
        if hand is None:
            raise TableError(None, TableReason.NO_HAND, "no hand in progress")
        if not hand.is_over:
            raise TableError(None, TableReason.HAND_NOT_OVER, "the hand is not over")
        seats = self._hand_seats
        stacks = hand.stacks
        for i, seat in enumerate(seats):
            player = self._players[seat]
            assert player is not None
            player.stack = stacks[i]
        self._hands += 1
        self._hand = None
        self._last = hand
        self._turn_started = None
        now = self._clock()
        groups = hand.eliminations() if 0 in stacks else ()
        survivors = len(seats) - sum(len(group) for group in groups)
        place = survivors + 1
        for group in groups:
            for i in group:
                seat = seats[i]
                player = self._players[seat]
                assert player is not None
                start = hand.config.stacks[i]
                shared = len(group) > 1
                if self.mode is TableMode.TOURNAMENT:
                    self._record(Busted(seat, player.name, self._hands, start, place, shared, None))
                    self._record(SeatLeft(seat, player.name, 0, "eliminated"))
                    self._out.append(Standing(place, player.name, shared, 0, self._hands, start))
                    self._players[seat] = None
                else:
                    player.busted_at = now
                    self._record(
                        Busted(
                            seat,
                            player.name,
                            self._hands,
                            start,
                            None,
                            False,
                            now + self.hold_seconds,
                        )
                    )
            place += len(group)
        if groups and self.mode is TableMode.TOURNAMENT:
            self._out.sort(key=lambda standing: standing.place or 0)
        if self.mode is TableMode.TOURNAMENT and survivors == 1:
            (seat,) = self.players_with_chips
            player = self._players[seat]
            assert player is not None
            self._winner = Standing(1, player.name, False, player.stack, None, None)
        return hand

    def run(
        self, decide: Decide, *, max_hands: int | None = None, runs: Runs | None = None
    ) -> tuple[Standing, ...]:
        """Play hands until fewer than two players can be dealt in (or
        ``max_hands``); return :meth:`standings`. ``runs`` as for :meth:`play_hand`."""
        played = 0
        while dealt_in_count(self._players, self.mode) >= 2 and (
            max_hands is None or played < max_hands
        ):
            self.play_hand(decide, runs=runs)
            played += 1
        return self.standings()

    # ------------------------------------------------------------- helpers
    def _record(self, event: TableEvent) -> None:
        self._events.append(event)
        self._recorded += 1

    def _chips(self) -> int:
        """All the chips at the table (between hands)."""
        return sum(p.stack for p in self._players if p is not None)

    def _held_until(self, player: Player) -> float | None:
        return None if player.busted_at is None else player.busted_at + self.hold_seconds

    def _expire(self) -> tuple[int, ...]:
        now = self._clock()
        freed = []
        for seat, player in enumerate(self._players):
            if player is None or player.busted_at is None or player.stack:
                continue
            if now - player.busted_at >= self.hold_seconds:
                self._players[seat] = None
                self._record(SeatLeft(seat, player.name, 0, "hold expired"))
                freed.append(seat)
        return tuple(freed)

    def _between_hands(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.size:
            raise TableError(
                None,
                TableReason.NO_SUCH_SEAT,
                f"no table seat {value_text(seat, True)} (0 to {self.size - 1})",
            )
        if self._hand is not None:
            raise TableError(seat, TableReason.HAND_IN_PROGRESS, "a hand is in progress")

    def _occupied(self, seat: int) -> Player:
        self._between_hands(seat)
        self._expire()
        player = self._players[seat]
        if player is None:
            raise TableError(seat, TableReason.EMPTY_SEAT, "nobody is sitting there")
        return player
