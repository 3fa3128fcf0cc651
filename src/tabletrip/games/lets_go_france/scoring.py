"""Let's Go! To France scoring: the final trip, day by day, as pure functions on plain data.

"Final Round: Going to Paris!" resolves Monday to Saturday, each day in the rulebook's order:
1. experience track movement (the top icons of the day's cards), 2. the Highlight of the Day
(the bottom card's gains), 3. points (the cards' points, the Highlight's points and its
formula), 4. time to the energy tracker (limited to -3..3), then the energy space's points.
The Golden Rule: a Highlight only counts what was gained by that point of the itinerary.

Choices the trip asks for (an icon of your choice, a tie for the lowest token) are made by a
`Chooser`, so the rules engine can ask the player and tests can fix them. Wild tokens are
spent by the caller between steps (`Trip.spend_wild`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from tabletrip.games.lets_go_france.content import Activity, Formula, Highlight

ICON_COUNT = 6
FLIP = 10  # the experience track's last space: a token reaching it flips and starts again
ENERGY_MIN, ENERGY_MAX = -3, 3

# Chooser(reason, candidates) -> one of the candidate icon indices.
Chooser = Callable[[str, Sequence[int]], int]


def first_choice(reason: str, candidates: Sequence[int]) -> int:
    """The default chooser: the first candidate (the lowest icon index)."""
    return candidates[0]


def experience_points(steps: int, thresholds: Mapping[int, int]) -> int:
    """Points for one experience token that moved `steps` spaces in all.

    A token reaching 10 flips (10 points) and starts again from 0, where the thresholds
    score again ("Experience Track Scoring": Antoine's Art token, 10 + 3 = 13). The points
    rise along the track (content.py checks it), so the highest threshold reached is the best.
    """
    flipped = steps >= FLIP
    place = min(steps - FLIP, FLIP) if flipped else steps
    best = max((points for space, points in thresholds.items() if space <= place), default=0)
    return (thresholds[FLIP] if flipped else 0) + best


def energy_move(time: int, chart: Sequence[tuple[int, int]]) -> int:
    """How far a day's total time moves the energy tracker (chart: (most time, move) pairs)."""
    for most, move in chart:
        if time <= most:
            return move
    return chart[-1][1]


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """A card in an itinerary: an Activity, or one played face down to Explore the City."""

    activity: Activity | None  # None: Explore the City

    @property
    def icons(self) -> tuple[int, ...]:
        """The experience icons at the top."""
        return self.activity.icons if self.activity else ()

    @property
    def points(self) -> int:
        """The points at the top right (Explore the City: its 1 point)."""
        return self.activity.points if self.activity else 1

    @property
    def time(self) -> int:
        """The time at the top."""
        return self.activity.time if self.activity else 0


def day_highlight(cards: Sequence[PlacedCard]) -> Highlight | None:
    """The Highlight of the Day: the bottom card's (None: no card, or Explore the City)."""
    if not cards or cards[-1].activity is None:
        return None
    return cards[-1].activity.highlight


@dataclass(slots=True)
class DayFacts:
    """What a resolved day showed, for the formulas of later days."""

    icons: list[int]  # every icon on the day's cards, the visible Highlight's icons included
    time: int  # the day's total time, the Highlight's included
    card_times: list[int]  # each card's time (the Highlight card with its Highlight time)
    card_icons: list[tuple[int, ...]]  # each card's icons (the Highlight card with its own)


def day_facts(cards: Sequence[PlacedCard], highlight: Highlight | None) -> DayFacts:
    """What a day's column shows, its Highlight of the Day (`day_highlight(cards)`) included."""
    card_icons = [card.icons for card in cards]
    card_times = [card.time for card in cards]
    if highlight is not None:
        card_icons[-1] = card_icons[-1] + highlight.icons
        card_times[-1] += highlight.time
    return DayFacts(
        icons=[icon for icons in card_icons for icon in icons],
        time=sum(card_times),
        card_times=card_times,
        card_icons=card_icons,
    )


@dataclass(frozen=True, slots=True)
class DayPlan:
    """A day's column and everything about it that does not depend on the trip so far, worked
    out once (a bot resolves the same columns many times)."""

    cards: tuple[PlacedCard, ...]
    icons: tuple[int, ...]  # step 1: the top icons of every card, top card first
    highlight: Highlight | None  # step 2: the Highlight of the Day
    facts: DayFacts  # shared by every trip that resolves the plan: never changed
    points: int  # step 3 without the Highlight's formula (no card: 0)
    formula: Formula | None  # the Highlight's formula

    @classmethod
    def of(cls, cards: Sequence[PlacedCard]) -> DayPlan:
        """The plan of a day's column (top card first)."""
        highlight = day_highlight(cards)
        points = sum(card.points for card in cards)
        if cards:
            points += 5 if highlight is None else highlight.points  # Explore: 5 as Highlight
        return cls(
            tuple(cards),
            tuple(icon for card in cards for icon in card.icons),
            highlight,
            day_facts(cards, highlight),
            points,
            None if highlight is None else highlight.formula,
        )


@dataclass(slots=True)
class Trip:
    """One player's trip in progress: the experience track, tokens, energy and days so far."""

    thresholds: Mapping[int, int]
    energy_points: Mapping[int, int]
    time_chart: Sequence[tuple[int, int]]
    steps: list[int] = field(default_factory=lambda: [0] * ICON_COUNT)
    energy: int = 0
    wild: int = 0
    research: int = 0
    favourable_scored: int = 0  # Favourable Condition tokens flipped and moved to a row
    days: list[DayFacts] = field(default_factory=list)
    day_points: list[int] = field(default_factory=list)
    day_energy_points: list[int] = field(default_factory=list)

    def gain_icon(self, icon: int, count: int = 1) -> None:
        """Move one experience token forward."""
        self.steps[icon] += count

    def spend_wild(self, icon: int) -> None:
        """Discard a Wild token to move any experience token one space."""
        if self.wild <= 0:
            raise ValueError("no Wild token to spend")
        self.wild -= 1
        self.steps[icon] += 1

    def can_step_back(self, icon: int) -> bool:
        """Whether a token can move back a space: not from a "0" space (either side)."""
        return self.steps[icon] % FLIP != 0 or self.steps[icon] >= 2 * FLIP

    def step_back(self, icon: int) -> None:
        """Move a token back one space (a map cost); it stays on its side of the track, and a
        token that reached 10 a second time goes back from its 10 space."""
        if not self.can_step_back(icon):
            raise ValueError("a token on a 0 space cannot move back")
        self.steps[icon] = min(self.steps[icon], 2 * FLIP) - 1

    def lowest(self) -> list[int]:
        """The icons whose tokens are lowest (ties listed in icon order)."""
        low = min(self.steps)
        return [i for i, s in enumerate(self.steps) if s == low]

    def move_energy(self, move: int) -> None:
        """Move the energy tracker; a move past -3 or 3 leaves it where it is."""
        if ENERGY_MIN <= self.energy + move <= ENERGY_MAX:
            self.energy += move

    # --- a day ---------------------------------------------------------------------------

    def resolve_day(self, cards: Sequence[PlacedCard], choose: Chooser = first_choice) -> int:
        """Resolve one day's column (top card first); its points, energy points apart."""
        return self.resolve_plan(DayPlan.of(cards), choose)

    def resolve_plan(self, plan: DayPlan, choose: Chooser = first_choice) -> int:
        """`resolve_day` for a column worked out beforehand."""
        steps = self.steps
        for icon in plan.icons:  # step 1: every card's top icons move the experience tokens
            steps[icon] += 1
        if plan.highlight is not None:
            self.gain_highlight(plan.highlight, choose)
        return self.finish_plan(plan)

    def move_day_icons(self, cards: Sequence[PlacedCard]) -> None:
        """Step 1: every card's top icons move the experience tokens."""
        for card in cards:
            for icon in card.icons:
                self.gain_icon(icon)

    def finish_day(self, cards: Sequence[PlacedCard]) -> int:
        """Steps 3 and 4, after the Highlight's gains: the day's points, then its time moves the
        energy tracker and the energy space scores. Returns the day's points."""
        return self.finish_plan(DayPlan.of(cards))

    def finish_plan(self, plan: DayPlan) -> int:
        """`finish_day` for a column worked out beforehand."""
        facts = plan.facts
        self.days.append(facts)
        points = plan.points
        formula = plan.formula
        if formula is not None:
            points += formula.points * self._formula_count(formula, facts)
        self.day_points.append(points)
        self.move_energy(energy_move(facts.time, self.time_chart))
        self.day_energy_points.append(self.energy_points[self.energy])
        return points

    def highlight_points(self, highlight: Highlight) -> int:
        """A Highlight scored again (goal tiles): its points and formula, by today's facts."""
        today = self.days[-1] if self.days else DayFacts([], 0, [], [])
        return highlight.points + self.formula_points(highlight.formula, today)

    def plain_gains(self, highlight: Highlight) -> None:
        """A Highlight's gains that need no choice: icons, Wild and Research tokens, energy."""
        steps = self.steps
        for icon in highlight.icons:
            steps[icon] += 1
        self.wild += highlight.wild
        self.research += highlight.research
        if highlight.energy:
            self.move_energy(highlight.energy)

    def clone(self) -> Trip:
        """An independent copy (lists copied; the day facts are never changed once made)."""
        return Trip(
            self.thresholds,
            self.energy_points,
            self.time_chart,
            self.steps.copy(),
            self.energy,
            self.wild,
            self.research,
            self.favourable_scored,
            self.days.copy(),
            self.day_points.copy(),
            self.day_energy_points.copy(),
        )

    def gain_highlight(self, highlight: Highlight, choose: Chooser = first_choice) -> None:
        """Take a Highlight's gains: icons, a chosen icon, the lowest icon, tokens, energy."""
        self.plain_gains(highlight)
        for _ in range(highlight.any_icon):
            self.gain_icon(choose("any_icon", range(ICON_COUNT)))
        for _ in range(highlight.lowest_icon):
            low = self.lowest()
            self.gain_icon(low[0] if len(low) == 1 else choose("lowest_icon", low))

    def _facts(self, cards: Sequence[PlacedCard], highlight: Highlight | None) -> DayFacts:
        return day_facts(cards, highlight)

    def formula_points(self, formula: Formula | None, today: DayFacts) -> int:
        """A Highlight formula's points, counting only what the trip has so far."""
        if formula is None:
            return 0
        return formula.points * self._formula_count(formula, today)

    def _formula_count(self, formula: Formula, today: DayFacts) -> int:
        kind = formula.kind
        days = self.days
        if kind == "sets":
            return min(self.steps[i] for i in formula.icons)
        if kind == "days_with_different_icons":
            return sum(len(set(d.icons)) >= formula.count for d in days)
        if kind == "days_with_icon":
            return sum(d.icons.count(formula.icon) >= formula.count for d in days)
        if kind == "days_under_time":
            return sum(d.time < formula.count for d in days)
        if kind == "time_on_cards_with_icon":
            return sum(
                t
                for d in days
                for t, icons in zip(d.card_times, d.card_icons, strict=True)
                if formula.icon in icons
            )
        if kind == "icons_today":
            return today.icons.count(formula.icon)
        if kind == "cards_with_time":
            return sum(t >= formula.count for d in days for t in d.card_times)
        if kind == "favourable_tokens":
            return self.favourable_scored
        if kind == "research_tokens":
            return self.research
        if kind == "lowest_icon":
            return min(self.steps)
        if kind == "highest_icon":
            return max(self.steps)
        raise ValueError(f"unknown formula kind {kind!r}")  # pragma: no cover - content checks

    # --- the end ---------------------------------------------------------------------------

    def experience_total(self) -> int:
        """ "Experience Track Scoring": every token's points."""
        return sum(experience_points(s, self.thresholds) for s in self.steps)
