"""Every game over the API: create, join, play to the end over the WebSocket against bots,
reconnect, spectate, download the record; and every payload shows only what its reader may
know (the observation of the contract, own legal actions, a log without hidden moves)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tabletrip
from payload_oracle import check_payloads, chooser, play_over_rest
from server_helpers import (
    JsonDict,
    create_room,
    get_view,
    hello,
    join,
    play_ws,
    receive,
    replay_states,
    running,
)
from tabletrip.core.game import State

GAMES = [
    ("ticket-to-ride", {}),
    ("en-route", {}),
    ("route-east", {"attractions": 2}),
    ("lets-go-france", {}),
]


def _drain(socket: Any, version: int) -> list[JsonDict]:
    messages = []
    while not messages or messages[-1]["version"] < version:
        messages.append(receive(socket))
    return messages


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_game_over_the_websocket(tmp_path: Any, game: str, options: dict) -> None:
    """One human (seat 1) against the easy bot: play, reconnect, spectate, replay the record."""
    choose = chooser(5)
    with running(tmp_path) as client:
        room = create_room(client, game, ["easy", "human"], options, seed=11)
        assert room["status"] == "open"
        room_id = room["id"]
        url = f"/api/rooms/{room_id}/ws"
        token = join(client, room_id, 1, "bea")
        seen: list[JsonDict] = []
        with client.websocket_connect(url) as spectator:
            watched = [hello(spectator)]
            with client.websocket_connect(url) as socket:
                first = hello(socket, token)
                seen.append(first)
                middle = play_ws(
                    socket,
                    first,
                    choose,
                    stop=lambda v: (
                        v["status"] == "finished"
                        or (bool(v["legal_actions"]) and v["version"] >= 15)
                    ),
                    seen=seen,
                )
            assert middle["status"] == "playing"
            rest = get_view(client, room_id, token)
            with client.websocket_connect(url) as socket:
                again = hello(socket, token)
                assert again == middle == {"type": "view", **rest}
                final = play_ws(socket, again, choose, seen=seen)
            watched += _drain(spectator, final["version"])
        assert final["status"] == "finished"
        assert watched[-1]["result"] == final["result"]
        record = client.get(f"/api/rooms/{room_id}/record").json()
    assert tabletrip.replay(record).result.to_json() == final["result"]
    states = replay_states(record)
    check_payloads([first, *seen, rest], states, 1)
    check_payloads(watched, states, None)
    if game == "lets-go-france":
        _no_unrevealed_plays(seen, states)


def _no_unrevealed_plays(seen: list[JsonDict], states: list[State]) -> None:
    """Let's Go!: while seat 1 plays its part of a round, seat 0's cards of that round (played
    first, revealed with the round) are in no log line seat 1 receives."""
    checked = 0
    for view in seen:
        version = view["version"]
        if not view["legal_actions"]:
            continue
        now = states[version].public_observation()["round"]
        secret = [
            action.public()
            for index, (seat, action) in enumerate(states[version].history)
            if seat == 0
            and action.kind == "place"
            and states[index].public_observation()["round"] == now
        ]
        texts = {line["text"] for line in view["log"]}
        assert not texts & set(secret), f"seat 0's unrevealed play is in seat 1's log: {secret}"
        checked += bool(secret)
    assert checked, "no payload was received during a round seat 0 had already played"


def test_every_rest_payload_of_three_seats(tmp_path: Any) -> None:
    """Ticket to Ride, 3 seats (bots on both sides): every REST answer and view of seat 1
    and of a spectator shows only what it may (kept tickets never spelled out)."""
    choose = chooser(8)
    with running(tmp_path) as client:
        room = create_room(client, "ticket-to-ride", ["easy", "human", "random"], seed=3)
        room_id = room["id"]
        token = join(client, room_id, 1)
        payloads, watched = play_over_rest(client, room_id, token, choose)
        record = client.get(f"/api/rooms/{room_id}/record").json()
    states = replay_states(record)
    check_payloads(payloads, states, 1)
    check_payloads(watched, states, None)
    kept = [a for s, a in states[-1].history if s != 1 and a.kind == "keep"]
    assert kept
    for view in payloads:
        if view["status"] != "finished":
            assert all(str(a) not in json.dumps(view["log"]) for a in kept)


def test_the_record_is_refused_before_the_end(tmp_path: Any) -> None:
    """An unfinished room's record would show hidden moves: 409."""
    with running(tmp_path) as client:
        room = create_room(client, "ticket-to-ride", ["human", "easy"])
        response = client.get(f"/api/rooms/{room['id']}/record")
        assert response.status_code == 409
        assert "over" in response.json()["detail"]


def test_rooms_list_and_home_page(tmp_path: Any) -> None:
    """Open rooms are listed (by status too); the web app is at /; games list their bots."""
    with running(tmp_path) as client:
        open_room = create_room(client, "route-east", ["human", "human"], {"attractions": 2})
        bots_only = create_room(client, "ticket-to-ride", ["random", "random"])
        listed = client.get("/api/rooms", params={"status": "open"}).json()["rooms"]
        assert [r["id"] for r in listed] == [open_room["id"]]
        everything = {r["id"] for r in client.get("/api/rooms").json()["rooms"]}
        assert everything == {open_room["id"], bots_only["id"]}
        page = client.get("/")
        assert page.status_code == 200 and 'data-testid="app"' in page.text
        assert "/docs" in page.text
        games = client.get("/api/games").json()
        ids = {g["id"] for g in games["games"]}
        assert {"ticket-to-ride", "en-route", "route-east", "lets-go-france"} <= ids
        assert {"easy", "medium", "hard"} <= set(games["levels"])
        static = client.get(f"/api/rooms/{open_room['id']}/static")
        assert static.status_code == 200 and static.json()


def test_a_room_of_bots_plays_itself(tmp_path: Any) -> None:
    """With no human seat the room plays at once, to the end, and its record replays."""
    with running(tmp_path) as client:
        room = create_room(client, "lets-go-france", ["random", "easy"], seed=2)
        assert room["status"] == "playing"
        from server_helpers import wait_for

        final = wait_for(client, room["id"], lambda v: v["status"] == "finished")
        record = client.get(f"/api/rooms/{room['id']}/record").json()
    assert record["labels"] == ["bot random", "bot easy"]
    assert tabletrip.replay(record).result.to_json() == final["result"]


def test_the_openapi_schema_documents_the_api(tmp_path: Any) -> None:
    """Every REST path is in the schema, with its one-line error answers."""
    with running(tmp_path) as client:
        schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    for path in (
        "/api/games",
        "/api/rooms",
        "/api/rooms/{room_id}",
        "/api/rooms/{room_id}/seats/{seat}/join",
        "/api/rooms/{room_id}/view",
        "/api/rooms/{room_id}/actions",
        "/api/rooms/{room_id}/undo",
        "/api/rooms/{room_id}/record",
    ):
        assert path in paths, path
    play = paths["/api/rooms/{room_id}/actions"]["post"]
    assert {"200", "400", "403", "409", "413", "422"} <= set(play["responses"])
    assert play["security"] == [{"HTTPBearer": []}]
