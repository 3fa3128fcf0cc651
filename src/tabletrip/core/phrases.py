"""Small English every game's presentation speaks: a count with its noun, a list with "and",
the first few of a long list.

`plural(2, "card")` is `2 cards`, `plural(1, "city", "cities")` is `1 city`; `listing(["a",
"b", "c"])` is `a, b and c` (`last="or"` for a choice); `first_few(["a", "b", "c"], 2)` is
`a, b (and 1 more)`, how an error names the moves it would accept.
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


def first_few(parts: Sequence[str], most: int, separator: str = ", ") -> str:
    """The first `most` parts joined by `separator`, and how many more there are:
    `a, b (and 3 more)`."""
    shown = separator.join(parts[:most])
    return shown + (f" (and {len(parts) - most} more)" if len(parts) > most else "")
