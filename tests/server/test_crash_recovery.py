"""Crash recovery: a real `tabletrip serve` killed with SIGKILL comes back exactly where it was.

Rooms of several games (humans and bots) are played over HTTP and WebSocket and every seat's
view is recorded; the process is killed (the first time while a bot is thinking) and restarted
on the same database. Every room must show the same views and versions, the tokens must still
work, finished rooms' records must replay to their results, and the games must go on to the end.
`tests/server/test_postgres.py` runs the same scenario on PostgreSQL.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import sqlalchemy as sa
from websockets.sync.client import ClientConnection, connect

import tabletrip

JsonDict = dict[str, Any]
# Generous deadlines: the machine is shared, and a deadline only bounds a hung test.
START_SECONDS = 60.0
WAIT_SECONDS = 30.0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerProcess:
    """`python -m tabletrip serve` on a free port and a given database, in its own session."""

    def __init__(self, db_url: str, workdir: Path, extra: Sequence[str] = ()) -> None:
        self.db_url = db_url
        self.workdir = workdir
        self.extra = list(extra)  # more `serve` options
        self.port = free_port()
        self.log = workdir / f"server-{self.port}.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The base HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        """The base WebSocket address."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        """Start the server and wait until it answers (fails with its log if it does not)."""
        command = [sys.executable, "-m", "tabletrip", "serve", "--port", str(self.port)]
        command += ["--chosen-seeds"]  # the same games every run
        command += ["--db", self.db_url, *self.extra]
        env = {**os.environ, "TABLETRIP_DATA_DIR": str(self.workdir / "data")}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
            )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited at startup:\n{self.output()}")
            try:
                if httpx2.get(f"{self.url}/api/games", timeout=2).status_code == 200:
                    return self
            except httpx2.TransportError:
                pass
            time.sleep(0.05)
        self.kill()
        raise AssertionError(f"the server did not answer in {START_SECONDS} s:\n{self.output()}")

    def output(self) -> str:
        """What the server printed so far (the end of it)."""
        return self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""

    def kill(self) -> None:
        """SIGKILL the server, as a crash would, then its leftover workers (same session)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=WAIT_SECONDS)
        self._kill_group()

    def stop(self) -> int:
        """Stop the server with SIGTERM (SIGKILL if it hangs); its exit code.

        uvicorn shuts down cleanly, then dies of the signal again: -SIGTERM is a clean stop.
        """
        assert self.process is not None
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=WAIT_SECONDS)
            except subprocess.TimeoutExpired:
                self.kill()
                raise AssertionError(f"the server ignored SIGTERM:\n{self.output()}") from None
        self._kill_group()
        return self.process.returncode

    def _kill_group(self) -> None:
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)


def expect(response: httpx2.Response, status: int = 200) -> Any:
    """The JSON body of a response that must have `status` (fails showing the body if not)."""
    assert response.status_code == status, f"{response.request.url}: {response.text}"
    return response.json()


class Api:
    """The REST API of one running server, as plain calls."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.http = httpx2.Client(base_url=server.url, timeout=WAIT_SECONDS)

    def close(self) -> None:
        """Close the connections."""
        self.http.close()

    def create(self, game: str, seats: list[str], seed: int, **options: Any) -> str:
        """Create a room; `seats` holds 'human' or a bot level per seat. Returns its id."""
        body = {
            "game": game,
            "players": len(seats),
            "options": options,
            "seats": [
                {"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats
            ],
            "seed": seed,
        }
        return str(expect(self.http.post("/api/rooms", json=body), 201)["id"])

    def join(self, room: str, seat: int) -> str:
        """Take a human seat; its token."""
        path = f"/api/rooms/{room}/seats/{seat}/join"
        return str(expect(self.http.post(path, json={"name": f"player {seat}"}))["token"])

    def spectate(self, room: str) -> JsonDict:
        """The public view of a room."""
        return expect(self.http.get(f"/api/rooms/{room}"))

    def view(self, room: str, token: str) -> JsonDict:
        """A seat's view."""
        return expect(self.http.get(f"/api/rooms/{room}/view", headers=bearer(token)))

    def act(self, room: str, token: str, version: int, action: Any) -> JsonDict:
        """Play an action for a seat; the seat's new view."""
        body = {"version": version, "action": action}
        return expect(
            self.http.post(f"/api/rooms/{room}/actions", json=body, headers=bearer(token))
        )

    def undo(self, room: str, token: str, version: int) -> httpx2.Response:
        """Ask to take back the seat's last action (the raw answer: 200 or 409)."""
        path = f"/api/rooms/{room}/undo"
        return self.http.post(path, json={"version": version}, headers=bearer(token))

    def record(self, room: str) -> JsonDict:
        """The record of a finished room."""
        return expect(self.http.get(f"/api/rooms/{room}/record"))

    def room_ids(self, status: str) -> set[str]:
        """The ids of the rooms listed with a status."""
        return {
            room["id"]
            for room in expect(self.http.get("/api/rooms", params={"status": status}))["rooms"]
        }


def bearer(token: str) -> dict[str, str]:
    """The Authorization header of a seat token."""
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Table:
    """One room of the scenario: its id, seats ('human' or a bot level) and seat tokens."""

    name: str
    game: str
    seats: list[str]
    room: str = ""
    tokens: dict[int, str] = field(default_factory=dict)

    def humans(self) -> list[int]:
        """The human seats."""
        return [seat for seat, kind in enumerate(self.seats) if kind == "human"]


def legal_json(view: JsonDict) -> list[Any]:
    """The JSON forms of the legal actions a seat view offers."""
    return [entry["json"] for entry in view["legal_actions"]]


def wait_for_human(api: Api, table: Table) -> JsonDict:
    """The public view once the room waits for a human seat (or has finished)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        public = api.spectate(table.room)
        if public["status"] != "playing" or table.seats[public["current_player"]] == "human":
            return public
        assert time.monotonic() < deadline, f"{table.name}: the bot did not move: {public}"
        time.sleep(0.02)


def play(api: Api, table: Table, rng: random.Random, moves: int | None) -> int:
    """Play up to `moves` random human actions over HTTP (None: to the end); how many."""
    played = 0
    while moves is None or played < moves:
        public = wait_for_human(api, table)
        if public["status"] != "playing":
            break
        seat = public["current_player"]
        view = api.view(table.room, table.tokens[seat])
        assert view["version"] == public["version"]
        api.act(table.room, table.tokens[seat], view["version"], rng.choice(legal_json(view)))
        played += 1
    return played


def play_until_undo(api: Api, table: Table, rng: random.Random, tries: int) -> int:
    """Play random human actions, asking to undo each, until an undo is accepted.

    Returns the version after the undo; the log then holds an undo row to replay.
    """
    for _ in range(tries):
        public = wait_for_human(api, table)
        assert public["status"] == "playing", f"{table.name} ended before any undo"
        seat = public["current_player"]
        token = table.tokens[seat]
        view = api.view(table.room, token)
        after = api.act(table.room, token, view["version"], rng.choice(legal_json(view)))
        answer = api.undo(table.room, token, after["version"])
        if answer.status_code == 200:
            undone = answer.json()
            assert undone["version"] == after["version"] + 1
            assert legal_json(undone) == legal_json(view)
            return int(undone["version"])
        assert answer.status_code == 409, answer.text
    raise AssertionError(f"{table.name}: no undo accepted in {tries} tries")


def ws_view(ws: ClientConnection, after: int = -1) -> JsonDict:
    """The next view on a socket with a version above `after`, without its "type" (errors fail)."""
    while True:
        message = json.loads(ws.recv(timeout=WAIT_SECONDS))
        assert message.pop("type") == "view", message
        if message["version"] > after:
            return message


def play_ws(
    server: ServerProcess,
    table: Table,
    rng: random.Random,
    moves: int,
    expected: dict[int, JsonDict] | None = None,
) -> None:
    """Play random actions over one WebSocket per human seat, each seeing each move.

    With `expected`, the first view each seat is sent after its hello must be that one.
    """
    views: dict[int, JsonDict] = {}
    with ExitStack() as stack:
        sockets = {
            seat: stack.enter_context(
                connect(f"{server.ws_url}/api/rooms/{table.room}/ws", open_timeout=WAIT_SECONDS)
            )
            for seat in table.humans()
        }
        for seat, ws in sockets.items():
            ws.send(json.dumps({"type": "hello", "token": table.tokens[seat]}))
            views[seat] = ws_view(ws)
            if expected is not None:
                assert views[seat] == expected[seat], f"{table.name}: seat {seat} after hello"
        for _ in range(moves):
            seat = next(iter(views.values()))["current_player"]
            view = views[seat]
            if view["status"] != "playing":
                break
            message = {"type": "action", "version": view["version"], "action": None}
            message["action"] = rng.choice(legal_json(view))
            sockets[seat].send(json.dumps(message))
            for other, ws in sockets.items():
                views[other] = ws_view(ws, view["version"])
                assert views[other]["version"] == view["version"] + 1


def snapshot(api: Api, tables: list[Table]) -> JsonDict:
    """Everything a client can see of the tables: public and seat views, lists, records."""
    seen: JsonDict = {}
    listed = {status: api.room_ids(status) for status in ("open", "playing", "finished")}
    for table in tables:
        public = api.spectate(table.room)
        entry: JsonDict = {
            "public": public,
            "seats": {seat: api.view(table.room, token) for seat, token in table.tokens.items()},
            "listed": sorted(status for status, ids in listed.items() if table.room in ids),
        }
        if public["status"] == "finished":
            entry["record"] = api.record(table.room)
        seen[table.name] = entry
    return seen


def assert_same(before: JsonDict, after: JsonDict) -> None:
    """Every table looks exactly as it did, table by table and seat by seat."""
    assert before.keys() == after.keys()
    for name in before:
        old, new = before[name], after[name]
        assert new["public"]["version"] == old["public"]["version"], name
        assert new["listed"] == old["listed"], name
        for seat in old["seats"]:
            assert new["seats"][seat] == old["seats"][seat], f"{name}: seat {seat}'s view"
        assert new == old, name


def assert_replays(api: Api, table: Table) -> JsonDict:
    """A finished room's record replays to the result the room shows; the record."""
    record = api.record(table.room)
    public = api.spectate(table.room)
    assert public["status"] == "finished" and public["result"] is not None
    state = tabletrip.replay(record)
    assert state.is_over and state.result is not None
    assert state.result.to_json() == record["result"] == public["result"]
    assert record["game"] == table.game and record["players"] == len(table.seats)
    return record


def wait_until(check: Callable[[], bool], what: str) -> None:
    """Poll `check` until it holds (fails naming `what` after the deadline)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.02)


def settle(api: Api, tables: list[Table]) -> None:
    """Wait until no bot is to move in any of the tables."""
    for table in tables:
        wait_for_human(api, table)


def assert_stored(db_url: str, tables: list[Table], seen: JsonDict) -> None:
    """The database holds exactly the log rows of the versions clients were shown."""
    stored = stored_log_rows(db_url, [table.room for table in tables])
    shown = {table.room: seen[table.name]["public"]["version"] for table in tables}
    assert stored == shown


def restart(server: ServerProcess, api: Api) -> tuple[ServerProcess, Api]:
    """A new server on the same database (the old one must be dead), with its client."""
    assert server.process is not None and server.process.poll() is not None
    api.close()
    server = ServerProcess(server.db_url, server.workdir).start()
    return server, Api(server)


def stored_log_rows(db_url: str, rooms: list[str]) -> dict[str, int]:
    """How many log rows the database holds for each of `rooms` (rooms not stored left out)."""
    engine = sa.create_engine(db_url)
    query = sa.text(
        "SELECT r.id, COUNT(a.n) FROM rooms r LEFT JOIN actions a ON a.room_id = r.id"
        " WHERE r.id IN :ids GROUP BY r.id"
    ).bindparams(sa.bindparam("ids", expanding=True))
    try:
        with engine.connect() as conn:
            return {room: count for room, count in conn.execute(query, {"ids": rooms}).all()}
    finally:
        engine.dispose()


def run_crash_scenario(db_url: str, workdir: Path) -> list[str]:
    """Play rooms, SIGKILL the server twice (once while a bot thinks), check each restart.

    Returns the ids of the rooms it made.
    """
    rng = random.Random(2024)
    duel = Table("ticket-to-ride, two humans, to the end", "ticket-to-ride", ["human", "human"])
    versus = Table("ticket-to-ride, human vs easy", "ticket-to-ride", ["human", "easy"])
    trio = Table("route-east, humans and a bot", "route-east", ["human", "easy", "human"])
    sockets = Table("lets-go-france over WebSocket", "lets-go-france", ["human", "human"])
    en_route = Table("en-route vs easy", "en-route", ["easy", "human"])
    waiting = Table("route-east, one seat free", "route-east", ["human", "human"])
    thinking = Table("ticket-to-ride vs hard, bot to move", "ticket-to-ride", ["hard", "human"])
    others = [duel, versus, trio, sockets, en_route, waiting]
    tables = [*others, thinking]

    server = ServerProcess(db_url, workdir).start()
    api = Api(server)
    try:
        for index, table in enumerate(tables):
            table.room = api.create(table.game, table.seats, seed=1000 + index)
            if table is not thinking:
                humans = table.humans()[:1] if table is waiting else table.humans()
                table.tokens = {seat: api.join(table.room, seat) for seat in humans}
        play(api, duel, rng, None)
        record = assert_replays(api, duel)
        play(api, versus, rng, 12)
        undo_version = play_until_undo(api, trio, rng, tries=40)
        play(api, trio, rng, 10)
        play_ws(server, sockets, rng, 16)
        play(api, en_route, rng, 4)
        settle(api, others)
        before = snapshot(api, others)
        assert before[trio.name]["public"]["version"] > undo_version
        # The hard bot starts a search of a second or more once its opponent joins: kill then.
        thinking.tokens = {1: api.join(thinking.room, 1)}
        before |= snapshot(api, [thinking])
        server.kill()
        assert before[thinking.name]["public"]["current_player"] == 0
        assert before[thinking.name]["public"]["version"] == 0
        assert stored_log_rows(db_url, [thinking.room]) == {thinking.room: 0}, (
            "the hard bot moved before the kill: the machine is too slow for this test"
        )
        assert_stored(db_url, tables, before)

        server, api = restart(server, api)
        after = snapshot(api, [thinking])  # first, while the bot is still searching
        assert_same(before, after | snapshot(api, others))
        assert api.record(duel.room) == record
        # The bot takes its turn again after the restart, and every game goes on.
        wait_until(lambda: api.spectate(thinking.room)["version"] > 0, "the hard bot moved")
        play(api, versus, rng, None)
        assert_replays(api, versus)
        # Reconnecting after the crash resumes where the game was.
        play_ws(server, sockets, rng, 8, expected=before[sockets.name]["seats"])
        play(api, trio, rng, 6)
        play(api, en_route, rng, 2)
        settle(api, tables)
        before = snapshot(api, tables)
        server.kill()
        assert_stored(db_url, tables, before)

        server, api = restart(server, api)
        assert_same(before, snapshot(api, tables))
        assert_replays(api, versus)
        waiting.tokens[1] = api.join(waiting.room, 1)
        assert api.spectate(waiting.room)["status"] == "playing"
        assert server.stop() in (0, -signal.SIGTERM), server.output()
        assert "Application shutdown complete" in server.output(), server.output()
    finally:
        api.close()
        server.kill()
    return [table.room for table in tables]


def test_a_killed_server_restarts_exactly_where_it_was(tmp_path: Path) -> None:
    """The scenario on a SQLite file, whose rows are then read back directly."""
    url = f"sqlite:///{tmp_path / 'rooms.sqlite'}"
    rooms = run_crash_scenario(url, tmp_path)
    stored = stored_log_rows(url, rooms)
    assert sorted(stored) == sorted(rooms) and sum(stored.values()) > 0
