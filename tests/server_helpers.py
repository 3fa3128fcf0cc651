"""Helpers for the server tests: an app on a temporary SQLite file, rooms, seats, playing.

    with running(tmp_path) as client:
        room = create_room(client, "ticket-to-ride", ["human", "easy"])
        token = join(client, room["id"], 0)
        final = play_rest(client, room["id"], {0: token})

Seats are given as "human" or a bot spec ("easy", "random", "ismcts:seconds=0.5").
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
from fastapi import FastAPI
from fastapi.testclient import TestClient

import tabletrip
from tabletrip.core.game import State
from tabletrip.core.presentation import action_targets, decision_help, presentation_for
from tabletrip.server import Settings, create_app

JsonDict = dict[str, Any]
Chooser = Callable[[JsonDict], Any]
TIMEOUT = 60.0  # seconds a helper waits for the server before failing the test


def db_url(path: Path) -> str:
    """The SQLite URL of `server.sqlite` in the folder `path`."""
    return f"sqlite:///{path / 'server.sqlite'}"


GENEROUS_RATE = "1000/second"  # a rate limit no test that plays or creates rooms reaches


def settings_for(path: Path, **changes: Any) -> Settings:
    """Settings on a SQLite file in `path`, bots in threads (bot_workers=0), seeds the tests
    choose (chosen_seeds=True, so that a game is the same every run) and rate limits no
    ordinary test reaches (`GENEROUS_RATE`), unless changed."""
    values: dict[str, Any] = {
        "db_url": db_url(path),
        "bot_workers": 0,
        "chosen_seeds": True,
        "rate_create_rooms": GENEROUS_RATE,
        "rate_join": GENEROUS_RATE,
        "rate_undo": GENEROUS_RATE,
    }
    values.update(changes)
    return Settings(**values)


def make_app(path: Path, **changes: Any) -> FastAPI:
    """A server app on a SQLite file in the folder `path` (see `settings_for`)."""
    return create_app(settings_for(path, **changes))


@contextmanager
def running(path: Path, **changes: Any) -> Iterator[TestClient]:
    """A TestClient of a new app on `path` (started: rooms loaded, bots playing)."""
    with TestClient(make_app(path, **changes)) as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    """The Authorization header of a seat token."""
    return {"Authorization": f"Bearer {token}"}


def seat_specs(seats: Sequence[str]) -> list[JsonDict]:
    """["human", "easy"] as the API's seat specs."""
    return [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]


def create_room(
    client: TestClient,
    game: str,
    seats: Sequence[str],
    options: Mapping[str, Any] | None = None,
    seed: int | None = 7,
) -> JsonDict:
    """Create a room (201 asserted) and return its summary."""
    body: JsonDict = {
        "game": game,
        "players": len(seats),
        "options": dict(options or {}),
        "seats": seat_specs(seats),
    }
    if seed is not None:
        body["seed"] = seed
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def join(client: TestClient, room_id: str, seat: int, name: str | None = None) -> str:
    """Join a seat (200 asserted) and return its token."""
    response = client.post(f"/api/rooms/{room_id}/seats/{seat}/join", json={"name": name})
    assert response.status_code == 200, response.text
    return response.json()["token"]


def get_view(client: TestClient, room_id: str, token: str | None = None) -> JsonDict:
    """The seat view of `token`, or the spectator view without one."""
    if token is None:
        response = client.get(f"/api/rooms/{room_id}")
    else:
        response = client.get(f"/api/rooms/{room_id}/view", headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def first_action(view: JsonDict) -> Any:
    """The first legal action's JSON."""
    return view["legal_actions"][0]["json"]


def act(client: TestClient, room_id: str, token: str, version: int, action: Any) -> Any:
    """POST an action; returns the response (not asserted)."""
    return client.post(
        f"/api/rooms/{room_id}/actions",
        headers=bearer(token),
        json={"version": version, "action": action},
    )


def undo(client: TestClient, room_id: str, token: str, version: int) -> Any:
    """POST an undo; returns the response (not asserted)."""
    return client.post(
        f"/api/rooms/{room_id}/undo", headers=bearer(token), json={"version": version}
    )


def until(condition: Callable[[], Any], what: str, timeout: float = TIMEOUT) -> None:
    """Poll `condition` until it holds; fail naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"waited {timeout:g} s for: {what}"
        time.sleep(0.01)


def wait_for(
    client: TestClient,
    room_id: str,
    predicate: Callable[[JsonDict], bool],
    token: str | None = None,
    timeout: float = TIMEOUT,
) -> JsonDict:
    """Poll the view (of `token`, or the spectator's) until `predicate` holds; fail on timeout."""
    deadline = time.monotonic() + timeout
    while True:
        view = get_view(client, room_id, token)
        if predicate(view):
            return view
        assert time.monotonic() < deadline, f"room {room_id} never got there: {view['status']}"
        time.sleep(0.005)


def play_rest(
    client: TestClient,
    room_id: str,
    tokens: Mapping[int, str],
    choose: Chooser = first_action,
    max_moves: int | None = None,
) -> JsonDict:
    """Play every seat in `tokens` over REST (bots play theirs) until the game is over or
    `max_moves` moves of these seats were played; returns the last spectator view."""
    moves = 0
    while max_moves is None or moves < max_moves:
        view = wait_for(
            client,
            room_id,
            lambda v: (
                v["status"] == "finished"
                or (v["status"] == "playing" and v["current_player"] in tokens)
            ),
        )
        if view["status"] == "finished":
            break
        token = tokens[view["current_player"]]
        seat_view = get_view(client, room_id, token)
        response = act(client, room_id, token, seat_view["version"], choose(seat_view))
        assert response.status_code == 200, response.text
        moves += 1
    return get_view(client, room_id)


def receive(socket: Any, timeout: float = TIMEOUT) -> JsonDict:
    """The next JSON message of a TestClient WebSocket; fails after `timeout` seconds."""

    async def next_message() -> Any:
        with anyio.fail_after(timeout):
            return await socket._send_rx.receive()

    message = socket.portal.call(next_message)
    socket._raise_on_close(message)
    return json.loads(message["text"])


def hello(socket: Any, token: str | None = None) -> JsonDict:
    """Say hello (as the seat of `token`, or as a spectator) and return the first view."""
    socket.send_json({"type": "hello"} if token is None else {"type": "hello", "token": token})
    message = receive(socket)
    assert message["type"] == "view", message
    return message


def play_ws(
    socket: Any,
    first: JsonDict,
    choose: Chooser = first_action,
    stop: Callable[[JsonDict], bool] = lambda v: v["status"] == "finished",
    seen: list[JsonDict] | None = None,
) -> JsonDict:
    """Play the socket's seat from the view `first` on, choosing among the legal actions
    pushed, until `stop(view)`; every message received is appended to `seen`."""
    view = first
    acted_at = -1
    while not stop(view):
        if view["legal_actions"] and view["version"] > acted_at:
            acted_at = view["version"]
            socket.send_json({"type": "action", "version": view["version"], "action": choose(view)})
        message = receive(socket)
        if seen is not None:
            seen.append(message)
        assert message["type"] == "view", message
        view = message
    return view


def replay_states(record: JsonDict, content: Any = None) -> list[State]:
    """The state after each move of a record: index k is the state after k moves (`content`:
    the room's own content, as `tabletrip.replay` takes it)."""
    result = tabletrip.replay(record, content=content)
    game = result.game
    state = game.new_game(seed=record["seed"])
    states = [state.clone()]
    for _seat, action in record["actions"]:
        state.apply(game.action_from_json(action))
        states.append(state.clone())
    return states


def check_view(view: JsonDict, states: Sequence[State], seat: int | None) -> None:
    """Assert a payload shows only what `seat` (None: a spectator) may know at its version:
    the observation is exactly the contract's, legal actions (with their board targets and
    words) and the decision's help text only for the seat to move, and the log spells out
    other seats' moves only by their public notation."""
    state = states[view["version"]]
    expected = state.public_observation() if seat is None else state.observation(seat)
    assert view["observation"] == json.loads(json.dumps(expected))
    assert view["seat"] == seat
    if seat is not None and view["status"] == "playing" and state.current_player == seat:
        presentation = presentation_for(state.game.id)
        observation = state.observation(seat)
        legal = [
            {
                "text": str(a),
                "json": a.to_json(),
                "targets": list(action_targets(state, a)),
                # The move in words, from the seat's own observation only.
                "words": ""
                if presentation is None
                else presentation.action_words(state.game, observation, a),
            }
            for a in state.legal_actions()
        ]
        assert view["legal_actions"] == json.loads(json.dumps(legal))
        assert view["help"] == decision_help(state)
    else:
        assert view["legal_actions"] == []
        assert view["help"] == ""
    if seat is None:
        assert view["private_keys"] == []
    else:
        public = state.public_observation()
        assert view["private_keys"] == sorted(set(state.observation(seat)) - set(public))
    history = state.history
    position = 0
    for line in view["log"]:
        while position < len(history):
            mover, action = history[position]
            position += 1
            own = mover == seat
            if mover == line["seat"] and line["text"] == (str(action) if own else action.public()):
                break
        else:
            raise AssertionError(f"log line {line} is not a move as this viewer may read it")
    if view["status"] == "finished":
        assert view["result"] == state.result.to_json()
    else:
        assert view["result"] is None
