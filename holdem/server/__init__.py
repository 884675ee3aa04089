"""The reference server: ``holdem serve`` (extra ``server``: Starlette and uvicorn).

One process, several tables, each with seats for people and built-in bots, a
browser table at ``/`` and a WebSocket protocol at ``/ws`` (``docs/server.md``).
Each connection receives only its own seat's stream (:mod:`holdem.streams`);
decks are shuffled securely (R5.4); with a state folder every table is saved
after every action and a restarted server continues the same hands.
"""

from __future__ import annotations

from pathlib import Path

from holdem.server.app import Server, create_app
from holdem.server.room import Room, RoomError, RoomSettings

__all__ = ["Room", "RoomError", "RoomSettings", "Server", "create_app", "serve"]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    tables: int = 1,
    settings: RoomSettings | None = None,
    state_dir: Path | None = None,
) -> None:
    """Run the server until interrupted (uvicorn, one process).

    Raises:
        HoldemError: bad settings or table count, or a saved state that cannot
            be restored.
    """
    import uvicorn

    server = Server(tables, settings, state_dir)
    uvicorn.run(
        create_app(server),
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=65536,
        lifespan="on",
    )
