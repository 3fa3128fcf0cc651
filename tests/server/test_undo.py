"""Undo: a seat takes back its own last move while that move revealed nothing and nobody
moved since; the state is restored exactly, and the undo survives a restart."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server_helpers import act, create_room, get_view, join, running, undo

GAMES = [
    ("ticket-to-ride", {}, "claim", "blind"),
    ("en-route", {}, "mark", None),
    ("route-east", {"attractions": 2}, "move", "ignition"),
    ("lets-go-france", {}, None, None),
]


def state_json(client: TestClient, room_id: str) -> str:
    """The room's full state, as held in memory (loaded first: a restarted server loads a
    room when it is first asked for)."""
    assert client.get(f"/api/rooms/{room_id}").status_code == 200
    return json.dumps(client.app.state.manager.rooms[room_id].state.to_json(), sort_keys=True)


@pytest.mark.parametrize(("game", "options", "allowed", "refused"), GAMES)
def test_undo_in_every_game(
    tmp_path: Any, game: str, options: dict, allowed: str | None, refused: str | None
) -> None:
    """Two people play at random; every move the server offers to take back is taken back
    (state JSON exactly as before) and played again; every other is refused with 409."""
    rnd = random.Random(3)
    kinds_allowed: set[str] = set()
    kinds_refused: set[str] = set()
    with running(tmp_path) as client:
        room_id = create_room(client, game, ["human", "human"], options, seed=9)["id"]
        tokens = {seat: join(client, room_id, seat) for seat in (0, 1)}
        for _ in range(60):
            spectator = get_view(client, room_id)
            if spectator["status"] == "finished":
                break
            token = tokens[spectator["current_player"]]
            view = get_view(client, room_id, token)
            before = state_json(client, room_id)
            picked = rnd.choice(view["legal_actions"])
            after = act(client, room_id, token, view["version"], picked["json"])
            assert after.status_code == 200, after.text
            mine = after.json()
            kind = picked["json"]["type"]
            if mine["can_undo"]:
                kinds_allowed.add(kind)
                back = undo(client, room_id, token, mine["version"])
                assert back.status_code == 200, back.text
                assert back.json()["version"] == mine["version"] + 1
                assert state_json(client, room_id) == before
                again = act(client, room_id, token, back.json()["version"], picked["json"])
                assert again.status_code == 200
            else:
                kinds_refused.add(kind)
                after_json = state_json(client, room_id)
                refusal = undo(client, room_id, token, mine["version"])
                assert refusal.status_code == 409, refusal.text
                assert state_json(client, room_id) == after_json
    if allowed:
        assert allowed in kinds_allowed, (kinds_allowed, kinds_refused)
    if refused:
        assert refused in kinds_refused, (kinds_allowed, kinds_refused)


def _claim_ready(client: TestClient, room_id: str, tokens: dict[int, str]) -> dict:
    """Play (seat 1: first legal move; seat 0: keep, then draw blind) until seat 0 can claim."""
    while True:
        seat = get_view(client, room_id)["current_player"]
        view = get_view(client, room_id, tokens[seat])
        texts = [a["text"] for a in view["legal_actions"]]
        if seat == 0 and any(t.startswith("claim") for t in texts):
            return view
        pick = next((t for t in texts if t == "blind"), texts[0]) if seat == 0 else texts[0]
        assert act(client, room_id, tokens[seat], view["version"], pick).status_code == 200


def test_ticket_to_ride_claim_undo_and_its_limits(tmp_path: Any) -> None:
    """A claim can be taken back until the other seat moves; a blind draw never; the undo
    and a pending undoable move both survive a restart."""
    with running(tmp_path) as client:
        room_id = create_room(client, "ticket-to-ride", ["human", "human"], seed=21)["id"]
        tokens = {seat: join(client, room_id, seat) for seat in (0, 1)}
        view = _claim_ready(client, room_id, tokens)
        before = state_json(client, room_id)
        claim = next(a for a in view["legal_actions"] if a["text"].startswith("claim"))
        claimed = act(client, room_id, tokens[0], view["version"], claim["json"]).json()
        assert claimed["can_undo"]
        assert undo(client, room_id, tokens[1], claimed["version"]).status_code == 409
        assert undo(client, room_id, tokens[0], claimed["version"] - 1).status_code == 409
        back = undo(client, room_id, tokens[0], claimed["version"]).json()
        assert state_json(client, room_id) == before
        again = act(client, room_id, tokens[0], back["version"], claim["json"]).json()
        assert again["can_undo"]
        pending = state_json(client, room_id)
    with running(tmp_path) as client:
        assert state_json(client, room_id) == pending
        assert get_view(client, room_id, tokens[0])["can_undo"]
        back = undo(client, room_id, tokens[0], again["version"])
        assert back.status_code == 200 and state_json(client, room_id) == before
        version = back.json()["version"]
        assert act(client, room_id, tokens[0], version, claim["json"]).status_code == 200
        seat1 = get_view(client, room_id, tokens[1])
        moved = act(client, room_id, tokens[1], seat1["version"], "blind")
        assert moved.status_code == 200
        assert not moved.json()["can_undo"]  # a blind draw showed a card
        refusal = undo(client, room_id, tokens[0], moved.json()["version"])
        assert refusal.status_code == 409 and "nothing to take back" in refusal.json()["detail"]
        assert undo(client, room_id, tokens[1], moved.json()["version"]).status_code == 409
        restored = state_json(client, room_id)
    with running(tmp_path) as client:
        assert state_json(client, room_id) == restored


def test_several_steps_of_one_turn_can_be_taken_back(tmp_path: Any) -> None:
    """Route East: consecutive moves of one seat are taken back one after another."""
    with running(tmp_path) as client:
        room_id = create_room(client, "route-east", ["human", "human"], {"attractions": 2})["id"]
        tokens = {seat: join(client, room_id, seat) for seat in (0, 1)}
        seat = get_view(client, room_id)["current_player"]
        token = tokens[seat]
        view = get_view(client, room_id, token)
        view = act(client, room_id, token, view["version"], view["legal_actions"][0]["json"]).json()
        states = [state_json(client, room_id)]
        for _ in range(2):
            moves = [a for a in view["legal_actions"] if a["json"]["type"] == "move"]
            assert moves, view["legal_actions"]
            view = act(client, room_id, token, view["version"], moves[0]["json"]).json()
            assert view["can_undo"]
            states.append(state_json(client, room_id))
        for expected in reversed(states[:-1]):
            view = undo(client, room_id, token, view["version"]).json()
            assert state_json(client, room_id) == expected
