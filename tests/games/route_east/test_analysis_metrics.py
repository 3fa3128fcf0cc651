"""Route East's metrics for `tabletrip report --compare` equal direct counts over stored facts."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import tabletrip
from tabletrip.core.analysis_metrics import RateMetric, SampleMetric
from tabletrip.games.route_east.analysis_metrics import metrics
from tabletrip.report.source import load_runs
from tabletrip.sim import LocalBackend, SimConfig, run_sim


def test_metrics_equal_counts_over_the_stored_facts(tmp_path: Path) -> None:
    path = tmp_path / "runs.sqlite"
    game = tabletrip.make("route-east", 2)
    run_sim(SimConfig.from_game(game, ["easy"], seed=3), 6, path, LocalBackend(workers=1))
    (run,), _ = load_runs(path)
    found = {(m.group, m.label): m for m in metrics(run.games, game)}
    with sqlite3.connect(path) as db:
        facts = [json.loads(f) for (f,) in db.execute("SELECT facts FROM games")]
    db.close()
    limit = found[("The race", "games ended by the turn limit")]
    assert isinstance(limit, RateMetric)
    assert (limit.hits, limit.trials) == (sum(f["turn_limit"] for f in facts), 6)
    bankrupt = found[("The race", "bankruptcies per seat-game")]
    assert isinstance(bankrupt, SampleMetric) and len(bankrupt.values) == 12
    assert sum(bankrupt.values) == sum(len(f["bankruptcies"]) for f in facts)
    played = {name for f in facts for name in f["played"]}
    assert played
    for name in played:
        plays = found[("Action cards played (per seat-game)", name)]
        assert isinstance(plays, SampleMetric)
        assert sum(plays.values) == sum(sum(f["played"].get(name, [0])) for f in facts)
    for name in {n for f in facts for n in f["blocked"]}:
        cancelled = found[("Aimed cards cancelled by Hell no! (share of aimed)", name)]
        blocked = sum(sum(f["blocked"].get(name, [0])) for f in facts)
        in_force = sum(sum(f["suffered"].get(name, [0])) for f in facts)
        assert isinstance(cancelled, RateMetric)
        assert (cancelled.hits, cancelled.trials) == (blocked, blocked + in_force)
