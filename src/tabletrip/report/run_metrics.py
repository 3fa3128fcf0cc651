"""The metrics of a run that every game has, for a comparison of two runs.

Win rate by bot and by position in turn order (seat-games, tied wins as shares), the final
score, the points of each scoring step in the game's words, and the game's length in moves.
What a game's stored facts mean is the game's to say (`ComparableAnalysis.metrics`).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletrip.core.analysis import PlayedGame
from tabletrip.core.analysis_metrics import Metric, SampleMetric, rate_of
from tabletrip.core.game import Game
from tabletrip.report.scoring_steps import step_points
from tabletrip.report.stats import win_rate_by_bot, win_rate_by_turn

WINS_BY_BOT = "Win rate by bot"
WINS_BY_TURN = "Win rate by turn order"
SCORES = "Final score"
STEPS = "Points by scoring step"
LENGTH = "Game length"


def generic_metrics(
    game_id: str, players: int, games: Sequence[PlayedGame], played_as: Game | None = None
) -> list[Metric]:
    """The metrics every run has (turn order only with two or more players; a solo win is
    what the game's solo mode counts as one)."""
    metrics: list[Metric] = [
        rate_of(WINS_BY_BOT, rate.label, rate.wins, rate.games) for rate in win_rate_by_bot(games)
    ]
    if players > 1:
        by_turn, _ = win_rate_by_turn(games)
        metrics += [rate_of(WINS_BY_TURN, rate.label, rate.wins, rate.games) for rate in by_turn]
    metrics += _scores(games)
    metrics += [
        SampleMetric(STEPS, label, tuple(values))
        for label, values in step_points(game_id, players, games, played_as).items()
    ]
    metrics.append(SampleMetric(LENGTH, "moves", tuple(float(g.moves) for g in games)))
    return metrics


def _scores(games: Sequence[PlayedGame]) -> list[Metric]:
    by_bot: dict[str, list[float]] = {}
    for game in games:
        for bot, score in zip(game.bots, game.scores, strict=True):
            by_bot.setdefault(bot, []).append(float(score))
    every = tuple(score for game in games for score in game.scores)
    metrics: list[Metric] = [SampleMetric(SCORES, "every seat", tuple(map(float, every)))]
    if len(by_bot) > 1:
        metrics += [SampleMetric(SCORES, bot, tuple(v)) for bot, v in sorted(by_bot.items())]
    return metrics
