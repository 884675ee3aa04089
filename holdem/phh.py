"""PHH (Poker Hand History) import, replay and export for no-limit hold'em (``NT``).

PHH is the TOML-based hand-history format of the University of Toronto
Computer Poker Student Research Group. A hand lists ``antes``,
``blinds_or_straddles``, ``min_bet``, ``starting_stacks`` and ``actions`` in
player order ``p1..pN``: p1 is the first player left of the button, pN the
button. Heads-up, p1 is the big blind and p2 the button, and the ``antes`` and
``blinds_or_straddles`` arrays are written ``[SB, BB]`` all the same.

A replay applies every recorded action through the same legality checks as
live play (R3.7); nothing is skipped or guessed.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from holdem.cards import UNKNOWN, parse_cards
from holdem.config import AnteType, TableConfig
from holdem.errors import HoldemError
from holdem.events import Acted, HoleCardsDealt, Mucked, Shown, StreetDealt
from holdem.hand import Hand, ShowdownError

MATCHED = "matched"
DIFFERED = "differed"
REPLAYED = "replayed"
REJECTED = "rejected"
UNSUPPORTED = "unsupported"


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


# ------------------------------------------------------------------ reading
def _chip_list(record: Mapping[str, Any], key: str, count: int | None) -> list[int]:
    values = record.get(key)
    if not isinstance(values, list):
        raise PHHError(f"{key} must be an array of whole numbers of chips")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise PHHError(f"{key} must hold whole numbers of chips >= 0, got {v!r}")
    if count is not None and len(values) != count:
        raise PHHError(f"{key} has {len(values)} entries for {count} players")
    return values


def table_config(record: Mapping[str, Any]) -> TableConfig:
    """The :class:`TableConfig` of a PHH hand (player ``pK`` is seat ``K - 1``).

    Raises:
        UnsupportedError: not ``NT``, straddles, or an ante pattern that is
            neither uniform nor a big-blind ante.
        PHHError: a field is missing or malformed.
    """
    variant = record.get("variant")
    if variant != "NT":
        raise UnsupportedError(f"variant {variant!r} is not no-limit hold'em (NT)")
    stacks = _chip_list(record, "starting_stacks", None)
    n = len(stacks)
    if not 2 <= n <= 10:
        raise UnsupportedError(f"{n} players: the engine plays 2 to 10")
    antes = _chip_list(record, "antes", n) if "antes" in record else [0] * n
    blinds = _chip_list(record, "blinds_or_straddles", n)
    if any(blinds[2:]):
        raise UnsupportedError("straddles are not supported")
    small, big = blinds[0], blinds[1]
    blind_seats: dict[str, Any] = {}
    if big == 0 and small > 0 and n > 2:
        # Only the first seat left of the button posts: a big blind with a dead small blind.
        small, big = 0, small
        blind_seats = {"small_blind_seat": None, "big_blind_seat": 0}
    if small > big or big == 0:
        raise UnsupportedError(f"blinds {blinds[:2]}: no big blind above the small blind")
    nonzero = [i for i, a in enumerate(antes) if a]
    if not nonzero:
        ante, kind = 0, AnteType.NONE
    elif len(set(antes)) == 1:
        ante, kind = antes[0], AnteType.UNIFORM
    elif nonzero == [1]:
        ante, kind = antes[1], AnteType.BIG_BLIND
    else:
        raise UnsupportedError(f"antes {antes} are neither uniform nor a big-blind ante")
    min_bet = record.get("min_bet", big)
    return TableConfig(
        stacks=stacks,
        small_blind=small,
        big_blind=big,
        button=n - 1,
        ante=ante,
        ante_type=kind,
        min_bet=min_bet,
        **blind_seats,
    )


_PLAYER = re.compile(r"p[0-9]+")
_CHIPS = re.compile(r"[0-9]+")


def _seat(token: str, n: int, index: int, action: str) -> int:
    if not _PLAYER.fullmatch(token):
        raise PHHError(f"not a player: {token!r}", index, action)
    seat = int(token[1:]) - 1
    if not 0 <= seat < n:
        raise PHHError(f"no player {token} in a {n}-player hand", index, action)
    return seat


def _cards(text: str, index: int, action: str) -> tuple[str, ...] | None:
    """Parsed cards, or ``None`` when any of them is unknown (``??``)."""
    if "?" in text:
        return None
    try:
        return parse_cards(text)
    except HoldemError as error:
        raise PHHError(str(error), index, action) from None


def _parse_actions(actions: Sequence[str], n: int) -> list[tuple[str, list[str]]]:
    parsed = []
    for index, raw in enumerate(actions):
        if not isinstance(raw, str):
            raise PHHError(f"an action must be a string, got {raw!r}", index, str(raw))
        tokens = raw.split("#", 1)[0].split()
        if len(tokens) < 2:
            raise PHHError("an action needs an actor and a code", index, raw)
        parsed.append((raw, tokens))
    return parsed


def replay_record(record: Mapping[str, Any], hand_id: str | None = None) -> ReplayResult:
    """Replay one PHH hand (a mapping of its fields) and compare its finishing stacks.

    Never raises for a bad record: every fault becomes a ``rejected`` or
    ``unsupported`` result with the reason.
    """
    ident = str(record.get("id", hand_id or "?"))
    expected_raw = record.get("finishing_stacks")
    expected = tuple(expected_raw) if isinstance(expected_raw, list) else None
    try:
        if expected_raw is not None:
            players = record.get("starting_stacks")
            _chip_list(
                record, "finishing_stacks", len(players) if isinstance(players, list) else None
            )
        hand = _replay(record)
    except UnsupportedError as error:
        return ReplayResult(ident, UNSUPPORTED, None, expected, _error(None, None, str(error)))
    except PHHError as error:
        return ReplayResult(
            ident, REJECTED, None, expected, _error(error.action_index, error.action, str(error))
        )
    except HoldemError as error:
        return ReplayResult(ident, REJECTED, None, expected, _error(None, None, str(error)))
    stacks = hand.stacks
    if expected is None:
        return ReplayResult(ident, REPLAYED, stacks, None, None)
    return ReplayResult(ident, MATCHED if stacks == expected else DIFFERED, stacks, expected, None)


def _error(index: int | None, action: str | None, message: str) -> dict[str, Any]:
    return {"action_index": index, "action": action, "message": message}


def _replay(record: Mapping[str, Any]) -> Hand:
    config = table_config(record)
    n = config.seats
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise PHHError("actions must be an array of strings")
    parsed = _parse_actions(actions, n)
    hole: list[tuple[str, ...] | str | None] = [None] * n
    dealt = [False] * n
    board: list[str] = []
    mucked = [False] * n
    for index, (raw, tokens) in enumerate(parsed):
        if tokens[0] == "d":
            if tokens[1] == "dh" and len(tokens) == 4:
                seat = _seat(tokens[2], n, index, raw)
                if dealt[seat]:
                    raise PHHError(f"{tokens[2]} is dealt hole cards twice", index, raw)
                dealt[seat] = True
                cards = _cards(tokens[3], index, raw)
                if cards is not None and len(cards) != 2:
                    raise UnsupportedError(
                        f"{len(cards)} hole cards: only hold'em (2) is supported"
                    )
                hole[seat] = cards if cards is not None else UNKNOWN
            elif tokens[1] == "db" and len(tokens) == 3:
                cards = _cards(tokens[2], index, raw)
                if cards is None:
                    raise PHHError("unknown board cards", index, raw)
                board.extend(cards)
                if len(board) > 5:
                    raise UnsupportedError("more than five board cards (run it twice?)")
            else:
                raise PHHError(f"unknown dealer action {' '.join(tokens[1:])!r}", index, raw)
        elif tokens[1] == "sm":
            seat = _seat(tokens[0], n, index, raw)
            if len(tokens) > 3:
                raise PHHError("sm takes at most the cards shown", index, raw)
            if len(tokens) == 3:
                cards = _cards(tokens[2], index, raw)
                if cards is None:
                    continue  # shown to the table, but not to the log
                if hole[seat] == UNKNOWN or hole[seat] is None:
                    hole[seat] = cards
                elif set(hole[seat]) != set(cards):  # type: ignore[arg-type]
                    raise PHHError(f"{tokens[0]} shows cards other than those dealt", index, raw)
            else:
                mucked[seat] = True
    # A hand mucked in the record gives up its claim, whatever it held.
    for seat in range(n):
        if mucked[seat] or not dealt[seat]:
            hole[seat] = UNKNOWN
    try:
        hand = Hand(config, hole_cards=hole, board=board, seed=0)
    except HoldemError as error:
        raise PHHError(str(error)) from None
    street_cards = 0
    for index, (raw, tokens) in enumerate(parsed):
        actor, code = tokens[0], tokens[1]
        try:
            if actor == "d":
                if code == "db":
                    street_cards += len(tokens[2]) // 2
                    if len(hand.board) < street_cards and not hand.is_over:
                        raise PHHError(
                            f"board dealt while {hand.street} betting is still on", index, raw
                        )
                continue
            seat = _seat(actor, n, index, raw)
            if code == "sm":
                continue
            if code in ("cc", "f") and len(tokens) != 2:
                raise PHHError(f"{code} takes no amount", index, raw)
            if code == "cc":
                if hand.to_act is None and _only_one_could_bet(hand, seat):
                    continue  # R5.1a: a recorded check with no decision to make
                hand.check_or_call(seat)
            elif code == "f":
                hand.fold(seat)
            elif code == "cbr":
                if len(tokens) != 3 or not _CHIPS.fullmatch(tokens[2]):
                    raise PHHError("cbr needs a whole number of chips", index, raw)
                hand.bet_or_raise(seat, int(tokens[2]))
            else:
                raise PHHError(f"unknown action code {code!r}", index, raw)
        except ShowdownError as error:
            raise PHHError(f"the showdown needs unknown hole cards: {error}", index, raw) from None
        except PHHError:
            raise
        except HoldemError as error:
            raise PHHError(str(error), index, raw) from None
    if not hand.is_over:
        raise PHHError(
            f"the history ends before the hand is over (seat p{(hand.to_act or 0) + 1} to act)",
            len(parsed),
            None,
        )
    if len(hand.board) > len(board):
        raise PHHError(
            f"the hand needs {len(hand.board)} board cards and the history deals {len(board)}",
            len(parsed),
            None,
        )
    return hand


def _only_one_could_bet(hand: Hand, seat: int) -> bool:
    """R5.1a: once betting is over, ``seat`` is the one live seat with chips behind."""
    config = hand.config
    able = []
    for s in range(config.seats):
        put_in = hand.contributions[s] + (hand.dead_money if s == config.big_blind_seat else 0)
        if not hand.folded[s] and put_in < config.stacks[s]:
            able.append(s)
    return able == [seat]


def read_records(path: str | Path) -> Iterator[tuple[str, Mapping[str, Any] | Exception]]:
    """Hands in a ``.phh`` file (one), a ``.phhs`` file (several) or a ``.jsonl`` file.

    Yields ``(id, record)`` pairs; a part that cannot be read yields
    ``(id, exception)`` instead, so one bad hand never hides the others.
    """
    path = Path(path)
    if path.suffix == ".jsonl":
        with path.open(encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                if not line.strip():
                    continue
                ident = f"{path.name}:{number}"
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as error:
                    yield ident, PHHError(f"line {number}: not JSON: {error.msg}")
                    continue
                if not isinstance(record, dict):
                    yield ident, PHHError(f"line {number}: not a JSON object")
                    continue
                yield str(record.get("id", ident)), record
        return
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        yield path.name, PHHError(f"{path.name}: not TOML: {error}")
        return
    if "variant" in data or path.suffix == ".phh":
        yield str(data.get("hand", path.name)), data
        return
    for key, value in data.items():
        ident = f"{path.name}#{key}"
        if isinstance(value, dict):
            yield ident, value
        else:
            yield ident, PHHError(f"{ident}: not a hand table")


def iter_paths(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Files named, and ``.phh``/``.phhs``/``.jsonl`` files under folders named, sorted."""
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(
                f for f in p.rglob("*") if f.suffix in (".phh", ".phhs", ".jsonl") and f.is_file()
            )
        else:
            yield p


def replay_paths(paths: Iterable[str | Path]) -> Iterator[ReplayResult]:
    """Replay every hand in the given files and folders (see :func:`read_records`)."""
    for path in iter_paths(paths):
        if not path.exists():
            yield ReplayResult(
                str(path), REJECTED, None, None, _error(None, None, f"{path}: no such file")
            )
            continue
        for ident, record in read_records(path):
            if isinstance(record, Exception):
                yield ReplayResult(ident, REJECTED, None, None, _error(None, None, str(record)))
            else:
                yield replay_record(record, ident)


# ------------------------------------------------------------------ export
def to_phh(hand: Hand) -> dict[str, Any]:
    """The PHH fields of a hand the engine played (live or scripted).

    Seats map to players so that pN is the button. Returns a mapping ready
    for :func:`dumps`.
    """
    config = hand.config
    n = config.seats
    order = [(config.button + 1 + k) % n for k in range(n)]
    player = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    antes = [0] * n
    if config.ante_type is AnteType.UNIFORM:
        antes = [config.ante] * n
    elif config.ante_type is AnteType.BIG_BLIND:
        antes[1] = config.ante
    blinds = [0] * n
    blinds[0], blinds[1] = config.small_blind, config.big_blind
    actions: list[str] = []
    for event in hand.log:
        if isinstance(event, HoleCardsDealt):
            cards = "????" if event.cards[0] == UNKNOWN else "".join(event.cards)
            actions.append(f"d dh {player[event.seat]} {cards}")
        elif isinstance(event, StreetDealt):
            actions.append(f"d db {''.join(event.cards)}")
        elif isinstance(event, Acted):
            code = {"fold": "f", "check": "cc", "call": "cc"}.get(event.action, f"cbr {event.to}")
            actions.append(f"{player[event.seat]} {code}")
        elif isinstance(event, Shown):
            actions.append(f"{player[event.seat]} sm {''.join(event.cards)}")
        elif isinstance(event, Mucked):
            actions.append(f"{player[event.seat]} sm")
    record: dict[str, Any] = {
        "variant": "NT",
        "ante_trimming_status": config.ante_type is not AnteType.BIG_BLIND,
        "antes": antes,
        "blinds_or_straddles": blinds,
        "min_bet": config.min_bet,
        "starting_stacks": [config.stacks[s] for s in order],
        "actions": actions,
        "players": [config.names[s] for s in order],
    }
    if hand.is_over:
        record["finishing_stacks"] = [hand.stacks[s] for s in order]
    return record


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def dumps(record: Mapping[str, Any]) -> str:
    """PHH (TOML) text of a record of flat fields, as from :func:`to_phh`."""
    return "".join(f"{key} = {_toml_value(value)}\n" for key, value in record.items())
