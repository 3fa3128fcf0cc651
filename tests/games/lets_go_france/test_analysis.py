"""Let's Go! To France's report analysis: facts agree with a direct count, sections with a hand
count over the games."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from statistics import mean
from typing import Any

import pytest

from analysis_helpers import chart, play_to_end, played_game, rows_by_first, stored_facts, table
from tabletrip.core.analysis import PlayedGame, analysis_for
from tabletrip.games.lets_go_france.actions import (
    DottedPath,
    Favour,
    Place,
    SkipTravel,
    Travel,
    UseResearch,
)
from tabletrip.games.lets_go_france.analysis import ANALYSIS
from tabletrip.games.lets_go_france.rules import LetsGoState

# (bots, options, seed): solo (plain and Advanced Traveler), 2 and 3 players on two maps.
LINEUPS: tuple[tuple[tuple[str, ...], dict[str, Any], int], ...] = (
    (("heuristic",), {}, 1),
    (("random",), {"advanced_traveler": True}, 2),
    (("heuristic", "random"), {}, 3),
    (("heuristic", "random", "random"), {"region": "sud-ouest"}, 4),
)
GAMES = range(len(LINEUPS))


@cache
def finished(index: int) -> LetsGoState:
    """A whole game of one lineup, played by real bots."""
    names, options, seed = LINEUPS[index]
    state = play_to_end("lets-go-france", names, seed, **options)
    assert isinstance(state, LetsGoState)
    return state


@cache
def facts(index: int) -> dict:
    """The facts of a game, as stored: through JSON."""
    return stored_facts(ANALYSIS, finished(index))


def report_game(index: int, with_facts: bool = True) -> PlayedGame:
    """A game as a report sees it."""
    return played_game(
        index, finished(index), LINEUPS[index][0], facts(index) if with_facts else {}
    )


# --- facts -------------------------------------------------------------------------------------


def test_the_analysis_is_registered() -> None:
    assert analysis_for("lets-go-france") is ANALYSIS


@pytest.mark.parametrize("index", GAMES)
def test_facts_are_compact_json_that_round_trips(index: int) -> None:
    raw = ANALYSIS.facts(finished(index))
    text = json.dumps(raw)
    assert json.loads(text) == raw
    assert len(text) < 2000


@pytest.mark.parametrize("index", GAMES)
def test_point_tokens_by_source_add_up_to_the_breakdown(index: int) -> None:
    state, found = finished(index), facts(index)
    result = state.result
    assert result is not None
    split = found["points_from"]
    for seat in range(state.num_players):
        parts = [split[source][seat] for source in ("map", "reward_rows", "goals")]
        assert sum(parts) == result.breakdown[seat]["tokens_and_goals"] == state.points[seat]
        assert min(parts) >= 0


@pytest.mark.parametrize("index", GAMES)
def test_map_points_are_the_point_bonuses_of_the_towns_reached(index: int) -> None:
    state = finished(index)
    region = state.game.region
    spaces = {space.id: space for space in region.spaces}
    expected = [0] * state.num_players
    explored: set[tuple[int, str]] = set()
    for seat, action in state.history:
        if not isinstance(action, Travel | DottedPath):
            continue
        space = spaces[action.space]
        if space.explore_once:
            if (seat, space.id) in explored:
                continue  # a dotted circle gives its bonus only the first time
            explored.add((seat, space.id))
        expected[seat] += sum(b.amount for b in space.bonus if b.kind == "points")
    assert facts(index)["points_from"]["map"] == expected


@pytest.mark.parametrize("index", GAMES)
def test_reward_row_points_are_the_spaces_the_favour_tokens_covered(index: int) -> None:
    state = finished(index)
    rows = state.game.board.reward_rows
    covered = [[0] * len(rows) for _ in range(state.num_players)]
    expected = [0] * state.num_players
    for seat, action in state.history:
        if isinstance(action, Favour) and action.choice == "row":
            space = rows[action.row][covered[seat][action.row]]
            expected[seat] += sum(r.amount for r in space if r.kind == "points")
            covered[seat][action.row] += 1
    assert facts(index)["points_from"]["reward_rows"] == expected
    assert covered == [list(r) for r in state.rows[: state.num_players]]


@pytest.mark.parametrize("index", GAMES)
def test_towns_and_travel_match_the_history(index: int) -> None:
    state, found = finished(index), facts(index)
    visits: Counter[tuple[str, int]] = Counter()
    kinds: Counter[tuple[str, int]] = Counter()
    for seat, action in state.history:
        if isinstance(action, Travel | DottedPath):
            visits[(action.space, seat)] += 1
        kinds[(type(action).__name__, seat)] += 1
    counted = Counter(
        {
            (town, seat): n
            for town, per_seat in found["towns"].items()
            for seat, n in enumerate(per_seat)
            if n
        }
    )
    assert counted == visits
    assert set(found["towns"]) <= {space.id for space in state.game.region.spaces}
    for seat in range(state.num_players):
        assert found["travel"][seat] == kinds[(Travel.__name__, seat)]
        assert found["dotted_paths"][seat] == kinds[(DottedPath.__name__, seat)]
        assert found["travel_skipped"][seat] == kinds[(SkipTravel.__name__, seat)]
        assert found["research_used"][seat] == kinds[(UseResearch.__name__, seat)]


@pytest.mark.parametrize("index", GAMES)
def test_goals_favours_explore_cards_and_experience_match_the_final_state(index: int) -> None:
    state, found = finished(index), facts(index)
    assert found["region"] == state.game.options["region"]
    assert found["single_goal"] == state.single_goal
    assert found["double_goal"] == state.double_goal
    for seat in range(state.num_players):
        assert found["single_goal_reached"][seat] == state.single_done[seat]
        assert found["double_goal_reached"][seat] == state.double_done[seat]
        face_down = sum(explore for column in state.days[seat] for _, explore in column)
        assert found["explore_the_city"][seat] == face_down
        placed_face_down = sum(
            1
            for s, action in state.history
            if s == seat and isinstance(action, Place) and action.explore
        )
        assert face_down == placed_face_down
        assert found["favour_flipped"][seat] == sum(state.flipped[seat])
        assert found["favour_moved"][seat] == len(state.moved[seat])
        steps = [per_seat[seat] for per_seat in found["experience"].values()]
        assert steps == state.trips[seat].steps


def test_the_games_cover_travel_goals_and_the_agent() -> None:
    assert any(sum(facts(i)["travel"]) for i in GAMES)
    assert any(any(facts(i)["single_goal_reached"]) for i in GAMES)
    assert any(sum(facts(i)["points_from"]["goals"]) for i in GAMES)
    assert {facts(i)["region"] for i in GAMES} == {"loire-valley", "sud-ouest"}


# --- sections -----------------------------------------------------------------------------------


def test_score_components_agree_with_a_hand_count() -> None:
    games = [report_game(i) for i in GAMES]
    sections = ANALYSIS.sections(games)
    assert [s.title for s in sections] == [
        "Let's Go! To France: score components",
        "Let's Go! To France: regional map",
        "Let's Go! To France: solo travel agent",
    ]
    rows = rows_by_first(table(sections, "Score components by bot (mean points)"))
    seats = [(i, s) for i in GAMES for s, b in enumerate(LINEUPS[i][0]) if b == "random"]
    assert rows["random"]["seat-games"] == len(seats) == 4
    breakdowns = [finished(i).result.breakdown[s] for i, s in seats]  # type: ignore[union-attr]
    assert rows["random"]["total"] == round(mean(b["total"] for b in breakdowns), 1)
    assert rows["random"]["experience track"] == round(mean(b["experience"] for b in breakdowns), 2)
    map_points = [facts(i)["points_from"]["map"][s] for i, s in seats]
    assert rows["random"]["map towns"] == round(mean(map_points), 2)
    # The stacked components of a bot add up to its mean score.
    stacked = chart(sections, "Score components by bot")
    for bot_index, bot in enumerate(stacked.series[0].x):
        height = sum(series.y[bot_index] for series in stacked.series)
        assert height == pytest.approx(rows[bot]["total"], abs=0.1)
    # Points by day: Monday's mean for the heuristic seats.
    days = {
        s.label: s
        for s in chart(sections, "Points by day of the trip (cards, Highlight and energy)").series
    }
    heuristic = [
        finished(i).result.breakdown[s]  # type: ignore[union-attr]
        for i in GAMES
        for s, b in enumerate(LINEUPS[i][0])
        if b == "heuristic"
    ]
    monday = mean(b["day_points"][0] + b["day_energy_points"][0] for b in heuristic)
    assert days["heuristic"].y[0] == round(monday, 2)
    # Choices and the experience track, from the facts.
    choices = rows_by_first(table(sections, "Choices by bot (mean a seat-game)"))
    explore = [facts(i)["explore_the_city"][s] for i, s in seats]
    assert choices["random"]["Explore the City cards"] == round(mean(explore), 2)
    icons = {s.label: s for s in chart(sections, "Experience track at the end, by icon").series}
    history = [finished(i).trips[s].steps[3] for i, s in seats]
    assert icons["random"].x[3] == "history"
    assert icons["random"].y[3] == round(mean(history), 2)
    # Winners against the others, per player count: solo winners beat the agent.
    outcome = table(sections, "Score components of winners and the others (mean points)")
    solo_rows = {row[1]: row for row in outcome.rows if row[0] == 1}
    solo_winners = sum(1 for i in (0, 1) if finished(i).result.winners)  # type: ignore[union-attr]
    assert solo_rows["winners"][2] == solo_winners
    assert solo_rows["others"][2] == 2 - solo_winners


def test_map_tables_agree_with_a_hand_count() -> None:
    games = [report_game(i) for i in GAMES]
    sections = ANALYSIS.sections(games)
    regions = rows_by_first(table(sections, "By regional map"))
    loire = [i for i in GAMES if facts(i)["region"] == "loire-valley"]
    loire_seats = [(i, s) for i in loire for s in range(len(LINEUPS[i][0]))]
    assert regions["Loire Valley"]["games"] == len(loire) == 3
    assert regions["Loire Valley"]["seat-games"] == len(loire_seats) == 4
    reached = sum(facts(i)["single_goal_reached"][s] for i, s in loire_seats)
    assert regions["Loire Valley"]["% single-flag goal reached"] == round(100 * reached / 4, 1)
    # Sud-Ouest: one 3-player game; each town's visits and who went.
    towns = rows_by_first(table(sections, "Towns of Sud-Ouest"))
    found = facts(3)
    state = finished(3)
    for space in state.game.region.spaces:
        row = towns[space.name]
        visits = found["towns"].get(space.id, [0, 0, 0])
        assert row["visits a game"] == sum(visits)
        went = [s for s in range(3) if visits[s]]
        assert row["seats that went"] == len(went)
        assert row["seats that did not"] == 3 - len(went)
        if went:
            wins = sum(1 / len(state.result.winners) for s in went if s in state.result.winners)  # type: ignore[union-attr]
            assert row["win % if went"] == round(100 * wins / len(went), 1)
        else:
            assert row["win % if went"] is None
    visits_chart = chart(sections, "Visits a game by town, Sud-Ouest").series[0]
    assert sum(visits_chart.y) == sum(sum(v) for v in found["towns"].values())


def test_the_solo_section_compares_the_player_with_the_agent() -> None:
    games = [report_game(i) for i in GAMES]
    sections = ANALYSIS.sections(games)
    rows = {row[:2]: row for row in table(sections, "Player against the travel agent").rows}
    for index, key in ((0, ("heuristic", "no")), (1, ("random", "yes"))):
        result = finished(index).result
        assert result is not None
        agent = result.breakdown[0]["travel_agent"]["total"]
        assert rows[key][2:] == (
            1,
            result.scores[0],
            agent,
            result.scores[0] - agent,
            100.0 if result.winners else 0.0,
        )
    components = rows_by_first(
        table(sections, "Score components, player and travel agent (mean points)")
    )
    travel = mean(finished(i).result.breakdown[0]["travel_agent"]["travel_icons"] for i in (0, 1))  # type: ignore[union-attr]
    assert components["Travel icons (agent)"]["travel agent"] == round(travel, 2)
    assert components["Travel icons (agent)"]["player"] == 0.0


def test_no_solo_section_without_solo_games() -> None:
    sections = ANALYSIS.sections([report_game(2), report_game(3)])
    assert len(sections) == 2
    assert ANALYSIS.sections([]) == []


def test_sections_without_facts_keep_point_tokens_whole() -> None:
    sections = ANALYSIS.sections([report_game(i, with_facts=False) for i in (0, 2)])
    components = table(sections, "Score components by bot (mean points)")
    assert "point tokens and goals" in components.columns
    assert "map towns" not in components.columns
    assert sections[1].summary == "No map facts were recorded for these games."
    assert sections[2].title == "Let's Go! To France: solo travel agent"
