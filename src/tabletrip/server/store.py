"""The database: rooms, seats and the append-only action log (SQLAlchemy Core, any URL).

Every write is one transaction, committed before the server tells anyone about it (log rows
that arrive together share one: see group_commit.py). An undo is a new `actions` row (kind
'undo'), never a delete, so a room is rebuilt by replaying its rows.
SQLite runs in WAL mode with synchronous=NORMAL: a committed row survives the server process
being killed (it is in the WAL); only a crash of the machine itself may lose the last ones,
never consistency. An fsync per move (FULL) would cost ~4 ms a move on this machine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

from tabletrip.server.errors import StoreError

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


@dataclass(frozen=True)
class ActionRow:
    """One stored log row: a play (with its action JSON) or an undo."""

    n: int
    seat: int
    kind: str
    action: Any


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A log row to append: a play or an undo, with the result when it ends the game."""

    room_id: str
    n: int
    seat: int
    kind: str
    action: Any
    result: Any = None


@dataclass(frozen=True)
class RoomRow:
    """One stored room with its seats and log, as read at startup."""

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


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _safe_url(url: str) -> str:
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


class Store:
    """The server's tables in one database; `Store.open(url)` checks it can be used."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, url: str) -> Store:
        """Connect and create the tables if needed; StoreError (one line) if that fails."""
        shown = _safe_url(url)
        try:
            parsed = make_url(url)
            kwargs: dict[str, Any] = {}
            if parsed.get_backend_name() == "sqlite":
                database = parsed.database
                if database and database != ":memory:" and not database.startswith("file:"):
                    Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
                kwargs["connect_args"] = {"check_same_thread": False}
            engine = sa.create_engine(parsed, **kwargs)
            if parsed.get_backend_name() == "sqlite":
                sa.event.listen(engine, "connect", _sqlite_pragmas)
            metadata.create_all(engine)
        except (ArgumentError, NoSuchModuleError) as exc:
            raise StoreError(f"bad database URL {shown!r}: {_one_line(exc)}") from None
        except (SQLAlchemyError, OSError) as exc:
            raise StoreError(f"cannot open database {shown!r}: {_one_line(exc)}") from None
        return cls(engine)

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    def _write(self) -> Any:
        return self.engine.begin()

    def create_room(self, row: RoomRow) -> None:
        """Store a new room and its seats in one transaction."""
        with self._write() as conn:
            conn.execute(
                rooms_table.insert().values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    options=canonical_json(row.options),
                    seed=row.seed,
                    created=row.created,
                    status=row.status,
                )
            )
            conn.execute(
                seats_table.insert(),
                [
                    {
                        "room_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                    }
                    for s in row.seats
                ],
            )

    def take_seat(
        self, room_id: str, seat: int, name: str | None, token_hash: str, status: str
    ) -> bool:
        """Give a free human seat its token hash (and the room its status); False if taken."""
        with self._write() as conn:
            done = conn.execute(
                seats_table.update()
                .where(
                    seats_table.c.room_id == room_id,
                    seats_table.c.seat == seat,
                    seats_table.c.kind == "human",
                    seats_table.c.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash)
            )
            if done.rowcount != 1:
                conn.rollback()
                return False
            _set_status(conn, room_id, status)
        return True

    def append(self, entries: Sequence[LogEntry]) -> None:
        """Append log rows in one transaction, and mark finished the rooms they end."""
        stamp = now()
        with self._write() as conn:
            conn.execute(
                actions_table.insert(),
                [
                    {
                        "room_id": entry.room_id,
                        "n": entry.n,
                        "seat": entry.seat,
                        "kind": entry.kind,
                        "action": None if entry.action is None else canonical_json(entry.action),
                        "at": stamp,
                    }
                    for entry in entries
                ],
            )
            for entry in entries:
                if entry.result is not None:
                    conn.execute(
                        rooms_table.update()
                        .where(rooms_table.c.id == entry.room_id)
                        .values(
                            status="finished",
                            result=canonical_json(entry.result),
                            result_hash=result_hash(entry.result),
                        )
                    )

    def rooms(self) -> Iterator[RoomRow]:
        """Every stored room with its seats and log rows, oldest room first."""
        with self.engine.connect() as conn:
            room_rows = conn.execute(
                sa.select(rooms_table).order_by(rooms_table.c.created, rooms_table.c.id)
            ).all()
            for room in room_rows:
                seats = conn.execute(
                    sa.select(seats_table)
                    .where(seats_table.c.room_id == room.id)
                    .order_by(seats_table.c.seat)
                ).all()
                actions = conn.execute(
                    sa.select(actions_table)
                    .where(actions_table.c.room_id == room.id)
                    .order_by(actions_table.c.n)
                ).all()
                yield RoomRow(
                    id=room.id,
                    game=room.game,
                    players=room.players,
                    options=json.loads(room.options),
                    seed=room.seed,
                    created=room.created,
                    status=room.status,
                    result=None if room.result is None else json.loads(room.result),
                    result_hash=room.result_hash,
                    seats=tuple(
                        SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash) for s in seats
                    ),
                    actions=tuple(
                        ActionRow(
                            a.n, a.seat, a.kind, None if a.action is None else json.loads(a.action)
                        )
                        for a in actions
                    ),
                )


def _set_status(conn: Connection, room_id: str, status: str) -> None:
    conn.execute(rooms_table.update().where(rooms_table.c.id == room_id).values(status=status))


def result_hash(result: Any) -> str:
    """sha256 of a result's canonical JSON: what a rebuilt room's result must hash to."""
    return hashlib.sha256(canonical_json(result).encode()).hexdigest()


def _one_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return " ".join(text.split("\n")[0].split())
