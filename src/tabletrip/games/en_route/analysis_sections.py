"""En Route's report sections: Landmarks, Goals, Personal Objectives, Cafés, Visit-Them-All,
Balance cards and score components, from the stored facts of many games in one city.

`analysis` gathers the facts and picks the sections per city, mode, level and player count;
these functions turn one such group of games into tables and charts.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import partial

from tabletrip.core import analysis_tools
from tabletrip.core.analysis import Chart, PlayedGame, Section, Series, Table
from tabletrip.core.analysis_answers import correlation_note, fixed_pattern, fixed_pattern_note
from tabletrip.core.analysis_tools import (
    SeatGame,
    chart_value,
    column_chart,
    column_means,
    column_series,
    seat_games,
    seat_labeller,
    win_interval,
    win_share,
    with_rate_intervals,
)
from tabletrip.games.en_route.content import LANDMARK_COLORS, City
from tabletrip.games.en_route.geometry import LOCATIONS

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
                win_interval(len(with_it), len(seats)),
                percent(with_wins, len(with_it)),
                win_interval(with_wins, len(with_it)),
                percent(without_wins, len(without)),
                win_interval(without_wins, len(without)),
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
        f"{rows[0][0]} ({rows[0][3]}% of routes, {rows[0][4]}), the least {rows[-1][0]} "
        f"({rows[-1][3]}%, {rows[-1][4]})."
    )
    routes = [tuple(sorted(g.facts["seats"][s]["landmarks"])) for g, s in seats]
    if fixed_pattern(routes):
        summary += " " + fixed_pattern_note("reach the same Landmarks")
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
                (
                    "Landmark",
                    "colour",
                    "routes",
                    "% of routes",
                    "95% interval",
                    "win % with",
                    "95% interval with",
                    "win % without",
                    "95% interval without",
                ),
                tuple(rows),
                note=f"{WIN_NOTE} {correlation_note('Landmark')}",
            ),
            Table(
                "Iconic Landmark ratings at the end",
                ("Iconic Landmark", "mean PP", "lowest", "highest", "% of routes"),
                tuple(iconic_rows),
            ),
        ),
        charts=(
            with_rate_intervals(
                column_chart(
                    "Share of final routes through each Landmark",
                    "hbar",
                    "Landmark",
                    "% of routes",
                    rows,
                    3,
                ),
                [(r[2], len(seats)) for r in rows],
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
                win_interval(len(met), len(seats)),
                percent(sum(1 for o in outcome if o == 2), len(seats)),
                "-" if solo else mean(pp, 1),
                percent(sum(win_share(g, s) for g, s in met), len(met)),
                win_interval(sum(win_share(g, s) for g, s in met), len(met)),
                percent(sum(win_share(g, s) for g, s in missed), len(missed)),
                win_interval(sum(win_share(g, s) for g, s in missed), len(missed)),
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
                    "95% interval",
                    "Goal Winner %",
                    "mean PP",
                    "win % if met",
                    "95% interval if met",
                    "win % if not",
                    "95% interval if not",
                ),
                tuple(rows),
                note="Percentages are of the seats of the games the Goal was in. "
                f"{WIN_NOTE} {correlation_note('Goal card')}",
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
                (column_series("met %", rows, 3), column_series("Goal Winner %", rows, 5)),
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
                note="Scored: at least 2 of its 3 crossroads on the final route. "
                f"{WIN_NOTE} {correlation_note('Personal Objective card')}",
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
            win_interval(visited[k], len(seats)),
            percent(used[k], visited[k]),
            win_interval(used[k], visited[k]),
        )
        for k, cafe in enumerate(city.cafes)
    )
    visit_rows = tuple(win_row(n, by_visits[n]) for n in sorted(by_visits))
    unused = [g.breakdown[s]["cafes"] for g, s in seats]
    summary = (
        f"{mean([len(g.facts['seats'][s]['cafes']) for g, s in seats], 1)} Cafés visited per "
        f"seat; unused bonuses scored {mean(unused, 1)} PP per seat."
    )
    if fixed_pattern(tuple(sorted(g.facts["seats"][s]["cafes"])) for g, s in seats):
        summary += " " + fixed_pattern_note("visit the same Cafés")
    return Section(
        title=f"Cafés ({name})",
        summary=summary,
        tables=(
            Table(
                "Every Café",
                (
                    "Café",
                    "bonus",
                    "visits",
                    "% of seats",
                    "95% interval",
                    "bonus used %",
                    "95% interval of use",
                ),
                rows,
                note="Visited: a drawn section reached it, on the final route or not.",
            ),
            Table(
                "Win rate by Cafés visited",
                ("Cafés visited", *WIN_COLUMNS),
                visit_rows,
                note=f"{WIN_NOTE} {correlation_note('Café')}",
            ),
        ),
        charts=(
            with_rate_intervals(
                column_chart(
                    "Share of seats visiting each Café", "hbar", "Café", "% of seats", rows, 3
                ),
                [(r[2], len(seats)) for r in rows],
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
            win_interval(means[label][-1] * len(parts[label]), len(parts[label])),
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
                win_interval(sum(columns[5]), len(values)),
            )
        )
    return Section(
        title=f"Score components ({name})",
        summary=f"Mean Prestige Points per seat by scoring step over {len(games)} games.",
        tables=(
            Table(
                f"Score components by {kind}",
                (kind, "seats", *(STEPS[i][1] for i in used), "total", "win %", "95% interval"),
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
                    "95% interval",
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
