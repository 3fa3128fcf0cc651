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
    prefix: str, items: Sequence[str], indent: str = "    ", width: int = TEXT_WIDTH
) -> list[str]:
    """`prefix` then the items separated by commas, never breaking inside an item."""
    lines = [prefix.rstrip()]
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) <= width or lines[-1].strip() == "":
            lines[-1] += (" " if lines[-1] else "") + piece
        else:
            lines.append(indent + piece)
    return lines


def svg_number(value: float) -> str:
    """A coordinate for SVG: one decimal at most, no trailing zeros."""
    return f"{value:.1f}".rstrip("0").rstrip(".")
