"""The En Route board as SVG (svg.py, svg_map.py, svg_table.py): well-formed maps, every label
and title in the game's words, and the final routes drawn once the viewer may see them.

Rulebook sections are those of ../shared/rules/en-route.txt. The board keys and the decision
help are tested in test_web_contract.py.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest

import tabletrip
from contract import check_board_words
from random_play import random_moves
from tabletrip.core import presentation
from tabletrip.games.en_route.geometry import (
    LOCATIONS,
    SECTIONS,
    crossroads_index,
    horizontal_section,
    location_index,
    sections_mask,
)
from tabletrip.games.en_route.phases import FINAL
from tabletrip.games.en_route.rules import EnRouteState
from tabletrip.games.en_route.svg_map import MapOptions, render_svg

SVG = "{http://www.w3.org/2000/svg}"
DASH = "\u2013"
IDS = re.compile(r"\b(?:city|global|repeat|objective)-\d+\b|\b[cr]\d\b|\b[Ss]eat \d\b")


def new_state(players: int = 2, seed: int = 0, **options: object) -> EnRouteState:
    state = tabletrip.make("en-route", players=players, **options).new_game(seed)
    assert isinstance(state, EnRouteState)
    return state


def played(players: int, seed: int, moves: int, **options: object) -> EnRouteState:
    state = new_state(players, seed, **options)
    random_moves(state, seed, moves)
    return state


def reach(
    players: int, found: Callable[[EnRouteState], bool], seed: int = 0, **options: Any
) -> EnRouteState:
    """The first moment of random games (seed after seed, from `seed`) where `found` holds."""
    for tried in range(seed, seed + 40):
        state = new_state(players, tried, **options)
        chooser = random.Random(tried)
        while not state.is_over:
            if found(state):
                return state
            state.apply(chooser.choice(state.legal_actions()))
    raise AssertionError("no random game reached the situation")


def finish(state: EnRouteState, seed: int = 0) -> EnRouteState:
    chooser = random.Random(seed)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    return state


def elements(root: ET.Element, prefix: str) -> dict[str, ET.Element]:
    """The elements whose id starts with `prefix`, by id."""
    return {el.attrib["id"]: el for el in root.iter() if el.attrib.get("id", "").startswith(prefix)}


def readable(svg: str) -> list[str]:
    """Every title and text of an SVG, as a person reads them."""
    root = ET.fromstring(svg)
    out = []
    for element in root.iter():
        if element.tag in (f"{SVG}title", f"{SVG}text"):
            out.append("".join(element.itertext()))
    return out


def title(element: ET.Element) -> str:
    return element.findtext(f"{SVG}title") or ""


# --- one map --------------------------------------------------------------------------------


def test_the_svg_is_xml_with_36_locations_and_84_sections() -> None:
    state = played(2, seed=12, moves=80)
    observation = state.observation(0)
    svg = render_svg(state.game.city, observation["sheets"][0], width=500)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.attrib["width"] == "500"
    locations = elements(root, "loc-")
    sections = elements(root, "sec-")
    assert sorted(locations) == sorted(f"loc-{i}" for i in range(LOCATIONS))
    assert sorted(sections) == sorted(f"sec-{i}" for i in range(SECTIONS))
    for element in (*locations.values(), *sections.values()):
        assert title(element)
    drawn = set(observation["sheets"][0]["sections"])
    assert drawn
    for i, element in sections.items():
        assert ("drawn" in element.attrib["class"].split()) == (int(i[4:]) in drawn)


def test_the_svg_shows_landmarks_tourists_and_the_board_numbers() -> None:
    state = new_state(2, seed=1)
    sheet = state.sheets[1]
    location = location_index(1, 0)  # c2r1: the Merry-Go-Market (red)
    sheet.add_tourists(location, (2, 1, 3))
    sheet.occupied |= 1 << location
    city = state.game.city
    svg = render_svg(city, state.observation(1)["sheets"][1])
    root = ET.fromstring(svg)
    group = elements(root, "loc-")[f"loc-{location}"]
    column, row = city.coordinates(sheet.board, location)
    assert title(group) == (
        f"Merry-Go-Market (horizontal {column}, vertical {row}): red Special Landmark; "
        "2 red, 1 green, 3 blue tourists"
    )
    texts = [t.text for t in group.iter(f"{SVG}text")]
    assert "R" in texts and {"2", "1", "3"} <= set(texts)
    assert len(group.findall(f"{SVG}circle")) == 1  # red tourists: a circle
    assert len(group.findall(f"{SVG}polygon")) == 1  # blue tourists: a triangle
    numbers = [t.text for t in elements(root, "coordinates")["coordinates"].iter(f"{SVG}text")]
    for n in city.board_columns[sheet.board]:
        assert str(n) in numbers
    cafes = [el for el in root.iter() if "Café" in title(el)]
    assert len(cafes) == len(city.cafes)


def test_the_map_prints_the_board_s_coordinates_and_the_crossroads_numbers() -> None:
    """Player Board: the coordinates around the map; the crossroads' numbers 0-6 name the
    sections and routes the words speak of; no grid label such as c1 or r1 is left."""
    state = new_state(2, seed=4)
    city = state.game.city
    board = state.sheets[0].board
    svg = render_svg(city, state.observation(0)["sheets"][0])
    group = elements(ET.fromstring(svg), "coordinates")["coordinates"]
    texts = [t.text for t in group.iter(f"{SVG}text")]
    columns, rows = city.board_columns[board], city.board_rows[board]
    bold = [str(n) for i in range(6) for n in (columns[i], rows[i])]
    grid = [str(i) for i in range(7) for _ in range(2)]
    assert texts == bold + grid
    assert not any(re.search(r"\b[cr]\d\b", text) for text in readable(svg))


def test_sections_cafes_and_festival_points_read_in_words() -> None:
    """Cafés (circled when visited, crossed when used) and Visit Them All, in titles."""
    state = new_state(2, seed=2, level="full")
    city = state.game.city
    sheet = state.sheets[0]
    sheet.sections = sections_mask([horizontal_section(2, 0), horizontal_section(2, 3)])
    sheet.cafes_gained = 1 << 0
    root = ET.fromstring(render_svg(city, state.observation(0)["sheets"][0]))
    sections = elements(root, "sec-")
    assert (
        title(sections[f"sec-{horizontal_section(2, 0)}"]) == f"Section (2, 0){DASH}(3, 0), drawn"
    )
    assert title(sections[f"sec-{horizontal_section(0, 0)}"]) == (
        f"Section (0, 0){DASH}(1, 0), open road"
    )
    crossroads = elements(root, "cross-")
    assert title(crossroads[f"cross-{crossroads_index(2, 0)}"]) == (
        "Café Carousel (2, 0): a Café, New tourists bonus (1 red), visited, bonus unused"
    )
    assert title(crossroads[f"cross-{crossroads_index(5, 0)}"]) == (
        "The Weathervane (5, 0): a Café, Coordinate change bonus"
    )
    assert title(crossroads[f"cross-{crossroads_index(3, 2)}"]) == (
        "Hand Craft Festival point (3, 2): Visit-Them-All"
    )
    sheet.sections |= sections_mask([horizontal_section(3, 2)])
    root = ET.fromstring(render_svg(city, state.observation(0)["sheets"][0]))
    assert title(elements(root, "cross-")[f"cross-{crossroads_index(3, 2)}"]).endswith(
        "Visit-Them-All, reached"
    )


def test_a_final_route_is_a_gold_line_over_its_sections() -> None:
    """End of the Game, II: the final route; the sections off it are faded."""
    state = new_state(2, seed=3, level="full")
    city = state.game.city
    sheet = state.sheets[0]
    on = [horizontal_section(2, 0), horizontal_section(3, 0)]
    off = horizontal_section(0, 5)
    sheet.sections = sections_mask([*on, off])
    route = [crossroads_index(2, 0), crossroads_index(3, 0), crossroads_index(4, 0)]
    options = MapOptions(route=route, route_label="Your final route")
    root = ET.fromstring(render_svg(city, state.observation(0)["sheets"][0], 600, options))
    line = elements(root, "final-route")["final-route"]
    assert title(line) == (
        f"Your final route, 2 sections: Café Carousel (2, 0){DASH}(3, 0){DASH}(4, 0)"
    )
    assert line.attrib["pointer-events"] == "none"
    points = line.find(f"{SVG}polyline").attrib["points"].split()  # type: ignore[union-attr]
    assert len(points) == 3
    sections = elements(root, "sec-")
    for s in on:
        assert "route" in sections[f"sec-{s}"].attrib["class"].split()
        assert title(sections[f"sec-{s}"]).endswith("drawn, on the final route")
    assert title(sections[f"sec-{off}"]).endswith("drawn, off the final route")
    faded = sections[f"sec-{off}"].findall(f"{SVG}line")[-1]
    assert faded.attrib["stroke-opacity"] == "0.35"
    plain = ET.fromstring(render_svg(city, state.observation(0)["sheets"][0]))
    assert not elements(plain, "final-route")


# --- the board ------------------------------------------------------------------------------

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {"level": "full"}),
    (3, {"level": "intermediate", "mode": "advanced"}),
    (4, {"level": "full", "mode": "team"}),
    (1, {"level": "full", "mode": "solo"}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_board_speaks_the_game(players: int, options: dict[str, Any]) -> None:
    """No id, index, key or seat number on any board, through a whole game, for every viewer."""
    state = new_state(players, seed=players, **options)
    chooser = random.Random(players)
    step = 0
    while True:
        if step % 9 == 0 or state.is_over:
            for viewer in (None, *range(players)):
                check_board_words(state, viewer)
                for text in readable(presentation.render_svg(state, viewer)):
                    assert not IDS.search(text), (viewer, text)
        if state.is_over:
            break
        state.apply(chooser.choice(state.legal_actions()))
        step += 1


def test_seats_are_players_by_name() -> None:
    """Seats are "Player 2" as the presentation names them; a teammate is said to be one."""
    spectator = " ".join(readable(presentation.render_svg(new_state(3, seed=1), None)))
    for n in (1, 2, 3):
        assert f"Player {n}, board " in spectator
    team = " ".join(readable(presentation.render_svg(new_state(4, seed=1, mode="team"), 1)))
    assert "Player 4, your teammate, board " in team
    assert "Player 1, board " in team and "Player 3, board " in team


def test_cards_and_objectives_read_by_kind_number_and_crossroads() -> None:
    """Tourist Cards and Personal Objective Cards in the game's words, never by id."""
    state = new_state(2, seed=5, level="full")
    city = state.game.city
    root = ET.fromstring(presentation.render_svg(state, 0))
    cards = {el.attrib["data-target"]: el for el in root.iter() if el.get("class") == "card"}
    for card in state.hands[0]:
        info = city.deck[card]
        shown = title(cards[f"card-{info.id}"])
        assert shown.endswith(", in your hand")
        kind = {"global": "Global Tourist card", "repeat": "Repeat card"}.get(
            info.kind, "First City card"
        )
        assert shown.startswith(f"{kind} {info.number}")
    objectives = [el for el in root.iter() if el.get("class") == "objective"]
    assert [title(o).split(":")[0] for o in objectives] == [
        "Personal Objective 1",
        "Personal Objective 2",
    ]
    assert all(": crossroads (" in title(o) for o in objectives)


def test_the_final_route_decision_is_told_on_the_choosing_seat_s_board() -> None:
    """End of the Game, II: the seat choosing its route is told how, on its board only."""
    state = reach(3, lambda s: s.phase == FINAL, seed=2)
    seat = state.current_player
    assert "Now: choose your final route" in " ".join(
        readable(presentation.render_svg(state, seat))
    )
    for other in (None, *(s for s in range(3) if s != seat)):
        assert "Now: choose your final route" not in " ".join(
            readable(presentation.render_svg(state, other))
        )


def test_a_chosen_final_route_shows_to_its_seat_then_to_all_at_the_end() -> None:
    """Final routes are hidden until all have chosen (RULES_NOTES), then revealed with the
    result: the board draws each one visible to the viewer, with its legend in words."""
    state = reach(
        2,
        lambda s: (
            s.phase == FINAL and s.current_player == 0 and len(s.legal_actions()[0].crossroads) > 2  # type: ignore[attr-defined]
        ),
        seed=1,
    )
    chooser = state.current_player
    route = state.legal_actions()[0]
    state.apply(route)
    assert not state.is_over
    mine = ET.fromstring(presentation.render_svg(state, chooser))
    assert "final-route" in elements(mine, "final-route")
    legend = [
        t
        for t in readable(presentation.render_svg(state, chooser))
        if "final route (the gold line" in t
    ]
    assert legend and legend[0].startswith("Your final route (the gold line on your map), ")
    for viewer in (None, 1 - chooser):
        board = ET.fromstring(presentation.render_svg(state, viewer))
        assert not elements(board, "final-route") and not elements(board, f"s{chooser}-final")
    finish(state)
    routes = state.public_observation()["final_routes"]
    assert routes == [list(state.finals[s] or ()) for s in range(2)]
    spectator = ET.fromstring(presentation.render_svg(state, None))
    for seat in range(2):
        if len(routes[seat]) > 1:
            assert f"s{seat}-final-route" in elements(spectator, f"s{seat}-final-route")
    words = " ".join(readable(presentation.render_svg(state, None)))
    for seat in range(2):
        assert f"Player {seat + 1}'s final route" in words


def test_the_public_observation_reveals_final_routes_only_at_the_end() -> None:
    """Hidden information (RULES_NOTES): the routes are revealed with the result."""
    state = reach(2, lambda s: s.phase == FINAL, seed=3)
    assert state.public_observation()["final_routes"] is None
    finish(state, seed=3)
    assert state.public_observation()["final_routes"] == [
        list(route or ()) for route in state.finals
    ]
