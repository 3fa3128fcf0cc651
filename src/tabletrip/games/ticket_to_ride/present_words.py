"""Ticket to Ride's vocabulary: how cards, cities, routes, tickets and seats are named.

Every player-facing text of the game (the presentation, the moves in words, the board's
titles and labels) names things with these, in the rulebooks' words: a `Locomotive`, the USA
map's `draw pile` and Europe Express's `deck`, `Dallas–Houston (1 gray)` for a route,
`Boston–Miami (12)` for a Destination Ticket, `Player 2` for a seat. The two routes of a
double of one colour are told apart by where each is drawn on the map ("western track").
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from tabletrip.core.phrases import plural
from tabletrip.games.ticket_to_ride.content import LOCOMOTIVE, Board
from tabletrip.games.ticket_to_ride.layout import double_offsets, seat_color
from tabletrip.games.ticket_to_ride.rules import TicketToRideGame

if TYPE_CHECKING:
    from tabletrip.core.game import Game

DASH = "\u2013"  # city names are joined with an en dash: "Dallas–Houston"
LOCOMOTIVE_NAME = "Locomotive"
EXPRESS_CARD = "Europe Express Card"
MAP_TITLES = {"usa": "USA", "europe-express": "Europe Express"}
# Where a route of a double lies from the pair's middle line, by compass sector (east first,
# counter-clockwise), as a person points at it on the map.
COMPASS = (
    "eastern",
    "north-eastern",
    "northern",
    "north-western",
    "western",
    "south-western",
    "southern",
    "south-eastern",
)


def points_words(points: int) -> str:
    """`1 point`, `12 points`."""
    return plural(points, "point")


def tickets_outlook(tickets: Sequence[Mapping[str, Any]]) -> str:
    """What a seat's Destination Tickets would score if the game ended now."""
    done = sum(t["points"] for t in tickets if t["completed"])
    missing = sum(t["points"] for t in tickets if not t["completed"])
    return (
        f"If the game ended now: +{points_words(done)} for the tickets completed, "
        f"\u2212{points_words(missing)} for the ones not yet connected."
    )


def card_name(card: str) -> str:
    """A train card's name as printed: `Red`, `Locomotive`."""
    return LOCOMOTIVE_NAME if card == LOCOMOTIVE else card.capitalize()


def cards_words(cards: Mapping[str, int]) -> str:
    """`1 red, 2 Locomotives` (colours as adjectives, the Locomotive by name)."""
    return ", ".join(
        plural(n, LOCOMOTIVE_NAME) if card == LOCOMOTIVE else f"{n} {card}"
        for card, n in cards.items()
        if n
    )


def pair(a: str, b: str) -> str:
    """Two cities as printed on a route or a ticket: `Denver–El Paso`."""
    return f"{a}{DASH}{b}"


def map_title(map_id: str) -> str:
    """The map's name as printed: `USA`, `Europe Express`."""
    return MAP_TITLES.get(map_id, map_id)


def draw_pile(locomotive_pile: bool) -> str:
    """What the rulebook calls the face-down Train Car cards: USA "draw pile", Europe Express
    (the edition with a Locomotive pile) "deck"."""
    return "deck" if locomotive_pile else "draw pile"


def game_over(observation: Mapping[str, Any]) -> bool:
    """Over: the final round played, or a whole round of passes (nobody could act)."""
    if observation.get("final_turns_left") == 0:
        return True
    players = len(observation["seats"])
    log = observation.get("log") or []
    return len(log) >= players and all(text == "pass" for _, text in log[-players:])


def seat_title(observation: Mapping[str, Any], seat: int) -> str:
    """`Player 2`, or the seat's label where the observation carries one."""
    info = observation["seats"][seat]
    label = info.get("label") or info.get("name")
    return str(label) if label else f"Player {seat + 1}"


def seat_with_colour(name: str, seat: int) -> str:
    """`Player 2 (red)`, `you (blue)`: a seat named with the colour of its trains."""
    return f"{name} ({seat_color(seat)})"


def route_label(a: str, b: str, length: int, color: str, track: str = "") -> str:
    """A route as the map shows it: `Dallas–Houston (1 gray)`, and for one of two routes of
    the same colour between two cities, which: `Portland–Seattle (1 gray, western track)`."""
    where = f", {track}" if track else ""
    return f"{pair(a, b)} ({length} {color}{where})"


def ticket_label(a: str, b: str, points: int) -> str:
    """A Destination Ticket as printed: `Boston–Miami (12)`."""
    return f"{pair(a, b)} ({points})"


def compass(dx: float, dy: float) -> str:
    """The compass word of a direction on the map (x east, y south): `north-western`."""
    sector = round(math.degrees(math.atan2(-dy, dx)) / 45) % len(COMPASS)
    return COMPASS[sector]


def same_colour_tracks(static_info: Mapping[str, Any]) -> dict[int, str]:
    """Route id to `western track` (or the like) for each route of a double whose two routes
    have the same colour: where it is drawn tells it from its twin."""
    routes = static_info["routes"]
    offsets = double_offsets(static_info)
    colours: dict[frozenset[str], list[str]] = {}
    for route_id in offsets:
        route = routes[route_id]
        colours.setdefault(frozenset((route["a"], route["b"])), []).append(route["color"])
    tracks = {}
    for route_id, (dx, dy) in offsets.items():
        route = routes[route_id]
        both = colours[frozenset((route["a"], route["b"]))]
        if len(both) == 2 and both[0] == both[1]:
            tracks[route_id] = f"{compass(dx, dy)} track"
    return tracks


def route_labels(static_info: Mapping[str, Any]) -> tuple[str, ...]:
    """Every route's `route_label`, by route id."""
    tracks = same_colour_tracks(static_info)
    return tuple(
        route_label(r["a"], r["b"], r["length"], r["color"], tracks.get(r["id"], ""))
        for r in static_info["routes"]
    )


@dataclass(frozen=True, slots=True)
class Lexicon:
    """The names of one game's map, made once per game: its board, each route's label (by
    route id), each Destination Ticket's (by ticket id), and for each route of a double
    whose two routes share a colour, where it lies (`western track`, by route id)."""

    board: Board
    routes: tuple[str, ...]
    tickets: tuple[str, ...]
    tracks: Mapping[int, str]


_LEXICONS: WeakKeyDictionary[Game, Lexicon] = WeakKeyDictionary()


def lexicon(game: Game) -> Lexicon:
    """The names of `game`'s map (cached per game)."""
    cached = _LEXICONS.get(game)
    if cached is None:
        board = game_board(game)
        tickets = tuple(
            ticket_label(board.cities[t.a], board.cities[t.b], t.points) for t in board.tickets
        )
        info = game.static_info()
        cached = _LEXICONS[game] = Lexicon(
            board, route_labels(info), tickets, same_colour_tracks(info)
        )
    return cached


def game_board(game: Game) -> Board:
    """The map's static content: the presentation reads nothing else of the game."""
    if not isinstance(game, TicketToRideGame):
        raise TypeError(f"not a Ticket to Ride game: {type(game).__name__}")
    return game.board
