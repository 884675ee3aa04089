"""Late registration, re-entries, rebuys and add-ons (R15.8) for the director.

:class:`Entries` holds the options; :class:`EntryDesk` is a base class of
:class:`holdem.mtt.director.Director` that sells the entries and chips.

- **Late registration** (``late_until``): a new player may register while
  the level in force is at most ``late_until`` (levels from 1).
- **Re-entry** (``reentries``): in the same period, a player out of the
  tournament may buy in again, at most ``reentries`` times. A player finishes
  **once overall** (R15.8): their last entry's finish is their place; every
  entry adds ``buy_in`` to the prize pool.
- **Rebuys** (``rebuy_until``): while the level in force is at most
  ``rebuy_until``, a player whose stack is at most ``rebuy_below`` (the
  starting stack unless given) buys ``rebuy_chips`` for ``rebuy_price``,
  between their table's hands; a player out in that period may rebuy too.
  At most ``rebuys`` times (``None``: no limit).
- **Add-on** (``add_on_level``): while that level is in force (and during
  the break after it, R15.9), each player still in may buy ``add_on_chips``
  once for ``add_on_price``.

Players out while any of these is still possible are *busted* but not yet
placed; when the last period closes (a level change, or the end of the
tournament) they are placed below everyone still in, the later out the
higher, equal starting stacks in the same hand sharing (R15.4, R15.8).
Entrants (late, re-entered, rebought when out) are seated as a broken
table's players are (R15.3): at a table with the fewest players among those
that stay open, a random free seat; when every table is full a new table
opens (numbered after the highest, first in the break order). Tables are
broken and balanced (R15.2, R15.3) when the next hand starts, once every
entry made between the hands is seated.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from fractions import Fraction

import attrs

from holdem.errors import ConfigError, HoldemError
from holdem.mtt.balance import must_wait
from holdem.mtt.events import Bought, Busted, Eliminated, Entered, EntriesClosed, MttEvent
from holdem.mtt.payouts import check_weights, prizes, shared_prizes, standard_payouts
from holdem.mtt.results import Result, Waiting
from holdem.table.schedule import Schedule
from holdem.table.table import Table

__all__ = ["Entries", "EntryDesk", "EntryError"]

Out = tuple[str, int, int, int]  # name, starting stack, tournament hand, table


class EntryError(HoldemError):
    """An entry, rebuy or add-on that is not allowed now; nothing changed."""


def _whole(field: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ConfigError(field, f"must be a whole number >= {low}, got {value!r}")
    return value


@attrs.frozen(kw_only=True)
class Entries:
    """The entry options of a tournament (R15.8); every amount whole.

    Attributes:
        buy_in: currency units an entry (a re-entry too) adds to the pool.
        late_until: the last level (from 1) of late registration and re-entry; 0: none.
        reentries: the most re-entries per player.
        rebuy_until: the last level of rebuys; 0: none.
        rebuys: the most rebuys per player; ``None``: no limit.
        rebuy_below: the largest stack that may rebuy; ``None``: the starting stack.
        rebuy_chips, rebuy_price: chips of a rebuy and units it adds to the
            pool; ``None``: the starting stack, ``buy_in``.
        add_on_level: the level (from 1) of the add-on; 0: none.
        add_on_chips, add_on_price: as for rebuys.

    Raises:
        ConfigError: a value is not a whole number in range; re-entries,
            or a rebuy or add-on option, without the level that allows them.
    """

    buy_in: int = 100
    late_until: int = 0
    reentries: int = 0
    rebuy_until: int = 0
    rebuys: int | None = None
    rebuy_below: int | None = None
    rebuy_chips: int | None = None
    rebuy_price: int | None = None
    add_on_level: int = 0
    add_on_chips: int | None = None
    add_on_price: int | None = None

    def __attrs_post_init__(self) -> None:
        _whole("buy_in", self.buy_in, 0)
        for field in ("late_until", "reentries", "rebuy_until", "add_on_level"):
            _whole(field, getattr(self, field), 0)
        for field in ("rebuys", "rebuy_below", "rebuy_price", "add_on_price"):
            if getattr(self, field) is not None:
                _whole(field, getattr(self, field), 0)
        for field in ("rebuy_chips", "add_on_chips"):
            if getattr(self, field) is not None:
                _whole(field, getattr(self, field), 1)
        if self.reentries and not self.late_until:
            raise ConfigError("reentries", "re-entries need late_until (the last level)")
        for field in ("rebuys", "rebuy_below", "rebuy_chips", "rebuy_price"):
            if getattr(self, field) is not None and not self.rebuy_until:
                raise ConfigError(field, "needs rebuy_until (the last level of rebuys)")
        for field in ("add_on_chips", "add_on_price"):
            if getattr(self, field) is not None and not self.add_on_level:
                raise ConfigError(field, "needs add_on_level (the level of the add-on)")

    @property
    def last_level(self) -> int:
        """The last level (from 1) in which anything may be bought; 0: none."""
        return max(self.late_until, self.rebuy_until, self.add_on_level)

    def as_dict(self) -> dict[str, int | None]:
        """The options as JSON-ready data (snapshots)."""
        return attrs.asdict(self)


class EntryDesk:
    """Entries, rebuys and add-ons for :class:`~holdem.mtt.director.Director` (its base)."""

    # The director's state read and written here (set by Director).
    names: tuple[str, ...]
    seats: int
    stack: int
    schedule: Schedule
    seed: int | str | None
    entries: Entries
    prize_pool: int
    prizes: tuple[int, ...]
    hand_for_hand_at: int
    break_order: tuple[int, ...]
    tables: dict[int, Table]
    chips_bought: int
    chips_raced: int
    _weights: tuple[int | float | Fraction, ...] | None
    _h4h_given: bool
    _rng: random.Random
    _events: deque[MttEvent]
    _index: dict[str, int]
    _results: dict[str, Result]
    _left: int
    _hands: int
    _level: int
    _open: bool
    _on_break: int | None
    _pending: list[Out]
    _bought: dict[str, list[int]]  # name -> [re-entries, rebuys, add-ons]
    _waiting: dict[int, list[Waiting]]
    _first_button: dict[int, int]

    def _record(self, event: MttEvent) -> None:
        raise NotImplementedError  # pragma: no cover - the director's

    def _new_table(self, number: int, button: int | None = None) -> Table:
        raise NotImplementedError  # pragma: no cover - the director's

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
        raise NotImplementedError  # pragma: no cover - the director's

    def counts(self) -> dict[int, int]:
        raise NotImplementedError  # pragma: no cover - the director's

    def _free_seats(self, number: int) -> list[int]:
        raise NotImplementedError  # pragma: no cover - the director's

    def _breaking(self) -> list[int]:
        raise NotImplementedError  # pragma: no cover - the director's

    def _hand_for_hand_due(self) -> None:
        raise NotImplementedError  # pragma: no cover - the director's

    # ------------------------------------------------------------ queries
    @property
    def entries_open(self) -> bool:
        """Something may still be bought (R15.8): the level in force is at most
        the last level of late registration, rebuys or the add-on."""
        return self._open

    @property
    def entry_count(self) -> int:
        """Entries sold: the players registered plus the re-entries."""
        return len(self.names) + sum(b[0] for b in self._bought.values())

    @property
    def busted(self) -> tuple[str, ...]:
        """Players out while entries are open, not yet placed (R15.8), oldest first."""
        return tuple(o[0] for o in self._pending)

    def can_register(self) -> bool:
        """Late registration is open (R15.8)."""
        return self._open and self._level_number() <= self.entries.late_until

    def can_reenter(self, name: str) -> bool:
        """``name`` is out and may re-enter now (R15.8)."""
        e = self.entries
        return (
            self.can_register() and self._is_pending(name) and self._bought[name][0] < e.reentries
        )

    def bought(self, name: str) -> tuple[int, int, int]:
        """What ``name`` bought: re-entries, rebuys, add-ons (R15.8)."""
        reentries, rebuys, add_ons = self._bought[name]
        return reentries, rebuys, add_ons

    def _level_number(self) -> int:
        return self._level + 1

    def _find(self, name: str) -> tuple[int, int] | None:
        for number, table in self.tables.items():
            for state in table.seats:
                if state is not None and state.name == name and state.stack > 0:
                    return number, state.seat
        return None

    def _is_pending(self, name: str) -> bool:
        return any(o[0] == name for o in self._pending)

    # ----------------------------------------------------------- purchases
    def register(self, name: str) -> None:
        """Late registration (R15.8): ``name`` joins with the starting stack.

        Raises:
            EntryError: registration is closed, the name is empty or taken.
        """
        e = self.entries
        if not self.can_register():
            raise EntryError("late registration is closed")
        if not isinstance(name, str) or not name or name in self._index:
            raise EntryError(f"{name!r} cannot register: empty or already registered")
        self._index[name] = len(self.names)
        self.names = (*self.names, name)
        self._bought[name] = [0, 0, 0]
        self._sell(e.buy_in)
        self._enter(name, "late", self.stack, e.buy_in)

    def reenter(self, name: str) -> None:
        """Re-entry (R15.8): ``name``, out of the tournament, buys in again.

        Raises:
            EntryError: late registration is closed, ``name`` is not out (or
                already placed), or has no re-entries left.
        """
        e = self.entries
        if not self._open or self._level_number() > e.late_until:
            raise EntryError("re-entry is closed")
        if not self._is_pending(name):
            raise EntryError(f"{name!r} is not out of the tournament")
        if self._bought[name][0] >= e.reentries:
            raise EntryError(f"{name} has no re-entries left ({e.reentries})")
        self._bought[name][0] += 1
        self._unbust(name)
        self._sell(e.buy_in)
        self._enter(name, "re-entry", self.stack, e.buy_in)

    def can_rebuy(self, name: str) -> bool:
        """``name`` may rebuy now (R15.8): in the rebuy period, rebuys left, and
        out of the tournament or between hands with at most ``rebuy_below``."""
        e = self.entries
        if not self._open or self._level_number() > e.rebuy_until or name not in self._bought:
            return False
        if e.rebuys is not None and self._bought[name][1] >= e.rebuys:
            return False
        if self._is_pending(name):
            return True
        where = self._find(name)
        if where is None or self.tables[where[0]].hand is not None:
            return False
        state = self.tables[where[0]].seats[where[1]]
        assert state is not None
        return state.stack <= (self.stack if e.rebuy_below is None else e.rebuy_below)

    def rebuy(self, name: str) -> None:
        """A rebuy (R15.8): ``rebuy_chips`` onto the stack of ``name`` between
        their table's hands; a player who is out is seated again, as an entrant.

        Raises:
            EntryError: not allowed now (:meth:`can_rebuy`).
        """
        if not self.can_rebuy(name):
            raise EntryError(f"{name!r} may not rebuy now")
        e = self.entries
        chips = self.stack if e.rebuy_chips is None else e.rebuy_chips
        price = e.buy_in if e.rebuy_price is None else e.rebuy_price
        self._bought[name][1] += 1
        self._sell(price)
        if self._is_pending(name):
            self._unbust(name)
            self._enter(name, "rebuy", chips, price)
        else:
            self._top_up(name, chips, price, "rebuy")

    def can_add_on(self, name: str) -> bool:
        """``name`` may take the add-on now (R15.8): the add-on level is in force
        (or its break, R15.9), not taken yet, in and between their table's hands."""
        e = self.entries
        level = self._level_number() if self._on_break is None else self._on_break
        if not self._open or level != e.add_on_level or name not in self._bought:
            return False
        where = self._find(name)
        if self._bought[name][2] or where is None:
            return False
        return self.tables[where[0]].hand is None

    def add_on(self, name: str) -> None:
        """The add-on (R15.8) for ``name``.

        Raises:
            EntryError: not allowed now (:meth:`can_add_on`).
        """
        if not self.can_add_on(name):
            raise EntryError(f"{name!r} may not take the add-on now")
        e = self.entries
        chips = self.stack if e.add_on_chips is None else e.add_on_chips
        price = e.buy_in if e.add_on_price is None else e.add_on_price
        self._bought[name][2] = 1
        self._sell(price)
        self._top_up(name, chips, price, "add-on")

    def close_entries(self) -> None:
        """Close every entry period now (R15.8), as the tournament director may:
        the busted are placed and the prizes are final. Nothing when closed."""
        self._close_entries()

    # ------------------------------------------------------------ helpers
    def _sell(self, price: int) -> None:
        self.prize_pool += price
        self._reprice()

    def _reprice(self) -> None:
        """The prizes for the pool and field as they are (R15.6, R15.8)."""
        weights = standard_payouts(len(self.names)) if self._weights is None else self._weights
        check_weights(weights, len(self.names))
        self.prizes = prizes(self.prize_pool, weights)
        if not self._h4h_given:
            self.hand_for_hand_at = len(self.prizes) + 1

    def _unbust(self, name: str) -> None:
        self._pending = [o for o in self._pending if o[0] != name]

    def _top_up(self, name: str, chips: int, price: int, kind: str) -> None:
        where = self._find(name)
        assert where is not None
        number, seat = where
        table = self.tables[number]
        state = table.seats[seat]
        assert state is not None
        table.set_tournament_stack(seat, state.stack + chips, kind)
        table.drain_events()
        self.chips_bought += chips
        stack = state.stack + chips
        self._record(Bought(name, kind, number, seat, chips, stack, price, self._hands))

    def _enter(self, name: str, kind: str, chips: int, price: int) -> None:
        """Seat an entrant (R15.8, as R15.3): a table with the fewest players
        among those that stay open, a random free seat; a new table when
        every table is full. Breaking and balancing wait for the next hand
        (R15.3): the entries of one gap between hands are all seated first."""
        self._left += 1
        self.chips_bought += chips
        counts = self.counts()
        breaking = self._breaking()  # with this entrant counted: the others have room
        staying = {t: c for t, c in counts.items() if t not in breaking and self._free_seats(t)}
        low = min(staying.values(), default=0)
        choices = sorted(t for t, c in staying.items() if c == low)
        if not choices:
            number = max(self.tables) + 1
            self.tables[number] = self._new_table(number)
            self._waiting[number] = []
            # a new table breaks first; its number may be one broken before
            self.break_order = (number, *(t for t in self.break_order if t != number))
            choices = [number]
        target = self._rng.choice(choices)
        seat = self._rng.choice(self._free_seats(target))
        table = self.tables[target]
        waits = must_wait(table, seat, self._first_button[target])
        if waits or table.hand is not None:
            self._waiting[target].append(Waiting(name, chips, seat, table.hands_played + 1))
        else:
            table.sit(seat, name, chips, transfer=True)
        self._record(Entered(name, kind, target, seat, chips, price, waits, self._hands))

    def _bust(self, out: Sequence[Out]) -> None:
        """Players out while entries are open: busted, placed later (R15.8)."""
        for o in out:
            self._pending.append(o)
            self._record(Busted(o[0], o[2], o[3], o[1]))
        self._left -= len(out)

    def _close_entries(self) -> None:
        """The last entry period is over: final prizes; the busted are placed
        below everyone in, the later out the higher: by the order in which
        their hands ended, players out in one hand by starting stack (R15.8)."""
        if not self._open:
            return
        self._open = False
        self._reprice()
        # the busted are kept in the order their hands ended (not started: at
        # a server the tables play at once); the last out is placed highest
        ended = {o[2]: i for i, o in enumerate(self._pending)}
        order = sorted(self._pending, key=lambda o: (-ended[o[2]], -o[1], self._index[o[0]]))
        place = self._left + 1
        i = 0
        while i < len(order):
            j = i
            while j < len(order) and order[j][1:3] == order[i][1:3]:
                j += 1
            self._place(order[i:j], place)
            place += j - i
            i = j
        self._pending = []
        self._record(
            EntriesClosed(self._level_number(), self.entry_count, len(self.names), self.prize_pool)
        )
        self._hand_for_hand_due()

    def _place(self, group: Sequence[Out], place: int) -> None:
        """Places ``place``... shared by ``group`` (equal starting stacks, one hand or round)."""
        group = sorted(group, key=lambda o: self._index[o[0]])
        places = range(place, place + len(group))
        paid = [self.prizes[p - 1] if p <= len(self.prizes) else 0 for p in places]
        for (name, start, hand, table), prize in zip(group, shared_prizes(paid, len(group))):
            shared = len(group) > 1
            self._results[name] = Result(place, name, shared, prize, hand, start)
            self._record(Eliminated(name, place, shared, prize, hand, table, start))
