"""Own content from a path: files, directories, the manifest, and one-line refusals."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest

import tabletrip
from tabletrip.core.content_set import MANIFEST, MANIFEST_FORMAT
from tabletrip.core.errors import ContentError

SHIPPED = files("tabletrip.games.ticket_to_ride") / "data"


def _copy(directory: Path, name: str, points: int | None = None) -> Path:
    data = json.loads((SHIPPED / name).read_text(encoding="utf-8"))
    if points is not None:
        data["tickets"][0]["points"] = points
    directory.mkdir(exist_ok=True)
    path = directory / name
    path.write_text(json.dumps(data))
    return path


def test_a_directory_gives_the_file_the_chosen_map_uses(tmp_path: Path) -> None:
    _copy(tmp_path, "usa.json")
    _copy(tmp_path, "europe_express.json", points=77)
    game = tabletrip.make("ticket-to-ride", 2, content=tmp_path, map="europe-express")
    assert game.board.tickets[0].points == 77
    assert not game.content.builtin
    usa = tabletrip.make("ticket-to-ride", 2, content=tmp_path)
    assert usa.content.hash == tabletrip.make("ticket-to-ride", 2).content.hash  # same data


def test_a_directory_without_the_chosen_maps_file_is_refused(tmp_path: Path) -> None:
    _copy(tmp_path, "usa.json")
    refusal = r"holds none of the files .* \(europe_express\.json\); it holds usa\.json"
    with pytest.raises(ContentError, match=refusal):
        tabletrip.make("ticket-to-ride", 2, content=tmp_path, map="europe-express")


def test_an_unknown_file_in_a_directory_is_refused(tmp_path: Path) -> None:
    _copy(tmp_path, "usa.json")
    (tmp_path / "notes.json").write_text("{}")
    with pytest.raises(ContentError, match=r"'notes\.json', which is not a ticket-to-ride"):
        tabletrip.make("ticket-to-ride", 2, content=tmp_path)


def test_a_manifest_for_another_game_is_refused(tmp_path: Path) -> None:
    _copy(tmp_path, "usa.json")
    (tmp_path / MANIFEST).write_text(json.dumps({"format": MANIFEST_FORMAT, "game": "en-route"}))
    with pytest.raises(ContentError, match=r"is for 'en-route', not ticket-to-ride"):
        tabletrip.make("ticket-to-ride", 2, content=tmp_path)


def test_a_bad_value_names_the_file_and_the_entry(tmp_path: Path) -> None:
    path = _copy(tmp_path, "usa.json")
    data = json.loads(path.read_text())
    data["routes"][3]["length"] = 9
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError) as caught:
        tabletrip.make("ticket-to-ride", 2, content=path)
    message = str(caught.value)
    assert str(path) in message and "routes.3.length" in message
    assert "\n" not in message
