"""The tracks strip under a Let's Go! To France itinerary: the Experience Track (a row of 11
spaces per icon, the token's place marked), the Energy Tracker, the Wild, Research and Point
tokens, and the three bonus rows a Favorable Condition token can move to.

Each Experience Track row, the Wild and Research tokens and each bonus row carry a
`data-target` key (svg_keys.py); titles say what each is in the rulebook's words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from tabletrip.core.phrases import listing, plural
from tabletrip.core.render import svg_number as num
from tabletrip.games.lets_go_france.content import ICONS, RewardSpec
from tabletrip.games.lets_go_france.present_words import (
    FAVORABLE,
    capital,
    icon_name,
    points,
    reward_words,
    row_name,
)
from tabletrip.games.lets_go_france.scoring import FLIP, experience_points
from tabletrip.games.lets_go_france.svg_keys import RESEARCH, WILD, icon_target, row_target
from tabletrip.games.lets_go_france.svg_parts import (
    ICON_FILL,
    INK,
    MUTED,
    badge,
    hit_rect,
    icon_symbol,
    svg_text,
    target_open,
)
from tabletrip.games.lets_go_france.view_content import Content

CELL = 17.0  # one space of the Experience Track
ROW_BOX = 118.0  # one space of a bonus row


def reward_label(rewards: Sequence[RewardSpec]) -> str:
    """A bonus-row space in the few words its box holds: `Travel + 1 point`, `Research +
    Wild`, `2 Travel` (its title says it in full)."""
    parts = []
    for r in rewards:
        if r.kind == "points":
            parts.append(points(r.amount))
        elif r.kind == "any_icon":
            parts.append("Any icon" if r.amount == 1 else f"{r.amount} icons of your choice")
        else:
            word = r.kind.capitalize()
            parts.append(word if r.amount == 1 else f"{r.amount} {word}")
    if len(parts) == 2 and parts[0] == parts[1] == "Travel":
        return "2 Travel"
    return " + ".join(parts)


def tracks_svg(
    board: Mapping[str, Any], content: Content, left: float, top: float
) -> tuple[float, list[str]]:
    """The Experience Track, the Energy Tracker, the tokens and the bonus rows at (left, top);
    the strip's height and its elements."""
    out = ['<g class="tracks">']
    out += _experience_svg(board, content, left, top)
    x0 = left + 20 + 11 * CELL + 30
    out += _energy_svg(board, x0, top)
    out += _tokens_svg(board, x0, top)
    goals = board["goals"]
    reached = listing([w for w in ("single", "double") if goals[f"{w}_flag"]]) or "none yet"
    out.append(svg_text(x0, top + 104, f"Flags reached: {reached}", 9))
    out += _bonus_rows_svg(board, content, x0 + 7 * 22 + 40, top)
    out.append("</g>")
    return 18 + 6 * (CELL + 2) + 6, out


def _experience_svg(
    board: Mapping[str, Any], content: Content, left: float, top: float
) -> list[str]:
    thresholds = content.board.experience_points
    out = [svg_text(left, top + 10, "Experience Track", 10, font_weight="bold")]
    for r, icon in enumerate(ICONS):
        y = top + 18 + r * (CELL + 2)
        steps = board["experience"][icon]
        flipped = steps >= FLIP
        place = min(steps - FLIP, FLIP) if flipped else steps
        score = points(experience_points(steps, thresholds))
        where = f"flipped to its 10 side, space {place}" if flipped else f"space {place}"
        title = f"Experience Track: {icon_name(icon)}, {where}, {score}"
        out.append(target_open(icon_target(icon), title, "track"))
        out.append(hit_rect(left - 1, y - 1, 20 + 11 * CELL + 2, CELL + 2))
        out.append(icon_symbol(icon, left + 8, y + CELL / 2, 7.5))
        for k in range(11):
            x = left + 20 + k * CELL
            fill = "#f4e4a8" if k in thresholds else "#ffffff"
            out.append(
                f'<rect x="{num(x)}" y="{num(y)}" width="{num(CELL)}" height="{num(CELL)}" '
                f'fill="{fill}" stroke="#b7ab93" stroke-width="0.6"/>'
            )
            if k in thresholds and k != place:
                out.append(
                    svg_text(
                        x + CELL / 2,
                        y + CELL - 4,
                        str(thresholds[k]),
                        7,
                        text_anchor="middle",
                        fill=MUTED,
                    )
                )
        x = left + 20 + place * CELL + CELL / 2
        fill, ink = ICON_FILL[icon]
        out.append(
            f"<g><title>{escape(f'{icon_name(icon)} token: {where}, {score}')}</title>"
            f'<circle cx="{num(x)}" cy="{num(y + CELL / 2)}" r="7.5" fill="{fill}" '
            f'stroke="{INK}" stroke-width="{1.8 if flipped else 0.8}"/>'
            + svg_text(
                x,
                y + CELL / 2 + 3,
                str(steps),
                8,
                font_weight="bold",
                text_anchor="middle",
                fill=ink,
            )
            + "</g>"
        )
        out.append("</g>")
    return out


def _energy_svg(board: Mapping[str, Any], x0: float, top: float) -> list[str]:
    out = [svg_text(x0, top + 10, "Energy Tracker", 10, font_weight="bold")]
    energy = board["energy"]
    for k, value in enumerate(range(-3, 4)):
        x = x0 + k * 22
        here = value == energy
        out.append(
            f'<rect x="{num(x)}" y="{num(top + 18)}" width="20" height="20" rx="3" '
            f'fill="{"#ffd54f" if here else "#ffffff"}" stroke="{INK}" '
            f'stroke-width="{1.6 if here else 0.6}"/>'
        )
        out.append(
            svg_text(
                x + 10,
                top + 32,
                f"{value:+d}" if value else "0",
                9,
                text_anchor="middle",
                font_weight="bold" if here else "normal",
            )
        )
    return out


def _tokens_svg(board: Mapping[str, Any], x0: float, top: float) -> list[str]:
    """The Wild and Research tokens (targets: a Wild token spent, a Research token used) and
    the Point tokens."""
    tokens = [
        ("W", "#7b3fa0", board["wild"], "Wild token", WILD),
        ("R", "#3f7cc4", board["research"], "Research token", RESEARCH),
        ("P", "#ffffff", board["points"], "Point token", ""),
    ]
    out = []
    for k, (letter, fill, count, word, key) in enumerate(tokens):
        x = x0 + k * 62
        ink = INK if fill == "#ffffff" else "#ffffff"
        if key:
            out.append(target_open(key, plural(count, word), "tokens"))
            out.append(hit_rect(x - 3, top + 48, 56, 38))
        out.append(badge(x + 9, top + 60, letter, fill, ink, f"{word}s", r=9))
        out.append(svg_text(x + 22, top + 64, f"\u00d7{count}", 11, font_weight="bold"))
        out.append(svg_text(x, top + 82, word.split()[0], 8, fill=MUTED))
        if key:
            out.append("</g>")
    return out


def _bonus_rows_svg(board: Mapping[str, Any], content: Content, x1: float, top: float) -> list[str]:
    """The three bonus rows, each a target (a Favorable Condition token moved there, a Goal
    tile's bonus), each space titled with what it gives."""
    out = [svg_text(x1, top + 10, f"Bonus rows ({FAVORABLE} tokens)", 10, font_weight="bold")]
    for r, row in enumerate(content.board.reward_rows):
        y = top + 18 + r * 26
        used = board["reward_rows"][r]
        state = f"{used} of {plural(len(row), 'space')} covered"
        if used < len(row):
            state += f", next: {reward_words(row[used])}"
        out.append(target_open(row_target(r), f"{capital(row_name(r))}: {state}", "row"))
        out.append(hit_rect(x1 - 2, y - 2, len(row) * ROW_BOX - 2, 25))
        for k, rewards in enumerate(row):
            x = x1 + k * ROW_BOX
            covered = k < used
            out.append(
                f"<g><title>{escape(capital(reward_words(rewards)))}"
                f"{' (covered)' if covered else ''}</title>"
                f'<rect x="{num(x)}" y="{num(y)}" width="{num(ROW_BOX - 6)}" height="21" rx="3" '
                f'fill="{"#d9d2c3" if covered else "#ffffff"}" stroke="{INK}" '
                'stroke-width="0.6"/>'
                + svg_text(
                    x + 6,
                    y + 14,
                    ("\u2714 " if covered else "") + reward_label(rewards),
                    9,
                    fill=INK,
                )
                + "</g>"
            )
        out.append("</g>")
    moved = board["moved"]
    if moved:
        flipped = sum(i in board["flipped"] for i in moved)
        words = ", ".join(icon_name(i) for i in moved) + (
            f" ({flipped} flipped)" if flipped else ""
        )
        out.append(svg_text(x1, top + 104, f"Moved to bonus rows: {words}", 9))
    return out


__all__ = ["reward_label", "tracks_svg"]
