"""The room list (issue 24): pages newest first with a cursor, filtered by status and game,
a capped page size, an ETag so that a lobby polling it is told "not modified", and read from
the database (rooms need not be in memory), whose list columns are kept up to date and added
to a database written by the previous version."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from server_helpers import act, bearer, create_room, first_action, get_view, join, running
from tabletrip.server.routes import MAX_PAGE

SUMMARY_KEYS = ("id", "game", "players", "options", "status", "created", "version")
SUMMARY_KEYS += ("current_player", "seats", "labels", "content")


def page(client: TestClient, **params: Any) -> dict[str, Any]:
    """One page of the list (200 asserted)."""
    response = client.get("/api/rooms", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def every_page(client: TestClient, **params: Any) -> list[dict[str, Any]]:
    """The rooms of every page, following the cursors."""
    rooms: list[dict[str, Any]] = []
    cursor = None
    while True:
        got = page(client, **params, **({} if cursor is None else {"cursor": cursor}))
        assert len(got["rooms"]) <= got["limit"]
        rooms += got["rooms"]
        cursor = got["next"]
        if cursor is None:
            return rooms


def one_line(response: Any, status: int, *words: str) -> None:
    """Assert the status and a one-line `detail` holding `words`."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail
    assert all(word in detail for word in words), detail


def summary_of(view: dict[str, Any]) -> dict[str, Any]:
    """The summary fields of a view."""
    return {key: view[key] for key in SUMMARY_KEYS}


def test_pages_newest_first_with_a_cursor_and_filters(tmp_path: Path) -> None:
    """Seven rooms in pages of three: every room once, newest first; status and game filter."""
    with running(tmp_path) as client:
        made = [
            create_room(client, "route-east", ["human", "human"], {"attractions": 2})
            for _ in range(4)
        ] + [create_room(client, "ticket-to-ride", ["human", "human"]) for _ in range(3)]
        join(client, made[0]["id"], 0)
        join(client, made[0]["id"], 1)  # now playing
        first = page(client, limit=3)
        assert len(first["rooms"]) == 3 and first["next"] and first["limit"] == 3
        listed = every_page(client, limit=3)
        newest_first = sorted(made, key=lambda r: (r["created"], r["id"]), reverse=True)
        assert [r["id"] for r in listed] == [r["id"] for r in newest_first]
        assert [r["id"] for r in every_page(client, status="playing")] == [made[0]["id"]]
        opened = every_page(client, status="open", game="route-east", limit=2)
        assert {r["id"] for r in opened} == {r["id"] for r in made[1:4]}
        assert len(every_page(client, game="ticket-to-ride")) == 3
        assert page(client, status="finished")["rooms"] == []


def test_the_page_size_is_capped_and_bad_queries_are_one_line(tmp_path: Path) -> None:
    """A limit over the documented maximum, a made-up cursor, an unknown game: 422, one line."""
    with running(tmp_path) as client:
        create_room(client, "route-east", ["human", "human"], {"attractions": 2})
        assert page(client, limit=MAX_PAGE)["limit"] == MAX_PAGE
        one_line(client.get("/api/rooms", params={"limit": MAX_PAGE + 1}), 422, "limit", "200")
        one_line(client.get("/api/rooms", params={"limit": 0}), 422, "limit")
        one_line(client.get("/api/rooms", params={"cursor": "bm9wZQ=="}), 422, "cursor")
        one_line(client.get("/api/rooms", params={"cursor": "!!"}), 422, "cursor")
        one_line(client.get("/api/rooms", params={"game": "chess"}), 422, "chess", "route-east")
        one_line(client.get("/api/rooms", params={"status": "lost"}), 422, "status")


def test_an_unchanged_page_is_not_sent_again(tmp_path: Path) -> None:
    """The ETag of a page sent back in If-None-Match: 304 with no body, until a room of the
    page changes (a seat is joined)."""
    with running(tmp_path) as client:
        room_id = create_room(client, "route-east", ["human", "human"], {"attractions": 2})["id"]
        first = client.get("/api/rooms", params={"status": "open"})
        etag = first.headers["ETag"]
        again = client.get("/api/rooms", params={"status": "open"}, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["ETag"] == etag
        other = client.get("/api/rooms", params={"status": "open"}, headers={"If-None-Match": "x"})
        assert other.status_code == 200 and other.json() == first.json()
        join(client, room_id, 0, "ana")
        changed = client.get(
            "/api/rooms", params={"status": "open"}, headers={"If-None-Match": etag}
        )
        assert changed.status_code == 200 and changed.headers["ETag"] != etag
        assert changed.json()["rooms"][0]["labels"][0] == "ana"


def test_the_list_follows_every_change_and_needs_no_room_in_memory(tmp_path: Path) -> None:
    """The listed summary equals the room's view after creating, joining, moves and an undo,
    and after a restart with no room loaded."""
    with running(tmp_path) as client:
        room_id = create_room(client, "ticket-to-ride", ["human", "human"], seed=3)["id"]
        assert page(client)["rooms"][0] == summary_of(get_view(client, room_id))
        tokens = {seat: join(client, room_id, seat) for seat in (0, 1)}
        for _ in range(3):
            view = get_view(client, room_id)
            seat = view["current_player"]
            seat_view = get_view(client, room_id, tokens[seat])
            moved = act(client, room_id, tokens[seat], view["version"], first_action(seat_view))
            assert moved.status_code == 200, moved.text
            assert page(client)["rooms"][0] == summary_of(get_view(client, room_id))
        expected = page(client)["rooms"]
    with running(tmp_path) as client:
        assert page(client)["rooms"] == expected
        assert room_id not in client.app.state.manager.rooms


def test_a_database_of_the_previous_version_opens_and_lists(tmp_path: Path) -> None:
    """Without the list columns (as the previous version wrote it): they are added, filled by
    one replay of each room, and the rooms are listed and served as before."""
    with running(tmp_path) as client:
        room_id = create_room(client, "ticket-to-ride", ["human", "easy"], seed=5)["id"]
        token = join(client, room_id, 0)
        view = get_view(client, room_id, token)
        moved = act(client, room_id, token, view["version"], first_action(view))
        assert moved.status_code == 200, moved.text
        waiting = create_room(client, "route-east", ["human", "human"], {"attractions": 2})["id"]
        listed = page(client)["rooms"]
        views = {r: get_view(client, r) for r in (room_id, waiting)}
    with sqlite3.connect(tmp_path / "server.sqlite") as db:
        db.execute("DROP INDEX rooms_newest")
        db.execute("DROP INDEX rooms_status_newest")
        db.execute("ALTER TABLE rooms DROP COLUMN version")
        db.execute("ALTER TABLE rooms DROP COLUMN current_player")
    with running(tmp_path) as client:
        now = {r: get_view(client, r) for r in (room_id, waiting)}
        assert page(client)["rooms"] == [summary_of(now[r["id"]]) for r in listed]
        assert {r: summary_of(v) for r, v in now.items()} == {
            r: summary_of(v) for r, v in views.items()
        }
        assert client.get(f"/api/rooms/{room_id}/view", headers=bearer(token)).status_code == 200
