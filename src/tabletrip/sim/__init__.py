"""Simulation: play many bot games of one configuration into a SQLite database.

from tabletrip.sim import SimConfig, run_sim, SimStore
config = SimConfig.build("ticket-to-ride", players=2, bots=["easy", "random"], seed=1)
run_sim(config, games=100, out="sim.sqlite")          # resumable, extendable
with SimStore.open("sim.sqlite") as store:            # what `tabletrip report` reads
    run = store.runs()[0]
    games = store.played(run.id)
"""

from tabletrip.sim.backends import Backend, LocalBackend
from tabletrip.sim.config import SimConfig
from tabletrip.sim.jobs import GameFailed, GameJob, GameOutcome, play_game, play_games
from tabletrip.sim.runner import SimSummary, run_sim
from tabletrip.sim.store import SCHEMA, BotTally, RunInfo, SimStore

__all__ = [
    "SCHEMA",
    "Backend",
    "BotTally",
    "GameFailed",
    "GameJob",
    "GameOutcome",
    "LocalBackend",
    "RunInfo",
    "SimConfig",
    "SimStore",
    "SimSummary",
    "play_game",
    "play_games",
    "run_sim",
]
