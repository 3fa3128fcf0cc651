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
from itertools import combinations
from typing import Any

from tabletrip.bots.base import CheckedBot
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
from tabletrip.games.en_route.bot_cards import (
    PairValues,
    crossroads_interest,
    near_sections,
    unseen_cards,
)
from tabletrip.games.en_route.bot_model import (
    FAR,
    LOCATION_BIT,
    LOCATION_INDEX_BITS,
    ROW,
    SECTION_LINK,
    Analysis,
    Model,
    add_counts,
    links_of,
    single_type,
)
from tabletrip.games.en_route.geometry import (
    LEGAL_SEGMENTS,
    LOCATIONS,
    SECTION_ENDS,
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
from tabletrip.games.en_route.rules import EnRouteGame, EnRouteState
from tabletrip.games.en_route.sheet import TOURIST_TYPES, Sheet

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


def _marked_counts(view: EnRouteState, tourist: str) -> tuple[int, int, int]:
    """The tourists a Mark naming `tourist` adds this turn: the Round cards' tourists, and 2
    of the repeated type when a Repeat card is among them."""
    counts, choices = view.round_tourists()
    if not choices:
        return counts
    return add_counts(counts, single_type(TOURIST_TYPES.index(tourist or choices[0]), 2))


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
            tourists[bit] = add_counts(tourists.get(bit), added)
        table = model.tourists(tourists)
        drawn = sheet.sections
        candidates: list[tuple[int, ...]] = []
        if not fallback:
            candidates += [
                pair
                for pair in LEGAL_SEGMENTS[location]
                if not drawn >> pair[0] & 1 and not drawn >> pair[1] & 1
            ]
        candidates += [(s,) for s in near_sections(drawn, location)]
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
        for section in near_sections(sheet.sections, view.location):
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
        pool = unseen_cards(view, seat)
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
            value = sum(crossroads_interest(city, c) for c in points)
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
