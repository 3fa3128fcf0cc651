"""Let's Go! To France final scores ("Final Score") and the solo travel agent's trip.

A player's score: the six days' points and energy points, the experience track, 2 points per
Favourable Condition token flipped and moved to a reward row, point tokens (reward rows,
goals), and 1 point per Research token left. Ties: the most spaces moved on the experience
track, then a shared victory. Solo: you win with more points than the travel agent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletrip.core import JsonDict, Result
from tabletrip.games.lets_go_france.content import DAYS
from tabletrip.games.lets_go_france.scoring import Trip, day_highlight, experience_points

if TYPE_CHECKING:
    from tabletrip.games.lets_go_france.rules import LetsGoState

FAVOURABLE_POINTS = 2
AGENT_TRAVEL_POINTS = 2


def seat_breakdown(state: LetsGoState, seat: int) -> JsonDict:
    """Every scoring step of one player."""
    trip = state.trips[seat]
    steps: JsonDict = {
        "days": sum(trip.day_points),
        "energy": sum(trip.day_energy_points),
        "experience": trip.experience_total(),
        "favourable_conditions": FAVOURABLE_POINTS * trip.favourable_scored,
        "tokens_and_goals": state.points[seat],
        "research_tokens": trip.research,
    }
    total = sum(steps.values())
    return {
        **steps,
        "day_points": list(trip.day_points),
        "day_energy_points": list(trip.day_energy_points),
        "experience_moved": sum(trip.steps),
        "total": total,
    }


def final_result(state: LetsGoState) -> Result:
    """Scores, winners after the tie-break, and each player's breakdown."""
    players = state.game.players
    breakdown = [seat_breakdown(state, s) for s in range(players)]
    scores = tuple(b["total"] for b in breakdown)
    if players == 1:
        agent = agent_breakdown(state)
        breakdown[0]["travel_agent"] = agent
        winners: tuple[int, ...] = (0,) if scores[0] > agent["total"] else ()
        return Result(scores, winners, tuple(breakdown))
    top = max(scores)
    best = [s for s in range(players) if scores[s] == top]
    most = max(breakdown[s]["experience_moved"] for s in best)
    winners = tuple(s for s in best if breakdown[s]["experience_moved"] == most)
    return Result(scores, winners, tuple(breakdown))


def agent_choice(trip: Trip, candidates: Sequence[int]) -> int:
    """The solo player's choice for the agent: the token whose step scores the agent least."""

    def gain(icon: int) -> tuple[int, int]:
        now = trip.steps[icon]
        return (
            experience_points(now + 1, trip.thresholds) - experience_points(now, trip.thresholds),
            icon,
        )

    return min(candidates, key=gain)


def agent_trip(state: LetsGoState) -> None:
    """Solo Scoring: the agent's week as normal, each Highlight activated and scored twice,
    its Wild tokens moving its farthest token instead."""
    agent = state.game.players
    trip = state.trips[agent]

    def choose(reason: str, candidates: Sequence[int]) -> int:
        return agent_choice(trip, list(candidates))

    for day in range(len(DAYS)):
        cards = state.placed(agent, day)
        trip.resolve_day(cards, choose)
        _wilds_to_farthest(trip)
        highlight = day_highlight(cards)
        if highlight is not None:  # the second activation: gains and points, no time
            trip.gain_highlight(highlight, choose)
            _wilds_to_farthest(trip)
            trip.day_points[-1] += trip.highlight_points(highlight)
        elif cards:
            trip.day_points[-1] += 5


def _wilds_to_farthest(trip: Trip) -> None:
    while trip.wild:
        trip.wild -= 1
        top = max(trip.steps)
        trip.gain_icon(agent_choice(trip, [i for i, s in enumerate(trip.steps) if s == top]))


def agent_breakdown(state: LetsGoState) -> JsonDict:
    """The travel agent's score: its week as normal (Research tokens left included), 2 per
    flipped Favourable Condition, 2 per Travel icon in its itinerary, and in Advanced Traveler
    mode its lowest icon times its highest."""
    agent = state.game.players
    trip = state.trips[agent]
    travel_icons = sum(
        {"travel": 1, "travel2": 2}.get(state.game.activities[card].bonus, 0)
        for column in state.days[agent]
        for card, _ in column
    )
    steps: JsonDict = {
        "days": sum(trip.day_points),
        "energy": sum(trip.day_energy_points),
        "experience": trip.experience_total(),
        "favourable_conditions": FAVOURABLE_POINTS * sum(state.flipped[agent]),
        "travel_icons": AGENT_TRAVEL_POINTS * travel_icons,
        "research_tokens": trip.research,
        "advanced_traveler": (
            min(trip.steps) * max(trip.steps) if state.game.options["advanced_traveler"] else 0
        ),
    }
    return {**steps, "total": sum(steps.values())}
