"""Where the Route East board's names go: each label in the spot that hides the least.

A `core.labels.Labeller` holds what a label should not cover (spaces, points along the
roads, pieces) and the labels already placed; each new label takes the cheapest of its
candidate boxes. The board's own names (Istanbul, Shanghai, the Caspian Sea, the
countries) depend on the board alone and are placed once per board (svg_map.py); a viewer's
attraction names are placed after them, round the pieces of the moment (svg.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from tabletrip.core.labels import Box, Labeller, around, text_width
from tabletrip.games.route_east.content import BORDER, Board
from tabletrip.games.route_east.layout import SPACE_R, Point
from tabletrip.games.route_east.svg_style import INK, MINE, halo_text

COUNTRY_INK = "#7a6c55"
SEA_LABEL = "Caspian Sea"


def samples(a: Point, b: Point, step: float) -> list[Point]:
    """Points every `step` along a road, its ends left out."""
    count = max(2, int(math.hypot(b[0] - a[0], b[1] - a[1]) / step))
    return [
        (a[0] + (b[0] - a[0]) * i / count, a[1] + (b[1] - a[1]) * i / count)
        for i in range(1, count)
    ]


def end_labels(board: Board, pts: Sequence[Point], labeller: Labeller) -> list[str]:
    """Istanbul and Shanghai, where the race starts and ends."""
    out = []
    size = 9.5
    for space, text in ((board.start, "Istanbul (start)"), (board.finish, "Shanghai (finish)")):
        w = text_width(text, size, bold=True)
        box = labeller.place(around(*pts[space], w, size * 1.15, SPACE_R * 2.4))
        out.append(halo_text(box, text, size, font_weight="bold", fill=INK))
    return out


def attraction_labels(
    named: Sequence[tuple[Point, str]], labeller: Labeller, size: float = 7.5
) -> list[str]:
    """The names of the viewer's own attractions, each beside its space."""
    out = []
    for (x, y), name in named:
        w = text_width(name, size, bold=True)
        box = labeller.place(around(x, y, w, size * 1.15, 12.0))
        out.append(halo_text(box, name, size, font_weight="bold", fill=MINE))
    return out


def sea_label_box(board: Board, pts: Sequence[Point], labeller: Labeller) -> Box:
    """Where `Caspian Sea` goes: near the boat, on open water if possible."""
    x, y = pts[board.boat]
    w, h = text_width(SEA_LABEL, 8.0), 8.0 * 1.15
    return labeller.place(around(x, y, w, h, 10.0))


def country_labels(board: Board, pts: Sequence[Point], labeller: Labeller) -> list[str]:
    """Each country's name in capitals on each of its parts (Russia has two)."""
    out = []
    for text, size, spacing, candidates in _country_label_candidates(board, pts):
        box = labeller.place(candidates)
        out.append(
            halo_text(
                box, text, size, font_weight="bold", letter_spacing=str(spacing), fill=COUNTRY_INK
            )
        )
    return out


def _country_label_candidates(
    board: Board, pts: Sequence[Point]
) -> list[tuple[str, float, float, list[tuple[Box, float]]]]:
    """Per country part: its name, size, letter spacing and the boxes it may take round the
    part's centre, each with its cost (farther from the centre or the part's spaces costs
    more)."""
    labels = []
    size, spacing = 10.0, 1.5
    for c, name in enumerate(board.country_names):
        for part in _country_parts(board, c):
            if len(part) < 3:
                continue
            cx = sum(pts[s][0] for s in part) / len(part)
            cy = sum(pts[s][1] for s in part) / len(part)
            text = name.upper()
            w, h = text_width(text, size, True, spacing), size * 1.1
            candidates = []
            for dx in range(-60, 61, 6):
                for dy in range(-48, 49, 6):
                    box = (cx + dx - w / 2, cy + dy - h / 2, cx + dx + w / 2, cy + dy + h / 2)
                    near = min(math.hypot(pts[s][0] - cx - dx, pts[s][1] - cy - dy) for s in part)
                    cost = math.hypot(dx, dy) * 0.04 + (0 if near < 26 else (near - 26) * 0.5)
                    candidates.append((box, cost))
            labels.append((text, size, spacing, candidates))
    return labels


def _country_parts(board: Board, country: int) -> list[list[int]]:
    """The spaces of a country (Borders left out) in groups joined by its own roads, a Border
    counting as a link between the spaces on its side (a piece may pass through it)."""
    own = [
        s
        for s in range(len(board.space_ids))
        if board.country[s] == country and board.kinds[s] != BORDER
    ]
    links: dict[int, list[int]] = {s: [] for s in own}
    via: dict[int, list[int]] = {}
    for a, b, _, _ in board.roads:
        if a in links and b in links:
            links[a].append(b)
            links[b].append(a)
        for here, there in ((a, b), (b, a)):
            if here in links and board.kinds[there] == BORDER:
                via.setdefault(there, []).append(here)
    for sides in via.values():
        for a, b in pairwise(sides):
            links[a].append(b)
            links[b].append(a)
    parts, seen = [], set()
    for s in own:
        if s in seen:
            continue
        part, queue = [], [s]
        seen.add(s)
        while queue:
            here = queue.pop()
            part.append(here)
            for there in links[here]:
                if there not in seen:
                    seen.add(there)
                    queue.append(there)
        parts.append(sorted(part))
    return parts


__all__ = [
    "attraction_labels",
    "country_labels",
    "end_labels",
    "samples",
    "sea_label_box",
]
