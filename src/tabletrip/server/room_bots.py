"""RoomBots: the bot moves and the hints of every room, computed in the bot pool.

A room whose seat to move is a bot's gets one task that asks the pool for the move and plays
it through the manager like any player's move. A move lost with its worker (the pool broke and
was restarted) is asked for again; a bot that raises is tried again a few times, then the
room plays the first legal move for it, so that no room stops with a bot to move.

A hint is the hard bot's search for a seat that asks, computed once per version, in the pool's
own hint workers (never in front of a bot move): one search at a time per seat, at most
`Settings.hint_quota` per seat in `hint_quota_seconds`, and at most `hint_queue` running or
waiting in the whole server.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from tabletrip.core.actions import JsonDict
from tabletrip.core.game import State
from tabletrip.server.botpool import BotPool, WorkerLost, bot_seed
from tabletrip.server.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    ServerError,
    TooManyRequests,
    Unavailable,
)
from tabletrip.server.hint_budget import HintQuota, HintsBusy
from tabletrip.server.hints import hint_seed
from tabletrip.server.rooms import PLAYING, Room

if TYPE_CHECKING:
    from tabletrip.server.manager import RoomManager

log = logging.getLogger("tabletrip.server")

BOT_RETRY_SECONDS = 2.0  # after a bot failed to move (it raised, a worker died), wait this long
BOT_ATTEMPTS = 3  # a bot that raises this many times at one version: its room plays for it
SEARCHING_RETRY_SECONDS = 1  # Retry-After while the seat's previous hint is being searched

HintKey = tuple[str, int]  # (room id, seat)


class RoomBots:
    """The bot pool, one bot task per room whose bot is to move, and the hints asked for."""

    def __init__(self, manager: RoomManager) -> None:
        self.manager = manager
        self._pool: BotPool | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._failures: dict[str, tuple[int, int]] = {}  # room id: (version, failed attempts)
        # The hint search running or waiting for each seat that asked: (version, search).
        self._searches: dict[HintKey, tuple[int, asyncio.Task[JsonDict]]] = {}
        settings = manager.settings
        self._quota = HintQuota(settings.hint_quota, settings.hint_quota_seconds)

    def start(self) -> None:
        """Start the pool (bots are scheduled from now on)."""
        settings = self.manager.settings
        self._pool = BotPool(settings.bot_workers, settings.hint_workers)

    async def close(self) -> None:
        """Cancel the bot tasks and hint searches, stop the workers and wait until they end."""
        tasks: list[asyncio.Task[Any]] = [*self._tasks.values()]
        tasks += [search for _version, search in self._searches.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    # --- bot moves -----------------------------------------------------------------------------

    def schedule(self, room: Room) -> None:
        """Let the room's bot move, if a bot is to move and no task already does."""
        if room.id in self._tasks or room.bot_to_move() is None or self._pool is None:
            return
        self._tasks[room.id] = asyncio.get_running_loop().create_task(self._turn(room))

    async def _turn(self, room: Room) -> None:
        try:
            again = await self._move(room)
        except Exception:  # never leave a room with a bot to move and no task
            log.exception("the bot move of room %s failed", room.id)
            await asyncio.sleep(BOT_RETRY_SECONDS)
            again = True
        finally:
            del self._tasks[room.id]
        if again:
            self.schedule(room)

    async def _move(self, room: Room) -> bool:
        """Compute and play one bot move; whether to schedule the room again."""
        seat = room.bot_to_move()
        if seat is None or self._pool is None:
            return False
        version = room.version
        if not await self.manager.claim_bot_turn(room, version):
            return False  # another server plays it; this one hears of the move when it is made
        spec = room.seats[seat].bot or "random"
        try:
            action = await self._pool.choose(room.state, spec, bot_seed(room.seed, seat, version))
        except WorkerLost as exc:
            log.warning("the bot move of room %s is asked again: %s", room.id, exc)
            await asyncio.sleep(BOT_RETRY_SECONDS)
            return True
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot %s of room %s seat %s failed", spec, room.id, seat)
            if self._failed(room.id, version) < BOT_ATTEMPTS:
                await asyncio.sleep(BOT_RETRY_SECONDS)
                return True
            log.error("the bot %s of room %s keeps failing: it plays the first move", spec, room.id)
            action = room.state.legal_actions()[0].to_json()
        self._failures.pop(room.id, None)
        if room.version != version:
            return True  # the room moved on (an undo): decide again
        try:
            await self.manager.act(room, seat, action, version)
        except BadRequest as exc:
            log.error("the bot %s of room %s chose an illegal move (%s)", spec, room.id, exc)
            fallback = room.state.legal_actions()[0].to_json()
            await self.manager.act(room, seat, fallback, version)
        except Unavailable:
            await asyncio.sleep(BOT_RETRY_SECONDS)
        except Conflict:
            return True  # another server played this version first: decide again
        except ServerError as exc:
            log.error("the bot %s of room %s cannot move: %s", spec, room.id, exc)
            return False
        return True

    def _failed(self, room_id: str, version: int) -> int:
        """Count a failed attempt of the room's bot at `version`; the attempts failed so far."""
        last, count = self._failures.get(room_id, (version, 0))
        count = count + 1 if last == version else 1
        self._failures[room_id] = (version, count)
        return count

    # --- hints ---------------------------------------------------------------------------------

    async def hint(self, room: Room, seat: int) -> JsonDict:
        """The hard bot's advice for `seat`, which must be to move; computed once per version
        (asking again, or twice at once, waits for the same search and uses no quota)."""
        if room.status != PLAYING:
            raise Conflict("hints are for a game in play")
        if room.current_player != seat:
            raise Forbidden(
                f"it is seat {room.current_player}'s turn: hints are for the seat to move"
            )
        version = room.version
        answered = room.recall(("hint", seat))  # kept with the room's current version
        if answered is not None:
            return answered
        key = (room.id, seat)
        running = self._searches.get(key)
        if running is not None and running[0] == version:
            search = running[1]
        else:
            search = self._start_search(room, seat, version, running is not None)
        try:
            answer = await asyncio.shield(search)
        except asyncio.CancelledError:
            raise
        except WorkerLost:
            raise Unavailable("the hint search was lost (its worker stopped): ask again") from None
        except Exception:
            log.exception("the hint search of room %s seat %s failed", room.id, seat)
            raise Unavailable("the hint could not be computed now: try again") from None
        return answer

    def _start_search(
        self, room: Room, seat: int, version: int, searching: bool
    ) -> asyncio.Task[JsonDict]:
        """Start the hint search for `seat` at `version`, if the seat, the server and the
        quota allow it (each refusal is one line, and uses no quota)."""
        if searching:
            raise TooManyRequests(
                f"the hint seat {seat} asked for before its last move is still being searched: "
                "ask again when it is done (one search at a time per seat)",
                SEARCHING_RETRY_SECONDS,
            )
        settings = self.manager.settings
        if len(self._searches) >= settings.hint_queue:
            raise HintsBusy(
                f"the server is computing {settings.hint_queue} hints already: ask again in a "
                "few seconds"
            )
        assert self._pool is not None
        key = (room.id, seat)
        self._quota.take(key, f"seat {seat}")
        seed = hint_seed(room.seed, seat, version)
        search = asyncio.ensure_future(self._search(room, room.state, seat, version, seed))
        self._searches[key] = (version, search)
        search.add_done_callback(lambda done: self._search_done(key, done))
        return search

    async def _search(
        self, room: Room, state: State, seat: int, version: int, seed: int
    ) -> JsonDict:
        """One hint search on `state` (the room's at `version`), kept with the room while it
        is still at that version."""
        assert self._pool is not None
        answer = {"version": version, "seat": seat, **await self._pool.hint(state, seed)}
        room.remember(("hint", seat), version, answer)
        return answer

    def _search_done(self, key: HintKey, search: asyncio.Task[JsonDict]) -> None:
        running = self._searches.get(key)
        if running is not None and running[1] is search:
            del self._searches[key]
        if search.cancelled() or search.exception() is not None:
            self._quota.give_back(key)  # no answer came of it: it counts for nothing

    # --- for the room cache --------------------------------------------------------------------

    def busy(self, room_id: str) -> bool:
        """Whether a bot move or a hint search of this room is under way (it stays loaded)."""
        return room_id in self._tasks or any(key[0] == room_id for key in self._searches)
