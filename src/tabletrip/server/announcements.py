"""Hearing what other servers change: PostgreSQL `LISTEN` on the rooms channel, in a thread.

Servers that share a PostgreSQL database announce every change of a room on `ROOMS_CHANNEL`
(`Store._announce`, delivered when the change's transaction commits). Each server listens on
one connection of its own and hands every room id it hears to the event loop
(`RoomManager.announced`), which brings that room up to date if it holds it, so a WebSocket
on this server sees a move made through another within milliseconds. The listener never
decides anything: a room is always checked against the database before an answer, so a
missed announcement (a dropped connection) delays a push, never serves a stale view. After
a reconnection every room in memory is checked again (`resync`), for what was missed.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from sqlalchemy.engine import make_url

from tabletrip.server.room_changes import ROOMS_CHANNEL

log = logging.getLogger("tabletrip.server")

POLL_SECONDS = 0.5  # how often the listener looks up from waiting, to see if it must stop
RETRY_SECONDS = 1.0  # the pause before connecting again after the connection was lost


def conninfo(db_url: str) -> str:
    """A SQLAlchemy PostgreSQL URL (`postgresql+psycopg://...`) as psycopg's `postgresql://`."""
    url = make_url(db_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Announcements:
    """Listens on `ROOMS_CHANNEL` until stopped; calls `on_room(payload)` and, after a lost
    connection is back, `resync()`, both on the event loop `loop`."""

    def __init__(
        self,
        db_url: str,
        loop: asyncio.AbstractEventLoop,
        on_room: Callable[[str], None],
        resync: Callable[[], None],
    ) -> None:
        self._conninfo = conninfo(db_url)
        self._loop = loop
        self._on_room = on_room
        self._resync = resync
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._thread = threading.Thread(
            target=self._run, name="tabletrip-announcements", daemon=True
        )

    def start(self, timeout: float = 10.0) -> None:
        """Start listening; returns once the first LISTEN is in place (or `timeout` passed)."""
        self._thread.start()
        self._listening.wait(timeout)

    def stop(self) -> None:
        """Stop listening (the thread ends within `POLL_SECONDS`)."""
        self._stop.set()
        self._thread.join(timeout=5 * POLL_SECONDS)

    def _run(self) -> None:
        import psycopg  # only servers on PostgreSQL listen: the driver is theirs

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {ROOMS_CHANNEL}")
                    self._listening.set()
                    if not first:
                        self._loop.call_soon_threadsafe(self._resync)
                    first = False
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=POLL_SECONDS):
                            self._loop.call_soon_threadsafe(self._on_room, notice.payload)
            except psycopg.Error as exc:
                if self._stop.is_set():
                    return
                log.warning("listening for other servers' changes failed: %s", exc)
                self._stop.wait(RETRY_SECONDS)
            except RuntimeError:  # the event loop closed under us: the server is stopping
                return
