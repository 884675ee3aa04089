"""A local dealer speaking the ACPC protocol, and a client for holdem agents.

:class:`AcpcDealer` plays a match of ``hands`` hands on ``127.0.0.1`` for 2 to
10 players, one listening port each, as the ACPC dealer does: a player
connects, sends ``VERSION:2.0.0``, then receives a ``MATCHSTATE`` line (see
:mod:`holdem.search.acpc`) at the start of every hand and after every action,
and answers the lines where it is to act with the same line followed by
``:<action>`` (``f``, ``c``, or ``r<N>``: to ``N`` chips in the whole hand).
The hands are the engine's (:class:`~holdem.engine.hand.Hand`, R1-R14): dealt from
one ``random.Random(seed)`` (``Hand(config, rng=...)``), every stack reset
to the table's at each hand, and player ``i`` in position ``(i + h) % n`` in
hand ``h`` (positions rotate as in ACPC matches). An answer that is not a
legal action (or a line that does not repeat the state) is replaced by a
check or call, and counted in :attr:`MatchResult.invalid` (so is a raise of
more than :data:`~holdem.search.acpc.MAX_DIGITS` digits). The dealer stops
by itself: after the last hand, or when a player has not sent a whole answer
line within ``timeout`` seconds (:class:`DealerError`, which carries the hands
completed so far; the log file has their lines).

:func:`play_acpc` connects a holdem agent (anything with
``act(view) -> Action``, :mod:`holdem.selfplay.agents`) to such a dealer, or to any
ACPC dealer running the same game.
"""

from __future__ import annotations

import math
import random
import re
import socket
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import attrs

from holdem.engine.betting import Action, Kind
from holdem.engine.config import TableConfig
from holdem.engine.hand import Hand
from holdem.errors import ConfigError, HoldemError, NotationError
from holdem.search.acpc import (
    MAX_DIGITS,
    MatchState,
    decode_acpc,
    encode_acpc,
    parse_matchstate,
)
from holdem.views.seat import seat_view

__all__ = ["MAX_HANDS", "AcpcDealer", "DealerError", "MatchResult", "play_acpc"]

MAX_HANDS = 100_000_000
"""The most hands one match may have (as ``holdem match``'s deals)."""

_CHECK_CALL = Action(Kind.CALL)
_RAISE = re.compile(rf"r[0-9]{{1,{MAX_DIGITS}}}")  # longer amounts: an illegal answer

MAX_LINE = 64 * 1024
"""The longest line (bytes, end of line included) the dealer reads from a
player, and the client from a dealer: a longer one is an error, not a
memory sink."""


class DealerError(HoldemError):
    """A player did not connect, send its version or answer in time, closed or
    reset its connection, or sent a line longer than :data:`MAX_LINE`. The
    message names the player and what happened, and once the match has begun
    the hands completed and the chips won so far.

    Attributes:
        partial: the :class:`MatchResult` of the hands completed before the
            failure (``None`` when it came before the first hand was dealt);
            their log lines are already in the dealer's ``log_path``.
    """

    def __init__(self, message: str, partial: MatchResult | None = None) -> None:
        super().__init__(message)
        self.partial = partial


def _no_delay(conn: socket.socket) -> None:
    """Send every line at once: the protocol is one short line per message,
    which Nagle's algorithm with delayed ACKs would hold back for tens of ms."""
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def _failure(error: OSError) -> str:
    """What a socket error means, in words."""
    if isinstance(error, TimeoutError):
        return "did not answer in time"
    if isinstance(error, ConnectionResetError):
        return "reset the connection"
    if isinstance(error, BrokenPipeError | ConnectionAbortedError):
        return "closed the connection"
    return f"connection failed ({type(error).__name__}: {error})"


@attrs.frozen
class MatchResult:
    """The outcome of a match.

    Attributes:
        hands: hands played.
        totals: chips won (+) or lost (-) per player over the match.
        invalid: answers replaced by a check or call, per player.
        log: one ACPC ``STATE`` line per hand:
            ``STATE:<hand>:<betting>:<cards>:<net per position>:<player per position>``;
            the cards are the board and the hands shown at the showdown
            (mucked and folded hands stay hidden, R6). Empty when the dealer
            has a ``log_path``: the lines are then written there as each hand
            ends, not kept in memory.
    """

    hands: int
    totals: tuple[int, ...]
    invalid: tuple[int, ...]
    log: tuple[str, ...]


def _cards(hand: Hand, visible: Sequence[bool]) -> str:
    holes = "|".join(
        "".join(hand.hole_cards(seat)) if visible[seat] else "" for seat in range(hand.config.seats)
    )
    board = hand.board
    streets = [board[:3], board[3:4], board[4:5]]
    return holes + "".join("/" + "".join(cards) for cards in streets if cards)


def _token(hand: Hand, seat: int, action: Action) -> str:
    """The ACPC token of ``action`` by ``seat`` (to act in ``hand``), without
    applying it (the view hand's unknown cards could not settle a showdown)."""
    kind = action.kind
    if kind is Kind.FOLD:
        return "f"
    if kind in (Kind.CHECK, Kind.CALL):
        return "c"
    before = hand.contributions[seat] - hand.bets[seat]  # chips in on earlier streets
    if kind is Kind.ALL_IN:
        to = hand.bets[seat] + hand.stacks[seat]
        if to <= hand.current_bet:
            return "c"  # an all-in that only calls (R1.2)
    else:
        to = action.amount  # type: ignore[assignment]
    return f"r{before + to}"


class AcpcDealer:
    """A local ACPC dealer (see the module).

    Args:
        config: the table; its seats are the ACPC positions, its stacks every
            hand's starting stacks.
        hands: the number of hands, 1 to :data:`MAX_HANDS`.
        seed: seed of the deal.
        names: one name per player (for the log); ``Player 0``... by default.
        log_path: optional file to write the match log to, one line per hand
            as each hand ends (a match that fails keeps the hands completed).
        timeout: seconds a player may take to connect, or to send a whole
            answer line (a deadline for the line, however it is split).

    Raises:
        ConfigError: bad ``config`` (from :class:`TableConfig`); a ``timeout``
            that is not a number of seconds above 0; a ``log_path`` that is a
            folder or in a folder that does not exist (checked now, not after
            the match);
        HoldemError: ``hands`` not a whole number from 1 to :data:`MAX_HANDS`.
    """

    def __init__(
        self,
        config: TableConfig,
        hands: int,
        seed: int,
        *,
        names: Sequence[str] | None = None,
        log_path: str | Path | None = None,
        timeout: float = 30.0,
    ) -> None:
        if type(hands) is not int or not 1 <= hands <= MAX_HANDS:
            raise HoldemError(
                f"hands must be a whole number from 1 to {MAX_HANDS:,}, got {hands!r}"
            )
        if (
            isinstance(timeout, bool)
            or not isinstance(timeout, int | float)
            or not 0 < timeout < math.inf
        ):
            raise ConfigError("timeout", f"must be a number of seconds above 0, got {timeout!r}")
        if log_path is not None:
            folder = Path(log_path).parent
            if Path(log_path).is_dir():
                raise ConfigError("log_path", f"{str(log_path)!r} is a folder, not a file")
            if not folder.is_dir():
                raise ConfigError("log_path", f"no such folder: {str(folder)!r}")
        self.config = config
        self.hands = hands
        self.seed = seed
        n = config.seats
        self.names = tuple(names) if names is not None else tuple(f"Player {i}" for i in range(n))
        self.log_path = Path(log_path) if log_path is not None else None
        self.timeout = timeout
        self._servers: list[socket.socket] = []

    def listen(self) -> list[int]:
        """Open one listening socket per player on 127.0.0.1; return the ports."""
        for _ in range(self.config.seats):
            server = socket.create_server(("127.0.0.1", 0))
            server.settimeout(self.timeout)
            self._servers.append(server)
        return [server.getsockname()[1] for server in self._servers]

    def run(self) -> MatchResult:
        """Accept every player, play the match, close every socket.

        Raises:
            DealerError: a player failed to connect or answer in time, closed or
                reset its connection (reading or writing), or sent a line
                longer than :data:`MAX_LINE` bytes; the message names the
                player and what happened.
        """
        if not self._servers:
            self.listen()
        players: list[tuple[socket.socket, Any]] = []
        self._buffers: dict[int, bytearray] = {}
        self._conns: dict[int, socket.socket] = {}
        try:
            for index, server in enumerate(self._servers):
                try:
                    conn, _ = server.accept()
                except TimeoutError:
                    raise DealerError(f"player {index} did not connect in time") from None
                conn.settimeout(self.timeout)
                _no_delay(conn)
                stream = conn.makefile("wb")
                players.append((conn, stream))
                self._conns[index] = conn
                self._buffers[index] = bytearray()
                version = self._read(stream, index)
                if not version.startswith("VERSION:"):
                    raise DealerError(f"player {index} sent {version!r}, not VERSION:2.0.0")
            return self._play([stream for _, stream in players])
        finally:
            for conn, stream in players:
                try:
                    stream.close()  # flushes: fails when the player has gone
                except OSError:
                    pass
                conn.close()
            for server in self._servers:
                server.close()

    def _read(self, stream: Any, player: int) -> str:
        """One line from ``player``, whole within ``timeout`` seconds (a deadline
        for the line, not for each read: a bot trickling bytes cannot hold the
        match)."""
        conn = self._conns[player]
        buffer = self._buffers[player]
        deadline = time.monotonic() + self.timeout
        try:
            while (end := buffer.find(b"\n")) < 0:
                if len(buffer) > MAX_LINE:
                    raise DealerError(f"player {player} sent a line longer than {MAX_LINE} bytes")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                conn.settimeout(left)
                chunk = conn.recv(MAX_LINE + 1)
                if not chunk:
                    raise DealerError(f"player {player} closed the connection")
                buffer += chunk
        except TimeoutError:
            raise DealerError(
                f"player {player} did not answer in time ({self.timeout:g} s)"
            ) from None
        except OSError as error:
            raise DealerError(f"player {player} {_failure(error)}") from None
        finally:
            conn.settimeout(self.timeout)
        if end + 1 > MAX_LINE:
            raise DealerError(f"player {player} sent a line longer than {MAX_LINE} bytes")
        line = bytes(buffer[: end + 1])
        del buffer[: end + 1]
        return str(line.decode("ascii", "replace").rstrip("\r\n"))

    def _send(self, stream: Any, player: int, line: str) -> None:
        try:
            stream.write(line.encode("ascii") + b"\r\n")
            stream.flush()
        except TimeoutError:
            raise DealerError(
                f"player {player} did not read its lines in time ({self.timeout:g} s)"
            ) from None
        except OSError as error:
            raise DealerError(f"player {player} {_failure(error)}") from None

    def _play(self, streams: list[Any]) -> MatchResult:
        n = self.config.seats
        totals = [0] * n
        invalid = [0] * n
        log: list[str] = []
        played = 0
        with ExitStack() as stack:
            file = (
                stack.enter_context(open(self.log_path, "w", encoding="utf-8"))
                if self.log_path is not None
                else None
            )
            try:
                rng = random.Random(self.seed)
                for number in range(self.hands):
                    line = self._hand(streams, number, rng, totals, invalid)
                    if file is None:
                        log.append(line)
                    else:
                        file.write(line + "\n")
                        file.flush()
                    played += 1
            except DealerError as error:
                partial = MatchResult(played, tuple(totals), tuple(invalid), tuple(log))
                raise DealerError(
                    f"{error} during hand {played}; {played} hands completed, "
                    f"chips won so far {' '.join(map(str, totals))}",
                    partial,
                ) from None
        return MatchResult(self.hands, tuple(totals), tuple(invalid), tuple(log))

    def _hand(
        self,
        streams: list[Any],
        number: int,
        rng: random.Random,
        totals: list[int],
        invalid: list[int],
    ) -> str:
        """Play hand ``number``: add its chips to ``totals`` (and its replaced
        answers to ``invalid``) once it is over; return its log line."""
        config = self.config
        n = config.seats
        player_at = [(position - number) % n for position in range(n)]
        hand = Hand(config, rng=rng)
        steps: list[tuple[int, Action]] = []
        replaced = [0] * n
        while True:
            betting = encode_acpc(steps, config)
            over = hand.is_over
            shown = set(hand.result.shown) if over and hand.result else set()
            lines = {}
            for position in range(n):
                visible = [s == position or s in shown for s in range(n)]
                line = f"MATCHSTATE:{position}:{number}:{betting}:{_cards(hand, visible)}"
                lines[position] = line
                self._send(streams[player_at[position]], player_at[position], line)
            if over:
                break
            seat = hand.to_act
            assert seat is not None
            player = player_at[seat]
            answer = self._read(streams[player], player)
            action = self._action(hand, seat, lines[seat], answer)
            if action is None:
                replaced[player] += 1
                legal = hand.legal_actions()
                assert legal is not None
                action = Action(Kind.CHECK) if legal.can_check else _CHECK_CALL
            hand.act(seat, action)
            steps.append((seat, action))
        assert hand.result is not None
        net = hand.result.net
        for position in range(n):
            totals[player_at[position]] += net[position]
        for player in range(n):
            invalid[player] += replaced[player]
        shown_all = [s in set(hand.result.shown) for s in range(n)]
        return (
            f"STATE:{number}:{encode_acpc(steps, config)}:{_cards(hand, shown_all)}:"
            f"{'|'.join(map(str, net))}:"
            f"{'|'.join(self.names[player_at[p]] for p in range(n))}"
        )

    def _action(self, hand: Hand, seat: int, line: str, answer: str) -> Action | None:
        """The engine action of an answer, or ``None`` when it is not legal."""
        prefix = line + ":"
        if not answer.startswith(prefix):
            return None
        token = answer[len(prefix) :]
        legal = hand.legal_actions()
        assert legal is not None
        if token == "f":
            return Action(Kind.FOLD) if legal.can_fold else None
        if token == "c":
            return Action(Kind.CHECK) if legal.can_check else Action(Kind.CALL)
        if _RAISE.fullmatch(token):
            to = int(token[1:]) - (hand.contributions[seat] - hand.bets[seat])
            low, high = legal.min_raise_to, legal.max_raise_to
            if low is None or high is None or not low <= to <= high:
                return None
            return Action(Kind.BET if legal.raise_word == "bet" else Kind.RAISE, to)
        return None


def _view_hand(config: TableConfig, state: MatchState) -> Hand:
    """A hand with the cards ``state.position`` sees (the others unknown) and its betting."""
    holes: list[object] = ["????"] * config.seats
    holes[state.position] = state.hole[state.position]
    board = [card for street in state.board for card in street]
    hand = Hand(config, hole_cards=holes, board=board, seed=0)  # type: ignore[arg-type]
    for seat, action in decode_acpc(state.betting, config):
        hand.act(seat, action)
    return hand


def _lines(stream: Any) -> Iterator[str]:
    """The dealer's lines until it closes the connection (a reset is a close).

    Raises:
        NotationError: a line longer than :data:`MAX_LINE` bytes or not ASCII.
    """
    while True:
        try:
            raw = stream.readline(MAX_LINE + 1)
        except ConnectionResetError:
            return
        if not raw:
            return
        if len(raw) > MAX_LINE:
            raise NotationError(f"the dealer sent a line longer than {MAX_LINE} bytes")
        try:
            yield raw.decode("ascii").rstrip("\r\n")
        except UnicodeDecodeError:
            raise NotationError(f"the dealer sent a line that is not ASCII: {raw[:80]!r}") from None


def play_acpc(
    host: str, port: int, config: TableConfig, agent: object, *, timeout: float = 30.0
) -> int:
    """Play a holdem agent against an ACPC dealer until it closes the connection.

    Args:
        host, port: the dealer's address.
        config: the game (its seats are the ACPC positions).
        agent: anything with ``act(view) -> Action`` (a :class:`~holdem.views.seat.SeatView`).
        timeout: seconds to wait for the dealer.

    Returns:
        The number of hands whose last state was received.

    Raises:
        NotationError: the dealer sent a malformed line: not ASCII, longer than
            :data:`MAX_LINE` bytes, or a ``MATCHSTATE`` that
            :func:`~holdem.search.acpc.parse_matchstate` refuses for a game of
            ``config.seats`` players.
        IllegalActionError: its betting is not legal in ``config`` (R3).
        OSError: the connection failed (``TimeoutError`` when the dealer is
            silent for ``timeout`` seconds; a reset or close ends the match
            instead).
        Exception: whatever ``agent.act`` raises, as it is.
    """
    hands = 0
    with socket.create_connection((host, port), timeout=timeout) as conn:
        _no_delay(conn)
        stream = conn.makefile("rwb")
        stream.write(b"VERSION:2.0.0\r\n")
        stream.flush()
        for line in _lines(stream):
            if not line.startswith("MATCHSTATE:"):
                continue
            state = parse_matchstate(line, config.seats)
            probe = Hand(config, seed=0)  # whose turn: the betting alone decides
            for seat, action in decode_acpc(state.betting, config):
                probe.act(seat, action)
            if probe.is_over:
                hands += 1
                continue
            if probe.to_act != state.position:
                continue
            hand = _view_hand(config, state)
            action = agent.act(seat_view(hand, state.position))  # type: ignore[attr-defined]
            token = _token(hand, state.position, action)
            stream.write(f"{line}:{token}\r\n".encode("ascii"))
            stream.flush()
        stream.close()
    return hands


def main(argv: list[str] | None = None) -> int:
    """``python -m holdem.search.dealer``: run a local ACPC dealer.

    Prints one line with the ports (player 0 first), plays the match as the
    bots connect, writes the log, prints the chips won per player.
    """
    import argparse

    parser = argparse.ArgumentParser(description="A local ACPC dealer on 127.0.0.1.")
    parser.add_argument("--stacks", default="20000 20000", help="chips per position")
    parser.add_argument("--blinds", default="50 100", help="'SB BB' in chips")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--log", default=None, help="match log file")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per answer")
    args = parser.parse_args(argv)
    stacks = [int(x) for x in args.stacks.split()]
    small, big = (int(x) for x in args.blinds.split())
    # ACPC order: heads-up position 0 posts the big blind; 3+ players, 0 and 1 the blinds.
    button = 1 if len(stacks) == 2 else len(stacks) - 1
    config = TableConfig(stacks, small, big, button=button)
    dealer = AcpcDealer(config, args.hands, args.seed, log_path=args.log, timeout=args.timeout)
    print(" ".join(map(str, dealer.listen())), flush=True)
    result = dealer.run()
    sys.stdout.write(f"hands {result.hands} totals {' '.join(map(str, result.totals))}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
