"""What the Let's Go! heuristic bot estimates with: day plans of columns, the experience track
smoothed between its thresholds, the icon a choice moves, and Wild tokens spent at the end.

Pure functions and small caches of the content (a deck's day plans, a board's track tables),
shared by every decision, playout and game with the same content.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from tabletrip.games.lets_go_france.content import ICONS, Activity
from tabletrip.games.lets_go_france.scoring import (
    FLIP,
    DayPlan,
    PlacedCard,
    Trip,
    experience_points,
)

EXPLORE = PlacedCard(None)
EXPLORE_ID = -1  # Explore the City in a column key
PLAN_CACHE_SIZE = 5_000  # day plans kept per deck before the cache starts again
ColumnKey = tuple[int, ...]  # a column's cards, top first, by card id (EXPLORE_ID: face down)


class DeckPlans:
    """A deck's cards as PlacedCards, and the day plans of columns by key, cached: the same
    columns come back turn after turn, in every playout and every game with the deck."""

    def __init__(self, activities: Sequence[Activity]) -> None:
        self.placed = [PlacedCard(a) for a in activities]
        self._plans: dict[ColumnKey, DayPlan] = {}

    def plan(self, key: ColumnKey) -> DayPlan:
        """The DayPlan of the column `key`."""
        plan = self._plans.get(key)
        if plan is None:
            if len(self._plans) >= PLAN_CACHE_SIZE:
                self._plans.clear()
            placed = self.placed
            plan = DayPlan.of([EXPLORE if c == EXPLORE_ID else placed[c] for c in key])
            self._plans[key] = plan
        return plan


_decks_by_id: dict[int, tuple[Sequence[Activity], DeckPlans]] = {}
_decks: dict[tuple[Activity, ...], DeckPlans] = {}


def deck_plans(activities: Sequence[Activity]) -> DeckPlans:
    """The DeckPlans of a deck: one per content (every game makes its own deck tuple), found
    by the deck object first (which the cache keeps alive, so its id is not reused)."""
    hit = _decks_by_id.get(id(activities))
    if hit is not None and hit[0] is activities:
        return hit[1]
    content = tuple(activities)
    plans = _decks.get(content)
    if plans is None:
        if len(_decks) >= 4:
            _decks.clear()
        plans = _decks[content] = DeckPlans(content)
    if len(_decks_by_id) >= 32:
        _decks_by_id.clear()
    _decks_by_id[id(activities)] = (activities, plans)
    return plans


def column_key(column: Sequence[tuple[int, bool]]) -> ColumnKey:
    """A column of an itinerary ((card, explore) pairs) as a key."""
    return tuple(EXPLORE_ID if explore else card for card, explore in column)


# --- the experience track -----------------------------------------------------------------


def smooth_points(steps: int, thresholds: Any) -> float:
    """Experience points drawn straight between the thresholds (0 at 0, flipping at 10): what a
    step is worth on average while more icons are still to come."""
    marks = [(0, 0), *sorted(thresholds.items())]
    lap = min(steps, 2 * FLIP)
    base = 0.0
    if lap >= FLIP:
        base, lap = thresholds[FLIP], lap - FLIP
    for (a, pa), (b, pb) in pairwise(marks):
        if lap <= b:
            return base + pa + (pb - pa) * (lap - a) / (b - a)
    return base + thresholds[FLIP]  # pragma: no cover - lap <= FLIP always


_track_cache: dict[int, tuple[Any, list[float], list[int]]] = {}


def track_tables(thresholds: Any) -> tuple[list[float], list[int]]:
    """`smooth_points` for 0 to 2 * FLIP steps, and `to_next_threshold` for 0 to 2 * FLIP - 1
    steps (cached per board, which the cache keeps alive)."""
    hit = _track_cache.get(id(thresholds))
    if hit is not None and hit[0] is thresholds:
        return hit[1], hit[2]
    smooth = [smooth_points(s, thresholds) for s in range(2 * FLIP + 1)]
    gaps = [to_next_threshold(s, thresholds) for s in range(2 * FLIP)]
    if len(_track_cache) > 32:
        _track_cache.clear()
    _track_cache[id(thresholds)] = (thresholds, smooth, gaps)
    return smooth, gaps


def to_next_threshold(steps: int, thresholds: Any) -> int:
    """Steps a token still needs to reach its next scoring space (large when it has none)."""
    if steps >= 2 * FLIP:
        return 99
    place = steps - FLIP if steps >= FLIP else steps
    return min(t for t in thresholds if t > place) - place


def pick_icon(steps: Sequence[int], candidates: Sequence[int], thresholds: Any) -> int:
    """The icon nearest its next threshold (the farther token on a tie)."""
    return min(candidates, key=lambda i: (to_next_threshold(steps[i], thresholds), -steps[i], i))


def icon_chooser(trip: Trip, gaps: Sequence[int]) -> Any:
    """A Chooser for `trip` picking as `pick_icon` does, `gaps` being the track's
    `to_next_threshold` table (`track_tables`)."""
    top = len(gaps)

    def choose(reason: str, candidates: Sequence[int]) -> int:
        steps = trip.steps

        def nearest(i: int) -> tuple[int, int, int]:
            s = steps[i]
            return (gaps[s] if s < top else 99, -s, i)

        return min(candidates, key=nearest)

    return choose


def best_wild_spend(steps: Sequence[int], wild: int, thresholds: Any) -> list[int]:
    """Final steps after spending `wild` Wild tokens where they add the most points."""
    if wild <= 0:
        return list(steps)
    best: dict[int, tuple[int, list[int]]] = {0: (0, [])}  # tokens spent -> (points, per icon)
    for s in steps:
        gains = [experience_points(s + k, thresholds) for k in range(wild + 1)]
        nxt: dict[int, tuple[int, list[int]]] = {}
        for used, (pts, alloc) in best.items():
            for k in range(wild - used + 1):
                total = pts + gains[k]
                if used + k not in nxt or nxt[used + k][0] < total:
                    nxt[used + k] = (total, [*alloc, k])
        best = nxt
    alloc = max(best.values(), key=lambda v: v[0])[1]
    return [s + k for s, k in zip(steps, alloc, strict=True)]


def longest_run(columns: Sequence[Sequence[PlacedCard]]) -> int:
    """The longest run of consecutive cards (Monday's top to Saturday's bottom) sharing an
    icon at the top (Sud-Ouest's goal)."""
    best = 0
    for icon in range(len(ICONS)):
        run = 0
        for column in columns:
            for card in column:
                run = run + 1 if icon in card.icons else 0
                best = max(best, run)
    return best
