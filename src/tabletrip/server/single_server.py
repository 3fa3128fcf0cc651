"""One server per SQLite file: an exclusive lock on `<database>.lock` for the server's life.

Two servers on one SQLite file would each keep the rooms in memory and serve stale ones, so the
second refuses to start (`ServerBusy`, one line naming the first one's pid). The lock is
`fcntl.flock` (stdlib: no dependency, and the kernel drops it when the process dies, even by
kill -9, so a crash never leaves a stale lock); the holder writes its pid in the file for the
message. PostgreSQL and in-memory databases are not locked (many servers share PostgreSQL:
`serve --workers`, workers.py), nor is anything on a system without `fcntl`.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import IO

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from tabletrip.core.errors import TabletripError

try:
    import fcntl
except ImportError:  # not POSIX: no lock
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("tabletrip.server")


class ServerBusy(TabletripError):
    """Another tabletrip server serves this database."""


def lock_path(db_url: str) -> Path | None:
    """The lock file of a SQLite database file (next to it); None for any other database."""
    try:
        url = make_url(db_url)
    except ArgumentError:
        return None  # the store reports the bad URL
    database = url.database
    if url.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    if database.startswith("file:"):
        return None  # a SQLite URI: it may name no file at all
    return Path(database).expanduser().with_name(Path(database).name + ".lock")


class ServerLock:
    """The exclusive lock of one database: `create_app` acquires it (so that a second server
    fails before it listens) and the app's lifespan releases it when the server stops."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    @property
    def held(self) -> bool:
        """Whether this process holds the lock now."""
        return self._file is not None

    def acquire(self) -> None:
        """Take the lock (no-op if held); ServerBusy if another server holds it."""
        if self._file is not None or fcntl is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = self.path.open("a+", encoding="utf-8")
        except OSError as exc:
            # The store will say what is wrong with the folder; a server that can open the
            # database anyway runs unlocked, and says so.
            log.warning("cannot lock %s: %s", self.path, exc.strerror or exc)
            return
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip()
            handle.close()
            database = self.path.with_name(self.path.name.removesuffix(".lock"))
            who = f" (pid {holder})" if holder.isdigit() else ""
            raise ServerBusy(
                f"the database {database} is served by another tabletrip server{who}: "
                "stop it first, or give this one another --db"
            ) from None
        except OSError as exc:  # a file system without locks (ENOLCK): run unlocked, say so
            handle.close()
            log.warning("cannot lock %s: %s", self.path, exc.strerror or exc)
            return
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._file = handle

    def release(self) -> None:
        """Let the lock go (the file stays: removing it could race with another server)."""
        handle, self._file = self._file, None
        if handle is not None:
            handle.close()  # closing the file releases the flock

    def __del__(self) -> None:
        self.release()


def lock_database(db_url: str) -> ServerLock | None:
    """The lock of `db_url`, taken (ServerBusy if another server has it); None if not locked."""
    path = lock_path(db_url)
    if path is None:
        return None
    lock = ServerLock(path)
    lock.acquire()
    return lock


__all__ = ["ServerBusy", "ServerLock", "lock_database", "lock_path"]
