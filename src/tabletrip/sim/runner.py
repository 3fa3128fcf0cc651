"""`run_sim`: play the games a run still lacks on a backend and store each as it finishes."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from tabletrip.core.errors import OptionError
from tabletrip.sim.backends import Backend, LocalBackend
from tabletrip.sim.config import SimConfig
from tabletrip.sim.store import SimStore

Progress = Callable[[int, int], None]  # (games stored for the run among the N asked, N)


@dataclass(frozen=True)
class SimSummary:
    """What one `run_sim` call did: the run, the games played now and already there, time."""

    path: Path
    run_id: int
    games: int  # games asked for (indices 0..games-1)
    already: int  # of those, stored before this call
    played: int  # played by this call
    seconds: float

    @property
    def rate(self) -> float:
        """Games played per second by this call."""
        return self.played / self.seconds if self.seconds > 0 else 0.0


def run_sim(
    config: SimConfig,
    games: int,
    out: str | Path,
    backend: Backend | None = None,
    progress: Progress | None = None,
) -> SimSummary:
    """Play games 0..games-1 of the run `config` in the database `out` (created if new).

    Games already stored are skipped, so rerunning after an interruption resumes, and a larger
    `games` extends the run. Each game is committed as it finishes: a KeyboardInterrupt (also
    one raised by `progress`) stops the backend and keeps every finished game.
    """
    if games < 1:
        raise OptionError(f"--games must be at least 1, not {games}")
    backend = backend or LocalBackend()
    with SimStore.open(out, create=True) as store:
        run_id = store.ensure_run(config)
        done = store.done_indices(run_id)
        todo = [index for index in range(games) if index not in done]
        already = games - len(todo)
        if progress is not None:
            progress(already, games)
        started = time.perf_counter()
        played = 0
        if todo:
            jobs = (config.job(run_id, index) for index in todo)
            with closing(backend.run(jobs)) as outcomes:
                for outcome in outcomes:
                    store.add(outcome)
                    played += 1
                    if progress is not None:
                        progress(already + played, games)
        return SimSummary(Path(out), run_id, games, already, played, time.perf_counter() - started)
