"""En Route's lookups (`grid`, `landmarks`, `cafes`), rules summary and hand details.

Rulebook sections are those of ../shared/rules/en-route.txt.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletrip
from tabletrip.core import Rng
from tabletrip.core.presentation import Cards, Diagram, Document, Sentence, Table, unreadable_parts
from tabletrip.games.en_route.phases import DRAW
from tabletrip.games.en_route.present import EnRoutePresentation
from tabletrip.games.en_route.rules import EnRouteGame, EnRouteState
from tabletrip.games.en_route.svg_map import LANDMARK_KINDS

PRESENTATION = EnRoutePresentation()


def make(players: int = 3, **options: Any) -> EnRouteGame:
    game = tabletrip.make("en-route", players=players, **options)
    assert isinstance(game, EnRouteGame)
    return game


def played(game: EnRouteGame, moves: int, seed: int = 5) -> EnRouteState:
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_lookups_follow_the_level() -> None:
    """Cities, First City: a simplified game has no Cafés, so no `cafes` lookup."""
    assert [lk.name for lk in PRESENTATION.lookups(make(level="full"))] == [
        "grid",
        "landmarks",
        "cafes",
    ]
    assert [lk.name for lk in PRESENTATION.lookups(make(level="simplified"))] == [
        "grid",
        "landmarks",
    ]
    with pytest.raises(KeyError):
        PRESENTATION.lookup(make(level="simplified"), make().new_game(1).observation(0), "cafes")
    with pytest.raises(KeyError):
        PRESENTATION.lookup(make(), make().new_game(1).observation(0), "routes")


def test_the_grid_is_every_map_yours_first_with_the_boards_legend() -> None:
    """Player Board: the 6x6 city map with the coordinates around it; Landmarks by colour."""
    game = make(3, level="full")
    state = played(game, 40)
    seat = state.current_player
    section = PRESENTATION.lookup(game, state.observation(seat), "grid")
    diagram = section.blocks[0]
    assert isinstance(diagram, Diagram)
    titles = [line for line in diagram.lines if ", board " in line]
    assert titles[0].startswith(f"Your map (Player {seat + 1}), board ")
    others = [f"Player {s + 1}, board" for s in range(3) if s != seat]
    assert all(any(other in line for line in titles) for other in others)
    assert max(len(line) for line in diagram.lines) <= 100
    legend = " ".join(diagram.legend)
    for words in ("Special Landmark", "Popular Landmark", "Iconic Landmark", "Café"):
        assert words in legend
    assert "Hand Craft Festival point (Visit-Them-All)" in legend
    assert not [bad for text in diagram.legend for bad in unreadable_parts(text)]
    assert " seat " not in "\n".join(diagram.lines).lower()


def test_the_grid_narrows_to_a_player() -> None:
    """`grid 2`, `grid you`: one map; a word that names nobody says what would."""
    game = make(3, level="intermediate")
    state = played(game, 10)
    observation = state.observation(0)
    mine = PRESENTATION.lookup(game, observation, "grid", "You")
    assert isinstance(mine.blocks[0], Diagram)
    assert mine.blocks[0].lines[0].startswith("Your map (Player 1), board ")
    assert all("Player 2" not in line for line in mine.blocks[0].lines)
    second = PRESENTATION.lookup(game, observation, "grid", "player 2")
    assert isinstance(second.blocks[0], Diagram)
    assert second.blocks[0].lines[0].startswith("Player 2, board ")
    nobody = PRESENTATION.lookup(game, observation, "grid", "zebra")
    assert isinstance(nobody.blocks[0], Sentence) and "grid 2" in nobody.blocks[0].text


def test_landmarks_say_colour_place_and_worth_and_filter_by_word() -> None:
    """City Landmarks: red, green, blue (Special), yellow (Popular), gray (Iconic, by its
    rating on the Round board)."""
    game = make(2, level="full")
    state = played(game, 20)
    observation = state.observation(0)
    section = PRESENTATION.lookup(game, observation, "landmarks")
    table = section.blocks[0]
    assert isinstance(table, Table)
    city = game.city
    assert len(table.rows) == sum(1 for colour in city.landmark if colour)
    board = observation["sheets"][0]["board"]
    by_name = {row[0]: row for row in table.rows}
    for location, name in enumerate(city.landmark_name):
        colour = city.landmark[location]
        if not colour or not name:
            continue
        row = by_name[name]
        assert row[1] == f"{colour} {LANDMARK_KINDS.get(colour, 'Special')}"
        column, vertical = city.coordinates(board, location)
        assert row[2].startswith(f"{column}, {vertical} (c")
        if colour == "yellow":
            assert row[3] == f"{city.yellow_pp[location]} PP"
    blue = PRESENTATION.lookup(game, observation, "landmarks", "BLUE")
    assert {row[1] for row in blue.blocks[0].rows} == {"blue Special"}  # type: ignore[attr-defined]
    ink = PRESENTATION.lookup(game, observation, "landmarks", "ink")
    assert [row[0] for row in ink.blocks[0].rows] == ["Inkwell Gallery"]  # type: ignore[attr-defined]
    iconic = PRESENTATION.lookup(game, observation, "landmarks", "gray")
    ratings = observation["ratings"]
    for row in iconic.blocks[0].rows:  # type: ignore[attr-defined]
        k = city.iconic_names.index(row[0])
        assert row[3].startswith(f"{ratings[city.iconic_ids[k]]} PP now")


def test_cafes_match_without_accents() -> None:
    """Cafés, Types of Café Bonuses: `cafes cafe` finds the Cafés named Café."""
    game = make(2, level="full")
    observation = game.new_game(seed=2).observation(1)
    plain = PRESENTATION.lookup(game, observation, "cafes", "cafe")
    names = [row[0] for row in plain.blocks[0].rows]  # type: ignore[attr-defined]
    assert names and all("Café" in name for name in names)
    route = PRESENTATION.lookup(game, observation, "cafes", "route")
    assert {row[2] for row in route.blocks[0].rows} == {"Route section"}  # type: ignore[attr-defined]
    assert {row[3] for row in route.blocks[0].rows} == {"not reached yet"}  # type: ignore[attr-defined]


@pytest.mark.parametrize("clockwise", [False, True])
def test_lookups_never_show_what_the_seat_cannot_see(clockwise: bool) -> None:
    """Drawing Phase (played at the same time): another map shows as last revealed; the
    others' hands, objectives and the deck are hidden, so a world where they differ gives
    the same lookups."""
    game = make(3, level="full", clockwise=clockwise)
    state = game.new_game(seed=12)
    rng = random.Random(4)
    checked = 0
    for step in range(400):
        if state.is_over:
            break
        for seat in range(3):
            view = state.determinize(seat, Rng(step * 3 + seat))
            for lookup in PRESENTATION.lookups(game):
                for query in ("", "2", "blue", "cafe"):
                    real = PRESENTATION.lookup(game, state.observation(seat), lookup.name, query)
                    seen = PRESENTATION.lookup(game, view.observation(seat), lookup.name, query)
                    assert real.to_json() == seen.to_json()
                    checked += 1
        state.apply(rng.choice(state.legal_actions()))
        if state.phase == DRAW and step > 60:
            break
    assert checked > 100


def test_rules_summary_fits_the_options() -> None:
    """The summary speaks of what the options put in play: beginning rounds (3-4 players),
    Advanced ratings, team and solo victory, Cafés, Personal Objectives and Goals by level."""
    for options, players, present, absent in (
        ({"level": "simplified"}, 2, ["opponent offers two"], ["Café", "Goals", "beginning"]),
        ({"level": "full"}, 3, ["first round is a beginning round", "Goals"], ["teammate"]),
        ({"mode": "advanced"}, 4, ["up or down", "first two rounds"], ["Solo"]),
        ({"mode": "team"}, 4, ["teammate", "closer wins"], ["beginning round"]),
        ({"mode": "solo", "level": "full"}, 1, ["Card Sequence", "Challenge"], ["neighbour"]),
    ):
        text = PRESENTATION.rules_summary(make(players, **options))
        lines = text.splitlines()
        assert 15 <= len(lines) <= 40 and max(len(line) for line in lines) <= 90
        assert "\n\n" in text and not unreadable_parts(text)
        flat = " ".join(text.split())
        for words in present:
            assert words in flat, (options, words)
        for words in absent:
            assert words not in flat, (options, words)
    flat = " ".join(PRESENTATION.rules_summary(make(2)).split())
    assert "the longest final route wins, then the most tourists" in flat


def test_every_card_in_hand_says_what_it_does() -> None:
    """Tourist Cards (coordinates, tourists, Iconic symbols) and Repeat Cards: the hand's
    details say each card's coordinate and effect as a Round card."""
    for mode in ("standard", "advanced"):
        game = make(2, mode=mode, level="full")
        for seed in range(12):
            observation = game.new_game(seed=seed).observation(0)
            document = PRESENTATION.document(game, observation)
            hand = next(s for s in document.sections if s.title == "Your hand")
            cards = hand.blocks[0]
            assert isinstance(cards, Cards)
            for card, card_id in zip(cards.cards, observation["hand"], strict=True):
                city_card = next(c for c in game.city.deck if c.id == card_id)
                assert card.detail.startswith(f"coordinate {city_card.number}; ")
                if city_card.is_repeat:
                    assert "2 more of that card's type" in card.detail
                for k in city_card.iconic:
                    name = game.city.iconic_names[k]
                    effect = "rates it up or down" if mode == "advanced" else "raises its rating"
                    assert f"{name} symbol: " in card.detail and effect in card.detail
            assert not [bad for t in Document((hand,)).texts() for bad in unreadable_parts(t)]
