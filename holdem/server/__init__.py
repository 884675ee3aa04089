"""The reference server: ``holdem serve`` (extra ``server``: Starlette and uvicorn).

One process, several tables, each with seats for people and built-in bots, a
browser table at ``/`` and a WebSocket protocol at ``/ws`` (``docs/server.md``).
Each connection receives only its own seat's stream (:mod:`holdem.views.streams`);
decks are shuffled securely (R5.4); with a state folder every table is saved
after every action and a restarted server continues the same hands.

What it may import: starlette and uvicorn, and every package below it
(:mod:`holdem.engine`, :mod:`holdem.table`, :mod:`holdem.views`,
:mod:`holdem.selfplay`, ...); not its siblings :mod:`holdem.envs` and
:mod:`holdem.openspiel`, nor :mod:`holdem.cli`. Only ``holdem serve`` imports it.
"""

from __future__ import annotations

from holdem.server.app import Server, create_app
from holdem.server.room import Room, RoomError, RoomSettings

__all__ = ["Room", "RoomError", "RoomSettings", "Server", "create_app", "serve"]


def serve(server: Server, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run ``server`` with uvicorn until interrupted (one process).

    Messages over 64 KiB close their connection; smaller ones over
    :data:`holdem.server.app.MAX_MESSAGE` characters get an error message.
    Messages are not compressed: they are a few hundred bytes, and deflating
    each one cost a tenth of the server's time under load.

    Client errors that uvicorn would log with a traceback (a text frame that
    is not UTF-8, a client gone mid-send) are logged in one line
    (:mod:`holdem.server.quiet`).
    """
    import uvicorn

    from holdem.server import quiet

    config = uvicorn.Config(
        create_app(server),
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=65536,
        ws_per_message_deflate=False,  # messages are a few hundred bytes
        lifespan="on",
    )  # configures logging: the filter goes on after
    quiet.install()
    quiet.run(config)
