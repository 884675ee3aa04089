"""The local ACPC dealer and client (holdem.search.dealer): a match between
holdem agents through sockets on 127.0.0.1 gives the same chips as the same
hands played directly on Hand (R1-R14)."""

from __future__ import annotations

import contextlib
import random
import socket
import threading
from pathlib import Path

import pytest

from holdem import Hand, TableConfig
from holdem.search.acpc import decode_acpc
from holdem.search.dealer import AcpcDealer, DealerError, play_acpc
from holdem.selfplay.agents import make_agent
from holdem.views.seat import seat_view


def direct(config: TableConfig, agents: list[object], hands: int, seed: int) -> list[int]:
    """The same match without the dealer: the same deals, positions rotating."""
    n = config.seats
    rng = random.Random(seed)
    totals = [0] * n
    for number in range(hands):
        player_at = [(position - number) % n for position in range(n)]
        hand = Hand(config, rng=rng)
        while (legal := hand.legal_actions()) is not None:
            agent = agents[player_at[legal.seat]]
            hand.act(legal.seat, agent.act(seat_view(hand, legal.seat)))  # type: ignore[attr-defined]
        assert hand.result is not None
        for position in range(n):
            totals[player_at[position]] += hand.result.net[position]
    return totals


def through_dealer(
    config: TableConfig, agents: list[object], hands: int, seed: int, log: Path | None = None
) -> object:
    dealer = AcpcDealer(config, hands, seed, log_path=log, timeout=20.0)
    ports = dealer.listen()
    threads = [
        threading.Thread(target=play_acpc, args=("127.0.0.1", port, config, agent), daemon=True)
        for port, agent in zip(ports, agents)
    ]
    for thread in threads:
        thread.start()
    result = dealer.run()
    for thread in threads:
        thread.join(timeout=20)
    return result


@pytest.mark.parametrize(
    ("stacks", "names"),
    [([20000, 20000], ["random", "potodds"]), ([400, 300, 500], ["random", "call", "random"])],
)
def test_a_match_through_the_dealer_gives_the_chips_of_the_same_hands_on_hand(
    tmp_path: Path, stacks: list[int], names: list[str]
) -> None:
    """The same seeded agents and deals, through sockets or directly: the same
    chips per player, no invalid answer, and a log line per hand whose betting
    replays through the engine to the logged net chips."""
    config = TableConfig(stacks, 50, 100, button=len(stacks) - 1)
    hands, seed = 12, 5
    expected = direct(config, [make_agent(a, seed=i) for i, a in enumerate(names)], hands, seed)
    log = tmp_path / "match.log"
    result = through_dealer(
        config, [make_agent(a, seed=i) for i, a in enumerate(names)], hands, seed, log
    )
    assert result.hands == hands  # type: ignore[attr-defined]
    assert list(result.totals) == expected  # type: ignore[attr-defined]
    assert sum(expected) == 0
    assert result.invalid == (0,) * len(stacks)  # type: ignore[attr-defined]
    lines = log.read_text().splitlines()
    assert len(lines) == hands and result.log == ()  # type: ignore[attr-defined]
    for line in lines:
        _, number, betting, _, nets, _ = line.split(":")
        replay = Hand(config, seed=0)
        for seat, action in decode_acpc(betting, config):
            replay.act(seat, action)
        assert replay.is_over
        assert sum(map(int, nets.split("|"))) == 0


def test_invalid_answers_become_check_or_call_and_silence_stops_the_dealer() -> None:
    """An answer that is not a legal action is replaced by a check or call; a
    player that never connects stops the match with DealerError."""
    config = TableConfig([1000, 1000], 50, 100, button=1)
    dealer = AcpcDealer(config, 1, 3, timeout=5.0)
    ports = dealer.listen()

    def bad_player(port: int) -> None:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            stream = conn.makefile("rwb")
            stream.write(b"VERSION:2.0.0\r\n")
            stream.flush()
            try:
                for raw in stream:
                    line = raw.decode().rstrip("\r\n")
                    stream.write(f"{line}:r5\r\n".encode())  # below every legal raise
                    stream.flush()
            except OSError:  # the dealer closed with answers unread
                pass

    threads = [threading.Thread(target=bad_player, args=(p,), daemon=True) for p in ports]
    for thread in threads:
        thread.start()
    result = dealer.run()
    assert sum(result.invalid) >= 2  # the button's call, then the big blind's check...
    assert result.totals[0] + result.totals[1] == 0
    lonely = AcpcDealer(config, 1, 3, timeout=0.5)
    lonely.listen()
    with pytest.raises(DealerError, match="did not connect"):
        lonely.run()


def test_holdem_acpc_dealer_command_deals_a_match(capsys: pytest.CaptureFixture[str]) -> None:
    """holdem acpc-dealer: two holdem clients play 3 hands; the totals cancel."""
    import contextlib
    import io

    from holdem.cli.command import main

    config = TableConfig([20000, 20000], 50, 100, button=1)
    out = io.StringIO()
    ports: list[int] = []
    ready = threading.Event()

    class Tee(io.StringIO):
        def write(self, text: str) -> int:
            if not ports and text.strip():
                ports.extend(int(p) for p in text.split())
                ready.set()
            return out.write(text)

    def clients() -> None:
        ready.wait(20)
        for seed, port in enumerate(ports):
            agent = make_agent("random", seed=seed)
            threading.Thread(
                target=play_acpc, args=("127.0.0.1", port, config, agent), daemon=True
            ).start()

    threading.Thread(target=clients, daemon=True).start()
    with contextlib.redirect_stdout(Tee()):
        status = main(["acpc-dealer", "--hands", "3", "--seed", "1", "--timeout", "20"])
    assert status == 0
    totals = out.getvalue().splitlines()[-1].split()
    assert totals[:2] == ["hands", "3"]
    assert int(totals[3]) + int(totals[4]) == 0


def quitter(port: int, line: bytes = b"VERSION:2.0.0\r\n") -> None:
    """A bot that connects, sends ``line`` and leaves."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        conn.sendall(line)


def test_a_bot_that_leaves_stops_the_dealer_with_an_error_naming_it() -> None:
    """Player 0 sends its version and closes; player 1 is a holdem client. The
    dealer's first lines to player 0 fail (a write, not a read): DealerError
    naming player 0 and the closed or reset connection, not a timeout, and not
    a BrokenPipeError (which ``holdem acpc-dealer`` took for a closed stdout,
    exiting 0 silently)."""
    config = TableConfig([20000, 20000], 50, 100, button=1)
    dealer = AcpcDealer(config, 50, 0, timeout=10.0)
    ports = dealer.listen()
    quitter(ports[0])
    client = threading.Thread(
        target=play_acpc,
        args=("127.0.0.1", ports[1], config, make_agent("call")),
        kwargs={"timeout": 10.0},
        daemon=True,
    )
    client.start()
    with pytest.raises(DealerError) as caught:
        dealer.run()
    message = str(caught.value)
    assert message.split(" during hand 0; ")[0] in (
        "player 0 closed the connection",
        "player 0 reset the connection",
    )
    assert message.endswith("0 hands completed, chips won so far 0 0")
    client.join(10)


def test_holdem_acpc_dealer_exits_non_zero_with_one_line_when_a_bot_leaves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The same through ``holdem acpc-dealer --log``: status 2, one line on
    stderr naming player 0, no log written (the match did not finish)."""
    from holdem.cli.command import main

    ports: list[int] = []
    config = TableConfig([20000, 20000], 50, 100, button=1)

    class Ports:
        def write(self, text: str) -> int:
            if not ports and text.strip():
                ports.extend(int(p) for p in text.split())
                quitter(ports[0])
                threading.Thread(
                    target=play_acpc,
                    args=("127.0.0.1", ports[1], config, make_agent("call")),
                    daemon=True,
                ).start()
            return len(text)

        def flush(self) -> None:
            pass

    with contextlib.redirect_stdout(Ports()):
        status = main(["acpc-dealer", "--hands", "50", "--timeout", "10"])
    err = capsys.readouterr().err
    assert status == 2
    tail = " during hand 0; 0 hands completed, chips won so far 0 0\n"
    assert err in (
        f"holdem acpc-dealer: error: player 0 closed the connection{tail}",
        f"holdem acpc-dealer: error: player 0 reset the connection{tail}",
    )


def test_a_line_longer_than_64_kib_is_refused_without_reading_it_all() -> None:
    """A 1 MiB VERSION line: DealerError naming the player and the limit."""
    config = TableConfig([20000, 20000], 50, 100, button=1)
    dealer = AcpcDealer(config, 1, 0, timeout=10.0)
    ports = dealer.listen()
    sender = threading.Thread(
        target=quitter, args=(ports[0], b"VERSION:" + b"x" * 2**20 + b"\r\n"), daemon=True
    )
    sender.start()
    with pytest.raises(DealerError, match=r"^player 0 sent a line longer than 65536 bytes$"):
        dealer.run()
    sender.join(10)


def test_every_socket_of_a_match_sends_without_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """TCP_NODELAY on the dealer's accepted sockets and on the client's: one
    short line per message, which Nagle's algorithm with delayed ACKs held back
    (100 hands took 9 s instead of 0.4 s)."""
    import holdem.search.dealer as dealer_module

    seen: list[int] = []
    original = dealer_module._no_delay

    def spy(conn: socket.socket) -> None:
        original(conn)
        seen.append(conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

    monkeypatch.setattr(dealer_module, "_no_delay", spy)
    config = TableConfig([20000, 20000], 50, 100, button=1)
    through_dealer(config, [make_agent("call"), make_agent("call")], 2, 0)
    assert len(seen) == 4 and all(seen)  # 2 accepted by the dealer, 2 client connections


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"MATCHSTATE:0:0::Ah5c|\xff\r\n", "not ASCII"),
        (b"MATCHSTATE:0:0::Ah5c|Kd|Qd\r\n", "3 hole-card fields, expected 2"),
        (b"MATCHSTATE:0:0::" + b"x" * 2**17 + b"\r\n", "longer than 65536 bytes"),
    ],
)
def test_the_client_refuses_a_bad_dealer_line_with_notation_error(
    line: bytes, message: str
) -> None:
    """play_acpc against a dealer sending a non-ASCII line (was
    UnicodeDecodeError), a third hole-card field in a 2-player game (was
    accepted), or a 128 KiB line: NotationError."""
    from holdem.errors import NotationError

    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(10)

    def fake_dealer() -> None:
        conn, _ = server.accept()
        with conn, contextlib.suppress(OSError):  # the client may close before reading all
            conn.recv(100)
            conn.sendall(line)
            conn.recv(100)  # until the client closes

    thread = threading.Thread(target=fake_dealer, daemon=True)
    thread.start()
    config = TableConfig([20000, 20000], 50, 100, button=1)
    with pytest.raises(NotationError, match=message):
        play_acpc("127.0.0.1", server.getsockname()[1], config, make_agent("call"), timeout=10)
    thread.join(10)
    server.close()
