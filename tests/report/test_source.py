"""Reading a simulation database for a report (tabletrip.report.source)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tabletrip.core.errors import RecordError, TabletripError
from tabletrip.report.errors import ReportError
from tabletrip.report.source import load_runs
from tabletrip.sim import SimConfig, SimStore


def test_every_run_with_its_games_in_order(sim_db: Path) -> None:
    runs, notes = load_runs(sim_db)
    assert notes == []
    ttr, high_card = runs
    assert (ttr.id, ttr.game, ttr.players, ttr.lineup, ttr.seed) == (
        1,
        "ticket-to-ride",
        2,
        ("heuristic", "random"),
        3,
    )
    assert ttr.options["map"] == "usa"
    assert [g.index for g in ttr.games] == list(range(12))
    assert ttr.games[1].bots == ("random", "heuristic")  # seats rotate
    assert (high_card.game, high_card.players, len(high_card.games)) == ("high-card", 3, 15)


def test_a_run_without_games_is_a_note(tmp_path: Path) -> None:
    path = tmp_path / "partial.sqlite"
    with SimStore.open(path, create=True) as store:
        store.ensure_run(SimConfig.build("high-card", players=2, bots=["random"]))
    with pytest.raises(ReportError, match="has 1 runs but no finished games yet"):
        load_runs(path)


def test_a_database_without_runs(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    SimStore.open(path, create=True).close()
    with pytest.raises(ReportError, match="has no runs yet"):
        load_runs(path)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "no such file"),
        (b"", "it is empty"),
        (b"hello, I am not a database" * 40, "not a tabletrip simulation database"),
    ],
)
def test_bad_files_are_one_line_errors(
    tmp_path: Path, content: bytes | None, expected: str
) -> None:
    path = tmp_path / "bad.sqlite"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(RecordError, match=expected) as caught:
        load_runs(path)
    assert "\n" not in str(caught.value)


def test_another_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE birds (name TEXT)")
    db.close()
    with pytest.raises(TabletripError, match="not a tabletrip simulation database"):
        load_runs(path)
