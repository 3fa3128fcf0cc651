"""What a game tells a balance report: facts about each finished game, and report sections.

A simulation calls `facts(state)` on every finished game (in the worker that played it) and
stores the JSON it returns. `tabletrip report` hands the stored games back to `sections`,
which turns them into tables and charts a designer reads (ticket completion, route claims,
score components, ...). Sections are plain data: the report renders the charts, so a game
never imports a plotting library. A game registers its analysis with `register_analysis` in
its package `__init__`; a game without one still gets the generic report. The counting that
analyses share (win shares, win rates with and without a property, percentages, means,
Wilson intervals) is in `tabletrip.core.analysis_tools`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from tabletrip.core.actions import JsonDict
from tabletrip.core.game import Game, State

ChartKind = Literal["bar", "hbar", "stacked", "line", "scatter", "hist", "network"]


@dataclass(frozen=True, slots=True)
class Table:
    """A table of numbers and labels: a title, column names and rows of cells."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Series:
    """One labelled series of a chart: x values (labels or numbers) and y values."""

    label: str
    x: tuple[Any, ...]
    y: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Chart:
    """A chart described as data; the report draws it.

    `bar`/`hbar`: one bar per x label for each series (grouped); `stacked`: series stacked on
    each x label; `line` and `scatter`: y against numeric x; `hist`: the distribution of the
    y values of each series (x unused); `network`: a heat map of a board, the first series'
    x being segments `((x1, y1), (x2, y2))` coloured by its y (`y_label` names the colour
    scale), an optional second series' x labelled points `(x, y, label)` (its y unused).
    Optional marks: a
    horizontal `reference` line (parity) and `intervals`, one tuple per series of (low, high)
    per x value (drawn as error bars).
    """

    title: str
    kind: ChartKind
    x_label: str
    y_label: str
    series: tuple[Series, ...]
    note: str = ""
    reference: float | None = None
    reference_label: str = ""
    intervals: tuple[tuple[tuple[float, float], ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Section:
    """One part of a report: a title, a sentence or two of findings, tables and charts."""

    title: str
    summary: str = ""
    tables: tuple[Table, ...] = field(default=())
    charts: tuple[Chart, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One simulated game as a report sees it: who sat where, the result and the facts."""

    index: int
    seed: int
    options: JsonDict
    bots: tuple[str, ...]  # the bot of each seat
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    breakdown: tuple[JsonDict, ...]  # per seat: each scoring step and "total"
    moves: int
    facts: JsonDict


class GameAnalysis(Protocol):
    """A game's part of a balance report."""

    def facts(self, state: State) -> JsonDict:
        """JSON-safe facts about a finished game that its result alone does not give."""
        ...

    def sections(self, games: Sequence[PlayedGame], game: Game | None = None) -> list[Section]:
        """The game's report sections for these games (all of one run): `game` is the game the
        run played, with its own content (names and numbers come from it); None: the shipped
        content of each game's options."""
        ...


_analyses: dict[str, GameAnalysis | str] = {}


def register_analysis(game_id: str, analysis: GameAnalysis | str) -> None:
    """Register the report analysis of a game id (done in the game package's `__init__`): a
    `GameAnalysis`, or the "package.module:NAME" of one, imported on first use (`core.lazy`)."""
    _analyses[game_id] = analysis


def analysis_for(game_id: str) -> GameAnalysis | None:
    """The registered analysis of a game (importing the game registers it), or None."""
    from tabletrip.core.lazy import imported
    from tabletrip.core.registry import game_class

    game_class(game_id)
    found = _analyses.get(game_id)
    if isinstance(found, str):
        found = _analyses[game_id] = imported(found)
    return found
