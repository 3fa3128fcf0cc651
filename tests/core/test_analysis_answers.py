"""core.analysis_answers: with/without win rates with n and intervals, fixed patterns."""

from __future__ import annotations

from tabletrip.core.analysis import PlayedGame
from tabletrip.core.analysis_answers import (
    correlation_note,
    fixed_pattern,
    fixed_pattern_note,
    split_wins_ci,
)
from tabletrip.core.analysis_tools import wilson


def played(index: int, winners: tuple[int, ...]) -> PlayedGame:
    return PlayedGame(index, index, {}, ("a", "b"), (1.0, 2.0), winners, ({}, {}), 10, {})


def test_split_wins_counts_seat_games_and_gives_wilson_intervals() -> None:
    # seat 0 "has it" in every game; it wins 3 of 4, once shared with seat 1
    games = [played(0, (0,)), played(1, (0,)), played(2, (0, 1)), played(3, (1,))]
    n_yes, rate_yes, ci_yes, n_no, rate_no, ci_no = split_wins_ci(games, lambda g, s: s == 0)
    assert (n_yes, n_no) == (4, 4)
    assert rate_yes == 62.5  # 2.5 wins of 4
    assert rate_no == 37.5
    _, low, high = wilson(2.5, 4)
    assert ci_yes == f"{round(100 * low)}-{round(100 * high)}%"
    assert ci_no != ci_yes


def test_a_pattern_repeated_in_almost_every_seat_game_is_fixed() -> None:
    assert fixed_pattern([("Paris", "Lyon")] * 19 + [("Nice",)])
    assert not fixed_pattern([("Paris",)] * 8 + [("Nice",)] * 2 + [("Lyon",)])
    assert not fixed_pattern([("Paris",)])  # one seat-game says nothing either way


def test_the_notes_say_what_the_table_cannot_show() -> None:
    assert "correlation, not effect" in correlation_note("card").lower()
    assert "--without" in correlation_note("card")
    assert "no information" in fixed_pattern_note("visit the same towns")
