"""What each seat may know of a Ticket to Ride game, built in one place.

Public: the face-up cards, the sizes of the piles and the discards, every seat's trains, score,
hand size, the cards others saw it take, its ticket count (hidden while seats choose their
first tickets) and routes, the Europe Express bonus cards left, and the recent moves (a setup
keep reads "keep tickets" until every seat has chosen). Private to a seat: its hand, its
tickets with whether each is completed, and the tickets it is offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core import Action, JsonDict
from tabletrip.core.game import Concealed
from tabletrip.games.ticket_to_ride.actions import KeepTickets
from tabletrip.games.ticket_to_ride.phases import PHASE_NAMES, SETUP, TICKETS_OFFERED

if TYPE_CHECKING:
    from tabletrip.games.ticket_to_ride.rules import TicketToRideState

LOG_LENGTH = 2  # observations show the moves of the last two rounds or so


def public_observation(state: TicketToRideState) -> JsonDict:
    """The table: face-up cards, pile sizes, every seat's public state, recent moves."""
    board = state.game.board
    names = board.card_names
    setup = state.phase == SETUP
    discards = [0] * len(names)
    for card in state.deck.discards:
        discards[card] += 1
    scores = state.scores_now()
    return {
        "map": board.map,
        "phase": PHASE_NAMES[state.phase],
        "current_player": state.seat,
        "face_up": [names[c] for c in state.face_up],
        "deck_size": len(state.deck.cards),
        "discards": cards_json(state, discards),
        "locomotive_pile": state.loco_pile,
        "ticket_pile_size": ticket_pile_shown(state),
        "express_bonus_left": list(board.express_bonus[state.express_next :]),
        "final_turns_left": state.final_turns if state.final_turns >= 0 else None,
        "seats": [
            {
                "trains": state.trains[s],
                "score": scores[s],
                "hand_size": sum(state.hands[s]),
                "known_cards": cards_json(state, state.known[s]),
                # while seats choose their first tickets, nobody sees the others' choices
                "ticket_count": None if setup else len(state.tickets[s]),
                "choosing_tickets": len(state.offers[s]) if state.offers[s] else 0,
                "routes": list(state.seat_routes[s]),
                "express_bonus": state.express[s],
            }
            for s in range(state.game.players)
        ],
        "log": [
            [seat, public_form(action, setup)]
            for seat, action in state.recent_history(LOG_LENGTH * state.game.players)
        ],
    }


def observation(state: TicketToRideState, seat: int) -> JsonDict:
    """The public table plus the seat's own hand, tickets (with completion) and offer."""
    board = state.game.board
    data = public_observation(state)
    data["seat"] = seat
    data["hand"] = cards_json(state, state.hands[seat])
    data["tickets"] = [
        {"id": t, **board.ticket_json(board.tickets[t]), "completed": done}
        for t, done in state.ticket_status(seat)
    ]
    data["offer"] = [{"id": t, **board.ticket_json(board.tickets[t])} for t in state.offers[seat]]
    data["seats"][seat]["ticket_count"] = len(state.tickets[seat])
    # The log stays the table's (`public_observation`): the seat's own keeps read as the
    # others saw them (its tickets are listed above). Naming them would make the log differ
    # between the real game and a determinization for another seat, which cannot know
    # them, as new moves push it along: the server's undo check would then take a claim
    # for a move that revealed something (tests/server/test_open_moves.py).
    return data


def cards_json(state: TicketToRideState, counts: list[int]) -> dict[str, int]:
    """Train card counts by card name, the cards held only."""
    names = state.game.board.card_names
    return {names[i]: n for i, n in enumerate(counts) if n}


def public_form(action: Action, setup: bool) -> str:
    """A move as the other seats see it; while seats still choose their first tickets,
    not even how many were kept (their ticket counts are hidden until then too).

    A `Concealed` keep (in a determinized copy's history) reads as it was seen when the
    copy was made: "keep tickets" if made during the setup choice, even once the copy has
    played past it (how many were kept was never known to the copy's seat), "keep N
    tickets" if made later (public by then).
    """
    if setup and (
        type(action) is KeepTickets
        or (isinstance(action, Concealed) and action.move == KeepTickets.kind)
    ):
        return "keep tickets"
    return action.public()


def ticket_pile_shown(state: TicketToRideState) -> int:
    """The ticket pile's size as everyone sees it: while seats choose their first tickets,
    the pile as dealt (how many tickets each seat returns stays hidden until every seat has
    chosen, RULES_NOTES.md); afterwards the pile itself."""
    if state.phase == SETUP:
        return len(state.game.board.tickets) - TICKETS_OFFERED * state.game.players
    return len(state.ticket_pile)
