"""The game server's memory over many games: it must stay flat once warmed up (issue 24).

`tabletrip serve` runs in a subprocess on a free port with a temporary SQLite file and its
default settings. This process keeps `--in-flight` rooms playing at a time: rooms of bots only
(`random` seats of the quickest game, solo Let's Go! To France by default), each created
through the API with its own chosen seed (allowed for a room of bots only), until `--games`
games have finished. It learns which rooms still play from the room list (`status=playing`)
and samples the server's resident memory (VmRSS in /proc/<pid>/status) every 1,000 games.
It prints the memory after the warm-up (the first `--warm-up` games) and at the end, the
growth per 1,000 games between them, and each sample.

    python benchmarks/bench_server_memory.py                  # 10,000 games
    python benchmarks/bench_server_memory.py --games 2000     # quicker
    python benchmarks/run.py memory                           # 250 games, in `make bench`
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

import httpx2

from served import UNLIMITED, Server, resident_mb

DEFAULT_GAMES = 10_000
DEFAULT_WARM_UP = 1_000
DEFAULT_IN_FLIGHT = 24
DEFAULT_GAME = "lets-go-france"  # about 60 moves with one random seat: the quickest game
DEFAULT_PLAYERS = 1
SAMPLE_EVERY = 1_000  # games between two memory samples
BENCH_GAMES = 250  # for `make bench`: a few tens of seconds
BENCH_WARM_UP = 100
# ... with this few rooms kept in memory, so that the cache is full within the warm-up (the
# default of 500 fills after about 500 games: the full run shows that plateau).
BENCH_ROOMS = 50
POLL_SECONDS = 0.05  # between two looks at the room list
TRIES = 3  # sends of a request whose connection was closed under it
PLAYING = {"status": "playing", "limit": 200}  # the rooms still playing, as listed

JsonDict = dict[str, Any]


class Outcome:
    """Memory samples (games finished, MB) and the run's length."""

    def __init__(self, games: int, warm_up: int, game: str) -> None:
        self.games = games
        self.warm_up = warm_up
        self.game = game
        self.samples: list[tuple[int, float]] = []
        self.seconds = 0.0

    def at(self, games: int) -> float:
        """The memory sampled once `games` games had finished (the first sample at or after)."""
        return next(mb for done, mb in self.samples if done >= games)

    @property
    def warm_mb(self) -> float:
        """MB after the warm-up."""
        return self.at(self.warm_up)

    @property
    def end_mb(self) -> float:
        """MB at the end."""
        return self.samples[-1][1]

    @property
    def growth_per_1000(self) -> float:
        """MB the server grew by per 1,000 games after the warm-up."""
        done = self.samples[-1][0] - self.warm_up
        return (self.end_mb - self.warm_mb) / done * 1000 if done > 0 else float("nan")

    def summary(self) -> str:
        """The measures, a few lines."""
        samples = ", ".join(f"{done:,}: {mb:.1f}" for done, mb in self.samples)
        return (
            f"{self.samples[-1][0]:,} games of {self.game} (random bots) in {self.seconds:.0f} s\n"
            f"server memory after {self.warm_up:,} games (warm-up): {self.warm_mb:.1f} MB, "
            f"at the end: {self.end_mb:.1f} MB\n"
            f"growth after the warm-up: {self.growth_per_1000:+.2f} MB per 1,000 games\n"
            f"samples (games: MB): {samples}"
        )


async def _retrying(server: Server, call: Callable[[], Awaitable[httpx2.Response]]) -> Any:
    """The JSON answer of a request, sent again if its connection was closed under it (a
    kept-alive connection the server let go); RuntimeError with the server's log if it died."""
    for attempt in range(TRIES):
        try:
            answer = await call()
        except httpx2.TransportError:
            if not server.alive():
                raise RuntimeError(f"the server stopped:\n{server.log_tail()}") from None
            if attempt == TRIES - 1:
                raise
            await asyncio.sleep(0.5)
            continue
        answer.raise_for_status()
        return answer.json()
    raise AssertionError("unreachable")


def _listed(answer: Any) -> list[JsonDict]:
    """The rooms of a room-list answer: a page (this version) or a bare list (before)."""
    return answer["rooms"] if isinstance(answer, dict) else answer


async def _play(
    server: Server,
    games: int,
    warm_up: int,
    in_flight: int,
    game: str,
    players: int,
    progress: bool,
) -> Outcome:
    outcome = Outcome(games, warm_up, game)
    seats = [{"kind": "bot", "bot": "random"}] * players
    playing: set[str] = set()
    created = finished = 0
    next_sample = min(warm_up, SAMPLE_EVERY) or SAMPLE_EVERY
    start = time.perf_counter()
    async with httpx2.AsyncClient(base_url=server.url, timeout=60) as http:
        body = {"game": game, "players": players, "options": {}, "seats": seats}

        async def create(seed: int) -> str:
            made = await _retrying(
                server, lambda: http.post("/api/rooms", json={**body, "seed": seed})
            )
            return str(made["id"])

        while finished < games:
            wanted = min(in_flight - len(playing), games - created)
            if wanted > 0:
                made = await asyncio.gather(*(create(created + k) for k in range(wanted)))
                playing.update(made)
                created += wanted
            await asyncio.sleep(POLL_SECONDS)
            answer = await _retrying(server, lambda: http.get("/api/rooms", params=PLAYING))
            still = {room["id"] for room in _listed(answer)}
            finished += len(playing - still)
            playing &= still
            while finished >= next_sample:
                outcome.samples.append((finished, resident_mb(server.pid)))
                if progress:
                    print(f"{finished:,} games: {outcome.samples[-1][1]:.1f} MB", flush=True)
                next_sample = (
                    next_sample + SAMPLE_EVERY if next_sample >= warm_up else max(warm_up, 1)
                )
    outcome.seconds = time.perf_counter() - start
    if not outcome.samples or outcome.samples[-1][0] < finished:
        outcome.samples.append((finished, resident_mb(server.pid)))
    return outcome


def measure_memory(
    games: int = DEFAULT_GAMES,
    warm_up: int = DEFAULT_WARM_UP,
    in_flight: int = DEFAULT_IN_FLIGHT,
    game: str = DEFAULT_GAME,
    players: int = DEFAULT_PLAYERS,
    progress: bool = False,
    max_rooms: int | None = None,
) -> Outcome:
    """Start a server, play `games` games of bots, stop it; the memory samples (each printed
    as it is taken, with `progress`)."""
    warm_up = max(1, min(warm_up, games - 1))
    options = [*UNLIMITED]
    if max_rooms is not None:
        options += ["--max-rooms-in-memory", str(max_rooms)]
    with Server(options, prefix="memory") as server:
        return asyncio.run(
            _play(server, games, warm_up, max(1, in_flight), game, players, progress)
        )


def benchmarks() -> list[tuple[str, Callable[[], tuple[float, str]]]]:
    """The server's memory growth per 1,000 games after a warm-up, on a short run."""
    outcome: list[Outcome] = []

    def run() -> Outcome:
        if not outcome:
            outcome.append(measure_memory(BENCH_GAMES, BENCH_WARM_UP, max_rooms=BENCH_ROOMS))
        return outcome[0]

    name = f"server memory over {BENCH_GAMES:,} bot games ({BENCH_ROOMS} rooms in memory)"
    return [
        (f"{name}: after {BENCH_WARM_UP} games", lambda: (run().warm_mb, "MB")),
        (f"{name}: growth after the warm-up", lambda: (run().growth_per_1000, "MB/1,000 games")),
    ]


def main(argv: list[str] | None = None) -> int:
    """Play the games and print the memory measures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES)
    parser.add_argument("--warm-up", type=int, default=DEFAULT_WARM_UP)
    parser.add_argument("--in-flight", type=int, default=DEFAULT_IN_FLIGHT)
    parser.add_argument("--game", default=DEFAULT_GAME)
    parser.add_argument("--players", type=int, default=DEFAULT_PLAYERS)
    args = parser.parse_args(argv)
    outcome = measure_memory(
        args.games, args.warm_up, args.in_flight, args.game, args.players, progress=True
    )
    print(outcome.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
