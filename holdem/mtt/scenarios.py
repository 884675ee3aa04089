"""Tournament scenario files (R15): the tables, what happens, what must come out.

A tournament scenario is a TOML file with a ``[tournament]`` table; ``holdem
run`` plays it like a hand scenario (docs/scenarios.md, "Tournament
scenarios"). Steps, in order:

- ``{ rebalance = true }``: break and balance the tables as due now (R15.2,
  R15.3), as the next hand's start (a ``play`` or ``check`` step) does;
- ``{ play = 2 }``: play a hand at table 2, every player checking or folding;
  ``{ play = 2, all_in = true, cards = { A = "AsAh" }, board = "..." }``:
  every player all-in or calling, with fixed cards by player name;
- ``{ set = { balance_within = 1 } }``: change a director setting;
- ``{ check = 2, button = 0, small_blind = 1, big_blind = 2, big_blind_player = "a2" }``:
  start the next hand at table 2 and compare its positions (table seats);
- ``{ register = "L" }``, ``{ reenter = "A" }``, ``{ rebuy = "A" }``,
  ``{ add_on = "A" }``, ``{ close_entries = true }``: entries (R15.8), with
  ``entries = { late_until = 1, reentries = 1, ... }`` in ``[tournament]``
  (the options of :class:`~holdem.mtt.entries.Entries`).

``[expect]``: ``moves`` (a list of ``[name, from table, from seat, to
table, to seat]``, every move in order), ``waiting`` (names moved who wait a
hand), ``counts`` (players per table, keys are table numbers), ``broken``
(tables broken, in order), ``places`` and ``prizes`` (by name), ``shared``
(names sharing a place), ``hand_for_hand`` (true or false at the end),
``entered`` (a list of ``[name, kind, table, seat]``), ``busted`` (names out
and not yet placed), ``prize_pool``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from holdem.engine.betting import Action, Kind
from holdem.engine.hand import Hand
from holdem.engine.rulebook import undefined
from holdem.errors import HoldemError
from holdem.mtt.director import Director
from holdem.mtt.entries import Entries
from holdem.mtt.events import (
    Busted,
    Eliminated,
    Entered,
    EntriesClosed,
    HandForHand,
    LevelChanged,
    Moved,
    MttEvent,
    Seated,
    TableBroken,
    Won,
)
from holdem.scenarios.model import ScenarioError
from holdem.table.schedule import Level

__all__ = ["TournamentResult", "is_tournament", "run_tournament"]

_TOURNAMENT_KEYS = {
    "seats",
    "small_blind",
    "big_blind",
    "ante",
    "payouts",
    "prize_pool",
    "balance_within",
    "halt_short",
    "hand_for_hand_at",
    "break_order",
    "entries",
}
_EXPECT_KEYS = {
    "moves",
    "waiting",
    "counts",
    "broken",
    "places",
    "prizes",
    "shared",
    "hand_for_hand",
    "entered",
    "busted",
    "prize_pool",
}


@attrs.frozen
class TournamentResult:
    """The outcome of :func:`run_tournament`.

    Attributes:
        rule, description: as in the file.
        log: one line per tournament event, in order.
        failures: one line per difference; empty when the scenario passes.
    """

    rule: str
    description: str
    log: tuple[str, ...]
    failures: tuple[str, ...]

    @property
    def passed(self) -> bool:
        """True when nothing differed."""
        return not self.failures


def is_tournament(path: str | Path) -> bool:
    """The file is a tournament scenario (has a ``[tournament]`` table); a
    file that cannot be read or parsed is left to the hand scenarios' reader,
    and so is anything that is not a regular file (a named pipe is never opened)."""
    if not Path(path).is_file():
        return False
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        return False
    return isinstance(data.get("tournament"), dict)


def _all_in(hand: Hand, seat: int) -> Action:
    legal = hand.legal_actions()
    assert legal is not None
    if legal.can_all_in:
        return Action(Kind.ALL_IN)
    return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)


def _fold(hand: Hand, seat: int) -> Action:
    legal = hand.legal_actions()
    assert legal is not None
    return Action(Kind.CHECK) if legal.can_check else Action(Kind.FOLD)


def _keys(path: str, where: str, data: object, allowed: set[str], required: set[str]) -> None:
    if not isinstance(data, dict):
        raise ScenarioError(path, where, "must be a table")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ScenarioError(path, where, f"unknown key {unknown[0]!r}")
    missing = sorted(required - set(data))
    if missing:
        keys = ", ".join(repr(k) for k in missing)
        raise ScenarioError(path, where, f"missing key{'s' if len(missing) > 1 else ''} {keys}")


def _director(path: str, data: dict[str, Any]) -> Director:
    t = data["tournament"]
    _keys(path, "tournament", t, _TOURNAMENT_KEYS, {"seats", "small_blind", "big_blind"})
    tables = data.get("tables")
    if not isinstance(tables, list) or not tables:
        raise ScenarioError(path, "tables", "give at least one [[tables]]")
    layout: dict[int, dict[int, tuple[str, int]]] = {}
    buttons: dict[int, int] = {}
    names: list[str] = []
    for i, table in enumerate(tables, 1):
        _keys(path, f"tables[{i - 1}]", table, {"button", "players"}, {"players"})
        seats: dict[int, tuple[str, int]] = {}
        for player in table["players"]:
            _keys(
                path,
                f"tables[{i - 1}].players",
                player,
                {"name", "seat", "stack"},
                {"name", "seat", "stack"},
            )
            seats[player["seat"]] = (player["name"], player["stack"])
            names.append(player["name"])
        layout[i] = seats
        buttons[i] = table.get("button", 0)
    try:
        return Director(
            names,
            seats=t["seats"],
            schedule=Level(t["small_blind"], t["big_blind"], t.get("ante", 0)),
            seed=0,
            payouts=t.get("payouts"),
            prize_pool=t.get("prize_pool"),
            balance_within=t.get("balance_within", 1),
            halt_short=t.get("halt_short", 3),
            hand_for_hand_at=t.get("hand_for_hand_at"),
            break_order=t.get("break_order"),
            entries=Entries(**t.get("entries", {})),
            layout=layout,
            buttons=buttons,
        )
    except (HoldemError, TypeError) as error:
        raise ScenarioError(path, "tournament", str(error)) from None


def _describe(event: MttEvent) -> str:
    if isinstance(event, Moved):
        wait = ", waits a hand" if event.waits else ""
        return (
            f"{event.name} moves ({event.reason}, {event.position}) from table "
            f"{event.from_table} seat {event.from_seat} to table {event.to_table} "
            f"seat {event.to_seat}{wait}"
        )
    if isinstance(event, Eliminated):
        shared = "=" if event.shared else ""
        return (
            f"{event.name} out in hand {event.hand} (table {event.table}, started with "
            f"{event.starting_stack:,}): place {event.place}{shared}, prize {event.prize:,}"
        )
    if isinstance(event, TableBroken):
        players = "player" if event.players == 1 else "players"
        return f"table {event.table} breaks ({event.players} {players})"
    if isinstance(event, HandForHand):
        state = "starts" if event.on else "ends"
        return f"hand-for-hand {state} ({event.players_left} players left)"
    if isinstance(event, LevelChanged):
        return f"level {event.level}: {event.small_blind}/{event.big_blind} ante {event.ante}"
    if isinstance(event, Won):
        return f"{event.name} wins with {event.chips:,} chips: prize {event.prize:,}"
    if isinstance(event, Seated):
        return f"{event.name} sits at table {event.table} seat {event.seat} with {event.chips:,}"
    if isinstance(event, Entered):
        wait = ", waits a hand" if event.waits else ""
        return (
            f"{event.name} enters ({event.kind}, {event.price:,} to the pool) at table "
            f"{event.table} seat {event.seat} with {event.chips:,}{wait}"
        )
    if isinstance(event, Busted):
        return f"{event.name} out in hand {event.hand}: busted, placed when entries close"
    if isinstance(event, EntriesClosed):
        return f"entries close: {event.entries} entries, prize pool {event.prize_pool:,}"
    return repr(event)


def run_tournament(path: str | Path) -> TournamentResult:
    """Read and play a tournament scenario file, comparing every expectation.

    Raises:
        ScenarioError: the file is broken (unreadable, a missing or unknown
            key, a rule number the rule book does not define).
    """
    name = str(path)
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ScenarioError(name, None, f"cannot read: {error}") from None
    allowed = {"rule", "description", "source", "tournament", "tables", "steps", "expect"}
    _keys(name, "file", data, allowed, {"rule", "description", "tournament", "expect"})
    rule = str(data["rule"])
    if undefined(rule):
        raise ScenarioError(name, "rule", f"{undefined(rule)[0]} is not a rule of the rule book")
    director = _director(name, data)
    events: list[MttEvent] = list(director.drain_events())
    failures: list[str] = []
    for index, step in enumerate(data.get("steps", []), 1):
        where = f"step {index}"
        if not isinstance(step, dict):
            raise ScenarioError(name, where, "must be a table")
        try:
            failures += _step(name, where, director, step)
        except ScenarioError:
            raise
        except HoldemError as error:
            failures.append(f"{where}: refused: {error}")
            break
        events += director.drain_events()
    expect = data["expect"]
    _keys(name, "expect", expect, _EXPECT_KEYS, set())
    failures += _compare(director, events, expect)
    log = tuple(_describe(e) for e in events if not isinstance(e, Seated))
    return TournamentResult(rule, str(data["description"]), log, tuple(failures))


def _step(path: str, where: str, director: Director, step: dict[str, Any]) -> list[str]:
    if "rebalance" in step:
        _keys(path, where, step, {"rebalance"}, set())
        director.rebalance()
        return []
    if "set" in step:
        _keys(path, where, step, {"set"}, set())
        for key, value in step["set"].items():
            if key not in {"balance_within", "halt_short"}:
                raise ScenarioError(path, where, f"cannot set {key!r}")
            setattr(director, key, value)
        return []
    if "play" in step:
        _keys(path, where, step, {"play", "all_in", "cards", "board"}, set())
        number = _table_number(path, where, director, step["play"])
        cards = step.get("cards")
        holes = None
        if cards is not None:
            if not isinstance(cards, dict):
                raise ScenarioError(path, f"{where}.cards", "must be a table of name = cards")
            table = director.tables[number]
            seat_of = {s.name: s.seat for s in table.seats if s is not None}
            strangers = sorted(n for n in cards if n not in seat_of)
            if strangers:
                raise ScenarioError(
                    path, f"{where}.cards", f"{strangers[0]!r} is not at table {number}"
                )
            holes = {seat_of[n]: c for n, c in cards.items()}
        decide = _all_in if step.get("all_in") else _fold
        director.play_hand(number, decide, hole_cards=holes, board=step.get("board"))
        return []
    if "check" in step:
        keys = {"check", "button", "small_blind", "big_blind", "big_blind_player", "dealt_in"}
        _keys(path, where, step, keys, set())
        number = _table_number(path, where, director, step["check"])
        hand = director.start_hand(number)
        table = director.tables[number]
        positions = table.positions
        assert positions is not None
        failures = []
        for key in ("button", "small_blind", "big_blind"):
            if key in step and getattr(positions, key) != step[key]:
                failures.append(
                    f"{where}: {key} is seat {getattr(positions, key)}, expected {step[key]}"
                )
        if "big_blind_player" in step:
            assert hand.config.names is not None and hand.config.big_blind_seat is not None
            got = hand.config.names[hand.config.big_blind_seat]
            if got != step["big_blind_player"]:
                failures.append(
                    f"{where}: the big blind is {got}, expected {step['big_blind_player']}"
                )
        if "dealt_in" in step and list(table.hand_seats) != step["dealt_in"]:
            failures.append(
                f"{where}: seats dealt in {list(table.hand_seats)}, expected {step['dealt_in']}"
            )
        return failures
    for key in ("register", "reenter", "rebuy", "add_on"):
        if key in step:
            _keys(path, where, step, {key}, set())
            getattr(director, key)(step[key])
            return []
    if "close_entries" in step:
        _keys(path, where, step, {"close_entries"}, set())
        director.close_entries()
        return []
    raise ScenarioError(
        path,
        where,
        "a step is rebalance, set, play, check, register, reenter, rebuy, add_on or close_entries",
    )


def _table_number(path: str, where: str, director: Director, number: object) -> int:
    """``number``, a table of the tournament now.

    Raises:
        ScenarioError: no such table.
    """
    if isinstance(number, bool) or not isinstance(number, int) or number not in director.tables:
        tables = ", ".join(str(t) for t in sorted(director.tables))
        raise ScenarioError(path, where, f"no table {number!r} (the tables: {tables})")
    return number


def _compare(director: Director, events: list[MttEvent], expect: Mapping[str, Any]) -> list[str]:
    failures = []
    moves = [e for e in events if isinstance(e, Moved)]
    if "moves" in expect:
        got = [[m.name, m.from_table, m.from_seat, m.to_table, m.to_seat] for m in moves]
        if got != expect["moves"]:
            failures.append(f"moves: {got}, expected {expect['moves']}")
    if "waiting" in expect:
        got_w = [m.name for m in moves if m.waits]
        if got_w != expect["waiting"]:
            failures.append(f"waiting: {got_w}, expected {expect['waiting']}")
    if "counts" in expect:
        got_c = {str(t): c for t, c in director.counts().items()}
        if got_c != expect["counts"]:
            failures.append(f"counts: {got_c}, expected {expect['counts']}")
    if "broken" in expect:
        got_b = [e.table for e in events if isinstance(e, TableBroken)]
        if got_b != expect["broken"]:
            failures.append(f"broken: {got_b}, expected {expect['broken']}")
    results = {r.name: r for r in director.standings()}
    for key, attr in (("places", "place"), ("prizes", "prize")):
        for who, want in expect.get(key, {}).items():
            got_v = getattr(results[who], attr) if who in results else None
            if got_v != want:
                failures.append(f"{key}.{who}: {got_v}, expected {want}")
    if "shared" in expect:
        got_s = sorted(r.name for r in results.values() if r.shared)
        if got_s != sorted(expect["shared"]):
            failures.append(f"shared: {got_s}, expected {expect['shared']}")
    if "entered" in expect:
        got_e = [[e.name, e.kind, e.table, e.seat] for e in events if isinstance(e, Entered)]
        if got_e != expect["entered"]:
            failures.append(f"entered: {got_e}, expected {expect['entered']}")
    if "busted" in expect and list(director.busted) != expect["busted"]:
        failures.append(f"busted: {list(director.busted)}, expected {expect['busted']}")
    if "prize_pool" in expect and director.prize_pool != expect["prize_pool"]:
        failures.append(f"prize_pool: {director.prize_pool}, expected {expect['prize_pool']}")
    if "hand_for_hand" in expect and director.hand_for_hand != expect["hand_for_hand"]:
        failures.append(
            f"hand_for_hand: {director.hand_for_hand}, expected {expect['hand_for_hand']}"
        )
    return failures
