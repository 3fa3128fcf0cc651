"""Read the runs of a simulation database (through `tabletrip.sim.SimStore`) for a report,
and make the game a run played (`run_game`), so analyses read the run's own content."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import tabletrip
from tabletrip.core.content_set import Content
from tabletrip.core.game import Game
from tabletrip.report.errors import ReportError
from tabletrip.report.model import RunView
from tabletrip.sim.store import RunInfo, SimStore


def load_runs(path: str | Path) -> tuple[list[RunView], list[str]]:
    """Every run of the file that holds games, and a note for each run that holds none.

    RecordError (from the store) if the file is missing or not a simulation database,
    ReportError if it holds no games at all.
    """
    path = Path(path)
    with SimStore.open(path) as store:
        try:
            infos = store.runs()
            runs = [_view(info, store) for info in infos if info.games]
        except sqlite3.Error as exc:
            raise ReportError(f"cannot read {str(path)!r}: {exc}") from None
    if not infos:
        raise ReportError(f"{str(path)!r} has no runs yet: make some with `tabletrip sim`")
    if not runs:
        raise ReportError(f"{str(path)!r} has {len(infos)} runs but no finished games yet")
    notes = [
        f"run {info.id} ({info.game}) has no finished games yet" for info in infos if not info.games
    ]
    return runs, notes


def _view(info: RunInfo, store: SimStore) -> RunView:
    return RunView(
        id=info.id,
        game=info.game,
        players=info.players,
        options=dict(info.options),
        lineup=tuple(info.bots),
        games=tuple(store.played(info.id)),
        seed=info.seed,
        created=info.created,
        version=info.version,
        content=info.content_note,
        content_hash=info.content,
        content_data=store.content(info.content) if info.content else None,
    )


def run_game(run: RunView) -> Game:
    """The game a run played: its options and its stored content (the shipped content for a
    run stored before content was recorded). OptionError or ContentError if it cannot be made
    here (the game is not installed, or this version refuses the content)."""
    own = Content.from_json(run.content_data) if run.content_data is not None else None
    return tabletrip.make(run.game, players=run.players, content=own, **run.options)
