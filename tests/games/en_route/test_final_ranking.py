"""The final routes `legal_actions` lists are ranked by everything the route changes.

En Route rulebook, End of the Game > II (the final route) and IV. 9 (Goals); CONTRACT.md, "Huge
choice sets" (the best candidates first); RULES_NOTES, "The final route": steps 1-8 plus, for
each Goal a route meets, the PP it surely earns (Winner PP where no other map can reach a
better result, else Achiever PP); solo, the Goals the Challenge cell needs first.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

import tabletrip
from en_route_situations import at_final, finish, new_state, trail
from tabletrip.core import Rng
from tabletrip.core.encoding import encoding_for
from tabletrip.games.en_route import goals as goal_rules
from tabletrip.games.en_route.actions import FinalRoute
from tabletrip.games.en_route.geometry import (
    LOCATIONS,
    SECTION_ENDS,
    locations_on_route,
    section_between,
    sections_mask,
)
from tabletrip.games.en_route.route_goals import (
    SOLO_WEIGHT,
    GoalTerms,
    MapFacts,
    RouteGoals,
    for_seat,
    rival_results,
)
from tabletrip.games.en_route.route_search import best_routes
from tabletrip.games.en_route.rules import EnRouteState
from tabletrip.games.en_route.scoring import FinalBoard, score_route, trail_sections

# A path of 16 sections past no yellow or gray Landmark (0 PP without tourists), and apart
# from it a loop of 4 sections around the Singing Bridge (yellow, 6 PP).
LONG_PATH = (
    (0, 0),
    (1, 0),
    (2, 0),
    (3, 0),
    (3, 1),
    (4, 1),
    (4, 2),
    (3, 2),
    (3, 3),
    (2, 3),
    (2, 2),
    (1, 2),
    (1, 1),
    (0, 1),
    (0, 2),
    (0, 3),
    (1, 3),
)
BRIDGE_LOOP = ((5, 3), (6, 3), (6, 4), (5, 4), (5, 3))


def road(*points: tuple[int, int]) -> list[int]:
    """The sections along a path of crossroads (x, y)."""
    sections = [section_between(a, b) for a, b in pairwise(trail(*points))]
    assert None not in sections
    return [s for s in sections if s is not None]


def goal_index(state: EnRouteState, goal_id: str) -> int:
    return [g.id for g in state.game.city.goals].index(goal_id)


def long_route_position() -> EnRouteState:
    """The end of a full 2-player game, seat 0 to choose. Goals: A1 (a route of 16 sections
    or more: Achiever 4, Winner 7 PP), B1 (8 red tourists) and C2 (2 gray Landmarks), which
    nobody can meet. Seat 0 drew the long path and the loop; no objective, no tourists. Seat 1
    drew 2 sections. By steps 1-8 every route in the loop (6 PP) beats the long path (0 PP),
    and the loop holds more than 5 routes; with the Goals the long path is worth 7 PP."""
    state = new_state(2, seed=0, level="full")
    at_final(state)
    state.objectives = [-1, -1]
    state.sheets[0].sections = sections_mask(road(*LONG_PATH) + road(*BRIDGE_LOOP))
    state.sheets[1].sections = sections_mask(road((0, 5), (0, 6), (1, 6)))
    state.shown = [sheet.copy() for sheet in state.sheets]
    state.goals = [goal_index(state, g) for g in ("A1", "B1", "C2")]
    return state


def test_a_goal_puts_first_a_route_steps_1_to_8_leave_out() -> None:
    """End of the Game > IV. 9: a Goal met adds its PP, so the long path (0 + 7 PP) is the
    best final route and is listed first, though steps 1-8 alone rank 5 routes above it."""
    state = long_route_position()
    board = state.final_board(0)
    drawn = [s for s in range(84) if state.sheets[0].sections >> s & 1]
    by_steps = [r.trail for r in best_routes(board, drawn, k=5)]
    long_path = min(trail(*LONG_PATH), trail(*LONG_PATH)[::-1])
    assert long_path not in by_steps  # what the old ranking offered
    listed = state.legal_actions()
    assert listed[0] == FinalRoute(long_path)
    scores = {}
    for action in listed:
        played = state.clone()
        finish(played, {0: action.crossroads})  # type: ignore[attr-defined]
        assert played.result is not None
        scores[action] = played.result.scores[0]
    assert scores[listed[0]] == 7 and all(scores[a] < 7 for a in listed[1:])


def test_the_winner_pp_count_only_where_no_other_map_can_do_better() -> None:
    """End of the Game > IV. 9 (Winner PP for the best result, ties alike): the others'
    routes are secret, so a met Goal counts its Winner PP only when no other map can reach a
    better result; else its Achiever PP."""
    state = long_route_position()
    a1 = state.game.city.goals[goal_index(state, "A1")]
    rival = MapFacts(sections_mask(road(*LONG_PATH)), ((0, 0, 0),) * LOCATIONS, 0)
    landmarks = state.game.city.landmark
    terms = GoalTerms((a1,), rival_results((a1,), [rival], landmarks), -1)
    assert terms.rivals == (16,)
    assert [terms.level(0, v) for v in (15, 16, 17)] == [0, 2, 2]  # a tie is a win too
    bigger = MapFacts(sections_mask(road(*LONG_PATH) + road((1, 3), (1, 4))), rival.tourists, 0)
    terms = GoalTerms((a1,), rival_results((a1,), [bigger], landmarks), -1)
    assert [terms.level(0, v) for v in (16, 17)] == [1, 2]
    assert terms.pp(0, 1) == a1.achiever and terms.pp(0, 2) == a1.winner


def test_solo_ranks_the_goals_the_cell_needs_before_pp() -> None:
    """Solo Mode > Winning Conditions (the cell's PP and its number of Goals): Goals score no
    PP, but a route meeting the Goals the cell needs is listed before richer ones that do
    not; beyond the number needed, Goals do not count."""
    state = new_state(1, seed=0, level="full", mode="solo", challenge=1)  # 70 PP, 1 Goal
    at_final(state)
    state.objectives = [-1]
    state.sheets[0].sections = sections_mask(road(*LONG_PATH) + road(*BRIDGE_LOOP))
    state.goals = [goal_index(state, g) for g in ("A1", "B1", "C2")]
    listed = state.legal_actions()
    long_path = min(trail(*LONG_PATH), trail(*LONG_PATH)[::-1])
    assert listed[0] == FinalRoute(long_path)
    goals = for_seat(
        state.game.city, state.goals, MapFacts.from_sheet(state.sheets[0]), [], solo_needed=1
    )
    assert goals is not None
    sections = trail_sections(long_path)
    assert goals.rank(locations_on_route(sections), len(sections)) == SOLO_WEIGHT
    assert goals.pp(locations_on_route(sections), len(sections)) == 0


def _trails(drawn: int) -> list[tuple[int, ...]]:
    """Every trail over the drawn sections (both directions)."""
    ends: dict[int, list[tuple[int, int]]] = {}
    for s in range(84):
        if drawn >> s & 1:
            a, b = SECTION_ENDS[s]
            ends.setdefault(a, []).append((s, b))
            ends.setdefault(b, []).append((s, a))
    found: list[tuple[int, ...]] = []

    def walk(path: tuple[int, ...], used: int) -> None:
        if len(path) > 1:
            found.append(path)
        for s, w in ends.get(path[-1], []):
            if not used >> s & 1:
                walk((*path, w), used | 1 << s)

    for start in ends:
        walk((start,), 0)
    return found


@pytest.mark.parametrize("seed", range(12))
def test_the_ranking_with_goals_finds_the_best_routes(seed: int) -> None:
    """CONTRACT.md, Huge choice sets (the best candidates first): with Goals, the search's
    first route is the best of every trail by steps 1-8 plus what the Goals add, and each
    listed route's worth is its own (checked against all trails of small random maps)."""
    rng = Rng(seed)
    state = new_state(2, seed=seed, level="full")
    city = state.game.city
    drawn = 0
    for _ in range(12):
        drawn |= 1 << rng.below(84)
    tourists = [(rng.below(3), rng.below(2), rng.below(3)) for _ in range(LOCATIONS)]
    board = FinalBoard(
        tourists=tuple(tourists),
        landmarks=state.final_board(0).landmarks,
        visit_them_all=city.vta_crossroads,
        visit_them_all_points=city.vta_scores,
        objective=city.objectives[seed % len(city.objectives)],
    )
    own = MapFacts(drawn, tuple(tourists), rng.below(4))
    other = MapFacts(1 << rng.below(84) | 1 << rng.below(84), tuple(tourists), rng.below(4))
    goal_ids = [rng.below(3), 3 + rng.below(3), 6 + rng.below(3)]
    goals = for_seat(city, goal_ids, own, [other])
    assert isinstance(goals, RouteGoals)

    def worth(path: tuple[int, ...]) -> tuple[int, ...]:
        score = score_route(board, path)
        sections = trail_sections(path)
        extra = goals.rank(locations_on_route(sections), len(sections))
        return (score.total + extra, *score.tiebreak)

    every = _trails(drawn)
    routes = best_routes(board, [s for s in range(84) if drawn >> s & 1], k=5, goals=goals)
    assert worth(routes[0].trail) == max(worth(t) for t in every)
    values = [worth(r.trail) for r in routes]
    assert values == sorted(values, reverse=True)
    for route in routes:
        sections = trail_sections(route.trail)
        assert route.score.goals == goals.pp(locations_on_route(sections), len(sections))


@pytest.mark.parametrize("seed", range(6))
def test_goal_results_on_locations_are_the_rules_own(seed: int) -> None:
    """End of the Game > IV. 9: the fast measure of each Goal's result on a route's
    locations and length is `goals.requirement`, the one scoring uses."""
    rng = Rng(seed)
    state = new_state(2, seed=seed, level="full")
    city = state.game.city
    tourists = tuple((rng.below(3), rng.below(3), rng.below(3)) for _ in range(LOCATIONS))
    own = MapFacts(sum(1 << rng.below(84) for _ in range(10)), tourists, rng.below(5))
    goals = for_seat(city, list(range(9)), own, [])
    assert goals is not None
    for _ in range(20):
        locs = sum(1 << rng.below(LOCATIONS) for _ in range(rng.below(12)))
        facts = goal_rules.GoalFacts(
            tourists=tourists,
            landmarks=city.landmark,
            route_locations=locs,
            route_sections=5,
            drawn_sections=own.sections.bit_count(),
            cafes_visited=own.cafes_visited,
        )
        for goal in city.goals:
            assert goals.measure.value(goal, locs, 5) == goal_rules.requirement(goal, facts)


@pytest.mark.parametrize("warm", [True, False], ids=["engine-cache", "from-observation"])
def test_the_encoding_lists_the_same_candidates_goals_included(warm: bool) -> None:
    """encoding.py (the route action block is the k-th listed candidate; the vector holds the
    candidates, computed from the observation alone when the engine has not listed them)."""
    state = long_route_position()
    game = state.game if warm else tabletrip.make("en-route", players=2, level="full")
    enc = encoding_for(game)
    listed = state.legal_actions()
    routes = [a.crossroads for a in listed if isinstance(a, FinalRoute)]
    found = enc.observations.final_candidates(state.observation(0))  # type: ignore[attr-defined]
    assert [sections for sections, _ in found] == [tuple(sorted(trail_sections(r))) for r in routes]
    board = state.final_board(0)
    assert [pp for _, pp in found] == [score_route(board, r).total for r in routes]
