"""What clients read: static_info, to_json()["seats"], the result breakdown, observations."""

from __future__ import annotations

import json

import pytest

import tabletrip
from tabletrip.core import Rng
from tabletrip.games.ticket_to_ride.rules import TicketToRideState

MAPS = [("usa", 36, 100, 30), ("europe-express", 32, 68, 30)]


def played(map_id: str, players: int, seed: int, steps: int | None = None) -> TicketToRideState:
    """A random game, played to the end or for `steps` actions."""
    game = tabletrip.make("ticket-to-ride", players=players, map=map_id)
    state = game.new_game(seed)
    rng = Rng(seed)
    count = 0
    while not state.is_over and (steps is None or count < steps):
        state.apply(rng.choice(state.legal_actions()))
        count += 1
    return state  # type: ignore[return-value]


@pytest.mark.parametrize(("map_id", "cities", "routes", "tickets"), MAPS)
def test_static_info_gives_the_map(map_id: str, cities: int, routes: int, tickets: int) -> None:
    info = tabletrip.make("ticket-to-ride", map=map_id).static_info()
    assert json.loads(json.dumps(info)) == info
    assert len(info["cities"]) == cities and len(info["routes"]) == routes
    assert len(info["tickets"]) == tickets
    names = {c["name"] for c in info["cities"]}
    for city in info["cities"]:
        assert 0 <= city["x"] <= 1000 and city["y"] >= 0
    for index, route in enumerate(info["routes"]):
        assert set(route) == {"id", "a", "b", "length", "color"}
        assert route["id"] == index and {route["a"], route["b"]} <= names


def test_to_json_seats_spell_out_routes_and_tickets() -> None:
    state = played("usa", 3, seed=5, steps=120)
    data = state.to_json()
    board = state.game.board
    for seat, summary in enumerate(data["seats"]):
        assert [r["id"] for r in summary["routes"]] == state.seat_routes[seat]
        for route in summary["routes"]:
            assert set(route) == {"id", "a", "b", "length", "color"}
            assert route["length"] == board.routes[route["id"]].length
        assert len(summary["tickets"]) == len(state.tickets[seat])
        assert all(set(t) == {"a", "b", "points"} for t in summary["tickets"])


@pytest.mark.parametrize(("map_id", "players"), [("usa", 4), ("europe-express", 3)])
def test_breakdown_has_every_scoring_step(map_id: str, players: int) -> None:
    result = played(map_id, players, seed=11).result
    assert result is not None
    start = 100 if map_id == "europe-express" else 0
    for seat, steps in enumerate(result.breakdown):
        assert {
            "routes",
            "tickets",
            "longest_path",
            "longest_path_bonus",
            "europe_express_bonus",
            "start",
            "total",
        } <= set(steps)
        assert steps["start"] == start
        assert all(set(t) == {"a", "b", "points", "completed"} for t in steps["tickets"])
        assert steps["total"] == result.scores[seat]


@pytest.mark.parametrize(("map_id", "players"), [("usa", 4), ("europe-express", 3)])
def test_breakdown_counts_the_routes_claimed_by_length(map_id: str, players: int) -> None:
    """The routes' points (USA rulebook, Scoring Table) come with how many routes of each
    length scored them, in a list: a count is never read as a scoring step."""
    state = played(map_id, players, seed=11)
    result = state.result
    assert result is not None
    board = state.game.board
    for seat, steps in enumerate(result.breakdown):
        lengths = [board.routes[r].length for r in state.seat_routes[seat]]
        assert steps["routes_claimed"] == [
            {"length": n, "count": lengths.count(n)} for n in sorted(set(lengths))
        ]
        assert steps["routes"] == sum(
            board.route_points[e["length"]] * e["count"] for e in steps["routes_claimed"]
        )


def test_observation_shows_own_secrets_only() -> None:
    """Own hand, tickets and offer in full; of the others only counts and public facts."""
    state = played("usa", 3, seed=2, steps=40)
    for seat in range(3):
        observation = state.observation(seat)
        assert sum(observation["hand"].values()) == sum(state.hands[seat])
        assert [t["id"] for t in observation["tickets"]] == state.tickets[seat]
        for other, public in enumerate(observation["seats"]):
            assert set(public) >= {"trains", "score", "hand_size", "ticket_count", "routes"}
            assert "hand" not in public and "tickets" not in public
            assert public["hand_size"] == sum(state.hands[other])
        text = json.dumps(observation)
        assert '"deck"' not in text and 'ticket_pile"' not in text


def test_setup_ticket_choices_stay_hidden_until_every_seat_has_chosen() -> None:
    """Setup (RULES_NOTES, setup ticket choice): how many tickets another seat kept is
    hidden, in its ticket count and in the log, until every seat has chosen."""
    state = tabletrip.make("ticket-to-ride", players=3).new_game(seed=4)
    first = state.current_player
    keep = state.legal_actions()[0]
    state.apply(keep)  # the first seat keeps some tickets
    assert state.public_move(keep) == "keep tickets"  # what a shared screen shows
    for seat in range(3):
        if seat == first:
            continue
        observation = state.observation(seat)
        assert observation["seats"][first]["ticket_count"] is None
        assert observation["log"] == [[first, "keep tickets"]]
        assert state.public_observation()["log"] == [[first, "keep tickets"]]
    while state.public_observation()["phase"] == "setup":
        state.apply(state.legal_actions()[0])
    kept = len(state.tickets[first])
    word = "ticket" if kept == 1 else "tickets"
    assert state.public_observation()["log"][0] == [first, f"keep {kept} {word}"]
    assert state.public_move(keep) == f"keep {kept} {word}"
