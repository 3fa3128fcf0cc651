"""The simulation database: opening, the schema, writing games and the report's read API."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tabletrip.core.errors import RecordError
from tabletrip.sim.config import SimConfig
from tabletrip.sim.jobs import play_game
from tabletrip.sim.store import SCHEMA, SimStore, write_transaction

CONFIG = SimConfig.build("ticket-to-ride", players=2, bots=["random"], seed=2)


def one_line(error: pytest.ExceptionInfo[RecordError]) -> str:
    text = str(error.value)
    assert "\n" not in text
    return text


def test_a_new_file_gets_the_schema_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    SimStore.open(path, create=True).close()
    db = sqlite3.connect(path)
    assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (SCHEMA,)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"meta", "runs", "games", "seats", "contents"}
    db.close()


def test_opening_to_read_never_creates_a_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.sqlite"
    with pytest.raises(RecordError) as caught:
        SimStore.open(path)
    assert "no such file" in one_line(caught)
    assert not path.exists()


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b'{"format": "tabletrip-record/1"}', "not a tabletrip simulation database"),
        (b"", "it is empty"),
    ],
)
def test_a_file_that_is_not_a_sim_database_is_one_line_and_untouched(
    tmp_path: Path, content: bytes, expected: str
) -> None:
    path = tmp_path / "other.sqlite"
    path.write_bytes(content)
    with pytest.raises(RecordError) as caught:
        SimStore.open(path)
    assert expected in one_line(caught)
    if content:
        with pytest.raises(RecordError):
            SimStore.open(path, create=True)
    assert path.read_bytes() == content


def test_another_sqlite_database_is_refused_even_when_creating(tmp_path: Path) -> None:
    path = tmp_path / "app.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    with pytest.raises(RecordError) as caught:
        SimStore.open(path, create=True)
    assert "not a tabletrip simulation database" in one_line(caught)
    db = sqlite3.connect(path)
    names = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    db.close()
    assert names == {"notes"}


def test_another_schema_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite"
    SimStore.open(path, create=True).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = 'tabletrip-sim/9' WHERE key = 'schema'")
    db.commit()
    db.close()
    with pytest.raises(RecordError) as caught:
        SimStore.open(path)
    assert "tabletrip-sim/9" in one_line(caught) and SCHEMA in one_line(caught)


def test_the_same_configuration_finds_the_same_run(tmp_path: Path) -> None:
    other = SimConfig.build("ticket-to-ride", players=2, bots=["random"], seed=3)
    same = SimConfig.build("ticket-to-ride", 2, {"map": "usa"}, ["random", "random"], seed=2)
    with SimStore.open(tmp_path / "runs.sqlite", create=True) as store:
        first = store.ensure_run(CONFIG)
        assert store.ensure_run(same) == first
        assert store.ensure_run(other) != first
        runs = store.runs()
    assert [run.id for run in runs] == [first, first + 1]
    run = runs[0]
    assert (run.game, run.players, run.options, run.bots, run.seed, run.games) == (
        "ticket-to-ride",
        2,
        {"map": "usa"},
        ("random", "random"),
        2,
        0,
    )
    assert run.version and run.created.endswith("+00:00")


def test_games_are_added_once_and_read_back_as_played_games(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    with SimStore.open(path, create=True) as store:
        run_id = store.ensure_run(CONFIG)
        outcomes = [play_game(CONFIG.job(run_id, index)) for index in (1, 0)]
        assert [store.add(outcome) for outcome in outcomes] == [True, True]
        assert store.add(outcomes[0]) is False  # INSERT OR IGNORE: never a second copy
        assert store.done_indices(run_id) == {0, 1}
    with SimStore.open(path) as store:
        assert store.runs()[0].games == 2
        played = store.played(run_id)
        record = store.record(run_id, 1)
        with pytest.raises(RecordError) as caught:
            store.record(run_id, 5)
        assert "has no game 5: it holds games 0 to 1" in one_line(caught)
        with pytest.raises(RecordError) as caught:
            store.played(run_id + 1)
        assert f"has no run {run_id + 1}" in one_line(caught)
        tallies = store.tallies(run_id)
    assert [game.index for game in played] == [0, 1]
    game = played[1]
    outcome = outcomes[0]
    assert (game.seed, game.bots, game.scores, game.winners, game.moves) == (
        outcome.seed,
        outcome.bots,
        outcome.scores,
        outcome.winners,
        outcome.moves,
    )
    assert game.options == {"map": "usa"}
    assert list(game.breakdown) == outcome.breakdown and game.facts == outcome.facts
    assert json.dumps(record.to_json(), separators=(",", ":")) == outcome.record_json
    assert [(t.bot, t.seats, t.wins) for t in tallies] == [("random", 4, 2.0)]


def test_a_write_transaction_is_whole_or_rolled_back_even_when_interrupted() -> None:
    """An interrupt inside a write leaves nothing half-written; one that lands after the
    COMMIT (Ctrl-C during a sim) leaves nothing to roll back, and stays an interrupt rather
    than becoming "cannot rollback - no transaction is active"."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.execute("CREATE TABLE t (x INTEGER)")
    with pytest.raises(KeyboardInterrupt), write_transaction(db):
        db.execute("INSERT INTO t VALUES (1)")
        raise KeyboardInterrupt
    assert db.execute("SELECT COUNT(*) FROM t").fetchone() == (0,)
    with pytest.raises(KeyboardInterrupt), write_transaction(db):
        db.execute("INSERT INTO t VALUES (2)")
        db.execute("COMMIT")  # as if the interrupt came just after the commit
        raise KeyboardInterrupt
    assert db.execute("SELECT x FROM t").fetchall() == [(2,)]
    with write_transaction(db):
        db.execute("INSERT INTO t VALUES (3)")
    assert db.execute("SELECT COUNT(*) FROM t").fetchone() == (2,)
