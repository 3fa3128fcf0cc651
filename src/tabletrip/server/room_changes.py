"""How one server tells the others that a room changed, on a PostgreSQL channel.

The store sends the notification in the transaction that makes the change, so PostgreSQL
delivers it only once the change is committed, and in commit order. Its payload is
`room what server [row]`: the room's id, its new version (or `seats` after a seat was taken),
the id of the server that made the change, and for a move the log row that made that version,
as JSON, when it fits in a notification. A server holding that room at the version before
plays the row as it is, without reading the database; otherwise it reads what it lacks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

ROOMS_CHANNEL = "tabletrip_rooms"
PAYLOAD_BYTES = 7999  # PostgreSQL refuses a notification payload of 8000 bytes or more
SEATS = "seats"


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One log row, as the store keeps it and as an announcement carries it: a play (with its
    action JSON) or an undo."""

    n: int
    seat: int
    kind: str
    action: Any


@dataclass(frozen=True, slots=True)
class Announcement:
    """A room change as heard: the room, its new version (None: its seats changed), the server
    that made it and, when it came along, the row that made the version."""

    room_id: str
    version: int | None
    server: str
    row: ActionRow | None = None


def payload(room_id: str, what: str, server: str, row: ActionRow | None = None) -> str:
    """The notification for a change (`what`: the new version, or `SEATS`); the row is left
    out when the payload would be too long (the other servers then read it)."""
    head = f"{room_id} {what} {server}"
    if row is None:
        return head
    body = json.dumps([row.n, row.seat, row.kind, row.action], separators=(",", ":"))
    text = f"{head} {body}"
    return text if len(text.encode()) <= PAYLOAD_BYTES else head


def read(text: str) -> Announcement | None:
    """An announcement from a notification's payload; None if it is not one (a row that does
    not read is left out: the database is read instead)."""
    parts = text.split(" ", 3)
    if len(parts) < 3:
        return None
    room_id, what, server = parts[:3]
    if what != SEATS and not what.isdigit():
        return None
    version = int(what) if what.isdigit() else None
    row = None
    if version is not None and len(parts) == 4:
        row = _row(parts[3])
        if row is not None and row.n != version - 1:
            row = None
    return Announcement(room_id, version, server, row)


def _row(text: str) -> ActionRow | None:
    try:
        n, seat, kind, action = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not (isinstance(n, int) and isinstance(seat, int) and isinstance(kind, str)):
        return None
    return ActionRow(n, seat, kind, action)
