"""Let's Go! To France's metrics for a comparison of two runs (`tabletrip report --compare`).

Read from the stored facts (see `analysis`) with the town and map names of the run's own
regional maps: how often each town is visited, how often the Goal tiles are reached, where
point tokens come from, and the Traveler's journey and experience, per seat-game.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from tabletrip.core.analysis import PlayedGame
from tabletrip.core.analysis_metrics import Metric, SampleMetric, rate_of
from tabletrip.core.game import Game
from tabletrip.games.lets_go_france.content import RegionsSpec
from tabletrip.games.lets_go_france.rules import LetsGoGame

TOWNS = "Town visited (share of seat-games on its map)"
GOALS = "Goal tiles reached (share of seat-games)"
TOKENS = "Point tokens by source (per seat-game)"
JOURNEY = "The journey (per seat-game)"
EXPERIENCE = "Experience by icon (per seat-game)"
SOURCES = {"map": "map towns", "reward_rows": "reward rows", "goals": "Goal tiles"}
JOURNEY_FACTS = {
    "travel": "travel steps",
    "dotted_paths": "dotted paths taken",
    "explore_the_city": "Explore the City used",
    "research_used": "research used",
    "favour_flipped": "favours flipped",
}


def metrics(games: Sequence[PlayedGame], game: Game) -> list[Metric]:
    """The metrics of one run's games (those with stored facts) on the run's maps."""
    if not isinstance(game, LetsGoGame):
        raise ValueError("Let's Go! To France metrics need a Let's Go! To France game")
    played = [g for g in games if "towns" in g.facts]
    if not played:
        return []
    return [
        *town_metrics(played, game.regions),
        *goal_metrics(played),
        *per_seat_metrics(played),
    ]


def town_metrics(games: Sequence[PlayedGame], regions: RegionsSpec) -> list[Metric]:
    """Per town of each map played: the share of its map's seat-games that visited it."""
    seat_games: dict[str, int] = defaultdict(int)
    visited: dict[tuple[str, str], int] = defaultdict(int)
    for played in games:
        region = played.facts["region"]
        seat_games[region] += len(played.bots)
        for town, visits in played.facts["towns"].items():
            visited[(region, town)] += sum(1 for v in visits if v)
    metrics: list[Metric] = []
    for spec in regions.regions:
        if spec.id not in seat_games:
            continue
        for space in spec.spaces:
            label = f"{space.name} ({spec.name})"
            metrics.append(rate_of(TOWNS, label, visited[(spec.id, space.id)], seat_games[spec.id]))
    return metrics


def goal_metrics(games: Sequence[PlayedGame]) -> list[Metric]:
    """The single-flag and double-flag Goal tiles reached, overall and per tile."""
    metrics: list[Metric] = []
    for kind, name in (("single", "single-flag"), ("double", "double-flag")):
        reached: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for played in games:
            tally = reached[played.facts[f"{kind}_goal"]]
            for done in played.facts[f"{kind}_goal_reached"]:
                tally[0] += bool(done)
                tally[1] += 1
        hits = sum(t[0] for t in reached.values())
        trials = sum(t[1] for t in reached.values())
        metrics.append(rate_of(GOALS, f"{name} tile, any", hits, trials))
        metrics += [
            rate_of(GOALS, f"{name} tile {tile}", done, total)
            for tile, (done, total) in sorted(reached.items())
        ]
    return metrics


def per_seat_metrics(games: Sequence[PlayedGame]) -> list[Metric]:
    """Point tokens by source, the journey's counts and experience by icon, per seat-game."""
    metrics: list[Metric] = []
    for key, label in SOURCES.items():
        values = tuple(float(v) for g in games for v in g.facts["points_from"][key])
        metrics.append(SampleMetric(TOKENS, label, values))
    for key, label in JOURNEY_FACTS.items():
        values = tuple(float(v) for g in games for v in g.facts[key])
        metrics.append(SampleMetric(JOURNEY, label, values))
    icons = sorted({icon for g in games for icon in g.facts["experience"]})
    for icon in icons:
        values = tuple(
            float(v) for g in games for v in g.facts["experience"].get(icon, [0] * len(g.bots))
        )
        metrics.append(SampleMetric(EXPERIENCE, icon, values))
    return metrics
