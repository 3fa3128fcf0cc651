"""Bad input of every kind gets a clear one-line error and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server_helpers import (
    act,
    bearer,
    create_room,
    get_view,
    hello,
    join,
    receive,
    running,
    undo,
)


@pytest.fixture
def table(tmp_path: Any) -> Iterator[tuple[TestClient, str, dict[int, str]]]:
    """A Ticket to Ride room of two people, joined, seat 0 to move."""
    with running(tmp_path) as client:
        room = create_room(client, "ticket-to-ride", ["human", "human"], seed=4)
        tokens = {seat: join(client, room["id"], seat) for seat in (0, 1)}
        yield client, room["id"], tokens


def snapshot(client: TestClient, room_id: str) -> tuple[int, str]:
    """The room's version and full state JSON, to show that nothing changed."""
    room = client.app.state.manager.rooms[room_id]
    return room.version, json.dumps(room.state.to_json(), sort_keys=True)


def one_line(response: Any, status: int, *words: str) -> str:
    """Assert the status and a one-line detail containing `words`."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and detail
    for word in words:
        assert word in detail, detail
    return detail


def test_tokens_are_required_and_checked(table: Any) -> None:
    """No token (401), a wrong one or another room's (403): no view, no move."""
    client, room_id, _tokens = table
    before = snapshot(client, room_id)
    one_line(client.get(f"/api/rooms/{room_id}/view"), 401, "token")
    one_line(client.get(f"/api/rooms/{room_id}/view", headers=bearer("nope")), 403, "token")
    one_line(client.get(f"/api/rooms/{room_id}/view", headers={"Authorization": "x"}), 401)
    body = {"version": 0, "action": "tickets"}
    one_line(client.post(f"/api/rooms/{room_id}/actions", json=body), 401)
    one_line(act(client, room_id, "forged-token", 0, "tickets"), 403)
    one_line(undo(client, room_id, "forged-token", 0), 403)
    other = create_room(client, "ticket-to-ride", ["human", "human"])
    stranger = join(client, other["id"], 0)
    one_line(act(client, room_id, stranger, 0, "tickets"), 403)
    assert snapshot(client, room_id) == before


def test_a_seat_cannot_act_out_of_turn(table: Any) -> None:
    """Seat 1's token while seat 0 is to move: 403 naming whose turn it is."""
    client, room_id, tokens = table
    view = get_view(client, room_id, tokens[0])
    assert view["current_player"] == 0
    before = snapshot(client, room_id)
    action = view["legal_actions"][0]["json"]
    one_line(act(client, room_id, tokens[1], 0, action), 403, "seat 0's turn")
    assert get_view(client, room_id, tokens[1])["legal_actions"] == []
    assert snapshot(client, room_id) == before


def test_stale_illegal_and_malformed_actions(table: Any) -> None:
    """Stale version 409; illegal or unknown or malformed actions 400 with the reason."""
    client, room_id, tokens = table
    token = tokens[0]
    legal = get_view(client, room_id, token)["legal_actions"][0]
    before = snapshot(client, room_id)
    one_line(act(client, room_id, token, 5, legal["json"]), 409, "stale")
    one_line(act(client, room_id, token, 0, "fly to the moon"), 400, "fly to the moon")
    one_line(act(client, room_id, token, 0, {"type": "teleport"}), 400, "unknown action type")
    one_line(act(client, room_id, token, 0, {"type": "claim"}), 400, "fields")
    one_line(act(client, room_id, token, 0, {"type": "blind"}), 400)  # tickets first
    one_line(act(client, room_id, token, 0, [1, 2]), 422)
    response = client.post(
        f"/api/rooms/{room_id}/actions", headers=bearer(token), content=b"{not json"
    )
    one_line(response, 422)
    assert snapshot(client, room_id) == before
    assert act(client, room_id, token, 0, legal["text"]).status_code == 200


def test_oversized_bodies_are_refused(table: Any) -> None:
    """A body over its route's limit (64 KiB; 256 KiB to create a room, which may carry its
    own content): 413, with Content-Length or streamed without it."""
    client, room_id, tokens = table
    before = snapshot(client, room_id)
    big = {"version": 0, "action": "x" * 70000}
    one_line(
        client.post(f"/api/rooms/{room_id}/actions", headers=bearer(tokens[0]), json=big),
        413,
        "larger",
    )

    def chunks() -> Iterator[bytes]:
        for _ in range(70):
            yield b" " * 4000

    response = client.post("/api/rooms", content=chunks(), headers={"content-type": "x"})
    one_line(response, 413)
    assert snapshot(client, room_id) == before


def test_unknown_rooms_and_seats(table: Any) -> None:
    """Unknown room 404 everywhere; taken seat 409; bot seat 409; no such seat 404."""
    client, room_id, tokens = table
    for response in (
        client.get("/api/rooms/nope"),
        client.get("/api/rooms/nope/record"),
        client.get("/api/rooms/nope/view", headers=bearer(tokens[0])),
        client.post("/api/rooms/nope/seats/0/join", json={}),
        act(client, "nope", tokens[0], 0, "tickets"),
    ):
        one_line(response, 404, "nope")
    before = snapshot(client, room_id)
    one_line(client.post(f"/api/rooms/{room_id}/seats/0/join", json={"name": "x"}), 409, "taken")
    one_line(client.post(f"/api/rooms/{room_id}/seats/7/join"), 404, "seats 0 to 1")
    bots = create_room(client, "ticket-to-ride", ["human", "easy"])
    one_line(client.post(f"/api/rooms/{bots['id']}/seats/1/join"), 409, "bot")
    assert snapshot(client, room_id) == before


@pytest.mark.parametrize(
    ("body", "status", "word"),
    [
        ({"game": "chess", "players": 2, "seats": [{"kind": "human"}] * 2}, 400, "unknown game"),
        (
            {
                "game": "ticket-to-ride",
                "players": 2,
                "options": {"map": "mars"},
                "seats": [{"kind": "human"}] * 2,
            },
            400,
            "mars",
        ),
        (
            {"game": "ticket-to-ride", "players": 9, "seats": [{"kind": "human"}] * 9},
            400,
            "players",
        ),
        ({"game": "ticket-to-ride", "players": 3, "seats": [{"kind": "human"}] * 2}, 400, "seats"),
        (
            {
                "game": "ticket-to-ride",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}],
            },
            422,
            "unknown bot",
        ),
        (
            {"game": "ticket-to-ride", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot"}]},
            422,
            "names its bot",
        ),
        ({"game": "ticket-to-ride", "players": 2, "seats": [{"kind": "alien"}] * 2}, 422, "kind"),
        (
            {"game": "ticket-to-ride", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": -1},
            422,
            "seed",
        ),
        ({"players": 2, "seats": [{"kind": "human"}] * 2}, 422, "game"),
    ],
)
def test_bad_rooms_are_not_created(tmp_path: Any, body: dict, status: int, word: str) -> None:
    """Bad game, options, player count, seats or bot at creation: one line, no room."""
    with running(tmp_path) as client:
        one_line(client.post("/api/rooms", json=body), status, word)
        assert client.get("/api/rooms").json()["rooms"] == []


def test_bad_websocket_messages(table: Any) -> None:
    """Garbage, unknown types, out-of-turn and stale moves get an error each; the socket
    stays usable; an oversized message gets an error, then close 1009."""
    client, room_id, tokens = table
    url = f"/api/rooms/{room_id}/ws"
    with client.websocket_connect(url) as socket:
        socket.send_text("{not json")
        assert receive(socket)["type"] == "error"
        socket.send_json({"type": "action", "version": 0, "action": "tickets"})
        assert "hello" in receive(socket)["message"]
        view = hello(socket, tokens[1])
        before = snapshot(client, room_id)
        for message, status in [
            ({"type": "dance"}, 400),
            ([1, 2, 3], 400),
            ({"type": "action", "version": 0, "action": "tickets"}, 403),
            ({"type": "action", "action": "tickets"}, 400),
            ({"type": "undo", "version": 0}, 409),
            ({"type": "hello", "token": tokens[0]}, 400),
        ]:
            socket.send_json(message)
            error = receive(socket)
            assert error["type"] == "error" and error["status"] == status, (message, error)
            assert "\n" not in error["message"]
        assert snapshot(client, room_id) == before
    with client.websocket_connect(url) as socket:
        view = hello(socket, tokens[0])
        for action, status in [
            ({"type": "teleport"}, 400),
            ("fly", 400),
        ]:
            socket.send_json({"type": "action", "version": view["version"], "action": action})
            assert receive(socket)["status"] == status
        socket.send_json({"type": "action", "version": 3, "action": "tickets"})
        assert receive(socket)["status"] == 409
        assert snapshot(client, room_id) == before
        socket.send_text(json.dumps({"type": "action", "pad": "x" * 20000}))
        error = receive(socket)
        assert error["type"] == "error" and "limit" in error["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(socket)
        assert closed.value.code == 1009
    assert snapshot(client, room_id) == before


@pytest.mark.parametrize("token", ["wrong", 17])
def test_websocket_hello_with_a_bad_token_is_closed(table: Any, token: Any) -> None:
    """A bad token at hello: an error, then close 1008; an unknown room likewise."""
    client, room_id, _tokens = table
    for url, hello_message in [
        (f"/api/rooms/{room_id}/ws", {"type": "hello", "token": token}),
        ("/api/rooms/nope/ws", {"type": "hello"}),
    ]:
        with client.websocket_connect(url) as socket:
            socket.send_json(hello_message)
            assert receive(socket)["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(socket)
            assert closed.value.code == 1008
