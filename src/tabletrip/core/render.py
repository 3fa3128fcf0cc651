"""A readable text fallback for any game's observation (games may render better themselves)."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from typing import Any

TEXT_WIDTH = 100  # the columns a game's terminal view fits in


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_inline(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return str(value)


def render_observation(observation: dict[str, Any]) -> str:
    """One line per top-level field; nested values are written inline."""
    width = max((len(str(k)) for k in observation), default=0)
    return "\n".join(f"{str(k).ljust(width)}  {_inline(v)}" for k, v in observation.items())


def geo_coordinates(
    lonlat: Sequence[tuple[float, float]], width: float = 1000.0
) -> list[tuple[float, float]]:
    """Drawing coordinates from longitude and latitude: x = lon cos(mean lat), y = -lat,
    shifted to start at 0 and scaled so x spans `width` (rounded to 0.1)."""
    mean_lat = sum(lat for _, lat in lonlat) / len(lonlat)
    squeeze = math.cos(math.radians(mean_lat))
    xs = [lon * squeeze for lon, _ in lonlat]
    ys = [-lat for _, lat in lonlat]
    scale = width / ((max(xs) - min(xs)) or 1.0)
    return [
        (round((x - min(xs)) * scale, 1), round((y - min(ys)) * scale, 1))
        for x, y in zip(xs, ys, strict=True)
    ]


def wrap(text: str, indent: str = "    ", width: int = TEXT_WIDTH) -> list[str]:
    """`text` in lines of at most `width`, later lines indented, words never split."""
    return textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False) or [""]


def wrap_items(
    prefix: str,
    items: Sequence[str],
    indent: str = "    ",
    width: int = TEXT_WIDTH,
    separator: str = ",",
) -> list[str]:
    """`prefix` then the items, each but the last followed by `separator`, never breaking
    inside an item."""
    lines = [prefix.rstrip()]
    for i, item in enumerate(items):
        piece = item + (separator if i < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) <= width or lines[-1].strip() == "":
            lines[-1] += (" " if lines[-1] else "") + piece
        else:
            lines.append(indent + piece)
    return lines


def svg_number(value: float) -> str:
    """A coordinate for SVG: one decimal at most, no trailing zeros."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def spread_points(
    points: Sequence[tuple[float, float]],
    gap: float,
    rounds: int = 80,
    push_rate: float = 0.6,
    pull_rate: float = 0.02,
) -> list[tuple[float, float]]:
    """Push drawn points closer than `gap` apart, round by round, each pulled a little back
    toward where it belongs (a grid keeps each round near linear in the number of points)."""
    home = list(points)
    now = [list(p) for p in points]
    for _ in range(rounds):
        grid: dict[tuple[int, int], list[int]] = {}
        for i, (x, y) in enumerate(now):
            grid.setdefault((int(x // gap), int(y // gap)), []).append(i)
        push = [[0.0, 0.0] for _ in now]
        moved = False
        for (gx, gy), members in grid.items():
            near = [
                j
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                for j in grid.get((gx + dx, gy + dy), ())
            ]
            for i in members:
                for j in near:
                    if j <= i:
                        continue
                    vx, vy = now[j][0] - now[i][0], now[j][1] - now[i][1]
                    d = math.hypot(vx, vy)
                    if d >= gap:
                        continue
                    if d < 1e-6:
                        vx, vy, d = 1.0, (i % 7 - 3) * 0.1, 1.0
                    shift = (gap - d) / 2 / d
                    push[i][0] -= vx * shift
                    push[i][1] -= vy * shift
                    push[j][0] += vx * shift
                    push[j][1] += vy * shift
                    moved = True
        for i, p in enumerate(now):
            p[0] += push[i][0] * push_rate + (home[i][0] - p[0]) * pull_rate
            p[1] += push[i][1] * push_rate + (home[i][1] - p[1]) * pull_rate
        if not moved:
            break
    return [(round(x, 1), round(y, 1)) for x, y in now]
