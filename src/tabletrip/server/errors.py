"""Errors a client can cause, each with the HTTP status it is answered with."""

from __future__ import annotations

from tabletrip.core.errors import TabletripError


class ServerError(TabletripError):
    """A request the server refuses; `status` is the HTTP status, the message one line."""

    status = 400

    @property
    def headers(self) -> dict[str, str]:
        """HTTP headers the answer carries (Retry-After for 429)."""
        return {}


class BadRequest(ServerError):
    """Malformed or illegal input (an illegal action, a bad game option)."""

    status = 400


class Unprocessable(ServerError):
    """Well-formed input the server will not act on (a chosen seed, a bot over the caps)."""

    status = 422


class Unauthorized(ServerError):
    """No seat token where one is required (a wrong one is Forbidden)."""

    status = 401

    @property
    def headers(self) -> dict[str, str]:
        """WWW-Authenticate: the scheme a seat token is sent with."""
        return {"WWW-Authenticate": "Bearer"}


class Forbidden(ServerError):
    """A wrong token, or acting when it is not the seat's turn."""

    status = 403


class NotFound(ServerError):
    """No such room or seat."""

    status = 404


class Conflict(ServerError):
    """The room is not in a state that allows it: stale version, taken seat, no undo."""

    status = 409


class TooManyRequests(ServerError):
    """Over a rate limit; the client may try again after `retry_after` seconds."""

    status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after

    @property
    def headers(self) -> dict[str, str]:
        """Retry-After: whole seconds until the next request is allowed."""
        return {"Retry-After": str(self.retry_after)}


class Unavailable(ServerError):
    """The server cannot do it now (the database cannot be written, a room does not replay):
    nothing was changed."""

    status = 503


class StoreError(TabletripError):
    """The database cannot be opened or written (bad URL, unreachable server)."""
