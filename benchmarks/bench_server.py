"""The game server under load: N rooms of two WebSocket players each, on loopback.

`tabletrip serve` runs in a subprocess on a free port with a temporary SQLite file. Each room
has two human seats, both joined; each seat has its own WebSocket (asyncio, `websockets`) and
plays a random legal action whenever the view it is pushed says it is its turn. Like the web
client, it asks for log deltas (`"log_delta": true`) and rebuilds each view's whole log. A move's
latency runs from sending the action to receiving, on the same socket, the first view that
contains it (the broadcast after the commit). Bounded by time, rooms and moves; the server is
stopped with SIGTERM at the end. Route East is the default game: its views are small and its
games long, so every room keeps playing for the whole run.

With `--hints`, two rooms of easy bots play 10 s alone, 10 s while six clients each ask for a
hint whenever their seat is to move (each in its own room of two people it plays), and 10 s
alone again (the same rooms throughout); it prints the bot rooms' moves per second with the
hint clients over the mean of the two phases without them.

    python benchmarks/bench_server.py --rooms 100 --seconds 15
    python benchmarks/bench_server.py --hints
    python benchmarks/run.py server        # the same measures in the `make bench` table
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import httpx2
import orjson
from websockets.asyncio.client import ClientConnection, connect

from served import UNLIMITED, Server, process_cpu

DEFAULT_GAME = "route-east"
DEFAULT_ROOMS = 100
DEFAULT_SECONDS = 10.0
MAX_ROOMS = 500
MAX_SECONDS = 60.0
DEFAULT_MAX_MOVES = 200_000
ACK_SECONDS = 10.0  # to wait for the view of a sent action before counting it lost

JsonDict = dict[str, Any]


# Plain classes, not dataclasses: benchmarks/run.py loads this module without putting it in
# sys.modules, where dataclasses look up postponed annotations.
class Outcome:
    """What one run measured: acknowledged moves, their latencies and the time they took."""

    def __init__(self, rooms: int, seconds: float, load: float) -> None:
        self.rooms = rooms
        self.seconds = seconds
        self.load = load  # the 1-minute load average before the run
        self.latencies: list[float] = []  # seconds, one per acknowledged move
        self.errors = 0  # error messages received (none expected)
        self.lost = 0  # actions whose view never came
        self.finished = 0  # rooms whose game ended during the run
        self.server_cpu = float("nan")  # CPU seconds the server used while the rooms played
        self.client_cpu = float("nan")  # CPU seconds this process (the players) used meanwhile

    @property
    def moves(self) -> int:
        """Moves acknowledged by their broadcast view."""
        return len(self.latencies)

    @property
    def moves_per_second(self) -> float:
        """Acknowledged moves per second of the run."""
        return self.moves / self.seconds if self.seconds > 0 else 0.0

    @property
    def server_ms_per_move(self) -> float:
        """Server CPU milliseconds per acknowledged move."""
        return self.server_cpu / self.moves * 1000 if self.moves else float("nan")

    def percentile_ms(self, fraction: float) -> float:
        """A latency percentile (nearest rank), in milliseconds."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        rank = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
        return ordered[rank] * 1000

    def summary(self) -> str:
        """The measures, one per line."""
        return (
            f"{self.rooms} rooms x 2 WebSockets, {self.seconds:.1f} s, "
            f"load average before: {self.load:.2f} on {os.cpu_count()} cores\n"
            f"moves/s: {self.moves_per_second:,.0f} ({self.moves:,} moves)\n"
            f"action -> broadcast p50: {self.percentile_ms(0.50):.1f} ms, "
            f"p99: {self.percentile_ms(0.99):.1f} ms, max: {self.percentile_ms(1.0):.1f} ms\n"
            f"CPU seconds during the run: server {self.server_cpu:.1f} "
            f"({self.server_ms_per_move:.2f} ms a move), "
            f"players (this process) {self.client_cpu:.1f}\n"
            f"errors: {self.errors}, lost: {self.lost}, rooms finished: {self.finished}"
        )


class Player:
    """One seat of one room over its own WebSocket, playing random legal actions."""

    def __init__(self, room: str, seat: int, token: str, rng: random.Random) -> None:
        self.room = room
        self.seat = seat
        self.token = token
        self.rng = rng
        self.socket: ClientConnection | None = None
        self.view: JsonDict = {}
        self.log: list[JsonDict] = []  # the log of the last view, rebuilt from the deltas

    def receive(self, text: str) -> JsonDict:
        """A message received; a view gets its whole log back (it may hold only new lines)."""
        message = orjson.loads(text)  # the players' process shares the cores with the server
        if message.get("type") == "view":
            start = message.pop("log_start", 0)
            if start > len(self.log):
                raise RuntimeError(f"a view starts its log at {start} of {len(self.log)} lines")
            self.log = message["log"] = self.log[:start] + message["log"]
        return message


class Run:
    """The shared clock and counters of one run."""

    def __init__(self, rooms: int, seconds: float, max_moves: int, think: float) -> None:
        self.outcome = Outcome(rooms=rooms, seconds=seconds, load=os.getloadavg()[0])
        self.max_moves = max_moves
        self.think = think
        self.sent = 0
        self.start = 0.0
        self.deadline = 0.0
        self.last_ack = 0.0

    def may_send(self, now: float) -> bool:
        """Whether a new action may still be sent."""
        return now < self.deadline and self.sent < self.max_moves

    async def play(self, player: Player) -> None:
        """Play the seat until the deadline (waiting for the view of its last action)."""
        assert player.socket is not None
        pending: tuple[int, float] | None = None  # (version acted at, time sent)
        view = player.view
        while True:
            now = time.perf_counter()
            if pending is None and self._mine(player, view) and self.may_send(now):
                if self.think:  # spread out, so that the rooms do not all move at once
                    await asyncio.sleep(self.think * player.rng.uniform(0.5, 1.5))
                    now = time.perf_counter()
                    if not self.may_send(now):
                        return
                action = player.rng.choice(view["legal_actions"])["json"]
                message = {"type": "action", "version": view["version"], "action": action}
                self.sent += 1
                pending = (view["version"], time.perf_counter())
                await player.socket.send(json.dumps(message))
            if pending is None and (not self.may_send(now) or view.get("status") == "finished"):
                return
            wait = ACK_SECONDS if pending else max(0.01, self.deadline - now)
            try:
                text = await asyncio.wait_for(player.socket.recv(), timeout=wait)
            except TimeoutError:
                if pending is not None:
                    self.outcome.lost += 1
                    return
                continue
            message = player.receive(text)
            if message.get("type") != "view":
                self.outcome.errors += 1
                pending = None  # decide again on the view we have
                continue
            view = message
            if pending is not None and view["version"] > pending[0]:
                arrived = time.perf_counter()
                self.outcome.latencies.append(arrived - pending[1])
                self.last_ack = max(self.last_ack, arrived)
                pending = None
            if view["status"] == "finished" and player.seat == 0:
                self.outcome.finished += 1

    @staticmethod
    def _mine(player: Player, view: JsonDict) -> bool:
        return (
            view.get("status") == "playing"
            and view.get("current_player") == player.seat
            and bool(view.get("legal_actions"))
        )


async def _make_rooms(url: str, rooms: int, game: str, seed: int) -> list[Player]:
    """Create the rooms and join both seats of each; one Player per seat."""
    limit = asyncio.Semaphore(16)

    async def one(http: httpx2.AsyncClient, index: int) -> list[Player]:
        async with limit:
            seats = [{"kind": "human"}, {"kind": "human"}]
            body = {"game": game, "players": 2, "options": {}, "seats": seats, "seed": index}
            created = await http.post("/api/rooms", json=body)
            created.raise_for_status()
            room = created.json()["id"]
            players = []
            for seat in (0, 1):
                joined = await http.post(f"/api/rooms/{room}/seats/{seat}/join", json={})
                joined.raise_for_status()
                rng = random.Random(seed * 1_000_003 + index * 2 + seat)
                players.append(Player(room, seat, joined.json()["token"], rng))
            return players

    async with httpx2.AsyncClient(base_url=url, timeout=60) as http:
        made = await asyncio.gather(*(one(http, index) for index in range(rooms)))
    return [player for pair in made for player in pair]


async def _connect(ws_url: str, player: Player) -> None:
    player.socket = await connect(
        f"{ws_url}/api/rooms/{player.room}/ws", max_size=2**22, open_timeout=60
    )
    hello = {"type": "hello", "token": player.token, "log_delta": True}
    await player.socket.send(json.dumps(hello))
    message = player.receive(await asyncio.wait_for(player.socket.recv(), timeout=60))
    if message.get("type") != "view":
        raise RuntimeError(f"hello refused: {message}")
    player.view = message


async def _run(server: Server, rooms: int, seconds: float, game: str, pace: Pace) -> Outcome:
    players = await _make_rooms(server.url, rooms, game, seed=1)
    ws_url = "ws" + server.url.removeprefix("http")
    try:
        await asyncio.gather(*(_connect(ws_url, player) for player in players))
        run = Run(rooms, seconds, pace.max_moves, pace.think)
        server_cpu, client_cpu = server.cpu(), process_cpu()
        run.start = time.perf_counter()
        run.deadline = run.start + seconds
        await asyncio.gather(*(run.play(player) for player in players))
        run.outcome.server_cpu = server.cpu() - server_cpu
        run.outcome.client_cpu = process_cpu() - client_cpu
        if run.last_ack > run.start:
            run.outcome.seconds = run.last_ack - run.start
        return run.outcome
    finally:
        await asyncio.gather(
            *(p.socket.close() for p in players if p.socket is not None), return_exceptions=True
        )


class Pace(NamedTuple):
    """How the players play: at most `max_moves` moves in all, `think` seconds before each."""

    max_moves: int = DEFAULT_MAX_MOVES
    think: float = 0.0


def measure_server(
    rooms: int = DEFAULT_ROOMS,
    seconds: float = DEFAULT_SECONDS,
    game: str = DEFAULT_GAME,
    pace: Pace | None = None,
    workers: int = 0,
    db: str | None = None,
) -> Outcome:
    """Start a server, play `rooms` rooms for `seconds`, stop it; what was measured.

    `workers`: `serve --workers N` (0: a plain `serve`); `db`: its database (None: SQLite)."""
    rooms = max(1, min(rooms, MAX_ROOMS))
    seconds = max(0.5, min(seconds, MAX_SECONDS))
    pace = pace or Pace()
    pace = Pace(max(1, pace.max_moves), max(0.0, min(pace.think, 5.0)))
    # The same games every run: each room's seed is chosen (allowed with --chosen-seeds only).
    options = [*UNLIMITED, "--chosen-seeds", *(["--workers", str(workers)] if workers else [])]
    with Server(options, db=db) as server:
        return asyncio.run(_run(server, rooms, seconds, game, pace))


class Postgres:
    """A throwaway PostgreSQL cluster (tests/pg_cluster.py) and a fresh database per run."""

    def __init__(self) -> None:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from pg_cluster import ThrowawayCluster

        self.cluster = ThrowawayCluster()
        self.url = ""
        self.made = 0

    def __enter__(self) -> Postgres:
        self.url = self.cluster.start()
        return self

    def database(self) -> str:
        """The URL of a new, empty database on the cluster."""
        import psycopg

        from tabletrip.server.announcements import conninfo

        self.made += 1
        name = f"bench{self.made}"
        with psycopg.connect(conninfo(self.url), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url.rsplit("/", 1)[0] + "/" + name

    def __exit__(self, *_exc: object) -> None:
        self.cluster.stop()


@cache
def worker_outcomes(
    workers: tuple[int, ...] = (1, 2), seconds: float = DEFAULT_SECONDS, think: float = 0.0
) -> dict[int, Outcome]:
    """The 100 rooms on a throwaway PostgreSQL with each worker count, back to back (`think`:
    the players' pause before a move; 0, the always-ready loop)."""
    with Postgres() as postgres:
        return {
            n: measure_server(
                seconds=seconds, pace=Pace(think=think), workers=n, db=postgres.database()
            )
            for n in workers
        }


def measure_workers(
    workers: tuple[int, ...] = (1, 2), seconds: float = DEFAULT_SECONDS, think: float = 0.0
) -> str:
    """`worker_outcomes` as a summary: each run's measures and its moves/s over the first's."""
    lines = []
    outcomes = worker_outcomes(workers, seconds, think)
    base = outcomes[workers[0]]
    pace = f", {think * 1000:g} ms pauses" if think else ""
    for n, outcome in outcomes.items():
        ratio = outcome.moves_per_second / base.moves_per_second if base.moves_per_second else 0
        lines.append(f"--- {n} worker{'s' * (n != 1)} on PostgreSQL{pace} ({ratio:.2f}x moves/s)")
        lines.append(outcome.summary())
    return "\n".join(lines)


PACED_THINK = 0.2  # seconds a paced player pauses before a move (0.5 to 1.5 times it)
WORKERS_THINK = 0.1  # the pause of the paced run on PostgreSQL workers


@cache
def _outcome(think: float) -> Outcome:
    return measure_server(pace=Pace(think=think))


HINT_CLIENTS = 6  # people asking for a hint whenever their seat is to move
BOT_ROOMS = 2  # rooms of two easy bots whose moves per second are measured
HINT_PHASE_SECONDS = 10.0


class HintOutcome:
    """Bot rooms' moves per second alone, then next to clients asking for hints."""

    def __init__(self) -> None:
        self.alone = 0.0  # bot moves/s without hint clients
        self.with_hints = 0.0  # bot moves/s while the hint clients ask
        self.answers: dict[int, int] = {}  # hint answers by HTTP status

    @property
    def ratio(self) -> float:
        """Bot moves per second with the hint clients over without them."""
        return self.with_hints / self.alone if self.alone else float("nan")

    def summary(self) -> str:
        """The measures, one per line."""
        answers = ", ".join(f"{status}: {n}" for status, n in sorted(self.answers.items()))
        return (
            f"{BOT_ROOMS} rooms of easy bots, {HINT_PHASE_SECONDS:g} s each phase\n"
            f"bot moves/s alone: {self.alone:.1f}, with {HINT_CLIENTS} hint clients: "
            f"{self.with_hints:.1f} (ratio {self.ratio:.2f})\n"
            f"hint answers by status: {answers or 'none'}"
        )


class BotRooms:
    """BOT_ROOMS rooms of two easy bots, the same rooms in every phase (a finished one is
    replaced): rooms left behind by a phase would go on playing and slow the next."""

    def __init__(self, http: httpx2.AsyncClient) -> None:
        self.http = http
        self.rooms: list[tuple[str, int]] = []  # (room id, version last seen)

    async def _new_room(self) -> tuple[str, int]:
        seats = [{"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}]
        body = {"game": DEFAULT_GAME, "players": 2, "options": {}, "seats": seats}
        created = await self.http.post("/api/rooms", json=body)
        created.raise_for_status()
        return created.json()["id"], 0

    async def _look(self) -> int:
        """Moves played since the last look (replacing finished rooms)."""
        if not self.rooms:
            self.rooms = [await self._new_room() for _ in range(BOT_ROOMS)]
            return 0
        moves = 0
        for index, (room, seen) in enumerate(self.rooms):
            view = (await self.http.get(f"/api/rooms/{room}")).json()
            moves += view["version"] - seen
            finished = view["status"] == "finished"
            self.rooms[index] = await self._new_room() if finished else (room, view["version"])
        return moves

    async def moves_per_second(self, seconds: float) -> float:
        """The rooms' moves per second over the next `seconds`."""
        await self._look()
        start = time.perf_counter()
        moves = 0
        while time.perf_counter() - start < seconds:
            await asyncio.sleep(0.25)
            moves += await self._look()
        return moves / (time.perf_counter() - start)


async def _hint_client(
    http: httpx2.AsyncClient, index: int, stop: asyncio.Event, outcome: HintOutcome
) -> None:
    """A room of two people played by one client, asking for a hint whenever seat 0 is to
    move (no bot in the room: the bot rooms' only competitors for the CPU are the hints)."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    body = {"game": DEFAULT_GAME, "players": 2, "options": {}, "seats": seats}
    created = await http.post("/api/rooms", json=body)
    created.raise_for_status()
    room = created.json()["id"]
    tokens = []
    for seat in (0, 1):
        joined = await http.post(f"/api/rooms/{room}/seats/{seat}/join", json={})
        tokens.append({"Authorization": f"Bearer {joined.json()['token']}"})
    rng = random.Random(index)
    while not stop.is_set():
        seat = (await http.get(f"/api/rooms/{room}")).json()["current_player"]
        if seat is None:
            return
        headers = tokens[seat]
        view = (await http.get(f"/api/rooms/{room}/view", headers=headers)).json()
        if seat == 0:
            # Like a person waiting for advice: ask again, after Retry-After, until answered.
            answer = await http.post(f"/api/rooms/{room}/hint", headers=headers)
            outcome.answers[answer.status_code] = outcome.answers.get(answer.status_code, 0) + 1
            if answer.status_code != 200:
                await asyncio.sleep(float(answer.headers.get("Retry-After", "1")))
                continue
        action = rng.choice(view["legal_actions"])["json"]
        await http.post(
            f"/api/rooms/{room}/actions",
            json={"version": view["version"], "action": action},
            headers=headers,
        )


async def _run_hints(server: Server) -> HintOutcome:
    outcome = HintOutcome()
    async with httpx2.AsyncClient(base_url=server.url, timeout=120) as http:
        bot_rooms = BotRooms(http)
        before = await bot_rooms.moves_per_second(HINT_PHASE_SECONDS)
        stop = asyncio.Event()
        clients = [
            asyncio.ensure_future(_hint_client(http, i, stop, outcome)) for i in range(HINT_CLIENTS)
        ]
        try:
            outcome.with_hints = await bot_rooms.moves_per_second(HINT_PHASE_SECONDS)
        finally:
            stop.set()
            await asyncio.gather(*clients, return_exceptions=True)
        # Alone again, so that a drift over the run (games get longer) is not laid on hints.
        after = await bot_rooms.moves_per_second(HINT_PHASE_SECONDS)
        outcome.alone = (before + after) / 2
    return outcome


@cache
def measure_hints() -> HintOutcome:
    """Start a server; bot rooms' moves per second alone, then while six clients ask for
    hints (each for its own seat, in its own room of two people, whenever it is to move)."""
    with Server() as server:
        return asyncio.run(_run_hints(server))


def benchmarks() -> list[tuple[str, Callable[[], tuple[float, str]]]]:
    """Moves per second and action-to-broadcast latency (p50, p99): one run where every room
    always has a move ready, one where players pause about 0.2 s before each move."""
    measures: list[tuple[str, Callable[[], tuple[float, str]]]] = []
    for think, pace in ((0.0, "no pause"), (PACED_THINK, f"{PACED_THINK:g} s pauses")):
        name = f"server {DEFAULT_ROOMS} rooms x 2 WebSockets ({DEFAULT_GAME}, {pace})"

        def outcome(think: float = think) -> Outcome:
            return _outcome(think)

        measures += [
            (f"{name}: moves/s", lambda o=outcome: (o().moves_per_second, "moves/s")),
            (f"{name}: p50 latency", lambda o=outcome: (o().percentile_ms(0.50), "ms")),
            (f"{name}: p99 latency", lambda o=outcome: (o().percentile_ms(0.99), "ms")),
        ]
    name = f"server {DEFAULT_ROOMS} rooms on PostgreSQL, 2 workers / 1"

    def workers_ratio(measure: Callable[[Outcome], float]) -> float:
        outcomes = worker_outcomes()
        return measure(outcomes[2]) / measure(outcomes[1])

    measures += [
        (f"{name}: moves/s", lambda: (workers_ratio(lambda o: o.moves_per_second), "x")),
        (f"{name}: p99 latency", lambda: (workers_ratio(lambda o: o.percentile_ms(0.99)), "x")),
    ]
    paced = (
        f"server {DEFAULT_ROOMS} rooms on PostgreSQL, 2 workers, {WORKERS_THINK * 1000:g} ms pauses"
    )

    def paced_p99() -> tuple[float, str]:
        return worker_outcomes((2,), DEFAULT_SECONDS, WORKERS_THINK)[2].percentile_ms(0.99), "ms"

    measures.append((f"{paced}: p99 latency", paced_p99))
    name = f"server {BOT_ROOMS} easy-bot rooms with {HINT_CLIENTS} hint clients"
    measures.append((f"{name}: bot moves/s, with / without", lambda: (measure_hints().ratio, "x")))
    return measures


def main(argv: list[str] | None = None) -> int:
    """Run once with the given rooms and seconds and print the measures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=DEFAULT_ROOMS, help=f"at most {MAX_ROOMS}")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS)
    parser.add_argument("--game", default=DEFAULT_GAME)
    parser.add_argument("--max-moves", type=int, default=DEFAULT_MAX_MOVES)
    parser.add_argument(
        "--think-ms",
        type=float,
        default=0.0,
        help="a pause before each action, 0.5 to 1.5 times this (0: always a move ready)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        nargs="+",
        metavar="N",
        help="instead: the rooms on a throwaway PostgreSQL with `serve --workers N` for each N "
        "given, back to back (such as --workers 1 2; with --seconds and --think-ms)",
    )
    parser.add_argument(
        "--hints",
        action="store_true",
        help=f"instead: easy-bot rooms' moves/s alone, then next to {HINT_CLIENTS} hint clients",
    )
    args = parser.parse_args(argv)
    if args.workers:
        print(measure_workers(tuple(args.workers), args.seconds, args.think_ms / 1000))
        return 0
    if args.hints:
        hinted = measure_hints()
        print(hinted.summary())
        return 0 if hinted.alone else 1
    pace = Pace(args.max_moves, args.think_ms / 1000)
    outcome = measure_server(args.rooms, args.seconds, args.game, pace)
    print(outcome.summary())
    return 0 if outcome.moves and not outcome.errors and not outcome.lost else 1


if __name__ == "__main__":
    sys.exit(main())
