"""Names as people type them: without accents, in any case, often only a word's start.

Place and card names carry their own spellings (İzmit, Ürümqi, Zürich, Sacré-Cœur). Every
place that matches what a person typed (the terminal's choices, a lookup's filter, a
notation's place name) folds both sides alike with these helpers, so `izmit`, `IZM` and
`İzmit` all find the same space.
"""

from __future__ import annotations

import re
import unicodedata

# Letters with no combining mark to strip: the Turkish dotless and dotted i, and a few others.
_PLAIN = str.maketrans(
    {
        "\N{LATIN SMALL LETTER DOTLESS I}": "i",
        "\N{LATIN CAPITAL LETTER I WITH DOT ABOVE}": "i",
        "ß": "ss",
        "ø": "o",
        "Ø": "o",
        "ł": "l",
        "Ł": "l",
        "œ": "oe",
        "Œ": "oe",
        "æ": "ae",
        "Æ": "ae",
    }
)
_WORD_BREAK = re.compile(r"[^a-z0-9$]+")


def fold(text: str) -> str:
    """`text` in plain lower case without accents, spacing collapsed: `İzmit` -> `izmit`."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.casefold().split())


def words(text: str) -> list[str]:
    """The folded words of `text`, split at spaces, dashes and punctuation."""
    return [w for w in _WORD_BREAK.split(fold(text)) if w]


def matches_words(query: str, text: str) -> bool:
    """Whether every word of `query` starts a word of `text` (folded, in any order); an empty
    query matches everything."""
    have = words(text)
    return all(any(h.startswith(w) for h in have) for w in words(query))
