"""Between hands at the table: sitting down, leaving, rebuys, top-ups,
stack resets and held seats (R10.2, with R14.3 for newcomers).

:class:`TableSeating` is a base class of :class:`holdem.table.table.Table`; the
methods are documented there and here. A cash player who busts keeps the
seat for ``hold_seconds`` (R10.2): :meth:`TableSeating.expire_holds` frees the
seats held longer, as every other between-hands operation does first.
"""

from __future__ import annotations

from collections.abc import Callable

from holdem.engine.hand import Hand
from holdem.errors import value_text
from holdem.table.clock import TurnClock
from holdem.table.events import Rebought, SatIn, SeatLeft, SeatTaken, TableEvent
from holdem.table.seats import (
    Player,
    Standing,
    TableError,
    TableMode,
    TableReason,
    check_chips,
)


class TableSeating:
    """Seat changes between hands for :class:`holdem.table.table.Table` (its base class)."""

    # The table's state read and written here (set by Table).
    mode: TableMode
    min_buy_in: int
    max_buy_in: int | None
    turn_clock: TurnClock | None
    _hand: Hand | None
    _started_at: float | None
    _players: list[Player | None]
    _record: Callable[[TableEvent], None]
    _between_hands: Callable[[int], None]
    _expire: Callable[[], tuple[int, ...]]
    _chips: Callable[[], int]
    _occupied: Callable[[int], Player]
    _newcomer_entry: Callable[[object], str | None]
    _winner: Standing | None
    _chip_unit: int

    def sit(
        self, seat: int, name: str, chips: int, *, post: bool = False, transfer: bool = False
    ) -> None:
        """Seat ``name`` at the empty table seat ``seat`` with ``chips``.

        ``transfer``: a tournament player moved here from another table by a
        tournament director (R15, :mod:`holdem.mtt`), allowed once play has
        started; they are dealt in from the next hand, and a table that had
        come down to one player is no longer won (:attr:`Table.is_over`).

        In a cash game in play, ``post`` deals the newcomer in at the next
        hand for one big blind live (R14.3); without it they are dealt in
        at the next hand, or wait for the big blind when the table has
        ``newcomers_wait`` (see :mod:`holdem.table.sitout`).

        Raises:
            TableError: during a hand, no such seat, seat taken, name empty or
                already seated, or a tournament that has started.
            BuyInError: a cash buy-in below ``min_buy_in`` or above
                ``max_buy_in`` (R10.2); in a tournament, chips below 1;
                chips that would bring the table's beyond 2**62.
        """
        self._between_hands(seat)
        self._expire()
        if not isinstance(post, bool):
            raise TableError(
                seat,
                TableReason.BAD_AMOUNT,
                f"post must be true or false, got {value_text(post, True)}",
            )
        taken = self._players[seat]
        if taken is not None:
            raise TableError(seat, TableReason.SEAT_TAKEN, f"taken by {taken.name}")
        if not isinstance(name, str) or not name.strip():
            raise TableError(
                seat,
                TableReason.BAD_NAME,
                f"a name must be a non-empty string, got {value_text(name, True)}",
            )
        if any(p is not None and p.name == name for p in self._players):
            raise TableError(seat, TableReason.BAD_NAME, f"{name} is already seated")
        if self.mode is TableMode.TOURNAMENT:
            if self._started_at is not None and transfer is not True:
                raise TableError(seat, TableReason.TOURNAMENT_STARTED, "the tournament has started")
            check_chips(seat, chips, 0, 1, None, self._chips())
        else:
            check_chips(seat, chips, 0, self.min_buy_in, self.max_buy_in, self._chips())
        bank = 0.0 if self.turn_clock is None else self.turn_clock.time_bank
        entry = self._newcomer_entry(post)
        self._players[seat] = Player(name, chips, time_bank=bank, entry=entry)
        if transfer and self.mode is TableMode.TOURNAMENT:
            self._winner = None  # the table's last player has company again: play goes on
        self._record(SeatTaken(seat, name, chips))
        if entry is not None:
            self._record(SatIn(seat, name, entry, True))

    def leave(self, seat: int, *, transfer: bool = False) -> int:
        """The player at ``seat`` leaves and takes their chips; returns the chips.

        ``transfer``: a tournament player moved to another table by a
        tournament director (R15, :mod:`holdem.mtt`), who takes their chips
        along (the :class:`SeatLeft` reason is ``moved``).

        Raises:
            TableError: during a hand, an empty seat, or a tournament player
                with chips after the start (chips never leave a tournament).
        """
        player = self._occupied(seat)
        if self.mode is TableMode.TOURNAMENT and self._started_at is not None and not transfer:
            raise TableError(
                seat, TableReason.TOURNAMENT_STARTED, "a tournament player cannot leave with chips"
            )
        self._players[seat] = None
        self._record(SeatLeft(seat, player.name, player.stack, "moved" if transfer else "left"))
        return player.stack

    def rebuy(self, seat: int, chips: int, *, post: bool = False) -> None:
        """Buy ``chips`` for the player at ``seat`` between hands (R10.2).

        A *rebuy* when the stack is empty, else a *top-up*. Either way the
        stack afterwards must be at least ``min_buy_in`` (so a rebuy is at
        least the minimum buy-in) and at most ``max_buy_in``. A rebuy keeps a
        held seat.

        While the seat was held the player was not dealt in, so the blinds
        that passed it were missed (R14.2). A rebuy with a missed blind then
        waits for the big blind, or with ``post`` posts one big blind live
        and a missed small blind dead at the next hand (a :class:`SatIn`
        event records which, as for :meth:`sit_in`). A rebuy with nothing
        missed is dealt in at the next hand; ``post`` changes nothing then.

        Raises:
            TableError: during a hand, an empty seat (a hold that has expired
                included), a tournament (no rebuys), or ``post`` not a bool.
            BuyInError: ``chips`` not positive, or the stack would be below
                ``min_buy_in`` or above ``max_buy_in``.
        """
        player = self._occupied(seat)
        if self.mode is TableMode.TOURNAMENT:
            raise TableError(seat, TableReason.NO_REBUYS, "no rebuys in a tournament")
        if not isinstance(post, bool):
            raise TableError(
                seat,
                TableReason.BAD_AMOUNT,
                f"post must be true or false, got {value_text(post, True)}",
            )
        others = self._chips() - player.stack
        check_chips(seat, chips, player.stack, self.min_buy_in, self.max_buy_in, others)
        kind = "rebuy" if player.stack == 0 else "top-up"
        player.stack += chips
        player.busted_at = None
        self._record(Rebought(seat, player.name, chips, player.stack, kind))
        owes = player.missed_small or player.missed_big
        if kind == "rebuy" and owes and not player.sitting_out and player.entry is None:
            player.entry = "post" if post else "wait"
            self._record(SatIn(seat, player.name, player.entry, False))

    def set_tournament_stack(self, seat: int, chips: int, kind: str) -> None:
        """A tournament director sets the stack of the player at ``seat``
        between hands (R15.8 rebuys and add-ons, R15.7 colour-up; see
        :mod:`holdem.mtt`). Recorded as :class:`Rebought` of ``kind`` with
        ``chips`` the change (negative when the stack went down).

        Raises:
            TableError: during a hand, an empty seat, or not a tournament.
            BuyInError: ``chips`` below 1 or too large.
        """
        player = self._occupied(seat)
        if self.mode is not TableMode.TOURNAMENT:
            raise TableError(seat, TableReason.NO_REBUYS, "only a tournament director may")
        check_chips(seat, chips, 0, 1, None, self._chips() - player.stack)
        change, player.stack = chips - player.stack, chips
        if change:
            self._record(Rebought(seat, player.name, change, chips, kind))

    def set_chip_unit(self, unit: int) -> None:
        """A tournament director's colour-up (R15.7): from the next hand, pots
        are split in whole units of ``unit`` (R8.3).

        Raises:
            TableError: during a hand, or ``unit`` not a whole number >= 1.
        """
        if self._hand is not None:
            raise TableError(None, TableReason.HAND_IN_PROGRESS, "a hand is in progress")
        if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
            raise TableError(
                None, TableReason.BAD_AMOUNT, f"a chip unit must be >= 1, got {unit!r}"
            )
        self._chip_unit = unit

    def reset_stacks(self, chips: int) -> None:
        """Give every seated player a stack of exactly ``chips`` between hands.

        For simulations that start every hand afresh while the button moves
        on as usual (R10.1). A stack may go down as well as up, so this is not
        a purchase: each changed stack is recorded as a :class:`Rebought` of
        kind ``reset`` whose ``chips`` is the change (negative when the stack
        went down). A held seat (R10.2) is no longer held, and the blinds it missed
        (R14.2) are forgotten.

        Raises:
            TableError: during a hand, or a tournament (no rebuys).
            BuyInError: ``chips`` not positive, below ``min_buy_in`` or above
                ``max_buy_in``.
        """
        if self._hand is not None:
            raise TableError(None, TableReason.HAND_IN_PROGRESS, "a hand is in progress")
        if self.mode is TableMode.TOURNAMENT:
            raise TableError(None, TableReason.NO_REBUYS, "no rebuys in a tournament")
        players = self._players
        seated = [seat for seat, player in enumerate(players) if player is not None]
        if seated:
            others = chips * (len(seated) - 1) if isinstance(chips, int) else 0
            check_chips(seated[0], chips, 0, self.min_buy_in, self.max_buy_in, others)
        for seat, player in enumerate(players):
            if player is None:
                continue
            if player.stack == 0:  # a fresh start: the blinds a held seat missed are forgotten
                player.missed_small = player.missed_big = False
            player.busted_at = None
            if player.stack != chips:
                self._record(Rebought(seat, player.name, chips - player.stack, chips, "reset"))
                player.stack = chips

    def expire_holds(self) -> tuple[int, ...]:
        """Free the seats held longer than ``hold_seconds`` (R10.2); the seats freed.

        Also done before every other between-hands operation and every hand.
        """
        if self._hand is not None:
            raise TableError(None, TableReason.HAND_IN_PROGRESS, "a hand is in progress")
        return self._expire()
