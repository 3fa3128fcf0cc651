"""Let's Go! To France's report sections: score by source (each scoring step, point tokens
split by where they came from), the players' choices by bot, the regional map and its towns,
and the solo travel agent against the player, from the stored facts of many games.

`analysis` gathers the facts and picks the sections; these functions turn the games into
tables and charts. Win rates are compared within one player count (solo: the player beats
the agent).
"""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from collections.abc import Sequence
from statistics import mean
from typing import Any

from tabletrip.core.analysis import Chart, PlayedGame, Section, Series, Table
from tabletrip.core.analysis_answers import (
    correlation_note,
    fixed_pattern,
    fixed_pattern_note,
    split_wins_ci,
)
from tabletrip.core.analysis_tools import (
    SeatGame,
    average,
    by_player_count,
    column_series,
    percent,
    seat_games,
)
from tabletrip.games.lets_go_france.content import DAYS, ICONS, RegionsSpec

# Where point tokens come from: the `tokens_and_goals` scoring step, split.
SOURCES = ("map", "reward_rows", "goals")
# The breakdown's scoring steps, with point tokens split by source when the facts have it.
STEPS = ("days", "energy", "experience", "favourable_conditions", "research_tokens")
AGENT_STEPS = (
    "days",
    "energy",
    "experience",
    "favourable_conditions",
    "research_tokens",
    "travel_icons",
    "advanced_traveler",
)
LABELS = {
    "days": "days (cards and Highlights)",
    "energy": "energy",
    "experience": "experience track",
    "favourable_conditions": "Favourable Conditions",
    "research_tokens": "Research tokens left",
    "tokens_and_goals": "point tokens and goals",
    "map": "map towns",
    "reward_rows": "reward rows",
    "goals": "goal tiles",
    "travel_icons": "Travel icons (agent)",
    "advanced_traveler": "Advanced Traveler (agent)",
}


def seat_steps(game: PlayedGame, seat: int, split: bool) -> dict[str, float]:
    """A seat's score by scoring step; with `split`, point tokens by source (from the facts)."""
    breakdown = game.breakdown[seat]
    steps = {step: breakdown.get(step, 0) for step in STEPS}
    if split:
        for source in SOURCES:
            steps[source] = game.facts["points_from"][source][seat]
    else:
        steps["tokens_and_goals"] = breakdown.get("tokens_and_goals", 0)
    return steps


def step_names(games: Sequence[PlayedGame]) -> tuple[tuple[str, ...], bool]:
    """The scoring steps to show, and whether point tokens can be split by source."""
    split = all("points_from" in g.facts for g in games)
    return (*STEPS, *(SOURCES if split else ("tokens_and_goals",))), split


def mean_steps(seats: Sequence[SeatGame], names: Sequence[str], split: bool) -> list[float]:
    """The mean of each scoring step over these seat-games."""
    if not seats:
        return [0.0] * len(names)
    sums: Counter[str] = Counter()
    for game, seat in seats:
        sums.update(seat_steps(game, seat, split))
    return [round(sums[name] / len(seats), 2) for name in names]


def region_names(regions: RegionsSpec) -> dict[str, str]:
    """Regional map id -> its name."""
    return {r.id: r.name for r in regions.regions}


# --- sections -----------------------------------------------------------------------------------


def components_section(games: Sequence[PlayedGame]) -> Section:
    """Score by source (each scoring step) by bot and for winners against the others, and
    points by day of the trip."""
    names, split = step_names(games)
    labels = tuple(LABELS[n] for n in names)
    bots = sorted({bot for g in games for bot in g.bots})
    rows = []
    by_bot = []
    for bot in bots:
        seats = seat_games(games, bot)
        means = mean_steps(seats, names, split)
        by_bot.append(means)
        total = average((g.scores[s] for g, s in seats), 1)
        rows.append((bot, len(seats), total, *means))
    tables = [
        Table(
            "Score components by bot (mean points)",
            ("bot", "seat-games", "total", *labels),
            tuple(rows),
            note="Point tokens by source: map towns, reward rows (Favourable Condition "
            "bonuses), goal tiles."
            if split
            else "",
        )
    ]
    outcome_rows = []
    outcome = []
    for label, group in by_player_count(games):
        winners = [(g, s) for g in group for s in g.winners]
        others = [(g, s) for g in group for s in range(len(g.bots)) if s not in g.winners]
        win_means = mean_steps(winners, names, split)
        other_means = mean_steps(others, names, split)
        players = len(group[0].bots)
        outcome_rows.append((players, "winners", len(winners), *win_means))
        outcome_rows.append((players, "others", len(others), *other_means))
        outcome_rows.append(
            (
                players,
                "difference",
                None,
                *(round(w - o, 2) for w, o in zip(win_means, other_means, strict=True)),
            )
        )
        outcome.append((label, win_means, other_means))
    tables.append(
        Table(
            "Score components of winners and the others (mean points)",
            ("players", "seats", "seat-games", *labels),
            tuple(outcome_rows),
            note="Solo: winners are players who beat the travel agent.",
        )
    )
    charts = [
        Chart(
            "Score components by bot",
            "stacked",
            "bot",
            "mean points",
            tuple(
                Series(labels[i], tuple(bots), tuple(means[i] for means in by_bot))
                for i in range(len(names))
            ),
        )
    ]
    xs: list[str] = []
    ys: list[list[float]] = [[] for _ in names]
    for label, win_means, other_means in outcome:
        xs += [f"winners{label}", f"others{label}"]
        for i in range(len(names)):
            ys[i] += [win_means[i], other_means[i]]
    charts.append(
        Chart(
            "Score components of winners and the others",
            "stacked",
            "seats",
            "mean points",
            tuple(Series(labels[i], tuple(xs), tuple(ys[i])) for i in range(len(names))),
        )
    )
    day_labels = tuple(day.capitalize() for day in DAYS)
    day_series = []
    for bot in bots:
        breakdowns = [g.breakdown[s] for g in games for s, b in enumerate(g.bots) if b == bot]
        day_series.append(
            Series(
                bot,
                day_labels,
                tuple(
                    round(
                        mean(b["day_points"][d] + b["day_energy_points"][d] for b in breakdowns),
                        2,
                    )
                    for d in range(len(DAYS))
                ),
            )
        )
    charts.append(
        Chart(
            "Points by day of the trip (cards, Highlight and energy)",
            "bar",
            "day",
            "mean points",
            tuple(day_series),
        )
    )
    choices = choices_by_bot(games, bots)
    if choices is not None:
        table_, chart_ = choices
        tables.append(table_)
        charts.append(chart_)
    gaps = [
        (w - o, name)
        for _, win_means, other_means in outcome[:1]
        for w, o, name in zip(win_means, other_means, labels, strict=True)
    ]
    top = max((g.scores[s] for g in games for s in range(len(g.bots))), default=0)
    summary = f"{len(games)} games; the best score was {top:g}."
    if gaps and len(outcome) == 1:
        gap, name = max(gaps)
        summary += f" Winners are furthest ahead on {name} (+{gap:.1f} points on average)."
    return Section("Let's Go! To France: score components", summary, tuple(tables), tuple(charts))


CHOICES = (
    ("travel", "Travel actions"),
    ("travel_skipped", "Travel actions skipped"),
    ("dotted_paths", "dotted paths"),
    ("explore_the_city", "Explore the City cards"),
    ("research_used", "Research tokens used"),
    ("favour_flipped", "Favourable Condition tokens flipped"),
    ("favour_moved", "Favourable Condition tokens moved to a row"),
)


def choices_by_bot(games: Sequence[PlayedGame], bots: Sequence[str]) -> tuple[Table, Chart] | None:
    """How each bot plays (travel, Explore the City, Research, Favourable Conditions) and where
    its experience tokens end; None when no game has the facts."""
    recorded = [g for g in games if "experience" in g.facts]
    if not recorded:
        return None
    rows = []
    series = []
    for bot in bots:
        seats = seat_games(recorded, bot)
        if not seats:
            continue
        rows.append(
            (
                bot,
                len(seats),
                *(average((g.facts[key][s] for g, s in seats), 2) for key, _ in CHOICES),
            )
        )
        series.append(
            Series(
                bot,
                ICONS,
                tuple(
                    round(mean(g.facts["experience"][icon][s] for g, s in seats), 2)
                    for icon in ICONS
                ),
            )
        )
    return (
        Table(
            "Choices by bot (mean a seat-game)",
            ("bot", "seat-games", *(label for _, label in CHOICES)),
            tuple(rows),
        ),
        Chart(
            "Experience track at the end, by icon",
            "bar",
            "icon",
            "mean spaces moved",
            tuple(series),
        ),
    )


def map_section(games: Sequence[PlayedGame], regions: RegionsSpec) -> Section:
    """By regional map: points from the map and goals; by town: visits and the win rate of
    the seats that went there."""
    recorded = [g for g in games if "towns" in g.facts]
    if not recorded:
        return Section(
            "Let's Go! To France: regional map", "No map facts were recorded for these games."
        )
    names = region_names(regions)
    by_region: dict[str, list[PlayedGame]] = defaultdict(list)
    for game in recorded:
        by_region[game.facts["region"]].append(game)
    region_rows = []
    tables = []
    charts = []
    for region_id in sorted(by_region):
        group = by_region[region_id]
        seats = seat_games(group)
        region_rows.append(
            (
                names.get(region_id, region_id),
                len(group),
                len(seats),
                average((g.scores[s] for g, s in seats), 1),
                average((g.facts["points_from"]["map"][s] for g, s in seats), 1),
                average((towns_visited(g, s) for g, s in seats), 1),
                average((g.facts["travel"][s] + g.facts["dotted_paths"][s] for g, s in seats), 1),
                percent(sum(g.facts["single_goal_reached"][s] for g, s in seats), len(seats)),
                percent(sum(g.facts["double_goal_reached"][s] for g, s in seats), len(seats)),
            )
        )
        spec = next((r for r in regions.regions if r.id == region_id), None)
        towns = (
            [s.id for s in spec.spaces]
            if spec
            else sorted({t for g in group for t in g.facts["towns"]})
        )
        kinds = {s.id: town_kind(s) for s in spec.spaces} if spec else {}
        town_names = {s.id: s.name for s in spec.spaces} if spec else {}
        region_name = names.get(region_id, region_id)
        for label, players_group in by_player_count(group):
            rows = []
            for town in towns:
                visits = sum(sum(g.facts["towns"].get(town, ())) for g in players_group)
                n_yes, win_yes, ci_yes, n_no, win_no, ci_no = split_wins_ci(
                    players_group, functools.partial(visited, town=town)
                )
                rows.append(
                    (
                        town_names.get(town, town),
                        kinds.get(town, ""),
                        round(visits / len(players_group), 2),
                        n_yes,
                        win_yes,
                        ci_yes,
                        n_no,
                        win_no,
                        ci_no,
                    )
                )
            fixed = towns_fixed(players_group)
            tables.append(
                Table(
                    f"Towns of {region_name}{label}",
                    (
                        "town",
                        "kind",
                        "visits a game",
                        "seats that went",
                        "win % if went",
                        "95% interval if went",
                        "seats that did not",
                        "win % if not",
                        "95% interval if not",
                    ),
                    tuple(rows),
                    note=(fixed_pattern_note("visited the same towns") + " " if fixed else "")
                    + "Seats: seat-games. A visit: a Travel action or a dotted path ending "
                    "there. " + correlation_note("town"),
                )
            )
            goal_rows = []
            for key, flag in (("single_goal", 1), ("double_goal", 2)):
                for goal in sorted({g.facts[key] for g in players_group}):
                    with_goal = [g for g in players_group if g.facts[key] == goal]
                    n_yes, win_yes, ci_yes, n_no, win_no, ci_no = split_wins_ci(
                        with_goal, functools.partial(_goal_reached, key=key)
                    )
                    goal_rows.append(
                        (goal, flag, len(with_goal), n_yes, win_yes, ci_yes, n_no, win_no, ci_no)
                    )
            tables.append(
                Table(
                    f"Goal tiles on {region_name}{label}",
                    (
                        "goal tile",
                        "flags",
                        "games",
                        "seats that reached it",
                        "win % if reached",
                        "95% interval if reached",
                        "seats that did not",
                        "win % if not",
                        "95% interval if not",
                    ),
                    tuple(goal_rows),
                    note=correlation_note("goal tile"),
                )
            )
            charts.append(
                Chart(
                    f"Win rate of seats that visited each town, {region_name}{label}",
                    "hbar",
                    "town",
                    "win %",
                    (column_series("visited", rows, 4), column_series("did not", rows, 7)),
                    note=fixed_pattern_note("visited the same towns") if fixed else "",
                )
            )
        charts.insert(
            0,
            Chart(
                f"Visits a game by town, {region_name}",
                "hbar",
                "town",
                "visits a game",
                (
                    Series(
                        "visits",
                        tuple(town_names.get(t, t) for t in towns),
                        tuple(
                            round(
                                sum(sum(g.facts["towns"].get(t, ())) for g in group) / len(group), 2
                            )
                            for t in towns
                        ),
                    ),
                ),
            ),
        )
    tables.insert(
        0,
        Table(
            "By regional map",
            (
                "regional map",
                "games",
                "seat-games",
                "mean score",
                "mean map points",
                "mean towns visited",
                "mean travels",
                "% single-flag goal reached",
                "% double-flag goal reached",
            ),
            tuple(region_rows),
            note="Towns visited: different towns. Travels: Travel actions and dotted paths.",
        ),
    )
    players = seat_games(recorded)
    # statistics.mean keeps a whole mean of whole numbers whole: "3 different towns"
    towns_each = round(mean(towns_visited(g, s) for g, s in players), 1)
    points_each = round(mean(g.facts["points_from"]["map"][s] for g, s in players), 1)
    summary = (
        f"Over {len(recorded)} games a seat visited {towns_each} different towns and took "
        f"{points_each} points from map towns on average."
    )
    return Section("Let's Go! To France: regional map", summary, tuple(tables), tuple(charts))


def town_kind(space: Any) -> str:
    """A town's part in the map: a start, a flag space, a dotted circle."""
    parts = []
    if space.start:
        parts.append("start")
    if space.flag:
        parts.append(f"{'single' if space.flag == 1 else 'double'}-flag")
    if space.explore_once:
        parts.append("dotted circle")
    return ", ".join(parts)


def towns_fixed(games: Sequence[PlayedGame]) -> bool:
    """Whether every seat-game (or almost every) visited the same set of towns."""
    return fixed_pattern(
        frozenset(t for t, v in g.facts["towns"].items() if v[s]) for g, s in seat_games(games)
    )


def _goal_reached(game: PlayedGame, seat: int, key: str) -> bool:
    """Whether the seat reached its goal of this kind (`single_goal`, `double_goal`)."""
    return bool(game.facts[f"{key}_reached"][seat])


def visited(game: PlayedGame, seat: int, town: str) -> bool:
    """Whether the seat's Traveler went to `town`."""
    visits = game.facts["towns"].get(town)
    return bool(visits and visits[seat])


def towns_visited(game: PlayedGame, seat: int) -> int:
    """How many different towns the seat's Traveler went to."""
    return sum(1 for visits in game.facts["towns"].values() if visits[seat])


def agent_section(games: Sequence[PlayedGame]) -> Section:
    """Solo: the player's score against the travel agent's, by bot and Advanced Traveler."""
    rows = []
    margins: dict[str, list[float]] = defaultdict(list)
    groups: dict[tuple[str, bool], list[PlayedGame]] = defaultdict(list)
    for game in games:
        advanced = bool(game.options.get("advanced_traveler", False))
        groups[(game.bots[0], advanced)].append(game)
    for (bot, advanced), group in sorted(groups.items()):
        players = [g.scores[0] for g in group]
        agents = [g.breakdown[0]["travel_agent"]["total"] for g in group]
        wins = sum(1 for g in group if g.winners)
        label = f"{bot}{' (advanced)' if advanced else ''}"
        margins[label] = [p - a for p, a in zip(players, agents, strict=True)]
        rows.append(
            (
                bot,
                "yes" if advanced else "no",
                len(group),
                round(mean(players), 1),
                round(mean(agents), 1),
                round(mean(margins[label]), 1),
                percent(wins, len(group)),
            )
        )
    player_names, split = step_names(games)
    player_means = mean_steps([(g, 0) for g in games], player_names, split)
    agent_means = [
        round(mean(g.breakdown[0]["travel_agent"].get(step, 0) for g in games), 2)
        for step in AGENT_STEPS
    ]
    names = list(dict.fromkeys((*player_names, *AGENT_STEPS)))
    player_of = dict(zip(player_names, player_means, strict=True))
    agent_of = dict(zip(AGENT_STEPS, agent_means, strict=True))
    component_rows = tuple((LABELS[n], player_of.get(n, 0.0), agent_of.get(n, 0.0)) for n in names)
    wins = sum(1 for g in games if g.winners)
    summary = (
        f"The player beat the travel agent in {wins} of {len(games)} solo games "
        f"({percent(wins, len(games))}%); mean margin "
        f"{mean(g.scores[0] - g.breakdown[0]['travel_agent']['total'] for g in games):+.1f}."
    )
    return Section(
        "Let's Go! To France: solo travel agent",
        summary,
        (
            Table(
                "Player against the travel agent",
                (
                    "bot",
                    "Advanced Traveler",
                    "games",
                    "player mean",
                    "agent mean",
                    "mean margin",
                    "player win %",
                ),
                tuple(rows),
                note="Margin: the player's score minus the agent's; the player wins with more.",
            ),
            Table(
                "Score components, player and travel agent (mean points)",
                ("component", "player", "travel agent"),
                component_rows,
            ),
        ),
        (
            Chart(
                "Score components, player and travel agent",
                "stacked",
                "",
                "mean points",
                tuple(
                    Series(label, ("player", "travel agent"), (player, agent))
                    for label, player, agent in component_rows
                ),
            ),
            Chart(
                "Player's margin over the travel agent",
                "hist",
                "points",
                "games",
                tuple(Series(label, (), tuple(m)) for label, m in sorted(margins.items())),
            ),
        ),
    )
