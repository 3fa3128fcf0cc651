"""One failing bot stalls no other room: a bot that raises restarts nothing and its room plays
on; a worker killed with SIGKILL breaks the pool, which is restarted, and every room whose
move was lost is asked again. In both, every room finishes its game.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from server_helpers import TIMEOUT, create_room, get_view, running
from tabletrip.core.actions import JsonDict
from tabletrip.core.game import State
from tabletrip.server import botpool, room_bots

GAME = "lets-go-france"  # about 90 moves with random bots
ROOMS = 6


@pytest.fixture
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Retry a failed bot move at once, so that many failures fit in a short test."""
    monkeypatch.setattr(room_bots, "BOT_RETRY_SECONDS", 0.01)


def wait_all_finished(client: TestClient, rooms: list[str]) -> None:
    """Poll until every room is finished; fail naming those that are not."""
    deadline = time.monotonic() + 3 * TIMEOUT
    while True:
        views = {room: get_view(client, room) for room in rooms}
        left = {room: (v["status"], v["version"]) for room, v in views.items()}
        left = {room: at for room, at in left.items() if at[0] != "finished"}
        if not left:
            return
        assert time.monotonic() < deadline, f"rooms that stopped: {left}"
        time.sleep(0.05)


def test_a_bot_that_raises_stalls_no_other_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick_retries: None
) -> None:
    """One room's bot raises at every move (its pool is not restarted for it: the other
    rooms' waiting moves are not cancelled); every other room finishes its game, and the
    failing room too (after a few tries its room plays the first legal move for it)."""
    real: Callable[[State, str, int], JsonDict] = botpool.choose_on_copy
    failures: list[str] = []

    def raising(state: State, spec: str, seed: int) -> JsonDict:
        if spec == "heuristic":
            failures.append(spec)
            raise RuntimeError("this bot is broken")
        return real(state, spec, seed)

    monkeypatch.setattr(botpool, "choose_on_copy", raising)
    with running(tmp_path) as client:
        broken = create_room(client, GAME, ["heuristic", "random"], seed=1)["id"]
        rooms = [
            create_room(client, GAME, ["random", "random"], seed=s)["id"]
            for s in range(2, 2 + ROOMS)
        ]
        wait_all_finished(client, [*rooms, broken])
    assert len(failures) >= room_bots.BOT_ATTEMPTS


def _workers_under(pid: int) -> set[int]:
    """The grandchildren of `pid` (the forkserver's children: bot workers), via /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    children = {child for child, parent in parents.items() if parent == pid}
    return {child for child, parent in parents.items() if parent in children}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_killed_worker_stalls_no_room(tmp_path: Path, quick_retries: None) -> None:
    """A bot worker process killed with SIGKILL mid-game breaks the pool: it is restarted
    once, every room whose move was lost with it is asked again, and every room finishes."""
    before = _workers_under(os.getpid())
    with running(tmp_path, bot_workers=2) as client:
        rooms = [
            create_room(client, GAME, ["random", "random"], seed=s)["id"] for s in range(ROOMS)
        ]
        deadline = time.monotonic() + TIMEOUT
        while not (workers := _workers_under(os.getpid()) - before):
            assert time.monotonic() < deadline, "no bot worker process started"
            time.sleep(0.01)
        os.kill(min(workers), signal.SIGKILL)
        wait_all_finished(client, rooms)


def test_a_room_whose_bot_cannot_move_says_so_in_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick_retries: None, caplog: Any
) -> None:
    """The operator sees why a bot fell back to the first legal move."""

    def raising(state: State, spec: str, seed: int) -> JsonDict:
        raise RuntimeError("this bot is broken")

    monkeypatch.setattr(botpool, "choose_on_copy", raising)
    with running(tmp_path) as client:
        room = create_room(client, GAME, ["random", "random"], seed=3)["id"]
        deadline = time.monotonic() + TIMEOUT
        while get_view(client, room)["version"] < 2:
            assert time.monotonic() < deadline, "the room never moved"
            time.sleep(0.01)
    assert any("keeps failing" in record.getMessage() for record in caplog.records)
