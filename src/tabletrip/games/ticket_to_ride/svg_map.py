"""The Ticket to Ride map in SVG: routes as train spaces, cities, the colour key, the seats.

Pieces of a picture (no `<svg>` around them) drawn from `static_info()`, a `MapLayout` and
who claimed what; `svg.py` puts them on the clickable board with the card table, and
`render_map` makes a plain picture of the map alone. Every `<title>` and label reads in the
game's words: a route by its cities, length and colour (`Dallas–Houston (1 gray)`, and which
track of a double of one colour), a claimed route by its seat (`Player 2 (red)`, `you`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core.labels import SVG_FONT, Box
from tabletrip.core.render import svg_number as num
from tabletrip.games.ticket_to_ride.layout import (
    BACKGROUND,
    COLOR_KEY_ORDER,
    DARK_FILLS,
    ROUTE_FILL,
    SEAT_FILL,
    MapLayout,
    color_letter,
    map_layout,
    route_axis,
    seat_color,
)
from tabletrip.games.ticket_to_ride.present_words import map_title, route_labels, seat_with_colour

# A city's ring: (class, what the ring says), class `ticket-city` (solid) or `offered-city`.
CityMark = tuple[str, str]


def claimed_routes(observation: Mapping[str, Any]) -> dict[int, list[int]]:
    """The claimed route ids per seat, from any observation."""
    return {seat: list(info["routes"]) for seat, info in enumerate(observation["seats"])}


def seat_number(seat: int) -> str:
    """What a claimed route's train spaces and the legend write for a seat: `Player 2` is 2."""
    return str(seat + 1)


def default_seat_names(count: int) -> list[str]:
    """`Player 1 (blue)`, `Player 2 (red)`...: seats without an observation to name them."""
    return [seat_with_colour(f"Player {seat + 1}", seat) for seat in range(count)]


def map_svg(
    static_info: Mapping[str, Any],
    layout: MapLayout,
    owner: Mapping[int, int],
    route_titles: Sequence[str],
    seat_names: Sequence[str],
    city_marks: Mapping[str, CityMark] | None = None,
) -> list[str]:
    """The routes and cities of a map as SVG elements (no `<svg>` around them).

    `owner` maps claimed route ids to seats; `route_titles` are the routes' labels by id and
    `seat_names` the seats' names with their colours (`Player 2 (red)`); `city_marks` rings
    some cities: name to (class, note).
    """
    out = ['<g id="routes">']
    for route in static_info["routes"]:
        seat = owner.get(route["id"])
        title = route_titles[route["id"]]
        if seat is not None:
            title += f", claimed by {seat_names[seat]}"
        out += _route_svg(
            route,
            title,
            layout.points,
            layout.sides[route["id"]],
            seat,
            layout.car_h,
            layout.radius * 1.6,
        )
    out.append("</g>")
    out.append('<g id="cities">')
    marks = city_marks or {}
    for index, city in enumerate(static_info["cities"]):
        name = city["name"]
        out += _city_svg(
            index, name, layout.points[name], layout.labels[name], layout.radius, marks.get(name)
        )
    out.append("</g>")
    return out


def render_map(
    static_info: Mapping[str, Any],
    routes_by_seat: Mapping[int, Sequence[int]] | None = None,
    width: int = 1000,
) -> str:
    """An SVG of the map alone: cities, every route as its train spaces, claimed routes marked.

    Each route is a `<g id="route-<id>" data-target="route-<id>">` with a `<title>` and a
    wide transparent line to click; a claimed route is drawn in its seat's colour with the
    seat's number (`Player 2`: 2) written on every train space.
    """
    layout = map_layout(static_info, width)
    owner = {r: s for s, ids in (routes_by_seat or {}).items() for r in ids}
    seats = sorted({s for s, ids in (routes_by_seat or {}).items() if ids})
    names = default_seat_names(max(seats, default=-1) + 1)
    left, top, right, bottom = layout.box
    key_h = width * 0.04
    legend_h = width * 0.04 if seats else 0.0
    view_w, view_h = right - left, bottom + key_h + legend_h - top
    pixel_h = width * view_h / view_w
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{num(pixel_h)}" '
        f'viewBox="{num(left)} {num(top)} {num(view_w)} {num(view_h)}" '
        f'font-family="{SVG_FONT}">',
        svg_title(static_info),
        f'<rect x="{num(left)}" y="{num(top)}" width="{num(view_w)}" height="{num(view_h)}" '
        f'fill="{BACKGROUND}"/>',
    ]
    out += map_svg(static_info, layout, owner, route_labels(static_info), names)
    out += color_key_svg(map_colors(static_info), bottom, left + width * 0.03, width, key_h)
    if seats:
        out += legend_svg(seats, names, bottom + key_h, left + width * 0.03, width, legend_h)
    out.append("</svg>")
    return "\n".join(out)


def svg_title(static_info: Mapping[str, Any]) -> str:
    """The `<title>` of a map picture."""
    return f"<title>Ticket to Ride: {escape(map_title(static_info['map']))} map</title>"


def _route_svg(
    route: Mapping[str, Any],
    title: str,
    points: Mapping[str, tuple[float, float]],
    side: float,
    seat: int | None,
    car_h: float,
    pad: float,
) -> list[str]:
    """One route's `<g>`: `length` train spaces between its cities, offset for a double."""
    (ax, ay), (ux, uy), (nx, ny), dist = route_axis(route, points)
    offset = side * (car_h * 0.5 + 1.5)
    length = route["length"]
    usable = max(dist - 2 * pad, dist * 0.4)
    slot = usable / length
    gap = min(slot * 0.18, car_h * 0.45)
    car_w = slot - gap
    angle = math.degrees(math.atan2(uy, ux))
    start = (dist - usable) / 2
    color = route["color"]
    classes = f"route color-{color}"
    if seat is not None:
        fill, ink = SEAT_FILL[seat_color(seat)]
        classes += f" claimed seat-{seat}"
    else:
        fill, ink = ROUTE_FILL.get(color, "#cccccc"), ""
    target = f"route-{route['id']}"
    out = [
        f'<g id="{target}" class={quoteattr(classes)} data-target="{target}"'
        f" data-color={quoteattr(color)}"
        + (f' data-seat="{seat}"' if seat is not None else "")
        + ">",
        f"<title>{escape(title)}</title>",
    ]
    # A line along the train spaces to click: wide, but no wider than half a double route.
    ends = [start, start + usable]
    hit = [(ax + ux * t + nx * offset, ay + uy * t + ny * offset) for t in ends]
    out.append(
        f'<line class="hit" x1="{num(hit[0][0])}" y1="{num(hit[0][1])}" '
        f'x2="{num(hit[1][0])}" y2="{num(hit[1][1])}" stroke="#000000" stroke-opacity="0" '
        f'stroke-width="{num(car_h * (1.3 if side else 2.4))}"/>'
    )
    stroke = "#000000" if seat is not None else "#444444"
    stroke_w = car_h * (0.22 if seat is not None else 0.12)
    for i in range(length):
        along = start + slot * (i + 0.5)
        cx = ax + ux * along + nx * offset
        cy = ay + uy * along + ny * offset
        out.append(
            f'<rect x="{num(-car_w / 2)}" y="{num(-car_h / 2)}" width="{num(car_w)}" '
            f'height="{num(car_h)}" rx="{num(car_h * 0.2)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{num(stroke_w)}" '
            f'transform="translate({num(cx)} {num(cy)}) rotate({num(angle)})"/>'
        )
        if seat is not None:
            out.append(
                f'<text x="{num(cx)}" y="{num(cy + car_h * 0.33)}" font-size="{num(car_h)}" '
                f'font-weight="bold" text-anchor="middle" fill="{ink}">{seat_number(seat)}</text>'
            )
        elif i == length // 2 and color_letter(color):
            out.append(_letter_svg(color, cx, cy, car_h, fill))
    out.append("</g>")
    return out


def _letter_svg(color: str, x: float, y: float, car_h: float, fill: str) -> str:
    """The colour letter of an unclaimed route, upright on a train space centred at (x, y);
    a halo of the car's own colour keeps it legible where it is wider than a steep car."""
    font = car_h * 1.25
    ink = "#ffffff" if color in DARK_FILLS else "#000000"
    return (
        f'<text class="color-letter" x="{num(x)}" y="{num(y + font * 0.36)}" '
        f'font-size="{num(font)}" font-weight="bold" text-anchor="middle" fill="{ink}" '
        f'stroke="{fill}" stroke-width="{num(font * 0.22)}" stroke-linejoin="round" '
        f'paint-order="stroke">{color_letter(color)}</text>'
    )


def _city_svg(
    index: int,
    name: str,
    point: tuple[float, float],
    label: Box,
    radius: float,
    mark: CityMark | None = None,
) -> list[str]:
    """A city: a dot, and its name in its label box with a halo so routes do not hide it;
    `mark` (class, note) rings it: solid for `ticket-city`, dashed otherwise."""
    x, y = point
    font = (label[3] - label[1]) / 1.05
    text = (
        f'x="{num(label[0])}" y="{num(label[1] + font * 0.82)}" font-size="{num(font)}"'
        f">{escape(name)}</text>"
    )
    classes = "city" + (f" {mark[0]}" if mark else "")
    ring = []
    if mark:
        dash = "" if mark[0] == "ticket-city" else f' stroke-dasharray="{num(radius * 0.6)}"'
        ring.append(
            f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(radius * 2)}" fill="none" '
            f'stroke="#6a1b9a" stroke-width="{num(radius * 0.45)}"{dash}/>'
        )
    return [
        f'<g id="city-{index}" class={quoteattr(classes)}>',
        f"<title>{escape(name + (f': {mark[1]}' if mark else ''))}</title>",
        *ring,
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(radius)}" fill="#c0392b" '
        f'stroke="#000000" stroke-width="{num(radius * 0.3)}"/>',
        f'<text stroke="{BACKGROUND}" stroke-width="{num(font * 0.3)}" '
        f'stroke-linejoin="round" {text}',
        f'<text fill="#000000" {text}',
        "</g>",
    ]


def legend_svg(
    seats: Sequence[int],
    names: Sequence[str],
    top: float,
    left: float,
    width: int,
    height: float,
) -> list[str]:
    """Which seat owns which train colour and number, under the map: a train space of the
    seat's colour with its number, then its name (`names[seat]`: `Player 2 (red)`)."""
    size = height * 0.45
    y = top + height * 0.25
    out = ['<g id="legend">']
    for slot, seat in enumerate(seats):
        fill, ink = SEAT_FILL[seat_color(seat)]
        x = left + slot * width * 0.18
        out.append(
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(size * 1.6)}" height="{num(size)}" '
            f'fill="{fill}" stroke="#000000"/>'
        )
        out.append(
            f'<text x="{num(x + size * 0.8)}" y="{num(y + size * 0.8)}" '
            f'font-size="{num(size * 0.85)}" font-weight="bold" text-anchor="middle" '
            f'fill="{ink}">{seat_number(seat)}</text>'
        )
        out.append(
            f'<text x="{num(x + size * 2)}" y="{num(y + size * 0.8)}" '
            f'font-size="{num(size * 0.85)}">{escape(names[seat])}</text>'
        )
    out.append("</g>")
    return out


def map_colors(static_info: Mapping[str, Any]) -> list[str]:
    """The route colours of a map, in the colour key's order."""
    present = {route["color"] for route in static_info["routes"]}
    known = [color for color in COLOR_KEY_ORDER if color in present]
    return known + sorted(present - set(known))


def color_key_svg(
    colors: Sequence[str], top: float, left: float, width: int, height: float
) -> list[str]:
    """The key of the route letters under the map: a train space of each colour with its
    letter, and the colour's name (gray: no letter, any one colour pays it)."""
    size = height * 0.45
    y = top + height * 0.25
    font = size * 0.85
    out = [
        '<g id="color-key">',
        "<title>Route colours: the letter on the middle train space of each route</title>",
        f'<text x="{num(left)}" y="{num(y + size * 0.8)}" font-size="{num(font)}" '
        'font-weight="bold">Route colours:</text>',
    ]
    x = left + font * 8.4
    for color in colors:
        fill = ROUTE_FILL.get(color, "#cccccc")
        out.append(
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(size * 1.6)}" height="{num(size)}" '
            f'rx="{num(size * 0.2)}" fill="{fill}" stroke="#444444"/>'
        )
        letter = color_letter(color)
        if letter:
            ink = "#ffffff" if color in DARK_FILLS else "#000000"
            out.append(
                f'<text x="{num(x + size * 0.8)}" y="{num(y + size * 0.8)}" '
                f'font-size="{num(font)}" font-weight="bold" text-anchor="middle" '
                f'fill="{ink}">{letter}</text>'
            )
        name = color if letter else f"{color} (any)"
        out.append(
            f'<text x="{num(x + size * 1.9)}" y="{num(y + size * 0.8)}" '
            f'font-size="{num(font)}">{escape(name)}</text>'
        )
        x += size * 2.4 + len(name) * font * 0.58
    out.append("</g>")
    return out
