"""Where games are played: the `Backend` protocol and the local process-pool backend.

A backend takes an iterable of jobs and yields outcomes as games finish (in any order). It
keeps only a few chunks of jobs in flight, so a run of a million games needs no more memory
than a run of a hundred, and stopping early (Ctrl-C, or closing the generator) loses only the
games in flight. Chunks grow until each takes about CHUNK_SECONDS, so quick games do not pay
a round trip each and slow games are not held back in a batch.
"""

from __future__ import annotations

import itertools
import os
import signal
from collections.abc import Generator, Iterable, Iterator, Sequence
from typing import Protocol

from tabletrip.core.errors import OptionError
from tabletrip.sim.jobs import GameJob, GameOutcome, play_games
from tabletrip.sim.worker_pipes import WorkerPipes

CHUNK_SECONDS = 0.1
MAX_CHUNK = 256
IN_FLIGHT_PER_WORKER = 2  # Ray tasks queued a worker (a local worker takes one chunk at a time)


class Backend(Protocol):
    """Plays jobs and yields their outcomes as they finish."""

    name: str
    workers: int

    def run(self, jobs: Iterable[GameJob]) -> Generator[GameOutcome, None, None]:
        """Yield the outcome of every job (any order); closing the generator stops the work."""
        ...


class Chunker:
    """Chooses how many games to send at once from the time games have taken so far."""

    def __init__(self, target_seconds: float = CHUNK_SECONDS, maximum: int = MAX_CHUNK) -> None:
        self.target = target_seconds
        self.maximum = maximum
        self.size = 1
        self._seconds = 0.0
        self._games = 0

    def observe(self, outcomes: Sequence[GameOutcome]) -> None:
        """Learn from finished games how long a game takes."""
        self._games += len(outcomes)
        self._seconds += sum(outcome.seconds for outcome in outcomes)
        if self._games:
            per_game = max(self._seconds / self._games, 1e-6)
            self.size = max(1, min(self.maximum, int(self.target / per_game)))

    def take(self, jobs: Iterator[GameJob]) -> list[GameJob]:
        """The next chunk of jobs (empty when there are no more)."""
        return list(itertools.islice(jobs, self.size))


def _ignore_interrupt() -> None:
    """A worker's set-up: Ctrl-C ignored, SIGTERM at its default and unblocked."""
    # Ctrl-C reaches every process of the terminal's group: the parent alone decides to stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The parent ends a busy worker with SIGTERM (`WorkerPipes.terminate`): it must die quietly,
    # not run the handler it inherited from the `sim` command, which raises KeyboardInterrupt.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})  # blocked while forking


class LocalBackend:
    """Worker processes on this machine (one per core by default); 1 worker plays in-process."""

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        workers = (os.cpu_count() or 1) if workers is None else workers
        if workers < 1:
            raise OptionError(f"--workers must be at least 1, not {workers}")
        self.workers = workers

    def run(self, jobs: Iterable[GameJob]) -> Generator[GameOutcome, None, None]:
        """Yield outcomes as the workers finish them."""
        if self.workers == 1:
            for job in jobs:
                yield from play_games([job])
            return
        chunker = Chunker()
        queue = iter(jobs)
        with WorkerPipes(self.workers, play_games, _ignore_interrupt) as pool:
            finished: list[list[GameOutcome]] = []
            while True:
                for worker in pool.idle():  # keep every worker busy before storing anything
                    chunk = chunker.take(queue)
                    if not chunk:
                        break
                    pool.give(worker, chunk)
                for outcomes in finished:
                    yield from outcomes
                if not pool.busy:
                    return
                finished = [outcomes for _, outcomes in pool.replies()]
                for outcomes in finished:
                    chunker.observe(outcomes)
