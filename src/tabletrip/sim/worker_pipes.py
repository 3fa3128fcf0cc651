"""Worker processes that each talk to the parent over a pipe of their own, so a stop is safe.

`concurrent.futures.ProcessPoolExecutor` shares one result queue among its workers. A worker
ended while it holds that queue's lock, or half-way through writing a result, leaves the
pool's manager thread waiting forever, and the interpreter's exit joins that thread: `sim
--workers 2` stopped by Ctrl-C hung about once in 30-60 runs on a loaded machine. Here every
worker has a private duplex pipe and serves one task at a time; the parent reads only from
pipes that `multiprocessing.connection.wait` reports ready and writes only to a worker that
is waiting for a task, so neither side can block the other. Stopping is terminate then join,
with no lock, queue or thread shared with a worker.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Generic, TypeVar

Task = TypeVar("Task")
Reply = TypeVar("Reply")

JOIN_SECONDS = 10.0  # for a worker to end after it was told to (or terminated)


class WorkerDied(RuntimeError):
    """A worker process ended while it owed a reply (killed, or out of memory)."""


def _serve(
    connection: Connection, initializer: Callable[[], None], work: Callable[[Any], Any]
) -> None:
    """A worker's loop: a task in, `(True, reply)` or `(False, exception)` out, until None."""
    initializer()
    while True:
        try:
            task = connection.recv()
        except EOFError:  # the parent is gone
            return
        if task is None:
            return
        try:
            answer: tuple[bool, Any] = (True, work(task))
        except Exception as exc:
            answer = (False, exc)
        try:
            connection.send(answer)
        except Exception as exc:  # a reply or an exception that does not pickle
            connection.send((False, RuntimeError(f"{type(exc).__name__}: {exc}")))


class WorkerPipes(Generic[Task, Reply]):
    """`size` processes running `work(task)`, one task at a time each.

    Use as a context manager: leaving normally tells the workers to end and waits for them;
    leaving on an exception (Ctrl-C) terminates them at once."""

    def __init__(
        self, size: int, work: Callable[[Task], Reply], initializer: Callable[[], None]
    ) -> None:
        self._context = multiprocessing.get_context()
        self._work = work
        self._initializer = initializer
        self._size = size
        self._processes: list[BaseProcess] = []
        self._pipes: list[Connection] = []
        self._busy: set[int] = set()

    def __enter__(self) -> WorkerPipes[Task, Reply]:
        for _ in range(self._size):
            self._start()
        return self

    def __exit__(self, kind: type[BaseException] | None, *_rest: object) -> None:
        if kind is None:
            self.close()
        else:
            self.terminate()

    def _start(self) -> None:
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=_serve, args=(theirs, self._initializer, self._work), daemon=True
        )
        # Ctrl-C and SIGTERM are blocked while forking: a worker born as a signal arrives would
        # die with a traceback before its initializer runs (the initializer unblocks them).
        # The parent gets a signal that came meanwhile right after.
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            process.start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        theirs.close()  # only the worker holds its end: its death reads as end of file here
        self._processes.append(process)
        self._pipes.append(ours)

    def idle(self) -> list[int]:
        """The workers waiting for a task."""
        return [worker for worker in range(self._size) if worker not in self._busy]

    @property
    def busy(self) -> int:
        """How many workers owe a reply."""
        return len(self._busy)

    def give(self, worker: int, task: Task) -> None:
        """Hand an idle worker a task."""
        if worker in self._busy:
            raise ValueError(f"worker {worker} is still busy")
        self._pipes[worker].send(task)
        self._busy.add(worker)

    def replies(self) -> list[tuple[int, Reply]]:
        """Wait until at least one busy worker has replied; every `(worker, reply)` ready.

        A worker's exception is raised here; WorkerDied if a busy worker ended first."""
        if not self._busy:
            raise ValueError("no worker owes a reply")
        pipes = {self._pipes[worker]: worker for worker in self._busy}
        ended = {self._processes[worker].sentinel: worker for worker in self._busy}
        ready = wait([*pipes, *ended])
        replies: list[tuple[int, Reply]] = []
        for ready_one in ready:
            if ready_one not in pipes:
                continue
            worker = pipes[ready_one]
            try:
                ok, value = self._pipes[worker].recv()
            except (EOFError, OSError):  # it died before or while writing its reply
                raise self._died(worker) from None
            self._busy.discard(worker)
            if not ok:
                raise value
            replies.append((worker, value))
        if not replies:  # only sentinels: a worker ended without replying
            worker = next(ended[one] for one in ready if one in ended)
            raise self._died(worker)
        return replies

    def _died(self, worker: int) -> WorkerDied:
        process = self._processes[worker]
        process.join(JOIN_SECONDS)
        return WorkerDied(
            f"a worker process ended while playing games (exit code {process.exitcode})"
        )

    def close(self) -> None:
        """Tell every worker to end and wait for them (terminating any that does not)."""
        for worker, pipe in enumerate(self._pipes):
            if worker not in self._busy:
                with contextlib.suppress(OSError):  # it has ended already
                    pipe.send(None)
        self.terminate(only_busy=True)

    def terminate(self, only_busy: bool = False) -> None:
        """End the workers now (`only_busy`: those still owing a reply) and reap them all."""
        for worker, process in enumerate(self._processes):
            if (not only_busy or worker in self._busy) and process.is_alive():
                process.terminate()
        for process in self._processes:
            process.join(JOIN_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()
        for pipe in self._pipes:
            pipe.close()
        self._busy.clear()
