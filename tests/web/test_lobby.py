"""The lobby offers what can be played: the player counts each option set allows (Europe
Express 2-4, En Route 1 only in solo mode), a solo game's options (En Route's Challenge) only
for one player, the README's default bot, and as open only the rooms somebody can still join.
"""

from __future__ import annotations

import re

import httpx2
from playwright.sync_api import Page, expect

from web.web_helpers import ServerProcess, create_room_in_lobby


def _counts(page: Page) -> list[str]:
    """The player counts the lobby offers now."""
    return (
        page.get_by_test_id("players-select")
        .locator("option")
        .evaluate_all("options => options.map(o => o.value)")
    )


def test_the_games_list_says_the_player_counts_of_each_option_set(server: ServerProcess) -> None:
    """GET /api/games: the counts of each value of an option that changes them, the options
    of a solo game, and the default bot."""
    games = {game["id"]: game for game in server.get("/api/games")["games"]}
    ttr, en_route = games["ticket-to-ride"], games["en-route"]
    assert ttr["player_ranges"] == {"map": {"usa": [2, 5], "europe-express": [2, 4]}}
    assert en_route["player_ranges"]["mode"]["solo"] == [1, 1]
    assert en_route["player_ranges"]["mode"]["standard"] == [2, 4]
    assert en_route["player_ranges"]["mode"]["team"] == [4, 4]
    solo = {o["name"] for o in en_route["options"] if o["solo_only"]}
    assert solo == {"challenge"}
    assert games["route-east"]["player_ranges"] == {}
    assert all(game["default_bot"] == "medium" for game in games.values())


def test_the_lobby_offers_the_counts_the_options_allow(page: Page, server: ServerProcess) -> None:
    """Ticket to Ride: 2-5 on the USA map, 2-4 on Europe Express; En Route: 2-4, and 1 only in
    solo mode, where the Challenge shows; a bot seat starts at the default level."""
    page.goto(f"{server.url}/#/")
    page.get_by_test_id("game-select").select_option("ticket-to-ride")
    assert _counts(page) == ["2", "3", "4", "5"]
    page.get_by_test_id("players-select").select_option("5")
    page.get_by_test_id("option-map").select_option("europe-express")
    assert _counts(page) == ["2", "3", "4"]
    expect(page.get_by_test_id("players-select")).to_have_value("4")
    expect(page.get_by_test_id("seat-select-1")).to_have_value("medium")
    expect(page.get_by_test_id("seat-select-1").locator("option:checked")).to_contain_text(
        "the default"
    )

    page.get_by_test_id("game-select").select_option("en-route")
    assert _counts(page) == ["2", "3", "4"]
    expect(page.get_by_test_id("option-challenge")).to_be_hidden()
    page.get_by_test_id("option-mode").select_option("solo")
    assert _counts(page) == ["1"]
    expect(page.get_by_test_id("option-challenge")).to_be_visible()
    expect(page.get_by_test_id("seat-select-1")).to_have_count(0)
    page.get_by_test_id("option-mode").select_option("team")
    assert _counts(page) == ["4"]
    expect(page.get_by_test_id("option-challenge")).to_be_hidden()


def test_a_solo_room_gets_its_challenge(page: Page, server: ServerProcess) -> None:
    """A solo En Route room made in the lobby has one seat and the Challenge chosen; a room of
    two is sent no Challenge (it keeps its default)."""
    options: dict[str, str | bool] = {"mode": "solo", "challenge": "2"}
    room_id = create_room_in_lobby(page, server, "en-route", ["you"], options)
    room = server.get(f"/api/rooms/{room_id}")
    assert room["players"] == 1
    assert room["options"]["mode"] == "solo" and room["options"]["challenge"] == 2
    page.goto(f"{server.url}/#/")
    page.get_by_test_id("game-select").select_option("en-route")
    page.get_by_test_id("option-mode").select_option("solo")
    page.get_by_test_id("option-challenge").fill("3")
    page.get_by_test_id("option-mode").select_option("standard")
    expect(page.get_by_test_id("players-select")).to_have_value("2")
    page.get_by_test_id("create-room").click()
    page.wait_for_url(re.compile(r"#/room/[^/]+$"))
    other = page.get_by_test_id("table").get_attribute("data-room-id")
    assert other and other != room_id
    assert server.get(f"/api/rooms/{other}")["options"]["challenge"] == 1


def test_only_rooms_somebody_can_join_are_listed_as_open(page: Page, server: ServerProcess) -> None:
    """A room with a free seat for a person is listed as waiting; once every seat is taken it
    is listed as being played, never as open."""
    body = {
        "game": "ticket-to-ride",
        "players": 2,
        "options": {},
        "seats": [{"kind": "human"}, {"kind": "human"}],
    }
    room_id = httpx2.post(f"{server.url}/api/rooms", json=body, timeout=30).json()["id"]
    page.goto(f"{server.url}/#/")
    row = page.locator(f'[data-testid="room-row"][data-room-id="{room_id}"]')
    expect(page.get_by_test_id("rooms-open").locator(row)).to_have_count(1)
    expect(row.get_by_test_id("room-join-0")).to_have_text("Join as player 1")
    for seat in (0, 1):
        joined = server.post(f"/api/rooms/{room_id}/seats/{seat}/join", {"name": f"P{seat}"})
        assert joined.status_code == 200, joined.text
    page.get_by_test_id("refresh-rooms").click()
    expect(page.get_by_test_id("rooms-open").locator(row)).to_have_count(0)
    expect(page.get_by_test_id("rooms-playing").locator(row)).to_have_count(1)
    for open_row in page.get_by_test_id("rooms-open").get_by_test_id("room-row").all():
        expect(open_row.locator("em", has_text="free")).not_to_have_count(0)
