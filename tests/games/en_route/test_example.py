"""The rulebook's Prestige Point Scoring Example (105 PP), rebuilt on First City (CONTENT.md,
"The 105 PP scoring example on this map") and scored by the engine: a game at its end, the
final route chosen with a FinalRoute action, the result read from the state."""

from __future__ import annotations

from itertools import pairwise

import pytest

import tabletrip
from tabletrip.games.en_route.actions import FinalRoute
from tabletrip.games.en_route.geometry import (
    crossroads_index,
    location_index,
    locations_on_route,
    section_between,
)
from tabletrip.games.en_route.phases import FINAL, OBJECTIVE, OVER
from tabletrip.games.en_route.rules import EnRouteState
from tabletrip.games.en_route.scoring import STEPS

ROUTE = (
    (1, 3),
    (1, 2),
    (1, 1),
    (2, 1),
    (3, 1),
    (3, 2),
    (3, 3),
    (4, 3),
    (5, 3),
    (5, 4),
    (6, 4),
    (6, 5),
    (5, 5),
    (5, 6),
    (4, 6),
    (3, 6),
)
TRAIL = tuple(crossroads_index(x, y) for x, y in ROUTE)
SECTIONS = [section_between(a, b) for a, b in pairwise(TRAIL)]
# Drawn during the game but not on the final route: a branch and an isolated segment.
ERASED = [
    section_between(crossroads_index(3, 3), crossroads_index(3, 4)),
    section_between(crossroads_index(0, 5), crossroads_index(0, 6)),
    section_between(crossroads_index(0, 6), crossroads_index(1, 6)),
]
# (location (col, row), (red, green, blue)): 6 red, 10 green, 7 blue on the route.
ON_ROUTE = [
    ((1, 2), (1, 3, 0)),  # Dandelion Gardens
    ((2, 1), (0, 2, 1)),  # Hundred-Step Stairway
    ((3, 1), (2, 1, 0)),  # Whispering Arboretum
    ((4, 2), (1, 0, 2)),  # Roundabout Stadium
    ((3, 3), (0, 2, 1)),  # Inkwell Gallery
    ((5, 4), (1, 0, 2)),  # Echo Theatre
    ((4, 5), (1, 2, 1)),  # Tele-Vision Tower
]
# Tourists whose locations are not on the final route: they leave.
OFF_ROUTE = [((0, 5), (2, 1, 1)), ((5, 0), (0, 0, 3)), ((0, 3), (1, 1, 0))]
COMPASS = 5  # Café Compass at (4, 6), a coordinate change, gained and never used


@pytest.fixture()
def example() -> EnRouteState:
    """A 2-player intermediate game (no Goals) at its end, seat 0's board as in the example."""
    game = tabletrip.make("en-route", players=2, level="intermediate")
    state = game.new_game(0)
    while state.phase == OBJECTIVE:
        state.apply(state.legal_actions()[0])
    assert isinstance(state, EnRouteState)
    city = game.city
    state.objectives[0] = city.objective_ids.index("objective-1")
    state.marks[city.iconic_ids.index("tower")] = 3  # 10 PP after 3 upgrades
    sheet = state.sheets[0]
    for section in [*SECTIONS, *ERASED]:
        assert section is not None
        sheet.sections |= 1 << section
    for (col, row), counts in ON_ROUTE + OFF_ROUTE:
        loc = location_index(col, row)
        sheet.add_tourists(loc, counts)
        sheet.occupied |= 1 << loc
    sheet.cafes_gained = 1 << COMPASS
    state.shown = [s.copy() for s in state.sheets]
    state.round = city.rounds + 1
    state.phase = FINAL
    state.queue = [0, 1]
    state.seat = 0
    state.draws = []
    state.placed = []
    state.round_cards = []
    return state


def test_the_tourists_are_placed_as_the_example_says() -> None:
    """En Route rulebook, Prestige Point Scoring Example: 6 red, 10 green and 7 blue tourists on
    the route (the rebuilt board, checked before scoring)."""
    on_route = locations_on_route([s for s in SECTIONS if s is not None])
    totals = [0, 0, 0]
    for (col, row), counts in ON_ROUTE:
        assert on_route >> location_index(col, row) & 1
        totals = [t + c for t, c in zip(totals, counts, strict=True)]
    assert totals == [6, 10, 7]
    for (col, row), _ in OFF_ROUTE:
        assert not on_route >> location_index(col, row) & 1


def test_prestige_point_scoring_example(example: EnRouteState) -> None:
    """En Route rulebook, End of the Game > Prestige Point Scoring Example: red 2 x 6 = 12,
    green 2 x 10 = 20, blue 3 x 7 = 21, yellow 6 + 6 + 6 = 18, Tele-Vision Tower 10, 1 unused
    Café bonus 2, 2 Hand Craft Festival points 12, objective crossroads 10 sections apart 10,
    no Goals: 105 Prestige Points."""
    state = example
    route = state.game.parse_action("route " + " ".join(f"{x},{y}" for x, y in ROUTE), state)
    assert route == FinalRoute(TRAIL)
    state.apply(route)
    state.apply(state.legal_actions()[0])  # seat 1: nothing drawn, no route
    assert state.phase == OVER
    result = state.result
    assert result is not None
    scored = result.breakdown[0]
    assert {step: scored[step] for step in (*STEPS, "total")} == {
        "red": 12,
        "green": 20,
        "blue": 21,
        "yellow": 18,
        "gray": 10,
        "cafes": 2,
        "visit_them_all": 12,
        "personal_objective": 10,
        "goals": 0,
        "total": 105,
    }
    assert result.scores[0] == 105
    assert scored["route_length"] == 15
    assert scored["tourists"] == 6 + 10 + 7  # those off the route left
    assert scored["final_route"] == list(TRAIL)
    assert result.winners == (0,)


def test_the_example_route_is_among_the_best_offered(example: EnRouteState) -> None:
    """En Route rulebook, End of the Game > II (tabletrip: the best routes are offered first):
    no route over this board scores less than the example's at the top of the list."""
    best = example.legal_actions()[0]
    assert isinstance(best, FinalRoute)
    example.apply(best)
    example.apply(example.legal_actions()[0])
    assert example.result is not None
    assert example.result.scores[0] >= 105
