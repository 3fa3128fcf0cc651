"""The Ray backend: the same jobs as remote tasks on a Ray cluster, or a local Ray instance.

Ray is an optional extra (`pip install 'tabletrip[ray]'`) imported only here, only when this
backend is chosen. Every machine of a cluster needs tabletrip installed, like any Ray task's
code. A few chunks per CPU are in flight at once (`ray.wait`), as in the local backend.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from types import ModuleType
from typing import Any

from tabletrip.core.errors import OptionError
from tabletrip.sim.backends import IN_FLIGHT_PER_WORKER, Chunker
from tabletrip.sim.jobs import GameJob, GameOutcome, play_games

INSTALL_HINT = "pip install 'tabletrip[ray]'"


def import_ray() -> ModuleType:
    """The `ray` module; OptionError saying how to install it if it is missing."""
    try:
        import ray
    except ImportError:
        raise OptionError(
            f"--backend ray needs Ray, which is not installed: {INSTALL_HINT}"
        ) from None
    return ray


class RayBackend:
    """Remote tasks on Ray: a cluster at `address`, else the running or a new local instance."""

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        if workers is not None and workers < 1:
            raise OptionError(f"--workers must be at least 1, not {workers}")
        self.ray = import_ray()
        self.address = address
        self.workers = workers or 0  # 0: as many as the cluster has CPUs, known once connected

    def _connect(self) -> bool:
        """Connect (or start a local instance); True if this backend started Ray."""
        if self.ray.is_initialized():
            return False
        try:
            self.ray.init(
                address=self.address,
                include_dashboard=False,
                logging_level="ERROR",
                log_to_driver=False,
            )
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = self.address or "a local instance"
            raise OptionError(f"cannot start or reach Ray at {where}: {exc}") from None
        return True

    def run(self, jobs: Iterable[GameJob]) -> Generator[GameOutcome, None, None]:
        """Yield outcomes as the remote tasks finish."""
        ray = self.ray
        started_here = self._connect()
        pending: list[Any] = []
        try:
            if not self.workers:
                self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
            remote = ray.remote(num_cpus=1)(play_games)
            chunker = Chunker()
            queue = iter(jobs)
            while True:
                while len(pending) < IN_FLIGHT_PER_WORKER * self.workers:
                    chunk = chunker.take(queue)
                    if not chunk:
                        break
                    pending.append(remote.remote(chunk))
                if not pending:
                    break
                ready, pending = ray.wait(pending, num_returns=1)
                outcomes: list[GameOutcome] = ray.get(ready[0])
                chunker.observe(outcomes)
                yield from outcomes
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
            if started_here:
                ray.shutdown()
