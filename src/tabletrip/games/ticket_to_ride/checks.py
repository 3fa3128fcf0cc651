"""Why Ticket to Ride refuses an action, in one line: a check per action type.

`CHECKS` maps each action type to its check; `TicketToRideState.illegal_reason` asks it after
the phase's own refusals, and a move the check passes is one `legal_actions` lists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletrip.core import Action
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
    KEEP,
    KEEP_AT_SETUP,
    KEEP_IN_GAME,
    SECOND_DRAW,
    SETUP,
)


def _counted(count: int, thing: str) -> str:
    """ "1 Locomotive", "2 Locomotives"."""
    return f"{count} {thing}" + ("" if count == 1 else "s")


if TYPE_CHECKING:
    from tabletrip.games.ticket_to_ride.rules import TicketToRideState


def _blind_problem(state: TicketToRideState, action: DrawBlind) -> str | None:
    if state.deck.cards or state.deck.discards:
        return None
    return "the train card deck and the discards are empty"


def _tickets_problem(state: TicketToRideState, action: DrawTickets) -> str | None:
    return None if state.ticket_pile else "the destination ticket pile is empty"


def _locomotive_problem(state: TicketToRideState, action: TakeLocomotive) -> str | None:
    if not state.game.board.locomotive_pile:
        return "this map has no Locomotive pile: Locomotives are among the train cards"
    return None if state.loco_pile else "the Locomotive pile is empty"


def _pass_problem(state: TicketToRideState, action: Pass) -> str | None:
    if state.legal_actions() == [action]:
        return None
    return "you may only pass when no other action is possible"


def _keep_problem(state: TicketToRideState, action: KeepTickets) -> str | None:
    if state.phase not in (SETUP, KEEP):
        return "there are no offered tickets to keep now"
    offer = state.offers[state.seat]
    least = min(KEEP_AT_SETUP if state.phase == SETUP else KEEP_IN_GAME, len(offer))
    kept = action.tickets
    if len(set(kept)) != len(kept) or not set(kept) <= set(offer):
        return "keep only tickets you were offered, each once"
    if len(kept) < least:
        return f"keep at least {least} of the offered tickets"
    if action != state.game.keep(tuple(sorted(kept))):
        return "keep tickets in increasing id order, with their printed names"
    return None


def _take_problem(state: TicketToRideState, action: TakeFaceUp) -> str | None:
    if not (state.deck.cards or state.deck.discards):
        return "the deck and the discards are empty: no train cards may be drawn"
    index = state.game.card_index.get(action.card)
    if index is None or index not in state.face_up:
        shown = ", ".join(state.game.board.card_names[c] for c in state.face_up) or "nothing"
        return f"there is no face-up {action.card} card (face up: {shown})"
    if state.phase == SECOND_DRAW and index == state.game.board.loco:
        return "a face-up Locomotive cannot be taken as the second card"
    return None


def _claim_problem(state: TicketToRideState, action: Claim) -> str | None:
    game = state.game
    board = game.board
    if not 0 <= action.route < len(board.routes):
        return f"there is no route r{action.route}"
    route = board.routes[action.route]
    name = board.route_name(route)
    if action.name != name:
        return f"route r{action.route} is {name}, not {action.name}"
    if state.owner[route.id] != -1:
        return f"{name} is already claimed"
    other = board.twin[route.id]
    if other >= 0 and state.owner[other] != -1:
        if state.owner[other] == state.seat:
            return f"you already hold the other route between {name}"
        if game.players <= board.single_double_up_to:
            return f"with {game.players} players only one route of the double {name} may be used"
    if state.trains[state.seat] < route.length:
        return f"{name} needs {route.length} trains; you have {state.trains[state.seat]}"
    color = game.card_index.get(action.color)
    if color is None:
        return f"unknown card colour {action.color!r}"
    used = action.locomotives
    if color == board.loco:
        if used != route.length:
            return "pay with all Locomotives, or name the colour of the other cards"
    elif not 0 <= used < route.length:
        return f"use 0 to {route.length - 1} Locomotives with {action.color} cards"
    elif not route.is_gray and action.color != route.color:
        return f"{name} is {route.color}: pay with {route.color} cards and Locomotives"
    hand = state.hands[state.seat]
    if hand[board.loco] < used:
        return f"you have {_counted(hand[board.loco], 'Locomotive')}, not {used}"
    if color != board.loco and hand[color] < route.length - used:
        held = _counted(hand[color], f"{action.color} card")
        return f"you have {held}, not {route.length - used}"
    return None


CHECKS: dict[type[Action], Callable[[TicketToRideState, Any], str | None]] = {
    DrawBlind: _blind_problem,
    TakeFaceUp: _take_problem,
    TakeLocomotive: _locomotive_problem,
    Claim: _claim_problem,
    DrawTickets: _tickets_problem,
    KeepTickets: _keep_problem,
    Pass: _pass_problem,
}
