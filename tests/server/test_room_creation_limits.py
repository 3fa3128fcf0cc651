"""What a room's creator may ask for over the network: no seed of their choosing with people
seated (they could compute every deal), and bots only within the server's caps."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server_helpers import bearer, join, make_app, seat_specs


def _body(seats: list[str], seed: int | None = None) -> dict:
    body: dict = {"game": "ticket-to-ride", "players": len(seats), "seats": seat_specs(seats)}
    if seed is not None:
        body["seed"] = seed
    return body


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    """A server with the defaults of `tabletrip serve` (no chosen seeds)."""
    with TestClient(make_app(tmp_path, chosen_seeds=False)) as test_client:
        yield test_client


def _one_line_422(response: Any, *words: str) -> str:
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail, detail
    for word in words:
        assert word in detail, detail
    return detail


def test_a_chosen_seed_is_refused_when_people_are_seated(client: TestClient) -> None:
    response = client.post("/api/rooms", json=_body(["human", "easy"], seed=7))
    _one_line_422(response, "seed", "compute every deal")
    assert client.get("/api/rooms").json()["rooms"] == []  # nothing was made


def test_a_chosen_seed_is_kept_for_bots_only(client: TestClient) -> None:
    assert client.post("/api/rooms", json=_body(["random", "random"], seed=7)).status_code == 201


def test_the_drawn_seed_is_in_no_payload_before_the_game_ends(
    client: TestClient, tmp_path: Path
) -> None:
    room = client.post("/api/rooms", json=_body(["human", "easy"])).json()
    with sqlite3.connect(tmp_path / "server.sqlite") as db:
        (seed,) = db.execute("SELECT seed FROM rooms WHERE id = ?", (room["id"],)).fetchone()
    token = join(client, room["id"], 0)
    payloads = [
        json.dumps(room),
        client.get("/api/rooms").text,
        client.get(f"/api/rooms/{room['id']}").text,
        client.get(f"/api/rooms/{room['id']}/view", headers=bearer(token)).text,
        client.get(f"/api/rooms/{room['id']}/record").text,
    ]
    assert all(str(seed) not in text for text in payloads)


@pytest.mark.parametrize(
    ("bot", "says"),
    [
        ("ismcts:seconds=3600,iterations=0", "seconds"),
        ("ismcts:seconds=inf", "seconds"),
        ("ismcts:seconds=nan", "seconds"),
        ("ismcts:iterations=1000000000", "iterations"),
        ("ismcts:iterations=50", "bounded by time"),
        ("ismcts:seconds=abc", "seconds"),
        ("ismcts:seconds=1,min_iterations=100000", "min_iterations cannot be set"),
        ("easy:seed=1", "takes no parameters"),
        ("hard:seconds=60", "takes no parameters"),
        ("nosuchbot", "unknown bot"),
        ("ismcts:seconds", "key=value"),
    ],
)
def test_a_bot_over_the_caps_or_of_the_wrong_type_is_one_line(
    client: TestClient, bot: str, says: str
) -> None:
    response = client.post("/api/rooms", json=_body(["human", bot]))
    _one_line_422(response, says)


@pytest.mark.parametrize(
    "bot",
    ["easy", "medium", "hard", "random", "ismcts:seconds=0.5", "ismcts:iterations=40,seconds=2"],
)
def test_levels_and_searches_within_the_caps_are_seated(client: TestClient, bot: str) -> None:
    response = client.post("/api/rooms", json=_body(["human", bot]))
    assert response.status_code == 201, response.text


def test_the_caps_are_the_servers_settings(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_seconds_cap=10.0)) as client:
        body = _body(["human", "ismcts:seconds=8"])
        assert client.post("/api/rooms", json=body).status_code == 201
