"""What the database holds: its tables (rooms, seats, the action log, own content, bot
claims) and the plain rows the store reads and writes them as.

The store (store.py) keeps the rows up to date, one transaction per change; the manager and
the room list read them. Values are stored as canonical JSON, the spelling they are hashed in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from tabletrip.server.room_changes import ActionRow

metadata = sa.MetaData()

rooms_table = sa.Table(
    "rooms",
    metadata,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("game", sa.Text, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("created", sa.Text, nullable=False),
    sa.Column("status", sa.Text, nullable=False),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("result_hash", sa.Text, nullable=True),
    # What the room list shows, as of the last change: NULL in a database written before these
    # columns existed, until the room was replayed once (Store.set_summary).
    sa.Column("version", sa.Integer, nullable=True),
    sa.Column("current_player", sa.Integer, nullable=True),
    # The hash of the room's own content (a row of `contents`); NULL: the shipped content.
    sa.Column("content", sa.Text, nullable=True),
    sa.Index("rooms_newest", "created", "id"),
    sa.Index("rooms_status_newest", "status", "created", "id"),
)
# The columns added since the first version of the table, and their SQL type.
ADDED_COLUMNS = {"version": "INTEGER", "current_player": "INTEGER", "content": "TEXT"}

# Own content uploaded with a room, once per hash: `Content.to_json` as canonical JSON.
contents_table = sa.Table(
    "contents",
    metadata,
    sa.Column("hash", sa.Text, primary_key=True),
    sa.Column("content", sa.Text, nullable=False),
)

seats_table = sa.Table(
    "seats",
    metadata,
    sa.Column("room_id", sa.Text, sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("bot", sa.Text, nullable=True),
    sa.Column("name", sa.Text, nullable=True),
    sa.Column("token_hash", sa.Text, nullable=True),
)

actions_table = sa.Table(
    "actions",
    metadata,
    sa.Column("room_id", sa.Text, sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("action", sa.Text, nullable=True),
    sa.Column("at", sa.Text, nullable=False),
)


# Which server plays a room's bot move at a version, until when (servers sharing a database:
# a bot move is computed once; a server that dies loses its claim when `until` passes).
bot_turns_table = sa.Table(
    "bot_turns",
    metadata,
    sa.Column("room_id", sa.Text, sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("server", sa.Text, nullable=False),
    sa.Column("until", sa.Float, nullable=False),  # seconds since the epoch
)


def canonical_json(value: Any) -> str:
    """One spelling of a JSON value (sorted keys, no spaces): what is stored and hashed."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def now() -> str:
    """The time now, ISO 8601 UTC."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class SeatRow:
    """One stored seat."""

    seat: int
    kind: str
    bot: str | None
    name: str | None
    token_hash: str | None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A log row to append: a play or an undo, with the result when it ends the game."""

    room_id: str
    n: int
    seat: int
    kind: str
    action: Any
    result: Any = None
    current_player: int | None = None  # the seat to move once this row is played


@dataclass(frozen=True)
class RoomRow:
    """One stored room with its seats and log, as read to rebuild it."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    created: str
    status: str
    result: Any
    result_hash: str | None
    seats: tuple[SeatRow, ...]
    actions: tuple[ActionRow, ...]
    version: int | None = 0
    current_player: int | None = None
    content: dict[str, Any] | None = None  # own content as `Content.to_json`; None: shipped


@dataclass(frozen=True)
class SummaryRow:
    """A room as the room list shows it, read from its row and its seats (no log)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: str
    created: str
    version: int
    current_player: int | None
    seats: tuple[SeatRow, ...]
    content: str | None = None  # the hash of its own content; None: the shipped content


@dataclass(frozen=True)
class SummaryPage:
    """One page of the room list: the rooms that read, those that do not (id: why), and
    where the next page starts (None: this is the last)."""

    rooms: tuple[SummaryRow, ...]
    unreadable: dict[str, str]
    next: str | None
