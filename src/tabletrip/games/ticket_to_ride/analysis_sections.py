"""Ticket to Ride's report sections: destination tickets, route claims (with the claims map),
the map's bonuses and score components, from the stored facts of many games on one board.

`analysis` gathers the facts and picks the sections per map and player count; these
functions turn one such group of games into tables and charts.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from tabletrip.core import analysis_tools
from tabletrip.core.analysis import Chart, PlayedGame, Section, Series, Table
from tabletrip.core.analysis_answers import correlation_note
from tabletrip.core.analysis_tools import (
    SeatGame,
    chart_value,
    column_chart,
    column_means,
    column_series,
    seat_labeller,
    win_interval,
    win_row,
    win_share,
    with_rate_intervals,
)
from tabletrip.games.ticket_to_ride import analysis_metrics
from tabletrip.games.ticket_to_ride.content import Board

Keeper = tuple[PlayedGame, int, bool]  # a game, the seat that kept a ticket, whether completed
MAP_TITLES = {"usa": "USA", "europe-express": "Europe Express"}
TOP_ROUTES = 15  # routes in each of the most / least / earliest claimed charts
HARDEST_TICKETS = 10  # tickets in the hardest tickets chart


# --- small helpers ----------------------------------------------------------------------------


# An empty cell of these tables reads `-` (a percentage of nothing, a mean of no values).
percent = partial(analysis_tools.percent, empty="-")
mean = partial(analysis_tools.average, empty="-")


def winners_without(played: PlayedGame, step: str) -> set[int]:
    """The winners had no seat scored `step`: most points, then most completed tickets."""
    keys = [(b["total"] - b.get(step, 0), b.get("tickets_completed", 0)) for b in played.breakdown]
    best = max(keys)
    return {seat for seat, key in enumerate(keys) if key == best}


# --- destination tickets -------------------------------------------------------------------


def ticket_section(games: Sequence[PlayedGame], board: Board, name: str) -> Section:
    """Keep and completion rates by ticket value, by ticket, by when kept and by bot."""
    by_points: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])  # offered, kept, done
    by_ticket: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    by_time = {True: [0, 0], False: [0, 0]}  # at setup: kept, done
    keepers: dict[int, list[Keeper]] = defaultdict(list)
    for played in games:
        for ticket, points, seat, kept, done, setup in played.facts["tickets"]:
            for counts in (by_points[points], by_ticket[ticket]):
                counts[0] += 1
                counts[1] += kept
                counts[2] += done
            if kept:
                by_time[setup][0] += 1
                by_time[setup][1] += done
                keepers[ticket].append((played, seat, bool(done)))
    value_rows = []
    for points in sorted(by_points):
        offered, kept, done = by_points[points]
        net = mean([points] * done + [-points] * (kept - done))
        rows = (
            points,
            offered,
            kept,
            percent(kept, offered),
            done,
            percent(done, kept),
            win_interval(done, kept),
            net,
        )
        value_rows.append(rows)
    ticket_rows = []
    for ticket, (offered, kept, done) in by_ticket.items():
        t = board.tickets[ticket]
        ticket_rows.append(
            (
                board.ticket_name(t),
                t.points,
                offered,
                kept,
                done,
                percent(done, kept),
                win_interval(done, kept),
            )
        )
    # hardest first: lowest completion, then the most often kept; never kept last
    ticket_rows.sort(key=lambda r: (r[3] == 0, chart_value(r[5]), -r[3], r[0]))
    kind, label_of = seat_labeller(games)
    # per group: seats, tickets kept, completed, ticket points
    by_group: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for played in games:
        for seat, steps in enumerate(played.breakdown):
            tally = by_group[label_of(played, seat)]
            tally[0] += 1
            tally[1] += len(steps["tickets"])
            tally[2] += steps["tickets_completed"]
            tally[3] += steps["tickets_points"]
    group_rows = tuple(
        (label, int(s), mean([k / s]), percent(d, k), mean([net / s]))
        for label, (s, k, d, net) in sorted(by_group.items())
    )
    kept_all = sum(v[1] for v in by_points.values())
    done_all = sum(v[2] for v in by_points.values())
    hardest = [r for r in ticket_rows if r[3]][:HARDEST_TICKETS]
    summary = (
        f"{kept_all} tickets kept in {len(games)} games, {percent(done_all, kept_all)}% "
        f"completed (kept at setup {percent(by_time[True][1], by_time[True][0])}%, "
        f"drawn later {percent(by_time[False][1], by_time[False][0])}%)."
    )
    if hardest:
        summary += f" Hardest: {hardest[0][0]} ({hardest[0][5]}% of {hardest[0][3]} kept)."
    completion = [r for r in value_rows if r[2]]  # values kept at least once
    return Section(
        title=f"Destination tickets ({name})",
        summary=summary,
        tables=(
            Table(
                "Tickets by point value",
                (
                    "points",
                    "offered",
                    "kept",
                    "keep %",
                    "completed",
                    "completion %",
                    "95% interval",
                    "net points per kept ticket",
                ),
                tuple(value_rows),
            ),
            Table(
                "Tickets kept at setup and drawn later",
                ("kept", "tickets", "completed", "completion %"),
                tuple(
                    (when, kept, done, percent(done, kept))
                    for when, (kept, done) in (
                        ("at setup", by_time[True]),
                        ("drawn later", by_time[False]),
                    )
                ),
            ),
            Table(
                "Tickets, hardest first",
                (
                    "ticket",
                    "points",
                    "offered",
                    "kept",
                    "completed",
                    "completion %",
                    "95% interval",
                ),
                tuple(ticket_rows),
                note="Completion % is of the games the ticket was kept; never-kept tickets last.",
            ),
            ticket_value_table(board, keepers),
            Table(
                f"Tickets by {kind}",
                (kind, "seats", "kept per game", "completion %", "ticket points per game"),
                group_rows,
            ),
        ),
        charts=(
            Chart(
                "Ticket completion and keep rate against ticket points",
                "line",
                "ticket points",
                "%",
                (
                    Series(
                        "completion %",
                        tuple(float(r[0]) for r in completion),
                        tuple(chart_value(r[5]) for r in completion),
                    ),
                    Series(
                        "keep %",
                        tuple(float(r[0]) for r in value_rows),
                        tuple(chart_value(r[3]) for r in value_rows),
                    ),
                ),
            ),
            with_rate_intervals(
                column_chart(
                    "Hardest tickets (lowest completion rate)",
                    "hbar",
                    "ticket",
                    "completion %",
                    hardest,
                    5,
                ),
                [(r[4], r[3]) for r in hardest],
            ),
        ),
    )


def ticket_value_table(board: Board, keepers: dict[int, list[Keeper]]) -> Table:
    """What keeping each ticket was worth: its net points (its value if completed, minus it
    if not) and the win rate of the seats that kept it, best net points first."""
    rows = []
    for ticket, kept in keepers.items():
        t = board.tickets[ticket]
        net = [t.points if completed else -t.points for _, _, completed in kept]
        wins = sum(win_share(played, seat) for played, seat, _ in kept)
        rows.append(
            (
                board.ticket_name(t),
                t.points,
                len(kept),
                mean(net, 1),
                percent(wins, len(kept)),
                win_interval(wins, len(kept)),
            )
        )
    rows.sort(key=lambda r: (-chart_value(r[3]), r[0]))
    return Table(
        "What a kept ticket is worth",
        ("ticket", "points", "kept", "net points when kept", "win % when kept", "95% interval"),
        tuple(rows),
        note=correlation_note("ticket"),
    )


# --- routes --------------------------------------------------------------------------------


def route_section(games: Sequence[PlayedGame], board: Board, name: str) -> Section:
    """How often each connection is claimed and how early (round and share of the game).

    A double route's tracks count together: at 2-3 players only one of them may be claimed
    ("Double Routes"), so a track "never claimed" would only say the other one was.
    """
    rounds: dict[int, list[int]] = defaultdict(list)  # connection: round of its first claim
    shares: dict[int, list[float]] = defaultdict(list)
    both: dict[int, int] = defaultdict(int)  # connection: games with both tracks claimed
    for played in games:
        players = len(played.bots)
        turns = max(1, played.facts["turns"])
        tracks: dict[int, int] = defaultdict(int)
        for route, _seat, turn in played.facts["claims"]:
            connection = analysis_metrics.connection_of(board, route)
            tracks[connection] += 1
            if tracks[connection] == 1:
                rounds[connection].append(turn // players + 1)
                shares[connection].append(100 * turn / turns)
        for connection, claimed in tracks.items():
            both[connection] += claimed > 1
    count = len(games)
    doubles_allowed = len(games[0].bots) > board.single_double_up_to
    connections = sorted({analysis_metrics.connection_of(board, r.id) for r in board.routes})
    rows: list[tuple[Any, ...]] = []
    for connection in connections:
        route = board.routes[connection]
        twin = board.twin[connection]
        claimed = len(rounds[connection])
        colours = route.color if twin < 0 else f"{route.color}, {board.routes[twin].color}"
        row: list[Any] = [
            board.route_name(route) + (" (double)" if twin >= 0 else ""),
            route.length,
            colours,
            claimed,
            percent(claimed, count),
            win_interval(claimed, count),
            mean(rounds[connection], 1),
            mean(shares[connection], 1),
        ]
        if doubles_allowed:
            row.append(both[connection] if twin >= 0 else "-")
        rows.append(tuple(row))
    rows.sort(key=lambda r: (-chart_value(r[4]), chart_value(r[6]), r[0]))
    by_length: dict[int, list[Any]] = defaultdict(lambda: [0, 0, []])  # connections, claims, rounds
    for connection in connections:
        entry = by_length[board.routes[connection].length]
        entry[0] += 1
        entry[1] += len(rounds[connection])
        entry[2].extend(rounds[connection])
    length_rows = tuple(
        (
            length,
            board.route_points[length],
            n,
            percent(claims, n * count),
            win_interval(claims, n * count),
            mean(r, 1),
        )
        for length, (n, claims, r) in sorted(by_length.items())
    )
    enough = max(1, count // 4)
    often = [r for r in rows if r[3] >= enough]
    early = sorted(often, key=lambda r: (chart_value(r[6]), -r[3], r[0]))[:TOP_ROUTES]
    least = sorted(rows, key=lambda r: (chart_value(r[4]), r[0]))[:TOP_ROUTES]
    never = sum(1 for r in rows if r[3] == 0)
    per_game = mean([len(g.facts["claims"]) for g in games], 1)
    summary = (
        f"{per_game} of {len(board.routes)} routes claimed per game on average over {count} "
        f"games; most claimed {rows[0][0]} ({rows[0][4]}% of games, {rows[0][5]}), "
        f"{never} of {len(connections)} connections never claimed."
    )
    if not doubles_allowed:
        summary += " At this player count only one track of a double route may be claimed."
    claimed_title = "% of games claimed"
    columns = ["connection", "length", "colour", "games claimed", "claim %", "95% interval"]
    columns += ["mean round first claimed", "mean % of game elapsed"]
    if doubles_allowed:
        columns.append("games both tracks claimed")
    return Section(
        title=f"Routes ({name})",
        summary=summary,
        tables=(
            Table(
                "Connections by length",
                ("length", "points", "connections", "claim %", "95% interval", "mean round"),
                length_rows,
                note="claim %: of connections times games; a double route is one connection",
            ),
            Table(
                "Every connection, most claimed first",
                tuple(columns),
                tuple(rows),
                note="A double route's tracks count together (claimed: either track). A round "
                "is one turn of every seat; the setup ticket choice is not a turn.",
            ),
        ),
        charts=(
            claims_map(board, rounds, count, name),
            with_rate_intervals(
                column_chart(
                    "Most claimed connections",
                    "hbar",
                    "connection",
                    claimed_title,
                    rows[:TOP_ROUTES],
                    4,
                ),
                [(r[3], count) for r in rows[:TOP_ROUTES]],
            ),
            with_rate_intervals(
                column_chart(
                    "Least claimed connections", "hbar", "connection", claimed_title, least, 4
                ),
                [(r[3], count) for r in least],
            ),
            column_chart(
                f"Earliest claimed connections (claimed in {enough}+ games)",
                "hbar",
                "connection",
                "mean round first claimed",
                early,
                6,
            ),
            Chart(
                "Claim rate by route length",
                "bar",
                "route length",
                "% of connections claimed",
                (column_series("claim %", length_rows, 3),),
            ),
        ),
    )


def claims_map(board: Board, rounds: dict[int, list[int]], games: int, name: str) -> Chart:
    """The board as a heat map: each connection coloured by the share of games it was
    claimed in, cities at their longitude and latitude (longitude scaled by the cosine of
    the map's mean latitude, so distances look right)."""
    mean_lat = sum(lat for _, lat in board.lonlat) / len(board.lonlat)
    scale = math.cos(math.radians(mean_lat))

    def at(city: int) -> tuple[float, float]:
        lon, lat = board.lonlat[city]
        return lon * scale, lat

    connections = sorted({analysis_metrics.connection_of(board, r.id) for r in board.routes})
    segments = tuple((at(board.routes[c].a), at(board.routes[c].b)) for c in connections)
    rates = tuple(100 * len(rounds[c]) / games if games else 0.0 for c in connections)
    cities = tuple((*at(i), city) for i, city in enumerate(board.cities))
    return Chart(
        f"Claims on the board ({name})",
        "network",
        "longitude",
        "% of games claimed",
        (
            Series("% of games claimed", segments, rates),
            Series("cities", cities, (0.0,) * len(cities)),
        ),
        note="colour: the share of games a connection was claimed in (a double route's "
        "tracks together)",
    )


# --- bonuses -------------------------------------------------------------------------------


def _holder_rows(
    rows: Sequence[tuple[str, list[SeatGame]]], extra: Callable[[list[SeatGame]], Any]
) -> tuple[tuple[Any, ...], ...]:
    """Per (label, seats): seats, wins, win %, its 95% interval, mean score, extra column."""
    return tuple((*win_row(label, seats, "-"), extra(seats)) for label, seats in rows)


def longest_path_section(games: Sequence[PlayedGame], board: Board, name: str) -> Section:
    """The Longest Continuous Path bonus: its holders' win rate against the others'."""
    holders: list[SeatGame] = []
    others: list[SeatGame] = []
    shared = changed = 0
    kind, label_of = seat_labeller(games)
    by_group: dict[str, list[tuple[PlayedGame, int, bool]]] = defaultdict(list)
    for played in games:
        held = [s for s, b in enumerate(played.breakdown) if b["longest_path_bonus"] > 0]
        shared += len(held) > 1
        changed += bool(held) and winners_without(played, "longest_path_bonus") != set(
            played.winners
        )
        for seat in range(len(played.breakdown)):
            (holders if seat in held else others).append((played, seat))
            by_group[label_of(played, seat)].append((played, seat, seat in held))

    def path_length(seats: list[SeatGame]) -> float | str:
        return analysis_tools.average([g.breakdown[s]["longest_path"] for g, s in seats], 1, "-")

    rows = _holder_rows([("holders", holders), ("others", others)], path_length)
    group_rows = []
    for label, seats in sorted(by_group.items()):
        took = [(g, s) for g, s, h in seats if h]
        rest = [(g, s) for g, s, h in seats if not h]
        group_rows.append(
            (
                label,
                len(seats),
                len(took),
                percent(len(took), len(seats)),
                percent(sum(win_share(g, s) for g, s in took), len(took)),
                percent(sum(win_share(g, s) for g, s in rest), len(rest)),
            )
        )
    bonus = board.longest_path_bonus
    summary = (
        f"The Longest Continuous Path ({bonus} points) was held by {len(holders)} seats in "
        f"{len(games)} games ({shared} shared); its holders won {rows[0][3]}% against "
        f"{rows[1][3]}% for the others. Without it, {changed} games would have had other winners."
    )
    return Section(
        title=f"Longest Continuous Path ({name})",
        summary=summary,
        tables=(
            Table(
                "Longest Path holders against the other seats",
                ("seats", "count", "wins", "win %", "95% interval", "mean score", "mean path"),
                rows,
                note="Wins are shared among tied winners; a shared bonus counts for each holder. "
                "Correlation, not effect: holders may differ in other ways; the table of other "
                "winners shows what the bonus points themselves changed.",
            ),
            Table(
                f"Longest Path by {kind}",
                (kind, "seats", "took it", "took %", "win % with it", "win % without"),
                tuple(group_rows),
            ),
            Table(
                "Games decided by the bonus",
                ("games", "with a holder", "shared", "other winners without it"),
                ((len(games), len({id(g) for g, _ in holders}), shared, changed),),
                note=f"Other winners: remove the {bonus} points and rank again (then tickets).",
            ),
        ),
        charts=(
            column_chart(
                "Win rate of the Longest Path holders and the others",
                "bar",
                "seats",
                "win %",
                rows,
                3,
            ),
        ),
    )


def express_section(games: Sequence[PlayedGame], board: Board, name: str) -> Section:
    """The Europe Express (London-Istanbul) bonus cards: win rate by card, when taken."""
    by_card: dict[int, list[SeatGame]] = defaultdict(list)
    taken_round: dict[tuple[int, int], int] = {}  # (id of game, seat) -> round taken
    changed = 0
    kind, label_of = seat_labeller(games)
    by_group: dict[str, list[int]] = defaultdict(list)  # bonus points per seat
    for played in games:
        players = len(played.bots)
        for seat, _points, turn in played.facts.get("express", ()):
            taken_round[(id(played), seat)] = turn // players + 1
        for seat, steps in enumerate(played.breakdown):
            points = steps["europe_express_bonus"]
            by_card[points].append((played, seat))
            by_group[label_of(played, seat)].append(points)
        if any(b["europe_express_bonus"] for b in played.breakdown):
            changed += winners_without(played, "europe_express_bonus") != set(played.winners)

    def when(seats: list[SeatGame]) -> float | str:
        rounds = [taken_round[(id(g), s)] for g, s in seats if (id(g), s) in taken_round]
        return analysis_tools.average(rounds, 1, "-")

    cards = sorted(board.express_bonus, reverse=True)
    labelled = [(f"{value}-point card", by_card.get(value, [])) for value in cards]
    with_card = [seat for value in cards for seat in by_card.get(value, [])]
    labelled += [("any card", with_card), ("no card", by_card.get(0, []))]
    rows = _holder_rows(labelled, when)
    charted = [r for r in rows if r[1] and r[0] != "any card"]
    group_rows = tuple(
        (
            label,
            len(points),
            sum(1 for p in points if p),
            percent(sum(1 for p in points if p), len(points)),
            mean(points, 1),
        )
        for label, points in sorted(by_group.items())
    )
    summary = (
        f"Seats holding a London-Istanbul bonus card won {rows[-2][3]}% of {rows[-2][1]} seats, "
        f"the others {rows[-1][3]}% of {rows[-1][1]}; without the bonus {changed} of "
        f"{len(games)} games would have had other winners."
    )
    return Section(
        title=f"Europe Express bonus ({name})",
        summary=summary,
        tables=(
            Table(
                "Win rate by Europe Express bonus card",
                ("card", "seats", "wins", "win %", "95% interval", "mean score", "round taken"),
                rows,
                note="Cards are taken top (highest) first when a claim joins London and Istanbul. "
                + correlation_note("bonus card (express_bonus.N)"),
            ),
            Table(
                f"Europe Express bonus by {kind}",
                (kind, "seats", "took a card", "took %", "mean bonus points"),
                group_rows,
            ),
        ),
        charts=(
            column_chart(
                "Win rate by Europe Express bonus card", "bar", "card", "win %", charted, 3
            ),
        ),
    )


# --- score components ----------------------------------------------------------------------


def score_section(games: Sequence[PlayedGame], board: Board, name: str) -> Section:
    """Mean points by source (routes, tickets won and lost, bonuses) by bot or by seat."""
    kind, label_of = seat_labeller(games)
    bonus_key, bonus_name = (
        ("longest_path_bonus", "Longest Path bonus")
        if board.longest_path_bonus
        else ("europe_express_bonus", "Europe Express bonus")
    )
    parts: dict[str, list[list[float]]] = defaultdict(list)  # per seat: components, win
    for played in games:
        for seat, steps in enumerate(played.breakdown):
            won = sum(t["points"] for t in steps["tickets"] if t["completed"])
            lost = sum(t["points"] for t in steps["tickets"] if not t["completed"])
            parts[label_of(played, seat)].append(
                [
                    steps["routes"],
                    won,
                    -lost,
                    steps[bonus_key],
                    steps["total"],
                    win_share(played, seat),
                ]
            )
    labels = sorted(parts)
    means = {label: column_means(parts[label]) for label in labels}
    rows = tuple(
        (
            label,
            len(parts[label]),
            *(round(v, 1) for v in means[label][:5]),
            percent(means[label][5], 1),
            win_interval(means[label][5] * len(parts[label]), len(parts[label])),
        )
        for label in labels
    )
    series = tuple(
        Series(title, tuple(labels), tuple(round(means[label][i], 2) for label in labels))
        for i, title in ((0, "routes"), (1, "tickets completed"), (3, bonus_name))
    )
    start = f" plus the {board.start_score} start points" if board.start_score else ""
    return Section(
        title=f"Score components ({name})",
        summary=(
            f"Mean points per seat by source over {len(games)} games; the total is the sum of "
            f"the columns{start}."
        ),
        tables=(
            Table(
                f"Score components by {kind}",
                (
                    kind,
                    "seats",
                    "routes",
                    "tickets completed",
                    "tickets failed",
                    bonus_name,
                    "total",
                    "win %",
                    "95% interval",
                ),
                rows,
            ),
        ),
        charts=(
            Chart(
                f"Mean points gained by source, by {kind}",
                "stacked",
                kind,
                "points",
                series,
                note="Points lost to failed tickets (negative) are in the table, not stacked.",
            ),
        ),
    )
