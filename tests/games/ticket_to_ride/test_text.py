"""The Ticket to Ride text view for a terminal: no leaks, everything shown, 80 columns."""

from __future__ import annotations

import pytest

from random_play import random_moves
from tabletrip.games.ticket_to_ride.rules import TicketToRideState
from tabletrip.games.ticket_to_ride.text import (
    CHECK,
    CROSS,
    WIDTH,
    cards_text,
    render_text,
    seat_name,
)
from ttr_situations import new_state

MAPS = ("usa", "europe-express")


def after_setup(map_id: str = "usa", players: int = 2, seed: int = 0) -> TicketToRideState:
    """A game where every seat kept all three tickets it was dealt."""
    state = new_state(map_id, players, seed)
    while state.phase == 0:
        state.apply(state.legal_actions()[0])  # the first choice keeps all the offer
    return state


def played(map_id: str, players: int, seed: int, moves: int) -> TicketToRideState:
    """A game after `moves` random actions (routes claimed, cards known, a log)."""
    state = new_state(map_id, players, seed)
    random_moves(state, seed, moves)
    return state


def ticket_names(state: TicketToRideState, seat: int, offered: bool = False) -> list[str]:
    """The `A-B` names of a seat's kept (or offered) tickets."""
    board = state.game.board
    ids = state.offers[seat] if offered else state.tickets[seat]
    return [board.ticket_name(board.tickets[t]) for t in ids]


@pytest.mark.parametrize("map_id", MAPS)
def test_a_seat_sees_its_own_tickets_and_never_the_others(map_id: str) -> None:
    state = after_setup(map_id, players=3, seed=4)
    for seat in range(3):
        text = render_text(state, seat)
        for name in ticket_names(state, seat):
            assert name in text
        for other in range(3):
            if other != seat:
                for name in ticket_names(state, other):
                    assert name not in text, f"seat {seat} sees {name} of seat {other}"
    spectator = render_text(state, None)
    for seat in range(3):
        for name in ticket_names(state, seat):
            assert name not in spectator


def test_offered_tickets_show_only_to_the_seat_choosing() -> None:
    state = new_state("usa", players=2, seed=3)
    mine, theirs = ticket_names(state, 0, offered=True), ticket_names(state, 1, offered=True)
    text = render_text(state, 0)
    assert "Tickets offered to you (keep at least 2)" in text
    assert all(name in text for name in mine)
    assert not any(name in text for name in theirs)


def test_a_seat_sees_its_hand_and_the_spectator_no_hand() -> None:
    state = after_setup("usa", seed=2)
    text = render_text(state, 0)
    assert f"Your hand ({sum(state.hands[0])} cards): " in text
    assert cards_text(state.observation(0)["hand"]) in text
    assert "Your hand" not in render_text(state, None)
    assert "Your destination tickets" not in render_text(state, None)


@pytest.mark.parametrize("map_id", MAPS)
def test_the_view_does_not_change_when_only_hidden_things_change(map_id: str) -> None:
    state = after_setup(map_id, players=2, seed=5)
    changed = state.clone()
    # Seat 1 secretly holds other cards (same count) and other tickets from the pile.
    total = sum(changed.hands[1])
    changed.hands[1] = [0] * len(changed.hands[1])
    changed.hands[1][0] = total
    changed.tickets[1], changed.ticket_pile[:3] = changed.ticket_pile[:3], changed.tickets[1]
    assert changed.hands[1] != state.hands[1] and changed.tickets[1] != state.tickets[1]
    assert render_text(changed, 0) == render_text(state, 0)
    assert render_text(changed, None) == render_text(state, None)
    assert render_text(changed, 1) != render_text(state, 1)


def test_tickets_are_marked_completed_or_not() -> None:
    state = after_setup("usa", seed=1)
    # Seat 0 holds every route of the map, so each of its tickets is connected.
    state.seat_routes[0] = [route.id for route in state.game.board.routes]
    board = state.game.board
    done = render_text(state, 0)
    undone = render_text(state, 1)
    for t in state.tickets[0]:
        ticket = board.tickets[t]
        assert f"{CHECK} t{t} {board.ticket_name(ticket)} ({ticket.points})" in done
    for t in state.tickets[1]:
        ticket = board.tickets[t]
        assert f"{CROSS} t{t} {board.ticket_name(ticket)} ({ticket.points})" in undone


@pytest.mark.parametrize(("map_id", "players"), [("usa", 5), ("europe-express", 4)])
@pytest.mark.parametrize("moves", [0, 60, 400])
def test_every_line_fits_80_columns(map_id: str, players: int, moves: int) -> None:
    state = played(map_id, players, seed=moves, moves=moves)
    for seat in (None, *range(players)):
        for line in render_text(state, seat).splitlines():
            assert len(line) <= WIDTH, line


def test_the_table_is_shown_with_colours_in_words() -> None:
    state = played("usa", 4, seed=7, moves=80)
    text = render_text(state, 2)
    observation = state.observation(2)
    assert "Face-up cards: " + ", ".join(observation["face_up"]) in text
    assert f"train deck {observation['deck_size']}" in text
    assert f"destination tickets {observation['ticket_pile_size']}" in text
    for seat, info in enumerate(observation["seats"]):
        assert f"seat {seat} (" in text
        if info["known_cards"]:
            assert cards_text(info["known_cards"]) in text
    flat = " ".join(text.split())  # long moves may wrap
    assert observation["log"]
    for mover, move in observation["log"]:
        assert f"{seat_name(mover)}: {move}" in flat
    assert "Locomotive pile" not in text and "Europe Express" not in text


def test_europe_express_shows_its_locomotive_pile_and_bonus_cards() -> None:
    state = after_setup("europe-express", seed=0)
    text = render_text(state, 0)
    left = ", ".join(str(v) for v in state.public_observation()["express_bonus_left"])
    assert left.startswith("20, 15, 10")
    assert f"Locomotive pile {state.loco_pile}" in text
    assert f"Europe Express bonus (London-Istanbul) cards left: {left}" in text
    header = next(line for line in text.splitlines() if line.strip().startswith("Seat"))
    assert header.split()[-1] == "Express"
