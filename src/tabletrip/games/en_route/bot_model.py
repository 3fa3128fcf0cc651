"""The En Route heuristic bot's estimate of a map: what its drawn sections, tourists and
Landmarks should score by the end (`Model.evaluate`, `Analysis`), the map as bit masks.

A `Model` is one seat's view of one map (the city, ratings, rounds left, objective, bonus
sections and Goals), never changed once made, so the bot keeps it for every decision it fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from tabletrip.core.bits import bit_indices
from tabletrip.games.en_route.content import City, Goal
from tabletrip.games.en_route.geometry import (
    HORIZONTAL,
    LOCATIONS,
    SECTION_ENDS,
    SECTIONS,
    flood,
)
from tabletrip.games.en_route.sheet import TOURIST_TYPES

if TYPE_CHECKING:
    from tabletrip.games.en_route.bots import HeuristicBot


# --- the map as bits: crossroads (x, y) is bit y * 7 + x -------------------------------------

ROW = 7
ALL = (1 << 49) - 1
COLUMN_0 = sum(1 << (y * ROW) for y in range(ROW))
COLUMN_6 = COLUMN_0 << 6
NOT_COLUMN_0 = ALL & ~COLUMN_0
NOT_COLUMN_6 = ALL & ~COLUMN_6
# A location (col, row) is bit row * 7 + col ("corner space": its top-left crossroads).
LOCATION_BIT = tuple(1 << (loc // 6 * ROW + loc % 6) for loc in range(LOCATIONS))
CORNER_LOCATIONS = sum(LOCATION_BIT)
BIT_LOCATION = {bit.bit_length() - 1: loc for loc, bit in enumerate(LOCATION_BIT)}
LOCATION_INDEX_BITS = tuple(bit.bit_length() - 1 for bit in LOCATION_BIT)  # per location
CELLS = ROW * ROW  # bit indices of a crossroads (or corner-space location) mask
# A section as a link: bit a of the horizontal or of the vertical link mask, a its first end.
SECTION_LINK = tuple(
    (section >= HORIZONTAL, 1 << SECTION_ENDS[section][0]) for section in range(SECTIONS)
)
FAR = 20  # a cost beyond any reach
YELLOW, GRAY = 3, 4  # Landmark kinds after the three Special colours
LANDMARK_KINDS = (*TOURIST_TYPES, "yellow", "gray")
OBJECTIVE_SPAN = 3  # sections a final route adds between two objective crossroads, roughly
GOAL_TOURISTS, GOAL_LANDMARKS, GOAL_FACT = 0, 1, 2  # what a Goal counts


def grow(reach: int) -> int:
    """The crossroads one road section away from `reach`, with `reach`."""
    return (
        reach
        | ((reach << 1) & NOT_COLUMN_0)
        | ((reach >> 1) & NOT_COLUMN_6)
        | ((reach << ROW) & ALL)
        | (reach >> ROW)
    )


def links_of(sections: int) -> tuple[int, int]:
    """The (horizontal, vertical) link masks of a mask of section indices."""
    horizontal = vertical = 0
    for section in bit_indices(sections):
        is_vertical, bit = SECTION_LINK[section]
        if is_vertical:
            vertical |= bit
        else:
            horizontal |= bit
    return horizontal, vertical


def link_locations(horizontal: int, vertical: int) -> int:
    """The corner-space mask of the locations along these links."""
    return (horizontal | horizontal >> ROW | vertical | vertical >> 1) & CORNER_LOCATIONS


def odd_crossroads(horizontal: int, vertical: int) -> int:
    """How many crossroads have an odd number of these links."""
    return (horizontal ^ horizontal << 1 ^ vertical ^ vertical << ROW).bit_count()


@dataclass(frozen=True, slots=True)
class Analysis:
    """A map's estimate: its value, each location's cost (sections to bring it on the route),
    the chance table by cost, and the expected Special Landmarks and tourists per colour."""

    value: float
    cost: tuple[int, ...]  # per location index
    chance: tuple[float, ...]  # by cost
    landmarks: tuple[float, float, float]  # expected Special Landmarks per colour
    tourists: tuple[float, float, float]  # expected tourists per colour (future ones too)
    routed: bool  # something is drawn


class TouristMap:
    """A map's tourists as one model reads them: per corner-space bit its (red, green, blue),
    the bits that matter (tourists or Landmarks), and the PP of steps 1-5 by set of locations,
    remembered (the parts of a map recur from one segment tried to the next)."""

    __slots__ = ("_immediate", "_model", "counts", "records", "relevant")

    def __init__(self, model: Model, tourists: dict[int, tuple[int, int, int]]) -> None:
        counts: list[tuple[int, int, int] | None] = [None] * CELLS
        relevant = model.landmark_mask
        for bit, found in tourists.items():
            counts[bit] = found
            relevant |= 1 << bit
        self.counts = counts
        self.relevant = relevant
        # (bit, red, green, blue, all three) by bit, as the estimate sums them.
        self.records = [
            (bit, *found, found[0] + found[1] + found[2]) for bit, found in sorted(tourists.items())
        ]
        self._model = model
        self._immediate: dict[int, float] = {}

    def immediate(self, locs: int) -> float:
        """PP of steps 1-5 if these corner-space locations were the final route's."""
        value = self._immediate.get(locs)
        if value is None:
            value = self._immediate[locs] = self._steps(locs)
        return value

    def _steps(self, locs: int) -> float:
        kind_at = self._model.kind_at
        points_at = self._model.points_at
        counts_at = self.counts
        red = green = blue = 0
        special = [0, 0, 0]  # Special Landmarks by colour
        common = 0.0
        scan = locs & self.relevant
        for bit in bit_indices(scan):
            counts = counts_at[bit]
            if counts is not None:
                red += counts[0]
                green += counts[1]
                blue += counts[2]
            kind = kind_at[bit]
            if kind is None:
                continue
            if kind < YELLOW:
                special[kind] += 1
            else:
                common += points_at[bit]
        return common + (red * special[0] + green * special[1] + blue * special[2])


class Model:
    """One seat's view of one map: the city, ratings, rounds left, objective, bonus sections
    and Goals. Never changed once made: the bot keeps it for every decision it fits."""

    def __init__(
        self,
        bot: HeuristicBot,
        city: City,
        marks: Sequence[int],
        rounds_left: int,
        objective: Sequence[int] = (),
        use_cafes: bool = True,
        bonus_sections: int = 0,
        goals: Sequence[Goal] = (),
        solo: bool = False,
    ) -> None:
        self.bot = bot
        self.city = city
        self.rounds_left = rounds_left
        self.use_cafes = use_cafes
        # Per corner-space bit: Landmark kind (0-2 special colour, 3 yellow, 4 gray), its PP.
        self.kind_at: list[int | None] = [None] * CELLS
        self.points_at: list[float] = [0.0] * CELLS
        for loc in range(LOCATIONS):
            color = city.landmark[loc]
            if color is None:
                continue
            bit = LOCATION_INDEX_BITS[loc]
            if color in TOURIST_TYPES:
                self.kind_at[bit] = TOURIST_TYPES.index(color)
            else:
                self.kind_at[bit] = YELLOW if color == "yellow" else GRAY
                iconic = city.iconic_at[loc]
                self.points_at[bit] = (
                    city.yellow_pp[loc] if iconic < 0 else city.iconic_rating(iconic, marks[iconic])
                )
        landmarks = [bit for bit in range(CELLS) if self.kind_at[bit] is not None]
        self.landmark_mask = sum(1 << bit for bit in landmarks)
        # The Landmarks by bit as the estimate sums them: Special ones per colour, and the
        # others with (kind, PP).
        self.special_bits = tuple(
            [bit for bit in landmarks if self.kind_at[bit] == kind] for kind in range(3)
        )
        self.common_records: list[tuple[int, int, float]] = []  # (bit, kind, points)
        for bit in landmarks:
            kind = self.kind_at[bit]
            if kind is not None and kind in (YELLOW, GRAY):
                self.common_records.append((bit, kind, self.points_at[bit]))
        self.vta = sum(1 << c for c in city.vta_crossroads)
        self.vta_bits = [c for c in range(CELLS) if self.vta >> c & 1]
        self.vta_scores = city.vta_scores
        self.objective = tuple(objective)
        self.objective_mask = sum(1 << c for c in objective)
        # Each pair of objective crossroads with the sections a route adds between them.
        self.objective_pairs = tuple(
            (a, b, abs(a % ROW - b % ROW) + abs(a // ROW - b // ROW) + OBJECTIVE_SPAN)
            for a, b in combinations(self.objective, 2)
        )
        budget = bot.reach_per_round * rounds_left + bonus_sections
        self.chance = tuple(
            [1.0]
            + [
                bot.reach_scale * bot.reach_decay ** (c - 1) * max(0.0, 1.0 - c / (budget + 1.0))
                for c in range(1, FAR + 1)
            ]
        )
        # From this cost on, the chance is that of FAR: nothing further matters to a value.
        self.hopeless = FAR
        while self.hopeless and self.chance[self.hopeless - 1] == self.chance[FAR]:
            self.hopeless -= 1
        self.future = bot.future_tourists * rounds_left
        # While nothing is drawn, every location and crossroads costs the same.
        self.unrouted = [bot.unrouted_cost] * CELLS
        # Goals: (what it counts, its threshold, "+" or not, PP it is worth; solo: what
        # completing it is worth to the challenge).
        self.goals = tuple(
            (
                _goal_reading(g),
                g.threshold,
                g.sign == "+",
                bot.solo_goal if solo else g.achiever + 0.5 * (g.winner - g.achiever),
            )
            for g in goals
        )
        self.counts_colors = any(g.kind == "landmark_colors" for g in goals)

    def tourists(self, tourists: dict[int, tuple[int, int, int]]) -> TouristMap:
        """The tourists per corner-space bit of a map, ready for `evaluate` and `value`."""
        return TouristMap(self, tourists)

    # --- the estimate ---------------------------------------------------------------------

    def evaluate(
        self,
        horizontal: int,
        vertical: int,
        tourists: TouristMap,
        unused_bonuses: float = 0.0,
        cafe_gift: tuple[int, tuple[int, int, int]] | None = None,
        full: bool = False,
        cafes_visited: int = 0,
    ) -> Analysis:
        """The estimate of a map: drawn links, its tourists (see `tourists`), bonus value.

        `cafe_gift` (location bit, tourists): a New tourists Café just reached, used when its
        tourists are worth more on that location than the 2 PP it scores unused. `full` gives
        every location's cost (else only those that matter).
        """
        value, cost_at, routed, landmarks, expected = self._estimate(
            horizontal, vertical, tourists, unused_bonuses, cafe_gift, full, cafes_visited
        )
        cost = tuple(cost_at[bit] for bit in LOCATION_INDEX_BITS) if full else ()
        return Analysis(value, cost, self.chance, landmarks, expected, routed)

    def value(
        self,
        horizontal: int,
        vertical: int,
        tourists: TouristMap,
        unused_bonuses: float = 0.0,
        cafe_gift: tuple[int, tuple[int, int, int]] | None = None,
        cafes_visited: int = 0,
    ) -> float:
        """The value of `evaluate` alone."""
        return self._estimate(
            horizontal, vertical, tourists, unused_bonuses, cafe_gift, False, cafes_visited
        )[0]

    def _estimate(
        self,
        horizontal: int,
        vertical: int,
        tourists: TouristMap,
        unused_bonuses: float,
        cafe_gift: tuple[int, tuple[int, int, int]] | None,
        full: bool,
        cafes_visited: int,
    ) -> tuple[float, list[int], bool, tuple[float, float, float], tuple[float, float, float]]:
        """Value, cost per corner-space bit, whether routed, expected Landmarks and tourists.

        Each sum runs over its bits in increasing order, as it always has: the same floats.
        """
        bot = self.bot
        main, main_h, main_v = _main_part(horizontal, vertical, tourists)
        if not main:
            cost_at = crossroads_at = self.unrouted
        elif full:
            wanted = tourists.relevant | CORNER_LOCATIONS
            cost_at, crossroads_at = self._costs(horizontal, vertical, main, wanted, FAR)
        else:
            # Costs from `hopeless` on all give the chance of FAR: no need to find them.
            limit = self.hopeless
            cost_at, crossroads_at = self._costs(
                horizontal, vertical, main, tourists.relevant, limit
            )
        chance = self.chance
        red = green = blue = self.future  # expected tourists by colour
        with_tourists = left_off = 0.0
        for bit, r, g, b, total in tourists.records:
            p = chance[cost_at[bit]]
            red += r * p
            green += g * p
            blue += b * p
            with_tourists += p
            left_off += total * (1.0 - p)
        expected_l = [0.0, 0.0, 0.0, 0.0, 0.0]  # Landmarks by kind on the final route
        for kind, bits in enumerate(self.special_bits):
            expected = 0.0
            for bit in bits:
                expected += chance[cost_at[bit]]
            expected_l[kind] = expected
        common = 0.0
        for bit, kind, points in self.common_records:
            p = chance[cost_at[bit]]
            expected_l[kind] += p
            common += points * p
        expected_t = (red, green, blue)
        value = common + sum((red * expected_l[0], green * expected_l[1], blue * expected_l[2]))
        value += self._targets(crossroads_at)
        value += unused_bonuses
        main_size = main_h.bit_count() + main_v.bit_count()
        if main:
            odd = odd_crossroads(main_h, main_v)
            if odd > 2:
                value -= bot.branch_penalty * (odd - 2) / 2
        if self.goals:
            rounds = self.rounds_left
            facts = {
                "route_sections": main_size + 1.5 * rounds,
                "sections_erased": horizontal.bit_count()
                + vertical.bit_count()
                - main_size
                + 0.3 * rounds,
                "cafes_visited": cafes_visited + 0.25 * rounds,
                "locations_with_tourists": with_tourists + 0.7 * rounds,
                "tourists_left_off": left_off + 0.5 * rounds,
            }
            if self.counts_colors:
                facts["landmark_colors"] = sum(min(1.0, n) for n in expected_l)
            value += self._goals(facts, expected_t, expected_l)
        if cafe_gift is not None:
            bit, gift = cafe_gift
            p = chance[cost_at[bit]]
            use = p * sum(g * n for g, n in zip(gift, expected_l[:3], strict=True))
            value += max(0.0, use - 2.0)
        landmarks = (expected_l[0], expected_l[1], expected_l[2])
        return value, cost_at, bool(main), landmarks, expected_t

    def _costs(
        self, horizontal: int, vertical: int, main: int, wanted: int, limit: int
    ) -> tuple[list[int], list[int]]:
        """Per corner-space bit of `wanted`, the sections that bring it on the route from
        `main` (0 when one of its edges is on it, 1 when only a corner is, ...), and per
        objective or Visit-Them-All crossroads the sections that reach it; FAR when more than
        `limit` or not in `wanted`.

        Each step spends one section in every direction, then follows the drawn links free.
        """
        targets = self.vta | self.objective_mask
        cost_at = [FAR] * CELLS
        crossroads_at = [FAR] * CELLS
        # Only the links of the other drawn parts can take the reach further for free.
        others_h, others_v = horizontal & ~main, vertical & ~main
        assigned = reached = 0
        reach = main
        step = 0
        while step < limit and (wanted & ~assigned or targets & ~reach):
            left = wanted & ~assigned
            reach_h, reach_v = horizontal & reach, vertical & reach
            linked = (reach_h | reach_h >> ROW | reach_v | reach_v >> 1) & left
            touched = (reach | reach >> 1 | reach >> ROW | reach >> (ROW + 1)) & left & ~linked
            assigned |= linked | touched
            # The bits of each mask walked inline (lowest first): no generator on this path,
            # the estimate's busiest.
            while linked:
                low = linked & -linked
                cost_at[low.bit_length() - 1] = step
                linked ^= low
            while touched:
                low = touched & -touched
                cost_at[low.bit_length() - 1] = step + 1
                touched ^= low
            fresh = targets & reach & ~reached
            reached |= fresh
            while fresh:
                low = fresh & -fresh
                crossroads_at[low.bit_length() - 1] = step
                fresh ^= low
            # One section further in every direction (grow(), inlined), then along the
            # drawn links.
            reach = (
                reach
                | ((reach << 1) & NOT_COLUMN_0)
                | ((reach >> 1) & NOT_COLUMN_6)
                | ((reach << ROW) & ALL)
                | (reach >> ROW)
            )
            if others_h or others_v:
                reach = flood(reach, others_h, others_v)
            step += 1
        return cost_at, crossroads_at

    def _goals(
        self, facts: dict[str, float], tourists: Sequence[float], landmarks: Sequence[float]
    ) -> float:
        """Each Goal's worth times a smooth chance of meeting it from the expected result."""
        value = 0.0
        width = self.bot.goal_width
        for (reads, what), threshold, at_least, worth in self.goals:
            if reads == GOAL_TOURISTS:
                result = tourists[what]
            elif reads == GOAL_LANDMARKS:
                result = landmarks[what]
            else:
                result = facts.get(what, 0.0)
            margin = result - threshold if at_least else threshold - result
            value += worth * min(1.0, max(0.0, margin / width + 1.0))
        return value

    def _targets(self, crossroads_at: list[int]) -> float:
        """Visit-Them-All points and the objective, by their chance of being on the route."""
        chance = self.chance
        value = 0.0
        if self.vta:
            expected = 0.0
            for bit in self.vta_bits:
                expected += chance[crossroads_at[bit]]
            value += _interpolate(self.vta_scores, expected)
        if self.objective_pairs:
            best = 0.0
            for a, b, span in self.objective_pairs:
                best = max(best, chance[crossroads_at[a]] * chance[crossroads_at[b]] * span)
            value += best * self.bot.objective_weight
        return value


def _main_part(horizontal: int, vertical: int, tourists: TouristMap) -> tuple[int, int, int]:
    """The drawn component taken for the final route (most PP of steps 1-5 plus sections, the
    first by crossroads on a tie): its crossroads, horizontal and vertical links."""
    parts = _parts(horizontal, vertical)
    if len(parts) == 1:  # the only part: no need to score it
        return parts[0], horizontal, vertical
    main = main_h = main_v = 0
    best = -1.0
    for part in parts:
        part_h, part_v = horizontal & part, vertical & part
        score = tourists.immediate(link_locations(part_h, part_v)) + (
            part_h.bit_count() + part_v.bit_count()
        )
        if score > best:
            best, main, main_h, main_v = score, part, part_h, part_v
    return main, main_h, main_v


@lru_cache(maxsize=4096)
def _parts(horizontal: int, vertical: int) -> tuple[int, ...]:
    """The crossroads of each drawn component, by their first crossroads (remembered: maps
    recur from one location tried to the next)."""
    parts = []
    rest = horizontal | horizontal << 1 | vertical | vertical << ROW
    while rest:
        part = flood(rest & -rest, horizontal, vertical)
        rest &= ~part
        parts.append(part)
    return tuple(parts)


def _goal_reading(goal: Goal) -> tuple[int, Any]:
    """What a Goal counts: a tourist colour, a Landmark kind, or a fact by name."""
    if goal.kind == "tourists_of_type":
        return GOAL_TOURISTS, TOURIST_TYPES.index(goal.param or "red")
    if goal.kind == "landmarks_of_color":
        return GOAL_LANDMARKS, LANDMARK_KINDS.index(goal.param or "red")
    return GOAL_FACT, goal.kind


def _interpolate(table: Sequence[int], x: float) -> float:
    """The table read at a fractional index, linearly."""
    if x <= 0:
        return float(table[0])
    top = len(table) - 1
    if x >= top:
        return float(table[top])
    i = int(x)
    return table[i] + (table[i + 1] - table[i]) * (x - i)


def add_counts(
    counts: tuple[int, int, int] | None, more: tuple[int, int, int]
) -> tuple[int, int, int]:
    if counts is None:
        return more
    return (counts[0] + more[0], counts[1] + more[1], counts[2] + more[2])


def single_type(tourist: int, count: int) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    counts[tourist] = count
    return counts[0], counts[1], counts[2]
