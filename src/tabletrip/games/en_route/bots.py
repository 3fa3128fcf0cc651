"""The `heuristic` En Route bot: grow one continuous route through the tourists' Landmarks.

Every decision rests on one estimate of a map's final Prestige Points (`Model.evaluate`): the
drawn sections' main component is taken as the future final route, and every tourist, Landmark,
Visit-Them-All point and objective crossroads off it counts with a chance that the route still
reaches it (`reach`), which falls with the sections needed (grid steps from the route, other drawn
segments joined for free) and with the rounds left. Special Landmarks count as expected tourists
of their colour times expected Landmarks of that colour, with the tourists still to come. A main
component with more than two odd crossroads is a branching route and loses PP for the sections
the final route must leave out.

- Drawing: each matching location (the tourist type chosen by the Landmarks it would score) is
  tried with every route segment it allows (2 sections next to it, or 1 near the route) and
  the best pair is played; Coordinate changes are used when another location is clearly
  better; Route section bonuses when a section gains more than the bonus is worth kept; a New
  tourists Café when its location is on the route.
- Round cards: a quick per-location value from the same estimate (tourists there times the
  Landmarks they would reach, a segment next to the route, Iconic upgrades) scores a pair of
  cards for each seat on its own board; cards are played and kept for their value to this
  seat, less their value to the opponents (plus their value to a teammate).
- Advanced: an Iconic Landmark goes up when it is nearer this seat's route than the others'.
- Objective: the card whose crossroads lie closest together among valuable Landmarks.
- Renewal: once, when no card of the hand matches a free location.
- Final route: the first listed, the best by steps 1-8 and the Goals (RULES_NOTES).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from tabletrip.bots.base import CheckedBot
from tabletrip.core import Action, State
from tabletrip.core.bits import bit_indices
from tabletrip.games.en_route.actions import (
    CafeTourists,
    ChangeCoordinate,
    Chart,
    ChooseRoundCards,
    Done,
    ExtraSection,
    KeepCard,
    KeepObjective,
    Mark,
    PlayCard,
    PlayHidden,
    Rate,
    Renew,
)
from tabletrip.games.en_route.content import Card, City, Goal
from tabletrip.games.en_route.geometry import (
    CROSSROADS_SECTIONS,
    HORIZONTAL,
    LEGAL_SEGMENTS,
    LOCATION_SECTIONS,
    LOCATIONS,
    SECTION_ENDS,
    SECTIONS,
    flood,
)
from tabletrip.games.en_route.phases import (
    BEGIN_CHOOSE,
    BEGIN_PLACE,
    CHART,
    DRAW,
    FINAL,
    FIRST,
    KEEP,
    MAX_UPGRADES,
    OBJECTIVE,
    PLACE,
    RATE,
    SECOND,
    SOLO_PLAY,
    SOLO_TAKE,
)
from tabletrip.games.en_route.rules import EnRouteGame, EnRouteState
from tabletrip.games.en_route.sheet import TOURIST_TYPES, Sheet

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
            for location in bit_indices(linked):
                cost_at[location] = step
            for location in bit_indices(touched):
                cost_at[location] = step + 1
            fresh = targets & reach & ~reached
            reached |= fresh
            for crossroads in bit_indices(fresh):
                crossroads_at[crossroads] = step
            # One section further in every direction, then along the drawn links.
            reach = grow(reach)
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


# --- a seat's map, as the bot tracks it -------------------------------------------------------


@dataclass(slots=True)
class MapView:
    """A seat's map in the bot's terms: links, tourists per corner-space bit, Cafés, bonuses."""

    sheet: Sheet
    horizontal: int
    vertical: int
    tourists: dict[int, tuple[int, int, int]]

    @classmethod
    def of(cls, sheet: Sheet) -> MapView:
        """The bot's form of a sheet."""
        horizontal, vertical = links_of(sheet.sections)
        tourists: dict[int, tuple[int, int, int]] = {}
        occupied = sheet.occupied
        for loc in range(LOCATIONS):
            if occupied >> loc & 1:
                tourists[LOCATION_BIT[loc].bit_length() - 1] = sheet.tourists_at(loc)
        return cls(sheet, horizontal, vertical, tourists)


def _add(counts: tuple[int, int, int] | None, more: tuple[int, int, int]) -> tuple[int, int, int]:
    if counts is None:
        return more
    return (counts[0] + more[0], counts[1] + more[1], counts[2] + more[2])


def _marked_counts(view: EnRouteState, tourist: str) -> tuple[int, int, int]:
    """The tourists a Mark naming `tourist` adds this turn: the Round cards' tourists, and 2
    of the repeated type when a Repeat card is among them."""
    counts, choices = view.round_tourists()
    if not choices:
        return counts
    return _add(counts, _single(TOURIST_TYPES.index(tourist or choices[0]), 2))


def _single(tourist: int, count: int) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    counts[tourist] = count
    return counts[0], counts[1], counts[2]


# --- the bot -------------------------------------------------------------------------------------


class HeuristicBot(CheckedBot):
    """Grows one continuous route through the Landmarks that score its tourists."""

    name = "heuristic"
    strength = 10
    reach_per_round: float = 0.6  # sections a round can spend reaching what is off the route
    reach_scale: float = 0.6  # the chance of reaching what is one section away, at best
    reach_decay: float = 0.6  # the chance falls by this factor per further section
    future_tourists: float = 0.3  # tourists of each colour to come on the route per round
    branch_penalty: float = 12.0  # PP lost per pair of odd crossroads beyond a trail's two
    unrouted_cost: int = 3  # the cost of everything while nothing is drawn
    objective_weight: float = 2.0
    segment_value: float = 3.0  # a 2-section segment that extends the route, for card values
    opponent_weight: float = 0.6  # how much a PP of an opponent counts against one of its own
    bonus_future: float = 2.0  # PP a Route section bonus is worth while rounds are left
    change_margin: float = 3.0  # PP a Coordinate change must gain over its 2 PP kept
    goal_width: float = 3.0  # how far below a Goal's threshold its chance starts to rise
    solo_goal: float = 3.0  # what a Goal is worth in solo (it counts for the challenge)
    play_goals: bool = True

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        # Within a decision and from one to the next (the seat's own map is never resampled):
        # analyses of maps, and the best segment after each location tried.
        self._memo: dict[tuple[Any, ...], Any] = {}

    def decide(self, view: State, seat: int) -> Action | None:
        """A sensible action for `seat` (the final route: the best candidate listed)."""
        assert isinstance(view, EnRouteState)
        phase = view.phase
        if phase == FINAL:
            return view.legal_actions()[0]
        if phase == DRAW:
            return self._draw(view, seat)
        if phase == OBJECTIVE:
            return self._objective(view, seat)
        if phase == RATE:
            return self._rate(view, seat)
        if phase in (FIRST, SECOND, BEGIN_PLACE, SOLO_PLAY):
            renew = self._renew(view, seat)
            if renew is not None:
                return renew
            return self._play(view, seat)
        if phase in (KEEP, SOLO_TAKE):
            return self._keep(view, seat)
        if phase == BEGIN_CHOOSE:
            return self._choose_pair(view, seat)
        return None

    # --- models ------------------------------------------------------------------------------

    def model(self, view: EnRouteState, seat: int, own: int, after_turn: bool = True) -> Model:
        """The model of `seat`'s map as `own` sees it (its objective only for itself)."""
        game = view.game
        city = game.city
        rounds_left = max(0, city.rounds - view.round + (0 if after_turn else 1))
        objective = view.objectives[seat] if seat == own else -1
        sheet = view.sheets[seat] if seat == own else view.shown[seat]
        bonus = sheet.balance.count("route_section")
        if game.use_cafes:
            route_cafes, _ = self._cafe_bonuses(game)
            bonus += (sheet.cafes_gained & ~sheet.cafes_used & route_cafes).bit_count()
        goals = tuple(view.goals) if seat == own and self.play_goals else ()
        key = ("model", game, tuple(view.marks), rounds_left, objective, bonus, goals)
        cached = self._memo.get(key)
        if cached is None:
            cached = Model(
                self,
                city,
                view.marks,
                rounds_left,
                city.objectives[objective] if objective >= 0 else (),
                game.use_cafes,
                bonus,
                [city.goals[g] for g in goals],
                game.solo,
            )
            self._remember(key, cached)
        return cached

    def _cafe_bonuses(self, game: EnRouteGame) -> tuple[int, int]:
        """The Cafés (bit masks by Café index) giving a Route section and a Coordinate change."""
        key = ("cafes", game)
        cached = self._memo.get(key)
        if cached is None:
            cafes = game.city.cafes
            route = sum(1 << k for k, cafe in enumerate(cafes) if cafe.bonus == "route_section")
            change = sum(
                1 << k for k, cafe in enumerate(cafes) if cafe.bonus == "coordinate_change"
            )
            cached = (route, change)
            self._remember(key, cached)
        return cached

    def bonus_value(self, view: EnRouteState, sheet: Sheet, rounds_left: int) -> float:
        """What the unused bonuses of a map are worth: 2 PP per Café, plus future use."""
        return self._bonus_value(view.game, sheet, sheet.cafes_gained, rounds_left)

    def _bonus_value(self, game: EnRouteGame, sheet: Sheet, gained: int, rounds_left: int) -> float:
        """`bonus_value` of the sheet with the Cafés `gained` circled."""
        free = gained & ~sheet.cafes_used if game.use_cafes else 0
        value = 2.0 * free.bit_count()
        later = self.bonus_future if rounds_left > 0 else 0.0
        route_cafes, change_cafes = self._cafe_bonuses(game)
        route = sheet.balance.count("route_section") + (free & route_cafes).bit_count()
        change = sheet.balance.count("coordinate_change") + (free & change_cafes).bit_count()
        return value + later * route + 0.5 * later * change

    def analysis(self, view: EnRouteState, seat: int, own: int) -> Analysis:
        """The full analysis of a seat's map (every location's cost), for card values."""
        sheet = view.sheets[seat] if seat == own else view.shown[seat]
        key = (
            "analysis",
            view.game,
            seat,
            own,
            sheet.sections,
            tuple(sheet.tourists),
            sheet.occupied,
            sheet.cafes_gained,
            sheet.cafes_used,
            tuple(sheet.balance),
            tuple(view.marks),
            view.round,
            view.objectives[seat] if seat == own else -1,
            tuple(view.goals) if seat == own else (),
        )
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        model = self.model(view, seat, own, after_turn=False)
        mine = MapView.of(sheet)
        result = model.evaluate(
            mine.horizontal,
            mine.vertical,
            model.tourists(mine.tourists),
            full=True,
            cafes_visited=sheet.cafes_gained.bit_count(),
        )
        self._remember(key, result)
        return result

    def _remember(self, key: tuple[Any, ...], value: Any) -> None:
        if len(self._memo) > 2048:
            self._memo.clear()
        self._memo[key] = value

    # --- the drawing phase ---------------------------------------------------------------------

    def _draw(self, view: EnRouteState, seat: int) -> Action | None:
        if view.pending_cafes:
            return self._cafe(view, seat)
        if view.stage == PLACE:
            return self._place(view, seat)
        if view.stage == CHART:
            _, chart = self._best_turn(view, seat, view.location, view.fallback)
            return chart
        return self._extras(view, seat)

    def _place(self, view: EnRouteState, seat: int) -> Action | None:
        """Select a location (and a tourist type if the player chooses), or change a coordinate."""
        matches = view.matching_locations()
        if not matches:
            return self._fallback_mark(view, seat)
        tourist = self._mark_type(view, seat)
        best: tuple[float, Mark] | None = None
        for loc in matches:
            value, _ = self._best_turn(view, seat, loc, False, tourist)
            if best is None or value > best[0]:
                best = (value, Mark(loc, tourist))
        assert best is not None
        change = self._coordinate_change(view, seat, best[0])
        return change if change is not None else best[1]

    def _mark_type(self, view: EnRouteState, seat: int) -> str:
        """The tourist type to name when marking: the repeated type when there is a choice."""
        _, choices = view.round_tourists()
        return self._tourist_type(view, seat, choices) if len(choices) > 1 else ""

    def _tourist_type(self, view: EnRouteState, seat: int, choices: Sequence[str]) -> str:
        """The type whose Special Landmarks the route is expected to pass most."""
        landmarks = self.analysis(view, seat, seat).landmarks
        return max(
            choices, key=lambda t: (landmarks[TOURIST_TYPES.index(t)], -TOURIST_TYPES.index(t))
        )

    def _fallback_mark(self, view: EnRouteState, seat: int) -> Mark:
        """No matching location is free: 1 tourist where the route passes its Landmarks."""
        analysis = self.analysis(view, seat, seat)
        sheet = view.sheets[seat]
        tourist = max(range(3), key=lambda t: (analysis.landmarks[t], -t))
        best: tuple[float, int] | None = None
        for loc in range(LOCATIONS):
            if sheet.occupied >> loc & 1:
                continue
            cost = analysis.cost[loc]
            p = 1.0 if cost <= 1 else analysis.chance[min(FAR, cost - 1)]
            if best is None or p > best[0]:
                best = (p, loc)
        assert best is not None
        return Mark(best[1], TOURIST_TYPES[tourist])

    def _best_turn(
        self, view: EnRouteState, seat: int, location: int, fallback: bool, tourist: str = ""
    ) -> tuple[float, Chart | None]:
        """The best route segment after marking at `location` (already marked when the stage
        is CHART), and the estimate it leads to."""
        sheet = view.sheets[seat]
        marked = view.stage != PLACE
        counts = (0, 0, 0) if marked else _marked_counts(view, tourist)
        key = self._turn_key(
            view, seat, sheet.tourists, sheet.occupied, location, fallback, counts, marked
        )
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        result = self._search_segments(view, seat, location, counts, fallback)
        self._remember(key, result)
        if not marked:
            # The position once marked: the Chart decision finds it cached.
            after = list(sheet.tourists)
            for i in range(3):
                after[location * 3 + i] += counts[i]
            occupied = sheet.occupied | 1 << location
            marked_key = self._turn_key(
                view, seat, after, occupied, location, fallback, counts, True
            )
            self._remember(marked_key, result)
        return result

    @staticmethod
    def _turn_key(
        view: EnRouteState,
        seat: int,
        tourists: Sequence[int],
        occupied: int,
        location: int,
        fallback: bool,
        counts: tuple[int, int, int],
        marked: bool,
    ) -> tuple[Any, ...]:
        """What a drawing turn's best segment depends on: the game, the seat's map with these
        tourists, the round, the ratings, its objective and Goals, and the tourists to mark
        (none once marked)."""
        sheet = view.sheets[seat]
        return (
            "turn",
            view.game,
            seat,
            sheet.sections,
            tuple(tourists),
            occupied,
            sheet.cafes_gained,
            sheet.cafes_used,
            tuple(sheet.balance),
            tuple(view.marks),
            view.round,
            view.objectives[seat],
            tuple(view.goals),
            location,
            fallback,
            "marked" if marked else counts,
        )

    def _search_segments(
        self,
        view: EnRouteState,
        seat: int,
        location: int,
        added: tuple[int, int, int],
        fallback: bool,
    ) -> tuple[float, Chart | None]:
        """Try each route segment (2 sections next to the location, or 1 near the route)."""
        sheet = view.sheets[seat]
        model = self.model(view, seat, seat)
        mine = MapView.of(sheet)
        tourists = dict(mine.tourists)
        bit = LOCATION_INDEX_BITS[location]
        if any(added):
            tourists[bit] = _add(tourists.get(bit), added)
        table = model.tourists(tourists)
        drawn = sheet.sections
        candidates: list[tuple[int, ...]] = []
        if not fallback:
            candidates += [
                pair
                for pair in LEGAL_SEGMENTS[location]
                if not drawn >> pair[0] & 1 and not drawn >> pair[1] & 1
            ]
        candidates += [(s,) for s in _near_sections(drawn, location)]
        rounds_left = model.rounds_left
        game = view.game
        city = game.city
        bonuses_after: dict[int, float] = {}  # by the Cafés circled after the segment
        best: tuple[float, Chart | None] = (float("-inf"), None)
        for sections in candidates:
            horizontal, vertical = mine.horizontal, mine.vertical
            gained = sheet.cafes_gained
            gift: tuple[int, tuple[int, int, int]] | None = None
            for section in sections:
                is_vertical, link = SECTION_LINK[section]
                if is_vertical:
                    vertical |= link
                else:
                    horizontal |= link
                if model.use_cafes:
                    for crossroads in SECTION_ENDS[section]:
                        cafe = city.cafe_at[crossroads]
                        if cafe >= 0 and not gained >> cafe & 1:
                            gained |= 1 << cafe
                            if city.cafes[cafe].bonus == "new_tourists":
                                gift = (bit, city.cafes[cafe].tourists)
            bonuses = bonuses_after.get(gained)
            if bonuses is None:
                bonuses = self._bonus_value(game, sheet, gained, rounds_left)
                bonuses_after[gained] = bonuses
            value = model.value(
                horizontal,
                vertical,
                table,
                bonuses,
                cafe_gift=gift,
                cafes_visited=gained.bit_count(),
            )
            if value > best[0]:
                best = (value, Chart(tuple(sections)))
        return best

    def _coordinate_change(
        self, view: EnRouteState, seat: int, current: float
    ) -> ChangeCoordinate | None:
        """A Coordinate change when a location it reaches is clearly better than the best now."""
        if not any(isinstance(a, ChangeCoordinate) for a in view.legal_actions()):
            return None
        sheet = view.sheets[seat]
        city = view.game.city
        values = view.round_values()
        tourist = self._mark_type(view, seat)
        best: tuple[float, ChangeCoordinate] | None = None
        for which in (0, 1):
            for delta in (1, -1):
                changed = list(values)
                changed[which] = (changed[which] - 1 + delta) % 6 + 1
                for loc in city.matching(sheet.board, changed[0], changed[1]):
                    if sheet.occupied >> loc & 1:
                        continue
                    value, _ = self._best_turn(view, seat, loc, False, tourist)
                    if best is None or value > best[0]:
                        best = (value, ChangeCoordinate(which, delta))
        if best is not None and best[0] > current + self.change_margin:
            return best[1]
        return None

    def _extras(self, view: EnRouteState, seat: int) -> Action:
        """Use a Route section bonus when a section gains more than keeping it, else done."""
        sheet = view.sheets[seat]
        model = self.model(view, seat, seat)
        mine = MapView.of(sheet)
        tourists = model.tourists(mine.tourists)
        now = model.value(
            mine.horizontal,
            mine.vertical,
            tourists,
            self.bonus_value(view, sheet, model.rounds_left),
            cafes_visited=sheet.cafes_gained.bit_count(),
        )
        spent = sheet.copy()
        if "route_section" in spent.balance:
            spent.balance.remove("route_section")
        else:
            cafes = view.game.city.cafes
            free = spent.cafes_gained & ~spent.cafes_used
            k = next(
                k for k in range(len(cafes)) if free >> k & 1 and cafes[k].bonus == "route_section"
            )
            spent.cafes_used |= 1 << k
        city = view.game.city
        best: tuple[float, int] | None = None
        for section in _near_sections(sheet.sections, view.location):
            is_vertical, link = SECTION_LINK[section]
            horizontal = mine.horizontal | (0 if is_vertical else link)
            vertical = mine.vertical | (link if is_vertical else 0)
            gained = spent.cafes_gained
            if model.use_cafes:
                for crossroads in SECTION_ENDS[section]:
                    cafe = city.cafe_at[crossroads]
                    if cafe >= 0:
                        gained |= 1 << cafe
            bonuses = self._bonus_value(view.game, spent, gained, model.rounds_left)
            value = model.value(
                horizontal, vertical, tourists, bonuses, cafes_visited=gained.bit_count()
            )
            if best is None or value > best[0]:
                best = (value, section)
        if best is not None and best[0] > now + 0.5:
            return ExtraSection(best[1])
        return Done()

    def _cafe(self, view: EnRouteState, seat: int) -> CafeTourists:
        """Use a New tourists Café when its tourists are worth more there than 2 PP."""
        cafe = view.pending_cafes[0]
        analysis = self.analysis(view, seat, seat)
        gift = view.game.city.cafes[cafe].tourists
        p = analysis.chance[analysis.cost[view.location]]
        use = p * sum(g * n for g, n in zip(gift, analysis.landmarks, strict=True))
        return CafeTourists(cafe, use > 2.0)

    # --- Round cards ----------------------------------------------------------------------------

    def _weights(self, view: EnRouteState, seat: int) -> list[float]:
        """How much each seat's PP count for `seat`: 1 itself and its teammate, less opponents."""
        game = view.game
        players = game.players
        weights = []
        for s in range(players):
            if s == seat or (game.team and s % 2 == seat % 2):
                weights.append(1.0)
            else:
                weights.append(-self.opponent_weight / max(1, players - 1 - game.team))
        return weights

    def _play(self, view: EnRouteState, seat: int) -> Action | None:
        """Place the hand card worth most with the cards it can meet."""
        values = PairValues(self, view, seat)
        game = view.game
        deck = game.city.deck
        hand = sorted(view.hands[seat])
        phase = view.phase
        pool = _unseen(view, seat)
        best: tuple[float, int] | None = None
        for card in hand:
            if phase == SOLO_PLAY:
                # Solo: the other Round card is the best face-up card of the Card Sequence.
                options = [
                    c for i, c in enumerate(view.solo_slots) if c >= 0 and view.solo_up >> i & 1
                ]
                value = max((values.pair(card, c) for c in options), default=0.0)
                keep = [c for c in hand if c != card]
                value += 0.2 * sum(values.alone(c) for c in keep)
            elif phase == SECOND:
                first = next(c for s, c, _ in view.placed if s == view.active)
                value = values.pair(first, card)
            elif phase == FIRST:
                value = sum(values.pair(card, c) for c in pool) / max(1, len(pool))
            else:  # BEGIN_PLACE: every seat chooses among the placed cards
                value = values.alone(card)
            if best is None or value > best[0]:
                best = (value, card)
        if best is None:
            return None
        card_id = deck[best[1]].id
        hidden = phase == BEGIN_PLACE or (phase == SECOND and not game.team)
        return PlayHidden(card_id) if hidden else PlayCard(card_id)

    def _keep(self, view: EnRouteState, seat: int) -> Action | None:
        """Keep the card that with the first one is worth most (for this seat, not the others)."""
        values = PairValues(self, view, seat)
        first = (
            view.round_cards[0]
            if view.phase == SOLO_TAKE
            else next(c for s, c, _ in view.placed if s == view.active)
        )
        best: tuple[float, str] | None = None
        for action in view.legal_actions():
            if not isinstance(action, KeepCard):
                continue
            card = view.game.card_index[action.card]
            value = values.pair(first, card)
            if best is None or value > best[0]:
                best = (value, action.card)
        return None if best is None else KeepCard(best[1])

    def _choose_pair(self, view: EnRouteState, seat: int) -> Action | None:
        """Beginning rounds: the pair (4 players: and the other pair next round) worth most."""
        values = PairValues(self, view, seat, selfish=True)
        placed = [c for _, c, _ in view.placed]
        deck = view.game.city.deck
        best: tuple[float, tuple[str, str]] | None = None
        for a, b in combinations(placed, 2):
            value = values.pair(a, b)
            if view.game.players == 4:
                rest = [c for c in placed if c not in (a, b)]
                value += 0.9 * values.pair(rest[0], rest[1])
            low, high = sorted((deck[a].id, deck[b].id))
            if best is None or value > best[0]:
                best = (value, (low, high))
        return None if best is None else ChooseRoundCards(best[1])

    def _rate(self, view: EnRouteState, seat: int) -> Action | None:
        """Advanced: up when this seat's route is nearer the Landmark than the others' are."""
        city = view.game.city
        iconic = view.rate_queue[0]
        location = city.iconic_locations[iconic]
        weights = self._weights(view, seat)
        interest = 0.0
        for s, weight in enumerate(weights):
            analysis = self.analysis(view, s, seat)
            interest += weight * analysis.chance[analysis.cost[location]]
        best: tuple[float, Rate] | None = None
        for action in view.legal_actions():
            assert isinstance(action, Rate)
            marks = view.marks[iconic] + action.change
            value = city.iconic_rating(iconic, marks) * interest
            if best is None or value > best[0]:
                best = (value, action)
        return None if best is None else best[1]

    def _objective(self, view: EnRouteState, seat: int) -> Action:
        """The objective whose crossroads lie close together among valuable Landmarks."""
        city = view.game.city
        best: tuple[float, str] | None = None
        for o in sorted(view.objective_offers[seat]):
            points = city.objectives[o]
            value = sum(_crossroads_interest(city, c) for c in points)
            gaps = sorted(
                abs(a % ROW - b % ROW) + abs(a // ROW - b // ROW)
                for a, b in combinations(points, 2)
            )
            value -= 0.5 * gaps[0]
            if best is None or value > best[0]:
                best = (value, city.objective_ids[o])
        assert best is not None
        return KeepObjective(best[1])

    def _renew(self, view: EnRouteState, seat: int) -> Renew | None:
        """Renew once, from round 3 to 8, when no hand card matches a free location."""
        if view.sheets[seat].renewed or not 3 <= view.round <= view.game.city.rounds - 2:
            return None
        if not any(isinstance(a, Renew) for a in view.legal_actions()):
            return None
        sheet = view.sheets[seat]
        city = view.game.city
        hand = view.hands[seat]
        useless = []
        for card in hand:
            number = city.deck[card].number
            free = sum(
                1
                for other in range(1, 7)
                for loc in city.matching(sheet.board, number, other)
                if not sheet.occupied >> loc & 1
            )
            if free <= 2:
                useless.append(city.deck[card].id)
        if len(useless) == len(hand) and len(view.deck.cards) >= len(useless):
            return Renew(tuple(sorted(useless)))
        return None


class PairValues:
    """What a pair of Round cards is worth to each seat on its own board, weighted for one."""

    def __init__(
        self, bot: HeuristicBot, view: EnRouteState, seat: int, selfish: bool = False
    ) -> None:
        self.bot = bot
        self.view = view
        self.city = view.game.city
        self.weights = bot._weights(view, seat)
        if selfish:
            self.weights = [w if w > 0 else 0.0 for w in self.weights]
        self.seats = [s for s, w in enumerate(self.weights) if w]
        self.analyses = {s: bot.analysis(view, s, seat) for s in self.seats}
        self.sheets = {s: view.sheets[s] if s == seat else view.shown[s] for s in self.seats}
        self.upgrades = not view.game.advanced and view.phase not in (BEGIN_PLACE, BEGIN_CHOOSE)
        self.cache: dict[tuple[int, int], float] = {}
        # The best location's value by seat, the two numbers (either order) and the tourists.
        self.places: dict[tuple[int, int, int, tuple[int, int, int]], float] = {}
        self.upgrades_by_card: dict[tuple[int, str], tuple[float, ...]] = {}
        self.pool = _unseen(view, seat)

    def pair(self, a: int, b: int) -> float:
        """The weighted value of Round cards a and b."""
        key = (a, b) if a < b else (b, a)
        cached = self.cache.get(key)
        if cached is None:
            cached = sum(self.weights[s] * self.seat_value(s, a, b) for s in self.seats)
            self.cache[key] = cached
        return cached

    def alone(self, card: int) -> float:
        """A card's mean value with the other cards it may meet."""
        pool = [c for c in self.pool if c != card] or [card]
        return sum(self.pair(card, c) for c in pool) / len(pool)

    def seat_value(self, seat: int, a: int, b: int) -> float:
        """What Round cards a and b bring to `seat`'s map: the best location's tourists, a
        segment next to its route, and Iconic upgrades near it."""
        city = self.city
        first, second = city.deck[a], city.deck[b]
        analysis = self.analyses[seat]
        sheet = self.sheets[seat]
        counts = _round_counts(first, second, analysis.landmarks)
        low, high = sorted((first.number, second.number))  # matching either way round
        key = (seat, low, high, counts)
        best = self.places.get(key)
        if best is None:
            best = 0.0
            found = False
            for loc in city.matching(sheet.board, low, high):
                if sheet.occupied >> loc & 1:
                    continue
                found = True
                best = max(best, self.place_value(analysis, loc, counts))
            if not found:  # 1 tourist anywhere, 1 section anywhere
                best = 0.5 * max(analysis.landmarks)
            self.places[key] = best
        if self.upgrades:
            for card in (first, second):
                for term in self.upgrade_terms(seat, card):
                    best += term
        return best

    def upgrade_terms(self, seat: int, card: Card) -> tuple[float, ...]:
        """What each Iconic upgrade of a card is worth to `seat`: the PP it adds times the
        chance the route reaches the Landmark (remembered by seat and card)."""
        key = (seat, card.id)
        terms = self.upgrades_by_card.get(key)
        if terms is None:
            city = self.city
            analysis = self.analyses[seat]
            found = []
            for iconic in card.iconic:
                marks = self.view.marks[iconic]
                if marks < MAX_UPGRADES:
                    gain = city.iconic_rating(iconic, marks + 1) - city.iconic_rating(iconic, marks)
                    where = city.iconic_locations[iconic]
                    found.append(gain * analysis.chance[analysis.cost[where]])
            terms = self.upgrades_by_card[key] = tuple(found)
        return terms

    def place_value(self, analysis: Analysis, loc: int, counts: tuple[int, int, int]) -> float:
        """Tourists marked at `loc` and a segment next to it, for one seat's map."""
        cost = analysis.cost[loc]
        landmarks = analysis.landmarks
        if cost <= 2 or not analysis.routed:
            p = 1.0
            segment = self.bot.segment_value
        else:
            p = analysis.chance[cost - 1]
            segment = 0.0
        value = p * sum(c * n for c, n in zip(counts, landmarks, strict=True)) + segment
        color = self.city.landmark[loc]
        if color is not None and p == 1.0:
            worth = (
                analysis.tourists[TOURIST_TYPES.index(color)]
                if color in TOURIST_TYPES
                else self.city.yellow_pp[loc]
                if color == "yellow"
                else self.city.iconic_rating(
                    self.city.iconic_at[loc], self.view.marks[self.city.iconic_at[loc]]
                )
            )
            value += (1.0 - analysis.chance[min(cost, FAR)]) * worth
        return value


def _round_counts(
    first: Card, second: Card, landmarks: tuple[float, float, float]
) -> tuple[int, int, int]:
    """The tourists two Round cards give (a choice made by the Landmarks expected)."""
    if first.is_repeat and second.is_repeat:
        return _single(_best_type(landmarks), 2)
    if first.is_repeat or second.is_repeat:
        shown = second.tourists if first.is_repeat else first.tourists
        types = [t for t in range(3) if shown[t]]
        pick = max(types, key=lambda t: (landmarks[t], -t)) if types else _best_type(landmarks)
        counts = list(shown)
        counts[pick] += 2
        return counts[0], counts[1], counts[2]
    t1, t2 = first.tourists, second.tourists
    return t1[0] + t2[0], t1[1] + t2[1], t1[2] + t2[2]


def _best_type(landmarks: tuple[float, float, float]) -> int:
    """The tourist type whose Special Landmarks are most expected (the first on a tie)."""
    return max(range(3), key=lambda t: (landmarks[t], -t))


def _unseen(view: EnRouteState, seat: int) -> list[int]:
    """Cards this seat does not see in the view: the deck and the others' hands (resampled)."""
    pool = list(view.deck.cards)
    for s, hand in enumerate(view.hands):
        if s != seat:
            pool += hand
    return sorted(pool)


def _near_sections(drawn: int, location: int) -> list[int]:
    """Undrawn sections touching a drawn crossroads or the location's corners (all if none)."""
    crossroads: set[int] = set()
    for section in bit_indices(drawn):
        crossroads.update(SECTION_ENDS[section])
    if location >= 0:
        for section in LOCATION_SECTIONS[location]:
            crossroads.update(SECTION_ENDS[section])
    found = sorted({s for c in crossroads for s in CROSSROADS_SECTIONS[c] if not drawn >> s & 1})
    if not found:
        found = [s for s in range(SECTIONS) if not drawn >> s & 1]
    return found


def _crossroads_interest(city: City, crossroads: int) -> float:
    """Landmarks in the (up to 4) locations around a crossroads and the next ring, weighted."""
    x, y = crossroads % ROW, crossroads // ROW
    value = 0.0
    for col in range(max(0, x - 2), min(6, x + 2)):
        for row in range(max(0, y - 2), min(6, y + 2)):
            if city.landmark[row * 6 + col] is None:
                continue
            near = col in (x - 1, x) and row in (y - 1, y)
            value += 1.0 if near else 0.4
    return value
