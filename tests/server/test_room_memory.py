"""Rooms leave memory (issue 24): memory keeps only the rooms in use, a room is replayed from
the database when asked for again, loaded once however many ask at the same time, never twice
in memory, and at startup only the rooms whose bot is to move are loaded (they play on)."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletrip.server.manager as manager_module
from server_helpers import (
    create_room,
    get_view,
    hello,
    join,
    play_rest,
    running,
    until,
    wait_for,
)
from tabletrip.server.room_cache import RoomCache
from tabletrip.server.rooms import HUMAN, Room, Seat, configured_game


def in_memory(client: TestClient) -> set[str]:
    """The ids of the rooms the app holds in memory now."""
    return set(client.app.state.manager.rooms)


def _room(room_id: str) -> Room:
    game = configured_game("ticket-to-ride", 2, {})
    return Room(room_id, game, 1, "2026-01-01T00:00:00.000+00:00", [Seat(0, HUMAN), Seat(1, HUMAN)])


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_cache_lets_idle_rooms_go_but_not_busy_ones() -> None:
    """Idle for `idle_seconds`: out, unless busy; over the cap: the least recently used out."""
    clock = Clock()
    cache = RoomCache(max_rooms=2, idle_seconds=10, clock=clock)
    for name in "abc":
        cache.add(_room(name))
        clock.now += 1
    assert cache.sweep(lambda _id: False) == ["a"]  # three over a cap of two
    assert cache.use("b") is not None  # b is now the most recently used
    cache.add(_room("d"))
    assert cache.sweep(lambda _id: False) == ["c"]
    clock.now += 20
    assert cache.sweep(lambda room_id: room_id == "b") == ["d"]  # b is busy: it stays
    assert list(cache) == ["b"]


def test_a_room_that_left_but_is_still_held_comes_back_as_the_same_object() -> None:
    """A room is never in memory twice: one that left while a request held it is found again;
    one nobody holds is gone (and will be replayed from the database)."""
    clock = Clock()
    cache = RoomCache(max_rooms=10, idle_seconds=1, clock=clock)
    held = _room("held")
    cache.add(held)
    cache.add(_room("free"))
    clock.now += 5
    assert sorted(cache.sweep(lambda _id: False)) == ["free", "held"]
    gc.collect()
    assert cache.use("held") is held and "held" in cache
    assert cache.use("free") is None


def test_an_idle_room_leaves_memory_and_comes_back_as_it_was(tmp_path: Path) -> None:
    """Open, mid-game and finished rooms leave once idle and are replayed when asked for:
    the same views, and a mid-game room plays on."""
    with running(tmp_path, idle_room_seconds=0.2) as client:
        waiting = create_room(client, "route-east", ["human", "human"], {"attractions": 2})["id"]
        mid = create_room(client, "ticket-to-ride", ["human", "easy"], seed=5)["id"]
        token = join(client, mid, 0, "ana")
        play_rest(client, mid, {0: token}, max_moves=3)
        mid_view = wait_for(client, mid, lambda v: v["current_player"] == 0, token)
        done = create_room(client, "route-east", ["random", "random"], {"attractions": 2})["id"]
        done_view = wait_for(client, done, lambda v: v["status"] == "finished")
        before = {room_id: get_view(client, room_id) for room_id in (waiting, mid, done)}
        until(lambda: not in_memory(client) & {waiting, mid, done}, "the idle rooms left")
        assert get_view(client, done) == before[done] == done_view
        assert get_view(client, waiting) == before[waiting]
        assert get_view(client, mid, token) == mid_view
        assert get_view(client, mid) == before[mid]
        final = play_rest(client, mid, {0: token})
        assert final["status"] == "finished"


def test_a_watched_room_stays_in_memory(tmp_path: Path) -> None:
    """A room with a socket open on it stays while idle rooms leave; it may leave once the
    socket closes."""
    with running(tmp_path, idle_room_seconds=0.2) as client:
        watched = create_room(client, "route-east", ["human", "human"], {"attractions": 2})["id"]
        with client.websocket_connect(f"/api/rooms/{watched}/ws") as socket:
            hello(socket)
            idle = create_room(client, "route-east", ["human", "human"], {"attractions": 2})
            until(lambda: idle["id"] not in in_memory(client), "the idle room left")
            assert watched in in_memory(client)
        until(lambda: watched not in in_memory(client), "the room left once unwatched")


def test_the_cap_lets_the_least_recently_used_rooms_go(tmp_path: Path) -> None:
    """With room for two, the third room made sends the least recently used one out."""
    with running(tmp_path, max_rooms_in_memory=2) as client:
        ids = [
            create_room(client, "route-east", ["human", "human"], {"attractions": 2})["id"]
            for _ in range(2)
        ]
        get_view(client, ids[0])  # now the second is the least recently used
        ids.append(create_room(client, "route-east", ["human", "human"])["id"])
        assert in_memory(client) == {ids[0], ids[2]}
        assert get_view(client, ids[1])["id"] == ids[1]  # replayed; the first goes out now
        assert in_memory(client) == {ids[1], ids[2]}


def test_requests_at_the_same_time_load_a_room_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five requests for a room not in memory wait for one replay and get the same room."""
    with running(tmp_path) as client:
        room_id = create_room(client, "ticket-to-ride", ["human", "human"])["id"]
    rebuilds: list[str] = []
    rebuild = Room.rebuild

    def counted(row: Any) -> Room:
        rebuilds.append(row.id)
        return rebuild(row)

    monkeypatch.setattr(manager_module.Room, "rebuild", counted)
    with running(tmp_path) as client:
        manager = client.app.state.manager
        assert room_id not in manager.rooms

        async def five() -> list[Room]:
            return list(await asyncio.gather(*(manager.room(room_id) for _ in range(5))))

        rooms = client.portal.call(five)
        assert rebuilds == [room_id]
        assert all(room is rooms[0] for room in rooms)
        assert manager.rooms[room_id] is rooms[0]


def test_startup_loads_only_the_rooms_whose_bot_is_to_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a restart the bot room is loaded by itself and plays on; the open, finished and
    waiting-for-a-person rooms stay in the database until asked for."""
    with running(tmp_path) as client:
        waiting = create_room(client, "route-east", ["human", "human"], {"attractions": 2})
        done = create_room(client, "route-east", ["random", "random"], {"attractions": 2})
        wait_for(client, done["id"], lambda v: v["status"] == "finished")
        others = {waiting["id"], done["id"]}
        person = create_room(client, "ticket-to-ride", ["human", "easy"], seed=5)["id"]
        token = join(client, person, 0)
        wait_for(client, person, lambda v: v["current_player"] == 0)
        others.add(person)
        bots = create_room(client, "ticket-to-ride", ["ismcts:seconds=0.3", "random"])["id"]
        started = wait_for(client, bots, lambda v: v["version"] >= 1)["version"]
    rebuilds: list[str] = []
    rebuild = Room.rebuild

    def counted(row: Any) -> Room:
        rebuilds.append(row.id)
        return rebuild(row)

    monkeypatch.setattr(manager_module.Room, "rebuild", counted)
    with running(tmp_path) as client:
        until(lambda: bots in in_memory(client), "the bot room was loaded")
        assert rebuilds == [bots]
        assert not others & in_memory(client)
        manager = client.app.state.manager
        until(lambda: manager.rooms[bots].version > started, "the bot room played on")
        assert get_view(client, person, None)["current_player"] == 0
        assert get_view(client, person, token)["legal_actions"]
