"""PHH records: the fields a replay reads, their checks, and the replay's errors and result.

A record is a mapping of PHH fields (a ``.phh`` file, one table of a
``.phhs`` file, or one line of a ``.jsonl`` file). The fields that decide the
game are read here into a :class:`~holdem.engine.config.TableConfig`; every other
field must be documented metadata or a user field (a name starting with
``_``), or the hand is :class:`UnsupportedError`: a field the engine does not
know could change the game, and a replay never guesses.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from holdem.engine.config import AnteType, Structure, TableConfig
from holdem.errors import HoldemError

MATCHED = "matched"
DIFFERED = "differed"
REPLAYED = "replayed"
REJECTED = "rejected"
UNSUPPORTED = "unsupported"

#: The largest chip amount a record may hold (2**63 - 1).
MAX_CHIPS = 2**63 - 1

#: Variant codes: ``NT`` is PHH's no-limit Texas hold'em; ``PT`` (pot-limit,
#: R3.5) is this project's extension following PHH's naming, outside the PHH
#: specification.
VARIANTS = {"NT": Structure.NO_LIMIT, "PT": Structure.POT_LIMIT}

#: Fields that decide the game, read by :func:`table_config` and the replay.
GAME_FIELDS = frozenset(
    {
        "variant",
        "ante_trimming_status",
        "antes",
        "blinds_or_straddles",
        "min_bet",
        "starting_stacks",
        "actions",
        "players",
        "finishing_stacks",
        "_chip_unit",
    }
)

#: Metadata that never changes the game: PHH's optional fields and the
#: corpus's own (``rake`` there is the amount a site took, for information).
METADATA_FIELDS = frozenset(
    {
        # PHH specification
        "author",
        "event",
        "url",
        "venue",
        "address",
        "city",
        "region",
        "postal_code",
        "country",
        "time",
        "time_zone",
        "time_zone_abbreviation",
        "day",
        "month",
        "year",
        "hand",
        "level",
        "seats",
        "seat_count",
        "table",
        "winnings",
        "currency",
        "currency_symbol",
        "time_limit",
        "time_banks",
        # the corpus's JSON lines
        "id",
        "source",
        "source_ref",
        "tournament",
        "chip_unit",
        "finishing_stacks_origin",
        "recorded_finishing_stacks",
        "rake",
        "notes",
        "features",
    }
)

#: The project's record extensions for R3.1, R12, R13 and R14.3, as in JSON
#: lines and with a leading underscore as in PHH files.
EXTENSION_FIELDS = frozenset({"run_count", "rake_rule", "live_posts", "dead_posts", "free_fold"})


class PHHError(HoldemError):
    """A hand history is malformed or cannot be replayed.

    Attributes:
        action_index: 0-based index into the hand's ``actions`` of the action
            at fault, or ``None`` when the fault is not in an action.
        action: that action's text, or ``None``.
    """

    def __init__(self, message: str, action_index: int | None = None, action: str | None = None):
        self.action_index = action_index
        self.action = action
        super().__init__(message)


class UnsupportedError(HoldemError):
    """A hand uses something this engine does not play (another variant, straddles...)."""


@attrs.frozen
class ReplayResult:
    """The outcome of replaying one hand.

    Attributes:
        id: the hand's id (from the record, or ``file#index``).
        status: ``matched``, ``differed``, ``replayed`` (no finishing stacks
            to compare), ``rejected`` or ``unsupported``.
        finishing_stacks: the engine's final stacks in PHH player order, or
            ``None`` when the hand could not be played to the end.
        expected: the record's ``finishing_stacks``, or ``None``.
        error: ``None``, or ``{"action_index": k, "action": "...",
            "message": "..."}`` for the first action refused (``action_index``
            and ``action`` are ``None`` for a fault outside the actions).
    """

    id: str
    status: str
    finishing_stacks: tuple[int, ...] | None
    expected: tuple[int, ...] | None
    error: dict[str, Any] | None

    def to_json(self) -> str:
        """One line of JSON with exactly the keys id, status, finishing_stacks, expected, error."""
        return json.dumps(
            {
                "id": self.id,
                "status": self.status,
                "finishing_stacks": None
                if self.finishing_stacks is None
                else list(self.finishing_stacks),
                "expected": None if self.expected is None else list(self.expected),
                "error": self.error,
            },
            ensure_ascii=False,
        )

    def divergence(self) -> str:
        """The first difference, in words (empty when the hand matched)."""
        if self.error is not None:
            where = self.error["action_index"]
            if where is None:
                return str(self.error["message"])
            return f"action {where} ({self.error['action']!r}): {self.error['message']}"
        if self.status == DIFFERED and self.finishing_stacks and self.expected:
            for k, (got, want) in enumerate(zip(self.finishing_stacks, self.expected)):
                if got != want:
                    return f"p{k + 1} finishes with {got}, the record says {want}"
        return ""


def describe(value: object) -> str:
    """A short, always printable description of a value from a record.

    Integers too long to print (more than 4,300 digits) and long texts never
    end in an error or a flood of output.
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_CHIPS:
        return f"a {value.bit_length()}-bit number"
    if isinstance(value, (list, dict)):
        return f"a {'list' if isinstance(value, list) else 'table'} of {len(value)} entries"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def chip_list(record: Mapping[str, Any], key: str, count: int | None) -> list[int]:
    """The whole-chip array ``record[key]``, checked (``count`` entries when given).

    Raises:
        PHHError: not an array of whole numbers from 0 to :data:`MAX_CHIPS`,
            or the wrong length.
    """
    values = record.get(key)
    if not isinstance(values, list):
        raise PHHError(f"{key} must be an array of whole numbers of chips")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_CHIPS:
            raise PHHError(
                f"{key} must hold whole numbers of chips from 0 to 2**63 - 1, got {describe(v)}"
            )
    if count is not None and len(values) != count:
        raise PHHError(f"{key} has {len(values)} entries for {count} players")
    return values


def check_fields(record: Mapping[str, Any]) -> None:
    """Refuse a record with a field that could change the game and is not played.

    Raises:
        UnsupportedError: naming the first such field.
    """
    for key in record:
        if not isinstance(key, str):
            raise UnsupportedError(f"field {describe(key)} is not a name")
        if key in GAME_FIELDS or key in METADATA_FIELDS or key.lstrip("_") in EXTENSION_FIELDS:
            continue
        if key.startswith("_"):
            continue  # a user field: PHH's convention for fields a tool adds
        raise UnsupportedError(
            f"unknown field {describe(key)}: it could change the game (user fields start with '_')"
        )


def blind_index(n: int, seat: int) -> int:
    """The index of ``seat``'s entry in PHH's ``antes`` and ``blinds_or_straddles``.

    The button sits at seat ``n - 1`` (pN). Heads-up, the arrays are written
    ``[SB, BB]``: index 0 is the button's, index 1 the other seat's.
    """
    if n == 2:
        return 0 if seat == 1 else 1
    return seat


def table_config(record: Mapping[str, Any]) -> TableConfig:
    """The :class:`TableConfig` of a PHH hand (player ``pK`` is seat ``K - 1``).

    Blinds: the small blind at p1 and the big blind at p2, or a big blind
    alone at p1 or p2 (a dead small blind, R2.1); further entries are
    straddles (R11.1). ``live_posts``, ``dead_posts`` (R14.3), ``free_fold``
    (R3.1), ``run_count`` (R12: the table allows that many runs, and at least
    two) and ``rake_rule`` (R13) are read with or without a leading
    underscore.

    Raises:
        UnsupportedError: a variant other than ``NT`` (no-limit) or ``PT``
            (pot-limit, R3.5), blinds that are neither, an ante pattern that
            is neither uniform nor a big-blind ante, or an unknown field.
        PHHError: the record is empty, or a field (the variant too) is
            missing or malformed.
    """
    if not record:  # an empty file or line: not a hand of another variant
        raise PHHError("empty: no hand in it")
    check_fields(record)
    variant = record.get("variant")
    if variant is None:
        raise PHHError("variant is missing (NT for no-limit, PT for pot-limit)")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise UnsupportedError(
            f"variant {describe(variant)} is not no-limit (NT) or pot-limit (PT) hold'em"
        )
    stacks = chip_list(record, "starting_stacks", None)
    n = len(stacks)
    if not 2 <= n <= 10:
        raise UnsupportedError(f"{n} players: the engine plays 2 to 10")
    antes = chip_list(record, "antes", n) if "antes" in record else [0] * n
    blinds = chip_list(record, "blinds_or_straddles", n)
    min_bet = record.get("min_bet")
    small_seat, big_seat, straddles = _blinds(
        blinds, n, min_bet if isinstance(min_bet, int) and not isinstance(min_bet, bool) else None
    )
    by_seat = [blinds[blind_index(n, s)] for s in range(n)]
    big = by_seat[big_seat]
    small = 0 if small_seat is None else by_seat[small_seat]
    for k, seat in enumerate(straddles):
        if by_seat[seat] != big << (k + 1):
            raise UnsupportedError(
                f"blinds_or_straddles {blinds}: p{seat + 1} posts {by_seat[seat]}, "
                f"not a straddle of {big << (k + 1)} (R11.1)"
            )
    nonzero = [i for i, a in enumerate(antes) if a]
    if not nonzero:
        ante, kind = 0, AnteType.NONE
    elif len(set(antes)) == 1:
        ante, kind = antes[0], AnteType.UNIFORM
    elif nonzero == [blind_index(n, big_seat)]:
        ante, kind = antes[nonzero[0]], AnteType.BIG_BLIND
    else:
        raise UnsupportedError(f"antes {antes} are neither uniform nor a big-blind ante")
    min_bet = record.get("min_bet", big)
    if isinstance(min_bet, int) and not isinstance(min_bet, bool) and min_bet > MAX_CHIPS:
        raise PHHError(f"min_bet is too large ({describe(min_bet)})")
    chip_unit = record.get("_chip_unit", 1)
    if isinstance(chip_unit, int) and not isinstance(chip_unit, bool) and chip_unit > MAX_CHIPS:
        raise PHHError(f"_chip_unit is too large ({describe(chip_unit)})")
    names = record.get("players")
    if names is not None and (
        not isinstance(names, list)
        or len(names) != n
        or not all(isinstance(name, str) for name in names)
    ):
        raise PHHError(f"players must be an array of {n} names")
    for k, name in enumerate(names or ()):
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in name):
            raise PHHError(f"players[{k}] holds a lone surrogate: not text")
    posts = {key: _posts(record, key, n) for key in ("live_posts", "dead_posts")}
    free_fold = _extension(record, "free_fold", False)
    if not isinstance(free_fold, bool):
        raise PHHError(f"free_fold must be true or false, got {describe(free_fold)}")
    runs = run_count(record)
    rake = _extension(record, "rake_rule", None)
    if isinstance(rake, Mapping) and isinstance(rake.get("cap"), int) and rake["cap"] > MAX_CHIPS:
        raise PHHError(f"rake_rule cap is too large ({describe(rake['cap'])})")
    if rake is not None and not isinstance(rake, Mapping):
        raise PHHError(
            f"rake_rule must be a table of rate, cap, no_flop_no_drop, got {describe(rake)}"
        )
    return TableConfig(
        stacks=stacks,
        small_blind=small,
        big_blind=big,
        names=names,
        button=n - 1,
        ante=ante,
        ante_type=kind,
        structure=VARIANTS[variant],
        min_bet=min_bet,
        chip_unit=chip_unit,
        small_blind_seat=small_seat,
        big_blind_seat=big_seat,
        straddles=straddles,
        live_posts=posts["live_posts"],
        dead_posts=posts["dead_posts"],
        free_fold=free_fold,
        max_runs=1 if runs is None else max(runs, 2),
        rake=rake,
    )


def run_count(record: Mapping[str, Any]) -> int | None:
    """The record's ``run_count`` (R12): the runs agreed, 1 to 3, or ``None``
    when the question was not asked.

    Raises:
        PHHError: not a whole number from 1 to 3.
    """
    runs = _extension(record, "run_count", None)
    if runs is None:
        return None
    if not isinstance(runs, int) or isinstance(runs, bool) or runs not in (1, 2, 3):
        raise PHHError(f"run_count must be 1, 2 or 3 (R12.1), got {describe(runs)}")
    return runs


def _blinds(blinds: list[int], n: int, min_bet: int | None) -> tuple[int | None, int, list[int]]:
    """The small blind's seat (or ``None``), the big blind's seat and the straddlers.

    PHH puts the small blind at p1 and the big blind at p2; a big blind alone
    at p1 or p2 has no small blind (a dead small blind, R2.1). Any further
    entry is a straddle (R11.1): a UTG straddle at p3, a re-straddle at p4...,
    or a button straddle at pN. Heads-up the array is ``[SB, BB]``.
    ``[B, 2B, ...]`` is a big blind at p1 (no small blind) and a straddle at p2
    when ``min_bet`` is below ``2B`` (it is never below the big blind, R3.2),
    else a small blind and a big blind.
    """
    if n == 2:
        posting = [s for s in (1, 0) if blinds[blind_index(2, s)]]
        if not posting:
            raise UnsupportedError("blinds_or_straddles: nobody posts a blind")
        if len(posting) == 1:
            return None, posting[0], []
        if blinds[0] > blinds[1]:
            raise UnsupportedError(
                f"blinds_or_straddles {blinds}: a small blind above the big blind"
            )
        return 1, 0, []  # the button posts the small blind (R2.2)
    posting = [s for s in range(n) if blinds[s]]
    if not posting or posting[0] > 1:
        raise UnsupportedError(f"blinds_or_straddles {blinds}: no blind at p1 or p2")
    if posting[:2] == [0, 1] and blinds[0] <= blinds[1]:
        if blinds[1] == 2 * blinds[0] and min_bet is not None and min_bet < blinds[1]:
            return None, 0, posting[1:]
        return 0, 1, posting[2:]
    return None, posting[0], posting[1:]


def _extension(record: Mapping[str, Any], name: str, default: object) -> Any:
    """A record extension given as ``name`` (JSON lines) or ``_name`` (PHH files)."""
    if name in record and f"_{name}" in record:
        raise PHHError(f"{name} and _{name} are both given")
    return record.get(name, record.get(f"_{name}", default))


def _posts(record: Mapping[str, Any], name: str, n: int) -> list[int] | None:
    """Per-player live or dead posts (R14.3), or ``None``."""
    if _extension(record, name, None) is None:
        return None
    key = name if name in record else f"_{name}"
    return chip_list(record, key, n)
