"""Moves as steps, and what a person types matched to them."""

from __future__ import annotations

from dataclasses import dataclass

from tabletrip.cli.choosing import STEP_JOIN, Steps, words_of
from tabletrip.core.actions import Action


@dataclass(frozen=True)
class Move(Action, kind="test-move"):
    """A move known by its notation only."""

    notation: str

    def __str__(self) -> str:
        return self.notation


CLAIMS = [
    (("Draw a card from the draw pile",), "blind"),
    (("Claim a route", "Denver–Omaha (4 red)", "With 4 red"), "claim r1 Denver-Omaha with red"),
    (
        ("Claim a route", "Denver–Omaha (4 red)", "With 3 red and 1 Locomotive"),
        "claim r1 Denver-Omaha with red + 1 locomotive",
    ),
    (("Claim a route", "İzmit–Bolu (1 gray)", "With 1 blue"), "claim r2 Izmit-Bolu with blue"),
]


def _steps(moves: list[tuple[tuple[str, ...], str]] = CLAIMS) -> Steps:
    legal = [Move(notation) for _, notation in moves]
    return Steps(legal, [path for path, _ in moves], [" ".join(path) for path, _ in moves])


def test_a_step_with_one_way_on_is_folded_into_the_one_before() -> None:
    steps = _steps()
    first = steps.choices()
    assert [c.label for c in first] == ["Draw a card from the draw pile", "Claim a route"]
    assert first[0].move == 0 and first[1].move is None
    routes = steps.choices(("Claim a route",))
    assert [c.label for c in routes] == [
        "Denver–Omaha (4 red)",
        "İzmit–Bolu (1 gray)" + STEP_JOIN + "With 1 blue",
    ]
    assert routes[1].move == 3  # one way to pay: choosing the route plays it
    unfolded = steps.choices(("Claim a route",), fold=False)
    assert unfolded[1].label == "İzmit–Bolu (1 gray)" and unfolded[1].move is None


def test_typed_words_match_as_prefixes_in_any_order_without_accents() -> None:
    steps = _steps()
    assert steps.matching("izmit") == [3]
    assert steps.matching("BLUE izm") == [3]
    assert steps.matching("claim den oma") == [1, 2]
    assert steps.matching("den loco") == [2]
    assert steps.matching("paris") == []
    assert steps.common_steps([1, 2]) == ("Claim a route", "Denver–Omaha (4 red)")


def test_words_are_folded_for_matching() -> None:
    assert words_of("İzmit–Bolu") == ["izmit", "bolu"]


def test_steps_that_are_not_a_tree_are_offered_one_move_each() -> None:
    """A game whose steps repeat (two moves alike, or one move's steps the start of another
    move's) still lets the person choose every move: by its words, one each."""
    broken = [(("Play", "Croissant"), "a"), (("Play",), "b")]
    steps = _steps(broken)
    assert [c.label for c in steps.choices()] == ["Play Croissant", "Play"]
    assert all(c.move is not None for c in steps.choices())
