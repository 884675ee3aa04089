"""``holdem verify-deal``: check that the cards of served hands were the
decks committed before them (:mod:`holdem.views.fairness`); wired by :mod:`holdem.cli.command`.

Input: the stream messages a client received (``docs/server.md``), as a JSON
array of messages, a JSON array of ``events`` frames, or JSON lines of either.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from holdem.cli.common import FAILED, OK, USAGE, Parser
from holdem.views.fairness import verify_messages


def add_parser(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Add ``verify-deal`` to the ``holdem`` command."""
    verify = subparsers.add_parser(
        "verify-deal",
        help="check that served hands were dealt from the decks committed before them",
        description="Read the stream messages a client of `holdem serve` received and, for "
        "every hand with a `commit` message, check that the revealed deck hashes to the "
        "commitment and that every card seen (own hole cards, the board, shown hands) is the "
        "committed deck's card at its position. One line per hand; exit status 1 if any "
        "hand does not verify.",
    )
    verify.add_argument(
        "file", metavar="FILE", help="stream messages: a JSON array, or JSON lines ('-': stdin)"
    )
    verify.set_defaults(handler=run)


def _messages(text: str) -> list[dict[str, Any]]:
    """The stream messages in ``text`` (see the module doc).

    Raises:
        ValueError: not JSON, or not messages.
    """
    stripped = text.strip()
    if stripped.startswith("["):
        items = json.loads(stripped)
    else:
        items = [json.loads(line) for line in stripped.splitlines() if line.strip()]
    if not isinstance(items, list):
        raise ValueError("expected a JSON array or JSON lines")
    out: list[dict[str, Any]] = []
    for item in items:
        if not isinstance(item, dict):
            raise ValueError("every item must be a JSON object")
        if item.get("type") == "events" and isinstance(item.get("events"), list):
            out.extend(e for e in item["events"] if isinstance(e, dict))
        elif "t" in item:
            out.append(item)
    return out


def run(args: argparse.Namespace) -> int:
    """``holdem verify-deal FILE``: the exit status (0 every hand verified, 1
    a hand did not, 2 unreadable input)."""
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
        messages = _messages(text)
    except OSError as error:
        print(f"holdem verify-deal: error: {args.file}: {error.strerror}", file=sys.stderr)
        return USAGE
    except (ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
        print(
            f"holdem verify-deal: error: {args.file}: not stream messages: {reason}",
            file=sys.stderr,
        )
        return USAGE
    checks = verify_messages(messages)
    if not checks:
        print(f"holdem verify-deal: error: {args.file}: no committed hand", file=sys.stderr)
        return USAGE
    for check in checks:
        print(check)
    return OK if all(check.ok for check in checks) else FAILED
