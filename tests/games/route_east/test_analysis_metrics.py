"""Route East's metrics for `tabletrip report --compare` equal direct counts over stored facts."""

from __future__ import annotations

from pathlib import Path

import tabletrip
from analysis_helpers import simulated_facts
from tabletrip.core.analysis_metrics import RateMetric, SampleMetric
from tabletrip.games.route_east.analysis_metrics import metrics


def test_metrics_equal_counts_over_the_stored_facts(tmp_path: Path) -> None:
    game = tabletrip.make("route-east", 2)
    games, facts = simulated_facts(tmp_path / "runs.sqlite", game)
    found = {(m.group, m.label): m for m in metrics(games, game)}
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
