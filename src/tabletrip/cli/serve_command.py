"""The `serve` command: run the game server (rooms of people and bots) with uvicorn."""

from __future__ import annotations

import gc
import socket
from typing import Annotated, Any

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
    rate_create_rooms: Annotated[
        str | None,
        typer.Option(
            metavar="LIMITS",
            help="Rooms one client address may create, as an amount per period; several "
            "joined by ';', empty for no limit (over it: 429) [default: 10/minute;60/hour].",
        ),
    ] = None,
    rate_join: Annotated[
        str | None,
        typer.Option(
            metavar="LIMITS",
            help="Seats one client address may join, the same way [default: 30/minute;300/hour].",
        ),
    ] = None,
    rate_undo: Annotated[
        str | None,
        typer.Option(
            metavar="LIMITS",
            help="Undos one seat of a room may make, the same way [default: 10/minute].",
        ),
    ] = None,
    max_connections_per_address: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="HTTP requests in progress plus open WebSockets one client address may have; "
            "over it, 429 or the WebSocket is closed (default: 256).",
        ),
    ] = None,
    hello_timeout: Annotated[
        float | None,
        typer.Option(
            min=0.1,
            metavar="SECONDS",
            help="Close a WebSocket that has not said hello by then (default: 5).",
        ),
    ] = None,
    header_timeout: Annotated[
        float | None,
        typer.Option(
            min=0.1,
            metavar="SECONDS",
            help="Answer 408 and close a connection whose request line and headers are not "
            "complete by then (default: 10).",
        ),
    ] = None,
    body_timeout: Annotated[
        float | None,
        typer.Option(
            min=0.1,
            metavar="SECONDS",
            help="The same for a request body, from its headers on (default: 30).",
        ),
    ] = None,
    idle_room_seconds: Annotated[
        float | None,
        typer.Option(
            min=0.0,
            metavar="SECONDS",
            help="A room nobody uses (no socket, no bot or hint computing) leaves memory after "
            "this long; it is replayed from the database when asked for [default: 300].",
        ),
    ] = None,
    max_rooms_in_memory: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Rooms kept in memory at most, the least recently used leaving first (rooms "
            "in use stay even over it) [default: 500].",
        ),
    ] = None,
    hint_quota: Annotated[
        int | None,
        typer.Option(
            min=0,
            help="Hint searches one seat of a room may start a minute; over it, 429 with "
            "Retry-After (asking again at the same version is free) [default: 12].",
        ),
    ] = None,
    hint_queue: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Hint searches running or waiting in the whole server; over it, 503 [default: 4].",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            help="Server processes on this address, sharing only the database: more than 1 "
            "needs --db postgresql+psycopg://... (each worker serves any room).",
        ),
    ] = 1,
    bot_lease: Annotated[
        float | None,
        typer.Option(
            min=0.1,
            metavar="SECONDS",
            help="Servers sharing a database: how long one server's claim on a bot move "
            "lasts; a server that dies leaves its bot rooms to the others then [default: 10].",
        ),
    ] = None,
    hint_workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Processes computing hints, apart from the bots' and at a lower priority "
            "[default: 1].",
        ),
    ] = None,
) -> None:
    """Run the game server: rooms of people and bots, REST and WebSocket API (docs at /docs)."""
    import uvicorn

    from tabletrip.server import Settings, create_app
    from tabletrip.server.rate_limits import parse_limits
    from tabletrip.server.store import Store
    from tabletrip.server.transport import uvicorn_options
    from tabletrip.server.workers import check_shareable, run_workers

    where: dict[str, Any] = {"host": host, "port": port, "chosen_seeds": chosen_seeds}
    limits = {
        "max_connections_per_address": max_connections_per_address,
        "hello_timeout_seconds": hello_timeout,
        "header_timeout_seconds": header_timeout,
        "body_timeout_seconds": body_timeout,
        "idle_room_seconds": idle_room_seconds,
        "max_rooms_in_memory": max_rooms_in_memory,
        "hint_quota": hint_quota,
        "hint_queue": hint_queue,
        "hint_workers": hint_workers,
        "bot_lease_seconds": bot_lease,
    }
    where.update((name, value) for name, value in limits.items() if value is not None)
    rates = {"rate_create_rooms": rate_create_rooms, "rate_join": rate_join, "rate_undo": rate_undo}
    for name, text in rates.items():
        if text is not None:
            try:
                parse_limits(f"--{name.replace('_', '-')}", text)
            except ValueError as exc:
                raise ServeError(str(exc)) from None
            where[name] = text
    settings = Settings(**where) if db is None else Settings(db, **where)
    check_shareable(settings.db_url, workers)
    shown = f"[{host}]" if ":" in host else host
    if workers > 1:
        Store.open(settings.db_url).close()  # a bad database is one line before any fork
        _check_free(host, port)
        typer.echo(f"tabletrip server: http://{shown}:{port}/ ({workers} workers; API: /docs)")
        tune_garbage_collector()
        run_workers(settings, workers)
        return
    app = create_app(settings)
    _check_free(host, port)
    typer.echo(f"tabletrip server: http://{shown}:{port}/ (API docs: /docs)")
    tune_garbage_collector()
    uvicorn.run(app, host=host, port=port, log_level="info", **uvicorn_options(settings))
