"""core.render: the text wrapping and SVG numbers every game's drawing shares."""

from __future__ import annotations

from tabletrip.core.render import svg_number, wrap, wrap_items


def test_wrap_indents_later_lines_and_never_splits_a_word() -> None:
    lines = wrap("alpha beta gamma delta", indent="  ", width=11)
    assert lines == ["alpha beta", "  gamma", "  delta"]
    assert wrap("") == [""]


def test_wrap_items_breaks_only_between_items() -> None:
    lines = wrap_items("Cards:", ["red one", "blue two", "green three"], width=20)
    assert lines == ["Cards: red one,", "    blue two,", "    green three"]


def test_wrap_items_takes_the_game_s_separator() -> None:
    lines = wrap_items("Placed:", ["a 1", "b 2"], separator=";")
    assert lines == ["Placed: a 1; b 2"]


def test_an_item_longer_than_the_line_stays_whole() -> None:
    assert wrap_items("", ["x" * 30], width=10) == ["x" * 30]


def test_svg_numbers_have_one_decimal_at_most() -> None:
    assert [svg_number(v) for v in (3.0, 2.25, -0.04, 10.06)] == ["3", "2.2", "-0", "10.1"]
