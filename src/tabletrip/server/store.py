"""The database: rooms, seats and the append-only action log (SQLAlchemy Core, any URL).

Every write is one transaction, committed before the server tells anyone about it (log rows
that arrive together share one: see group_commit.py). An undo is a new `actions` row (kind
'undo'), never a delete, so a room is rebuilt by replaying its rows.
A room's row also holds what the room list shows (status, version, the seat to move), kept up
to date in the transaction of each change, so that the list is read from here, not from the
rooms in memory. A database written before those columns existed gets them when opened, empty
(`version` NULL) until the manager replays those rooms once and fills them (`unsummarised`).
SQLite runs in WAL mode with synchronous=NORMAL: a committed row survives the server process
being killed (it is in the WAL); only a crash of the machine itself may lose the last ones,
never consistency. An fsync per move (FULL) would cost ~4 ms a move on this machine.
The tables and the rows read from them are in store_rows.py.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import secrets
import socket
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError, SQLAlchemyError

from tabletrip.core.errors import RecordError
from tabletrip.server import room_changes
from tabletrip.server.errors import StoreError
from tabletrip.server.room_changes import ROOMS_CHANNEL, SEATS, ActionRow
from tabletrip.server.store_rows import (
    ADDED_COLUMNS,
    LogEntry,
    RoomRow,
    SeatRow,
    SummaryPage,
    SummaryRow,
    actions_table,
    bot_turns_table,
    canonical_json,
    contents_table,
    metadata,
    now,
    rooms_table,
    seats_table,
)


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
        # Names this server in its announcements, so that it can skip its own.
        self.server_id = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"

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
            _add_missing_columns(engine)
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
        """Store a new room, its seats and its own content (if any) in one transaction."""
        content_hash = None if row.content is None else _content_hash(row.content)
        with self._write() as conn:
            if row.content is not None and not _has_content(conn, content_hash):
                conn.execute(
                    contents_table.insert().values(
                        hash=content_hash, content=canonical_json(row.content)
                    )
                )
            conn.execute(
                rooms_table.insert().values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    options=canonical_json(row.options),
                    seed=row.seed,
                    created=row.created,
                    status=row.status,
                    version=row.version,
                    current_player=row.current_player,
                    content=content_hash,
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
            self._announce(conn, [room_changes.payload(room_id, SEATS, self.server_id)])
        return True

    def append(self, entries: Sequence[LogEntry]) -> list[bool]:
        """Append log rows in one transaction, with each room's new version and seat to move,
        and mark finished the rooms they end; per entry, whether it was written.

        A row is written only at its room's current version (`n` equal to the stored
        `version`): the version moves on by a conditional update in the same transaction, so
        two servers that both try version n of a room cannot both write it. On PostgreSQL the
        second waits for the first's row lock, then finds the version moved on; its entry is
        refused (False) and the others of its batch are written. Each written row is announced
        on the `ROOMS_CHANNEL` (PostgreSQL only), delivered when the transaction commits.
        """
        try:
            return self._append(entries)
        except _BatchMoved:  # a room had moved on: each row in a transaction of its own
            return [self._append([entry])[0] for entry in entries]

    def _append(self, entries: Sequence[LogEntry]) -> list[bool]:
        stamp = now()
        with self._write() as conn:
            accepted = self._move_versions(conn, entries)
            written = [entry for entry, ok in zip(entries, accepted, strict=True) if ok]
            if written:
                conn.execute(
                    actions_table.insert(),
                    [
                        {
                            "room_id": entry.room_id,
                            "n": entry.n,
                            "seat": entry.seat,
                            "kind": entry.kind,
                            "action": None
                            if entry.action is None
                            else canonical_json(entry.action),
                            "at": stamp,
                        }
                        for entry in written
                    ],
                )
            for entry in written:
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
            self._announce(conn, [self._announced_row(entry) for entry in written])
        return accepted

    def _move_versions(self, conn: Connection, entries: Sequence[LogEntry]) -> list[bool]:
        """Move each entry's room from version n to n + 1 if it is at n; per entry, whether
        it was. One statement for the whole batch when every room is where its row expects
        (nearly always); otherwise `_BatchMoved`, and the caller's transaction is undone."""
        step = (
            rooms_table.update()
            .where(
                rooms_table.c.id == sa.bindparam("room"),
                rooms_table.c.version == sa.bindparam("before"),
            )
            .values(version=sa.bindparam("after"), current_player=sa.bindparam("to_move"))
        )
        params = [
            {
                "room": entry.room_id,
                "before": entry.n,
                "after": entry.n + 1,
                "to_move": entry.current_player,
            }
            for entry in entries
        ]
        if len(params) == 1 or not self.engine.dialect.supports_sane_multi_rowcount:
            return [conn.execute(step, one).rowcount == 1 for one in params]
        if conn.execute(step, params).rowcount != len(params):
            raise _BatchMoved  # undone with its transaction; `append` writes each row alone
        return [True] * len(params)

    @property
    def shared(self) -> bool:
        """Whether other servers may share this database (PostgreSQL): rooms in memory are then
        checked against it, and changes are announced on `ROOMS_CHANNEL`."""
        return self.engine.dialect.name == "postgresql"

    def _announce(self, conn: Connection, payloads: Sequence[str]) -> None:
        """Tell the other servers these rooms changed (see `room_changes`); delivered on
        commit, PostgreSQL only."""
        if not self.shared or not payloads:
            return
        conn.execute(
            sa.text("SELECT pg_notify(:channel, :payload)"),
            [{"channel": ROOMS_CHANNEL, "payload": text} for text in payloads],
        )

    def _announced_row(self, entry: LogEntry) -> str:
        row = ActionRow(entry.n, entry.seat, entry.kind, entry.action)
        return room_changes.payload(entry.room_id, str(entry.n + 1), self.server_id, row)

    def version(self, room_id: str) -> tuple[int | None, tuple[SeatRow, ...]] | None:
        """A room's stored version and seats (None if there is no such room): enough to tell
        whether a copy in memory is the stored room."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(rooms_table.c.version).where(rooms_table.c.id == room_id)
            ).first()
            if row is None:
                return None
            return row.version, _seat_rows(conn, [room_id]).get(room_id, ())

    def actions_from(self, room_id: str, n: int) -> tuple[ActionRow, ...]:
        """A room's log rows from row `n` on, in order; RecordError if one is not JSON."""
        with self.engine.connect() as conn:
            return _action_rows(conn, room_id, n)

    def room(self, room_id: str) -> RoomRow | None:
        """The stored room with its seats and log rows (None if there is none); RecordError
        naming the column if one of its JSON columns is not JSON."""
        with self.engine.connect() as conn:
            room = conn.execute(sa.select(rooms_table).where(rooms_table.c.id == room_id)).first()
            if room is None:
                return None
            seats = _seat_rows(conn, [room_id]).get(room_id, ())
            actions = _action_rows(conn, room_id)
            content = None
            if room.content is not None:
                content = conn.execute(
                    sa.select(contents_table.c.content).where(contents_table.c.hash == room.content)
                ).scalar()
                if content is None:
                    raise RecordError(f"room {room_id}: its content {room.content[:12]} is missing")
        where = f"room {room_id}"
        return RoomRow(
            id=room.id,
            game=room.game,
            players=room.players,
            options=_json(room.options, f"{where}: its options"),
            seed=room.seed,
            created=room.created,
            status=room.status,
            result=None if room.result is None else _json(room.result, f"{where}: its result"),
            result_hash=room.result_hash,
            seats=seats,
            actions=actions,
            version=room.version,
            current_player=room.current_player,
            content=None if content is None else _json(content, f"{where}: its content"),
        )

    def rooms(self) -> Iterator[RoomRow]:
        """Every stored room, oldest first (RecordError at the first that does not read)."""
        with self.engine.connect() as conn:
            ids = conn.execute(
                sa.select(rooms_table.c.id).order_by(rooms_table.c.created, rooms_table.c.id)
            ).scalars()
            room_ids = list(ids)
        for room_id in room_ids:
            row = self.room(room_id)
            if row is not None:
                yield row

    def unsummarised(self) -> list[str]:
        """The rooms whose list columns are not filled yet (stored by an older version)."""
        with self.engine.connect() as conn:
            query = sa.select(rooms_table.c.id).where(rooms_table.c.version.is_(None))
            return list(conn.execute(query.order_by(rooms_table.c.created)).scalars())

    def set_summary(self, room_id: str, version: int, current_player: int | None) -> None:
        """Fill a room's list columns (once it was replayed)."""
        with self._write() as conn:
            conn.execute(
                rooms_table.update()
                .where(rooms_table.c.id == room_id)
                .values(version=version, current_player=current_player)
            )

    def content(self, content_hash: str) -> dict[str, Any] | None:
        """Stored own content by hash (`Content.to_json`), None if there is none."""
        query = sa.select(contents_table.c.content).where(contents_table.c.hash == content_hash)
        with self.engine.connect() as conn:
            text = conn.execute(query).scalar()
        return None if text is None else _json(text, f"content {content_hash[:12]}")

    def claim_bot_turn(self, room_id: str, version: int, server: str, until: float) -> bool:
        """Claim the bot move of a room at `version` for `server` until `until` (epoch
        seconds); whether it is this server's to play: unclaimed, claimed for an earlier
        version, expired, or this server's already (then extended). One transaction: of two
        servers claiming at once, one gets it."""
        stamp = time.time()
        table = bot_turns_table
        with self._write() as conn:
            moved = conn.execute(
                table.update()
                .where(
                    table.c.room_id == room_id,
                    sa.or_(
                        table.c.version < version,
                        table.c.until < stamp,
                        sa.and_(table.c.version == version, table.c.server == server),
                    ),
                )
                .values(version=version, server=server, until=until)
            )
            if moved.rowcount == 1:
                return True
            if conn.execute(sa.select(table.c.room_id).where(table.c.room_id == room_id)).first():
                return False  # another server's, still running
            try:
                with conn.begin_nested():
                    conn.execute(
                        table.insert().values(
                            room_id=room_id, version=version, server=server, until=until
                        )
                    )
            except IntegrityError:
                return False  # another server claimed it first, just now
        return True

    def unplayed_bot_rooms(self) -> list[str]:
        """The rooms whose bot is to move and that no server is playing now (no claim at
        their version, or one that expired): a server that died left them."""
        claims = bot_turns_table
        query = (
            _bots_to_move()
            .outerjoin(claims, claims.c.room_id == rooms_table.c.id)
            .where(
                sa.or_(
                    claims.c.room_id.is_(None),
                    claims.c.version < rooms_table.c.version,
                    claims.c.until < time.time(),
                ),
            )
        )
        with self.engine.connect() as conn:
            return list(conn.execute(query.order_by(rooms_table.c.created)).scalars())

    def bot_rooms(self) -> list[str]:
        """The rooms being played whose seat to move is a bot's: they must play on."""
        with self.engine.connect() as conn:
            query = _bots_to_move().order_by(rooms_table.c.created)
            return list(conn.execute(query).scalars())

    def summaries(
        self,
        limit: int,
        status: str | None = None,
        game: str | None = None,
        cursor: str | None = None,
    ) -> SummaryPage:
        """Up to `limit` rooms, newest first, with this status and game if given, from
        `cursor` on (a `SummaryPage.next`; ValueError if it is not one). Rooms whose list
        columns are not filled yet are left out."""
        query = sa.select(rooms_table).where(rooms_table.c.version.is_not(None))
        if status is not None:
            query = query.where(rooms_table.c.status == status)
        if game is not None:
            query = query.where(rooms_table.c.game == game)
        if cursor is not None:
            created, room_id = decode_cursor(cursor)
            query = query.where(
                sa.tuple_(rooms_table.c.created, rooms_table.c.id) < (created, room_id)
            )
        query = query.order_by(rooms_table.c.created.desc(), rooms_table.c.id.desc())
        with self.engine.connect() as conn:
            rows = conn.execute(query.limit(limit + 1)).all()
            more = len(rows) > limit
            rows = rows[:limit]
            seats = _seat_rows(conn, [row.id for row in rows])
        found: list[SummaryRow] = []
        unreadable: dict[str, str] = {}
        for row in rows:
            try:
                options = _json(row.options, f"room {row.id}: its options")
            except RecordError as exc:
                unreadable[row.id] = str(exc)
                continue
            found.append(
                SummaryRow(
                    row.id,
                    row.game,
                    row.players,
                    options,
                    row.status,
                    row.created,
                    row.version,
                    row.current_player,
                    seats.get(row.id, ()),
                    row.content,
                )
            )
        following = encode_cursor(rows[-1].created, rows[-1].id) if more else None
        return SummaryPage(tuple(found), unreadable, following)


def _seat_rows(conn: Connection, room_ids: list[str]) -> dict[str, tuple[SeatRow, ...]]:
    """The seats of these rooms, in seat order."""
    if not room_ids:
        return {}
    rows = conn.execute(
        sa.select(seats_table)
        .where(seats_table.c.room_id.in_(room_ids))
        .order_by(seats_table.c.room_id, seats_table.c.seat)
    ).all()
    found: dict[str, list[SeatRow]] = {}
    for s in rows:
        found.setdefault(s.room_id, []).append(SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash))
    return {room_id: tuple(seats) for room_id, seats in found.items()}


def _action_rows(conn: Connection, room_id: str, since: int = 0) -> tuple[ActionRow, ...]:
    """A room's log rows from row `since` on, in order; RecordError if one is not JSON."""
    rows = conn.execute(
        sa.select(actions_table)
        .where(actions_table.c.room_id == room_id, actions_table.c.n >= since)
        .order_by(actions_table.c.n)
    ).all()
    return tuple(
        ActionRow(
            a.n,
            a.seat,
            a.kind,
            None if a.action is None else _json(a.action, f"room {room_id}: log row {a.n}"),
        )
        for a in rows
    )


def _json(text: str, what: str) -> Any:
    """A stored JSON column; RecordError saying which one if it is not JSON."""
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        raise RecordError(f"{what} is not JSON") from None


def encode_cursor(created: str, room_id: str) -> str:
    """The opaque cursor of the rooms listed after this one (newest first)."""
    return base64.urlsafe_b64encode(canonical_json([created, room_id]).encode()).decode()


def decode_cursor(cursor: str) -> tuple[str, str]:
    """The room a cursor points after; ValueError if it is not one `encode_cursor` made."""
    try:
        created, room_id = json.loads(base64.urlsafe_b64decode(cursor.encode()))
    except (binascii.Error, ValueError, TypeError, UnicodeError):
        raise ValueError("not a cursor this server gave") from None
    if not isinstance(created, str) or not isinstance(room_id, str):
        raise ValueError("not a cursor this server gave")
    return created, room_id


def _add_missing_columns(engine: Engine) -> None:
    """Give a database written by an older version the columns added since (left NULL)."""
    present = {column["name"] for column in sa.inspect(engine).get_columns("rooms")}
    missing = {name: kind for name, kind in ADDED_COLUMNS.items() if name not in present}
    if not missing:
        return
    with engine.begin() as conn:
        for name, kind in missing.items():
            conn.execute(sa.text(f"ALTER TABLE rooms ADD COLUMN {name} {kind}"))
        for index in rooms_table.indexes:
            index.create(conn, checkfirst=True)


def _bots_to_move() -> sa.Select[Any]:
    """The ids of the rooms being played whose seat to move is a bot's (a query to extend)."""
    return (
        sa.select(rooms_table.c.id)
        .join(
            seats_table,
            sa.and_(
                seats_table.c.room_id == rooms_table.c.id,
                seats_table.c.seat == rooms_table.c.current_player,
            ),
        )
        .where(rooms_table.c.status == "playing", seats_table.c.kind == "bot")
    )


class _BatchMoved(Exception):
    """A room of a batch was not at the version its row expects (another server wrote)."""


def _content_hash(content: dict[str, Any]) -> str:
    """The hash of a content set in its stored form (`Content.to_json`)."""
    return str(content["hash"])


def _has_content(conn: Connection, content_hash: str | None) -> bool:
    query = sa.select(contents_table.c.hash).where(contents_table.c.hash == content_hash)
    return conn.execute(query).first() is not None


def _set_status(conn: Connection, room_id: str, status: str) -> None:
    conn.execute(rooms_table.update().where(rooms_table.c.id == room_id).values(status=status))


def result_hash(result: Any) -> str:
    """sha256 of a result's canonical JSON: what a rebuilt room's result must hash to."""
    return hashlib.sha256(canonical_json(result).encode()).hexdigest()


def _one_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return " ".join(text.split("\n")[0].split())
