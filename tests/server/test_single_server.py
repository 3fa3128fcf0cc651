"""One server per SQLite file (issue 24): a second server on the same file refuses to start
with one line, until the first stops or dies (even by kill -9); PostgreSQL is not locked."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest
from fastapi.testclient import TestClient

from tabletrip.server import Settings, create_app
from tabletrip.server.single_server import ServerBusy, lock_path

WAIT = 60.0  # generous: the machine is shared, and a deadline only bounds a broken test


def _settings(path: Path) -> Settings:
    return Settings(db_url=f"sqlite:///{path / 'server.sqlite'}", bot_workers=0)


def test_a_second_app_on_the_same_file_is_refused_while_the_first_runs(tmp_path: Path) -> None:
    with TestClient(create_app(_settings(tmp_path))) as client:
        assert client.get("/api/games").status_code == 200
        with pytest.raises(ServerBusy) as refused:
            create_app(_settings(tmp_path))
    message = str(refused.value)
    assert "\n" not in message
    assert f"the database {tmp_path / 'server.sqlite'} is served by another" in message
    assert f"(pid {os.getpid()})" in message


def test_the_file_is_free_again_once_the_first_app_stops(tmp_path: Path) -> None:
    with TestClient(create_app(_settings(tmp_path))):
        pass
    with TestClient(create_app(_settings(tmp_path))) as client:
        assert client.get("/api/games").status_code == 200


def test_another_file_is_not_refused(tmp_path: Path) -> None:
    with (
        TestClient(create_app(_settings(tmp_path / "a"))),
        TestClient(create_app(_settings(tmp_path / "b"))) as client,
    ):
        assert client.get("/api/games").status_code == 200


@pytest.mark.parametrize(
    "url",
    ["postgresql+psycopg://tabletrip@localhost/tabletrip", "sqlite://", "sqlite:///:memory:"],
)
def test_postgresql_and_memory_databases_are_not_locked(url: str) -> None:
    assert lock_path(url) is None


def test_the_lock_file_is_next_to_the_database(tmp_path: Path) -> None:
    assert lock_path(f"sqlite:///{tmp_path / 'x.sqlite'}") == tmp_path / "x.sqlite.lock"


# --- real servers -------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _serve(db: Path, workdir: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "tabletrip", "serve", "--port", str(_free_port())]
    command += ["--db", f"sqlite:///{db}"]
    env = {**os.environ, "TABLETRIP_DATA_DIR": str(workdir / "data")}
    return subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )


def _port(process: subprocess.Popen[bytes]) -> int:
    return int(process.args[process.args.index("--port") + 1])  # type: ignore[union-attr]


def _wait_until_serving(process: subprocess.Popen[bytes]) -> None:
    url = f"http://127.0.0.1:{_port(process)}/api/games"
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()[1].decode(errors="replace")
        try:
            if httpx2.get(url, timeout=5).status_code == 200:
                return
        except httpx2.TransportError:
            time.sleep(0.05)
    raise AssertionError(f"the server did not answer within {WAIT} s")


@contextmanager
def _stopped_at_exit(*processes: subprocess.Popen[bytes]) -> Iterator[None]:
    try:
        yield
    finally:
        for process in processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
            process.communicate(timeout=WAIT)


def test_a_second_real_server_on_the_same_file_exits_with_one_line(tmp_path: Path) -> None:
    """`tabletrip serve` twice on one file: the second exits 2 with one line naming the
    first's pid; once the first is killed with SIGKILL, a new one starts."""
    db = tmp_path / "server.sqlite"
    first = _serve(db, tmp_path)
    with _stopped_at_exit(first):
        _wait_until_serving(first)
        second = _serve(db, tmp_path)
        with _stopped_at_exit(second):
            _out, err = second.communicate(timeout=WAIT)
            assert second.returncode == 2
            lines = [line for line in err.decode().splitlines() if line.strip()]
            assert lines == [
                f"error: the database {db} is served by another tabletrip server "
                f"(pid {first.pid}): stop it first, or give this one another --db"
            ]
        os.killpg(first.pid, signal.SIGKILL)
        first.wait(timeout=WAIT)
        third = _serve(db, tmp_path)
        with _stopped_at_exit(third):
            _wait_until_serving(third)
