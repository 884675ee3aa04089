"""Configuration of one hand: seats, stacks, button, blinds, antes, structure.

Everything is checked when the configuration is built; a bad value raises
:class:`~holdem.errors.ConfigError` naming the field.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Mapping, Sequence

import attrs

from holdem.engine.pots import Rake
from holdem.errors import ConfigError, value_text


class AnteType(str, enum.Enum):
    """How antes are posted (R2.3)."""

    NONE = "none"
    UNIFORM = "uniform"
    BIG_BLIND = "big_blind"

    def __str__(self) -> str:
        return self.value


class Structure(str, enum.Enum):
    """The betting structure: no-limit (R3.4) or pot-limit (R3.5)."""

    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"

    def __str__(self) -> str:
        return self.value


MAX_STACK = 2**62
"""The largest stack or forced bet :class:`TableConfig` accepts, in chips: far
beyond any real game, and low enough that every bet or raise-to amount of a
hand stays within :data:`holdem.engine.betting.MAX_CHIPS`, the bound of amounts
written in text and records."""


def plain_int(value: object) -> int | None:
    """``value`` as a plain ``int`` (through ``__index__``, so numpy integers and
    int subclasses work), or ``None`` for a bool or anything not a whole number."""
    if isinstance(value, bool):
        return None
    try:
        return int.__index__(operator.index(value))  # type: ignore[arg-type]
    except TypeError:
        return None


def _chips(field: str, whole: object, minimum: int) -> int:
    value = plain_int(whole)
    if value is None:
        raise ConfigError(field, f"must be a whole number of chips, got {whole!r}")
    if value < minimum:
        raise ConfigError(field, f"must be at least {minimum}, got {value}")
    if value > MAX_STACK:
        raise ConfigError(
            field, f"must be at most 2**62 chips, got a {value.bit_length()}-bit number"
        )
    return int(value)


def _enum(cls: type[enum.Enum], field: str, value: object) -> enum.Enum:
    try:
        return cls(value)
    except ValueError:
        choices = ", ".join(str(m.value) for m in cls)
        raise ConfigError(field, f"must be one of {choices}, got {value!r}") from None


def _seat(field: str, value: object, count: int) -> int:
    seat = plain_int(value)
    if seat is None or not 0 <= seat < count:
        shown = value_text(value, quote=True)
        raise ConfigError(field, f"must be a seat from 0 to {count - 1}, got {shown}")
    return seat


def _straddles(
    value: object,
    stacks: tuple[int, ...],
    ante: int,
    big_blind: int,
    button: int,
    big_blind_seat: int,
    blinds: set[int | None],
) -> tuple[int, ...]:
    """The straddling seats, checked against R11.1."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ConfigError("straddles", f"must be a sequence of seats, got {value!r}")
    count = len(stacks)
    seats = tuple(_seat(f"straddles[{k}]", s, count) for k, s in enumerate(value))
    if not seats:
        return seats
    if count == 2:
        raise ConfigError("straddles", "there are no straddles heads-up (R11.1)")
    utg = (big_blind_seat + 1) % count
    first = seats[0]
    if first == button:
        if len(seats) > 1:
            raise ConfigError("straddles", "no re-straddle after a button straddle (R11.1)")
    elif first != utg:
        raise ConfigError(
            "straddles[0]",
            f"the first straddle comes from seat {utg}, left of the big blind, "
            f"or from the button, seat {button}; got seat {first} (R11.1)",
        )
    elif count < 4:
        raise ConfigError("straddles", "a UTG straddle needs four or more players (R11.1)")
    for k, seat in enumerate(seats):
        if seat in blinds:
            raise ConfigError(f"straddles[{k}]", f"seat {seat} posts a blind (R11.1)")
        if k and (seat != (seats[k - 1] + 1) % count or seats[k - 1] == button):
            raise ConfigError(
                f"straddles[{k}]",
                f"a re-straddle comes from the seat left of the previous straddler, "
                f"up to the button; got seat {seat} (R11.1)",
            )
        amount = big_blind << (k + 1)
        if stacks[seat] - ante <= amount:
            raise ConfigError(
                f"straddles[{k}]",
                f"seat {seat}'s stack after the ante ({stacks[seat] - ante}) must exceed "
                f"the straddle of {amount} (R11.1)",
            )
    return seats


def _posts(
    field: str, value: object, count: int, forbidden: set[int | None]
) -> tuple[int, ...] | None:
    """Per-seat posts (R14.3); ``None`` when nobody posts."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ConfigError(field, f"must be a sequence of chip counts, got {value!r}")
    if len(value) != count:
        raise ConfigError(field, f"needs one amount per seat ({count}), got {len(value)}")
    posts = tuple(_chips(f"{field}[{i}]", v, 0) for i, v in enumerate(value))
    if not any(posts):
        return None
    if count < 3:
        raise ConfigError(field, "posts need three or more players (R14.3)")
    for seat, chips in enumerate(posts):
        if chips and seat in forbidden:
            raise ConfigError(
                f"{field}[{seat}]",
                f"seat {seat} already posts a blind or a straddle this hand (R14.3)",
            )
    return posts


def _max_runs(value: object) -> int:
    runs = plain_int(value)
    if runs is None or not 1 <= runs <= 3:
        raise ConfigError("max_runs", f"must be 1, 2 or 3 (R12.1), got {value_text(value, True)}")
    return runs


def _rake(value: object) -> Rake | None:
    if value is None or isinstance(value, Rake):
        return value
    if not isinstance(value, Mapping):
        raise ConfigError("rake", f"must be a Rake, a mapping or None, got {type(value).__name__}")
    keys = sorted(map(str, value))
    if "rate" not in value or set(keys) - {"rate", "cap", "no_flop_no_drop"}:
        raise ConfigError(
            "rake", f"needs 'rate' and may have 'cap', 'no_flop_no_drop', got keys {keys[:6]}"
        )
    return Rake(
        value["rate"], cap=value.get("cap"), no_flop_no_drop=value.get("no_flop_no_drop", False)
    )


@attrs.frozen(init=False)
class TableConfig:
    """The table for one hand; all amounts in chips (integers).

    Attributes:
        names: player names, one per seat (indexed by seat, 0-based, clockwise).
        stacks: starting stacks, one per seat, each a positive integer.
        button: the button seat.
        small_blind, big_blind: blind amounts (R2.1); ``0 <= small <= big``, big > 0.
        ante: the ante amount (R2.3); 0 when ``ante_type`` is ``none``.
        ante_type: :class:`AnteType` (``none``, ``uniform``, ``big_blind``).
        structure: :class:`Structure` (``no_limit`` or ``pot_limit``).
        min_bet: the minimum bet and minimum raise size (R3.2, R3.3); the big
            blind unless given, and never less than it.
        chip_unit: the smallest chip on the table; pots are split in whole
            units of it (R8.3). 1 unless given.
        small_blind_seat: the seat posting the small blind, or ``None`` when
            no small blind is posted (a dead small blind). By default the
            seat left of the button, or the button heads-up (R2.1, R2.2).
        big_blind_seat: the seat posting the big blind. By default the
            second seat left of the button, or the non-button seat heads-up.
            Preflop action starts left of it.
        straddles: the straddling seats in posting order (R11.1): first the
            seat left of the big blind (a UTG straddle, four or more players),
            then each re-straddle by the next seat clockwise; or only the
            button (a button straddle, three or more players). Each straddle
            is twice the big blind, each re-straddle twice the one before
            (:attr:`straddle_amounts`). Empty by default.
        live_posts: per seat, a live post of one big blind (R14.3), or 0; it
            is the poster's bet. ``None`` when nobody posts.
        dead_posts: per seat, a dead post in chips (R14.3), or 0; it goes to
            the main pot outside the layering, like the big-blind ante (R7.6).
            ``None`` when nobody posts.
        free_fold: a seat owing nothing may fold, and the fold stands (R3.1).
            ``False`` by default: such a fold is refused.
        max_runs: the most times the board may be run when betting ends with
            a player all-in and cards to come (R12.1), 1 to 3; 1 (never asked)
            unless given.
        rake: the table's :class:`~holdem.engine.pots.Rake` (R13), or ``None`` for no
            rake; a mapping such as ``{"rate": "5%", "cap": 30}`` is accepted.

    Raises:
        ConfigError: any field is invalid (2 to 10 seats, names unique and
            non-empty, stacks positive, button a seat, blinds and antes
            consistent, chip unit dividing nothing is fine but must be >= 1,
            amounts at most :data:`MAX_STACK`; straddles and posts as in
            R11.1 and R14.3: no straddle heads-up, none from a stack that does
            not exceed it after its ante, no re-straddle after a button
            straddle, no post with fewer than three players, a live post of
            exactly one big blind, no post from a seat posting a blind or a
            straddle).

    >>> TableConfig(stacks=[1000, 1000], small_blind=5, big_blind=10).names
    ('Seat 0', 'Seat 1')
    """

    names: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int
    small_blind: int
    big_blind: int
    ante: int
    ante_type: AnteType
    structure: Structure
    min_bet: int
    chip_unit: int
    small_blind_seat: int | None
    big_blind_seat: int
    straddles: tuple[int, ...]
    live_posts: tuple[int, ...] | None
    dead_posts: tuple[int, ...] | None
    free_fold: bool
    max_runs: int
    rake: Rake | None

    def __init__(
        self,
        stacks: Sequence[int],
        small_blind: int,
        big_blind: int,
        *,
        names: Sequence[str] | None = None,
        button: int = 0,
        ante: int = 0,
        ante_type: AnteType | str | None = None,
        structure: Structure | str = Structure.NO_LIMIT,
        min_bet: int | None = None,
        chip_unit: int = 1,
        small_blind_seat: int | None | str = "default",
        big_blind_seat: int | None = None,
        straddles: Sequence[int] = (),
        live_posts: Sequence[int] | None = None,
        dead_posts: Sequence[int] | None = None,
        free_fold: bool = False,
        max_runs: int = 1,
        rake: Rake | Mapping[str, object] | None = None,
    ) -> None:
        if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence):
            raise ConfigError("stacks", f"must be a sequence of chip counts, got {stacks!r}")
        count = len(stacks)
        if not 2 <= count <= 10:
            raise ConfigError("stacks", f"a table has 2 to 10 seats, got {count}")
        chips = tuple(_chips(f"stacks[{i}]", s, 1) for i, s in enumerate(stacks))
        if names is None:
            names = [f"Seat {i}" for i in range(count)]
        if isinstance(names, str) or len(names) != count:
            raise ConfigError("names", f"needs one name per seat ({count})")
        for i, name in enumerate(names):
            if not isinstance(name, str) or not name.strip():
                raise ConfigError(f"names[{i}]", f"must be a non-empty string, got {name!r}")
        if len(set(names)) != count:
            raise ConfigError("names", "names must be unique")
        button = _seat("button", button, count)
        sb = _chips("small_blind", small_blind, 0)
        bb = _chips("big_blind", big_blind, 1)
        if sb > bb:
            raise ConfigError("small_blind", f"must not exceed the big blind ({bb}), got {sb}")
        ante_chips = _chips("ante", ante, 0)
        if ante_type is None:
            kind = AnteType.UNIFORM if ante_chips else AnteType.NONE
        else:
            kind = _enum(AnteType, "ante_type", ante_type)  # type: ignore[assignment]
        if kind is AnteType.NONE and ante_chips:
            raise ConfigError("ante", f"is {ante_chips} but ante_type is none")
        if kind is not AnteType.NONE and not ante_chips:
            raise ConfigError("ante", f"must be positive with ante_type {kind.value}")
        # R3.2: the minimum bet is the big blind; a table may set it higher.
        bet = bb if min_bet is None else _chips("min_bet", min_bet, bb)
        unit = _chips("chip_unit", chip_unit, 1)
        if big_blind_seat is None:
            big_blind_seat = (button + 1) % count if count == 2 else (button + 2) % count
        if small_blind_seat == "default":
            small_blind_seat = button if count == 2 else (button + 1) % count
        big_blind_seat = _seat("big_blind_seat", big_blind_seat, count)
        if small_blind_seat is not None:
            small_blind_seat = _seat("small_blind_seat", small_blind_seat, count)
        if small_blind_seat == big_blind_seat:
            raise ConfigError("small_blind_seat", "the same seat cannot post both blinds")
        blinds = {big_blind_seat, small_blind_seat}
        uniform = ante_chips if kind is AnteType.UNIFORM else 0
        straddling = _straddles(straddles, chips, uniform, bb, button, big_blind_seat, blinds)
        live = _posts("live_posts", live_posts, count, blinds | set(straddling))
        for i, chips_posted in enumerate(live or ()):
            if chips_posted and chips_posted != bb:
                raise ConfigError(
                    f"live_posts[{i}]",
                    f"a live post is one big blind ({bb}), got {chips_posted} (R14.3)",
                )
        dead = _posts("dead_posts", dead_posts, count, blinds | set(straddling))
        if not isinstance(free_fold, bool):
            raise ConfigError("free_fold", f"must be true or false, got {free_fold!r}")
        attrs_set = object.__setattr__
        attrs_set(self, "names", tuple(names))
        attrs_set(self, "stacks", chips)
        attrs_set(self, "button", button)
        attrs_set(self, "small_blind", sb)
        attrs_set(self, "big_blind", bb)
        attrs_set(self, "ante", ante_chips)
        attrs_set(self, "ante_type", kind)
        attrs_set(self, "structure", _enum(Structure, "structure", structure))
        attrs_set(self, "min_bet", bet)
        attrs_set(self, "chip_unit", unit)
        attrs_set(self, "small_blind_seat", small_blind_seat)
        attrs_set(self, "big_blind_seat", big_blind_seat)
        attrs_set(self, "straddles", straddling)
        attrs_set(self, "live_posts", live)
        attrs_set(self, "dead_posts", dead)
        attrs_set(self, "free_fold", free_fold)
        attrs_set(self, "max_runs", _max_runs(max_runs))
        attrs_set(self, "rake", _rake(rake))

    def to_dict(self) -> dict[str, object]:
        """The fields as JSON-ready data; ``TableConfig(**config.to_dict()) == config``."""
        data: dict[str, object] = {}
        for field in attrs.fields(TableConfig):
            value = getattr(self, field.name)
            data[field.name] = (
                value.to_dict()
                if isinstance(value, Rake)
                else list(value)
                if isinstance(value, tuple)
                else value.value
                if isinstance(value, enum.Enum)
                else value
            )
        return data

    @property
    def seats(self) -> int:
        """The number of seats."""
        return len(self.stacks)

    @property
    def straddle_amounts(self) -> tuple[int, ...]:
        """The amount of each straddle in :attr:`straddles`, in chips: twice the
        big blind, then twice the one before (R11.1)."""
        return tuple(self.big_blind << (k + 1) for k in range(len(self.straddles)))

    @property
    def heads_up(self) -> bool:
        """True with two seats: the button posts the small blind (R2.2)."""
        return len(self.stacks) == 2
