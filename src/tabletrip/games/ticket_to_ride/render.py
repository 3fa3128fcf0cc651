"""Ticket to Ride pictures: one seat's terminal view (plain text) and the map (SVG).

Both are pure functions of public data. The text is built from the seat's observation (or
the public one for a spectator) and `static_info()` only, so it cannot show what the seat may
not know; the SVG is built from `static_info()` and the claimed routes only.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

if TYPE_CHECKING:
    from tabletrip.games.ticket_to_ride.rules import TicketToRideState

WIDTH = 80
SEAT_COLORS = ("blue", "red", "green", "yellow", "black")  # the rulebook's train colours
MAP_TITLES = {"usa": "USA", "europe-express": "Europe Express"}
PHASE_TEXT = {
    "setup": "setup: every seat keeps at least 2 of its 3 destination tickets",
    "turn": "draw train cards, claim a route or draw destination tickets",
    "second_draw": "take a second train card",
    "keep": "keep at least 1 of the destination tickets drawn",
}
CHECK, CROSS = "\u2713", "\u2717"

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


def color_letter(color: str) -> str:
    """The letter written on a route of `color` ("" for gray: any one colour pays it)."""
    return COLOR_LETTER.get(color, "")


# --- text ---------------------------------------------------------------------------------


def seat_name(seat: int) -> str:
    """`seat 0 (blue)`: the seat index and its train colour, always in words."""
    return f"seat {seat} ({SEAT_COLORS[seat % len(SEAT_COLORS)]})"


def cards_text(cards: Mapping[str, int]) -> str:
    """`2 purple, 1 locomotive` from colour counts; `none` when empty."""
    return ", ".join(f"{n} {name}" for name, n in cards.items() if n) or "none"


def _wrap(text: str, indent: str = "    ") -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_on_hyphens=False) or [""]


def _wrap_items(prefix: str, items: Sequence[str], indent: str = "    ") -> list[str]:
    """`prefix` then the items separated by commas, never breaking inside an item."""
    lines = [prefix.rstrip()]
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) <= WIDTH or lines[-1] in ("", indent):
            lines[-1] += (" " if lines[-1] else "") + piece
        else:
            lines.append(indent + piece)
    return lines


def render_text(state: TicketToRideState, seat: int | None) -> str:
    """What `seat` sees (None: a spectator), from its observation only, in 80 columns."""
    observation = state.public_observation() if seat is None else state.observation(seat)
    return render_observation_text(observation, state.game.static_info())


def render_observation_text(observation: Mapping[str, Any], static_info: Mapping[str, Any]) -> str:
    """The terminal view of one observation (a seat's or the public one) of a map."""
    seat = observation.get("seat")
    lines = _header_lines(observation, static_info, seat)
    lines.append("")
    lines += _table_lines(observation, static_info)
    if seat is not None:
        lines.append("")
        lines += _own_lines(observation, static_info)
    lines.append("")
    lines += _seat_lines(observation, static_info, seat)
    lines.append("")
    lines += _log_lines(observation)
    return "\n".join(lines)


def _header_lines(
    observation: Mapping[str, Any], static_info: Mapping[str, Any], seat: int | None
) -> list[str]:
    map_id = observation["map"]
    title = f"Ticket to Ride: {MAP_TITLES.get(map_id, map_id)} map"
    viewer = "spectator view" if seat is None else f"you are {seat_name(seat)}"
    lines = _wrap(f"{title}, {viewer}")
    final = observation.get("final_turns_left")
    if final == 0:
        lines.append("Game over (the scores below are before tickets and bonuses).")
        return lines
    current = observation["current_player"]
    who = "you" if current == seat else seat_name(current)
    phase = observation["phase"]
    lines += _wrap(f"To play: {who}; {PHASE_TEXT.get(phase, phase)}")
    if final is not None:
        lines.append(f"Final round: {final} turn{'s' if final != 1 else ''} left.")
    return lines


def _table_lines(observation: Mapping[str, Any], static_info: Mapping[str, Any]) -> list[str]:
    lines = _wrap_items("Face-up cards:", observation["face_up"] or ["none"])
    discards = sum(observation["discards"].values())
    piles = [
        f"train deck {observation['deck_size']}",
        f"discards {discards}",
        f"destination tickets {observation['ticket_pile_size']}",
    ]
    if static_info.get("locomotive_pile"):
        piles.append(f"Locomotive pile {observation['locomotive_pile']}")
    lines += _wrap("Piles: " + ", ".join(piles))
    if static_info.get("express_bonus"):
        left = observation["express_bonus_left"]
        cities = "-".join(static_info.get("express_cities", ()))
        bonus = ", ".join(str(v) for v in left) if left else "none"
        lines += _wrap(f"Europe Express bonus ({cities}) cards left: {bonus}")
    return lines


def _own_lines(observation: Mapping[str, Any], static_info: Mapping[str, Any]) -> list[str]:
    hand = observation["hand"]
    lines = _wrap(f"Your hand ({sum(hand.values())} cards): {cards_text(hand)}")
    tickets = observation["tickets"]
    done = sum(t["points"] for t in tickets if t["completed"])
    open_points = sum(t["points"] for t in tickets if not t["completed"])
    lines.append(
        f"Your destination tickets ({len(tickets)}): "
        f"{CHECK} done +{done}, {CROSS} not yet connected -{open_points}"
    )
    for ticket in tickets:
        mark = CHECK if ticket["completed"] else CROSS
        lines += _wrap(f"  {mark} t{ticket['id']} {ticket['a']}-{ticket['b']} ({ticket['points']})")
    offer = observation["offer"]
    if offer:
        least = min(2 if observation["phase"] == "setup" else 1, len(offer))
        lines.append(f"Tickets offered to you (keep at least {least}):")
        for ticket in offer:
            lines += _wrap(f"  t{ticket['id']} {ticket['a']}-{ticket['b']} ({ticket['points']})")
    routes = static_info["routes"]
    own = observation["seats"][observation["seat"]]["routes"]
    if own:
        names = [
            f"r{r} {routes[r]['a']}-{routes[r]['b']} ({routes[r]['length']} {routes[r]['color']})"
            for r in own
        ]
        lines += _wrap_items("Your routes:", names)
    return lines


def _seat_lines(
    observation: Mapping[str, Any], static_info: Mapping[str, Any], seat: int | None
) -> list[str]:
    express = bool(static_info.get("express_bonus"))
    current = observation["current_player"]
    header = f"  {'Seat':<22}{'Score':>6}{'Trains':>7}{'Cards':>6}{'Tickets':>8}{'Routes':>7}"
    lines = [header + (f"{'Express':>8}" if express else "")]
    for index, info in enumerate(observation["seats"]):
        name = seat_name(index) + (" you" if index == seat else "")
        tickets = "?" if info["ticket_count"] is None else str(info["ticket_count"])
        row = (
            f"{'>' if index == current else ' '} {name:<22}{info['score']:>6}{info['trains']:>7}"
            f"{info['hand_size']:>6}{tickets:>8}{len(info['routes']):>7}"
        )
        if express:
            row += f"{info['express_bonus'] or '-':>8}"
        lines.append(row)
        notes = []
        if info["known_cards"]:
            notes.append(f"known cards: {cards_text(info['known_cards'])}")
        if info["choosing_tickets"]:
            notes.append(f"choosing from {info['choosing_tickets']} tickets")
        if notes:
            lines += _wrap("    " + "; ".join(notes), indent="      ")
    return lines


def _log_lines(observation: Mapping[str, Any]) -> list[str]:
    log = observation["log"]
    if not log:
        return ["Recent moves: none yet"]
    lines = ["Recent moves:"]
    for mover, text in log:
        lines += _wrap(f"  {seat_name(mover)}: {text}", indent="      ")
    return lines


# --- SVG ----------------------------------------------------------------------------------


def claimed_routes(observation: Mapping[str, Any]) -> dict[int, list[int]]:
    """The claimed route ids per seat, from any observation (for `render_svg`)."""
    return {seat: list(info["routes"]) for seat, info in enumerate(observation["seats"])}


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _projection(
    cities: Sequence[Mapping[str, Any]], width: int, margin: float
) -> tuple[dict[str, tuple[float, float]], float]:
    """City name to (x, y) pixels, and the picture height: x = lon cos(mean lat), y = -lat."""
    mean_lat = sum(c["lat"] for c in cities) / len(cities)
    squeeze = math.cos(math.radians(mean_lat))
    raw = {c["name"]: (c["lon"] * squeeze, -c["lat"]) for c in cities}
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


Box = tuple[float, float, float, float]  # left, top, right, bottom

# Where a city's name may go around its dot, in order of preference: east, north-east, ...
LABEL_SPOTS = ((1, 0), (1, -1), (1, 1), (-1, 0), (-1, -1), (-1, 1), (0, -1), (0, 1))


def _label_box(
    x: float, y: float, name: str, spot: tuple[int, int], gap: float, font: float
) -> Box:
    """The box a name takes when set at `spot` (a direction) from a dot at (x, y)."""
    w, h = len(name) * font * 0.6, font * 1.05
    dx, dy = spot
    near = gap * (0.7 if dx and dy else 1.0)
    left = x + near if dx > 0 else x - near - w if dx < 0 else x - w / 2
    top = y + near if dy > 0 else y - near - h if dy < 0 else y - h / 2
    return left, top, left + w, top + h


def _inside(box: Box, x: float, y: float, pad: float) -> bool:
    return box[0] - pad <= x <= box[2] + pad and box[1] - pad <= y <= box[3] + pad


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _place_labels(
    points: Mapping[str, tuple[float, float]],
    degree: Mapping[str, int],
    samples: Sequence[tuple[float, float]],
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
            cost += 100 * sum(_overlap(box, other) for other in placed.values())
            cost += 40 * sum(_inside(box, dx, dy, radius) for dx, dy in dots)
            cost += 4 * sum(_inside(box, sx, sy, car_h * 0.6) for sx, sy in near)
            if best is None or cost < best[0]:
                best = (cost, box)
        assert best is not None
        placed[name] = best[1]
    return placed


def _route_samples(
    routes: Sequence[Mapping[str, Any]], points: Mapping[str, tuple[float, float]], step: float
) -> list[tuple[float, float]]:
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
    points: dict[str, tuple[float, float]]  # city name to its dot
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
    pairs: dict[frozenset[str], list[int]] = {}
    degree = {c["name"]: 0 for c in cities}
    for route in routes:
        pairs.setdefault(frozenset((route["a"], route["b"])), []).append(route["id"])
        degree[route["a"]] += 1
        degree[route["b"]] += 1
    sides = {}
    for route in routes:
        twins = sorted(pairs[frozenset((route["a"], route["b"]))])
        sides[route["id"]] = 0.0 if len(twins) == 1 else (-1.0 if route["id"] == twins[0] else 1.0)
    labels = _place_labels(
        points, degree, _route_samples(routes, points, car_h), radius, font, car_h
    )
    # The picture is the map plus wherever the names reach.
    pad = width * 0.01
    left = min(0.0, *(box[0] - pad for box in labels.values()))
    top = min(0.0, *(box[1] - pad for box in labels.values()))
    right = max(float(width), *(box[2] + pad for box in labels.values()))
    bottom = max(height, *(box[3] + pad for box in labels.values()))
    return MapLayout(width, points, labels, sides, (left, top, right, bottom), car_h, radius)


def map_svg(
    static_info: Mapping[str, Any],
    layout: MapLayout,
    owner: Mapping[int, int],
    city_marks: Mapping[str, tuple[str, str]] | None = None,
) -> list[str]:
    """The routes and cities of a map as SVG elements (no `<svg>` around them).

    `owner` maps claimed route ids to seats; `city_marks` gives some cities a ring: name to
    (class, note), class `ticket-city` (solid ring) or `offered-city` (dashed ring).
    """
    out = ['<g id="routes">']
    for route in static_info["routes"]:
        out += _route_svg(
            route,
            layout.points,
            layout.sides[route["id"]],
            owner.get(route["id"]),
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


def render_svg(
    static_info: Mapping[str, Any],
    routes_by_seat: Mapping[int, Sequence[int]] | None = None,
    width: int = 1000,
) -> str:
    """An SVG of the map: cities, every route as its train spaces, claimed routes marked.

    Each route is a `<g id="route-<id>" data-target="route-<id>">` with a `<title>` and a
    wide transparent line to click; a claimed route is drawn in its seat's colour with the
    seat number written on every train space.
    """
    layout = map_layout(static_info, width)
    owner = {r: s for s, ids in (routes_by_seat or {}).items() for r in ids}
    seats = sorted({s for s, ids in (routes_by_seat or {}).items() if ids})
    left, top, right, bottom = layout.box
    key_h = width * 0.04
    legend_h = width * 0.04 if seats else 0.0
    view_w, view_h = right - left, bottom + key_h + legend_h - top
    pixel_h = width * view_h / view_w
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{_num(pixel_h)}" '
        f'viewBox="{_num(left)} {_num(top)} {_num(view_w)} {_num(view_h)}" '
        'font-family="DejaVu Sans, Verdana, sans-serif">',
        svg_title(static_info),
        f'<rect x="{_num(left)}" y="{_num(top)}" width="{_num(view_w)}" height="{_num(view_h)}" '
        f'fill="{BACKGROUND}"/>',
    ]
    out += map_svg(static_info, layout, owner)
    out += color_key_svg(map_colors(static_info), bottom, left + width * 0.03, width, key_h)
    if seats:
        out += legend_svg(seats, bottom + key_h, left + width * 0.03, width, legend_h)
    out.append("</svg>")
    return "\n".join(out)


def svg_title(static_info: Mapping[str, Any]) -> str:
    """The `<title>` of a map picture."""
    name = MAP_TITLES.get(static_info["map"], static_info["map"])
    return f"<title>Ticket to Ride: {escape(name)} map</title>"


def _route_svg(
    route: Mapping[str, Any],
    points: Mapping[str, tuple[float, float]],
    side: float,
    seat: int | None,
    car_h: float,
    pad: float,
) -> list[str]:
    """One route's `<g>`: `length` train spaces between its cities, offset for a double."""
    # Direction taken from the alphabetically first city, so twins get opposite offsets.
    a, b = sorted((route["a"], route["b"]))
    (ax, ay), (bx, by) = points[a], points[b]
    dist = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / dist, (by - ay) / dist
    nx, ny = -uy, ux
    offset = side * (car_h * 0.5 + 1.5)
    length = route["length"]
    usable = max(dist - 2 * pad, dist * 0.4)
    slot = usable / length
    gap = min(slot * 0.18, car_h * 0.45)
    car_w = slot - gap
    angle = math.degrees(math.atan2(uy, ux))
    start = (dist - usable) / 2
    color = route["color"]
    title = f"r{route['id']} {route['a']}-{route['b']}, {length} {color}"
    classes = f"route color-{color}"
    if seat is not None:
        seat_color = SEAT_COLORS[seat % len(SEAT_COLORS)]
        fill, ink = SEAT_FILL[seat_color]
        title += f", claimed by {seat_name(seat)}"
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
        f'<line class="hit" x1="{_num(hit[0][0])}" y1="{_num(hit[0][1])}" '
        f'x2="{_num(hit[1][0])}" y2="{_num(hit[1][1])}" stroke="#000000" stroke-opacity="0" '
        f'stroke-width="{_num(car_h * (1.3 if side else 2.4))}"/>'
    )
    stroke = "#000000" if seat is not None else "#444444"
    stroke_w = car_h * (0.22 if seat is not None else 0.12)
    for i in range(length):
        along = start + slot * (i + 0.5)
        cx = ax + ux * along + nx * offset
        cy = ay + uy * along + ny * offset
        out.append(
            f'<rect x="{_num(-car_w / 2)}" y="{_num(-car_h / 2)}" width="{_num(car_w)}" '
            f'height="{_num(car_h)}" rx="{_num(car_h * 0.2)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{_num(stroke_w)}" '
            f'transform="translate({_num(cx)} {_num(cy)}) rotate({_num(angle)})"/>'
        )
        if seat is not None:
            out.append(
                f'<text x="{_num(cx)}" y="{_num(cy + car_h * 0.33)}" font-size="{_num(car_h)}" '
                f'font-weight="bold" text-anchor="middle" fill="{ink}">{seat}</text>'
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
        f'<text class="color-letter" x="{_num(x)}" y="{_num(y + font * 0.36)}" '
        f'font-size="{_num(font)}" font-weight="bold" text-anchor="middle" fill="{ink}" '
        f'stroke="{fill}" stroke-width="{_num(font * 0.22)}" stroke-linejoin="round" '
        f'paint-order="stroke">{color_letter(color)}</text>'
    )


def _city_svg(
    index: int,
    name: str,
    point: tuple[float, float],
    label: Box,
    radius: float,
    mark: tuple[str, str] | None = None,
) -> list[str]:
    """A city: a dot, and its name in its label box with a halo so routes do not hide it;
    `mark` (class, note) rings it: solid for `ticket-city`, dashed otherwise."""
    x, y = point
    font = (label[3] - label[1]) / 1.05
    text = (
        f'x="{_num(label[0])}" y="{_num(label[1] + font * 0.82)}" font-size="{_num(font)}"'
        f">{escape(name)}</text>"
    )
    classes = "city" + (f" {mark[0]}" if mark else "")
    ring = []
    if mark:
        dash = "" if mark[0] == "ticket-city" else f' stroke-dasharray="{_num(radius * 0.6)}"'
        ring.append(
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(radius * 2)}" fill="none" '
            f'stroke="#6a1b9a" stroke-width="{_num(radius * 0.45)}"{dash}/>'
        )
    return [
        f'<g id="city-{index}" class={quoteattr(classes)}>',
        f"<title>{escape(name + (f' ({mark[1]})' if mark else ''))}</title>",
        *ring,
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(radius)}" fill="#c0392b" '
        f'stroke="#000000" stroke-width="{_num(radius * 0.3)}"/>',
        f'<text stroke="{BACKGROUND}" stroke-width="{_num(font * 0.3)}" '
        f'stroke-linejoin="round" {text}',
        f'<text fill="#000000" {text}',
        "</g>",
    ]


def legend_svg(
    seats: Sequence[int],
    top: float,
    left: float,
    width: int,
    height: float,
    viewer: int | None = None,
) -> list[str]:
    """Which seat owns which train colour and number, under the map (`viewer`: `you`)."""
    size = height * 0.45
    y = top + height * 0.25
    out = ['<g id="legend">']
    for slot, seat in enumerate(seats):
        fill, ink = SEAT_FILL[SEAT_COLORS[seat % len(SEAT_COLORS)]]
        x = left + slot * width * 0.18
        out.append(
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(size * 1.6)}" height="{_num(size)}" '
            f'fill="{fill}" stroke="#000000"/>'
        )
        out.append(
            f'<text x="{_num(x + size * 0.8)}" y="{_num(y + size * 0.8)}" '
            f'font-size="{_num(size * 0.85)}" font-weight="bold" text-anchor="middle" '
            f'fill="{ink}">{seat}</text>'
        )
        out.append(
            f'<text x="{_num(x + size * 2)}" y="{_num(y + size * 0.8)}" '
            f'font-size="{_num(size * 0.85)}">{escape(_legend_name(seat, viewer))}</text>'
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
        f'<text x="{_num(left)}" y="{_num(y + size * 0.8)}" font-size="{_num(font)}" '
        'font-weight="bold">Route colours:</text>',
    ]
    x = left + font * 8.4
    for color in colors:
        fill = ROUTE_FILL.get(color, "#cccccc")
        out.append(
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(size * 1.6)}" height="{_num(size)}" '
            f'rx="{_num(size * 0.2)}" fill="{fill}" stroke="#444444"/>'
        )
        letter = color_letter(color)
        if letter:
            ink = "#ffffff" if color in DARK_FILLS else "#000000"
            out.append(
                f'<text x="{_num(x + size * 0.8)}" y="{_num(y + size * 0.8)}" '
                f'font-size="{_num(font)}" font-weight="bold" text-anchor="middle" '
                f'fill="{ink}">{letter}</text>'
            )
        name = color if letter else f"{color} (any)"
        out.append(
            f'<text x="{_num(x + size * 1.9)}" y="{_num(y + size * 0.8)}" '
            f'font-size="{_num(font)}">{escape(name)}</text>'
        )
        x += size * 2.4 + len(name) * font * 0.58
    out.append("</g>")
    return out


def _legend_name(seat: int, viewer: int | None) -> str:
    """`seat 1 (red)`, or `you (red)` for the viewer."""
    if seat == viewer:
        return f"you ({SEAT_COLORS[seat % len(SEAT_COLORS)]})"
    return seat_name(seat)
