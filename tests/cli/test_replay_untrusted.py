"""`tabletrip replay` of a record from anyone (issue 24): its names print as plain text (rich
markup, ESC sequences and bidi overrides included), and a record nested far too deep is one
line, as is `play --resume` of it and a sim database row like it."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import tabletrip
from cli_helpers import assert_one_error_line, run
from tabletrip.cli import app
from tabletrip.cli.console import visible

MARKUP = "[/bold]"
LINK = "[link=https://example.com/x]evil[/link]"
ESCAPES = "\x1b[2J\x1b]0;owned\x07\u202eAnn"  # clear screen, window title, bell, RLO


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Records saved by default go to a temporary data dir, never the real one."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TABLETRIP_DATA_DIR", str(folder))
    return folder


def _finished_record(path: Path, labels: tuple[str, ...]) -> Path:
    """A finished Ticket to Ride game of random moves, its seats labelled `labels`."""
    state = tabletrip.make("ticket-to-ride", players=2).new_game(seed=1)
    rnd = random.Random(1)
    while not state.is_over:
        state.apply(rnd.choice(state.legal_actions()))
    return state.record.with_labels(labels).save(path)


def _in_a_terminal(*args: str) -> Result:
    """The CLI as a colour terminal sees it (rich then writes styles and hyperlinks)."""
    env = {"COLUMNS": "200", "FORCE_COLOR": "1", "TERM": "xterm-256color"}
    return CliRunner().invoke(app, list(args), env=env)


def test_markup_in_a_name_is_printed_as_text(tmp_path: Path) -> None:
    path = _finished_record(tmp_path / "game.json", (MARKUP, "Bob"))
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert f"Player 1 ({MARKUP})" in result.output  # the moves, and the table of scores
    assert "verified: the" in result.output


def test_a_link_in_a_name_is_no_hyperlink(tmp_path: Path) -> None:
    path = _finished_record(tmp_path / "game.json", ("Ann", LINK))
    result = _in_a_terminal("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "\x1b]8;" not in result.output  # OSC 8: a terminal hyperlink
    assert LINK in result.output


def test_control_characters_in_a_name_are_shown_escaped(tmp_path: Path) -> None:
    path = _finished_record(tmp_path / "game.json", (ESCAPES, "Bob\nverified: forged"))
    result = _in_a_terminal("replay", str(path))
    assert result.exit_code == 0, result.output
    for raw in ("\x1b[2J", "\x1b]0;", "\x07", "\u202e"):
        assert raw not in result.output
    assert "\\x1b[2J\\x1b]0;owned\\x07\\u202eAnn" in result.output
    assert "Bob\\nverified: forged" in result.output  # a name stays on its line
    assert "\nverified: forged" not in result.output


def test_an_unfinished_record_shows_its_names_as_text_too(tmp_path: Path) -> None:
    record = json.loads(_finished_record(tmp_path / "game.json", ("a", "b")).read_text())
    record.update(result=None, actions=record["actions"][:6], labels=[MARKUP, ESCAPES])
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path), "--step")
    assert result.exit_code == 0, result.output
    assert f"seats: Player 1 ({MARKUP}), Player 2 (\\x1b[2J" in result.output
    assert "\x1b" not in result.output


def _nested_list(depth: int) -> str:
    return "[" * depth + "]" * depth


def _nested_object(depth: int) -> str:
    return '{"a": ' * depth + "1" + "}" * depth


@pytest.mark.parametrize("text", [_nested_list(100_000), _nested_object(100_000)])
@pytest.mark.parametrize("command", ["replay", "play --resume"])
def test_a_record_nested_too_deep_to_read_is_one_line(
    tmp_path: Path, text: str, command: str
) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text)
    assert_one_error_line(run(command, str(path)), "is not a tabletrip record", "nested too deep")


@pytest.mark.parametrize("where", ["actions", "result", "options", "labels"])
def test_a_record_nested_deep_inside_is_one_line(tmp_path: Path, where: str) -> None:
    """Deep enough to read, too deep to be a record: refused before anything replays it (or
    writes the nested value out in a message a thousand brackets long)."""
    record = json.loads(_finished_record(tmp_path / "game.json", ("a", "b")).read_text())
    deep: Any = json.loads(_nested_list(500))
    if where == "actions":
        record["actions"][0][1]["extra"] = deep
    elif where == "options":
        record["options"]["map"] = deep
    else:
        record[where] = deep
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(record))
    for command in ("replay", "play --resume"):
        line = assert_one_error_line(run(command, str(path)), "not a tabletrip record", "32 deep")
        assert len(line) < 300  # not the nested value written out


def test_a_sim_database_row_nested_too_deep_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "sim.sqlite"
    made = run("sim ticket-to-ride --games 1 --bot random --workers 1 --out", str(path))
    assert made.exit_code == 0, made.output
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET record = ?", (_nested_list(100_000),))
    assert_one_error_line(
        run("replay", str(path), "--game", "0"), "game 0 of run", "nested too deep"
    )
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET record = ?", ("not json",))
    assert_one_error_line(run("replay", str(path), "--game", "0"), "not a tabletrip record")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Ann", "Ann"),
        ("[/bold] [link=x]", "[/bold] [link=x]"),
        ("a\x1bb", "a\\x1bb"),
        ("a\x00b\x7f", "a\\x00b\\x7f"),
        ("\u202eAnn\u2066", "\\u202eAnn\\u2066"),
        ("line\u2028sep", "line\\u2028sep"),
        ("tag\U000e0041", "tag\\U000e0041"),
        ("👩\u200d🚀 نی\u200cنی", "👩\u200d🚀 نی\u200cنی"),  # joiners are kept
        ("two\nlines\tand tab", "two\nlines\tand tab"),
    ],
)
def test_visible_escapes_what_a_terminal_would_act_on(text: str, shown: str) -> None:
    assert visible(text) == shown
    assert "\n" not in visible(text, newlines=False)
