"""The `heuristic` Let's Go! To France bot: simulate the trip of the itinerary it is building.

Planning. Every Place option (a card of the hand, a day, under the Highlight or at the bottom
as the new Highlight, face up or face down to Explore the City) is valued by simulating the
trip of the itinerary with the card in it (`scoring.Trip` on a copy, Monday to Saturday:
days' points, Highlights and their formulas, energy, and the experience track smoothed
between its thresholds, the itinerary being unfinished), plus its top bonus (a Research
token, Travel actions valued by the best path on the regional map), its Favourable
Condition bonus (flip early, a reward row late or once flipped), the goal tiles already
activated that score at the end, and a little for keeping a good card from the neighbour
(solo: exactly what the card would give the travel agent in its next place). The days
before the card's day do not change: the trip up to each day is simulated once per decision,
each card's options are valued once per decision, and a column is resolved from its
`scoring.DayPlan` (what does not depend on the trip so far), cached per deck by its cards.
A Research token is used when three more cards are expected to beat the hand by more than
the token is worth; the three cards discarded are the worst for the seat (keeping one that
is poor to pass). Travel actions follow the best discounted path of map bonuses and flags;
dotted paths are paid when the bonus beats the token spent.

Trip. Each choice (a Wild token now or later, an icon of your choice, a tie for the lowest,
goal tiles' choices) is valued by finishing the trip greedily with exact experience points:
icons go to the token nearest its next threshold, Wild tokens left for a later window are
spent where they add the most at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from itertools import combinations
from typing import Any

from tabletrip.bots.base import CheckedBot
from tabletrip.core import Action, State
from tabletrip.games.lets_go_france.actions import (
    ChooseCard,
    ChooseIcon,
    ChooseRow,
    DiscardThree,
    Favour,
    Place,
    SpendWild,
)
from tabletrip.games.lets_go_france.bot_map import (
    ANY_ICON_VALUE,
    RESEARCH_VALUE,
    WILD_VALUE,
    MapPlan,
)
from tabletrip.games.lets_go_france.bot_plans import (
    EXPLORE_ID,
    ColumnKey,
    best_wild_spend,
    column_key,
    deck_plans,
    icon_chooser,
    longest_run,
    track_tables,
)
from tabletrip.games.lets_go_france.content import DAYS, ICONS, MAX_PER_DAY, Activity
from tabletrip.games.lets_go_france.final import agent_choice
from tabletrip.games.lets_go_france.moves import AGENT_DAY_SIZES, longest_run_points
from tabletrip.games.lets_go_france.phases import PLAN, TRIP, Owed, Pending
from tabletrip.games.lets_go_france.rules import LetsGoState
from tabletrip.games.lets_go_france.scoring import (
    FLIP,
    DayPlan,
    PlacedCard,
    Trip,
)

SATURDAY = 5
WILD_STEP = 1.0  # a Wild token in the planning estimate: a step of the smoothed track
FAVOUR_FLIPPED = 2  # a flipped token moved to a reward row scores 2
RESEARCH_MARGIN = 0.8  # a Research token is spent when cards should gain this much more
DECK_SAMPLE = 6  # cards the deck deals next, valued to judge a Research token
HATE_SOLO = 0.8  # weight of what a passed card gives the travel agent
HATE_TWO = 0.3  # ... gives the other player (2 players)
HATE_MANY = 0.15  # ... gives the neighbour (3 and 4 players)
FAVOUR_RATE = 0.1  # chance per card still to place of another match on a day
EXPLORE_BIAS = -2.0  # Explore the City, less its estimate (its Travel action is not always used
# well, and the estimate does not see what the face-down card could have been worth later)
REWARD_VALUES = {"research": RESEARCH_VALUE, "wild": WILD_VALUE, "any_icon": ANY_ICON_VALUE}

Option = tuple[float, int, int, bool]  # a Place of a card, valued: (value, day, slot, explore)


class HeuristicBot(CheckedBot):
    """Simulates its trip to place each card; greedy, exact choices on the trip."""

    name = "heuristic"
    strength = 10
    hate_solo: float = HATE_SOLO
    hate_two: float = HATE_TWO
    hate_many: float = HATE_MANY
    research_margin: float = RESEARCH_MARGIN
    favour_rate: float = FAVOUR_RATE
    explore_bias: float = EXPLORE_BIAS

    def decide(self, view: State, seat: int) -> Action | None:
        """A sensible action for `seat` in the determinized `view`."""
        assert isinstance(view, LetsGoState)
        return _Turn(self, view, seat).decide()


class _Turn:
    """One decision: the view, the seat's itinerary as cards and the cached estimates."""

    def __init__(self, bot: HeuristicBot, view: LetsGoState, seat: int) -> None:
        self.bot = bot
        self.view = view
        self.seat = seat
        self.game = view.game
        self.acts = view.game.activities
        self.deck = deck_plans(self.acts)
        self.placed = self.deck.placed
        self.thresholds = self.game.board.experience_points
        self.smooth, self.gaps = track_tables(self.thresholds)
        self.map = MapPlan(view, seat, self.smooth)
        self._options: dict[int, list[Option]] = {}
        self._favour: dict[int, float] = {}  # day -> a matching card's favour_value
        self._pass_costs: dict[int, float] = {}

    @cached_property
    def keys(self) -> list[ColumnKey]:
        """The seat's days as column keys."""
        return [column_key(column) for column in self.view.days[self.seat]]

    @cached_property
    def columns(self) -> list[DayPlan]:
        """The seat's days as day plans."""
        return [self.deck.plan(key) for key in self.keys]

    @cached_property
    def again_day(self) -> int:
        """The day whose Highlight an activated goal tile scores again (-1: none)."""
        days = [DAYS.index(g.day) for g in self.map.goals() if g.effect == "highlight_again"]
        return days[0] if days else -1

    def decide(self) -> Action | None:
        """The action, or None to fall back on the first legal one."""
        view = self.view
        if view.pending:
            return self.owed(view.pending[0])
        if view.phase != PLAN:
            return None
        if view.to_play:
            if self.wants_research():
                return self.game.research
            return self.best_place()[0]
        dotted = self.map.dotted_move()
        return dotted if dotted is not None else self.game.done

    # --- decisions owed ------------------------------------------------------------------

    def owed(self, head: Pending) -> Action | None:
        kind = head.kind
        view = self.view
        if view.phase == TRIP and kind in (Owed.WILD_WINDOW, Owed.ANY, Owed.LOWEST):
            return self.trip_choice(kind)
        if kind is Owed.TRAVEL:
            return self.map.travel_move()
        if kind is Owed.FAVOUR:
            assert head.about is not None
            return self.favour(head.about)
        if kind is Owed.ICON:
            return self.icon_now()
        if kind is Owed.ROW:
            row_values = self.row_values()
            rows = [r for r in range(len(row_values)) if row_values[r] is not None]
            return ChooseRow(max(rows, key=lambda r: (row_values[r], -r))) if rows else None
        if kind is Owed.DISCARD3:
            return self.discard()
        if kind is Owed.STEP_BACK:
            return ChooseIcon(ICONS[self.map.cheapest_step_back()[1]])
        if kind is Owed.AGENT_ORDER:
            return self.agent_order()
        if kind is Owed.GOAL_ICON:
            best = max(
                range(len(ICONS)), key=lambda i: (longest_run_points(view, self.seat, i), -i)
            )
            return ChooseIcon(ICONS[best])
        if kind == "goal_card":
            values = [self.highlight_outcome((c, False)) for c in view.goal_cards]
            return ChooseCard(max(range(len(values)), key=lambda i: (values[i], -i)))
        if kind == "goal_opponent":
            others = [s for s in range(len(view.days)) if s != self.seat]
            outcomes: dict[int, float] = {}
            for other in others:
                column = view.days[other][SATURDAY]
                if column:
                    outcomes[other] = self.highlight_outcome(column[-1])
                else:
                    trip = view.trips[self.seat].clone()
                    outcomes[other] = self.trip_outcome(trip, list(view.pending[1:]), False)
            return ChooseCard(max(others, key=lambda s: (outcomes[s], -s)))
        return None

    # --- reward rows and Favourable Conditions ----------------------------------------------

    def row_values(self) -> list[float | None]:
        """Each reward row's leftmost open space, valued (None: the row is full)."""
        rows = self.game.board.reward_rows
        used = self.view.rows[self.seat]
        values: list[float | None] = []
        for r, row in enumerate(rows):
            if used[r] >= len(row):
                values.append(None)
                continue
            value = 0.0
            for reward in row[used[r]]:
                if reward.kind == "points":
                    value += reward.amount
                elif reward.kind == "travel":
                    value += self.map.travel_value(1) * reward.amount
                else:
                    value += REWARD_VALUES[reward.kind] * reward.amount
            values.append(value)
        return values

    def cards_left(self, placing: bool) -> int:
        """Cards this seat will still place after the one it is placing (or has just placed)."""
        rounds = self.game.board.rounds
        later = sum(r.play for r in rounds[self.view.round + 1 :])
        return later + max(0, self.view.to_play - (1 if placing else 0))

    def favour_options(self, day: int, later: int) -> dict[Favour, float]:
        """Each Favourable Condition choice for `day`, valued."""
        view, seat = self.view, self.seat
        icon = view.favour_at[seat][day]
        rows = self.row_values()
        open_rows = {r: v for r, v in enumerate(rows) if v is not None}
        best_row = max(open_rows.values(), default=0.0)
        chance = min(0.85, self.bot.favour_rate * later)  # another matching card on this day later
        flipped = view.flipped[seat][icon]
        options: dict[Favour, float] = {}
        if flipped:  # kept on its day, a later match could still move it
            options[Favour("skip")] = chance * (FAVOUR_FLIPPED + best_row)
        else:
            options[Favour("skip")] = chance * best_row
            options[Favour("flip")] = chance * (FAVOUR_FLIPPED + best_row)
        for r, v in open_rows.items():
            options[Favour("row", r)] = v + (FAVOUR_FLIPPED if flipped else 0)
        return options

    def favour_value(self, day: int, card: PlacedCard) -> float:
        """What a card's Favourable Condition bonus on `day` adds (nothing without a match)."""
        icon = self.view.favour_at[self.seat][day]
        if icon < 0 or icon not in card.icons:
            return 0.0
        gain = self._favour.get(day)
        if gain is None:
            options = self.favour_options(day, self.cards_left(placing=True))
            keep = options[Favour("skip")]
            gain = self._favour[day] = max(options.values()) - keep
        return gain

    def favour(self, day: int) -> Action:
        options = self.favour_options(day, self.cards_left(placing=False))
        return max(options, key=lambda f: (options[f], f.choice != "skip", -f.row))

    # --- the planning estimate -----------------------------------------------------------

    def chooser(self, trip: Trip) -> Any:
        """The trip's choices as `pick_icon` makes them."""
        return icon_chooser(trip, self.gaps)

    def base_trip(self) -> Trip:
        view, seat = self.view, self.seat
        trip = view.trips[seat].clone()
        if view.phase == PLAN:
            trip.favourable_scored = sum(view.flipped[seat][i] for i in view.moved[seat])
        return trip

    def run_days(
        self, trip: Trip, columns: Sequence[DayPlan], start: int, stop: int = len(DAYS)
    ) -> float:
        """Resolve days `start` to `stop` (excluded) into `trip`; the goal points they bring."""
        extra = 0.0
        choose = self.chooser(trip)
        again = self.again_day
        resolve = trip.resolve_plan
        for day in range(start, stop):
            plan = columns[day]
            resolve(plan, choose)
            if day == again and plan.cards:
                extra += self.again(trip, plan)
        return extra

    def again(self, trip: Trip, plan: DayPlan) -> float:
        """A goal tile scoring a day's Highlight again (Explore the City: 5 points)."""
        highlight = plan.highlight
        if highlight is None:
            return 5.0
        trip.gain_highlight(highlight, self.chooser(trip))
        return trip.highlight_points(highlight)

    def plan_score(self, trip: Trip, columns: Sequence[DayPlan], extra: float) -> float:
        """The estimate of a simulated trip (smoothed experience, end goals, tokens)."""
        score = sum(trip.day_points) + sum(trip.day_energy_points) + extra
        smooth, top = self.smooth, 2 * FLIP
        score += sum([smooth[s if s < top else top] for s in trip.steps])
        score += WILD_STEP * trip.wild + trip.research
        if self.map.goals():
            score += self.end_goals(trip, columns)
        return score

    def end_goals(self, trip: Trip, columns: Sequence[DayPlan]) -> float:
        points = 0.0
        for goal in self.map.goals():
            effect = goal.effect
            if effect == "one_time_cards":
                ones = sum(t == 1 for facts in trip.days for t in facts.card_times)
                points += goal.points + ones
            elif effect == "lowest_icon_points":
                points += goal.points * min(trip.steps)
            elif effect == "highest_icon_points":
                points += goal.points * max(trip.steps)
            elif effect == "moved_token_points":
                points += goal.points * len(self.view.moved[self.seat])
            elif effect == "longest_icon_run":
                points += goal.points * longest_run([plan.cards for plan in columns])
        return points

    def prefix(self) -> tuple[list[Trip], list[float]]:
        """The trip before each day (and the goal points so far), for the current itinerary."""
        trips = [self.base_trip()]
        extras = [0.0]
        for day in range(len(DAYS)):
            trip = trips[-1].clone()
            extras.append(extras[-1] + self.run_days(trip, self.columns, day, day + 1))
            trips.append(trip)
        return trips, extras

    # --- placing cards -------------------------------------------------------------------

    def hate_weight(self) -> float:
        players = self.game.players
        bot = self.bot
        return bot.hate_solo if players == 1 else bot.hate_two if players == 2 else bot.hate_many

    def pass_costs(self, cards: Sequence[int]) -> dict[int, float]:
        """What each card would give whoever it is passed to (solo: the travel agent), worked
        out once per card and decision."""
        known = self._pass_costs
        new = [c for c in cards if c not in known]
        if new and self.game.players == 1:
            known.update(self.agent_gains(new))
        elif new:
            known.update((c, static_value(self.acts[c])) for c in new)
        return {c: known[c] for c in cards}

    def options(self, cards: Sequence[int]) -> dict[int, list[Option]]:
        """Per card, every sensible Place of it with its value (gain over the trip now), in the
        order day, slot, face up then face down (worked out once per card and decision)."""
        known = self._options
        new = [c for c in cards if c not in known]
        if new:
            known.update(self.new_options(new))
        return {c: known[c] for c in cards}

    def new_options(self, cards: Sequence[int]) -> dict[int, list[Option]]:
        """`options` for cards not valued yet in this decision."""
        trips, extras = self.prefix()
        base = self.plan_score(trips[-1], self.columns, extras[-1])
        hate = self.hate_weight()
        costs = self.pass_costs(cards)
        explore_more = self.map.travel_value(1) + self.bot.explore_bias
        bonus = {c: self.bonus_value(self.acts[c]) for c in cards}
        found: dict[int, list[Option]] = {c: [] for c in cards}
        for day, slot in self.open_slots():
            place = self.placer(trips[day], extras[day], day, slot)
            explore_gain = place(EXPLORE_ID) - base
            explore_gain += explore_more
            for card in cards:
                gain = place(card) - base
                gain += bonus[card] + self.favour_value(day, self.placed[card])
                passed = hate * costs[card]
                found[card].append((gain + passed, day, slot, False))
                found[card].append((explore_gain + passed, day, slot, True))
        return found

    def open_slots(self) -> list[tuple[int, int]]:
        """Where a card may go: the bottom of a day that is not full, or just above it."""
        found = []
        for day, column in enumerate(self.columns):
            size = len(column.cards)
            if size < MAX_PER_DAY:
                found.append((day, size))
                if size:
                    found.append((day, size - 1))
        return found

    def placer(self, before: Trip, extra: float, day: int, slot: int) -> Any:
        """A function of a card (EXPLORE_ID: face down): the estimate of the trip with the card
        at `slot` of `day`, `before` being the trip before that day and `extra` its goal
        points."""
        columns = list(self.columns)
        key = self.keys[day]
        head, tail = key[:slot], key[slot:]
        plan = self.deck.plan

        def estimate(card: int) -> float:
            columns[day] = plan((*head, card, *tail))
            trip = before.clone()
            return self.plan_score(trip, columns, extra + self.run_days(trip, columns, day))

        return estimate

    def bonus_value(self, act: Activity) -> float:
        if act.bonus == "research":
            return RESEARCH_VALUE
        if act.bonus == "travel":
            return self.map.travel_value(1)
        if act.bonus == "travel2":
            return self.map.travel_value(2)
        return 0.0

    def best_place(self) -> tuple[Action, float]:
        """The best Place of a card of the hand and its value (on a tie, the last in notation
        order)."""
        hand = self.view.hands[self.seat]
        found = self.options(hand)
        top = max(value for options in found.values() for value, *_ in options)
        ties = [
            self.place(card, option)
            for card, options in found.items()
            for option in options
            if option[0] == top
        ]
        return max(ties, key=str), top

    def place(self, card: int, option: Option) -> Place:
        """The Place action of an option for `card`."""
        _, day, slot, explore = option
        return Place(self.acts[card].key, DAYS[day], slot, explore=explore)

    def wants_research(self) -> bool:
        """Use a Research token when three more cards should beat the hand by enough."""
        view, seat = self.view, self.seat
        trip = view.trips[seat]
        if trip.research <= 0 or len(view.deck.cards) + len(view.deck.discards) < 3:
            return False
        sample = view.deck.peek(DECK_SAMPLE, view.rng)  # what the view's deck deals next
        if len(sample) < 3:
            return False
        hand = view.hands[seat]
        found = self.options([*hand, *sample])
        value = {c: max(v for v, *_ in options) for c, options in found.items()}
        plays = view.to_play
        now = sum(sorted((value[c] for c in hand), reverse=True)[:plays])
        combos = list(combinations(sample, 3))
        later = 0.0
        for combo in combos:
            pool = sorted((value[c] for c in (*hand, *combo)), reverse=True)
            later += sum(pool[:plays])
        later /= len(combos)
        # the token is worth RESEARCH_VALUE kept: a point at the end, or a dotted path
        return later - now > RESEARCH_VALUE + self.bot.research_margin

    def discard(self) -> Action | None:
        """Keep the best cards to play and, to pass, the ones least useful to the neighbour."""
        view, seat = self.view, self.seat
        hand = view.hands[seat]
        found = self.options(hand)
        value = {c: max(v for v, *_ in options) for c, options in found.items()}
        costs = self.pass_costs(hand)
        keep_count = len(hand) - 3
        plays = min(view.to_play, keep_count)
        kept = sorted(hand, key=lambda c: (-value[c], c))[:plays]
        rest = sorted((c for c in hand if c not in kept), key=lambda c: (costs[c], c))
        kept += rest[: keep_count - plays]
        thrown = frozenset(self.acts[c].key for c in hand if c not in kept)
        for action in view.legal_actions():
            if isinstance(action, DiscardThree) and frozenset(action.cards) == thrown:
                return action
        return None

    def icon_now(self) -> Action:
        """An icon of your choice while planning: the one the trip estimate likes best."""
        columns = self.columns
        best_icon, best = 0, None
        for icon in range(len(ICONS)):
            trip = self.base_trip()
            trip.gain_icon(icon)
            extra = self.run_days(trip, columns, 0)
            value = self.plan_score(trip, columns, extra)
            if best is None or value > best:
                best_icon, best = icon, value
        return ChooseIcon(ICONS[best_icon])

    # --- solo: the travel agent ------------------------------------------------------------

    def agent_score(self, extra_cards: Sequence[int]) -> float:
        """The agent's score estimate with `extra_cards` added to its week in order."""
        view = self.view
        agent = self.game.players
        days = [list(col) for col in view.days[agent]]
        flipped = list(view.flipped[agent])
        for card in extra_cards:
            open_days = [d for d, size in enumerate(AGENT_DAY_SIZES) if len(days[d]) < size]
            if not open_days:
                break
            day = open_days[0]
            days[day].append((card, False))
            token = view.favour_at[agent][day]
            if token >= 0 and token in self.acts[card].icons:
                flipped[token] = True
        trip = view.trips[agent].clone()
        trip.research += sum(self.acts[c].bonus == "research" for c in extra_cards)

        def choose(reason: str, candidates: Sequence[int]) -> int:
            return agent_choice(trip, list(candidates))

        travel = 0
        for column in days:
            plan = self.deck.plan(tuple(c for c, _ in column))  # the agent never explores
            trip.resolve_plan(plan, choose)
            highlight = plan.highlight
            if highlight is not None:
                trip.gain_highlight(highlight, choose)
                trip.day_points[-1] += trip.highlight_points(highlight)
            elif plan.cards:
                trip.day_points[-1] += 5
            travel += sum({"travel": 1, "travel2": 2}.get(self.acts[c].bonus, 0) for c, _ in column)
        score: float = sum(trip.day_points) + sum(trip.day_energy_points) + trip.wild
        smooth, top = self.smooth, 2 * FLIP
        score += sum(smooth[s if s < top else top] for s in trip.steps)
        score += 2 * sum(flipped) + 2 * travel
        if self.game.options.get("advanced_traveler"):
            score += min(trip.steps) * max(trip.steps)
        return score

    def agent_gains(self, cards: Sequence[int]) -> dict[int, float]:
        base = self.agent_score(())
        return {c: self.agent_score((c,)) - base for c in cards}

    def agent_order(self) -> Action:
        first, second = self.view.agent_order[:2]
        a = self.agent_score((first, second))
        b = self.agent_score((second, first))
        return ChooseCard(0 if a <= b else 1)

    # --- the trip ------------------------------------------------------------------------

    def trip_choice(self, kind: Owed) -> Action | None:
        view, seat = self.view, self.seat
        trip = view.trips[seat]
        rest = list(view.pending[1:])
        candidates: list[tuple[Action, Trip, list[Pending], bool]] = []
        if kind is Owed.WILD_WINDOW:
            candidates.append((self.game.done, trip.clone(), rest, False))
            for icon in range(len(ICONS)):
                copy = trip.clone()
                copy.spend_wild(icon)
                candidates.append((SpendWild(ICONS[icon]), copy, rest, True))
        elif kind is Owed.ANY:
            for icon in range(len(ICONS)):
                copy = trip.clone()
                copy.gain_icon(icon)
                candidates.append((ChooseIcon(ICONS[icon]), copy, rest, False))
        else:  # lowest
            for icon in trip.lowest():
                copy = trip.clone()
                copy.gain_icon(icon)
                candidates.append((ChooseIcon(ICONS[icon]), copy, rest, False))
            if trip.wild:
                for icon in range(len(ICONS)):
                    copy = trip.clone()
                    copy.spend_wild(icon)
                    candidates.append((SpendWild(ICONS[icon]), copy, list(view.pending), False))
        best: tuple[float, int] | None = None
        chosen: Action | None = None
        for order, (action, copy, pending, window) in enumerate(candidates):
            value = (self.trip_outcome(copy, pending, window), -order)
            if best is None or value > best:
                best, chosen = value, action
        return chosen

    def trip_outcome(self, trip: Trip, pending: list[Pending], window: bool) -> float:
        """The seat's final score estimate: the decisions still queued taken greedily, the
        rest of the trip resolved, Wild tokens that can still be spent spent at the end."""
        view = self.view
        choose = self.chooser(trip)
        extra = 0.0
        for kind, about in pending:
            if kind is Owed.ANY:
                trip.gain_icon(choose("any_icon", range(len(ICONS))))
            elif kind is Owed.LOWEST:
                trip.gain_icon(choose("lowest_icon", trip.lowest()))
            elif kind is Owed.SCORE_HIGHLIGHT:
                assert about is not None
                extra += trip.highlight_points(self.acts[about].highlight)
        columns = self.columns
        day, step = view.trip_day, view.trip_step
        spendable = trip.wild if window else 0
        again = self.again_day
        if day < len(DAYS):
            if step == 2:
                trip.finish_plan(columns[day])
                day += 1
                if day - 1 == again and columns[again].cards:
                    extra += self.again(trip, columns[again])
            for d in range(day, len(DAYS)):
                if d == SATURDAY and (d > view.trip_day or view.trip_step == 0):
                    spendable = max(spendable, trip.wild)
                trip.resolve_plan(columns[d], choose)
                if d == again and columns[d].cards:
                    extra += self.again(trip, columns[d])
        steps = best_wild_spend(trip.steps, spendable, self.thresholds)
        trip.steps = steps
        score = sum(trip.day_points) + sum(trip.day_energy_points) + extra
        score += trip.experience_total() + trip.research
        if view.trip_day <= len(DAYS):  # the end-of-Saturday goals are still to come
            score += self.end_goals(trip, columns)
        return score

    def highlight_outcome(self, entry: tuple[int, bool]) -> float:
        """A goal tile scoring a card's Highlight again, then the rest of the trip."""
        card, explore = entry
        trip = self.view.trips[self.seat].clone()
        rest = list(self.view.pending[1:])
        if explore:
            return self.trip_outcome(trip, rest, False) + 5
        highlight = self.acts[card].highlight
        trip.plain_gains(highlight)
        pending = [Pending(Owed.ANY)] * highlight.any_icon
        pending += [Pending(Owed.LOWEST)] * highlight.lowest_icon
        pending.append(Pending(Owed.SCORE_HIGHLIGHT, card))
        return self.trip_outcome(trip, [*pending, *rest], False)


def static_value(act: Activity) -> float:
    """A rough worth of a card to whoever gets it (the neighbour a card is passed to)."""
    h = act.highlight
    value = act.points + 0.8 * len(act.icons) - 0.3 * max(0, act.time - 2)
    value += 0.5 * (h.points + 0.8 * len(h.icons) + 1.2 * h.any_icon + h.lowest_icon)
    value += 0.5 * (h.wild + h.research + 1.5 * h.energy)
    if h.formula is not None:
        value += h.formula.points
    value += {"research": RESEARCH_VALUE, "travel": 2.0, "travel2": 4.0}.get(act.bonus, 0.0)
    return value


__all__ = ["HeuristicBot", "static_value"]
