"""A run's content in the simulation database (issue 25): stored by hash, shown in the report."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import tabletrip
from tabletrip.core.ablation import ablate
from tabletrip.report.source import load_runs
from tabletrip.sim import LocalBackend, SimConfig, run_sim


def test_each_run_stores_its_content_and_the_report_names_it(tmp_path: Path) -> None:
    folder = tmp_path / "own"
    folder.mkdir()
    shipped = tabletrip.make("ticket-to-ride", players=2, map="europe-express")
    data = shipped.content.file("europe_express.json").data
    data = {**data, "tickets": [{**data["tickets"][0], "points": 9}, *data["tickets"][1:]]}
    (folder / "europe_express.json").write_text(json.dumps(data), encoding="utf-8")
    own = tabletrip.make("ticket-to-ride", players=2, map="europe-express", content=folder)
    smaller = ablate(shipped.content, "europe_express.json:tickets.3")
    path = tmp_path / "runs.sqlite"
    backend = LocalBackend(workers=1)
    for content in (None, own.content, smaller):
        game = type(shipped).from_options(2, dict(shipped.options), content)
        config = SimConfig.from_game(game, ["random"], 0)
        run_sim(config, games=2, out=path, backend=backend)
    with sqlite3.connect(path) as db:
        hashes = [row[0] for row in db.execute("SELECT content FROM runs ORDER BY id")]
        stored = dict(db.execute("SELECT hash, content FROM contents"))
    assert hashes == [shipped.content.hash, own.content.hash, smaller.hash]
    assert set(stored) == set(hashes)
    own_files = json.loads(stored[own.content.hash])["files"]
    assert own_files[0]["data"]["tickets"][0]["points"] == 9
    runs, _ = load_runs(path)
    assert [run.content.split()[0] for run in runs] == ["built-in", "own", "ablation"]
    assert shipped.content.short in runs[0].content
    assert "europe_express.json" in runs[1].content
    assert "tickets.3" in runs[2].content
    assert ("content", runs[1].content) in runs[1].settings()
