"""The `tabletrip` command, driven through typer's CliRunner with the High Card test game."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import tabletrip
from cli_helpers import assert_one_error_line, run
from tabletrip.bots import levels
from tabletrip.core import registry
from tabletrip.core.registry import game_class

WATCH = ["play", "high-card", "--watch", "--seed", "1", "--players", "2"]
HUMAN = ["play", "high-card", "--seed", "1", "--players", "2", "--bot", "random"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Records saved by default go to a temporary data dir, never the real one."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TABLETRIP_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def broken_game() -> Iterator[str]:
    """A lazily registered game whose module does not import."""
    registry.register_lazy("broken-game", "tabletrip_test_no_such_module")
    yield "broken-game"
    registry.unregister("broken-game")


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def opening_hand() -> str:
    """Seat 0's first legal plays with seed 1, as the CLI lists them (`play 1, play 12`)."""
    hand = tabletrip.make("high-card", players=2).new_game(seed=1).hands[0]
    return ", ".join(f"play {card}" for card in hand)


# --- games ------------------------------------------------------------------------------------


def test_games_lists_the_test_game_with_its_options() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "high-card" in result.output
    assert "High Card (test game)" in result.output
    assert "1-3" in result.output
    assert "rounds=3" in result.output and "a whole number from 1 to 8" in result.output
    assert "variant=plain" in result.output and "plain, bonus" in result.output


def test_games_shows_the_player_counts_of_each_map() -> None:
    """An option that changes the player counts shows them per choice."""
    result = run("games")
    assert "map=usa: 2-5" in result.output and "map=europe-express: 2-4" in result.output
    assert "mode=solo: 1" in result.output


def test_games_says_whose_content_each_game_ships() -> None:
    """Issue 25: the USA map is public fact, the other maps and decks were written for
    tabletrip; a fan must not read them as the printed components."""
    infos = [game_class(g).info for g in ("en-route", "route-east", "lets-go-france")]
    assert all("written for tabletrip, not the printed" in info.content for info in infos)
    ttr = game_class("ticket-to-ride").info.content
    assert "USA map is the published one" in ttr and "Europe Express map was written" in ttr
    shown = run("games").output
    assert shown.count("printed") == 4  # each game's line is in the catalogue


def test_games_shows_a_game_that_does_not_import_as_one_line(broken_game: str) -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "high-card" in result.output
    line = next(line for line in result.output.splitlines() if broken_game in line)
    assert "unavailable" in line and "ModuleNotFoundError" in line


def test_playing_a_game_that_does_not_import_is_one_error_line(broken_game: str) -> None:
    assert_one_error_line(run("play", broken_game, "--watch"), broken_game, "cannot be loaded")


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tabletrip", "games"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "ticket-to-ride" in done.stdout
    assert "Traceback" not in done.stderr


# --- play --watch and replay ------------------------------------------------------------------


def test_watch_plays_to_the_end_and_saves_a_record_that_replay_verifies(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = run(*WATCH, "--record", str(path))
    assert result.exit_code == 0, result.output
    moves = [line for line in result.output.splitlines() if line.startswith("Player ")]
    record = load(path)
    assert len(moves) == len(record["actions"]) == 6  # 3 rounds for 2 seats
    assert moves[0].startswith("Player 1 (medium): ")
    assert moves[1].startswith("Player 2 (medium): ")
    assert "result" in result.output and "total" in result.output
    assert "winner: " in result.output or "tie: " in result.output
    assert f"record saved: {path}" in result.output
    assert record["labels"] == ["bot:medium", "bot:medium"]  # the default opponent
    assert record["seed"] == 1 and record["result"] is not None

    replayed = run("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert "#0 " + moves[0] in replayed.output
    assert "#5 Player 2 (medium): " in replayed.output
    assert replayed.output.splitlines()[-1].startswith("verified: ")


def test_the_same_seed_gives_the_same_record(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert run(*WATCH, "--record", str(first)).exit_code == 0
    assert run(*WATCH, "--record", str(second)).exit_code == 0
    assert load(first) == load(second)


def test_a_random_seed_is_printed_and_the_record_goes_to_the_data_dir(data_dir: Path) -> None:
    result = run("play", "high-card", "--watch", "--bot", "random")
    assert result.exit_code == 0, result.output
    saved = Path(result.output.split("record saved: ")[1].split("\n")[0].strip())
    assert saved.parent == data_dir / "records" and saved.exists()
    seed = load(saved)["seed"]
    assert f"seed {seed}" in result.output
    assert saved.name.startswith("high-card-") and saved.name.endswith(f"-seed{seed}.json")


def test_options_are_passed_as_text_and_recorded(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = run(*WATCH, "--option", "rounds=1", "-o", "variant=bonus", "--record", str(path))
    assert result.exit_code == 0, result.output
    assert load(path)["options"] == {"rounds": 1, "variant": "bonus"}
    assert len(load(path)["actions"]) == 2


def test_bots_are_given_to_bot_seats_in_order_and_the_last_repeats(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    command = "play high-card --players 3 --seat 1 --bot random --option rounds=1 --record"
    result = run(command, str(path), input="1\n")
    assert result.exit_code == 0, result.output
    assert load(path)["labels"] == ["bot:random", "human", "bot:random"]


def test_a_record_path_that_cannot_be_written_falls_back_to_the_data_dir(
    tmp_path: Path, data_dir: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = run(*WATCH, "--record", str(blocker / "game.json"))
    assert result.exit_code == 0, result.output
    assert "cannot write" in result.output
    assert len(list((data_dir / "records").glob("high-card-*-seed1.json"))) == 1


# --- a human seat -----------------------------------------------------------------------------


def test_a_human_seat_reads_numbers_notation_and_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(levels._tuned, ("high-card", "hard"), {"seconds": 0, "iterations": 60})
    path = tmp_path / "game.json"
    typed = ["help", "hint", "moves", "play 99", "1", "log", "DRAW", "quit"]
    result = run(*HUMAN, "--record", str(path), input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()

    prompt = "Player 1 (you)> "
    shown = lines.index(prompt + "help")
    commands = [line.split()[0] for line in lines[shown + 1 : lines.index(prompt + "hint")]]
    for command in ("help", "rules", "moves", "show", "hint", "log", "quit", "back"):
        assert command in commands
    moves = lines.index(prompt + "moves")
    assert lines[moves + 1] == "draw"  # a game without words: its notation
    hint = lines.index(prompt + "hint")
    assert lines[hint + 1] == "hint from the hard bot (60 playouts of the rest of the game):"
    assert lines[hint + 2].startswith("1. ") and "(type: " in lines[hint + 2]
    assert lines[hint + 3].strip().startswith("searched in ")
    assert "you won" in lines[hint + 3]

    bad = lines.index(prompt + "play 99")
    refused = lines[bad + 1 : lines.index(prompt + "1")]  # the screen drawn again
    why = f"'play 99' is not a legal action now: try draw, {opening_hand()}"
    assert " ".join(refused[-2:]) == why + " (or type a number from the list, or help)"
    assert refused[0].startswith("High Card (test game) · move 1 · Player 1 (you) to decide")

    assert lines.count("Player 1 (you): draw") == 2  # by number (1 is draw) and by notation
    assert "  1. Player 1 (you): draw" in lines  # the log
    assert any(line.startswith("  2. Player 2 (random): ") for line in lines)

    assert "unfinished game saved: " + str(path) in result.output
    record = load(path)
    assert record["result"] is None
    assert record["labels"] == ["human", "bot:random"]
    assert [seat for seat, _ in record["actions"]] == [0, 1, 0, 1]
    assert run("replay", str(path)).output.splitlines()[-1].startswith("verified: all 4 moves")


def test_a_human_sees_its_own_hand_only() -> None:
    result = run(*HUMAN, "--option", "rounds=1", input="1\n")
    assert result.exit_code == 0, result.output
    view = result.output.split("Player 1 (you)> ")[0]
    hands = tabletrip.make("high-card", players=2).new_game(seed=1).hands
    assert f"hand        {hands[0]}" in view
    assert str(hands[1]) not in view
    assert "hand_sizes  [2, 2]" in view


def test_a_human_plays_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = run(*HUMAN, "--option", "rounds=2", "--record", str(path), input="2\n1\n")
    assert result.exit_code == 0, result.output
    assert "final position" in result.output and "total" in result.output
    assert f"record saved: {path}" in result.output
    assert load(path)["result"] is not None


def test_end_of_input_saves_the_unfinished_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = run(*HUMAN, "--record", str(path), input="1\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "unfinished game saved" in result.output
    assert len(load(path)["actions"]) == 2


def test_hot_seat_asks_each_human_to_take_the_keyboard(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = [*HUMAN, "--seat", "0", "--seat", "1", "--record", str(path)]
    result = run(*args, input="\n1\n\n1\n\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Player 2, your turn: press Enter when only you look" in result.output
    record = load(path)
    assert record["labels"] == ["human", "human"]
    assert len(record["actions"]) == 2


def test_hot_seat_shows_a_setup_keep_without_the_tickets_or_their_number() -> None:
    """Ticket to Ride RULES_NOTES: while seats choose their first tickets, nobody learns the
    others' choice, not even how many; on a shared screen the next player may be looking."""
    args = ["play", "ticket-to-ride", "--seed", "3", "--seat", "0", "--seat", "1"]
    result = run(*args, input="\n1\n\nquit\n")
    assert result.exit_code == 0, result.output
    after_the_move = result.output.split("Player 1 kept Destination Tickets", 1)[1]
    state = tabletrip.make("ticket-to-ride", players=2).new_game(seed=3)
    kept = state.legal_actions()[0]
    assert str(kept) not in after_the_move  # seat 1 now faces the screen
    assert kept.public() not in result.output  # "keep 3 tickets"


def test_the_menu_asks_for_game_options_players_and_seats(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    typed = ["99", "high-card", "", "nope", "bonus", "7", "", "", "quit"]
    result = run("play --bot random --seed 4 --record", str(path), input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any("high-card" in line and "High Card (test game)" in line for line in lines)
    assert "'99' is not a game here" in result.output
    assert "bad value 'nope' for option 'variant'" in result.output
    assert "high-card takes 1 to 3 players" in result.output
    record = load(path)
    assert record["options"] == {"rounds": 3, "variant": "bonus"}
    assert record["players"] == 2 and record["seed"] == 4
    assert record["labels"] == ["human", "bot:random"]


def test_the_menu_stops_cleanly_at_the_end_of_input() -> None:
    result = run("play", input="")
    assert result.exit_code == 0, result.output
    assert "no game was started" in result.output
    assert "Traceback" not in result.output


# --- one-line errors --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        ("rounds=99", ["'rounds'", "a whole number from 1 to 8"]),
        ("nope=1", ["unknown option 'nope'", "rounds, variant"]),
        ("rounds", ["must be key=value", "rounds (a whole number from 1 to 8)"]),
        ("variant=loud", ["'variant'", "plain, bonus"]),
        ("players=3", ["'players' is not an option", "--players"]),
        ("game_id=x", ["unknown option 'game_id'", "rounds, variant"]),
    ],
)
def test_a_bad_option_is_one_error_line(option: str, expected: list[str]) -> None:
    assert_one_error_line(run(*WATCH, "--option", option), *expected)


def test_an_unknown_game_is_one_error_line() -> None:
    assert_one_error_line(run("play", "no-such-game", "--watch"), "unknown game", "high-card")


def test_an_unknown_bot_is_one_error_line() -> None:
    assert_one_error_line(run(*WATCH, "--bot", "genius"), "unknown bot 'genius'", "random")


def test_a_bad_player_count_is_one_error_line() -> None:
    assert_one_error_line(run("play", "high-card", "--watch", "--players", "9"), "1 to 3 players")


def test_seat_and_watch_together_is_one_error_line() -> None:
    assert_one_error_line(run(*WATCH, "--seat", "0"), "--seat and --watch")


def test_a_seat_out_of_range_is_one_error_line() -> None:
    assert_one_error_line(run(*HUMAN, "--seat", "2"), "seat 2", "0 to 1")


def test_replay_of_a_missing_file_is_one_error_line(tmp_path: Path) -> None:
    assert_one_error_line(run("replay", str(tmp_path / "nope.json")), "cannot read record")


def test_replay_of_a_file_that_is_not_json_is_one_error_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    assert_one_error_line(run("replay", str(path)), "is not JSON")


def test_replay_of_a_record_with_an_illegal_action_is_one_error_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert run(*WATCH, "--record", str(path)).exit_code == 0
    data = load(path)
    data["actions"][1][1] = {"type": "play", "card": 99}
    path.write_text(json.dumps(data))
    assert_one_error_line(run("replay", str(path)), "action 1", "card 99 is not in your hand")


def test_replay_of_a_record_whose_result_differs_is_one_error_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert run(*WATCH, "--record", str(path)).exit_code == 0
    data = load(path)
    data["result"]["scores"][0] += 1
    path.write_text(json.dumps(data))
    assert_one_error_line(run("replay", str(path)), "does not reproduce the result")


def test_replay_of_a_record_with_bad_options_is_one_error_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert run(*WATCH, "--record", str(path)).exit_code == 0
    data = load(path)
    data["options"]["players"] = 2
    path.write_text(json.dumps(data))
    assert_one_error_line(run("replay", str(path)), "players")


def test_replay_of_a_record_for_an_unknown_game_is_one_error_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert run(*WATCH, "--record", str(path)).exit_code == 0
    data = load(path)
    data["game"] = "no-such-game"
    path.write_text(json.dumps(data))
    assert_one_error_line(run("replay", str(path)), "cannot be replayed", "unknown game")


def test_replay_step_without_a_terminal_does_not_wait(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert run(*WATCH, "--record", str(path)).exit_code == 0
    result = run("replay", str(path), "--step")
    assert result.exit_code == 0, result.output
    assert result.output.count("deck_size") == 7  # the start and after each of the 6 moves
    assert result.output.splitlines()[-1].startswith("verified: ")


def test_watching_never_shows_which_tickets_a_seat_kept(tmp_path: Path) -> None:
    """Hidden information: a spectator sees `keep 2 tickets`, never the tickets themselves."""
    record = tmp_path / "ttr.json"
    result = run(
        "play ticket-to-ride --watch --seed 3 --players 2 --bot random", "--record", str(record)
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"keep t\d", result.output) is None  # no ticket ids
    assert "Player 1 (random) kept Destination Tickets\n" in result.output  # not even how many
    assert re.search(r"Player 2 \(random\) kept \d Destination Tickets?\n", result.output)
    assert tabletrip.replay(load(record)).is_over
