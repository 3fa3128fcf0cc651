"""En Route content: First City against the rulebook's numbers, its 105 PP scoring example
rebuilt on the map, and broken city files."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from importlib.resources import files
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from tabletrip.core import ContentError
from tabletrip.games.en_route.content import (
    GOAL_KINDS,
    LANDMARK_COLORS,
    City,
    crossroads_index,
    load_city,
    location_index,
)

DATA = files("tabletrip.games.en_route") / "data"


@pytest.fixture(scope="module")
def city() -> City:
    return load_city("first-city")


def landmarks(city: City, colour: str) -> list[int]:
    return [i for i, c in enumerate(city.landmark) if c == colour]


def locations_on(route: list[tuple[int, int]]) -> set[int]:
    """Locations a route runs along: each section borders the locations on its two sides."""
    touched: set[int] = set()
    for (x1, y1), (x2, y2) in pairwise(route):
        assert abs(x1 - x2) + abs(y1 - y2) == 1, "a section joins adjacent crossroads"
        x, y = min(x1, x2), min(y1, y2)
        sides = [(x, y - 1), (x, y)] if y1 == y2 else [(x - 1, y), (x, y)]
        touched |= {location_index(c, r) for c, r in sides if 0 <= c < 6 and 0 <= r < 6}
    return touched


# --- the rulebook's numbers ---------------------------------------------------------------------


def test_city_deck_is_36_cards(city: City) -> None:
    """Setup 3: 12 city Tourist cards + 18 Global Tourist cards + 6 Repeat cards = 36."""
    assert len(city.deck) == 36
    assert Counter(card.kind for card in city.deck) == {"city": 12, "global": 18, "repeat": 6}
    assert len({card.id for card in city.deck}) == 36


def test_coordinate_numbers_are_spread(city: City) -> None:
    """Coordinates: numbers 1-6; each on 6 of the 36 cards (twice among city cards, three
    times among Global cards, once among Repeat cards)."""
    assert Counter(card.number for card in city.deck) == dict.fromkeys(range(1, 7), 6)
    for kind, each in (("city", 2), ("global", 3), ("repeat", 1)):
        numbers = Counter(card.number for card in city.deck if card.kind == kind)
        assert numbers == dict.fromkeys(range(1, 7), each)


def test_tourist_cards_and_repeat_cards(city: City) -> None:
    """Tourist Cards / Repeat Cards: Tourist cards show 1-3 tourists; Repeat cards show none;
    only the city's own cards carry Iconic Landmark symbols; the three types are balanced."""
    for card in city.deck:
        if card.is_repeat:
            assert card.tourists == (0, 0, 0) and card.iconic == ()
        else:
            assert 1 <= sum(card.tourists) <= 3
        if card.kind != "city":
            assert card.iconic == ()
    totals = [sum(card.tourists[t] for card in city.deck) for t in range(3)]
    assert len(set(totals)) == 1


def test_the_round_example_cards_exist(city: City) -> None:
    """Round Example: coordinates 2 and 1, 2 blue and 1 red tourists, one Iconic upgrade."""
    assert any(
        a.number == 2 and a.tourists == (0, 0, 2) and len(a.iconic) == 1
        and b.number == 1 and b.tourists == (1, 0, 0)
        for a in city.deck
        for b in city.deck
    )  # fmt: skip


def test_every_iconic_landmark_can_get_all_four_upgrades(city: City) -> None:
    """Common Landmarks: 4 upgrades per Iconic Landmark, one per symbol on a Round card."""
    symbols = Counter(i for card in city.deck for i in card.iconic)
    assert all(symbols[k] >= 4 for k in range(len(city.iconic_ids)))
    assert all(len(card.iconic) == 1 for card in city.deck if card.kind == "city")


def test_every_landmark_colour_is_on_the_map(city: City) -> None:
    """City Landmarks: red, green, blue Special Landmarks; yellow Popular; gray Iconic."""
    for colour in LANDMARK_COLORS:
        assert landmarks(city, colour), colour
    assert len(landmarks(city, "gray")) == 3
    assert all((city.yellow_pp[i] > 0) == (c == "yellow") for i, c in enumerate(city.landmark))
    assert all((city.iconic_at[i] >= 0) == (c == "gray") for i, c in enumerate(city.landmark))


def test_iconic_landmarks_and_their_tracks(city: City) -> None:
    """Common Landmarks: the 3 First City Iconic Landmarks, each worth 4 PP (no upgrade) to
    12 PP (all 4 upgrades); Advanced Mode: usually 1 purple-corner box each."""
    assert sorted(city.iconic_names) == [
        "School of Illusion and Pottery",
        "Skywatcher Observatory",
        "Tele-Vision Tower",
    ]
    for k, track in enumerate(city.iconic_tracks):
        assert len(track) == 5 and track[0] == 4 and track[-1] == 12
        assert all(a < b for a, b in pairwise(track))
        assert city.iconic_rating(k, 0) == 4 and city.iconic_rating(k, 4) == 12
        assert city.landmark[city.iconic_locations[k]] == "gray"
        assert city.iconic_at[city.iconic_locations[k]] == k
    assert city.iconic_advanced_marks == (1, 1, 1)


def test_cafes(city: City) -> None:
    """Cafés: at crossroads, often at the map's edge; each bonus kind present."""
    assert 6 <= len(city.cafes) <= 8
    kinds = Counter(cafe.bonus for cafe in city.cafes)
    assert set(kinds) == {"new_tourists", "route_section", "coordinate_change"}
    assert min(kinds.values()) >= 2
    for cafe in city.cafes:
        assert (sum(cafe.tourists) > 0) == (cafe.bonus == "new_tourists")
        assert city.cafe_at[cafe.crossroads] == city.cafes.index(cafe)
    edge = [c for c in city.cafes if c.crossroads % 7 in (0, 6) or c.crossroads // 7 in (0, 6)]
    assert len(edge) > len(city.cafes) / 2
    assert not set(city.vta_crossroads) & {cafe.crossroads for cafe in city.cafes}


def test_visit_them_all(city: City) -> None:
    """Visit Them All: 3 Hand Craft Festival points, 0 / 12 / 24 PP for 1 / 2 / 3 on the route."""
    assert city.vta_name == "Hand Craft Festival"
    assert len(set(city.vta_crossroads)) == 3
    assert city.vta_scores == (0, 0, 12, 24)


def test_boards(city: City) -> None:
    """Players' Setup 1 and Team Mode: 4 boards numbered 1-4, the same layout, each with its
    own alignment of coordinates (a permutation of 1-6 per axis)."""
    assert city.board_numbers == (1, 2, 3, 4)
    alignments = set(zip(city.board_columns, city.board_rows, strict=True))
    assert len(alignments) == 4
    for columns, rows in alignments:
        assert sorted(columns) == sorted(rows) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("board", range(4))
def test_matching_locations(city: City, board: int) -> None:
    """Coordinates: two matching locations for different numbers, one for equal numbers; the
    pairs {a, b} cover the map exactly once."""
    seen: list[int] = []
    for a in range(1, 7):
        for b in range(1, 7):
            found = city.matching(board, a, b)
            assert len(found) == (1 if a == b else 2)
            assert found == city.matching(board, b, a) == tuple(sorted(found))
            for loc in found:
                assert set(city.coordinates(board, loc)) == {a, b}
            if a <= b:
                seen.extend(found)
    assert sorted(seen) == list(range(36))


def test_goals(city: City) -> None:
    """Goal Cards: 9 cards, decks A, B and C of 3; Winner PP above Achiever PP; at least one
    minus requirement; every kind is one the evaluator knows, with its own sign."""
    assert len(city.goals) == 9
    assert Counter(goal.letter for goal in city.goals) == {"A": 3, "B": 3, "C": 3}
    assert {goal.sign for goal in city.goals} == {"+", "-"}
    for goal in city.goals:
        assert goal.kind in GOAL_KINDS and goal.sign == GOAL_KINDS[goal.kind][0]
        assert goal.winner > goal.achiever > 0
        assert goal.achieved(goal.threshold)
        assert goal.achieved(goal.threshold + 1) == (goal.sign == "+")


def test_objectives_and_balance_cards(city: City) -> None:
    """Personal Objective Cards: 8 cards of 3 crossroads; Balance Cards: 4, each double-sided
    Route section / Coordinate change."""
    assert len(city.objectives) == 8
    for points in city.objectives:
        assert len(set(points)) == 3 and all(0 <= p < 49 for p in points)
    assert city.balance_cards == (("route_section", "coordinate_change"),) * 4


def test_rounds_hands_and_challenge_table(city: City) -> None:
    """Gameplay Overview: 10 rounds; hands of 3 (solo 2); Solo Mode: a Challenge table of cells
    with PP to reach and Goals to complete, harder to the right and downwards."""
    assert (city.rounds, city.hand_size, city.solo_hand_size) == (10, 3, 2)
    table = city.challenge_table
    assert len({len(row) for row in table}) == 1
    for row in table:
        assert all(a[0] < b[0] and a[1] == b[1] for a, b in pairwise(row))
    for upper, lower in pairwise(table):
        assert all(u[1] < w[1] for u, w in zip(upper, lower, strict=True))


def test_solo_card_sequence(city: City) -> None:
    """Solo Game Setup 5: 10 face-down cards in 4 rows; the 3 cards of the lower row are on top
    and revealed; Upkeep flips uncovered cards, so every round offers a face-up card."""
    rows, covered_by = city.solo_rows, city.solo_covered_by
    assert len(rows) == 10 and sorted(set(rows)) == [1, 2, 3, 4]
    assert [p for p in range(10) if not covered_by[p]] == [p for p in range(10) if rows[p] == 4]
    assert rows.count(4) == 3

    def playable(taken: frozenset[int]) -> bool:
        """Whatever face-up card is taken each round, the 10 rounds can be played."""
        up = [p for p in range(10) if p not in taken and not set(covered_by[p]) - taken]
        if len(taken) == 10:
            return True
        return bool(up) and all(playable(taken | {p}) for p in up)

    assert playable(frozenset())


def test_the_105_pp_example_can_be_rebuilt(city: City) -> None:
    """Prestige Point Scoring Example: a final route with 2 red, 2 green, 3 blue Landmarks, 3
    yellow at 6 PP, the Tele-Vision Tower (10 PP on its track), 2 Hand Craft Festival points,
    and 10 sections between two Personal Objective crossroads, in 15 sections."""
    route = [(1, 3), (1, 2), (1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (4, 3), (5, 3), (5, 4)]
    route += [(6, 4), (6, 5), (5, 5), (5, 6), (4, 6), (3, 6)]
    on = locations_on(route)
    colours = Counter(city.landmark[i] for i in on if city.landmark[i])
    assert colours == {"red": 2, "green": 2, "blue": 3, "yellow": 3, "gray": 1}
    assert [city.yellow_pp[i] for i in on if city.landmark[i] == "yellow"] == [6, 6, 6]
    (tower,) = (i for i in on if city.landmark[i] == "gray")
    assert city.landmark_name[tower] == "Tele-Vision Tower"
    assert 10 in city.iconic_tracks[city.iconic_at[tower]]
    crossroads = [crossroads_index(x, y) for x, y in route]
    festival = [p for p in city.vta_crossroads if p in crossroads]
    assert city.vta_scores[len(festival)] == 12
    longest = [
        max(
            (
                abs(crossroads.index(p) - crossroads.index(q))
                for p in points
                for q in points
                if p in crossroads and q in crossroads
            ),
            default=0,
        )
        for points in city.objectives
    ]
    assert 10 in longest  # that player's Personal Objective scores 10 PP


def test_load_city_is_cached(city: City) -> None:
    assert load_city() is city


# --- broken files ---------------------------------------------------------------------------


def broken_copy(tmp_path: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    data = json.loads((DATA / "first_city.json").read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "first_city.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def refused(tmp_path: Path, edit: Callable[[dict[str, Any]], None], *words: str) -> None:
    path = broken_copy(tmp_path, edit)
    with pytest.raises(ContentError) as caught:
        load_city("first-city", path=str(path))
    message = str(caught.value)
    assert str(path) in message and "\n" not in message
    for word in words:
        assert word in message, message


def test_a_tourist_card_without_tourists_is_refused(tmp_path: Path) -> None:
    """CONTRACT.md, Content: a bad card names the deck entry."""
    refused(tmp_path, lambda d: d["deck"][14].update(tourists={}), "deck.14", "1 to 3")


def test_a_wrong_deck_mix_is_refused(tmp_path: Path) -> None:
    """Setup 3: 12 city + 18 Global + 6 Repeat cards."""
    refused(tmp_path, lambda d: d["deck"][30].update(kind="global", tourists={"red": 1}), "deck")


def test_a_board_that_is_no_permutation_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, lambda d: d["boards"][2].update(rows=[1, 1, 2, 3, 4, 5]), "boards.2.rows")


def test_a_landmark_off_the_map_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, lambda d: d["locations"][3].update(at=[6, 0]), "locations.3.at")


def test_a_falling_iconic_track_is_refused(tmp_path: Path) -> None:
    edit = lambda d: d["iconic_tracks"][2].update(track=[4, 8, 7, 10, 12])  # noqa: E731
    refused(tmp_path, edit, "iconic_tracks.2.track", "rise")


def test_an_unknown_goal_kind_is_refused(tmp_path: Path) -> None:
    edit = lambda d: d["goals"][4]["requirement"].update(kind="happiness")  # noqa: E731
    refused(tmp_path, edit, "goals.4.requirement", "happiness")


def test_a_goal_with_the_wrong_sign_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, lambda d: d["goals"][1].update(sign="+"), "goals.1", "sign")


def test_an_objective_with_a_repeated_crossroads_is_refused(tmp_path: Path) -> None:
    edit = lambda d: d["objectives"][5].update(crossroads=[[1, 1], [1, 1], [2, 2]])  # noqa: E731
    refused(tmp_path, edit, "objectives.5.crossroads")


def test_a_cafe_off_the_grid_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, lambda d: d["cafes"][0].update(at=[7, 0]), "cafes.0.at")


def test_an_unknown_iconic_symbol_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, lambda d: d["deck"][0].update(iconic=["castle"]), "deck.0", "castle")


def test_an_extra_field_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, lambda d: d["balance_cards"][3].update(colour="red"), "balance_cards.3")


def test_a_solo_sequence_with_four_revealed_cards_is_refused(tmp_path: Path) -> None:
    edit = lambda d: d["solo_sequence"][6].update(row=4, covered_by=[])  # noqa: E731
    refused(tmp_path, edit, "solo_sequence")


def test_an_unknown_city_or_another_citys_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="first-city"):
        load_city("atlantis")
    with pytest.raises(ContentError, match="atlantis"):
        load_city("atlantis", path=str(broken_copy(tmp_path, lambda d: None)))
    with pytest.raises(ContentError, match=r"missing\.json"):
        load_city("first-city", path=str(tmp_path / "missing.json"))
