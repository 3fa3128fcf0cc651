"""En Route Goal cards (End of the Game > IV. 9, Goal Cards): each requirement kind measured on
small facts, the Winner and Achiever awards, and Goals scored through the engine."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

import tabletrip
from tabletrip.games.en_route.actions import FinalRoute
from tabletrip.games.en_route.content import Goal, load_city
from tabletrip.games.en_route.geometry import (
    crossroads_index,
    location_index,
    locations_on_route,
    section_between,
)
from tabletrip.games.en_route.goals import GoalFacts, award, requirement
from tabletrip.games.en_route.phases import FINAL, OBJECTIVE
from tabletrip.games.en_route.rules import EnRouteState

CITY = load_city()


def goal(kind: str, param: str | None = None, sign: str = "+", threshold: int = 0) -> Goal:
    return Goal("T", "A", kind, param, sign, threshold, 3, 6, "test goal")


def card(goal_id: str) -> Goal:
    return next(g for g in CITY.goals if g.id == goal_id)


def sections(*points: tuple[int, int]) -> list[int]:
    found = []
    for a, b in pairwise(crossroads_index(x, y) for x, y in points):
        section = section_between(a, b)
        assert section is not None
        found.append(section)
    return found


# Route (1,0)-(2,0)-(2,1)-(3,1): along locations (1,0) (red Merry-Go-Market), (2,0) and
# (2,1) (yellow Hundred-Step Stairway); (1,1) is touched only at a corner.
ROUTE = sections((1, 0), (2, 0), (2, 1), (3, 1))
ROUTE_LOCATIONS = locations_on_route(ROUTE)


def facts(tourists: dict[int, tuple[int, int, int]], **others: Any) -> GoalFacts:
    per_location = [(0, 0, 0)] * 36
    for loc, counts in tourists.items():
        per_location[loc] = counts
    values: dict[str, Any] = {
        "tourists": tuple(per_location),
        "landmarks": CITY.landmark,
        "route_locations": ROUTE_LOCATIONS,
        "route_sections": len(ROUTE),
        "drawn_sections": len(ROUTE),
        "cafes_visited": 0,
    }
    values.update(others)
    return GoalFacts(**values)


ON = location_index(1, 0)  # Merry-Go-Market (red), along the route's first section
ON_TOO = location_index(2, 1)  # Hundred-Step Stairway (yellow 6), below (2,1)-(3,1)
OFF = location_index(5, 5)


def test_route_locations_of_the_small_route() -> None:
    """En Route rulebook, End of the Game > III: a location is on the route when the route runs
    along one of its edges."""
    on = {loc for loc in range(36) if ROUTE_LOCATIONS >> loc & 1}
    assert on == {location_index(c, r) for c, r in [(1, 0), (2, 0), (2, 1)]}


def test_tourists_of_type() -> None:
    """En Route rulebook, Goal Cards: a requirement counted on the final route: tourists of one
    type in the locations on the route (those off it have left)."""
    f = facts({ON: (2, 1, 0), ON_TOO: (3, 0, 4), OFF: (9, 9, 9)})
    assert requirement(goal("tourists_of_type", "red"), f) == 5
    assert requirement(goal("tourists_of_type", "green"), f) == 1
    assert requirement(goal("tourists_of_type", "blue"), f) == 4


def test_route_sections() -> None:
    """En Route rulebook, Goal Cards (A: the route's shape): sections in the final route."""
    assert requirement(goal("route_sections"), facts({}, route_sections=11)) == 11


def test_landmarks_of_color() -> None:
    """En Route rulebook, Goal Cards (C: Landmarks): Landmarks of one colour on the route."""
    f = facts({})
    assert requirement(goal("landmarks_of_color", "red"), f) == 1
    assert requirement(goal("landmarks_of_color", "yellow"), f) == 1
    assert requirement(goal("landmarks_of_color", "blue"), f) == 0
    gray = locations_on_route(sections((1, 4), (2, 4), (2, 5), (3, 5), (4, 5), (5, 5)))
    assert requirement(goal("landmarks_of_color", "gray"), facts({}, route_locations=gray)) == 2


def test_landmark_colors() -> None:
    """En Route rulebook, Goal Cards (C: Landmarks): how many colours the Landmarks on the route
    show."""
    assert requirement(goal("landmark_colors"), facts({})) == 2  # red and yellow
    assert requirement(goal("landmark_colors"), facts({}, route_locations=0)) == 0
    everything = (1 << 36) - 1
    assert requirement(goal("landmark_colors"), facts({}, route_locations=everything)) == 5


def test_locations_with_tourists() -> None:
    """En Route rulebook, Goal Cards (B: tourists): locations on the route holding tourists."""
    f = facts({ON: (1, 0, 0), ON_TOO: (0, 0, 1), OFF: (1, 1, 1)})
    assert requirement(goal("locations_with_tourists"), f) == 2


def test_cafes_visited() -> None:
    """En Route rulebook, Goal Cards / Cafés: Cafés circled during the game, used or not."""
    assert requirement(goal("cafes_visited"), facts({}, cafes_visited=4)) == 4


def test_tourists_left_off() -> None:
    """En Route rulebook, Goal Cards (minus requirement) / End of the Game > III: tourists whose
    location is not on the final route leave."""
    f = facts({ON: (5, 0, 0), OFF: (1, 2, 0), location_index(0, 5): (0, 0, 3)})
    assert requirement(goal("tourists_left_off", sign="-"), f) == 6


def test_sections_erased() -> None:
    """En Route rulebook, Goal Cards (minus requirement) / End of the Game > II: drawn sections
    not in the final route are erased."""
    f = facts({}, drawn_sections=len(ROUTE) + 4)
    assert requirement(goal("sections_erased", sign="-"), f) == 4


def test_unknown_kind_is_an_error() -> None:
    """En Route rulebook, Goal Cards: each Goal card has a requirement (of a known kind)."""
    with pytest.raises(ValueError):
        requirement(goal("no_such_kind"), facts({}))


def test_plus_goal_needs_the_result_or_more() -> None:
    """En Route rulebook, Goal Cards: each player who meets the requirement with the indicated
    result or more receives the Goal Achiever PP."""
    a1 = card("A1")
    assert (a1.sign, a1.threshold) == ("+", 16)
    assert a1.achieved(16) and a1.achieved(30) and not a1.achieved(15)


def test_minus_goal_needs_the_result_or_less() -> None:
    """En Route rulebook, Goal Cards > Note: with a minus requirement a player needs the
    indicated result or less."""
    a2 = card("A2")
    assert (a2.sign, a2.threshold) == ("-", 2)
    assert a2.achieved(0) and a2.achieved(2) and not a2.achieved(3)


def test_achievers_and_the_winner() -> None:
    """En Route rulebook, End of the Game > IV. 9: meeting a requirement gives the Goal Achiever
    PP; meeting it with the highest value gives the Goal Winner PP instead."""
    a1 = card("A1")  # 16+: 4 / 7
    assert award(a1, [20, 16, 15, 18]) == [7, 4, 0, 4]


def test_tied_winners_share_the_winner_pp() -> None:
    """En Route rulebook, End of the Game > IV. 9: if multiple players have the same highest
    value, they each receive the Goal Winner PP."""
    a1 = card("A1")
    assert award(a1, [20, 20, 17]) == [7, 7, 4]


def test_nobody_achieves() -> None:
    """En Route rulebook, Goal Cards: only a player meeting the requirement scores."""
    assert award(card("C2"), [1, 0, 1]) == [0, 0, 0]


def test_a_lone_achiever_is_the_winner() -> None:
    """En Route rulebook, End of the Game > IV. 9: the achiever with the highest value (even the
    only one) receives the Goal Winner PP."""
    assert award(card("C2"), [2, 1]) == [8, 0]


def test_minus_goal_lowest_wins() -> None:
    """En Route rulebook, Goal Cards > Note: for the Goal Winner PP a player needs the lowest
    result among all players."""
    b3 = card("B3")  # tourists left off: 3 or less, 3 / 6
    assert award(b3, [0, 3, 4, 0]) == [6, 3, 0, 6]
    assert award(b3, [5, 2]) == [0, 6]


# --- Goals through the engine -----------------------------------------------------------------


def engine_final() -> EnRouteState:
    """A full 2-player game at its end; Goals A2 (erased 2 or less), B3 (tourists left off 3 or
    less) and C2 (2+ gray Landmarks)."""
    state = tabletrip.make("en-route", players=2, level="full").new_game(0)
    while state.phase == OBJECTIVE:
        state.apply(state.legal_actions()[0])
    assert isinstance(state, EnRouteState)
    ids = [g.id for g in CITY.goals]
    state.goals = [ids.index("A2"), ids.index("B3"), ids.index("C2")]
    state.objectives = [-1, -1]
    state.round = 11
    state.phase = FINAL
    state.queue = [0, 1]
    state.seat = 0
    state.draws = []
    state.placed = []
    return state


# School (1,3) below (1,4)-(2,4); Tele-Vision Tower (4,5) below (4,5)-(5,5).
GRAY_ROUTE = ((1, 4), (2, 4), (2, 5), (3, 5), (4, 5), (5, 5))


def test_goals_scored_at_the_end() -> None:
    """En Route rulebook, End of the Game > IV. 9: for each of the three Goals, compare the
    results: Winner PP for the best achievers (tied: each), Achiever PP for the others."""
    state = engine_final()
    route = tuple(crossroads_index(x, y) for x, y in GRAY_ROUTE)
    for seat in (0, 1):
        for s in sections(*GRAY_ROUTE):
            state.sheets[seat].sections |= 1 << s
    state.sheets[1].sections |= 1 << sections((0, 0), (1, 0))[0]  # 1 section erased
    state.sheets[0].add_tourists(location_index(0, 0), (5, 0, 0))  # 5 tourists left off
    state.sheets[1].add_tourists(location_index(0, 0), (1, 1, 1))  # 3 left off
    state.apply(FinalRoute(route))
    state.apply(FinalRoute(route))
    assert state.result is not None
    results = [b["goal_results"] for b in state.result.breakdown]
    assert results[0] == {
        "A2": {"value": 0, "achieved": True, "pp": 7},
        "B3": {"value": 5, "achieved": False, "pp": 0},
        "C2": {"value": 2, "achieved": True, "pp": 8},
    }
    assert results[1] == {
        "A2": {"value": 1, "achieved": True, "pp": 4},
        "B3": {"value": 3, "achieved": True, "pp": 6},
        "C2": {"value": 2, "achieved": True, "pp": 8},
    }
    assert [b["goals"] for b in state.result.breakdown] == [15, 18]


def test_no_goals_below_the_full_game() -> None:
    """En Route rulebook, Goal Cards: in a simplified or intermediate game with First City, do
    not use Goal cards (step 9 scores nothing)."""
    state = tabletrip.make("en-route", players=2, level="intermediate").new_game(0)
    assert state.goals == []
