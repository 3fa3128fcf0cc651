"""Let's Go! To France's itinerary on the board: the six day columns of a player board, their
cards (the upper section of each, the Highlight of the Day band of the bottom one), the day's
Favorable Condition token, the places a new card can take, and the card faces of a hand.

Every day column is a `<g data-day="<day>">` and every card in it a `<g data-day data-slot>`
(days and cards as the notation names them: `place baguette monday 2`); the columns, the
places for a new card, the tokens and the cards offered carry the `data-target` keys of
svg_keys.py. Titles and labels say what each thing is in the rulebook's words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tabletrip.core.labels import text_width
from tabletrip.core.phrases import plural
from tabletrip.core.render import svg_number as num
from tabletrip.games.lets_go_france.content import DAYS, ICONS, MAX_PER_DAY, Activity, Highlight
from tabletrip.games.lets_go_france.present_words import (
    EXPLORE,
    FAVORABLE,
    HIGHLIGHT,
    TOP_BONUS_WORDS,
    capital,
    card_words,
    day_name,
    icon_name,
    placed_name,
    points,
    slot_words,
)
from tabletrip.games.lets_go_france.svg_keys import day_target, favour_target, slot_target
from tabletrip.games.lets_go_france.svg_parts import (
    ICON_FILL,
    INK,
    MUTED,
    PAPER,
    badge,
    clip,
    hit_rect,
    icon_symbol,
    points_badge,
    split_lines,
    svg_text,
    target_open,
    time_badge,
    wrap_svg,
)
from tabletrip.games.lets_go_france.svg_tracks import tracks_svg
from tabletrip.games.lets_go_france.view_content import ICON_CODES, Content

HIGHLIGHT_FILL = "#fbe7a1"
EXPLORE_FILL = "#c9dbe8"
CARD_W = 168.0
COL_GAP = 10.0
TOP_H = 46.0  # the visible upper section of a card under another
HL_H = 44.0  # the Highlight of the Day band of the bottom card
HEAD_H = 54.0  # day name and Favorable Condition token
BAND_FORMULAS = {  # a Highlight's formula in the few words its band has room for
    "sets": "{p} per set of {icons}",
    "days_with_different_icons": "{p} per day with {count}+ different icons",
    "days_with_icon": "{p} per day with {count}+ {icon}",
    "days_under_time": "{p} per day under {count} Time",
    "time_on_cards_with_icon": "{p} per Time on {icon} cards",
    "icons_today": "{p} per {icon} today",
    "cards_with_time": "{p} per card with {count}+ Time",
    "favourable_tokens": "{p} per Favorable token flipped and moved",
    "research_tokens": "{p} per Research token",
    "lowest_icon": "{p} per space of your lowest token",
    "highest_icon": "{p} per space of your highest token",
}


# --- words on a card ----------------------------------------------------------------------------


def band_words(highlight: Highlight) -> str:
    """A Highlight of the Day in the few words its band holds: `1 point, +2 Food, +1 Wild
    token` (the card's title says it in full)."""
    parts = []
    if highlight.points:
        parts.append(points(highlight.points))
    formula = highlight.formula
    if formula is not None:
        parts.append(
            BAND_FORMULAS[formula.kind].format(
                p=formula.points,
                icons="+".join(icon_name(i) for i in formula.icons),
                icon=icon_name(formula.icon) if formula.icon >= 0 else "",
                count=formula.count,
            )
        )
    counts: dict[int, int] = {}
    for icon in highlight.icons:
        counts[icon] = counts.get(icon, 0) + 1
    parts += [f"+{n} {icon_name(i)}" if n > 1 else f"+{icon_name(i)}" for i, n in counts.items()]
    if highlight.any_icon:
        parts.append(f"+{plural(highlight.any_icon, 'icon')} of your choice")
    if highlight.lowest_icon:
        parts.append(f"+{plural(highlight.lowest_icon, 'lowest icon')}")
    if highlight.wild:
        parts.append(f"+{plural(highlight.wild, 'Wild token')}")
    if highlight.research:
        parts.append(f"+{plural(highlight.research, 'Research token')}")
    if highlight.energy:
        parts.append(f"Energy {highlight.energy:+d}")
    if highlight.time:
        parts.append(f"+{highlight.time} Time")
    return ", ".join(parts) or "nothing"


def card_title(card: Activity) -> str:
    """A face-up card in full: `Baguette: Food, 1 point, 1 Time; Highlight of the Day: ...`."""
    return f"{card.name}: {card_words(card)}"


def explore_title(card: Activity | None, content: Content, bottom: bool) -> str:
    """An Explore the City card (named to its owner only)."""
    what = f"{EXPLORE}, face down" + (f" ({card.name})" if card else "")
    more = f"; {HIGHLIGHT}: {points(content.explore_highlight)} more" if bottom else ""
    return f"{what}: {points(content.explore_points)}{more}"


def cell_name(cell: Mapping[str, Any], content: Content) -> str:
    """A placed card by name; an Explore the City card by its face (and its name, to its
    owner)."""
    key = cell["card"]
    return placed_name(content.activities.get(key) if key else None, bool(cell["explore"]))


# --- one card -----------------------------------------------------------------------------------


def _bonus_tag(x: float, y: float, bonus: str) -> str:
    """A top bonus: `+R` (a Research token) or a ticket `T`/`TT` (Travel actions)."""
    if bonus == "none":
        return ""
    text = {"research": "+R", "travel": "T\u2192", "travel2": "TT\u2192"}[bonus]
    fill = "#3f7cc4" if bonus == "research" else "#e07b24"
    w = text_width(text, 8.5, True) + 6
    return (
        f"<g><title>When played: gain {escape(TOP_BONUS_WORDS[bonus])}</title>"
        f'<rect x="{num(x - w / 2)}" y="{num(y - 6.5)}" width="{num(w)}" height="13" rx="2" '
        f'fill="{fill}" stroke="{INK}" stroke-width="0.6"/>'
        + svg_text(x, y + 3, text, 8.5, font_weight="bold", text_anchor="middle", fill="#ffffff")
        + "</g>"
    )


def card_svg(
    x: float,
    y: float,
    cell: Mapping[str, Any],
    content: Content,
    bottom: bool,
    day: str,
    slot: int,
    target: str | None = None,
) -> list[str]:
    """One card at (x, y): its upper section; the bottom card also its Highlight band. A card
    in a day's column has its `data-day` and `data-slot`; one with a `target` key (a card in
    the hand, a card to choose) is a clickable target instead."""
    height = TOP_H + (HL_H if bottom else 0) + 4
    key = cell["card"]
    explore = cell["explore"]
    card = content.activities[key] if key is not None else None
    if explore:
        title = explore_title(card, content, bottom)
    else:
        assert card is not None
        title = card_title(card)
    classes = "card" + (" explore" if explore else "") + (" highlight" if bottom else "")
    where = (
        f" data-target={quoteattr(target)}"
        if target
        else f' data-day={quoteattr(day)} data-slot="{slot}"'
    )
    out = [
        f"<g class={quoteattr(classes)}{where}"
        + (f" data-card={quoteattr(key)}" if key else "")
        + ">",
        f"<title>{escape(title)}</title>",
        *([hit_rect(x - 3, y - 3, CARD_W + 6, height + 6)] if target else []),
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(CARD_W)}" height="{num(height)}" rx="5" '
        f'fill="{EXPLORE_FILL if explore else PAPER}" stroke="{INK}" stroke-width="0.9"/>',
    ]
    if explore:
        out.append(svg_text(x + 7, y + 15, EXPLORE, 10.5, font_weight="bold", fill="#23435c"))
        sub = f"({card.name})" if card else "face down"
        out.append(
            svg_text(x + 7, y + 29, clip(sub, 9, CARD_W - 40), 9, font_style="italic", fill=INK)
        )
        out.append(points_badge(x + CARD_W - 14, y + 24, content.explore_points))
        if bottom:
            out += _band(x, y + TOP_H, points(content.explore_highlight))
        out.append("</g>")
        return out
    assert card is not None
    out.append(
        svg_text(x + 6, y + 13, clip(card.name, 10.5, CARD_W - 12, True), 10.5, font_weight="bold")
    )
    for k, icon in enumerate(card.icons):
        out.append(icon_symbol(ICONS[icon], x + 14 + k * 18, y + 29))
    right = x + CARD_W - 13
    out.append(points_badge(right, y + 29, card.points))
    out.append(time_badge(right - 21, y + 30, card.time))
    if card.bonus != "none":
        out.append(_bonus_tag(right - 47, y + 29, card.bonus))
    if bottom:
        out += _band(x, y + TOP_H, band_words(card.highlight))
    out.append("</g>")
    return out


def _band(x: float, y: float, words: str) -> list[str]:
    """The Highlight of the Day: a gold band with its gains in words."""
    out = [
        f'<rect x="{num(x + 3)}" y="{num(y)}" width="{num(CARD_W - 6)}" height="{num(HL_H)}" '
        f'rx="3" fill="{HIGHLIGHT_FILL}" stroke="#b08a1e" stroke-width="0.8"/>',
        svg_text(x + 8, y + 11, f"\u2605 {HIGHLIGHT}", 8.5, font_weight="bold", fill="#6b5200"),
    ]
    for k, line in enumerate(split_lines(words, 9, CARD_W - 16, 2)):
        out.append(svg_text(x + 8, y + 24 + k * 12, line, 9, fill=INK))
    return out


def _token_svg(x: float, y: float, board: Mapping[str, Any], day: int) -> list[str]:
    """The day's Favorable Condition token: a square with the icon's letters, `2` flipped;
    a dashed empty square once it moved to a bonus row."""
    icon = board["favourable"][day]
    s = 20.0
    whose = f"{day_name(day)}'s {FAVORABLE} token"
    if icon is None:
        return [
            f"<g><title>{whose}: moved to a bonus row</title>",
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(s)}" height="{num(s)}" fill="none" '
            f'stroke="{MUTED}" stroke-dasharray="2 2"/>',
            svg_text(x + s + 5, y + 14, "moved", 9, fill=MUTED, font_style="italic"),
            "</g>",
        ]
    fill, ink = ICON_FILL[icon]
    flipped = icon in board["flipped"]
    title = f"{whose}: {icon_name(icon)}" + (", flipped to its 2 side" if flipped else "")
    out = [
        target_open(favour_target(DAYS[day]), title, "favour"),
        hit_rect(x - 3, y - 3, s + 24, s + 6),
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(s)}" height="{num(s)}" rx="2" '
        f'fill="{fill}" stroke="{INK}" stroke-width="{1.6 if flipped else 0.7}"/>',
        svg_text(
            x + s / 2,
            y + 14,
            ICON_CODES[icon],
            10,
            font_weight="bold",
            text_anchor="middle",
            fill=ink,
        ),
    ]
    if flipped:
        out.append(badge(x + s + 9, y + s / 2, "2", "#ffffff", INK, "Flipped to its 2 side", r=7))
    out.append("</g>")
    return out


# --- the six days -------------------------------------------------------------------------------


def itinerary_svg(
    board: Mapping[str, Any], content: Content, title: str = "Itinerary", width: int = 1100
) -> str:
    """One player board's six days as an SVG (a `board` of an observation: `my_board` shows
    Explore the City cards to their owner, a public board keeps them face down)."""
    w, h, body = itinerary_body(board, content, title)
    return wrap_svg(body, w, h, width, title)


def itinerary_body(
    board: Mapping[str, Any], content: Content, title: str
) -> tuple[float, float, list[str]]:
    """The six columns, each a `<g data-day>` (its background the day's target, then its
    Favorable Condition token, its cards and the places for a new card, each a target apart:
    never one inside another), and a strip of the board's tracks under them."""
    pad = 12.0
    out = [svg_text(pad, 22, title, 15, font_weight="bold", fill=INK)]
    top = 34.0
    tallest = 0.0
    for day, column in enumerate(board["days"]):
        x = pad + day * (CARD_W + COL_GAP)
        body: list[str] = []
        y = top + HEAD_H
        for slot, cell in enumerate(column):
            bottom = slot == len(column) - 1
            body += card_svg(x, y, cell, content, bottom, DAYS[day], slot)
            y += TOP_H
        end = y + (HL_H + 4 if column else 0)
        tallest = max(tallest, end)
        height = HEAD_H + MAX_PER_DAY * TOP_H + HL_H + 10
        title = _day_title(day, column, content)
        out += [
            f'<g class="day" data-day={quoteattr(DAYS[day])}>',
            f"<title>{escape(title)}</title>",
            target_open(day_target(DAYS[day]), title, "column"),
            f'<rect x="{num(x - 3)}" y="{num(top)}" width="{num(CARD_W + 6)}" '
            f'height="{num(height)}" rx="6" fill="#efe8d8" stroke="#d8ccb0" stroke-width="0.8"/>',
            hit_rect(x - 3, top, CARD_W + 6, height),
            svg_text(x + 4, top + 17, day_name(day), 13, font_weight="bold", fill=INK),
            svg_text(
                x + CARD_W - 4,
                top + 17,
                f"{len(column)} of {MAX_PER_DAY} cards",
                9,
                text_anchor="end",
                fill=MUTED,
            ),
            "</g>",
            *_token_svg(x + 4, top + 26, board, day),
            *body,
            *_slots_svg(x, top + HEAD_H, column, day, content),
            "</g>",
        ]
    tallest = max(tallest, top + HEAD_H + MAX_PER_DAY * TOP_H + HL_H + 10)
    width = pad * 2 + 6 * CARD_W + 5 * COL_GAP
    out += _card_legend(width - pad, 22)
    strip_h, strip = tracks_svg(board, content, pad, tallest + 10)
    out += strip
    return width, tallest + 10 + strip_h + pad, out


def _day_title(day: int, column: Sequence[Mapping[str, Any]], content: Content) -> str:
    """`Monday: 2 of 5 cards; Highlight of the Day: Baguette`."""
    title = f"{day_name(day)}: {len(column)} of {MAX_PER_DAY} cards"
    if column:
        title += f"; {HIGHLIGHT}: {cell_name(column[-1], content)}"
    return title


def _slots_svg(
    x: float, top: float, column: Sequence[Mapping[str, Any]], day: int, content: Content
) -> list[str]:
    """The places a new card may take in a day's column (none once it is full): a band across
    the column at each card's upper edge and below the last card, marked by a small arrow on
    the column's edge, titled with what the place means."""
    if len(column) >= MAX_PER_DAY:
        return []
    out = []
    names = [cell_name(cell, content) for cell in column]
    for slot in range(len(column) + 1):
        title = capital(f"a new card {slot_words(day, names, slot)}")
        y = top + slot * TOP_H
        out += [
            target_open(slot_target(DAYS[day], slot), title, "slot"),
            hit_rect(x - 3, y - 8, CARD_W + 6, 16),
            f'<path d="M{num(x - 5)} {num(y - 5)} L{num(x + 2)} {num(y)} '
            f'L{num(x - 5)} {num(y + 5)} Z" fill="{MUTED}"/>',
            "</g>",
        ]
    return out


def _card_legend(right: float, y: float) -> list[str]:
    """What a card's marks mean, right-aligned on the title line."""
    items = [
        (points_badge(8, -4, 2), "points"),
        (time_badge(8, -4, 2), "Time"),
        (_bonus_tag(12, -4, "research"), "Research token"),
        (_bonus_tag(14, -4, "travel"), "Travel (TT: 2)"),
        (_token_svg_mark(), f"{FAVORABLE} (2: flipped)"),
    ]
    widths = [28 + text_width(text, 9) + 14 for _, text in items]
    x = right - sum(widths)
    out = ['<g class="legend">']
    for (symbol, text), w in zip(items, widths, strict=True):
        out.append(f'<g transform="translate({num(x)} {num(y)})">{symbol}</g>')
        out.append(svg_text(x + 28, y, text, 9, fill=INK))
        x += w
    out.append("</g>")
    return out


def _token_svg_mark() -> str:
    return (
        f'<rect x="0" y="-13" width="18" height="18" rx="2" fill="{ICON_FILL["nature"][0]}" '
        f'stroke="{INK}"/>'
        + svg_text(9, 0, "Na", 9, font_weight="bold", text_anchor="middle", fill="#ffffff")
    )


__all__ = [
    "CARD_W",
    "COL_GAP",
    "HL_H",
    "TOP_H",
    "band_words",
    "card_svg",
    "card_title",
    "cell_name",
    "itinerary_body",
    "itinerary_svg",
]
