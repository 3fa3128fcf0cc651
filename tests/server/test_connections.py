"""Connections, bounded (issue 24): a socket that never says hello, half-sent headers, a body
sent too slowly, the cap per client address, and deeply nested JSON.

The server is a real uvicorn (the options `tabletrip serve` uses: server/transport.py) in a
thread of the test process, on a free port, with short timeouts; every client read has its own
deadline, so a missing limit fails the test instead of hanging it.
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from server_helpers import until
from tabletrip.server import Settings, create_app
from tabletrip.server.limits import MAX_JSON_DEPTH
from tabletrip.server.transport import uvicorn_options

# Generous deadlines: the machine is shared, and a deadline only bounds a broken test.
WAIT = 30.0
SHORT = 0.5  # the server's timeouts in these tests, in seconds


class Live:
    """A running server: its address, and HTTP and WebSocket clients for it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"

    def socket(self, room: str) -> ClientConnection:
        """A WebSocket on a room, not yet said hello."""
        return connect(f"ws://127.0.0.1:{self.port}/api/rooms/{room}/ws", open_timeout=WAIT)

    def raw(self) -> socket.socket:
        """A plain TCP connection to the server, reads bounded by WAIT."""
        connection = socket.create_connection(("127.0.0.1", self.port), timeout=WAIT)
        connection.settimeout(WAIT)
        return connection

    def room(self) -> str:
        """A new room of two people."""
        body = {"game": "ticket-to-ride", "players": 2, "seats": [{"kind": "human"}] * 2}
        response = httpx2.post(f"{self.url}/api/rooms", json=body, timeout=WAIT)
        assert response.status_code == 201, response.text
        return response.json()["id"]


@contextmanager
def live(path: Path, **changes: Any) -> Iterator[Live]:
    """uvicorn serving a new app on `path` in a thread, with `tabletrip serve`'s options."""
    values: dict[str, Any] = {"db_url": f"sqlite:///{path / 'server.sqlite'}", "bot_workers": 0}
    values.update(changes)
    settings = Settings(**values)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    # No log_config: uvicorn's loggers then reach the root logger, where caplog sees them.
    options = uvicorn_options(settings)
    config = uvicorn.Config(create_app(settings), log_config=None, log_level="info", **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        until(lambda: server.started, "the server started")
        yield Live(port)
    finally:
        server.should_exit = True
        thread.join(WAIT)
        listener.close()


def _read_all(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (fails after WAIT)."""
    chunks = []
    while chunk := connection.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def _read_response(connection: socket.socket) -> None:
    """Read one whole 200 answer (with a Content-Length) off a kept-alive connection."""
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += connection.recv(65536)
    length = int(answer.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
    while len(answer.split(b"\r\n\r\n", 1)[1]) < length:
        answer += connection.recv(65536)
    assert answer.startswith(b"HTTP/1.1 200 "), answer[:200]


def _closed_with(sock: ClientConnection) -> tuple[list[Any], int | None, str | None]:
    """The messages received until the server closed the socket, and its close code and reason."""
    messages = []
    try:
        while True:
            messages.append(json.loads(sock.recv(timeout=WAIT)))
    except ConnectionClosed:
        pass
    except TimeoutError:
        pytest.fail(f"the server did not close the socket within {WAIT} s: {messages}")
    received = sock.protocol.close_rcvd
    return messages, received.code if received else None, received.reason if received else None


def _refusal(response: httpx2.Response, status: int, *words: str) -> None:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert "\n" not in detail
    for word in words:
        assert word in detail, detail


# --- hello --------------------------------------------------------------------------------


def test_a_socket_that_never_says_hello_is_told_and_closed_with_1008(tmp_path: Path) -> None:
    with live(tmp_path, hello_timeout_seconds=SHORT) as server, server.socket(server.room()) as s:
        messages, code, reason = _closed_with(s)
    assert messages == [{"type": "error", "message": "say hello within 0.5 seconds", "status": 408}]
    assert code == 1008
    assert reason == "say hello within 0.5 seconds"


def test_messages_that_are_not_hello_do_not_extend_the_wait(tmp_path: Path) -> None:
    """Junk every so often is answered, but the socket is closed once the time is up."""
    with live(tmp_path, hello_timeout_seconds=SHORT) as server, server.socket(server.room()) as s:
        opened = time.monotonic()
        try:
            while time.monotonic() < opened + WAIT:
                s.send('{"type": "undo", "version": 0}')
                answer = json.loads(s.recv(timeout=WAIT))
                if answer["message"].startswith("say hello within"):
                    break
                assert answer["message"].startswith("say hello first"), answer
        except ConnectionClosed:
            pass
        _messages, code, _reason = _closed_with(s)
    assert code == 1008


def test_a_socket_that_said_hello_outlives_every_deadline(tmp_path: Path) -> None:
    """The hello deadline, and the HTTP deadlines of the connection it was upgraded from, do
    not apply to a socket that said hello."""
    short = {"hello_timeout_seconds": 0.2, "header_timeout_seconds": 0.2}
    with (
        live(tmp_path, body_timeout_seconds=0.2, **short) as server,
        server.socket(server.room()) as s,
    ):
        s.send(json.dumps({"type": "hello"}))
        assert json.loads(s.recv(timeout=WAIT))["type"] == "view"
        deadline = time.monotonic() + 5 * 0.2  # past every deadline, with room to spare
        until(lambda: time.monotonic() > deadline, "the deadlines passed")
        s.send("[]")  # answered: the socket is still served
        answer = json.loads(s.recv(timeout=WAIT))
        assert answer["type"] == "error" and "unknown message type" in answer["message"]


# --- slow HTTP ----------------------------------------------------------------------------


def test_half_sent_headers_are_answered_408_and_closed(tmp_path: Path) -> None:
    with live(tmp_path, header_timeout_seconds=SHORT) as server, server.raw() as connection:
        connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: tabletrip\r\nAccept: appl")
        answer = _read_all(connection)
    assert answer.startswith(b"HTTP/1.1 408 ")
    body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert body == {"detail": "send the request line and headers within 0.5 seconds"}


def test_a_connection_that_sends_nothing_is_closed(tmp_path: Path) -> None:
    with live(tmp_path, header_timeout_seconds=SHORT) as server, server.raw() as connection:
        assert _read_all(connection).startswith(b"HTTP/1.1 408 ")


def test_the_next_request_on_a_kept_alive_connection_has_the_same_deadline(
    tmp_path: Path,
) -> None:
    """uvicorn's keep-alive timer stops at the first byte of the next request: a request
    started after an answer and never finished is closed all the same."""
    with live(tmp_path, header_timeout_seconds=SHORT) as server, server.raw() as connection:
        connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: tabletrip\r\n\r\n")
        _read_response(connection)
        connection.sendall(b"GET /api/ga")
        assert _read_all(connection).startswith(b"HTTP/1.1 408 ")


def test_a_request_begun_after_a_long_keep_alive_wait_has_a_deadline_too(
    tmp_path: Path,
) -> None:
    """With a keep-alive timeout longer than the header deadline, a connection quiet past
    the deadline is kept (keep-alive) and a request it then begins has its own deadline."""
    with (
        live(tmp_path, header_timeout_seconds=0.2, keep_alive_seconds=600) as server,
        server.raw() as connection,
    ):
        connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: tabletrip\r\n\r\n")
        _read_response(connection)
        quiet_until = time.monotonic() + 5 * 0.2
        until(lambda: time.monotonic() > quiet_until, "the header deadline passed")
        connection.sendall(b"GET /api/ga")
        assert _read_all(connection).startswith(b"HTTP/1.1 408 ")


def test_a_body_sent_too_slowly_is_answered_408_and_closed(tmp_path: Path) -> None:
    with live(tmp_path, body_timeout_seconds=SHORT) as server, server.raw() as connection:
        head = b"POST /api/rooms HTTP/1.1\r\nHost: tabletrip\r\nContent-Type: application/json"
        connection.sendall(head + b"\r\nContent-Length: 200\r\n\r\n" + b'{"game": "tic')
        answer = _read_all(connection)
    assert answer.startswith(b"HTTP/1.1 408 ")
    body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert body == {"detail": "send the request body within 0.5 seconds"}


def test_whole_requests_are_served_as_before(tmp_path: Path) -> None:
    """The deadlines do not touch requests that arrive whole, one after another."""
    short = {"header_timeout_seconds": SHORT, "body_timeout_seconds": SHORT}
    with live(tmp_path, **short) as server, httpx2.Client(base_url=server.url, timeout=WAIT) as c:
        for _ in range(3):
            assert c.get("/api/games").status_code == 200
        server.room()


# --- connections per address --------------------------------------------------------------


def _served(server: Live) -> bool:
    return httpx2.get(f"{server.url}/api/games", timeout=WAIT).status_code == 200


def _hello(sock: ClientConnection) -> None:
    sock.send(json.dumps({"type": "hello"}))
    assert json.loads(sock.recv(timeout=WAIT))["type"] == "view"


def test_connections_per_address_are_capped_and_counted_down(tmp_path: Path) -> None:
    """At the cap, a request is 429 with one line and a socket is closed with 1008 and a
    reason; a connection that ends, however it ends, leaves room for another."""
    with live(tmp_path, max_connections_per_address=2) as server, ExitStack() as sockets:
        room = server.room()
        first = sockets.enter_context(server.socket(room))
        second = sockets.enter_context(server.socket(room))
        _hello(first)
        _hello(second)
        refused = httpx2.get(f"{server.url}/api/games", timeout=WAIT)
        _refusal(refused, 429, "too many connections from your address", "at most 2")
        assert refused.headers["retry-after"] == "1"
        with server.socket(room) as third:
            messages, code, reason = _closed_with(third)
        assert messages[0]["status"] == 429
        assert code == 1008 and reason is not None and "at most 2" in reason

        # Dropped without a close frame: the server notices and counts it out.
        first.socket.close()
        until(lambda: _served(server), "a dropped socket counted out")

        # Closed by the server (deeply nested JSON): counted out too.
        first = sockets.enter_context(server.socket(room))
        first.send("[" * 100 + "]" * 100)
        assert _closed_with(first)[1] == 1008
        until(lambda: _served(server), "a socket the server closed counted out")

        # Closed by the client, politely.
        first = sockets.enter_context(server.socket(room))
        _hello(first)
        assert httpx2.get(f"{server.url}/api/games", timeout=WAIT).status_code == 429
        second.close()
        until(lambda: _served(server), "a closed socket counted out")


def test_a_refused_request_changes_nothing(tmp_path: Path) -> None:
    """A room asked for over the cap is not made."""
    with live(tmp_path, max_connections_per_address=1) as server:
        room = server.room()
        with server.socket(room) as sock:
            _hello(sock)
            body = {"game": "ticket-to-ride", "players": 2, "seats": [{"kind": "human"}] * 2}
            refused = httpx2.post(f"{server.url}/api/rooms", json=body, timeout=WAIT)
            _refusal(refused, 429, "too many connections")
        until(lambda: _served(server), "the socket counted out")
        rooms = httpx2.get(f"{server.url}/api/rooms", timeout=WAIT).json()
        listed = rooms["rooms"] if isinstance(rooms, dict) else rooms
        assert [r["id"] for r in listed] == [room]


# --- deeply nested JSON -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[" * 10_000,  # what makes json.loads raise RecursionError, unclosed
        "[" * 8_000 + "]" * 8_000,  # the same, well formed (16,000 bytes: under the limit)
        '{"type": "hello", "x": ' + "[" * 100 + "]" * 100 + "}",  # parses, but too deep
    ],
    ids=["unclosed", "closed", "parsable"],
)
def test_deeply_nested_json_on_a_socket_is_refused_with_1008(
    tmp_path: Path, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    with (
        caplog.at_level(logging.INFO),
        live(tmp_path) as server,
        server.socket(server.room()) as sock,
    ):
        sock.send(text)
        messages, code, reason = _closed_with(sock)
    assert messages[0]["type"] == "error" and messages[0]["status"] == 400
    assert f"nested deeper than {MAX_JSON_DEPTH} levels" in messages[0]["message"]
    assert code == 1008
    assert reason is not None and f"nested deeper than {MAX_JSON_DEPTH}" in reason
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_json_nested_within_the_limit_is_read_as_before(tmp_path: Path) -> None:
    with live(tmp_path) as server, server.socket(server.room()) as sock:
        nested = "[" * (MAX_JSON_DEPTH - 1) + "]" * (MAX_JSON_DEPTH - 1)
        sock.send(json.dumps({"type": "hello", "x": 0})[:-1] + ', "y": ' + nested + "}")
        assert json.loads(sock.recv(timeout=WAIT))["type"] == "view"


@pytest.mark.parametrize("depth", [100, 10_000, 30_000])
def test_a_deeply_nested_request_body_is_one_line_400(tmp_path: Path, depth: int) -> None:
    body = '{"game": "ticket-to-ride", "players": 2, "seats": ' + "[" * depth + "]" * depth
    with live(tmp_path) as server:
        response = httpx2.post(
            f"{server.url}/api/rooms",
            content=body + "}",
            headers={"content-type": "application/json"},
            timeout=WAIT,
        )
        _refusal(response, 400, f"nested deeper than {MAX_JSON_DEPTH} levels")
        assert httpx2.get(f"{server.url}/api/rooms", timeout=WAIT).status_code == 200


# --- idle memory --------------------------------------------------------------------------


def test_sockets_compress_each_message_alone(tmp_path: Path) -> None:
    """permessage-deflate without context takeover either way: no zlib state is kept per
    socket between messages (benchmarks/bench_server_sockets.py measures what it saves), and
    views still arrive compressed and whole."""
    with live(tmp_path) as server, server.socket(server.room()) as sock:
        extensions = sock.response.headers["Sec-WebSocket-Extensions"]
        assert "permessage-deflate" in extensions
        assert "server_no_context_takeover" in extensions
        assert "client_no_context_takeover" in extensions
        for _ in range(2):
            sock.send(json.dumps({"type": "hello"}))
            answer = json.loads(sock.recv(timeout=WAIT))
        assert answer["message"] == "hello was already said on this connection"
