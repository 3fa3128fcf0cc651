"""Route East's board drawing pieces: colours, sizes and the symbols of spaces, roads, pieces.

Each function returns SVG markup for one symbol at a point; the map, its legend and the
pieces are drawn from them (svg_map.py, svg.py), so the legend shows exactly what the map
draws. Nothing here knows a game state.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from tabletrip.core.labels import Box
from tabletrip.core.render import svg_number as _num
from tabletrip.games.route_east.layout import Point
from tabletrip.games.route_east.present_words import piece_colour

BACKGROUND = "#f4f1ea"
INK = "#222222"
SEA = "#a9cbe8"
SEA_INK = "#2f5f8a"
SEAT_FILL = {
    "red": ("#d62728", "#ffffff"),
    "blue": ("#1f5fbf", "#ffffff"),
    "green": ("#1e8c3a", "#ffffff"),
    "yellow": ("#ffcc00", "#000000"),
    "purple": ("#7b3fa0", "#ffffff"),
}
# Pale land, one colour a country, neighbours told apart.
COUNTRY_FILL = {
    "turkey": "#f1dfba",
    "georgia": "#d3e8c4",
    "armenia": "#f2cfc8",
    "azerbaijan": "#ddd3ef",
    "iran": "#d3ead5",
    "iraq": "#eedcc0",
    "syria": "#d6e2f0",
    "turkmenistan": "#f3e2c8",
    "uzbekistan": "#dbe9c8",
    "kazakhstan": "#e4d8ea",
    "kyrgyzstan": "#f3d6c8",
    "tajikistan": "#d3e6dc",
    "afghanistan": "#ecd9c6",
    "mongolia": "#d6e0ee",
    "russia": "#e6e0cc",
    "china": "#f3d9d1",
}
# Space kinds: a shape and a fill each (the shape alone tells the kind).
KIND_STYLE = {
    "plain": ("dot", "#9a9a9a"),
    "hostel": ("square", "#86b8e8"),
    "hotel": ("house", "#2f6db5"),
    "border": ("diamond", "#e05a2b"),
    "embassy": ("triangle", "#8e44ad"),
    "atm": ("banknote", "#3aa655"),
    "fuel": ("drop", "#222222"),
    "attraction": ("star", "#f2b705"),
    "start": ("flag", "#c0392b"),
    "finish": ("flag", "#c0392b"),
    "boat": ("boat", "#6b4423"),
}
LEGEND_KINDS = (
    ("hostel", "Hostel $25"),
    ("hotel", "Hotel $50"),
    ("border", "Border, free night"),
    ("embassy", "Embassy"),
    ("atm", "ATM"),
    ("fuel", "Fuel Station"),
    ("attraction", "attraction"),
    ("plain", "plain space"),
    ("start", "start / finish"),
    ("boat", "Caspian boat"),
)
ROAD_STYLE = {  # stroke, width, dash
    "normal": ("#6f6350", 1.5, ""),
    "dirt": ("#9a5b2a", 1.6, "4 2.5"),
    "toll": ("#6f6350", 2.2, ""),
}
ROAD_WORDS = {"normal": "road", "dirt": "dirt road (roll even)", "toll": "toll road ($25)"}
MINE = "#d81b60"  # the viewer's own attractions
PIECE_R = 5.6
SPACE_HIT = 7.4  # the radius round a space that a click reaches (spaces are 15 apart or more)
PILE_W, PILE_H = 44.0, 30.0  # a card pile on the board
LAND_WIDTH = 24.0
LEGEND_FONT = 8.5


def seat_fill(seat: int) -> tuple[str, str]:
    """A seat's piece colour and the ink of the number on it."""
    return SEAT_FILL[piece_colour(seat)]


def halo_text(box: Box, text: str, size: float, **style: str) -> str:
    """Text centred in its box, with a halo of the background so lines do not hide it."""
    extra = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in style.items())
    x = (box[0] + box[2]) / 2
    y = box[3] - size * 0.22
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" text-anchor="middle" '
        f'stroke="{BACKGROUND}" stroke-width="{_num(size * 0.32)}" stroke-linejoin="round" '
        f'paint-order="stroke"{extra}>{escape(text)}</text>'
    )


def road_line(coords: str, kind: str) -> str:
    """A road's line in the style of its kind (`coords`: the x1 y1 x2 y2 attributes)."""
    stroke, stroke_w, dash = ROAD_STYLE[kind]
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return f'<line {coords} stroke="{stroke}" stroke-width="{stroke_w}"{dashes}/>'


def toll_mark(x: float, y: float) -> str:
    """The `$` tag of a toll road."""
    return (
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="3.3" fill="#ffe27a" stroke="#6f6350" '
        f'stroke-width="0.7"/><text x="{_num(x)}" y="{_num(y + 1.9)}" font-size="5.2" '
        f'font-weight="bold" text-anchor="middle" fill="#5a4a00">$</text>'
    )


def no_trains_mark(x: float, y: float, ux: float, uy: float) -> str:
    """A red bar across the road, edged in white so it shows on any land."""
    nx, ny = -uy * 5, ux * 5
    d = f"M{_num(x - nx)} {_num(y - ny)}L{_num(x + nx)} {_num(y + ny)}"
    return (
        f'<path d="{d}" stroke="#ffffff" stroke-width="3.6"/>'
        f'<path d="{d}" stroke="#d00000" stroke-width="2"/>'
    )


def space_symbol(shape: str, x: float, y: float, r: float, fill: str) -> str:
    """One space symbol centred on (x, y), about 2r across."""
    paint = f'fill="{fill}" stroke="{INK}" stroke-width="{_num(max(r * 0.2, 0.6))}"'
    if shape == "dot":
        return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.55)}" {paint}/>'
    points = " ".join(f"{_num(x + cx)},{_num(y + cy)}" for cx, cy in corners(shape, r))
    return f'<polygon points="{points}" {paint}/>'


def corners(shape: str, r: float) -> list[Point]:
    """The corners of a space symbol round (0, 0)."""
    if shape == "square":
        s = r * 0.85
        return [(-s, -s), (s, -s), (s, s), (-s, s)]
    if shape == "house":
        s = r * 0.95
        return [(-s, s), (-s, -0.1 * s), (0, -1.15 * s), (s, -0.1 * s), (s, s)]
    if shape == "diamond":
        s = r * 1.15
        return [(0, -s), (s, 0), (0, s), (-s, 0)]
    if shape == "triangle":
        s = r * 1.15
        return [(0, -s), (s, 0.8 * s), (-s, 0.8 * s)]
    if shape == "banknote":
        return [
            (-1.25 * r, -0.65 * r),
            (1.25 * r, -0.65 * r),
            (1.25 * r, 0.65 * r),
            (-1.25 * r, 0.65 * r),
        ]
    if shape == "drop":
        s = r * 1.1
        return [(-s, -0.8 * s), (s, -0.8 * s), (0, s)]
    if shape == "star":
        return [
            (
                r * (1.4 if k % 2 == 0 else 0.62) * math.cos(math.pi / 2 + k * math.pi / 5),
                -r * (1.4 if k % 2 == 0 else 0.62) * math.sin(math.pi / 2 + k * math.pi / 5),
            )
            for k in range(10)
        ]
    if shape == "flag":
        s = r * 1.3
        return [
            (-0.7 * s, s),
            (-0.7 * s, -s),
            (0.9 * s, -0.55 * s),
            (-0.45 * s, -0.1 * s),
            (-0.45 * s, s),
        ]
    if shape == "boat":
        s = r * 1.5
        return [(-s, -0.15 * s), (s, -0.15 * s), (0.6 * s, 0.6 * s), (-0.6 * s, 0.6 * s)]
    raise ValueError(f"no shape {shape!r}")  # pragma: no cover - every kind has a shape


def tag(x: float, y: float, fill: str, ink: str, text: str, solid: bool) -> str:
    """A seat's tag on an attraction it has shown (`text`: its player number): solid edge
    visited, dashed its last one."""
    dash = "" if solid else ' stroke-dasharray="1.5 1"'
    return (
        f'<rect x="{_num(x - 4)}" y="{_num(y - 4)}" width="8" height="8" rx="1" fill="{fill}" '
        f'stroke="{INK}" stroke-width="0.9"{dash}/>'
        f'<text x="{_num(x)}" y="{_num(y + 2.4)}" font-size="7" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{text}</text>'
    )


def piece(x: float, y: float, seat: int, bold: bool, tip: Point | None = None) -> str:
    """A seat's piece: a disc in its colour with its player number ("Player 1" shows 1), a
    thick edge when `bold`, and a pin down to `tip` when given."""
    fill, ink = seat_fill(seat)
    pin = ""
    if tip is not None:
        pin = (
            f'<path d="M{_num(tip[0])} {_num(tip[1])} L{_num(x - PIECE_R * 0.6)} '
            f'{_num(y + PIECE_R * 0.6)} L{_num(x + PIECE_R * 0.6)} {_num(y + PIECE_R * 0.6)} Z" '
            f'fill="{fill}" stroke="{INK}" stroke-width="0.7"/>'
        )
    return (
        pin + f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(PIECE_R)}" fill="{fill}" '
        f'stroke="{INK}" stroke-width="{1.8 if bold else 0.8}"/>'
        f'<text x="{_num(x)}" y="{_num(y + PIECE_R * 0.5)}" font-size="{_num(PIECE_R * 1.45)}" '
        f'font-weight="bold" text-anchor="middle" fill="{ink}">{seat + 1}</text>'
    )
