"""Rate limits (issue 24): rooms created and seats joined per client address, undos per seat,
answered 429 with Retry-After and one line; set in the settings and `tabletrip serve`."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send

import tabletrip.server
from cli_helpers import assert_one_error_line, run
from server_helpers import (
    act,
    create_room,
    db_url,
    first_action,
    get_view,
    join,
    make_app,
    seat_specs,
    undo,
)
from tabletrip.cli.serve_command import ServeError
from tabletrip.server import Settings
from tabletrip.server.errors import TooManyRequests
from tabletrip.server.rate_limits import RateLimits, client_key, parse_limits

BODY = {"game": "ticket-to-ride", "players": 2, "seats": seat_specs(["human", "human"])}


def _limited(**rates: str) -> RateLimits:
    return RateLimits(Settings(db_url="sqlite://", **rates))


def _assert_refused(response: object, *words: str) -> None:
    """429, a Retry-After of whole seconds within the window, and one line saying why."""
    assert response.status_code == 429, response.text
    retry_after = int(response.headers["Retry-After"])
    assert 1 <= retry_after <= 60
    detail = response.json()["detail"]
    assert "\n" not in detail and "Traceback" not in detail
    for word in words:
        assert word in detail, detail


@pytest.fixture
def limited_app(tmp_path: Path) -> Iterator[FastAPI]:
    """An app allowing 2 rooms, 2 joins and 2 undos a minute (generous for the rest)."""
    yield make_app(
        tmp_path, rate_create_rooms="2/minute", rate_join="2/minute", rate_undo="2/minute"
    )


def test_rooms_over_the_limit_are_refused_with_retry_after(
    limited_app: FastAPI, tmp_path: Path
) -> None:
    with TestClient(limited_app, client=("10.0.0.1", 1234)) as client:
        for _ in range(2):
            assert client.post("/api/rooms", json=BODY).status_code == 201
        refused = client.post("/api/rooms", json=BODY)
        _assert_refused(refused, "too many rooms", "2 per minute", "try again in")
    with sqlite3.connect(tmp_path / "server.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM rooms").fetchone() == (2,)  # nothing made


def test_a_room_refused_for_its_options_is_not_counted(limited_app: FastAPI) -> None:
    with TestClient(limited_app) as client:
        bad = {**BODY, "options": {"map": "mars"}}
        for _ in range(3):
            assert client.post("/api/rooms", json=bad).status_code == 400
        for _ in range(2):
            assert client.post("/api/rooms", json=BODY).status_code == 201


CLIENT_HEADER = "x-test-client"  # the address a request comes from, in these tests


def _addressed(app: FastAPI) -> ASGIApp:
    """The app, seeing each request as sent from the address in its `x-test-client` header:
    one TestClient (one lifespan, one event loop) plays several clients."""

    async def addressed(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            for name, value in scope["headers"]:
                if name == CLIENT_HEADER.encode():
                    scope = {**scope, "client": (value.decode(), 1234)}
        await app(scope, receive, send)

    return addressed


def _from(client: TestClient, address: str) -> TestClient:
    client.headers[CLIENT_HEADER] = address
    return client


def test_the_room_limit_is_per_client_address(limited_app: FastAPI) -> None:
    with TestClient(_addressed(limited_app)) as client:
        for _ in range(2):
            assert _from(client, "10.0.0.1").post("/api/rooms", json=BODY).status_code == 201
        assert client.post("/api/rooms", json=BODY).status_code == 429
        assert _from(client, "10.0.0.2").post("/api/rooms", json=BODY).status_code == 201


def test_joins_over_the_limit_are_refused_per_client(limited_app: FastAPI) -> None:
    with TestClient(_addressed(limited_app)) as client:
        first = _from(client, "10.0.0.1")
        rooms = [create_room(first, "ticket-to-ride", ["human", "human"]) for _ in range(2)]
        join(first, rooms[0]["id"], 0)
        join(first, rooms[0]["id"], 1)
        refused = first.post(f"/api/rooms/{rooms[1]['id']}/seats/0/join", json={})
        _assert_refused(refused, "too many seats joined")
        assert get_view(first, rooms[1]["id"])["seats"][0]["taken"] is False
        join(_from(client, "10.0.0.2"), rooms[1]["id"], 0)


def test_undos_over_the_limit_are_refused_per_seat(limited_app: FastAPI) -> None:
    """Claim a route and take it back twice; the third undo is refused and the move stays.
    The other seat of the room is not limited by the first seat's undos."""
    with TestClient(limited_app) as client:
        room = create_room(client, "ticket-to-ride", ["human", "human"])["id"]
        tokens = {seat: join(client, room, seat) for seat in (0, 1)}
        seat, view = _claiming(client, room, tokens)
        answers = []
        for _ in range(3):
            view = get_view(client, room, tokens[seat])
            played = act(client, room, tokens[seat], view["version"], _claim(view))
            assert played.status_code == 200 and played.json()["can_undo"], played.text
            answers.append(undo(client, room, tokens[seat], played.json()["version"]))
        assert [a.status_code for a in answers[:2]] == [200, 200]
        _assert_refused(answers[2], "too many undos", f"seat {seat}")
        assert get_view(client, room)["version"] == played.json()["version"]
        other, view = _claiming(client, room, tokens)
        assert other != seat
        played = act(client, room, tokens[other], view["version"], _claim(view))
        assert undo(client, room, tokens[other], played.json()["version"]).status_code == 200


def _claiming(client: TestClient, room: str, tokens: dict[int, str]) -> tuple[int, dict]:
    """Play the first legal move (the tickets kept at the start) until the seat to move may
    claim a route; that seat and its view."""
    while True:
        seat = get_view(client, room)["current_player"]
        view = get_view(client, room, tokens[seat])
        if any(legal["json"]["type"] == "claim" for legal in view["legal_actions"]):
            return seat, view
        played = act(client, room, tokens[seat], view["version"], first_action(view))
        assert played.status_code == 200, played.text


def _claim(view: dict) -> object:
    """A move that reveals nothing, so that it may be taken back: claiming a route."""
    return next(a["json"] for a in view["legal_actions"] if a["json"]["type"] == "claim")


def test_rate_limits_count_each_key_apart() -> None:
    limits = _limited(rate_create_rooms="1/minute", rate_join="1/minute", rate_undo="1/minute")
    limits.create_room("10.0.0.1")
    limits.join("10.0.0.1")  # another limit: not counted with the rooms
    limits.undo("room-a", 0)
    limits.undo("room-a", 1)
    limits.undo("room-b", 0)
    with pytest.raises(TooManyRequests) as refused:
        limits.undo("room-a", 0)
    assert refused.value.status == 429
    assert 1 <= refused.value.retry_after <= 60
    assert refused.value.headers == {"Retry-After": str(refused.value.retry_after)}
    with pytest.raises(TooManyRequests):
        limits.create_room("10.0.0.1")
    limits.create_room("10.0.0.2")


def test_a_refused_request_counts_in_no_limit() -> None:
    """Over the hourly limit, the per-minute one is not used up by the refusals."""
    limits = _limited(rate_create_rooms="3/minute;2/hour")
    limits.create_room("a")
    limits.create_room("a")
    for _ in range(5):
        with pytest.raises(TooManyRequests) as refused:
            limits.create_room("a")
    assert "2 per hour" in str(refused.value)
    assert 1 <= refused.value.retry_after <= 3600


def test_an_empty_limit_is_no_limit() -> None:
    limits = _limited(rate_create_rooms="")
    for _ in range(200):
        limits.create_room("a")


@pytest.mark.parametrize("text", ["ten a minute", "10/fortnight", "-1/minute", "10"])
def test_a_bad_limit_is_one_line_naming_the_setting(text: str) -> None:
    with pytest.raises(ValueError, match=r"^rate_join .* is not a rate limit: write"):
        parse_limits("rate_join", text)


def test_the_defaults_allow_real_players_and_stop_floods() -> None:
    """A person creating a few rooms and taking back a few moves is never refused; the
    flood the issue measured (3,000 rooms in 12.8 s) is stopped within the first minute."""
    limits = RateLimits(Settings(db_url="sqlite://"))
    for _ in range(5):
        limits.create_room("a")
        limits.join("a")
        limits.undo("room", 0)
    refused = 0
    for _ in range(100):
        try:
            limits.create_room("b")
        except TooManyRequests:
            refused += 1
    assert 0 < refused < 100


@pytest.mark.parametrize(
    ("host", "key"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("testclient", "testclient"),
        (None, "unknown"),
    ],
)
def test_clients_are_counted_by_address_and_ipv6_network(host: str | None, key: str) -> None:
    assert client_key(host) == key


def test_the_limits_are_in_the_schema(limited_app: FastAPI) -> None:
    with TestClient(limited_app) as client:
        paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/rooms", "/api/rooms/{room_id}/seats/{seat}/join"):
        answer = paths[path]["post"]["responses"]["429"]
        assert "Retry-After" in answer["headers"]


# --- tabletrip serve -----------------------------------------------------------------------


def test_serve_sets_the_rate_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The options reach the settings of the app (stopped there: no server is started)."""
    seen: list[Settings] = []

    def stop_at_create_app(settings: Settings) -> None:
        seen.append(settings)
        raise ServeError("stopped before serving")

    monkeypatch.setattr(tabletrip.server, "create_app", stop_at_create_app)
    limits = [
        "--rate-create-rooms",
        "5/minute",
        "--rate-join",
        "",
        "--rate-undo",
        "3/minute;20/hour",
    ]
    result = run("serve --db", db_url(tmp_path), *limits)
    assert_one_error_line(result, "stopped before serving")
    assert (seen[0].rate_create_rooms, seen[0].rate_join, seen[0].rate_undo) == (
        "5/minute",
        "",
        "3/minute;20/hour",
    )
    assert "--rate-create-rooms" in run("serve --help").output


def test_serve_with_a_bad_rate_limit_is_one_line(tmp_path: Path) -> None:
    result = run("serve --db", db_url(tmp_path), "--rate-undo", "often")
    assert_one_error_line(result, "--rate-undo 'often' is not a rate limit", "10/minute")
