"""The payload of a room-change notification (`room_changes`): read back as written, the row
left out where PostgreSQL would refuse the payload, and anything else read as no row at all."""

from __future__ import annotations

import pytest

from tabletrip.server.room_changes import (
    PAYLOAD_BYTES,
    SEATS,
    ActionRow,
    Announcement,
    payload,
    read,
)


def test_a_move_is_read_back_with_its_row() -> None:
    row = ActionRow(7, 1, "play", {"kind": "move", "to": "bolu"})
    heard = read(payload("r1", "8", "host:12:ab", row))
    assert heard == Announcement("r1", 8, "host:12:ab", row)


def test_a_seat_change_and_an_undo_are_read_back() -> None:
    assert read(payload("r1", SEATS, "s")) == Announcement("r1", None, "s")
    undo = ActionRow(3, 0, "undo", None)
    assert read(payload("r1", "4", "s", undo)) == Announcement("r1", 4, "s", undo)


def test_a_row_too_long_for_a_notification_is_left_out() -> None:
    row = ActionRow(0, 0, "play", {"route": "x" * PAYLOAD_BYTES})
    text = payload("r1", "1", "s", row)
    assert len(text.encode()) <= PAYLOAD_BYTES
    assert read(text) == Announcement("r1", 1, "s")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("r1", None),
        ("r1 soon s", None),
        ("r1 2 s [1,0,", Announcement("r1", 2, "s")),  # a row that does not read
        ('r1 2 s [0,0,"play",{}]', Announcement("r1", 2, "s")),  # not the row of version 2
        ('r1 2 s ["1",0,"play",{}]', Announcement("r1", 2, "s")),
        ('r1 2 s [1,0,"play",{}]', Announcement("r1", 2, "s", ActionRow(1, 0, "play", {}))),
    ],
)
def test_a_payload_that_is_not_an_announcement_or_whose_row_is_wrong(
    text: str, expected: Announcement | None
) -> None:
    assert read(text) == expected
