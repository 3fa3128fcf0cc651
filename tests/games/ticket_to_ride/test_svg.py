"""The Ticket to Ride map and board in SVG: well-formed, every route and city, and every title
and label in the game's words (routes by their cities, seats as `Player 2` or `you`)."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET

import pytest

import tabletrip
from contract import check_board_words
from random_play import random_moves
from tabletrip.core.presentation import render_svg, unreadable_parts
from tabletrip.games.ticket_to_ride.layout import color_letter
from tabletrip.games.ticket_to_ride.present_words import compass, same_colour_tracks
from tabletrip.games.ticket_to_ride.rules import SETUP, TicketToRideState
from tabletrip.games.ticket_to_ride.svg_map import claimed_routes, render_map
from ttr_situations import MapSituations, new_state

SVG = "{http://www.w3.org/2000/svg}"
MAPS = ("usa", "europe-express")
DASH = "\u2013"
USA = MapSituations("usa")
EUROPE = MapSituations("europe-express", locomotive_pile=12)


def played(map_id: str, players: int, seed: int, moves: int) -> TicketToRideState:
    """A game after `moves` random actions (routes claimed, cards known, a log)."""
    state = new_state(map_id, players, seed)
    random_moves(state, seed, moves)
    return state


def route_groups(svg: str) -> dict[str, ET.Element]:
    """The route elements of an SVG by their id."""
    root = ET.fromstring(svg)
    return {
        el.attrib["id"]: el for el in root.iter() if el.attrib.get("id", "").startswith("route-")
    }


def title_of(element: ET.Element) -> str:
    """The `<title>` text of an SVG element."""
    return element.findtext(f"{SVG}title") or ""


def group_texts(root: ET.Element, group_id: str) -> list[str]:
    """The `<text>` strings of the group with this id."""
    group = root.find(f".//{SVG}g[@id='{group_id}']")
    assert group is not None, group_id
    return [el.text or "" for el in group.iter(f"{SVG}text")]


# --- the map --------------------------------------------------------------------------------


@pytest.mark.parametrize("map_id", MAPS)
def test_the_svg_is_xml_with_one_element_per_route_and_city(map_id: str) -> None:
    static = tabletrip.make("ticket-to-ride", map=map_id).static_info()
    svg = render_map(static, width=800)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.attrib["width"] == "800"
    groups = route_groups(svg)
    assert sorted(groups) == sorted(f"route-{r['id']}" for r in static["routes"])
    tracks = same_colour_tracks(static)
    for route in static["routes"]:
        group = groups[f"route-{route['id']}"]
        track = f", {tracks[route['id']]}" if route["id"] in tracks else ""
        assert title_of(group) == (
            f"{route['a']}{DASH}{route['b']} ({route['length']} {route['color']}{track})"
        )
        assert len(group.findall(f"{SVG}rect")) == route["length"]
        # Unclaimed: only the colour letter (none on gray), never colour alone.
        letters = [el.text for el in group.findall(f"{SVG}text")]
        assert letters == ([color_letter(route["color"])] if route["color"] != "gray" else [])
        assert group.attrib["data-color"] == route["color"]
    key_texts = " ".join(group_texts(root, "color-key"))
    for color in {route["color"] for route in static["routes"]}:
        assert color in key_texts and color_letter(color) in key_texts
    cities = [el for el in root.iter() if el.attrib.get("class") == "city"]
    assert [title_of(el) for el in cities] == [c["name"] for c in static["cities"]]


def test_claimed_routes_carry_their_player_number_and_colour() -> None:
    state = played("usa", 3, seed=11, moves=200)
    owned = claimed_routes(state.public_observation())
    assert all(owned[s] for s in range(3))
    svg = render_map(state.game.static_info(), owned)
    groups = route_groups(svg)
    owner = {r: s for s, routes in owned.items() for r in routes}
    for route in state.game.board.routes:
        group = groups[f"route-{route.id}"]
        title = title_of(group)
        if route.id in owner:
            seat = owner[route.id]
            assert f"seat-{seat}" in group.attrib["class"].split()
            assert group.attrib["data-seat"] == str(seat)
            marks = [el.text for el in group.findall(f"{SVG}text")]
            assert marks == [str(seat + 1)] * route.length  # Player 1 writes 1
            colour = ["blue", "red", "green"][seat]
            assert title.endswith(f", claimed by Player {seat + 1} ({colour})")
        else:
            assert "claimed" not in group.attrib["class"]
            assert "claimed" not in title
    legend = group_texts(ET.fromstring(svg), "legend")
    assert legend == ["1", "Player 1 (blue)", "2", "Player 2 (red)", "3", "Player 3 (green)"]


def test_svg_escapes_names() -> None:
    static = {
        "map": "test",
        "cities": [
            {"name": "A & B", "lon": 0.0, "lat": 10.0},
            {"name": "<C>", "lon": 5.0, "lat": 12.0},
        ],
        "routes": [{"id": 0, "a": "A & B", "b": "<C>", "length": 2, "color": "gray"}],
    }
    root = ET.fromstring(render_map(static, {1: [0]}))
    texts = [el.text for el in root.iter(f"{SVG}text")]
    assert "A & B" in texts and "<C>" in texts
    route = root.find(f".//{SVG}g[@id='route-0']")
    assert route is not None
    assert title_of(route) == f"A & B{DASH}<C> (2 gray), claimed by Player 2 (red)"


@pytest.mark.parametrize("map_id", MAPS)
def test_the_track_of_a_double_is_named_where_it_is_drawn(map_id: str) -> None:
    """The two routes of a double of one colour read apart by their side of the pair on the
    map ("western track"): the word points from its twin's line to its own."""
    static = tabletrip.make("ticket-to-ride", map=map_id).static_info()
    tracks = same_colour_tracks(static)
    assert tracks, "both maps have gray doubles"
    groups = route_groups(render_map(static))

    def middle(route_id: int) -> tuple[float, float]:
        hit = groups[f"route-{route_id}"].find(f"{SVG}line")
        assert hit is not None
        x1, y1, x2, y2 = (float(hit.attrib[k]) for k in ("x1", "y1", "x2", "y2"))
        return (x1 + x2) / 2, (y1 + y2) / 2

    routes = static["routes"]
    for route_id, track in tracks.items():
        route = routes[route_id]
        twin = next(
            r["id"]
            for r in routes
            if r["id"] != route_id and {r["a"], r["b"]} == {route["a"], route["b"]}
        )
        assert tracks[twin] != track
        (x, y), (tx, ty) = middle(route_id), middle(twin)
        assert math.hypot(x - tx, y - ty) > 0
        assert track == f"{compass(x - tx, y - ty)} track"


def test_compass_words() -> None:
    assert compass(1, 0) == "eastern" and compass(-1, 0) == "western"
    assert compass(0, -1) == "northern" and compass(0, 1) == "southern"
    assert compass(1, -1) == "north-eastern" and compass(-1, 1) == "south-western"
    assert compass(-1, -0.9) == "north-western" and compass(1, 0.2) == "eastern"


def test_dallas_houston_reads_as_its_two_tracks() -> None:
    static = tabletrip.make("ticket-to-ride").static_info()
    groups = route_groups(render_map(static))
    titles = sorted(title_of(groups[f"route-{r}"]) for r in (25, 26))
    assert titles == [
        f"Dallas{DASH}Houston (1 gray, eastern track)",
        f"Dallas{DASH}Houston (1 gray, western track)",
    ]


# --- the board a seat sees ---------------------------------------------------------------------


def test_the_board_names_the_viewer_you_and_the_others_player_n() -> None:
    state = played("usa", 3, seed=11, moves=200)
    claimed = claimed_routes(state.public_observation())
    owner = {r: s for s, routes in claimed.items() for r in routes}
    colours = ["blue", "red", "green"]
    for viewer in (None, 0, 1):
        root = ET.fromstring(render_svg(state, viewer))
        names = ["you" if seat == viewer else f"Player {seat + 1}" for seat in range(3)]
        legend = group_texts(root, "legend")
        assert legend[1::2] == [f"{n} ({c})" for n, c in zip(names, colours, strict=True)]
        assert legend[0::2] == ["1", "2", "3"]
        groups = {el.attrib.get("data-target"): el for el in root.iter(f"{SVG}g")}
        for route, seat in owner.items():
            title = title_of(groups[f"route-{route}"])
            assert title.endswith(f", claimed by {names[seat]} ({colours[seat]})"), title


def test_the_table_titles_speak_each_edition() -> None:
    state = USA.turn_state(face_up=["red", "locomotive"], deck=["black"], discards=["blue"] * 3)
    root = ET.fromstring(render_svg(state, 0))
    titles = {el.attrib.get("data-target"): title_of(el) for el in root.iter(f"{SVG}g")}
    assert titles["deck"] == (
        "Train Car draw pile: 1 card, draw the top one unseen (3 cards discarded)"
    )
    assert titles["face-up-0"] == "Face-up card: red"
    assert titles["face-up-1"] == "Face-up card: Locomotive"
    pile = state.public_observation()["ticket_pile_size"]
    assert titles["tickets"] == f"Destination Ticket pile: {pile} tickets"
    assert "draw pile" in group_texts(root, "table")
    europe = EUROPE.turn_state(face_up=["red"], deck=["black"] * 4)
    root = ET.fromstring(render_svg(europe, 0))
    titles = {el.attrib.get("data-target"): title_of(el) for el in root.iter(f"{SVG}g")}
    assert titles["deck"].startswith("Train Car deck: 4 cards, draw the top one unseen")
    assert titles["locomotive-pile"] == "Locomotive pile: 12 left"
    texts = group_texts(root, "table")
    assert f"Europe Express Cards (London{DASH}Istanbul) left: 20, 15, 10 and 5 points" in texts
    assert "deck" in texts and "Locomotive" in texts


def test_the_final_round_is_said_with_whole_plurals() -> None:
    state = USA.turn_state(3, face_up=["red"], deck=["black"] * 9)
    state.final_turns = 1
    assert "Final round: 1 turn left" in group_texts(ET.fromstring(render_svg(state, 0)), "table")


def test_ticket_cities_say_which_tickets_they_are_on() -> None:
    state = new_state("usa", 3, seed=4)
    board = state.game.board
    while state.phase == SETUP:
        state.apply(state.legal_actions()[0])  # everyone keeps all three
    seat = 0
    root = ET.fromstring(render_svg(state, seat))
    cities = {
        title_of(el).split(": ")[0]: title_of(el)
        for el in root.iter(f"{SVG}g")
        if "ticket-city" in el.attrib.get("class", "").split()
    }
    for t in state.tickets[seat]:
        ticket = board.tickets[t]
        a, b = board.cities[ticket.a], board.cities[ticket.b]
        for city in (a, b):
            assert f"{a}{DASH}{b} ({ticket.points}" in cities[city]
            assert cities[city].startswith(f"{city}: on your Destination Ticket")
    for title in cities.values():
        assert not unreadable_parts(title), title


def test_an_offered_and_a_kept_ticket_city_reads_both() -> None:
    state = USA.turn_state(face_up=["red"], deck=["black"] * 5)
    board = state.game.board

    def ticket(a: str, b: str) -> int:
        return next(t.id for t in board.tickets if (board.cities[t.a], board.cities[t.b]) == (a, b))

    state.tickets[0] = [ticket("Denver", "El Paso")]
    state.offers[0] = [ticket("Duluth", "El Paso")]
    root = ET.fromstring(render_svg(state, 0))
    titles = [title_of(el) for el in root.iter(f"{SVG}g") if title_of(el).startswith("El Paso:")]
    assert titles == [
        f"El Paso: on your Destination Ticket Denver{DASH}El Paso (4); "
        f"on the offered ticket Duluth{DASH}El Paso (10)"
    ]


@pytest.mark.parametrize(("map_id", "players"), [("usa", 5), ("europe-express", 4)])
def test_every_board_of_a_game_reads_in_words(map_id: str, players: int) -> None:
    """The kit's check (no id, key, seat index or `1 cards`) on every seat's board and the
    spectator's, along a whole random game."""
    state = new_state(map_id, players, seed=21)
    chooser = random.Random(21)
    step = 0
    while not state.is_over:
        if step % 9 == 0:
            for seat in (None, *range(players)):
                check_board_words(state, seat)
        state.apply(chooser.choice(state.legal_actions()))
        step += 1
    for seat in (None, *range(players)):
        check_board_words(state, seat)
