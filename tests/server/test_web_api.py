"""What the web UI needs from the server: the app itself at / and /static/, the board of each
viewer, board targets and decision help in views, seat labels, hints and the replay.

Every new payload shows only what its reader may know: a seat's board and the help text never
change when only what that seat cannot see is dealt anew (state.determinize), and the replay
is refused until the game is over.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server_helpers import (
    act,
    bearer,
    create_room,
    get_view,
    join,
    replay_states,
    running,
    wait_for,
)
from tabletrip.core.game import State
from tabletrip.core.presentation import action_targets, decision_help, render_svg, unreadable_parts
from tabletrip.core.rng import Rng, mix_seed
from tabletrip.server import hints
from tabletrip.server.wording import move_words
from tabletrip.web import STATIC_DIR

GAMES = [
    ("ticket-to-ride", {}),
    ("en-route", {}),
    ("route-east", {"attractions": 2}),
    ("lets-go-france", {}),
]
RESAMPLES = 2  # determinizations compared per checked state and seat
CHECKED_VERSIONS = 3  # states of a game whose boards are compared with resampled ones
MOVES = 60  # moves of seat 1 played in the board test (or to the end)


def one_line(response: Any, status: int, *words: str) -> str:
    """Assert the status and a one-line `detail` holding `words`."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail
    for word in words:
        assert word in detail, detail
    return detail


def _finished_or_to_move(view: dict[str, Any]) -> bool:
    return view["status"] == "finished" or bool(view["legal_actions"])


def board(client: TestClient, room_id: str, token: str | None = None) -> dict[str, Any]:
    """GET the board of `token`'s seat (a spectator's without one), 200 asserted."""
    headers = bearer(token) if token else {}
    response = client.get(f"/api/rooms/{room_id}/board", headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


# --- the app ---------------------------------------------------------------------------------


def test_the_app_is_served_with_its_modules(tmp_path: Any) -> None:
    """/ is the app page (scripts only from the server itself), every module it imports is
    served as JavaScript, and a missing file is a one-line 404."""
    with running(tmp_path) as client:
        page = client.get("/")
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert page.headers["cache-control"] == "no-cache"
        assert '<script type="module" src="/static/app.js">' in page.text
        modules = sorted(p.name for p in STATIC_DIR.glob("*.js"))
        assert "app.js" in modules
        for name in modules:
            served = client.get(f"/static/{name}")
            assert served.status_code == 200, name
            assert "javascript" in served.headers["content-type"]
            for imported in re.findall(r'from "\./([\w.-]+\.js)"', served.text):
                assert (STATIC_DIR / imported).is_file(), f"{name} imports a missing {imported}"
        assert client.get("/static/style.css").headers["content-type"].startswith("text/css")
        one_line(client.get("/static/nothing-here.js"), 404)
        assert "/" not in client.get("/openapi.json").json()["paths"]


def test_no_module_puts_data_into_markup() -> None:
    """Text is inserted as text: `innerHTML` is set only to the server's board SVG."""
    for path in STATIC_DIR.glob("*.js"):
        for line in path.read_text().splitlines():
            if "innerHTML" in line:
                assert path.name == "board.js" and "innerHTML = svg" in line, (path.name, line)
            assert "insertAdjacentHTML" not in line and "document.write" not in line


# --- views, labels, boards -------------------------------------------------------------------


def test_labels_targets_help_and_private_keys(tmp_path: Any) -> None:
    """Views name every seat, give each legal action its board targets, the help text of the
    decision (to the seat to move only) and the keys only the seat sees."""
    with running(tmp_path) as client:
        room = create_room(client, "ticket-to-ride", ["human", "easy", "human"], seed=5)
        assert room["labels"] == ["seat 0", "bot easy", "seat 2"]
        room_id = room["id"]
        token = join(client, room_id, 0, "ana")
        token2 = join(client, room_id, 2)
        view = wait_for(client, room_id, lambda v: v["current_player"] == 0, token)
        state = client.app.state.manager.rooms[room_id].state
        assert view["labels"] == ["ana", "bot easy", "seat 2"]
        assert view["legal_actions"]
        for legal in view["legal_actions"]:
            action = state.game.action_from_json(legal["json"])
            assert legal["targets"] == list(action_targets(state, action))
        assert view["help"] == decision_help(state)
        assert view["private_keys"] == sorted(
            set(state.observation(0)) - set(state.public_observation())
        )
        assert view["help"]
        spectator = get_view(client, room_id)
        assert spectator["help"] == "" and spectator["private_keys"] == []
        other = wait_for(client, room_id, lambda v: v["current_player"] != 2, token2)
        assert other["help"] == "" and other["legal_actions"] == []
        listed = client.get("/api/rooms").json()["rooms"]
        assert listed[0]["labels"] == ["ana", "bot easy", "seat 2"]


def test_a_board_for_each_viewer(tmp_path: Any) -> None:
    """The board is the state's SVG as the token's seat sees it, or as a spectator sees it;
    bad tokens and unknown rooms are refused in one line."""
    with running(tmp_path) as client:
        room_id = create_room(client, "ticket-to-ride", ["human", "human"], seed=2)["id"]
        tokens = {seat: join(client, room_id, seat) for seat in (0, 1)}
        state = client.app.state.manager.rooms[room_id].state
        for seat, token in tokens.items():
            drawn = board(client, room_id, token)
            assert drawn == {"version": 0, "seat": seat, "svg": render_svg(state, seat)}
        assert board(client, room_id)["svg"] == render_svg(state, None)
        one_line(client.get(f"/api/rooms/{room_id}/board", headers=bearer("nope")), 403)
        one_line(client.get("/api/rooms/nope/board"), 404, "nope")
        view = get_view(client, room_id, tokens[0])
        played = act(client, room_id, tokens[0], 0, view["legal_actions"][0]["json"])
        assert played.status_code == 200, played.text
        assert board(client, room_id, tokens[0])["version"] == 1


def _same_for_what_the_seat_cannot_see(state: State, viewer: int | None, seed: int) -> None:
    """A viewer's board is the same in every determinization for a seat it could be (a
    spectator: any seat); so is the help text of the seat to move, for that seat."""
    seats = range(state.num_players) if viewer is None else [viewer]
    board_of = render_svg(state, viewer)
    help_text = decision_help(state)
    for seat in seats:
        for index in range(RESAMPLES):
            sample = state.determinize(seat, Rng(mix_seed("web-test", seed, seat, index)))
            assert render_svg(sample, viewer) == board_of, f"{viewer}'s board shows hidden things"
            if seat == state.current_player:
                assert decision_help(sample) == help_text


def _states(client: TestClient, room_id: str) -> list[State]:
    """The room's state after each move so far (index k: after k moves), by replay."""
    room = client.app.state.manager.rooms[room_id]
    state = room.game.new_game(seed=room.seed)
    states = [state.clone()]
    for _seat, action in room.state.history:
        state.apply(action)
        states.append(state.clone())
    return states


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_boards_and_help_show_only_what_their_viewer_may_know(
    tmp_path: Any, game: str, options: dict
) -> None:
    """Part of a game through the server: at several versions the boards served to seat 1
    and to a spectator are the replayed state's, and stay the same when what they cannot see
    is dealt anew; so does the help text the seat to move is given."""
    rnd = random.Random(4)
    served: list[tuple[int | None, dict[str, Any]]] = []
    helped: list[tuple[int, str]] = []
    with running(tmp_path) as client:
        room_id = create_room(client, game, ["easy", "human"], options, seed=13)["id"]
        token = join(client, room_id, 1)
        for _ in range(MOVES):
            view = wait_for(client, room_id, _finished_or_to_move, token)
            if rnd.random() < 0.12 or view["status"] == "finished":
                served.append((1, board(client, room_id, token)))
                served.append((None, board(client, room_id)))
            if view["status"] == "finished":
                break
            helped.append((view["version"], view["help"]))
            picked = rnd.choice(view["legal_actions"])
            response = act(client, room_id, token, view["version"], picked["json"])
            assert response.status_code == 200, response.text
        states = _states(client, room_id)
    assert served
    for viewer, drawn in served:
        assert drawn["svg"] == render_svg(states[drawn["version"]], viewer)
    for version, text in helped:
        assert text == decision_help(states[version])
    checked = sorted({drawn["version"] for _, drawn in served})
    for version in checked[:: max(1, len(checked) // CHECKED_VERSIONS)]:
        state = states[version]
        if state.is_over:
            continue
        _same_for_what_the_seat_cannot_see(state, 1, version)
        _same_for_what_the_seat_cannot_see(state, None, version)


# --- hints -----------------------------------------------------------------------------------


@pytest.fixture
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints from the `medium` search (a few playouts) instead of a second of `hard`."""
    monkeypatch.setattr(hints, "HINT_BOT", "medium")


def test_a_hint_for_the_seat_to_move(tmp_path: Any, quick_hints: None) -> None:
    """The seat to move gets up to 3 legal moves with what the search found; asking again
    at the same version gives the same answer; others are refused in one line."""
    with running(tmp_path) as client:
        room_id = create_room(client, "ticket-to-ride", ["human", "human"], seed=6)["id"]
        tokens = {seat: join(client, room_id, seat) for seat in (0, 1)}
        url = f"/api/rooms/{room_id}/hint"
        first = client.post(url, headers=bearer(tokens[0]))
        assert first.status_code == 200, first.text
        hint = first.json()
        assert hint["version"] == 0 and hint["seat"] == 0 and hint["bot"] == "medium"
        actions = get_view(client, room_id, tokens[0])["legal_actions"]
        legal = {a["text"]: a["json"] for a in actions}
        said = {a["text"]: a["words"] for a in actions}
        assert 1 <= len(hint["candidates"]) <= 3
        for rank, candidate in enumerate(hint["candidates"], 1):
            assert legal[candidate["text"]] == candidate["json"]
            assert 0 <= candidate["share"] <= 1 and 0 <= candidate["win_rate"] <= 1
            # The move as the list says it, never its notation with ids.
            assert candidate["said"] == said[candidate["text"]]
            assert candidate["words"].startswith(f"{rank}. {candidate['said']}: ")
            assert not unreadable_parts(candidate["words"]), candidate["words"]
        assert client.post(url, headers=bearer(tokens[0])).json() == hint
        one_line(client.post(url, headers=bearer(tokens[1])), 403, "turn")
        one_line(client.post(url), 401, "token")
        one_line(client.post("/api/rooms/nope/hint", headers=bearer(tokens[0])), 404)
        played = act(client, room_id, tokens[0], 0, hint["candidates"][0]["json"])
        assert played.status_code == 200, played.text


def test_the_hint_of_a_forced_move_needs_no_search(tmp_path: Any) -> None:
    """With one legal move the hint is that move, without searching."""
    with running(tmp_path) as client:
        room_id = create_room(client, "route-east", ["human", "human"], {"attractions": 2}, 3)["id"]
        tokens = {seat: join(client, room_id, seat) for seat in (0, 1)}
        for _ in range(60):
            view = get_view(client, room_id)
            token = tokens[view["current_player"]]
            mine = get_view(client, room_id, token)
            if len(mine["legal_actions"]) == 1:
                hint = client.post(f"/api/rooms/{room_id}/hint", headers=bearer(token)).json()
                assert hint["iterations"] == 0
                assert [c["text"] for c in hint["candidates"]] == [mine["legal_actions"][0]["text"]]
                return
            act(client, room_id, token, mine["version"], mine["legal_actions"][0]["json"])
    pytest.fail("no forced move in 60 moves")


def test_the_hard_bot_hints_in_the_bot_pool(tmp_path: Any) -> None:
    """The real hint (the hard bot, about a second) runs in a worker process."""
    with running(tmp_path, bot_workers=1) as client:
        room_id = create_room(client, "lets-go-france", ["human", "easy"], seed=8)["id"]
        token = join(client, room_id, 0)
        response = client.post(f"/api/rooms/{room_id}/hint", headers=bearer(token))
        assert response.status_code == 200, response.text
        hint = response.json()
        assert hint["bot"] == "hard" and hint["iterations"] > 0 and hint["candidates"]


# --- replay ----------------------------------------------------------------------------------


def test_the_replay_of_a_finished_game(tmp_path: Any) -> None:
    """Refused (409) while playing; then every step is the replayed state as a spectator or
    a seat saw it, with its board and the move that led there; bad steps are one line."""
    with running(tmp_path) as client:
        room_id = create_room(client, "lets-go-france", ["random", "human"], seed=9)["id"]
        token = join(client, room_id, 1)
        one_line(client.get(f"/api/rooms/{room_id}/replay"), 409, "over")
        one_line(client.get("/api/rooms/nope/replay"), 404)
        while True:
            view = wait_for(client, room_id, _finished_or_to_move, token)
            if view["status"] == "finished":
                break
            act(client, room_id, token, view["version"], view["legal_actions"][-1]["json"])
        record = client.get(f"/api/rooms/{room_id}/record").json()
        states = replay_states(record)
        steps = len(record["actions"])
        for step in (0, 1, steps // 2, steps):
            for seat in (None, 0, 1):
                params: dict[str, Any] = {"step": step}
                if seat is not None:
                    params["seat"] = seat
                response = client.get(f"/api/rooms/{room_id}/replay", params=params)
                assert response.status_code == 200, response.text
                shown = response.json()
                state = states[step]
                expected = state.public_observation() if seat is None else state.observation(seat)
                assert shown["observation"] == expected
                assert shown["board"] == render_svg(state, seat)
                assert shown["steps"] == steps and shown["step"] == step
                assert len(shown["log"]) == step
                assert shown["labels"] == ["bot random", "seat 1"]
                if step:
                    mover, action = record["actions"][step - 1]
                    played = state.game.action_from_json(action)
                    assert shown["move"] == {
                        "seat": mover,
                        "text": str(played),
                        "words": move_words(state.game, played.public()),
                    }
                else:
                    assert shown["move"] is None
            assert (shown["result"] is not None) == (step == steps)
        url = f"/api/rooms/{room_id}/replay"
        one_line(client.get(url, params={"step": steps + 1}), 400, "step")
        one_line(client.get(url, params={"seat": 5}), 400, "seat")
        one_line(client.get(url, params={"step": -1}), 422)


def test_the_new_paths_are_documented(tmp_path: Any) -> None:
    """The board, hint and replay are in the OpenAPI schema with their refusals."""
    with running(tmp_path) as client:
        paths = client.get("/openapi.json").json()["paths"]
    assert {"200", "403", "404"} <= set(paths["/api/rooms/{room_id}/board"]["get"]["responses"])
    hint = paths["/api/rooms/{room_id}/hint"]["post"]
    assert {"200", "403", "409"} <= set(hint["responses"])
    assert hint["security"] == [{"HTTPBearer": []}]
    assert {"200", "400", "409"} <= set(paths["/api/rooms/{room_id}/replay"]["get"]["responses"])
