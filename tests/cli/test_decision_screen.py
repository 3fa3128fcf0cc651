"""The decision screen of every game: it fits 100 x 40, reads as words, and shows a seat
nothing more when what it cannot see is resampled."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

import tabletrip
from random_play import random_moves
from tabletrip.cli.decision import Decision, new_decision
from tabletrip.cli.decision_screen import HEIGHT, WIDTH, decision_lines
from tabletrip.core import Rng
from tabletrip.core.presentation import unreadable_parts

GAMES = [
    ("ticket-to-ride", {"map": "usa"}, 5),
    ("ticket-to-ride", {"map": "europe-express"}, 4),
    ("en-route", {}, 4),
    ("en-route", {"mode": "solo"}, 1),
    ("route-east", {}, 5),
    ("lets-go-france", {}, 4),
    ("lets-go-france", {}, 1),
]
NAMES = [f"Player {seat + 1}" for seat in range(5)]


def _texts(decision: Decision) -> list[str]:
    return [line.text for line in decision_lines(decision, WIDTH, HEIGHT)]


@pytest.mark.parametrize(("game_id", "options", "players"), GAMES)
def test_every_screen_fits_and_reads_as_words(game_id: str, options: dict, players: int) -> None:
    game = tabletrip.make(game_id, players=players, **options)
    for seed in range(3):
        state = game.new_game(seed=seed)
        for stretch in range(12):
            random_moves(state, seed * 100 + stretch, 7 + seed)
            if state.is_over:
                break
            seat = state.current_player
            decision = new_decision(state, seat, NAMES)
            for steps in [(), *(c.steps for c in decision.choices()[:2] if c.move is None)]:
                decision.path = [steps] if steps else []
                lines = _texts(decision)
                assert len(lines) < HEIGHT, "the prompt needs the last row"
                wide = [line for line in lines if cell_len(line) > WIDTH]
                assert not wide, wide
                bad = unreadable_parts("\n".join(lines))
                assert not bad, (bad, "\n".join(lines))


@pytest.mark.parametrize(("game_id", "options", "players"), GAMES)
def test_a_screen_shows_nothing_of_what_the_seat_cannot_see(
    game_id: str, options: dict, players: int
) -> None:
    """Hidden information: the same screen for the seat when everything it cannot see (the
    others' hands, the decks, the others' secret moves in the history) is resampled."""
    game = tabletrip.make(game_id, players=players, **options)
    for seed in range(3):
        state = game.new_game(seed=seed)
        for stretch in range(10):
            random_moves(state, seed * 100 + stretch, 9)
            if state.is_over:
                break
            seat = state.current_player
            view = state.determinize(seat, Rng(seed * 1000 + stretch))
            assert _texts(new_decision(state, seat, NAMES)) == _texts(
                new_decision(view, seat, NAMES)
            )


def test_a_short_terminal_gets_a_short_screen() -> None:
    """On a terminal of 80 x 24 the screen fits it too (one column below 80)."""
    state = tabletrip.make("ticket-to-ride", players=4).new_game(seed=2)
    random_moves(state, 2, 30)
    lines = decision_lines(new_decision(state, state.current_player, NAMES), 79, 24)
    assert len(lines) < 24 and all(cell_len(line.text) <= 79 for line in lines)
