"""A person's decision in Ticket to Ride, typed line by line: steps, words, notation, the
lookups and the commands, each answered on the screen drawn again."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_helpers import run

PLAY = ["play", "ticket-to-ride", "--players", "2", "--bot", "easy", "--seed", "5"]
PROMPT = "Player 1 (you)> "


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Records saved by default go to a temporary data dir."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TABLETRIP_DATA_DIR", str(folder))
    return folder


def _answers(typed: list[str]) -> dict[str, str]:
    """What the program wrote after each typed line, until the next prompt."""
    result = run(*PLAY, input="\n".join([*typed, "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    parts = result.output.split(PROMPT)[1:]
    return {part.split("\n", 1)[0]: part.split("\n", 1)[1] for part in parts}


def test_tickets_shows_the_tickets_and_says_how_to_draw_them() -> None:
    said = _answers(["1", "tickets", "draw tickets"])
    assert "Destination Tickets" in said["tickets"]
    assert "also writes the move Draw 3 Destination Tickets" in said["tickets"]
    assert "Player 1 (you) drew Destination Tickets (tickets)" in said["draw tickets"]
    assert "Keep" in said["draw tickets"]  # the next decision: which of them to keep


def test_words_lead_to_the_step_they_name_and_back_goes_up() -> None:
    said = _answers(["1", "claim", "back", "7"])
    assert "Claim a route \u203a then:" in said["claim"]
    assert "Your move:" in said["back"]
    assert "Claim a route \u203a then:" in said["7"]  # the same step, by its number


def test_moves_with_words_lists_only_the_moves_they_match() -> None:
    said = _answers(["1", "moves denver"])
    listed = said["moves denver"].splitlines()
    assert listed[-2].startswith("(") and "legal moves" in listed[-2]
    assert all("Denver" in line for line in listed[:-2])


def test_a_lookup_filtered_by_a_city_and_a_section_shown_whole() -> None:
    said = _answers(["1", "routes denver", "show face"])
    rows = said["routes denver"].splitlines()
    assert any("Denver" in row and "free" in row for row in rows)
    assert not any("Miami" in row and "Denver" not in row for row in rows)
    assert said["show face"].startswith("Face-up cards")


def test_help_says_the_decision_the_notation_and_the_commands() -> None:
    said = _answers(["help"])["help"]
    for part in ("This decision", "The notation", "What you may type", "routes", "<cities>"):
        assert part in said, part
