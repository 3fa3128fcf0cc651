"""OpenSkill ratings of the bots of a run (tabletrip.report.ratings)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from tabletrip.core.analysis import PlayedGame
from tabletrip.report.ratings import rate, seat_ranks


def game(
    index: int, bots: tuple[str, ...], scores: tuple[float, ...], winners: tuple[int, ...]
) -> PlayedGame:
    return PlayedGame(index, index, {}, bots, scores, winners, tuple({} for _ in bots), 10, {})


def test_winners_rank_first_then_scores_with_ties() -> None:
    # Seat 2 won on a tie-break with seat 0's score; seats 1 and 3 tie behind.
    assert seat_ranks(game(0, ("a", "b", "c", "d"), (10, 4, 10, 4), (2,))) == [1, 2, 0, 2]
    assert seat_ranks(game(0, ("a", "b"), (3, 3), (0, 1))) == [0, 0]
    assert seat_ranks(game(0, ("a", "b"), (3, 5), ())) == [1, 0]


def test_a_bot_that_always_wins_rates_above() -> None:
    games = [
        game(i, ("strong", "weak") if i % 2 == 0 else ("weak", "strong"), (1, 0), (i % 2,))
        for i in range(20)
    ]
    ratings = rate(games)
    assert [r.bot for r in ratings.bots] == ["strong", "weak"]
    strong, weak = ratings.bots
    assert strong.mu > 25 > weak.mu
    assert strong.ordinal == strong.mu - 3 * strong.sigma
    assert (strong.games, weak.games, ratings.rated_games) == (20, 20, 20)
    assert strong.ordinal > weak.mu  # clearly apart, not just ahead


def test_heuristic_rates_above_random_in_ticket_to_ride(ttr_games: list[PlayedGame]) -> None:
    best, other = rate(ttr_games).bots
    assert (best.bot, other.bot) == ("heuristic", "random")
    assert best.ordinal > other.ordinal + 10


def test_a_run_of_one_bot_has_no_ratings() -> None:
    games = [game(i, ("random", "random"), (1, 0), (0,)) for i in range(5)]
    ratings = rate(games)
    assert ratings.bots == () and ratings.skipped_games == 5
    assert "same bot" in ratings.reason


def test_solo_games_have_no_ratings() -> None:
    assert "single seat" in rate([game(0, ("easy",), (5,), (0,))]).reason


def test_a_bot_with_two_seats_gets_the_mean_of_its_seats_updates() -> None:
    model = PlackettLuce()
    teams = [[model.rating()] for _ in range(3)]
    first, middle, last = (team[0] for team in model.rate(teams, ranks=[0, 1, 2]))
    ratings = {r.bot: r for r in rate([game(0, ("b", "a", "b"), (9, 5, 1), (0,))]).bots}
    assert ratings["a"].mu == pytest.approx(middle.mu)
    assert ratings["b"].mu == pytest.approx((first.mu + last.mu) / 2)
    assert ratings["b"].sigma == pytest.approx((first.sigma + last.sigma) / 2)
    assert ratings["a"].games == ratings["b"].games == 1


def test_ratings_follow_game_order_not_list_order() -> None:
    games = [game(i, ("x", "y") if i % 2 == 0 else ("y", "x"), (1, 0), (0,)) for i in range(8)]
    assert rate(games) == rate(list(reversed(games)))
