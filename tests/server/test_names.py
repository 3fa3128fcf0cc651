"""Seat names (issue 24): plain text, trimmed, never a bot's or another seat's label."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from server_helpers import create_room, get_view, join, running
from tabletrip.server.names import check_name, fold, name_refusal


def wide(text: str) -> str:
    """The text in full-width forms (U+FF01...), as East Asian keyboards type it."""
    return "".join("\u3000" if c == " " else chr(ord(c) + 0xFEE0) for c in text)


CONTROL_AND_FORMAT = [
    "Ann\nverified: you won",  # newline: a line of its own in a transcript
    "Ann\x00",  # NUL
    "\x1b[2JAnn",  # ESC: a terminal escape sequence
    "Ann\tLee",  # tab
    "\u202eennA",  # RIGHT-TO-LEFT OVERRIDE: shows reversed
    "Ann\u2066",  # LEFT-TO-RIGHT ISOLATE
    "An\u200bn",  # ZERO WIDTH SPACE: looks like "Ann"
    "Ann\u2028Lee",  # LINE SEPARATOR
    "Ann\x85",  # NEXT LINE (C1 control)
    "\ufeffAnn",  # BYTE ORDER MARK
    "Ann\ud800",  # a lone surrogate (JSON can carry one)
    "Ann\ue000",  # private use
]


@pytest.mark.parametrize("name", CONTROL_AND_FORMAT)
def test_control_and_format_characters_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match=r"^a name is plain text: U\+[0-9A-F]{4,5} \(") as error:
        check_name(name)
    assert "\n" not in str(error.value)
    assert name_refusal(name, []) == str(error.value)


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        ("  Ann  ", "Ann"),
        ("Ann Lee", "Ann Lee"),
        ("\u3000Zoë\u00a0", "Zoë"),  # ideographic and no-break spaces trimmed too
        ("نی\u200cنی", "نی\u200cنی"),  # Persian, with the zero-width non-joiner it needs
        ("👩\u200d🚀 Sam", "👩\u200d🚀 Sam"),  # an emoji sequence (zero-width joiner)
        ("Bottom", "Bottom"),
        ("Robot Ann", "Robot Ann"),
        ("Seaton 1", "Seaton 1"),
        ("[/bold]", "[/bold]"),  # text to the server; the terminal prints it as text
        ("", None),
        ("   ", None),
    ],
)
def test_names_are_trimmed_and_an_empty_name_is_none(name: str, kept: str | None) -> None:
    assert check_name(name) == kept
    assert name_refusal(kept, ["seat 0", "bot easy"]) is None


@pytest.mark.parametrize(
    "name",
    ["seat 1", "Seat 0", "SEAT   3", "seat3", "bot", "Bot easy", "bot  hard", "bot:medium",
     wide("bot easy"), wide("seat 1"), "bot ismcts:seconds=1"],
)  # fmt: skip
def test_a_name_cannot_read_like_a_seat_or_a_bot(name: str) -> None:
    with pytest.raises(ValueError, match="reads like a seat's label"):
        check_name(name)
    assert "reads like a seat's label" in (name_refusal(name, []) or "")


@pytest.mark.parametrize("name", ["Ann", "ann", " ANN ", "A\u200dnn", wide("ann"), "Ann"])
def test_a_name_cannot_be_another_seats(name: str) -> None:
    refusal = name_refusal(name.strip(), ["Ann", "seat 1"])
    assert refusal is not None and "another seat of this room is called" in refusal
    assert name_refusal(name.strip(), ["Bob", "seat 1"]) is None


def test_fold_compares_case_width_spaces_and_joiners_away() -> None:
    assert fold("  Ann\u3000  LEE ") == "ann lee"
    assert fold(wide("A") + "\u200dnn") == "ann"


# --- over the API --------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    with running(tmp_path) as test_client:
        yield test_client


def _join(client: TestClient, room_id: str, seat: int, name: str) -> object:
    return client.post(f"/api/rooms/{room_id}/seats/{seat}/join", json={"name": name})


def _one_line(response: object, status: int, *words: str) -> str:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert "\n" not in detail and "Traceback" not in detail
    for word in words:
        assert word in detail, detail
    return detail


@pytest.mark.parametrize("name", ["Ann\nLee", "\x1b[31mAnn", "Ann\x00", "\u202eennA"])
def test_joining_with_a_control_character_is_422_and_takes_no_seat(
    client: TestClient, name: str
) -> None:
    room = create_room(client, "ticket-to-ride", ["human", "human"])["id"]
    _one_line(_join(client, room, 0, name), 422, "name", "plain text", "U+")
    assert get_view(client, room)["seats"][0]["taken"] is False


def test_a_name_is_trimmed_and_an_empty_one_is_the_seat_number(client: TestClient) -> None:
    room = create_room(client, "ticket-to-ride", ["human", "human", "easy"])["id"]
    join(client, room, 0, "  Ann  ")
    join(client, room, 1, "   ")
    labels = get_view(client, room)["labels"]
    assert labels == ["Ann", "seat 1", "bot easy"]
    assert get_view(client, room)["seats"][1]["name"] is None


def test_a_name_measured_trimmed(client: TestClient) -> None:
    room = create_room(client, "ticket-to-ride", ["human", "human"])["id"]
    join(client, room, 0, "   " + "a" * 40 + "   ")
    _one_line(_join(client, room, 1, "a" * 41), 422, "name", "40")


@pytest.mark.parametrize("name", ["bot easy", "Bot  Medium", "seat 1", "SEAT 0"])
def test_a_name_like_a_bot_or_a_seat_is_refused(client: TestClient, name: str) -> None:
    room = create_room(client, "ticket-to-ride", ["human", "human"])["id"]
    _one_line(_join(client, room, 0, name), 422, "reads like a seat's label")


def test_a_name_another_seat_has_is_refused(client: TestClient) -> None:
    room = create_room(client, "ticket-to-ride", ["human", "human", "human"])["id"]
    join(client, room, 0, "Ann")
    _one_line(_join(client, room, 1, " ann "), 409, "another seat", "called")
    assert get_view(client, room)["seats"][1]["taken"] is False
    join(client, room, 1, "Annie")
    join(client, room, 2)
