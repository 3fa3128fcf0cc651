"""How numbers and values are written in report tables, the same in the terminal and HTML."""

from __future__ import annotations

import math
import re
from typing import Any

from tabletrip.core.analysis_tools import interval_text


def cell(value: Any) -> str:
    """A table cell as text: whole numbers plain, others to 2 decimals, yes/no, `-` for None."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return number(value)
    if isinstance(value, list | tuple):
        return ", ".join(cell(v) for v in value)
    return str(value)


def number(value: float, decimals: int = 2) -> str:
    """A float to at most `decimals` decimals, trailing zeros dropped (`12.5`, `3`, `nan`)."""
    if not math.isfinite(value):
        return str(value)
    text = f"{value:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def percent(rate: float) -> str:
    """A rate in [0, 1] as a percentage with one decimal: `52.5%`."""
    return f"{100 * rate:.1f}%"


def interval(low: float, high: float) -> str:
    """A 95% interval as percentages with one decimal: `42.1-61.8%`."""
    return interval_text(low, high, 1)


def is_numeric(text: str) -> bool:
    """Whether a cell's text reads as a number, percentage or interval (aligned right): also
    a signed change (`+2.5`), a bound (`<0.001`) and an interval in brackets (`(-1.2, +3)`)."""
    return text == "-" or _NUMERIC.fullmatch(text) is not None


_NUMBER = r"[-+<]?\d[\d,]*(\.\d+)?"
_NUMERIC = re.compile(
    rf"-?\d[\d,]*(\.\d+)?(-\d+(\.\d+)?)?%?|-?inf|nan|{_NUMBER}%?|\({_NUMBER}, {_NUMBER}\)"
)
