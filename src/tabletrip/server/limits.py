"""Input limits: a request body over `max_bytes` is refused with 413 before any route runs,
and JSON nested deeper than MAX_JSON_DEPTH (a body or a WebSocket message) is refused too.

`json.loads` raises RecursionError at about 1,000 levels (`[[[[...]]]]` fits in a few KB);
nothing tabletrip reads is nested more than a few levels, so 64 is generous."""

from __future__ import annotations

import json
from typing import Any

Scope = dict[str, Any]
Message = dict[str, Any]
MAX_JSON_DEPTH = 64


class NestedTooDeeply(Exception):
    """JSON nested deeper than MAX_JSON_DEPTH."""

    def __init__(self) -> None:
        super().__init__(
            f"the JSON is nested deeper than {MAX_JSON_DEPTH} levels: "
            "send objects and lists nested a few levels at most"
        )


def json_depth(value: Any) -> int:
    """How deeply lists and objects nest in a parsed JSON value (a scalar is 0)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def _opening_brackets(text: str | bytes) -> int:
    if isinstance(text, bytes):
        return text.count(b"[") + text.count(b"{")
    return text.count("[") + text.count("{")


def loads_bounded(text: str | bytes) -> Any:
    """`json.loads`, but NestedTooDeeply for JSON nested deeper than MAX_JSON_DEPTH (never a
    RecursionError); ValueError for text that is not JSON."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise NestedTooDeeply from None
    # Cheap first: JSON with fewer opening brackets than the limit cannot nest deeper.
    if _opening_brackets(text) > MAX_JSON_DEPTH and json_depth(value) > MAX_JSON_DEPTH:
        raise NestedTooDeeply
    return value


def _too_deep(body: bytes) -> bool:
    """Whether a request body is JSON nested too deeply (other bodies are the route's to
    judge: not JSON is answered by FastAPI's own 400)."""
    if _opening_brackets(body) <= MAX_JSON_DEPTH:
        return False
    try:
        loads_bounded(body)
    except NestedTooDeeply:
        return True
    except ValueError:
        return False
    return False


class BodyLimit:
    """ASGI middleware: checks Content-Length, then counts the streamed body (buffered, small).

    `larger` gives some routes, by (method, path), a limit of their own: creating a room
    carries its own content, whose files are bigger than any other request.
    """

    def __init__(
        self, app: Any, max_bytes: int, larger: dict[tuple[str, str], int] | None = None
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.larger = larger or {}

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        """Pass the request on with its body, or answer 413."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get((scope.get("method", ""), scope.get("path", "")), self.max_bytes)
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await self._refuse(send, limit)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._refuse(send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if _too_deep(body):
            await _answer(send, 400, str(NestedTooDeeply()))
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Any, limit: int) -> None:
        await _answer(send, 413, f"the request body is larger than {limit} bytes")


async def _answer(send: Any, status: int, detail: str) -> None:
    """Answer `status` with `{"detail": detail}` and close the connection."""
    payload = json.dumps({"detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})
