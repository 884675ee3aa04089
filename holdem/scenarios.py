"""Scenario files: one hand and its expected outcome, written in TOML.

A scenario names the table, the seats (with their cards), the actions by
player name and what must come out: final stacks, pots, payouts, the hands
shown, legal options at a step, refused actions. :func:`load_scenario`
reads and checks a file; :func:`run_scenario` plays it through
:class:`~holdem.hand.Hand` and lists every difference. The format is
described in ``docs/scenarios.md``.

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
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

import attrs

from holdem import scenario_runs as _runs
from holdem.betting import MAX_CHIPS, Action, parse_action
from holdem.cards import parse_cards
from holdem.config import TableConfig
from holdem.errors import HoldemError, IllegalActionError, Reason
from holdem.events import Mucked, Shown
from holdem.hand import Hand
from holdem.pots import PotAward
from holdem.rulebook import undefined

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


class ScenarioError(HoldemError):
    """A scenario file is broken: unreadable TOML, a missing or unknown key,
    an unknown player, an action that does not parse, an unknown reason code.

    A broken file is not a failed scenario: the file must be fixed.

    Attributes:
        path: the scenario file (``"<string>"`` when parsed from text).
        step: where the problem is: ``"step 3 ('Ramses folds')"``,
            ``"expect.stacks"``, ``"seats[1]"``... or ``None`` for the whole file.
        problem: what is wrong, in one line.
    """

    def __init__(self, path: str, step: str | None, problem: str) -> None:
        self.path = path
        self.step = step
        self.problem = problem
        where = f"{printable(path)}: {step}" if step else printable(path)
        super().__init__(f"{where}: {problem}")


def printable(text: str) -> str:
    """``text`` with every character that is not printable escaped (``\\n``,
    ``\\udcff``), so that a file name or value stays on one line of output."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


@attrs.frozen
class Play:
    """A step that applies one action: ``seat`` plays ``action`` (R3.1), or
    answers the run question (R12.1)."""

    text: str
    seat: int
    action: Action | _runs.RunAnswer


@attrs.frozen
class Refuse:
    """A step whose action the engine must refuse with ``reason`` (R3.7); the
    hand must be unchanged afterwards and the scenario goes on from it."""

    text: str
    seat: int
    action: Action | _runs.RunAnswer
    reason: Reason


@attrs.frozen
class Check:
    """A step that checks the hand without acting. Each field is ``None``
    when not checked.

    Attributes:
        to_act: the seat expected to act.
        legal: the text form of the legal options (``"fold, call 100, raise
            to 200..4000"``, amounts in chips) or ``"none"`` when nobody is
            to act.
        street: ``preflop``, ``flop``, ``turn`` or ``river``.
        pot: every chip in the middle, bets included, in chips.
        run_seat: the seat expected to answer the run question (R12.1).
    """

    to_act: int | None
    legal: str | None
    street: str | None
    pot: int | None
    run_seat: int | None = None


Step = Play | Refuse | Check


@attrs.frozen
class Scenario:
    """A scenario file, read and checked (see ``docs/scenarios.md``).

    Attributes:
        path: where it was read from.
        rule: the rule it cites (``"R7.3"``); several are comma-separated.
        description: what it shows, in words.
        config: the table.
        hole_cards: per seat, the fixed hole cards or ``None`` (dealt).
        board: fixed board cards, or ``None``.
        seed: the seed for every card not fixed (0 unless given).
        steps: the steps, in order.
        expect: the checked ``[expect]`` table (names already resolved).
    """

    path: str
    rule: str
    description: str
    config: TableConfig
    hole_cards: tuple[str | None, ...]
    board: str | None
    seed: int | str
    steps: tuple[Step, ...]
    expect: Mapping[str, Any]


@attrs.frozen
class ScenarioResult:
    """The outcome of :func:`run_scenario`.

    Attributes:
        scenario: the scenario played.
        hand: the hand as it stands after the last step.
        failures: one line per difference between expected and actual; empty
            when the scenario passes.
    """

    scenario: Scenario
    hand: Hand
    failures: tuple[str, ...]

    @property
    def passed(self) -> bool:
        """True when nothing differed."""
        return not self.failures


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
    """Refuse any integer beyond :data:`~holdem.betting.MAX_CHIPS` (a hexadecimal
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


# ------------------------------------------------------------------ running
def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Play ``scenario`` and compare every expectation.

    An action the engine refuses unexpectedly stops the steps and is a
    failure; so is a refusal with another reason, or a refused action that
    changed the hand (R3.7).

    Returns:
        A :class:`ScenarioResult` whose ``failures`` list every difference.
    """
    hand = Hand(
        scenario.config,
        seed=scenario.seed,
        hole_cards=list(scenario.hole_cards),
        board=scenario.board,
    )
    names = scenario.config.names
    failures: list[str] = []
    for index, step in enumerate(scenario.steps, 1):
        if isinstance(step, Check):
            failures.extend(f"step {index}: {f}" for f in _check(hand, step, names))
        elif isinstance(step, Refuse):
            failures.extend(
                f"step {index} (refuse {step.text!r}): {f}" for f in _refuse(hand, step)
            )
        else:
            try:
                _runs.apply(hand, step.seat, step.action)
            except IllegalActionError as error:
                failures.append(f"step {index} ({step.text!r}): refused ({error.reason}): {error}")
                break
    failures.extend(_compare(hand, scenario.expect, names))
    return ScenarioResult(scenario, hand, tuple(failures))


def _state(hand: Hand) -> tuple[object, ...]:
    return (
        hand.log,
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.to_act,
        hand.street,
        hand.current_bet,
        hand.min_raise_size,
        hand.run_seat,
    )


def _refuse(hand: Hand, step: Refuse) -> list[str]:
    before = _state(hand)
    try:
        _runs.apply(hand, step.seat, step.action)
    except IllegalActionError as error:
        problems = []
        if error.reason is not step.reason:
            problems.append(f"refused for {error.reason}, expected {step.reason}: {error}")
        if _state(hand) != before:
            problems.append("the refused action changed the hand (R3.7)")
        return problems
    return [f"accepted, expected a refusal ({step.reason}); the scenario is now off track"]


def _check(hand: Hand, step: Check, names: Sequence[str]) -> list[str]:
    problems = []
    if step.to_act is not None and hand.to_act != step.to_act:
        problems.append(
            f"to act: expected {_who(names, step.to_act)}, got {_who(names, hand.to_act)}"
        )
    if step.legal is not None:
        legal = hand.legal_actions()
        actual = "none" if legal is None else str(legal)
        if actual != step.legal:
            problems.append(f"legal: expected {step.legal!r}, got {actual!r}")
    if step.street is not None and hand.street != step.street:
        problems.append(f"street: expected {step.street}, got {hand.street}")
    if step.pot is not None and hand.pot_total != step.pot:
        problems.append(f"pot: expected {step.pot:,}, got {hand.pot_total:,}")
    if step.run_seat is not None and hand.run_seat != step.run_seat:
        problems.append(
            f"run question: expected {_who(names, step.run_seat)}, got {_who(names, hand.run_seat)}"
        )
    return problems


def _who(names: Sequence[str], seat: int | None) -> str:
    return "nobody" if seat is None else names[seat]


def _per_seat(
    key: str,
    names: Sequence[str],
    expected: Mapping[int, int],
    actual: Sequence[int],
    default: bool,
) -> list[str]:
    problems = []
    for seat, name in enumerate(names):
        if seat in expected or default:
            want = expected.get(seat, 0)
            if actual[seat] != want:
                problems.append(f"{key}: {name} expected {want:,}, got {actual[seat]:,}")
    return problems


def _names(names: Sequence[str], seats: Iterable[int]) -> str:
    listed = [names[s] for s in seats]
    return ", ".join(listed) if listed else "nobody"


def _compare(hand: Hand, expect: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    problems: list[str] = []
    if expect["over"] and not hand.is_over:
        problems.append(
            f"the hand is not over after the last step "
            f"({_who(names, hand.to_act)} to act on the {hand.street})"
        )
        return problems
    if "stacks" in expect:
        problems += _per_seat("stacks", names, expect["stacks"], hand.stacks, False)
    if "board" in expect and hand.board != expect["board"]:
        problems.append(f"board: expected {' '.join(expect['board'])}, got {' '.join(hand.board)}")
    result = hand.result
    if result is None:
        return problems
    payouts = [0] * len(names)
    for award in result.awards:
        for seat, chips in zip(award.winners, award.shares):
            payouts[seat] += chips
    if "net" in expect:
        problems += _per_seat("net", names, expect["net"], result.net, False)
    if "payouts" in expect:
        problems += _per_seat("payouts", names, expect["payouts"], payouts, True)
    if "returned" in expect:
        problems += _per_seat("returned", names, expect["returned"], result.returned, True)
    log = hand.log
    shown = tuple(e.seat for e in log if isinstance(e, Shown))
    if "shown" in expect and shown != expect["shown"]:
        problems.append(
            f"shown: expected {_names(names, expect['shown'])}, got {_names(names, shown)}"
        )
    mucked = tuple(e.seat for e in log if isinstance(e, Mucked))
    if "mucked" in expect and sorted(mucked) != sorted(expect["mucked"]):
        problems.append(
            f"mucked: expected {_names(names, expect['mucked'])}, got {_names(names, mucked)}"
        )
    described = {e.seat: e.description for e in log if isinstance(e, Shown)}
    for seat, want in expect.get("hands", {}).items():
        got = described.get(seat)
        if got != want:
            problems.append(f"hands: {names[seat]} expected {want!r}, got {got or 'not shown'!r}")
    if "eliminated" in expect:
        got_places = hand.eliminations()
        if got_places != expect["eliminated"]:
            want = "; ".join(_names(names, p) for p in expect["eliminated"]) or "nobody"
            got_text = "; ".join(_names(names, p) for p in got_places) or "nobody"
            problems.append(f"eliminated: expected {want}, got {got_text}")
    if "pots" in expect:
        problems += _compare_pots(expect["pots"], result.awards, names)
    return problems + _runs.compare(hand, expect)


def _compare_pots(
    expected: Sequence[Mapping[str, Any]], awards: Sequence[PotAward], names: Sequence[str]
) -> list[str]:
    problems = []
    if len(expected) != len(awards):
        got = ", ".join(f"{a.pot.name} {a.pot.amount:,}" for a in awards) or "none"
        problems.append(f"pots: expected {len(expected)}, got {len(awards)} ({got})")
    for i, (want, award) in enumerate(zip(expected, awards)):
        pot = award.pot
        label = f"pots[{i}] ({pot.name})"
        if "name" in want and want["name"] != pot.name:
            problems.append(f"{label}: name expected {want['name']!r}, got {pot.name!r}")
        if want.get("run", 1) != award.run:
            problems.append(f"{label}: run expected {want.get('run', 1)}, got {award.run}")
        if want["amount"] != pot.amount:
            problems.append(f"{label}: amount expected {want['amount']:,}, got {pot.amount:,}")
        if want["eligible"] != frozenset(pot.eligible):
            problems.append(
                f"{label}: eligible expected {_names(names, sorted(want['eligible']))}, "
                f"got {_names(names, pot.eligible)}"
            )
        if want["winners"] != frozenset(award.winners):
            problems.append(
                f"{label}: winners expected {_names(names, sorted(want['winners']))}, "
                f"got {_names(names, award.winners)}"
            )
        if "shares" in want:
            shares = dict(zip(award.winners, award.shares))
            problems += _per_seat(
                f"{label} shares",
                names,
                want["shares"],
                [shares.get(s, 0) for s in range(len(names))],
                True,
            )
    return problems


def _cannot_list(error: OSError) -> NoReturn:
    raise ScenarioError(str(error.filename), None, f"cannot read: {error.strerror}") from None


def find_scenarios(paths: Iterable[str | Path]) -> list[Path]:
    """The scenario files named by ``paths``: files as given, folders searched
    for ``*.toml`` recursively, in sorted order.

    Raises:
        ScenarioError: a path does not exist, or a folder or subfolder cannot be
            read (links to folders are not followed).
    """
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            walked = os.walk(path, onerror=_cannot_list)  # no subfolder skipped in silence
            files = [Path(r, n) for r, _, names in walked for n in names if n.endswith(".toml")]
            # a named pipe found there is left alone (nobody writes to it); a broken link is listed
            found.extend(sorted(f for f in files if f.is_file() or not f.exists()))
        elif path.exists():
            found.append(path)
        else:
            raise ScenarioError(str(path), None, "no such file or folder")
    return found
