"""How uvicorn carries the server: HTTP with deadlines, and WebSockets that cost little idle.

uvicorn (0.54) closes a keep-alive connection that sends nothing for `timeout_keep_alive`
seconds, but only once a first answer was sent, and its first byte of a new request disarms
that timer: a connection that sends part of a request line or of its headers and then nothing
(slowloris), or a body byte by byte, is kept forever. Its ASGI app is called only once the
headers are complete, so no middleware can see it. `timed_http_protocol` is uvicorn's h11
protocol (pure Python, always installed with uvicorn: the behaviour does not depend on whether
httptools is) with two deadlines, answered `408` with one line and closed:

- the request line and headers must be complete within `header_timeout_seconds` of the
  connection being made or of the previous answer;
- the body within `body_timeout_seconds` of the headers.

uvicorn's WebSockets keep a zlib compressor and decompressor per socket for
permessage-deflate (about 50 KB, idle or not: 2,000 idle sockets took the server from 127 MB to
298 MB, see benchmarks/bench_server_sockets.py). `LeanWebSocketProtocol` negotiates
no context takeover both ways: each message is compressed alone (a view is kilobytes of JSON,
which still compresses well) and no zlib state outlives a message: 207 MB for the same 2,000.
The ~40 KB a socket left are Python objects of the stack (uvicorn's protocol and queue, the
handshake headers, Starlette's and FastAPI's per-socket frames, ws.py's Connection).
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

from tabletrip.server.settings import Settings

# The h11 states of the client's side in which its request is complete (or gone).
_SETTLED = (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR, h11.MIGHT_SWITCH_PROTOCOL)


def _timeout_answer(detail: str) -> bytes:
    body = json.dumps({"detail": detail}).encode()
    head = (
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, with deadlines for a request's headers and for its body."""

    header_timeout: float = 10.0
    body_timeout: float = 30.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting_for: object = None  # h11.IDLE (headers), h11.SEND_BODY (body) or None
        self._upgraded = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Start the headers' deadline as soon as the connection is made."""
        super().connection_made(transport)
        self._follow_request()

    def connection_lost(self, exc: Exception | None) -> None:
        """Drop the deadline with the connection."""
        self._set_deadline(None)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Parse as uvicorn does, then move the deadline to what the request still lacks."""
        super().data_received(data)
        self._follow_request()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """The connection becomes a WebSocket: it has its own limits from now on."""
        self._upgraded = True
        self._set_deadline(None)
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        """After an answer, the next request's headers have their own deadline."""
        super().on_response_complete()
        self._follow_request()

    def _follow_request(self) -> None:
        if self._upgraded or self.transport is None or self.transport.is_closing():
            self._set_deadline(None)
            return
        state = self.conn.their_state
        if state is h11.IDLE or state is h11.SEND_BODY:
            self._set_deadline(state)
        elif state in _SETTLED:
            self._set_deadline(None)

    def _set_deadline(self, waiting_for: object) -> None:
        if waiting_for is self._waiting_for:
            return
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._waiting_for = waiting_for
        if waiting_for is None:
            return
        seconds = self.header_timeout if waiting_for is h11.IDLE else self.body_timeout
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _expired(self) -> None:
        self._deadline = None
        if self.transport is None or self.transport.is_closing():
            return
        if self._waiting_for is h11.IDLE:
            if not self.conn.trailing_data[0] and self.timeout_keep_alive_task is not None:
                # Nothing of a new request yet: the keep-alive timer closes it, and the
                # request's first byte starts its headers' deadline again.
                self._waiting_for = None
                return
            detail = f"send the request line and headers within {self.header_timeout:g} seconds"
        else:
            detail = f"send the request body within {self.body_timeout:g} seconds"
        # Debug only: a slowloris attack would otherwise write a log line per connection.
        self.logger.debug("closing a slow connection: %s", detail)
        cycle = self.cycle
        streaming = cycle is not None and cycle.response_started and not cycle.response_complete
        if cycle is not None and not cycle.response_complete:
            # The app, if it waits for the body, is told the client left; its answer is dropped.
            cycle.disconnected = True
            cycle.message_event.set()
        if not streaming:
            self.transport.write(_timeout_answer(detail))
        self.transport.close()


def timed_http_protocol(settings: Settings) -> type[TimedH11Protocol]:
    """The HTTP protocol class for uvicorn (`http=`) with the deadlines of `settings`."""
    return type(
        "TimedH11Protocol",
        (TimedH11Protocol,),
        {
            "header_timeout": settings.header_timeout_seconds,
            "body_timeout": settings.body_timeout_seconds,
        },
    )


class LeanWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets, sans-I/O) with permessage-deflate that keeps
    no zlib state between messages."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        extensions = []
        if self.config.ws_per_message_deflate:
            extensions.append(
                ServerPerMessageDeflateFactory(
                    server_no_context_takeover=True,
                    client_no_context_takeover=True,
                    server_max_window_bits=12,
                    client_max_window_bits=12,
                    # The fastest level: a view is compressed for every move and viewer, and
                    # level 1 keeps most of level 6's saving (9.4 KB: 3.3 KB, not 2.9) at 63%
                    # of its time.
                    compress_settings={"memLevel": 5, "level": 1},
                )
            )
        self.conn = ServerProtocol(
            extensions=extensions,
            max_size=self.config.ws_max_size,
            logger=logging.getLogger("uvicorn.error"),
        )


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """The keyword arguments of `uvicorn.run` that carry `settings`' transport limits."""
    return {
        "http": timed_http_protocol(settings),
        "ws": LeanWebSocketProtocol,
        "ws_max_size": settings.ws_max_size,
        "timeout_keep_alive": settings.keep_alive_seconds,
    }


__all__ = ["LeanWebSocketProtocol", "TimedH11Protocol", "timed_http_protocol", "uvicorn_options"]
