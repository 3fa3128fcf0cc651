"""The Let's Go! To France text view and SVG: no leaks, what a seat may know shown, valid SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import tabletrip
from random_play import random_moves
from tabletrip.core import Rng
from tabletrip.games.lets_go_france.content import DAYS, load_regions
from tabletrip.games.lets_go_france.legal import PENDING_WORDS
from tabletrip.games.lets_go_france.render import (
    WIDTH,
    content_for,
    game_content,
    itinerary_svg,
    map_points,
    map_svg,
    render_svg,
    render_text,
    seat_name,
)
from tabletrip.games.lets_go_france.rules import LetsGoState

SVG = "{http://www.w3.org/2000/svg}"
SETTINGS = [(1, "loire-valley"), (2, "sud-ouest"), (4, "loire-valley"), (3, "brittany-normandy")]
STAGES = (0, 25, 90, 5000)  # random actions played before looking (5000: the game is over)


def played(players: int, region: str, seed: int, moves: int) -> LetsGoState:
    state = tabletrip.make("lets-go-france", players=players, region=region).new_game(seed)
    assert isinstance(state, LetsGoState)
    random_moves(state, seed, moves)
    return state


def viewers(state: LetsGoState) -> list[int | None]:
    return [*range(state.game.players), None]


def boards_of(observation: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    yield from observation["boards"]
    if observation.get("my_board"):
        yield observation["my_board"]
    if observation.get("travel_agent"):
        yield observation["travel_agent"]


def visible_keys(observation: Mapping[str, Any]) -> set[str]:
    """Every card the observation names."""
    keys = set(observation.get("hand") or ()) | set(observation["discards"])
    keys |= set(observation.get("goal_cards") or ()) | set(observation.get("agent_cards") or ())
    for board in boards_of(observation):
        keys |= {cell["card"] for column in board["days"] for cell in column if cell["card"]}
    return keys


def hidden_names(state: LetsGoState, observation: Mapping[str, Any]) -> list[str]:
    """The names and ids of the cards `observation` does not show, minus those that are part
    of something it does show (a shorter name inside a longer one, a town's name)."""
    seen = visible_keys(observation)
    acts = state.game.activities
    shown = [a.name for a in acts if a.key in seen] + [a.key for a in acts if a.key in seen]
    shown += [s.name for s in state.game.region.spaces] + [s.id for s in state.game.region.spaces]
    hidden = []
    for a in acts:
        if a.key in seen:
            continue
        for word in (a.name, f"({a.key})"):
            if not any(word in other for other in shown):
                hidden.append(word)
    return hidden


def svg_root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


# --- text ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "region"), SETTINGS)
@pytest.mark.parametrize("moves", STAGES)
def test_text_and_svg_render_at_every_stage(players: int, region: str, moves: int) -> None:
    state = played(players, region, seed=players * 100 + moves, moves=moves)
    if moves == STAGES[-1]:
        assert state.is_over
    for seat in viewers(state):
        text = render_text(state, seat)
        assert text == state.render_text(seat)
        assert "Let's Go! To France" in text
        too_long = [line for line in text.splitlines() if len(line) > WIDTH]
        assert not too_long, too_long
        root = svg_root(render_svg(state, seat))
        assert root.tag == f"{SVG}svg"
        spaces = [e.get("data-space") for e in with_class(root, "space")]
        assert sorted(spaces) == sorted(s.id for s in state.game.region.spaces)
        days = [e.get("data-day") for e in with_class(root, "day")]
        assert days == list(DAYS)
        paths = with_class(root, "path")
        assert len(paths) == len(state.game.region.paths)
        for element in [*with_class(root, "space"), *with_class(root, "day"), *paths]:
            assert element.find(f"{SVG}title") is not None


@pytest.mark.parametrize(("players", "region"), SETTINGS)
@pytest.mark.parametrize("moves", STAGES)
def test_text_never_shows_what_the_seat_cannot_know(players: int, region: str, moves: int) -> None:
    """No card outside the seat's observation (others' hands and stacks, face-down Explore the
    City cards, the round's unrevealed plays, the deck) is named in its text or SVG."""
    state = played(players, region, seed=players * 7 + moves, moves=moves)
    for seat in viewers(state):
        observation = state.public_observation() if seat is None else state.observation(seat)
        text = render_text(state, seat)
        svg = render_svg(state, seat)
        for word in hidden_names(state, observation):
            assert word not in text, f"{seat} sees {word}"
            assert word not in svg, f"{seat} sees {word} in the SVG"


@pytest.mark.parametrize(("players", "region"), SETTINGS)
def test_what_a_seat_cannot_see_changes_nothing_in_its_pictures(players: int, region: str) -> None:
    """Another deal of the hidden cards gives the same text and SVG."""
    for moves in (17, 60, 150):
        state = played(players, region, seed=moves, moves=moves)
        for seat in range(players):
            for k in range(3):
                other_world = state.determinize(seat, Rng(seat * 10 + k))
                assert render_text(other_world, seat) == render_text(state, seat)
                assert render_svg(other_world, seat) == render_svg(state, seat)


def test_own_hand_itinerary_and_tracks_are_shown() -> None:
    state = played(2, "loire-valley", seed=3, moves=40)
    acts = state.game.activities
    for seat in range(2):
        text = render_text(state, seat)
        observation = state.observation(seat)
        assert f"Your hand ({len(observation['hand'])} card" in text
        for card in state.hands[seat]:
            assert f"  - {acts[card].name} ({acts[card].key}):" in text
        assert "MONDAY" in text and "SATURDAY" in text
        board = observation["my_board"]
        for day, column in enumerate(board["days"]):
            if column and not column[-1]["explore"]:
                name = acts[state.game.card_index[column[-1]["card"]]].name
                assert f"{DAYS[day][:3].capitalize()} {name}:" in text
        assert f"Energy {board['energy']:+d}" in text
        assert "Reward rows" in text and "experience track" in text
        assert "Regional map, Loire Valley:" in text
    spectator = render_text(state, None)
    assert "Your hand" not in spectator and "Your itinerary" not in spectator


def test_explore_cards_are_named_to_their_owner_only() -> None:
    for seed in range(30):
        state = played(3, "sud-ouest", seed=seed, moves=60)
        if any(face_down for seat in state.days for col in seat for _, face_down in col):
            break
    else:
        pytest.skip("no Explore the City card in the random games")
    for owner in range(3):
        explore = [
            state.game.activities[card].key
            for column in state.days[owner]
            for card, face_down in column
            if face_down
        ]
        for viewer in viewers(state):
            root = svg_root(render_svg(state, viewer))
            cards = {e.get("data-card") for e in with_class(root, "card")}
            for key in explore:
                assert (key in cards) == (viewer == owner)


def test_pending_decision_is_worded_for_the_seat_deciding() -> None:
    for seed in range(40):
        state = played(2, "loire-valley", seed=seed, moves=5)
        if state.pending:
            break
    else:
        pytest.skip("no pending decision in the random games")
    seat = state.current_player
    kind = state.pending[0][0]
    assert f"You must now: {PENDING_WORDS[kind]}" in render_text(state, seat)
    other = render_text(state, 1 - seat)
    assert "You must now" not in other
    # planning: the others learn whose turn it is, not what the seat is deciding (hidden plays)
    assert f"Playing now: {seat_name(seat)}." in other
    assert PENDING_WORDS[kind] not in other


def test_solo_shows_the_travel_agents_week() -> None:
    state = played(1, "loire-valley", seed=2, moves=80)
    text = render_text(state, 0)
    assert "The travel agent, as " in text
    agent = state.public_observation()["travel_agent"]
    acts = {a.key: a for a in state.game.activities}
    for column in agent["days"]:
        for cell in column:
            assert acts[cell["card"]].name.split()[0] in text


# --- SVG ---------------------------------------------------------------------------------------


def test_map_svg_draws_every_space_path_and_traveler() -> None:
    state = played(4, "loire-valley", seed=9, moves=200)
    region = state.game.region
    observation = state.public_observation()
    travelers = {s: b["traveler"] for s, b in enumerate(observation["boards"])}
    explored = {s: b["explored"] for s, b in enumerate(observation["boards"])}
    root = svg_root(map_svg(region, travelers, explored, viewer=None, players=4))
    assert {e.get("data-space") for e in with_class(root, "space")} == {s.id for s in region.spaces}
    starts = {e.get("data-space") for e in with_class(root, "start")}
    assert starts == {s.id for s in region.spaces if s.start}
    circles = {e.get("data-space") for e in with_class(root, "explore")}
    assert circles == {s.id for s in region.spaces if s.explore_once}
    dotted = with_class(root, "dotted")
    assert len(dotted) == sum(p.dotted for p in region.paths)
    for element in dotted:
        assert any(t.text in ("R", "W", "-1") for t in element.iter(f"{SVG}text"))
    pins = {e.get("data-seat"): e.get("data-space") for e in with_class(root, "traveler")}
    assert pins == {str(s): space for s, space in travelers.items() if space is not None}


def test_itinerary_svg_marks_the_highlight_of_each_day() -> None:
    state = played(2, "provence-alpes-cote-dazur", seed=4, moves=120)
    board = state.observation(0)["my_board"]
    root = svg_root(itinerary_svg(board, game_content(state.game)))
    for day, column in zip(DAYS, board["days"], strict=True):
        group = next(e for e in with_class(root, "day") if e.get("data-day") == day)
        cards = with_class(group, "card")
        assert len(cards) == len(column)
        marked = [c for c in cards if "highlight" in (c.get("class") or "").split()]
        assert len(marked) == (1 if column else 0)
        if column:
            assert marked[0].get("data-slot") == str(len(column) - 1)
            assert "Highlight of the Day" in ET.tostring(marked[0], encoding="unicode")


def test_map_layout_keeps_towns_apart() -> None:
    for region in load_regions().regions:
        points = list(map_points(region).values())
        closest = min(
            ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
            for i, a in enumerate(points)
            for b in points[i + 1 :]
        )
        assert closest > 60, region.id
        assert content_for(region.id).region is not None
