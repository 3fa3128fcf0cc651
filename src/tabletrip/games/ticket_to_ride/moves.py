"""Ticket to Ride's moves: what each action does to the state, one small function each, and
the steps they share (the end of a turn, the face-up display refilled, a route closed).

`MOVE_FUNCTIONS` maps each action type to its function; `TicketToRideState._apply` plays
through it after the rules accepted the action, so no function here checks legality again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletrip.core import Action
from tabletrip.core.rng import pop_top
from tabletrip.games.ticket_to_ride import scoring
from tabletrip.games.ticket_to_ride.actions import (
    Claim,
    DrawBlind,
    DrawTickets,
    KeepTickets,
    Pass,
    TakeFaceUp,
    TakeLocomotive,
)
from tabletrip.games.ticket_to_ride.phases import (
    END_TRIGGER_TRAINS,
    FACE_UP,
    KEEP,
    SECOND_DRAW,
    SETUP,
    TICKETS_OFFERED,
    TURN,
)

MAX_WIPES = 1000  # safety bound on consecutive three-Locomotive wipes (see RULES_NOTES.md)

if TYPE_CHECKING:
    from tabletrip.games.ticket_to_ride.rules import TicketToRideState


# --- moves: one small function each ----------------------------------------------------


def _draw_blind(state: TicketToRideState, action: DrawBlind) -> None:
    """Draw the top card unseen (a blind Locomotive still allows a second card)."""
    card = state.deck.draw(state.rng)
    assert card is not None
    state.hands[state.seat][card] += 1
    _after_card(state, False)


def _take_face_up(state: TicketToRideState, action: TakeFaceUp) -> None:
    """Take a face-up card and replace it; a face-up Locomotive is the whole draw."""
    game = state.game
    card = game.card_index[action.card]
    state.face_up.remove(card)
    seat = state.seat
    state.hands[seat][card] += 1
    state.known[seat][card] += 1
    refill_display(state)
    _after_card(state, card == game.loco)


def _after_card(state: TicketToRideState, ends_turn: bool) -> None:
    """The second card, if the first allows one and a card is left to draw; else the end."""
    deck = state.deck
    if state.phase == SECOND_DRAW or ends_turn or not (deck.cards or deck.discards):
        _end_turn(state)
    else:
        state.phase = SECOND_DRAW


def _take_locomotive(state: TicketToRideState, action: TakeLocomotive) -> None:
    """Europe Express: one Locomotive from its pile is the whole turn."""
    state.loco_pile -= 1
    state.hands[state.seat][state.game.board.loco] += 1
    state.known[state.seat][state.game.board.loco] += 1
    _end_turn(state)


def _claim(state: TicketToRideState, action: Claim) -> None:
    """Pay the cards, place the trains, score the route; maybe take the Express bonus."""
    game = state.game
    board = game.board
    seat = state.seat
    route = board.routes[action.route]
    loco = board.loco
    color = game.card_index[action.color]
    used = action.locomotives
    hand = state.hands[seat]
    known = state.known[seat]
    paid_color = route.length - used if color != loco else 0
    # What the others know the seat still holds, from public facts only (RULES_NOTES.md,
    # Hidden information): the cards of a kind seen taken, less those of that kind just
    # paid (any paid card may have been a seen one), never below 0. Never from the hand.
    if paid_color:
        hand[color] -= paid_color
        known[color] = known[color] - paid_color if known[color] > paid_color else 0
        state.deck.discards.extend([color] * paid_color)
    if used:
        hand[loco] -= used
        known[loco] = known[loco] - used if known[loco] > used else 0
        if board.locomotive_pile:
            state.loco_pile += used  # Europe Express: used Locomotives return to their pile
        else:
            state.deck.discards.extend([loco] * used)
    state.owner[route.id] = seat
    state.claimed[seat] |= 1 << route.id
    close_route(state, route.id, seat)
    state.seat_routes[seat].append(route.id)
    state.trains[seat] -= route.length
    state.route_points[seat] += board.route_points[route.length]
    _check_express_bonus(state, seat)
    # The discards may now allow filling empty slots or wiping a kept 3-Locomotive row.
    refill_display(state)
    _end_turn(state)


def close_route(state: TicketToRideState, route: int, seat: int) -> None:
    """Route `route` is claimed by `seat`: nobody may claim it, nor (doubles) its twin.

    The twin stays open to the other seats when the player count allows both routes.
    """
    board = state.game.board
    closed = 1 << route
    twin = board.twin[route]
    if twin >= 0 and state.game.players <= board.single_double_up_to:
        closed |= 1 << twin
    open_routes = state.open_routes
    for other in range(len(open_routes)):
        open_routes[other] &= ~closed
    if twin >= 0:
        open_routes[seat] &= ~(1 << twin)


def _check_express_bonus(state: TicketToRideState, seat: int) -> None:
    board = state.game.board
    if (
        board.express_cities is None
        or state.express[seat]
        or state.express_next >= len(board.express_bonus)
    ):
        return
    a, b = board.express_cities
    held = state.claimed[seat]
    if (
        held & board.city_routes[a]
        and held & board.city_routes[b]
        and scoring.connected(state.edges(seat), a, b)
    ):
        state.express[seat] = board.express_bonus[state.express_next]
        state.express_next += 1


def _draw_tickets(state: TicketToRideState, action: DrawTickets) -> None:
    """Draw up to 3 tickets from the top of the pile (in a determinized copy, at random among
    those still in no order: `tickets_loose`)."""
    pile = state.ticket_pile
    count = min(TICKETS_OFFERED, len(pile))
    offer = []
    for _ in range(count):
        loose = state.tickets_loose
        if loose:
            state.tickets_loose = loose - 1
        offer.append(pop_top(pile, loose, state.rng))
    state.offers[state.seat] = offer
    if len(state.returned_by) > len(pile):  # returned tickets drawn again
        del state.returned_by[len(pile) :]
    state.phase = KEEP


def _keep(state: TicketToRideState, action: KeepTickets) -> None:
    """Keep the chosen tickets; the others go under the pile, in the order drawn."""
    kept = action.tickets
    seat = state.seat
    offer = state.offers[seat]
    state.tickets[seat].extend(kept)
    returned = [t for t in offer if t not in kept]
    state.ticket_pile[0:0] = reversed(returned)
    state.returned_by[0:0] = [seat] * len(returned)
    state.offers[seat] = []
    if state.phase == SETUP:
        state.seat = (seat + 1) % state.game.players
        if state.seat == state.first_player:
            state.phase = TURN
    else:
        _end_turn(state)


def _pass(state: TicketToRideState, action: Pass) -> None:
    """Nothing is possible: the turn passes (RULES_NOTES.md)."""
    _end_turn(state, passed=True)


def _end_turn(state: TicketToRideState, passed: bool = False) -> None:
    """Pass play on; the end trigger and the final round (every seat one more turn)."""
    seat = state.seat
    players = state.game.players
    if state.final_turns >= 0:
        state.final_turns -= 1
        if state.final_turns == 0:
            state.over = True
    elif state.trains[seat] <= END_TRIGGER_TRAINS:
        state.final_turns = players
    state.passes = state.passes + 1 if passed else 0
    if state.passes >= players:
        state.over = True  # a whole round in which nobody could act (RULES_NOTES.md)
    state.phase = TURN
    if not state.over:
        state.seat = (seat + 1) % players


def refill_display(state: TicketToRideState) -> None:
    """Fill the face-up row to 5; three face-up Locomotives wipe it (USA rules)."""
    face_up = state.face_up
    deck = state.deck
    rng = state.rng
    while len(face_up) < FACE_UP:
        card = deck.draw(rng)
        if card is None:
            break
        face_up.append(card)
    board = state.game.board
    if board.locomotive_pile:
        return
    loco = board.loco
    if face_up.count(loco) < 3:  # the usual case: nothing to wipe
        return
    wipes = 0
    while face_up.count(loco) >= 3 and wipes < MAX_WIPES:
        pool = deck.cards + deck.discards + face_up
        if len(pool) - pool.count(loco) < 3:
            return  # no new row could show fewer than 3 Locomotives: keep this one
        wipes += 1
        deck.discards.extend(face_up)
        face_up.clear()
        while len(face_up) < FACE_UP:
            card = deck.draw(rng)
            if card is None:
                break
            face_up.append(card)


MOVE_FUNCTIONS: dict[type[Action], Callable[[TicketToRideState, Any], None]] = {
    DrawBlind: _draw_blind,
    TakeFaceUp: _take_face_up,
    TakeLocomotive: _take_locomotive,
    Claim: _claim,
    DrawTickets: _draw_tickets,
    KeepTickets: _keep,
    Pass: _pass,
}
