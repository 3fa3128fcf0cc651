"""The server on many processes sharing PostgreSQL (issue 26): real `tabletrip serve`
processes on one database, each answering any room. Moves are serialized by the database
(exactly one of two racing moves wins, both servers then show it), a WebSocket on one server
sees moves made through another, a bot room whose server is killed goes on through another
with the same moves, and every payload from every server shows only what its reader may see.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx2
import psycopg
import pytest
from websockets.sync.client import connect

from cli_helpers import assert_one_error_line, run
from payload_oracle import check_payloads, chooser
from processes import children
from server.test_crash_recovery import Api, ServerProcess, bearer, expect
from server.test_postgres import postgres_url  # noqa: F401  (the cluster fixture)
from server_helpers import JsonDict, replay_states, until
from tabletrip.server.announcements import conninfo
from tabletrip.server.rooms import Room

LEASE = "1"  # seconds a server's claim on a bot move lasts: a dead server's rooms move on soon


@pytest.fixture
def database(postgres_url: str, request: pytest.FixtureRequest) -> str:  # noqa: F811
    """A fresh database on the cluster for one test (no rooms of another test in it)."""
    name = "workers_" + request.node.name.split("[")[0][-40:].lower()
    with psycopg.connect(conninfo(postgres_url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return postgres_url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def servers(database: str, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """Two servers on the database, each its own process and port."""
    started: list[ServerProcess] = []
    try:
        for index in range(2):
            workdir = tmp_path / f"server{index}"
            workdir.mkdir()
            started.append(ServerProcess(database, workdir, ["--bot-lease", LEASE]).start())
        yield started
    finally:
        for server in started:
            server.kill()


def _apis(servers: list[ServerProcess]) -> list[Api]:
    return [Api(server) for server in servers]


def test_two_servers_racing_the_same_move_one_wins_and_both_show_it(
    servers: list[ServerProcess],
) -> None:
    a, b = _apis(servers)
    room = a.create("ticket-to-ride", ["human", "human"], seed=9)
    tokens = {0: a.join(room, 0), 1: b.join(room, 1)}  # each seat joined through another server
    assert b.spectate(room)["status"] == "playing"
    view = b.view(room, tokens[0])
    seat = view["current_player"]
    view = a.view(room, tokens[seat])
    action = view["legal_actions"][0]["json"]
    answers: list[httpx2.Response] = []
    go = threading.Barrier(2)

    def send(api: Api) -> None:
        with httpx2.Client(base_url=api.server.url, timeout=30) as http:
            go.wait()
            body = {"version": view["version"], "action": action}
            answers.append(
                http.post(f"/api/rooms/{room}/actions", json=body, headers=bearer(tokens[seat]))
            )

    racers = [threading.Thread(target=send, args=(api,)) for api in (a, b)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    # Exactly one stands. The other, if both were prepared before either was written, is
    # refused by the database (409, "moved on"); if it arrived once the first was written,
    # its server already shows that move and refuses it as out of turn (403).
    codes = sorted(r.status_code for r in answers)
    assert codes in ([200, 403], [200, 409]), [r.text for r in answers]
    lost = next(r for r in answers if r.status_code != 200).json()["detail"]
    assert "moved on" in lost or "turn" in lost, lost
    after = [api.view(room, tokens[seat]) for api in (a, b)]
    assert after[0] == after[1] and after[0]["version"] == view["version"] + 1
    assert a.spectate(room) == b.spectate(room)


def test_a_socket_on_one_server_sees_moves_made_through_the_other(
    servers: list[ServerProcess],
) -> None:
    a, b = _apis(servers)
    room = a.create("route-east", ["human", "human"], seed=4, attractions=2)
    tokens = {0: b.join(room, 0), 1: b.join(room, 1)}
    with connect(f"{servers[0].ws_url}/api/rooms/{room}/ws") as socket:
        socket.send('{"type": "hello"}')
        first = expect_view(socket)
        seat = first["current_player"]
        view = b.view(room, tokens[seat])
        b.act(room, tokens[seat], view["version"], view["legal_actions"][0]["json"])
        pushed = expect_view(socket)
        while pushed["version"] < view["version"] + 1:
            pushed = expect_view(socket)
    assert pushed["version"] == view["version"] + 1
    assert {k: v for k, v in pushed.items() if k != "type"} == a.spectate(room)


def expect_view(socket: Any) -> JsonDict:
    """The next view message of a socket (fails after 30 s)."""
    import json

    message = json.loads(socket.recv(timeout=30))
    assert message["type"] == "view", message
    return dict(message)


def test_every_payload_of_a_game_played_through_both_servers(
    servers: list[ServerProcess],
) -> None:
    """Seat 1 plays against the easy bot, each move through one server or the other; every
    view of seat 1 and of a spectator, from both servers, shows only what it may."""
    apis = _apis(servers)
    choose = chooser(6)
    room = apis[0].create("ticket-to-ride", ["easy", "human"], seed=21)
    token = apis[1].join(room, 1)
    payloads: list[JsonDict] = []
    watched: list[JsonDict] = []
    turn = 0
    while True:
        api = apis[turn % 2]
        turn += 1
        view = api.view(room, token)
        payloads.append(view)
        watched.append(apis[turn % 2].spectate(room))
        if view["status"] == "finished":
            break
        if view["legal_actions"]:
            payloads.append(api.act(room, token, view["version"], choose(view)))
    record = apis[0].record(room)
    assert apis[1].record(room) == record
    states = replay_states(record)
    check_payloads(payloads, states, 1)
    check_payloads(watched, states, None)


def test_a_bot_room_goes_on_when_its_server_is_killed(
    servers: list[ServerProcess], database: str, tmp_path: Path
) -> None:
    """Bots of a room created through server A; A is killed mid-game (SIGKILL); B takes the
    room over once A's claim lapses and finishes it with the moves a single server plays."""
    a, b = _apis(servers)
    bots = ["ismcts:seconds=3,iterations=25", "ismcts:seconds=3,iterations=25"]
    room = a.create("ticket-to-ride", bots, seed=33)
    until(lambda: a.spectate(room)["version"] >= 12, "a dozen bot moves through A", 120)
    servers[0].kill()
    until(lambda: b.spectate(room)["status"] == "finished", "B finishing the game", 300)
    record = b.record(room)
    # The same room on a server of its own plays the same game: bots are seeded per move.
    alone = ServerProcess(f"sqlite:///{tmp_path / 'alone.sqlite'}", tmp_path).start()
    try:
        single = Api(alone)
        again = single.create("ticket-to-ride", bots, seed=33)
        until(lambda: single.spectate(again)["status"] == "finished", "the lone server", 300)
        assert single.record(again)["actions"] == record["actions"]
    finally:
        alone.kill()


def test_more_than_one_worker_on_sqlite_is_refused_in_one_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'server.sqlite'}"
    assert_one_error_line(
        run("serve", "--workers", "2", "--db", url), "--workers 2 needs a database the workers"
    )


def test_serve_workers_runs_two_processes_on_one_port(database: str, tmp_path: Path) -> None:
    server = ServerProcess(database, tmp_path, ["--workers", "2"]).start()
    try:
        api = Api(server)
        room = api.create("route-east", ["human", "human"], seed=2, attractions=2)
        assert server.process is not None
        assert len(children(server.process.pid)) == 2  # the workers, forked from the parent
        for _ in range(20):  # each a new connection: the kernel hands them to either worker
            with httpx2.Client(base_url=server.url, timeout=30) as http:
                assert expect(http.get(f"/api/rooms/{room}"))["id"] == room
    finally:
        assert server.stop() in (0, -15)


@contextlib.asynccontextmanager
async def a_room_on_two_managers(database: str) -> AsyncIterator[tuple[Any, Any, Room, Room]]:
    """Managers A (started: it announces its changes) and B (not started: it hears only what a
    test hands it, as if it were late) on one database, a two-seat Route East room made and
    joined through A, and B's copy of it."""
    from tabletrip.server.manager import RoomManager
    from tabletrip.server.settings import Settings
    from tabletrip.server.store import Store

    settings = Settings(database, bot_workers=0, hint_workers=1, chosen_seeds=True)
    a, b = (RoomManager(settings, Store.open(database)) for _ in range(2))
    await a.start()
    try:
        room = await a.create("route-east", 2, {}, [("human", None), ("human", None)], 5)
        for seat in (0, 1):
            await a.join(room.id, seat, None)
        yield a, b, room, await b.room(room.id)
    finally:
        await a.close()
        await b.close()


def first_move(room: Room) -> tuple[int, JsonDict]:
    """The seat to move and its first legal move (JSON)."""
    seat = room.current_player
    assert seat is not None
    return seat, room.state.legal_actions()[0].to_json()


async def until_version(held: Room, version: int) -> None:
    """Wait (polling a condition, at most 30 s) for a copy that catches up in a task."""
    for _ in range(3000):
        if held.version == version:
            return
        await asyncio.sleep(0.01)


def test_a_move_prepared_on_a_stale_copy_is_refused_by_the_database(database: str) -> None:
    """Server B holds a room; server A moves it; B, not yet told, prepares a move at the old
    version: the store refuses it (409, "moved on"), and B's copy catches up to A's move."""

    async def main() -> None:
        async with a_room_on_two_managers(database) as (a, b, room, held):
            seat, move = first_move(room)
            await a.act(room, seat, move, 0)
            with pytest.raises(Exception, match="moved on") as refused:
                await b.act(held, seat, move, 0)  # B was not asked to refresh
            assert getattr(refused.value, "status", None) == 409
            assert held.version == room.version == 1
            assert held.state.history == room.state.history

    asyncio.run(main())


def test_a_move_announced_with_its_row_is_played_without_reading_the_database(
    database: str,
) -> None:
    """The notification of a move carries its log row: server B, holding the room at the
    version before, plays it from there (the store is not read) and ends where A is."""
    from tabletrip.server.room_changes import ROOMS_CHANNEL

    def never(*_args: Any) -> Any:
        raise AssertionError("the store was read")

    async def main() -> None:
        async with a_room_on_two_managers(database) as (a, b, room, held):
            b.store.actions_from = b.store.version = never
            with psycopg.connect(conninfo(database), autocommit=True) as listener:
                listener.execute(f"LISTEN {ROOMS_CHANNEL}")
                for _ in range(3):
                    seat, move = first_move(room)
                    await a.act(room, seat, move, room.version)
                    heard = next(listener.notifies(timeout=30, stop_after=1))
                    b.announced(heard.payload)
                    await until_version(held, room.version)
                    assert held.version == room.version
            assert held.state.history == room.state.history
            assert held.visible_log(1) == room.visible_log(1)

    asyncio.run(main())


def test_a_move_announced_while_a_catch_up_reads_is_caught_up_too(database: str) -> None:
    """Server B is catching up on A's first move and has read the rows when A's second move
    is announced: B looks again once done, so its copy ends at the second move, not one
    behind until some later announcement."""

    async def main() -> None:
        async with a_room_on_two_managers(database) as (a, b, room, held):
            read, go_on = threading.Event(), threading.Event()
            actions_from = b.store.actions_from

            def read_then_wait(room_id: str, n: int) -> Any:
                rows = actions_from(room_id, n)
                read.set()
                go_on.wait(30)
                return rows

            b.store.actions_from = read_then_wait
            loop = asyncio.get_running_loop()
            for step in (1, 2):
                seat, move = first_move(room)
                await a.act(room, seat, move, room.version)
                b.announced(f"{room.id} {step} {a.server_id}")  # no row: B reads the rows
                if step == 1:
                    assert await loop.run_in_executor(None, read.wait, 30)
            b.store.actions_from = actions_from
            go_on.set()
            await until_version(held, 2)
            assert held.version == room.version == 2
            assert held.state.history == room.state.history

    asyncio.run(main())


def test_killing_every_server_loses_nothing_acknowledged(
    servers: list[ServerProcess], database: str, tmp_path: Path
) -> None:
    """Moves acknowledged by either server, then both killed (SIGKILL): two new servers show
    every room exactly as acknowledged, and play on."""
    a, b = _apis(servers)
    choose = chooser(3)
    rooms = {}
    for api, game, options in ((a, "route-east", {"attractions": 2}), (b, "ticket-to-ride", {})):
        room = api.create(game, ["human", "human"], seed=8, **options)
        tokens = {0: a.join(room, 0), 1: b.join(room, 1)}
        for move in range(6):  # the moves go through either server in turn
            server = (a, b)[move % 2]
            seat = server.spectate(room)["current_player"]
            view = server.view(room, tokens[seat])
            server.act(room, tokens[seat], view["version"], choose(view))
        rooms[room] = (tokens, a.spectate(room))
    for server in servers:
        server.kill()
    again = []
    for index in range(2):
        workdir = tmp_path / f"again{index}"
        workdir.mkdir()
        again.append(ServerProcess(database, workdir, ["--bot-lease", LEASE]).start())
    try:
        for api in _apis(again):
            for room, (_tokens, seen) in rooms.items():
                assert api.spectate(room) == seen
        c = _apis(again)[0]
        for room, (tokens, seen) in rooms.items():
            seat = seen["current_player"]
            view = c.view(room, tokens[seat])
            assert c.act(room, tokens[seat], view["version"], choose(view))["version"] == (
                seen["version"] + 1
            )
    finally:
        for server in again:
            server.kill()
