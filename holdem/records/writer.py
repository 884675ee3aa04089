"""PHH export: a hand as PHH fields, and those fields as TOML text.

The export writes what PokerKit's strict replay reads back action for action:

* player ``pK`` is the K-th seat left of the button, ``pN`` the button;
* the ``antes`` and ``blinds_or_straddles`` arrays have each forced bet at its
  poster's index (a dead small blind is a 0; heads-up the arrays are written
  ``[SB, BB]``, PHH's convention);
* shows after an all-in come before the run-out board, where PHH puts them;
* a shown hand is written as a show, a mucked one as ``pK sm``, and a hand
  nobody knows that a history showed as ``????`` as ``pK sm ????``;
* pot-limit is the variant ``"PT"`` (this project's extension, outside the PHH
  specification), and a chip unit above 1 the user field ``_chip_unit``;
* straddles are in ``blinds_or_straddles`` at their posters' indexes (R11);
  live and dead posts are the user fields ``_live_posts`` and ``_dead_posts``
  and a table allowing free folds ``_free_fold = true`` (R14.3, R3.1); the
  runs agreed are ``_run_count`` with the later runs' boards as further
  ``d db`` actions (R12), and the rake ``_rake_rule`` (R13, no ``cap`` when
  there is none).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from holdem.engine.cards import UNKNOWN
from holdem.engine.config import AnteType, Structure
from holdem.engine.events import (
    Acted,
    HoleCardsDealt,
    Mucked,
    Posted,
    RunsAgreed,
    Shown,
    StreetDealt,
    UncalledReturned,
)
from holdem.engine.hand import Hand
from holdem.records.record import MAX_CHIPS, PHHError, blind_index
from holdem.records.replayer import LateShow, Replayed, play_record

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def to_phh(hand: Hand) -> dict[str, Any]:
    """The PHH fields of a hand the engine played (live, scripted or replayed).

    Seats map to players so that pN is the button. A hand not yet over has no
    ``finishing_stacks``.

    Raises:
        PHHError: the one table PHH cannot tell apart: a big blind at p1 with
            no small blind, a straddle at p2 and ``min_bet`` of at least the
            straddle (it reads as a small and a big blind).

    Returns:
        A mapping of field names to values, ready for :func:`dumps`.
    """
    return _fields(hand, (), frozenset())


def record_to_phh(record: Mapping[str, Any]) -> dict[str, Any]:
    """Replay a PHH record strictly and return its fields as the export writes them.

    Raises:
        UnsupportedError, PHHError: as :func:`holdem.records.replay`.
    """
    return export_fields(record, play_record(record))


#: PHH metadata of the table a hand was played at, kept by the export (a site
#: import fills them: docs/sites.md).
TABLE_FIELDS = (
    "table",
    "seat_count",
    "seats",
    "currency",
    "currency_symbol",
    "year",
    "month",
    "day",
    "time",
    "time_zone",
    "time_zone_abbreviation",
)


def export_fields(record: Mapping[str, Any], replayed: Replayed) -> dict[str, Any]:
    """The export of a replayed record: the replayed hand's actions in PHH's order.

    Voluntary shows and ``????`` shows of the record are kept. The record's
    ``players`` (written only when the record names them), ``hand``, the
    table's metadata (:data:`TABLE_FIELDS`: a site import's seats, table,
    currency and time) and ``_``-prefixed user fields are kept as they are
    (those holding booleans, integers, strings or lists of them; others are
    left out), and its ``id`` as ``_id``.
    """
    fields = _fields(replayed.hand, replayed.late_shows, replayed.unknown_shows)
    if "players" not in record:
        del fields["players"]  # the replay's default names are not the record's
    if isinstance(record.get("hand"), (str, int)) and _writable(record["hand"]):
        fields["hand"] = record["hand"]
    # The players keep the record's order (pN the button), so do the seats.
    for key in TABLE_FIELDS:
        if key in record and key not in fields and _writable(record[key]):
            fields[key] = record[key]
    if isinstance(record.get("id"), str):
        fields["_id"] = record["id"]
    for key, value in record.items():
        if key.startswith("_") and key not in fields and _writable(value):
            fields[key] = value
    return fields


def _fields(
    hand: Hand,
    late_shows: Sequence[LateShow],
    unknown_shows: frozenset[int],
) -> dict[str, Any]:
    config = hand.config
    n = config.seats
    order = [(config.button + 1 + k) % n for k in range(n)]
    player = {seat: k for k, seat in enumerate(order)}
    antes = [0] * n
    if config.ante_type is AnteType.UNIFORM:
        antes = [config.ante] * n
    elif config.ante_type is AnteType.BIG_BLIND:
        antes[blind_index(n, player[config.big_blind_seat])] = config.ante
    blinds = [0] * n
    if config.small_blind_seat is not None:
        blinds[blind_index(n, player[config.small_blind_seat])] = config.small_blind
    blinds[blind_index(n, player[config.big_blind_seat])] = config.big_blind
    for seat, amount in zip(config.straddles, config.straddle_amounts):
        blinds[player[seat]] = amount
    if (
        config.straddles
        and config.small_blind_seat is None
        and player[config.big_blind_seat] == 0
        and config.min_bet >= 2 * config.big_blind
    ):
        raise PHHError(
            "a big blind at p1 with no small blind and a straddle at p2 reads as a small "
            "and a big blind in PHH unless min_bet is below the straddle"
        )
    actions = _actions(hand, player, late_shows, unknown_shows)
    record: dict[str, Any] = {
        "variant": "PT" if config.structure is Structure.POT_LIMIT else "NT",
        "ante_trimming_status": config.ante_type is not AnteType.BIG_BLIND,
        "antes": antes,
        "blinds_or_straddles": blinds,
        "min_bet": config.min_bet,
        "starting_stacks": [config.stacks[s] for s in order],
        "actions": actions,
        "players": [config.names[s] for s in order],
    }
    if config.chip_unit != 1:
        record["_chip_unit"] = config.chip_unit
    for name, posts in (("_live_posts", config.live_posts), ("_dead_posts", config.dead_posts)):
        if posts is not None:
            record[name] = [posts[s] for s in order]
    if config.free_fold:
        record["_free_fold"] = True
    if any(isinstance(event, RunsAgreed) for event in hand.log):
        record["_run_count"] = hand.run_count
    if config.rake is not None:
        rake = config.rake.to_dict()
        if rake["cap"] is None:
            del rake["cap"]  # TOML has no null: no cap is no cap field
        record["_rake_rule"] = rake
    if hand.is_over:
        record["finishing_stacks"] = [hand.stacks[s] for s in order]
    return record


def _actions(
    hand: Hand,
    player: dict[int, int],
    late_shows: Sequence[LateShow],
    unknown_shows: frozenset[int],
) -> list[str]:
    actions: list[str] = []
    run_out: list[str] = []  # board dealt without betting: written after the shows
    late = list(late_shows)
    street = _Street(hand.config.stacks)
    for position, event in enumerate(hand.log):
        while late and late[0].position <= position:
            show = late.pop(0)
            actions.append(f"p{player[show.seat] + 1} sm {''.join(show.cards)}")
        if isinstance(event, (StreetDealt, Shown, Mucked)):
            waiting = street.end()
            if waiting is not None:
                actions.append(f"p{player[waiting] + 1} cc")  # R5.1a, as PokerKit asks it
        if isinstance(event, StreetDealt) and event.run_out:
            run_out.append(f"d db {''.join(event.cards)}")
        elif isinstance(event, HoleCardsDealt):
            held = event.cards
            cards = "????" if held[0] == UNKNOWN else "".join(held)
            actions.append(f"d dh p{player[event.seat] + 1} {cards}")
        elif isinstance(event, StreetDealt):
            actions.append(f"d db {''.join(event.cards)}")
        elif isinstance(event, Acted):
            code = {"fold": "f", "check": "cc", "call": "cc"}.get(event.action, f"cbr {event.to}")
            actions.append(f"p{player[event.seat] + 1} {code}")
        elif isinstance(event, Shown):
            actions.append(f"p{player[event.seat] + 1} sm {''.join(event.cards)}")
        elif isinstance(event, Mucked):
            unknown = event.seat in unknown_shows
            actions.append(f"p{player[event.seat] + 1} sm" + (" ????" if unknown else ""))
        street.event(event)
    actions.extend(run_out)
    actions.extend(f"p{player[show.seat] + 1} sm {''.join(show.cards)}" for show in late)
    return actions


class _Street:
    """Follows the betting to find R5.1a's unasked seat on each street.

    When betting ends because only one seat still in has chips and it owes
    nothing (R5.1a), the engine does not ask it; PHH (PokerKit) still asks it
    once if it was among the seats to act when the street's betting began
    (chips behind, and a bet below what another seat still in could reach),
    or since the last bet or raise, and has not acted since. The export
    writes that decision as a check, which a replay accepts as a no-op.
    """

    def __init__(self, stacks: Sequence[int]) -> None:
        self.stacks = list(stacks)
        self.bets = [0] * len(stacks)
        self.folded = [False] * len(stacks)
        self.waiting: set[int] = set()
        self.betting = False

    def _live(self) -> list[int]:
        return [s for s in range(len(self.folded)) if not self.folded[s]]

    def event(self, event: object) -> None:
        """Follow the chips of a posting, an action or a returned bet."""
        if isinstance(event, Posted):
            self.stacks[event.seat] -= event.amount
            if event.kind in ("small blind", "big blind", "live post", "straddle"):
                self.bets[event.seat] += event.amount
        elif isinstance(event, UncalledReturned):
            self.stacks[event.seat] += event.amount
        elif isinstance(event, StreetDealt):
            self.bets = [0] * len(self.bets)
        elif isinstance(event, Acted):
            live = self._live()
            if not self.betting:
                self.betting = True
                reach = sorted(self.bets[s] + self.stacks[s] for s in live)[-2]
                self.waiting = {s for s in live if min(self.stacks[s], reach - self.bets[s]) > 0}
            self.stacks[event.seat] -= event.added
            self.bets[event.seat] += event.added
            self.folded[event.seat] = event.action == "fold"
            if event.action in ("bet", "raise"):
                self.waiting = {s for s in live if self.stacks[s] > 0}
            self.waiting.discard(event.seat)

    def end(self) -> int | None:
        """The seat PHH still asks at the end of this street's betting, if any."""
        if not self.betting:
            return None
        self.betting = False
        live = self._live()
        able = [s for s in live if self.stacks[s] > 0]
        if len(live) > 1 and len(able) == 1 and able[0] in self.waiting:
            return able[0]
        return None


def _writable(value: object, depth: int = 0) -> bool:
    """A user field the export keeps: a bool, an integer of at most 64 bits, a
    string, or a list or a table of them (nested at most 20 deep)."""
    if isinstance(value, (bool, str)):
        return True
    if isinstance(value, int):
        return abs(value) <= MAX_CHIPS
    if isinstance(value, list) and depth < 20:
        return all(_writable(v, depth + 1) for v in value)
    if isinstance(value, dict) and depth < 20:
        return all(isinstance(k, str) and _writable(v, depth + 1) for k, v in value.items())
    return False


def _toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and every control character escaped."""
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif code < 0x20 or code == 0x7F:
            out.append(
                {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}.get(
                    ch, f"\\u{code:04X}"
                )
            )
        elif 0xD800 <= code <= 0xDFFF:
            raise PHHError(f"text {text!r} holds a lone surrogate and cannot be written")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if abs(value) > MAX_CHIPS:
            raise PHHError(f"cannot write a number above 2**63 - 1 ({value.bit_length()} bits)")
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise PHHError(f"cannot write a {type(value).__name__} as PHH")


def dumps(record: Mapping[str, Any]) -> str:
    """PHH (TOML) text of a record of flat fields, as from :func:`to_phh`.

    Strings are escaped so that the text is always valid TOML.

    Raises:
        PHHError: a value is not a bool, an integer, a string, or a list or
            a table (written inline) of them, or a string holds a lone
            surrogate.
    """
    return "".join(f"{_toml_key(key)} = {_toml_value(value)}\n" for key, value in record.items())


def dumps_all(records: Iterable[Mapping[str, Any]]) -> str:
    """The ``.phhs`` text of several records: tables ``[1]``, ``[2]``... in order."""
    return "\n".join(f"[{k}]\n{dumps(record)}" for k, record in enumerate(records, 1))
