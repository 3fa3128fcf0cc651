"""Rooms live in the database: a new app on the same file serves every room as it was, and a
room whose log does not reproduce its stored result is reported, not served wrong."""

from __future__ import annotations

import sqlite3
from typing import Any

from server_helpers import (
    create_room,
    db_url,
    get_view,
    join,
    play_rest,
    running,
    wait_for,
)
from tabletrip.server.store import Store


def _everything(client: Any, rooms: dict[str, dict[int, str]]) -> dict:
    """Every room's spectator view, every joined seat's view, and the room list."""
    seen: dict = {"list": client.get("/api/rooms").json()}
    for room_id, tokens in rooms.items():
        seen[room_id] = get_view(client, room_id)
        for seat, token in tokens.items():
            seen[(room_id, seat)] = get_view(client, room_id, token)
    return seen


def test_a_new_app_finds_every_room_where_it_was(tmp_path: Any) -> None:
    """Open, half-joined, mid-game and finished rooms of several games survive a restart."""
    rooms: dict[str, dict[int, str]] = {}
    with running(tmp_path) as client:
        waiting = create_room(client, "en-route", ["human", "human", "easy"])["id"]
        rooms[waiting] = {1: join(client, waiting, 1, "half")}
        empty = create_room(client, "route-east", ["human", "human"], {"attractions": 2})["id"]
        rooms[empty] = {}
        for game, options in [("ticket-to-ride", {}), ("lets-go-france", {})]:
            room_id = create_room(client, game, ["human", "easy"], options, seed=5)["id"]
            rooms[room_id] = {0: join(client, room_id, 0, "mid")}
            play_rest(client, room_id, rooms[room_id], max_moves=6)
            wait_for(client, room_id, lambda v: v["current_player"] == 0)
        done = create_room(client, "route-east", ["random", "easy"], {"attractions": 2})["id"]
        rooms[done] = {}
        wait_for(client, done, lambda v: v["status"] == "finished")
        before = _everything(client, rooms)
        record = client.get(f"/api/rooms/{done}/record").json()
    with running(tmp_path) as client:
        assert _everything(client, rooms) == before
        assert client.get(f"/api/rooms/{done}/record").json() == record
        for room_id, tokens in rooms.items():
            if tokens and before[room_id]["status"] == "playing":
                final = play_rest(client, room_id, tokens)
                assert final["status"] == "finished"


def test_a_room_that_does_not_replay_is_reported(tmp_path: Any) -> None:
    """A tampered result hash or log row: the room answers 503 and, from then on, is not
    listed (the list is read from the database: a room is replayed when first asked for)."""
    with running(tmp_path) as client:
        finished = create_room(client, "ticket-to-ride", ["random", "random"])["id"]
        wait_for(client, finished, lambda v: v["status"] == "finished")
        playing = create_room(client, "ticket-to-ride", ["human", "easy"])["id"]
        token = join(client, playing, 0)
        play_rest(client, playing, {0: token}, max_moves=3)
        fine = create_room(client, "route-east", ["human", "human"], {"attractions": 2})["id"]
    with sqlite3.connect(tmp_path / "server.sqlite") as db:
        db.execute("UPDATE rooms SET result_hash = 'bad' WHERE id = ?", (finished,))
        db.execute(
            'UPDATE actions SET action = \'{"type":"pass"}\' WHERE room_id = ? AND n = 1',
            (playing,),
        )
    with running(tmp_path) as client:
        for room_id, word in [(finished, "result"), (playing, "row 1")]:
            response = client.get(f"/api/rooms/{room_id}")
            assert response.status_code == 503
            assert word in response.json()["detail"]
        listed = {r["id"] for r in client.get("/api/rooms").json()["rooms"]}
        assert listed == {fine}
        broken = client.app.state.manager.broken
        assert set(broken) == {finished, playing}


def test_every_change_is_one_stored_row(tmp_path: Any) -> None:
    """The log is append-only: plays and undos are rows numbered 0, 1, 2, ..."""
    with running(tmp_path) as client:
        room_id = create_room(client, "ticket-to-ride", ["random", "random"], seed=8)["id"]
        final = wait_for(client, room_id, lambda v: v["status"] == "finished")
    store = Store.open(db_url(tmp_path))
    (row,) = list(store.rooms())
    store.close()
    assert [a.n for a in row.actions] == list(range(final["version"]))
    assert {a.kind for a in row.actions} == {"play"}
    assert row.status == "finished" and row.result == final["result"]
    assert row.seed == 8
