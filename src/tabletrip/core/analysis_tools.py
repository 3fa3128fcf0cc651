"""Small helpers for report analyses: win shares and rates, percentages, means, intervals.

A game's analysis (`GameAnalysis.sections`) and the generic report both count wins the same
way: a seat-game is one seat in one game, and tied winners share the win (1/k each). Table
cells that have nothing to average are empty: None by default (the report shows `-`), or the
`empty` value a caller passes (Ticket to Ride and En Route write `"-"` themselves).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar, overload

from tabletrip.core.analysis import Chart, ChartKind, PlayedGame, Series

SeatGame = tuple[PlayedGame, int]  # one seat of one game
Z95 = 1.96  # the normal quantile of a two-sided 95% interval

_Empty = TypeVar("_Empty")


def win_share(played: PlayedGame, seat: int) -> float:
    """The seat's share of the win: 1 for a sole winner, 1/k for each of k tied winners, else 0."""
    return 1 / len(played.winners) if seat in played.winners else 0.0


def seat_games(games: Iterable[PlayedGame], bot: str | None = None) -> list[SeatGame]:
    """Every (game, seat) pair in order, or only the seats that `bot` played."""
    return [(g, s) for g in games for s, b in enumerate(g.bots) if bot is None or b == bot]


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float, float]:
    """Win rate and its Wilson score interval (ties counted as shares): (rate, low, high)."""
    if games == 0:
        return 0.0, 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return p, max(0.0, centre - half), min(1.0, centre + half)


def interval_text(low: float, high: float, decimals: int = 1) -> str:
    """An interval of rates in [0, 1] as percentages: `42.1-61.8%` (`decimals` after the point)."""
    return f"{100 * low:.{decimals}f}-{100 * high:.{decimals}f}%"


def win_interval(wins: float, count: int) -> str:
    """The Wilson 95% interval of a win rate in whole percents, `42-62%` (`-` for no seat-games)."""
    if not count:
        return "-"
    _, low, high = wilson(wins, count)
    return interval_text(low, high, 0)


@overload
def percent(part: float, whole: float) -> float | None: ...
@overload
def percent(part: float, whole: float, empty: _Empty) -> float | _Empty: ...
def percent(part: float, whole: float, empty: Any = None) -> Any:
    """`part` as a percentage of `whole`, one decimal (`empty` when `whole` is 0)."""
    return round(100 * part / whole, 1) if whole else empty


@overload
def average(values: Iterable[float], digits: int = 2) -> float | None: ...
@overload
def average(values: Iterable[float], digits: int, empty: _Empty) -> float | _Empty: ...
def average(values: Iterable[float], digits: int = 2, empty: Any = None) -> Any:
    """The mean, rounded to `digits` (`empty` for no values)."""
    data = list(values)
    return round(sum(data) / len(data), digits) if data else empty


def column_means(rows: Sequence[Sequence[float]]) -> list[float]:
    """The mean of each column of some rows of equal length (not rounded)."""
    return [sum(column) / len(column) for column in zip(*rows, strict=True)]


def split_wins(
    games: Sequence[PlayedGame], has: Callable[[PlayedGame, int], bool]
) -> tuple[int, float | None, int, float | None]:
    """Seat-games with and without a property: (count, win %, count, win %), None for none."""
    n_yes, w_yes, n_no, w_no = split_tally(games, has)
    return n_yes, percent(w_yes, n_yes), n_no, percent(w_no, n_no)


def split_tally(
    games: Sequence[PlayedGame], has: Callable[[PlayedGame, int], bool]
) -> tuple[int, float, int, float]:
    """Seat-games with and without a property and their wins: (count, wins, count, wins)."""
    tally = {True: [0, 0.0], False: [0, 0.0]}
    for game in games:
        for seat in range(len(game.bots)):
            entry = tally[has(game, seat)]
            entry[0] += 1
            entry[1] += win_share(game, seat)
    (n_yes, w_yes), (n_no, w_no) = tally[True], tally[False]
    return int(n_yes), w_yes, int(n_no), w_no


def win_row(label: Any, seats: Sequence[SeatGame], empty: Any = None) -> tuple[Any, ...]:
    """(label, seat-games, wins, win %, 95% interval, mean score) of some seat-games."""
    wins = sum(win_share(g, s) for g, s in seats)
    return (
        label,
        len(seats),
        round(wins, 2),
        percent(wins, len(seats), empty),
        win_interval(wins, len(seats)),
        average([g.scores[s] for g, s in seats], 1, empty),
    )


def by_player_count(games: Sequence[PlayedGame]) -> list[tuple[str, list[PlayedGame]]]:
    """Games by player count with a title suffix (` (3 players)`, ` (solo)`; none if all alike)."""
    groups: dict[int, list[PlayedGame]] = defaultdict(list)
    for game in games:
        groups[len(game.bots)].append(game)
    if len(groups) == 1:
        return [("", list(games))]
    return [
        (" (solo)" if count == 1 else f" ({count} players)", groups[count])
        for count in sorted(groups)
    ]


def seat_labeller(games: Sequence[PlayedGame]) -> tuple[str, Callable[[PlayedGame, int], str]]:
    """Group seats by bot when several bots played, else by seat: ("bot"/"seat", label of)."""
    if len({bot for played in games for bot in played.bots}) > 1:
        return "bot", lambda played, seat: played.bots[seat]
    return "seat", lambda played, seat: f"seat {seat}"


def chart_value(cell: float | str | None) -> float:
    """A table cell as a chart value: an empty cell (None or `-`) is 0."""
    return 0.0 if cell is None or isinstance(cell, str) else float(cell)


def column_series(label: str, rows: Sequence[Sequence[Any]], column: int) -> Series:
    """A chart series of one table column against the rows' first cells (as text)."""
    return Series(
        label, tuple(str(r[0]) for r in rows), tuple(chart_value(r[column]) for r in rows)
    )


def column_chart(
    title: str,
    kind: ChartKind,
    x_label: str,
    y_label: str,
    rows: Sequence[Sequence[Any]],
    column: int,
) -> Chart:
    """A chart of one table column against the rows' first cells, its one series named `y_label`."""
    return Chart(title, kind, x_label, y_label, (column_series(y_label, rows, column),))


def with_rate_intervals(chart: Chart, counts: Sequence[tuple[float, int]]) -> Chart:
    """The chart with Wilson 95% intervals (in %) on its first series, whose bars are the
    rates of these (hits, trials) counts, one per bar; the note says what the whiskers are."""
    pairs = []
    for hits, trials in counts:
        _, low, high = wilson(hits, trials)
        pairs.append((100 * low, 100 * high))
    note = "whiskers: Wilson 95% interval" + (f"; {chart.note}" if chart.note else "")
    return replace(chart, intervals=(tuple(pairs),), note=note)
