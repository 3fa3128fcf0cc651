"""En Route's metrics for a comparison of two runs (`tabletrip report --compare A B`).

Read from the stored facts (see `analysis`) with the names of the city the run played, so
an edited city is compared by what its map prints: Landmarks and Cafés by name, Goal cards
by id. Rates count seat-games (a Goal card's only those it was in play for).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from tabletrip.core.analysis import PlayedGame
from tabletrip.core.analysis_metrics import Metric, SampleMetric, rate_of
from tabletrip.core.game import Game
from tabletrip.games.en_route.content import City
from tabletrip.games.en_route.rules import EnRouteGame

LANDMARKS = "Landmark on the final route (share of seat-games)"
GOAL_MET = "Goal card met (share of seat-games it was in play)"
GOAL_WON = "Goal card won (share of seat-games it was in play)"
CAFES = "Café visited (share of seat-games)"
ROUTE = "The final route (per seat-game)"
TOURISTS = ("red", "green", "blue")


def metrics(games: Sequence[PlayedGame], game: Game) -> list[Metric]:
    """The metrics of one run's games (those with stored facts) on the run's city."""
    if not isinstance(game, EnRouteGame):
        raise ValueError("En Route metrics need an En Route game")
    played = [g for g in games if "seats" in g.facts]
    if not played:
        return []
    city = game.city
    return [
        *route_metrics(played),
        *landmark_metrics(played, city),
        *goal_metrics(played),
        *cafe_metrics(played, city),
    ]


def _seats(games: Sequence[PlayedGame]) -> list[dict]:
    return [seat for played in games for seat in played.facts["seats"]]


def route_metrics(games: Sequence[PlayedGame]) -> list[Metric]:
    """Route sections drawn, tourists on the final route, Cafés and renewed hands."""
    seats = _seats(games)
    metrics: list[Metric] = [
        SampleMetric(ROUTE, "route sections drawn", tuple(float(s["drawn"]) for s in seats)),
        SampleMetric(ROUTE, "Cafés visited", tuple(float(len(s["cafes"])) for s in seats)),
        SampleMetric(
            ROUTE, "Visit-Them-All points", tuple(float(s["visit_them_all"]) for s in seats)
        ),
        rate_of(ROUTE, "hand renewed", sum(1 for s in seats if s["renewed"]), len(seats)),
    ]
    for index, colour in enumerate(TOURISTS):
        on_route = tuple(float(s["on_route"][index]) for s in seats)
        metrics.append(SampleMetric(ROUTE, f"{colour} tourists on the route", on_route))
    return metrics


def landmark_metrics(games: Sequence[PlayedGame], city: City) -> list[Metric]:
    """Per Landmark (by name): the share of seat-games whose final route has it."""
    seats = _seats(games)
    names = {loc: name for loc, name in enumerate(city.landmark_name) if name}
    hits: dict[str, int] = defaultdict(int)
    for seat in seats:
        for name in {names[loc] for loc in seat["landmarks"] if loc in names}:
            hits[name] += 1
    return [
        rate_of(LANDMARKS, name, hits[name], len(seats)) for name in dict.fromkeys(names.values())
    ]


def goal_metrics(games: Sequence[PlayedGame]) -> list[Metric]:
    """Per Goal card in play: met (Goal Achiever or Winner) and won (Goal Winner)."""
    in_play: dict[str, int] = defaultdict(int)
    met: dict[str, int] = defaultdict(int)
    won: dict[str, int] = defaultdict(int)
    for played in games:
        for seat in played.facts["seats"]:
            for goal_id, outcome in seat["goals"].items():
                in_play[goal_id] += 1
                met[goal_id] += outcome > 0
                won[goal_id] += outcome == 2
    metrics: list[Metric] = []
    for goal_id in sorted(in_play):
        metrics.append(rate_of(GOAL_MET, goal_id, met[goal_id], in_play[goal_id]))
        metrics.append(rate_of(GOAL_WON, goal_id, won[goal_id], in_play[goal_id]))
    return metrics


def cafe_metrics(games: Sequence[PlayedGame], city: City) -> list[Metric]:
    """Per Café (by name): the share of seat-games that visited it."""
    seats = _seats(games)
    visits: dict[int, int] = defaultdict(int)
    for seat in seats:
        for cafe in set(seat["cafes"]):
            visits[cafe] += 1
    return [
        rate_of(CAFES, cafe.name, visits[index], len(seats))
        for index, cafe in enumerate(city.cafes)
    ]
