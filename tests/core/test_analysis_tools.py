"""The helpers report analyses share (tabletrip.core.analysis_tools)."""

from __future__ import annotations

import pytest

from tabletrip.core.analysis import PlayedGame, Series
from tabletrip.core.analysis_tools import (
    average,
    by_player_count,
    chart_value,
    column_means,
    column_series,
    interval_text,
    percent,
    seat_games,
    seat_labeller,
    split_wins,
    wilson,
    win_interval,
    win_row,
    win_share,
)


def game(bots: tuple[str, ...], winners: tuple[int, ...], index: int = 0) -> PlayedGame:
    """A made-up finished game: each seat scores 10 times its seat number."""
    scores = tuple(10.0 * seat for seat in range(len(bots)))
    return PlayedGame(index, index, {}, bots, scores, winners, tuple({} for _ in bots), 10, {})


SOLE = game(("a", "b"), (1,), 0)
TIE = game(("a", "b", "a"), (0, 2), 1)
NOBODY = game(("b", "a"), (), 2)


def test_win_share_splits_ties_and_gives_losers_nothing() -> None:
    assert [win_share(SOLE, s) for s in range(2)] == [0.0, 1.0]
    assert [win_share(TIE, s) for s in range(3)] == [0.5, 0.0, 0.5]
    assert [win_share(NOBODY, s) for s in range(2)] == [0.0, 0.0]


def test_seat_games_in_order_or_of_one_bot() -> None:
    assert seat_games([SOLE, TIE]) == [(SOLE, 0), (SOLE, 1), (TIE, 0), (TIE, 1), (TIE, 2)]
    assert seat_games([SOLE, TIE, NOBODY], "a") == [(SOLE, 0), (TIE, 0), (TIE, 2), (NOBODY, 1)]
    assert seat_games([SOLE], "c") == []


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),  # the textbook example
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (2.5, 10, 0.0809, 0.5578),  # ties counted as shares
    ],
)
def test_wilson_matches_known_intervals(wins: float, games: int, low: float, high: float) -> None:
    rate, lo, hi = wilson(wins, games)
    assert rate == pytest.approx(wins / games)
    assert (lo, hi) == (pytest.approx(low, abs=5e-5), pytest.approx(high, abs=5e-5))


def test_wilson_of_no_games_is_the_whole_range() -> None:
    assert wilson(0, 0) == (0.0, 0.0, 1.0)


def test_report_stats_reexports_the_one_wilson_and_win_share() -> None:
    from tabletrip.report import stats

    assert stats.wilson is wilson and stats.win_share is win_share


def test_intervals_as_text() -> None:
    assert interval_text(0.4213, 0.6178) == "42.1-61.8%"
    assert interval_text(0.4213, 0.6178, 0) == "42-62%"
    assert win_interval(5, 10) == "24-76%"
    assert win_interval(0, 0) == "-"


def test_percent_is_one_decimal_or_the_empty_value() -> None:
    assert percent(1, 3) == 33.3
    assert percent(0, 4) == 0.0
    assert percent(1, 0) is None
    assert percent(1, 0, "-") == "-"
    assert percent(1, 0, 0.0) == 0.0


def test_average_is_a_rounded_float_or_the_empty_value() -> None:
    assert average([1, 2, 4]) == 2.33
    assert average((n for n in (1, 2, 4)), 1) == 2.3
    whole = average([2, 2])
    assert whole == 2.0 and isinstance(whole, float)
    assert average([]) is None
    assert average([], 1, "-") == "-"


def test_column_means_of_rows() -> None:
    assert column_means([[1, 10], [2, 20], [6, 0]]) == [3.0, 10.0]
    assert column_means([]) == []
    with pytest.raises(ValueError):
        column_means([[1, 2], [3]])


def test_split_wins_compares_seat_games_with_and_without_a_property() -> None:
    games = [SOLE, TIE, NOBODY]
    # Seats of bot "a": SOLE 0 (lost), TIE 0 and 2 (half a win each), NOBODY 1 (lost).
    assert split_wins(games, lambda g, s: g.bots[s] == "a") == (4, 25.0, 3, 33.3)
    assert split_wins(games, lambda g, s: True) == (7, 28.6, 0, None)


def test_win_row_of_some_seat_games() -> None:
    seats = [(SOLE, 1), (TIE, 0), (TIE, 1)]
    assert win_row("x", seats) == ("x", 3, 1.5, 50.0, "13-87%", 6.7)
    assert win_row("none", []) == ("none", 0, 0, None, "-", None)
    assert win_row("none", [], "-") == ("none", 0, 0, "-", "-", "-")


def test_by_player_count_labels_groups_only_when_counts_differ() -> None:
    two = [SOLE, NOBODY]
    assert by_player_count(two) == [("", two)]
    solo = game(("a",), (0,), 3)
    assert by_player_count([TIE, solo, SOLE]) == [
        (" (solo)", [solo]),
        (" (2 players)", [SOLE]),
        (" (3 players)", [TIE]),
    ]


def test_seat_labeller_groups_by_bot_only_when_several_played() -> None:
    kind, label_of = seat_labeller([SOLE, TIE])
    assert (kind, label_of(TIE, 1)) == ("bot", "b")
    mirror = game(("a", "a"), (0,))
    kind, label_of = seat_labeller([mirror])
    assert (kind, label_of(mirror, 1)) == ("seat", "seat 1")


def test_chart_values_and_series_of_table_cells() -> None:
    assert [chart_value(c) for c in (None, "-", 12, 2.5)] == [0.0, 0.0, 12.0, 2.5]
    rows = [("a", 1, None), (2, 3, 4.5)]
    assert column_series("y", rows, 2) == Series("y", ("a", "2"), (0.0, 4.5))


def test_rate_charts_get_wilson_whiskers_in_percent() -> None:
    from tabletrip.core.analysis import Chart, Series
    from tabletrip.core.analysis_tools import wilson, with_rate_intervals

    chart = Chart("Claims", "hbar", "route", "%", (Series("%", ("a", "b"), (50.0, 10.0)),))
    marked = with_rate_intervals(chart, [(5, 10), (1, 10)])
    (pairs,) = marked.intervals
    for (low, high), (hits, trials) in zip(pairs, [(5, 10), (1, 10)], strict=True):
        _, lo, hi = wilson(hits, trials)
        assert (low, high) == (100 * lo, 100 * hi)
        assert low <= 100 * hits / trials <= high
    assert marked.note.startswith("whiskers: Wilson 95% interval")
    assert marked.series == chart.series
