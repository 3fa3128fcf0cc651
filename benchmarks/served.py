"""A real `tabletrip serve` for the server benchmarks: a subprocess on a free port of
127.0.0.1 with a temporary SQLite file, and what can be read of its process (memory, CPU).

    with Server(["--rate-create-rooms", ""]) as server:
        httpx2.get(f"{server.url}/api/games")
        print(resident_mb(server.pid))

Not a benchmark itself (`run.py` runs only `bench_*.py`).
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import httpx2

START_SECONDS = 60.0  # to wait for the server to answer
# Every room of a benchmark is created and joined from this one address: no rate limit.
UNLIMITED = ("--rate-create-rooms", "", "--rate-join", "", "--rate-undo", "")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def process_cpu(pid: int | None = None) -> float:
    """CPU seconds (user + system) used so far by a process (this one if None); nan if unknown."""
    if pid is None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def session_pids(session: int) -> list[int]:
    """The processes of a session (from /proc; the session leader's pid names it)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:
            found.append(int(stat.parent.name))
    return found


def resident_mb(pid: int) -> float:
    """The resident memory of a process, in MB (VmRSS); nan if it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


class Server:
    """`python -m tabletrip serve` with `options` (a context): started and answering on
    entry, stopped with SIGTERM (SIGKILL after 30 s) and its folder removed on exit."""

    def __init__(
        self, options: Sequence[str] = UNLIMITED, prefix: str = "bench", db: str | None = None
    ) -> None:
        self.options = list(options)
        self.db = db  # None: a temporary SQLite file
        self.folder = Path(tempfile.mkdtemp(prefix=f"tabletrip-{prefix}-"))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        """The server's process id."""
        assert self.process is not None
        return self.process.pid

    def __enter__(self) -> Server:
        command = [sys.executable, "-m", "tabletrip", "serve", "--port", str(self.port)]
        db = self.db or f"sqlite:///{self.folder / 'bench.sqlite'}"
        command += ["--db", db, *self.options]
        env = {**os.environ, "TABLETRIP_DATA_DIR": str(self.folder)}
        with (self.folder / "server.log").open("wb") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
            )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline and self.alive():
            try:
                if httpx2.get(f"{self.url}/api/games", timeout=2).status_code == 200:
                    return self
            except httpx2.TransportError:
                time.sleep(0.05)
        log_text = self.log_tail()
        self.__exit__()
        raise RuntimeError(f"the server did not start:\n{log_text}")

    def alive(self) -> bool:
        """Whether the server process still runs."""
        return self.process is not None and self.process.poll() is None

    def cpu(self) -> float:
        """CPU seconds the server has used so far: its process and every process of its
        session (the workers of `--workers`, the bot workers), living ones only."""
        if self.process is None:
            return float("nan")
        return sum(process_cpu(pid) for pid in session_pids(self.process.pid))

    def log_tail(self) -> str:
        """The end of the server's output."""
        return (self.folder / "server.log").read_text(errors="replace")[-2000:]

    def __exit__(self, *_exc: object) -> None:
        try:
            if self.alive():
                assert self.process is not None
                os.kill(self.process.pid, signal.SIGTERM)
                try:
                    self.process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    os.killpg(self.process.pid, signal.SIGKILL)
                    self.process.wait()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
