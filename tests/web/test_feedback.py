"""What the table tells a player while they wait and when they ask: a visible "thinking"
state while a bot moves, hints that explain their ranking (Route East's speak of reaching
Shanghai, not of a score), and on a phone board targets a finger can hit (a hit area of at
least 24 x 24 CSS pixels at 390 px wide, WCAG 2.2 target size, each with a label).
"""

from __future__ import annotations

from collections.abc import Callable

import httpx2
import pytest
from playwright.sync_api import BrowserContext, Page, expect

import tabletrip
from tabletrip.bots.ismcts import Candidate
from tabletrip.server.hints import why
from web.web_helpers import (
    ServerProcess,
    create_room_in_lobby,
    hit_areas,
    list_move,
    no_horizontal_overflow,
    targeted_keys,
    wait_our_turn,
)

PHONE = {"width": 390, "height": 844}
HIT_PX = 24  # the least hit area of a target, in CSS pixels, each way
TURNS = 4  # turns of ours played from the list until the board offers a move
SLOW_BOT = "ismcts:seconds=1.5"  # a bot that thinks long enough to be seen thinking

# game -> lobby options (the quickest set of each).
BOARDS: dict[str, dict[str, str | bool]] = {
    "ticket-to-ride": {"map": "usa"},
    "ticket-to-ride-europe-express": {"map": "europe-express"},
    "en-route": {"level": "simplified"},
    "route-east": {"attractions": "2"},
    "lets-go-france": {"region": "loire-valley"},
}


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_every_board_target_can_be_hit_with_a_finger(
    new_context: Callable[..., BrowserContext], server: ServerProcess, board: str
) -> None:
    """At 390 px (touch), at a turn whose moves are on the board: every legal target has a
    label, and each of its parts a hit area of at least 24 x 24 px that a tap at its centre
    reaches; the page is no wider than the screen."""
    game = board.removesuffix("-europe-express")
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    create_room_in_lobby(page, server, game, ["you", "easy"], BOARDS[board])
    for _ in range(TURNS):
        assert wait_our_turn(page), "the game ended before its board offered a move"
        if targeted_keys(page):
            break
        list_move(page)
    else:
        pytest.fail(f"no move of {TURNS} turns was on the {board} board")
    expect(page.get_by_test_id("board").locator("[data-target].legal").first).to_be_attached()
    labels = (
        page.get_by_test_id("board")
        .locator("[data-target].legal")
        .evaluate_all("els => els.map(el => el.getAttribute('aria-label') || '')")
    )
    assert labels and all(label.strip() for label in labels), labels
    areas = hit_areas(page)
    assert areas
    small = [a for a in areas if a[2] < HIT_PX - 0.5 or a[3] < HIT_PX - 0.5]
    assert not small, f"{len(small)} of {len(areas)} hit areas under {HIT_PX} px: {small[:5]}"
    missed = [a for a in areas if not a[4]]
    assert not missed, f"{len(missed)} of {len(areas)} hit areas a tap misses: {missed[:5]}"
    no_horizontal_overflow(page, PHONE["width"])


def test_a_bot_is_seen_thinking(page: Page, server: ServerProcess) -> None:
    """While the bot of seat 0 chooses, the turn says it is thinking (a spinner) and its seat
    says so; once it has moved, the table says it is our turn. The page is open before the
    game starts (we join from its invite link), so a slow page load cannot miss the thought."""
    body = {
        "game": "ticket-to-ride",
        "players": 2,
        "options": {},
        "seats": [{"kind": "bot", "bot": SLOW_BOT}, {"kind": "human"}],
    }
    created = httpx2.post(f"{server.url}/api/rooms", json=body, timeout=30)
    assert created.status_code == 201, created.text
    room_id = created.json()["id"]
    page.goto(f"{server.url}/#/room/{room_id}/join/1")
    expect(page.get_by_test_id("join-form")).to_be_visible()
    page.get_by_test_id("join-name").fill("Bea")
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("table")).to_have_attribute("data-seat", "1")
    turn = page.get_by_test_id("turn-indicator")
    expect(turn).to_have_attribute("data-thinking", "true")
    expect(turn).to_contain_text("is thinking")
    expect(turn.locator(".spinner")).to_be_visible()
    expect(page.get_by_test_id("bot-thinking")).to_be_visible()
    assert wait_our_turn(page)
    expect(turn).to_have_attribute("data-thinking", "false")
    expect(turn).to_have_text("Your turn.")
    expect(page.get_by_test_id("bot-thinking")).to_have_count(0)


def _candidate() -> Candidate:
    action = tabletrip.make("ticket-to-ride", players=2).new_game(seed=1).legal_actions()[0]
    return Candidate(
        action=action,
        visits=45,
        share=0.45,
        value=0.5,
        win_rate=0.38,
        expected_score=61.4,
    )


def test_hints_say_why_in_the_words_of_the_game() -> None:
    """A hint's reason gives the move's share of the search and how its playouts went: a
    score where the game has one, reaching Shanghai first in Route East (which has none)."""
    scored = why("ticket-to-ride", _candidate())
    assert scored == (
        "got 45% of the search; in those playouts you won 38% of the time and scored 61 on average"
    )
    race = why("route-east", _candidate())
    assert "45% of the search" in race and "reached Shanghai first" in race and "38%" in race
    assert "score" not in race
