"""Let's Go! To France double-flag Goal tiles (rulebook "Setup" 6, "Goal Tiles", "Card and Goal
Tile Clarifications: Goal Tiles"): each region has its own double-sided double-flag tile, the
setup chooses its side (the `double_flag_side` option, random by default), and the Loire
Valley's "2 points per lowest icon" is a face of that tile, not a single-flag face."""

from __future__ import annotations

import copy
import json
from importlib.resources import files
from typing import Any

import pytest

import tabletrip
from tabletrip.core import ContentError, OptionError, validate_content
from tabletrip.games.lets_go_france import content
from tabletrip.games.lets_go_france.actions import ChooseCard, Done, SpendWild, Travel
from tabletrip.games.lets_go_france.content import DAYS, ICONS, REGIONS, load_regions
from tabletrip.games.lets_go_france.moves import advance_trip, start_trip
from tabletrip.games.lets_go_france.phases import OVER, Owed, Pending
from tabletrip.games.lets_go_france.rules import LetsGoGame, LetsGoState

NAME = "regions.json"
TILES = {tile.region: tile for tile in load_regions().double_flag_tiles}


def new_state(region: str, seed: int = 0, **options: Any) -> LetsGoState:
    state = tabletrip.make("lets-go-france", players=2, region=region, **options).new_game(seed)
    assert isinstance(state, LetsGoState)
    return state


def _raw() -> dict[str, Any]:
    path = files("tabletrip.games.lets_go_france") / "data" / NAME
    return json.loads(path.read_text(encoding="utf-8"))


def test_setup_each_region_has_one_double_sided_double_flag_tile() -> None:
    """Setup 6: "Choose one of the double-flag tiles with the same name as the chosen Regional
    Board map": 4 double-flag tiles (7 Goal tiles, all double-sided), one per region, both
    faces of a tile with its region's name."""
    tiles = load_regions().double_flag_tiles
    assert sorted(tile.region for tile in tiles) == sorted(REGIONS)
    for tile in tiles:
        assert len(tile.faces) == 2
        assert all(face.flag == 2 and face.region == tile.region for face in tile.faces)
        assert tile.faces[0].effect != tile.faces[1].effect
    faces = [face.id for tile in tiles for face in tile.faces]
    singles = [face.id for tile in load_regions().single_flag_tiles for face in tile.faces]
    assert len(set(faces + singles)) == len(faces) + len(singles) == 8 + 6


def test_goal_tiles_loire_valley_lowest_icon_is_a_double_flag_face() -> None:
    """Goal Tiles clarifications: "End of Saturday (Loire Valley): Score 2 points per [lowest
    icon]" and "End of Tuesday (double-flag, Loire Valley)" are the two faces of the Loire
    Valley's double-flag tile; no single-flag face scores the lowest icon."""
    loire = {face.effect: face for face in TILES["loire-valley"].faces}
    assert set(loire) == {"highlight_again", "lowest_icon_points"}
    assert (loire["lowest_icon_points"].timing, loire["lowest_icon_points"].points) == (
        "end_of_saturday",
        2,
    )
    assert (loire["highlight_again"].timing, loire["highlight_again"].day) == (
        "end_of_tuesday",
        "tuesday",
    )
    singles = [face.effect for tile in load_regions().single_flag_tiles for face in tile.faces]
    assert "lowest_icon_points" not in singles
    # The rulebook's other regional faces are on their region's tile.
    assert "draw_highlight" in {f.effect for f in TILES["provence-alpes-cote-dazur"].faces}
    assert "opponent_highlight" in {f.effect for f in TILES["brittany-normandy"].faces}
    assert "longest_icon_run" in {f.effect for f in TILES["sud-ouest"].faces}


@pytest.mark.parametrize("region", REGIONS)
@pytest.mark.parametrize("side", [0, 1])
def test_setup_double_flag_side_option_chooses_the_face(region: str, side: int) -> None:
    """Setup 6: the side of the region's double-flag tile is chosen (`double_flag_side` a or b);
    everyone sees which face is in play."""
    face = TILES[region].faces[side]
    for seed in range(4):
        state = new_state(region, seed, double_flag_side="ab"[side])
        assert state.double_goal == face.id
        assert state.observation(1)["goals"]["double_flag"] == face.id
        assert state.public_observation()["goals"]["double_flag"] == face.id


@pytest.mark.parametrize("region", REGIONS)
def test_setup_double_flag_side_is_random_by_default(region: str) -> None:
    """Setup 6 with the side left to chance (the default): both faces come up over seeds, and
    the same seed always gives the same face."""
    faces = {new_state(region, seed).double_goal for seed in range(24)}
    assert faces == {face.id for face in TILES[region].faces}
    assert new_state(region, 5).double_goal == new_state(region, 5).double_goal
    assert (
        new_state(region, 5, double_flag_side="random").to_json() == new_state(region, 5).to_json()
    )


def test_double_flag_side_option_is_listed_and_a_bad_value_is_refused_in_one_line() -> None:
    """The option is in the game's info, and a bad value says what would be right."""
    spec = next(o for o in LetsGoGame.info.options if o.name == "double_flag_side")
    assert spec.default == "random" and set(spec.choices or ()) == {"random", "a", "b"}
    info = tabletrip.make("lets-go-france", players=2).info.to_json()
    assert "double_flag_side" in [option["name"] for option in info["options"]]
    with pytest.raises(OptionError) as refused:
        tabletrip.make("lets-go-france", players=2, double_flag_side="c")
    message = str(refused.value)
    assert "\n" not in message
    assert "double_flag_side" in message and "random, a, b" in message


def planned(region: str, face: str) -> LetsGoState:
    """The end of planning with empty weeks, `face` the double-flag goal in play and reached
    by seat 0 (not by seat 1)."""
    side = "ab"[[f.id for f in TILES[region].faces].index(face)]
    state = new_state(region, double_flag_side=side)
    assert state.double_goal == face
    state.round = len(state.game.board.rounds)
    state.hands = [[] for _ in state.hands]
    state.stacks = [[] for _ in state.stacks]
    state.days = [[[] for _ in DAYS] for _ in state.days]
    state.pending = []
    state.double_done[0] = True
    return state


def go(state: LetsGoState) -> None:
    start_trip(state)
    advance_trip(state)
    assert state.phase == OVER


def test_goal_loire_valley_lowest_icon_scores_at_the_end_of_saturday() -> None:
    """Goal Tiles clarifications, End of Saturday (Loire Valley): 2 points per space of the
    lowest token, for the seat that reached the double flag; a tie scores one of them."""
    state = planned("loire-valley", "lowest-icon")
    state.trips[0].steps = [3, 2, 4, 5, 6, 2]
    state.trips[1].steps = [3, 2, 4, 5, 6, 2]
    go(state)
    assert state.points == [2 * 2, 0]


def test_goal_provence_other_side_scores_saturdays_highlight_again() -> None:
    """Goal Tiles (original side b of Provence's tile, as "End of Tuesday (Loire Valley)"):
    Saturday's Highlight scores a second time at the end of Saturday, no time."""
    state = planned("provence-alpes-cote-dazur", "saturday-again")
    index = state.game.card_index
    state.days[0][5] = [(index["baguette"], False)]
    state.days[1][5] = [(index["baguette"], False)]
    go(state)
    assert state.points == [6, 0]  # Baguette's Highlight: 6 points again for seat 0 only
    assert state.trips[0].day_points[5] == state.trips[1].day_points[5]


def test_goal_brittany_other_side_scores_the_highest_icon() -> None:
    """Goal Tiles (original side b of Brittany and Normandy's tile): at the end of Saturday,
    1 point per space of the highest Experience token."""
    state = planned("brittany-normandy", "highest-icon")
    state.trips[0].steps = [3, 2, 4, 5, 6, 2]
    go(state)
    assert state.points == [6, 0]


def test_goal_sud_ouest_other_side_scores_the_moved_favourable_tokens() -> None:
    """Goal Tiles (original side b of Sud-Ouest's tile): at the end of Saturday, 3 points per
    Favourable Condition token moved to a reward row."""
    state = planned("sud-ouest", "moved-tokens")
    state.moved = [[1, 2], [0, 3, 4]]
    go(state)
    assert state.points == [3 * 2, 0]


def test_single_flag_goal_point_tokens_at_once() -> None:
    """Goal Tiles, "Immediately" (original single-flag face): reaching a single-flag space
    gives 4 Point tokens at once, besides the space's own bonus."""
    state = new_state("loire-valley", 1)
    state.single_goal = "point-tokens"
    state.traveler[0] = state.game.space_index["blois"]
    state.pending = [Pending(Owed.TRAVEL)]
    state.apply(Travel("cheverny"))  # a single-flag space giving Architecture
    assert state.single_done[0] and state.points[0] == 4
    assert state.trips[0].steps[0] == 1 and state.pending == []


# --- broken files -----------------------------------------------------------------------------


def _face_of_another_region(data: dict[str, Any]) -> None:
    data["double_flag_tiles"][0]["faces"][1]["region"] = "sud-ouest"


def _one_faced_tile(data: dict[str, Any]) -> None:
    data["double_flag_tiles"][2]["faces"].pop()


def _single_flag_face_on_a_double_tile(data: dict[str, Any]) -> None:
    data["double_flag_tiles"][1]["faces"][0]["flag"] = 1


def _second_tile_for_a_region(data: dict[str, Any]) -> None:
    tile = data["double_flag_tiles"][3]
    tile["region"] = "loire-valley"
    for face in tile["faces"]:
        face["region"] = "loire-valley"


@pytest.mark.parametrize(
    ("breakage", "expected"),
    [
        (_face_of_another_region, ["double_flag_tiles.0", "faces.1", "sud-ouest"]),
        (_one_faced_tile, ["entry double_flag_tiles.2.faces"]),
        (_single_flag_face_on_a_double_tile, ["double_flag_tiles.1", "faces.0"]),
        (_second_tile_for_a_region, ["double_flag_tiles.3", "second double-flag"]),
    ],
)
def test_broken_double_flag_tiles_are_refused_naming_the_file_and_entry(
    breakage: Any, expected: list[str]
) -> None:
    data = copy.deepcopy(_raw())
    validate_content(data, content.RegionsSpec, NAME)  # the built-in file is fine
    breakage(data)
    with pytest.raises(ContentError) as caught:
        validate_content(data, content.RegionsSpec, NAME)
    message = str(caught.value)
    assert f"'{NAME}'" in message and "\n" not in message
    for fragment in expected:
        assert fragment in message, message


def test_wild_token_before_a_drawn_highlight_scores() -> None:
    """Wild tokens "at any time" and Goal Tiles (Provence, draw 2 cards): the seat sees the two
    cards only once drawn, so a Wild token can matter between its choice and the Highlight's
    points (Moulin Rouge: 2 points per set of Art and Food): a Wild token window is offered."""
    state = planned("provence-alpes-cote-dazur", "draw-highlight")
    index = state.game.card_index
    state.deck.cards += [index["baguette"], index["moulin-rouge"]]  # Moulin Rouge on top
    trip = state.trips[0]
    trip.steps = [0, 3, 2, 0, 0, 0]  # Art 3, Food 2: 2 sets
    trip.wild = 1
    start_trip(state)
    advance_trip(state)
    while state.pending[0].kind is Owed.WILD_WINDOW:  # before each day and after Saturday
        state.apply(Done())
    assert state.pending[0].kind is Owed.GOAL_CARD
    state.apply(ChooseCard(0))  # Moulin Rouge
    assert {str(a) for a in state.legal_actions()} == {f"wild {i}" for i in ICONS} | {"done"}
    state.apply(SpendWild("food"))  # 3 sets now
    assert state.points[0] == 2 * 3
