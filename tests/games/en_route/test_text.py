"""The En Route terminal view (text.py): no leaks, maps drawn as they are, lines that fit."""

from __future__ import annotations

import pytest

import tabletrip
from random_play import random_moves
from tabletrip.games.en_route.actions import location_text
from tabletrip.games.en_route.geometry import (
    horizontal_section,
    location_index,
    sections_mask,
    vertical_section,
)
from tabletrip.games.en_route.phases import KEEP, PLACE
from tabletrip.games.en_route.rules import DRAW, OBJECTIVE, EnRouteState
from tabletrip.games.en_route.text import MAP_COLUMNS, WIDTH, render_text


def new_state(players: int = 2, seed: int = 0, **options: object) -> EnRouteState:
    """A fresh game (seats still choosing their Personal Objectives at full level)."""
    state = tabletrip.make("en-route", players=players, **options).new_game(seed)
    assert isinstance(state, EnRouteState)
    return state


def played(players: int, seed: int, moves: int, **options: object) -> EnRouteState:
    """A game after `moves` random actions (maps drawn, cards placed, a log)."""
    state = new_state(players, seed, **options)
    random_moves(state, seed, moves)
    return state


def hand_ids(state: EnRouteState, seat: int) -> list[str]:
    """The card ids in a seat's hand."""
    return [state.game.city.deck[c].id for c in state.hands[seat]]


def objective_id(state: EnRouteState, seat: int) -> str:
    """The id of the Personal Objective a seat kept."""
    return state.game.city.objective_ids[state.objectives[seat]]


def hand_section(text: str) -> str:
    """The lines of the text from `Your hand` up to the next blank line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Your hand"))
    end = next(i for i in range(start, len(lines)) if not lines[i].strip())
    return "\n".join(lines[start:end])


def own_map(text: str) -> list[str]:
    """The seat's own map block (the left column under `Your map`)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Your map"))
    block = []
    for line in lines[start:]:
        block.append(line[:MAP_COLUMNS].rstrip())
        if line.startswith("tourists "):  # the summary under the grid
            break
    return block


def crossroads_line(block: list[str], y: int) -> str:
    """The text line of crossroads row y in a map block."""
    return next(line for line in block if line.startswith(f"{y:>4} ")).ljust(MAP_COLUMNS)


def location_lines(block: list[str], row: int) -> tuple[str, str]:
    """The two text lines of location row `row` (0-based) in a map block."""
    i = next(i for i, line in enumerate(block) if line[2:5] == f" r{row + 1}")
    return block[i].ljust(MAP_COLUMNS), block[i + 1].ljust(MAP_COLUMNS)


# --- text: what each seat may know -------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("moves", [4, 30, 90])
def test_a_seat_sees_its_hand_and_objective_and_never_the_others(players: int, moves: int) -> None:
    state = played(players, seed=moves + players, moves=moves)
    for seat in range(players):
        text = render_text(state, seat)
        hand = hand_section(text)
        for card in hand_ids(state, seat):
            assert card in hand
        if state.objectives[seat] >= 0:
            assert f"Your Personal Objective: {objective_id(state, seat)}" in text
        for other in range(players):
            if other == seat:
                continue
            for card in hand_ids(state, other):
                assert card not in hand, f"seat {seat} sees {card} of seat {other}"
                assert card not in text, f"seat {seat} sees {card} of seat {other}"
            if state.objectives[other] >= 0:
                assert objective_id(state, other) not in text


def test_offered_objectives_show_only_to_their_seat() -> None:
    state = new_state(2, seed=3)
    assert state.phase == OBJECTIVE
    ids = state.game.city.objective_ids
    mine = [ids[o] for o in state.objective_offers[0]]
    theirs = [ids[o] for o in state.objective_offers[1]]
    text = render_text(state, 0)
    assert "Personal Objectives offered (keep one):" in text
    assert all(o in text for o in mine)
    assert not any(o in text for o in theirs)


def test_a_spectator_sees_no_hand_objective_or_face_down_card() -> None:
    state = played(3, seed=2, moves=40)
    text = render_text(state, None)
    assert "Your hand" not in text and "Your Personal Objective" not in text
    assert "spectator view" in text
    for seat in range(3):
        for card in hand_ids(state, seat):
            assert card not in text
        assert objective_id(state, seat) not in text
    for _, card, face_up in state.placed:
        if not face_up:
            assert state.game.city.deck[card].id not in text


def test_face_down_cards_show_to_their_owner_only() -> None:
    state = new_state(2, seed=8, level="intermediate")
    while not (state.placed and not state.placed[-1][2]):  # a card placed face down
        state.apply(state.legal_actions()[0])
    owner, card, _ = state.placed[-1]
    card_id = state.game.city.deck[card].id
    assert card_id in render_text(state, owner)
    other = 1 - owner
    if state.phase != KEEP:  # the active player keeping a card sees the neighbours' cards
        assert card_id not in render_text(state, other)
    assert f"seat {owner} face down" in render_text(state, None)


def test_the_view_does_not_change_when_only_hidden_things_change() -> None:
    state = played(2, seed=5, moves=30)
    changed = state.clone()
    deck = changed.deck.cards
    changed.hands[1], deck[: len(changed.hands[1])] = (
        deck[: len(changed.hands[1])],
        changed.hands[1],
    )
    assert changed.hands[1] != state.hands[1]
    assert render_text(changed, 0) == render_text(state, 0)
    assert render_text(changed, None) == render_text(state, None)


# --- text: the maps ------------------------------------------------------------------------


def test_the_map_shows_drawn_sections_tourists_and_landmarks() -> None:
    state = new_state(2, seed=1, level="simplified")
    sheet = state.sheets[0]
    sheet.sections = sections_mask([horizontal_section(1, 2), vertical_section(3, 4)])
    location = location_index(2, 1)  # c3r2: the Hundred-Step Stairway (yellow, 6 PP)
    sheet.add_tourists(location, (2, 0, 1))
    sheet.occupied |= 1 << location
    block = own_map(render_text(state, 0))
    # Crossroads x sits at column 5 + 7x; a location's 6 characters follow it.
    row_2 = crossroads_line(block, 2)
    assert row_2[5 + 7 * 1 + 1 : 5 + 7 * 2] == "------"
    assert row_2[5 + 7 * 1] == "+" and row_2[5 + 7 * 2] == "+"  # crossroads on the route
    assert crossroads_line(block, 3)[5 + 7 * 1 + 1 : 5 + 7 * 2].strip() == ""
    first, second = location_lines(block, 4)
    assert first[5 + 7 * 3] == "|" and second[5 + 7 * 3] == "|"
    first, second = location_lines(block, 1)
    assert first[5 + 7 * 2 + 1 :].startswith("Y6")
    assert second[5 + 7 * 2 + 1 :].strip().startswith("2r1b")
    assert "tourists 2r1b in 1 locations; 2 sections" in "\n".join(block)


def test_the_map_prints_the_board_s_coordinate_numbers() -> None:
    state = new_state(2, seed=4)
    static = state.game.static_info()
    for seat in range(2):
        block = own_map(render_text(state, seat))
        board = static["boards"][state.sheets[seat].board]
        assert block[0] == f"Your map: seat {seat}, board {board['number']}"
        assert block[1].split() == [str(n) for n in board["columns"]]
        assert block[2].split() == [
            "0",
            "c1",
            "1",
            "c2",
            "2",
            "c3",
            "3",
            "c4",
            "4",
            "c5",
            "5",
            "c6",
            "6",
        ]
        for row in range(6):
            first, _ = location_lines(block, row)
            assert first[:5] == f"{board['rows'][row]:>2} r{row + 1}"


def test_cafes_and_visit_them_all_points_are_marked_and_circled_when_reached() -> None:
    state = new_state(2, seed=2)
    city = state.game.city
    sheet = state.sheets[0]
    carousel = next(c for c in city.cafes if c.name == "Café Carousel")  # at (2, 0)
    assert carousel.crossroads == 2
    sheet.sections = sections_mask([horizontal_section(2, 0), vertical_section(3, 1)])
    sheet.cafes_gained = 1 << city.cafes.index(carousel)
    block = own_map(render_text(state, 0))
    top = crossroads_line(block, 0)
    assert top[5 + 7 * 2] == "C"  # visited, its bonus unused
    assert top[5 + 7 * 5] == "c"  # The Weathervane, not visited
    row_2 = crossroads_line(block, 2)
    assert row_2[5 + 7 * 3] == "V"  # the Festival point (3, 2), reached by the section above
    assert crossroads_line(block, 4)[5 + 7 * 5] == "v"
    sheet.cafes_used = sheet.cafes_gained
    assert crossroads_line(own_map(render_text(state, 0)), 0)[5 + 7 * 2] == "x"


def test_the_seat_s_own_map_comes_first_and_the_others_follow() -> None:
    state = played(4, seed=9, moves=20)
    text = render_text(state, 2)
    titles = [line for line in text.splitlines() if "board" in line and "map" in line.lower()]
    assert titles[0].startswith("Your map: seat 2")
    for seat in (0, 1, 3):
        assert f"Seat {seat}, board" in text


def test_the_drawing_turn_shows_the_locations_to_choose() -> None:
    state = new_state(2, seed=6, level="simplified")
    while not (state.phase == DRAW and state.stage == PLACE):
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    text = render_text(state, seat)
    matches = state.matching_locations()
    assert "Your drawing turn: Round cards" in text
    assert "Now: select a location" in text
    for loc in matches:
        assert location_text(loc) in text
    block = own_map(text)
    row, col = divmod(matches[0], 6)
    first, _ = location_lines(block, row)
    assert "?" in first[5 + 7 * col + 1 : 5 + 7 * col + 7]


def test_round_cards_are_written_with_number_tourists_and_symbols() -> None:
    state = new_state(2, seed=0, level="simplified")
    while not state.round_cards:
        state.apply(state.legal_actions()[0])
    text = render_text(state, 0)
    deck = state.game.city.deck
    static = {c["id"]: c for c in state.game.static_info()["cards"]}
    for card in state.round_cards:
        assert f"{deck[card].id} [{deck[card].number}]" in text
        names = [
            i["name"]
            for i in state.game.static_info()["iconic"]
            if i["id"] in static[deck[card].id]["iconic"]
        ]
        for name in names:
            assert name in text


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {"mode": "solo"}), (2, {}), (3, {"mode": "advanced"}), (4, {"mode": "team"}), (4, {})],
)
@pytest.mark.parametrize("moves", [0, 50, 400])
def test_every_line_fits_about_100_columns(
    players: int, options: dict[str, object], moves: int
) -> None:
    state = played(players, seed=moves, moves=moves, **options)
    for seat in (None, *range(players)):
        for line in render_text(state, seat).splitlines():
            assert len(line) <= WIDTH, line


def test_solo_shows_the_card_sequence() -> None:
    state = played(1, seed=3, moves=3, mode="solo")
    text = render_text(state, 0)
    assert "Card Sequence:" in text
    assert "face down" in text
