"""Read the runs of a simulation database (through `tabletrip.sim.SimStore`) for a report."""

from __future__ import annotations

import sqlite3
from pathlib import Path

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
    )
