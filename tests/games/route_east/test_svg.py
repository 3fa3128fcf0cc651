"""The Route East SVG board: every space, road and piece drawn, what a viewer may know and
nothing more, titles and labels in the game's words, and the map drawn once per board."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import tabletrip
from contract import check_board_words
from random_play import random_moves
from route_east_situations import new_state
from tabletrip.core import Rng, presentation
from tabletrip.games.route_east.content import SPACE_KINDS
from tabletrip.games.route_east.rules import RouteEastState
from tabletrip.games.route_east.svg import observation_svg, render_svg
from tabletrip.games.route_east.svg_map import map_parts

SVG = "{http://www.w3.org/2000/svg}"
STAGES = (0, 40, 150, 400)  # random actions played before looking


def played(players: int, seed: int, moves: int) -> RouteEastState:
    """A game after `moves` random actions (pieces spread, cards in hand, events)."""
    state = tabletrip.make("route-east", players=players).new_game(seed)
    assert isinstance(state, RouteEastState)
    random_moves(state, seed, moves)
    return state


def svg_root(svg: str) -> ET.Element:
    """The parsed SVG (it must parse)."""
    return ET.fromstring(svg)


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    """The elements with this class."""
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("moves", STAGES)
def test_the_svg_renders_at_every_stage(players: int, moves: int) -> None:
    state = played(players, seed=players * 100 + moves, moves=moves)
    for seat in [*range(players), None]:
        svg = render_svg(state, seat)
        assert svg_root(svg).tag == f"{SVG}svg"
        assert presentation.render_svg(state, seat) == render_svg(state, seat, width=None)


@pytest.mark.parametrize("players", [2, 5])
def test_what_a_seat_cannot_see_changes_nothing_in_its_svg(players: int) -> None:
    """Another deal of the hidden cards (others' hands and face-down attractions, the decks)
    gives the same SVG: it is built from the seat's observation only."""
    state = played(players, seed=7, moves=120)
    for seat in range(players):
        other_world = state.determinize(seat, Rng(seat + 99))
        assert render_svg(other_world, seat) == render_svg(state, seat)


@pytest.mark.parametrize("players", [2, 5])
def test_svg_has_every_space_road_and_piece(players: int) -> None:
    state = played(players, seed=11, moves=200)
    board = state.game.board
    observation = state.public_observation()
    for viewer in [*range(players), None]:
        root = svg_root(render_svg(state, viewer))
        spaces = [e for e in with_class(root, "space")]
        assert sorted(e.get("data-space") for e in spaces) == sorted(board.space_ids)
        for element in spaces:
            kind = SPACE_KINDS[board.kinds[board.index[element.get("data-space") or ""]]]
            assert kind in (element.get("class") or "").split()
            assert element.find(f"{SVG}title") is not None
        roads = {e.get("data-road") for e in with_class(root, "road")}
        assert roads == {f"{board.space_ids[a]}|{board.space_ids[b]}" for a, b, _, _ in board.roads}
        pieces = {e.get("data-seat"): e.get("data-space") for e in with_class(root, "piece")}
        assert pieces == {str(s): info["space"] for s, info in enumerate(observation["seats"])}
        text = ET.tostring(root, encoding="unicode")
        assert "Istanbul" in text and "Shanghai" in text and "Caspian Sea" in text
        for name in board.country_names:
            assert name.upper() in text


@pytest.mark.parametrize("players", [2, 5])
def test_svg_highlights_only_the_viewers_attractions(players: int) -> None:
    state = played(players, seed=13, moves=90)
    board = state.game.board
    state.visited[0] |= 1 << state.attractions[0][0]  # seat 0's first card face up, visited
    for viewer in range(players):
        root = svg_root(render_svg(state, viewer))
        mine = {e.get("data-space") for e in with_class(root, "mine")}
        assert mine == {
            board.space_ids[board.attractions[a].space] for a in state.attractions[viewer]
        }
        shown = {e.get("data-space") for e in with_class(root, "face-up")}
        for other in range(players):
            if other == viewer:
                continue
            spaces = {board.space_ids[board.attractions[a].space] for a in state.attractions[other]}
            hidden = {
                board.space_ids[board.attractions[a].space]
                for a in state.unvisited(other)
                if len(state.unvisited(other)) > 1
            }
            assert not hidden & shown, f"seat {viewer} sees face-down attractions of {other}"
            assert (spaces - hidden) <= shown
    spectator = svg_root(render_svg(state, None))
    assert not with_class(spectator, "mine")


# --- the board speaks the game ------------------------------------------------------------------


def titles(root: ET.Element) -> dict[str, str]:
    """The `<title>` of every target, by its `data-target` key."""
    return {
        e.get("data-target", ""): e.findtext(f"{SVG}title", "")
        for e in root.iter()
        if e.get("data-target")
    }


@pytest.mark.parametrize("players", [2, 5])
def test_every_title_and_label_reads_like_the_game(players: int) -> None:
    """The kit's board check (no id, no seat index, whole plurals) for every viewer along a
    random game."""
    state = new_state(players=players, seed=players)
    rng = Rng(players)
    step = 0
    while not state.is_over and step < 1500:
        if step % 150 == 0:
            for seat in (*range(players), None):
                check_board_words(state, seat)
        state.apply(rng.choice(state.legal_actions()))
        step += 1


def test_the_title_and_the_pieces_name_players_as_people_read_them() -> None:
    state = new_state(players=3, seed=2)
    root = svg_root(render_svg(state, 0))
    assert root.findtext(f"{SVG}title") == "Route East, as Player 1 (red) sees it"
    assert svg_root(render_svg(state, None)).findtext(f"{SVG}title") == "Route East"
    named = titles(root)
    turn = state.current_player
    for seat, colour in enumerate(("red", "blue", "green")):
        you = ", you" if seat == 0 else ""
        to_play = ", to play" if seat == turn else ""
        assert named[f"seat-{seat}"] == f"Player {seat + 1} ({colour}{you}) at Istanbul{to_play}"
    pins = [[t.text for t in e.iter(f"{SVG}text")] for e in with_class(root, "piece")]
    assert pins == [["1"], ["2"], ["3"]]  # each pin shows its player's number
    legend = [e.text for e in root.iter(f"{SVG}text") if e.text]
    assert "Player 1 (red, you)" in legend and "Player 3 (green)" in legend
    assert "visited by Player n" in legend and "Player n's last, face up" in legend


def test_spaces_roads_and_the_crossing_are_named_not_numbered() -> None:
    state = new_state(players=2, seed=1)
    named = titles(svg_root(render_svg(state, None)))
    assert named["space-tr-bolu"] == "Bolu; Hostel; Turkey; $25 a night"
    assert named["space-b-tr-ge-sarp"] == "Sarp; Border; between Turkey and Georgia; free night"
    assert named["space-kz-road-2"] == (
        "The road between Beyneu and Shalkar; road; Kazakhstan; no night here"
    )
    assert named["road-tr-izmit|tr-bolu"] == "Toll road ($25) between İzmit and Bolu"
    assert named["road-tr-gumushane|tr-sumela"] == (
        "Dirt road (roll even) between Gümüşhane and Sumela Monastery, No Trains"
    )
    assert named["road-kz-beyneu|kz-road-2"] == (
        "Dirt road (roll even) between Beyneu and the road space toward Shalkar"
    )
    root = svg_root(render_svg(state, None))
    crossing = next(e for e in root.iter(f"{SVG}g") if e.get("id") == "caspian-crossing")
    assert crossing.findtext(f"{SVG}title") == (
        "Caspian Sea crossing by boat: Baku Port (Alat) – Turkmenbashi Port"
    )


def test_anothers_face_up_attractions_say_whose_they_are() -> None:
    state = new_state(players=3, seed=5)
    board = state.game.board
    first, second = state.attractions[1]
    state.visited[1] |= 1 << first  # Player 2 visited one: the other is now face up
    root = svg_root(render_svg(state, 0))
    named = titles(root)
    seen, last = (board.space_ids[board.attractions[a].space] for a in (first, second))
    assert named[f"space-{seen}"].endswith("; visited by Player 2 (blue)")
    assert named[f"space-{last}"].endswith("; the last attraction of Player 2 (blue), face up")
    spaces = {e.get("data-space"): e for e in with_class(root, "face-up")}
    assert [t.text for t in spaces[seen].iter(f"{SVG}text")] == ["2"]


def test_the_piles_count_in_whole_plurals() -> None:
    state = new_state(players=2, seed=1)
    observation = state.public_observation()
    observation["decks"] = {
        "ignition": 1,
        "border": 0,
        "action": 12,
        "action_discards": 3,
        "atm": 1,
    }
    root = svg_root(observation_svg(observation, state.game.board))
    named = titles(root)
    assert named["ignition-deck"] == "Ignition deck: 1 card; draw one to start a turn"
    assert named["border-deck"] == "Border deck: 0 cards; at a Border, draw one to cross"
    assert named["action-deck"] == "Action deck: 12 cards, 3 played; a move takes one"
    notes = [e.text for e in root.iter(f"{SVG}text") if e.text and e.text.startswith("ATM pile")]
    assert notes == [
        f"ATM pile: 1 Bank Card; Fuel Tokens in the supply: {observation['fuel_supply']}"
    ]


def test_the_map_is_drawn_once_per_board() -> None:
    """The spaces, roads and names depend on the board alone: drawn once, then reused, and
    the same in every viewer's picture."""
    state = new_state(players=3, seed=4)
    board = state.game.board
    parts = map_parts(board)
    assert map_parts(board) is parts
    random_moves(state, 4, 80)
    for seat in (0, 1, None):
        svg = render_svg(state, seat)
        assert parts.base in svg and parts.end_labels in svg
        unmarked = [s for s in parts.spaces if s in svg]
        assert len(unmarked) >= len(parts.spaces) - 6  # only the known attractions are redrawn
