"""Each game in the browser: create a room in the lobby against an easy bot, move by clicking
the board, finish the game, read the result table and step through the replay."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from web.web_helpers import (
    ServerProcess,
    board_move,
    check_replay_steps,
    check_result_table,
    create_room_in_lobby,
    finish_over_rest,
    list_move,
    log_texts,
    no_horizontal_overflow,
    screenshot,
    seat_table_row,
    stored_seat,
    table_version,
    tables_not_fitting,
    wait_board_drawn,
    wait_our_turn,
)

BOARD_MOVES = 3  # moves made by clicking the board in each game
LIST_MOVES = 2  # then moves made from the list of legal moves
MAX_UI_MOVES = 30  # moves of ours in the browser before the board must have given BOARD_MOVES
LIVE_END = {"en-route"}  # the shortest game ends with its table open (the others reopen it)

# The short option sets: the quickest game each allows.
GAMES: dict[str, dict[str, str | bool]] = {
    "ticket-to-ride": {"map": "usa"},
    "en-route": {"level": "simplified"},
    "route-east": {"attractions": "2"},
    "lets-go-france": {"region": "loire-valley"},
}


def check_decision_and_private_area(
    page: Page, server: ServerProcess, room_id: str, token: str
) -> None:
    """At our turn: "Rules for this decision" opens on the server's help text (when the game
    gives one), and the private area has a block for each private key of our view."""
    view = server.get(f"/api/rooms/{room_id}/view", token)
    assert view["version"] == table_version(page)
    help_text = page.get_by_test_id("decision-help-text")
    page.get_by_test_id("decision-help").locator("summary").click()
    expect(help_text).to_be_visible()
    if view["help"]:
        expect(help_text).to_have_text(view["help"].strip())
    for key in view["private_keys"]:
        if key != "seat":
            expect(page.get_by_test_id(f"private-{key}")).to_be_attached()


def check_readable_state(
    page: Page, server: ServerProcess, game: str, room_id: str, token: str
) -> None:
    """At 1280 px: every table fits its panel (none cut off), the page is not wider than
    the window, lists are numbered from 1, ids are shown by name where the game's static
    info names them, and a wide board opens zoomed enough to read."""
    no_horizontal_overflow(page, 1280)
    assert tables_not_fitting(page) == []
    starts = page.locator("ol.items").evaluate_all("ols => ols.map((ol) => ol.start)")
    assert all(start == 1 for start in starts), starts
    view = server.get(f"/api/rooms/{room_id}/view", token)
    static = server.get(f"/api/rooms/{room_id}/static")
    if game == "ticket-to-ride":
        # Route ids are shown as the routes' cities (the ids in the tooltip).
        names = {r["id"]: f"{r['a']}\u2013{r['b']}" for r in static["routes"]}
        cells = seat_table_row(page, "Routes")
        for info, cell in zip(view["observation"]["seats"], cells, strict=True):
            if not info["routes"]:
                assert cell == "none"
            elif len(info["routes"]) <= 2:
                assert cell == ", ".join(names[r] for r in info["routes"]), cell
    if game == "en-route":
        # The seat table's Board is the board's printed number, as on the map.
        sheets = view["observation"]["sheets"]
        numbers = [str(static["boards"][sheet["board"]]["number"]) for sheet in sheets]
        assert seat_table_row(page, "Board") == numbers
        svg_text = page.get_by_test_id("board").locator("svg").first.inner_html()
        assert f"Your map (board {numbers[0]})" in svg_text
    if game == "lets-go-france":
        expect(page.get_by_test_id("zoom-select")).not_to_have_value("fit")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_a_game_by_clicking_the_board(
    page: Page, server: ServerProcess, screenshot_dir: Path, game: str
) -> None:
    """Lobby -> room against an easy bot -> board clicks (each in the log) -> a few moves from
    the list -> the rest over REST -> the result table equals the server's result -> replay."""
    room_id = create_room_in_lobby(page, server, game, ["you", "easy"], GAMES[game])
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-seat", "0")
    expect(table).to_have_attribute("data-status", "playing")

    rng = random.Random(game)  # which target and which of its moves
    board_played: list[str] = []
    ui_moves = 0
    while len(board_played) < BOARD_MOVES:
        assert wait_our_turn(page), f"the game ended after {board_played} board moves"
        played = board_move(page, rng)
        if played is None:
            list_move(page)
        else:
            board_played.append(played)
        ui_moves += 1
        assert ui_moves <= MAX_UI_MOVES, f"only {board_played} could be played on the board"
    for _ in range(LIST_MOVES):
        if not wait_our_turn(page):
            break
        list_move(page, -1)
    wait_our_turn(page)
    log = "\n".join(log_texts(page))
    for played in board_played:
        assert played in log, (played, log)
    seat = stored_seat(page, room_id)
    assert seat["seat"] == 0
    check_decision_and_private_area(page, server, room_id, seat["token"])
    check_readable_state(page, server, game, room_id, seat["token"])
    screenshot(page, screenshot_dir, f"{game}-1-mid")

    if game in LIVE_END:
        final = finish_over_rest(server, room_id, 0, seat["token"])
    else:
        # The page away meanwhile (a board drawn for each of hundreds of moves is slow), then
        # the finished room's table is opened again.
        page.goto("about:blank")
        final = finish_over_rest(server, room_id, 0, seat["token"])
        page.goto(f"{server.url}/#/room/{room_id}")
    expect(table).to_have_attribute("data-status", "finished")
    expect(table).to_have_attribute("data-version", str(final["version"]))
    check_result_table(page, final)
    wait_board_drawn(page)
    expect(page.get_by_test_id("replay-step")).to_have_text(re.compile(r"of [1-9]"))
    screenshot(page, screenshot_dir, f"{game}-2-end")
    check_replay_steps(page)
    screenshot(page, screenshot_dir, f"{game}-3-replay")
