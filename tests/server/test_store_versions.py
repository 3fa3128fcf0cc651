"""The store writes a log row only at its room's current version (issue 26): the database, not
a server's memory, decides which of two moves at one version stands."""

from __future__ import annotations

from pathlib import Path

from tabletrip.server.store import Store
from tabletrip.server.store_rows import LogEntry, RoomRow, SeatRow


def _room(store: Store, room_id: str) -> None:
    seats = (SeatRow(0, "human", None, None, "h0"), SeatRow(1, "human", None, None, "h1"))
    store.create_room(
        RoomRow(room_id, "route-east", 2, {}, 1, "2026-12-03", "playing", None, None, seats, ())
    )


def _row(room_id: str, n: int, action: str) -> LogEntry:
    return LogEntry(room_id, n, 0, "play", {"type": action}, current_player=1)


def test_a_second_row_at_the_same_version_is_refused_and_the_rest_written(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    try:
        _room(store, "a")
        _room(store, "b")
        assert store.append([_row("a", 0, "first")]) == [True]
        # Another server's move at version 0 of room a, batched with a good row of room b.
        assert store.append([_row("a", 0, "second"), _row("b", 0, "first")]) == [False, True]
        assert store.append([_row("a", 2, "ahead")]) == [False]  # not at its version either
        stored = store.room("a")
        assert stored is not None and stored.version == 1
        assert [(r.n, r.action) for r in stored.actions] == [(0, {"type": "first"})]
        assert store.version("a") == (1, stored.seats)
        assert store.actions_from("a", 1) == ()
        assert [r.action for r in store.actions_from("b", 0)] == [{"type": "first"}]
        assert store.version("missing") is None
        assert not store.shared  # SQLite: one server, nothing announced
    finally:
        store.close()


def test_a_bot_move_is_claimed_by_one_server_until_its_claim_lapses(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    try:
        _room(store, "a")
        far = 4_000_000_000.0
        assert store.claim_bot_turn("a", 3, "one", far)
        assert store.claim_bot_turn("a", 3, "one", far)  # its own claim: extended
        assert not store.claim_bot_turn("a", 3, "two", far)  # another's, still running
        assert store.claim_bot_turn("a", 4, "two", far)  # the next move: anyone's
        assert store.claim_bot_turn("a", 4, "two", 1.0)  # (now lapsed, in 1970)
        assert store.claim_bot_turn("a", 4, "one", far)  # a lapsed claim is taken over
    finally:
        store.close()
