"""State.turn_order: the first player, then clockwise, as each rulebook starts the game."""

from __future__ import annotations

import random

import pytest

import tabletrip


def first_mover_of_each_round(state: tabletrip.core.game.State) -> int:
    """The seat of the game's first recorded move."""
    return state.record.to_json()["actions"][0][0]


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("ticket-to-ride", {"map": "usa"}), ("en-route", {}), ("lets-go-france", {})],
)
def test_seat_0_starts_where_the_rulebook_names_no_draw(game_id: str, options: dict) -> None:
    """USA "Setting up": the most experienced traveler starts (seat 0); En Route and Let's Go!
    start at seat 0 (RULES_NOTES), whatever the seed."""
    for seed in range(5):
        state = tabletrip.make(game_id, players=3, **options).new_game(seed=seed)
        assert state.turn_order == (0, 1, 2)


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("ticket-to-ride", {"map": "europe-express"}), ("route-east", {})],
)
def test_a_drawn_first_player_leads_the_turn_order(game_id: str, options: dict) -> None:
    """Europe Express "Setting up": the starting player is chosen at random; Route East
    "Setup": the highest roll picks first. Over seeds, every seat leads at least once, and
    the first player is the first to take a turn of the main game, then clockwise."""
    leaders = set()
    for seed in range(30):
        state = tabletrip.make(game_id, players=3, **options).new_game(seed=seed)
        order = state.turn_order
        assert sorted(order) == [0, 1, 2]
        assert all((order[0] + i) % 3 == order[i] for i in range(3))
        leaders.add(order[0])
        assert order[0] == state.first_player
    assert leaders == {0, 1, 2}


def test_the_default_reads_the_first_move_of_the_history() -> None:
    state = tabletrip.make("lets-go-france", players=2).new_game(seed=1)
    rng = random.Random(1)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    assert state.turn_order[0] == first_mover_of_each_round(state)
