"""Real games as a balance report sees them, and finding tables in report sections."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import tabletrip
from tabletrip import bots
from tabletrip.core import JsonDict, State
from tabletrip.core.analysis import Chart, GameAnalysis, PlayedGame, Section, Table
from tabletrip.core.game import Game
from tabletrip.report.source import load_runs
from tabletrip.sim import LocalBackend, SimConfig, run_sim

S = TypeVar("S", bound=State)


def play_to_end(
    game_id: str, lineup: Sequence[str], seed: int, first_bot_seed: int = 0, **options: Any
) -> State:
    """A finished game between these bots, seat `i`'s bot seeded `first_bot_seed + i`."""
    state = tabletrip.make(game_id, players=len(lineup), **options).new_game(seed=seed)
    players = [
        bots.make(name, game=game_id, seed=first_bot_seed + seat)
        for seat, name in enumerate(lineup)
    ]
    while not state.is_over:
        state.apply(players[state.current_player].act(state))
    return state


def stored_facts(analysis: GameAnalysis, state: State) -> JsonDict:
    """A finished game's facts as a simulation database gives them back: through JSON."""
    return json.loads(json.dumps(analysis.facts(state)))


def played_game(index: int, state: State, lineup: Sequence[str], facts: JsonDict) -> PlayedGame:
    """A finished game as a report sees it, its breakdown through JSON as stored."""
    result = state.result
    assert result is not None
    return PlayedGame(
        index=index,
        seed=state.seed,
        options=dict(state.game.options),
        bots=tuple(lineup),
        scores=result.scores,
        winners=result.winners,
        breakdown=tuple(json.loads(json.dumps(result.breakdown))),
        moves=len(state.record.actions),
        facts=facts,
    )


def with_played_games(
    analysis: GameAnalysis, finished: Iterable[tuple[S, Sequence[str]]]
) -> list[tuple[S, PlayedGame]]:
    """Each finished game (with its lineup) and its PlayedGame, numbered in order, facts stored."""
    return [
        (state, played_game(index, state, lineup, stored_facts(analysis, state)))
        for index, (state, lineup) in enumerate(finished)
    ]


def without_facts(games: Sequence[PlayedGame]) -> list[PlayedGame]:
    """The same games with no facts, as stored by a run made before the game had any."""
    return [replace(g, facts={}) for g in games]


def assert_complete(sections: Sequence[Section]) -> None:
    """Each section has a summary, tables and charts; rows fit their columns, x values their y."""
    for s in sections:
        assert s.summary and s.tables and s.charts, s.title
        for t in s.tables:
            assert all(len(row) == len(t.columns) for row in t.rows), t.title
        for c in s.charts:
            assert all(len(series.x) == len(series.y) for series in c.series), c.title


def section(sections: Sequence[Section], title: str) -> Section:
    """The section with this title."""
    return next(s for s in sections if s.title == title)


def table(where: Section | Sequence[Section], title: str) -> Table:
    """The one table titled `title` or, if none is, the one table whose title starts with it."""
    tables = [t for s in ([where] if isinstance(where, Section) else where) for t in s.tables]
    found = [t for t in tables if t.title == title] or [
        t for t in tables if t.title.startswith(title)
    ]
    assert len(found) == 1, [t.title for t in tables]
    return found[0]


def chart(sections: Sequence[Section], title: str) -> Chart:
    """The one chart with this title."""
    found = [c for s in sections for c in s.charts if c.title == title]
    assert len(found) == 1, [c.title for s in sections for c in s.charts]
    return found[0]


def rows_by_first(found: Table) -> dict[Any, dict[str, Any]]:
    """A table's rows by their first cell, each row a dict by column name."""
    assert len(set(found.columns)) == len(found.columns)
    return {row[0]: dict(zip(found.columns, row, strict=True)) for row in found.rows}


def simulated_facts(path: Path, game: Game, games: int = 6) -> tuple[list[PlayedGame], list[Any]]:
    """Simulate `games` easy-bot games of `game` into the database `path` (as `tabletrip sim`
    stores them): the run's games as a report reads them, and each game's stored facts as
    plain SQL reads them (the second side of a hand count)."""
    run_sim(SimConfig.from_game(game, ["easy"], seed=3), games, path, LocalBackend(workers=1))
    (run,), _ = load_runs(path)
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT facts FROM games ORDER BY game_index").fetchall()
    db.close()
    return list(run.games), [json.loads(facts) for (facts,) in rows]
