"""The Route East terminal view: no leaks, everything a seat may know shown, 100 columns."""

from __future__ import annotations

import pytest

import tabletrip
from random_play import random_moves
from tabletrip.core import Rng, presentation
from tabletrip.games.route_east.roads import road_distances
from tabletrip.games.route_east.rules import RESPOND, RouteEastState
from tabletrip.games.route_east.text import WIDTH, render_text, seat_name

STAGES = (0, 40, 150, 400)  # random actions played before looking


def played(players: int, seed: int, moves: int) -> RouteEastState:
    """A game after `moves` random actions (pieces spread, cards in hand, events)."""
    state = tabletrip.make("route-east", players=players).new_game(seed)
    assert isinstance(state, RouteEastState)
    random_moves(state, seed, moves)
    return state


def action_names(state: RouteEastState, seat: int) -> list[str]:
    """`2x Hell no!`-style names of a seat's Action cards, as the text lists them."""
    decks = state.game.decks
    return [
        (f"{n}x " if n > 1 else "") + decks.action[card].name
        for card, n in enumerate(state.hands[seat])
        if n
    ]


def face_down(state: RouteEastState, seat: int) -> list[str]:
    """The names of a seat's attractions that nobody else may know (unvisited, not its last)."""
    unvisited = state.unvisited(seat)
    if len(unvisited) <= 1:
        return []
    return [state.game.board.attractions[a].name for a in unvisited]


def block(text: str, start: str) -> str:
    """The lines from the one starting with `start` up to the next blank line."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(start))
    end = next((i for i in range(first, len(lines)) if not lines[i].strip()), len(lines))
    return "\n".join(lines[first:end])


def entry(text: str, start: str) -> str:
    """The line starting with `start` and its wrapped continuation lines."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(start))
    end = first + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    return "\n".join(lines[first:end])


def without_roads(text: str) -> str:
    """The text without the `Roads from here` list (board facts: space names)."""
    lines = text.splitlines()
    if not any(line.startswith("Roads from here") for line in lines):
        return text
    first = next(i for i, line in enumerate(lines) if line.startswith("Roads from here"))
    end = next(i for i in range(first + 1, len(lines)) if not lines[i].startswith("  "))
    return "\n".join(lines[:first] + lines[end:])


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("moves", STAGES)
def test_the_text_renders_at_every_stage(players: int, moves: int) -> None:
    state = played(players, seed=players * 100 + moves, moves=moves)
    for seat in [*range(players), None]:
        text = render_text(state, seat)
        assert text == presentation.render_text(state, seat)
        assert "Route East" in text
        too_long = [line for line in text.splitlines() if len(line) > WIDTH]
        assert not too_long, too_long


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("moves", STAGES)
def test_a_seat_sees_its_cards_and_attractions_and_never_the_others(
    players: int, moves: int
) -> None:
    state = played(players, seed=players * 10 + moves, moves=moves)
    board = state.game.board
    for seat in range(players):
        text = render_text(state, seat)
        cards = entry(text, "Your Action cards")
        assert cards.startswith(f"Your Action cards ({sum(state.hands[seat])} of 5)")
        for name in action_names(state, seat):
            assert name in cards
        if not any(state.hands[seat]):
            assert cards.endswith("none")
        mine = block(text, "Your attractions")
        for attraction in state.attractions[seat]:
            assert board.attractions[attraction].name in mine
        public = without_roads(text)
        for other in range(players):
            if other == seat:
                continue
            for name in face_down(state, other):
                assert name not in public, f"seat {seat} sees {name} of seat {other}"
    spectator = without_roads(render_text(state, None))
    assert "Your Action cards" not in spectator
    assert "Your attractions" not in spectator
    for seat in range(players):
        for name in face_down(state, seat):
            assert name not in spectator


@pytest.mark.parametrize("players", [2, 5])
def test_what_a_seat_cannot_see_changes_nothing_in_its_text(players: int) -> None:
    """Another deal of the hidden cards (others' hands and face-down attractions, the decks)
    gives the same text: it is built from the seat's observation only."""
    state = played(players, seed=7, moves=120)
    for seat in range(players):
        other_world = state.determinize(seat, Rng(seat + 99))
        assert render_text(other_world, seat) == render_text(state, seat)


def test_the_text_shows_the_table_for_every_seat() -> None:
    state = played(5, seed=3, moves=150)
    observation = state.public_observation()
    text = render_text(state, 0)
    table = block(text, "  Seat")
    for seat, info in enumerate(observation["seats"]):
        row = next(line for line in table.splitlines() if seat_name(seat) in line)
        assert info["space"] in row
        assert f"${info['money']}" in row
        assert row.split()[-3:] == [
            str(info["fuel"]),
            str(info["action_cards"]),
            f"{len(info['visited'])}/{info['attractions']}",
        ]
    turns = observation["seats"][state.seat]["turns"]
    assert f"Turn {turns} of {seat_name(state.seat)}" in text or f"Your turn {turns}" in text
    for event in observation["events"][-3:]:
        assert event.split(":")[0] in text


def test_visited_and_last_attractions_of_others_are_shown() -> None:
    state = played(3, seed=5, moves=60)
    board = state.game.board
    first, second = state.attractions[1]
    state.visited[1] |= 1 << first  # seat 1 visited one: the other is now face up
    text = render_text(state, 0)
    assert f"visited: {board.attractions[first].name}" in text
    assert f"last attraction, face up: {board.attractions[second].name}" in text


def test_surroundings_list_the_spaces_one_and_two_roads_away() -> None:
    state = played(2, seed=1, moves=0)
    board = state.game.board
    seat = state.current_player
    here, country = state.pos[seat], state.country[seat]
    roads = block(render_text(state, seat), "Roads from here")
    for there, _, _ in board.steps[(here, country)]:
        assert f"  1 {board.space_ids[there]} " in roads
        for beyond, _, _ in board.steps.get((there, country), ()):
            if beyond != here:
                assert f"    2 {board.space_ids[beyond]} " in roads
    distances = road_distances(board, here)
    attractions = block(render_text(state, seat), "Your attractions")
    for attraction in state.attractions[seat]:
        space = board.attractions[attraction].space
        assert f"{board.space_ids[space]}, bonus" in attractions
        assert f": {distances[space]} roads" in attractions


def test_a_pending_card_and_its_hell_nos_are_shown() -> None:
    for seed in range(40):
        state = tabletrip.make("route-east", players=3).new_game(seed)
        assert isinstance(state, RouteEastState)
        random_moves(state, seed, 1)
        for _ in range(600):
            if state.is_over or state.phase == RESPOND:
                break
            random_moves(state, seed, 1)
        if state.phase == RESPOND:
            break
    else:
        pytest.skip("no random game aimed a card at a player")
    text = render_text(state, None)
    assert "Pending:" in text
    assert "Hell no!" in block(text, "Pending:")
