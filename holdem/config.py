"""Configuration of one hand: seats, stacks, button, blinds, antes, structure.

Everything is checked when the configuration is built; a bad value raises
:class:`~holdem.errors.ConfigError` naming the field.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence

import attrs

from holdem.errors import ConfigError
from holdem.pots import Rake


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


def _chips(field: str, value: object, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(field, f"must be a whole number of chips, got {value!r}")
    if value < minimum:
        raise ConfigError(field, f"must be at least {minimum}, got {value}")
    return value


def _enum(cls: type[enum.Enum], field: str, value: object) -> enum.Enum:
    try:
        return cls(value)
    except ValueError:
        choices = ", ".join(str(m.value) for m in cls)
        raise ConfigError(field, f"must be one of {choices}, got {value!r}") from None


def _max_runs(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
        raise ConfigError("max_runs", f"must be 1, 2 or 3 (R12.1), got {value!r}")
    return value


def _rake(value: object) -> Rake | None:
    if value is None or isinstance(value, Rake):
        return value
    if not isinstance(value, Mapping):
        raise ConfigError("rake", f"must be a Rake, a mapping or None, got {value!r}")
    unknown = set(value) - {"rate", "cap", "no_flop_no_drop"}
    if unknown or "rate" not in value:
        raise ConfigError(
            "rake", f"needs 'rate' and may have 'cap', 'no_flop_no_drop', got {dict(value)!r}"
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
        max_runs: the most times the board may be run when betting ends with
            a player all-in and cards to come (R12.1), 1 to 3; 1 (never asked)
            unless given.
        rake: the table's :class:`~holdem.pots.Rake` (R13), or ``None`` for no
            rake; a mapping such as ``{"rate": "5%", "cap": 30}`` is accepted.

    Raises:
        ConfigError: any field is invalid (2 to 10 seats, names unique and
            non-empty, stacks positive, button a seat, blinds and antes
            consistent, chip unit dividing nothing is fine but must be >= 1).

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
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < count:
            raise ConfigError("button", f"must be a seat from 0 to {count - 1}, got {button!r}")
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
        for field, seat in (
            ("small_blind_seat", small_blind_seat),
            ("big_blind_seat", big_blind_seat),
        ):
            if seat is None and field == "small_blind_seat":
                continue
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
                raise ConfigError(field, f"must be a seat from 0 to {count - 1}, got {seat!r}")
        if small_blind_seat == big_blind_seat:
            raise ConfigError("small_blind_seat", "the same seat cannot post both blinds")
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
    def heads_up(self) -> bool:
        """True with two seats: the button posts the small blind (R2.2)."""
        return len(self.stacks) == 2
