"""Small English every game's presentation speaks: a count with its noun, a list with "and".

`plural(2, "card")` is `2 cards`, `plural(1, "city", "cities")` is `1 city`; `listing(["a",
"b", "c"])` is `a, b and c` (`last="or"` for a choice).
"""

from __future__ import annotations

from collections.abc import Sequence


def plural(count: int, word: str, words: str | None = None) -> str:
    """`1 card`, `2 cards` (or the plural given)."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def listing(parts: Sequence[str], last: str = "and") -> str:
    """`a`, `a and b`, `a, b and c` (another word than "and" before the last part if given)."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]
