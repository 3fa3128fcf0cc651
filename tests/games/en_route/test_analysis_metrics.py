"""En Route's metrics for `tabletrip report --compare` equal direct counts over stored facts."""

from __future__ import annotations

from pathlib import Path

import tabletrip
from analysis_helpers import simulated_facts
from tabletrip.core.analysis_metrics import RateMetric, SampleMetric
from tabletrip.games.en_route.analysis_metrics import metrics
from tabletrip.games.en_route.rules import EnRouteGame


def test_metrics_equal_counts_over_the_stored_facts(tmp_path: Path) -> None:
    game = tabletrip.make("en-route", 2)
    games, facts = simulated_facts(tmp_path / "runs.sqlite", game)
    assert isinstance(game, EnRouteGame)
    found = {(m.group, m.label): m for m in metrics(games, game)}
    seats = [s for f in facts for s in f["seats"]]
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
