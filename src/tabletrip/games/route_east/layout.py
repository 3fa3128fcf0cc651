"""Where Route East's spaces are drawn: geography, spread so that no two spaces touch.

Board facts only (longitude and latitude of every space), worked out once per board. The SVG
board draws at these positions and the static content (`views.static_info`) hands them to
clients, so every picture of the board puts a space at the same place.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletrip.core.render import geo_coordinates, spread_points
from tabletrip.games.route_east.content import Board

MAP_WIDTH = 1000.0  # layout units across the map
SPACE_R = 4.2  # a space's half size in layout units

Point = tuple[float, float]


@dataclass(frozen=True)
class Layout:
    """Where each space is drawn: geography spread so that no two spaces touch."""

    points: tuple[Point, ...]
    width: float
    height: float


def board_coordinates(board: Board, width: float = 1200.0) -> list[Point]:
    """Drawing coordinates from longitude and latitude (x = lon cos(mean lat), y = -lat)."""
    return geo_coordinates(board.lonlat, width)


_LAYOUTS: dict[int, tuple[Board, Layout]] = {}


def board_layout(board: Board) -> Layout:
    """The drawing positions: `board_coordinates`, with the crowded west widened (each axis
    part linear, part by rank) and then close spaces pushed apart, each held near its place."""
    cached = _LAYOUTS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    base = board_coordinates(board, MAP_WIDTH)
    height = max(y for _, y in base) or 1.0
    xs = _equalise([x for x, _ in base], MAP_WIDTH, 0.5)
    ys = _equalise([y for _, y in base], height * 1.3, 0.6)
    points = spread_points(list(zip(xs, ys, strict=True)), SPACE_R * 3.6)
    left = min(x for x, _ in points)
    top = min(y for _, y in points)
    points = [(x - left, y - top) for x, y in points]
    layout = Layout(tuple(points), max(x for x, _ in points), max(y for _, y in points))
    _LAYOUTS[id(board)] = (board, layout)
    return layout


def _equalise(values: list[float], span: float, linear: float) -> list[float]:
    """Values mapped onto [0, span]: `linear` of the plain scale, the rest by rank (ties share
    the mean rank), so crowded stretches widen and empty ones shrink, order kept."""
    low, high = min(values), max(values)
    n = len(values)
    counts: dict[float, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    ranks: dict[float, float] = {}
    below = 0
    for v in sorted(counts):
        ranks[v] = (below + (counts[v] - 1) / 2) / max(n - 1, 1)
        below += counts[v]
    return [
        span * (linear * (v - low) / ((high - low) or 1.0) + (1 - linear) * ranks[v])
        for v in values
    ]


__all__ = ["MAP_WIDTH", "SPACE_R", "Layout", "Point", "board_coordinates", "board_layout"]
