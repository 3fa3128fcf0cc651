"""Simulation throughput: `run_sim` of random 2-player games into a temporary SQLite file,
per game at 1 and 2 workers, and the speed-up of 2 workers over 1.

Each measure is one run of a fixed number of games (chosen for about 1 to 2 s at 1 worker on
this project's 2-core machine), pool start-up and database writes included.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from run import Measure
from tabletrip.sim import LocalBackend, SimConfig, run_sim

# Games per measure: random bots play through Bot.act, which determinizes every move.
GAMES = {"ticket-to-ride": 200, "en-route": 150, "route-east": 24, "lets-go-france": 150}
_rates: dict[tuple[str, int], float] = {}


def _rate(game: str, workers: int) -> float:
    """Games per second of one sim of `game` at `workers` (cached for the speed-up)."""
    config = SimConfig.build(
        game, players=2, bots=["random"], seed=0
    )  # the same games at every worker count
    with tempfile.TemporaryDirectory() as folder:
        summary = run_sim(config, GAMES[game], Path(folder) / "bench.sqlite", LocalBackend(workers))
    _rates[(game, workers)] = summary.rate
    return summary.rate


def _throughput(game: str, workers: int) -> Measure:
    def measure() -> tuple[float, str]:
        return _rate(game, workers), "games/s"

    return measure


def _speed_up(game: str) -> Measure:
    def measure() -> tuple[float, str]:
        one = _rates.get((game, 1)) or _rate(game, 1)
        two = _rates.get((game, 2)) or _rate(game, 2)
        return two / one, "x (2 workers / 1)"

    return measure


def benchmarks() -> list[tuple[str, Measure]]:
    """Sim games/s per game at 1 and 2 workers, then the speed-up."""
    found: list[tuple[str, Measure]] = []
    for game in GAMES:
        found += [
            (f"sim: {game}, random 2p, 1 worker", _throughput(game, 1)),
            (f"sim: {game}, random 2p, 2 workers", _throughput(game, 2)),
            (f"sim: {game}, speed-up 2 workers / 1", _speed_up(game)),
        ]
    return found
