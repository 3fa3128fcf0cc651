"""What people and clients meet: options, static_info, typed moves, the terminal command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import tabletrip
from route_east_situations import moves_phase, new_state, road_from_rest
from tabletrip.core import IllegalAction, OptionError
from tabletrip.games.route_east.content import NORMAL
from tabletrip.games.route_east.rules import RouteEastGame


def test_default_attractions_depend_on_the_player_count() -> None:
    """Setup, Attraction Cards: 3 cards each with 2 players, 2 with 3 or more."""
    for players, expected in ((2, 3), (3, 2), (5, 2)):
        state = new_state(players)
        assert all(len(hand) == expected for hand in state.attractions)


def test_more_attractions_is_an_option_from_2_to_6() -> None:
    """Play with More Attractions: 4, 5 or even 6 cards each."""
    state = new_state(4, attractions=6)
    assert all(len(hand) == 6 for hand in state.attractions)
    with pytest.raises(OptionError, match=r"'attractions'.*2, 3, 4, 5, 6"):
        tabletrip.make("route-east", players=2, attractions=7)
    with pytest.raises(OptionError, match="2 to 5 players"):
        tabletrip.make("route-east", players=6)


def test_the_default_option_survives_a_record_round_trip() -> None:
    state = new_state(3, seed=4)
    record = json.loads(json.dumps(state.record.to_json()))
    assert record["options"] == {"attractions": None}
    replayed = tabletrip.replay(tabletrip.Record.from_json(record))
    assert replayed.to_json() == state.to_json()


def test_static_info_is_json_and_names_every_space_and_card() -> None:
    game = tabletrip.make("route-east", players=2)
    assert isinstance(game, RouteEastGame)
    info = game.static_info()
    assert json.loads(json.dumps(info)) == info
    assert len(info["spaces"]) == len(game.board.space_ids)
    assert len(info["attractions"]) == 32
    assert sum(c["count"] for c in info["ignition_cards"]) == 70
    assert sum(c["count"] for c in info["border_cards"]) == 35
    assert sum(c["count"] for c in info["action_cards"]) == 70
    ids = {s["id"] for s in info["spaces"]}
    assert all({r["a"], r["b"]} <= ids for r in info["roads"])


def test_a_move_can_be_typed_by_place_name_or_id() -> None:
    state = new_state(2)
    board = state.game.board
    here, there = road_from_rest(board, NORMAL)
    moves_phase(state, state.seat, here)
    by_id = state.game.parse_action(f"move {board.space_ids[there]}", state)
    assert str(by_id) == f"move {board.space_ids[there]}"
    if board.space_names[there]:
        assert state.game.parse_action(f"MOVE {board.space_names[there]}", state) == by_id
    with pytest.raises(IllegalAction, match="not a legal action now: you can move to"):
        state.game.parse_action("move atlantis", state)


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabletrip", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_watching_a_game_plays_to_the_end_and_the_record_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    done = _run(
        "play",
        "route-east",
        "--watch",
        "--seed",
        "5",
        "--players",
        "3",
        "--bot",
        "easy",
        "--record",
        str(record),
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(record.read_text())
    assert data["game"] == "route-east" and data["result"] is not None
    replayed = _run("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr


def test_the_menu_offers_the_automatic_attraction_count(tmp_path: Path) -> None:
    """An empty answer keeps the rulebook's default, shown as `auto`."""
    record = tmp_path / "game.json"
    done = _run("play", "--record", str(record), stdin="route-east\n\n2\nnone\neasy\neasy\n")
    assert done.returncode == 0, done.stderr
    assert "[auto]" in done.stdout
    assert json.loads(record.read_text())["options"] == {"attractions": None}
