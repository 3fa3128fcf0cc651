"""Let's Go! To France's metrics for `tabletrip report --compare` equal direct counts over
stored facts."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import tabletrip
from tabletrip.core.analysis_metrics import RateMetric, SampleMetric
from tabletrip.games.lets_go_france.analysis_metrics import metrics
from tabletrip.games.lets_go_france.rules import LetsGoGame
from tabletrip.report.source import load_runs
from tabletrip.sim import LocalBackend, SimConfig, run_sim


def test_metrics_equal_counts_over_the_stored_facts(tmp_path: Path) -> None:
    path = tmp_path / "runs.sqlite"
    game = tabletrip.make("lets-go-france", 2)
    run_sim(SimConfig.from_game(game, ["easy"], seed=3), 6, path, LocalBackend(workers=1))
    (run,), _ = load_runs(path)
    assert isinstance(game, LetsGoGame)
    found = {(m.group, m.label): m for m in metrics(run.games, game)}
    with sqlite3.connect(path) as db:
        facts = [json.loads(f) for (f,) in db.execute("SELECT facts FROM games")]
    db.close()
    regions = {r.id: r for r in game.regions.regions}
    for f in facts:
        region = regions[f["region"]]
        for space in region.spaces:
            town = found[
                ("Town visited (share of seat-games on its map)", f"{space.name} ({region.name})")
            ]
            on_map = [g for g in facts if g["region"] == f["region"]]
            visits = sum(1 for g in on_map for v in g["towns"].get(space.id, [0, 0]) if v)
            assert isinstance(town, RateMetric)
            assert (town.hits, town.trials) == (visits, 2 * len(on_map))
    single = found[("Goal tiles reached (share of seat-games)", "single-flag tile, any")]
    assert isinstance(single, RateMetric)
    assert (single.hits, single.trials) == (sum(sum(f["single_goal_reached"]) for f in facts), 12)
    tokens = found[("Point tokens by source (per seat-game)", "map towns")]
    assert isinstance(tokens, SampleMetric)
    assert sorted(tokens.values) == sorted(v for f in facts for v in f["points_from"]["map"])
