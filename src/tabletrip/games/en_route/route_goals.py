"""What the Goals (scoring step 9) add to a final route, for ranking the listed candidates.

A Goal's PP depend on the other players' results, and when a seat chooses its final route the
others' routes are secret (or not chosen yet); their maps are known (revealed at the end of
round 10). So a route is given, for each Goal it meets, the PP it surely earns: the Goal Winner
PP when no other seat's map can reach a better result (a tie is a win too), else the Goal
Achiever PP. What another map can reach is bounded by each of its road networks taken whole
(every result only improves as a route takes in more sections). Team mode counts teammates
like anyone else. Solo: Goals score no PP but count for the Challenge cell, so the Goals it
still needs come first (`SOLO_WEIGHT` per Goal, up to the number needed), then the PP; a route
that meets the cell is thus ranked first when one exists.

`RouteGoals.worth(locations, length)` gives, for a route by its location mask and length,
(rank, pp): what the ranking adds to steps 1-8 and the Goal PP it counts. Both only grow as a
route takes in more sections, so `route_search` may bound them by everything still reachable.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from tabletrip.core.bits import bit_indices
from tabletrip.games.en_route.content import City, Goal
from tabletrip.games.en_route.geometry import (
    CROSSROADS_SIZE,
    LOCATIONS,
    MAP_SIZE,
    SECTION_ENDS,
    locations_on_route,
    mask_indices,
)
from tabletrip.games.en_route.scoring import TOURIST_TYPES
from tabletrip.games.en_route.sheet import Sheet

SOLO_WEIGHT = 1 << 12  # more PP than any route scores: a Goal still needed counts first
_LENGTH_KINDS = frozenset({"route_sections", "sections_erased"})
_FIXED_KINDS = frozenset({"cafes_visited"})  # the same for every route
_COLORS = ("red", "green", "blue", "yellow", "gray")

Tourists = tuple[tuple[int, int, int], ...]
# `RouteGoals.scale` by (Goal, rivals' best, solo_needed, most): a few per game, recurring.
_SCALES: dict[tuple[Goal, int | None, int, int], tuple[int, ...]] = {}
_SCALES_KEPT = 4096


@dataclass(frozen=True, slots=True)
class MapFacts:
    """One seat's map as the Goals read it: drawn sections (a mask), tourists per location,
    Cafés circled."""

    sections: int
    tourists: Tourists
    cafes_visited: int

    @classmethod
    def from_sheet(cls, sheet: Sheet) -> MapFacts:
        """From a map as the state keeps it."""
        flat = sheet.tourists  # (red, green, blue) by location, one after another
        tourists = tuple(zip(flat[0::3], flat[1::3], flat[2::3], strict=True))
        return cls(sheet.sections, tourists, sheet.cafes_gained.bit_count())

    @classmethod
    def from_observation(cls, sheet: Mapping[str, object]) -> MapFacts:
        """From a map as an observation shows it (`views.sheet_json`)."""
        counts = [(0, 0, 0)] * LOCATIONS
        tourists = sheet["tourists"]
        assert isinstance(tourists, Mapping)
        for loc, count in tourists.items():
            counts[int(loc)] = (count[0], count[1], count[2])
        sections = sheet["sections"]
        cafes = sheet["cafes_gained"]
        assert isinstance(sections, Iterable) and isinstance(cafes, Sequence)
        return cls(sum(1 << s for s in sections), tuple(counts), len(cafes))


def _networks(sections: int) -> list[tuple[int, int]]:
    """Each road network (connected drawn sections) of a map: (location mask, sections)."""
    parent = list(range(49))

    def root(c: int) -> int:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    drawn = mask_indices(sections)
    for s in drawn:
        a, b = SECTION_ENDS[s]
        parent[root(a)] = root(b)
    groups: dict[int, list[int]] = {}
    for s in drawn:
        groups.setdefault(root(SECTION_ENDS[s][0]), []).append(s)
    return [(locations_on_route(group), len(group)) for group in groups.values()]


def rival_results(
    goals: Sequence[Goal], others: Sequence[MapFacts], landmarks: tuple[str | None, ...]
) -> tuple[int | None, ...]:
    """Per Goal, the best result any of the other maps can reach (None: no other seat)."""
    if not others:
        return (None,) * len(goals)
    best: list[int | None] = [None] * len(goals)
    for facts in others:
        measure = Measure(facts, landmarks)
        routes = _networks(facts.sections) or [(0, 0)]  # nothing drawn: no route at all
        for i, goal in enumerate(goals):
            for locs, length in routes:
                value = measure.value(goal, locs, length)
                old = best[i]
                if old is None or (value > old if goal.sign == "+" else value < old):
                    best[i] = value
    return tuple(best)


@dataclass(frozen=True, slots=True)
class GoalTerms:
    """The Goals in play, the best result the others can reach for each, and (solo) how many
    Goals the Challenge cell needs (-1: not solo). Hashable: a cache key."""

    goals: tuple[Goal, ...]
    rivals: tuple[int | None, ...]
    solo_needed: int = -1

    def level(self, index: int, value: int) -> int:
        """0: the Goal is not met; 1: met (Achiever PP); 2: surely its Winner."""
        goal = self.goals[index]
        if not goal.achieved(value):
            return 0
        rival = self.rivals[index]
        if rival is None or (value >= rival if goal.sign == "+" else value <= rival):
            return 2
        return 1

    def pp(self, index: int, level: int) -> int:
        """The PP a level of Goal `index` counts (none in solo)."""
        goal = self.goals[index]
        if self.solo_needed >= 0 or not level:
            return 0
        return goal.winner if level == 2 else goal.achiever


class Measure:
    """The Goals' results for the routes of one map, from bit masks (as `goals.requirement`,
    which takes a whole list per call: this is the fast form for searches)."""

    def __init__(self, facts: MapFacts, landmarks: tuple[str | None, ...]) -> None:
        self.facts = facts
        tourists = facts.tourists
        self.peopled = sum(1 << loc for loc in range(LOCATIONS) if any(tourists[loc]))
        self.everyone = sum(map(sum, tourists))
        self.colors = _colors(landmarks)

    def tourists_on(self, locs: int, kind: int | None) -> int:
        """Tourists of a type (None: all) in these locations."""
        tourists = self.facts.tourists
        rest = locs & self.peopled
        total = 0
        for location in bit_indices(rest):
            counts = tourists[location]
            total += sum(counts) if kind is None else counts[kind]
        return total

    def value(self, goal: Goal, locs: int, length: int) -> int:
        """A Goal's result for a route with these locations (a mask) and sections."""
        kind = goal.kind
        if kind == "route_sections":
            return length
        if kind == "sections_erased":
            return self.facts.sections.bit_count() - length
        if kind == "cafes_visited":
            return self.facts.cafes_visited
        if kind == "tourists_of_type":
            return self.tourists_on(locs, TOURIST_TYPES.index(goal.param or ""))
        if kind == "locations_with_tourists":
            return (locs & self.peopled).bit_count()
        if kind == "tourists_left_off":
            return self.everyone - self.tourists_on(locs, None)
        if kind == "landmarks_of_color":
            return (locs & self.colors.get(goal.param or "", 0)).bit_count()
        if kind == "landmark_colors":
            return sum(1 for mask in self.colors.values() if locs & mask)
        raise ValueError(f"unknown Goal requirement kind {kind!r}")


@lru_cache(maxsize=16)
def _colors(landmarks: tuple[str | None, ...]) -> dict[str, int]:
    """The location mask of each Landmark colour (a city's: remembered; read only)."""
    return {
        color: sum(1 << loc for loc in range(LOCATIONS) if landmarks[loc] == color)
        for color in _COLORS
    }


class RouteGoals:
    """The Goals' worth for the routes of one seat's map, remembered by locations."""

    def __init__(self, terms: GoalTerms, own: MapFacts, landmarks: tuple[str | None, ...]) -> None:
        self.terms = terms
        self.measure = Measure(own, landmarks)
        goals = terms.goals
        # Goals measured on the route's locations; the others (its length, the Cafés) by length.
        self.located_goals = [
            i for i, g in enumerate(goals) if g.kind not in _LENGTH_KINDS | _FIXED_KINDS
        ]
        others = [i for i in range(len(goals)) if i not in self.located_goals]
        self.lengths: list[tuple[int, int]] = []  # per length, up to all drawn: (PP, met)
        for length in range(own.sections.bit_count() + 1):
            levels = [terms.level(i, self.measure.value(goals[i], 0, length)) for i in others]
            pp = sum(terms.pp(i, lv) for i, lv in zip(others, levels, strict=True))
            self.lengths.append((pp, sum(1 for lv in levels if lv)))
        self.memo: dict[int, tuple[int, int]] = {}

    def scale(self, index: int) -> tuple[int, ...]:
        """PP of a Goal measured on locations, by its result (0 up to the most possible;
        remembered by what it depends on: the Goal, the rivals' best, solo, the most)."""
        terms = self.terms
        top = max(self.measure.everyone, LOCATIONS)
        key = (terms.goals[index], terms.rivals[index], terms.solo_needed, top)
        found = _SCALES.get(key)
        if found is None:
            if len(_SCALES) > _SCALES_KEPT:
                _SCALES.clear()
            found = tuple(terms.pp(index, terms.level(index, v)) for v in range(top + 1))
            _SCALES[key] = found
        return found

    def located(self, locs: int) -> tuple[int, int]:
        """(PP, Goals met) of the Goals measured on the locations of the route."""
        found = self.memo.get(locs)
        if found is None:
            terms = self.terms
            pp = met = 0
            for i in self.located_goals:
                level = terms.level(i, self.measure.value(terms.goals[i], locs, 0))
                pp += terms.pp(i, level)
                met += level > 0
            found = self.memo[locs] = (pp, met)
        return found

    def rank(self, locs: int, length: int) -> int:
        """What a route with these locations and sections adds to the ranking: its Goal PP,
        or (solo) `SOLO_WEIGHT` for each Goal met, up to the number the cell needs."""
        pp, met = self.located(locs)
        more_pp, more_met = self.lengths[min(length, len(self.lengths) - 1)]
        needed = self.terms.solo_needed
        return SOLO_WEIGHT * min(met + more_met, needed) if needed >= 0 else pp + more_pp

    def pp(self, locs: int, length: int) -> int:
        """The Goal PP a route with these locations and sections counts (none in solo)."""
        pp, _ = self.located(locs)
        return pp + self.lengths[min(length, len(self.lengths) - 1)][0]


# What a Goal measured on locations counts, in `CornerGoals.located_pp` (0-2: a tourist type).
_LEFT_OFF, _COUNTED, _COLOURS = 3, 4, 5
_GOAL_CODES = {
    "tourists_of_type": 0,
    "tourists_left_off": _LEFT_OFF,
    "locations_with_tourists": _COUNTED,
    "landmarks_of_color": _COUNTED,
    "landmark_colors": _COLOURS,
}


def _corner(locs: int) -> int:
    """A location mask in `route_search`'s corner space (location (col, row): bit row * 7 +
    col, its top-left crossroads)."""
    corner = 0
    for loc in mask_indices(locs):
        corner |= 1 << (loc // MAP_SIZE * CROSSROADS_SIZE + loc % MAP_SIZE)
    return corner


class CornerGoals:
    """`RouteGoals` for `route_search`, which keeps locations in corner space."""

    def __init__(self, goals: RouteGoals) -> None:
        self.goals = goals
        self.everyone = goals.measure.everyone
        self.scales = [self._scale(i) for i in goals.located_goals]
        self.locations: dict[int, int] = {}  # corner-space mask: location mask

    def _scale(self, index: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """A Goal measured on locations: what it counts (`_GOAL_CODES`; a tourist type is its
        index), corner-space masks, its PP by result."""
        goal = self.goals.terms.goals[index]
        measure = self.goals.measure
        code = _GOAL_CODES[goal.kind]
        masks: list[int] = []
        if goal.kind == "tourists_of_type":
            code = TOURIST_TYPES.index(goal.param or "")
        elif goal.kind == "locations_with_tourists":
            masks = [measure.peopled]
        elif goal.kind == "landmarks_of_color":
            masks = [measure.colors.get(goal.param or "", 0)]
        elif goal.kind == "landmark_colors":
            masks = list(measure.colors.values())
        return code, tuple(_corner(mask) for mask in masks), self.goals.scale(index)

    def located_pp(self, corner: int, red: int, green: int, blue: int) -> int:
        """The PP of the Goals measured on these corner-space locations, given their
        tourists by type (the search sums them anyway)."""
        pp = 0
        for code, masks, scale in self.scales:
            if code < _LEFT_OFF:
                value = red if code == 0 else green if code == 1 else blue
            elif code == _LEFT_OFF:
                value = self.everyone - red - green - blue
            elif code == _COUNTED:
                value = (corner & masks[0]).bit_count()
            else:  # how many colours
                value = sum(1 for mask in masks if corner & mask)
            pp += scale[value]
        return pp

    def rank(self, corner: int, length: int) -> int:
        """`RouteGoals.rank` of a route over corner-space locations."""
        locs = self.locations.get(corner)
        if locs is None:
            locs = 0
            for c in mask_indices(corner):
                locs |= 1 << (c // CROSSROADS_SIZE * MAP_SIZE + c % CROSSROADS_SIZE)
            self.locations[corner] = locs
        return self.goals.rank(locs, length)


def for_seat(
    city: City,
    goals: Sequence[int],
    own: MapFacts,
    others: Sequence[MapFacts],
    solo_needed: int = -1,
) -> RouteGoals | None:
    """The Goals' worth for one seat's routes (None when no Goals are in play): `goals` are
    indices into the city's Goal cards, `others` the other seats' maps as that seat sees them,
    `solo_needed` the Goals a solo Challenge cell needs (-1: not solo)."""
    if not goals:
        return None
    cards = tuple(city.goals[g] for g in goals)
    terms = GoalTerms(cards, rival_results(cards, others, city.landmark), solo_needed)
    return RouteGoals(terms, own, city.landmark)
