"""Let's Go! To France's metrics for `tabletrip report --compare` equal direct counts over
stored facts."""

from __future__ import annotations

from pathlib import Path

import tabletrip
from analysis_helpers import simulated_facts
from tabletrip.core.analysis_metrics import RateMetric, SampleMetric
from tabletrip.games.lets_go_france.analysis_metrics import metrics
from tabletrip.games.lets_go_france.rules import LetsGoGame


def test_metrics_equal_counts_over_the_stored_facts(tmp_path: Path) -> None:
    game = tabletrip.make("lets-go-france", 2)
    games, facts = simulated_facts(tmp_path / "runs.sqlite", game)
    assert isinstance(game, LetsGoGame)
    found = {(m.group, m.label): m for m in metrics(games, game)}
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
