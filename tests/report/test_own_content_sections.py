"""A run played with own content is reported with that content's names and numbers (issue 25):
the games' sections read the run's stored content, not the shipped files."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

import tabletrip
from tabletrip.core.analysis import Section
from tabletrip.report import build_report
from tabletrip.sim import LocalBackend, SimConfig, run_sim


def _shipped(package: str, name: str) -> Any:
    text = (files(f"tabletrip.games.{package}") / "data" / name).read_text(encoding="utf-8")
    return json.loads(text)


def _ttr(data: Any) -> None:
    for place in (*data["cities"], *data["routes"], *data["tickets"]):
        for key in ("name", "a", "b"):
            if place.get(key) == "Edinburgh":
                place[key] = "Dunedin"


def _en_route(data: Any) -> None:
    (place,) = [p for p in data["locations"] if p.get("name") == "Merry-Go-Market"]
    place["name"] = "Carousel Square"


def _route_east(data: Any) -> None:
    (card,) = [c for c in data["action"] if c["name"] == "Tent"]
    card["name"] = "Bivouac"


def _lets_go(data: Any) -> None:
    (town,) = [s for r in data["regions"] for s in r["spaces"] if s["name"] == "Orléans"]
    town["name"] = "Aurelia"


CASES = [
    ("ticket-to-ride", "ticket_to_ride", "europe_express.json", {"map": "europe-express"}, _ttr),
    ("en-route", "en_route", "first_city.json", {}, _en_route),
    ("route-east", "route_east", "cards.json", {}, _route_east),
    ("lets-go-france", "lets_go_france", "regions.json", {"region": "loire-valley"}, _lets_go),
]


NEW = {
    "ticket-to-ride": "London-Dunedin",
    "en-route": "Carousel Square",
    "route-east": "Bivouac",
    "lets-go-france": "Aurelia",
}
OLD = {
    "ticket-to-ride": "London-Edinburgh",
    "en-route": "Merry-Go-Market",
    "route-east": "Tent",
    "lets-go-france": "Orléans",
}


def _cells(sections: tuple[Section, ...]) -> list[tuple[Any, ...]]:
    return [row for s in sections for table in s.tables for row in table.rows]


@pytest.mark.parametrize(("game_id", "package", "name", "options", "edit"), CASES)
def test_sections_read_the_runs_own_content(
    tmp_path: Path,
    game_id: str,
    package: str,
    name: str,
    options: dict[str, Any],
    edit: Callable[[Any], None],
) -> None:
    data = _shipped(package, name)
    edit(data)
    (tmp_path / "own").mkdir()
    (tmp_path / "own" / name).write_text(json.dumps(data), encoding="utf-8")
    game = tabletrip.make(game_id, 2, content=tmp_path / "own", **options)
    path = tmp_path / "runs.sqlite"
    run_sim(SimConfig.from_game(game, ["easy"], seed=1), 3, path, LocalBackend(workers=1))
    (run,) = build_report(path).runs
    assert not run.notes
    rows = _cells(run.sections)
    labels = {str(r[0]) for r in rows}
    assert NEW[game_id] in labels and OLD[game_id] not in labels
