"""The Let's Go! heuristic bot on the regional map: what its spaces and flags are worth to one
seat, the best Travel action (a discounted path of bonuses and flags), dotted paths worth their
token, and the cheapest step back to pay one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletrip.core import Action
from tabletrip.games.lets_go_france.actions import DottedPath, Travel
from tabletrip.games.lets_go_france.content import ICONS
from tabletrip.games.lets_go_france.moves import goal_spec
from tabletrip.games.lets_go_france.rules import LetsGoState
from tabletrip.games.lets_go_france.scoring import FLIP

ICON_VALUE = 1.0  # an experience icon gained now (about a step of the smoothed track)
ANY_ICON_VALUE = 1.3
RESEARCH_VALUE = 1.5  # a point at the end, or three more cards to choose from
WILD_VALUE = 1.1
ENERGY_VALUE = 1.5  # the energy tracker one space right: a point on a few days
GAMMA = 0.5  # the map: what the spaces after the next are worth, per step
TRAVEL_DEPTH = 3
TAIL = 0.3  # a Travel action's value: its space, and a little of the best space after it
DOTTED_MARGIN = 0.4
STEP_BACK_EXTRA = 0.3  # a step back costs a little more than its smoothed points (thresholds)
GOAL_VALUES = {
    "any_icons": 3.6,
    "wild_tokens": 2.2,
    "research_tokens": 4.5,
    "reward_space": 3.0,
    "one_time_cards": 7.0,
    "lowest_icon_points": 6.0,
    "highest_icon_points": 9.0,
    "moved_token_points": 6.0,
    "highlight_again": 5.0,
    "draw_highlight": 5.0,
    "opponent_highlight": 4.0,
    "longest_icon_run": 8.0,
}


class MapPlan:
    """One decision's view of the regional map for one seat (its estimates cached)."""

    def __init__(self, view: LetsGoState, seat: int, smooth: Sequence[float]) -> None:
        self.view = view
        self.seat = seat
        self.game = view.game
        self.smooth = smooth  # the smoothed experience track (bot_plans.track_tables)
        self._travel: dict[int, float] = {}
        self._goals: list[Any] | None = None

    def goals(self) -> list[Any]:
        """The goal tiles this seat has activated that score later (end of a day)."""
        if self._goals is None:
            view, seat = self.view, self.seat
            found = []
            if view.single_done[seat]:
                found.append(goal_spec(view, view.single_goal))
            if view.double_done[seat]:
                found.append(goal_spec(view, view.double_goal))
            self._goals = [g for g in found if g.timing != "immediately"]
        return self._goals

    def goal_value(self, goal: Any) -> float:
        """What reaching a goal tile's flag is worth, roughly."""
        if goal.effect == "point_tokens":
            return float(goal.count)
        return GOAL_VALUES.get(goal.effect, 3.0)

    def space_value(
        self, space: int, explored: frozenset[int], single: bool, double: bool
    ) -> float:
        """What arriving on a space gives (0 for a dotted circle already explored)."""
        spec = self.game.region.spaces[space]
        if spec.explore_once and space in explored:
            return 0.0
        value = 0.0
        for bonus in spec.bonus:
            kind = bonus.kind
            if kind == "icon":
                value += ICON_VALUE * bonus.amount
            elif kind == "any_icon":
                value += ANY_ICON_VALUE * bonus.amount
            elif kind == "research":
                value += RESEARCH_VALUE * bonus.amount
            elif kind == "wild":
                value += WILD_VALUE * bonus.amount
            elif kind == "points":
                value += bonus.amount
            elif kind == "energy":
                value += ENERGY_VALUE * bonus.amount
        if spec.flag == 1 and not single:
            value += self.goal_value(goal_spec(self.view, self.view.single_goal))
        elif spec.flag == 2 and not double:
            value += self.goal_value(goal_spec(self.view, self.view.double_goal))
        return value

    def _path(
        self,
        here: int,
        depth: int,
        explored: frozenset[int],
        single: bool,
        double: bool,
        weights: Sequence[float],
    ) -> float:
        """The best sum of weighted space values over `depth` more Travel actions."""
        if depth <= 0:
            return 0.0
        game = self.game
        spaces = game.starts if here < 0 else game.solid[here]
        weight = weights[len(weights) - depth]
        best = 0.0
        for space in spaces:
            value = weight * self.space_value(space, explored, single, double)
            spec = game.region.spaces[space]
            more = self._path(
                space,
                depth - 1,
                explored | {space} if spec.explore_once else explored,
                single or spec.flag == 1,
                double or spec.flag == 2,
                weights,
            )
            best = max(best, value + more)
        return best

    def _map_now(self) -> tuple[int, frozenset[int], bool, bool]:
        view, seat = self.view, self.seat
        return (
            view.traveler[seat],
            frozenset(view.explored[seat]),
            view.single_done[seat],
            view.double_done[seat],
        )

    def after_arriving(self, space: int) -> tuple[frozenset[int], bool, bool]:
        _, explored, single, double = self._map_now()
        spec = self.game.region.spaces[space]
        return (
            explored | {space} if spec.explore_once else explored,
            single or spec.flag == 1,
            double or spec.flag == 2,
        )

    def travel_value(self, actions: int) -> float:
        """What `actions` immediate Travel actions are worth (a little of the next one too)."""
        if actions not in self._travel:
            here, explored, single, double = self._map_now()
            weights = [1.0] * actions + [TAIL]
            self._travel[actions] = self._path(here, actions + 1, explored, single, double, weights)
        return self._travel[actions]

    def travel_move(self) -> Action:
        here, explored, single, double = self._map_now()
        game = self.game
        spaces = game.starts if here < 0 else game.solid[here]
        weights = [GAMMA**k for k in range(1, TRAVEL_DEPTH)]

        def value(space: int) -> tuple[float, int]:
            now = self.space_value(space, explored, single, double)
            rest = self._path(space, TRAVEL_DEPTH - 1, *self.after_arriving(space), weights)
            return (now + rest, -space)

        if not spaces:
            return game.skip_travel
        best = max(spaces, key=value)
        return Travel(game.region.spaces[best].id)

    def dotted_move(self) -> Action | None:
        """Pay a dotted path when its space is worth more than the token."""
        view, seat = self.view, self.seat
        here, explored, single, double = self._map_now()
        if here < 0:
            return None
        trip = view.trips[seat]
        weights = [GAMMA**k for k in range(1, TRAVEL_DEPTH)]
        stay = self._path(here, TRAVEL_DEPTH - 1, explored, single, double, weights)
        best, choice = DOTTED_MARGIN, None
        for there, cost in self.game.dotted[here]:
            if cost == "experience":
                loss, icon = self.cheapest_step_back()
                if icon < 0:
                    continue
                price = loss + STEP_BACK_EXTRA
            else:
                held = trip.research if cost == "research" else trip.wild
                if held <= 0:
                    continue
                price = RESEARCH_VALUE if cost == "research" else WILD_VALUE
            gain = self.space_value(there, explored, single, double)
            rest = self._path(there, TRAVEL_DEPTH - 1, *self.after_arriving(there), weights)
            value = gain + rest - stay - price
            if value > best:
                best, choice = value, there
        return None if choice is None else DottedPath(self.game.region.spaces[choice].id)

    def cheapest_step_back(self) -> tuple[float, int]:
        """The token whose step back loses the least on the smoothed track: (loss, icon);
        icon -1 when no token can move back."""
        trip = self.view.trips[self.seat]
        smooth, top = self.smooth, 2 * FLIP
        best = (0.0, -1)
        for icon in range(len(ICONS)):
            if trip.can_step_back(icon):
                s = min(trip.steps[icon], top)
                loss = (smooth[s] - smooth[s - 1], icon)
                if best[1] < 0 or loss < best:
                    best = loss
        return best
