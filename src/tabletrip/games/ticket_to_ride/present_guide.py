"""Ticket to Ride's guides for a person at the table: the rules in a few paragraphs and every
form of the move notation with what each field means.

Both read the map's static content only (`Board`), so each edition speaks its own rulebook:
the USA map's draw pile, face-up Locomotive rules and Longest Continuous Path; Europe
Express's deck, Locomotive pile, start score of 100 and Europe Express Cards.
"""

from __future__ import annotations

import textwrap

from tabletrip.core.phrases import listing
from tabletrip.core.presentation import NotationForm
from tabletrip.games.ticket_to_ride.content import Board
from tabletrip.games.ticket_to_ride.notation_claims import example_route
from tabletrip.games.ticket_to_ride.phases import (
    END_TRIGGER_TRAINS,
    FACE_UP,
    KEEP_AT_SETUP,
    KEEP_IN_GAME,
    TICKETS_OFFERED,
)
from tabletrip.games.ticket_to_ride.present_words import EXPRESS_CARD, draw_pile, map_title, pair

RULES_WIDTH = 90  # the columns a rules paragraph is wrapped to


def _points_scale(board: Board) -> str:
    """`1, 2, 4, 7, 10 or 15 points for 1 to 6 spaces`."""
    lengths = sorted(board.route_points)
    points = [str(board.route_points[n]) for n in lengths]
    shown = ", ".join(points[:-1]) + f" or {points[-1]}"
    return f"{shown} points for {lengths[0]} to {lengths[-1]} spaces"


def _doubles(board: Board) -> str:
    """The double-route rule of the edition, by player count."""
    few = board.single_double_up_to
    counts = str(few) if few == board.min_players else f"{board.min_players} or {few}"
    return (
        "No player may hold both tracks of a double route, and with "
        f"{counts} players only one of the two may be used at all."
    )


def build_rules_summary(board: Board) -> str:
    """The edition's rules in our own words: goal, a turn, each action, end, ties."""
    pile = draw_pile(board.locomotive_pile)
    title = map_title(board.map)
    express = board.express_cities is not None and bool(board.express_bonus)
    players = f"{board.min_players} to {board.max_players} players"
    if board.locomotive_pile:
        intro = (
            f"Ticket to Ride {title}, for {players}. Claim railway routes between European "
            "cities with sets of Train Car cards, join the two cities of each of your secret "
            "Destination Tickets, and aim for the most points. Every Scoring Marker starts at "
            f"{board.start_score} and every player has {board.trains} trains."
        )
        actions = (
            "On your turn do exactly one thing: draw Train Car cards, take a Locomotive, "
            "claim a route, or draw Destination Tickets."
        )
        drawing = (
            f"Drawing: take 2 cards, each either one of the {FACE_UP} face-up cards (replaced "
            f"at once from the {pile}) or the top card of the {pile}, unseen. Taking a "
            "Locomotive is a whole turn: one from the face-up Locomotive pile. Locomotives "
            "played for a route go back to that pile."
        )
    else:
        intro = (
            f"Ticket to Ride on the {title} map, for {players}. Claim railway routes between "
            "cities with sets of Train Car cards, join the two cities of each of your secret "
            "Destination Tickets, and aim for the most points. Every player has "
            f"{board.trains} trains."
        )
        actions = (
            "On your turn do exactly one thing: draw Train Car cards, claim a route, or draw "
            "Destination Tickets."
        )
        drawing = (
            f"Drawing: take 2 cards, each either one of the {FACE_UP} face-up cards (replaced "
            f"at once from the {pile}) or the top card of the {pile}, unseen. A face-up "
            "Locomotive is your whole draw and can never be the second card; a Locomotive "
            "drawn unseen still lets you draw another. Whenever 3 face-up cards are "
            "Locomotives, all of them are discarded and 5 new ones turned up."
        )
    claiming = (
        "Claiming: play as many cards of one colour as the route has spaces, in the route's "
        "colour (any one colour for a gray route); Locomotives stand in for any colour. Put "
        f"a train on each space and score at once: {_points_scale(board)}. {_doubles(board)}"
    )
    tickets = (
        f"Tickets: draw {TICKETS_OFFERED} and keep at least {KEEP_IN_GAME} (at the start "
        f"you are dealt {TICKETS_OFFERED} and keep at least {KEEP_AT_SETUP}); the others "
        "go under the pile. A ticket whose cities your own routes join at the end adds its "
        "points; any other takes them away. Your tickets stay secret until then."
    )
    parts = [intro, actions, drawing, claiming, tickets]
    if express:
        assert board.express_cities is not None
        a, b = (board.cities[c] for c in board.express_cities)
        values = listing([str(v) for v in board.express_bonus])
        parts.append(
            f"{pair(a, b)}: the first time your own routes join {a} and {b}, take the top "
            f"{EXPRESS_CARD} left ({values} points, in that order); one per player."
        )
    bonus = (
        f"the longest continuous path of trains earns {board.longest_path_bonus} points "
        "(every tied player takes them)"
        if board.longest_path_bonus
        else f"every {EXPRESS_CARD} is added"
    )
    parts.append(
        f"The end: when a player ends a turn with {END_TRIGGER_TRAINS} trains or fewer, "
        "every player, that one included, takes one last turn. Then the tickets are "
        f"scored and {bonus}."
    )
    tie = (
        ", then the holder of the Longest Continuous Path bonus" if board.longest_path_bonus else ""
    )
    parts.append(
        f"Most points wins. A tie goes to the player who completed more tickets{tie}; "
        "players still tied share the win."
    )
    return "\n\n".join(textwrap.fill(part, RULES_WIDTH) for part in parts)


def build_notation_help(board: Board) -> tuple[NotationForm, ...]:
    """Every form `parse_action` reads, as typed, with what each field means."""
    pile = draw_pile(board.locomotive_pile)
    colours = ", ".join(board.colors)
    route = example_route(board)
    name, colour, length = board.route_name(route), route.color, route.length
    tickets = ", ".join(board.ticket_name(t) for t in board.tickets[:2])
    cities = (
        "<cities>",
        "the route's two cities joined by a hyphen, in either order: "
        f"{board.route_name(board.routes[0])} (case, accents and the kind of dash do not "
        "matter; a space works too)",
    )
    forms = [
        NotationForm("blind", f"Draw the top card of the {pile}, unseen (also deck or draw)."),
        NotationForm(
            "take <card>",
            "Take a face-up card (or type just its colour).",
            (
                (
                    "<card>",
                    f"a colour showing face up: {colours}"
                    + ("" if board.locomotive_pile else ", or locomotive"),
                ),
            ),
        ),
    ]
    if board.locomotive_pile:
        forms.append(
            NotationForm("locomotive", "Take a Locomotive from the Locomotive pile (a turn).")
        )
    else:
        forms.append(NotationForm("locomotive", "Take the face-up Locomotive (also loco)."))
    payment = (
        cities,
        (
            "<colour>",
            f"the colour of the cards you pay with: {colours} (any one for a gray route); "
            "left out, the route's own colour",
        ),
        (
            "<locomotives>",
            "how many Locomotives you add, 0 up to the route's length less 1; left out, as "
            "few as your cards allow",
        ),
    )
    forms += [
        NotationForm(
            "claim <cities> <colour> <locomotives>",
            f"Claim a route: claim {name} {colour} 1. Leave out what only one way fits; the "
            f"move's words work too (claim {name} with {length - 1} {colour} and 1 "
            "Locomotive).",
            payment,
        ),
        NotationForm(
            "claim <cities> <length> locomotives",
            "Claim a route with Locomotives only (for one of a double of two colours, name "
            f"its colour first: claim {name} {colour} {length} locomotives).",
            (cities, ("<length>", "the route's length: one Locomotive a space")),
        ),
        NotationForm(
            "claim <cities> <colour> <locomotives> <track>",
            "Claim one of the two routes of a double that share a colour.",
            (
                *payment,
                (
                    "<track>",
                    "where it lies beside its twin, as the map shows it: western, "
                    "north-eastern, ... (west, north-east work too); left out, either one",
                ),
            ),
        ),
        NotationForm(
            "claim r<number> <cities> with <payment>",
            "A claim as records write it (the number may be left out).",
            (
                ("<number>", "the route's place in the map's list of routes, from 0"),
                cities,
                (
                    "<payment>",
                    "red (every card red), red + 1 locomotive (and Locomotives for the "
                    "rest) or 4 locomotives (Locomotives only)",
                ),
            ),
        ),
        NotationForm(
            "tickets",
            f"Draw {TICKETS_OFFERED} Destination Tickets (fewer if the pile holds fewer), then "
            f"keep at least {KEEP_IN_GAME}.",
        ),
        NotationForm(
            "keep <tickets>",
            f"Keep these of the tickets offered (at least {KEEP_AT_SETUP} at the start, "
            f"{KEEP_IN_GAME} later); the others go under the pile.",
            (
                (
                    "<tickets>",
                    f"all; or each ticket's two cities, separated by commas (keep {tickets}); "
                    "or, as records write them, t<number> and the cities "
                    "(<number> is the ticket's place in the map's list of tickets, from 0)",
                ),
            ),
        ),
        NotationForm("pass", "Pass: only when no other move is possible."),
    ]
    return tuple(forms)
