"""The best final routes, searched exactly ("End of the Game", II. Determining the final route).

"Select 2 endpoints and 1 continuous route segment between them ... Each section can only be
used once ... It can even cross itself or be looping." The search must agree with a plain
depth-first enumeration of every trail from every start, for the best route and the k best.
"""

from __future__ import annotations

from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletrip.games.en_route import route_bounds
from tabletrip.games.en_route.geometry import (
    SECTION_ENDS,
    crossroads_index,
    crossroads_xy,
    horizontal_section,
    location_index,
    section_between,
    vertical_section,
)
from tabletrip.games.en_route.route_search import Route, best_routes, is_valid_trail
from tabletrip.games.en_route.scoring import Breakdown, FinalBoard, Landmark, score_route

C = crossroads_index
L = location_index
Key = tuple[int, int, int, int]


def key(score: Breakdown) -> Key:
    """The order of routes: total, then length, tourists, Landmarks."""
    return (score.total, *score.tiebreak)


def brute_force(board: FinalBoard, drawn: set[int]) -> dict[tuple[frozenset[int], int], Key]:
    """Every route: each trail from each start, extended one unused section at a time."""
    adjacency: dict[int, list[tuple[int, int]]] = {}
    for s in drawn:
        a, b = SECTION_ENDS[s]
        adjacency.setdefault(a, []).append((s, b))
        adjacency.setdefault(b, []).append((s, a))
    routes: dict[tuple[frozenset[int], int], Key] = {}

    def walk(path: list[int], used: set[int]) -> None:
        if used:
            score = score_route(board, path)
            routes[frozenset(used), score.total] = key(score)
        for s, w in adjacency[path[-1]]:
            if s not in used:
                used.add(s)
                path.append(w)
                walk(path, used)
                path.pop()
                used.discard(s)

    for start in adjacency:
        walk([start], set())
    return routes


def assert_k_best(board: FinalBoard, drawn: set[int], k: int) -> None:
    """best_routes gives the k best distinct routes, in order, each scored as it says."""
    found = best_routes(board, drawn, k)
    every = brute_force(board, drawn)
    expected = sorted(every.values(), reverse=True)[:k]
    assert [key(route.score) for route in found] == expected
    identities = {(route.sections, route.score.total) for route in found}
    assert len(identities) == len(found)
    for route in found:
        assert is_valid_trail(drawn, route.trail)
        assert score_route(board, route.trail) == route.score
        assert route.trail <= route.trail[::-1]
    # Every route strictly better than the k-th must be there, whichever ties were kept.
    last = expected[-1]
    better = {identity for identity, value in every.items() if value > last}
    assert better <= identities


# --- random small boards --------------------------------------------------------------------

WINDOW = [  # the sections of a 3x3 block of locations, crossroads (1..4, 1..4)
    s
    for s, ends in enumerate(SECTION_ENDS)
    if all(1 <= v <= 4 for c in ends for v in crossroads_xy(c))
]
NEAR = [L(col, row) for col in range(5) for row in range(5)]
LANDMARKS = st.one_of(
    st.sampled_from(["red", "green", "blue"]).map(Landmark),
    st.builds(Landmark, st.sampled_from(["yellow", "gray"]), st.integers(4, 12)),
)


TIGHT = [  # the 17 sections of a 2x3 block of locations: dense, many loops
    s
    for s, ends in enumerate(SECTION_ENDS)
    if all(1 <= x <= 3 and 1 <= y <= 4 for x, y in map(crossroads_xy, ends))
]


@st.composite
def boards(draw: st.DrawFn) -> tuple[FinalBoard, set[int]]:
    """Drawn sections in a 3x3 block (sparse) or a 2x3 one (dense), with tourists, Landmarks
    and points around."""
    window, least = draw(st.sampled_from([(WINDOW, 1), (TIGHT, 9)]))
    drawn = draw(st.sets(st.sampled_from(window), min_size=least, max_size=12))
    crossroads = sorted({c for s in drawn for c in SECTION_ENDS[s]} | {C(1, 1), C(4, 4), C(1, 4)})
    points = st.lists(st.sampled_from(crossroads), min_size=3, max_size=3, unique=True)
    board = FinalBoard.build(
        draw(st.dictionaries(st.sampled_from(NEAR), st.tuples(*[st.integers(0, 3)] * 3))),
        draw(st.dictionaries(st.sampled_from(NEAR), LANDMARKS)),
        unused_cafe_bonuses=draw(st.integers(0, 2)),
        visit_them_all=tuple(draw(st.one_of(st.just([]), points))),
        objective=tuple(draw(st.one_of(st.just([]), points))),
    )
    return board, drawn


@settings(max_examples=100, deadline=None)
@given(boards())
def test_best_route_equals_brute_force(case: tuple[FinalBoard, set[int]]) -> None:
    """The best route is the best of all trails (exact, not a heuristic)."""
    assert_k_best(*case, k=1)


@settings(max_examples=100, deadline=None)
@given(boards(), st.integers(2, 6))
def test_k_best_routes_equal_brute_force(case: tuple[FinalBoard, set[int]], k: int) -> None:
    """The k best distinct routes, non-maximal ones included, as a full enumeration finds."""
    assert_k_best(*case, k=k)


@settings(max_examples=40, deadline=None)
@given(boards(), st.sampled_from([1, 3]))
def test_solved_pairing_bound_equals_brute_force(case: tuple[FinalBoard, set[int]], k: int) -> None:
    """The slower, tighter parity bound (used near the root of big searches) is exact too."""
    with patch.object(route_bounds, "_EXACT_SHARE", 0.0):
        assert_k_best(*case, k=k)


@settings(max_examples=30, deadline=None)
@given(boards())
def test_best_route_is_maximal(case: tuple[FinalBoard, set[int]]) -> None:
    """No drawn section left at either end of the best route could lengthen it."""
    board, drawn = case
    (best,) = best_routes(board, drawn, 1)
    spare = set(drawn) - best.sections
    for end in (best.trail[0], best.trail[-1]):
        assert not any(end in SECTION_ENDS[s] for s in spare)


def test_dense_blocks_equal_brute_force() -> None:
    """A full 2x2 block (12 sections, a crossroads of 4 roads, many loops) and more."""
    block = {
        *(horizontal_section(x, y) for x in (1, 2) for y in (1, 2, 3)),
        *(vertical_section(x, y) for x in (1, 2, 3) for y in (1, 2)),
    }
    board = FinalBoard.build(
        {L(1, 1): (3, 0, 1), L(2, 2): (0, 2, 2), L(0, 1): (1, 1, 1)},
        {L(2, 1): Landmark("red"), L(1, 2): Landmark("blue"), L(3, 2): Landmark("gray", 9)},
        unused_cafe_bonuses=1,
        visit_them_all=(C(1, 1), C(3, 3), C(2, 2)),
        objective=(C(3, 1), C(1, 3), C(2, 2)),
    )
    for k in (1, 4):
        assert_k_best(board, block, k)
    spur = block | {horizontal_section(3, 1), vertical_section(4, 1)}
    assert_k_best(board, spur, 1)


# --- small cases by hand ---------------------------------------------------------------------


def test_nothing_drawn_scores_only_cafes() -> None:
    """A trail with no section is not a route: with nothing drawn, only cafés score."""
    (route,) = best_routes(FinalBoard(unused_cafe_bonuses=2), set())
    assert route == Route(Breakdown(cafes=4), ())


def test_one_section_is_a_route() -> None:
    """A single section is a route, given once (a trail and its reverse are one route)."""
    s = horizontal_section(2, 3)
    routes = best_routes(FinalBoard(), {s}, k=5)
    assert [route.trail for route in routes] == [(C(2, 3), C(3, 3))]
    assert routes[0].sections == {s}


def test_a_loop_is_a_route() -> None:
    """ "It can even ... be looping": the 4 sides of a location, all in one closed route."""
    sides = {
        horizontal_section(1, 1),
        horizontal_section(1, 2),
        vertical_section(1, 1),
        vertical_section(2, 1),
    }
    (best,) = best_routes(FinalBoard(), sides, k=1)
    assert best.sections == sides and best.trail[0] == best.trail[-1]


def test_branches_keep_one_way() -> None:
    """ "If your route has multiple branches, you have to choose which one to keep"."""
    star = {  # three arms of 2 sections from crossroads (3, 3), one with the Landmark
        horizontal_section(1, 3),
        horizontal_section(2, 3),
        horizontal_section(3, 3),
        horizontal_section(4, 3),
        vertical_section(3, 3),
        vertical_section(3, 4),
    }
    board = FinalBoard.build({L(3, 4): (0, 5, 0)}, {L(2, 4): Landmark("green")})
    (best,) = best_routes(board, star, k=1)
    assert best.score.route_length == 4 and best.score.green == 5
    assert vertical_section(3, 3) in best.sections


def test_routes_are_ordered_and_deterministic() -> None:
    """Best first by total, then length; the same input always gives the same routes."""
    drawn = {horizontal_section(x, 2) for x in range(4)} | {vertical_section(2, 2)}
    board = FinalBoard.build({L(1, 2): (2, 0, 0)}, {L(0, 2): Landmark("red")})
    first = best_routes(board, drawn, k=6)
    assert first == best_routes(board, drawn, k=6)
    keys = [key(route.score) for route in first]
    assert keys == sorted(keys, reverse=True)


def test_is_valid_trail() -> None:
    """Continuous over drawn sections, each at most once; empty only when nothing is drawn."""
    drawn = {horizontal_section(0, 0), horizontal_section(1, 0), vertical_section(1, 0)}
    assert is_valid_trail(drawn, (C(0, 0), C(1, 0), C(2, 0)))
    assert is_valid_trail(drawn, (C(2, 0), C(1, 0), C(1, 1)))
    assert not is_valid_trail(drawn, (C(0, 0), C(1, 0), C(0, 0)))  # a section twice
    assert not is_valid_trail(drawn, (C(0, 0), C(0, 1)))  # not drawn
    assert not is_valid_trail(drawn, (C(0, 0), C(2, 0)))  # not adjacent
    assert not is_valid_trail(drawn, (C(0, 0),))
    assert not is_valid_trail(drawn, ())
    assert is_valid_trail(set(), ())
    assert section_between(C(0, 0), C(1, 0)) in drawn


def test_bad_requests() -> None:
    """k below 1 or a section index out of range is refused."""
    for k, drawn in ((0, {1}), (1, {84}), (1, {-1})):
        try:
            best_routes(FinalBoard(), drawn, k)
        except ValueError:
            continue
        raise AssertionError(f"k={k}, drawn={drawn} accepted")
