"""Place names as people type them: `izmit` for İzmit, `urumqi` for Ürümqi.

Route East's spaces carry their local spellings (İzmit, Ürümqi, the Turkish dotless i). A
person at a keyboard types them without accents and in any case, often only the start of a
word; `tabletrip.core.words` folds both sides to plain lower-case letters and matches word
prefixes, and `names_prefix` also takes the start of a whole name.
"""

from __future__ import annotations

from tabletrip.core.words import fold, matches_words


def names_prefix(query: str, name: str) -> bool:
    """Whether `query` starts `name` as a whole (`gobekli t` for Göbekli Tepe), or its words
    each start a word of it (`tepe`)."""
    wanted = fold(query)
    if not wanted:
        return False
    return fold(name).startswith(wanted) or matches_words(query, name)


__all__ = ["names_prefix"]
