"""En Route scoring steps 1-8 as pure functions on hand-built boards ("End of the Game").

III. Checking tourists (tourists whose location is not on the final route leave; a corner
touched with a turn is not on the route) and IV. Prestige Point scoring, steps 1-8, with the
rulebook's "Prestige Point Scoring Example" (105 PP) rebuilt on the 6x6 grid.
"""

from __future__ import annotations

import dataclasses

import pytest

from tabletrip.games.en_route.geometry import (
    crossroads_index,
    location_index,
    locations_on_route,
)
from tabletrip.games.en_route.route_search import best_routes
from tabletrip.games.en_route.scoring import (
    FIRST_CITY_VISIT_THEM_ALL,
    Breakdown,
    FinalBoard,
    Landmark,
    landmark_steps,
    objective_pp,
    score_route,
    trail_sections,
    visit_them_all_pp,
)

C = crossroads_index
L = location_index


def trail(*points: tuple[int, int]) -> tuple[int, ...]:
    """A trail from (x, y) crossroads."""
    return tuple(C(x, y) for x, y in points)


# --- The Prestige Point Scoring Example ----------------------------------------------------
#
# The final route, 13 sections (x, y crossroads; locations are (col, row)):
#
#   (0,1)-(1,1)-(2,1)-(3,1)-(4,1)
#                             |
#                           (4,2)
#                             |
#         (1,3)-(2,3)-(3,3)-(4,3)
#           |
#         (1,4)
#           |
#         (1,5)-(2,5)-(3,5)
#
# Objective crossroads (1,1) at position 1 and (1,5) at position 11: 10 sections; the third,
# (6,6), is off the route. Hand Craft Festival points (3,1) and (2,3) are on it, (5,5) is not.

EXAMPLE_ROUTE = trail(
    (0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (4, 2), (4, 3),
    (3, 3), (2, 3), (1, 3), (1, 4), (1, 5), (2, 5), (3, 5),
)  # fmt: skip

EXAMPLE_LANDMARKS = {
    # on the route: 2 red, 2 green, 3 blue, 3 yellow (6 PP each), Tele-Vision Tower (10 PP)
    L(1, 0): Landmark("red"),
    L(3, 3): Landmark("red"),
    L(2, 1): Landmark("green"),
    L(0, 4): Landmark("green"),
    L(3, 0): Landmark("blue"),
    L(1, 3): Landmark("blue"),
    L(2, 5): Landmark("blue"),
    L(0, 1): Landmark("yellow", 6),
    L(4, 2): Landmark("yellow", 6),
    L(1, 5): Landmark("yellow", 6),
    L(2, 2): Landmark("gray", 10),
    # off the route: they score nothing
    L(0, 2): Landmark("red"),  # the route only turns at its corner (1, 3)
    L(5, 5): Landmark("green"),
    L(5, 0): Landmark("yellow", 6),
    L(5, 3): Landmark("gray", 8),
}

EXAMPLE_TOURISTS = {
    # on the route: 6 red, 10 green, 7 blue
    L(0, 0): (2, 1, 0),
    L(1, 1): (0, 3, 1),
    L(3, 1): (1, 0, 2),
    L(4, 1): (0, 2, 0),
    L(3, 2): (2, 1, 1),
    L(2, 3): (0, 2, 2),
    L(1, 4): (1, 1, 1),
    # off the route: they leave
    L(4, 3): (3, 2, 0),  # the route only turns at its corner (4, 3)
    L(5, 4): (0, 0, 4),
}

EXAMPLE = FinalBoard.build(
    EXAMPLE_TOURISTS,
    EXAMPLE_LANDMARKS,
    unused_cafe_bonuses=1,
    visit_them_all=(C(3, 1), C(2, 3), C(5, 5)),
    visit_them_all_points=FIRST_CITY_VISIT_THEM_ALL,
    objective=(C(1, 1), C(1, 5), C(6, 6)),
)


def test_prestige_point_scoring_example() -> None:
    """End of the Game > Prestige Point Scoring Example: 105 PP, every step as listed."""
    score = score_route(EXAMPLE, EXAMPLE_ROUTE)
    assert score.red == 2 * 6 == 12  # 1. 2 red Landmarks x 6 red tourists
    assert score.green == 2 * 10 == 20  # 2. 2 green Landmarks x 10 green tourists
    assert score.blue == 3 * 7 == 21  # 3. 3 blue Landmarks x 7 blue tourists
    assert score.yellow == 6 + 6 + 6 == 18  # 4. 3 yellow Landmarks
    assert score.gray == 10  # 5. Tele-Vision Tower
    assert score.cafes == 2  # 6. 1 unused Café bonus
    assert score.visit_them_all == 12  # 7. 2 Hand Craft Festival points
    assert score.personal_objective == 10  # 8. a segment of 10 sections
    assert score.goals == 0  # 9. Goal cards were not used in this game
    assert score.total == 105
    assert score.tiebreak == (13, 23, 11)  # sections, tourists, Landmarks on the route


def test_example_route_is_the_best_route_over_its_sections() -> None:
    """II. Determining the final route: over exactly these sections the whole route is best."""
    sections = trail_sections(EXAMPLE_ROUTE)
    (best,) = best_routes(EXAMPLE, sections, k=1)
    assert best.score.total == 105 and best.sections == frozenset(sections)


def test_example_corner_locations_are_off_the_route() -> None:
    """III. Checking tourists: (0,2) and (4,3) are only touched at a corner with a turn."""
    on = locations_on_route(trail_sections(EXAMPLE_ROUTE))
    assert not on >> L(0, 2) & 1 and not on >> L(4, 3) & 1
    assert on >> L(1, 3) & 1 and on >> L(3, 3) & 1


# --- III. Checking tourists ----------------------------------------------------------------


def test_tourists_off_the_route_leave() -> None:
    """III. Checking tourists: only tourists in locations on the final route are counted."""
    board = FinalBoard.build({L(0, 0): (3, 0, 0), L(4, 4): (5, 0, 0)}, {L(0, 0): Landmark("red")})
    score = score_route(board, trail((0, 0), (1, 0)))
    assert (score.red, score.tourists) == (3, 3)


def test_corner_turn_does_not_count() -> None:
    """III. Checking tourists: a turn at a location's corner does not put it on the route."""
    board = FinalBoard.build({L(1, 1): (4, 0, 0)}, {L(1, 1): Landmark("red")})
    around_corner = trail((1, 0), (1, 1), (0, 1))  # turns at (1,1), a corner of (1,1)
    assert score_route(board, around_corner).red == 0
    along_edge = trail((1, 0), (1, 1), (2, 1))  # runs along the top edge of (1,1)
    assert score_route(board, along_edge).red == 4


# --- IV. Prestige Point scoring ------------------------------------------------------------


def test_special_landmarks_multiply_their_tourists() -> None:
    """Steps 1-3: the tourists of a colour times the Landmarks of that colour on the route."""
    board = FinalBoard.build(
        {L(1, 0): (2, 3, 1), L(2, 0): (1, 0, 0)},
        {L(0, 0): Landmark("red"), L(3, 0): Landmark("red"), L(4, 0): Landmark("blue")},
    )
    score = score_route(board, trail(*((x, 0) for x in range(6))))
    assert (score.red, score.green, score.blue) == (3 * 2, 0, 1 * 1)
    assert score.landmarks == 3 and score.tourists == 7


def test_common_landmarks_add_their_points() -> None:
    """Steps 4-5: yellow PP as printed, gray PP at the final rating, for those on the route."""
    board = FinalBoard.build(
        landmarks={
            L(0, 0): Landmark("yellow", 7),
            L(1, 0): Landmark("gray", 12),
            L(3, 3): Landmark("gray", 4),
        }
    )
    score = score_route(board, trail((0, 0), (1, 0), (2, 0)))
    assert (score.yellow, score.gray) == (7, 12)


def test_unused_cafe_bonuses_count_even_without_a_route() -> None:
    """Step 6: 2 PP per unused Café bonus, even those not on the route."""
    board = FinalBoard(unused_cafe_bonuses=3)
    assert score_route(board, ()).total == 6
    assert score_route(board, trail((0, 0), (0, 1))).cafes == 6


FESTIVAL_ROUTES = {
    0: trail((0, 1), (0, 2)),
    1: trail((1, 0), (1, 1)),
    2: trail((1, 0), (2, 0)),
    3: trail((1, 0), (2, 0), (3, 0)),
}


@pytest.mark.parametrize(("on_route", "points"), [(0, 0), (1, 0), (2, 12), (3, 24)])
def test_visit_them_all_by_points_on_the_route(on_route: int, points: int) -> None:
    """Step 7, First City: 0 PP for one Hand Craft Festival point, 12 for two, 24 for three."""
    festival = (C(1, 0), C(2, 0), C(3, 0))
    board = FinalBoard(visit_them_all=festival)
    assert score_route(board, FESTIVAL_ROUTES[on_route]).visit_them_all == points
    assert visit_them_all_pp(board, sum(1 << c for c in festival[:on_route])) == points


def test_a_city_without_visit_them_all_points_scores_none_for_them() -> None:
    """Step 7 is the city's: a board with no Visit-Them-All crossroads scores 0 there, whatever
    the route passes."""
    board = FinalBoard(visit_them_all=())
    assert visit_them_all_pp(board, (1 << 49) - 1) == 0
    assert score_route(board, FESTIVAL_ROUTES[3]).visit_them_all == 0


def test_visit_them_all_endpoints_count() -> None:
    """Step 7: a route that starts or ends at a point passes through it."""
    board = FinalBoard(visit_them_all=(C(0, 0), C(2, 0), C(6, 6)))
    assert score_route(board, trail((0, 0), (1, 0), (2, 0))).visit_them_all == 12


def test_objective_needs_two_crossroads_on_the_route() -> None:
    """Step 8: fewer than 2 marked crossroads on the route score nothing."""
    objective = (C(0, 0), C(5, 5), C(6, 6))
    assert objective_pp(objective, trail((0, 0), (1, 0), (2, 0))) == 0
    assert objective_pp((), trail((0, 0), (1, 0))) == 0


def test_objective_longest_segment_between_two_crossroads() -> None:
    """Step 8: of several segments between marked crossroads, the longest counts."""
    objective = (C(1, 0), C(3, 0), C(5, 0))
    route = trail(*((x, 0) for x in range(7)))
    assert objective_pp(objective, route) == 4  # (1,0) to (5,0)


def test_objective_on_a_looping_route_uses_every_visit() -> None:
    """Step 8 with a loop: a crossroads passed twice counts at both of its positions."""
    a, b = (0, 0), (1, 0)
    loop = trail(a, b, (2, 0), (2, 1), (1, 1), b)  # b at positions 1 and 5
    assert objective_pp((C(*a), C(*b), C(6, 6)), loop) == 5  # a at 0 to b at 5


def test_objective_segment_joins_two_different_crossroads() -> None:
    """Step 8: a closed loop from a marked crossroads back to itself is not a segment."""
    a, b = (0, 0), (2, 1)
    loop = trail(a, (1, 0), (2, 0), b, (1, 1), (0, 1), a)  # a at 0 and 6, b at 3
    assert objective_pp((C(*a), C(*b)), loop) == 3
    assert objective_pp((C(*a), C(6, 6)), loop) == 0


def test_empty_route_scores_only_cafes() -> None:
    """A trail without sections is no route: no Landmark, tourist or objective counts."""
    score = score_route(EXAMPLE, ())
    assert score == Breakdown(cafes=2)


def test_not_a_trail_is_refused() -> None:
    """II. Determining the final route: continuous, each section used once."""
    with pytest.raises(ValueError, match="not joined"):
        trail_sections(trail((0, 0), (1, 1)))
    with pytest.raises(ValueError, match="used twice"):
        trail_sections(trail((0, 0), (1, 0), (0, 0)))
    with pytest.raises(ValueError, match="one crossroads"):
        score_route(EXAMPLE, (C(0, 0),))


def test_crossing_itself_is_a_trail() -> None:
    """ "It can even cross itself or be looping": a figure-eight uses each section once."""
    eight = trail(
        (1, 1), (1, 0), (0, 0), (0, 1), (1, 1), (2, 1), (2, 2), (1, 2), (1, 1)
    )  # fmt: skip
    assert len(trail_sections(eight)) == 8


def test_breakdown_total_tiebreak_and_goals_hook() -> None:
    """Step 9 is added by the caller; the tie-breaks are length, tourists, Landmarks."""
    score = score_route(EXAMPLE, EXAMPLE_ROUTE).with_goals(7)
    assert score.goals == 7 and score.total == 112
    data = score.to_json()
    assert data["total"] == 112 and data["personal_objective"] == 10
    assert data["route_length"] == 13


def test_landmark_steps_from_a_location_mask() -> None:
    """Steps 1-5 read only which locations are on the route."""
    on = locations_on_route(trail_sections(EXAMPLE_ROUTE))
    steps = landmark_steps(EXAMPLE, on)
    assert (steps.red, steps.green, steps.blue, steps.yellow, steps.gray) == (12, 20, 21, 18, 10)


def test_board_validation() -> None:
    """Bad boards are refused with a message naming the field."""
    with pytest.raises(ValueError, match="tourists"):
        FinalBoard(tourists=((0, 0, 0),) * 35)
    with pytest.raises(ValueError, match="none negative"):
        FinalBoard(tourists=((0, 0, 0),) * 35 + ((0, -1, 0),))
    with pytest.raises(ValueError, match="unused_cafe_bonuses"):
        FinalBoard(unused_cafe_bonuses=-1)
    with pytest.raises(ValueError, match="Landmark kind"):
        Landmark("purple")
    with pytest.raises(ValueError, match="special"):
        Landmark("red", 3)
    with pytest.raises(ValueError, match="visit_them_all_points"):
        FinalBoard(visit_them_all=(1, 2, 3), visit_them_all_points=(0, 12, 24))
    with pytest.raises(ValueError, match="fall"):
        FinalBoard(visit_them_all=(1, 2), visit_them_all_points=(0, 12, 6))
    with pytest.raises(ValueError, match="objective"):
        FinalBoard(objective=(3, 3, 4))
    board = dataclasses.replace(EXAMPLE, unused_cafe_bonuses=0)
    assert score_route(board, EXAMPLE_ROUTE).total == 103
