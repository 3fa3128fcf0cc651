"""Connections per client address, capped: HTTP requests in progress plus open WebSockets.

Counted at the ASGI level, around the app: the count of an address goes up when a request or
a socket reaches the app and down when the app is done with it, however it ends (answered,
closed, dropped, failed). Over `max_per_address`, an HTTP request is answered 429 with one line
and a WebSocket is accepted only to be told why and closed with 1008 and that reason.

Why not at the transport (uvicorn's `limit_concurrency` is one number for the whole server,
not per address): the ASGI level sees the client's address after uvicorn's proxy-header
handling (behind a trusted reverse proxy the transport sees only the proxy, which a per-socket
count would cap as one client), it can answer in the API's own terms (JSON `detail`, a close
reason), and it is the same under any ASGI server and in-process tests. What it cannot see,
connections whose request never reaches the app, is bounded by time instead: the header and
body deadlines and the keep-alive timeout of server/transport.py.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

Scope = dict[str, Any]
POLICY_VIOLATION = 1008


def client_address(scope: Scope) -> str:
    """The client's address (host) of a request or socket ("unknown" if the server gave none)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class ConnectionCap:
    """ASGI middleware: at most `max_per_address` HTTP requests and WebSockets at once per
    client address."""

    def __init__(self, app: Any, max_per_address: int) -> None:
        self.app = app
        self.max_per_address = max_per_address
        self.open: Counter[str] = Counter()  # address -> requests and sockets in progress

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        """Pass the request or socket on, counted; or refuse it if its address is over."""
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        address = client_address(scope)
        if self.open[address] >= self.max_per_address:
            if kind == "http":
                await self._refuse_request(send)
            else:
                await self._refuse_socket(receive, send)
            return
        self.open[address] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open[address] -= 1
            if self.open[address] <= 0:
                del self.open[address]

    def _message(self) -> str:
        return (
            f"too many connections from your address: at most {self.max_per_address} "
            "requests and WebSockets at once; close some and try again"
        )

    async def _refuse_request(self, send: Any) -> None:
        body = json.dumps({"detail": self._message()}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 429,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"retry-after", b"1"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

    async def _refuse_socket(self, receive: Any, send: Any) -> None:
        message = await receive()
        if message["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        error = {"type": "error", "message": self._message(), "status": 429}
        await send({"type": "websocket.send", "text": json.dumps(error)})
        # A close reason is at most 123 bytes: the short form.
        reason = f"too many connections from your address (at most {self.max_per_address})"
        await send({"type": "websocket.close", "code": POLICY_VIOLATION, "reason": reason})


__all__ = ["ConnectionCap", "client_address"]
