"""Balance statistics of one run: win rates with Wilson intervals, score and length spreads.

Pure functions over `PlayedGame` lists. A win is shared by tied winners (1/k each, as the
`seats.win` column stores it). Win rates by bot count seat-games: a bot holding two seats of
a game plays two seat-games, so parity is 1/players for every bot and every seat. `wilson`
and `win_share` live in `tabletrip.core.analysis_tools` (the games' analyses use them too)
and are re-exported here.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tabletrip.core.analysis import PlayedGame
from tabletrip.core.analysis_tools import Z95, wilson, win_share

__all__ = [
    "Z95",
    "Spread",
    "WinRate",
    "game_length",
    "players_of",
    "scores_by_bot",
    "scores_by_seat",
    "scores_of_bots",
    "seat_is_turn_order",
    "spread",
    "wilson",
    "win_rate_by_bot",
    "win_rate_by_seat",
    "win_rate_by_turn",
    "win_share",
]


@dataclass(frozen=True, slots=True)
class WinRate:
    """Wins of one bot or seat over its seat-games, with the Wilson 95% interval."""

    label: str
    games: int
    wins: float
    rate: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Spread:
    """Count, mean, sample standard deviation, minimum, median and maximum of some values."""

    count: int
    mean: float
    sd: float
    minimum: float
    median: float
    maximum: float


def players_of(games: Sequence[PlayedGame]) -> int:
    """The seat count of a run (the most seats any game has; 0 for no games)."""
    return max((len(game.bots) for game in games), default=0)


def _win_rate(label: str, games: int, wins: float) -> WinRate:
    rate, low, high = wilson(wins, games)
    return WinRate(label, games, wins, rate, low, high)


def win_rate_by_bot(games: Iterable[PlayedGame]) -> tuple[WinRate, ...]:
    """Each bot's win rate over its seat-games, best first (then by name)."""
    played: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    for game in games:
        for seat, bot in enumerate(game.bots):
            played[bot] += 1
            wins[bot] += win_share(game, seat)
    rates = [_win_rate(bot, played[bot], wins[bot]) for bot in played]
    return tuple(sorted(rates, key=lambda r: (-r.rate, r.label)))


def win_rate_by_seat(games: Sequence[PlayedGame]) -> tuple[WinRate, ...]:
    """Each seat's win rate (index = seat), whoever played it."""
    seats = players_of(games)
    played = [0] * seats
    wins = [0.0] * seats
    for game in games:
        for seat in range(len(game.bots)):
            played[seat] += 1
            wins[seat] += win_share(game, seat)
    return tuple(_win_rate(f"seat {seat}", played[seat], wins[seat]) for seat in range(seats))


def win_rate_by_turn(games: Sequence[PlayedGame]) -> tuple[tuple[WinRate, ...], int]:
    """The win rate of the 1st, 2nd, ... player to move (from each game's "turn_order" fact),
    and how many games lack that fact (stored before it was kept) and are left out."""
    seats = players_of(games)
    played = [0] * seats
    wins = [0.0] * seats
    missing = 0
    for game in games:
        order = game.facts.get("turn_order")
        if not order:
            missing += 1
            continue
        for position, seat in enumerate(order):
            played[position] += 1
            wins[position] += win_share(game, seat)
    rates = tuple(
        _win_rate(_ordinal(position + 1), played[position], wins[position])
        for position in range(seats)
        if played[position]
    )
    return rates, missing


def _ordinal(number: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number if number < 20 else number % 10, "th")
    return f"{number}{suffix} to move"


def seat_is_turn_order(games: Iterable[PlayedGame]) -> bool:
    """Whether seat 0 moved first in every game that says who did (then seat = turn order)."""
    return all(game.facts.get("turn_order", [0])[0] == 0 for game in games)


def spread(values: Iterable[float]) -> Spread:
    """The spread of some values; all zero for none, standard deviation 0 for one."""
    data = [float(v) for v in values]
    if not data:
        return Spread(0, 0.0, 0.0, 0.0, 0.0, 0.0)
    sd = statistics.stdev(data) if len(data) > 1 else 0.0
    return Spread(
        len(data), statistics.fmean(data), sd, min(data), statistics.median(data), max(data)
    )


def scores_of_bots(games: Iterable[PlayedGame]) -> dict[str, list[float]]:
    """Every score each bot made, bots in order of first appearance."""
    scores: dict[str, list[float]] = {}
    for game in games:
        for bot, score in zip(game.bots, game.scores, strict=True):
            scores.setdefault(bot, []).append(float(score))
    return scores


def scores_by_bot(games: Iterable[PlayedGame]) -> tuple[tuple[str, Spread], ...]:
    """Each bot's score spread over its seat-games, highest mean first."""
    spreads = [(bot, spread(values)) for bot, values in scores_of_bots(games).items()]
    return tuple(sorted(spreads, key=lambda item: (-item[1].mean, item[0])))


def scores_by_seat(games: Sequence[PlayedGame]) -> tuple[Spread, ...]:
    """Each seat's score spread (index = seat), whoever played it."""
    seats = players_of(games)
    return tuple(
        spread(game.scores[seat] for game in games if seat < len(game.scores))
        for seat in range(seats)
    )


def game_length(games: Iterable[PlayedGame]) -> Spread:
    """The spread of the number of moves (actions in the record) a game took."""
    return spread(game.moves for game in games)
