"""Rooms of own content (issue 25): a room's creator uploads data files in the shipped format;
the server checks them as the game does, within a size limit of its own, stores them with the
room and serves them back, and every payload still shows only what its viewer may see."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import tabletrip
from payload_oracle import check_payloads, chooser, play_over_rest
from server_helpers import (
    create_room,
    get_view,
    join,
    replay_states,
    running,
    seat_specs,
    wait_for,
)

EUROPE = {"map": "europe-express"}


def _map(edit: bool = True) -> dict[str, Any]:
    """The shipped Europe Express map, with Edinburgh renamed Dunedin when `edit`."""
    source = files("tabletrip.games.ticket_to_ride") / "data" / "europe_express.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    if edit:
        for place in (*data["cities"], *data["routes"], *data["tickets"]):
            for key in ("name", "a", "b"):
                if place.get(key) == "Edinburgh":
                    place[key] = "Dunedin"
    return data


def _body(seats: list[str], content: Any, seed: int | None = 4) -> dict[str, Any]:
    body = {
        "game": "ticket-to-ride",
        "players": len(seats),
        "options": EUROPE,
        "seats": seat_specs(seats),
        "content": content,
    }
    if seed is not None:
        body["seed"] = seed
    return body


def test_a_room_plays_its_own_map_and_keeps_it(tmp_path: Path) -> None:
    own = {"europe_express.json": _map()}
    expected = tabletrip.make("ticket-to-ride", 2, content=own, **EUROPE).content
    choose = chooser(3)
    with running(tmp_path) as client:
        response = client.post("/api/rooms", json=_body(["easy", "human"], own, seed=None))
        assert response.status_code == 201, response.text
        room = response.json()
        assert room["content"] == expected.hash
        room_id = room["id"]
        static = json.dumps(client.get(f"/api/rooms/{room_id}/static").json())
        assert "Dunedin" in static and "Edinburgh" not in static
        token = join(client, room_id, 1)
        payloads, watched = play_over_rest(client, room_id, token, choose)
        record = client.get(f"/api/rooms/{room_id}/record").json()
        served = client.get(f"/api/rooms/{room_id}/content").json()
        listed = client.get("/api/rooms").json()["rooms"]
    assert record["content"] == expected.hash
    assert served["hash"] == expected.hash and served["builtin"] is False
    assert served["files"]["europe_express.json"] == own["europe_express.json"]
    # What the content endpoint gives is what replay needs: the files in a directory.
    folder = tmp_path / "room-content"
    folder.mkdir()
    for name, data in served["files"].items():
        (folder / name).write_text(json.dumps(data), encoding="utf-8")
    assert tabletrip.replay(record, content=folder).result.to_json() == payloads[-1]["result"]
    states = replay_states(record, own)
    check_payloads(payloads, states, 1)
    check_payloads(watched, states, None)
    assert [r["content"] for r in listed if r["id"] == room_id] == [expected.hash]
    with running(tmp_path) as client:  # a new server rebuilds the room from the stored files
        assert get_view(client, room_id) == watched[-1]
        assert client.get(f"/api/rooms/{room_id}/content").json() == served


def test_a_room_of_bots_with_own_content_plays_itself_and_shares_the_game(tmp_path: Path) -> None:
    own = {"europe_express.json": _map()}
    with running(tmp_path) as client:
        first = client.post("/api/rooms", json=_body(["random", "random"], own)).json()
        second = client.post("/api/rooms", json=_body(["random", "easy"], own, seed=5)).json()
        shipped = create_room(client, "ticket-to-ride", ["random", "random"], EUROPE)
        for room in (first, second):
            wait_for(client, room["id"], lambda v: v["status"] == "finished")
        assert first["content"] == second["content"] is not None
        assert shipped["content"] is None
        assert client.get(f"/api/rooms/{shipped['id']}/content").json()["builtin"] is True


def test_bad_content_is_one_line_naming_the_file_and_nothing_is_stored(tmp_path: Path) -> None:
    too_few = _map(edit=False)
    too_few["locomotives"] = 3
    cases = [
        ({"europe_express.json": too_few}, "europe_express.json"),
        ({"usa.json": _map(edit=False)}, "'usa.json' is not used by a game with these options"),
        ({"board.json": {}}, "'board.json' is not a ticket-to-ride content file"),
        ({}, "the content names no files"),
    ]
    with running(tmp_path) as client:
        for content, words in cases:
            response = client.post("/api/rooms", json=_body(["random", "random"], content))
            assert response.status_code == 400, response.text
            detail = response.json()["detail"]
            assert words in detail and "\n" not in detail, detail
        assert client.get("/api/rooms").json()["rooms"] == []


def test_content_has_a_size_limit_of_its_own(tmp_path: Path) -> None:
    shipped = files("tabletrip.games.route_east") / "data"
    own = {name: json.loads((shipped / name).read_text()) for name in ("board.json", "cards.json")}
    body = {
        "game": "route-east",
        "players": 2,
        "seats": seat_specs(["human", "human"]),
        "content": own,
    }
    big = json.dumps(body, indent=2)
    assert 65536 < len(big) < 262144  # over the limit of other requests, within this one
    headers = {"content-type": "application/json"}
    with running(tmp_path) as client:
        accepted = client.post("/api/rooms", content=big, headers=headers)
        assert accepted.status_code == 201, accepted.text
        huge = big[:-1] + ', "padding": "' + "x" * 262144 + '"}'
        refused = client.post("/api/rooms", content=huge, headers=headers)
        assert refused.status_code == 413
        assert refused.json()["detail"] == "the request body is larger than 262144 bytes"
        room_id = accepted.json()["id"]
        other = client.post(f"/api/rooms/{room_id}/seats/0/join", content=big, headers=headers)
        assert other.status_code == 413
        assert "larger than 65536 bytes" in other.json()["detail"]


def test_bot_and_hint_workers_play_on_the_rooms_own_content() -> None:
    """A bot move or a hint computed in a worker process rebuilds the state on the room's own
    map (else a lengthened route or renamed city would be another board there)."""
    from tabletrip.server.botpool import _state_call, choose_from_json, worker_game
    from tabletrip.server.hints import hint_from_json

    own = {"europe_express.json": _map()}
    game = tabletrip.make("ticket-to-ride", 2, content=own, **EUROPE)
    state = game.new_game(seed=3)
    call = _state_call(choose_from_json, state, "easy", 5)
    made = worker_game(*call.args[:4])
    assert (
        made.content.hash == game.content.hash != tabletrip.make("ticket-to-ride", 2).content.hash
    )
    assert "Dunedin" in json.dumps(made.static_info())
    chosen = call()
    assert game.action_from_json(chosen) in state.legal_actions()
    hint = _state_call(hint_from_json, state, 7)()
    legal = {str(action) for action in state.legal_actions()}
    assert hint["candidates"] and {c["text"] for c in hint["candidates"]} <= legal
