"""Ticket to Ride scoring as pure functions on hand-built route networks.

An edge is `(city_a, city_b, length)`. These are the rulebook's scoring steps without a game:
"USA rulebook, End of Game and Scoring > Calculating Points" (connections for tickets, the
Longest Continuous Path) and the tie-breaks of both rulebooks.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletrip.games.ticket_to_ride.scoring import (
    Edge,
    components,
    connected,
    longest_path,
    ranking,
)

# --- Longest Continuous Path ---------------------------------------------------------------


def brute_force_longest(edges: list[Edge]) -> int:
    """The longest trail by trying every start city and every unused route at every step."""
    best = 0

    def walk(city: int, used: frozenset[int], total: int) -> None:
        nonlocal best
        best = max(best, total)
        for i, (a, b, length) in enumerate(edges):
            if i in used:
                continue
            if a == city:
                walk(b, used | {i}, total + length)
            elif b == city:
                walk(a, used | {i}, total + length)

    for city in {c for a, b, _ in edges for c in (a, b)}:
        walk(city, frozenset(), 0)
    return best


def test_longest_path_of_no_routes_is_zero() -> None:
    """USA rulebook, Calculating Points > 3. Longest Continuous Path: no trains, no path."""
    assert longest_path([]) == 0


def test_longest_path_of_a_single_route_is_its_length() -> None:
    """USA rulebook, Calculating Points > 3. Longest Continuous Path: one route of 4 trains."""
    assert longest_path([(0, 1, 4)]) == 4


def test_longest_path_never_counts_a_route_twice() -> None:
    """USA rulebook, Calculating Points > 3: "a plastic train cannot be counted twice".

    Going A-B and back along the same route is not a path of 10.
    """
    assert longest_path([(0, 1, 5)]) == 5


def test_longest_path_along_a_line_adds_every_route() -> None:
    """USA rulebook, Calculating Points > 3. Longest Continuous Path: a line of routes."""
    assert longest_path([(0, 1, 1), (1, 2, 2), (2, 3, 3), (3, 4, 6)]) == 12
    # the same line listed in another order
    assert longest_path([(3, 4, 6), (0, 1, 1), (2, 3, 3), (1, 2, 2)]) == 12


def test_longest_path_around_a_cycle_uses_every_route() -> None:
    """USA rulebook, Calculating Points > 3: a path may return to its start (a triangle)."""
    assert longest_path([(0, 1, 3), (1, 2, 4), (2, 0, 5)]) == 12


def test_longest_path_of_a_cycle_with_a_tail() -> None:
    """USA rulebook, Calculating Points > 3: start at the tail's end, then go round."""
    edges = [(0, 1, 1), (1, 2, 1), (2, 0, 1), (0, 3, 5)]
    assert longest_path(edges) == 8


def test_longest_path_through_a_figure_eight_revisits_the_shared_city() -> None:
    """USA rulebook, Calculating Points > 3: "can ... pass through the same city multiple times".

    Two triangles share city 0: the path goes round both, through 0 twice, every route once.
    """
    edges = [(0, 1, 1), (1, 2, 1), (2, 0, 1), (0, 3, 2), (3, 4, 2), (4, 0, 2)]
    assert longest_path(edges) == 9


def test_longest_path_of_a_figure_eight_with_tails() -> None:
    """USA rulebook, Calculating Points > 3: tails on both loops; four odd cities.

    Not every route can be used: the best leaves out a cheapest set of 3 trains (5-1, round
    the first loop to 0, round the second loop, 3-6 is 4 + 2 + 4 + 3 = 13).
    """
    edges = [
        (0, 1, 1),
        (1, 2, 1),
        (2, 0, 1),
        (0, 3, 2),
        (3, 4, 2),
        (4, 0, 2),
        (1, 5, 4),
        (3, 6, 3),
    ]
    assert longest_path(edges) == 13
    assert longest_path(edges) == brute_force_longest(edges)


def test_longest_path_of_a_star_takes_the_two_longest_arms() -> None:
    """USA rulebook, Calculating Points > 3: a branching network counts one branch per side."""
    edges = [(0, 1, 1), (0, 2, 2), (0, 3, 3), (0, 4, 4)]
    assert longest_path(edges) == 7


def test_longest_path_counts_both_routes_of_a_double() -> None:
    """USA rulebook, Calculating Points > 3: both routes of a double are a 2-cycle.

    (With 4-5 players a seat never holds both, but a seat's network may hold parallel routes
    from the same city pair on another map; the function must count them as distinct trains.)
    """
    assert longest_path([(0, 1, 2), (0, 1, 3)]) == 5
    assert longest_path([(0, 1, 2), (0, 1, 3), (1, 2, 4)]) == 9


def test_longest_path_is_that_of_the_best_component() -> None:
    """USA rulebook, Calculating Points > 3: separate networks are not added together."""
    line = [(0, 1, 1), (1, 2, 2)]
    single = [(10, 11, 5)]
    assert longest_path(line + single) == 5
    assert longest_path(single + line) == 5


def test_longest_path_finds_an_even_degree_component_beside_an_odd_one() -> None:
    """USA rulebook, Calculating Points > 3: a triangle of long routes beside a short route.

    The triangle has no odd-degree city, the short route has two: the triangle still counts.
    """
    triangle = [(0, 1, 4), (1, 2, 4), (2, 0, 4)]
    short = [(5, 6, 1)]
    assert longest_path(short + triangle) == 12
    assert longest_path(triangle + short) == 12


edge_lists = st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(1, 6)).filter(
        lambda e: e[0] != e[1]
    ),
    max_size=8,
)


@settings(max_examples=150, deadline=None)
@given(edges=edge_lists)
def test_longest_path_equals_a_brute_force_search(edges: list[Edge]) -> None:
    """USA rulebook, Calculating Points > 3: any network, checked against trying every start."""
    assert longest_path(edges) == brute_force_longest(edges)


# --- connections (Destination Tickets) ---------------------------------------------------


def test_components_group_the_cities_of_each_network() -> None:
    """USA rulebook, Calculating Points > 2: cities joined by a continuous series of routes."""
    roots = components([(0, 1, 2), (1, 2, 3), (5, 6, 1)])
    assert set(roots) == {0, 1, 2, 5, 6}
    assert roots[0] == roots[1] == roots[2]
    assert roots[5] == roots[6]
    assert roots[0] != roots[5]


def test_connected_through_several_routes() -> None:
    """USA rulebook, Calculating Points > 2: a ticket is met through a series of routes."""
    edges = [(0, 1, 2), (2, 3, 1), (1, 2, 4)]
    assert connected(edges, 0, 3)
    assert connected(edges, 3, 0)


def test_not_connected_across_separate_networks_or_to_an_unvisited_city() -> None:
    """USA rulebook, Calculating Points > 2: otherwise the ticket's points are subtracted."""
    edges = [(0, 1, 2), (5, 6, 1)]
    assert not connected(edges, 0, 6)
    assert not connected(edges, 0, 9)
    assert not connected([], 0, 1)


# --- winners and tie-breaks -----------------------------------------------------------------


def test_ranking_the_most_points_wins() -> None:
    """USA rulebook, End of Game and Scoring: the player with the most points wins."""
    assert ranking([50, 72, 61]) == (1,)


def test_ranking_a_tie_goes_to_the_most_completed_tickets() -> None:
    """USA rulebook, End of Game and Scoring: in a tie, most completed Destination Tickets wins."""
    assert ranking([80, 80, 60], [[3, 5, 9]]) == (1,)


def test_ranking_then_the_longest_path_holder() -> None:
    """USA rulebook, End of Game and Scoring: then the Longest Continuous Path card holder."""
    assert ranking([80, 80, 80], [[4, 4, 2], [0, 1, 1]]) == (1,)


def test_ranking_a_full_tie_is_shared() -> None:
    """Europe Express rulebook, Game end: "If the tie continues both players are ... winners"."""
    assert ranking([80, 80, 70], [[4, 4, 9]]) == (0, 1)
    assert ranking([80, 80, 80], [[4, 4, 4], [1, 1, 0]]) == (0, 1)
    assert ranking([7, 7]) == (0, 1)
