"""The generic ISMCTS bot finds the best move in small hand-built En Route positions.

Positions are built as in the rule tests (`en_route_situations`): a game is made, plain state
fields are set (round, hands, maps) and actions applied through the contract. They sit at the
very end of the game, so playouts are a few moves long. Most searches use random rollouts: the
heuristic bot plays no part, so the search itself has to find the move. What each move is worth
comes from the game's own scoring: every legal choice is played to the end on a copy and
`state.result` read, never a hard-coded answer. Crossroads are `y * 7 + x` (`trail`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import pairwise

import pytest

import tabletrip.bots
from en_route_situations import at_final, finish, give, new_state, snapshot, trail
from tabletrip.bots.ismcts import IsmctsBot, SearchReport
from tabletrip.core import Action, Result
from tabletrip.games.en_route.actions import (
    Chart,
    FinalRoute,
    KeepCard,
    Mark,
    PlayCard,
    PlayHidden,
)
from tabletrip.games.en_route.geometry import (
    location_index,
    section_between,
    sections_mask,
    vertical_section,
)
from tabletrip.games.en_route.phases import CHART, DRAW, FINAL, FIRST, PLACE
from tabletrip.games.en_route.rules import EnRouteState

SEEDS = range(5)


def ismcts(seed: int, iterations: int, rollout: str = "random") -> IsmctsBot:
    bot = tabletrip.bots.make(
        "ismcts", game="en-route", seed=seed, iterations=iterations, rollout=rollout
    )
    assert isinstance(bot, IsmctsBot)
    return bot


def road(*points: tuple[int, int]) -> list[int]:
    """The sections along a path of crossroads (x, y), each next to the one before."""
    sections = [section_between(a, b) for a, b in pairwise(trail(*points))]
    assert None not in sections
    return [s for s in sections if s is not None]


def mark(
    state: EnRouteState, seat: int, tourists: dict[tuple[int, int], tuple[int, int, int]]
) -> None:
    """Tourists (red, green, blue) marked earlier in locations (col, row), now occupied."""
    sheet = state.sheets[seat]
    for (col, row), counts in tourists.items():
        sheet.add_tourists(location_index(col, row), counts)
        sheet.occupied |= 1 << location_index(col, row)


def played_out(state: EnRouteState, action: Action) -> Result:
    """The game's result after `action`, the rest played with the first legal action (the seat
    still drawing charts its first segment; every final route is the best one offered)."""
    copy = state.clone()
    assert isinstance(copy, EnRouteState)
    copy.apply(action)
    while copy.phase != FINAL:
        copy.apply(copy.legal_actions()[0])
    finish(copy, {})
    assert copy.result is not None
    return copy.result


def check_report(state: EnRouteState, report: SearchReport) -> None:
    """Every root candidate is legal in `state`, listed once; the visits add up."""
    legal = state.legal_actions()
    actions = [c.action for c in report.candidates]
    assert len(set(actions)) == len(actions)
    for candidate in report.candidates:
        assert candidate.action in legal, candidate.action
        assert state.illegal_reason(candidate.action) is None
        assert candidate.visits > 0
    assert sum(c.visits for c in report.candidates) == report.iterations
    assert sum(c.share for c in report.candidates) == pytest.approx(1.0)


# --- positions ------------------------------------------------------------------------------


def final_choice() -> EnRouteState:
    """The end of a simplified game, seat 0 to choose its final route.

    Seat 0 drew a Y: a stem from (0,3) to the junction (3,3), an east branch to (6,3) past the
    Roundabout Stadium (red) and the Singing Bridge (yellow 6), a south branch to (3,6) past
    the Sandcastle Beach (red) and the Floating Tea House (yellow 6); the Inkwell Gallery
    (blue, c4r4) with 3 blue tourists sits in the junction's corner. A route keeps at most two
    of the three arms. Seat 1 drew one section, past the Tea House and the Tele-Vision Tower at
    its top rating: 6 + 12 = 18 PP, so only seat 0's best route (21 PP) wins.
    """
    state = new_state(2, seed=0, level="simplified")
    at_final(state)
    state.sheets[0].sections = sections_mask(
        road((0, 3), (1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3))
        + road((3, 3), (3, 4), (3, 5), (3, 6))
    )
    mark(state, 0, {(3, 3): (0, 0, 3), (2, 4): (2, 0, 0), (4, 2): (1, 0, 0)})
    state.sheets[1].sections = sections_mask([vertical_section(4, 5)])
    tower = state.game.city.iconic_ids.index("tower")
    state.marks[tower] = 4
    return state


def final_choice_with_goals() -> EnRouteState:
    """The same Y at the end of a full game, without the red tourist by the Stadium and with
    a blue one at c1r4, by the stem's first section; Goals A3 (3 Cafés), B1 (8 red tourists)
    and C1 (Landmarks of 4 colours: Winner 7 PP). Seat 0's best route by steps 1-8 runs
    east and south (3 colours, 19 PP); the whole stem and the south arm pass Landmarks of all
    5 colours: 16 + 7 = 23 PP. Nobody can meet A3 or B1, seat 1 not C1.
    """
    state = new_state(2, seed=0, level="full")
    at_final(state)
    state.sheets[0].sections = sections_mask(
        road((0, 3), (1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3))
        + road((3, 3), (3, 4), (3, 5), (3, 6))
    )
    mark(state, 0, {(3, 3): (0, 0, 3), (2, 4): (2, 0, 0), (0, 3): (0, 0, 1)})
    state.sheets[1].sections = sections_mask([vertical_section(4, 5)])
    goals = [goal.id for goal in state.game.city.goals]
    state.goals = [goals.index("A3"), goals.index("B1"), goals.index("C1")]
    tower = state.game.city.iconic_ids.index("tower")
    state.marks[tower] = 4
    return state


def last_round() -> EnRouteState:
    """The last round of a simplified game played clockwise: seat 1 (active) to play a card.

    Seat 0 (board 1) has a closed loop around the Inkwell Gallery (blue, c4r4) and a tail to
    the Echo Theatre (blue, c6r5): two blue Landmarks, no red one. Seat 1 has nothing drawn.
    """
    state = new_state(2, seed=3, level="simplified", clockwise=True)
    assert state.phase == FIRST and state.sheets[0].board == 1
    state.round = state.game.city.rounds
    state.active = state.seat = 1
    give(state, 0, ["repeat-1", "global-01", "global-04"])
    give(state, 1, ["global-18", "global-13", "global-15"])
    state.sheets[0].sections = sections_mask(
        road((3, 3), (4, 3), (4, 4), (3, 4), (3, 3)) + road((4, 4), (5, 4), (5, 5))
    )
    mark(state, 0, {(4, 4): (0, 0, 2), (3, 4): (1, 0, 1), (4, 3): (0, 0, 1), (0, 5): (2, 0, 0)})
    state.shown = [sheet.copy() for sheet in state.sheets]
    return state


def last_placement() -> EnRouteState:
    """The last round, seat 0 to mark its tourists (`last_round` after the Round cards).

    The Round cards (G18: 1 red and 2 blue, on 6; a Repeat on 1: 2 more of one type) match the
    Gallery itself and c1r1, a far corner no segment of this round can join to the loop. So:
    the Gallery, with the two repeated tourists blue. Seat 1 drew first, in the open, and has
    a single section scoring nothing, so seat 0 wins whatever it does and only its PP matter.
    """
    state = last_round()
    for action in (
        PlayCard("global-18"),
        PlayHidden("repeat-1"),
        PlayHidden("global-01"),
        KeepCard("repeat-1"),
    ):
        state.apply(action)
    assert state.phase == DRAW and state.seat == 1
    state.apply(state.legal_actions()[0])  # seat 1 marks, then one section on the outer ring
    state.apply(Chart((vertical_section(6, 0),)))
    assert state.phase == DRAW and state.stage == PLACE and state.seat == 0
    return state


GALLERY_BLUE = Mark(location_index(3, 3), "blue")


@cache
def best_after_marking() -> dict[Action, int]:
    """Seat 0's PP after each legal Mark, with its best segment and its best final route."""
    state = last_placement()
    best: dict[Action, int] = {}
    for action in state.legal_actions():
        marked = state.clone()
        marked.apply(action)
        best[action] = max(played_out(marked, chart).scores[0] for chart in marked.legal_actions())
    return best


# --- tests ----------------------------------------------------------------------------------


def chosen_final_route(state: EnRouteState) -> tuple[Action, dict[Action, Result]]:
    """The route scoring the most of the five listed (checked to be one), once the bot is
    shown to choose it with every seed; each route's result played out by the game."""
    legal = state.legal_actions()
    assert len(legal) == 5 and all(isinstance(a, FinalRoute) for a in legal)
    results = {action: played_out(state, action) for action in legal}
    scores = {action: result.scores[0] for action, result in results.items()}
    best = max(legal, key=lambda action: scores[action])
    assert all(scores[a] < scores[best] for a in legal if a != best)
    before = snapshot(state)
    for seed in SEEDS:
        bot = ismcts(seed, iterations=80)
        assert bot.act(state) == best, seed
        report = bot.last_report
        assert report is not None and report.candidates[0].action == best
        assert len(report.candidates) == len(legal)  # every route was tried
        for candidate in report.candidates:  # seat 1's route is forced: playouts are exact
            result = results[candidate.action]
            assert candidate.expected_score == result.scores[0]
            assert candidate.win_rate == (1.0 if result.winners == (0,) else 0.0)
    assert snapshot(state) == before
    return best, results


def test_the_bot_chooses_the_only_final_route_that_wins() -> None:
    best, results = chosen_final_route(final_choice())
    assert [action for action, r in results.items() if r.winners == (0,)] == [best]


def test_the_bot_chooses_the_final_route_a_goal_makes_best() -> None:
    """The route a Goal makes best is the one the search settles on; the list ranks the
    Goals too (RULES_NOTES, The final route), so it comes first there as well, ahead of the
    best route by steps 1-8 alone."""
    state = final_choice_with_goals()
    best, results = chosen_final_route(state)
    assert best == state.legal_actions()[0]
    by_steps = max(state.legal_actions(), key=lambda a: results[a].scores[0] - goals(results[a]))
    assert by_steps != best
    assert results[best].breakdown[0]["goals"] == 7


def goals(result: Result) -> int:
    """Seat 0's Goal PP."""
    return result.breakdown[0]["goals"]


@pytest.mark.parametrize(
    ("rollout", "seeds"), [("random", SEEDS), ("heuristic", range(2))], ids=["random", "heuristic"]
)
def test_the_last_placement_puts_the_tourists_on_the_route_past_their_landmarks(
    rollout: str, seeds: range
) -> None:
    state = last_placement()
    legal = state.legal_actions()
    best = best_after_marking()
    assert set(legal) == set(best) and len(legal) == 4
    assert all(best[action] < best[GALLERY_BLUE] for action in legal if action != GALLERY_BLUE)
    for seed in seeds:
        bot = ismcts(seed, iterations=100, rollout=rollout)
        assert bot.act(state) == GALLERY_BLUE, seed
        report = bot.last_report
        assert report is not None and report.candidates[0].action == GALLERY_BLUE
        assert len(report.candidates) == len(legal)
        check_report(state, report)
        most = max(report.candidates, key=lambda c: c.expected_score)
        assert most.action == GALLERY_BLUE


def test_the_same_seed_and_budget_give_the_same_action_and_report() -> None:
    state = last_placement()
    before = snapshot(state)
    runs = []
    for _ in range(2):
        bot = ismcts(seed=11, iterations=80)
        action = bot.act(state)
        report = bot.last_report
        assert report is not None
        runs.append((action, report.candidates, report.iterations))
    assert runs[0] == runs[1]
    again = ismcts(seed=11, iterations=80)
    searched = again.search(state.determinize(0, again.rng), 0)
    assert (searched.candidates, searched.iterations) == runs[0][1:]
    assert snapshot(state) == before
    other = ismcts(seed=12, iterations=80)
    other.act(state)
    assert other.last_report is not None and other.last_report.candidates != runs[0][1]


def charting() -> EnRouteState:
    """The last placement after marking the far corner c1r1: seat 0 to chart (90 choices)."""
    state = last_placement()
    state.apply(Mark(location_index(0, 0), "blue"))
    assert state.stage == CHART
    return state


def first_card() -> EnRouteState:
    """The last round's first card, seat 1 active: 3 cards to play or 7 ways to renew them."""
    return last_round()


@pytest.mark.parametrize("position", [charting, first_card], ids=["chart", "first-card"])
def test_every_root_candidate_is_legal_in_the_position(
    position: Callable[[], EnRouteState],
) -> None:
    state = position()
    seat = state.current_player
    assert len(state.legal_actions()) >= 10
    for seed, rollout in ((0, "random"), (1, "heuristic")):
        bot = ismcts(seed, iterations=64, rollout=rollout)
        report = bot.search(state.determinize(seat, bot.rng), seat)
        assert len(report.candidates) > 1
        check_report(state, report)
