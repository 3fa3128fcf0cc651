"""Bot moves computed off the event loop: in worker processes, or threads with 0 workers.

A worker gets the game id, options, the full state as JSON and the bot spec, rebuilds them,
and returns the chosen action's JSON; the server checks it is legal before playing it. One
room's slow bot therefore never holds up another room.
"""

from __future__ import annotations

import asyncio
import functools
import json
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from tabletrip.core.actions import JsonDict
from tabletrip.core.game import Game, State
from tabletrip.core.registry import game_class
from tabletrip.core.rng import mix_seed
from tabletrip.server.hints import hint_for, hint_from_json
from tabletrip.sim.lineup import make_bot


def bot_seed(room_seed: int, seat: int, version: int) -> int:
    """The seed of the bot deciding at `version` for `seat`: reproducible, fresh each move."""
    return mix_seed("server-bot", room_seed, seat, version)


@functools.lru_cache(maxsize=64)
def _game(game_id: str, players: int, options_json: str) -> Game:
    return game_class(game_id).from_options(players, json.loads(options_json))


def choose_from_json(
    game_id: str, players: int, options_json: str, state_json: JsonDict, spec: str, seed: int
) -> JsonDict:
    """In a worker: rebuild the state and the bot, and return the chosen action's JSON."""
    import tabletrip  # noqa: F401  (registers the games in a fresh worker process)

    state = _game(game_id, players, options_json).load(state_json)
    return make_bot(spec, game_id, seed).act(state).to_json()


def choose_on_copy(state: State, spec: str, seed: int) -> JsonDict:
    """In a thread: the bot chooses on a copy of the state."""
    return make_bot(spec, state.game.id, seed).act(state).to_json()


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["tabletrip", "tabletrip.server.botpool"])
        return context
    return multiprocessing.get_context("spawn")


class BotPool:
    """Where bot moves are computed: `workers` processes, or 2 threads when `workers` is 0."""

    def __init__(self, workers: int) -> None:
        self.processes = workers > 0
        self._executor: Executor = (
            ProcessPoolExecutor(max_workers=workers, mp_context=_context())
            if self.processes
            else ThreadPoolExecutor(max_workers=2, thread_name_prefix="tabletrip-bot")
        )

    async def choose(self, state: State, spec: str, seed: int) -> JsonDict:
        """The action JSON the bot `spec` chooses for the player to move in `state`."""
        loop = asyncio.get_running_loop()
        if not self.processes:
            call = functools.partial(choose_on_copy, state.clone(), spec, seed)
        else:
            game = state.game
            call = functools.partial(
                choose_from_json,
                game.id,
                game.players,
                json.dumps(game.options, sort_keys=True),
                state.to_json(),
                spec,
                seed,
            )
        return await loop.run_in_executor(self._executor, call)

    async def hint(self, state: State, seed: int) -> JsonDict:
        """The hard bot's top moves for the player to move in `state` (see hints.hint_for)."""
        loop = asyncio.get_running_loop()
        if not self.processes:
            call = functools.partial(hint_for, state.clone(), seed)
        else:
            game = state.game
            call = functools.partial(
                hint_from_json,
                game.id,
                game.players,
                json.dumps(game.options, sort_keys=True),
                state.to_json(),
                seed,
            )
        return await loop.run_in_executor(self._executor, call)

    def close(self) -> None:
        """Stop taking work; moves being computed are abandoned."""
        self._executor.shutdown(wait=False, cancel_futures=True)
