"""Each game and edition in the browser, read as a player reads it: create a room in the lobby
against an easy bot, move on the board and from the list, finish the game, read the end
screen and step through the replay. Every panel, log line, dialog and end screen is read
for what a person must never see: an id, an index list, a snake_case key, an "items" or
"entries" placeholder, None, a broken plural, or a field of another edition.

A game whose presentation has not landed yet is skipped, saying so.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tabletrip.core.presentation import presentation_for
from web.web_helpers import (
    JsonDict,
    ServerProcess,
    assert_readable,
    board_move,
    check_replay_steps,
    check_result_table,
    create_room_in_lobby,
    finish_over_rest,
    legal_buttons,
    list_move,
    log_notations,
    log_texts,
    no_horizontal_overflow,
    screenshot,
    stored_seat,
    table_version,
    tables_not_fitting,
    wait_board_drawn,
    wait_our_turn,
)

DESKTOP = {"width": 1366, "height": 900}
UI_TURNS = 3  # turns of ours played in the browser (on the board when it offers a move)
BOARD_MOVES = 2  # of them, at most this many by clicking the board

# edition -> (game, lobby options, seats); the quickest option set of each.
EDITIONS: dict[str, tuple[str, dict[str, str | bool], list[str]]] = {
    "ticket-to-ride": ("ticket-to-ride", {"map": "usa"}, ["you", "easy"]),
    "ticket-to-ride-europe-express": (
        "ticket-to-ride",
        {"map": "europe-express"},
        ["you", "easy"],
    ),
    "en-route": ("en-route", {"level": "simplified"}, ["you", "easy"]),
    "en-route-solo": ("en-route", {"mode": "solo"}, ["you"]),
    "route-east": ("route-east", {"attractions": "2"}, ["you", "easy"]),
    "lets-go-france": ("lets-go-france", {"region": "loire-valley"}, ["you", "easy"]),
}
# Words of another edition's rules, which an edition never shows.
FOREIGN: dict[str, list[str]] = {
    "ticket-to-ride": ["Europe Express", "Locomotive pile", "Start score", "London"],
    "ticket-to-ride-europe-express": ["Longest Continuous Path", "draw pile", "Dallas"],
}
LIVE_END = {"en-route", "en-route-solo"}  # short games end with their table open


def _needs_presentation(game: str) -> None:
    if presentation_for(game) is None:
        pytest.skip(f"{game} has no presentation yet: its web table still shows raw data")


def board_move_with_check(
    page: Page, rng: random.Random, check: Callable[[], object]
) -> str | None:
    """`board_move`, reading the board's menu while it is open."""
    return board_move(page, rng, on_menu=check)


def _read_menu(page: Page, edition: str, turn: int, foreign: list[str]) -> None:
    """The board's menu (a dialog) reads well: its title (the target's SVG title, from the
    game) and every move in it."""
    assert_readable(page, f"{edition}, board menu {turn}", foreign, "board-menu")


def _check_words(page: Page, view: JsonDict) -> None:
    """The log says each move in the game's words after its mover's name, the list of moves
    says each in words, and the players' panel has one card per seat, ours marked."""
    if view["version"] != table_version(page):
        return  # a bot moved meanwhile: the next turn's view is checked instead
    names = {seat: label for seat, label in enumerate(view["labels"])}
    shown = log_texts(page)
    assert len(shown) == len(view["log"])
    for text, line in zip(shown, view["log"], strict=True):
        assert line["words"], line
        assert text.strip() == f"{names[line['seat']]} {line['words']}", (text, line)
    if view["legal_actions"]:
        # The list of moves says each move in the game's words, as the view gives them.
        said = {a["words"] for a in view["legal_actions"]}
        assert all(said), [a for a in view["legal_actions"] if not a["words"]]
        assert {t.strip() for t in legal_buttons(page).all_inner_texts()} == said
    seats = {s["seat"] for s in view["document"]["sections"] if s["role"] == "seat"}
    expect(page.locator(".seat-card")).to_have_count(len(seats))
    expect(page.locator(".seat-card.mine")).to_have_attribute("data-seat", str(view["seat"]))


def _check_raw_toggle(page: Page) -> None:
    """The raw data is behind "Show raw data", off by default; it opens and closes."""
    toggle = page.get_by_test_id("raw-toggle")
    expect(toggle).not_to_be_checked()
    expect(page.get_by_test_id("raw-data")).to_be_hidden()
    toggle.check()
    expect(page.get_by_test_id("raw-data")).to_be_visible()
    toggle.uncheck()
    expect(page.get_by_test_id("raw-data")).to_be_hidden()


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_a_game_reads_in_its_own_words_to_the_end(
    new_context: Callable[..., BrowserContext],
    server: ServerProcess,
    screenshot_dir: Path,
    edition: str,
) -> None:
    """Lobby -> room against bots -> moves on the board (its menu read) and from the list,
    every panel and log line read at each turn -> the rest over REST -> the end screen (the
    outcome and the score rows) and the replay read too."""
    game, options, seats = EDITIONS[edition]
    _needs_presentation(game)
    foreign = FOREIGN.get(edition, [])
    page = new_context(viewport=DESKTOP).new_page()
    room_id = create_room_in_lobby(page, server, game, seats, options)
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-seat", "0")

    rng = random.Random(edition)
    board_played: list[str] = []
    for turn in range(UI_TURNS):
        if not wait_our_turn(page):
            break
        assert_readable(page, f"{edition}, turn {turn}", foreign, "table")
        played = None
        if len(board_played) < BOARD_MOVES:
            played = board_move_with_check(
                page, rng, lambda turn=turn: _read_menu(page, edition, turn, foreign)
            )
        if played is None:
            list_move(page, -1 if turn % 2 else 0)
        else:
            board_played.append(played)
    if wait_our_turn(page):
        help_box = page.get_by_test_id("decision-help")
        help_box.locator("summary").click()
        assert_readable(page, f"{edition}, rules of the decision", foreign, "decision-help")
        help_box.locator("summary").click()
    for played in board_played:
        assert played in log_notations(page), (played, log_notations(page))
    token = stored_seat(page, room_id)["token"]
    _check_words(page, server.get(f"/api/rooms/{room_id}/view", token))
    no_horizontal_overflow(page, DESKTOP["width"])
    assert tables_not_fitting(page) == []
    _check_raw_toggle(page)
    screenshot(page, screenshot_dir, f"{edition}-mid")

    if edition in LIVE_END:
        final = finish_over_rest(server, room_id, 0, token)
    else:
        # Away meanwhile (a board drawn for each of hundreds of moves is slow), then back.
        page.goto("about:blank")
        final = finish_over_rest(server, room_id, 0, token)
        page.goto(f"{server.url}/#/room/{room_id}")
    expect(table).to_have_attribute("data-status", "finished")
    expect(table).to_have_attribute("data-version", str(final["version"]))
    assert final["outcome"] and final["score_rows"], "a game with a presentation says its end"
    check_result_table(page, final)
    wait_board_drawn(page)
    expect(page.get_by_test_id("replay-step")).to_have_text(re.compile(r"of [1-9]"))
    assert_readable(page, f"{edition}, the end", foreign, "table")
    screenshot(page, screenshot_dir, f"{edition}-end")
    check_replay_steps(page)
    expect(page.get_by_test_id("replay-outcome")).to_have_text(final["outcome"])
    page.get_by_test_id("replay-state").locator("xpath=..").locator("summary").click()
    assert_readable(page, f"{edition}, the replay", foreign, "replay")
    page.get_by_test_id("replay-first").click()
    expect(page.get_by_test_id("replay-step")).to_have_text(re.compile(r"^Step 0 of"))
    page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("replay-move")).to_contain_text("Move 1:")
    assert_readable(page, f"{edition}, the replay's first move", foreign, "replay")
    assert table_version(page) == final["version"]
