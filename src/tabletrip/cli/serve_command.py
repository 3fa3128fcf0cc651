"""The `serve` command: run the game server (rooms of people and bots) with uvicorn."""

from __future__ import annotations

import gc
import socket
from typing import Annotated

import typer

from tabletrip.core.errors import TabletripError

# Collect the youngest generation once this many more containers are alive than at the last
# collection (CPython's default is 700). A move's objects (states, observations, JSON) live
# until its views are sent, so at 700 they outlived young collections, filled the oldest
# generation, and set off full collections of 30-70 ms about twice a second under load: the
# server's worst latencies. Most now die young, freed by reference counting.
YOUNG_GENERATION_THRESHOLD = 50_000


class ServeError(TabletripError):
    """The server cannot start: the address is busy or not one of this machine's."""


def tune_garbage_collector() -> None:
    """Set the collector for a long-running server: rarer young collections, and what is
    loaded by now (modules, the app) moved out of every later collection's way."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_GENERATION_THRESHOLD)


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
    chosen_seeds: Annotated[
        bool,
        typer.Option(
            "--chosen-seeds",
            help="Let a room's creator choose its seed with people seated (the creator can "
            "then compute every deal: for tests and demonstrations only).",
        ),
    ] = False,
) -> None:
    """Run the game server: rooms of people and bots, REST and WebSocket API (docs at /docs)."""
    import uvicorn

    from tabletrip.server import Settings, create_app

    where = {"host": host, "port": port, "chosen_seeds": chosen_seeds}
    settings = Settings(**where) if db is None else Settings(db, **where)
    app = create_app(settings)
    _check_free(host, port)
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"tabletrip server: http://{shown}:{port}/ (API docs: /docs)")
    tune_garbage_collector()
    uvicorn.run(app, host=host, port=port, ws_max_size=settings.ws_max_size, log_level="info")
