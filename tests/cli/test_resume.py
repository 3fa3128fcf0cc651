"""`tabletrip play --resume FILE`: an unfinished game goes on as if it had never stopped, and a
record that cannot be resumed is one error line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import assert_one_error_line, run

HUMAN = ["play", "high-card", "--seed", "4", "--players", "2", "--bot", "random"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Records saved by default go to a temporary data dir, never the real one."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TABLETRIP_DATA_DIR", str(folder))
    return folder


def load(path: Path) -> Any:
    return json.loads(path.read_text())


def test_a_resumed_game_ends_as_the_game_played_without_a_stop(tmp_path: Path) -> None:
    """Quit after one move, resume, play the same moves: the same record as one sitting (the
    bots decide with the same seeds), saved back to the same file."""
    whole, parts = tmp_path / "whole.json", tmp_path / "parts.json"
    assert run(*HUMAN, "--record", str(whole), input="1\n1\n1\n").exit_code == 0
    first = run(*HUMAN, "--record", str(parts), input="1\nquit\n")
    assert first.exit_code == 0, first.output
    assert "unfinished game saved" in first.output
    assert load(parts)["result"] is None and len(load(parts)["actions"]) == 2

    resumed = run("play", "--resume", str(parts), input="1\n1\n")
    assert resumed.exit_code == 0, resumed.output
    assert "resumed after move 2; Player 1 (you) to play" in resumed.output
    assert f"record saved: {parts}" in resumed.output
    assert load(parts) == load(whole)


def test_a_finished_game_is_not_resumed(tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    assert run(*HUMAN, "--record", str(path), input="1\n1\n1\n").exit_code == 0
    assert_one_error_line(run("play", "--resume", str(path)), "is a finished game", "replay")


def _unfinished(tmp_path: Path) -> tuple[Path, Any]:
    path = tmp_path / "game.json"
    assert run(*HUMAN, "--record", str(path), input="1\nquit\n").exit_code == 0
    return path, load(path)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: r.pop("labels"), ["does not say who played each seat"]),
        (lambda r: r.update(labels=["human", "robot"]), ["seat 1 is labelled 'robot'"]),
        (lambda r: r.update(labels=["human", "bot:nobody"]), ["cannot be resumed", "nobody"]),
        (lambda r: r["actions"][0].__setitem__(0, 1), ["cannot be resumed", "action 0"]),
        (lambda r: r.update(options={"rounds": "many"}), ["cannot be resumed", "rounds"]),
    ],
)
def test_a_record_that_cannot_be_resumed_is_one_line(
    tmp_path: Path, change: Any, expected: list[str]
) -> None:
    """Whatever is wrong, one line saying what, and nothing played or written."""
    path, record = _unfinished(tmp_path)
    change(record)
    path.write_text(json.dumps(record))
    before = path.read_text()
    assert_one_error_line(run("play", "--resume", str(path)), *expected)
    assert path.read_text() == before


def test_resume_takes_no_other_setting(tmp_path: Path) -> None:
    path, _ = _unfinished(tmp_path)
    assert_one_error_line(
        run("play", "high-card", "--seed", "0", "--resume", str(path)),
        "--resume takes no GAME, --seed",
    )


def test_a_missing_record_is_one_line(tmp_path: Path) -> None:
    assert_one_error_line(run("play", "--resume", str(tmp_path / "nope.json")), "nope.json")
