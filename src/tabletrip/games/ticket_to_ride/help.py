"""Ticket to Ride decision help: what the seat to move must decide, in tabletrip's own words.

`HELP` holds every text, by decision (the phase, and for the turn and the second card whether
the map has Europe Express's separate Locomotive pile); `decision_help` picks one and fills in
the numbers of the map and the moment. A help text is 1-4 short sentences: the choices, what
they do, and the rules that limit them. The server sends it to the seat to move only (which
decision a seat faces may follow from what the others cannot see), and it is built from
public facts alone all the same: the phase, the piles, trains, bonus cards and final round,
never the mover's hand or tickets, so that showing it to anyone else would tell nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core.phrases import plural
from tabletrip.games.ticket_to_ride.phases import (
    END_TRIGGER_TRAINS,
    KEEP_AT_SETUP,
    SECOND_DRAW,
    SETUP,
    TICKETS_OFFERED,
    TURN,
)

if TYPE_CHECKING:
    from tabletrip.games.ticket_to_ride.rules import TicketToRideState

HELP: dict[str, str] = {
    "setup": (
        "Choose which of the {offered} destination tickets dealt to you to keep: at least "
        "{least}, or all of them. A ticket names two cities; join them with a chain of your "
        "own routes by the end to gain its points, or lose that many. Nobody sees your choice, "
        "and the tickets you return go under the pile."
    ),
    "turn": (
        "Your turn, one action: draw two train cards (each face up or blind from the deck; a "
        "face-up Locomotive counts as both), claim one route, or draw {tickets} destination "
        "tickets and keep at least one. A route costs one card per space, all of its colour "
        "(a gray route takes any one colour; Locomotives stand in for any colour), and scores "
        "at once: {points}."
    ),
    "turn_locomotive_pile": (
        "Your turn, one action: draw two train cards (each face up or blind from the deck), "
        "take one Locomotive from its pile, claim one route, or draw {tickets} destination "
        "tickets and keep at least one. A route costs one card per space, all of its colour "
        "(a gray route takes any one colour; Locomotives stand in for any colour), and scores "
        "at once: {points}."
    ),
    "second_draw": (
        "Take your second train card: blind from the deck, or a face-up card that is not a "
        "Locomotive. Then your turn ends."
    ),
    "second_draw_locomotive_pile": (
        "Take your second train card: blind from the deck, or any face-up card. Then your "
        "turn ends."
    ),
    "keep": (
        "Keep at least one of the {offered} destination tickets you just drew, or more. A "
        "kept ticket stays yours to the end: connected, it adds its points; not connected, it "
        "takes them away. The others go under the pile."
    ),
    "nothing_to_draw": (
        "No train card and no destination ticket is left to draw: claim a route if your cards "
        "pay for one, or else pass (if every player passes in turn, the game ends)."
    ),
    "trains": (
        "You have {trains} trains left; whoever ends a turn with {trigger} or fewer starts the "
        "last round, in which every player has one more turn."
    ),
    "express": (
        "Link {express} with a chain of your own trains to take the best bonus card still "
        "left ({bonus})."
    ),
    "final_round": "Last round: {turns} left in the game, this one included.",
}


def _points_text(route_points: dict[int, int]) -> str:
    """`1, 2, 4, 7, 10 or 15 points for 1 to 6 spaces`."""
    lengths = sorted(route_points)
    values = [str(route_points[n]) for n in lengths]
    listed = ", ".join(values[:-1]) + f" or {values[-1]}" if len(values) > 1 else values[0]
    return f"{listed} points for {lengths[0]} to {lengths[-1]} spaces"


def decision_help(state: TicketToRideState) -> str:
    """The help text of the decision the seat to move faces now ("" once the game is over)."""
    if state.is_over:
        return ""
    board = state.game.board
    seat = state.seat
    pile = "_locomotive_pile" if board.locomotive_pile else ""
    if state.phase == SETUP:
        offered = len(state.offers[seat])
        return HELP["setup"].format(offered=offered, least=min(KEEP_AT_SETUP, offered))
    if state.phase != TURN and state.phase != SECOND_DRAW:
        return HELP["keep"].format(offered=len(state.offers[seat]))
    if state.phase == SECOND_DRAW:
        return HELP["second_draw" + pile]
    if not (state.deck.cards or state.deck.discards or state.loco_pile or state.ticket_pile):
        parts = [HELP["nothing_to_draw"]]  # claim or pass: said from public facts, not the hand
        if state.final_turns > 0:
            parts.append(HELP["final_round"].format(turns=plural(state.final_turns, "turn")))
        return " ".join(parts)
    parts = [
        HELP["turn" + pile].format(
            tickets=TICKETS_OFFERED, points=_points_text(dict(board.route_points))
        )
    ]
    bonus_left = board.express_bonus[state.express_next :]
    if board.express_cities is not None and bonus_left and not state.express[seat]:
        a, b = (board.cities[c] for c in board.express_cities)
        parts.append(
            HELP["express"].format(
                express=f"{a} and {b}", bonus=", ".join(str(v) for v in bonus_left)
            )
        )
    if state.final_turns > 0:
        parts.append(HELP["final_round"].format(turns=plural(state.final_turns, "turn")))
    else:
        parts.append(HELP["trains"].format(trains=state.trains[seat], trigger=END_TRIGGER_TRAINS))
    return " ".join(parts)
