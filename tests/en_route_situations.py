"""Exact En Route situations for the rule tests.

A game is made and its objective choices played, then plain state fields are set (hands,
sheets, Round cards, phase) and actions applied through the contract. Crossroads are
`y * 7 + x`, as in geometry.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import tabletrip
from tabletrip.core import IllegalAction
from tabletrip.games.en_route.actions import FinalRoute
from tabletrip.games.en_route.geometry import crossroads_index
from tabletrip.games.en_route.phases import FINAL, OBJECTIVE
from tabletrip.games.en_route.rules import EnRouteState

# --- games --------------------------------------------------------------------------------------


def new_state(players: int = 2, seed: int = 0, **options: Any) -> EnRouteState:
    """A new game with the Personal Objective choices made (the first card offered each time)."""
    state = tabletrip.make("en-route", players=players, **options).new_game(seed)
    while state.phase == OBJECTIVE:
        state.apply(state.legal_actions()[0])
    assert isinstance(state, EnRouteState)
    return state


# --- cards --------------------------------------------------------------------------------------


def ids(state: EnRouteState, cards: list[int]) -> list[str]:
    return [state.game.city.deck[c].id for c in cards]


def index(state: EnRouteState, card: str) -> int:
    return state.game.card_index[card]


def take_out(state: EnRouteState, card: int) -> None:
    """Lift a card from wherever it is (deck, discards, a hand, the Card Sequence)."""
    for pile in (state.deck.cards, state.deck.discards, *state.hands):
        if card in pile:
            pile.remove(card)
    state.solo_slots = [-1 if c == card else c for c in state.solo_slots]


def give(state: EnRouteState, seat: int, cards: list[str]) -> None:
    """Make `seat`'s hand exactly these cards (the old hand goes under the deck)."""
    old = state.hands[seat]
    state.hands[seat] = []
    state.deck.put_bottom(old)
    for card in cards:
        take_out(state, index(state, card))
        state.hands[seat].append(index(state, card))


def all_cards(state: EnRouteState) -> list[int]:
    """Every card of the game, wherever it is."""
    placed = [c for _, c, _ in state.placed]
    return sorted(
        [
            *state.deck.cards,
            *state.deck.discards,
            *(c for hand in state.hands for c in hand),
            *placed,
            *(c for c in state.round_cards if c not in placed),
            *(c for c in state.solo_slots if c >= 0),
        ]
    )


# --- refused actions ----------------------------------------------------------------------------


def snapshot(state: EnRouteState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refused(state: EnRouteState, action: Any) -> str:
    """Apply an illegal action: IllegalAction with a one-line reason, the state unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert snapshot(state) == before
    message = str(caught.value)
    assert message and "\n" not in message
    return message


# --- routes and the end of the game -------------------------------------------------------------


def trail(*points: tuple[int, int]) -> tuple[int, ...]:
    return tuple(crossroads_index(x, y) for x, y in points)


def at_final(state: EnRouteState) -> None:
    """The end of the game: every seat chooses its final route, seat 0 first."""
    state.round = state.game.city.rounds + 1
    state.phase = FINAL
    state.queue = list(range(state.game.players))
    state.seat = 0
    state.draws = []
    state.placed = []
    state.round_cards = []


def finish(state: EnRouteState, routes: dict[int, tuple[int, ...]]) -> None:
    """Every seat plays its given final route, or the best offered one."""
    while not state.is_over:
        seat = state.seat
        state.apply(FinalRoute(routes[seat]) if seat in routes else state.legal_actions()[0])
