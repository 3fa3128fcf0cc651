"""Typed names matched as people type them: no accents, any case, a word's start."""

from __future__ import annotations

from tabletrip.core.words import fold, matches_words, words


def test_fold_drops_case_accents_and_the_turkish_dots() -> None:
    assert fold("İzmit") == "izmit"
    assert fold("I\u011fd\u0131r") == "igdir"  # the Turkish town, with a dotless i
    assert fold("  Zürich   Hbf ") == "zurich hbf"
    assert fold("Sacré-Cœur") == "sacre-coeur"


def test_words_split_at_anything_but_letters_and_digits() -> None:
    assert words("İzmit–Bolu, Saint-Émilion") == ["izmit", "bolu", "saint", "emilion"]


def test_every_typed_word_starts_a_word_in_any_order() -> None:
    assert matches_words("bol izm", "İzmit–Bolu")
    assert matches_words("", "anything")
    assert not matches_words("ankara", "İzmit–Bolu")
