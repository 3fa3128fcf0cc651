"""The server's memory with many idle connections: 2,000 WebSockets that said hello to a few
rooms, and separately 2,000 TCP connections that never send a byte.

`tabletrip serve` runs in a subprocess on a free port and a temporary SQLite file; a few rooms
are created (two human seats each), then the sockets are opened from this process (asyncio).
Every WebSocket says hello as a spectator of one of the rooms and waits for its first view.
The measure is the server's resident memory (VmRSS in /proc/<pid>/status) once every socket is
open, and what each socket added to the RSS measured before they were opened.

    python benchmarks/bench_server_sockets.py --sockets 2000
    python benchmarks/run.py idle           # the same measures in the `make bench` table
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import socket
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache

import httpx2
from websockets.asyncio.client import ClientConnection, connect

from served import Server, resident_mb

DEFAULT_SOCKETS = 2000
DEFAULT_ROOMS = 4
GAME = "ticket-to-ride"
OPEN_SECONDS = 120.0  # to wait for every socket to be open (and its first view)
SETTLE_SECONDS = 0.5  # between the last socket opened and reading the RSS
# The sockets all come from 127.0.0.1: let them all in (the default cap is per address), and
# keep the silent TCP connections open while they are counted (the header deadline would close
# them after 10 s: what is measured is what they cost while they are open).
SERVE_OPTIONS = ("--max-connections-per-address", "100000", "--header-timeout", "600")


def raise_open_file_limit() -> int:
    """Raise this process's open-file limit to its hard limit (children inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def open_files(pid: int) -> int:
    """How many files (sockets included) a process has open."""
    return len(os.listdir(f"/proc/{pid}/fd"))


class Outcome:
    """What one run measured (a plain class: run.py loads this module outside sys.modules)."""

    def __init__(self, kind: str, sockets: int, before_mb: float, after_mb: float) -> None:
        self.kind = kind
        self.sockets = sockets
        self.before_mb = before_mb  # the server's RSS before the sockets were opened
        self.after_mb = after_mb  # and with all of them open

    @property
    def kb_per_socket(self) -> float:
        """What each socket added to the server's RSS, in KB."""
        return (self.after_mb - self.before_mb) * 1024 / self.sockets

    def summary(self) -> str:
        """The measures, one line."""
        return (
            f"{self.sockets:,} idle {self.kind}: server RSS {self.before_mb:.1f} MB before, "
            f"{self.after_mb:.1f} MB with them open ({self.kb_per_socket:.1f} KB a socket)"
        )


def _make_rooms(url: str, rooms: int) -> list[str]:
    with httpx2.Client(base_url=url, timeout=60) as http:
        made = []
        for _ in range(rooms):
            body = {"game": GAME, "players": 2, "options": {}, "seats": [{"kind": "human"}] * 2}
            response = http.post("/api/rooms", json=body)
            response.raise_for_status()
            made.append(response.json()["id"])
    return made


async def _spectator(ws_url: str, room: str, limit: asyncio.Semaphore) -> ClientConnection:
    async with limit:
        sock = await connect(f"{ws_url}/api/rooms/{room}/ws", max_size=2**22, open_timeout=60)
        await sock.send(json.dumps({"type": "hello"}))
        message = json.loads(await asyncio.wait_for(sock.recv(), timeout=OPEN_SECONDS))
        if message.get("type") != "view":
            raise RuntimeError(f"hello refused: {message}")
        return sock


async def _websockets(server: Server, rooms: list[str], count: int) -> float:
    ws_url = "ws" + server.url.removeprefix("http")
    limit = asyncio.Semaphore(64)  # opening handshakes in flight at once
    sockets: list[ClientConnection] = []
    try:
        opening = [_spectator(ws_url, rooms[i % len(rooms)], limit) for i in range(count)]
        sockets = list(await asyncio.wait_for(asyncio.gather(*opening), OPEN_SECONDS))
        await asyncio.sleep(SETTLE_SECONDS)
        return resident_mb(server.pid)
    finally:
        await asyncio.gather(*(s.close() for s in sockets), return_exceptions=True)


def _tcp(server: Server, count: int) -> float:
    before = open_files(server.pid)
    connections = []
    try:
        for _ in range(count):
            connections.append(socket.create_connection(("127.0.0.1", server.port), timeout=10))
        deadline = time.monotonic() + OPEN_SECONDS
        while open_files(server.pid) < before + count and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(SETTLE_SECONDS)
        return resident_mb(server.pid)
    finally:
        for connection in connections:
            connection.close()


def measure_sockets(
    kind: str, count: int = DEFAULT_SOCKETS, options: Sequence[str] = SERVE_OPTIONS
) -> Outcome:
    """Start a server, open `count` idle sockets ("websockets" or "tcp"), read its RSS."""
    raise_open_file_limit()
    with Server(options) as server:
        rooms = _make_rooms(server.url, DEFAULT_ROOMS)
        if kind == "websockets":
            # One socket per room first: each room's view is built once, before the baseline.
            asyncio.run(_websockets(server, rooms, len(rooms)))
        time.sleep(SETTLE_SECONDS)
        before = resident_mb(server.pid)
        if kind == "websockets":
            after = asyncio.run(_websockets(server, rooms, count))
        else:
            after = _tcp(server, count)
        return Outcome(kind, count, before, after)


@cache
def _outcome(kind: str) -> Outcome:
    return measure_sockets(kind)


def benchmarks() -> list[tuple[str, Callable[[], tuple[float, str]]]]:
    """The server's RSS with 2,000 idle hello'd WebSockets, then with 2,000 idle TCP
    connections, and what one socket of each costs."""
    measures: list[tuple[str, Callable[[], tuple[float, str]]]] = []
    for kind in ("websockets", "tcp"):
        name = f"server {DEFAULT_SOCKETS:,} idle {kind}"
        measures += [
            (f"{name}: RSS", lambda k=kind: (_outcome(k).after_mb, "MB")),
            (f"{name}: per socket", lambda k=kind: (_outcome(k).kb_per_socket, "KB")),
        ]
    return measures


def main(argv: list[str] | None = None) -> int:
    """Measure once for each kind of socket and print the results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, default=DEFAULT_SOCKETS)
    parser.add_argument("--kind", choices=("websockets", "tcp", "both"), default="both")
    parser.add_argument(
        "--serve-option",
        action="append",
        help="an option for `tabletrip serve` instead of the defaults (repeatable; "
        "'' for none, to measure a server that lacks the connection cap option)",
    )
    args = parser.parse_args(argv)
    options = SERVE_OPTIONS if args.serve_option is None else [o for o in args.serve_option if o]
    kinds = ("websockets", "tcp") if args.kind == "both" else (args.kind,)
    for kind in kinds:
        print(measure_sockets(kind, max(1, args.sockets), options).summary(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
