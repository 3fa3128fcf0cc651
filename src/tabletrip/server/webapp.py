"""The browser app at `/` (index.html) and its files under `/static/` (tabletrip.web)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response

from tabletrip.web import INDEX_FILE, STATIC_DIR

# The page runs only its own scripts: an SVG board or any text shown cannot bring its own.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'"
)
# Revalidate each time (ETag): a new server version is never run with old scripts.
NO_CACHE = {"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}


class AppFiles(StaticFiles):
    """The app's static files, revalidated on every load."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        """The file, with the no-cache headers."""
        response = super().file_response(*args, **kwargs)
        response.headers.update(NO_CACHE)
        return response


def mount_web(app: FastAPI) -> None:
    """Serve the app: the page at `/`, its modules and styles under `/static/`."""

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(
            INDEX_FILE,
            media_type="text/html; charset=utf-8",
            headers={**NO_CACHE, "Content-Security-Policy": CONTENT_SECURITY_POLICY},
        )

    app.mount("/static", AppFiles(directory=STATIC_DIR), name="static")
