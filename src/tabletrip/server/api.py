"""`create_app(settings)`: the FastAPI app, its error answers, the web app at / and the socket."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

import tabletrip
from tabletrip.server.connections import ConnectionCap
from tabletrip.server.errors import ServerError
from tabletrip.server.limits import BodyLimit
from tabletrip.server.manager import RoomManager
from tabletrip.server.routes import router
from tabletrip.server.settings import Settings
from tabletrip.server.single_server import lock_database
from tabletrip.server.store import Store
from tabletrip.server.webapp import mount_web
from tabletrip.server.ws import serve_socket

DESCRIPTION = """Rooms of people and bots playing tabletrip's games.

Create a room (`POST /api/rooms`), join a seat (`POST /api/rooms/{id}/seats/{seat}/join`: the
answer holds the seat's secret token, shown once), then play over REST with
`Authorization: Bearer <token>`, or over the WebSocket `/api/rooms/{id}/ws`: send
`{"type": "hello", "token": "..."}` (no token: spectate), receive `{"type": "view", ...}` now
and after every change, send `{"type": "action", "version": n, "action": ...}` or
`{"type": "undo", "version": n}`; errors come as `{"type": "error", "message": "...",
"status": n}` and change nothing. With `"log_delta": true` in the hello, every view after the
first carries `log_start` and only the log lines from there on: keep that many lines of the
previous view on the socket, then append `log` (the first view has `log_start` 0)."""


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for error in exc.errors()[:3]:
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {error.get('msg', 'invalid')}")
    return "bad request: " + "; ".join(parts)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server app on `settings.db_url` (StoreError, one line, if it cannot be opened;
    ServerBusy if another server serves that SQLite file: single_server.py)."""
    settings = settings or Settings()
    lock = lock_database(settings.db_url)
    try:
        store = Store.open(settings.db_url)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    manager = RoomManager(settings, store)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        try:
            await manager.start()
            try:
                yield
            finally:
                await manager.close()
        finally:
            if lock is not None:
                lock.release()  # held from create_app on

    app = FastAPI(
        title="tabletrip server",
        version=tabletrip.__version__,
        description=DESCRIPTION,
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.state.settings = settings
    app.state.rate_limits = manager.rate_limits
    app.add_middleware(
        BodyLimit,
        max_bytes=settings.max_body_bytes,
        larger={("POST", "/api/rooms"): settings.max_content_body_bytes},
    )
    # Boards are SVG text of 50-250 KB: compressed, a tenth of that.
    app.add_middleware(GZipMiddleware, minimum_size=2048)
    # Outermost: a client over its connection cap costs no more than the refusal.
    app.add_middleware(ConnectionCap, max_per_address=settings.max_connections_per_address)
    app.include_router(router)

    @app.exception_handler(ServerError)
    async def server_error(_request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = " ".join(str(exc.detail).split())
        return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _validation_message(exc)}, status_code=422)

    mount_web(app)

    @app.websocket("/api/rooms/{room_id}/ws")
    async def room_socket(websocket: WebSocket, room_id: str) -> None:
        await serve_socket(websocket, manager, room_id, settings.max_ws_message_bytes)

    return app


__all__ = ["create_app"]
