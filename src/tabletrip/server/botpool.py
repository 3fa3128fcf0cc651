"""Bot moves and hints computed off the event loop: in worker processes, or threads with 0 workers.

A worker gets the game id, options, the full state as JSON and the bot spec, rebuilds them,
and returns the chosen action's JSON; the server checks it is legal before playing it. One
room's slow bot therefore never holds up another room.

Bot moves and hints have separate budgets: moves run in `workers` processes, hints in their
own `hint_workers` processes at a lower OS priority, so a hint never waits in front of a bot
move nor takes its CPU. A pool whose worker died (`BrokenProcessPool`) is restarted, and the
work it lost is reported as `WorkerLost` so that the caller asks again; a bot that raises is
the caller's to handle and restarts nothing.

Every worker process watches the server: it holds the read end of a pipe whose only write end
is in the server process, and a thread exits the worker at once when that end closes, which
the kernel does when the server dies (even of kill -9) and the server does when it stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from tabletrip.core.actions import JsonDict
from tabletrip.core.content_set import Content
from tabletrip.core.game import Game, State
from tabletrip.core.registry import game_class
from tabletrip.core.rng import mix_seed
from tabletrip.server.hints import hint_for, hint_from_json
from tabletrip.sim.lineup import make_bot

log = logging.getLogger("tabletrip.server")

T = TypeVar("T")
OwnContent = tuple[str, str] | None  # a room's own content: (hash, `Content.to_json` text)

THREADS = 2  # threads computing bot moves when there are no worker processes
HINT_NICENESS = 10  # how much lower than the server's the hint workers' OS priority is


class WorkerLost(Exception):
    """The work was lost with its worker (its pool broke and was restarted): ask again."""


def bot_seed(room_seed: int, seat: int, version: int) -> int:
    """The seed of the bot deciding at `version` for `seat`: reproducible, fresh each move."""
    return mix_seed("server-bot", room_seed, seat, version)


# (game, players, options, content hash) -> the game, in a worker; own content is validated
# once per worker, not once per move.
_GAMES: dict[tuple[str, int, str, str | None], Game] = {}
MAX_GAMES = 64


def worker_game(game_id: str, players: int, options_json: str, content: OwnContent) -> Game:
    """In a worker: the game a state belongs to, with the room's own content if it has some
    (`content`: its hash and its `Content.to_json` text), made once per worker."""
    key = (game_id, players, options_json, None if content is None else content[0])
    game = _GAMES.get(key)
    if game is None:
        own = None if content is None else Content.from_json(json.loads(content[1]))
        game = game_class(game_id).from_options(players, json.loads(options_json), own)
        if len(_GAMES) >= MAX_GAMES:
            _GAMES.pop(next(iter(_GAMES)))
        _GAMES[key] = game
    return game


def choose_from_json(
    game_id: str,
    players: int,
    options_json: str,
    content: OwnContent,
    state_json: JsonDict,
    spec: str,
    seed: int,
) -> JsonDict:
    """In a worker: rebuild the state and the bot, and return the chosen action's JSON."""
    import tabletrip  # noqa: F401  (registers the games in a fresh worker process)

    state = worker_game(game_id, players, options_json, content).load(state_json)
    return make_bot(spec, game_id, seed).act(state).to_json()


def choose_on_copy(state: State, spec: str, seed: int) -> JsonDict:
    """In a thread: the bot chooses on a copy of the state."""
    return make_bot(spec, state.game.id, seed).act(state).to_json()


def _watch_server(alive: Connection) -> None:
    """In a worker: wait until the server's end of the `alive` pipe closes, then exit now."""
    with contextlib.suppress(EOFError, OSError):
        alive.recv_bytes()
    os._exit(0)  # no cleanup to wait for: the server that wanted the answer is gone


def start_worker(alive: Connection, niceness: int) -> None:
    """The initializer of every worker process: lower its priority, start its watchdog."""
    if niceness:
        os.nice(niceness)
        # On Linux, better still: run only when no other process wants the CPU.
        with contextlib.suppress(AttributeError, OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    watchdog = threading.Thread(
        target=_watch_server, args=(alive,), name="tabletrip-watchdog", daemon=True
    )
    watchdog.start()


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["tabletrip", "tabletrip.server.botpool"])
        return context
    return multiprocessing.get_context("spawn")


class Workers:
    """One budget of workers (`size` processes, or threads): restarted when a process dies."""

    def __init__(self, name: str, size: int, processes: bool, niceness: int = 0) -> None:
        self.name = name
        self.size = max(1, size)
        self.processes = processes
        self.niceness = niceness
        self._closed = False
        self._alive: tuple[Connection, Connection] | None = None
        self._executor = self._start()

    def _start(self) -> Executor:
        if not self.processes:
            return ThreadPoolExecutor(
                max_workers=self.size, thread_name_prefix=f"tabletrip-{self.name}"
            )
        reader, writer = multiprocessing.Pipe(duplex=False)
        self._alive = (reader, writer)
        return ProcessPoolExecutor(
            max_workers=self.size,
            mp_context=_context(),
            initializer=start_worker,
            initargs=(reader, self.niceness),
        )

    async def run(self, call: Callable[[], T]) -> T:
        """`call()` in a worker; WorkerLost if the worker died (the pool is then restarted)."""
        if self._closed:
            raise WorkerLost(f"the {self.name} workers are stopped")
        executor = self._executor
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, call)
        except BrokenProcessPool:
            self._restart(executor)
            raise WorkerLost(f"a {self.name} worker died") from None
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # the caller was cancelled
            # The executor cancelled the call (it was shut down while the call waited).
            raise WorkerLost(f"the {self.name} workers were stopped") from None

    def _restart(self, broken: Executor) -> None:
        """Replace `broken` by a new pool, unless that was done already or the pool is closed."""
        if self._closed or broken is not self._executor:
            return
        log.warning("a %s worker process died: its pool is restarted", self.name)
        self._signal_stop()
        broken.shutdown(wait=False, cancel_futures=True)
        self._executor = self._start()

    def _signal_stop(self) -> None:
        """Close the server's end of the alive pipe: every worker process exits at once."""
        if self._alive is not None:
            for end in self._alive:
                end.close()
            self._alive = None

    async def close(self) -> None:
        """Stop the workers now (a move or hint being computed is abandoned) and wait until
        the worker processes have ended."""
        self._closed = True
        self._signal_stop()
        executor = self._executor
        if not self.processes:
            executor.shutdown(wait=False, cancel_futures=True)  # a thread ends with its call
            return
        await asyncio.to_thread(functools.partial(executor.shutdown, True, cancel_futures=True))


def _state_call(
    worker: Callable[..., JsonDict], state: State, *args: Any
) -> Callable[[], JsonDict]:
    """A call of a worker function on `state` sent as JSON, with the game's id, options and
    own content (None for the shipped content)."""
    game = state.game
    options = json.dumps(game.options, sort_keys=True)
    content = own_content(game)
    return functools.partial(
        worker, game.id, game.players, options, content, state.to_json(), *args
    )


def own_content(game: Game) -> OwnContent:
    """What a worker needs to make a game of own content: its hash and its stored JSON."""
    if game.content.builtin:
        return None
    return game.content.hash, json.dumps(game.content.to_json(), separators=(",", ":"))


class BotPool:
    """Where bot moves (`workers` processes, or 2 threads when `workers` is 0) and hints
    (`hint_workers` of the same kind, at a lower priority) are computed."""

    def __init__(self, workers: int, hint_workers: int = 1) -> None:
        self.processes = workers > 0
        self.moves = Workers("bot", workers if self.processes else THREADS, self.processes)
        self.hints = Workers("hint", hint_workers, self.processes, HINT_NICENESS)

    async def choose(self, state: State, spec: str, seed: int) -> JsonDict:
        """The action JSON the bot `spec` chooses for the player to move in `state`."""
        if not self.processes:
            return await self.moves.run(
                functools.partial(choose_on_copy, state.clone(), spec, seed)
            )
        return await self.moves.run(_state_call(choose_from_json, state, spec, seed))

    async def hint(self, state: State, seed: int) -> JsonDict:
        """The hard bot's top moves for the player to move in `state` (see hints.hint_for)."""
        if not self.processes:
            return await self.hints.run(functools.partial(hint_for, state.clone(), seed))
        return await self.hints.run(_state_call(hint_from_json, state, seed))

    async def close(self) -> None:
        """Stop every worker (what they compute is abandoned) and wait until they have ended."""
        await asyncio.gather(self.moves.close(), self.hints.close())
