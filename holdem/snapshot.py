"""Snapshot and restore: the whole state of a hand as JSON-ready data, and back.

A snapshot is the server's full, secret state: it holds every seat's hole
cards and the board still to come. Give players a seat view, never this.

Schema ``holdem.hand`` version 1, a JSON object:

- ``schema``: ``"holdem.hand"``; ``version``: ``1``.
- ``config``: the :class:`~holdem.config.TableConfig` fields (``names``,
  ``stacks``, ``button``, ``small_blind``, ``big_blind``, ``ante``,
  ``ante_type``, ``structure``, ``min_bet``, ``chip_unit``,
  ``small_blind_seat``, ``big_blind_seat``).
- ``show_policy``: ``"auto"`` or ``"manual"``.
- ``hole_cards``: per seat, two cards (``"??"`` when unknown);
  ``board_cards``: the five board cards the hand will deal, in order.
- ``state``: per-seat lists (``stacks``, ``bets``, ``contributions``,
  ``folded``, ``acted``, ``acted_at`` — the bet each seat last acted at —,
  ``returned``, ``ranks``) and ``dead_money``, ``street`` (0 to 3), ``board``,
  ``to_act``, ``aggressor``, ``phase`` (``betting``, ``showdown``, ``over``),
  ``show_queue``, ``shown``, ``current_bet``, ``min_raise``. Chips in chips.
- ``log``: the events, each ``{"event": "<class name>", ...fields}``.
- ``result``: ``null`` until the hand is over.

>>> from holdem import Hand, TableConfig
>>> hand = Hand(TableConfig(stacks=[500, 500], small_blind=5, big_blind=10), seed=7)
>>> twin = restore(json.loads(json.dumps(snapshot(hand))))
>>> twin.call(0); hand.call(0)
>>> twin.log == hand.log
True
"""

from __future__ import annotations

import json
from typing import Any

from holdem import events as _events
from holdem.config import TableConfig
from holdem.errors import ConfigError, HoldemError
from holdem.hand import Hand, HandResult
from holdem.pots import Pot, PotAward

SCHEMA = "holdem.hand"
VERSION = 1

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
}
_PER_SEAT = ("stacks", "bets", "contributions", "folded", "acted", "acted_at", "returned", "ranks")


class SnapshotError(HoldemError):
    """A snapshot cannot be restored: wrong schema or version, a missing or
    malformed field, or chips that do not add up."""


def _result_dict(result: HandResult) -> dict[str, Any]:
    return {
        "stacks": list(result.stacks),
        "net": list(result.net),
        "awards": [
            {
                "name": a.pot.name,
                "amount": a.pot.amount,
                "eligible": list(a.pot.eligible),
                "winners": list(a.winners),
                "shares": list(a.shares),
            }
            for a in result.awards
        ],
        "payouts": list(result.payouts),
        "returned": list(result.returned),
        "shown": list(result.shown),
        "ranks": list(result.ranks),
    }


def _result(data: dict[str, Any]) -> HandResult:
    awards = tuple(
        PotAward(
            Pot(a["amount"], tuple(a["eligible"]), a["name"]),
            tuple(a["winners"]),
            tuple(a["shares"]),
        )
        for a in data["awards"]
    )
    return HandResult(
        tuple(data["stacks"]),
        tuple(data["net"]),
        awards,
        tuple(data["payouts"]),
        tuple(data["returned"]),
        tuple(data["shown"]),
        tuple(data["ranks"]),
    )


def snapshot(hand: Hand) -> dict[str, Any]:
    """The whole state of ``hand`` as JSON-ready data (schema ``holdem.hand`` v1)."""
    config = hand.config
    state = {key: getattr(hand, attr) for key, attr in _STATE.items()}
    state["board"] = list(hand.board)
    for key in (*_PER_SEAT, "show_queue", "shown"):
        state[key] = list(state[key])
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "config": config.to_dict(),
        "show_policy": "manual" if hand._manual else "auto",
        "hole_cards": [list(cards) for cards in hand._hole],
        "board_cards": list(hand._deck_board),
        "state": state,
        "log": [_events.to_dict(e) for e in hand._log],
        "result": None if hand.result is None else _result_dict(hand.result),
    }


def dumps(hand: Hand) -> str:
    """The snapshot of ``hand`` as a JSON string."""
    return json.dumps(snapshot(hand), ensure_ascii=False)


def restore(data: dict[str, Any]) -> Hand:
    """A hand from :func:`snapshot` data; it goes on exactly as the original would.

    Raises:
        SnapshotError: wrong schema or version, a missing or malformed field,
            or chips that do not add up.
        ConfigError: the configuration in it is invalid.
    """
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise SnapshotError(f"not a {SCHEMA} snapshot")
    if data.get("version") != VERSION:
        raise SnapshotError(
            f"snapshot version {data.get('version')!r}; this engine reads {VERSION}"
        )
    try:
        config = TableConfig(**data["config"])
        state = data["state"]
        hand = Hand.__new__(Hand)
        hand.config = config
        hand._n = n = config.seats
        hand._manual = data["show_policy"] == "manual"
        hand._hole = [tuple(cards) for cards in data["hole_cards"]]
        hand._deck_board = tuple(data["board_cards"])
        for key, attr in _STATE.items():
            value = state[key]
            setattr(hand, attr, list(value) if isinstance(value, list) else value)
        hand._board = tuple(state["board"])
        hand._log = [_events.from_dict(e) for e in data["log"]]
        hand._result = None if data["result"] is None else _result(data["result"])
        hand._memo = None
        hand._unknown = any(cards[0] == "??" for cards in hand._hole)
    except ConfigError:
        raise
    except HoldemError as error:
        raise SnapshotError(str(error)) from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SnapshotError(f"malformed snapshot: {error!r}") from None
    if len(hand._hole) != n or any(len(state[key]) != n for key in _PER_SEAT):
        raise SnapshotError(f"per-seat lists must have {n} entries")
    if hand._phase not in ("betting", "showdown", "over"):
        raise SnapshotError(f"unknown phase {hand._phase!r}")
    in_play = sum(hand._stacks) + (0 if hand._phase == "over" else sum(hand._contrib) + hand._dead)
    if in_play != sum(config.stacks) or min(hand._stacks) < 0:
        raise SnapshotError("the chips in the snapshot do not add up to the starting stacks")
    return hand


def loads(text: str) -> Hand:
    """A hand from a JSON snapshot string (see :func:`restore`)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SnapshotError(f"not JSON: {error.msg}") from None
    return restore(data)
