"""`tabletrip replay` of an unfinished game shows only what its human seat saw: quitting a
game never reveals a bot's hidden cards (and a finished game is shown in full)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabletrip
from cli_helpers import run

PLAY = ["play", "ticket-to-ride", "--players", "2", "--seed", "3", "--bot", "easy"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Records saved by default go to a temporary data dir, never the real one."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TABLETRIP_DATA_DIR", str(folder))
    return folder


def _hidden_moves(path: Path) -> list[str]:
    """The notation of the bot's moves that its public form hides (its kept tickets)."""
    record = json.loads(path.read_text())
    game = tabletrip.make(record["game"], players=record["players"], **record["options"])
    state = game.new_game(seed=record["seed"])
    hidden = []
    for seat, data in record["actions"]:
        action = game.action_from_json(data)
        state.apply(action)
        if seat == 1 and state.public_move(action) != str(action):
            hidden.append(str(action))
    return hidden


def test_an_unfinished_game_replays_as_the_human_saw_it(tmp_path: Path) -> None:
    """Ticket to Ride: the bot kept its Destination Tickets; the replay says that it kept
    some, never which, and the human's own moves in full."""
    path = tmp_path / "game.json"
    played = run(*PLAY, "--record", str(path), input="1\nquit\n")
    assert played.exit_code == 0, played.output
    hidden = _hidden_moves(path)
    assert hidden, "the bot made no move that hides something: the test shows nothing"
    replayed = run("replay", str(path), "--step")
    assert replayed.exit_code == 0, replayed.output
    for notation in hidden:
        assert notation not in replayed.output
    assert "shown as Player 1 (you) saw it" in replayed.output
    record = json.loads(path.read_text())
    own = tabletrip.make("ticket-to-ride", players=2).action_from_json(record["actions"][0][1])
    assert str(own) in replayed.output  # seat 0 sees its own keep in full


def test_a_finished_game_replays_in_full(tmp_path: Path) -> None:
    """At the end every move may be known: the replay shows the bot's keeps in full."""
    path = tmp_path / "game.json"
    watched = ["play", "ticket-to-ride", "--players", "2", "--seed", "3", "--watch"]
    assert run(*watched, "--bot", "random", "--record", str(path)).exit_code == 0
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert all(notation in replayed.output for notation in _hidden_moves(path))
    assert "verified: the" in replayed.output
