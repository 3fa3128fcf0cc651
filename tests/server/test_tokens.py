"""Seat tokens (issue 24): a missing token is 401 with `WWW-Authenticate: Bearer`, a wrong one
403, on every path that needs one; the board takes one optionally (none: the spectator's), and
the OpenAPI schema says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server_helpers import bearer, create_room, get_view, join, running


@pytest.fixture
def table(tmp_path: Path) -> Any:
    """A Ticket to Ride room of two people, joined, seat 0 to move."""
    with running(tmp_path) as client:
        room_id = create_room(client, "ticket-to-ride", ["human", "human"], seed=4)["id"]
        tokens = {seat: join(client, room_id, seat) for seat in (0, 1)}
        yield client, room_id, tokens


def _calls(client: TestClient, room_id: str) -> dict[str, Any]:
    """The token-requiring requests, each taking the headers to send."""
    base = f"/api/rooms/{room_id}"
    return {
        "view": lambda headers: client.get(f"{base}/view", headers=headers),
        "actions": lambda headers: client.post(
            f"{base}/actions", headers=headers, json={"version": 0, "action": "tickets"}
        ),
        "undo": lambda headers: client.post(f"{base}/undo", headers=headers, json={"version": 0}),
        "hint": lambda headers: client.post(f"{base}/hint", headers=headers),
    }


def test_a_missing_token_is_401_and_a_wrong_one_403(table: Any) -> None:
    """No Authorization (or not a Bearer one): 401 asking for a Bearer token; a made-up token
    or another room's: 403; nothing changes."""
    client, room_id, _tokens = table
    other = create_room(client, "ticket-to-ride", ["human", "human"])["id"]
    stranger = join(client, other, 0)
    before = get_view(client, room_id)
    for name, call in _calls(client, room_id).items():
        for headers in ({}, {"Authorization": "Basic eDp5"}):
            response = call(headers)
            assert response.status_code == 401, (name, response.text)
            assert response.headers["WWW-Authenticate"] == "Bearer", name
            detail = response.json()["detail"]
            assert "token is required" in detail and "\n" not in detail
        for token in ("made-up", stranger):
            response = call(bearer(token))
            assert response.status_code == 403, (name, response.text)
            assert "not a seat token" in response.json()["detail"]
    assert get_view(client, room_id) == before


def test_the_board_takes_a_token_optionally(table: Any) -> None:
    """No token: the spectator's board; a wrong one: 403; the schema lists both ways."""
    client, room_id, tokens = table
    url = f"/api/rooms/{room_id}/board"
    assert client.get(url).json()["seat"] is None
    assert client.get(url, headers=bearer(tokens[1])).json()["seat"] == 1
    assert client.get(url, headers=bearer("made-up")).status_code == 403
    paths = client.get("/openapi.json").json()["paths"]
    board = paths["/api/rooms/{room_id}/board"]["get"]
    assert {} in board["security"] and {"HTTPBearer": []} in board["security"]
    assert "401" not in board["responses"]
    for path, method in [
        ("/api/rooms/{room_id}/view", "get"),
        ("/api/rooms/{room_id}/actions", "post"),
        ("/api/rooms/{room_id}/undo", "post"),
        ("/api/rooms/{room_id}/hint", "post"),
    ]:
        operation = paths[path][method]
        assert operation["security"] == [{"HTTPBearer": []}], path
        assert {"401", "403"} <= set(operation["responses"]), path
