"""The `serve` command: run the game server (rooms of people and bots) with uvicorn."""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from tabletrip.core.errors import TabletripError


class ServeError(TabletripError):
    """The server cannot start: the address is busy or not one of this machine's."""


def _check_free(host: str, port: int) -> None:
    """ServeError (one line) if nothing can listen on host:port now."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="A SQLAlchemy database URL (default: a SQLite file in the user data dir), "
            "e.g. postgresql+psycopg://user@host/tabletrip.",
        ),
    ] = None,
) -> None:
    """Run the game server: rooms of people and bots, REST and WebSocket API (docs at /docs)."""
    import uvicorn

    from tabletrip.server import Settings, create_app

    settings = Settings(host=host, port=port) if db is None else Settings(db, host, port)
    app = create_app(settings)
    _check_free(host, port)
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"tabletrip server: http://{shown}:{port}/ (API docs: /docs)")
    uvicorn.run(app, host=host, port=port, ws_max_size=settings.ws_max_size, log_level="info")
