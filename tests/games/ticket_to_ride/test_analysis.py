"""Ticket to Ride's report analysis: facts agree with a direct count, sections with a hand count."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

import pytest

import tabletrip
from analysis_helpers import (
    assert_complete,
    play_to_end,
    section,
    table,
    with_played_games,
    without_facts,
)
from tabletrip.core.analysis import PlayedGame, analysis_for
from tabletrip.core.analysis_tools import win_interval
from tabletrip.games.ticket_to_ride.actions import Claim, DrawTickets, KeepTickets
from tabletrip.games.ticket_to_ride.analysis import ANALYSIS
from tabletrip.games.ticket_to_ride.rules import TicketToRideState

# (map, bots by seat, seed): short real games; USA seed 0 is won by one point thanks to the
# Longest Path bonus, Europe Express seed 0 has a London-Istanbul bonus card taken.
GAMES = (
    ("usa", ("heuristic", "heuristic", "heuristic"), 0),
    ("usa", ("heuristic", "heuristic", "random"), 1),
    ("usa", ("heuristic", "random"), 2),
    ("europe-express", ("heuristic", "heuristic"), 0),
    ("europe-express", ("random", "heuristic"), 1),
)
USA = "USA, 3 players"
EUROPE = "Europe Express, 2 players"


def play(map_id: str, lineup: Sequence[str], seed: int) -> TicketToRideState:
    """A finished game between these bots."""
    state = play_to_end("ticket-to-ride", lineup, seed, first_bot_seed=seed * 10, map=map_id)
    assert isinstance(state, TicketToRideState)
    return state


@pytest.fixture(scope="module")
def played() -> list[tuple[TicketToRideState, PlayedGame]]:
    """Every game of GAMES, finished, with its PlayedGame (facts through JSON, as stored)."""
    return with_played_games(ANALYSIS, ((play(m, lineup, s), lineup) for m, lineup, s in GAMES))


def turn_of_each_action(state: TicketToRideState) -> list[int | None]:
    """Direct count: after the setup choices (one per seat), a turn is a run of one seat's moves."""
    turns: list[int | None] = []
    turn = -1
    previous = None
    for index, (seat, _) in enumerate(state.history):
        if index < state.num_players:
            turns.append(None)
            continue
        if seat != previous:
            turn += 1
            previous = seat
        turns.append(turn)
    return turns


# --- facts ----------------------------------------------------------------------------------


def test_registered_for_the_game() -> None:
    assert analysis_for("ticket-to-ride") is ANALYSIS


def test_facts_are_json_and_round_trip(played: list[tuple[TicketToRideState, PlayedGame]]) -> None:
    for state, game in played:
        facts = ANALYSIS.facts(state)
        assert json.loads(json.dumps(facts)) == facts == game.facts
        assert facts["map"] == state.game.options["map"]


def test_claims_agree_with_the_history_and_the_board(
    played: list[tuple[TicketToRideState, PlayedGame]],
) -> None:
    for state, game in played:
        turns = turn_of_each_action(state)
        expected = [
            [action.route, seat, turns[i]]
            for i, (seat, action) in enumerate(state.history)
            if isinstance(action, Claim)
        ]
        assert game.facts["claims"] == expected
        assert game.facts["turns"] == max(t for t in turns if t is not None) + 1
        claimed = {route for route, owner in enumerate(state.owner) if owner >= 0}
        assert {route for route, _, _ in game.facts["claims"]} == claimed
        for route, seat, _ in game.facts["claims"]:
            assert state.owner[route] == seat


def test_tickets_agree_with_the_breakdown(
    played: list[tuple[TicketToRideState, PlayedGame]],
) -> None:
    for state, game in played:
        tickets = game.facts["tickets"]
        draws = sum(1 for _, a in state.history if isinstance(a, DrawTickets))
        kept_in_history = sum(
            len(a.tickets) for _, a in state.history if isinstance(a, KeepTickets)
        )
        assert len(tickets) == 3 * (state.num_players + draws)  # the pile never ran short here
        assert sum(1 for t in tickets if t[3]) == kept_in_history
        assert sum(1 for t in tickets if t[5]) == 3 * state.num_players
        for seat, steps in enumerate(game.breakdown):
            mine = [t for t in tickets if t[2] == seat and t[3]]
            assert sorted(t[0] for t in mine) == sorted(state.tickets[seat])
            assert Counter((t[1], t[4]) for t in mine) == Counter(
                (t["points"], t["completed"]) for t in steps["tickets"]
            )
            assert sum(p if done else -p for _, p, _, _, done, _ in mine) == steps["tickets_points"]
            # A returned ticket may be drawn again (the pile goes round when a seat draws many
            # tickets): a seat holds exactly the tickets it kept the last time they were offered.
            last = {t[0]: (t[2], t[3]) for t in tickets}
            held = {ticket for ticket, (to, kept) in last.items() if to == seat and kept}
            assert held == set(state.tickets[seat])
        assert not any(t[4] for t in tickets if not t[3])  # a ticket not kept is not completed


def test_express_bonus_agrees_with_the_breakdown(
    played: list[tuple[TicketToRideState, PlayedGame]],
) -> None:
    taken = 0
    for state, game in played:
        express = {seat: points for seat, points, _ in game.facts["express"]}
        held = {s: b["europe_express_bonus"] for s, b in enumerate(game.breakdown)}
        assert express == {s: p for s, p in held.items() if p}
        taken += len(express)
        turns = turn_of_each_action(state)
        claim_turns = {turns[i] for i, (_, a) in enumerate(state.history) if isinstance(a, Claim)}
        assert all(turn in claim_turns for _, _, turn in game.facts["express"])
        if state.game.options["map"] == "usa":
            assert game.facts["express"] == []
    assert taken  # the games chosen include a bonus card taken


def test_facts_need_a_finished_game() -> None:
    state = tabletrip.make("ticket-to-ride", players=2).new_game(seed=1)
    with pytest.raises(ValueError, match="finished"):
        ANALYSIS.facts(state)


# --- sections -------------------------------------------------------------------------------


def group(
    played: list[tuple[TicketToRideState, PlayedGame]], map_id: str, players: int
) -> list[tuple[TicketToRideState, PlayedGame]]:
    """The games of one map and player count."""
    return [(s, g) for s, g in played if g.options["map"] == map_id and len(g.bots) == players]


def test_sections_per_map_and_player_count(
    played: list[tuple[TicketToRideState, PlayedGame]],
) -> None:
    sections = ANALYSIS.sections([game for _, game in played])
    assert [s.title for s in sections] == [
        f"Destination tickets ({USA})",
        f"Routes ({USA})",
        f"Longest Continuous Path ({USA})",
        f"Score components ({USA})",
        "Destination tickets (USA, 2 players)",
        "Routes (USA, 2 players)",
        "Longest Continuous Path (USA, 2 players)",
        "Score components (USA, 2 players)",
        f"Destination tickets ({EUROPE})",
        f"Routes ({EUROPE})",
        f"Europe Express bonus ({EUROPE})",
        f"Score components ({EUROPE})",
    ]
    assert_complete(sections)
    # player counts are not pooled: the 3-player score table counts only 3-player seats
    scores = table(section(sections, f"Score components ({USA})"), "Score components")
    assert sum(row[1] for row in scores.rows) == 3 * len(group(played, "usa", 3))


def test_ticket_tables_agree_with_a_hand_count(
    played: list[tuple[TicketToRideState, PlayedGame]],
) -> None:
    usa = group(played, "usa", 3)
    tickets = section(ANALYSIS.sections([g for _, g in usa]), f"Destination tickets ({USA})")
    kept: Counter[int] = Counter()
    done: Counter[int] = Counter()
    for _, game in usa:
        for steps in game.breakdown:
            for t in steps["tickets"]:
                kept[t["points"]] += 1
                done[t["points"]] += t["completed"]
    rows = {row[0]: row for row in table(tickets, "Tickets by point value").rows}
    assert {p: (r[2], r[4]) for p, r in rows.items() if r[2]} == {
        p: (kept[p], done[p]) for p in kept
    }
    for points, row in rows.items():
        if row[2]:
            assert row[5] == round(100 * done[points] / kept[points], 1)
    by_bot = {row[0]: row for row in table(tickets, "Tickets by bot").rows}
    random_seats = [(g, s) for _, g in usa for s, b in enumerate(g.bots) if b == "random"]
    assert by_bot["random"][1] == len(random_seats)
    line = next(c for c in tickets.charts if c.kind == "line")
    assert line.series[0].label == "completion %"
    assert list(line.series[0].x) == sorted(float(p) for p in kept)


def test_what_a_kept_ticket_is_worth_agrees_with_a_hand_count(
    played: list[tuple[TicketToRideState, PlayedGame]],
) -> None:
    """Per ticket: net points when kept (its value if completed, minus it if not) and the
    win rate of the seats that kept it, from the result breakdowns; says it is correlation."""
    usa = group(played, "usa", 3)
    tickets = section(ANALYSIS.sections([g for _, g in usa]), f"Destination tickets ({USA})")
    net: dict[str, list[int]] = {}
    wins: Counter[str] = Counter()
    for _, game in usa:
        for seat, steps in enumerate(game.breakdown):
            for t in steps["tickets"]:
                name = f"{t['a']}-{t['b']}"
                net.setdefault(name, []).append(t["points"] if t["completed"] else -t["points"])
                wins[name] += 1 / len(game.winners) if seat in game.winners else 0
    worth = table(tickets, "What a kept ticket is worth")
    assert "Correlation, not effect" in worth.note
    rows = {row[0]: row for row in worth.rows}
    assert set(rows) == set(net)
    for name, values in net.items():
        row = rows[name]
        assert row[2] == len(values)
        assert row[3] == round(sum(values) / len(values), 1)
        assert row[4] == round(100 * wins[name] / len(values), 1)
        assert row[5] == win_interval(wins[name], len(values))
    assert [r[3] for r in worth.rows] == sorted((r[3] for r in worth.rows), reverse=True)


def test_route_tables_agree_with_a_hand_count(
    played: list[tuple[TicketToRideState, PlayedGame]],
) -> None:
    usa = group(played, "usa", 3)
    routes = section(ANALYSIS.sections([g for _, g in usa]), f"Routes ({USA})")
    board = usa[0][0].game.board

    # A connection: a route's city pair, both tracks of a double route together ("Double
    # Routes": at 3 players only one may be claimed, so one track alone would read "never").
    def connection(route_id: int) -> str:
        route = board.routes[route_id]
        name = f"{board.cities[route.a]}-{board.cities[route.b]}"
        return name + (" (double)" if board.twin[route_id] >= 0 else "")

    games_claimed: Counter[str] = Counter()
    rounds: dict[str, list[int]] = {}
    for state, _ in usa:
        turns = turn_of_each_action(state)
        first: dict[str, int] = {}
        for i, (_, action) in enumerate(state.history):
            if isinstance(action, Claim) and connection(action.route) not in first:
                turn = turns[i]
                assert turn is not None
                first[connection(action.route)] = turn // state.num_players + 1
        for name, first_round in first.items():
            games_claimed[name] += 1
            rounds.setdefault(name, []).append(first_round)
    every = table(routes, "Every connection")
    names = {connection(route.id) for route in board.routes}
    assert len(every.rows) == len(names) < len(board.routes)
    by_label = {row[0]: row for row in every.rows}
    for name in names:
        row = by_label[name]
        assert row[3] == games_claimed[name]
        assert row[4] == round(100 * games_claimed[name] / len(usa), 1)
        assert row[5] == win_interval(games_claimed[name], len(usa))
        if name in rounds:
            assert row[6] == round(sum(rounds[name]) / len(rounds[name]), 1)
    most = next(c for c in routes.charts if c.title == "Most claimed connections")
    assert most.kind == "hbar"
    (whiskers,) = most.intervals
    assert all(lo <= y <= hi for (lo, hi), y in zip(whiskers, most.series[0].y, strict=True))
    assert max(most.series[0].y) == round(100 * max(games_claimed.values()) / len(usa), 1)
    heat = next(c for c in routes.charts if c.kind == "network")
    assert len(heat.series[0].x) == len(names)
    assert sorted(heat.series[0].y) == sorted(100 * games_claimed[n] / len(usa) for n in names)
    assert {label for _, _, label in heat.series[1].x} == set(board.cities)


def test_longest_path_effect_agrees_with_a_hand_count(
    played: list[tuple[TicketToRideState, PlayedGame]],
) -> None:
    usa = [g for _, g in group(played, "usa", 3)]
    longest = section(ANALYSIS.sections(usa), f"Longest Continuous Path ({USA})")
    holders = [(g, s) for g in usa for s, b in enumerate(g.breakdown) if b["longest_path_bonus"]]
    wins = sum(1 / len(g.winners) for g, s in holders if s in g.winners)
    rows = {row[0]: row for row in table(longest, "Longest Path holders").rows}
    assert rows["holders"][1:3] == (len(holders), round(wins, 2))
    assert rows["others"][1] == 3 * len(usa) - len(holders)
    changed = 0
    for game in usa:
        without = [b["total"] - b["longest_path_bonus"] for b in game.breakdown]
        top = [s for s, total in enumerate(without) if total == max(without)]
        most_tickets = max(game.breakdown[s]["tickets_completed"] for s in top)
        top = [s for s in top if game.breakdown[s]["tickets_completed"] == most_tickets]
        changed += tuple(top) != game.winners
    decided = table(longest, "Games decided").rows[0]
    assert decided[0] == len(usa)
    assert decided[3] == changed >= 1  # seed 0: the holder won 117 to 116 with its 10 points


def test_express_effect_agrees_with_a_hand_count(
    played: list[tuple[TicketToRideState, PlayedGame]],
) -> None:
    europe = [g for _, g in group(played, "europe-express", 2)]
    express = section(ANALYSIS.sections(europe), f"Europe Express bonus ({EUROPE})")
    rows = {row[0]: row for row in table(express, "Win rate by Europe Express bonus").rows}
    with_card = [
        (g, s) for g in europe for s, b in enumerate(g.breakdown) if b["europe_express_bonus"]
    ]
    assert with_card
    assert rows["any card"][1] == len(with_card)
    assert rows["no card"][1] == 2 * len(europe) - len(with_card)
    assert rows["20-point card"][1] == len(with_card)  # one taken per game at most here
    wins = sum(1 / len(g.winners) for g, s in with_card if s in g.winners)
    assert rows["any card"][2] == round(wins, 2)


def test_score_components_agree_with_a_hand_count(
    played: list[tuple[TicketToRideState, PlayedGame]],
) -> None:
    europe = [g for _, g in group(played, "europe-express", 2)]
    scores = section(ANALYSIS.sections(europe), f"Score components ({EUROPE})")
    heuristic = [g.breakdown[s] for g in europe for s, b in enumerate(g.bots) if b == "heuristic"]
    row = next(r for r in table(scores, "Score components by bot").rows if r[0] == "heuristic")
    assert row[1] == len(heuristic)
    assert row[2] == round(sum(b["routes"] for b in heuristic) / len(heuristic), 1)
    assert row[6] == round(sum(b["total"] for b in heuristic) / len(heuristic), 1)
    # the columns and the start score add up to the total
    assert row[6] == pytest.approx(sum(row[2:6]) + 100, abs=0.3)
    (chart,) = scores.charts
    assert chart.kind == "stacked"
    assert [s.label for s in chart.series] == [
        "routes",
        "tickets completed",
        "Europe Express bonus",
    ]
    assert set(chart.series[0].x) == {"heuristic", "random"}


def test_games_without_facts_still_get_the_result_sections(
    played: list[tuple[TicketToRideState, PlayedGame]],
) -> None:
    bare = without_facts([g for _, g in group(played, "usa", 3)])
    titles = [s.title for s in ANALYSIS.sections(bare)]
    assert titles == [f"Longest Continuous Path ({USA})", f"Score components ({USA})"]
