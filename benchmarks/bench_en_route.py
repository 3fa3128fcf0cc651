"""En Route: the exact best-final-route search on the hardest boards built for it, and scoring.

The worst board: a 3x5 block of locations with 36 of its 38 sections drawn (many loops, 12 odd
crossroads), a tourist mix and a Landmark on every location of the map, and the Personal
Objective crossroads inside the block, where a long objective segment and a route covering
every location pull against each other. Of the boards tried (blocks of 30-36 sections with
random gaps, spurs and objective crossroads) it took the longest. A real game draws 10-30
sections; the 24-section 3x3 block below is the size of a busy one, and REACHABLE the slowest
board found among those a game can reach.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from run import Measure, per_second
from tabletrip.games.en_route.geometry import (
    crossroads_index,
    horizontal_section,
    vertical_section,
)
from tabletrip.games.en_route.route_search import best_routes
from tabletrip.games.en_route.scoring import FinalBoard, Landmark, score_route

C = crossroads_index
KINDS = ("red", "green", "blue", "yellow", "gray")  # the Landmark of location i: KINDS[i % 5]
COMMON_PP = {3: 7, 8: 5, 13: 10, 18: 5, 23: 4, 28: 7, 33: 6}  # yellow
COMMON_PP |= {4: 9, 9: 7, 14: 8, 19: 5, 24: 12, 29: 8, 34: 6}  # gray, at their final rating
TOURISTS = (
    (1, 1, 3), (0, 2, 0), (3, 1, 2), (2, 0, 2), (2, 2, 2), (0, 2, 0),
    (0, 1, 0), (2, 2, 3), (2, 0, 1), (3, 3, 2), (0, 2, 2), (2, 0, 0),
    (0, 1, 0), (0, 3, 0), (2, 0, 1), (0, 3, 3), (2, 3, 1), (2, 2, 3),
    (1, 3, 1), (1, 1, 3), (0, 3, 1), (1, 1, 0), (1, 3, 2), (0, 2, 2),
    (3, 3, 2), (3, 3, 2), (0, 0, 3), (0, 1, 1), (2, 0, 1), (0, 3, 2),
    (0, 0, 2), (2, 2, 1), (2, 0, 3), (2, 3, 2), (1, 2, 1), (1, 0, 3),
)  # fmt: skip


def crowded(objective: tuple[int, ...], visit_them_all: tuple[int, ...] = ()) -> FinalBoard:
    """Tourists and a Landmark on every location, one unused Café bonus."""
    landmarks = tuple(Landmark(KINDS[i % 5], COMMON_PP.get(i, 0)) for i in range(36))
    return FinalBoard(
        TOURISTS,
        landmarks,
        unused_cafe_bonuses=1,
        visit_them_all=visit_them_all,
        objective=objective,
    )


def block(x: int, y: int, wide: int, high: int) -> set[int]:
    """Every section of the block of locations with top-left corner crossroads (x, y)."""
    across = {horizontal_section(x + i, y + j) for i in range(wide) for j in range(high + 1)}
    down = {vertical_section(x + i, y + j) for i in range(wide + 1) for j in range(high)}
    return across | down


WORST = block(1, 1, 3, 5) - {horizontal_section(3, 5), vertical_section(2, 5)}
WORST_BOARD = crowded(objective=(C(2, 4), C(3, 3), C(2, 2)))
# The slowest of 107 random boards a game can reach (at most 26 sections: 10 rounds x 2, the
# 2 Route section Cafés, the 4 Balance cards), found by a search over dense blocks and grown
# regions with the objective crossroads inside; 5 best routes as `legal_actions` asks.
REACHABLE = {7, 8, 13, 14, 15, 16, 19, 21, 22, 25, 26, 27, 28}
REACHABLE |= {51, 52, 54, 57, 58, 59, 60, 61, 64, 65, 66, 67, 68}
REACHABLE_BOARD = crowded(objective=(25, 22, 37), visit_them_all=(C(3, 2), C(5, 4), C(1, 5)))
BUSY = block(1, 1, 3, 3)
BUSY_BOARD = crowded(
    objective=(C(1, 1), C(4, 4), C(4, 1)), visit_them_all=(C(2, 1), C(3, 4), C(1, 3))
)


def _searches(board: FinalBoard, drawn: set[int], k: int) -> Measure:
    def work() -> int:
        best_routes(board, drawn, k)
        return 1

    return per_second(work, "searches/s")


def _one_search(board: FinalBoard, drawn: set[int], k: int) -> Callable[[], tuple[float, str]]:
    def measure() -> tuple[float, str]:
        start = time.perf_counter()
        best_routes(board, drawn, k)
        return time.perf_counter() - start, "s/search"

    return measure


def _scoring() -> Measure:
    (best,) = best_routes(BUSY_BOARD, BUSY, 1)

    def work() -> int:
        for _ in range(100):
            score_route(BUSY_BOARD, best.trail)
        return 100

    return per_second(work, "calls/s")


def benchmarks() -> list[tuple[str, Measure]]:
    """Best route and 5 best routes on the worst and a busy board; scoring one route."""
    assert len(WORST) == 36 and len(BUSY) == 24 and len(REACHABLE) == 26
    return [
        (
            "en-route 5 best routes, worst reachable 26-section board: one search",
            _one_search(REACHABLE_BOARD, REACHABLE, 5),
        ),
        (
            "en-route best route, 36-section stress board (beyond any game): one search",
            _one_search(WORST_BOARD, WORST, 1),
        ),
        ("en-route best route, busy 24-section board", _searches(BUSY_BOARD, BUSY, 1)),
        ("en-route 5 best routes, busy 24-section board", _searches(BUSY_BOARD, BUSY, 5)),
        ("en-route score_route (steps 1-8)", _scoring()),
    ]
