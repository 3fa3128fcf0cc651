"""The lobby fetches only what changed (issue 24): it asks for a page of each list with the
ETag of the page it shows, is answered 304 while nothing changed, and shows a change at once."""

from __future__ import annotations

from pathlib import Path

import httpx2
from playwright.sync_api import Page, Response, expect

from web.web_helpers import ServerProcess, screenshot


def _is_list(response: Response, status: int) -> bool:
    return (
        "/api/rooms?" in response.url
        and "status=open" in response.url
        and (response.status == status)
    )


def test_an_unchanged_list_is_not_sent_again(
    page: Page, server: ServerProcess, screenshot_dir: Path
) -> None:
    """The second look at the open rooms is a 304 and the room stays listed; once both seats
    are taken the room moves to the rooms being played."""
    body = {
        "game": "route-east",
        "players": 2,
        "options": {"attractions": 2},
        "seats": [{"kind": "human"}, {"kind": "human"}],
    }
    room_id = httpx2.post(f"{server.url}/api/rooms", json=body, timeout=30).json()["id"]
    row = page.locator(f'[data-testid="room-row"][data-room-id="{room_id}"]')
    with page.expect_response(lambda r: _is_list(r, 200)) as first:
        page.goto(f"{server.url}/#/")
    assert "limit=" in first.value.url
    expect(page.get_by_test_id("rooms-open").locator(row)).to_have_count(1)
    with page.expect_response(lambda r: _is_list(r, 304)) as again:
        page.get_by_test_id("refresh-rooms").click()
    assert again.value.request.headers.get("if-none-match")
    expect(page.get_by_test_id("rooms-open").locator(row)).to_have_count(1)
    for seat in (0, 1):
        joined = server.post(f"/api/rooms/{room_id}/seats/{seat}/join", {"name": f"P{seat}"})
        assert joined.status_code == 200, joined.text
    with page.expect_response(lambda r: _is_list(r, 200)):
        page.get_by_test_id("refresh-rooms").click()
    expect(page.get_by_test_id("rooms-open").locator(row)).to_have_count(0)
    expect(page.get_by_test_id("rooms-playing").locator(row)).to_have_count(1)
    screenshot(page, screenshot_dir, "lobby-rooms")
