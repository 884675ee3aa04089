"""Scenario files: one hand and its expected outcome, written in TOML.

A scenario names the table, the seats (with their cards), the actions by
player name and what must come out: final stacks, pots, payouts, the hands
shown, legal options at a step, refused actions. :func:`load_scenario`
reads and checks a file; :func:`run_scenario` plays it through
:class:`~holdem.engine.hand.Hand` and lists every difference. The format is
described in ``docs/scenarios.md``.

This module reads files; the data types live in :mod:`holdem.scenarios.model`
and the playing in :mod:`holdem.scenarios.play`, every name importable from here.

>>> scenario = parse_scenario('''
... rule = "R2.2"
... description = "Heads-up: the button posts the small blind and acts first."
... [table]
... small_blind = 5
... big_blind = 10
... [[seats]]
... name = "Anna"
... stack = 1000
... [[seats]]
... name = "Bjarni"
... stack = 1000
... [hand]
... actions = [{ to_act = "Anna", legal = "fold, call 5, raise to 20..1000" },
...            "Anna folds"]
... [expect]
... stacks = { Anna = 995, Bjarni = 1005 }
... ''')
>>> run_scenario(scenario).failures
()
"""

from __future__ import annotations

import math
import os
import re
import reprlib
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn

from holdem.engine.betting import MAX_CHIPS, Action, parse_action
from holdem.engine.cards import parse_cards
from holdem.engine.config import TableConfig
from holdem.engine.hand import Hand
from holdem.engine.rulebook import undefined
from holdem.errors import HoldemError, Reason
from holdem.scenarios import runs as _runs
from holdem.scenarios.model import (
    Check,
    Play,
    Refuse,
    Scenario,
    ScenarioError,
    ScenarioResult,
    Step,
    printable,
)
from holdem.scenarios.play import run_scenario

__all__ = [
    "Check",
    "Play",
    "Refuse",
    "Scenario",
    "ScenarioError",
    "ScenarioResult",
    "Step",
    "find_scenarios",
    "load_scenario",
    "parse_scenario",
    "printable",
    "run_scenario",
]

_TOP_KEYS = {"rule", "description", "source", "table", "seats", "hand", "expect"}
_TABLE_KEYS = {
    "button",
    "small_blind",
    "big_blind",
    "ante",
    "ante_type",
    "structure",
    "min_bet",
    "chip_unit",
    "small_blind_seat",
    "big_blind_seat",
    "straddles",
    "live_posts",
    "dead_posts",
    "free_fold",
    "max_runs",
    "rake",
}
_SEAT_KEYS = {"name", "stack", "cards"}
_HAND_KEYS = {"board", "seed", "actions"}
_CHECK_KEYS = {"to_act", "legal", "street", "pot", "run_seat"}
_REFUSE_KEYS = {"refuse", "reason"}
_EXPECT_KEYS = {
    "over",
    "stacks",
    "net",
    "payouts",
    "returned",
    "pots",
    "shown",
    "mucked",
    "hands",
    "board",
    "eliminated",
    *_runs.EXPECT_KEYS,
}
_RESULT_KEYS = _EXPECT_KEYS - {"over", "stacks", "board"}
_POT_KEYS = {"name", "amount", "eligible", "winners", "shares", "run"}
_REASONS = {r.value: r for r in Reason}


# ------------------------------------------------------------------ reading
def load_scenario(path: str | Path) -> Scenario:
    """Read and check one scenario file.

    Raises:
        ScenarioError: the file cannot be read or is not a valid scenario.
    """
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise ScenarioError(name, None, f"cannot read: {error.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        byte = data[error.start]
        raise ScenarioError(
            name, None, f"not valid UTF-8: line {line} has the byte 0x{byte:02x}"
        ) from None
    return parse_scenario(text, name)


def parse_scenario(text: str, path: str = "<string>") -> Scenario:
    """Check scenario ``text`` (TOML); ``path`` names it in errors.

    Raises:
        ScenarioError: the text is not a valid scenario.
    """
    for number, line in enumerate(text.splitlines(), 1):
        if line.partition("=")[0].count(".") > _MAX_KEY_PARTS:
            raise ScenarioError(
                path, None, f"line {number}: a key of more than {_MAX_KEY_PARTS} dotted parts"
            )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(path, None, f"not valid TOML: {error}") from None
    except ValueError:  # Python's limit on converting long decimal integers
        raise ScenarioError(
            path, None, f"not valid TOML: an integer has more than {_MAX_DIGITS:,} digits"
        ) from None
    except RecursionError:
        raise ScenarioError(
            path, None, "not valid TOML: arrays or tables nested too deeply"
        ) from None
    _check_numbers(path, data)
    return _Reader(path).scenario(data)


_MAX_DIGITS = sys.get_int_max_str_digits() or 4300
# tomllib's time and memory grow with the square of a dotted key's length
# (100,000 parts take gigabytes); a scenario needs three at most.
_MAX_KEY_PARTS = 100


def _check_numbers(path: str, data: object) -> None:
    """Refuse any integer beyond :data:`~holdem.engine.betting.MAX_CHIPS` (a hexadecimal
    TOML integer can be of any size) and any float that is not finite."""
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_CHIPS:
            raise ScenarioError(path, None, "an integer is beyond 2**63 - 1")
        elif isinstance(item, float) and not math.isfinite(item):
            raise ScenarioError(path, None, f"a number is {item}, not a finite number")


class _Reader:
    """Turns the TOML data of one file into a :class:`Scenario`."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.names: tuple[str, ...] = ()

    def fail(self, step: str | None, problem: str) -> ScenarioError:
        return ScenarioError(self.path, step, problem)

    def keys(
        self, where: str | None, data: object, allowed: set[str], required: Iterable[str] = ()
    ) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise self.fail(where, f"must be a table, got {_describe(data)}")
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise self.fail(
                where,
                f"unknown key {_describe(unknown[0])} (allowed: {', '.join(sorted(allowed))})",
            )
        for key in required:
            if key not in data:
                raise self.fail(where, f"missing key {_describe(key)}")
        return data

    def chips(self, where: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail(where, f"must be a whole number of chips >= 0, got {_describe(value)}")
        return value

    def seat(self, where: str, name: object) -> int:
        if isinstance(name, int) and not isinstance(name, bool) and 0 <= name < len(self.names):
            return name
        if isinstance(name, str) and name in self.names:
            return self.names.index(name)
        raise self.fail(
            where, f"unknown player {_describe(name)} (players: {', '.join(self.names)})"
        )

    def seat_list(self, where: str, value: object) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise self.fail(where, f"must be a list of player names, got {_describe(value)}")
        return tuple(self.seat(where, v) for v in value)

    def seat_map(self, where: str, value: object, every: bool) -> dict[int, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be a table of player = value, got {_describe(value)}")
        result = {self.seat(where, k): v for k, v in value.items()}
        missing = [n for s, n in enumerate(self.names) if s not in result]
        if every and missing:
            raise self.fail(where, f"must name every player; missing {', '.join(missing)}")
        return result

    def scenario(self, data: dict[str, Any]) -> Scenario:
        self.keys(None, data, _TOP_KEYS, ("rule", "description", "table", "seats", "hand"))
        for key in ("rule", "description"):
            if not isinstance(data[key], str) or not data[key].strip():
                raise self.fail(key, "must be a non-empty string")
        if not re.fullmatch(r"R\d+(\.\d+[a-z]?)?(\s*,\s*R\d+(\.\d+[a-z]?)?)*", data["rule"]):
            raise self.fail(
                "rule",
                f"must cite rules like 'R7.3' or 'R4.2, R7.4', got {_describe(data['rule'])}",
            )
        unknown = undefined(data["rule"])
        if unknown:
            problem = f"{unknown[0]} is not a rule of the rule book (docs/rules.md)"
            raise self.fail("rule", problem)
        seats = data["seats"]
        if not isinstance(seats, list) or not seats:
            raise self.fail("seats", "must be an array of tables ([[seats]])")
        names, stacks, cards = [], [], []
        for i, seat in enumerate(seats):
            seat = self.keys(f"seats[{i}]", seat, _SEAT_KEYS, ("name", "stack"))
            name = seat["name"]
            if not isinstance(name, str) or not name.strip() or not name.isprintable():
                raise self.fail(
                    f"seats[{i}].name",
                    f"must be a non-empty printable string, got {_describe(name)}",
                )
            names.append(seat["name"])
            stack = seat["stack"]
            if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
                raise self.fail(
                    f"seats[{i}].stack",
                    f"must be a whole number of chips >= 1, got {_describe(stack)}",
                )
            stacks.append(stack)
            hole = seat.get("cards")
            if hole is not None and not isinstance(hole, str):
                raise self.fail(
                    f"seats[{i}].cards", f"must be a string like 'As Kd', got {_describe(hole)}"
                )
            cards.append(hole)
        self.names = tuple(str(n) for n in names)
        table = dict(self.keys("table", data["table"], _TABLE_KEYS, ("small_blind", "big_blind")))
        table["button"] = self.seat("table.button", table.get("button", 0))
        if "big_blind_seat" in table:
            table["big_blind_seat"] = self.seat("table.big_blind_seat", table["big_blind_seat"])
        if table.get("small_blind_seat") is False:  # a dead small blind: nobody posts it
            table["small_blind_seat"] = None
        elif "small_blind_seat" in table:
            table["small_blind_seat"] = self.seat(
                "table.small_blind_seat", table["small_blind_seat"]
            )
        if "straddles" in table:  # R11: the straddlers' names, in posting order
            table["straddles"] = self.seat_list("table.straddles", table["straddles"])
        for key in ("live_posts", "dead_posts"):  # R14.3: { name = chips }
            if key in table:
                posts = self.seat_map(f"table.{key}", table[key], every=False)
                table[key] = [posts.get(s, 0) for s in range(len(self.names))]
        try:
            config = TableConfig(stacks, names=names, **table)
        except HoldemError as error:
            raise self.fail("table", str(error)) from None
        hand = self.keys("hand", data["hand"], _HAND_KEYS, ("actions",))
        board = hand.get("board")
        if board is not None and not isinstance(board, str):
            raise self.fail(
                "hand.board", f"must be a string like '2s 7h 9s Jd 4c', got {_describe(board)}"
            )
        seed = hand.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise self.fail("hand.seed", f"must be an integer or a string, got {_describe(seed)}")
        actions = hand["actions"]
        if not isinstance(actions, list):
            raise self.fail("hand.actions", "must be an array of steps")
        steps = tuple(self.step(i + 1, s) for i, s in enumerate(actions))
        expect = self.expect(data.get("expect", {}))
        scenario = Scenario(
            self.path,
            data["rule"],
            data["description"].strip(),
            config,
            tuple(cards),
            board,
            seed,
            steps,
            expect,
        )
        try:
            Hand(config, seed=seed, hole_cards=list(cards), board=board)
        except HoldemError as error:
            raise self.fail("cards", str(error)) from None
        return scenario

    def action(self, where: str, text: object) -> tuple[int, Action | _runs.RunAnswer]:
        if not isinstance(text, str):
            raise self.fail(
                where, f"an action must be a string '<name> <action>', got {_describe(text)}"
            )
        for name in sorted(self.names, key=len, reverse=True):
            if text.startswith(name + " "):
                answer = _runs.parse_run_answer(text[len(name) + 1 :])
                if answer is not None:
                    return self.names.index(name), answer
                try:
                    return self.names.index(name), parse_action(text[len(name) + 1 :])
                except HoldemError as error:
                    raise self.fail(where, str(error)) from None
        raise self.fail(where, f"does not start with a player's name ({', '.join(self.names)})")

    def step(self, index: int, data: object) -> Step:
        if isinstance(data, str):
            seat, action = self.action(f"step {index} ({_describe(data)})", data)
            return Play(data, seat, action)
        where = f"step {index}"
        if isinstance(data, dict) and "refuse" in data:
            data = self.keys(where, data, _REFUSE_KEYS, ("reason",))
            text = data["refuse"]
            where = f"step {index} (refuse {_describe(text)})"
            seat, action = self.action(where, text)
            reason = _REASONS.get(data["reason"]) if isinstance(data["reason"], str) else None
            if reason is None:
                raise self.fail(
                    where,
                    f"unknown reason {_describe(data['reason'])} (one of {', '.join(_REASONS)})",
                )
            return Refuse(text, seat, action, reason)
        data = self.keys(where, data, _CHECK_KEYS)
        if not data:
            raise self.fail(where, "an empty check; give to_act, legal, street, pot or run_seat")
        to_act = data.get("to_act")
        street = data.get("street")
        if street is not None and street not in ("preflop", "flop", "turn", "river"):
            raise self.fail(
                where, f"street must be preflop, flop, turn or river, got {_describe(street)}"
            )
        legal = data.get("legal")
        if legal is not None and not isinstance(legal, str):
            raise self.fail(
                where, f"legal must be a string like 'fold, call 100', got {_describe(legal)}"
            )
        pot = data.get("pot")
        run_seat = data.get("run_seat")
        return Check(
            None if to_act is None else self.seat(where, to_act),
            None if legal is None else _normal(legal),
            street,
            None if pot is None else self.chips(where, pot),
            None if run_seat is None else self.seat(where, run_seat),
        )

    def expect(self, data: object) -> dict[str, Any]:
        data = self.keys("expect", data, _EXPECT_KEYS)
        over = data.get("over", True)
        if not isinstance(over, bool):
            raise self.fail("expect.over", f"must be true or false, got {_describe(over)}")
        if not over and set(data) & _RESULT_KEYS:
            extra = min(set(data) & _RESULT_KEYS)
            raise self.fail(f"expect.{extra}", "needs a finished hand, but over = false")
        out: dict[str, Any] = {"over": over}
        for key, every in (
            ("stacks", True),
            ("net", True),
            ("payouts", False),
            ("returned", False),
        ):
            if key in data:
                where = f"expect.{key}"
                values = self.seat_map(where, data[key], every)
                out[key] = {
                    s: self.chips(where, v) if key != "net" else self.net(where, v)
                    for s, v in values.items()
                }
        for key in ("shown", "mucked"):
            if key in data:
                out[key] = self.seat_list(f"expect.{key}", data[key])
        if "hands" in data:
            hands = self.seat_map("expect.hands", data["hands"], False)
            for value in hands.values():
                if not isinstance(value, str):
                    raise self.fail(
                        "expect.hands",
                        f"a hand is a string like 'pair, aces', got {_describe(value)}",
                    )
            out["hands"] = hands
        if "board" in data:
            if not isinstance(data["board"], str):
                raise self.fail(
                    "expect.board", f"must be a string of cards, got {_describe(data['board'])}"
                )
            try:
                out["board"] = parse_cards(data["board"])
            except HoldemError as error:
                raise self.fail("expect.board", str(error)) from None
        if "eliminated" in data:
            places = data["eliminated"]
            if not isinstance(places, list):
                raise self.fail(
                    "expect.eliminated", "must be a list of places, each a list of names"
                )
            out["eliminated"] = tuple(self.seat_list("expect.eliminated", p) for p in places)
        if "pots" in data:
            out["pots"] = self.pots(data["pots"])
        out.update(_runs.read_expect(data, self.fail))
        return out

    def net(self, where: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"must be a whole number of chips, got {_describe(value)}")
        return value

    def pots(self, data: object) -> tuple[dict[str, Any], ...]:
        if not isinstance(data, list):
            raise self.fail("expect.pots", "must be an array of tables ([[expect.pots]])")
        pots = []
        for i, pot in enumerate(data):
            where = f"expect.pots[{i}]"
            pot = self.keys(where, pot, _POT_KEYS, ("amount", "eligible", "winners"))
            out: dict[str, Any] = {
                "amount": self.chips(where, pot["amount"]),
                "eligible": frozenset(self.seat_list(where, pot["eligible"])),
                "winners": frozenset(self.seat_list(where, pot["winners"])),
            }
            if "name" in pot:
                out["name"] = pot["name"]
            if "run" in pot:  # R12.3: which run's share of the pot
                out["run"] = self.chips(where, pot["run"])
            if "shares" in pot:
                out["shares"] = {
                    s: self.chips(where, v)
                    for s, v in self.seat_map(where, pot["shares"], False).items()
                }
            pots.append(out)
        return tuple(pots)


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 3, 80, 80
_REPR.maxlist = _REPR.maxdict = 6


def _describe(value: object) -> str:
    """``value`` for an error line: short, and safe for data nested any depth."""
    return _REPR.repr(value)


def _normal(text: str) -> str:
    """Legal-options text without thousands separators or extra spaces."""
    return " ".join(re.sub(r"(?<=\d),(?=\d{3}\b)", "", text).split())


def _cannot_list(error: OSError) -> NoReturn:
    raise ScenarioError(str(error.filename), None, f"cannot read: {error.strerror}") from None


def find_scenarios(paths: Iterable[str | Path]) -> list[Path]:
    """The scenario files named by ``paths``: files as given, folders searched
    for ``*.toml`` recursively (the extension in any case), in sorted order.

    Raises:
        ScenarioError: a path does not exist, a file is not named ``.toml``, or
            a folder or subfolder cannot be read (links to folders are not followed).
    """
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            walked = os.walk(path, onerror=_cannot_list)  # no subfolder skipped in silence
            files = [Path(r, n) for r, _, names in walked for n in names if _is_toml(n)]
            # a named pipe found there is left alone (nobody writes to it); a broken link is listed
            found.extend(sorted(f for f in files if f.is_file() or not f.exists()))
        elif not path.exists():
            raise ScenarioError(str(path), None, "no such file or folder")
        elif not _is_toml(path.name):
            raise ScenarioError(str(path), None, _not_toml(path.suffix))
        else:
            found.append(path)
    return found


def _is_toml(name: str) -> bool:
    """A scenario file's name: ``.toml`` in any case (``A.TOML`` too)."""
    return name.lower().endswith(".toml")


def _not_toml(suffix: str) -> str:
    what = f"unknown extension {suffix!r}" if suffix else "no extension"
    if suffix.lower() in (".phh", ".phhs", ".jsonl"):
        return f"{what}: a hand history, not a scenario (read it with holdem replay)"
    return f"{what} (scenario files are .toml files)"
