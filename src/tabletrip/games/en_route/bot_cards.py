"""What a pair of Round cards is worth to each seat on its own board (`PairValues`), and the
small questions the En Route heuristic bot asks of locations and crossroads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletrip.core.bits import bit_indices
from tabletrip.games.en_route.bot_model import FAR, ROW, Analysis, single_type
from tabletrip.games.en_route.content import Card, City
from tabletrip.games.en_route.geometry import (
    CROSSROADS_SECTIONS,
    LOCATION_SECTIONS,
    SECTION_ENDS,
    SECTIONS,
)
from tabletrip.games.en_route.phases import (
    BEGIN_CHOOSE,
    BEGIN_PLACE,
    MAX_UPGRADES,
)
from tabletrip.games.en_route.rules import EnRouteState
from tabletrip.games.en_route.sheet import TOURIST_TYPES

if TYPE_CHECKING:
    from tabletrip.games.en_route.bots import HeuristicBot


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
        self.pool = unseen_cards(view, seat)

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
        return single_type(_best_type(landmarks), 2)
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


def unseen_cards(view: EnRouteState, seat: int) -> list[int]:
    """Cards this seat does not see in the view: the deck and the others' hands (resampled)."""
    pool = list(view.deck.cards)
    for s, hand in enumerate(view.hands):
        if s != seat:
            pool += hand
    return sorted(pool)


def near_sections(drawn: int, location: int) -> list[int]:
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


def crossroads_interest(city: City, crossroads: int) -> float:
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
