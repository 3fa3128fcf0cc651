"""Win rates, Wilson intervals and spreads of a run (tabletrip.report.stats)."""

from __future__ import annotations

import statistics

import pytest

from tabletrip.core.analysis import PlayedGame
from tabletrip.report.stats import (
    game_length,
    scores_by_bot,
    scores_by_seat,
    spread,
    wilson,
    win_rate_by_bot,
    win_rate_by_seat,
)


def game(
    index: int,
    bots: tuple[str, ...],
    scores: tuple[float, ...],
    winners: tuple[int, ...],
    moves: int = 10,
) -> PlayedGame:
    return PlayedGame(index, index, {}, bots, scores, winners, tuple({} for _ in bots), moves, {})


# `wilson` and `win_share` are tested with tabletrip.core.analysis_tools, in tests/core.


GAMES = [
    game(0, ("strong", "weak"), (10, 2), (0,), moves=30),
    game(1, ("weak", "strong"), (3, 9), (1,), moves=40),
    game(2, ("strong", "weak"), (4, 4), (0, 1), moves=20),  # a tie
    game(3, ("weak", "strong"), (8, 1), (0,), moves=50),
]


def test_win_rate_by_bot_counts_seat_games_and_shares() -> None:
    strong, weak = win_rate_by_bot(GAMES)
    assert (strong.label, strong.games, strong.wins) == ("strong", 4, 2.5)
    assert (weak.label, weak.games, weak.wins) == ("weak", 4, 1.5)
    assert (strong.rate, strong.low, strong.high) == wilson(2.5, 4)


def test_win_rate_by_seat_is_in_seat_order() -> None:
    seat0, seat1 = win_rate_by_seat(GAMES)
    assert (seat0.label, seat0.games, seat0.wins) == ("seat 0", 4, 2.5)
    assert (seat1.label, seat1.games, seat1.wins) == ("seat 1", 4, 1.5)


def test_a_bot_in_two_seats_plays_two_seat_games() -> None:
    games = [game(0, ("a", "b", "b"), (9, 1, 2), (0,)), game(1, ("b", "b", "a"), (1, 9, 2), (1,))]
    rates = {r.label: r for r in win_rate_by_bot(games)}
    assert (rates["a"].games, rates["a"].wins) == (2, 1.0)
    assert (rates["b"].games, rates["b"].wins) == (4, 1.0)


def test_score_spreads_by_bot_and_seat() -> None:
    (best, best_spread), (other, other_spread) = scores_by_bot(GAMES)
    assert best == "strong"
    assert best_spread.mean == pytest.approx(statistics.fmean([10, 9, 4, 1]))
    assert best_spread.sd == pytest.approx(statistics.stdev([10, 9, 4, 1]))
    assert (best_spread.minimum, best_spread.median, best_spread.maximum) == (1, 6.5, 10)
    assert other == "weak" and other_spread.count == 4
    seat0, seat1 = scores_by_seat(GAMES)
    assert seat0.mean == pytest.approx(statistics.fmean([10, 3, 4, 8]))
    assert seat1.maximum == 9


def test_game_length_spread() -> None:
    length = game_length(GAMES)
    assert (length.count, length.mean, length.minimum, length.median, length.maximum) == (
        4,
        35.0,
        20,
        35.0,
        50,
    )


def test_spread_of_one_or_no_value() -> None:
    assert spread([7]).sd == 0.0 and spread([7]).mean == 7
    assert spread([]).count == 0
