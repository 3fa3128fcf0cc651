"""`tabletrip serve --workers N`: N server processes on one listening socket.

The parent binds the address once and forks N workers before any of them opens the database;
each makes its own app (`create_app`) and serves on the shared socket, so the kernel hands
every new connection to one of them. They share nothing but the database (PostgreSQL, which
serializes the moves, announces the changes and hands out the bot moves: see `store.py`,
`announcements.py` and `RoomManager.claim_bot_turn`), so any worker serves any room, and
workers on other machines behind a load balancer are the same. A worker that dies is started
again; SIGTERM or SIGINT stops them all.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import socket
import time
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess
from types import FrameType

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from tabletrip.core.errors import TabletripError
from tabletrip.server.settings import Settings

log = logging.getLogger("tabletrip.server")

RESTART_PAUSE_SECONDS = 1.0  # between a worker's death and its replacement
STOP_SECONDS = 30.0  # a worker that has not stopped by then is killed


class WorkersRefused(TabletripError):
    """More than one worker on a database that cannot be shared."""


def check_shareable(db_url: str, workers: int) -> None:
    """WorkersRefused (one line) if `workers` > 1 on a database that only one server may use."""
    if workers <= 1:
        return
    try:
        backend = make_url(db_url).get_backend_name()
    except ArgumentError:
        return  # the store says what is wrong with the URL
    if backend != "postgresql":
        raise WorkersRefused(
            f"--workers {workers} needs a database the workers can share: {backend} holds "
            "one server's rooms (each would serve its own stale copy); give --db "
            "postgresql+psycopg://... or run one worker"
        )


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host:port and listening, for every worker to accept on."""
    family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(address)
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _worker(settings: Settings, sock: socket.socket) -> None:
    """One worker: its own app on the shared socket, until SIGTERM."""
    import uvicorn

    from tabletrip.server import create_app
    from tabletrip.server.transport import uvicorn_options

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the workers
    app = create_app(settings)
    config = uvicorn.Config(app, log_level="info", **uvicorn_options(settings))
    uvicorn.Server(config).run(sockets=[sock])


def run_workers(settings: Settings, workers: int) -> None:
    """Serve with `workers` processes until SIGTERM or SIGINT (then stop them all)."""
    sock = listening_socket(settings.host, settings.port)
    context = multiprocessing.get_context("fork")  # no thread and no database opened yet
    stopping = False

    def start() -> BaseProcess:
        process = context.Process(target=_worker, args=(settings, sock), daemon=False)
        process.start()
        return process

    def stop(_signal: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    running = [start() for _ in range(workers)]
    try:
        while not stopping:
            ended = wait([p.sentinel for p in running], timeout=0.2)
            for process in [p for p in running if p.sentinel in ended]:
                running.remove(process)
                if stopping:
                    break
                log.error(
                    "worker %s ended (exit %s): starting another", process.pid, process.exitcode
                )
                time.sleep(RESTART_PAUSE_SECONDS)
                running.append(start())
    finally:
        for process in running:
            if process.is_alive():
                process.terminate()  # SIGTERM: uvicorn stops cleanly
        deadline = time.monotonic() + STOP_SECONDS
        for process in running:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
        sock.close()
