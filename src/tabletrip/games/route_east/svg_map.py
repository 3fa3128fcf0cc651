"""The Route East map as SVG: sea, land, roads, spaces and the board's own names.

All of it is board facts, the same for every viewer and every move, so it is drawn once per
board (`map_parts`) and each board picture (svg.py) adds what changes: the pieces, the
attractions a viewer knows, the card piles. Every space is a `<g data-space="<id>">` and every
road a `<g data-road="<a>|<b>">` (ids as in the board file) with a `data-target` key, a
`<title>` in the game's words (names, never ids) and a transparent `hit` area to click.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core.labels import Box, Labeller
from tabletrip.core.render import svg_number as _num
from tabletrip.games.route_east.content import BORDER, ROAD_KINDS, SPACE_KINDS, TOLL, Board
from tabletrip.games.route_east.layout import SPACE_R, Point, board_layout
from tabletrip.games.route_east.present_words import (
    KIND_WORDS,
    capitalised,
    night_words,
    seat_title,
    space_name,
)
from tabletrip.games.route_east.svg_labels import (
    SEA_LABEL,
    country_labels,
    end_labels,
    samples,
    sea_label_box,
)
from tabletrip.games.route_east.svg_style import (
    BACKGROUND,
    COUNTRY_FILL,
    KIND_STYLE,
    LAND_WIDTH,
    MINE,
    ROAD_WORDS,
    SEA,
    SEA_INK,
    SPACE_HIT,
    halo_text,
    no_trains_mark,
    road_line,
    seat_fill,
    space_symbol,
    tag,
    toll_mark,
)


def space_target(space_id: str) -> str:
    """The key of a space: `space-tr-ankara`."""
    return f"space-{space_id}"


def road_target(a_id: str, b_id: str) -> str:
    """The key of a road, its ends in the board file's order: `road-tr-bolu|tr-ankara`."""
    return f"road-{a_id}|{b_id}"


_ROADS: dict[int, tuple[Board, dict[tuple[int, int], str]]] = {}


def road_keys(board: Board) -> dict[tuple[int, int], str]:
    """The key of the road between two spaces, by (a, b) in either order (cached per board)."""
    cached = _ROADS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    keys: dict[tuple[int, int], str] = {}
    for a, b, _, _ in board.roads:
        key = road_target(board.space_ids[a], board.space_ids[b])
        keys[(a, b)] = key
        keys[(b, a)] = key
    _ROADS[id(board)] = (board, keys)
    return keys


@dataclass(frozen=True)
class AttractionMark:
    """An attraction drawn as known: the viewer's own (`mine`) or another seat's face-up one."""

    space: str
    name: str
    seat: int
    mine: bool
    visited: bool


@dataclass(frozen=True)
class MapParts:
    """The map drawn once per board: `base` (sea, land, the Caspian crossing, country names,
    roads), each space unmarked, the Istanbul and Shanghai labels, and the `labeller` holding
    the spaces, the roads and every label placed so far (fork it to place more)."""

    points: tuple[Point, ...]
    width: float
    height: float
    base: str
    spaces: tuple[str, ...]
    end_labels: str
    labeller: Labeller


_PARTS: dict[int, tuple[Board, MapParts]] = {}


def map_parts(board: Board) -> MapParts:
    """The static map of `board` (worked out on first use, then cached per board)."""
    cached = _PARTS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    layout = board_layout(board)
    pts = layout.points
    road_points = [p for a, b, _, _ in board.roads for p in samples(pts[a], pts[b], 4.0)]
    labeller = Labeller([*pts, *road_points])
    ends = end_labels(board, pts, labeller)
    sea_box = sea_label_box(board, pts, labeller)
    countries = country_labels(board, pts, labeller)
    base = [
        *_sea_svg(board, pts),
        *_land_svg(board, pts),
        *_crossing_svg(board, pts, sea_box),
        '<g id="country-names">',
        *countries,
        "</g>",
        *_roads_svg(board, pts),
    ]
    spaces = tuple(
        "\n".join(space_svg(board, s, pts[s], (), None)) for s in range(len(board.space_ids))
    )
    parts = MapParts(
        points=pts,
        width=layout.width,
        height=layout.height,
        base="\n".join(base),
        spaces=spaces,
        end_labels="\n".join(ends),
        labeller=labeller,
    )
    _PARTS[id(board)] = (board, parts)
    return parts


def _sea_svg(board: Board, pts: Sequence[Point]) -> list[str]:
    """The Caspian Sea round the boat, under the land."""
    ax, bx = pts[board.ports[0]][0], pts[board.ports[1]][0]
    x, y = pts[board.boat]
    rx = max(abs(bx - ax) / 2 + 26, 40)
    return [
        f'<ellipse id="caspian-sea" cx="{_num(x)}" cy="{_num(y - 20)}" rx="{_num(rx)}" '
        f'ry="80" fill="{SEA}"/>'
    ]


def _land_svg(board: Board, pts: Sequence[Point]) -> list[str]:
    """Each country as pale land: wide rounded strokes round its spaces, along its roads and
    half-way along its roads to its Borders."""
    out = ['<g id="land">']
    for c, country in enumerate(board.countries):
        path = []
        for a, b, _, _ in board.roads:
            ka, kb = board.kinds[a], board.kinds[b]
            if ka == BORDER:
                a, b, ka, kb = b, a, kb, ka
            if board.country[a] != c or ka == BORDER:
                continue
            (ax, ay), (bx, by) = pts[a], pts[b]
            if kb == BORDER:
                bx, by = (ax + bx) / 2, (ay + by) / 2
            path.append(f"M{_num(ax)} {_num(ay)}L{_num(bx)} {_num(by)}")
        for s in range(len(board.space_ids)):
            if board.country[s] == c and board.kinds[s] != BORDER:
                path.append(f"M{_num(pts[s][0])} {_num(pts[s][1])}l0 0")
        out.append(
            f'<path class="country" data-country="{country}" d="{"".join(path)}" fill="none" '
            f'stroke="{COUNTRY_FILL.get(country, "#e8e8e8")}" stroke-width="{_num(LAND_WIDTH)}" '
            'stroke-linecap="round" stroke-linejoin="round"/>'
        )
    out.append("</g>")
    return out


def _crossing_svg(board: Board, pts: Sequence[Point], label: Box) -> list[str]:
    """The boat's course from port to port, and the sea's name."""
    (ax, ay), (bx, by) = pts[board.ports[0]], pts[board.ports[1]]
    sx, sy = pts[board.boat]
    a, b = (board.space_ids[p] for p in board.ports)
    title = "Caspian Sea crossing by boat: " + " – ".join(space_name(board, p) for p in board.ports)
    return [
        f'<g id="caspian-crossing" data-crossing="{a}|{b}">',
        f"<title>{escape(title)}</title>",
        f'<path d="M{_num(ax)} {_num(ay)} Q{_num(sx)} {_num(2 * sy - (ay + by) / 2)} '
        f'{_num(bx)} {_num(by)}" fill="none" stroke="{SEA_INK}" stroke-width="1.8" '
        'stroke-dasharray="0.1 3.5" stroke-linecap="round"/>',
        halo_text(label, SEA_LABEL, 8.0, font_style="italic", fill=SEA_INK).replace(
            f'stroke="{BACKGROUND}"', f'stroke="{SEA}"'
        ),
        "</g>",
    ]


def road_title(board: Board, a: int, b: int, kind: int, no_trains: bool) -> str:
    """`Toll road ($25) between Bolu and Ankara`, `Road between Sarp and Batumi, No Trains`."""
    words = capitalised(ROAD_WORDS[ROAD_KINDS[kind]])
    ends = f"{_road_end(board, a, b)} and {_road_end(board, b, a)}"
    return f"{words} between {ends}" + (", No Trains" if no_trains else "")


def _road_end(board: Board, space: int, other: int) -> str:
    """A road's end by name; a nameless road space by where it leads on past the road."""
    if board.space_names[space]:
        return board.space_names[space]
    beyond = [
        board.space_names[s]
        for r in board.roads
        if space in r[:2]
        for s in r[:2]
        if s not in (space, other) and board.space_names[s]
    ]
    return f"the road space toward {beyond[0]}" if beyond else "a road space"


def _roads_svg(board: Board, pts: Sequence[Point]) -> list[str]:
    """Every road: solid (normal), dashed (dirt), thicker with a `$` tag (toll); No Trains
    crossed by a red bar. Each has a wide invisible line to click."""
    out = ['<g id="roads">']
    for a, b, kind, no_trains in board.roads:
        (ax, ay), (bx, by) = pts[a], pts[b]
        name = ROAD_KINDS[kind]
        ida, idb = board.space_ids[a], board.space_ids[b]
        title = road_title(board, a, b, kind, no_trains)
        classes = f"road {name}" + (" no-trains" if no_trains else "")
        out.append(
            f"<g class={quoteattr(classes)} data-road={quoteattr(f'{ida}|{idb}')} "
            f"data-target={quoteattr(road_target(ida, idb))}><title>{escape(title)}</title>"
        )
        coords = f'x1="{_num(ax)}" y1="{_num(ay)}" x2="{_num(bx)}" y2="{_num(by)}"'
        out.append(
            f'<line class="hit" {coords} stroke="#000000" stroke-opacity="0" stroke-width="7" '
            'stroke-linecap="round"/>'
        )
        out.append(road_line(coords, name))
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        if kind == TOLL:
            out.append(toll_mark((ax + bx) / 2, (ay + by) / 2))
        if no_trains:
            t = 0.5 if kind != TOLL else 0.28
            out.append(no_trains_mark(ax + (bx - ax) * t, ay + (by - ay) * t, ux, uy))
        out.append("</g>")
    out.append("</g>")
    return out


def space_title(
    board: Board, space: int, marks: Sequence[AttractionMark], viewer: int | None
) -> str:
    """`Bolu; Hostel; Turkey; $25 a night`, with whose attraction it is where one is known."""
    kind = SPACE_KINDS[board.kinds[space]]
    notes = [capitalised(space_name(board, space)), KIND_WORDS[kind]]
    pair = board.border_countries[space]
    if pair is not None:
        notes.append(f"between {board.country_names[pair[0]]} and {board.country_names[pair[1]]}")
    elif board.country[space] >= 0:
        notes.append(board.country_names[board.country[space]])
    notes.append(night_words(board, space))
    for m in marks:
        if m.mine:
            notes.append("your attraction" + (", visited" if m.visited else ""))
        elif m.visited:
            notes.append(f"visited by {seat_title(m.seat, viewer)}")
        else:
            notes.append(f"the last attraction of {seat_title(m.seat, viewer)}, face up")
    return "; ".join(notes)


def space_svg(
    board: Board,
    space: int,
    point: Point,
    marks: Sequence[AttractionMark],
    viewer: int | None,
) -> list[str]:
    """A space: its kind's symbol; a ring for the viewer's own attraction (a check when
    visited), a tag with the player's number for another seat's face-up attraction."""
    x, y = point
    kind = SPACE_KINDS[board.kinds[space]]
    shape, fill = KIND_STYLE[kind]
    ident = board.space_ids[space]
    mine = [m for m in marks if m.mine]
    others = [m for m in marks if not m.mine]
    classes = f"space {kind}" + (" mine" if mine else "") + (" face-up" if others else "")
    r = SPACE_R * (1.3 if kind in ("start", "finish", "boat") else 1.0)
    out = [
        f"<g class={quoteattr(classes)} data-space={quoteattr(ident)} "
        f"data-target={quoteattr(space_target(ident))}>",
        f"<title>{escape(space_title(board, space, marks, viewer))}</title>",
        f'<circle class="hit" cx="{_num(x)}" cy="{_num(y)}" r="{_num(max(r * 1.8, SPACE_HIT))}" '
        'fill="#000000" fill-opacity="0"/>',
    ]
    if mine:
        out.append(
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 2.4)}" fill="#ffffff" '
            f'fill-opacity="0.85" stroke="{MINE}" stroke-width="2.4"/>'
        )
        r *= 1.25
    out.append(space_symbol(shape, x, y, r, fill))
    if mine and mine[0].visited:
        out.append(
            f'<path d="M{_num(x - 3.2)} {_num(y + 0.2)} l2.3 2.7 l4.6 -5.6" fill="none" '
            f'stroke="{MINE}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>'
        )
    for k, m in enumerate(others):
        seat_colour, ink = seat_fill(m.seat)
        tx, ty = x + r * 1.6 + k * 8.5, y + r * 1.6
        out.append(tag(tx, ty, seat_colour, ink, str(m.seat + 1), m.visited))
    out.append("</g>")
    return out


__all__ = [
    "AttractionMark",
    "MapParts",
    "map_parts",
    "road_keys",
    "road_target",
    "road_title",
    "space_svg",
    "space_target",
    "space_title",
]
