"""En Route's part of a balance report: Landmarks, Goals, Objectives, Cafés, score components.

`facts` reads a finished game's maps and final routes (everything is revealed at the end);
`sections` turns many games into tables and charts, one set per city, mode, level and player
count (win rates are only comparable within one of each).

Facts: `city`; `iconic`, each Iconic Landmark's final PP by id; `goals`, the Goal card ids in
play; `seats`, one dict per seat:

- `landmarks`: the location indices of the Landmarks on the final route;
- `marked` / `on_route`: tourists (red, green, blue) marked in the game / on the final route;
- `drawn`: route sections drawn in the game;
- `cafes` / `cafes_used`: Café indices visited / whose bonus was used;
- `visit_them_all`: Visit-Them-All points on the final route;
- `objective_crossroads`: the Personal Objective's crossroads on the final route;
- `goals`: per Goal id, 2 for its Goal Winner, 1 for a Goal Achiever, 0 if not met;
- `balance` / `balance_unused`: Balance cards taken at setup / left unused;
- `renewed`: whether the hand was renewed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import partial
from itertools import pairwise

from tabletrip.core import analysis_tools
from tabletrip.core.actions import JsonDict
from tabletrip.core.analysis import Chart, PlayedGame, Section, Series, Table
from tabletrip.core.analysis_metrics import Metric
from tabletrip.core.analysis_tools import (
    SeatGame,
    chart_value,
    column_chart,
    column_means,
    column_series,
    seat_games,
    seat_labeller,
    win_share,
)
from tabletrip.core.game import Game, State
from tabletrip.games.en_route import analysis_metrics
from tabletrip.games.en_route.content import LANDMARK_COLORS, City, load_city
from tabletrip.games.en_route.geometry import LOCATIONS, locations_on_route, section_between
from tabletrip.games.en_route.rules import EnRouteGame, EnRouteState

STEPS = (
    ("red", "red Landmarks"),
    ("green", "green Landmarks"),
    ("blue", "blue Landmarks"),
    ("yellow", "yellow Landmarks"),
    ("gray", "gray Landmarks"),
    ("cafes", "unused Cafés"),
    ("visit_them_all", "Visit-Them-All"),
    ("personal_objective", "Personal Objective"),
    ("goals", "Goals"),
)
BONUS_NAMES = {
    "new_tourists": "new tourists",
    "route_section": "route section",
    "coordinate_change": "coordinate change",
}


class EnRouteAnalysis:
    """En Route's `GameAnalysis`: facts per finished game, report sections per variant."""

    def facts(self, state: State) -> JsonDict:
        """Landmarks, tourists, Cafés, objective and Goal outcomes of each seat at the end."""
        if not isinstance(state, EnRouteState) or not state.is_over:
            raise ValueError("En Route facts need a finished En Route game")
        result = state.result
        assert result is not None
        game = state.game
        city = game.city
        outcomes = goal_outcomes(city, state.goals, [b["goal_results"] for b in result.breakdown])
        seats = []
        for seat in range(game.players):
            sheet = state.sheets[seat]
            trail = state.finals[seat] or ()
            sections = [section_between(a, b) for a, b in pairwise(trail)]
            route = locations_on_route(s for s in sections if s is not None)
            marked = [0, 0, 0]
            on_route = [0, 0, 0]
            for loc in range(LOCATIONS):
                for kind, count in enumerate(sheet.tourists_at(loc)):
                    marked[kind] += count
                    if route >> loc & 1:
                        on_route[kind] += count
            objective = state.objectives[seat]
            crossroads = set(trail)
            seats.append(
                {
                    "landmarks": [
                        loc for loc in range(LOCATIONS) if city.landmark[loc] and route >> loc & 1
                    ],
                    "marked": marked,
                    "on_route": on_route,
                    "drawn": sheet.sections.bit_count(),
                    "cafes": bits(sheet.cafes_gained),
                    "cafes_used": bits(sheet.cafes_used),
                    "visit_them_all": len(crossroads.intersection(city.vta_crossroads)),
                    "objective_crossroads": (
                        len(crossroads.intersection(city.objectives[objective]))
                        if objective >= 0
                        else 0
                    ),
                    "goals": outcomes[seat],
                    "balance": len(game.balance[seat]),
                    "balance_unused": len(sheet.balance),
                    "renewed": sheet.renewed,
                }
            )
        return {
            "city": city.city,
            "iconic": {
                name: city.iconic_rating(i, state.marks[i])
                for i, name in enumerate(city.iconic_ids)
            },
            "goals": [city.goals[g].id for g in state.goals],
            "seats": seats,
        }

    def sections(self, games: Sequence[PlayedGame], game: Game | None = None) -> list[Section]:
        """Landmarks, Goals, Objectives, Cafés, Visit-Them-All, Balance cards, score components.

        One set per city, mode, level and player count: those are never pooled.
        """
        variants: dict[tuple[str, str, str, int], list[PlayedGame]] = defaultdict(list)
        for played in games:
            options = played.options
            key = (
                str(options.get("city", "first-city")),
                str(options.get("mode", "standard")),
                str(options.get("level", "full")),
                len(played.bots),
            )
            variants[key].append(played)
        sections: list[Section] = []
        for (city_id, mode, level, players), group in variants.items():
            city = (  # the run's own city file, if any, else the shipped city
                game.city
                if isinstance(game, EnRouteGame) and game.city.city == city_id
                else load_city(city_id)
            )
            name = f"{city.name}, {mode}, {level}, {players} player{'s' if players > 1 else ''}"
            with_facts = [g for g in group if "seats" in g.facts]
            if with_facts:
                sections.append(landmark_section(with_facts, city, name))
                if any(g.facts["goals"] for g in with_facts):
                    sections.append(goal_section(with_facts, city, name))
                if any(b.get("objective") for g in with_facts for b in g.breakdown):
                    sections.append(objective_section(with_facts, name))
                if city.cafes and level != "simplified":
                    sections.append(cafe_section(with_facts, city, name))
                if city.vta_crossroads:
                    sections.append(visit_them_all_section(with_facts, city, name))
                if any(s["balance"] for g in with_facts for s in g.facts["seats"]):
                    sections.append(balance_section(with_facts, name))
            sections.append(score_section(group, with_facts, name))
        return sections

    def metrics(self, games: Sequence[PlayedGame], game: Game) -> list[Metric]:
        """Route, Landmarks, Goal cards and Cafés for a comparison of runs (`analysis_metrics`)."""
        return analysis_metrics.metrics(games, game)


ANALYSIS = EnRouteAnalysis()


def bits(mask: int) -> list[int]:
    """The indices of the set bits of a mask, increasing."""
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def goal_outcomes(
    city: City, goals: Sequence[int], results: Sequence[JsonDict]
) -> list[dict[str, int]]:
    """Per seat, per Goal id: 2 Goal Winner (best result among achievers), 1 Achiever, 0."""
    outcomes: list[dict[str, int]] = [{} for _ in results]
    for index in goals:
        goal = city.goals[index]
        values = [r[goal.id]["value"] for r in results]
        met = [r[goal.id]["achieved"] for r in results]
        achieved = [v for v, ok in zip(values, met, strict=True) if ok]
        best = (max if goal.sign == "+" else min)(achieved) if achieved else None
        for seat, (value, ok) in enumerate(zip(values, met, strict=True)):
            outcomes[seat][goal.id] = (2 if value == best else 1) if ok else 0
    return outcomes


# --- small helpers ----------------------------------------------------------------------------


# An empty cell of these tables reads `-` (a percentage of nothing, a mean of no values).
percent = partial(analysis_tools.percent, empty="-")
mean = partial(analysis_tools.average, empty="-")
win_row = partial(analysis_tools.win_row, empty="-")  # label, seats, wins, win %, interval, PP

Seats = list[SeatGame]
WIN_COLUMNS = ("seats", "wins", "win %", "95% interval", "mean PP")
WIN_NOTE = "Wins are shared among tied winners (a team's two seats share its win)."


# --- Landmarks -----------------------------------------------------------------------------


def landmark_section(games: Sequence[PlayedGame], city: City, name: str) -> Section:
    """How often each Landmark and colour is on a final route, its PP and the winners'."""
    seats = seat_games(games)
    on: dict[int, Seats] = defaultdict(list)
    for g, s in seats:
        for loc in g.facts["seats"][s]["landmarks"]:
            on[loc].append((g, s))
    places = [loc for loc in range(LOCATIONS) if city.landmark[loc]]
    rows = []
    for loc in places:
        with_it = on[loc]
        keys = {(id(g), s) for g, s in with_it}
        without = [(g, s) for g, s in seats if (id(g), s) not in keys]
        with_wins = sum(win_share(g, s) for g, s in with_it)
        without_wins = sum(win_share(g, s) for g, s in without)
        rows.append(
            (
                city.landmark_name[loc],
                city.landmark[loc],
                len(with_it),
                percent(len(with_it), len(seats)),
                percent(with_wins, len(with_it)),
                percent(without_wins, len(without)),
            )
        )
    rows.sort(key=lambda r: (-chart_value(r[3]), r[0]))
    winners = [(g, s) for g, s in seats if s in g.winners]
    others = [(g, s) for g, s in seats if s not in g.winners]
    kind_rows = []
    for color in LANDMARK_COLORS:
        count = sum(1 for loc in places if city.landmark[loc] == color)
        if not count:
            continue

        def on_route(group: Seats, color: str = color) -> list[int]:
            return [
                sum(1 for loc in g.facts["seats"][s]["landmarks"] if city.landmark[loc] == color)
                for g, s in group
            ]

        def points(group: Seats, color: str = color) -> list[float]:
            return [g.breakdown[s][color] for g, s in group]

        kind_rows.append(
            (
                color,
                count,
                mean(on_route(seats)),
                percent(sum(1 for n in on_route(seats) if n), len(seats)),
                mean(points(seats), 1),
                mean(on_route(winners)),
                mean(on_route(others)),
                mean(points(winners), 1),
                mean(points(others), 1),
            )
        )
    iconic_rows = []
    for i, iconic in enumerate(city.iconic_ids):
        ratings = [g.facts["iconic"][iconic] for g in games if iconic in g.facts["iconic"]]
        loc = city.iconic_locations[i]
        iconic_rows.append(
            (
                city.iconic_names[i],
                mean(ratings, 1),
                min(ratings, default="-"),
                max(ratings, default="-"),
                percent(len(on[loc]), len(seats)),
            )
        )
    summary = (
        f"Over {len(games)} games ({len(seats)} final routes) the most visited Landmark is "
        f"{rows[0][0]} ({rows[0][3]}% of routes), the least {rows[-1][0]} ({rows[-1][3]}%)."
    )
    return Section(
        title=f"Landmarks ({name})",
        summary=summary,
        tables=(
            Table(
                "Landmark colours on the final route",
                (
                    "colour",
                    "on the map",
                    "mean on route",
                    "% of routes with one",
                    "mean PP",
                    "winners: on route",
                    "others: on route",
                    "winners: PP",
                    "others: PP",
                ),
                tuple(kind_rows),
            ),
            Table(
                "Every Landmark, most visited first",
                ("Landmark", "colour", "routes", "% of routes", "win % with", "win % without"),
                tuple(rows),
                note=WIN_NOTE,
            ),
            Table(
                "Iconic Landmark ratings at the end",
                ("Iconic Landmark", "mean PP", "lowest", "highest", "% of routes"),
                tuple(iconic_rows),
            ),
        ),
        charts=(
            column_chart(
                "Share of final routes through each Landmark",
                "hbar",
                "Landmark",
                "% of routes",
                rows,
                3,
            ),
            Chart(
                "Mean PP by Landmark colour: winners and the others",
                "bar",
                "colour",
                "PP",
                (column_series("winners", kind_rows, 7), column_series("others", kind_rows, 8)),
            ),
        ),
    )


# --- Goals ---------------------------------------------------------------------------------


def goal_section(games: Sequence[PlayedGame], city: City, name: str) -> Section:
    """Each Goal card: how often it is met and won, its PP, and its achievers' win rate."""
    goals = {goal.id: goal for goal in city.goals}
    in_play: dict[str, Seats] = defaultdict(list)
    for g, s in seat_games(games):
        for goal_id in g.facts["goals"]:
            in_play[goal_id].append((g, s))
    solo = all(len(g.bots) == 1 for g in games)
    rows = []
    for goal_id in sorted(in_play):
        seats = in_play[goal_id]
        outcome = [g.facts["seats"][s]["goals"][goal_id] for g, s in seats]
        met = [seat for seat, o in zip(seats, outcome, strict=True) if o]
        missed = [seat for seat, o in zip(seats, outcome, strict=True) if not o]
        pp = [g.breakdown[s]["goal_results"][goal_id]["pp"] for g, s in seats]
        rows.append(
            (
                goal_id,
                goals[goal_id].text if goal_id in goals else "",
                len({id(g) for g, _ in seats}),
                percent(len(met), len(seats)),
                percent(sum(1 for o in outcome if o == 2), len(seats)),
                "-" if solo else mean(pp, 1),
                percent(sum(win_share(g, s) for g, s in met), len(met)),
                percent(sum(win_share(g, s) for g, s in missed), len(missed)),
            )
        )
    kind, label_of = seat_labeller(games)
    by_group: dict[str, list[list[int]]] = defaultdict(list)
    for g, s in seat_games(games):
        outcome = list(g.facts["seats"][s]["goals"].values())
        by_group[label_of(g, s)].append(
            [
                sum(1 for o in outcome if o),
                sum(1 for o in outcome if o == 2),
                g.breakdown[s]["goals"],
            ]
        )
    group_rows = tuple(
        (label, len(v), *(mean([x[i] for x in v]) for i in range(3)))
        for label, v in sorted(by_group.items())
    )
    easiest = max(rows, key=lambda r: chart_value(r[3]))
    hardest = min(rows, key=lambda r: chart_value(r[3]))
    summary = (
        f"{len(rows)} Goal cards seen in {len(games)} games; the most often met is "
        f"{easiest[0]} ({easiest[3]}% of seats), the least {hardest[0]} ({hardest[3]}%)."
    )
    if solo:
        summary += " Solo: Goals score no PP; a win is the Challenge met."
    return Section(
        title=f"Goals ({name})",
        summary=summary,
        tables=(
            Table(
                "Goal cards",
                (
                    "Goal",
                    "requirement",
                    "games",
                    "met %",
                    "Goal Winner %",
                    "mean PP",
                    "win % if met",
                    "win % if not",
                ),
                tuple(rows),
                note="Percentages are of the seats of the games the Goal was in. " + WIN_NOTE,
            ),
            Table(
                f"Goals by {kind}",
                (kind, "seats", "Goals met per game", "Goals won per game", "Goal PP per game"),
                group_rows,
            ),
        ),
        charts=(
            Chart(
                "How often each Goal is met and won",
                "bar",
                "Goal",
                "% of seats",
                (column_series("met %", rows, 3), column_series("Goal Winner %", rows, 4)),
            ),
        ),
    )


# --- Personal Objectives, Cafés, Visit-Them-All, Balance cards ------------------------------


def objective_section(games: Sequence[PlayedGame], name: str) -> Section:
    """Each Personal Objective card: how often kept, scored, its PP and its win rate."""
    by_card: dict[str, Seats] = defaultdict(list)
    for g, s in seat_games(games):
        card = g.breakdown[s].get("objective")
        if card:
            by_card[card].append((g, s))
    rows = []
    for card in sorted(by_card):
        seats = by_card[card]
        pp = [g.breakdown[s]["personal_objective"] for g, s in seats]
        reached = [g.facts["seats"][s]["objective_crossroads"] for g, s in seats]
        rows.append(
            (
                *win_row(card, seats),
                percent(sum(1 for p in pp if p), len(seats)),
                mean(pp, 1),
                mean(reached),
            )
        )
    scored = [g.breakdown[s]["personal_objective"] for card in by_card for g, s in by_card[card]]
    summary = (
        f"A Personal Objective scored for {percent(sum(1 for p in scored if p), len(scored))}% "
        f"of {len(scored)} seats, {mean(scored, 1)} PP on average."
    )
    return Section(
        title=f"Personal Objectives ({name})",
        summary=summary,
        tables=(
            Table(
                "Personal Objective cards",
                (
                    "card",
                    *WIN_COLUMNS,
                    "scored %",
                    "mean objective PP",
                    "crossroads on route",
                ),
                tuple(rows),
                note="Scored: at least 2 of its 3 crossroads on the final route. " + WIN_NOTE,
            ),
        ),
        charts=(
            Chart(
                "Mean Personal Objective PP by card",
                "bar",
                "card",
                "PP",
                (column_series("mean PP", rows, 7),),
            ),
        ),
    )


def cafe_section(games: Sequence[PlayedGame], city: City, name: str) -> Section:
    """Each Café: how often visited and its bonus used; unused bonuses' PP; visits and wins."""
    seats = seat_games(games)
    visited = [0] * len(city.cafes)
    used = [0] * len(city.cafes)
    by_visits: dict[int, Seats] = defaultdict(list)
    for g, s in seats:
        facts = g.facts["seats"][s]
        for cafe in facts["cafes"]:
            visited[cafe] += 1
        for cafe in facts["cafes_used"]:
            used[cafe] += 1
        by_visits[len(facts["cafes"])].append((g, s))
    rows = tuple(
        (
            cafe.name,
            BONUS_NAMES.get(cafe.bonus, cafe.bonus),
            visited[k],
            percent(visited[k], len(seats)),
            percent(used[k], visited[k]),
        )
        for k, cafe in enumerate(city.cafes)
    )
    visit_rows = tuple(win_row(n, by_visits[n]) for n in sorted(by_visits))
    unused = [g.breakdown[s]["cafes"] for g, s in seats]
    summary = (
        f"{mean([len(g.facts['seats'][s]['cafes']) for g, s in seats], 1)} Cafés visited per "
        f"seat; unused bonuses scored {mean(unused, 1)} PP per seat."
    )
    return Section(
        title=f"Cafés ({name})",
        summary=summary,
        tables=(
            Table(
                "Every Café",
                ("Café", "bonus", "visits", "% of seats", "bonus used %"),
                rows,
                note="Visited: a drawn section reached it, on the final route or not.",
            ),
            Table(
                "Win rate by Cafés visited",
                ("Cafés visited", *WIN_COLUMNS),
                visit_rows,
                note=WIN_NOTE,
            ),
        ),
        charts=(
            column_chart(
                "Share of seats visiting each Café", "hbar", "Café", "% of seats", rows, 3
            ),
        ),
    )


def visit_them_all_section(games: Sequence[PlayedGame], city: City, name: str) -> Section:
    """Visit-Them-All points on the final route: how many, the PP and the win rate."""
    by_points: dict[int, Seats] = defaultdict(list)
    for g, s in seat_games(games):
        by_points[g.facts["seats"][s]["visit_them_all"]].append((g, s))
    points = range(len(city.vta_crossroads) + 1)
    rows = tuple(
        (*win_row(n, by_points[n]), city.vta_scores[n] if n < len(city.vta_scores) else "-")
        for n in points
    )
    total = sum(len(v) for v in by_points.values())
    scoring = sum(len(by_points[n]) for n in points if city.vta_scores[n])
    title = city.vta_name or "Visit-Them-All"
    return Section(
        title=f"{title} ({name})",
        summary=(
            f"{percent(scoring, total)}% of {total} final routes pass enough "
            f"{title} points to score."
        ),
        tables=(
            Table(
                f"Win rate by {title} points on the final route",
                ("points on route", *WIN_COLUMNS, "PP"),
                rows,
                note=WIN_NOTE,
            ),
        ),
        charts=(
            column_chart(
                f"Win rate by {title} points on the final route",
                "bar",
                "points on route",
                "win %",
                [r for r in rows if r[1]],
                3,
            ),
        ),
    )


def balance_section(games: Sequence[PlayedGame], name: str) -> Section:
    """Seats given Balance cards at setup against the others: win rate and cards left unused."""
    by_cards: dict[int, Seats] = defaultdict(list)
    for g, s in seat_games(games):
        by_cards[g.facts["seats"][s]["balance"]].append((g, s))
    rows = tuple(
        (
            *win_row(n, by_cards[n]),
            mean([g.facts["seats"][s]["balance_unused"] for g, s in by_cards[n]]),
        )
        for n in sorted(by_cards)
    )
    return Section(
        title=f"Balance cards ({name})",
        summary="Seats by the number of Balance cards taken at setup.",
        tables=(
            Table(
                "Win rate by Balance cards",
                ("Balance cards", *WIN_COLUMNS, "left unused"),
                rows,
                note=WIN_NOTE,
            ),
        ),
        charts=(
            column_chart(
                "Win rate by Balance cards taken", "bar", "Balance cards", "win %", rows, 3
            ),
        ),
    )


# --- score components ----------------------------------------------------------------------


def score_section(
    games: Sequence[PlayedGame], with_facts: Sequence[PlayedGame], name: str
) -> Section:
    """Mean PP by scoring step by bot (or seat), and the route and tourists behind them."""
    kind, label_of = seat_labeller(games)
    parts: dict[str, list[list[float]]] = defaultdict(list)
    for g, s in seat_games(games):
        steps = g.breakdown[s]
        parts[label_of(g, s)].append(
            [steps.get(key, 0) for key, _ in STEPS] + [steps["total"], win_share(g, s)]
        )
    labels = sorted(parts)
    means = {label: column_means(parts[label]) for label in labels}
    # steps that scored nothing for anyone (e.g. Goals at level intermediate) are left out
    used = [i for i in range(len(STEPS)) if any(means[label][i] for label in labels)]
    rows = tuple(
        (
            label,
            len(parts[label]),
            *(round(means[label][i], 1) for i in [*used, len(STEPS)]),
            percent(means[label][-1], 1),
        )
        for label in labels
    )
    series = tuple(
        Series(STEPS[i][1], tuple(labels), tuple(round(means[label][i], 2) for label in labels))
        for i in used
    )
    route_rows = []
    by_group: dict[str, list[list[float]]] = defaultdict(list)
    for g, s in seat_games(with_facts):
        facts = g.facts["seats"][s]
        steps = g.breakdown[s]
        by_group[label_of(g, s)].append(
            [
                facts["drawn"],
                steps["route_length"],
                sum(facts["marked"]),
                sum(facts["on_route"]),
                steps["landmarks"],
                float(facts["renewed"]),
            ]
        )
    for label, values in sorted(by_group.items()):
        columns = list(zip(*values, strict=True))
        route_rows.append(
            (
                label,
                len(values),
                mean(columns[0], 1),
                mean(columns[1], 1),
                mean(columns[2], 1),
                mean(columns[3], 1),
                percent(sum(columns[3]), sum(columns[2])),
                mean(columns[4], 1),
                percent(sum(columns[5]), len(values)),
            )
        )
    return Section(
        title=f"Score components ({name})",
        summary=f"Mean Prestige Points per seat by scoring step over {len(games)} games.",
        tables=(
            Table(
                f"Score components by {kind}",
                (kind, "seats", *(STEPS[i][1] for i in used), "total", "win %"),
                rows,
            ),
            Table(
                f"Route and tourists by {kind}",
                (
                    kind,
                    "seats",
                    "sections drawn",
                    "final route",
                    "tourists marked",
                    "on route",
                    "kept %",
                    "Landmarks on route",
                    "hand renewed %",
                ),
                tuple(route_rows),
            ),
        ),
        charts=(
            Chart(
                f"Mean PP by scoring step, by {kind}",
                "stacked",
                kind,
                "PP",
                series,
            ),
        ),
    )
