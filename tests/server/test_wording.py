"""What the server says in the games' words: seats named as people read them, legal moves in
words in the view, and a game bug in a presentation never stopping a view."""

from __future__ import annotations

from typing import Any

import pytest

import tabletrip
from tabletrip.core.presentation import unreadable_parts
from tabletrip.core.rng import Rng
from tabletrip.server import wording
from tabletrip.server.wording import action_words, scoring, seat_names


def test_seats_are_named_as_the_web_names_them() -> None:
    """A name, "Player 2" for an unnamed seat, and a name two seats share with its number."""
    assert seat_names(["Ann", "seat 1"]) == ["Ann", "Player 2"]
    assert seat_names(["bot easy", "bot easy", "Ann"]) == [
        "bot easy (Player 1)",
        "bot easy (Player 2)",
        "Ann",
    ]


def test_the_outcome_tells_two_bots_of_one_level_apart() -> None:
    """Two `easy` bots: the outcome names the winner so that a person knows which one won."""
    game = tabletrip.make("ticket-to-ride", players=2)
    state = game.new_game(seed=4)
    rng = Rng(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    said = scoring(game, state.result, ["bot easy", "bot easy"])
    assert state.result is not None
    winner = state.result.winners[0]
    assert f"bot easy (Player {winner + 1})" in said["outcome"], said["outcome"]


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("ticket-to-ride", {"map": "usa"}),
        ("ticket-to-ride", {"map": "europe-express"}),
        ("en-route", {}),
        ("route-east", {}),
        ("lets-go-france", {}),
    ],
)
def test_legal_moves_read_in_words(game_id: str, options: dict[str, Any]) -> None:
    """Along a random game, every legal move of the seat to move has words, readable and
    different from every other move's."""
    game = tabletrip.make(game_id, players=2, **options)
    state = game.new_game(seed=11)
    rng = Rng(11)
    for _ in range(60):
        if state.is_over:
            break
        observation = state.observation(state.current_player)
        said = [action_words(game, observation, a) for a in state.legal_actions()]
        assert all(said) and len(set(said)) == len(said), said
        assert not [w for w in said if unreadable_parts(w)]
        state.apply(rng.choice(state.legal_actions()))


def test_a_failing_presentation_leaves_the_words_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in a game's words is logged and the move keeps its notation (the client shows
    it): the view is still served."""

    class Broken:
        def action_words(self, *_: object) -> str:
            raise RuntimeError("a bug")

    monkeypatch.setattr(wording, "presentation_for", lambda _id: Broken())
    game = tabletrip.make("route-east", players=2)
    state = game.new_game(seed=1)
    action = state.legal_actions()[0]
    assert action_words(game, state.observation(state.current_player), action) == ""
