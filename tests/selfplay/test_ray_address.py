"""holdem simulate --backend ray --address: an address nobody answers at is one
line and exit 2 at once (Ray itself retried for minutes, printing warnings)."""

from __future__ import annotations

import socket

import pytest

ray = pytest.importorskip("ray", reason="the ray extra is not installed")

from holdem.cli.command import main  # noqa: E402


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # closed again when the block ends


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_an_unreachable_ray_address_is_one_line(
    scheme: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert not ray.is_initialized()
    address = f"{scheme}127.0.0.1:{closed_port()}"
    argv = ["simulate", "--hands", "3", "--backend", "ray", "--address", address]
    status = main([*argv, "--no-progress"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.startswith(f"holdem simulate: error: cannot reach the Ray cluster at {address}: ")
    assert len(err.splitlines()) == 1
    assert not ray.is_initialized()


def test_a_malformed_address_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--hands", "3", "--backend", "ray", "--address", "127.0.0.1:port"]
    assert main([*argv, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "holdem simulate: error: cannot reach the Ray cluster at 127.0.0.1:port: "
        "expected host:port, auto or ray://host:port\n"
    )
