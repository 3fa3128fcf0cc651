"""The end of an En Route game: each map as scoring reads it, the nine steps, the winners."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from tabletrip.core import JsonDict, Result
from tabletrip.games.en_route import goals as goal_rules
from tabletrip.games.en_route.geometry import LOCATIONS, locations_on_route, section_between
from tabletrip.games.en_route.phases import OVER
from tabletrip.games.en_route.route_goals import MapFacts, RouteGoals, for_seat
from tabletrip.games.en_route.scoring import Breakdown, FinalBoard, Landmark, score_route

if TYPE_CHECKING:
    from tabletrip.games.en_route.content import City
    from tabletrip.games.en_route.rules import EnRouteState


def map_landmarks(city: City, ratings: Sequence[int]) -> tuple[Landmark | None, ...]:
    """Each location's Landmark as scoring reads it; `ratings[i]`: iconic Landmark i's PP."""
    landmarks: list[Landmark | None] = []
    for loc in range(LOCATIONS):
        color = city.landmark[loc]
        if color is None:
            landmarks.append(None)
        elif color == "yellow":
            landmarks.append(Landmark("yellow", city.yellow_pp[loc]))
        elif color == "gray":
            landmarks.append(Landmark("gray", ratings[city.iconic_at[loc]]))
        else:
            landmarks.append(Landmark(color))
    return tuple(landmarks)


def final_board(state: EnRouteState, seat: int) -> FinalBoard:
    """Seat's map as the scoring steps 1-8 read it."""
    game = state.game
    city = game.city
    sheet = state.sheets[seat]
    ratings = tuple(city.iconic_rating(i, marks) for i, marks in enumerate(state.marks))
    landmarks = game.landmark_boards.get(ratings)
    if landmarks is None:  # the ratings take few values in a game: remembered by the game
        if len(game.landmark_boards) > 256:
            game.landmark_boards.clear()
        landmarks = game.landmark_boards[ratings] = map_landmarks(city, ratings)
    objective = state.objectives[seat]
    tourists = sheet.tourists  # (red, green, blue) by location, flat
    return FinalBoard(
        tourists=tuple(zip(tourists[0::3], tourists[1::3], tourists[2::3], strict=True)),
        landmarks=landmarks,
        unused_cafe_bonuses=bin(sheet.cafes_gained & ~sheet.cafes_used).count("1"),
        visit_them_all=city.vta_crossroads,
        visit_them_all_points=city.vta_scores,
        objective=city.objectives[objective] if objective >= 0 else (),
    )


def route_goals(state: EnRouteState, seat: int) -> RouteGoals | None:
    """What the Goals add to seat's final routes (route_goals.py), from what it may see: its
    own map, the others' maps as shown (all revealed once round 10 ends)."""
    game = state.game
    others = [MapFacts.from_sheet(state.shown[s]) for s in range(game.players) if s != seat]
    own = MapFacts.from_sheet(state.sheets[seat])
    return for_seat(game.city, state.goals, own, others, game.challenge[1] if game.solo else -1)


def rivals_key(state: EnRouteState, seat: int) -> tuple[object, ...]:
    """What the Goals' worth for seat's routes depends on beyond its own map (a cache key)."""
    return (
        tuple(state.goals),
        tuple(
            (sheet.sections, tuple(sheet.tourists), sheet.cafes_gained)
            for s, sheet in enumerate(state.shown)
            if s != seat
        ),
    )


def result(state: EnRouteState) -> Result | None:
    """PP per seat after every step; winners by the rulebook's tie-breaks (team, solo)."""
    if state.phase != OVER:
        return None
    game = state.game
    city = game.city
    players = game.players
    steps = [score_route(final_board(state, s), state.finals[s] or ()) for s in range(players)]
    goal_points, goal_results = _goal_points(state, steps)
    breakdown: list[JsonDict] = []
    for seat in range(players):
        step = steps[seat].with_goals(0 if game.solo else sum(goal_points[seat]))
        data: JsonDict = dict(step.to_json())
        data["goal_results"] = goal_results[seat]
        data["final_route"] = list(state.finals[seat] or ())
        objective = state.objectives[seat]
        data["objective"] = city.objective_ids[objective] if objective >= 0 else None
        breakdown.append(data)
        steps[seat] = step
    scores = tuple(step.total for step in steps)
    winners = _winners(state, steps, goal_results, breakdown)
    return Result(scores, winners, tuple(breakdown))


def _goal_points(
    state: EnRouteState, steps: list[Breakdown]
) -> tuple[list[list[int]], list[JsonDict]]:
    city = state.game.city
    players = state.game.players
    facts = [_goal_facts(state, s, steps[s]) for s in range(players)]
    points: list[list[int]] = [[] for _ in range(players)]
    results: list[JsonDict] = [{} for _ in range(players)]
    for index in state.goals:
        goal = city.goals[index]
        values = [goal_rules.requirement(goal, f) for f in facts]
        awards = goal_rules.award(goal, values)
        for seat in range(players):
            points[seat].append(awards[seat])
            results[seat][goal.id] = {
                "value": values[seat],
                "achieved": goal.achieved(values[seat]),
                "pp": awards[seat],
            }
    return points, results


def _goal_facts(state: EnRouteState, seat: int, step: Breakdown) -> goal_rules.GoalFacts:
    sheet = state.sheets[seat]
    trail = state.finals[seat] or ()
    sections = [section_between(a, b) for a, b in pairwise(trail)]
    return goal_rules.GoalFacts(
        tourists=tuple(sheet.tourists_at(loc) for loc in range(LOCATIONS)),
        landmarks=state.game.city.landmark,
        route_locations=locations_on_route([s for s in sections if s is not None]),
        route_sections=step.route_length,
        drawn_sections=bin(sheet.sections).count("1"),
        cafes_visited=bin(sheet.cafes_gained).count("1"),
    )


def _winners(
    state: EnRouteState,
    steps: list[Breakdown],
    goal_results: list[JsonDict],
    breakdown: list[JsonDict],
) -> tuple[int, ...]:
    game = state.game
    if game.solo:
        pp, needed = game.challenge
        done = sum(1 for r in goal_results[0].values() if r["achieved"])
        breakdown[0]["challenge"] = {"pp": pp, "goals": needed, "goals_done": done}
        won = steps[0].total >= pp and done >= needed
        breakdown[0]["challenge_met"] = won
        return (0,) if won else ()
    if game.team:
        teams = [(0, 2), (1, 3)]
        keys = [
            (
                sum(steps[s].total for s in team),
                -abs(steps[team[0]].total - steps[team[1]].total),
            )
            for team in teams
        ]
        best = max(keys)
        return tuple(
            sorted(s for team, key in zip(teams, keys, strict=True) if key == best for s in team)
        )
    seat_keys = [(step.total, *step.tiebreak) for step in steps]
    top = max(seat_keys)
    return tuple(s for s, key in enumerate(seat_keys) if key == top)
