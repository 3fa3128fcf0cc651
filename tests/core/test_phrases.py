"""core.phrases: the counts and lists every game's presentation says."""

from __future__ import annotations

from tabletrip.core.phrases import first_few, listing, plural


def test_a_count_takes_its_noun_in_the_plural_but_for_one() -> None:
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(3, "city", "cities") == "3 cities"
    assert plural(1, "city", "cities") == "1 city"


def test_a_list_joins_its_last_part_with_and() -> None:
    assert listing([]) == ""
    assert listing(["Paris"]) == "Paris"
    assert listing(["Paris", "Lyon"]) == "Paris and Lyon"
    assert listing(["Paris", "Lyon", "Nice"]) == "Paris, Lyon and Nice"
    assert listing(["red", "blue"], last="or") == "red or blue"


def test_the_first_few_of_a_long_list_say_how_many_more() -> None:
    assert first_few([], 3) == ""
    assert first_few(["a", "b", "c"], 3) == "a, b, c"
    assert first_few(["a", "b", "c", "d", "e"], 3) == "a, b, c (and 2 more)"
    assert first_few(["a", "b"], 1, "; ") == "a (and 1 more)"
    assert first_few(["a", "b", "c"], 2, "; ") == "a; b (and 1 more)"
