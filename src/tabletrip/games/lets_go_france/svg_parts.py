"""The drawing pieces of Let's Go! To France's board: colours, text, clickable target groups,
badges (points, Time, tokens), icon discs, legends and the outer `<svg>`.

Every piece a person can point at has a `<title>` in the game's words (what a screen reader
says and a menu is titled); the itinerary (svg_itinerary.py), the tracks (svg_tracks.py) and
the regional map (svg_map.py) are drawn from them.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core.labels import SVG_FONT, chars_in, text_width
from tabletrip.core.render import svg_number as num
from tabletrip.games.lets_go_france.present_words import icon_name, points, seat_name
from tabletrip.games.lets_go_france.view_content import ICON_CODES, seat_colour

BACKGROUND = "#f7f3ea"
INK = "#222222"
PAPER = "#fffdf8"
MUTED = "#7a6f60"
ICON_FILL = {  # (fill, text) per icon; the two letters tell the icon without the colour
    "architecture": ("#8d6e63", "#ffffff"),
    "art": ("#8e24aa", "#ffffff"),
    "food": ("#e53935", "#ffffff"),
    "history": ("#f2b705", "#000000"),
    "nature": ("#2e7d32", "#ffffff"),
    "shopping": ("#1e6fd9", "#ffffff"),
}
SEAT_FILL = {
    "blue": ("#1f5fbf", "#ffffff"),
    "red": ("#d62728", "#ffffff"),
    "green": ("#1e8c3a", "#ffffff"),
    "yellow": ("#ffcc00", "#000000"),
}
COST_FILL = {
    "research": ("#3f7cc4", "R"),
    "wild": ("#7b3fa0", "W"),
    "experience": ("#b5562e", "-1"),
}

Point = tuple[float, float]


def seat_label(seat: int, players: int | None) -> str:
    """A seat as its board, pins and tokens show it: `Player 1 (blue)`, as the presentation
    names it with the colour it is drawn in; the solo travel agent by its name."""
    if players == 1 and seat == 1:
        return seat_name(seat, 1)
    return f"{seat_name(seat, players or 0)} ({seat_colour(seat)})"


def hit_rect(x: float, y: float, w: float, h: float) -> str:
    """A transparent area that catches clicks on a target (a page may paint it)."""
    return (
        f'<rect class="hit" x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
        'rx="4" fill="#000000" fill-opacity="0"/>'
    )


def target_open(key: str, title: str, classes: str = "target") -> str:
    """The opening of a target group: `<g data-target>` and its title."""
    return (
        f"<g class={quoteattr(classes)} data-target={quoteattr(key)}><title>{escape(title)}</title>"
    )


def svg_text(x: float, y: float, text: str, size: float, **style: str) -> str:
    """A `<text>` at (x, y); `style` keywords are attributes (`font_weight` for font-weight)."""
    extra = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in style.items())
    return f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}"{extra}>{escape(text)}</text>'


def clip(text: str, size: float, width: float, bold: bool = False) -> str:
    """`text` cut with `…` to fit `width`."""
    if text_width(text, size, bold) <= width:
        return text
    keep = max(1, chars_in(width, size, bold) - 1)
    return text[:keep].rstrip() + "\u2026"


def split_lines(text: str, size: float, width: float, lines: int, bold: bool = False) -> list[str]:
    """`text` wrapped to `width`, at most `lines` lines (the last clipped)."""
    chars = max(4, chars_in(width, size, bold))
    out = textwrap.wrap(text, chars, break_on_hyphens=False) or [""]
    if len(out) > lines:
        out = [*out[: lines - 1], clip(" ".join(out[lines - 1 :]), size, width, bold)]
    return out


def icon_symbol(icon: str, x: float, y: float, r: float = 7.5) -> str:
    """An experience icon: a disc in its colour with its two letters, titled with its name."""
    fill, ink = ICON_FILL[icon]
    return (
        f'<g class="icon" data-icon="{icon}"><title>{icon_name(icon)}</title>'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" stroke="{INK}" '
        f'stroke-width="0.6"/>'
        + svg_text(
            x,
            y + r * 0.4,
            ICON_CODES[icon],
            r * 1.05,
            font_weight="bold",
            text_anchor="middle",
            fill=ink,
        )
        + "</g>"
    )


def badge(x: float, y: float, text: str, fill: str, ink: str, title: str, r: float = 8) -> str:
    """A disc with a short text on it (a number, a token's letter), titled in words."""
    return (
        f"<g><title>{escape(title)}</title>"
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" stroke="{INK}" '
        f'stroke-width="0.6"/>'
        + svg_text(
            x, y + r * 0.38, text, r * 1.05, font_weight="bold", text_anchor="middle", fill=ink
        )
        + "</g>"
    )


def points_badge(x: float, y: float, count: int) -> str:
    """A card's points (the rooster): a white disc with the number."""
    return badge(x, y, str(count), "#ffffff", INK, points(count))


def time_badge(x: float, y: float, time: int) -> str:
    """Time: a stopwatch (a ring with a stem) holding the number."""
    return (
        f"<g><title>{time} Time</title>"
        f'<rect x="{num(x - 1.5)}" y="{num(y - 11)}" width="3" height="3" fill="{INK}"/>'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="8" fill="#e8e8e8" stroke="{INK}" '
        'stroke-width="1.2"/>'
        + svg_text(x, y + 3.2, str(time), 8.5, font_weight="bold", text_anchor="middle", fill=INK)
        + "</g>"
    )


def legend_rows(
    left: float, top: float, width: float, items: Sequence[tuple[float, str, str]]
) -> tuple[float, list[str]]:
    """Legend items (symbol width, symbol, words) in rows fitting `width`; the height taken."""
    row_h, size = 20.0, 9.0
    x, y = 0.0, row_h / 2
    placed = []
    for symbol_w, symbol, text in items:
        item_w = symbol_w + 5 + text_width(text, size) + 14
        if x + item_w > width and x > 0:
            x, y = 0.0, y + row_h
        placed.append((x, y, symbol_w, symbol, text))
        x += item_w
    out = ['<g class="legend">']
    for x, y, symbol_w, symbol, text in placed:
        out.append(f'<g transform="translate({num(left + x)} {num(top + y)})">{symbol}</g>')
        out.append(svg_text(left + x + symbol_w + 5, top + y + 3.2, text, size, fill=INK))
    out.append("</g>")
    return y + row_h / 2, out


def wrap_svg(body: Sequence[str], w: float, h: float, width: int | None, title: str) -> str:
    """The whole SVG; `width` None leaves the size to the page (`width="100%"`)."""
    size = 'width="100%"' if width is None else f'width="{width}" height="{num(width * h / w)}"'
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {num(w)} {num(h)}" '
            f'font-family="{SVG_FONT}">',
            f"<title>{escape(title)}</title>",
            f'<rect width="{num(w)}" height="{num(h)}" fill="{BACKGROUND}"/>',
            *body,
            "</svg>",
        ]
    )
