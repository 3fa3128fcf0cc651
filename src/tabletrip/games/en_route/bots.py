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
- Final route: the first listed, the best by steps 1-8.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from tabletrip.bots.base import Bot
from tabletrip.core import Action, State
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
)
from tabletrip.games.en_route.phases import (
    BEGIN_CHOOSE,
    BEGIN_PLACE,
    CHART,
    DRAW,
    FINAL,
    FIRST,
    KEEP,
    OBJECTIVE,
    PLACE,
    RATE,
    SECOND,
    SOLO_PLAY,
    SOLO_TAKE,
)
from tabletrip.games.en_route.rules import MAX_UPGRADES, EnRouteState
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
# A section as a link: bit a of the horizontal or of the vertical link mask, a its first end.
SECTION_LINK = tuple(
    (section >= HORIZONTAL, 1 << SECTION_ENDS[section][0]) for section in range(SECTIONS)
)
FAR = 20  # a cost beyond any reach
YELLOW, GRAY = 3, 4  # Landmark kinds after the three Special colours
LANDMARK_KINDS = (*TOURIST_TYPES, "yellow", "gray")
OBJECTIVE_SPAN = 3  # sections a final route adds between two objective crossroads, roughly


def grow(reach: int) -> int:
    """The crossroads one road section away from `reach`, with `reach`."""
    return (
        reach
        | ((reach << 1) & NOT_COLUMN_0)
        | ((reach >> 1) & NOT_COLUMN_6)
        | ((reach << ROW) & ALL)
        | (reach >> ROW)
    )


def flood(reach: int, horizontal: int, vertical: int) -> int:
    """The crossroads joined to `reach` along drawn links."""
    while True:
        grown = (
            reach
            | (reach & horizontal) << 1
            | (reach >> 1) & horizontal
            | (reach & vertical) << ROW
            | (reach >> ROW) & vertical
        )
        if grown == reach:
            return reach
        reach = grown


def links_of(sections: int) -> tuple[int, int]:
    """The (horizontal, vertical) link masks of a mask of section indices."""
    horizontal = vertical = 0
    while sections:
        low = sections & -sections
        sections ^= low
        is_vertical, bit = SECTION_LINK[low.bit_length() - 1]
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


class Model:
    """One seat's view of one map for one decision: the city, ratings, rounds left, objective."""

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
        self.kind: dict[int, int] = {}
        self.points: dict[int, float] = {}
        for loc in range(LOCATIONS):
            color = city.landmark[loc]
            if color is None:
                continue
            bit = LOCATION_BIT[loc].bit_length() - 1
            if color in TOURIST_TYPES:
                self.kind[bit] = TOURIST_TYPES.index(color)
            else:
                self.kind[bit] = YELLOW if color == "yellow" else GRAY
                iconic = city.iconic_at[loc]
                self.points[bit] = (
                    city.yellow_pp[loc] if iconic < 0 else city.iconic_rating(iconic, marks[iconic])
                )
        self.landmark_mask = sum(1 << b for b in self.kind)
        self.vta = sum(1 << c for c in city.vta_crossroads)
        self.vta_scores = city.vta_scores
        self.objective = tuple(objective)
        self.objective_mask = sum(1 << c for c in objective)
        budget = bot.reach_per_round * rounds_left + bonus_sections
        self.chance = tuple(
            [1.0]
            + [
                bot.reach_scale * bot.reach_decay ** (c - 1) * max(0.0, 1.0 - c / (budget + 1.0))
                for c in range(1, FAR + 1)
            ]
        )
        self.future = bot.future_tourists * rounds_left
        # Goals: (goal, PP it is worth; solo: what completing it is worth to the challenge).
        self.goals = tuple(
            (g, bot.solo_goal if solo else g.achiever + 0.5 * (g.winner - g.achiever))
            for g in goals
        )

    # --- the estimate ---------------------------------------------------------------------

    def evaluate(
        self,
        horizontal: int,
        vertical: int,
        tourists: dict[int, tuple[int, int, int]],
        unused_bonuses: float = 0.0,
        cafe_gift: tuple[int, tuple[int, int, int]] | None = None,
        full: bool = False,
        cafes_visited: int = 0,
    ) -> Analysis:
        """The estimate of a map: drawn links, tourists per corner-space bit, bonus value.

        `cafe_gift` (location bit, tourists): a New tourists Café just reached, used when its
        tourists are worth more on that location than the 2 PP it scores unused. `full` gives
        every location's cost (else only those that matter).
        """
        bot = self.bot
        drawn = horizontal | horizontal << 1 | vertical | vertical << ROW
        relevant = self.landmark_mask
        for bit in tourists:
            relevant |= 1 << bit
        main = 0
        main_h = main_v = 0
        best = -1.0
        rest = drawn
        while rest:
            low = rest & -rest
            part = flood(low, horizontal, vertical)
            rest &= ~part
            part_h, part_v = horizontal & part, vertical & part
            locs = link_locations(part_h, part_v)
            size = part_h.bit_count() + part_v.bit_count()
            score = self._immediate(locs, tourists) + size
            if score > best:
                best, main, main_h, main_v = score, part, part_h, part_v
        costs: dict[int, int] = {}
        targets = self.vta | self.objective_mask
        crossroads_cost: dict[int, int] = {}
        if main:
            assigned = 0
            reach = main
            wanted = relevant | CORNER_LOCATIONS if full else relevant
            step = 0
            while step < FAR and (wanted & ~assigned or targets & ~reach):
                reach_h, reach_v = horizontal & reach, vertical & reach
                linked = link_locations(reach_h, reach_v) & wanted & ~assigned
                assigned |= linked
                touched = (
                    reach | reach >> 1 | reach >> ROW | reach >> (ROW + 1)
                ) & CORNER_LOCATIONS
                touched &= wanted & ~assigned
                assigned |= touched
                for mask, cost in ((linked, step), (touched, step + 1)):
                    while mask:
                        low = mask & -mask
                        mask ^= low
                        costs[low.bit_length() - 1] = cost
                fresh = targets & reach
                while fresh:
                    low = fresh & -fresh
                    fresh ^= low
                    crossroads_cost.setdefault(low.bit_length() - 1, step)
                reach = flood(grow(reach), horizontal, vertical)
                step += 1
        chance = self.chance
        default = bot.unrouted_cost
        expected_t = [self.future, self.future, self.future]
        expected_l = [0.0, 0.0, 0.0, 0.0, 0.0]  # Landmarks by kind on the final route
        common = 0.0
        with_tourists = left_off = 0.0
        scan = relevant
        while scan:
            low = scan & -scan
            scan ^= low
            bit = low.bit_length() - 1
            p = chance[costs.get(bit, FAR if main else default)]
            counts = tourists.get(bit)
            if counts is not None:
                expected_t[0] += counts[0] * p
                expected_t[1] += counts[1] * p
                expected_t[2] += counts[2] * p
                with_tourists += p
                left_off += (counts[0] + counts[1] + counts[2]) * (1.0 - p)
            kind = self.kind.get(bit)
            if kind is None:
                continue
            expected_l[kind] += p
            if kind >= YELLOW:
                common += self.points[bit] * p
        value = common + sum(t * n for t, n in zip(expected_t, expected_l[:3], strict=True))
        value += self._targets(crossroads_cost, main)
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
                "landmark_colors": sum(min(1.0, n) for n in expected_l),
            }
            value += self._goals(facts, expected_t, expected_l)
        if cafe_gift is not None:
            bit, gift = cafe_gift
            p = chance[costs.get(bit, FAR if main else default)]
            use = p * sum(g * n for g, n in zip(gift, expected_l[:3], strict=True))
            value += max(0.0, use - 2.0)
        cost = ()
        if full:
            cost = tuple(
                costs.get(LOCATION_BIT[loc].bit_length() - 1, FAR if main else default)
                for loc in range(LOCATIONS)
            )
        return Analysis(
            value,
            cost,
            chance,
            (expected_l[0], expected_l[1], expected_l[2]),
            (expected_t[0], expected_t[1], expected_t[2]),
            bool(main),
        )

    def _goals(
        self, facts: dict[str, float], tourists: Sequence[float], landmarks: Sequence[float]
    ) -> float:
        """Each Goal's worth times a smooth chance of meeting it from the expected result."""
        value = 0.0
        for goal, worth in self.goals:
            if goal.kind == "tourists_of_type":
                result = tourists[TOURIST_TYPES.index(goal.param or "red")]
            elif goal.kind == "landmarks_of_color":
                result = landmarks[LANDMARK_KINDS.index(goal.param or "red")]
            else:
                result = facts.get(goal.kind, 0.0)
            margin = result - goal.threshold if goal.sign == "+" else goal.threshold - result
            value += worth * min(1.0, max(0.0, margin / self.bot.goal_width + 1.0))
        return value

    def _immediate(self, locs: int, tourists: dict[int, tuple[int, int, int]]) -> float:
        """PP of steps 1-5 if these corner-space locations were the final route's."""
        counts = [0, 0, 0]
        special = [0, 0, 0]
        common = 0.0
        scan = locs & (self.landmark_mask | sum(1 << b for b in tourists))
        while scan:
            low = scan & -scan
            scan ^= low
            bit = low.bit_length() - 1
            t = tourists.get(bit)
            if t is not None:
                counts[0] += t[0]
                counts[1] += t[1]
                counts[2] += t[2]
            kind = self.kind.get(bit)
            if kind is None:
                continue
            if kind < YELLOW:
                special[kind] += 1
            else:
                common += self.points[bit]
        return common + sum(c * s for c, s in zip(counts, special, strict=True))

    def _targets(self, crossroads_cost: dict[int, int], main: int) -> float:
        """Visit-Them-All points and the objective, by their chance of being on the route."""
        chance = self.chance
        default = chance[self.bot.unrouted_cost]
        value = 0.0
        if self.vta:
            expected = 0.0
            scan = self.vta
            while scan:
                low = scan & -scan
                scan ^= low
                bit = low.bit_length() - 1
                expected += chance[crossroads_cost.get(bit, FAR)] if main else default
            value += _interpolate(self.vta_scores, expected)
        if len(self.objective) >= 2:
            best = 0.0
            for a, b in combinations(self.objective, 2):
                pa = chance[crossroads_cost.get(a, FAR)] if main else default
                pb = chance[crossroads_cost.get(b, FAR)] if main else default
                ax, ay = a % ROW, a // ROW
                bx, by = b % ROW, b // ROW
                span = abs(ax - bx) + abs(ay - by) + OBJECTIVE_SPAN
                best = max(best, pa * pb * span)
            value += best * self.bot.objective_weight
        return value


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


class HeuristicBot(Bot):
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

    def choose(self, view: State, seat: int) -> Action:
        """A sensible action for `seat`; always one of `view.legal_actions()`."""
        assert isinstance(view, EnRouteState)
        phase = view.phase
        if phase == FINAL:
            return view.legal_actions()[0]
        action = self._decide(view, seat)
        if action is None or view.illegal_reason(action) is not None:
            action = view.legal_actions()[0]
        return action

    def _decide(self, view: EnRouteState, seat: int) -> Action | None:
        phase = view.phase
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
        rounds_left = city.rounds - view.round + (0 if after_turn else 1)
        objective = view.objectives[seat]
        points = city.objectives[objective] if seat == own and objective >= 0 else ()
        sheet = view.sheets[seat] if seat == own else view.shown[seat]
        bonus = sheet.balance.count("route_section")
        if game.use_cafes:
            free = sheet.cafes_gained & ~sheet.cafes_used
            bonus += sum(
                1
                for k, cafe in enumerate(city.cafes)
                if free >> k & 1 and cafe.bonus == "route_section"
            )
        return Model(
            self,
            city,
            view.marks,
            max(0, rounds_left),
            points,
            game.use_cafes,
            bonus,
            [city.goals[g] for g in view.goals] if seat == own and self.play_goals else (),
            game.solo,
        )

    def bonus_value(self, view: EnRouteState, sheet: Sheet, rounds_left: int) -> float:
        """What the unused bonuses of a map are worth: 2 PP per Café, plus future use."""
        game = view.game
        free = sheet.cafes_gained & ~sheet.cafes_used if game.use_cafes else 0
        value = 2.0 * free.bit_count()
        later = self.bonus_future if rounds_left > 0 else 0.0
        route = sheet.balance.count("route_section")
        change = sheet.balance.count("coordinate_change")
        for k, cafe in enumerate(game.city.cafes):
            if free >> k & 1:
                route += cafe.bonus == "route_section"
                change += cafe.bonus == "coordinate_change"
        return value + later * route + 0.5 * later * change

    def analysis(self, view: EnRouteState, seat: int, own: int) -> Analysis:
        """The full analysis of a seat's map (every location's cost), for card values."""
        sheet = view.sheets[seat] if seat == own else view.shown[seat]
        key = (
            "analysis",
            seat,
            own,
            sheet.sections,
            tuple(sheet.tourists),
            sheet.cafes_gained,
            tuple(view.marks),
            view.round,
            view.objectives[seat] if seat == own else -1,
        )
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        model = self.model(view, seat, own, after_turn=False)
        mine = MapView.of(sheet)
        result = model.evaluate(
            mine.horizontal,
            mine.vertical,
            mine.tourists,
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
        key = (
            "turn",
            seat,
            sheet.sections,
            tuple(sheet.tourists),
            sheet.cafes_gained,
            sheet.cafes_used,
            tuple(view.marks),
            view.round,
            view.objectives[seat],
            location,
            fallback,
            tourist if not marked else "marked",
        )
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        if not marked:
            # The key of the position once marked: the Chart decision finds it cached.
            counts = _marked_counts(view, tourist)
            after = list(sheet.tourists)
            for i in range(3):
                after[location * 3 + i] += counts[i]
            marked_key = (*key[:3], tuple(after), *key[4:11], "marked")
        else:
            counts = (0, 0, 0)
            marked_key = key
        result = self._search_segments(view, seat, location, counts, fallback)
        self._remember(key, result)
        self._remember(marked_key, result)
        return result

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
        bit = LOCATION_BIT[location].bit_length() - 1
        if any(added):
            tourists[bit] = _add(tourists.get(bit), added)
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
        city = view.game.city
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
            bonuses = self._bonuses_after(view, sheet, gained, rounds_left)
            result = model.evaluate(
                horizontal, vertical, tourists, bonuses, gift, cafes_visited=gained.bit_count()
            )
            if result.value > best[0]:
                best = (result.value, Chart(tuple(sections)))
        return best

    def _bonuses_after(
        self, view: EnRouteState, sheet: Sheet, gained: int, rounds_left: int
    ) -> float:
        if gained == sheet.cafes_gained:
            return self.bonus_value(view, sheet, rounds_left)
        other = sheet.copy()
        other.cafes_gained = gained
        return self.bonus_value(view, other, rounds_left)

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
        now = model.evaluate(
            mine.horizontal,
            mine.vertical,
            mine.tourists,
            self.bonus_value(view, sheet, model.rounds_left),
            cafes_visited=sheet.cafes_gained.bit_count(),
        ).value
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
            bonuses = self._bonuses_after(view, spent, gained, model.rounds_left)
            value = model.evaluate(
                horizontal, vertical, mine.tourists, bonuses, cafes_visited=gained.bit_count()
            ).value
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
        landmarks = analysis.landmarks
        best = 0.0
        found = False
        for loc in city.matching(sheet.board, first.number, second.number):
            if sheet.occupied >> loc & 1:
                continue
            found = True
            best = max(best, self.place_value(analysis, loc, counts))
        if not found:  # 1 tourist anywhere, 1 section anywhere
            best = 0.5 * max(landmarks)
        if self.upgrades:
            for card in (first, second):
                for iconic in card.iconic:
                    marks = self.view.marks[iconic]
                    if marks < MAX_UPGRADES:
                        gain = city.iconic_rating(iconic, marks + 1) - city.iconic_rating(
                            iconic, marks
                        )
                        where = city.iconic_locations[iconic]
                        best += gain * analysis.chance[analysis.cost[where]]
        return best

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
    best_type = max(range(3), key=lambda t: (landmarks[t], -t))
    if first.is_repeat and second.is_repeat:
        return _single(best_type, 2)
    if first.is_repeat or second.is_repeat:
        shown = second.tourists if first.is_repeat else first.tourists
        types = [t for t in range(3) if shown[t]]
        pick = max(types, key=lambda t: (landmarks[t], -t)) if types else best_type
        counts = list(shown)
        counts[pick] += 2
        return counts[0], counts[1], counts[2]
    t1, t2 = first.tourists, second.tourists
    return t1[0] + t2[0], t1[1] + t2[1], t1[2] + t2[2]


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
    scan = drawn
    while scan:
        low = scan & -scan
        scan ^= low
        crossroads.update(SECTION_ENDS[low.bit_length() - 1])
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
