"""Route East's metrics for a comparison of two runs (`tabletrip report --compare A B`).

Read from the stored facts (see `analysis`), which name cards as the run's deck prints
them, so an edited deck is compared card by card: how often each Action card is played,
how often a card aimed at a player is cancelled by Hell no!, and how the race ends
(bankruptcies by cause, the turn limit, the distance left to Shanghai).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from tabletrip.core.analysis import PlayedGame
from tabletrip.core.analysis_metrics import Metric, SampleMetric, rate_of
from tabletrip.core.game import Game
from tabletrip.games.route_east.rules import RouteEastGame

RACE = "The race"
BANKRUPT_BY = "Bankruptcies by cause (per game)"
PLAYED = "Action cards played (per seat-game)"
CANCELLED = "Aimed cards cancelled by Hell no! (share of aimed)"


def metrics(games: Sequence[PlayedGame], game: Game) -> list[Metric]:
    """The metrics of one run's games (those with stored facts)."""
    if not isinstance(game, RouteEastGame):
        raise ValueError("Route East metrics need a Route East game")
    played = [g for g in games if "played" in g.facts]
    if not played:
        return []
    return [*race_metrics(played), *card_metrics(played)]


def race_metrics(games: Sequence[PlayedGame]) -> list[Metric]:
    """How games end: the turn limit, bankruptcies (per seat-game and by cause), distance left."""
    bankruptcies = [g.facts["bankruptcies"] for g in games]  # [seat, turn, cause] each
    per_seat = tuple(
        float(sum(1 for b in bankrupt if b[0] == seat))
        for g, bankrupt in zip(games, bankruptcies, strict=True)
        for seat in range(len(g.bots))
    )
    distance = tuple(float(d) for g in games for d in g.facts["spaces_to_shanghai"])
    turn_limit = sum(1 for g in games if g.facts["turn_limit"])
    metrics: list[Metric] = [
        rate_of(RACE, "games ended by the turn limit", turn_limit, len(games)),
        SampleMetric(RACE, "bankruptcies per seat-game", per_seat),
        SampleMetric(RACE, "spaces left to Shanghai at the end", distance),
    ]
    for cause in sorted({b[2] for bankrupt in bankruptcies for b in bankrupt}):
        counts = tuple(
            float(sum(1 for b in bankrupt if b[2] == cause)) for bankrupt in bankruptcies
        )
        metrics.append(SampleMetric(BANKRUPT_BY, cause, counts))
    return metrics


def card_metrics(games: Sequence[PlayedGame]) -> list[Metric]:
    """Per Action card: plays per seat-game, and the share of its aimed plays cancelled."""
    names = sorted(
        {name for g in games for key in ("played", "suffered", "blocked") for name in g.facts[key]}
    )
    plays: dict[str, list[float]] = defaultdict(list)
    in_force: dict[str, int] = defaultdict(int)
    cancelled: dict[str, int] = defaultdict(int)
    for played in games:
        for name in names:
            counts = played.facts["played"].get(name, [0] * len(played.bots))
            plays[name].extend(float(c) for c in counts)
            in_force[name] += sum(played.facts["suffered"].get(name, ()))
            cancelled[name] += sum(played.facts["blocked"].get(name, ()))
    metrics: list[Metric] = []
    for name in names:
        metrics.append(SampleMetric(PLAYED, name, tuple(plays[name])))
        aimed = in_force[name] + cancelled[name]
        if aimed:
            metrics.append(rate_of(CANCELLED, name, cancelled[name], aimed))
    return metrics
