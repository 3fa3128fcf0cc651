"""En Route's legal moves in words (present_actions.py): exact worked examples of every action
kind, and over whole games, every decision's moves readable and told apart.

Rulebook sections are those of ../shared/rules/en-route.txt. Board 1 of First City prints the
column numbers 2 5 1 4 6 3 along its top and the row numbers 4 1 6 3 2 5 down its left side.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import tabletrip
from tabletrip.core.presentation import unreadable_parts
from tabletrip.games.en_route.actions import (
    CafeTourists,
    ChangeCoordinate,
    Chart,
    ChooseRoundCards,
    Done,
    ExtraSection,
    FinalRoute,
    KeepCard,
    KeepObjective,
    Mark,
    PlayCard,
    PlayHidden,
    Rate,
    Renew,
)
from tabletrip.games.en_route.geometry import (
    crossroads_index,
    horizontal_section,
    location_index,
    vertical_section,
)
from tabletrip.games.en_route.present import EnRoutePresentation
from tabletrip.games.en_route.rules import EnRouteGame, EnRouteState
from tabletrip.games.en_route.scoring import score_route

PRESENTATION = EnRoutePresentation()
DASH = "\u2013"


def make(players: int = 2, **options: Any) -> EnRouteGame:
    game = tabletrip.make("en-route", players=players, **options)
    assert isinstance(game, EnRouteGame)
    return game


def seat_view(game: EnRouteGame, **changes: Any) -> dict[str, Any]:
    """Seat 0's observation at the start, on board 1, with `changes` to its keys; `sheet`
    changes go into seat 0's map."""
    observation = copy.deepcopy(game.new_game(seed=1).observation(0))
    sheet = observation["sheets"][0]
    sheet.update(board=0, occupied=[], cafes_gained=[], cafes_used=[], tourists={})
    sheet.update(changes.pop("sheet", {}))
    observation.update(changes)
    return observation


def turn(cards: list[str], values: list[int], stage: str = "place", **more: Any) -> dict[str, Any]:
    """A drawing turn as the observation shows it."""
    base = {"location": -1, "fallback": False, "pending_cafes": []}
    return {"cards": cards, "values": values, "stage": stage, **base, **more}


def words(game: EnRouteGame, observation: dict[str, Any], action: Any) -> str:
    return PRESENTATION.action_words(game, observation, action)


# --- setup and the Tourist selection phase ----------------------------------------------------


def test_keeping_a_personal_objective_names_its_crossroads() -> None:
    """Personal Objective Cards: keep one of the two drawn."""
    game = make(level="full")
    observation = seat_view(game, phase="objective")
    assert words(game, observation, KeepObjective("objective-3")) == (
        "Keep the Personal Objective with crossroads (2, 0), (6, 3) and (1, 4)"
    )


def test_placing_cards_says_how_and_for_what() -> None:
    """Round Order, 1. Tourist Selection Phase: the first card face up, the neighbours' face
    down; Beginning Rounds: face down; Solo Mode: a Round card from the hand; Team Mode: the
    teammate's two cards face up."""
    game = make(level="full")
    first = seat_view(game, phase="first_card", active=0)
    assert words(game, first, PlayCard("city-03")) == (
        "Place the First City card 2 (2 blue, Tele-Vision Tower symbol) face up as the first "
        "Round card"
    )
    second = seat_view(game, phase="second_card", active=1)
    assert words(game, second, PlayHidden("global-01")) == (
        "Offer the Global Tourist card 1 (1 red) face down to Player 2, the active player"
    )
    begin = seat_view(make(3), phase="begin_place")
    assert words(make(3), begin, PlayHidden("repeat-4")) == "Place the Repeat card 4 face down"
    solo = make(1, mode="solo")
    assert words(solo, seat_view(solo, phase="solo_play"), PlayCard("global-10")) == (
        "Place the Global Tourist card 4 (1 red) as the first Round card"
    )
    team = make(4, mode="team")
    assert words(team, seat_view(team, phase="second_card", active=2), PlayCard("repeat-1")) == (
        "Offer the Repeat card 1 face up to Player 3, your teammate and the active player"
    )


def test_keeping_a_card_names_who_offered_it_or_the_card_sequence() -> None:
    """Round Order, 1: the active player keeps one neighbour's card; Solo Mode: a face-up card
    of the Card Sequence."""
    game = make(3)
    placed = [
        {"seat": 0, "card": "global-04"},
        {"seat": 1, "card": "global-01"},
        {"seat": 2, "card": "repeat-2"},
    ]
    observation = seat_view(game, phase="keep_card", active=0, placed=placed)
    assert words(game, observation, KeepCard("global-01")) == (
        "Keep the Global Tourist card 1 (1 red), offered by Player 2, as the second Round card"
    )
    assert words(game, observation, KeepCard("repeat-2")) == (
        "Keep the Repeat card 2, offered by Player 3, as the second Round card"
    )
    solo = make(1, mode="solo")
    assert words(solo, seat_view(solo, phase="solo_take"), KeepCard("repeat-4")) == (
        "Take the Repeat card 4 from the Card Sequence as the second Round card"
    )


def test_choosing_round_cards_in_a_beginning_round() -> None:
    """Beginning Rounds: 3 players choose 2 of 3 cards; with 4, the other 2 are next round's."""
    action = ChooseRoundCards(("global-01", "repeat-2"))
    three = make(3)
    assert words(three, seat_view(three, phase="begin_choose"), action) == (
        "Choose the Global Tourist card 1 (1 red) and the Repeat card 2 as your Round cards"
    )
    four = make(4)
    assert words(four, seat_view(four, phase="begin_choose"), action) == (
        "Choose the Global Tourist card 1 (1 red) and the Repeat card 2 as your Round cards "
        "this round, the other 2 next round"
    )


def test_ratings_say_the_pp_before_and_after() -> None:
    """Advanced Mode: one box up or down; at the top or the bottom it may stay."""
    game = make(mode="advanced")
    observation = seat_view(game, phase="rate", ratings={"tower": 7, "school": 12})
    assert words(game, observation, Rate("tower", 1)) == (
        "Rate the Tele-Vision Tower up, from 7 to 8 PP"
    )
    assert words(game, observation, Rate("tower", -1)) == (
        "Rate the Tele-Vision Tower down, from 7 to 4 PP"
    )
    assert words(game, observation, Rate("school", 0)) == (
        "Leave the rating of the School of Illusion and Pottery at 12 PP"
    )


def test_renewing_the_hand_names_the_cards_put_back() -> None:
    """Special Rules, Hand Card Renewal: 1-3 cards under the deck, as many drawn."""
    game = make()
    observation = seat_view(game, phase="first_card")
    assert words(game, observation, Renew(("global-01", "repeat-2"))) == (
        "Renew your hand: put the Global Tourist card 1 (1 red) and the Repeat card 2 under the "
        "City deck and draw 2 cards (once a game)"
    )
    assert words(game, observation, Renew(("global-01",))).endswith("draw 1 card (once a game)")


# --- the drawing turn -----------------------------------------------------------------------


def test_a_coordinate_change_says_which_number_becomes_what() -> None:
    """Cafés, Coordinate change: by 1 either way, 6 and 1 wrap around."""
    game = make(balance="0:coordinate")
    observation = seat_view(game, phase="draw", turn=turn(["global-16", "global-07"], [6, 3]))
    assert words(game, observation, ChangeCoordinate(0, 1)) == (
        "Use a Coordinate change: 6 becomes 1 on the first Round card"
    )
    assert words(game, observation, ChangeCoordinate(1, -1)) == (
        "Use a Coordinate change: 3 becomes 2 on the second Round card"
    )


def test_marking_tourists_names_the_location_by_the_board_s_coordinates() -> None:
    """Coordinates: either Round card may be horizontal; on board 1 the cards 2 and 4 match
    column 1 (printed 2) with row 1 (printed 4), and column 4 (printed 4) with row 5
    (printed 2). Repeat Cards: 2 more tourists of the other card's type, here the player's
    choice of red or green."""
    game = make()
    view = seat_view(game, phase="draw", turn=turn(["global-06", "repeat-4"], [2, 4]))
    assert words(game, view, Mark(location_index(0, 0), "green")) == (
        "Mark 2 red and 3 green tourists at horizontal 2, vertical 4"
    )
    assert words(game, view, Mark(location_index(0, 0), "red")) == (
        "Mark 4 red and 1 green tourists at horizontal 2, vertical 4"
    )
    assert words(game, view, Mark(location_index(3, 4), "red")) == (
        "Mark 4 red and 1 green tourists at horizontal 4, vertical 2"
    )
    landmark = seat_view(game, phase="draw", turn=turn(["global-11", "global-07"], [4, 3]))
    assert words(game, landmark, Mark(location_index(3, 3), "")) == (
        "Mark 1 green and 2 blue tourists at Inkwell Gallery (horizontal 4, vertical 3)"
    )


def test_marking_when_no_matching_location_is_free() -> None:
    """Drawing Phase, Note: both matching locations occupied: 1 tourist of any type anywhere."""
    game = make()
    full = [location_index(0, 0), location_index(3, 4)]
    view = seat_view(
        game, phase="draw", turn=turn(["global-06", "global-10"], [2, 4]), sheet={"occupied": full}
    )
    assert words(game, view, Mark(location_index(2, 1), "blue")) == (
        "Mark 1 blue tourist at Hundred-Step Stairway (horizontal 1, vertical 1)"
    )


def test_charting_names_the_crossroads_and_the_cafes_reached() -> None:
    """Drawing Phase, 3: 2 sections next to the location, or 1 anywhere; Cafés: a section that
    reaches a Café visits it."""
    game = make(level="full")
    chart = turn(["global-06", "global-10"], [2, 4], stage="chart", location=2)
    view = seat_view(game, phase="draw", turn=chart)
    pair = (horizontal_section(1, 0), horizontal_section(2, 0))
    assert words(game, view, Chart(pair)) == (
        f"Chart 2 sections: (1, 0){DASH}(2, 0){DASH}(3, 0), reaching Café Carousel"
    )
    assert words(game, view, Chart((vertical_section(3, 3),))) == (
        f"Chart 1 section anywhere: (3, 3){DASH}(3, 4)"
    )
    assert words(game, view, ExtraSection(horizontal_section(2, 3))) == (
        f"Use a Route section bonus: chart (2, 3){DASH}(3, 3), reaching The Shortcut"
    )
    visited = seat_view(game, phase="draw", turn=chart, sheet={"cafes_gained": [0]})
    assert words(game, visited, Chart(pair)) == f"Chart 2 sections: (1, 0){DASH}(2, 0){DASH}(3, 0)"
    simplified = make(level="simplified")
    assert words(simplified, seat_view(simplified, phase="draw", turn=chart), Chart(pair)) == (
        f"Chart 2 sections: (1, 0){DASH}(2, 0){DASH}(3, 0)"
    )


def test_a_new_tourists_cafe_and_the_end_of_the_turn() -> None:
    """Cafés, New tourists: now, on this turn's location, or kept for 2 PP at the end."""
    game = make(level="full")
    cafe = turn(["global-06", "global-10"], [4, 3], stage="chart", location=location_index(3, 3))
    view = seat_view(game, phase="draw", turn=cafe)
    assert words(game, view, CafeTourists(0, True)) == (
        "Add the tourists of Café Carousel (1 red) to Inkwell Gallery (horizontal 4, vertical 3)"
    )
    assert words(game, view, CafeTourists(4, False)) == (
        "Keep the bonus of Blue Moon Café unused, for 2 PP at the end"
    )
    plain = turn(["global-06", "global-10"], [2, 4], stage="chart", location=0)
    assert words(game, seat_view(game, phase="draw", turn=plain), CafeTourists(7, True)) == (
        "Add the tourists of Café Confetti (1 red, 1 blue) to the location at horizontal 2, "
        "vertical 4"
    )
    assert words(game, view, Done()) == "End your drawing turn"


# --- the final route ------------------------------------------------------------------------


def test_a_final_route_is_spelt_out_with_its_pp() -> None:
    """End of the Game, II-IV: 2 red tourists by Merry-Go-Market (red) and 1 green by the
    Hundred-Step Stairway (yellow, 6 PP), next to Whispering Arboretum (green): red 1 × 2,
    green 1 × 1, yellow 6, one Hand Craft Festival point 0 and Café Carousel's unused bonus 2:
    11 PP before the Goals."""
    game = make(level="full")
    route = [crossroads_index(*p) for p in ((2, 0), (2, 1), (3, 1), (3, 2))]
    sheet = {"tourists": {"2": [2, 0, 0], "8": [0, 1, 0]}, "cafes_gained": [0]}
    view = seat_view(game, phase="final_route", sheet=sheet, objective=None)
    expected = (
        f"Final route of 3 sections, 11 PP before Goals: Café Carousel (2, 0){DASH}(2, 1)"
        f"{DASH}(3, 1){DASH}Hand Craft Festival point (3, 2)"
    )
    assert words(game, view, FinalRoute(tuple(route))) == expected
    assert words(game, view, FinalRoute(tuple(reversed(route)))) == (
        f"Final route of 3 sections, 11 PP before Goals: Hand Craft Festival point (3, 2)"
        f"{DASH}(3, 1){DASH}(2, 1){DASH}Café Carousel (2, 0)"
    )
    assert words(game, view, FinalRoute(())) == "Choose no final route (no section is drawn)"
    solo = make(1, mode="solo")
    solo_view = seat_view(solo, phase="final_route", sheet=sheet, objective=None)
    assert words(solo, solo_view, FinalRoute(tuple(route))).startswith(
        "Final route of 3 sections, 11 PP: "
    )


def test_the_pp_of_a_final_route_are_the_engine_s() -> None:
    """The PP said are steps 1-8 as the result scores them, from the seat's observation."""
    game = make(3, level="full")
    state = game.new_game(seed=4)
    chooser = random.Random(4)
    while state.observation(state.current_player)["phase"] != "final_route":
        state.apply(chooser.choice(state.legal_actions()))
    seat = state.current_player
    board = state.final_board(seat)
    observation = state.observation(seat)
    for action in state.legal_actions():
        assert isinstance(action, FinalRoute)
        if len(action.crossroads) > 1:
            points = score_route(board, action.crossroads).total
            assert f", {points} PP before Goals: " in words(game, observation, action)


# --- every decision of whole games ------------------------------------------------------------

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {"level": "full", "mode": "advanced", "balance": "0:coordinate,1:route"}),
    (3, {"level": "intermediate"}),
    (4, {"level": "full", "mode": "team"}),
    (4, {"level": "simplified"}),
    (1, {"level": "full", "mode": "solo"}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_decision_reads_apart_and_readable(players: int, options: dict[str, Any]) -> None:
    """Whatever the decision, its moves read as different readable sentences, starting with a
    capital, and never name a card or objective by its id."""
    game = make(players, **options)
    state: EnRouteState = game.new_game(seed=players)
    chooser = random.Random(players)
    kinds = set()
    while not state.is_over:
        observation = state.observation(state.current_player)
        actions = state.legal_actions()
        said = [words(game, observation, action) for action in actions]
        assert len(set(said)) == len(said), sorted(s for s in said if said.count(s) > 1)
        for action, text in zip(actions, said, strict=True):
            kinds.add(type(action))
            assert text[0].isupper() and "\n" not in text, text
            assert not unreadable_parts(text), (action, text)
            assert "global-" not in text and "objective-" not in text and "repeat-" not in text
        state.apply(chooser.choice(actions))
    assert {Mark, Chart, FinalRoute} <= kinds
