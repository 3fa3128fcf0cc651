"""Own content (issue 25) for the games whose content is several files or chosen by an option:
En Route (a city), Route East (board and decks), Let's Go! To France (deck, player board,
regions). Ticket to Ride's own maps are tested in ticket_to_ride/test_content.py."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import tabletrip
from tabletrip.core.errors import ContentError, RecordError
from tabletrip.core.records import Record, replay
from tabletrip.core.registry import game_class

GAMES = {"en-route": {"players": 2}, "route-east": {"players": 2}, "lets-go-france": {"players": 2}}
MARK = "Zzyzx Own Name"


def export(game_id: str, folder: Path) -> dict[str, Path]:
    """Copies of every shipped file of the game in `folder`."""
    written = {}
    for name, source in game_class(game_id).every_content_file().items():
        path = folder / name
        path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
        written[name] = path
    return written


def rename_first(data: Any) -> bool:
    """Give the first entry with a "name" a new name (in place); whether one was found."""
    stack = [data]
    while stack:
        value = stack.pop(0)
        if isinstance(value, dict):
            if isinstance(value.get("name"), str):
                value["name"] = MARK
                return True
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def play_out(game: tabletrip.core.game.Game, seed: int) -> Any:
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unchanged_copy_plays_like_the_shipped_game(game_id: str, tmp_path: Path) -> None:
    export(game_id, tmp_path)
    shipped = tabletrip.make(game_id, **GAMES[game_id])
    own = tabletrip.make(game_id, content=tmp_path, **GAMES[game_id])
    assert own.content.hash == shipped.content.hash  # the same data: the same identity
    assert play_out(own, 3).result.to_json() == play_out(shipped, 3).result.to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_an_edited_file_changes_the_game_and_its_records(game_id: str, tmp_path: Path) -> None:
    files = export(game_id, tmp_path)
    for path in files.values():
        data = json.loads(path.read_text(encoding="utf-8"))
        if rename_first(data):
            path.write_text(json.dumps(data), encoding="utf-8")
            break
    own = tabletrip.make(game_id, content=tmp_path, **GAMES[game_id])
    shipped = tabletrip.make(game_id, **GAMES[game_id])
    assert own.content.hash != shipped.content.hash
    assert MARK in json.dumps(own.static_info())
    assert MARK not in json.dumps(shipped.static_info())
    record = Record.from_json(play_out(own, 5).record.to_json())
    assert record.content == own.content.hash
    with pytest.raises(RecordError):
        replay(record)
    assert replay(record, content=tmp_path).result is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_file_that_is_not_json_is_one_line(game_id: str, tmp_path: Path) -> None:
    files = export(game_id, tmp_path)
    name, path = next(iter(files.items()))
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError, match=name) as error:
        tabletrip.make(game_id, content=tmp_path, **GAMES[game_id])
    assert "\n" not in str(error.value)


def _set(key: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def _drop_first(key: str) -> Any:
    def change(data: dict[str, Any]) -> None:
        data[key] = data[key][1:]

    return change


@pytest.mark.parametrize(
    ("game_id", "options", "name", "change", "entry"),
    [
        # Europe Express "Components": 27 trains a player, 12 Locomotives, points 1-2-4-7-10
        ("ticket-to-ride", {"map": "europe-express"}, "europe_express.json",
         _set("trains_per_player", 30), "trains_per_player"),
        ("ticket-to-ride", {"map": "europe-express"}, "europe_express.json",
         _set("locomotives", 13), "locomotives"),
        ("ticket-to-ride", {"map": "europe-express"}, "europe_express.json",
         _set("start_score", 0), "start_score"),
        # Route East "Components": 30 Fuel Tokens
        ("route-east", {}, "cards.json", _set("fuel_tokens", 29), "fuel"),
        # Let's Go! "Components": 124 Activity cards
        ("lets-go-france", {}, "activities.json", _drop_first("activities"), "124"),
    ],
)  # fmt: skip
def test_a_number_the_rulebook_fixes_is_checked_in_one_line(
    game_id: str, options: dict[str, Any], name: str, change: Any, entry: str, tmp_path: Path
) -> None:
    files = export(game_id, tmp_path)
    data = json.loads(files[name].read_text(encoding="utf-8"))
    change(data)
    files[name].write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ContentError, match=re.escape(name)) as error:
        tabletrip.make(game_id, players=2, content=tmp_path, **options)
    assert entry in str(error.value)
    assert "\n" not in str(error.value)
