"""Group commit: log rows that wait together are written in one transaction.

Every accepted move is committed before anyone hears of it. With many rooms playing, moves
arrive while the database thread is still busy with an earlier commit; rather than queue one
transaction each, the rows that gathered meanwhile go in the next transaction together, and
each caller resumes once the transaction holding its row has committed. A failed batch is
written again row by row, so one bad row fails only its own caller. A row the store refuses
because its room's version moved on (another server wrote it first) fails its caller with
`StaleVersion`; the rest of the batch is written.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import Executor

from tabletrip.server.store_rows import LogEntry

Write = Callable[[Sequence[LogEntry]], list[bool]]  # per entry: written, or refused as stale


class StaleVersion(Exception):
    """The room's stored version moved on before this row: another server wrote it."""


class GroupCommit:
    """Appends log rows through `write` (one transaction a call) on `executor`'s thread."""

    def __init__(self, write: Write, executor: Executor) -> None:
        self._write = write
        self._executor = executor
        self._waiting: list[tuple[LogEntry, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def append(self, entry: LogEntry) -> None:
        """Return once `entry` is committed; raise what its write raised otherwise."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((entry, done))
        if self._writer is None:
            self._writer = loop.create_task(self._drain())
        await done

    async def _drain(self) -> None:
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                await self._commit(batch)
        finally:
            self._writer = None

    async def _commit(self, batch: list[tuple[LogEntry, asyncio.Future[None]]]) -> None:
        loop = asyncio.get_running_loop()
        try:
            written = await loop.run_in_executor(
                self._executor, self._write, [entry for entry, _ in batch]
            )
        except Exception as exc:  # the caller decides what a failed write means
            if len(batch) == 1:
                _settle(batch[0][1], exc)
                return
            for one in batch:  # the transaction was rolled back: find the rows that fail
                await self._commit([one])
            return
        for (entry, done), ok in zip(batch, written, strict=True):
            _settle(done, None if ok else StaleVersion(f"room {entry.room_id} moved on"))


def _settle(done: asyncio.Future[None], error: Exception | None) -> None:
    """Answer one caller (unless it stopped waiting)."""
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)
