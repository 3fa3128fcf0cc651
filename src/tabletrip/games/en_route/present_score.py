"""En Route's score breakdown as rows a person reads, and the outcome in one sentence.

The rows follow "End of the Game": the final route (step II, described, scoring nothing by
itself), then the Prestige Point steps 1-9 of IV as First City lists them, with the counts
behind each step in the detail ("6 red tourists × 2 red Landmarks"), never as points. The
Goals are spelt out one row each; in solo they score no PP and say whether each was completed
for the Challenge. Steps the level leaves out (Cafés, Personal Objectives, Goals) have no row.
The rows add up to the total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletrip.core.phrases import listing, plural
from tabletrip.core.presentation import ScoreRow
from tabletrip.games.en_route.geometry import LOCATIONS, crossroads_on_route, locations_on_route
from tabletrip.games.en_route.present_words import (
    TEAMS,
    crossroads_name,
    goal_by_id,
    goal_needed,
    goal_short,
    goal_value,
    objective_crossroads,
    route_words,
)
from tabletrip.games.en_route.scoring import CAFE_BONUS_PP, SPECIAL_KINDS, trail_sections

if TYPE_CHECKING:
    from tabletrip.core.game import Result
    from tabletrip.games.en_route.content import City
    from tabletrip.games.en_route.rules import EnRouteGame

STEP_LABELS = {
    "red": "Red Landmarks",
    "green": "Green Landmarks",
    "blue": "Blue Landmarks",
    "yellow": "Yellow Landmarks",
    "gray": "Gray Landmarks",
    "cafes": "Unused Café bonuses",
    "visit_them_all": "Visit-Them-All",
    "personal_objective": "Personal Objective",
    "goals": "Goals",
}


def _sections(trail: Sequence[int]) -> tuple[int, ...]:
    """The sections of a final route (none for no route, or one that is not a trail)."""
    if len(trail) < 2:
        return ()
    try:
        return trail_sections(trail)
    except ValueError:
        return ()


def _landmarks(city: City, on_route: int, color: str) -> list[int]:
    return [loc for loc in range(LOCATIONS) if on_route >> loc & 1 and city.landmark[loc] == color]


def build_score_rows(game: EnRouteGame, breakdown: Mapping[str, Any]) -> list[ScoreRow]:
    """One seat's breakdown in the rulebook's scoring order; the rows add up to the total."""
    city = game.city
    trail = list(breakdown.get("final_route") or ())
    sections = _sections(trail)
    on_route = locations_on_route(sections)
    rows = [_route_row(breakdown, trail)]
    for color in SPECIAL_KINDS:
        rows.append(_special_row(city, breakdown, on_route, color))
    rows.append(_yellow_row(city, breakdown, on_route))
    rows.append(_gray_row(city, breakdown, on_route))
    if game.use_cafes or breakdown["cafes"]:
        bonuses = breakdown["cafes"] // CAFE_BONUS_PP
        detail = (
            f"{plural(bonuses, 'bonus', 'bonuses')} × {CAFE_BONUS_PP} PP, on the route or not"
            if bonuses
            else "no Café bonus left unused"
        )
        rows.append(ScoreRow(STEP_LABELS["cafes"], breakdown["cafes"], detail))
    if city.vta_crossroads or breakdown["visit_them_all"]:
        reached = crossroads_on_route(sections)
        count = sum(1 for c in city.vta_crossroads if reached >> c & 1)
        name = city.vta_name or "Visit-Them-All"
        detail = f"{count} of {len(city.vta_crossroads)} {name} points on the route"
        rows.append(ScoreRow(f"Visit-Them-All ({name})", breakdown["visit_them_all"], detail))
    if game.use_objectives or breakdown["personal_objective"]:
        rows.append(_objective_row(city, breakdown, trail))
    if game.use_goals or breakdown["goals"]:
        rows += _goal_rows(game, breakdown)
    return rows


def _route_row(breakdown: Mapping[str, Any], trail: Sequence[int]) -> ScoreRow:
    if len(trail) < 2:
        return ScoreRow("Final route", 0, "no final route: no section was drawn")
    detail = (
        f"{route_words(trail)}, along {plural(breakdown['landmarks'], 'Landmark')}, "
        f"{plural(breakdown['tourists'], 'tourist')} on it"
    )
    return ScoreRow("Final route", 0, detail)


def _special_row(city: City, breakdown: Mapping[str, Any], on_route: int, color: str) -> ScoreRow:
    points = breakdown[color]
    landmarks = _landmarks(city, on_route, color)
    if not landmarks:
        return ScoreRow(STEP_LABELS[color], points, f"no {color} Landmark on the route")
    tourists = points // len(landmarks)
    names = listing([city.landmark_name[loc] or "" for loc in landmarks])
    detail = (
        f"{plural(tourists, color + ' tourist')} × "
        f"{plural(len(landmarks), color + ' Landmark')} ({names})"
    )
    return ScoreRow(STEP_LABELS[color], points, detail)


def _yellow_row(city: City, breakdown: Mapping[str, Any], on_route: int) -> ScoreRow:
    landmarks = _landmarks(city, on_route, "yellow")
    detail = (
        ", ".join(f"{city.landmark_name[loc]} {city.yellow_pp[loc]} PP" for loc in landmarks)
        if landmarks
        else "no Popular (yellow) Landmark on the route"
    )
    return ScoreRow(STEP_LABELS["yellow"], breakdown["yellow"], detail)


def _gray_row(city: City, breakdown: Mapping[str, Any], on_route: int) -> ScoreRow:
    landmarks = _landmarks(city, on_route, "gray")
    names = [city.landmark_name[loc] or "" for loc in landmarks]
    if not names:
        detail = "no Iconic (gray) Landmark on the route"
    elif len(names) == 1:
        detail = f"{names[0]}, {breakdown['gray']} PP at its final rating"
    else:
        detail = f"{listing(names)}, at their final ratings"
    return ScoreRow(STEP_LABELS["gray"], breakdown["gray"], detail)


def _objective_row(city: City, breakdown: Mapping[str, Any], trail: Sequence[int]) -> ScoreRow:
    points = breakdown["personal_objective"]
    crossroads = objective_crossroads(city, breakdown.get("objective") or "")
    if not crossroads:
        return ScoreRow(STEP_LABELS["personal_objective"], points, "no Personal Objective kept")
    on = [c for c in crossroads if c in trail]
    if len(on) < 2:
        where = f"only {crossroads_name(on[0])}" if on else "none of its crossroads"
        return ScoreRow(STEP_LABELS["personal_objective"], points, f"{where} on the route")
    best = (0, on[0], on[1])
    for i, a in enumerate(trail):
        for j in range(i + 1, len(trail)):
            b = trail[j]
            if a in crossroads and b in crossroads and a != b and j - i > best[0]:
                best = (j - i, a, b)
    detail = (
        f"{crossroads_name(best[1])} and {crossroads_name(best[2])} on the route, "
        f"{plural(best[0], 'section')} apart"
    )
    return ScoreRow(STEP_LABELS["personal_objective"], points, detail)


def _goal_rows(game: EnRouteGame, breakdown: Mapping[str, Any]) -> list[ScoreRow]:
    results: Mapping[str, Mapping[str, Any]] = breakdown.get("goal_results") or {}
    rows: list[ScoreRow] = []
    for goal_id, result in results.items():
        goal = goal_by_id(game.city, goal_id)
        if goal is None:
            continue
        value = goal_value(goal, result["value"])
        needed = f"{goal_needed(goal)} {'needed' if goal.sign == '+' else 'allowed'}"
        points = 0 if game.solo else result["pp"]
        if game.solo:
            done = "completed (+)" if result["achieved"] else "not completed"
            detail = f"{done}: {value}, {needed}"
        elif result["achieved"] and result["pp"] == goal.winner:
            detail = f"Goal Winner: {value}"
        elif result["achieved"]:
            detail = f"Goal Achiever: {value}"
        else:
            detail = f"not met: {value}, {needed}"
        rows.append(ScoreRow(f"Goal {goal.id} ({goal_short(goal)})", points, detail))
    missing = breakdown["goals"] - sum(r.points or 0 for r in rows)
    if missing:  # a breakdown without its Goal results: the step as one row
        rows.append(ScoreRow(STEP_LABELS["goals"], missing, "Goal cards met"))
    return rows


# --- the outcome ------------------------------------------------------------------------------


def build_outcome(game: EnRouteGame, result: Result, names: Sequence[str]) -> str:
    """Who won and with how many PP, the team totals, or (solo) whether the Challenge was met."""
    if game.solo:
        return _solo_outcome(game, result)
    if game.team:
        return _team_outcome(result, names)
    winners = list(result.winners)
    if not winners:
        return "The game is over without a winner."
    score = int(result.scores[winners[0]])
    who = listing([names[w] for w in winners])
    tied = [s for s, v in enumerate(result.scores) if v == score and s not in winners]
    if len(winners) > 1:
        return f"{who} share the win with {score} PP: {_tie_stands(result, winners, tied, names)}."
    sentence = f"{who} wins with {score} PP"
    if tied:
        sentence += _tie_break(result, winners[0], tied, names)
    return sentence + "."


TIE_BREAKS = (
    ("route_length", "the longest route", "{} sections"),
    ("tourists", "the most tourists on the route", "{}"),
    ("landmarks", "the most Landmarks on the route", "{}"),
)
"""The rulebook's tie-breaks in order ("End of the Game"): breakdown key, name, count."""


def _tie_break(result: Result, winner: int, tied: Sequence[int], names: Sequence[str]) -> str:
    """`, tied on PP with Bo and ahead on the longest route (18 sections against 15)`: the
    tie-break that decided, after those that were equal."""
    mine = result.breakdown[winner]
    others = listing([names[s] for s in tied])
    equal: list[str] = []
    for key, words, count in TIE_BREAKS:
        best_other = max(result.breakdown[s][key] for s in tied)
        if mine[key] > best_other:
            level = f", then level on {listing(equal)}" if equal else ""
            return (
                f", tied on PP with {others}{level}, and ahead on {words} "
                f"({count.format(mine[key])} against {best_other})"
            )
        equal.append(words)
        tied = [s for s in tied if result.breakdown[s][key] == mine[key]]
    return f", tied on PP with {others}"


def _tie_stands(
    result: Result, winners: Sequence[int], tied: Sequence[int], names: Sequence[str]
) -> str:
    """Why a win is shared: every tie-break is equal too (and who lost on one, if any)."""
    text = "the tie stands after every tie-break (longest route, tourists, Landmarks)"
    if tied:
        text += f"; {listing([names[s] for s in tied])} lost on the tie-breaks"
    return text


def _team_outcome(result: Result, names: Sequence[str]) -> str:
    totals = [sum(int(result.scores[s]) for s in team) for team in TEAMS]
    winners = set(result.winners)
    won = [i for i, team in enumerate(TEAMS) if set(team) <= winners]
    if len(won) != 1:
        return (
            f"The teams share the victory with {totals[0]} PP each: the tie-break, the "
            "smaller difference between teammates, does not separate them."
        )
    team = TEAMS[won[0]]
    a, b = (int(result.scores[s]) for s in team)
    other = totals[1 - won[0]]
    sentence = (
        f"{names[team[0]]} and {names[team[1]]} win as a team with {totals[won[0]]} PP "
        f"({a} + {b}) against {other} PP"
    )
    if totals[won[0]] == other:
        sentence += ", the team with the smaller difference between teammates"
    return sentence + "."


def _solo_outcome(game: EnRouteGame, result: Result) -> str:
    breakdown = result.breakdown[0]
    challenge = breakdown.get("challenge") or {}
    pp = challenge.get("pp", game.challenge[0])
    needed = challenge.get("goals", game.challenge[1])
    done = challenge.get("goals_done", 0)
    met = breakdown.get("challenge_met", bool(result.winners))
    score = int(result.scores[0])
    reached = f"{score} PP"
    wanted = f"{pp} PP"
    if game.use_goals:
        reached += f" and {plural(done, 'Goal')}"
    if needed:
        wanted += f" and {plural(needed, 'Goal')}"
    return f"Challenge {'met' if met else 'not met'}: {reached} (needed {wanted})."
