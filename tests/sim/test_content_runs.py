"""A simulation run's identity includes its content: a changed content file is a new run."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import tabletrip
from tabletrip.sim.config import SimConfig
from tabletrip.sim.jobs import play_game


def _europe_express(tmp_path: Path, points: int) -> Path:
    """The shipped Europe Express map with the first ticket worth `points`."""
    source = files("tabletrip.games.ticket_to_ride") / "data" / "europe_express.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    data["tickets"][0]["points"] = points
    path = tmp_path / f"europe_express_{points}.json"
    path.write_text(json.dumps(data, indent=1))
    return path


def test_the_run_key_changes_with_the_content(tmp_path: Path) -> None:
    shipped = SimConfig.build("ticket-to-ride", 3, {"map": "europe-express"}, ["random"])
    own = SimConfig.from_game(
        tabletrip.make(
            "ticket-to-ride", 3, content=_europe_express(tmp_path, 98), map="europe-express"
        ),
        ["random"],
    )
    other = SimConfig.from_game(
        tabletrip.make(
            "ticket-to-ride", 3, content=_europe_express(tmp_path, 99), map="europe-express"
        ),
        ["random"],
    )
    keys = {shipped.key(), own.key(), other.key()}
    assert len(keys) == 3
    assert json.loads(shipped.key())["content"] == shipped.content_hash()


def test_a_reformatted_file_is_the_same_run(tmp_path: Path) -> None:
    path = _europe_express(tmp_path, 98)
    again = tmp_path / "again" / "europe_express.json"
    again.parent.mkdir()
    again.write_text(json.dumps(json.loads(path.read_text())))  # no indentation
    first, second = (
        SimConfig.from_game(
            tabletrip.make("ticket-to-ride", 2, content=p, map="europe-express"), ["random"]
        )
        for p in (path, again)
    )
    assert first.key() == second.key()


def test_a_simulated_game_plays_with_the_runs_content(tmp_path: Path) -> None:
    path = _europe_express(tmp_path, 98)
    game = tabletrip.make("ticket-to-ride", 2, content=path, map="europe-express")
    outcome = play_game(SimConfig.from_game(game, ["random"]).job(1, 0))
    record = json.loads(outcome.record_json)
    assert (
        record["content"]
        == game.content.hash
        != tabletrip.make("ticket-to-ride", 2, map="europe-express").content.hash
    )
    assert tabletrip.replay(record, content=path).result.to_json() == record["result"]
