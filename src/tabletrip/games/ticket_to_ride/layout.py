"""Where a Ticket to Ride map's pieces go, and their colours: shared by every picture of it.

A pure function of the map's static info: the cities projected from their longitude and
latitude, their names placed where they cover the fewest other things, the two routes of a
double drawn side by side (and on which side of the pair each lies, which the words of a
move use to tell two gray routes apart), the fills of routes, cards and seats.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletrip.core.labels import Box, contains, overlaps, text_width

SEAT_COLORS = ("blue", "red", "green", "yellow", "black")  # the rulebook's train colours

# SVG fills: route colours as printed, seat colours for claimed routes (with text contrast).
ROUTE_FILL = {
    "purple": "#8e44ad",
    "blue": "#2e6fd1",
    "orange": "#f28c28",
    "white": "#ffffff",
    "green": "#2f9e44",
    "yellow": "#f4d03f",
    "black": "#2b2b2b",
    "red": "#d63031",
    "gray": "#a6a6a6",
}
SEAT_FILL = {
    "blue": ("#1c4fa8", "#ffffff"),
    "red": ("#b71c1c", "#ffffff"),
    "green": ("#1b6e2d", "#ffffff"),
    "yellow": ("#ffd400", "#000000"),
    "black": ("#111111", "#ffffff"),
}
BACKGROUND = "#f6f1e3"
# A route's colour is never told by colour alone: a letter on its middle train space (blUe, as
# B is black), explained by the colour key under the map; gray routes (any one colour) have
# none. Written in white on the dark fills, in black on the light ones.
COLOR_LETTER = {
    "black": "B",
    "white": "W",
    "red": "R",
    "orange": "O",
    "yellow": "Y",
    "green": "G",
    "blue": "U",
    "purple": "P",
    "pink": "K",
}
COLOR_KEY_ORDER = (*COLOR_LETTER, "gray")
DARK_FILLS = {"black", "red", "green", "blue", "purple"}

Point = tuple[float, float]

# Where a city's name may go around its dot, in order of preference: east, north-east, ...
LABEL_SPOTS = ((1, 0), (1, -1), (1, 1), (-1, 0), (-1, -1), (-1, 1), (0, -1), (0, 1))


def color_letter(color: str) -> str:
    """The letter written on a route of `color` ("" for gray: any one colour pays it)."""
    return COLOR_LETTER.get(color, "")


def seat_color(seat: int) -> str:
    """The train colour of a seat, in the rulebook's order."""
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def _raw_points(cities: Sequence[Mapping[str, Any]]) -> dict[str, Point]:
    """City name to (lon cos(mean lat), -lat): the map's shape, east right and north up."""
    mean_lat = sum(c["lat"] for c in cities) / len(cities)
    squeeze = math.cos(math.radians(mean_lat))
    return {c["name"]: (c["lon"] * squeeze, -c["lat"]) for c in cities}


def _projection(
    cities: Sequence[Mapping[str, Any]], width: int, margin: float
) -> tuple[dict[str, Point], float]:
    """City name to (x, y) pixels, and the picture height (see `_raw_points`)."""
    raw = _raw_points(cities)
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    span_x = max(max(xs) - min(xs), 1e-9)
    scale = (width - 2 * margin) / span_x
    height = (max(ys) - min(ys)) * scale + 2 * margin
    points = {
        name: (margin + (x - min(xs)) * scale, margin + (y - min(ys)) * scale)
        for name, (x, y) in raw.items()
    }
    return points, height


def double_sides(routes: Sequence[Mapping[str, Any]]) -> dict[int, float]:
    """Route id to its side: 0 for a single route, -1 and +1 for the two of a double (the
    lower id first)."""
    pairs: dict[frozenset[str], list[int]] = {}
    for route in routes:
        pairs.setdefault(frozenset((route["a"], route["b"])), []).append(route["id"])
    sides = {}
    for route in routes:
        twins = sorted(pairs[frozenset((route["a"], route["b"]))])
        sides[route["id"]] = 0.0 if len(twins) == 1 else (-1.0 if route["id"] == twins[0] else 1.0)
    return sides


def route_axis(
    route: Mapping[str, Any], points: Mapping[str, Point]
) -> tuple[Point, Point, Point, float]:
    """A route's start (its alphabetically first city, so that the two of a double share it),
    its unit direction, the unit normal a double's side offsets it along, and its length."""
    a, b = sorted((route["a"], route["b"]))
    (ax, ay), (bx, by) = points[a], points[b]
    dist = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / dist, (by - ay) / dist
    return (ax, ay), (ux, uy), (-uy, ux), dist


def double_offsets(static_info: Mapping[str, Any]) -> dict[int, Point]:
    """For each route of a double, the unit vector from the pair's middle line to where it is
    drawn (x east, y south), as every picture of the map draws it."""
    routes = static_info["routes"]
    points = _raw_points(static_info["cities"])
    offsets = {}
    for route_id, side in double_sides(routes).items():
        if side:
            _, _, (nx, ny), _ = route_axis(routes[route_id], points)
            offsets[route_id] = (nx * side, ny * side)
    return offsets


def _label_box(
    x: float, y: float, name: str, spot: tuple[int, int], gap: float, font: float
) -> Box:
    """The box a name takes when set at `spot` (a direction) from a dot at (x, y)."""
    w, h = text_width(name, font), font * 1.05
    dx, dy = spot
    near = gap * (0.7 if dx and dy else 1.0)
    left = x + near if dx > 0 else x - near - w if dx < 0 else x - w / 2
    top = y + near if dy > 0 else y - near - h if dy < 0 else y - h / 2
    return left, top, left + w, top + h


def _place_labels(
    points: Mapping[str, Point],
    degree: Mapping[str, int],
    samples: Sequence[Point],
    radius: float,
    font: float,
    car_h: float,
) -> dict[str, Box]:
    """A box for every city name: the spot covering the fewest names, dots and train spaces.

    The busiest cities choose first; each spot's cost counts what it would cover.
    """
    placed: dict[str, Box] = {}
    reach = font * 12
    for name in sorted(points, key=lambda n: (-degree[n], n)):
        x, y = points[name]
        near = [(sx, sy) for sx, sy in samples if abs(sx - x) < reach and abs(sy - y) < reach]
        dots = [p for other, p in points.items() if other != name]
        best: tuple[float, Box] | None = None
        for rank, spot in enumerate(LABEL_SPOTS):
            box = _label_box(x, y, name, spot, radius + font * 0.2, font)
            cost = rank * 0.5
            cost += 100 * sum(overlaps(box, other) for other in placed.values())
            cost += 40 * sum(contains(box, dx, dy, radius) for dx, dy in dots)
            cost += 4 * sum(contains(box, sx, sy, car_h * 0.6) for sx, sy in near)
            if best is None or cost < best[0]:
                best = (cost, box)
        assert best is not None
        placed[name] = best[1]
    return placed


def _route_samples(
    routes: Sequence[Mapping[str, Any]], points: Mapping[str, Point], step: float
) -> list[Point]:
    """Points every `step` pixels along each route's line (what a label should not cover)."""
    samples = []
    for route in routes:
        (ax, ay), (bx, by) = points[route["a"]], points[route["b"]]
        count = max(2, int(math.hypot(bx - ax, by - ay) / step))
        for i in range(1, count):
            t = i / count
            samples.append((ax + (bx - ax) * t, ay + (by - ay) * t))
    return samples


@dataclass(frozen=True)
class MapLayout:
    """Where everything of a map goes in an SVG `width` wide: a pure function of the map.

    Placing the city names is the slow part of drawing a map, so a front end that draws the
    same map often makes the layout once (`map_layout`) and passes it to `map_svg`.
    """

    width: int
    points: dict[str, Point]  # city name to its dot
    labels: dict[str, Box]  # city name to its label box
    sides: dict[int, float]  # route id to its offset: 0 single, -1 / +1 the two of a double
    box: Box  # left, top, right, bottom of the map with its labels
    car_h: float  # height of a train space
    radius: float  # radius of a city dot


def map_layout(static_info: Mapping[str, Any], width: int = 1000) -> MapLayout:
    """Project the cities, place their names and offset double routes (see `MapLayout`)."""
    cities = static_info["cities"]
    routes = static_info["routes"]
    margin = width * 0.03
    points, height = _projection(cities, width, margin)
    car_h = width * 0.0095
    radius = width * 0.0065
    font = width * 0.0125
    degree = {c["name"]: 0 for c in cities}
    for route in routes:
        degree[route["a"]] += 1
        degree[route["b"]] += 1
    labels = _place_labels(
        points, degree, _route_samples(routes, points, car_h), radius, font, car_h
    )
    # The picture is the map plus wherever the names reach.
    pad = width * 0.01
    left = min(0.0, *(box[0] - pad for box in labels.values()))
    top = min(0.0, *(box[1] - pad for box in labels.values()))
    right = max(float(width), *(box[2] + pad for box in labels.values()))
    bottom = max(height, *(box[3] + pad for box in labels.values()))
    return MapLayout(
        width, points, labels, double_sides(routes), (left, top, right, bottom), car_h, radius
    )
