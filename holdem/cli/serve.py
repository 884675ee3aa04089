"""``holdem serve``: the reference table server (needs the server extra);
wired by :mod:`holdem.cli.command`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from holdem.cli.common import OK, USAGE, Parser
from holdem.engine.pots import Rake
from holdem.errors import ConfigError, HoldemError

if TYPE_CHECKING:
    pass


# ------------------------------------------------------------------ serve
def _add_serve(subparsers: argparse._SubParsersAction[Parser]) -> None:
    serve = subparsers.add_parser(
        "serve",
        help="the reference table server: a browser table and a WebSocket protocol",
        description="Start one process with N tables, each with seats for people and built-in "
        "bots. Open http://HOST:PORT/ in a browser to play; the protocol is in docs/server.md. "
        "Needs the server extra (pip install 'holdem[server]').",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--tables", type=int, default=1, help="number of tables (default 1)")
    serve.add_argument("--bots", type=int, default=3, help="bot seats per table (default 3)")
    serve.add_argument("--seats", type=int, default=6, help="seats per table (default 6)")
    serve.add_argument(
        "--state-dir",
        metavar="DIR",
        help="save every table after every action here; a restart continues the hands",
    )
    serve.add_argument(
        "--state-store",
        choices=("json", "sqlite"),
        default="json",
        help="with --state-dir: json (a file per table, written in the event loop; default) "
        "or sqlite (DIR/tables.sqlite3, written by a thread: tables do not wait for the disk)",
    )
    serve.add_argument(
        "--state-key-file",
        metavar="FILE",
        help="sign the saved tables with the secret key in FILE (HMAC-SHA256, 16 bytes or "
        "more); a saved table altered by anyone without the key is refused",
    )
    serve.add_argument(
        "--buy-in",
        type=int,
        default=200,
        metavar="CHIPS",
        help="the most chips a player buys in for, and the bots' buy-in (default 200)",
    )
    serve.add_argument(
        "--min-buy-in",
        type=int,
        metavar="CHIPS",
        help="the fewest chips a person may buy in for (default: 20 big blinds)",
    )
    serve.add_argument(
        "--bot-delay", type=float, default=0.8, help="seconds a bot waits before acting (0.8)"
    )
    serve.add_argument(
        "--decision-seconds", type=float, default=30.0, help="a person's time to act (30)"
    )
    serve.add_argument(
        "--time-bank",
        type=float,
        default=0.0,
        metavar="S",
        help="each player's time bank in seconds, drawn on once a decision's time is spent "
        "and shown to everyone (default 0: none)",
    )
    serve.add_argument(
        "--between-hands", type=float, default=2.0, help="seconds between two hands (2)"
    )
    serve.add_argument(
        "--away-seconds",
        type=float,
        default=600.0,
        help="a person sitting out this long leaves with their chips, freeing the seat (600)",
    )
    serve.add_argument(
        "--max-runs",
        type=int,
        default=1,
        metavar="N",
        help="the most runs of the board (1 to 3, R12); with 2 or 3 the players of an all-in "
        "hand are asked how many runs they accept (default 1)",
    )
    serve.add_argument(
        "--rake",
        metavar="RATE[:CAP]",
        help="rake every hand (R13): a rate such as 5%% or 1/20, and optionally a cap per "
        "hand in chips, e.g. 5%%:30 (default: no rake)",
    )
    serve.add_argument(
        "--no-flop-no-drop",
        action="store_true",
        help="with --rake, a hand that ends before a flop is dealt is not raked (R13.1)",
    )
    serve.add_argument(
        "--max-connections-per-address",
        type=int,
        default=16,
        metavar="N",
        help="WebSocket connections open at once from one client address (16); raise it "
        "behind a proxy that hides the players' addresses",
    )
    mtt = serve.add_argument_group(
        "tournament (--mtt)",
        "run one multi-table tournament (R15) instead of cash tables: N entries, --bots of "
        "them bots from the start, people register by name on the page until the field is "
        "full or --start-seconds pass (then bots fill it); --seats, --bot-delay, "
        "--decision-seconds, --between-hands, --max-connections-per-address, --state-dir "
        "(DIR/tournament.json: a restart continues the tournament) and --state-key-file apply",
    )
    mtt.add_argument("--mtt", type=int, metavar="N", help="a tournament of N entries (2 to 1000)")
    mtt.add_argument("--stack", type=int, default=1500, help="starting chips (1500)")
    mtt.add_argument(
        "--blinds", default="10/20", metavar="SB/BB", help="the first level's blinds (10/20)"
    )
    mtt.add_argument(
        "--level-hands", type=int, default=10, help="hands per level; blinds double (10)"
    )
    mtt.add_argument(
        "--start-seconds",
        type=float,
        default=60.0,
        help="seconds after start-up when bots fill the field and play begins (60)",
    )
    mtt.add_argument("--seed", help="seed of the draws and deals (default: secure randomness)")
    mtt.add_argument(
        "--late-until",
        type=int,
        default=0,
        metavar="L",
        help="late registration and re-entry while the level is at most L (default 0: none)",
    )
    mtt.add_argument(
        "--reentries", type=int, default=0, metavar="N", help="re-entries each (default 0)"
    )
    mtt.add_argument(
        "--save-seconds",
        type=float,
        default=1.0,
        metavar="S",
        help="with --state-dir, the most seconds between a change and its save "
        "(0: after every action; default 1)",
    )
    serve.set_defaults(handler=_serve)


def _serve_mtt(args: argparse.Namespace) -> int:
    """``holdem serve --mtt N``: one tournament (:mod:`holdem.server.mtt`)."""
    try:
        from holdem.server.limits import Addresses, check_limit
        from holdem.server.mtt import MttServer, MttSettings, serve_mtt
    except ImportError as error:
        print(
            f"holdem serve: error: the server extra is missing ({error}); "
            "install it with: pip install 'holdem[server]'",
            file=sys.stderr,
        )
        return USAGE
    try:
        small, slash, big = args.blinds.partition("/")
        if not slash or not small.isdigit() or not big.isdigit():
            raise ConfigError("blinds", f"SB/BB in whole chips, got {args.blinds!r}")
        settings = MttSettings(
            players=args.mtt,
            seats=args.seats,
            stack=args.stack,
            bots=min(args.bots, args.mtt),
            small_blind=int(small),
            big_blind=int(big),
            hands_per_level=args.level_hands,
            start_seconds=args.start_seconds,
            bot_delay=args.bot_delay,
            decision_seconds=args.decision_seconds,
            between_hands=args.between_hands,
            seed=args.seed,
            save_seconds=args.save_seconds,
            late_until=args.late_until,
            reentries=args.reentries,
        )
        if args.state_store != "json":
            raise ConfigError("state_store", "a tournament is saved as DIR/tournament.json: json")
        state_dir = None if args.state_dir is None else Path(args.state_dir)
        server = MttServer(settings, state_dir=state_dir, state_key=_state_key(args))
        server.addresses = Addresses(
            check_limit("max_connections_per_address", args.max_connections_per_address)
        )
        if not 0 < args.port < 65536:
            raise HoldemError(f"--port must be 1 to 65535, got {args.port}")
        _check_listen(args.host, args.port)
        print(
            f"holdem serve: http://{args.host}:{args.port}/ (a tournament of {args.mtt})",
            flush=True,
        )
        serve_mtt(server, args.host, args.port)
    except HoldemError as error:
        print(f"holdem serve: error: {error}", file=sys.stderr)
        return USAGE
    return OK


def _serve_rake(text: str | None, no_flop_no_drop: bool) -> Rake | None:
    """The rake of ``--rake RATE[:CAP]`` (R13), or ``None`` without one.

    Raises:
        ConfigError: a bad rate or cap (field ``rake.rate`` or ``rake.cap``),
            or ``--no-flop-no-drop`` without ``--rake``.
    """
    if text is None:
        if no_flop_no_drop:
            raise ConfigError("rake", "--no-flop-no-drop needs --rake")
        return None
    rate, colon, cap = text.partition(":")
    if not colon:
        return Rake(rate, no_flop_no_drop=no_flop_no_drop)
    if not cap.isascii() or not cap.isdigit():
        raise ConfigError("rake.cap", f"the cap after ':' is a whole number of chips, got {cap!r}")
    return Rake(rate, cap=int(cap), no_flop_no_drop=no_flop_no_drop)


def _serve(args: argparse.Namespace) -> int:
    if args.mtt is not None:
        return _serve_mtt(args)
    try:
        from holdem.server import RoomSettings, Server, serve
    except ImportError as error:
        print(
            f"holdem serve: error: the server extra is missing ({error}); "
            "install it with: pip install 'holdem[server]'",
            file=sys.stderr,
        )
        return USAGE

    try:
        settings = RoomSettings(
            size=args.seats,
            bots=args.bots,
            buy_in=args.buy_in,
            min_buy_in=args.min_buy_in,
            bot_delay=args.bot_delay,
            decision_seconds=args.decision_seconds,
            time_bank=args.time_bank,
            between_hands=args.between_hands,
            away_seconds=args.away_seconds,
            max_runs=args.max_runs,
            rake=_serve_rake(args.rake, args.no_flop_no_drop),
        )
        settings.check()
        if not 0 < args.port < 65536:
            raise HoldemError(f"--port must be 1 to 65535, got {args.port}")
        state_dir = None if args.state_dir is None else Path(args.state_dir)
        key = _state_key(args)
        server = Server(
            args.tables,
            settings,
            state_dir,
            state_key=key,
            max_connections_per_address=args.max_connections_per_address,
            state_store=args.state_store,
        )
        _check_listen(args.host, args.port)
        tables = f"{args.tables} table{'s' if args.tables != 1 else ''}"
        print(f"holdem serve: http://{args.host}:{args.port}/ ({tables})", flush=True)
        serve(server, args.host, args.port)
    except HoldemError as error:
        print(f"holdem serve: error: {error}", file=sys.stderr)
        return USAGE
    return OK


def _state_key(args: argparse.Namespace) -> bytes | None:
    """The key in ``--state-key-file``, or ``None`` without one.

    Raises:
        HoldemError: the file cannot be read, or holds fewer than 16 bytes.
    """
    if args.state_key_file is None:
        return None
    try:
        key = Path(args.state_key_file).read_bytes().strip()
    except OSError as error:
        raise HoldemError(f"--state-key-file: {error.strerror}: {error.filename}") from None
    if len(key) < 16:  # the one line names the option and the file, not only the key
        raise HoldemError(
            f"--state-key-file: {args.state_key_file}: a key needs at least 16 bytes, "
            f"got {len(key)}"
        )
    return key


def _check_listen(host: str, port: int) -> None:
    """Raise one clear line now if ``holdem serve`` cannot listen on ``host:port``
    (taken, or an unknown address), rather than a server log after start-up."""
    import socket

    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise HoldemError(f"--port: cannot listen on {host}:{port}: {reason}") from None
