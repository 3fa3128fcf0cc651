"""Group commit: rows that wait together share a transaction, each caller resumes only once
its row is committed, a bad row fails only its caller, and a failed write changes nothing."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from server_helpers import act, create_room, first_action, get_view, join, running
from tabletrip.server.group_commit import GroupCommit, StaleVersion
from tabletrip.server.store_rows import LogEntry


class RecordingStore:
    """A write that records each transaction's rows; the first waits until released."""

    def __init__(self, bad_room: str | None = None, stale_room: str | None = None) -> None:
        self.transactions: list[list[int]] = []
        self.release = threading.Event()
        self.bad_room = bad_room
        self.stale_room = stale_room  # its rows are refused: another server wrote them first

    def append(self, entries: Sequence[LogEntry]) -> list[bool]:
        if not self.transactions:
            self.release.wait(timeout=10)
        if any(entry.room_id == self.bad_room for entry in entries):
            raise ValueError("that row cannot be written")
        written = [entry.room_id != self.stale_room for entry in entries]
        self.transactions.append([e.n for e, ok in zip(entries, written, strict=True) if ok])
        return written


def entry(n: int, room: str = "room") -> LogEntry:
    return LogEntry(room, n, 0, "play", {"kind": "pass"})


def run_alone(coroutine: Any) -> Any:
    """`asyncio.run` in a thread of its own: the browser tests' Playwright driver may keep an
    event loop running in this worker's main thread, where `asyncio.run` is refused."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def test_rows_that_wait_together_share_one_transaction() -> None:
    store = RecordingStore()
    resumed: list[int] = []

    async def main() -> None:
        with ThreadPoolExecutor(max_workers=1) as executor:
            commit = GroupCommit(store.append, executor)

            async def append(n: int) -> None:
                await commit.append(entry(n))
                resumed.append(n)
                assert any(n in rows for rows in store.transactions)  # committed first

            first = asyncio.create_task(append(0))
            await asyncio.sleep(0.05)  # row 0 is being written; rows 1-5 wait meanwhile
            others = [asyncio.create_task(append(n)) for n in range(1, 6)]
            await asyncio.sleep(0.05)
            assert resumed == []
            store.release.set()
            await asyncio.gather(first, *others)

    run_alone(main())
    assert store.transactions == [[0], [1, 2, 3, 4, 5]]
    assert sorted(resumed) == [0, 1, 2, 3, 4, 5]


def test_a_bad_row_fails_only_its_own_caller() -> None:
    store = RecordingStore(bad_room="bad")
    store.release.set()

    async def main() -> list[Any]:
        with ThreadPoolExecutor(max_workers=1) as executor:
            commit = GroupCommit(store.append, executor)
            rows = [entry(0), entry(1), entry(2, room="bad"), entry(3)]
            return await asyncio.gather(
                *(commit.append(row) for row in rows), return_exceptions=True
            )

    answers = run_alone(main())
    assert answers[:2] == [None, None] and answers[3] is None
    assert isinstance(answers[2], ValueError)
    # Row 0 went alone; 1-3 waited together, failed together, and were written one by one.
    assert store.transactions == [[0], [1], [3]]


def test_a_row_another_server_wrote_first_fails_only_its_caller_as_stale() -> None:
    store = RecordingStore(stale_room="raced")
    store.release.set()

    async def main() -> list[Any]:
        with ThreadPoolExecutor(max_workers=1) as executor:
            commit = GroupCommit(store.append, executor)
            rows = [entry(0), entry(1), entry(2, room="raced"), entry(3)]
            return await asyncio.gather(
                *(commit.append(row) for row in rows), return_exceptions=True
            )

    answers = run_alone(main())
    assert answers[:2] == [None, None] and answers[3] is None
    assert isinstance(answers[2], StaleVersion)
    # The batch was written once, without the refused row: no retry row by row.
    assert store.transactions == [[0, 1, 3]]


def test_a_failed_database_write_is_503_and_changes_nothing(tmp_path: Any) -> None:
    with running(tmp_path) as client:
        room_id = create_room(client, "route-east", ["human", "human"], seed=3)["id"]
        tokens = {seat: join(client, room_id, seat) for seat in (0, 1)}
        view = get_view(client, room_id, tokens[0])
        seat = view["current_player"]
        view = get_view(client, room_id, tokens[seat])
        with sqlite3.connect(tmp_path / "server.sqlite") as db:
            db.execute("ALTER TABLE actions RENAME TO actions_away")
        response = act(client, room_id, tokens[seat], view["version"], first_action(view))
        assert response.status_code == 503
        assert response.json()["detail"] == (
            "the database cannot be written now: nothing was changed"
        )
        assert get_view(client, room_id, tokens[seat]) == view
        with sqlite3.connect(tmp_path / "server.sqlite") as db:
            db.execute("ALTER TABLE actions_away RENAME TO actions")
        response = act(client, room_id, tokens[seat], view["version"], first_action(view))
        assert response.status_code == 200, response.text
        assert get_view(client, room_id, tokens[seat])["version"] == view["version"] + 1
