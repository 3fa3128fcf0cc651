"""The WebSocket of a room: hello (with a seat token, or none to spectate), then views pushed
after every change, and actions or undos sent back. Every error is a message; none changes
anything. A message over the size limit is answered, then the socket is closed with 1009; a
socket that has not said hello within `Settings.hello_timeout_seconds`, or that sends JSON
nested too deeply (limits.py), is told why and closed with 1008. A close carries its reason.

A client that says `"log_delta": true` in its hello is sent, after the first view, only the
log lines it does not hold yet: each view then has `log_start`, the number of lines of the
socket's previous view that stand (keep those, then append `log`)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from tabletrip.server.errors import BadRequest, Forbidden, ServerError
from tabletrip.server.limits import NestedTooDeeply, loads_bounded
from tabletrip.server.manager import RoomManager
from tabletrip.server.rooms import Room
from tabletrip.server.views import view_message

POLICY_VIOLATION = 1008
MESSAGE_TOO_BIG = 1009
MAX_CLOSE_REASON_BYTES = 123  # what a close frame has room for (RFC 6455)
_VIEW = object()  # in the outbox: send the current view


class Connection:
    """One client's socket on one room: a receive loop and one sender (so sends never mix)."""

    def __init__(self, socket: WebSocket, manager: RoomManager, room_id: str, limit: int) -> None:
        self.socket = socket
        self.manager = manager
        self.room_id = room_id
        self.limit = limit
        self.room: Room | None = None
        self.seat: int | None = None
        self._outbox: asyncio.Queue[Any] = asyncio.Queue()
        self._view_pending = False
        self._log_delta = False
        self._sent_version = -1  # the version of the last view sent (for log deltas)

    def poke(self) -> None:
        """The room changed: queue one view (several changes before it is sent make one)."""
        if not self._view_pending:
            self._view_pending = True
            self._outbox.put_nowait(_VIEW)

    def _error(self, message: str, status: int, close: int | None = None) -> None:
        self._outbox.put_nowait(json.dumps({"type": "error", "message": message, "status": status}))
        if close is not None:
            self._outbox.put_nowait((close, _close_reason(message)))

    async def run(self) -> None:
        """Serve the connection until the client leaves or is closed."""
        await self.socket.accept()
        sender = asyncio.create_task(self._send_loop())
        try:
            await self._receive_loop()
        except WebSocketDisconnect:
            pass
        finally:
            if self.room is not None:
                self.manager.unsubscribe(self.room_id, self)
            if not sender.done():
                self._outbox.put_nowait(None)
            await asyncio.gather(sender, return_exceptions=True)

    async def _send_loop(self) -> None:
        while True:
            item = await self._outbox.get()
            if item is None:
                return
            if item is _VIEW:
                self._view_pending = False
                await self.socket.send_text(self._view())
            elif isinstance(item, tuple):
                code, reason = item
                await self.socket.close(code=code, reason=reason)
                return
            else:
                await self.socket.send_text(item)

    def _view(self) -> str:
        """The message of the room's current view for this socket."""
        room = self.room
        assert room is not None
        if not self._log_delta:
            return view_message(room, self.seat)
        text = view_message(room, self.seat, self._sent_version)
        self._sent_version = room.version
        return text

    async def _receive_loop(self) -> None:
        hello_seconds = self.manager.settings.hello_timeout_seconds
        hello_by = asyncio.get_running_loop().time() + hello_seconds
        while True:
            if self.room is None:
                try:
                    async with asyncio.timeout_at(hello_by):
                        message = await self.socket.receive()
                except TimeoutError:
                    late = f"say hello within {hello_seconds:g} seconds"
                    self._error(late, 408, POLICY_VIOLATION)
                    return
            else:
                message = await self.socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                size = len(data)
            else:
                size = len(text.encode())
            if size > self.limit:
                self._error(
                    f"message of {size} bytes is over the limit of {self.limit}",
                    400,
                    MESSAGE_TOO_BIG,
                )
                return
            if text is None:
                try:
                    text = data.decode()
                except UnicodeDecodeError:
                    self._error("messages are JSON text", 400)
                    continue
            if not await self._handle(text):
                return

    async def _handle(self, text: str) -> bool:
        """Act on one message; False when the connection must end."""
        try:
            message = loads_bounded(text)
        except NestedTooDeeply as exc:
            self._error(str(exc), 400, POLICY_VIOLATION)
            return False
        except ValueError:
            self._error('not JSON: send an object like {"type": "hello"}', 400)
            return True
        kind = message.get("type") if isinstance(message, dict) else None
        try:
            if kind == "hello":
                return await self._hello(message)
            if self.room is None:
                self._error('say hello first: {"type": "hello", "token": ...}', 400)
                return True
            if kind == "action":
                await self.manager.act(
                    self.room, self._seat(), message.get("action"), _version(message)
                )
            elif kind == "undo":
                await self.manager.undo(self.room, self._seat(), _version(message))
            else:
                self._error(f"unknown message type {kind!r}: send hello, action or undo", 400)
        except ServerError as exc:
            self._error(str(exc), exc.status)
        return True

    async def _hello(self, message: dict[str, Any]) -> bool:
        if self.room is not None:
            self._error("hello was already said on this connection", 400)
            return True
        token = message.get("token")
        try:
            if token is None:
                room, seat = await self.manager.room(self.room_id), None
            elif isinstance(token, str):
                room, seat = await self.manager.authenticate(self.room_id, token)
            else:
                self._error("the token is a string", 400, POLICY_VIOLATION)
                return False
        except ServerError as exc:
            self._error(str(exc), exc.status, POLICY_VIOLATION)
            return False
        self.room, self.seat = room, seat
        self._log_delta = message.get("log_delta") is True
        self.manager.subscribe(self.room_id, self)
        self.poke()
        return True

    def _seat(self) -> int:
        if self.seat is None:
            raise Forbidden("a spectator cannot act: say hello with a seat token")
        return self.seat


def _close_reason(message: str) -> str:
    """The error message as a close reason, cut to fit a close frame."""
    encoded = message.encode()
    if len(encoded) <= MAX_CLOSE_REASON_BYTES:
        return message
    return encoded[: MAX_CLOSE_REASON_BYTES - 3].decode(errors="ignore") + "..."


def _version(message: dict[str, Any]) -> int:
    version = message.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise BadRequest('give the version of the view you decided on: {"version": n, ...}')
    return version


async def serve_socket(socket: WebSocket, manager: RoomManager, room_id: str, limit: int) -> None:
    """Run one room WebSocket."""
    await Connection(socket, manager, room_id, limit).run()
