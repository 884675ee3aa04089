"""A multi-table tournament director (R15) over ordinary :class:`~holdem.table.table.Table` s.

The director owns the tables and does what a tournament director does
between hands; the tables play the hands (R1 to R10, the dead-button rule).

- **Seating** (R15.1): players are drawn at random to the seats of
  ``ceil(players / seats)`` tables, as evenly as possible; each table's first
  button is drawn at random too.
- **Balancing** (R15.2): between hands, while the largest table has more
  than ``balance_within`` players more than the smallest, the player due the
  big blind next at a largest table moves to the worst position at a
  smallest table. A table ``halt_short`` or more players short of the
  largest may not start a hand (:meth:`Director.can_deal`).
- **Breaking** (R15.3): when the players fit into one table fewer, the next
  table in the break order (by default the highest-numbered first) breaks
  and its players are drawn to the free seats, keeping the tables balanced.
  Tables are broken, then balanced, when the next hand starts (at any
  table), so that the entries made since the last hand (R15.8) are seated
  first: a table the gap's own entries refill is not broken.
- **Hand-for-hand** (R15.4): from ``hand_for_hand_at`` players left (by
  default one more than the places paid) while two or more tables play,
  every table plays one hand and waits for the others; players out in the
  same round are ranked together by the stacks they started their hand with.
- **Levels** (R15.5): one :class:`~holdem.table.schedule.Schedule` for the whole
  tournament, by hands (the most hands any table has played) or by time.
- **Prizes** (R15.6): a payout table of whole units; shared places share
  their prizes.
- **Entries** (R15.8, :mod:`holdem.mtt.entries`): late registration,
  re-entry, rebuys and add-ons; the pool grows with each, and a player
  finishes once overall.
- **Breaks and colour-ups** (R15.9, R15.10, :mod:`holdem.mtt.levels`).

Everything is recorded as an event (:mod:`holdem.mtt.events`) in a bounded
buffer; each table's own events are drained after every hand, so memory stays
flat. Snapshots: :mod:`holdem.mtt.snapshot`.
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from holdem.engine.hand import Hand
from holdem.errors import ConfigError, HoldemError, value_text
from holdem.mtt.balance import due_big_blind, must_wait, seat_order
from holdem.mtt.entries import Entries, EntryDesk
from holdem.mtt.events import (
    Eliminated,
    HandForHand,
    Moved,
    MttEvent,
    Seated,
    TableBroken,
    Won,
)
from holdem.mtt.levels import LevelDesk, check_levels
from holdem.mtt.payouts import check_weights, prizes, shared_prizes, standard_payouts
from holdem.mtt.results import Result, Waiting
from holdem.table.schedule import Level, Schedule
from holdem.table.table import Decide, Table, TableMode

__all__ = ["MAX_EVENTS", "Director", "DirectorError", "Result", "Waiting", "check_numbers"]

Clock = Callable[[], float]


MAX_EVENTS = 10**9
"""The most events a director keeps (``max_events``)."""


def check_numbers(
    *,
    seats: object,
    stack: object,
    balance_within: object,
    halt_short: object,
    max_events: object,
    hand_for_hand_at: object,
) -> None:
    """The director's whole-number settings, checked by :class:`Director` and
    by :func:`holdem.mtt.snapshot.restore` alike: ``seats`` 3 to 10,
    ``stack``, ``balance_within``, ``halt_short`` at least 1, ``max_events``
    1 to :data:`MAX_EVENTS`, ``hand_for_hand_at`` at least 0 or ``None``.

    Raises:
        ConfigError: the first setting out of its range, naming it.
    """
    bounds: tuple[tuple[str, object, int, int | None], ...] = (
        ("seats", seats, 3, 10),
        ("stack", stack, 1, None),
        ("balance_within", balance_within, 1, None),
        ("halt_short", halt_short, 1, None),
        ("max_events", max_events, 1, MAX_EVENTS),
        ("hand_for_hand_at", 0 if hand_for_hand_at is None else hand_for_hand_at, 0, None),
    )
    for field, value, low, high in bounds:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ConfigError(field, f"must be a whole number >= {low}, got {value_text(value)}")
        if high is not None and value > high:
            raise ConfigError(field, f"at most {high:,}, got {value_text(value)}")


class DirectorError(HoldemError):
    """A tournament operation that is not allowed now; nothing changed."""


class Director(EntryDesk, LevelDesk):
    """A tournament over several tables (R15).

    Args:
        names: the registered players (at least 2, distinct, non-empty).
        seats: seats per table (3 to 10).
        stack: each player's starting chips.
        schedule: the blind levels (a :class:`Schedule` or one :class:`Level`).
        seed: the seed of the draws and of every table's deals (table ``t``
            deals with ``"{seed}/table/{t}"``); ``None``: secure randomness.
        prize_pool: the prize pool in whole units (default: 100 per player).
        payouts: the payout table, as weights per place (see
            :mod:`holdem.mtt.payouts`); default :func:`standard_payouts`.
        balance_within: the most the largest table may exceed the smallest
            after balancing (R15.2; default 1).
        halt_short: a table this many players short of the largest may not
            deal until balanced (R15.2; TDA: 3).
        hand_for_hand_at: players left when hand-for-hand starts (R15.4);
            default the places paid + 1; 0 never.
        break_order: the order tables break in (table numbers); default the
            highest-numbered open table first.
        clock: seconds as a float (time levels); ``time.monotonic``.
        layout: a given seating instead of the draw (worked examples,
            tests): table number (1, 2, ...) to table seat to ``(name,
            chips)``; stacks may differ and ``names`` must be the players in it.
        buttons: with ``layout``, the seat each table's first button starts
            from (the first seat with a player from there), by table number.
        max_events: how many director events are kept (10,000).
        entries: late registration, re-entries, rebuys and add-ons
            (:class:`~holdem.mtt.entries.Entries`, R15.8); ``None``: none,
            and each entry adds 100 units to the default pool.
        breaks_after: levels (from 1) followed by a break (R15.9).
        break_seconds: the length of a break (0: it starts and ends at once).
        colour_ups: level (from 1) to the smallest chip from that level on
            (R15.7, R15.10); the stack, rebuy and add-on chips, blinds and
            antes from that level must be whole numbers of it.
        sleep: waits out a break in :meth:`run` (``time.sleep``).

    Raises:
        ConfigError: an argument is invalid.
    """

    def __init__(
        self,
        names: Sequence[str],
        *,
        seats: int = 9,
        stack: int = 1500,
        schedule: Schedule | Level,
        seed: int | str | None = None,
        prize_pool: int | None = None,
        payouts: Sequence[int | float | Fraction] | None = None,
        balance_within: int = 1,
        halt_short: int = 3,
        hand_for_hand_at: int | None = None,
        break_order: Sequence[int] | None = None,
        clock: Clock = time.monotonic,
        max_events: int = 10_000,
        layout: Mapping[int, Mapping[int, tuple[str, int]]] | None = None,
        buttons: Mapping[int, int] | None = None,
        entries: Entries | None = None,
        breaks_after: Sequence[int] = (),
        break_seconds: float = 0.0,
        colour_ups: Mapping[int, int] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        names = list(names)
        if len(names) < 2:
            raise ConfigError("names", f"a tournament needs at least 2 players, got {len(names)}")
        if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
            raise ConfigError("names", "names must be distinct non-empty strings")
        check_numbers(
            seats=seats,
            stack=stack,
            balance_within=balance_within,
            halt_short=halt_short,
            max_events=max_events,
            hand_for_hand_at=hand_for_hand_at,
        )
        if isinstance(schedule, Level):
            schedule = Schedule([schedule])
        if not isinstance(schedule, Schedule):
            raise ConfigError("schedule", f"must be a Schedule or a Level, got {schedule!r}")
        if entries is None:
            entries = Entries()
        if not isinstance(entries, Entries):
            raise ConfigError("entries", f"must be an Entries, got {entries!r}")
        if entries.last_level > len(schedule.levels):
            raise ConfigError("entries", f"levels 1 to {len(schedule.levels)} only")
        e = entries
        amounts = {"stack": stack, "rebuy_chips": e.rebuy_chips, "add_on_chips": e.add_on_chips}
        self.breaks_after, self.break_seconds, self.colour_ups = check_levels(
            schedule,
            breaks_after,
            break_seconds,
            colour_ups or {},
            {k: v for k, v in amounts.items() if v is not None},
        )
        self.entries = entries
        self._weights = None if payouts is None else tuple(payouts)
        self._h4h_given = hand_for_hand_at is not None
        weights = standard_payouts(len(names)) if payouts is None else tuple(payouts)
        check_weights(weights, len(names))
        pool = entries.buy_in * len(names) if prize_pool is None else prize_pool
        self.prizes = prizes(pool, weights)
        self.prize_pool = pool
        count = math.ceil(len(names) / seats) if layout is None else len(layout)
        if hand_for_hand_at is None:
            hand_for_hand_at = len(self.prizes) + 1
        order = list(range(count, 0, -1)) if break_order is None else list(break_order)
        if sorted(order) != list(range(1, count + 1)):
            raise ConfigError("break_order", f"must list the tables 1 to {count} once each")
        self.names = tuple(names)
        self.seats = seats
        self.stack = stack
        self.schedule = schedule
        self.seed = seed
        self.balance_within = balance_within
        self.halt_short = halt_short
        self.hand_for_hand_at = hand_for_hand_at
        self.break_order = tuple(order)
        self._clock = clock
        self._sleep = sleep
        self._rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self._events: deque[MttEvent] = deque(maxlen=max_events)
        self._recorded = 0
        self._index = {name: i for i, name in enumerate(names)}
        self.tables: dict[int, Table] = {}
        self._first_button: dict[int, int] = {}
        self._waiting: dict[int, list[Waiting]] = {}
        self._results: dict[str, Result] = {}
        self._left = len(names)
        self._hands = 0  # hands started, all tables
        self._max_table_hands = 0
        self._level = 0
        self._started_at: float | None = None
        self._h4h = False
        self._h4h_done: list[int] = []
        self._h4h_out: list[tuple[str, int, int, int]] = []  # name, start stack, hand, table
        self._hand_numbers: dict[int, int] = {}  # table -> tournament number of its hand
        self.moves = 0
        self.breaks = 0
        self.chips_start = stack * len(names)
        self._open = entries.last_level > 0
        self._pending: list[tuple[str, int, int, int]] = []
        self._bought = {name: [0, 0, 0] for name in names}
        self._paused = 0.0
        self._break_until: float | None = None
        self._on_break: int | None = None
        self._units: dict[int, int] = {}
        if layout is None:
            self._draw(count)
        else:
            self._lay_out(layout, buttons or {})
        self.chips_bought = 0  # chips sold after the start (R15.8)
        self.chips_raced = 0  # chips the colour-ups added or removed (R15.10)
        if len(self.tables) > 1 and self._left <= hand_for_hand_at:
            self._h4h = True
            self._record(HandForHand(True, self._left))

    # ------------------------------------------------------------ seating
    def _lay_out(
        self, layout: Mapping[int, Mapping[int, tuple[str, int]]], buttons: Mapping[int, int]
    ) -> None:
        if sorted(layout) != list(range(1, len(layout) + 1)):
            raise ConfigError("layout", "tables must be numbered 1, 2, ... in order")
        seated = [name for t in layout.values() for name, _ in t.values()]
        if sorted(seated) != sorted(self.names):
            raise ConfigError("layout", "the layout must seat every player once")
        self.chips_start = 0
        for number in sorted(layout):
            self.tables[number] = self._new_table(number, buttons.get(number))
            self._waiting[number] = []
            for seat, (name, chips) in sorted(layout[number].items()):
                self.tables[number].sit(seat, name, chips)
                self._record(Seated(name, number, seat, chips))
                self.chips_start += chips

    def _new_table(self, number: int, button: int | None = None) -> Table:
        level = self.schedule.levels[self._level]
        if button is None:
            button = self._rng.randrange(self.seats)
        table = Table(
            self.seats,
            schedule=Schedule([level]),
            mode=TableMode.TOURNAMENT,
            seed=None if self.seed is None else f"{self.seed}/table/{number}",
            button=button,
            clock=self._clock,
            max_events=64,
        )
        self._first_button[number] = button
        return table

    def _draw(self, count: int) -> None:
        """R15.1: random tables and seats, as even as possible."""
        order = list(self.names)
        self._rng.shuffle(order)
        for number in range(1, count + 1):
            self.tables[number] = self._new_table(number)
            self._waiting[number] = []
        per = [len(order) // count + (1 if t < len(order) % count else 0) for t in range(count)]
        start = 0
        for t, n in enumerate(per):
            number = t + 1
            seats = sorted(self._rng.sample(range(self.seats), n))
            for seat, name in zip(seats, order[start : start + n]):
                self.tables[number].sit(seat, name, self.stack)
                self._record(Seated(name, number, seat, self.stack))
            start += n

    # ------------------------------------------------------------ queries
    @property
    def events(self) -> tuple[MttEvent, ...]:
        """The events kept, oldest first (the last ``max_events`` not drained)."""
        return tuple(self._events)

    @property
    def events_recorded(self) -> int:
        """Every event ever recorded (kept, drained or dropped)."""
        return self._recorded

    def drain_events(self) -> tuple[MttEvent, ...]:
        """The events kept, which are then forgotten."""
        events = tuple(self._events)
        self._events.clear()
        return events

    @property
    def players_left(self) -> int:
        """Players still in."""
        return self._left

    @property
    def is_over(self) -> bool:
        """One player holds every chip."""
        return self._left == 1

    @property
    def hands(self) -> int:
        """Hands started at all tables."""
        return self._hands

    @property
    def hand_for_hand(self) -> bool:
        """Hand-for-hand play is on (R15.4)."""
        return self._h4h

    @property
    def level(self) -> Level:
        """The level in force."""
        return self.schedule.levels[self._level]

    def count(self, number: int) -> int:
        """Players at table ``number``: seated with chips, and waiting to sit."""
        return len(self.tables[number].players_with_chips) + len(self._waiting[number])

    def waiting(self, number: int) -> tuple[Waiting, ...]:
        """The players moved, or entered, to table ``number`` who wait to sit
        down (R15.3: between the button and the small blind)."""
        return tuple(self._waiting[number])

    def counts(self) -> dict[int, int]:
        """Players at each open table."""
        return {t: self.count(t) for t in self.tables}

    @property
    def chips_in(self) -> int:
        """The chips that should be in play: at the start, bought since (R15.8),
        and the colour-ups' change (R15.10)."""
        return self.chips_start + self.chips_bought + self.chips_raced

    def chips(self) -> int:
        """Every chip in play (between hands at every table), waiting players' included."""
        total = 0
        for number, table in self.tables.items():
            hand = table.hand
            if hand is not None:
                total += sum(hand.config.stacks)
                seated = set(table.hand_seats)
                total += sum(s.stack for s in table.seats if s is not None and s.seat not in seated)
            else:
                total += sum(s.stack for s in table.seats if s is not None)
            total += sum(w.chips for w in self._waiting[number])
        return total

    def standings(self) -> tuple[Result, ...]:
        """Players still in by chips (place ``None``, the winner 1st once it is
        over), then the eliminated by place."""
        alive = []
        for number, table in self.tables.items():
            alive += [(s.stack, s.name) for s in table.seats if s is not None and s.stack > 0]
            alive += [(w.chips, w.name) for w in self._waiting[number]]
        alive += [(0, o[0]) for o in self._pending]
        done = sorted(self._results.values(), key=lambda r: (r.place or 0, self._index[r.name]))
        if self.is_over:
            return tuple(done)
        alive.sort(key=lambda item: (-item[0], self._index[item[1]]))
        return (*(Result(None, n, False, 0, None, None) for _, n in alive), *done)

    def can_deal(self, number: int) -> bool:
        """Table ``number`` may start a hand: not over, two or more players,
        not ``halt_short`` short of the largest table (R15.2), and under
        hand-for-hand not already played this round (R15.4; tables are
        balanced between rounds, so no table halts within one).

        While breaks or balancing are due (after a hand or an entry: the
        next hand's start does them first, R15.3), a table that breaks then
        may not deal, and any other may: it is answered for the tables as
        they will be. :meth:`start_hand` may still refuse such a table
        after doing them only when a table elsewhere is in a hand or
        ``balance_within >= halt_short`` (then it halts, R15.2)."""
        if self.is_over or number not in self.tables or self.tables[number].hand is not None:
            return False
        if self._break_until is not None and self._clock() < self._break_until:
            return False
        if self._h4h and number in self._h4h_done:
            return False
        if self._gap_open():
            breaking = self._breaking()
            if number in breaking:
                return False  # it breaks before the next hand (R15.3)
            if breaking or self._balance_step(self.counts()) is not None:
                return True  # broken and balanced first; then it deals
        counts = self.counts()
        if counts[number] < 2:
            return False
        if self._h4h:  # every table plays the round's hand; balancing waits for its end
            return True
        return counts[number] > max(counts.values()) - self.halt_short

    # -------------------------------------------------------------- hands
    def start_hand(
        self,
        number: int,
        *,
        hole_cards: Mapping[int, str | Sequence[str]] | None = None,
        board: str | Sequence[str] | None = None,
    ) -> Hand:
        """Break and balance the tables as due (R15.2, R15.3: the gap since
        the last hand ends, its entries seated), seat the waiting players
        whose turn it is, set the level, deal a hand at table ``number``
        (the hand seats are the table's). ``hole_cards`` (by table seat) and
        ``board`` fix cards, as for :meth:`Table.start_hand`.

        Raises:
            DirectorError: the table may not deal now (:meth:`can_deal`):
                nothing changed; or it halts once broken and balanced, or a
                break (R15.9) starts: the breaks and balancing stay done.
        """
        if not self.can_deal(number):
            raise DirectorError(f"table {number} may not deal now")
        if self._started_at is None:
            self._started_at = self._clock()
        self.rebalance()
        self.tick()
        if not self.can_deal(number):
            why = "a break (R15.9)" if self._break_until is not None else "halted (R15.2)"
            raise DirectorError(f"table {number} may not deal now: {why}")
        table = self.tables[number]
        self._seat_waiting(number)
        self._colour_up(number)
        if table.schedule.levels[0] != self.level:
            table.schedule = Schedule([self.level])
        hand = table.start_hand(hole_cards=hole_cards, board=board)
        self._hands += 1
        self._hand_numbers[number] = self._hands
        return hand

    def finish_hand(self, number: int) -> Hand:
        """Settle the finished hand at table ``number``: places and prizes,
        then hand-for-hand (R15.4). The tables it leaves to break or balance
        are broken and balanced when the next hand starts (R15.3), once the
        entries made in between (R15.8) are seated."""
        table = self.tables.get(number)
        if table is None or table.hand is None:
            raise DirectorError(f"no hand in progress at table {number}")
        hand = table.finish_hand()
        table.drain_events()
        self._max_table_hands = max(self._max_table_hands, table.hands_played)
        config, stacks = hand.config, hand.stacks
        assert config.names is not None
        out = [
            (config.names[i], config.stacks[i], self._hand_numbers[number], number)
            for i in range(len(stacks))
            if stacks[i] == 0
        ]
        if self._h4h:
            self._h4h_out += out
            self._h4h_done.append(number)
            if all(t in self._h4h_done or not self._can_play(t) for t in self.tables):
                self._eliminate(self._h4h_out)
                self._h4h_out, self._h4h_done = [], []
                self._between_hands()
        else:
            self._eliminate(out)
            self._between_hands()
        return hand

    def play_hand(
        self,
        number: int,
        decide: Decide,
        *,
        hole_cards: Mapping[int, str | Sequence[str]] | None = None,
        board: str | Sequence[str] | None = None,
    ) -> Hand:
        """Play one whole hand at table ``number``, ``decide(hand, seat)`` as for
        :meth:`Table.play_hand`; other arguments as for :meth:`start_hand`."""
        self.start_hand(number, hole_cards=hole_cards, board=board)
        table = self.tables[number]
        hand = table.hand
        assert hand is not None
        while (seat := hand.to_act) is not None:
            hand.act(seat, decide(hand, seat))
        return self.finish_hand(number)

    def play_round(self, decide: Decide) -> int:
        """Every table that may deal plays one hand, in table order; the hands
        played. The tables are broken and balanced as due first (R15.3), and
        again before each hand, as :meth:`start_hand` does."""
        self.rebalance()
        if self._started_at is not None:
            self.tick()
        played = 0
        for number in sorted(self.tables):
            if number in self.tables and self.can_deal(number):
                self.rebalance()
                if number in self.tables and self.can_deal(number):
                    self.play_hand(number, decide)
                    played += 1
        return played

    def run(self, decide: Decide, *, max_hands: int | None = None) -> tuple[Result, ...]:
        """Play rounds until one player has every chip (or ``max_hands``)."""
        while not self.is_over and (max_hands is None or self._hands < max_hands):
            if self.play_round(decide) == 0:
                if self._break_until is not None:  # R15.9: wait the break out
                    self._sleep(max(0.0, self._break_until - self._clock()))
                    self.tick()
                    continue
                raise DirectorError("no table can deal")  # pragma: no cover - a bug
        return self.standings()

    # ------------------------------------------------------------- places
    def _eliminate(self, out: list[tuple[str, int, int, int]]) -> None:
        """Places and prizes of players out together (R15.4): by starting stack,
        larger first; equal stacks share places and prizes."""
        if not out:
            return
        if self._open:
            self._bust(out)
            return
        out = sorted(out, key=lambda o: (-o[1], self._index[o[0]]))
        place = self._left - len(out) + 1
        i = 0
        while i < len(out):
            j = i
            while j < len(out) and out[j][1] == out[i][1]:
                j += 1
            group = sorted(out[i:j], key=lambda o: self._index[o[0]])
            places = range(place, place + len(group))
            paid = [self.prizes[p - 1] if p <= len(self.prizes) else 0 for p in places]
            amounts = shared_prizes(paid, len(group))
            for (name, start, hand, table), prize in zip(group, amounts):
                shared = len(group) > 1
                self._results[name] = Result(place, name, shared, prize, hand, start)
                self._record(Eliminated(name, place, shared, prize, hand, table, start))
            place += len(group)
            i = j
        self._left -= len(out)

    def _between_hands(self) -> None:
        if self._left == 1:
            self._finish()
            return
        self._hand_for_hand_due()

    def _hand_for_hand_due(self) -> None:
        """R15.4: hand-for-hand starts at ``hand_for_hand_at`` players left, while
        two or more tables play and nothing may be bought (R15.8)."""
        many = len(self.tables) > 1
        if not self._h4h and many and not self._open and 1 < self._left <= self.hand_for_hand_at:
            self._h4h = True
            self._h4h_done, self._h4h_out = [], []
            self._record(HandForHand(True, self._left))

    def rebalance(self) -> None:
        """Break and balance the tables as due now (R15.2, R15.3), as the next
        hand's start does: the gap since the last hand ends. Nothing while a
        hand-for-hand round is under way (R15.4: tables are broken and
        balanced between rounds) or when nothing is due."""
        if self.is_over or not self._gap_open():
            return
        self._break_tables()
        self._balance()
        if self._h4h and len(self.tables) == 1:
            self._h4h = False
            self._record(HandForHand(False, self._left))

    def _gap_open(self) -> bool:
        """Not within a hand-for-hand round (R15.4): breaking and balancing
        may be done."""
        return not (self._h4h and self._h4h_done)

    def _finish(self) -> None:
        self._close_entries()
        for number, table in self.tables.items():
            self._seat_waiting(number, everyone=True)
            for state in table.seats:
                if state is not None and state.stack > 0:
                    prize = self.prizes[0]
                    self._results[state.name] = Result(1, state.name, False, prize, None, None)
                    self._record(Won(state.name, prize, state.stack))
        if self._h4h:
            self._h4h = False

    def _can_play(self, number: int) -> bool:
        return self.count(number) >= 2

    # ------------------------------------------------ breaking, balancing
    def _free_seats(self, number: int) -> list[int]:
        table = self.tables[number]
        taken = {w.seat for w in self._waiting[number]}
        return [s for s, state in enumerate(table.seats) if state is None and s not in taken]

    def _breaking(self) -> list[int]:
        """R15.3: the tables that break now, in the set order, while the
        players fit in one fewer; a table in a hand stops the list there (it
        breaks when its hand is over, with the ones after it)."""
        breaking: list[int] = []
        remaining = len(self.tables)
        # once each: a restored order may name a re-opened table twice
        order = (t for t in dict.fromkeys(self.break_order) if t in self.tables)
        while remaining > 1 and self._left <= self.seats * (remaining - 1):
            number = next(order)
            if self.tables[number].hand is not None:
                break
            breaking.append(number)
            remaining -= 1
        return breaking

    def _break_tables(self) -> None:
        """R15.3: break the tables of :meth:`_breaking`. All the tables that
        break at once are emptied first, then their players are drawn to the
        tables that remain (none moves twice)."""
        breaking = self._breaking()
        leaving: list[tuple[int, list[tuple[int, str, int]]]] = []
        for number in breaking:
            table = self.tables[number]
            movers = [
                (s.seat, s.name, s.stack) for s in table.seats if s is not None and s.stack > 0
            ]
            movers += [(w.seat, w.name, w.chips) for w in self._waiting[number]]
            for seat, _, _ in movers:
                if table.seats[seat] is not None:
                    table.leave(seat, transfer=True)
            del self.tables[number]
            del self._waiting[number]
            del self._first_button[number]
            self.breaks += 1
            self._record(TableBroken(number, len(movers), self._hands))
            leaving.append((number, movers))
        for number, movers in leaving:
            self._rng.shuffle(movers)
            for from_seat, name, chips in movers:
                counts = self.counts()
                low = min(counts.values())
                choices = sorted(t for t, c in counts.items() if c == low)
                target = self._rng.choice(choices)
                seat = self._rng.choice(self._free_seats(target))
                self._arrive(name, chips, number, from_seat, target, seat, "break", "drawn")

    def _balance_step(self, counts: Mapping[int, int]) -> tuple[int, int] | None:
        """R15.2: the next balancing move for these players per table, as
        ``(from table, to table)``, or ``None`` when balanced (or when every
        largest table is in a hand: a short table may then halt)."""
        if len(counts) < 2:
            return None
        high, low = max(counts.values()), min(counts.values())
        if (high - low <= self.balance_within and low >= 2) or high - low < 2:
            return None
        sources = [t for t in sorted(counts) if counts[t] == high and self.tables[t].hand is None]
        if not sources:
            return None
        return sources[0], min(sorted(counts), key=lambda t: counts[t])

    def _balance(self) -> None:
        """R15.2: move the player due the big blind from a largest table to the
        worst position at a smallest table, until balanced."""
        while (move := self._balance_step(counts := self.counts())) is not None:
            source, target = move
            high = counts[source]
            for t in sorted(counts):
                table = self.tables[t]
                if counts[t] == high and table.hand is None and len(table.players_with_chips) < 2:
                    # a table left with one player seated sits its waiting
                    # players now, as its next hand would (R15.3), so that the
                    # player due its big blind can move (R15.2)
                    self._seat_waiting(t)
            table = self.tables[source]
            from_seat = due_big_blind(table, self._first_button[source])
            state = table.seats[from_seat]
            assert state is not None
            chips = table.leave(from_seat, transfer=True)
            rows = seat_order(
                self.tables[target], self._free_seats(target), self._first_button[target]
            )
            late, _, seat = rows[0]
            position = "late" if late else "worst"
            if len(self.tables[target].players_with_chips) < 2:
                position = "drawn"  # the blinds start afresh at a table left with one player
            self._arrive(state.name, chips, source, from_seat, target, seat, "balance", position)

    def _arrive(
        self,
        name: str,
        chips: int,
        from_table: int,
        from_seat: int,
        target: int,
        seat: int,
        reason: str,
        position: str,
    ) -> None:
        table = self.tables[target]
        chips = self._colour_up_mover(name, chips, from_table, target)
        waits = must_wait(table, seat, self._first_button[target])
        if waits or table.hand is not None:
            self._waiting[target].append(Waiting(name, chips, seat, table.hands_played + 1))
        else:
            table.sit(seat, name, chips, transfer=True)
        self.moves += 1
        self._record(
            Moved(
                name,
                from_table,
                from_seat,
                target,
                seat,
                chips,
                reason,
                position,
                waits,
                self._hands,
            )
        )

    def _seat_waiting(self, number: int, *, everyone: bool = False) -> None:
        """Sit the players whose wait is over (all of them when the table would
        otherwise have fewer than two players)."""
        table = self.tables[number]
        waiting = self._waiting[number]
        if not waiting:
            return
        everyone = everyone or len(table.players_with_chips) < 2
        keep = []
        for w in waiting:
            if everyone or table.hands_played >= w.after:
                table.sit(w.seat, w.name, w.chips, transfer=True)
            else:
                keep.append(w)
        self._waiting[number] = keep

    def _last_entry_level(self) -> int:
        return self.entries.last_level

    def _record(self, event: MttEvent) -> None:
        self._events.append(event)
        self._recorded += 1
