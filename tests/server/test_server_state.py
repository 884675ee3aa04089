"""The reference server's saved tables: signed with a key (HMAC-SHA256), any
altered byte refused with one clear line naming the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from conftest import require

require("starlette", "the server extra: pip install -e '.[server]'")

from holdem.errors import ConfigError, HoldemError  # noqa: E402
from holdem.server import RoomSettings, Server  # noqa: E402

KEY = b"0123456789abcdef0123456789abcdef"
SETTINGS = RoomSettings(bots=2, agent="call", bot_delay=0, between_hands=0)


def _saved(state: Path, key: bytes | None) -> Path:
    server = Server(1, SETTINGS, state, state_key=key)
    seat, _ = server.rooms[0].sit("Ann")
    assert seat == 2
    return state / "table-0.json"


def test_signed_state_is_restored_with_its_key(tmp_path: Path) -> None:
    path = _saved(tmp_path, KEY)
    assert path.read_text(encoding="utf-8").startswith("hmac-sha256:")
    again = Server(1, SETTINGS, tmp_path, state_key=KEY)
    assert [s and s["name"] for s in again.rooms[0].seats()[:3]] == ["Bot 1", "Bot 2", "Ann"]


@pytest.mark.parametrize(
    ("change", "key", "message"),
    [
        (lambda text: text.replace('"Ann"', '"Bob"'), KEY, "signature does not match"),
        (lambda text: text, b"another key, 16 bytes or more", "signature does not match"),
        (lambda text: text, None, "signed: give its key"),
        (lambda text: text.split("\n", 1)[1], KEY, "not signed"),
    ],
)
def test_altered_or_unkeyed_state_is_refused(
    tmp_path: Path, change: object, key: bytes | None, message: str
) -> None:
    path = _saved(tmp_path, KEY)
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")  # type: ignore[operator]
    with pytest.raises(HoldemError, match=message) as refused:
        Server(1, SETTINGS, tmp_path, state_key=key)
    assert str(path) in str(refused.value) and "\n" not in str(refused.value)


def test_unsigned_state_and_bad_settings(tmp_path: Path) -> None:
    path = _saved(tmp_path, None)
    assert path.read_text(encoding="utf-8").startswith("{")
    assert Server(1, SETTINGS, tmp_path).rooms[0].seats()[2]["name"] == "Ann"  # type: ignore[index]
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(HoldemError, match="cannot restore the table"):
        Server(1, SETTINGS, tmp_path)
    with pytest.raises(HoldemError, match="at least 16 bytes"):
        Server(1, SETTINGS, tmp_path / "other", state_key=b"short")
    for bad, field in (
        (RoomSettings(size=11), "size"),
        (RoomSettings(bots=6), "bots"),
        (RoomSettings(buy_in=1), "buy_in"),
        (RoomSettings(decision_seconds=0), "decision_seconds"),
        (RoomSettings(bot_delay=40), "bot_delay"),
        (RoomSettings(agent="nobody"), "agent"),
    ):
        with pytest.raises(ConfigError) as error:
            Server(1, bad)
        assert error.value.field == field
    with pytest.raises(ConfigError, match="tables"):
        Server(0, SETTINGS)


def test_serve_refuses_bad_options_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from holdem.cli.command import main

    missing = tmp_path / "no-such-key"
    assert main(["serve", "--state-dir", str(tmp_path), "--state-key-file", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("holdem serve: error: --state-key-file") and err.count("\n") == 1
    assert main(["serve", "--tables", "0"]) == 2
    assert capsys.readouterr().err == "holdem serve: error: tables: 1 to 100 tables, got 0\n"
    assert main(["serve", "--bots", "6"]) == 2
    assert "bots" in capsys.readouterr().err


def test_unusable_state_dir_or_port_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad configuration fails at start-up with one line naming the option,
    never a traceback: a state folder that cannot be made or written, a saved
    table that cannot be read, a port already taken."""
    import socket

    from holdem.cli.command import main

    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    for bad in (a_file, a_file / "below"):
        assert main(["serve", "--state-dir", str(bad)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("holdem serve: error: state_dir: ") and err.count("\n") == 1
        assert str(bad) in err
    unreadable = tmp_path / "state"
    (unreadable / "table-0.json").mkdir(parents=True)  # a folder where the file should be
    with pytest.raises(HoldemError, match="cannot restore the table") as refused:
        Server(1, SETTINGS, unreadable)
    assert "table-0.json" in str(refused.value) and "\n" not in str(refused.value)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr()
    assert err.err.startswith(f"holdem serve: error: --port: cannot listen on 127.0.0.1:{port}")
    assert err.err.count("\n") == 1 and err.out == ""


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _set_player(index: int, key: str, value: object) -> Any:
    return lambda data: data["players"][index].__setitem__(key, value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set_player(2, "seat", 99), "players[2].seat"),
        (_set_player(2, "seat", 1), "players[2].seat"),  # two players at seat 1
        (_set_player(2, "token_hash", 5), "players[2].token_hash"),
        (_set_player(0, "token_hash", "ab"), "players[0].token_hash"),  # a bot with a token
        (_set_player(2, "bot", "no"), "players[2].bot"),
        (_set_player(2, "name", "Eve"), "players[2].name"),
        (_set_player(2, "leaving", 1), "players[2].leaving"),
        (lambda data: data["players"].pop(2), "seat 2"),  # Ann's chips without Ann
        (lambda data: data.__setitem__("players", {}), "players"),
        (lambda data: data.__setitem__("stream_last", -3), "stream_last"),
    ],
)
def test_an_inconsistent_unsigned_state_is_one_line(
    tmp_path: Path, change: Any, message: str
) -> None:
    """An unsigned saved table edited by hand is refused with one line naming
    the file and the field, never a table task that dies later (a seat
    without a player stopped the table; a token that is not text broke every
    join)."""
    path = _saved(tmp_path, None)
    _edit(path, change)
    with pytest.raises(HoldemError) as refused:
        Server(1, SETTINGS, tmp_path)
    text = str(refused.value)
    assert str(path) in text and message in text and "\n" not in text


def test_a_state_saved_with_other_settings_is_refused(tmp_path: Path) -> None:
    """A table saved with 6 seats and blinds 1/2 cannot be served as a 9-seat
    table, or with other blinds: the page would show seats and blinds the
    table does not have."""
    _saved(tmp_path, None)
    for other, field in (
        (attrs.evolve(SETTINGS, size=9), "9 seats"),
        (attrs.evolve(SETTINGS, small_blind=5, big_blind=10), "blinds 5/10"),
    ):
        with pytest.raises(HoldemError, match=field) as refused:
            Server(1, other, tmp_path)
        assert "table-0.json" in str(refused.value)
    assert Server(1, SETTINGS, tmp_path).rooms[0].seats()[2]["name"] == "Ann"  # type: ignore[index]
