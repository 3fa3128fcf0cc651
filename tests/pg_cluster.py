"""A throwaway PostgreSQL cluster for the tests and benchmarks that need a real server.

The cluster lives in a temporary folder on a free port, trusting local connections; when the
process runs as root it runs as an unprivileged user (PostgreSQL refuses root). Its programs
come from PATH or Debian's /usr/lib/postgresql/<version>/bin (`make test` installs them).

    cluster = ThrowawayCluster()
    url = cluster.start()      # postgresql+psycopg://tabletrip@127.0.0.1:<port>/postgres
    ...
    cluster.stop()
"""

from __future__ import annotations

import os
import pwd
import shlex
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


USER = "tabletrip"
# Users a root test run may start the cluster as, in order of preference.
UNPRIVILEGED_USERS = ("postgres", "nobody")


class Unavailable(Exception):
    """No PostgreSQL server can be had here; the message says why."""


def find_program(name: str) -> str:
    """A PostgreSQL program on PATH or in a Debian-style /usr/lib/postgresql/<v>/bin."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(
        Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), key=lambda p: p.parent.parent.name
    )
    if not versions:
        raise Unavailable(f"no {name} on PATH nor in /usr/lib/postgresql/*/bin")
    return str(versions[-1])


class ThrowawayCluster:
    """A PostgreSQL cluster in a temporary folder on a free port, trusting local connections."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="tabletrip-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.prefix: list[str] = []
        self.started = False

    @property
    def url(self) -> str:
        """The SQLAlchemy URL of the cluster's default database."""
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/postgres"

    def start(self) -> str:
        """Create and start the cluster; its URL (Unavailable saying why if that fails)."""
        initdb, pg_ctl = find_program("initdb"), find_program("pg_ctl")
        if os.geteuid() == 0:
            self._run_as_unprivileged_user()
        self._run([initdb, "-D", str(self.data), "-U", USER, "--auth=trust", "--no-sync"])
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.folder / "postgres.log")
        self._run(
            [pg_ctl, "-D", str(self.data), "-l", log, "-w", "-t", "60", "-o", options, "start"]
        )
        self.started = True
        return self.url

    def stop(self) -> None:
        """Stop the cluster at once and delete its folder."""
        try:
            if self.started:
                self._run([find_program("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"])
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def _run_as_unprivileged_user(self) -> None:
        for name in UNPRIVILEGED_USERS:
            try:
                user = pwd.getpwnam(name)
            except KeyError:
                continue
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            if shutil.which("runuser"):
                self.prefix = ["runuser", "-u", name, "--"]
            else:
                self.prefix = ["su", name, "-s", "/bin/sh", "-c"]
            return
        raise Unavailable(f"running as root and none of the users {UNPRIVILEGED_USERS} exists")

    def _run(self, command: list[str]) -> None:
        program = Path(command[0]).name
        if self.prefix[:1] == ["su"]:
            command = [*self.prefix, shlex.join(command)]
        else:
            command = [*self.prefix, *command]
        done = subprocess.run(
            command, cwd=self.folder, capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            raise Unavailable(f"{program} failed: {last[0]}")
