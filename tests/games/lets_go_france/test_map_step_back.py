"""Let's Go! To France map costs and Wild tokens while planning: the map icon "Move an
Experience Icon Back 1 Space" (rulebook "Quick Icon Guide: Map Icons") is the cost of some
dotted paths ("Regional Map Board and Travel": "pay the cost shown in the middle of the dotted
line"), and a Wild token may be discarded "at any time" ("Highlight of the Day" Bonuses) where
spending it can matter while planning: before paying such a cost."""

from __future__ import annotations

import copy
import json
from importlib.resources import files
from typing import Any

import pytest

import tabletrip
from tabletrip.core import ContentError, IllegalAction, validate_content
from tabletrip.games.lets_go_france import content
from tabletrip.games.lets_go_france.actions import ChooseIcon, DottedPath, SpendWild, Travel
from tabletrip.games.lets_go_france.content import ICONS, REGIONS, load_regions
from tabletrip.games.lets_go_france.phases import PLAN, Owed, Pending
from tabletrip.games.lets_go_france.rules import LetsGoState
from tabletrip.games.lets_go_france.scoring import Trip

ARCH, ART, FOOD, HIST, NATURE, SHOP = range(6)
NAME = "regions.json"


def at_azay(steps: list[int], wild: int = 0) -> LetsGoState:
    """Loire Valley, round 1, seat 0 to play with its Traveler on Azay-le-Rideau (the dotted
    path to Saumur costs a step back) and its single-flag goal already reached."""
    state = tabletrip.make("lets-go-france", players=2, region="loire-valley").new_game(3)
    assert isinstance(state, LetsGoState)
    state.traveler[0] = state.game.space_index["azay-le-rideau"]
    state.single_done[0] = True
    state.trips[0].steps = list(steps)
    state.trips[0].wild = wild
    return state


def legal(state: LetsGoState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def test_map_icons_some_dotted_paths_cost_a_step_back_on_the_experience_track() -> None:
    """Quick Icon Guide, Map Icons: the three costs of dotted paths are a Wild token, a Research
    token and moving an Experience icon back 1 space; every map has each."""
    for region in load_regions().regions:
        costs = {path.cost for path in region.paths if path.dotted}
        assert costs == {"research", "wild", "experience"}, region.id
    loire = next(r for r in load_regions().regions if r.id == "loire-valley")
    path = next(p for p in loire.paths if {p.a, p.b} == {"azay-le-rideau", "saumur"})
    assert (path.dotted, path.cost) == (True, "experience")


def test_map_icon_move_an_experience_icon_back_1_space_pays_a_dotted_path() -> None:
    """Map Icons, "Move an Experience Icon Back 1 Space": the Traveler follows the dotted line
    once one of your Experience tokens (your choice) moves back one space; then the bonus of
    the space reached, as usual (Saumur: 1 point)."""
    state = at_azay([0, 2, 0, 3, 0, 0])
    assert "dotted saumur" in legal(state)
    state.apply(DottedPath("saumur"))
    assert state.pending[0].kind is Owed.STEP_BACK
    assert legal(state) == {"icon art", "icon history"}  # only a token past a 0 space
    with pytest.raises(IllegalAction) as refused:
        state.apply(ChooseIcon("food"))
    assert "\n" not in str(refused.value)
    points = state.points[0]
    state.apply(ChooseIcon("history"))
    assert state.trips[0].steps == [0, 2, 0, 2, 0, 0]
    assert state.traveler[0] == state.game.space_index["saumur"]
    assert state.points[0] == points + 1
    assert (state.phase, state.pending) == (PLAN, [])


def test_map_icon_step_back_needs_a_token_that_can_move_back() -> None:
    """Map Icons: a token on a "0" space (either side: a token that reached 10 was flipped and
    put back on 0) cannot move back, so without another the dotted line cannot be paid."""
    state = at_azay([0, 0, 10, 0, 10, 0])
    assert "dotted saumur" not in legal(state)
    with pytest.raises(IllegalAction):
        state.apply(DottedPath("saumur"))


@pytest.mark.parametrize(
    ("before", "after"),
    [(1, 0), (9, 8), (11, 10), (19, 18), (20, 19), (23, 19)],
)
def test_experience_track_a_step_back_stays_on_the_tokens_side(before: int, after: int) -> None:
    """Experience Track: a token moved back one space stays on its side (a flipped token past
    its 0 space keeps its 10 points; a token that reached 10 again is on the 10 space)."""
    trip = Trip({2: 1, 4: 3, 7: 6, 10: 10}, {e: e for e in range(-3, 4)}, [(6, 1)])
    trip.steps[ART] = before
    assert trip.can_step_back(ART)
    trip.step_back(ART)
    assert trip.steps[ART] == after
    trip.steps[ART] = 10
    assert not trip.can_step_back(ART)


def test_wild_token_at_any_time_while_planning_before_a_step_back() -> None:
    """ "A player can discard a Wild token at any time to move an Experience token of their
    choice 1 space forward": while planning it can matter before paying a step back (a token
    that could not move back now can), so it is offered there; the dotted line may then be
    paid with that token."""
    state = at_azay([0, 0, 0, 0, 0, 0], wild=1)
    moves = legal(state)
    assert "dotted saumur" not in moves
    assert {f"wild {icon}" for icon in ICONS} <= moves
    state.apply(SpendWild("nature"))
    assert (state.trips[0].wild, state.trips[0].steps[NATURE]) == (0, 1)
    state.apply(DottedPath("saumur"))
    assert legal(state) == {"icon nature"}
    state.apply(ChooseIcon("nature"))
    assert state.trips[0].steps == [0] * 6
    assert state.traveler[0] == state.game.space_index["saumur"]


def test_wild_token_while_planning_also_while_a_travel_action_waits() -> None:
    """A Wild token "at any time": also while a Travel action or a Favourable Condition bonus
    waits, like dotted lines and Research tokens."""
    state = at_azay([0, 0, 0, 0, 0, 0], wild=2)
    state.pending = [Pending(Owed.TRAVEL)]
    moves = legal(state)
    assert "wild art" in moves and "travel chinon" in moves
    state.apply(SpendWild("art"))
    assert state.pending == [Pending(Owed.TRAVEL)]
    state.apply(Travel("chinon"))
    assert state.traveler[0] == state.game.space_index["chinon"]


def test_wild_token_while_planning_is_offered_only_where_it_can_matter() -> None:
    """RULES_NOTES: away from a dotted line paid with a step back, spending a Wild token while
    planning changes nothing a later window could not (nothing reads the track before the
    trip, and gains only add up), so it waits for the trip's windows."""
    state = at_azay([0, 0, 0, 0, 0, 0], wild=1)
    state.traveler[0] = state.game.space_index["orleans"]
    assert not any(isinstance(a, SpendWild) for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply(SpendWild("art"))


# --- the content file -------------------------------------------------------------------------


def _raw() -> dict[str, Any]:
    path = files("tabletrip.games.lets_go_france") / "data" / NAME
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("region_index", range(len(REGIONS)))
def test_a_step_back_path_never_pays_its_step_back(region_index: int) -> None:
    """Regional Map Board and Travel: a dotted line paid with a step back whose towns give two
    or more experience steps between them on every visit would let a Traveler go back and
    forth for ever; such a file is refused naming the file and the path."""
    data = copy.deepcopy(_raw())
    region = data["regions"][region_index]
    path = next(p for p in region["paths"] if p.get("cost") == "experience")
    for end in (path["a"], path["b"]):
        space = next(s for s in region["spaces"] if s["id"] == end)
        space["explore_once"] = False
        space["bonus"].append({"kind": "icon", "icon": "art"})
    with pytest.raises(ContentError) as caught:
        validate_content(data, content.RegionsSpec, NAME)
    message = str(caught.value)
    assert f"'{NAME}'" in message and "back and forth" in message
    assert path["a"] in message and path["b"] in message
