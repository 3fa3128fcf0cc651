"""En Route's report analysis: facts agree with a direct count, sections with a hand count."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import pytest

import tabletrip
from analysis_helpers import (
    assert_complete,
    play_to_end,
    section,
    table,
    with_played_games,
    without_facts,
)
from tabletrip.core.analysis import PlayedGame, analysis_for
from tabletrip.core.analysis_tools import chart_value, win_interval
from tabletrip.games.en_route.actions import Chart, ExtraSection, Renew
from tabletrip.games.en_route.analysis import ANALYSIS
from tabletrip.games.en_route.rules import EnRouteState

# (bots by seat, options, seed): short real games in three variants.
GAMES: tuple[tuple[tuple[str, ...], dict[str, Any], int], ...] = (
    (("heuristic", "random"), {}, 1),
    (("heuristic", "heuristic"), {}, 2),
    (("heuristic", "random", "heuristic"), {}, 5),
    (("random", "heuristic"), {"level": "intermediate", "balance": "0:route,1:coordinate"}, 3),
    (("heuristic",), {"mode": "solo"}, 4),
)
FULL = "First City, standard, full, 2 players"
MIDDLE = "First City, standard, intermediate, 2 players"


def play(lineup: Sequence[str], options: dict[str, Any], seed: int) -> EnRouteState:
    """A finished game between these bots."""
    state = play_to_end("en-route", lineup, seed, first_bot_seed=seed * 10, **options)
    assert isinstance(state, EnRouteState)
    return state


@pytest.fixture(scope="module")
def played() -> list[tuple[EnRouteState, PlayedGame]]:
    """Every game of GAMES, finished, with its PlayedGame (facts through JSON, as stored)."""
    return with_played_games(ANALYSIS, ((play(lineup, o, s), lineup) for lineup, o, s in GAMES))


def locations_along(trail: Sequence[int]) -> set[int]:
    """Direct count: the locations with an edge on the route (crossroads y * 7 + x)."""
    found: set[int] = set()
    for a, b in pairwise(trail):
        (ax, ay), (bx, by) = divmod(a, 7)[::-1], divmod(b, 7)[::-1]
        if ay == by:  # horizontal: the locations above and below
            x, y = min(ax, bx), ay
            cells = [(x, y - 1), (x, y)]
        else:  # vertical: the locations left and right
            x, y = ax, min(ay, by)
            cells = [(x - 1, y), (x, y)]
        found |= {row * 6 + col for col, row in cells if 0 <= col < 6 and 0 <= row < 6}
    return found


def full_games(played: list[tuple[EnRouteState, PlayedGame]]) -> list[PlayedGame]:
    """The 2-player standard games at level full."""
    return [
        g
        for _, g in played
        if g.options["mode"] == "standard" and g.options["level"] == "full" and len(g.bots) == 2
    ]


# --- facts ----------------------------------------------------------------------------------


def test_registered_for_the_game() -> None:
    assert analysis_for("en-route") is ANALYSIS


def test_facts_are_json_and_round_trip(played: list[tuple[EnRouteState, PlayedGame]]) -> None:
    for state, game in played:
        facts = ANALYSIS.facts(state)
        assert json.loads(json.dumps(facts)) == facts == game.facts
        assert len(facts["seats"]) == state.num_players


def test_landmarks_and_tourists_agree_with_the_final_route(
    played: list[tuple[EnRouteState, PlayedGame]],
) -> None:
    for state, game in played:
        city = state.game.city
        iconic = {loc for loc in range(36) if city.landmark[loc] == "gray"}
        for seat, facts in enumerate(game.facts["seats"]):
            steps = game.breakdown[seat]
            on_route = locations_along(steps["final_route"])
            landmarks = sorted(loc for loc in on_route if city.landmark[loc])
            assert facts["landmarks"] == landmarks
            assert len(landmarks) == steps["landmarks"]
            assert sum(facts["on_route"]) == steps["tourists"]
            for kind, color in enumerate(("red", "green", "blue")):
                count = sum(1 for loc in landmarks if city.landmark[loc] == color)
                assert steps[color] == facts["on_route"][kind] * count
            yellow = [city.yellow_pp[loc] for loc in landmarks if city.landmark[loc] == "yellow"]
            assert steps["yellow"] == sum(yellow)
            gray = [city.iconic_ids[city.iconic_at[loc]] for loc in landmarks if loc in iconic]
            assert steps["gray"] == sum(game.facts["iconic"][i] for i in gray)
            sheet = state.sheets[seat]
            assert sum(facts["marked"]) == sum(sheet.tourists)
            assert all(m >= r for m, r in zip(facts["marked"], facts["on_route"], strict=True))


def test_drawing_and_bonuses_agree_with_the_record(
    played: list[tuple[EnRouteState, PlayedGame]],
) -> None:
    for state, game in played:
        city = state.game.city
        for seat, facts in enumerate(game.facts["seats"]):
            steps = game.breakdown[seat]
            mine = [a for s, a in state.history if s == seat]
            drawn = sum(len(a.sections) for a in mine if isinstance(a, Chart))
            drawn += sum(1 for a in mine if isinstance(a, ExtraSection))
            assert facts["drawn"] == drawn >= steps["route_length"]
            assert facts["renewed"] == any(isinstance(a, Renew) for a in mine)
            assert set(facts["cafes_used"]) <= set(facts["cafes"])
            assert steps["cafes"] == 2 * (len(facts["cafes"]) - len(facts["cafes_used"]))
            assert steps["visit_them_all"] == city.vta_scores[facts["visit_them_all"]]
            if steps["objective"]:
                assert (facts["objective_crossroads"] >= 2) == (steps["personal_objective"] > 0)
            balance = state.game.options["balance"]
            assert facts["balance"] == balance.count(f"{seat}:")
            assert facts["balance_unused"] <= facts["balance"]


def test_goal_outcomes_agree_with_the_goal_points(
    played: list[tuple[EnRouteState, PlayedGame]],
) -> None:
    goals = {g.id: g for g in played[0][0].game.city.goals}
    seen = Counter[int]()
    for state, game in played:
        assert len(game.facts["goals"]) == (3 if state.game.options["level"] == "full" else 0)
        for seat, facts in enumerate(game.facts["seats"]):
            results = game.breakdown[seat]["goal_results"]
            assert set(facts["goals"]) == set(game.facts["goals"]) == set(results)
            for goal_id, outcome in facts["goals"].items():
                pp = {2: goals[goal_id].winner, 1: goals[goal_id].achiever, 0: 0}[outcome]
                assert results[goal_id]["pp"] == pp
                seen[outcome] += 1
    assert seen[2] and seen[0]  # the games chosen have Goals won and Goals missed


def test_facts_need_a_finished_game() -> None:
    state = tabletrip.make("en-route", players=2).new_game(seed=1)
    with pytest.raises(ValueError, match="finished"):
        ANALYSIS.facts(state)


# --- sections -------------------------------------------------------------------------------


def test_sections_per_variant(played: list[tuple[EnRouteState, PlayedGame]]) -> None:
    sections = ANALYSIS.sections([game for _, game in played])
    titles = [s.title for s in sections]
    full = ("Landmarks", "Goals", "Personal Objectives", "Cafés", "Hand Craft Festival")
    assert titles == [
        *(f"{title} ({FULL})" for title in full),
        f"Score components ({FULL})",
        *(f"{title} (First City, standard, full, 3 players)" for title in full),
        "Score components (First City, standard, full, 3 players)",
        f"Landmarks ({MIDDLE})",
        f"Personal Objectives ({MIDDLE})",
        f"Cafés ({MIDDLE})",
        f"Hand Craft Festival ({MIDDLE})",
        f"Balance cards ({MIDDLE})",
        f"Score components ({MIDDLE})",
        *(f"{title} (First City, solo, full, 1 player)" for title in full),
        "Score components (First City, solo, full, 1 player)",
    ]
    assert_complete(sections)


def test_landmark_tables_agree_with_a_hand_count(
    played: list[tuple[EnRouteState, PlayedGame]],
) -> None:
    games = full_games(played)
    city = played[0][0].game.city
    landmarks = section(ANALYSIS.sections(games), f"Landmarks ({FULL})")
    routes: Counter[int] = Counter()
    for game in games:
        for steps in game.breakdown:
            routes.update(
                loc for loc in locations_along(steps["final_route"]) if city.landmark[loc]
            )
    seats = sum(len(g.bots) for g in games)
    rows = {row[0]: row for row in table(landmarks, "Every Landmark").rows}
    assert len(rows) == 17
    wins: Counter[int] = Counter()
    for game in games:
        for seat, steps in enumerate(game.breakdown):
            share = 1 / len(game.winners) if seat in game.winners else 0.0
            for loc in {loc for loc in locations_along(steps["final_route"]) if city.landmark[loc]}:
                wins[loc] += share
    for loc, name in enumerate(city.landmark_name):
        if name:
            assert rows[name][2:4] == (routes[loc], round(100 * routes[loc] / seats, 1))
            assert rows[name][4] == win_interval(routes[loc], seats)
            assert rows[name][6] == win_interval(wins[loc], routes[loc])
    every = table(landmarks, "Every Landmark")
    assert "Correlation, not effect" in every.note and "--without" in every.note
    colours = {row[0]: row for row in table(landmarks, "Landmark colours").rows}
    green = [steps["green"] for g in games for steps in g.breakdown]
    assert colours["green"][4] == round(sum(green) / seats, 1)
    chart = next(c for c in landmarks.charts if c.kind == "hbar")
    assert len(chart.series[0].x) == 17


def test_bots_that_always_reach_the_same_landmarks_are_flagged(
    played: list[tuple[EnRouteState, PlayedGame]],
) -> None:
    """Every seat's final route through the same Landmarks: the table says it carries no
    information about the content (issue 25); varied routes get no such warning."""
    games = full_games(played)
    title = f"Landmarks ({FULL})"
    assert "Fixed pattern" not in section(ANALYSIS.sections(games), title).summary
    same = games[0].facts["seats"][0]["landmarks"]
    fixed = [
        dataclasses.replace(
            g, facts={**g.facts, "seats": [{**s, "landmarks": same} for s in g.facts["seats"]]}
        )
        for g in games
    ]
    summary = section(ANALYSIS.sections(fixed), title).summary
    assert "Fixed pattern: the bots reach the same Landmarks" in summary


def test_goal_table_agrees_with_a_hand_count(played: list[tuple[EnRouteState, PlayedGame]]) -> None:
    games = full_games(played)
    goals = section(ANALYSIS.sections(games), f"Goals ({FULL})")
    met: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    for game in games:
        for steps in game.breakdown:
            for goal_id, outcome in steps["goal_results"].items():
                seats[goal_id] += 1
                met[goal_id] += outcome["achieved"]
    rows = {row[0]: row for row in table(goals, "Goal cards").rows}
    assert set(rows) == set(seats)
    for goal_id, row in rows.items():
        assert row[3] == round(100 * met[goal_id] / seats[goal_id], 1)
        assert row[4] == win_interval(met[goal_id], seats[goal_id])
    assert "Correlation, not effect" in table(goals, "Goal cards").note
    (chart,) = goals.charts
    assert [s.label for s in chart.series] == ["met %", "Goal Winner %"]
    winner = {x: y for x, y in zip(chart.series[1].x, chart.series[1].y, strict=True)}
    assert all(winner[goal_id] == chart_value(row[5]) for goal_id, row in rows.items())


def test_cafe_objective_and_balance_tables_agree_with_a_hand_count(
    played: list[tuple[EnRouteState, PlayedGame]],
) -> None:
    (state, game) = next(p for p in played if p[1].options["level"] == "intermediate")
    sections = ANALYSIS.sections([game])
    standard = [(s, g) for s, g in played if g.options["mode"] == "standard"]
    for level, name in (("full", FULL), ("intermediate", MIDDLE)):
        pairs = [(s, g) for s, g in standard if g.options["level"] == level and len(g.bots) == 2]
        cafes = table(section(ANALYSIS.sections([g for _, g in pairs]), f"Cafés ({name})"), "Every")
        for k, row in enumerate(cafes.rows):
            visits = sum(sheet.cafes_gained >> k & 1 for s, _ in pairs for sheet in s.sheets)
            used = sum(sheet.cafes_used >> k & 1 for s, _ in pairs for sheet in s.sheets)
            assert row[0] == state.game.city.cafes[k].name
            assert row[2] == visits
            seats = 2 * len(pairs)
            assert row[3] == round(100 * visits / seats, 1)
            assert row[4] == win_interval(visits, seats)
            assert row[5] == (round(100 * used / visits, 1) if visits else "-")
            assert row[6] == win_interval(used, visits)
    objectives = table(section(sections, f"Personal Objectives ({MIDDLE})"), "Personal Objective")
    kept = Counter(steps["objective"] for steps in game.breakdown)
    assert {row[0]: row[1] for row in objectives.rows} == dict(kept)
    balance = table(section(sections, f"Balance cards ({MIDDLE})"), "Win rate by Balance")
    assert [(row[0], row[1]) for row in balance.rows] == [(1, 2)]  # one card for each seat
    scores = section(sections, f"Score components ({MIDDLE})")
    assert "Goals" not in table(scores, "Score components").columns  # no Goals at this level


def test_score_components_agree_with_a_hand_count(
    played: list[tuple[EnRouteState, PlayedGame]],
) -> None:
    games = full_games(played)
    scores = section(ANALYSIS.sections(games), f"Score components ({FULL})")
    rows = {row[0]: row for row in table(scores, "Score components by bot").rows}
    heuristic = [g.breakdown[s] for g in games for s, b in enumerate(g.bots) if b == "heuristic"]
    columns = table(scores, "Score components by bot").columns
    row = rows["heuristic"]
    assert row[1] == len(heuristic)
    seats = len(heuristic)
    assert row[columns.index("total")] == round(sum(b["total"] for b in heuristic) / seats, 1)
    assert row[columns.index("red Landmarks")] == round(sum(b["red"] for b in heuristic) / seats, 1)
    wins = sum(1 / len(g.winners) for g in games for s in g.winners if g.bots[s] == "heuristic")
    assert row[columns.index("win %")] == round(100 * wins / seats, 1)
    (chart,) = scores.charts
    assert chart.kind == "stacked"
    assert set(chart.series[0].x) == {"heuristic", "random"}
    total = sum(s.y[chart.series[0].x.index("heuristic")] for s in chart.series)
    assert total == pytest.approx(row[columns.index("total")], abs=0.1)


def test_games_without_facts_still_get_score_components(
    played: list[tuple[EnRouteState, PlayedGame]],
) -> None:
    bare = without_facts(full_games(played))
    assert [s.title for s in ANALYSIS.sections(bare)] == [f"Score components ({FULL})"]
