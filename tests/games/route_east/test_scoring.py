"""scoring.py: "Overview": the first player to get to Shanghai via their Attraction Cards wins."""

from __future__ import annotations

import pytest

from tabletrip.games.route_east.scoring import Race, race_result

RACE = Race(attractions=4, visited=4, turns=30, bankruptcies=0, embassy_stays=1, money=40, fuel=2)
BEHIND = Race(attractions=4, visited=2, turns=29, bankruptcies=1, embassy_stays=0, money=5, fuel=0)


def test_overview_the_first_to_shanghai_wins_and_scores_one() -> None:
    result = race_result([BEHIND, RACE, BEHIND], winner=1)
    assert result.scores == (0, 1, 0)
    assert result.winners == (1,)
    assert [b["finished"] for b in result.breakdown] == [0, 1, 0]


def test_the_breakdown_tells_how_each_race_went_and_adds_up_to_the_score() -> None:
    result = race_result([RACE, BEHIND], winner=0)
    loser = result.breakdown[1]
    assert (loser["attractions_visited"], loser["attractions"]) == (2, 4)
    assert (loser["turns"], loser["bankruptcies"], loser["money"], loser["fuel"]) == (29, 1, 5, 0)
    assert [b["total"] for b in result.breakdown] == list(result.scores)
    assert not any(b["turn_limit_reached"] for b in result.breakdown)


def test_the_turn_limit_ends_a_game_nobody_won() -> None:
    """RULES_NOTES.md: a game stopped at the turn limit has no winner."""
    result = race_result([RACE, BEHIND], winner=-1)
    assert result.scores == (0, 0)
    assert result.winners == ()
    assert all(b["turn_limit_reached"] for b in result.breakdown)


def test_a_winner_that_is_no_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="not a seat of 2"):
        race_result([RACE, BEHIND], winner=2)
