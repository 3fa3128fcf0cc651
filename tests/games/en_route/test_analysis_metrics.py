"""En Route's metrics for `tabletrip report --compare` equal direct counts over stored facts."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import tabletrip
from tabletrip.core.analysis_metrics import RateMetric, SampleMetric
from tabletrip.games.en_route.analysis_metrics import metrics
from tabletrip.games.en_route.rules import EnRouteGame
from tabletrip.report.source import load_runs
from tabletrip.sim import LocalBackend, SimConfig, run_sim


def test_metrics_equal_counts_over_the_stored_facts(tmp_path: Path) -> None:
    path = tmp_path / "runs.sqlite"
    game = tabletrip.make("en-route", 2)
    run_sim(SimConfig.from_game(game, ["easy"], seed=3), 6, path, LocalBackend(workers=1))
    (run,), _ = load_runs(path)
    assert isinstance(game, EnRouteGame)
    found = {(m.group, m.label): m for m in metrics(run.games, game)}
    with sqlite3.connect(path) as db:
        seats = [
            s for (f,) in db.execute("SELECT facts FROM games") for s in json.loads(f)["seats"]
        ]
    db.close()
    drawn = found[("The final route (per seat-game)", "route sections drawn")]
    assert isinstance(drawn, SampleMetric)
    assert sorted(drawn.values) == sorted(float(s["drawn"]) for s in seats)
    city = game.city
    for loc, name in enumerate(city.landmark_name):
        if name and city.landmark_name.index(name) == loc:
            locations = {i for i, n in enumerate(city.landmark_name) if n == name}
            landmark = found[("Landmark on the final route (share of seat-games)", name)]
            assert isinstance(landmark, RateMetric)
            with_it = sum(1 for s in seats if locations & set(s["landmarks"]))
            assert (landmark.hits, landmark.trials) == (with_it, len(seats))
    goals = {g for s in seats for g in s["goals"]}
    assert goals
    for goal in goals:
        met = found[("Goal card met (share of seat-games it was in play)", goal)]
        won = found[("Goal card won (share of seat-games it was in play)", goal)]
        outcomes = [s["goals"][goal] for s in seats if goal in s["goals"]]
        assert isinstance(met, RateMetric) and isinstance(won, RateMetric)
        assert (met.hits, met.trials) == (sum(1 for o in outcomes if o), len(outcomes))
        assert won.hits == sum(1 for o in outcomes if o == 2)
