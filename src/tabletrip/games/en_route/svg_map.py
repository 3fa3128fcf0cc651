"""One En Route city map as SVG: locations, roads, Cafés, tourists, a final route.

A pure function of the City (static content) and one map as an observation shows it
(`observation["sheets"][seat]`); the board (svg.py) places one such map per seat. Every title
and label reads like the game (present_words.py names things): a location by its Landmark and
the coordinates its board prints ("Inkwell Gallery (horizontal 4, vertical 6)"), a road
section and a crossroads by its grid position "(x, y)", which the small grey numbers 0-6 along
the bottom and the right edge of the map give. The bold numbers along the top and the left are
the board's own coordinates, as printed.

Everything a colour says is said in a title too; the letters on the cells are R, G, B for the
Special Landmarks, Y<PP> Popular, I<PP> Iconic; crossroads show C (Café), V (Visit-Them-All)
and O (Personal Objective). A final route is a gold line over its purple sections, on a
pale gold band, from a ringed start to a filled end; the drawn sections off it are faded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core.labels import SVG_FONT
from tabletrip.core.phrases import plural
from tabletrip.core.render import svg_number as num
from tabletrip.games.en_route.content import TOURIST_TYPES, City
from tabletrip.games.en_route.geometry import (
    CROSSROADS_SIZE,
    LOCATIONS,
    MAP_SIZE,
    SECTION_ENDS,
    SECTIONS,
    crossroads_on_route,
    section_between,
)
from tabletrip.games.en_route.present_words import (
    BONUS_NAMES,
    crossroads_place,
    place_at,
    places_chain,
    section_words,
    tourists_words,
)

LANDMARK_FILL = {  # (cell fill, border and letter)
    "red": ("#f6c5c0", "#b71c1c"),
    "green": ("#c8e6c9", "#1b6e2d"),
    "blue": ("#c5d8f5", "#1c4fa8"),
    "yellow": ("#fbe9a0", "#8a6d00"),
    "gray": ("#d9d9d9", "#4d4d4d"),
}
LANDMARK_KINDS = {"yellow": "Popular", "gray": "Iconic"}  # the others are Special
SPECIAL_LETTERS = {"red": "R", "green": "G", "blue": "B"}
TOURIST_FILL = {"red": "#d63031", "green": "#2f9e44", "blue": "#2e6fd1"}
PLAIN_FILL = "#fbf8ef"
BACKGROUND = "#efe8d6"
ROAD = "#b9ad94"
ROUTE = "#6a1b9a"  # the rulebook charts the route in purple
FINAL = "#f5b700"  # the final route: a gold line over the purple sections
INK = "#222222"
GREY_INK = "#6b6b6b"
CAFE_FILL = "#8d5524"
VTA_FILL = "#f4d03f"


def tourist_counts(tourists: Mapping[str, int] | Sequence[int]) -> tuple[int, int, int]:
    """(red, green, blue) from `{"red": 1}` or a list."""
    if isinstance(tourists, Mapping):
        return (tourists.get("red", 0), tourists.get("green", 0), tourists.get("blue", 0))
    return (tourists[0], tourists[1], tourists[2])


def trail_sections(crossroads: Sequence[int]) -> list[int]:
    """The sections of a trail of crossroads, in order (pairs that are not neighbours skipped)."""
    found = []
    for a, b in pairwise(crossroads):
        section = section_between(a, b)
        if section is not None:
            found.append(section)
    return found


@dataclass(frozen=True, slots=True)
class MapOptions:
    """What one map shows beyond the sheet: the Iconic `ratings` (PP by Iconic id), the
    viewer's `objective` crossroads, a final `route` (crossroads in order) and what its legend
    calls it, `cafes` (False at the simplified level), the location `selected` this turn."""

    ratings: Mapping[str, int] | None = None
    objective: Sequence[int] = ()
    route: Sequence[int] = ()
    route_label: str = "Final route"
    cafes: bool = True
    selected: int = -1


def map_title(city: City, board: int, owner: str = "") -> str:
    """`Your map, board 2` / `En Route: First City, board 2` (no owner)."""
    number = city.board_numbers[board]
    return f"{owner}, board {number}" if owner else f"En Route: {city.name}, board {number}"


def render_svg(
    city: City,
    sheet_json: Mapping[str, Any],
    width: int = 600,
    options: MapOptions | None = None,
) -> str:
    """An SVG of one player's map: its board's coordinate numbers, Landmarks, tourists, roads.

    Each location is a `<g id="loc-<index>">` and each road section (drawn or not) a
    `<g id="sec-<index>">`, both with a `<title>`.
    """
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{width}" '
        f'viewBox="0 0 {width} {width}" font-family="{SVG_FONT}">',
        f"<title>{escape(map_title(city, sheet_json['board']))}</title>",
        *map_svg(city, sheet_json, width, options or MapOptions()),
        "</svg>",
    ]
    return "\n".join(out)


class _Ids:
    """The `id` (with a prefix) and the `data-target` (when clickable) of a map's elements."""

    def __init__(self, prefix: str, targets: bool) -> None:
        self.prefix = prefix
        self.targets = targets

    def group(self, name: str) -> str:
        """`id="..."` of a group that is never a target."""
        return f'id="{self.prefix}{name}"'

    def element(self, key: str, clickable: bool = True) -> str:
        """`id="..."`, plus `data-target="<key>"` when the map takes clicks."""
        text = f'id="{self.prefix}{key}"'
        if self.targets and clickable:
            text += f' data-target="{key}"'
        return text


class _Grid:
    """Where a map's crossroads and locations lie in its `width` square."""

    __slots__ = ("cell", "margin")

    def __init__(self, width: float) -> None:
        self.margin = width * 0.08
        self.cell = (width - 2 * self.margin) / MAP_SIZE

    def at(self, crossroads: int) -> tuple[float, float]:
        """The point of a crossroads."""
        y, x = divmod(crossroads, CROSSROADS_SIZE)
        return self.margin + x * self.cell, self.margin + y * self.cell


def map_svg(
    city: City,
    sheet_json: Mapping[str, Any],
    width: int = 600,
    options: MapOptions | None = None,
    *,
    prefix: str = "",
    targets: bool = False,
    compact: bool = False,
) -> list[str]:
    """The elements of one map in a `width` square from (0, 0) (no `<svg>` around them).

    `prefix` starts every id (several maps in one picture); `targets` gives locations,
    sections and Café crossroads `data-target` keys (`loc-<i>`, `sec-<i>`, `cross-<c>`) to
    click; `compact` (a map only to look at) draws the open roads as one path, with no element
    per open section.
    """
    shown = options or MapOptions()
    board = sheet_json["board"]
    sections = set(sheet_json.get("sections") or ())
    tourists = {
        int(loc): tourist_counts(t) for loc, t in (sheet_json.get("tourists") or {}).items()
    }
    route_sections = set(trail_sections(shown.route))
    grid = _Grid(float(width))
    cell = grid.cell
    ids = _Ids(prefix, targets)
    out = [f'<rect x="0" y="0" width="{width}" height="{width}" fill="{BACKGROUND}"/>']
    out += _coordinates_svg(city, board, grid, ids)
    out.append(f"<g {ids.group('locations')}>")
    for location in range(LOCATIONS):
        out += _location_svg(city, board, location, tourists.get(location), shown, grid, ids)
    out.append("</g>")
    if len(shown.route) > 1:
        out.append(_route_halo_svg(shown.route, grid))
    out.append(f"<g {ids.group('sections')}>")
    if compact:
        ends = [grid.at(c) for s in range(SECTIONS) for c in SECTION_ENDS[s] if s not in sections]
        out.append(_open_roads_svg(ends, cell))
    for section in range(SECTIONS):
        if compact and section not in sections:
            continue
        on_route = section in route_sections if route_sections else None
        out += _section_svg(section, grid, section in sections, on_route, ids, hit=not compact)
    out.append("</g>")
    if len(shown.route) > 1:
        out += _route_svg(city, shown, grid, ids)
    out.append(f"<g {ids.group('crossroads')}>")
    marked = set(city.vta_crossroads) | set(shown.objective)
    if shown.cafes:
        marked |= {cafe.crossroads for cafe in city.cafes}
    reached = crossroads_on_route(sections)
    for c in sorted(marked):
        out += _crossroads_svg(city, c, sheet_json, reached, shown, grid, ids)
    out.append("</g>")
    return out


def _coordinates_svg(city: City, board: int, grid: _Grid, ids: _Ids) -> list[str]:
    """The board's coordinate numbers (bold, top: horizontal, left: vertical) and the grid
    lines' numbers 0-6 that name crossroads (small, bottom and right)."""
    margin, cell = grid.margin, grid.cell
    big = cell * 0.32
    small = cell * 0.18
    end = margin + MAP_SIZE * cell
    out = [f"<g {ids.group('coordinates')}>"]
    for i in range(MAP_SIZE):
        mid = margin + (i + 0.5) * cell
        out.append(
            f'<text x="{num(mid)}" y="{num(margin * 0.7)}" font-size="{num(big)}" '
            f'font-weight="bold" text-anchor="middle" fill="{INK}">'
            f"{city.board_columns[board][i]}</text>"
        )
        out.append(
            f'<text x="{num(margin * 0.5)}" y="{num(mid + big * 0.35)}" font-size="{num(big)}" '
            f'font-weight="bold" text-anchor="middle" fill="{INK}">'
            f"{city.board_rows[board][i]}</text>"
        )
    for i in range(CROSSROADS_SIZE):
        line = margin + i * cell
        out.append(
            f'<text x="{num(line)}" y="{num(end + margin * 0.6)}" font-size="{num(small)}" '
            f'text-anchor="middle" fill="{GREY_INK}">{i}</text>'
        )
        out.append(
            f'<text x="{num(end + margin * 0.5)}" y="{num(line + small * 0.35)}" '
            f'font-size="{num(small)}" text-anchor="middle" fill="{GREY_INK}">{i}</text>'
        )
    out.append("</g>")
    return out


def landmark_label(city: City, location: int, ratings: Mapping[str, int] | None) -> str:
    """`R`, `G`, `B`, `Y8` or `I6` (an Iconic Landmark with its PP now); "" for none."""
    color = city.landmark[location]
    if color is None:
        return ""
    if color in SPECIAL_LETTERS:
        return SPECIAL_LETTERS[color]
    if color == "yellow":
        return f"Y{city.yellow_pp[location]}"
    iconic = city.iconic_at[location]
    pp = ratings.get(city.iconic_ids[iconic]) if ratings and iconic >= 0 else None
    return "I" if pp is None else f"I{pp}"


def location_title(
    city: City,
    board: int,
    location: int,
    counts: tuple[int, int, int] | None,
    ratings: Mapping[str, int] | None,
    selected: bool = False,
) -> str:
    """`Inkwell Gallery (horizontal 4, vertical 6): blue Special Landmark; 2 red tourists`."""
    color = city.landmark[location]
    where = place_at(city, board, location)
    parts = [where if color else f"Location at {where}"]
    if color:
        text = f"{color} {LANDMARK_KINDS.get(color, 'Special')} Landmark"
        if color == "yellow":
            text += f", {city.yellow_pp[location]} PP"
        label = landmark_label(city, location, ratings)
        if color == "gray" and label[1:]:
            text += f", {label[1:]} PP now"
        parts[0] += f": {text}"
    if counts and sum(counts):
        total = sum(counts)
        parts.append(f"{tourists_words(counts)} {'tourist' if total == 1 else 'tourists'}")
    if selected:
        parts.append("selected this turn")
    return "; ".join(parts)


def _location_svg(
    city: City,
    board: int,
    location: int,
    counts: tuple[int, int, int] | None,
    shown: MapOptions,
    grid: _Grid,
    ids: _Ids,
) -> list[str]:
    """A location: its cell (coloured by its Landmark, with the Landmark's letter) and tourists;
    the location selected this turn has a thick outline."""
    cell = grid.cell
    row, col = divmod(location, MAP_SIZE)
    x0, y0 = grid.margin + col * cell, grid.margin + row * cell
    pad = cell * 0.06
    color = city.landmark[location]
    fill, edge = LANDMARK_FILL.get(color or "", (PLAIN_FILL, "#cfc6b0"))
    label = landmark_label(city, location, shown.ratings)
    selected = location == shown.selected
    title = location_title(city, board, location, counts, shown.ratings, selected)
    classes = "location" + (f" landmark {color}" if color else "") + (" occupied" if counts else "")
    classes += " selected" if selected else ""
    stroke_w = cell * (0.08 if selected else 0.04 if color else 0.015)
    out = [
        f"<g {ids.element(f'loc-{location}')} class={quoteattr(classes)}>",
        f"<title>{escape(title)}</title>",
        f'<rect x="{num(x0 + pad)}" y="{num(y0 + pad)}" width="{num(cell - 2 * pad)}" '
        f'height="{num(cell - 2 * pad)}" rx="{num(cell * 0.06)}" fill="{fill}" '
        f'stroke="{ROUTE if selected else edge}" stroke-width="{num(stroke_w)}"/>',
    ]
    if label:
        size = cell * 0.24
        out.append(
            f'<text x="{num(x0 + pad * 2.2)}" y="{num(y0 + pad * 1.6 + size * 0.8)}" '
            f'font-size="{num(size)}" font-weight="bold" fill="{edge}">{escape(label)}</text>'
        )
    if counts:
        out += tourists_svg(counts, x0, y0, cell)
    out.append("</g>")
    return out


def tourists_svg(counts: tuple[int, int, int], x0: float, y0: float, cell: float) -> list[str]:
    """The rulebook's shapes, each with its count: red circles, green squares, blue triangles."""
    out = []
    kinds = [(t, n) for t, n in zip(TOURIST_TYPES, counts, strict=True) if n]
    size = cell * 0.15
    slot = cell * 0.29
    left = x0 + cell / 2 - slot * len(kinds) / 2
    cy = y0 + cell * 0.66
    for i, (kind, n) in enumerate(kinds):
        cx = left + slot * i + size * 0.55
        stroke = f'fill="{TOURIST_FILL[kind]}" stroke="{INK}" stroke-width="{num(cell * 0.015)}"'
        if kind == "red":
            out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(size / 2)}" {stroke}/>')
        elif kind == "green":
            out.append(
                f'<rect x="{num(cx - size / 2)}" y="{num(cy - size / 2)}" '
                f'width="{num(size)}" height="{num(size)}" {stroke}/>'
            )
        else:
            h = size * 0.95
            top, bottom = cy - h / 2 - size * 0.05, cy + h / 2
            points = (
                f"{num(cx)},{num(top)} {num(cx - size * 0.58)},{num(bottom)} "
                f"{num(cx + size * 0.58)},{num(bottom)}"
            )
            out.append(f'<polygon points="{points}" {stroke}/>')
        out.append(
            f'<text x="{num(cx + size * 0.62)}" y="{num(cy + size * 0.4)}" '
            f'font-size="{num(size * 1.05)}" font-weight="bold" fill="{INK}">{n}</text>'
        )
    return out


def section_title(section: int, drawn: bool, on_route: bool | None) -> str:
    """`Section (2, 3)–(3, 3), drawn, on the final route` / `..., open road`."""
    state = "drawn" if drawn else "open road"
    if drawn and on_route is not None:
        state += ", on the final route" if on_route else ", off the final route"
    return f"Section {section_words(section)}, {state}"


def _section_svg(
    section: int, grid: _Grid, drawn: bool, on_route: bool | None, ids: _Ids, hit: bool = True
) -> list[str]:
    """A road section: thin when open, thick purple when drawn (faded when a final route is
    given and it is not on it), with a wide invisible line to click."""
    cell = grid.cell
    (ax, ay), (bx, by) = (grid.at(c) for c in SECTION_ENDS[section])
    coords = f'x1="{num(ax)}" y1="{num(ay)}" x2="{num(bx)}" y2="{num(by)}"'
    classes = "section" + (" drawn" if drawn else "") + (" route" if on_route else "")
    out = [
        f"<g {ids.element(f'sec-{section}')} class={quoteattr(classes)}>",
        f"<title>{escape(section_title(section, drawn, on_route))}</title>",
    ]
    if hit:
        out.append(
            f'<line class="hit" {coords} stroke="#000000" stroke-opacity="0" '
            f'stroke-width="{num(cell * 0.18)}"/>'
        )
    if drawn:
        faded = ' stroke-opacity="0.35"' if on_route is False else ""
        out.append(
            f'<line {coords} stroke="{ROUTE}" stroke-width="{num(cell * 0.08)}" '
            f'stroke-linecap="round"{faded}/>'
        )
    else:
        out.append(
            f'<line {coords} stroke="{ROAD}" stroke-width="{num(cell * 0.02)}" '
            f'stroke-dasharray="{num(cell * 0.06)} {num(cell * 0.05)}"/>'
        )
    out.append("</g>")
    return out


def _open_roads_svg(ends: Sequence[tuple[float, float]], cell: float) -> str:
    """Every open road of a map to look at, as one dashed path (`ends` pairs up the points)."""
    moves = " ".join(
        f"M{num(a[0])} {num(a[1])}L{num(b[0])} {num(b[1])}"
        for a, b in zip(ends[::2], ends[1::2], strict=True)
    )
    return (
        f'<path class="roads" d="{moves}" stroke="{ROAD}" stroke-width="{num(cell * 0.02)}" '
        f'stroke-dasharray="{num(cell * 0.06)} {num(cell * 0.05)}" fill="none"/>'
    )


def route_summary(city: City, trail: Sequence[int], cafes: bool = True) -> str:
    """`14 sections: (1, 3)–(1, 2)–Café Carousel (2, 0)–...`, or `no route`."""
    if len(trail) < 2:
        return "no route (no section was drawn)"
    return f"{plural(len(trail) - 1, 'section')}: {places_chain(city, trail, cafes)}"


def _points(route: Sequence[int], grid: _Grid) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in (grid.at(c) for c in route))


def _route_halo_svg(route: Sequence[int], grid: _Grid) -> str:
    """A wide pale gold band under the final route's sections, so the route stands out from
    the sections off it even on a small map; it takes no clicks."""
    return (
        f'<polyline class="final-route-halo" points="{_points(route, grid)}" fill="none" '
        f'stroke="{FINAL}" stroke-opacity="0.45" stroke-width="{num(grid.cell * 0.22)}" '
        'stroke-linejoin="round" stroke-linecap="round" pointer-events="none"/>'
    )


def _route_svg(city: City, shown: MapOptions, grid: _Grid, ids: _Ids) -> list[str]:
    """The final route: a gold line through its crossroads over the purple sections, a ring at
    its start and a dot at its end; it takes no clicks (the sections under it do)."""
    cell = grid.cell
    points = [grid.at(c) for c in shown.route]
    line = _points(shown.route, grid)
    (sx, sy), (ex, ey) = points[0], points[-1]
    title = f"{shown.route_label}, {route_summary(city, shown.route, shown.cafes)}"
    return [
        f'<g {ids.group("final-route")} class="final-route" pointer-events="none">',
        f"<title>{escape(title)}</title>",
        f'<polyline points="{line}" fill="none" stroke="{FINAL}" '
        f'stroke-width="{num(cell * 0.04)}" stroke-linejoin="round" stroke-linecap="round"/>',
        f'<circle cx="{num(sx)}" cy="{num(sy)}" r="{num(cell * 0.1)}" fill="none" '
        f'stroke="{FINAL}" stroke-width="{num(cell * 0.04)}"/>',
        f'<circle cx="{num(ex)}" cy="{num(ey)}" r="{num(cell * 0.07)}" fill="{FINAL}" '
        f'stroke="{INK}" stroke-width="{num(cell * 0.012)}"/>',
        "</g>",
    ]


def crossroads_title(
    city: City, c: int, sheet_json: Mapping[str, Any], reached: int, shown: MapOptions
) -> str:
    """`Café Carousel (2, 0): a Café, New tourists bonus (1 red), visited, bonus unused`,
    `Hand Craft Festival point (3, 2): Visit-Them-All, reached`, `(1, 4); your Personal
    Objective crossroads`."""
    notes = [crossroads_place(city, c, shown.cafes)]
    k = city.cafe_at[c]
    if shown.cafes and k >= 0:
        cafe = city.cafes[k]
        bonus = f"a Café, {BONUS_NAMES.get(cafe.bonus, 'a')} bonus"
        if cafe.bonus == "new_tourists":
            bonus += f" ({tourists_words(cafe.tourists)})"
        if k in (sheet_json.get("cafes_used") or ()):
            bonus += ", visited, bonus used"
        elif k in (sheet_json.get("cafes_gained") or ()):
            bonus += ", visited, bonus unused"
        notes[0] += f": {bonus}"
    elif c in city.vta_crossroads:
        notes[0] += ": Visit-Them-All" + (", reached" if reached >> c & 1 else "")
    if c in shown.objective:
        notes.append("your Personal Objective crossroads")
    return "; ".join(notes)


def _crossroads_svg(
    city: City,
    c: int,
    sheet_json: Mapping[str, Any],
    reached: int,
    shown: MapOptions,
    grid: _Grid,
    ids: _Ids,
) -> list[str]:
    """Café (C; ringed when visited, crossed when its bonus is used), Visit-Them-All point (V;
    ringed when reached) and objective crossroads (O)."""
    x, y = grid.at(c)
    r = grid.cell * 0.12
    k = city.cafe_at[c] if shown.cafes else -1
    gained = k >= 0 and k in (sheet_json.get("cafes_gained") or ())
    crossed = k >= 0 and k in (sheet_json.get("cafes_used") or ())
    if k >= 0:
        letter, fill, ink, ringed = "C", CAFE_FILL, "#ffffff", gained
    elif c in city.vta_crossroads:
        letter, fill, ink, ringed = "V", VTA_FILL, INK, bool(reached >> c & 1)
    else:
        letter, fill, ink, ringed = "O", "#ffffff", ROUTE, False
    out = [
        f'<g {ids.element(f"cross-{c}", clickable=k >= 0)} class="crossroads">',
        f"<title>{escape(crossroads_title(city, c, sheet_json, reached, shown))}</title>",
    ]
    if ringed:
        out.append(
            f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r * 1.45)}" fill="none" '
            f'stroke="{INK}" stroke-width="{num(r * 0.25)}"/>'
        )
    if c in shown.objective:
        d = r * 1.25
        out.append(
            f'<rect x="{num(x - d)}" y="{num(y - d)}" width="{num(2 * d)}" '
            f'height="{num(2 * d)}" fill="none" stroke="{ROUTE}" stroke-width="{num(r * 0.3)}" '
            f'transform="rotate(45 {num(x)} {num(y)})"/>'
        )
    out.append(
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" stroke="{INK}" '
        f'stroke-width="{num(r * 0.15)}"/>'
    )
    out.append(
        f'<text x="{num(x)}" y="{num(y + r * 0.45)}" font-size="{num(r * 1.3)}" '
        f'font-weight="bold" text-anchor="middle" fill="{ink}">{letter}</text>'
    )
    if crossed:
        d = r * 1.1
        out.append(
            f'<path d="M{num(x - d)} {num(y - d)} L{num(x + d)} {num(y + d)} '
            f'M{num(x - d)} {num(y + d)} L{num(x + d)} {num(y - d)}" stroke="{INK}" '
            f'stroke-width="{num(r * 0.16)}"/>'
        )
    out.append("</g>")
    return out
