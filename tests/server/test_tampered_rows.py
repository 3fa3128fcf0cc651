"""A row that is not JSON (issue 24): the server starts, that room alone is reported broken
(503, one line, left out of the list) and every other room is served."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from server_helpers import create_room, get_view, join, play_rest, running, wait_for


@pytest.mark.parametrize(
    ("column", "where", "words"),
    [
        ("rooms.options", "UPDATE rooms SET options = '{not json' WHERE id = ?", "options"),
        ("rooms.result", "UPDATE rooms SET result = 'nope' WHERE id = ?", "result"),
        (
            "actions.action",
            "UPDATE actions SET action = '[1, 2' WHERE room_id = ? AND n = 1",
            "log row 1",
        ),
    ],
)
def test_a_row_that_is_not_json_breaks_its_room_only(
    tmp_path: Path, column: str, where: str, words: str
) -> None:
    """`column` of one finished room is not JSON: 503 naming it for that room; the others
    (one mid-game with a person, one open) are served and play on."""
    with running(tmp_path) as client:
        bad = create_room(client, "route-east", ["random", "random"], {"attractions": 2})["id"]
        wait_for(client, bad, lambda v: v["status"] == "finished")
        mid = create_room(client, "ticket-to-ride", ["human", "easy"], seed=5)["id"]
        token = join(client, mid, 0)
        play_rest(client, mid, {0: token}, max_moves=2)
        waiting = create_room(client, "route-east", ["human", "human"], {"attractions": 2})["id"]
        before = {room_id: get_view(client, room_id) for room_id in (mid, waiting)}
    with sqlite3.connect(tmp_path / "server.sqlite") as db:
        assert db.execute(where, (bad,)).rowcount == 1, column
    with running(tmp_path) as client:
        listed = {room["id"] for room in client.get("/api/rooms").json()["rooms"]}
        assert {mid, waiting} <= listed
        for path in ("", "/record", "/static"):
            response = client.get(f"/api/rooms/{bad}{path}")
            assert response.status_code == 503, response.text
            detail = response.json()["detail"]
            assert "\n" not in detail and words in detail and "not JSON" in detail, detail
        assert bad not in {room["id"] for room in client.get("/api/rooms").json()["rooms"]}
        for room_id, view in before.items():
            assert get_view(client, room_id) == view
        assert play_rest(client, mid, {0: token})["status"] == "finished"
