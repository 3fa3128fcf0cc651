"""Let's Go! To France's regional map on the board: towns at their longitude and latitude
(their bonus, starting space, dotted circle and flags), solid and dotted lines (a dotted
line's cost on it), each player's Traveler and Exploration tokens, and a legend.

Every town is a `<g data-space="<id>">` and every line a `<g data-path="<a>|<b>">` (ids as the
notation names them: `travel tours`), each a `data-target` (svg_keys.py) titled in words:
the town's name and what it gives, the line's two towns and its cost.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core.phrases import listing, plural
from tabletrip.core.render import geo_coordinates, spread_points
from tabletrip.core.render import svg_number as num
from tabletrip.games.lets_go_france.content import (
    MapSpaceSpec,
    PathSpec,
    RegionSpec,
    SpaceBonusSpec,
)
from tabletrip.games.lets_go_france.present_words import (
    COST_WORDS,
    DOTTED_PAY,
    FLAG_WORDS,
    capital,
    points,
    space_bonus_words,
)
from tabletrip.games.lets_go_france.svg_keys import path_target, space_target
from tabletrip.games.lets_go_france.svg_parts import (
    BACKGROUND,
    COST_FILL,
    INK,
    SEAT_FILL,
    Point,
    badge,
    icon_symbol,
    legend_rows,
    seat_label,
    svg_text,
    wrap_svg,
)
from tabletrip.games.lets_go_france.view_content import seat_colour

COST_LEGEND = {"research": "a Research token", "wild": "a Wild token", "experience": "a step back"}
MAP_W = 760.0  # the towns fit in MAP_W x MAP_H layout units
MAP_H = 560.0
MIN_GAP = 92.0  # no two towns closer (a name and a bonus row each)
NODE_R = 10.0


_LAYOUTS: dict[tuple[int, float, float], tuple[RegionSpec, dict[str, Point]]] = {}


def map_points(region: RegionSpec, width: float = MAP_W, height: float = MAP_H) -> dict[str, Point]:
    """Each town's drawing point from its longitude and latitude, scaled to fit `width` by
    `height`, then towns closer than `MIN_GAP` pushed apart (each held near its place). The
    layout is computed once per region and size: it is most of a board's drawing time."""
    key = (id(region), width, height)
    cached = _LAYOUTS.get(key)
    if cached is not None and cached[0] is region:
        return dict(cached[1])
    pts = geo_coordinates([(s.lon, s.lat) for s in region.spaces], 1000.0)
    span_x = max(x for x, _ in pts) or 1.0
    span_y = max(y for _, y in pts) or 1.0
    scale = min(width / span_x, height / span_y)
    spread = spread_points(
        [(x * scale, y * scale) for x, y in pts], MIN_GAP, rounds=200, push_rate=0.5
    )
    left = min(x for x, _ in spread)
    top = min(y for _, y in spread)
    layout = {
        s.id: (round(x - left, 1), round(y - top, 1))
        for s, (x, y) in zip(region.spaces, spread, strict=True)
    }
    _LAYOUTS[key] = (region, layout)
    return dict(layout)


def map_svg(
    region: RegionSpec,
    travelers: Mapping[int, str | None] | None = None,
    explored: Mapping[int, Sequence[str]] | None = None,
    viewer: int | None = None,
    players: int | None = None,
    width: int = 700,
) -> str:
    """The regional map: towns at their longitude and latitude (bonus, start, dotted circle,
    flags), solid and dotted paths (a dotted path's cost on it), each seat's Traveler and
    Exploration tokens."""
    w, h, body = map_body(region, travelers or {}, explored or {}, viewer, players)
    return wrap_svg(body, w, h, width, f"Regional map: {region.name}")


def map_body(
    region: RegionSpec,
    travelers: Mapping[int, str | None],
    explored: Mapping[int, Sequence[str]],
    viewer: int | None,
    players: int | None,
) -> tuple[float, float, list[str]]:
    """The map's width, height and elements: lines under towns, towns, Travelers, legend."""
    pad_x, pad_top = 70.0, 56.0
    pts = {k: (x + pad_x, y + pad_top) for k, (x, y) in map_points(region).items()}
    out = [svg_text(12, 22, f"Regional map: {region.name}", 15, font_weight="bold", fill=INK)]
    names = {s.id: s.name for s in region.spaces}
    solid_pairs = {frozenset((p.a, p.b)) for p in region.paths if not p.dotted}
    out.append('<g id="paths">')
    for path in region.paths:
        bend = path.dotted and frozenset((path.a, path.b)) in solid_pairs
        out += _path_svg(path, pts, names, bend)
    out.append("</g>")
    out.append('<g id="spaces">')
    tokens: dict[str, list[int]] = {}
    for seat, places in explored.items():
        for place in places:
            tokens.setdefault(place, []).append(seat)
    for space in region.spaces:
        out += _space_svg(space, pts[space.id], tokens.get(space.id, []), players)
    out.append("</g>")
    out += _travelers_svg(pts, names, travelers, viewer, players)
    bottom = max(y for _, y in pts.values()) + 44
    right = max(x for x, _ in pts.values()) + pad_x
    legend_h, legend = _map_legend(12, bottom, right - 24, players or 0, viewer)
    out += legend
    return right, bottom + legend_h + 8, out


def _path_svg(
    path: PathSpec, pts: Mapping[str, Point], names: Mapping[str, str], bend: bool
) -> list[str]:
    """A solid line (a Travel action) or a dotted one (its cost on it), a target."""
    (ax, ay), (bx, by) = pts[path.a], pts[path.b]
    pay = DOTTED_PAY[path.cost or ""] if path.dotted else ""
    line = f"dotted line, {pay} at any time" if path.dotted else "solid line, a Travel action"
    title = f"{names[path.a]}\u2013{names[path.b]}: {line}"
    classes = "path dotted" if path.dotted else "path solid"
    key = path_target(path.a, path.b, path.dotted)
    out = [
        f"<g class={quoteattr(classes)} data-path={quoteattr(f'{path.a}|{path.b}')} "
        f"data-target={quoteattr(key)}><title>{escape(title)}</title>"
    ]
    mx, my = (ax + bx) / 2, (ay + by) / 2
    if bend:
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length, (bx - ax) / length
        cx, cy = mx + nx * 36, my + ny * 36
        d = f"M{num(ax)} {num(ay)} Q{num(cx)} {num(cy)} {num(bx)} {num(by)}"
        mx, my = (ax + 2 * cx + bx) / 4, (ay + 2 * cy + by) / 4
    else:
        d = f"M{num(ax)} {num(ay)} L{num(bx)} {num(by)}"
    out.append(
        f'<path class="hit" d="{d}" fill="none" stroke="#000000" stroke-opacity="0" '
        'stroke-width="12" stroke-linecap="round"/>'
    )
    if path.dotted:
        out.append(
            f'<path d="{d}" fill="none" stroke="#5a4a3a" stroke-width="2.2" '
            'stroke-dasharray="1 5" stroke-linecap="round"/>'
        )
        fill, letter = COST_FILL[path.cost or ""]
        out.append(badge(mx, my, letter, fill, "#ffffff", capital(pay), r=7))
    else:
        out.append(f'<path d="{d}" fill="none" stroke="#5a4a3a" stroke-width="2.6"/>')
    out.append("</g>")
    return out


def _bonus_symbols(bonus: Sequence[SpaceBonusSpec], x: float, y: float) -> list[str]:
    """A space's bonus under its name: icon discs, `?` (any icon), R, W, points, energy."""
    items: list[tuple[str, str]] = []  # ("icon", name) or ("badge", text)
    for b in bonus:
        for _ in range(b.amount if b.kind in ("icon", "any_icon", "research", "wild") else 1):
            if b.kind == "icon":
                items.append(("icon", b.icon or ""))
            elif b.kind == "any_icon":
                items.append(("any", "?"))
            elif b.kind == "research":
                items.append(("research", "R"))
            elif b.kind == "wild":
                items.append(("wild", "W"))
            elif b.kind == "points":
                items.append(("points", str(b.amount)))
            else:
                items.append(("energy", f"E+{b.amount}"))
    step = 15.0
    start = x - step * (len(items) - 1) / 2
    out = []
    for k, (kind, value) in enumerate(items):
        cx = start + k * step
        if kind == "icon":
            out.append(icon_symbol(value, cx, y, 6.5))
        elif kind == "any":
            title = "An Experience icon of your choice"
            out.append(badge(cx, y, "?", "#ffffff", INK, title, r=6.5))
        elif kind in ("research", "wild"):
            fill, letter = COST_FILL[kind]
            out.append(badge(cx, y, letter, fill, "#ffffff", f"A {kind.capitalize()} token", 6.5))
        elif kind == "points":
            out.append(badge(cx, y, value, "#ffffff", INK, capital(points(int(value))), r=6.5))
        else:
            out.append(
                f"<g><title>Energy Tracker {plural(int(value[2:]), 'space')} right</title>"
                f'<rect x="{num(cx - 8)}" y="{num(y - 6.5)}" width="16" height="13" rx="6" '
                f'fill="#ffd54f" stroke="{INK}" stroke-width="0.6"/>'
                + svg_text(cx, y + 3, value, 7.5, font_weight="bold", text_anchor="middle")
                + "</g>"
            )
    return out


def _space_svg(
    space: MapSpaceSpec, point: Point, explorers: Sequence[int], players: int | None
) -> list[str]:
    """A town: its name, its bonus, its marks (start, dotted circle, flags), a target."""
    x, y = point
    notes = [f"{space.name}: gives {space_bonus_words(space.bonus)}"]
    if space.start:
        notes.append("starting space")
    if space.explore_once:
        notes.append("dotted circle: its bonus (and flag) only on a player's first visit")
    if space.flag:
        notes.append(f"{FLAG_WORDS[space.flag]} Goal space")
    if explorers:
        notes.append("explored by " + listing([seat_label(s, players) for s in explorers]))
    classes = (
        "space" + (" start" if space.start else "") + (" explore" if space.explore_once else "")
    )
    out = [
        f"<g class={quoteattr(classes)} data-space={quoteattr(space.id)} "
        f"data-target={quoteattr(space_target(space.id))}>",
        f"<title>{escape('; '.join(notes))}</title>",
        f'<circle class="hit" cx="{num(x)}" cy="{num(y)}" r="{num(NODE_R + 9)}" '
        'fill="#000000" fill-opacity="0"/>',
    ]
    if space.start:
        s = NODE_R + 5
        out.append(
            f'<rect x="{num(x - s)}" y="{num(y - s)}" width="{num(2 * s)}" '
            f'height="{num(2 * s)}" fill="#ffffff" fill-opacity="0.6" stroke="{INK}" '
            'stroke-width="1.2" stroke-dasharray="3 2"/>'
        )
    out.append(
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(NODE_R)}" fill="#fff3d6" '
        f'stroke="{INK}" stroke-width="1.4"/>'
    )
    if space.explore_once:
        out.append(
            f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(NODE_R - 4)}" fill="none" '
            f'stroke="{INK}" stroke-width="1" stroke-dasharray="1.6 1.6"/>'
        )
    if space.flag:
        out += _flag_svg(x + NODE_R * 0.4, y - NODE_R - 1, space.flag)
    out.append(
        svg_text(
            x,
            y + NODE_R + 13,
            space.name,
            10.5,
            font_weight="bold",
            text_anchor="middle",
            fill=INK,
            stroke=BACKGROUND,
            stroke_width="3",
            paint_order="stroke",
        )
    )
    out += _bonus_symbols(space.bonus, x, y + NODE_R + 25)
    for k, seat in enumerate(explorers):
        out.append(_seat_chip(x - NODE_R - 8 - k * 11, y, seat, "Exploration token", players))
    out.append("</g>")
    return out


def _flag_svg(x: float, y: float, flag: int) -> list[str]:
    """One or two small pennants on a pole, and the flag count written beside them."""
    out = []
    for k in range(flag):
        fx = x + k * 7
        out.append(
            f'<path d="M{num(fx)} {num(y)} L{num(fx)} {num(y - 14)} '
            f'L{num(fx + 9)} {num(y - 10.5)} L{num(fx)} {num(y - 7)}" fill="#c62828" '
            f'stroke="{INK}" stroke-width="0.8"/>'
        )
    out.append(svg_text(x + flag * 7 + 6, y - 7, str(flag), 8, font_weight="bold", fill="#c62828"))
    return out


def _seat_chip(x: float, y: float, seat: int, what: str, players: int | None) -> str:
    """A seat's token on a town: a square in its colour with its player number."""
    fill, ink = SEAT_FILL[seat_colour(seat)]
    return (
        f"<g><title>{escape(f'{what} of {seat_label(seat, players)}')}</title>"
        f'<rect x="{num(x - 5)}" y="{num(y - 5)}" width="10" height="10" rx="1.5" '
        f'fill="{fill}" stroke="{INK}" stroke-width="0.7"/>'
        + svg_text(x, y + 3.3, str(seat + 1), 8, font_weight="bold", text_anchor="middle", fill=ink)
        + "</g>"
    )


def _travelers_svg(
    pts: Mapping[str, Point],
    names: Mapping[str, str],
    travelers: Mapping[int, str | None],
    viewer: int | None,
    players: int | None,
) -> list[str]:
    """Each seat's Traveler: a pin in its colour with its player number, side by side on a
    town."""
    out = ['<g id="travelers">']
    together: dict[str, list[int]] = {}
    for seat, space in sorted(travelers.items()):
        if space is not None:
            together.setdefault(space, []).append(seat)
    r = 7.5
    for space, seats in together.items():
        x, y = pts[space]
        for k, seat in enumerate(seats):
            px = x + (k - (len(seats) - 1) / 2) * r * 2.2
            py = y - NODE_R - r - 6
            fill, ink = SEAT_FILL[seat_colour(seat)]
            who = seat_label(seat, players)
            title = (
                f"Your Traveler at {names[space]}"
                if seat == viewer
                else f"Traveler of {who} at {names[space]}"
            )
            out.append(
                f'<g class="traveler" data-seat="{seat}" data-space={quoteattr(space)}>'
                f"<title>{escape(title)}</title>"
                f'<path d="M{num(x)} {num(y - 2)} L{num(px - r * 0.6)} {num(py + r * 0.6)} '
                f'L{num(px + r * 0.6)} {num(py + r * 0.6)} Z" fill="{fill}" stroke="{INK}" '
                'stroke-width="0.7"/>'
                f'<circle cx="{num(px)}" cy="{num(py)}" r="{num(r)}" fill="{fill}" '
                f'stroke="{INK}" stroke-width="{2 if seat == viewer else 0.8}"/>'
                + svg_text(
                    px,
                    py + 3.6,
                    str(seat + 1),
                    10,
                    font_weight="bold",
                    text_anchor="middle",
                    fill=ink,
                )
                + "</g>"
            )
    out.append("</g>")
    return out


def _map_legend(
    left: float, top: float, width: float, players: int, viewer: int | None
) -> tuple[float, list[str]]:
    """Under the map: what the marks mean, and the players' colours."""
    items: list[tuple[float, str, str]] = []
    items.append(
        (
            22.0,
            '<rect x="2" y="-9" width="18" height="18" fill="none" stroke="#222" '
            'stroke-dasharray="3 2"/>',
            "starting space",
        )
    )
    items.append(
        (
            16.0,
            f'<circle cx="8" cy="0" r="7" fill="#fff3d6" stroke="{INK}"/>'
            f'<circle cx="8" cy="0" r="3.5" fill="none" stroke="{INK}" '
            'stroke-dasharray="1.2 1.2"/>',
            "dotted circle (bonus once)",
        )
    )
    items.append((20.0, "".join(_flag_svg(2, 6, 1)), "single-flag Goal"))
    items.append((26.0, "".join(_flag_svg(2, 6, 2)), "double-flag Goal"))
    items.append(
        (
            26.0,
            '<path d="M0 0 L26 0" stroke="#5a4a3a" stroke-width="2.6"/>',
            "solid: a Travel action",
        )
    )
    for cost, (fill, letter) in COST_FILL.items():
        items.append(
            (
                26.0,
                '<path d="M0 0 L26 0" stroke="#5a4a3a" stroke-width="2.2" stroke-dasharray="1 5" '
                'stroke-linecap="round"/>'
                + badge(13, 0, letter, fill, "#ffffff", capital(COST_WORDS[cost]), r=6),
                f"dotted: pay {COST_LEGEND[cost]}",
            )
        )
    chip = _seat_chip(6, 0, 0, "Exploration token", players)
    items.append((12.0, chip, "Exploration token (its player's number)"))
    for seat in range(players):
        fill, ink = SEAT_FILL[seat_colour(seat)]
        chip = (
            f'<circle cx="7" cy="0" r="7" fill="{fill}" stroke="{INK}" '
            f'stroke-width="{2 if seat == viewer else 0.8}"/>'
            + svg_text(
                7, 3.4, str(seat + 1), 9.5, font_weight="bold", text_anchor="middle", fill=ink
            )
        )
        you = ", you" if seat == viewer else ""
        items.append((14.0, chip, f"{seat_label(seat, players)}{you}"))
    return legend_rows(left, top, width, items)


__all__ = ["MAP_H", "MAP_W", "map_body", "map_points", "map_svg"]
