"""Ticket to Ride moves in words: a played move from its public notation (the log), and a
legal move as its player chooses it (the move list, the board's menus, the hints).

A played move reads after the mover's name ("claimed Dallas–Houston with 2 orange"); a
legal move is an imperative ("Claim Dallas–Houston (1 gray) with 1 orange", "Keep
Boston–Miami (12) and Denver–El Paso (4)"). Both come from the notation or the action, the
seat's own observation and the map only; the words of two legal moves never read alike.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tabletrip.core import Action
from tabletrip.core.phrases import listing, plural
from tabletrip.games.ticket_to_ride.actions import (
    Claim,
    DrawBlind,
    DrawTickets,
    KeepTickets,
    Pass,
    TakeFaceUp,
    TakeLocomotive,
)
from tabletrip.games.ticket_to_ride.content import LOCOMOTIVE, Board
from tabletrip.games.ticket_to_ride.phases import TICKETS_OFFERED
from tabletrip.games.ticket_to_ride.present_words import (
    DASH,
    LOCOMOTIVE_NAME,
    Lexicon,
    draw_pile,
    pair,
)

# --- played moves, from their public notation ----------------------------------------------

_CLAIM = re.compile(r"^claim r(\d+) (.+?) with (.+)$")
_LOCOS = re.compile(r"^(\d+) locomotives?$")
_PAY = re.compile(r"^([a-z]+)(?: \+ (\d+) locomotives?)?$")
_KEEP = re.compile(r"^keep (\d+) tickets?$")
_UNREADABLE = re.compile(r"\b[a-z]\d+\b|\b[a-z]+(?:_[a-z0-9]+)+\b")


def _an(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def build_move_words(board: Board, move: str) -> str:
    """A move's public notation in words that read after the mover's name."""
    text = " ".join(move.split())
    if text == "blind":
        return f"drew a Train Car card from the {draw_pile(board.locomotive_pile)}"
    if text == "locomotive":
        return "took a Locomotive from the Locomotive pile"
    if text.startswith("take "):
        card = text.removeprefix("take ")
        shown = LOCOMOTIVE_NAME if card == LOCOMOTIVE else card
        return f"took {_an(shown)} face up"
    if text == "tickets":
        return "drew Destination Tickets"
    if text == "keep tickets":
        return "kept Destination Tickets"
    if text == "pass":
        return "passed"
    kept = _KEEP.match(text)
    if kept:
        return f"kept {plural(int(kept.group(1)), 'Destination Ticket')}"
    if text.startswith("keep "):
        # A seat's own full notation ("keep t3 A-B, t9 C-D"): only the count, as others see it.
        return f"kept {plural(text.count(',') + 1, 'Destination Ticket')}"
    claim = _CLAIM.match(text)
    if claim:
        words = _claim_words(board, int(claim.group(1)), claim.group(2), claim.group(3))
        if words:
            return words
    return _fallback(text)


def _claim_words(board: Board, route_id: int, name: str, payment: str) -> str:
    if 0 <= route_id < len(board.routes):
        route = board.routes[route_id]
        where, length = pair(board.cities[route.a], board.cities[route.b]), route.length
    else:
        where, length = name.replace("-", DASH, 1), 0
    locos = _LOCOS.match(payment)
    if locos:
        return f"claimed {where} with {plural(int(locos.group(1)), LOCOMOTIVE_NAME)}"
    pay = _PAY.match(payment)
    if not pay:
        return ""
    color, extra = pay.group(1), int(pay.group(2) or 0)
    cards = f"{length - extra} {color}" if length else color
    if extra:
        cards += f" and {plural(extra, LOCOMOTIVE_NAME)}"
    return f"claimed {where} with {cards}"


def _fallback(text: str) -> str:
    cleaned = " ".join(_UNREADABLE.sub("", text).replace("_", " ").split())
    return f"played {cleaned}" if cleaned else "made a move"


# --- legal moves, as the player chooses them -------------------------------------------------


def payment_words(claim: Claim, length: int) -> str:
    """The cards a claim plays: `2 orange`, `3 purple and 1 Locomotive`, `4 Locomotives`."""
    if claim.color == LOCOMOTIVE:
        return plural(claim.locomotives, LOCOMOTIVE_NAME)
    cards = f"{length - claim.locomotives} {claim.color}"
    if claim.locomotives:
        cards += f" and {plural(claim.locomotives, LOCOMOTIVE_NAME)}"
    return cards


def build_action_words(lexicon: Lexicon, observation: Mapping[str, Any], action: Action) -> str:
    """A legal move of the observation's seat in words (see the module docstring)."""
    board = lexicon.board
    kind = type(action)
    if kind is Claim:
        claim: Claim = action  # type: ignore[assignment]
        route = board.routes[claim.route]
        return f"Claim {lexicon.routes[route.id]} with {payment_words(claim, route.length)}"
    if kind is TakeFaceUp:
        card: str = action.card  # type: ignore[attr-defined]
        if card == LOCOMOTIVE:
            return f"Take the face-up {LOCOMOTIVE_NAME}"
        return f"Take the face-up {card} card"
    if kind is DrawBlind:
        return f"Draw a card from the {draw_pile(board.locomotive_pile)}"
    if kind is TakeLocomotive:
        return f"Take a {LOCOMOTIVE_NAME} from the Locomotive pile"
    if kind is DrawTickets:
        return _draw_tickets_words(observation)
    if kind is KeepTickets:
        return _keep_words(lexicon, observation, action)  # type: ignore[arg-type]
    if kind is Pass:
        return "Pass: no other move is possible"
    words = build_move_words(board, str(action))
    return words[:1].upper() + words[1:]


def _draw_tickets_words(observation: Mapping[str, Any]) -> str:
    """`Draw 3 Destination Tickets`; fewer when the pile holds fewer (all of them)."""
    pile = observation["ticket_pile_size"]
    if pile >= TICKETS_OFFERED:
        return f"Draw {TICKETS_OFFERED} Destination Tickets"
    if pile == 1:
        return "Draw the last Destination Ticket"
    return f"Draw the last {pile} Destination Tickets"


def _keep_words(lexicon: Lexicon, observation: Mapping[str, Any], action: KeepTickets) -> str:
    """`Keep Boston–Miami (12) and Denver–El Paso (4)`, in the order the tickets were drawn."""
    order = {t["id"]: i for i, t in enumerate(observation.get("offer") or ())}
    kept = sorted(action.tickets, key=lambda t: (order.get(t, len(order)), t))
    return "Keep " + listing([lexicon.tickets[t] for t in kept])


# --- legal moves, as the steps the player chooses them in -----------------------------------

CLAIM_STEP = "Claim a route"


def build_action_steps(
    lexicon: Lexicon, observation: Mapping[str, Any], action: Action
) -> tuple[str, ...]:
    """A legal move as the steps a person takes to choose it: a claim in three ("Claim a
    route", the route as the map shows it, how to pay), a choice of tickets in two (how
    many, then which), every draw in one (its words)."""
    kind = type(action)
    if kind is Claim:
        claim: Claim = action  # type: ignore[assignment]
        route = lexicon.board.routes[claim.route]
        payment = "With " + payment_words(claim, route.length)
        return (CLAIM_STEP, lexicon.routes[route.id], payment)
    if kind is KeepTickets:
        keep: KeepTickets = action  # type: ignore[assignment]
        offer = observation.get("offer") or ()
        order = {t["id"]: i for i, t in enumerate(offer)}
        kept = sorted(keep.tickets, key=lambda t: (order.get(t, len(order)), t))
        count = len(kept)
        if count == len(offer) and count > 1:
            first = f"Keep all {count} tickets"
        else:
            first = f"Keep {plural(count, 'ticket')}"
        return (first, listing([lexicon.tickets[t] for t in kept]))
    return (build_action_words(lexicon, observation, action),)
