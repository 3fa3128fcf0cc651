"""Where the Route East board draws its spaces: apart from each other, near their places."""

from __future__ import annotations

import tabletrip
from tabletrip.games.route_east.layout import board_coordinates, board_layout
from tabletrip.games.route_east.rules import RouteEastGame


def test_layout_keeps_spaces_apart_and_board_coordinates_unchanged() -> None:
    game = tabletrip.make("route-east", players=2)
    assert isinstance(game, RouteEastGame)
    board = game.board
    layout = board_layout(board)
    points = layout.points
    closest = min(
        ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
        for i, a in enumerate(points)
        for b in points[i + 1 :]
    )
    assert closest > 8  # no two space symbols (about 9 units across) on top of each other
    xy = board_coordinates(board, 1200)
    assert min(x for x, _ in xy) == 0 and max(x for x, _ in xy) == 1200
    assert min(y for _, y in xy) == 0
