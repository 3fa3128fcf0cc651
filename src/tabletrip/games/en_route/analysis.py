"""En Route's part of a balance report: Landmarks, Goals, Objectives, Cafés, score components.

`facts` reads a finished game's maps and final routes (everything is revealed at the end);
`sections` turns many games into tables and charts, one set per city, mode, level and player
count (win rates are only comparable within one of each).

Facts: `city`; `iconic`, each Iconic Landmark's final PP by id; `goals`, the Goal card ids in
play; `seats`, one dict per seat:

- `landmarks`: the location indices of the Landmarks on the final route;
- `marked` / `on_route`: tourists (red, green, blue) marked in the game / on the final route;
- `drawn`: route sections drawn in the game;
- `cafes` / `cafes_used`: Café indices visited / whose bonus was used;
- `visit_them_all`: Visit-Them-All points on the final route;
- `objective_crossroads`: the Personal Objective's crossroads on the final route;
- `goals`: per Goal id, 2 for its Goal Winner, 1 for a Goal Achiever, 0 if not met;
- `balance` / `balance_unused`: Balance cards taken at setup / left unused;
- `renewed`: whether the hand was renewed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import pairwise

from tabletrip.core.actions import JsonDict
from tabletrip.core.analysis import PlayedGame, Section
from tabletrip.core.analysis_metrics import Metric
from tabletrip.core.game import Game, State
from tabletrip.games.en_route import analysis_metrics
from tabletrip.games.en_route.analysis_sections import (
    balance_section,
    cafe_section,
    goal_section,
    landmark_section,
    objective_section,
    score_section,
    visit_them_all_section,
)
from tabletrip.games.en_route.content import City, load_city
from tabletrip.games.en_route.geometry import LOCATIONS, locations_on_route, section_between
from tabletrip.games.en_route.rules import EnRouteGame, EnRouteState


class EnRouteAnalysis:
    """En Route's `GameAnalysis`: facts per finished game, report sections per variant."""

    def facts(self, state: State) -> JsonDict:
        """Landmarks, tourists, Cafés, objective and Goal outcomes of each seat at the end."""
        if not isinstance(state, EnRouteState) or not state.is_over:
            raise ValueError("En Route facts need a finished En Route game")
        result = state.result
        assert result is not None
        game = state.game
        city = game.city
        outcomes = goal_outcomes(city, state.goals, [b["goal_results"] for b in result.breakdown])
        seats = []
        for seat in range(game.players):
            sheet = state.sheets[seat]
            trail = state.finals[seat] or ()
            sections = [section_between(a, b) for a, b in pairwise(trail)]
            route = locations_on_route(s for s in sections if s is not None)
            marked = [0, 0, 0]
            on_route = [0, 0, 0]
            for loc in range(LOCATIONS):
                for kind, count in enumerate(sheet.tourists_at(loc)):
                    marked[kind] += count
                    if route >> loc & 1:
                        on_route[kind] += count
            objective = state.objectives[seat]
            crossroads = set(trail)
            seats.append(
                {
                    "landmarks": [
                        loc for loc in range(LOCATIONS) if city.landmark[loc] and route >> loc & 1
                    ],
                    "marked": marked,
                    "on_route": on_route,
                    "drawn": sheet.sections.bit_count(),
                    "cafes": bits(sheet.cafes_gained),
                    "cafes_used": bits(sheet.cafes_used),
                    "visit_them_all": len(crossroads.intersection(city.vta_crossroads)),
                    "objective_crossroads": (
                        len(crossroads.intersection(city.objectives[objective]))
                        if objective >= 0
                        else 0
                    ),
                    "goals": outcomes[seat],
                    "balance": len(game.balance[seat]),
                    "balance_unused": len(sheet.balance),
                    "renewed": sheet.renewed,
                }
            )
        return {
            "city": city.city,
            "iconic": {
                name: city.iconic_rating(i, state.marks[i])
                for i, name in enumerate(city.iconic_ids)
            },
            "goals": [city.goals[g].id for g in state.goals],
            "seats": seats,
        }

    def sections(self, games: Sequence[PlayedGame], game: Game | None = None) -> list[Section]:
        """Landmarks, Goals, Objectives, Cafés, Visit-Them-All, Balance cards, score components.

        One set per city, mode, level and player count: those are never pooled.
        """
        variants: dict[tuple[str, str, str, int], list[PlayedGame]] = defaultdict(list)
        for played in games:
            options = played.options
            key = (
                str(options.get("city", "first-city")),
                str(options.get("mode", "standard")),
                str(options.get("level", "full")),
                len(played.bots),
            )
            variants[key].append(played)
        sections: list[Section] = []
        for (city_id, mode, level, players), group in variants.items():
            city = (  # the run's own city file, if any, else the shipped city
                game.city
                if isinstance(game, EnRouteGame) and game.city.city == city_id
                else load_city(city_id)
            )
            name = f"{city.name}, {mode}, {level}, {players} player{'s' if players > 1 else ''}"
            with_facts = [g for g in group if "seats" in g.facts]
            if with_facts:
                sections.append(landmark_section(with_facts, city, name))
                if any(g.facts["goals"] for g in with_facts):
                    sections.append(goal_section(with_facts, city, name))
                if any(b.get("objective") for g in with_facts for b in g.breakdown):
                    sections.append(objective_section(with_facts, name))
                if city.cafes and level != "simplified":
                    sections.append(cafe_section(with_facts, city, name))
                if city.vta_crossroads:
                    sections.append(visit_them_all_section(with_facts, city, name))
                if any(s["balance"] for g in with_facts for s in g.facts["seats"]):
                    sections.append(balance_section(with_facts, name))
            sections.append(score_section(group, with_facts, name))
        return sections

    def metrics(self, games: Sequence[PlayedGame], game: Game) -> list[Metric]:
        """Route, Landmarks, Goal cards and Cafés for a comparison of runs (`analysis_metrics`)."""
        return analysis_metrics.metrics(games, game)


ANALYSIS = EnRouteAnalysis()


def bits(mask: int) -> list[int]:
    """The indices of the set bits of a mask, increasing."""
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def goal_outcomes(
    city: City, goals: Sequence[int], results: Sequence[JsonDict]
) -> list[dict[str, int]]:
    """Per seat, per Goal id: 2 Goal Winner (best result among achievers), 1 Achiever, 0."""
    outcomes: list[dict[str, int]] = [{} for _ in results]
    for index in goals:
        goal = city.goals[index]
        values = [r[goal.id]["value"] for r in results]
        met = [r[goal.id]["achieved"] for r in results]
        achieved = [v for v, ok in zip(values, met, strict=True) if ok]
        best = (max if goal.sign == "+" else min)(achieved) if achieved else None
        for seat, (value, ok) in enumerate(zip(values, met, strict=True)):
            outcomes[seat][goal.id] = (2 if value == best else 1) if ok else 0
    return outcomes
