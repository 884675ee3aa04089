"""The ACPC dealer and codec against hostile input (review 19b): numbers too long
for ``int()``, answers trickled byte by byte, a bot failing mid-match (R3, R6)."""

from __future__ import annotations

import re
import socket
import threading
import time
from pathlib import Path

import pytest

from holdem import TableConfig
from holdem.errors import HoldemError, NotationError
from holdem.search.acpc import MAX_DIGITS, decode_acpc, decode_slumbot, parse_matchstate
from holdem.search.dealer import MAX_HANDS, AcpcDealer, DealerError

CONFIG = TableConfig([200, 200], 1, 2, button=1)
HUGE = "9" * 5000  # beyond Python's int() limit of 4,300 digits


@pytest.mark.parametrize(
    "parse",
    [
        lambda: parse_matchstate("MATCHSTATE:0:" + HUGE + "::AsKd|", 2),
        lambda: parse_matchstate("MATCHSTATE:" + HUGE + ":0::|AsKd", 2),
        lambda: decode_acpc("r" + HUGE, CONFIG),
        lambda: decode_slumbot("b" + HUGE, CONFIG),
        lambda: decode_acpc("r" + "1" * (MAX_DIGITS + 1), CONFIG),
    ],
)
def test_numbers_of_more_than_max_digits_are_notation_errors(parse: object) -> None:
    """A hand number, position or amount too long to be chips is a NotationError
    naming the limit, not int()'s bare ValueError."""
    with pytest.raises(NotationError, match=f"{MAX_DIGITS}"):
        parse()  # type: ignore[operator]


def test_an_amount_of_max_digits_still_parses_to_an_illegal_raise() -> None:
    """30 digits is a number: it reaches the rules (R3.7), which refuse it."""
    with pytest.raises(HoldemError) as caught:
        decode_acpc("r" + "9" * MAX_DIGITS, CONFIG)
    assert not isinstance(caught.value, NotationError)


def _bot(port: int, answer: str | None, stop_at: int | None = None) -> None:
    """Answer every MATCHSTATE line with ``<line>:<answer>``; leave at hand ``stop_at``."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        stream = conn.makefile("rwb")
        stream.write(b"VERSION:2.0.0\r\n")
        stream.flush()
        try:
            for raw in stream:
                line = raw.decode().rstrip("\r\n")
                if stop_at is not None and int(line.split(":")[2]) >= stop_at:
                    return
                if answer is not None:
                    stream.write(f"{line}:{answer}\r\n".encode())
                    stream.flush()
        except OSError:  # the dealer closed with answers unread
            pass


def _start(*targets: tuple[object, ...]) -> None:
    for args in targets:
        threading.Thread(target=_bot, args=args, daemon=True).start()


def test_a_raise_of_5000_digits_is_an_invalid_answer_not_a_crash() -> None:
    """R3.7: an answer no rule allows (here a raise int() cannot even read) is
    replaced by a check or call and counted invalid; the match goes on."""
    dealer = AcpcDealer(CONFIG, 2, 0, timeout=10.0)
    ports = dealer.listen()
    _start((ports[0], "r" + HUGE), (ports[1], "r" + HUGE))
    result = dealer.run()
    assert result.hands == 2
    assert sum(result.invalid) >= 4  # every answer replaced: both act in both hands
    assert sum(result.totals) == 0


def test_the_timeout_is_a_deadline_for_the_whole_line() -> None:
    """A bot sending one byte every 0.2 s never finishes its VERSION line: with
    timeout=0.5 the dealer gives up on it (before, each byte restarted the clock
    and the dealer waited for as long as the bytes came)."""
    dealer = AcpcDealer(CONFIG, 1, 0, timeout=0.5)
    ports = dealer.listen()
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            dealer.run()
        except DealerError as error:
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    with socket.create_connection(("127.0.0.1", ports[0])) as conn:
        try:
            for _ in range(20):  # at most 4 s, then the bot closes
                conn.send(b"V")
                time.sleep(0.2)
        except OSError:  # the dealer gave up and closed
            pass
    thread.join(timeout=10)
    assert len(outcome) == 1
    assert str(outcome[0]).startswith("player 0 did not answer in time (0.5 s)")


def test_a_bot_leaving_mid_match_keeps_the_hands_completed(tmp_path: Path) -> None:
    """Player 1 leaves when hand 2 starts: the DealerError carries the totals of
    the hands completed (which cancel, R6), and the log file has their lines.

    The test's bots answer every line, their turn or not, so the dealer may
    still hold stale answers of player 1 when hand 2 starts; those do not fit
    hand 2's lines and are replaced by checks and calls (counted invalid), so
    hand 2 or more may be completed before the dealer reads the closed
    connection."""
    log = tmp_path / "match.log"
    dealer = AcpcDealer(CONFIG, 5, 0, log_path=log, timeout=10.0)
    ports = dealer.listen()
    _start((ports[0], "c"), (ports[1], "c", 2))
    with pytest.raises(DealerError, match="hands completed, chips won so far") as caught:
        dealer.run()
    partial = caught.value.partial
    assert partial is not None
    assert 2 <= partial.hands < 5
    if partial.hands > 2:
        assert partial.invalid[1] > 0  # hands played on player 1's stale answers
    message = str(caught.value)
    # a close the dealer reads, or a reset when it writes to the closed socket
    assert re.match(f"player 1 (closed|reset) the connection during hand {partial.hands};", message)
    assert f"; {partial.hands} hands completed, chips won so far " in message
    assert sum(partial.totals) == 0
    assert message.endswith(" ".join(map(str, partial.totals)))
    lines = log.read_text().splitlines()
    assert [line.split(":")[1] for line in lines] == [str(h) for h in range(partial.hands)]


@pytest.mark.parametrize("hands", [0, MAX_HANDS + 1, True])
def test_the_number_of_hands_is_bounded(hands: int) -> None:
    with pytest.raises(HoldemError, match="1 to 100,000,000"):
        AcpcDealer(CONFIG, hands, 0)


def test_holdem_acpc_dealer_refuses_more_than_max_hands(capsys: pytest.CaptureFixture[str]) -> None:
    """``holdem acpc-dealer --hands`` is bounded as ``holdem match``'s deals are:
    one line, status 2, before any port is opened."""
    from holdem.cli.command import main

    assert main(["acpc-dealer", "--hands", str(MAX_HANDS + 1)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "holdem acpc-dealer: error: hands must be a whole number from 1 to 100,000,000, "
        f"got {MAX_HANDS + 1}\n"
    )
