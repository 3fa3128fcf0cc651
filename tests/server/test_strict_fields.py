"""No loose coercions over the network (issue 24): numbers are JSON numbers and yes/no options
JSON booleans; a command line's text options (`-o advanced_traveler=yes`) still work."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cli_helpers import run
from server_helpers import bearer, create_room, get_view, join, running, seat_specs
from tabletrip.core.errors import OptionError
from tabletrip.core.options import OptionSpec, validate_options


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    with running(tmp_path) as test_client:
        yield test_client


def _body(**changes: Any) -> dict[str, Any]:
    body = {"game": "ticket-to-ride", "players": 2, "seats": seat_specs(["human", "easy"])}
    return {**body, **changes}


def _one_line(response: Any, status: int, *words: str) -> str:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert "\n" not in detail and "Traceback" not in detail
    for word in words:
        assert word in detail, detail
    return detail


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": "2"}, "players"),
        ({"players": 2.0}, "players"),
        ({"players": True}, "players"),
        ({"seed": "5"}, "seed"),
        ({"seed": 5.0}, "seed"),
    ],
)
def test_a_room_with_a_number_as_text_is_422_naming_the_field(
    client: TestClient, changes: dict[str, Any], field: str
) -> None:
    _one_line(client.post("/api/rooms", json=_body(**changes)), 422, field, "integer")


@pytest.mark.parametrize("version", ["0", 0.0, False, "1"])
def test_a_move_or_undo_with_the_version_as_text_is_422(client: TestClient, version: Any) -> None:
    room = create_room(client, "ticket-to-ride", ["human", "human"])["id"]
    tokens = [join(client, room, seat) for seat in (0, 1)]
    seat = get_view(client, room)["current_player"]
    view = get_view(client, room, tokens[seat])
    action = view["legal_actions"][0]["json"]
    for path, body in (("actions", {"version": version, "action": action}), ("undo", {})):
        body = {**body, "version": version}
        answer = client.post(f"/api/rooms/{room}/{path}", headers=bearer(tokens[seat]), json=body)
        _one_line(answer, 422, "version", "integer")
    assert get_view(client, room)["version"] == view["version"]  # nothing was played


@pytest.mark.parametrize(
    ("game", "players", "options", "words"),
    [
        ("lets-go-france", 1, {"advanced_traveler": "yes"}, ["advanced_traveler", "JSON boolean"]),
        ("lets-go-france", 1, {"advanced_traveler": "true"}, ["advanced_traveler", "not text"]),
        ("lets-go-france", 1, {"advanced_traveler": 1}, ["advanced_traveler", "true, false"]),
        ("route-east", 2, {"attractions": "4"}, ["attractions", "JSON number"]),
    ],
)
def test_an_option_given_as_text_over_json_is_refused(
    client: TestClient, game: str, players: int, options: dict[str, Any], words: list[str]
) -> None:
    seats = seat_specs(["easy"] * players)
    body = {"game": game, "players": players, "options": options, "seats": seats}
    _one_line(client.post("/api/rooms", json=body), 400, "bad value", *words)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("lets-go-france", 1, {"advanced_traveler": True}),
        ("route-east", 2, {"attractions": 4}),
        ("ticket-to-ride", 2, {"map": "usa"}),
    ],
)
def test_options_of_their_own_json_kind_are_accepted(
    client: TestClient, game: str, players: int, options: dict[str, Any]
) -> None:
    room = create_room(client, game, ["easy"] * players, options)
    for name, value in options.items():
        assert room["options"][name] == value


def test_the_schema_says_options_are_json_values(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["CreateRoom"]
    assert "true or false" in schema["properties"]["options"]["description"]
    assert schema["properties"]["players"]["type"] == "integer"


# --- the same options as text, where text is all there is -----------------------------------


def test_a_command_line_option_is_text_and_still_accepted() -> None:
    result = run("encoding lets-go-france -p 1 -o advanced_traveler=yes")
    assert result.exit_code == 0, result.output
    assert "advanced_traveler=True" in result.output
    result = run("encoding route-east -p 2 -o attractions=4")
    assert result.exit_code == 0 and "attractions=4" in result.output, result.output


ADVANCED = OptionSpec("advanced", False, "")
ROUNDS = OptionSpec("rounds", 3, "", minimum=1, maximum=9)


@pytest.mark.parametrize(("text", "value"), [("yes", True), ("Off", False), ("1", True)])
def test_text_is_coerced_only_when_it_is_text(text: str, value: bool) -> None:
    assert validate_options("demo", (ADVANCED,), {"advanced": text}) == {"advanced": value}
    with pytest.raises(OptionError, match=r"accepted: true, false \(JSON booleans, not text\)"):
        validate_options("demo", (ADVANCED,), {"advanced": text}, text=False)
    assert validate_options("demo", (ADVANCED,), {"advanced": value}, text=False) == {
        "advanced": value
    }


def test_a_number_as_text_is_refused_without_text() -> None:
    assert validate_options("demo", (ROUNDS,), {"rounds": "4"}) == {"rounds": 4}
    with pytest.raises(OptionError, match=r"from 1 to 9 \(a JSON number, not text\)"):
        validate_options("demo", (ROUNDS,), {"rounds": "4"}, text=False)
    assert validate_options("demo", (ROUNDS,), {"rounds": 4}, text=False) == {"rounds": 4}
