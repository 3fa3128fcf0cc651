"""Ticket to Ride's lookups, asked for by one word at any decision: `routes` (every route of
the map with its length, colour and owner, and whether you can claim it now) and `tickets`
(your Destination Tickets and the fewest trains each still needs).

Both are built from one observation and the map's static content only, so they show the
seat nothing it may not know: the hand and tickets are its own, the owners are public, and
the trains a ticket still needs count only routes that are free or the seat's own.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Mapping, Sequence
from typing import Any

from tabletrip.core.phrases import listing, plural
from tabletrip.core.presentation import Block, Lookup, Section, Sentence, Table
from tabletrip.games.ticket_to_ride.content import LOCOMOTIVE, Board, Route
from tabletrip.games.ticket_to_ride.notation_claims import fold
from tabletrip.games.ticket_to_ride.present_words import (
    LOCOMOTIVE_NAME,
    Lexicon,
    cards_words,
    game_over,
    pair,
    seat_title,
    tickets_outlook,
)

ROUTES = Lookup(
    "routes",
    "every route of the map: its length, colour and owner, and whether you can claim it now "
    "with your cards; routes <city> keeps the routes of the cities whose names start so",
    filtered=True,
)
TICKETS = Lookup(
    "tickets",
    "your Destination Tickets: completed or not, the fewest trains each still needs over "
    "free routes and yours, and how many tickets the pile holds",
)
LOOKUPS = (ROUTES, TICKETS)
MOST_CITIES_NAMED = 4  # a filtered title names at most this many cities


def build_lookup(
    lexicon: Lexicon, observation: Mapping[str, Any], name: str, query: str
) -> Section:
    """The lookup `name` as the observation's seat sees it; KeyError for another name."""
    if name == ROUTES.name:
        return routes_section(lexicon, observation, query)
    if name == TICKETS.name:
        return tickets_section(lexicon, observation)
    raise KeyError(name)


# --- routes -------------------------------------------------------------------------------------


def matching_cities(board: Board, query: str) -> list[int]:
    """The cities with a word of their name starting with `query` (case and accents aside)."""
    wanted = fold(query).strip()
    if not wanted:
        return list(range(len(board.cities)))
    start = re.compile(r"(?:^|[\s.\-])" + re.escape(wanted))
    return [i for i, name in enumerate(board.cities) if start.search(fold(name))]


def _owners(observation: Mapping[str, Any]) -> dict[int, int]:
    """Route id to the seat holding it."""
    return {r: seat for seat, info in enumerate(observation["seats"]) for r in info["routes"]}


def routes_section(lexicon: Lexicon, observation: Mapping[str, Any], query: str = "") -> Section:
    """Every route (or those of the cities `query` names) with its owner and, for a seat,
    whether it can claim it now."""
    board = lexicon.board
    viewer = observation.get("seat")
    owners = _owners(observation)
    players = len(observation["seats"])
    cities = matching_cities(board, query)
    shown = set(cities)
    timing = _timing(observation, viewer)
    rows = []
    for route in board.routes:
        if route.a not in shown and route.b not in shown:
            continue
        first, second = route.a, route.b
        if query and second in shown and first not in shown:
            first, second = second, first
        kind = f"{route.length} {route.color}"
        track = lexicon.tracks.get(route.id)
        if track:
            kind += ", " + track.removesuffix(" track")
        row: tuple[str | int, ...] = (
            pair(board.cities[first], board.cities[second]),
            kind,
            _owner(board, route, owners, observation, players),
        )
        if viewer is not None:
            row += (_claim_now(board, route, owners, observation, viewer, players, timing),)
        rows.append(row)
    rows.sort(key=lambda r: (str(r[0]), str(r[1])))
    columns: tuple[str, ...] = ("Route", "Length and colour", "Owner")
    if viewer is not None:
        columns += ("Claim now",)
    title = "Routes"
    empty = "no routes"
    if query.strip():
        names = [board.cities[c] for c in sorted(cities, key=lambda c: board.cities[c])]
        if len(names) > MOST_CITIES_NAMED:
            more = len(names) - MOST_CITIES_NAMED
            names = [*names[:MOST_CITIES_NAMED], plural(more, "other city", "other cities")]
        title = f"Routes at {listing(names)}" if names else "Routes"
        empty = f"no city of this map has a name starting with \u201c{query.strip()}\u201d"
    blocks: list[Block] = [Table(columns, tuple(rows), empty=empty)]
    blocks += _routes_sentences(board, observation, viewer, players, timing)
    return Section(title, tuple(blocks), "mine" if viewer is not None else "table", viewer)


def _owner(
    board: Board,
    route: Route,
    owners: Mapping[int, int],
    observation: Mapping[str, Any],
    players: int,
) -> str:
    """`you`, `Player 2`, `free`, or `closed` (a double's other track taken where only one
    of the two may be used)."""
    seat = owners.get(route.id)
    if seat is not None:
        return "you" if seat == observation.get("seat") else seat_title(observation, seat)
    twin = board.twin[route.id]
    if twin >= 0 and twin in owners and players <= board.single_double_up_to:
        return "closed"
    return "free"


def _timing(observation: Mapping[str, Any], viewer: int | None) -> str:
    """Why the seat cannot claim any route at this moment, or "" when it may."""
    if viewer is None:
        return ""
    if game_over(observation):
        return "the game is over"
    if observation["current_player"] != viewer:
        return "it is not your turn"
    phase = observation["phase"]
    if phase == "second_draw":
        return "you already drew a first card this turn"
    if phase in ("setup", "keep"):
        return "you are choosing Destination Tickets"
    return ""


def _claim_now(
    board: Board,
    route: Route,
    owners: Mapping[int, int],
    observation: Mapping[str, Any],
    viewer: int,
    players: int,
    timing: str,
) -> str:
    """`yes: 4 red` (the way with the fewest Locomotives), `no: needs 4 red`, `not now: 4 red`
    (the cards pay, the moment does not: `_timing`), `no: already claimed`..."""
    if route.id in owners:
        return "no: yours" if owners[route.id] == viewer else "no: already claimed"
    twin = board.twin[route.id]
    if twin >= 0 and twin in owners:
        if owners[twin] == viewer:
            return "no: you hold the other track"
        if players <= board.single_double_up_to:
            return f"no: one track only with {players} players"  # `_routes_sentences` says why
    trains = observation["seats"][viewer]["trains"]
    if trains < route.length:
        return f"no: needs {route.length} trains, {trains} left"
    ways = payments(board, route, observation["hand"])
    if not ways:
        if route.is_gray:
            return f"no: needs {plural(route.length, 'card')} of one colour"
        return f"no: needs {route.length} {route.color}"
    return f"not now: {ways[0]}" if timing else f"yes: {ways[0]}"


def payments(board: Board, route: Route, hand: Mapping[str, int]) -> list[str]:
    """The ways the hand pays for the route, the fewest Locomotives for each colour, fewest
    Locomotives first: `4 red`, `3 blue and 1 Locomotive`, `4 Locomotives`."""
    locos = hand.get(LOCOMOTIVE, 0)
    length = route.length
    ways: list[tuple[int, int, str]] = []
    colours = board.colors if route.is_gray else (route.color,)
    for order, colour in enumerate(colours):
        have = hand.get(colour, 0)
        extra = max(0, length - have)
        if have and extra <= locos:
            words = f"{length - extra} {colour}"
            if extra:
                words += f" and {plural(extra, LOCOMOTIVE_NAME)}"
            ways.append((extra, order, words))
    if locos >= length:
        ways.append((length, len(colours), plural(length, LOCOMOTIVE_NAME)))
    return [words for _, _, words in sorted(ways)]


def _routes_sentences(
    board: Board,
    observation: Mapping[str, Any],
    viewer: int | None,
    players: int,
    timing: str,
) -> list[Block]:
    """Your cards and trains, why you cannot claim now, and the double-route rule."""
    sentences: list[Block] = []
    if viewer is not None:
        cards = cards_words(observation["hand"]) or "no cards"
        trains = plural(observation["seats"][viewer]["trains"], "train")
        sentences.append(
            Sentence(
                f"You hold {cards} and have {trains} left; Locomotives stand in for any colour."
            )
        )
        if timing:
            sentences.append(Sentence(f"You cannot claim a route now: {timing}."))
    if players <= board.single_double_up_to:
        rule = (
            f"With {players} players only one track of a double route may be used: once one "
            "is claimed, the other is closed."
        )
    else:
        rule = (
            f"With {players} players both tracks of a double route may be claimed, never "
            "both by the same player."
        )
    sentences.append(Sentence(rule))
    return sentences


# --- tickets ------------------------------------------------------------------------------------


def trains_needed(
    board: Board, observation: Mapping[str, Any], seat: int
) -> dict[tuple[str, str], int | None]:
    """For each of the seat's tickets and offered tickets, the fewest trains that would
    still join its cities over free routes open to the seat and its own (None: no path)."""
    owners = _owners(observation)
    players = len(observation["seats"])
    graph: list[list[tuple[int, int]]] = [[] for _ in board.cities]
    for route in board.routes:
        owner = owners.get(route.id)
        if owner == seat:
            cost = 0
        elif owner is not None:
            continue
        else:
            twin = board.twin[route.id]
            if twin in owners and (owners[twin] == seat or players <= board.single_double_up_to):
                continue
            cost = route.length
        graph[route.a].append((route.b, cost))
        graph[route.b].append((route.a, cost))
    index = {name: i for i, name in enumerate(board.cities)}
    tickets = [*(observation.get("tickets") or ()), *(observation.get("offer") or ())]
    return {(t["a"], t["b"]): _fewest(graph, index[t["a"]], index[t["b"]]) for t in tickets}


def _fewest(graph: Sequence[Sequence[tuple[int, int]]], start: int, goal: int) -> int | None:
    """The cheapest path's cost from `start` to `goal` (Dijkstra), None if there is none."""
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, city = heapq.heappop(queue)
        if city == goal:
            return cost
        if cost > best.get(city, cost):
            continue
        for other, step in graph[city]:
            total = cost + step
            if total < best.get(other, total + 1):
                best[other] = total
                heapq.heappush(queue, (total, other))
    return None


def _need_words(need: int | None, trains: int, completed: bool) -> str:
    if completed or need == 0:
        return "none"
    if need is None:
        return "cannot be joined any more"
    if need > trains:
        return f"{plural(need, 'train')}, you have {trains}"
    return plural(need, "train")


def tickets_section(lexicon: Lexicon, observation: Mapping[str, Any]) -> Section:
    """The seat's Destination Tickets (and the ones offered to it) with what each still
    needs, and the pile's size."""
    board = lexicon.board
    viewer = observation.get("seat")
    pile = Sentence(
        f"The Destination Ticket pile holds {plural(observation['ticket_pile_size'], 'ticket')}."
    )
    if viewer is None:
        return Section(
            "Destination Tickets",
            (Sentence("Each player's Destination Tickets stay secret until the end."), pile),
            "table",
        )
    needs = trains_needed(board, observation, viewer)
    trains = observation["seats"][viewer]["trains"]
    columns = ("Ticket", "Points", "Completed", "Trains still needed")
    tickets = observation.get("tickets") or ()
    rows = tuple(
        (
            pair(t["a"], t["b"]),
            t["points"],
            "yes" if t["completed"] else "not yet",
            _need_words(needs[(t["a"], t["b"])], trains, t["completed"]),
        )
        for t in tickets
    )
    blocks: list[Block] = [Table(columns, rows, empty="no Destination Tickets kept yet")]
    if tickets:
        blocks.append(Sentence(tickets_outlook(tickets)))
    offer = observation.get("offer") or ()
    if offer:
        blocks.append(Sentence("Offered to you now:"))
        blocks.append(
            Table(
                ("Ticket", "Points", "Trains needed"),
                tuple(
                    (
                        pair(t["a"], t["b"]),
                        t["points"],
                        _need_words(needs[(t["a"], t["b"])], trains, False),
                    )
                    for t in offer
                ),
            )
        )
    blocks.append(
        Sentence(
            "Trains still needed counts the free routes open to you and your own; other "
            "players may claim those routes first."
        )
    )
    blocks.append(pile)
    return Section("Your Destination Tickets", tuple(blocks), "mine", viewer)
