"""Goal cards (scoring step 9): one evaluator for every requirement kind, and the awards.

A requirement's result is computed from a player's end of game (its final route, tourists,
Landmarks and Cafés); `award` compares the players: achievers get the Goal Achiever PP, the
best result among them (highest for `+`, lowest for `-`) the Goal Winner PP instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletrip.games.en_route.content import Goal
from tabletrip.games.en_route.geometry import LOCATIONS
from tabletrip.games.en_route.scoring import TOURIST_TYPES


@dataclass(frozen=True, slots=True)
class GoalFacts:
    """What the requirement kinds measure about one player's end of game."""

    tourists: tuple[tuple[int, int, int], ...]  # per location (red, green, blue)
    landmarks: tuple[str | None, ...]  # per location: landmark colour or None
    route_locations: int  # bit mask of the locations on the final route
    route_sections: int  # sections in the final route
    drawn_sections: int  # sections drawn during the game
    cafes_visited: int


def requirement(goal: Goal, facts: GoalFacts) -> int:
    """The player's result for a Goal's requirement (see CONTENT.md for each kind)."""
    on_route = [facts.route_locations >> loc & 1 for loc in range(LOCATIONS)]
    kind = goal.kind
    if kind == "route_sections":
        return facts.route_sections
    if kind == "sections_erased":
        return facts.drawn_sections - facts.route_sections
    if kind == "cafes_visited":
        return facts.cafes_visited
    if kind == "tourists_of_type":
        index = TOURIST_TYPES.index(goal.param or "")
        return sum(facts.tourists[loc][index] for loc in range(LOCATIONS) if on_route[loc])
    if kind == "locations_with_tourists":
        return sum(1 for loc in range(LOCATIONS) if on_route[loc] and any(facts.tourists[loc]))
    if kind == "tourists_left_off":
        return sum(sum(facts.tourists[loc]) for loc in range(LOCATIONS) if not on_route[loc])
    colors = [facts.landmarks[loc] for loc in range(LOCATIONS) if on_route[loc]]
    if kind == "landmarks_of_color":
        return sum(1 for color in colors if color == goal.param)
    if kind == "landmark_colors":
        return len({color for color in colors if color is not None})
    raise ValueError(f"unknown Goal requirement kind {kind!r}")


def award(goal: Goal, results: Sequence[int]) -> list[int]:
    """Each player's PP for one Goal: Winner PP for the best achiever(s), else Achiever PP."""
    achieved = [goal.achieved(value) for value in results]
    if not any(achieved):
        return [0] * len(results)
    values = [v for v, ok in zip(results, achieved, strict=True) if ok]
    best = max(values) if goal.sign == "+" else min(values)
    return [
        (goal.winner if value == best else goal.achiever) if ok else 0
        for value, ok in zip(results, achieved, strict=True)
    ]
