"""Metrics a comparison of two simulation runs sets side by side (`tabletrip report --compare`).

A metric is either a rate (`RateMetric`: hits out of trials, such as the games in which a
route was claimed, or a bot's win shares over its seat-games) or a sample of values
(`SampleMetric`: one number per game or seat-game, such as the points of a scoring step).
Two runs' metrics are paired by `(group, label)`, so a game names them the same way whatever
the run's content: by what the reader sees (`London-Edinburgh`), never by an index that an
edit of the content could shift.

A game adds its own metrics by giving its analysis a `metrics(games, game)` method
(`ComparableAnalysis`); `game` is the configured game the run played, with the run's own
content, so labels and numbers come from the map or deck the games were played on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from tabletrip.core.analysis import PlayedGame
from tabletrip.core.game import Game


@dataclass(frozen=True, slots=True)
class RateMetric:
    """A rate: `hits` (tied wins count as shares) out of `trials` (games or seat-games)."""

    group: str
    label: str
    hits: float
    trials: int


@dataclass(frozen=True, slots=True)
class SampleMetric:
    """A mean over a sample: one value per game or seat-game."""

    group: str
    label: str
    values: tuple[float, ...]


Metric = RateMetric | SampleMetric


@runtime_checkable
class ComparableAnalysis(Protocol):
    """A game analysis that names metrics of its own for a comparison of runs."""

    def metrics(self, games: Sequence[PlayedGame], game: Game) -> list[Metric]:
        """The game's metrics of one run's games, played as `game` (its options and content)."""
        ...


def rate_of(group: str, label: str, hits: float, trials: int) -> RateMetric:
    """A `RateMetric`; ValueError if the hits are negative or exceed the trials."""
    if trials < 0 or not 0 <= hits <= trials:
        raise ValueError(f"{group}: {label}: {hits} hits of {trials} trials is not a rate")
    return RateMetric(group, label, hits, trials)
