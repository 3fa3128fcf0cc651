"""Bot workers end with the server: a real `tabletrip serve` whose bots are thinking is stopped
with SIGTERM or killed with SIGKILL, and none of its worker processes (the forkserver's
children, found through /proc) is left searching.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

START_SECONDS = 60.0  # generous: the machine is shared; a deadline only bounds a hung test
WAIT_SECONDS = 30.0
THINKING = "ismcts:seconds=3"  # the longest think a network bot may have
ROOMS = 3  # more searches than the 2 workers: some wait in the pool's queue

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _stat(pid: int) -> tuple[str, int] | None:
    """The state letter and parent pid of a process; None if there is no such process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1])


def descendants(root: int) -> dict[int, int]:
    """Every live process under `root`: pid -> depth (1 for children, 2 for grandchildren)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[0] != "Z":
                parents[int(entry.name)] = stat[1]
    found: dict[int, int] = {}
    frontier, depth = {root}, 0
    while frontier:
        depth += 1
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - set(found)
        found.update(dict.fromkeys(frontier, depth))
    return found


def alive(pids: set[int]) -> set[int]:
    """Those of `pids` still running (a zombie has ended: it only waits to be reaped)."""
    return {pid for pid in pids if (stat := _stat(pid)) is not None and stat[0] != "Z"}


@contextlib.contextmanager
def serving(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """`python -m tabletrip serve` on a free port, in its own session; killed with its whole
    session at the end whatever happened (so that a failing test leaves nothing running)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "tabletrip", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{tmp_path / 'server.sqlite'}"]
    env = {**os.environ, "TABLETRIP_DATA_DIR": str(tmp_path / "data")}
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            assert process.poll() is None, f"the server exited:\n{log.read_text()[-3000:]}"
            try:
                if httpx2.get(f"{url}/api/games", timeout=2).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            assert time.monotonic() < deadline, f"no answer:\n{log.read_text()[-3000:]}"
            time.sleep(0.05)
        yield process, url
    finally:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=WAIT_SECONDS)


def thinking_workers(process: subprocess.Popen[bytes], url: str) -> dict[int, int]:
    """Start rooms of bots that think 3 s a move; every process under the server once its
    bot workers (grandchildren: children of the forkserver) are running."""
    seats = [{"kind": "bot", "bot": THINKING}, {"kind": "bot", "bot": THINKING}]
    for _ in range(ROOMS):
        body = {"game": "ticket-to-ride", "players": 2, "options": {}, "seats": seats}
        created = httpx2.post(f"{url}/api/rooms", json=body, timeout=WAIT_SECONDS)
        assert created.status_code == 201, created.text
    deadline = time.monotonic() + START_SECONDS
    while True:
        found = descendants(process.pid)
        if sum(1 for depth in found.values() if depth >= 2) >= 2:
            return found
        assert time.monotonic() < deadline, f"no bot workers under the server: {found}"
        time.sleep(0.05)


def wait_until_gone(pids: set[int]) -> None:
    """Wait (with a deadline) until none of `pids` runs; fail naming those left."""
    deadline = time.monotonic() + WAIT_SECONDS
    while alive(pids):
        assert time.monotonic() < deadline, f"still running after the server: {alive(pids)}"
        time.sleep(0.05)


def test_bot_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    """kill -9 of the server while its bots search: every process it started ends (the
    workers' watchdogs see the server's end of their pipe close)."""
    with serving(tmp_path) as (process, url):
        found = thinking_workers(process, url)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=WAIT_SECONDS)
        wait_until_gone(set(found))


def test_bot_workers_end_when_the_server_stops(tmp_path: Path) -> None:
    """SIGTERM while the bots search: the server stops its workers before it exits (no
    worker is running once the server has exited), and everything it started ends."""
    with serving(tmp_path) as (process, url):
        found = thinking_workers(process, url)
        workers = {pid for pid, depth in found.items() if depth >= 2}
        os.kill(process.pid, signal.SIGTERM)
        process.wait(timeout=WAIT_SECONDS)
        assert not alive(workers), "bot workers still running after the server exited"
        wait_until_gone(set(found))


def _priority_after_start(niceness: int) -> tuple[int, int]:
    """In a fresh process: start a worker as the pool does, and report its priority."""
    code = (
        "import multiprocessing, os\n"
        "from tabletrip.server.botpool import start_worker\n"
        "reader, writer = multiprocessing.Pipe(duplex=False)\n"
        f"start_worker(reader, {niceness})\n"
        "print(os.getpriority(os.PRIO_PROCESS, 0), os.sched_getscheduler(0))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    nice, policy = done.stdout.split()
    return int(nice), int(policy)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux scheduling classes only")
def test_hint_workers_run_only_when_bot_workers_leave_the_cpu_free() -> None:
    """Hints run at a lower priority than bot moves (issue 24: bot moves never wait behind
    hints): a hint worker is niced and in the idle scheduling class; a bot worker is not."""
    base = os.getpriority(os.PRIO_PROCESS, 0)
    assert _priority_after_start(10) == (min(base + 10, 19), os.SCHED_IDLE)
    assert _priority_after_start(0) == (base, os.SCHED_OTHER)
