"""A deal players can verify: a commitment to the deck before the hand, the
proof after it (issue 22; ``docs/security.md``, "A deal players can verify").

Scheme ``holdem-deal-v1`` (standard library :mod:`hashlib` and :mod:`secrets`
only):

1. Before a hand the server shuffles a whole deck (52 cards, the secure
   source, R5.4) and draws a random 16-byte salt per card. Card ``i`` of the
   deck order (its *position*) gets a leaf hash
   ``SHA-256("holdem-deal-v1|<i>|<card>|" + salt_i)`` (upper-case hex: no
   run of it reads as a card, such as ``2c``), and the hand a
   commitment ``SHA-256("holdem-deal-v1\\n<label>\\n" + the 52 leaves, one a
   line)`` where ``label`` names the table, the hand and the table size. The
   server publishes the commitment (the ``commit`` field of the stream's
   ``hand`` message) before the hand's first card.
2. The cards go by a fixed rule (:func:`hole_positions`, :func:`board_positions`):
   table seat ``s`` gets the cards at positions ``2s`` and ``2s + 1``; the
   board is dealt from position ``2 * size`` on (flop, turn, river), and the
   later runs of the board (R12) take the positions after those five, in the
   order they are dealt. Burn cards are not from the committed deck (they are
   never seen).
3. After the hand the server publishes every leaf and *opens* the positions
   each viewer may see: the board's and shown hands' for everyone, a seat's
   own hole cards for that seat only (mucked cards stay secret: a leaf alone
   does not tell its card without its 128-bit salt).

:func:`verify_messages` checks one hand from the stream messages a player
received: the commitment came before the hand, the leaves hash to it, every
opened card matches its leaf, and every card the player saw dealt (their own,
the board, the shown hands) is the card at its position.

What it proves, and what not: see ``docs/security.md``.

>>> deck = CommittedDeck("table 0 hand 1 seats 2", size=2, rng=random.Random(5))
>>> leaves = deck.leaves
>>> opened = deck.opening(hole_positions(0))
>>> check_opening(deck.commitment, deck.label, leaves, opened)
[]
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from holdem.engine.cards import DECK

__all__ = [
    "SCHEME",
    "CommittedDeck",
    "DealCheck",
    "board_positions",
    "check_opening",
    "commitment_of",
    "hole_positions",
    "leaf",
    "verify_messages",
]

SCHEME = "holdem-deal-v1"
"""The name of the scheme, hashed into every leaf and commitment."""
SALT_BYTES = 16


def leaf(position: int, card: str, salt: bytes) -> str:
    """The leaf hash (upper-case hex) of ``card`` at deck ``position`` with ``salt``."""
    return hashlib.sha256(f"{SCHEME}|{position}|{card}|".encode() + salt).hexdigest().upper()


def commitment_of(label: str, leaves: Sequence[str]) -> str:
    """The commitment (upper-case hex SHA-256) of a deck's ``leaves`` for the hand ``label``."""
    return hashlib.sha256("\n".join([SCHEME, label, *leaves]).encode()).hexdigest().upper()


def hole_positions(seat: int) -> tuple[int, int]:
    """The deck positions of table seat ``seat``'s two hole cards."""
    return (2 * seat, 2 * seat + 1)


def board_positions(size: int, count: int) -> tuple[int, ...]:
    """The deck positions of the first ``count`` board cards (run 1's five,
    then the later runs' cards in dealing order) at a table of ``size`` seats."""
    return tuple(range(2 * size, 2 * size + count))


class CommittedDeck:
    """The server's side: a shuffled deck with a salt per card.

    Args:
        label: what the commitment is for (``"table 0 hand 12 seats 6"``).
        size: the table's seats (2 to 10): hole positions ``0 .. 2 * size - 1``.
        rng: the shuffle and salts' source; by default the secure one (R5.4).
            A seeded ``random.Random`` is for tests only: it makes every card
            and salt predictable.

    Keep it secret (with the hand's other secrets) until the hand is over.
    """

    def __init__(
        self,
        label: str,
        *,
        size: int,
        rng: random.Random | None = None,
        deck: Sequence[str] | None = None,
        salts: Sequence[bytes] | None = None,
    ) -> None:
        source = rng if rng is not None else secrets.SystemRandom()
        order = list(DECK) if deck is None else list(deck)
        if deck is None:
            source.shuffle(order)
        if sorted(order) != sorted(DECK):
            raise ValueError("a committed deck holds the 52 cards once each")
        if salts is None:
            salts = [source.getrandbits(8 * SALT_BYTES).to_bytes(SALT_BYTES, "big") for _ in order]
        if len(salts) != len(order) or any(len(s) != SALT_BYTES for s in salts):
            raise ValueError(f"a committed deck has one {SALT_BYTES}-byte salt per card")
        self.label = label
        self.size = size
        self.deck: tuple[str, ...] = tuple(order)
        self.salts: tuple[bytes, ...] = tuple(salts)
        self.leaves: tuple[str, ...] = tuple(
            leaf(i, card, salt) for i, (card, salt) in enumerate(zip(order, self.salts))
        )
        self.commitment = commitment_of(label, self.leaves)

    def hole_cards(self, seat: int) -> str:
        """Table seat ``seat``'s hole cards (``"AhKd"``)."""
        return "".join(self.deck[i] for i in hole_positions(seat))

    def board(self, runs: int = 1) -> str:
        """The board cards for up to ``runs`` runs (five a run), in dealing order."""
        return "".join(self.deck[i] for i in board_positions(self.size, 5 * runs))

    def opening(self, positions: Iterable[int]) -> dict[str, list[str]]:
        """The opened positions as JSON-ready data: position (text) -> ``[card,
        salt in upper-case hex]``."""
        return {str(i): [self.deck[i], self.salts[i].hex().upper()] for i in sorted(set(positions))}

    def to_dict(self) -> dict[str, Any]:
        """The deck as JSON-ready data (secret: the saved state of a server)."""
        return {
            "label": self.label,
            "size": self.size,
            "deck": "".join(self.deck),
            "salts": [s.hex().upper() for s in self.salts],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CommittedDeck:
        """The deck of :meth:`to_dict`.

        Raises:
            ValueError: a missing or malformed field (KeyError, TypeError too).
        """
        text = data["deck"]
        if not isinstance(text, str) or len(text) != 104:
            raise ValueError("deck: 52 cards")
        salts = [bytes.fromhex(s) for s in data["salts"]]
        size = data["size"]
        if isinstance(size, bool) or not isinstance(size, int) or not 2 <= size <= 10:
            raise ValueError("size: 2 to 10 seats")
        deck = [text[i : i + 2] for i in range(0, 104, 2)]
        return cls(str(data["label"]), size=size, deck=deck, salts=salts)


def check_opening(
    commitment: str, label: str, leaves: Sequence[str], opened: Mapping[str, Sequence[str]]
) -> list[str]:
    """The problems (empty when none) of ``opened`` positions against the
    published ``leaves`` and ``commitment``."""
    problems = []
    if len(leaves) != len(DECK):
        problems.append(f"{len(leaves)} leaves published, not {len(DECK)}")
    elif commitment_of(label, leaves) != commitment:
        problems.append("the leaves do not hash to the commitment published before the hand")
    cards: dict[str, int] = {}
    for key, value in opened.items():
        try:
            position = int(key)
            card, salt = value
            ok = (
                0 <= position < len(leaves)
                and leaf(position, card, bytes.fromhex(salt)) == (leaves[position])
            )
        except (TypeError, ValueError):
            ok = False
            card, position = "?", -1
        if not ok:
            problems.append(f"position {key}: the opened card does not match its leaf")
        elif card in cards:
            problems.append(f"card {card} opened at positions {cards[card]} and {position}")
        else:
            cards[card] = position
    return problems


class DealCheck:
    """The verdict on one hand (:func:`verify_messages`).

    Attributes:
        hand: the hand number.
        commitment: the commitment published before it (hex), or ``""``.
        checked: how many dealt cards were compared with the committed deck.
        problems: what did not match, one line each (empty: verified).
        pending: the stream ends before the hand does (nothing to verify yet;
            not a problem).
    """

    def __init__(
        self,
        hand: int,
        commitment: str,
        checked: int,
        problems: list[str],
        pending: bool = False,
    ) -> None:
        self.hand = hand
        self.commitment = commitment
        self.checked = checked
        self.problems = problems
        self.pending = pending

    @property
    def ok(self) -> bool:
        """Whether every check passed."""
        return not self.problems

    def __str__(self) -> str:
        head = f"hand {self.hand}"
        if self.pending:
            return f"{head}: still in play when the messages end: nothing to verify yet"
        if self.ok:
            return f"{head}: deal verified, {self.checked} cards from commitment {self.commitment}"
        return f"{head}: NOT verified: " + "; ".join(self.problems)


def _cards(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def verify_messages(messages: Sequence[Mapping[str, Any]]) -> list[DealCheck]:
    """Check each hand of a stream (the messages one seat or a spectator
    received, as ``docs/server.md`` describes them) whose deck was committed.

    For each ``hand`` message with a ``commit`` (published with the hand,
    before its first card): the ``deck`` message after the hand must publish leaves
    that hash to the commitment; every opened card (the ``deck`` message's and the
    viewer's own ``opening``) must match its leaf; and every card seen
    dealt, the viewer's own hole cards (``deal`` with ``c``), the board of
    every run (``board``) and the shown hands (``show``), must be the card
    opened at its position.

    Returns:
        One :class:`DealCheck` per committed hand, in order. A hand cut off
        before its ``deck`` message is reported with a problem.
    """
    checks: list[DealCheck] = []
    current: dict[str, Any] | None = None

    def finish() -> None:
        if current is not None:
            checks.append(_check_hand(current))

    for message in messages:
        kind = message.get("t")
        if kind == "hand":
            finish()
            current = None
            commit = message.get("commit")
            if isinstance(commit, dict):
                current = {"commit": commit, "hand": message, "events": [], "opened": {}}
        elif current is not None:
            if kind == "deck":
                current["reveal"] = message
            if kind in ("deck", "opening") and isinstance(message.get("open"), dict):
                current["opened"].update(message["open"])
            current["events"].append(message)
    finish()
    return checks


def _check_hand(data: dict[str, Any]) -> DealCheck:
    commit, hand = data["commit"], data["hand"]
    number = hand.get("h", 0)
    digest = str(commit.get("hash", ""))
    reveal = data.get("reveal")
    if not any(e.get("t") == "end" for e in data["events"]):
        return DealCheck(number, digest, 0, [], pending=True)
    if reveal is None or reveal.get("h") != number:
        return DealCheck(number, digest, 0, ["the hand was not revealed (cut off?)"])
    label, size = str(commit.get("label", "")), commit.get("size")
    if not isinstance(size, int) or not 2 <= size <= 10:
        return DealCheck(number, digest, 0, ["the commitment names no table size"])
    leaves = reveal.get("leaves")
    if not isinstance(leaves, list):
        return DealCheck(number, digest, 0, ["the reveal has no leaves"])
    opened: dict[str, Any] = data["opened"]
    problems = check_opening(digest, label, leaves, opened)
    seen: list[tuple[int, str, str]] = []  # (position, card seen, what)
    later: list[str] = []
    for event in data["events"]:
        kind = event.get("t")
        if kind in ("deal", "show") and "c" in event:
            for position, card in zip(hole_positions(event["s"]), _cards(event["c"])):
                seen.append((position, card, f"seat {event['s']}'s {kind}"))
        elif kind == "board":
            if event.get("r", 1) > 1:
                later.extend(_cards(event["c"]))
                continue
            start = {"flop": 0, "turn": 3, "river": 4}.get(event.get("st", ""), 0)
            for i, card in enumerate(_cards(event["c"])):
                seen.append((board_positions(size, 5)[start + i], card, "the board"))
    for i, card in enumerate(later):
        seen.append((2 * size + 5 + i, card, "a later run's board"))
    for position, card, what in seen:
        got = opened.get(str(position))
        if not got:
            problems.append(f"{what}: position {position} ({card}) was not opened")
        elif got[0] != card:
            problems.append(f"{what}: {card} dealt, the committed deck has {got[0]} there")
    return DealCheck(number, digest, len(seen), problems)
