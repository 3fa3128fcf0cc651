"""En Route rules, one test per rule, each naming its rulebook section.

Situations are built exactly: a game is made and its objective choices played, then plain state
fields are set (hands, sheets, Round cards, phase) and actions applied through the contract.
Locations are `row * 6 + col`, crossroads `y * 7 + x`, sections as in geometry.py.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletrip
from en_route_situations import (
    all_cards,
    at_final,
    finish,
    give,
    ids,
    index,
    new_state,
    refused,
    take_out,
    trail,
)
from tabletrip.core import IllegalAction, OptionError, Rng
from tabletrip.games.en_route.actions import (
    CafeTourists,
    ChangeCoordinate,
    Chart,
    Done,
    ExtraSection,
    FinalRoute,
    KeepCard,
    KeepObjective,
    Mark,
    PlayCard,
    PlayHidden,
    Renew,
)
from tabletrip.games.en_route.geometry import (
    LOCATION_SECTIONS,
    SECTION_ENDS,
    horizontal_section,
    location_index,
    section_between,
    vertical_section,
)
from tabletrip.games.en_route.moves import reset_turn
from tabletrip.games.en_route.phases import (
    BEGIN_PLACE,
    DRAW,
    EXTRAS,
    FINAL,
    FIRST,
    KEEP,
    OBJECTIVE,
    OVER,
    RATE,
    SECOND,
)
from tabletrip.games.en_route.rules import EnRouteState
from tabletrip.games.en_route.scoring import STEPS, score_route

# --- helpers ------------------------------------------------------------------------------------


def at_first_card(state: EnRouteState, active: int) -> None:
    """A regular round's Tourist selection phase with `active` to place the first card."""
    state.round = max(state.round, 3)
    state.phase = FIRST
    state.active = state.seat = active
    state.placed = []
    state.round_cards = []


def at_drawing_turn(
    state: EnRouteState,
    seat: int,
    first: str,
    second: str,
    *,
    board: int | None = None,
    later: tuple[int, ...] = (),
) -> None:
    """Put `seat` at the start of a drawing turn with these Round cards (then `later` seats)."""
    a, b = index(state, first), index(state, second)
    for card in (a, b):
        take_out(state, card)
    players = state.game.players
    state.round = max(state.round, 3)
    state.placed = [(state.active, a, True), ((state.active + 1) % players, b, True)]
    state.round_cards = [a, b]
    state.phase = DRAW
    state.draws = [(seat, a, b)] + [(s, a, b) for s in later]
    state.seat = seat
    reset_turn(state)
    if board is not None:
        state.sheets[seat].board = board
        state.shown[seat].board = board


def round_cards_for(state: EnRouteState, seat: int, location: int) -> tuple[str, str]:
    """Two Global Tourist cards whose coordinates match `location` on `seat`'s board."""
    city = state.game.city
    col, row = city.coordinates(state.sheets[seat].board, location)
    first = next(c.id for c in city.deck if c.kind == "global" and c.number == col)
    second = next(
        c.id for c in city.deck if c.kind == "global" and c.number == row and c.id != first
    )
    return first, second


def h(x: int, y: int) -> int:
    return horizontal_section(x, y)


def v(x: int, y: int) -> int:
    return vertical_section(x, y)


def drawn(*points: tuple[int, int]) -> int:
    """The sections mask of a path through these crossroads."""
    mask = 0
    for a, b in pairwise(trail(*points)):
        section = section_between(a, b)
        assert section is not None
        mask |= 1 << section
    return mask


# --- Setup --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_draws_three_cards(players: int) -> None:
    """En Route rulebook, Setup > Players' Setup 2: each player draws 3 cards to their hand."""
    state = tabletrip.make("en-route", players=players).new_game(5)
    assert [len(hand) for hand in state.hands] == [3] * players


def test_city_deck_is_12_city_18_global_6_repeat() -> None:
    """En Route rulebook, Setup > General Setup 3: the 12 Tourist cards of the city, the 18
    Global Tourist cards and the 6 Repeat cards make the 36-card City deck."""
    state = tabletrip.make("en-route", players=4).new_game(2)
    cards = all_cards(state)
    assert cards == list(range(36))
    kinds = Counter(state.game.city.deck[c].kind for c in cards)
    assert kinds == {"city": 12, "global": 18, "repeat": 6}
    assert len(state.deck.cards) == 36 - 12


@pytest.mark.parametrize("level", ["intermediate", "full"])
def test_two_objectives_offered_one_kept(level: str) -> None:
    """En Route rulebook, Setup > Players' Setup 3: each player draws two Personal Objective
    cards, keeps one of them face down and discards the other one."""
    state = tabletrip.make("en-route", players=4, level=level).new_game(8)
    assert state.phase == OBJECTIVE
    offers = [list(o) for o in state.objective_offers]
    assert all(len(o) == 2 for o in offers)
    assert len({o for offer in offers for o in offer}) == 8  # 8 different cards
    for seat in range(4):
        assert state.seat == seat
        kept = state.game.city.objective_ids[offers[seat][1]]
        other_seat = (seat + 1) % 4
        refused(state, KeepObjective(state.game.city.objective_ids[offers[other_seat][0]]))
        state.apply(KeepObjective(kept))
        assert state.objectives[seat] == offers[seat][1]
        assert state.objective_offers[seat] == []
    assert state.phase == BEGIN_PLACE  # the game starts once every objective is kept


def test_objective_is_secret() -> None:
    """En Route rulebook, Personal Objective Cards: the chosen card stays face down near the
    board till the end of the game."""
    state = new_state(2, 3, level="intermediate")
    mine = state.observation(0)["objective"]
    assert mine["id"] == state.game.city.objective_ids[state.objectives[0]]
    assert mine["id"] not in json.dumps(state.observation(1))
    assert mine["id"] not in json.dumps(state.public_observation())


def test_simplified_game_has_no_objectives_or_goals() -> None:
    """En Route rulebook, Setup > Cities: a simplified game is played without Goal cards and
    Personal Objective cards (skip the setup steps)."""
    state = tabletrip.make("en-route", players=2, level="simplified").new_game(1)
    assert state.phase == FIRST
    assert state.objectives == [-1, -1]
    assert state.objective_offers == [[], []]
    assert state.goals == []


def test_intermediate_game_has_objectives_but_no_goals() -> None:
    """En Route rulebook, Setup > Cities: an intermediate game is played without Goal cards but
    with Personal Objective cards and Cafés."""
    state = tabletrip.make("en-route", players=2, level="intermediate").new_game(1)
    assert state.phase == OBJECTIVE
    assert state.goals == []


@pytest.mark.parametrize("seed", range(5))
def test_full_game_has_three_goals_one_per_letter(seed: int) -> None:
    """En Route rulebook, Setup > General Setup 4: the 3 Goal decks A, B and C are shuffled
    separately and their top cards are the 3 common Goals (full game: Goal Cards)."""
    state = tabletrip.make("en-route", players=3, level="full").new_game(seed)
    letters = [state.game.city.goals[g].letter for g in state.goals]
    assert letters == ["A", "B", "C"]


def test_goals_vary_between_games() -> None:
    """En Route rulebook, Setup > General Setup 4: each Goal deck is shuffled."""
    seen = {tuple(tabletrip.make("en-route", players=2).new_game(seed).goals) for seed in range(30)}
    assert len(seen) > 3


def test_four_boards_with_different_alignments() -> None:
    """En Route rulebook, Setup > Players' Setup 1: 1 board to each player at random; the 4
    Player boards have the same layout but different alignments of the coordinates."""
    city = tabletrip.make("en-route", players=4).city
    alignments = {(c, r) for c, r in zip(city.board_columns, city.board_rows, strict=True)}
    assert len(alignments) == 4
    deals = set()
    for seed in range(20):
        state = tabletrip.make("en-route", players=4).new_game(seed)
        boards = [sheet.board for sheet in state.sheets]
        assert sorted(boards) == [0, 1, 2, 3]
        deals.add(tuple(boards))
    assert len(deals) > 3  # dealt at random


# --- Tourist selection phase ------------------------------------------------------------------


def test_active_places_face_up_neighbours_face_down() -> None:
    """En Route rulebook, Round Order > 1. Tourist Selection Phase, steps 1-2: the active
    player places a card face up; the players to the left and right each place one face down."""
    state = new_state(3, 4, level="simplified")
    at_first_card(state, 1)
    assert {type(a) for a in state.legal_actions()} <= {PlayCard, Renew}
    first = next(a for a in state.legal_actions() if isinstance(a, PlayCard))
    state.apply(first)
    assert state.phase == SECOND
    assert state.seat == 2  # the left neighbour, then the right one
    assert {type(a) for a in state.legal_actions()} <= {PlayHidden, Renew}
    second = next(a for a in state.legal_actions() if isinstance(a, PlayHidden))
    state.apply(second)
    assert state.seat == 0
    # A face-down card: hidden from the other players, not from the one who placed it.
    assert [p["card"] for p in state.public_observation()["placed"]] == [first.card, None]
    assert [p["card"] for p in state.observation(0)["placed"]] == [first.card, None]
    assert [p["card"] for p in state.observation(1)["placed"]] == [first.card, None]
    assert [p["card"] for p in state.observation(2)["placed"]] == [first.card, second.card]
    third = next(a for a in state.legal_actions() if isinstance(a, PlayHidden))
    state.apply(third)
    assert state.phase == KEEP and state.seat == 1
    assert [p["card"] for p in state.observation(1)["placed"]] == [
        first.card,
        second.card,
        third.card,
    ]


def test_active_reveals_both_neighbour_cards() -> None:
    """En Route rulebook, Round Order > 1. Tourist Selection Phase, step 2: "the active player
    reveals both cards placed by their neighbors, chooses one of these cards and removes the
    other one face down" (Round Example: "The active player reveals them and decides..."): once
    both are placed, every player sees both cards, not only the active player."""
    state = new_state(3, 4, level="simplified")
    at_first_card(state, 1)
    while state.phase != KEEP:
        state.apply(next(a for a in state.legal_actions() if not isinstance(a, Renew)))
    cards = ids(state, [c for _, c, _ in state.placed])
    for seat in (0, 2):
        assert [p["card"] for p in state.observation(seat)["placed"]] == cards


def test_two_players_the_opponent_places_two_cards() -> None:
    """En Route rulebook, Round Order > 1. Tourist Selection Phase, step 2: in a 2-player game,
    the opponent places two cards."""
    state = new_state(2, 4, level="simplified")
    at_first_card(state, 0)
    state.apply(next(a for a in state.legal_actions() if isinstance(a, PlayCard)))
    for _ in range(2):
        assert state.phase == SECOND and state.seat == 1
        state.apply(next(a for a in state.legal_actions() if isinstance(a, PlayHidden)))
    assert state.phase == KEEP and state.seat == 0
    assert [s for s, _, _ in state.placed] == [0, 1, 1]
    assert len(state.legal_actions()) == 2


def test_four_players_only_the_two_neighbours_place() -> None:
    """En Route rulebook, Round Order > 1. Tourist Selection Phase, step 2: the players to the
    left and right of the active player place a card; the player across does not."""
    state = new_state(4, 4, level="simplified")
    at_first_card(state, 3)
    asked = []
    while state.phase != KEEP:
        asked.append(state.seat)
        state.apply(next(a for a in state.legal_actions() if not isinstance(a, Renew)))
    assert asked == [3, 0, 2]
    assert [s for s, _, _ in state.placed] == [3, 0, 2]
    assert [len(hand) for hand in state.hands] == [2, 3, 2, 2]


def test_active_keeps_one_neighbour_card_never_its_own() -> None:
    """En Route rulebook, Commonly Forgotten Rules / Round Order > 1. step 2: the active player
    must not remove their own card but exactly one of the cards placed by their neighbours."""
    state = new_state(3, 6, level="simplified")
    at_first_card(state, 0)
    give(state, 0, ["global-01", "global-04", "global-07"])
    give(state, 1, ["global-10", "global-13", "global-16"])
    give(state, 2, ["global-02", "global-05", "global-08"])
    state.apply(PlayCard("global-01"))
    state.apply(PlayHidden("global-10"))
    state.apply(PlayHidden("global-02"))
    assert state.legal_actions() == [KeepCard("global-10"), KeepCard("global-02")]
    assert "not possible" in refused(state, KeepCard("global-01"))
    refused(state, KeepCard("global-04"))  # a card of the hand, not placed


def test_removed_card_goes_to_the_bottom_of_the_deck() -> None:
    """En Route rulebook, Round Order > 1. step 2 / Discarding the cards: the unselected card
    goes face down to the bottom of the City deck, not to the discard pile; the other two are
    the Round cards."""
    state = new_state(3, 6, level="simplified")
    at_first_card(state, 0)
    give(state, 0, ["global-01", "global-04", "global-07"])
    give(state, 1, ["global-10", "global-13", "global-16"])
    give(state, 2, ["global-02", "global-05", "global-08"])
    discards = list(state.deck.discards)
    state.apply(PlayCard("global-01"))
    state.apply(PlayHidden("global-10"))
    state.apply(PlayHidden("global-02"))
    state.apply(KeepCard("global-02"))
    assert state.deck.cards[0] == index(state, "global-10")
    assert state.deck.discards == discards
    assert ids(state, state.round_cards) == ["global-01", "global-02"]
    assert state.phase == DRAW
    assert [p["card"] for p in state.public_observation()["placed"]] == ["global-01", "global-02"]
    assert all_cards(state) == list(range(36))


@pytest.mark.parametrize(
    ("first", "second", "marks"),
    [
        ("city-01", "city-04", [2, 0, 0]),  # two School symbols: two upgrades
        ("city-02", "global-01", [0, 1, 0]),
        ("city-03", "repeat-2", [0, 0, 1]),  # a Repeat card repeats no symbol
        ("global-01", "global-04", [0, 0, 0]),
    ],
)
def test_standard_iconic_symbols_upgrade_ratings(first: str, second: str, marks: list[int]) -> None:
    """En Route rulebook, Round Order > 1. step 1 (Standard game) / Repeat Cards: for each
    symbol of an Iconic Landmark on the Round cards, mark the next upgrade box; a Repeat card
    repeats only tourists, not upgrades."""
    state = new_state(2, 1, level="simplified")
    at_first_card(state, 0)
    give(state, 0, [first, "global-16", "global-17"])
    give(state, 1, [second, "city-12", "global-18"])
    state.apply(PlayCard(first))
    state.apply(PlayHidden(second))
    state.apply(PlayHidden("city-12"))  # a Tower symbol, removed below
    state.apply(KeepCard(second))
    assert state.marks == marks  # the removed card's symbol does not count
    assert state.phase == DRAW


def test_upgrades_stop_at_the_fourth_box() -> None:
    """En Route rulebook, Common Landmarks: an Iconic Landmark is worth between 4 PP (no
    upgrades) and 12 PP (all 4 upgrades): a fifth symbol marks nothing more."""
    state = new_state(2, 1, level="simplified")
    state.marks = [4, 3, 0]
    at_first_card(state, 0)
    give(state, 0, ["city-01", "global-16", "global-17"])
    give(state, 1, ["city-02", "city-12", "global-18"])
    state.apply(PlayCard("city-01"))
    state.apply(PlayHidden("city-02"))
    state.apply(PlayHidden("city-12"))
    state.apply(KeepCard("city-02"))
    assert state.marks == [4, 4, 0]
    assert state.public_observation()["ratings"] == {"school": 12, "observatory": 12, "tower": 4}


# --- Tourist cards: coordinates and Repeat cards ----------------------------------------------


def test_both_matching_locations_are_offered() -> None:
    """En Route rulebook, Tourist Cards > Coordinates: each player decides which coordinate is
    horizontal and which vertical: different numbers give two matching locations."""
    state = new_state(2, 0, level="simplified")
    at_drawing_turn(state, 0, "global-04", "global-01", board=0)  # numbers 2 and 1
    city = state.game.city
    expected = city.matching(0, 2, 1)
    assert len(expected) == 2
    for loc in expected:
        assert sorted(city.coordinates(0, loc)) == [1, 2]
    marks = [a for a in state.legal_actions() if isinstance(a, Mark)]
    assert sorted(a.location for a in marks) == sorted(expected)
    assert all(a.tourist == "" for a in marks)


def test_equal_numbers_match_one_location() -> None:
    """En Route rulebook, Tourist Cards > Coordinates: only different numbers give two matching
    locations; equal ones give one."""
    state = new_state(2, 0, level="simplified")
    at_drawing_turn(state, 0, "global-01", "global-02", board=2)
    marks = [a for a in state.legal_actions() if isinstance(a, Mark)]
    assert len(marks) == 1
    assert state.game.city.coordinates(2, marks[0].location) == (1, 1)


def test_round_cards_tourists_are_marked() -> None:
    """En Route rulebook, Round Order > Round Example: the tourists of both Round cards (2 blue
    and 1 red) are marked in the chosen location."""
    state = new_state(2, 0, level="simplified")
    at_drawing_turn(state, 0, "city-03", "global-01", board=1)
    mark = state.legal_actions()[1]
    state.apply(mark)
    assert state.sheets[0].tourists_at(mark.location) == (1, 0, 2)
    assert state.sheets[0].occupied == 1 << mark.location


def test_repeat_card_adds_two_tourists_of_the_other_cards_type() -> None:
    """En Route rulebook, Tourist Cards > Repeat Cards: a Repeat card counts as 2 tourists of
    the same type as the second card (city-03 shows 2 blue: 4 blue in all)."""
    state = new_state(2, 0, level="simplified")
    at_drawing_turn(state, 0, "repeat-4", "city-03", board=0)
    marks = state.legal_actions()
    assert all(isinstance(a, Mark) and a.tourist == "" for a in marks)
    state.apply(marks[0])
    assert state.sheets[0].tourists_at(marks[0].location) == (0, 0, 4)


def test_repeat_card_with_a_two_type_card_keeps_that_cards_tourists() -> None:
    """En Route rulebook, Tourist Cards > Repeat Cards: a Repeat card is treated as if it had 2
    tourists of the second card's type; the second card's own tourists are still marked.
    global-02 shows 1 green and 1 blue: the player marks those two plus 2 of one of their
    types (the type is the player's choice, rules.py says), 4 tourists in all."""
    state = new_state(2, 0, level="simplified")
    at_drawing_turn(state, 0, "repeat-1", "global-02", board=0)
    marks = state.legal_actions()
    assert {a.tourist for a in marks if isinstance(a, Mark)} == {"green", "blue"}
    choice = next(a for a in marks if isinstance(a, Mark) and a.tourist == "green")
    state.apply(choice)
    assert state.sheets[0].tourists_at(choice.location) == (0, 3, 1)


def test_two_repeat_cards_give_two_tourists_of_one_chosen_type() -> None:
    """En Route rulebook, Repeat Cards / Commonly Forgotten Rules: if neither Round card has
    tourists, mark 2 tourists of any single type of your own choice."""
    state = new_state(2, 0, level="simplified")
    at_drawing_turn(state, 0, "repeat-2", "repeat-5", board=0)
    marks = [a for a in state.legal_actions() if isinstance(a, Mark)]
    assert len(marks) == 2 * 3
    assert {a.tourist for a in marks} == {"red", "green", "blue"}
    choice = next(a for a in marks if a.tourist == "red")
    state.apply(choice)
    assert state.sheets[0].tourists_at(choice.location) == (2, 0, 0)


# --- Drawing phase ------------------------------------------------------------------------------


def test_occupied_location_cannot_be_selected() -> None:
    """En Route rulebook, Round Order > 2. Drawing Phase, step 1: the selected location must be
    unoccupied at the start of the turn (no tourists marked there before)."""
    state = new_state(2, 0, level="simplified")
    at_drawing_turn(state, 0, "global-04", "global-01", board=0)
    taken, free = state.game.city.matching(0, 2, 1)
    state.sheets[0].occupied |= 1 << taken
    state.sheets[0].add_tourists(taken, (1, 0, 0))
    assert [a.location for a in state.legal_actions() if isinstance(a, Mark)] == [free]
    assert "unoccupied" in refused(state, Mark(taken, ""))


def test_sections_near_a_location_do_not_occupy_it() -> None:
    """En Route rulebook, Round Order > 2. Drawing Phase, step 1: route sections near a location
    do not make it occupied."""
    state = new_state(2, 0, level="simplified")
    at_drawing_turn(state, 0, "global-04", "global-01", board=0)
    both = state.game.city.matching(0, 2, 1)
    for loc in both:
        for section in LOCATION_SECTIONS[loc]:
            state.sheets[0].sections |= 1 << section
    assert sorted(a.location for a in state.legal_actions() if isinstance(a, Mark)) == list(both)


def test_both_matching_occupied_one_tourist_anywhere_and_one_section() -> None:
    """En Route rulebook, Round Order > 2. Drawing Phase, Note / Commonly Forgotten Rules: if
    both matching locations are occupied, mark 1 tourist of any type on any unoccupied location
    and draw 1 route section anywhere."""
    state = new_state(2, 0, level="simplified")
    at_drawing_turn(state, 0, "global-06", "global-01", board=0)  # 2 red + 1 green, 1 red
    sheet = state.sheets[0]
    for loc in state.game.city.matching(0, 2, 1):
        sheet.occupied |= 1 << loc
    marks = state.legal_actions()
    assert {type(a) for a in marks} == {Mark}
    assert len(marks) == (36 - 2) * 3
    refused(state, Mark(state.game.city.matching(0, 2, 1)[0], "red"))
    far = location_index(5, 5)
    state.apply(Mark(far, "blue"))
    assert sheet.tourists_at(far) == (0, 0, 1)
    charts = state.legal_actions()
    assert all(isinstance(a, Chart) and len(a.sections) == 1 for a in charts)
    top = LOCATION_SECTIONS[far][0]
    refused(state, Chart(tuple(sorted((top, h(4, 5))))))  # 2 sections are not allowed
    state.apply(Chart((h(0, 0),)))  # 1 section anywhere
    assert sheet.sections == 1 << h(0, 0)


def chart_turn(seed: int = 0) -> tuple[EnRouteState, int]:
    """Seat 0 has marked location (2, 2) and must chart its route segment (simplified)."""
    state = new_state(2, seed, level="simplified")
    loc = location_index(2, 2)
    first, second = round_cards_for(state, 0, loc)
    at_drawing_turn(state, 0, first, second)
    state.apply(Mark(loc, ""))
    return state, loc


@pytest.mark.parametrize(
    "pair",
    [
        (h(2, 2), h(3, 2)),  # straight, along the top edge and beyond
        (v(2, 2), v(2, 3)),  # straight, along the left edge and below
        (h(2, 2), v(3, 2)),  # L-shaped around the corner, both along the location
        (h(2, 2), v(3, 1)),  # L-shaped, one section along the location
        (h(2, 3), v(3, 3)),  # L-shaped below the location
    ],
)
def test_two_sections_straight_or_l_next_to_the_location(pair: tuple[int, int]) -> None:
    """En Route rulebook, Round Order > 2. Drawing Phase, step 3a: a route segment of 2
    sections (straight or L-shaped) next to the selected location, at least one along its edge."""
    state, _ = chart_turn()
    action = Chart(tuple(sorted(pair)))
    assert action in state.legal_actions()
    state.apply(action)
    assert state.sheets[0].sections == (1 << pair[0]) | (1 << pair[1])


@pytest.mark.parametrize(
    "pair",
    [
        (h(2, 2), h(2, 3)),  # both along the location, but not joined
        (h(3, 2), h(4, 2)),  # joined, but neither along the location
        (h(0, 0), h(5, 6)),  # far apart
    ],
)
def test_other_two_section_segments_are_refused(pair: tuple[int, int]) -> None:
    """En Route rulebook, Round Order > 2. Drawing Phase, step 3a: the 2 sections are one
    continuous segment and at least one runs along the selected location's edge."""
    state, _ = chart_turn()
    action = Chart(tuple(sorted(pair)))
    assert action not in state.legal_actions()
    refused(state, action)


def test_one_section_anywhere() -> None:
    """En Route rulebook, Round Order > 2. Drawing Phase, step 3b: 1 route section anywhere on
    the city map; an isolated segment is allowed (When charting a route, you do not have to
    continue an existing route segment)."""
    state, _ = chart_turn()
    state.sheets[0].sections = 1 << h(0, 0)
    singles = [a for a in state.legal_actions() if isinstance(a, Chart) and len(a.sections) == 1]
    assert len(singles) == 84 - 1
    state.apply(Chart((v(6, 5),)))
    assert state.sheets[0].sections == (1 << h(0, 0)) | (1 << v(6, 5))


def test_a_drawn_section_cannot_be_drawn_again() -> None:
    """En Route rulebook, Round Order > 2. Drawing Phase, Route: a route cannot repeat itself;
    you cannot draw another section along a section that has already been drawn."""
    state, _ = chart_turn()
    state.sheets[0].sections = 1 << h(2, 2)
    assert Chart((h(2, 2),)) not in state.legal_actions()
    assert Chart(tuple(sorted((h(2, 2), h(3, 2))))) not in state.legal_actions()
    assert "already drawn" in refused(state, Chart((h(2, 2),)))
    refused(state, Chart(tuple(sorted((h(2, 2), h(3, 2))))))
    refused(state, Chart((h(0, 0), h(0, 0))))
    state.apply(Chart(tuple(sorted((h(2, 3), v(3, 3))))))


def test_chart_before_marking_is_refused() -> None:
    """En Route rulebook, Round Order > 2. Drawing Phase: the 3 steps are taken in order:
    select a location, mark tourists, then chart the route."""
    state = new_state(2, 0, level="simplified")
    at_drawing_turn(state, 0, "global-04", "global-01", board=0)
    refused(state, Chart((h(0, 0),)))


def test_a_drawing_turn_ends_after_charting() -> None:
    """En Route rulebook, Round Order > 2. Drawing Phase: each player takes their turn (then the
    next player draws; with no bonus left there is nothing more to do)."""
    state, _ = chart_turn()
    state.draws.append((1, *state.round_cards))
    state.apply(Chart((h(0, 0),)))
    assert state.phase == DRAW and state.seat == 1 and state.stage == 0


# --- Cafés --------------------------------------------------------------------------------------

CAROUSEL, WEATHERVANE, TEAPOT, DETOUR, BLUE_MOON, COMPASS, SHORTCUT, CONFETTI = range(8)


def cafe_turn(location: tuple[int, int], level: str = "intermediate", **options: Any):
    """Seat 0 has marked `location` (col, row) and must chart."""
    state = new_state(2, 0, level=level, **options)
    loc = location_index(*location)
    first, second = round_cards_for(state, 0, loc)
    at_drawing_turn(state, 0, first, second, later=(1,))
    state.apply(Mark(loc, ""))
    return state, loc


def test_cafe_gained_when_a_section_reaches_it() -> None:
    """En Route rulebook, Cafés > Gaining Café bonuses: whenever you chart a route section that
    reaches a crossroads with a Café, circle it: you gain its bonus (on the final route or not)."""
    state, _ = cafe_turn((4, 5))
    state.apply(Chart((h(3, 6),)))  # (3,6)-(4,6): Café Compass at (4,6)
    assert state.sheets[0].cafes_gained == 1 << COMPASS
    assert state.sheets[0].cafes_used == 0


def test_cafes_are_ignored_in_a_simplified_game() -> None:
    """En Route rulebook, Cafés: in a simplified game with First City, do not use Cafés."""
    state, _ = cafe_turn((4, 5), level="simplified")
    state.apply(Chart((h(3, 6),)))
    assert state.sheets[0].cafes_gained == 0
    assert state.seat == 1  # no bonus to decide on


def test_new_tourists_cafe_adds_to_this_turns_location() -> None:
    """En Route rulebook, Cafés > Types of Café Bonuses, New tourists: use it immediately to add
    the shown tourists to the location where you marked tourists this turn."""
    state, loc = cafe_turn((1, 0))
    before = state.sheets[0].tourists_at(loc)
    state.apply(Chart((h(1, 0),)))  # (1,0)-(2,0): Café Carousel, 1 red
    assert state.legal_actions() == [CafeTourists(CAROUSEL, True), CafeTourists(CAROUSEL, False)]
    refused(state, Done())
    state.apply(CafeTourists(CAROUSEL, True))
    assert state.sheets[0].tourists_at(loc) == (before[0] + 1, before[1], before[2])
    assert state.sheets[0].cafes_used == 1 << CAROUSEL
    assert state.seat == 1


def test_new_tourists_cafe_kept_unused_scores_two_pp() -> None:
    """En Route rulebook, Cafés > New tourists: it cannot be postponed to a later round, but you
    may leave it unused to score 2 PP at the end of the game."""
    state, loc = cafe_turn((1, 0))
    before = state.sheets[0].tourists_at(loc)
    state.apply(Chart((h(1, 0),)))
    state.apply(CafeTourists(CAROUSEL, False))
    assert state.sheets[0].tourists_at(loc) == before
    assert state.sheets[0].cafes_gained == 1 << CAROUSEL and state.sheets[0].cafes_used == 0
    assert state.final_board(0).unused_cafe_bonuses == 1
    # No later round offers it again.
    at_drawing_turn(state, 0, "global-04", "global-01")
    assert not any(isinstance(a, CafeTourists) for a in state.legal_actions())


def test_route_section_cafe_usable_right_away() -> None:
    """En Route rulebook, Cafés > Route section: draw 1 additional section anywhere, right
    after gaining it."""
    state, _ = cafe_turn((5, 1))
    state.apply(Chart((v(6, 1),)))  # (6,1)-(6,2): Café Detour
    assert state.sheets[0].cafes_gained == 1 << DETOUR
    assert state.seat == 0 and state.stage == EXTRAS  # the turn waits for the bonus
    assert Done() in state.legal_actions()
    assert ExtraSection(h(0, 0)) in state.legal_actions()
    refused(state, ExtraSection(v(6, 1)))  # already drawn
    state.apply(ExtraSection(h(0, 0)))
    assert state.sheets[0].sections == (1 << v(6, 1)) | (1 << h(0, 0))
    assert state.sheets[0].cafes_used == 1 << DETOUR
    assert state.seat == 1


def test_route_section_cafe_usable_in_a_later_round() -> None:
    """En Route rulebook, Cafés > Route section: ... or during later rounds at any time of your
    turn."""
    state, _ = cafe_turn((5, 1))
    state.apply(Chart((v(6, 1),)))
    state.apply(Done())
    assert state.sheets[0].cafes_used == 0
    loc = location_index(0, 0)
    first, second = round_cards_for(state, 0, loc)
    at_drawing_turn(state, 0, first, second)
    state.apply(Mark(loc, ""))
    state.apply(ExtraSection(h(3, 3)))  # before charting
    state.apply(Chart((h(0, 0),)))
    assert state.sheets[0].sections >> h(3, 3) & 1
    assert state.sheets[0].cafes_used == 1 << DETOUR


def test_cafe_gained_by_a_route_section_bonus() -> None:
    """En Route rulebook, Cafés > Gaining Café bonuses: a section that reaches a Café gains it,
    whether charted as the segment or drawn with a Route section bonus."""
    state, _ = cafe_turn((5, 1))
    state.apply(Chart((v(6, 1),)))  # Café Detour
    state.apply(ExtraSection(h(1, 0)))  # reaches Café Carousel (2,0)
    assert state.sheets[0].cafes_gained == (1 << DETOUR) | (1 << CAROUSEL)
    assert state.legal_actions() == [CafeTourists(CAROUSEL, True), CafeTourists(CAROUSEL, False)]


def test_each_cafe_is_gained_once() -> None:
    """En Route rulebook, Cafés > Gaining Café bonuses: each Café bonus is single-use; once used
    you will not be able to visit this Café again."""
    state, _ = cafe_turn((5, 1))
    state.apply(Chart((v(6, 1),)))
    state.apply(ExtraSection(v(6, 2)))  # (6,2)-(6,3) reaches Café Detour again
    assert state.sheets[0].cafes_used == 1 << DETOUR
    assert state.seat == 1  # no second bonus from the same Café
    assert state.sheets[0].cafes_gained == 1 << DETOUR


def coordinate_turn() -> EnRouteState:
    """Seat 0 gained Café Compass (coordinate change) last round; a new turn starts now."""
    state, _ = cafe_turn((4, 5))
    state.apply(Chart((h(3, 6),)))
    assert state.seat == 1
    at_drawing_turn(state, 0, "global-04", "global-16", board=0)  # numbers 2 and 6
    return state


def test_coordinate_change_not_in_the_round_gained() -> None:
    """En Route rulebook, Cafés > Coordinate change: since selecting a location is done before
    charting, you cannot use this bonus in the same round you gained it."""
    state, _ = cafe_turn((4, 5))
    state.sheets[0].balance = []
    state.draws = [state.draws[0]]
    state.draws.append((1, *state.round_cards))
    state.apply(Chart((h(3, 6),)))
    assert not any(isinstance(a, ChangeCoordinate) for a in state.legal_actions())


def test_coordinate_change_before_selecting_a_location() -> None:
    """En Route rulebook, Cafés > Coordinate change: before selecting a location, change the
    value of one Round card by 1 in either direction; it applies to you only."""
    state = coordinate_turn()
    changes = [a for a in state.legal_actions() if isinstance(a, ChangeCoordinate)]
    assert sorted((a.which, a.delta) for a in changes) == [(0, -1), (0, 1), (1, -1), (1, 1)]
    state.apply(ChangeCoordinate(0, 1))  # 2 -> 3
    assert state.round_values() == (3, 6)
    city = state.game.city
    marks = [a.location for a in state.legal_actions() if isinstance(a, Mark)]
    assert sorted(marks) == sorted(city.matching(0, 3, 6))
    assert state.sheets[0].cafes_used == 1 << COMPASS
    assert not any(isinstance(a, ChangeCoordinate) for a in state.legal_actions())
    state.apply(Mark(marks[0], ""))
    refused(state, ChangeCoordinate(0, 1))  # only before selecting a location


@pytest.mark.parametrize(("which", "delta", "values"), [(1, 1, (2, 1)), (0, -1, (6, 6))])
def test_coordinate_change_wraps_six_and_one(which: int, delta: int, values: tuple) -> None:
    """En Route rulebook, Cafés > Coordinate change: 6 can be turned into 1 and vice versa."""
    state = coordinate_turn()
    if which == 0:
        at_drawing_turn(state, 0, "global-01", "global-16", board=0)
    state.apply(ChangeCoordinate(which, delta))
    assert state.round_values() == values


def test_coordinate_changes_combine() -> None:
    """En Route rulebook, Cafés > Coordinate change: with more than one of these bonuses you may
    combine them and apply them to one or different Round cards."""
    state = coordinate_turn()
    state.sheets[0].cafes_gained |= 1 << WEATHERVANE
    state.apply(ChangeCoordinate(0, 1))
    state.apply(ChangeCoordinate(0, 1))  # 2 -> 4
    assert state.round_values() == (4, 6)
    assert state.sheets[0].cafes_used == (1 << COMPASS) | (1 << WEATHERVANE)
    refused(state, ChangeCoordinate(1, 1))  # none left


def test_unused_cafe_bonuses_score_two_pp_each_even_off_the_route() -> None:
    """En Route rulebook, End of the Game > IV. 6 / Cafés > Unused Café bonuses: each Café bonus
    gained but not used scores 2 PP, even those not on the final route."""
    state = new_state(2, 0, level="intermediate")
    state.sheets[0].cafes_gained = (1 << CAROUSEL) | (1 << DETOUR) | (1 << COMPASS)
    state.sheets[0].cafes_used = 1 << DETOUR
    state.sheets[0].sections = drawn((0, 5), (0, 6))
    at_final(state)
    finish(state, {0: trail((0, 5), (0, 6))})
    assert state.result is not None
    assert state.result.breakdown[0]["cafes"] == 4


def test_balance_route_card_used_before_a_route_cafe() -> None:
    """En Route rulebook, Balance Cards: a single-use card that works like the Café bonus of the
    same name (RULES_NOTES: a Balance card is spent before a Café bonus of the same kind, so the
    unused Café still scores 2 PP)."""
    state, _ = cafe_turn((5, 1), balance="0:route")
    assert state.sheets[0].balance == ["route_section"]
    state.apply(Chart((v(6, 1),)))  # Café Detour
    state.apply(ExtraSection(h(0, 0)))
    assert state.sheets[0].balance == []
    assert state.sheets[0].cafes_used == 0
    assert state.seat == 0  # the Café's bonus is left
    state.apply(ExtraSection(h(1, 6)))
    assert state.sheets[0].cafes_used == 1 << DETOUR


def test_balance_coordinate_card() -> None:
    """En Route rulebook, Balance Cards: the Coordinate change side works like the Café bonus;
    after use the card is removed from the game."""
    state = new_state(2, 0, level="simplified", balance="0:route,1:coordinate")
    assert [sheet.balance for sheet in state.sheets] == [["route_section"], ["coordinate_change"]]
    at_drawing_turn(state, 1, "global-04", "global-16", board=0)
    state.apply(ChangeCoordinate(1, -1))
    assert state.round_values() == (2, 5)
    assert state.sheets[1].balance == []
    refused(state, ChangeCoordinate(1, -1))


def test_unused_balance_cards_score_nothing() -> None:
    """En Route rulebook, Balance Cards / End of the Game IV. 6: only unused Café bonuses score
    2 PP; an unused Balance card scores nothing."""
    state = new_state(2, 0, level="intermediate", balance="0:route,1:coordinate")
    state.sheets[0].sections = drawn((0, 5), (0, 6))
    at_final(state)
    finish(state, {0: trail((0, 5), (0, 6))})
    assert state.result is not None
    assert [b["cafes"] for b in state.result.breakdown] == [0, 0]


def test_balance_option_is_checked() -> None:
    """En Route rulebook, Balance Cards / Components: 4 Balance cards, each used on its Route
    section or Coordinate change side, by a player of the game."""
    for bad in ("2:route", "0:swim", "0:route,0:route,1:route,1:coordinate,0:coordinate"):
        with pytest.raises(OptionError):
            tabletrip.make("en-route", players=2, balance=bad)
    game = tabletrip.make("en-route", players=2, balance="0:route,0:coordinate")
    assert game.new_game(0).sheets[0].balance == ["route_section", "coordinate_change"]


# --- Upkeep -------------------------------------------------------------------------------------


def play_regular_round(state: EnRouteState) -> None:
    """Play the current round with the first legal action each time (Renew skipped)."""
    start = state.round
    while state.round == start and state.phase not in (FINAL, OVER):
        actions = [a for a in state.legal_actions() if not isinstance(a, Renew)]
        state.apply(actions[0])


def test_upkeep_discards_refills_and_passes_the_active_player() -> None:
    """En Route rulebook, Round Order > 3. Upkeep Phase: the Round cards go face up to the
    discard pile (not under the deck); each player refills to 3; the next player clockwise
    becomes the active player."""
    state = new_state(3, 2, level="simplified")
    at_first_card(state, 2)
    play_regular_round(state)
    assert state.phase == FIRST
    assert state.active == 0 and state.seat == 0
    assert len(state.deck.discards) == 2
    assert [len(hand) for hand in state.hands] == [3, 3, 3]
    assert state.public_observation()["discards"] == ids(state, state.deck.discards)
    assert all_cards(state) == list(range(36))


def test_ten_rounds_then_the_final_route() -> None:
    """En Route rulebook, Gameplay Overview / End of the Game: a game lasts exactly 10 rounds;
    then each player determines the final route."""
    state = new_state(2, 2, level="simplified")
    rounds = 0
    while state.phase != FINAL:
        play_regular_round(state)
        rounds += 1
    assert rounds == 10 and state.round == 11
    assert bin(state.sheets[0].occupied).count("1") == 10


# --- Hand renewal -------------------------------------------------------------------------------


def test_hand_renewal() -> None:
    """En Route rulebook, Special Rules > Hand Card Renewal: once per game, put 1-3 cards from
    your hand at the bottom of the City deck, draw as many from the top and shuffle the deck;
    mark it on your board."""
    state = new_state(2, 3, level="simplified")
    at_first_card(state, 0)
    hand = sorted(ids(state, state.hands[0]))
    renewals = [a for a in state.legal_actions() if isinstance(a, Renew)]
    assert len(renewals) == 3 + 3 + 1  # every 1, 2 or 3 cards of the hand
    top = state.deck.cards[-2:]
    state.apply(Renew(tuple(hand[:2])))
    assert sorted(state.hands[0]) == sorted([index(state, hand[2]), *top])
    assert {index(state, c) for c in hand[:2]} <= set(state.deck.cards)
    assert state.sheets[0].renewed and state.observation(1)["sheets"][0]["renewed"]
    assert all_cards(state) == list(range(36))
    assert state.phase == FIRST and state.seat == 0  # still to place the first card
    # The others do not learn the cards put back.
    assert hand[0] not in json.dumps(state.observation(1))


def test_hand_renewal_shuffles_the_deck() -> None:
    """En Route rulebook, Special Rules > Hand Card Renewal: ... and shuffle it."""
    orders = set()
    for seed in range(4):
        state = new_state(2, 3, level="simplified")
        state.rng = Rng(seed)
        at_first_card(state, 0)
        state.apply(Renew(tuple(sorted(ids(state, state.hands[0]))[:1])))
        orders.add(tuple(state.deck.cards))
    assert len(orders) > 1


def test_hand_renewal_only_once_a_game() -> None:
    """En Route rulebook, Special Rules > Hand Card Renewal: you cannot renew your hand in this
    game again."""
    state = new_state(2, 3, level="simplified")
    at_first_card(state, 0)
    hand = sorted(ids(state, state.hands[0]))
    state.apply(Renew((hand[0],)))
    assert not any(isinstance(a, Renew) for a in state.legal_actions())
    refused(state, Renew(tuple(sorted(ids(state, state.hands[0]))[:1])))
    state.apply(next(a for a in state.legal_actions() if isinstance(a, PlayCard)))
    assert any(isinstance(a, Renew) for a in state.legal_actions())  # the opponent still may


def test_hand_renewal_takes_one_to_three_hand_cards() -> None:
    """En Route rulebook, Special Rules > Hand Card Renewal: put 1-3 cards from your hand."""
    state = new_state(2, 3, level="simplified")
    at_first_card(state, 0)
    refused(state, Renew(()))
    other = ids(state, state.hands[1])[0]
    refused(state, Renew((other,)))


def test_neighbour_may_renew_after_the_first_card() -> None:
    """En Route rulebook, Special Rules > Hand Card Renewal: you can renew at any time, even
    after the active player has placed their first Round card."""
    state = new_state(3, 3, level="simplified")
    at_first_card(state, 0)
    state.apply(next(a for a in state.legal_actions() if isinstance(a, PlayCard)))
    assert state.phase == SECOND and state.seat == 1
    state.apply(Renew(tuple(sorted(ids(state, state.hands[1])))))
    assert state.sheets[1].renewed and len(state.hands[1]) == 3
    assert state.phase == SECOND and state.seat == 1


# --- Turn Order Issues and secret simultaneous drawing ----------------------------------------


def draw_first_turn(state: EnRouteState) -> None:
    """The seat to draw marks its first offered location and charts a section next to it."""
    mark = state.legal_actions()[0]
    assert isinstance(mark, Mark)
    state.apply(mark)
    state.apply(Chart((LOCATION_SECTIONS[mark.location][0],)))


def test_clockwise_drawing_starts_with_the_active_player_in_the_open() -> None:
    """En Route rulebook, Special Rules > Turn Order Issues: play the Drawing phase clockwise,
    starting with the active player; a player sees where the earlier ones drew."""
    state = new_state(3, 5, level="simplified", clockwise=True)
    at_first_card(state, 1)
    while state.phase != DRAW:
        state.apply(next(a for a in state.legal_actions() if not isinstance(a, Renew)))
    assert [s for s, _, _ in state.draws] == [1, 2, 0]
    assert state.public_observation()["drawing"] == [1, 2, 0]
    draw_first_turn(state)
    assert state.seat == 2
    seen = state.observation(2)["sheets"][1]
    assert seen["sections"] and seen["occupied"]
    view = state.determinize(2, Rng(1))
    assert view.sheets[1] == state.sheets[1]


def test_simultaneous_drawing_hides_earlier_maps() -> None:
    """En Route rulebook, Special Rules > Turn Order Issues: normally all players draw at the
    same time, so a player drawing later may not see what the others drew this round (the
    observation shows their maps as at the start of the phase; determinize does not leak)."""
    state = new_state(3, 5, level="simplified")
    at_first_card(state, 1)
    while state.phase != DRAW:
        state.apply(next(a for a in state.legal_actions() if not isinstance(a, Renew)))
    before = [state.observation(2)["sheets"][s] for s in range(3)]
    draw_first_turn(state)
    assert state.seat == 2
    assert state.public_observation()["drawing"] == []
    assert state.observation(2)["sheets"][1] == before[1]
    assert state.observation(1)["sheets"][1] != before[1]  # its own map as it is
    for seed in range(3):
        view = state.determinize(2, Rng(seed))
        assert view.sheets[1] == state.shown[1] != state.sheets[1]
        assert view.observation(2) == state.observation(2)
    draw_first_turn(state)
    draw_first_turn(state)  # the round ends: every map is revealed
    assert state.phase == FIRST
    assert state.observation(2)["sheets"][1] == state.observation(1)["sheets"][1]


@pytest.mark.parametrize(("players", "mode"), [(3, "standard"), (4, "team"), (3, "advanced")])
def test_a_waiting_seats_view_keeps_the_seat_to_move(players: int, mode: str) -> None:
    """RULES_NOTES, Turn structure in a program: the seat to decide is always known, even in a
    secret Drawing phase; so every seat's determinization (not only the mover's) keeps it, and
    with it that seat's whole observation, while another seat is mid-turn."""
    state = tabletrip.make("en-route", players=players, mode=mode).new_game(seed=1)
    rng = Rng(3)
    checked = 0
    for step in range(400):
        if state.is_over:
            break
        for seat in range(players):
            view = state.determinize(seat, Rng(step))
            assert view.current_player == state.current_player
            assert view.observation(seat) == state.observation(seat)
        checked += state.phase == DRAW
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 20


HIDDEN_MODES = [
    ("standard", 2, False),
    ("standard", 3, False),
    ("standard", 3, True),
    ("standard", 4, False),
    ("standard", 4, True),
    ("team", 4, False),
    ("team", 4, True),
]


@pytest.mark.parametrize(("mode", "players", "clockwise"), HIDDEN_MODES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_drawing_seat_sees_only_what_the_rules_show(
    mode: str, players: int, clockwise: bool, seed: int
) -> None:
    """En Route rulebook, Special Rules > Turn Order Issues / Beginning Rounds: in a simultaneous
    Drawing phase (and in every beginning round) a seat sees the other maps as they were before
    the phase; with clockwise drawing it sees each map as it is (the earlier seats' turns)."""
    game = tabletrip.make("en-route", players=players, mode=mode, clockwise=clockwise)
    state = game.new_game(seed)
    assert isinstance(state, EnRouteState)
    rng = Rng(seed)
    before: list[Any] = []
    while not state.is_over:
        if state.phase not in (DRAW, RATE):
            before = [state.observation(s)["sheets"][s] for s in range(players)]
        elif state.phase == DRAW:
            seat = state.seat
            secret = state.is_beginning_round() or not clockwise
            seen = state.observation(seat)["sheets"]
            for other in range(players):
                if other == seat:
                    continue
                actual = state.observation(other)["sheets"][other]
                assert seen[other] == (before[other] if secret else actual)
        state.apply(rng.choice(state.legal_actions()))


def test_simultaneous_drawing_turn_length_is_not_shown() -> None:
    """En Route rulebook, Special Rules > Turn Order Issues (normally all players draw at the
    same time; CONTRACT.md: an observation never changes when only what the seat cannot see
    changes): whether an earlier seat's secret turn reached a Café (one more decision) must
    not show in a later seat's observation before the maps are revealed."""
    views = []
    for section in (h(0, 1), h(1, 0)):  # (1,0)-(2,0) reaches Café Carousel (new tourists)
        state = new_state(3, 0, level="intermediate")
        loc = location_index(1, 0)
        first, second = round_cards_for(state, 1, loc)
        state.active = 1
        at_drawing_turn(state, 1, first, second, later=(2, 0))
        state.apply(Mark(loc, ""))
        state.apply(Chart((section,)))
        if state.seat == 1:
            state.apply(CafeTourists(CAROUSEL, False))
        assert state.seat == 2
        views.append(state.observation(2))
    assert views[0] == views[1]


# --- End of the game ----------------------------------------------------------------------------


def test_objectives_are_flipped_face_up_at_the_end() -> None:
    """En Route rulebook, End of the Game > I. Personal Objective crossroads: flip your Personal
    Objective card face up (RULES_NOTES: objectives are revealed with the result): once the game
    is over, the other players can see which objective each seat kept."""
    state = new_state(2, 3, level="intermediate")
    rng = Rng(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.result is not None
    for seat, other in ((0, 1), (1, 0)):
        kept = state.game.city.objective_ids[state.objectives[seat]]
        shown = json.dumps(state.observation(other)) + json.dumps(state.result.to_json())
        assert kept in shown, f"seat {seat}'s objective {kept} is never revealed"


LOOP = ((1, 1), (2, 1), (2, 2), (1, 2), (1, 1))


def final_state(level: str = "simplified", players: int = 2) -> EnRouteState:
    state = new_state(players, 0, level=level)
    at_final(state)
    return state


def test_final_route_must_follow_drawn_sections_once() -> None:
    """En Route rulebook, End of the Game > II: the final route is continuous, uses each section
    only once, and no section can be added."""
    state = final_state()
    state.sheets[0].sections = drawn(*LOOP) | drawn((3, 3), (4, 3))
    for bad in [
        trail((1, 1), (2, 1), (3, 1)),  # (2,1)-(3,1) not drawn
        trail((1, 1), (2, 2)),  # not adjacent
        trail((1, 1), (2, 1), (1, 1)),  # a section twice
        trail((1, 1)),  # a lone crossroads
        trail((2, 2), (1, 2), (3, 3), (4, 3)),  # a jump between segments
        (),  # no route while sections were drawn
    ]:
        refused(state, FinalRoute(bad))
    state.apply(FinalRoute(trail(*LOOP)))  # a loop is a route
    assert state.seat == 1


def test_final_route_may_cross_itself() -> None:
    """En Route rulebook, End of the Game > II: no other restrictions; it can even cross itself
    or loop."""
    state = final_state()
    figure_eight = ((1, 1), (2, 1), (2, 2), (3, 2), (3, 3), (2, 3), (2, 2), (1, 2), (1, 1))
    state.sheets[0].sections = drawn(*figure_eight)
    state.apply(FinalRoute(trail(*figure_eight)))
    finish(state, {})
    assert state.result is not None
    assert state.result.breakdown[0]["route_length"] == 8


def test_final_route_typed_and_parsed() -> None:
    """En Route rulebook, End of the Game > II: any continuous route over drawn sections may be
    chosen (tabletrip: typed as `route x,y ...`, even when not among the offered best ones)."""
    state = final_state()
    state.sheets[0].sections = drawn(*LOOP) | drawn((2, 2), (2, 3))
    action = state.game.parse_action("route 1,1 2,1 2,2", state)
    assert action == FinalRoute(trail((1, 1), (2, 1), (2, 2)))
    assert action not in state.legal_actions()
    state.apply(action)
    assert state.finals[0] == trail((1, 1), (2, 1), (2, 2))


def test_typed_route_with_bad_text_is_refused_in_one_line() -> None:
    """En Route rulebook, End of the Game > II (tabletrip: a bad route gives a one-line reason)."""
    state = final_state()
    state.sheets[0].sections = drawn(*LOOP)
    with pytest.raises(IllegalAction) as caught:
        state.game.parse_action("route 1,1 two,1", state)
    assert "\n" not in str(caught.value)
    message = refused(state, state.game.parse_action("route 1,1 2,1 3,1", state))
    assert "drawn sections" in message


def test_typed_route_off_the_grid_is_refused() -> None:
    """En Route rulebook, Player Board / End of the Game > II: crossroads lie on the 7x7 grid;
    a route typed through (7, 0) or (-1, 1) does not exist and must be refused, not read as
    another crossroads ((7, 0) is index 7, which is crossroads (0, 1))."""
    state = final_state()
    state.sheets[0].sections = drawn((0, 1), (0, 2))
    for text in ("route 7,0 0,2", "route -1,2 0,2"):
        with pytest.raises(IllegalAction):
            state.apply(state.game.parse_action(text, state))
    assert state.phase == FINAL and state.finals[0] is None


def all_trails(sections: int) -> list[tuple[int, ...]]:
    """Every trail over a (small) set of drawn sections, by brute force."""
    ends = {s: SECTION_ENDS[s] for s in range(84) if sections >> s & 1}
    found: list[tuple[int, ...]] = []

    def walk(path: tuple[int, ...], used: frozenset[int]) -> None:
        found.append(path)
        for s, (a, b) in ends.items():
            if s not in used and path[-1] in (a, b):
                walk((*path, b if path[-1] == a else a), used | {s})

    for start in {c for pair in ends.values() for c in pair}:
        walk((start,), frozenset())
    return [t for t in found if len(t) > 1]


def test_final_routes_are_secret_until_all_have_chosen() -> None:
    """En Route rulebook, End of the Game > II (RULES_NOTES: the final route is hidden from the
    others until all have chosen; CONTRACT.md: determinize resamples all the seat cannot see): a
    seat still choosing neither sees another seat's final route nor finds it in a
    determinization."""
    state = final_state("full")
    state.sheets[0].sections = drawn(*LOOP) | drawn((2, 2), (3, 2), (4, 2))
    state.sheets[1].sections = drawn((0, 5), (0, 6))
    chosen = trail((1, 1), (2, 1))  # one section: surely not the best of seat 0's routes
    state.apply(FinalRoute(chosen))
    assert state.seat == 1
    assert state.observation(1)["final_route"] is None
    views = [state.determinize(1, Rng(seed)) for seed in range(5)]
    for view in views:
        assert view.observation(1) == state.observation(1)
    assert any(view.finals[0] != chosen for view in views), "determinize leaks seat 0's route"


def test_best_routes_offered_first() -> None:
    """En Route rulebook, End of the Game > II (tabletrip, CONTRACT.md Huge choice sets): the
    legal actions list at most 5 final routes, the best first."""
    state = final_state()
    sheet = state.sheets[0]
    sheet.sections = drawn(*LOOP) | drawn((2, 2), (3, 2), (4, 2), (4, 1)) | drawn((0, 5), (0, 6))
    sheet.add_tourists(location_index(3, 1), (0, 3, 0))  # green tourists by the Arboretum
    sheet.add_tourists(location_index(1, 1), (0, 0, 1))
    offered = state.legal_actions()
    assert 1 <= len(offered) <= 5
    board = state.final_board(0)
    totals = [score_route(board, a.crossroads).total for a in offered if isinstance(a, FinalRoute)]
    assert totals == sorted(totals, reverse=True)
    assert totals[0] == max(score_route(board, t).total for t in all_trails(sheet.sections))
    for a in offered:
        assert state.illegal_reason(a) is None


def test_tourists_off_the_route_leave() -> None:
    """En Route rulebook, End of the Game > III: tourists whose locations are not on the final
    route leave (are erased before scoring)."""
    state = final_state()
    sheet = state.sheets[0]
    sheet.sections = drawn((1, 1), (2, 1)) | drawn((4, 4), (5, 4))
    sheet.add_tourists(location_index(1, 0), (2, 1, 0))  # by the Merry-Go-Market (red)
    sheet.add_tourists(location_index(4, 4), (5, 0, 0))  # off the route
    finish(state, {0: trail((1, 1), (2, 1))})
    assert state.result is not None
    scored = state.result.breakdown[0]
    assert scored["red"] == 2  # 2 red tourists x 1 red Landmark; the 5 left
    assert scored["tourists"] == 3


def test_corner_touch_is_not_on_the_route() -> None:
    """En Route rulebook, End of the Game > III: if the route touches only a corner of a
    location with a turn at a crossroads, that location is not on the route."""
    state = final_state()
    sheet = state.sheets[0]
    corner = location_index(1, 1)  # corners (1,1), (2,1), (1,2), (2,2)
    route = ((1, 0), (1, 1), (0, 1))  # turns at (1,1): touches location (1,1) by a corner
    sheet.sections = drawn(*route)
    sheet.add_tourists(corner, (0, 0, 3))
    sheet.add_tourists(location_index(0, 0), (0, 0, 2))
    finish(state, {0: trail(*route)})
    assert state.result is not None
    assert state.result.breakdown[0]["tourists"] == 2


def test_breakdown_lists_the_nine_scoring_steps() -> None:
    """En Route rulebook, End of the Game > IV: steps 1-9 (red, green, blue, yellow, gray,
    unused Café bonuses, Visit-Them-All, Personal Objectives, Goals) add up to the total."""
    state = new_state(2, 0, level="full")
    state.sheets[0].sections = drawn(*LOOP)
    at_final(state)
    finish(state, {})
    assert state.result is not None
    assert len(STEPS) == 9
    for seat, data in enumerate(state.result.breakdown):
        assert sum(data[step] for step in STEPS) == data["total"] == state.result.scores[seat]


def tie_state() -> EnRouteState:
    state = final_state("simplified")
    return state


def test_tie_goes_to_the_longest_route() -> None:
    """En Route rulebook, End of the Game: in case of a tie, the player with the longest route
    wins."""
    state = tie_state()
    state.sheets[0].sections = drawn((0, 1), (0, 2), (0, 3))  # along no Landmark: 0 PP
    state.sheets[1].sections = drawn((0, 2), (0, 3))
    finish(state, {0: trail((0, 1), (0, 2), (0, 3)), 1: trail((0, 2), (0, 3))})
    assert state.result is not None
    assert state.result.scores == (0, 0)
    assert state.result.winners == (0,)


def test_then_the_most_tourists() -> None:
    """En Route rulebook, End of the Game: if still tied, the player with the most tourists
    wins."""
    state = tie_state()
    for sheet in state.sheets:
        sheet.sections = drawn((0, 2), (0, 3))
    state.sheets[0].add_tourists(location_index(0, 2), (1, 0, 0))
    state.sheets[1].add_tourists(location_index(0, 2), (1, 1, 0))
    finish(state, {0: trail((0, 2), (0, 3)), 1: trail((0, 2), (0, 3))})
    assert state.result is not None
    assert state.result.scores == (0, 0)
    assert state.result.winners == (1,)


def test_then_the_most_landmarks() -> None:
    """En Route rulebook, End of the Game: if still tied, the player with the most Landmarks on
    the final route wins."""
    state = tie_state()
    state.sheets[0].sections = drawn((1, 0), (2, 0))  # along the Merry-Go-Market (red)
    state.sheets[1].sections = drawn((0, 2), (0, 3))
    finish(state, {0: trail((1, 0), (2, 0)), 1: trail((0, 2), (0, 3))})
    assert state.result is not None
    assert state.result.scores == (0, 0)
    assert state.result.winners == (0,)


def test_otherwise_the_win_is_shared() -> None:
    """En Route rulebook, End of the Game: if there is still a tie, they each share the win."""
    state = tie_state()
    for sheet in state.sheets:
        sheet.sections = drawn((0, 2), (0, 3))
    finish(state, {0: trail((0, 2), (0, 3)), 1: trail((0, 3), (0, 2))})
    assert state.result is not None
    assert state.result.winners == (0, 1)


def test_most_pp_wins() -> None:
    """En Route rulebook, End of the Game > IV: if you have the most Prestige Points, you win
    (before any tie-break: a shorter route with more PP wins)."""
    state = tie_state()
    state.sheets[0].sections = drawn((4, 0), (5, 0))  # the 8 PP Grand Clockwork Fountain
    state.sheets[1].sections = drawn((0, 1), (0, 2), (0, 3))
    finish(state, {0: trail((4, 0), (5, 0)), 1: trail((0, 1), (0, 2), (0, 3))})
    assert state.result is not None
    assert state.result.scores == (8, 0)
    assert state.result.winners == (0,)


# --- properties over random play ----------------------------------------------------------------

MODES = [
    ("standard", 2, "simplified"),
    ("standard", 3, "intermediate"),
    ("standard", 4, "full"),
    ("advanced", 3, "full"),
    ("team", 4, "intermediate"),
    ("solo", 1, "full"),
]


@pytest.mark.parametrize(("mode", "players", "level"), MODES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), clockwise=st.booleans())
def test_cards_are_conserved(mode: str, players: int, level: str, seed: int, clockwise: bool):
    """En Route rulebook, Setup > General Setup 3 / Discarding the cards: the 36 cards of the
    City deck are always somewhere: deck, discard pile, hands, placed or Round cards, Card
    Sequence; never lost, never doubled."""
    game = tabletrip.make("en-route", players=players, mode=mode, level=level, clockwise=clockwise)
    state = game.new_game(seed)
    assert isinstance(state, EnRouteState)
    rng = Rng(seed)
    while not state.is_over:
        assert all_cards(state) == list(range(36))
        assert all(len(hand) <= game.hand_size for hand in state.hands)
        state.apply(rng.choice(state.legal_actions()))
    occupied = [bin(sheet.occupied).count("1") for sheet in state.sheets]
    assert occupied == [10] * players  # one location per round
