"""Exact Ticket to Ride situations for the rule tests of every map.

A situation is a game made for a map and then set up by its plain state fields (hands, face-up
row, deck, routes); `MapSituations` binds the builders to one map. The readers and checks
below work on a state of any map.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pytest

import tabletrip
from tabletrip.core import Deck, IllegalAction, Rng
from tabletrip.games.ticket_to_ride.actions import Claim, DrawBlind, DrawTickets
from tabletrip.games.ticket_to_ride.content import Board
from tabletrip.games.ticket_to_ride.phases import TURN
from tabletrip.games.ticket_to_ride.rules import TicketToRideState

LOCO = "locomotive"
BLIND = DrawBlind()
TICKETS = DrawTickets()


# --- building exact situations ----------------------------------------------------------------


def new_state(map_id: str, players: int = 2, seed: int = 0) -> TicketToRideState:
    """A fresh game on map `map_id`, in its setup phase."""
    state = tabletrip.make("ticket-to-ride", players=players, map=map_id).new_game(seed)
    assert isinstance(state, TicketToRideState)
    return state


@dataclass(frozen=True)
class MapSituations:
    """The situation builders for one map.

    `locomotive_pile` is the number of Locomotives in their own face-up pile (Europe
    Express: 12), 0 where the Locomotives are shuffled in the deck.
    """

    map_id: str
    locomotive_pile: int = 0

    def new_state(self, players: int = 2, seed: int = 0) -> TicketToRideState:
        """A fresh game, in its setup phase."""
        return new_state(self.map_id, players, seed)

    def turn_state(
        self,
        players: int = 2,
        *,
        seat: int = 0,
        hands: dict[int, dict[str, int]] | None = None,
        face_up: Iterable[str] = (),
        deck: Iterable[str] = (),
        discards: Iterable[str] = (),
        loco_pile: int | None = None,
        routes: dict[int, list[int]] | None = None,
        seed: int = 0,
    ) -> TicketToRideState:
        """A game in its TURN phase for `seat`, holding exactly these cards and routes.

        `hands` maps a seat to its cards by name (other seats hold none); `face_up` is the
        row; `deck` is listed top card first; `loco_pile` is the Locomotives left in their pile
        (default, on a map with one: all of them less those in hands); `routes` maps a seat to
        route ids it already holds. Nobody holds or is offered tickets.
        """
        state = self.new_state(players, seed)
        state.ticket_pile.extend(t for offer in state.offers for t in offer)
        state.offers = [[] for _ in range(players)]
        state.tickets = [[] for _ in range(players)]
        state.hands = [counts(state, (hands or {}).get(s)) for s in range(players)]
        state.known = [[0] * len(state.hands[0]) for _ in range(players)]
        if loco_pile is not None:
            state.loco_pile = loco_pile
        elif self.locomotive_pile:
            in_hands = sum(h[state.game.board.loco] for h in state.hands)
            state.loco_pile = self.locomotive_pile - in_hands
        state.face_up = ids(state, face_up)
        state.deck = Deck(list(reversed(ids(state, deck))), ids(state, discards))
        for s, held in (routes or {}).items():
            give_routes(state, s, held)
        state.phase = TURN
        state.seat = seat
        state.first_player = 0
        return settle(state)

    def finished(self, players: int = 2) -> TicketToRideState:
        """A game just over, with nothing claimed and no tickets: set routes and tickets next."""
        state = self.turn_state(players)
        state.over = True
        return state

    def route_id(self, state: TicketToRideState, a: str, b: str, color: str | None = None) -> int:
        """The id of the route between cities a and b (of this colour, for a double)."""
        assert state.game.board.map == self.map_id
        return find_route(state.game.board, a, b, color)


def counts(state: TicketToRideState, cards: dict[str, int] | None) -> list[int]:
    """A hand as the state holds it: a count per card index, the Locomotive last."""
    names = state.game.board.card_names
    hand = [0] * len(names)
    for name, n in (cards or {}).items():
        hand[names.index(name)] += n
    return hand


def ids(state: TicketToRideState, names: Iterable[str]) -> list[int]:
    """Card indices of card names."""
    return [state.game.card_index[name] for name in names]


def settle(state: TicketToRideState) -> TicketToRideState:
    """The same state rebuilt from its JSON, so that whatever the engine derives from the
    plain fields (such as its bit masks of open routes) agrees with them."""
    loaded = state.game.load(json.loads(json.dumps(state.to_json())))
    assert isinstance(loaded, TicketToRideState)
    return loaded


def give_routes(state: TicketToRideState, seat: int, routes: Iterable[int]) -> None:
    """Put routes in a seat's hands as if claimed: owner, trains, score track.

    Call `settle` before asking the state for legal actions.
    """
    board = state.game.board
    for r in routes:
        state.owner[r] = seat
        state.seat_routes[seat].append(r)
        state.trains[seat] -= board.routes[r].length
        state.route_points[seat] += board.route_points[board.routes[r].length]


def find_route(board: Board, a: str, b: str, color: str | None = None) -> int:
    """The id of the route between cities a and b on `board` (of this colour, for a double)."""
    for route in board.routes:
        if {board.cities[route.a], board.cities[route.b]} == {a, b} and (
            color is None or route.color == color
        ):
            return route.id
    raise AssertionError(f"no route {a}-{b} {color or ''}")


def ticket_id(state: TicketToRideState, a: str, b: str) -> int:
    board = state.game.board
    for ticket in board.tickets:
        if {board.cities[ticket.a], board.cities[ticket.b]} == {a, b}:
            return ticket.id
    raise AssertionError(f"no ticket {a}-{b}")


def claim(state: TicketToRideState, route: int, color: str, locomotives: int = 0) -> Claim:
    """A Claim of `route` paid in `color` plus `locomotives` (legal or not)."""
    board = state.game.board
    return Claim(route, board.route_name(board.routes[route]), color, locomotives)


# --- reading and checking a state -------------------------------------------------------------


def hand(state: TicketToRideState, seat: int) -> dict[str, int]:
    """A seat's hand by card name (only the cards it holds)."""
    names = state.game.board.card_names
    return {names[i]: n for i, n in enumerate(state.hands[seat]) if n}


def named(state: TicketToRideState, cards: Iterable[int]) -> Counter[str]:
    names = state.game.board.card_names
    return Counter(names[c] for c in cards)


def claims_of(state: TicketToRideState, route: int) -> set[tuple[str, int]]:
    """The legal payments (colour, Locomotives) for one route."""
    return {
        (a.color, a.locomotives)
        for a in state.legal_actions()
        if isinstance(a, Claim) and a.route == route
    }


def snapshot(state: TicketToRideState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def assert_refused(state: TicketToRideState, action: object) -> None:
    """The action is not among the legal ones, and applying it changes nothing."""
    assert action not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(action)  # type: ignore[arg-type]
    assert snapshot(state) == before


def expected_claims(state: TicketToRideState, shared_doubles_from: int) -> set[Claim]:
    """Every claim the rulebook allows the seat to move, worked out route by route.

    Claim a Route: an open route (a double's twin closed to all below `shared_doubles_from`
    players, and always to the seat holding it), enough trains, a set of one colour (the
    route's, or any for gray) plus Locomotives, or Locomotives alone.
    """
    board = state.game.board
    seat = state.current_player
    mine = state.hands[seat]
    loco = board.loco
    found = set()
    for route in board.routes:
        if state.owner[route.id] != -1:
            continue
        twin = board.twin[route.id]
        taken = twin >= 0 and state.owner[twin] != -1
        if taken and (state.owner[twin] == seat or state.game.players < shared_doubles_from):
            continue
        if state.trains[seat] < route.length:
            continue
        name = board.route_name(route)
        for card, color in enumerate(board.colors):
            if route.color not in ("gray", color):
                continue
            for n in range(route.length):
                if mine[card] >= route.length - n and mine[loco] >= n:
                    found.add(Claim(route.id, name, color, n))
        if mine[loco] >= route.length:
            found.add(Claim(route.id, name, LOCO, route.length))
    return found


def play_turns_until_over(state: TicketToRideState) -> list[int]:
    """Play whole turns of blind draws; the seats whose turns they were."""
    turns = []
    while not state.is_over:
        seat = state.current_player
        turns.append(seat)
        while state.current_player == seat and not state.is_over:
            state.apply(BLIND)
        assert len(turns) < 50
    return turns


def play_randomly(
    state: TicketToRideState,
    seed: int,
    *,
    shared_doubles_from: int,
    check_state: Callable[[TicketToRideState], None],
    check_turn: Callable[[TicketToRideState, int, int, object], None],
) -> None:
    """Play random legal actions to the end of the game, checking as it goes.

    `check_state(state)` holds at the start and after every action; `check_turn(state, phase,
    seat, action)` after every action, given the phase and seat before it; and at every fourth
    step in a TURN phase the legal claims are exactly `expected_claims`.
    """
    rng = Rng(seed)
    check_state(state)
    steps = 0
    while not state.is_over:
        actions = state.legal_actions()
        if state.phase == TURN and steps % 4 == 0:
            claims = {a for a in actions if isinstance(a, Claim)}
            assert claims == expected_claims(state, shared_doubles_from)
        phase, seat = state.phase, state.current_player
        action = rng.choice(actions)
        state.apply(action)
        check_state(state)
        check_turn(state, phase, seat, action)
        steps += 1
        assert steps < 5000
    assert state.result is not None
