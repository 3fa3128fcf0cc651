"""Let's Go! To France's part of a balance report: score components, the regional map, solo.

`facts` keeps what the result breakdown does not: where each Traveler went on the regional
map, which goal tiles each seat reached, and where its point tokens came from (map towns,
reward rows or goal tiles: the breakdown's `tokens_and_goals` split by replaying the game).
`sections` picks the report's sections (analysis_sections.py): score by source (each scoring
step), by day and by regional map and town, and the solo travel agent against the player.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletrip.core import Action, Game, JsonDict, State
from tabletrip.core.analysis import PlayedGame, Section
from tabletrip.core.analysis_metrics import Metric
from tabletrip.games.lets_go_france import analysis_metrics
from tabletrip.games.lets_go_france.actions import (
    ChooseIcon,
    DottedPath,
    Favour,
    Place,
    SkipTravel,
    Travel,
    UseResearch,
)
from tabletrip.games.lets_go_france.analysis_sections import (
    SOURCES,
    agent_section,
    components_section,
    map_section,
)
from tabletrip.games.lets_go_france.content import ICONS, load_regions
from tabletrip.games.lets_go_france.phases import Owed
from tabletrip.games.lets_go_france.rules import LetsGoGame, LetsGoState


class LetsGoAnalysis:
    """Facts about a finished Let's Go! game and the report sections built from them."""

    def facts(self, state: State) -> JsonDict:
        """Per seat: towns visited, goals reached, point tokens by source, travel, favours."""
        assert isinstance(state, LetsGoState)
        return game_facts(state)

    def sections(self, games: Sequence[PlayedGame], game: Game | None = None) -> list[Section]:
        """Score components, the regional map, and (for solo games) the travel agent."""
        if not games:
            return []
        regions = game.regions if isinstance(game, LetsGoGame) else load_regions()
        sections = [components_section(games), map_section(games, regions)]
        solo = [g for g in games if len(g.bots) == 1]
        if solo:
            sections.append(agent_section(solo))
        return sections

    def metrics(self, games: Sequence[PlayedGame], game: Game) -> list[Metric]:
        """Towns, Goal tiles, point tokens and the journey, to compare runs (`analysis_metrics`)."""
        return analysis_metrics.metrics(games, game)


ANALYSIS = LetsGoAnalysis()


# --- facts -------------------------------------------------------------------------------------


def game_facts(final: LetsGoState) -> JsonDict:
    """Walk the history (replaying it from the seed for the point tokens) into facts."""
    game = final.game
    players = game.players
    towns: dict[str, list[int]] = {}
    travel, skipped, dotted, explore, research = ([0] * players for _ in range(5))
    for seat, action in final.history:
        if isinstance(action, Travel | DottedPath):
            towns.setdefault(action.space, [0] * players)[seat] += 1
            (travel if isinstance(action, Travel) else dotted)[seat] += 1
        elif isinstance(action, SkipTravel):
            skipped[seat] += 1
        elif isinstance(action, Place) and action.explore:
            explore[seat] += 1
        elif isinstance(action, UseResearch):
            research[seat] += 1
    return {
        "region": game.region.id,
        "single_goal": final.single_goal,
        "double_goal": final.double_goal,
        "single_goal_reached": [bool(final.single_done[s]) for s in range(players)],
        "double_goal_reached": [bool(final.double_done[s]) for s in range(players)],
        "points_from": points_by_source(final),
        "towns": towns,
        "travel": travel,
        "travel_skipped": skipped,
        "dotted_paths": dotted,
        "explore_the_city": explore,
        "research_used": research,
        "favour_flipped": [sum(final.flipped[s]) for s in range(players)],
        "favour_moved": [len(final.moved[s]) for s in range(players)],
        "experience": {
            icon: [final.trips[s].steps[i] for s in range(players)] for i, icon in enumerate(ICONS)
        },
    }


def points_by_source(final: LetsGoState) -> dict[str, list[int]]:
    """Each seat's point tokens by where they came from, replaying the game: the point bonus
    of a map town reached (a Travel action or a dotted path) came from the map, those of a
    Favourable Condition bonus from a reward row, and every other (goal tiles' rewards and
    end-of-day scores, a flag's goal reached on arrival included) from a goal."""
    players = final.game.players
    split = {source: [0] * players for source in SOURCES}
    state = final.game.new_game(seed=final.seed)
    spaces = state.game.region.spaces
    for _, action in final.history:
        before = list(state.points)
        mover = state.current_player
        town = _arrival(state, action)
        town_points = 0
        if town >= 0 and not (spaces[town].explore_once and town in state.explored[mover]):
            town_points = sum(b.amount for b in spaces[town].bonus if b.kind == "points")
        state.apply(action)
        source = "reward_rows" if isinstance(action, Favour) else "goals"
        for seat in range(players):
            gained = state.points[seat] - before[seat]
            if seat == mover and town_points:
                split["map"][seat] += town_points
                gained -= town_points
            split[source][seat] += gained
    return split


def _arrival(state: LetsGoState, action: Action) -> int:
    """The town `action` takes the mover's Traveler to now (-1: none; a dotted path paid with
    a step back arrives with the choice of the token that moves back)."""
    game = state.game
    if isinstance(action, Travel):
        return game.space_index[action.space]
    if isinstance(action, DottedPath):
        there = game.space_index[action.space]
        here = state.traveler[state.current_player]
        costs = [cost for b, cost in game.dotted[here] if b == there]
        return -1 if costs and costs[0] == "experience" else there
    head = state.pending[0] if state.pending else None
    if isinstance(action, ChooseIcon) and head is not None and head.kind is Owed.STEP_BACK:
        assert head.about is not None
        return head.about
    return -1


__all__ = ["ANALYSIS", "LetsGoAnalysis"]
