"""Let's Go! To France player board and round tracker content against the rulebook."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest

from tabletrip.core import ContentError, validate_content
from tabletrip.games.lets_go_france.content import PlayerBoardSpec, load_player_board

DATA = files("tabletrip.games.lets_go_france") / "data" / "player_board.json"


def test_the_round_tracker_plays_and_passes_as_the_rulebook_says() -> None:
    """Round Order, 1. Draw Cards: play 1 pass 1 in rounds 1-4, play 2 pass 2 in rounds 5-9,
    play 1 pass 1 in rounds 10-14; pass left in rounds 1-7, right from round 8."""
    rounds = load_player_board().rounds
    assert [r.play for r in rounds] == [1] * 4 + [2] * 5 + [1] * 5
    assert [r.direction for r in rounds] == ["left"] * 7 + ["right"] * 7
    icons = {icon for r in rounds for icon in r.draw}
    assert icons == {"deck2", "deck4", "stack"}


def test_every_hand_is_empty_at_the_end_of_every_round() -> None:
    """Round Order, NOTE: after playing and passing, no cards are left in hand; a stack icon
    takes exactly the cards passed to you."""
    stack = 0
    for round_ in load_player_board().rounds:
        hand = 0
        for icon in round_.draw:
            if icon == "stack":
                hand, stack = hand + stack, 0
            else:
                hand += {"deck2": 2, "deck4": 4}[icon]
        assert hand == 2 * round_.play
        stack += round_.play


def test_the_tracks_match_the_examples() -> None:
    """Experience Track Scoring (Antoine: 2 -> 1, 4 -> 3, 7 -> 6, 10 -> 10) and Example: Monday
    Scoring (exactly 6 time moves the energy tracker one space right, onto the 1 point space)."""
    board = load_player_board()
    assert board.experience_points == {2: 1, 4: 3, 7: 6, 10: 10}
    assert sorted(board.energy_points) == list(range(-3, 4)) and board.energy_points[1] == 1
    move = next(m for most, m in board.time_chart if most >= 6)
    assert move == 1


def test_the_reward_rows_hold_every_favourable_condition_token() -> None:
    """Gain Favorable Condition Bonuses: three rows; Antoine's bottom-left space gives a Research
    token and a Wild token."""
    rows = load_player_board().reward_rows
    assert len(rows) == 3 and sum(len(row) for row in rows) >= 6
    assert any([r.kind for r in row[0]] == ["research", "wild"] for row in rows)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["rounds"][2].update(draw=["deck2"]), "every hand must be empty"),
        (lambda d: d["energy_points"].pop("3"), "-3 to 3"),
        (lambda d: d["rounds"].pop(), "rounds"),
        # Round by round: cards pass left in rounds 1 to 7 and right from round 8
        (lambda d: d["rounds"][4].update(direction="right"), "round 5 passes right"),
        # Experience Track Scoring: the farther a token goes, the more it scores
        (lambda d: d["experience_points"].update({"7": 3}), "the points rise along the track"),
    ],
)
def test_a_broken_board_file_is_one_clear_error(change: object, words: str) -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    with pytest.raises(ContentError) as caught:
        validate_content(data, PlayerBoardSpec, "player_board.json")
    message = str(caught.value)
    assert "player_board.json" in message and words in message and "\n" not in message
