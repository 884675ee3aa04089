"""Snapshot and restore: the whole state of a hand as JSON-ready data, and back.

A snapshot is the server's full, secret state: it holds every seat's hole
cards and the board still to come. Give players a seat view, never this.

Restoring checks that the snapshot is consistent: the hand is rebuilt from
its cards and logged actions under the rules, and the stored state must be
exactly what follows. That check is **not protection against tampering**: an
edit that stays consistent (another river card still to come, another
starting stack) is accepted. To detect any change, sign: ``dumps(hand,
key=...)`` puts an HMAC-SHA256 signature line in front of the JSON
(:mod:`holdem.engine.signing`), and ``loads(text, key=...)`` refuses the text if any
byte differs or the key is another. Keep the key on the server.

Schema ``holdem.engine.hand`` version 2, a JSON object:

- ``schema``: ``"holdem.hand"``; ``version``: ``2``.
- ``config``: the :class:`~holdem.engine.config.TableConfig` fields (``names``,
  ``stacks``, ``button``, ``small_blind``, ``big_blind``, ``ante``,
  ``ante_type``, ``structure``, ``min_bet``, ``chip_unit``,
  ``small_blind_seat``, ``big_blind_seat``, and since version 2
  ``straddles``, ``live_posts``, ``dead_posts``, ``free_fold``, ``max_runs``
  and ``rake``).
- ``show_policy``: ``"auto"`` or ``"manual"``.
- ``hole_cards``: per seat, two cards (``"??"`` when unknown);
  ``board_cards``: the five board cards the hand will deal, in order; on a
  table allowing several runs (``max_runs`` above 1, R12), ``run_cards``
  (fixed cards of the later runs) and ``run_deck`` (the deck after run 1,
  which the later runs burn and deal from).
- ``state``: per-seat lists (``stacks``, ``bets``, ``contributions``,
  ``folded``, ``acted``, ``acted_at`` — the bet each seat last acted at —,
  ``returned``, ``ranks``) and ``dead_money``, ``street`` (0 to 3), ``board``,
  ``to_act``, ``aggressor``, ``phase`` (``betting``, ``showdown``, ``over``),
  ``show_queue``, ``shown``, ``current_bet``, ``min_raise``, and since
  version 2 ``decision`` (the decision number) and, with ``max_runs`` above
  1, ``run_queue`` (the seats still to answer the run question),
  ``run_offer`` (the smallest answer so far), ``runs`` (the runs agreed) and
  ``run_boards`` (the later runs' boards). Chips in chips.
- ``log``: the events, each ``{"event": "<class name>", ...fields}``.
- ``result``: ``null`` until the hand is over. With a rake, it has ``rake``
  (per pot); with ``max_runs`` above 1, ``boards`` and ``run_ranks``, and
  each award of a later run its ``run``.

Version 1 snapshots (no straddles, posts, free folds or decision number) are
still read.

>>> from holdem import Hand, TableConfig
>>> hand = Hand(TableConfig(stacks=[500, 500], small_blind=5, big_blind=10), seed=7)
>>> twin = restore(json.loads(json.dumps(snapshot(hand))))
>>> twin.call(0); hand.call(0)
>>> twin.log == hand.log
True
"""

from __future__ import annotations

import json
import sys
from typing import Any

from holdem.engine import events as _events
from holdem.engine.betting import Action, Kind
from holdem.engine.cards import parse_cards, run_boards
from holdem.engine.config import TableConfig
from holdem.engine.hand import Hand, HandResult
from holdem.engine.signing import SignatureError, is_signed, sign, verify
from holdem.errors import CardError, ConfigError, HoldemError

SCHEMA = "holdem.hand"
VERSION = 2
_V2_CONFIG = ("straddles", "live_posts", "dead_posts", "free_fold", "max_runs", "rake")
# The run question's state (R12.1), kept when the table allows several runs.
_RUN_STATE = {"run_queue": "_run_queue", "run_offer": "_run_offer", "runs": "_runs"}

_STATE = {
    # snapshot key: Hand attribute
    "stacks": "_stacks",
    "bets": "_bets",
    "contributions": "_contrib",
    "folded": "_folded",
    "acted": "_acted",
    "acted_at": "_level",
    "returned": "_returned",
    "ranks": "_ranks",
    "dead_money": "_dead",
    "street": "_street",
    "to_act": "_to_act",
    "aggressor": "_aggressor",
    "phase": "_phase",
    "show_queue": "_show_queue",
    "shown": "_shown",
    "current_bet": "_current",
    "min_raise": "_min_raise",
    "decision": "_decision",
}
_PER_SEAT = ("stacks", "bets", "contributions", "folded", "acted", "acted_at", "returned", "ranks")


class SnapshotError(HoldemError):
    """A snapshot cannot be restored: wrong schema or version, a missing or
    malformed field, or chips that do not add up."""


def _result_dict(hand: Hand, result: HandResult) -> dict[str, Any]:
    data = {
        "stacks": list(result.stacks),
        "net": list(result.net),
        "awards": [
            {
                "name": a.pot.name,
                "amount": a.pot.amount,
                "eligible": list(a.pot.eligible),
                "winners": list(a.winners),
                "shares": list(a.shares),
                **({"run": a.run} if a.run > 1 else {}),
            }
            for a in result.awards
        ],
        "payouts": list(result.payouts),
        "returned": list(result.returned),
        "shown": list(result.shown),
        "ranks": list(result.ranks),
    }
    if hand.config.rake is not None:
        data["rake"] = list(result.rake)
    if hand.config.max_runs > 1:
        data["boards"] = [list(board) for board in result.boards]
        data["run_ranks"] = [list(ranks) for ranks in result.run_ranks]
    return data


def snapshot(hand: Hand) -> dict[str, Any]:
    """The whole state of ``hand`` as JSON-ready data (schema ``holdem.engine.hand`` v1)."""
    config = hand.config
    state = {key: getattr(hand, attr) for key, attr in _STATE.items()}
    state["board"] = list(hand.board)
    for key in (*_PER_SEAT, "show_queue", "shown"):
        state[key] = list(state[key])
    several = config.max_runs > 1
    if several:  # R12
        for key, attr in _RUN_STATE.items():
            value = getattr(hand, attr)
            state[key] = list(value) if isinstance(value, list) else value
        state["run_boards"] = [list(board) for board in hand._run_boards]
    data = {
        "schema": SCHEMA,
        "version": VERSION,
        "config": config.to_dict(),
        "show_policy": "manual" if hand._manual else "auto",
        "hole_cards": [list(cards) for cards in hand._hole],
        "board_cards": list(hand._deck_board),
        "state": state,
        "log": [_events.to_dict(e) for e in hand.log],
        "result": None if hand.result is None else _result_dict(hand, hand.result),
    }
    if several:
        data["run_cards"] = list(hand._run_cards)
        data["run_deck"] = list(hand._run_stub)
    return data


def dumps(hand: Hand, *, key: bytes | str | None = None) -> str:
    """The snapshot of ``hand`` as a JSON string, signed when a ``key`` is given.

    Args:
        hand: the hand.
        key: an HMAC-SHA256 key (at least 16 bytes; text is used as UTF-8).
            With it the JSON gets a signature line in front
            (:func:`holdem.engine.signing.sign`), and only ``loads(text, key=key)``
            reads it back.

    Raises:
        SnapshotError: the key is unusable (not bytes or text, too short).
    """
    return write_json(snapshot(hand), key=key)


def restore(data: Any) -> Hand:
    """A hand from :func:`snapshot` data; it goes on exactly as the original would.

    The hand is rebuilt from the configuration, the cards and the actions in
    the log, through the same legality checks as live play, and the state
    stored in the snapshot must be exactly the state that follows: a snapshot
    that was altered, or that breaks a rule, is refused whole.

    Raises:
        SnapshotError: wrong schema or version, a missing or malformed field,
            an invalid configuration, an action the rules refuse, or a state
            that does not follow from the log.
    """
    try:
        return _restore(data)
    except SnapshotError:
        raise
    except ConfigError as error:
        raise SnapshotError(_short(f"the snapshot's config is invalid: {error}")) from None
    except RecursionError:
        raise SnapshotError("malformed snapshot: nested too deeply") from None


def _short(message: str) -> str:
    """An error message cut to one readable line (hostile data can be long)."""
    message = " ".join(message.split())
    return message if len(message) <= 300 else message[:300] + "..."


def _restore(data: Any) -> Hand:
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise SnapshotError(f"not a {SCHEMA} snapshot")
    version = data.get("version")
    if type(version) is not int or version not in (1, VERSION):
        raise SnapshotError(
            _short(f"snapshot version {version!r}; this engine reads 1 and {VERSION}")
        )
    try:
        config = TableConfig(**data["config"])
        board = data["board_cards"]
        if not isinstance(board, list) or len(board) != 5:
            raise SnapshotError("board_cards must list the five board cards")
        run_cards: list[str] = data["run_cards"] if config.max_runs > 1 else []
        if not isinstance(run_cards, list):
            raise SnapshotError("run_cards must list the later runs' fixed cards")
        hand = Hand(
            config,
            hole_cards=data["hole_cards"],
            board=board + run_cards,
            show_policy=data["show_policy"],
        )
        if config.max_runs > 1:
            hand._run_stub = _run_deck(hand, data["run_deck"])
        for item in data["log"]:
            _replay(hand, _events.from_dict(item))
    except ConfigError:
        raise
    except SnapshotError:
        raise
    except HoldemError as error:
        raise SnapshotError(_short(f"the snapshot's log breaks the rules: {error}")) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as error:
        raise SnapshotError(
            _short(f"malformed snapshot: {type(error).__name__}: {error}")
        ) from None
    if _as_version(snapshot(hand), version, data) != data:
        raise SnapshotError("the snapshot's state does not follow from its cards and log")
    return hand


def _as_version(data: dict[str, Any], version: int, original: dict[str, Any]) -> dict[str, Any]:
    """A snapshot in the form of an earlier schema version it can be written in."""
    if version == VERSION:
        return data
    old = original["config"]
    return dict(
        data,
        version=version,
        # (the version 2 configuration fields a version 1 snapshot may lack)
        config={k: v for k, v in data["config"].items() if k not in _V2_CONFIG or k in old},
        state={k: v for k, v in data["state"].items() if k != "decision"},
    )


def _run_deck(hand: Hand, deck: object) -> tuple[str, ...]:
    """The later runs' deck (R12.2): cards no other part of the hand holds."""
    if not isinstance(deck, list):
        raise SnapshotError("run_deck must list the cards after run 1")
    cards = parse_cards(deck)
    held = {c for pair in hand._hole for c in pair} | set(hand._deck_board) | set(hand._run_cards)
    if len(set(cards)) != len(cards) or held & set(cards):
        raise SnapshotError("run_deck repeats a card dealt elsewhere in the hand")
    try:  # enough cards for every run the table allows, from preflop (the most needed)
        run_boards(hand._run_cards, cards, 0, hand.config.max_runs)
    except CardError:
        raise SnapshotError(
            f"run_cards and run_deck hold too few cards for {hand.config.max_runs} runs (R12.2)"
        ) from None
    return cards


def _replay(hand: Hand, event: _events.Event) -> None:
    """Apply the decisions in a logged event; everything else the hand derives."""
    if isinstance(event, _events.Acted):
        seat, action = event.seat, event.action
        if action in ("bet", "raise"):
            hand.act(seat, Action(Kind(action), event.to))
        elif action in ("fold", "check", "call"):
            hand.act(seat, Action(Kind(action)))
        else:
            raise SnapshotError(f"unknown action {action!r} in the log")
    elif isinstance(event, _events.RunsChosen):
        hand.choose_runs(event.seat, event.count)
    elif isinstance(event, (_events.Shown, _events.Mucked)) and hand.showdown_seat is not None:
        if isinstance(event, _events.Shown):
            hand.show(event.seat)
        else:
            hand.muck(event.seat)


def loads(text: str | bytes, *, key: bytes | str | None = None) -> Hand:
    """A hand from a JSON snapshot string (see :func:`restore`).

    Args:
        text: what :func:`dumps` returned, as text or UTF-8 bytes.
        key: the key it was signed with (see :func:`read_json`).

    Raises:
        SnapshotError: anything :func:`read_json` or :func:`restore` refuses.
    """
    return restore(read_json(text, key=key))


def write_json(data: Any, *, key: bytes | str | None = None) -> str:
    """Snapshot data as JSON text, signed when a ``key`` is given (the inverse
    of :func:`read_json`, for this module's snapshots and a table's).

    Args:
        data: JSON-ready snapshot data.
        key: an HMAC-SHA256 key (:func:`holdem.engine.signing.sign`).

    Raises:
        SnapshotError: the key is unusable (not bytes or text, too short).
    """
    text = json.dumps(data, ensure_ascii=False)
    if key is None:
        return text
    try:
        return sign(text, key)
    except SignatureError as error:
        raise SnapshotError(str(error)) from None


def read_json(text: str | bytes, *, key: bytes | str | None = None) -> Any:
    """The JSON data of a snapshot text, read safely, its signature checked first.

    For this module's snapshots and any other snapshot format (a table's,
    for example): whatever the text holds, the answer is the data or one
    short :class:`SnapshotError`.

    Args:
        text: the snapshot, as text or UTF-8 bytes.
        key: the key it was signed with (:func:`holdem.engine.signing.sign`). With a
            key, the signature is checked before anything else is read, and a
            text that is not signed is refused; without one, a signed text is
            refused too (it needs its key).

    Raises:
        SnapshotError: a signature that is missing or does not match (any
            byte altered, or another key); text that is not JSON (invalid
            UTF-8, an integer of more than 4,300 digits, ``NaN`` or
            ``Infinity``, nesting too deep), or not text at all.
    """
    if key is not None:
        try:
            text = verify(text, key)
        except SignatureError as error:
            raise SnapshotError(str(error)) from None
    elif isinstance(text, (str, bytes)) and is_signed(text):
        raise SnapshotError("the snapshot is signed: it can be read only with its key")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise SnapshotError("not JSON: nested too deeply") from None
    except json.JSONDecodeError as error:
        raise SnapshotError(_short(f"not JSON: {error}")) from None
    except UnicodeDecodeError as error:
        raise SnapshotError(f"not JSON: not valid UTF-8 (byte {error.start})") from None
    except SnapshotError:
        raise
    except ValueError:  # Python's limit on converting long decimal integers
        raise SnapshotError(
            f"not JSON: an integer has more than {sys.get_int_max_str_digits() or 4300:,} digits"
        ) from None
    except TypeError:
        raise SnapshotError(f"not JSON: a snapshot is text, got {type(text).__name__}") from None


def _no_constant(name: str) -> Any:
    raise SnapshotError(f"not JSON: {name} is not a number")
